"""Things of before and now said by their modifiers ("my old bike was a Gazelle", "the new
one is a Pixel": memory/nlp/frames.py), and where a thing comes from ("a golden from a
breeder in Kuşadası": memory/pipeline/origin.py). Sentences written for these tests,
through the real chat entry point and the real parser."""


def test_my_old_bike_is_the_bike_of_before(chat):
    chat.tell(
        "bought a road bike, a Canyon. my old bike was a rusty Gazelle that my sister uses now"
    )
    answer = chat.ask("What was my old bike?")
    assert "Gazelle" in answer and "Canyon" not in answer


def test_the_new_one_takes_the_role_said_before_it(chat):
    chat.tell("my previous landlord was Mr Okafor, the new one is Mrs Lund. she seems strict")
    answer = chat.ask("Who is my landlord?")
    assert "Lund" in answer and "Okafor" not in answer
    assert "Okafor" in chat.ask("Who was my landlord before?")


def test_an_old_friend_is_still_a_friend(chat):
    chat.tell("my old friend Priya is visiting from Pune next week")
    assert "Priya" in chat.ask("Who is my friend?")


def test_where_a_thing_comes_from_is_its_from_phrase(chat):
    chat.tell(
        "my husband Emre and i are finally getting a dog!! a golden from a breeder in "
        "Kuşadası, picking her up next weekend"
    )
    chat.tell("work is busy, the Bornova project is late again")
    answer = chat.ask("Where are we getting the dog from?")
    assert "Kuşadası" in answer and "Bornova" not in answer


def test_where_from_takes_the_newest_telling(chat):
    chat.tell_on("2025-02-01", "ordering a sofa from a shop in Leith, a green one")
    chat.tell_on("2025-02-09", "cancelled that, got the sofa from a guy in Portobello instead")
    assert "Portobello" in chat.ask("where did I get the sofa from?")


def test_which_neighbourhood_a_thing_is_in_is_its_newest_place(chat):
    chat.tell("i'm the sommelier at a little natural wine bar in Sololaki")
    chat.tell("my bad, the wine bar is in Vake, not Sololaki. i live in Sololaki, that's why")
    answer = chat.ask("Which neighbourhood is the wine bar in?")
    assert "Vake" in answer and "Sololaki" not in answer


def test_a_street_put_right_whole_replaces_the_street(chat):
    chat.tell("our new flat is on Castle St, tiny but warm")
    chat.tell("sorry, the flat is on Leith St, Castle St is where my cousin lives")
    answer = chat.ask("What street is my flat on?")
    assert "Leith" in answer and "Castle" not in answer

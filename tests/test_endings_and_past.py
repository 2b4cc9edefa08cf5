"""What ended and what was only ever in the past: an ending verb ("gave up on", "dropped out
of", "retired from", "broke up") ends the value whatever slot held it, and a state said of the
past ("used to", "moved from", "until 2021") is stored false from the start, with its audit.
Through the real chat entry point, real database."""

from memory.models import Fact, MemoryEdit


def test_giving_up_on_something_ends_doing_it(chat):
    chat.tell("I play the cello in a community orchestra.", "honestly I gave up on the cello")
    assert chat.ask("do I still play the cello?").startswith("No")


def test_dropping_out_of_a_degree_ends_studying_its_subject(chat):
    chat.tell(
        "My cousin Afonso is studying medicine in Porto.",
        "Afonso dropped out of his medicine degree, he wants to be a pilot",
    )
    assert chat.ask("is Afonso still studying medicine?").startswith("No")


def test_retiring_from_a_place_ends_working_there(chat):
    chat.tell("My aunt Odete works at the post office.", "Odete retired from the post office")
    assert chat.ask("does Odete still work at the post office?").startswith("No")


def test_breaking_up_ends_the_partner_role(chat):
    chat.tell("My boyfriend Nuno is a chef.", "Nuno and I broke up in June, it was mutual")
    assert chat.ask("am I still with Nuno?").startswith("No")


def test_a_bare_verb_opening_a_statement_is_the_users_past(chat):
    chat.tell("I'm a member of the rowing club.", "quit the rowing club, too early in the morning")
    assert chat.ask("am I still a member of the rowing club?").startswith("No")


def test_finishing_in_progress_is_not_an_ending(chat):
    chat.tell("My sister Leonor is doing a PhD in chemistry.", "Leonor is finishing her PhD")
    assert chat.ask("is Leonor still doing her PhD?").startswith("Yes")


def test_used_to_is_stored_as_over_and_answers_before(chat, alice):
    chat.tell("I'm a teacher in Braga. I used to live in Viseu until 2020.")
    assert chat.ask("Where did I live before?").startswith("Before that, you lived in Viseu.")
    viseu = Fact.objects.get(user=alice, object="Viseu")
    assert not viseu.is_true
    steps = list(
        MemoryEdit.objects.filter(fact=viseu).order_by("pk").values_list("step", flat=True)
    )
    assert steps == ["erase.add", "erase.past"]


def test_a_past_state_does_not_retire_the_current_one(chat):
    chat.tell("I live in Faro.", "I used to live in Évora as a student.")
    assert chat.ask("Where do I live?") == "You live in Faro."


def test_moving_from_a_place_makes_it_the_earlier_home(chat):
    chat.tell("We live in Almada.", "we moved from Almada to Sintra last month")
    assert chat.ask("where did we live before Sintra?") == "You lived in Almada before Sintra."


def test_an_earlier_value_no_slot_holds_is_the_closest_statement_of_that_kind(chat):
    chat.tell(
        "I did my PhD in Gdańsk and stayed on for ten years as a lecturer",
        "these days I'm in Toronto, new life lol",
    )
    answer = chat.ask("where did I live before Toronto?")
    # (the answer may name the anchor, "... before Toronto", but after the value)
    toronto = answer.find("Toronto")
    assert "Gdańsk" in answer and (toronto < 0 or answer.index("Gdańsk") < toronto), answer


def test_nothing_related_before_is_still_not_known(chat):
    chat.tell("I adopted a tortoise called Gaspar.")
    assert "know" in chat.ask("where did I live before Toronto?")


def test_a_planned_thing_asked_with_yet_has_not_happened(chat):
    chat.tell("booked my driving test for june, so nervous")
    assert chat.ask("have I passed my driving test yet?").startswith("No, not yet")


def test_a_plan_followed_by_its_doing_has_happened(chat):
    chat.tell(
        "I'm going to start a pottery course in May", "started my pottery course last week, love it"
    )
    assert chat.ask("have I started pottery yet?").startswith("Yes")


def test_someone_moving_out_leaves_the_set_they_were_in(chat):
    chat.tell(
        "my housemates are Kwesi and Lotte, we share a big old house in Leith",
        "Lotte moved out to live with her boyfriend",
    )
    assert chat.ask("is Lotte still my housemate?").startswith("No")
    assert chat.ask("who are my housemates now?") == "Your housemate is Kwesi."


def test_moving_out_next_spring_ends_nothing_yet(chat):
    chat.tell("my neighbour is Clara, lovely woman", "Clara is moving out next spring")
    assert chat.ask("is Clara still my neighbour?").startswith("Yes")


def test_living_with_someone_is_not_living_in_them(chat, alice):
    chat.tell("my sister Jana lives with her boyfriend Tomas")
    assert not Fact.objects.filter(user=alice, relation="lives_in").exists()


def test_trading_something_in_ends_having_it_and_gives_the_new_one(chat):
    chat.tell("I drive an old Peugeot 206", "traded the Peugeot for a used Skoda Fabia")
    assert chat.ask("do I still have the Peugeot?").startswith("No")
    assert chat.ask("do I have a Skoda Fabia?").startswith("Yes")


def test_stopping_an_activity_ends_it_but_stopping_somewhere_does_not(chat, alice):
    chat.tell("My nephew Tobiasz plays the trumpet.", "Tobiasz stopped trumpet after the summer")
    assert chat.ask("does Tobiasz still play the trumpet?").startswith("No")
    chat.tell("I go to the climbing wall on Fridays.", "I stopped at the bakery on the way home")
    ended = Fact.objects.filter(user=alice, relation__startswith="not:")
    assert list(ended.values_list("object", flat=True)) == ["trumpet"]


def test_a_state_only_planned_is_not_yet_so_without_asking_yet(chat):
    chat.tell("Oskar and I are getting married in September!! still can't believe it")
    assert chat.ask("am I married?").startswith("No, not yet")


def test_what_was_traded_in_is_what_came_before(chat):
    chat.tell("traded my old Yamaha scooter for a Vespa this weekend, so happy")
    assert "Yamaha" in chat.ask("what did I have before the Vespa?")

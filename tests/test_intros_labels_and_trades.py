"""How people open a chat and tell news in it: an age before the job ("priya, 41, midwife at
..."), a hello in their own language, "im" without its apostrophe, a label before a colon
("big news: got the job"), a town typed in lower case, a pet named by "calling him ...", and
what someone does told by what they do every day ("drives a tram"). Sentences written for
these tests, through the real chat entry point and the real parser."""


def test_an_age_before_the_job_keeps_the_job_and_where_it_is(chat):
    chat.tell("hiya. priya, 41, midwife at the royal infirmary in dundee, mostly nights")
    assert "royal infirmary" in chat.ask("Where do I work?").lower()
    assert "41" in chat.ask("How old am I?")


def test_a_hello_word_alone_is_no_name(chat):
    chat.tell("ahoj. so im tomas, 29, welder at a shipyard in gdynia")
    answer = chat.ask("What's my name?")
    assert "Tomas" in answer and "Ahoj" not in answer


def test_a_label_before_a_colon_is_not_who_did_it(chat):
    chat.tell("i work at a call centre in Leeds")
    chat.tell("big news: got the job at the harbour office, start monday")
    facts = chat.facts()
    assert not any(subject.startswith("big news") for subject, _, _ in facts)
    assert (chat.user.username, "works_for", "harbour office") in facts


def test_a_town_typed_in_lower_case_after_to_is_a_place(chat):
    chat.tell("moved to szombathely last month, closer to my parents")
    assert "Szombathely" in chat.ask("Where do I live now?")


def test_a_pet_named_while_it_is_told_of(chat):
    chat.tell("got a kitten from the shelter, calling him biscuit")
    chat.tell("got a puppy!! a little boy called otto, from a farm near Kells")
    assert "Biscuit" in chat.ask("What's my kitten called?")
    assert "Otto" in chat.ask("What's our puppy called?")


def test_a_breakup_ends_being_with_someone(chat):
    chat.tell("my girlfriend dana is a baker in Cork")
    chat.tell("dana and i broke up last week. it was mutual, mostly")
    assert chat.ask("Am I still with Dana?").startswith("No")


def test_a_pet_gone_to_live_with_someone_else_is_no_longer_had(chat):
    chat.tell("we have two cats, Miso and Tofu")
    chat.tell("sad news, miso went to live with my aunt in the country, she fought with tofu")
    assert chat.ask("Do we still have Miso?").startswith("No")


def test_what_someone_does_is_the_trade_they_ply(chat):
    chat.tell("my sister Hana came over. her husband pavel drives a tram in Brno")
    assert "tram" in chat.ask("What does Pavel do for a living?")


def test_a_habit_is_no_job(chat):
    chat.tell("my friend Ola swears by her old bike, rides it everywhere")
    assert chat.ask("What does Ola do for work?") == "I don't know."


def test_an_adjective_is_no_job(chat):
    chat.tell("met my sister's new boyfriend Tom last night, he's decent")
    assert "decent" not in chat.ask("What does Tom do?")


def test_the_genre_of_a_group_is_the_word_that_describes_it(chat):
    chat.tell("starting a horror book club at the library next month, any first book ideas?")
    chat.tell("bought a new bike for the commute")
    assert "horror" in chat.ask("What genre is my book club?")
    assert chat.ask("What colour is my bike?") == "I don't know."


def test_where_one_worked_before_is_the_place_not_the_job(chat):
    chat.tell("hi, ana here, 33, vet at a small clinic near the river in Braga")
    chat.tell("new job!! started at the city zoo this week")
    answer = chat.ask("Where did I work before the zoo?")
    assert "clinic" in answer and "a vet" not in answer


def test_a_contraction_typed_without_its_apostrophe_is_read(chat):
    chat.tell("my brother Rui works at the bakery on the corner")
    chat.tell("rui doesnt work at the bakery anymore, hes at the post office now")
    assert chat.ask("Does Rui still work at the bakery?").startswith("No")


def test_a_word_with_an_owner_is_the_slot_asked(chat):
    chat.tell("my minor is history, the major is economics")
    chat.tell("changed my minor from history to mandarin last week")
    answer = chat.ask("What's my minor now?")
    assert "mandarin" in answer.lower() and "history" not in answer.lower()


def test_a_kitten_is_the_cat_asked_about(chat):
    chat.tell("adopted a kitten from the vet's, we're calling her pebble")
    assert "Pebble" in chat.ask("What's my cat called?")


def test_where_is_answered_by_a_place_not_a_subject(chat):
    chat.tell("hi! marta, 38, i teach maths at Colegio Fuenllana in Alcorcón")
    answer = chat.ask("Where do I teach?")
    assert "Fuenllana" in answer

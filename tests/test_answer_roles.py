"""A wh-word stands in one place of its clause (who did it, what was done, where, with whom),
and the answer is that place in the stored fact with the question's verb. Pronouns in the
statements were resolved when they were read, using the names' usual gender and never a
place. Through the real chat entry point, real database."""


def test_who_did_it_is_the_subject_of_the_clause_with_that_verb(chat):
    chat.tell("My cousin Irene and her husband Baptiste came for lunch, he repaired our fence.")
    assert chat.ask("who repaired the fence?") == "Baptiste did."


def test_who_did_it_matches_a_verb_said_in_other_words(chat):
    chat.tell("At the staff meeting Olu chose the venue for the summer party.")
    assert chat.ask("who picked the venue?") == "Olu did."


def test_she_means_the_woman_of_the_two_when_her_name_shows_it(chat):
    chat.tell("Margit and Henrik argued about the car, Henrik walked off and she laughed.")
    assert chat.ask("who laughed?") == "Margit did."


def test_who_is_somewhere_is_the_subject_placed_there(chat):
    chat.tell("My nephew Kwame moved in last week, he's in the attic room now.")
    assert chat.ask("who's in the attic room?") == "Kwame is."


def test_a_preposition_left_at_the_end_asks_its_object(chat):
    chat.tell("My brother Tariq says Lyon is lovely. He's renting a studio with two students.")
    assert chat.ask("Who does Tariq rent a studio with?") == "Two students."


def test_a_place_is_never_who_he_means(chat):
    chat.tell("My friend Joaquim says Oslo is expensive. He's buying a bike to save on buses.")
    assert chat.ask("What is Joaquim buying?") == "Bike."


def test_no_fact_with_the_asked_act_gives_no_invented_doer(chat):
    chat.tell("My sister Noor painted the kitchen yellow last weekend.")
    assert "Noor" not in chat.ask("who fixed the boiler?")


def test_a_weekly_habit_is_not_a_plan(chat):
    chat.tell("I'm learning Greek on Tuesdays with a tutor.")
    assert chat.ask("Am I learning Greek?").startswith("Yes")

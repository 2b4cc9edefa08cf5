"""Names typed in lower case after a role ("new apprentice aruzan": memory/nlp/casing.py),
a spelling put right ("typo earlier: aruzhan, with an h") that changes only the misspelled
value, and a slot once told with several values that keeps them (memory/pipeline/offline.py).
Sentences written for these tests, through the real chat entry point and the real parser."""


def test_a_lowercase_name_after_a_role_is_that_persons_name(chat):
    chat.tell("our new intern wiremu starts tomorrow, he's from Rotorua")
    assert "Wiremu" in chat.ask("What's my intern called?")


def test_a_spelling_put_right_keeps_the_other_values_of_the_slot(chat):
    chat.tell_on("2025-02-01", "took on two apprentices, dana and yerlan. dana is brilliant")
    chat.tell_on("2025-09-20", "yerlan left last week. new apprentice aruzan started monday")
    chat.tell_on("2025-09-20", "typo earlier: aruzhan, with an h. she'd be annoyed")
    answer = chat.ask("Who are my apprentices now?")
    assert "Aruzhan" in answer and "Dana" in answer
    assert "Yerlan" not in answer and "Aruzan " not in answer + " "


def test_a_letter_spelled_out_is_not_a_value_put_right(chat):
    chat.tell("my niece is called Zainab and she's mad about her chisel set")
    chat.tell("typo: zaynab, with a y")
    answer = chat.ask("What's my niece called?")
    assert "Zaynab" in answer and "Zainab" not in answer


def test_the_value_put_right_is_the_one_beside_the_thing_named(chat):
    chat.tell("projects now: a winery in Carmelo, a school in Pocitos and a beach house in Colonia")
    chat.tell("the winery is in Rocha actually, not Carmelo, I always mix those up")
    answer = chat.ask("Where is the winery project?")
    assert "Rocha" in answer and "Carmelo" not in answer
    assert "Colonia" in chat.ask("Where is the beach house?")


def test_a_number_put_right_changes_only_that_number(chat):
    chat.tell("got switched from route 14 to route 22, closer to the new house")
    chat.tell("typo lol, route 27 not 22")
    answer = chat.ask("What mail route am I on now?")
    assert "27" in answer and "22" not in answer

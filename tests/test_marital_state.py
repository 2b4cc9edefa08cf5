"""Married, engaged or neither (memory/pipeline/marital.py): the newest telling of a
person's state decides, a wedding to come is not a marriage yet, and someone else's
wedding says nothing of theirs. Sentences written for these tests, through the real chat
entry point and the real parser."""


def test_a_named_husband_means_married(chat):
    chat.tell("my sister Anouk is married, her husband is called Pieter")
    assert chat.ask("Is Anouk married?").startswith("Yes")


def test_isnt_married_means_no(chat):
    chat.tell("my brother Joost isn't married, he says he never will be")
    assert chat.ask("Is Joost married?").startswith("No")


def test_a_wedding_to_come_is_not_yet_a_marriage(chat):
    chat.tell("my cousin Femke is getting married in august, i'm a bridesmaid")
    answer = chat.ask("Is Femke married?")
    assert answer.startswith("No") and "august" in answer.lower()


def test_we_are_getting_married_answers_for_the_user_and_partner(chat):
    chat.tell("my girlfriend Linh and I met in Leeds years ago")
    chat.tell("we're getting married in october!! still can't believe it")
    assert chat.ask("Are Linh and I married?").startswith("No")
    assert chat.ask("Am I engaged?").startswith("Yes")


def test_someone_elses_wedding_says_nothing_of_a_friend(chat):
    chat.tell("my cousin Femke is getting married in august")
    chat.tell("my friend Lotte moved in with her boyfriend Bram")
    assert chat.ask("Is Lotte married?") == "I don't know."


def test_a_wedding_that_happened_makes_them_married(chat):
    chat.tell_on("2025-03-01", "my best friend Sanne is engaged to Rick")
    chat.tell_on("2025-09-14", "Sanne and Rick got married last weekend, what a party")
    assert chat.ask("Is Sanne married?").startswith("Yes")


def test_married_to_someone_asks_the_tie_not_the_state(chat):
    chat.tell("my sister Anouk is married, her husband is called Pieter")
    assert chat.ask("Is Anouk married to Pieter?").startswith("Yes")
    assert chat.ask("Is Anouk married to Joost?").startswith("No")

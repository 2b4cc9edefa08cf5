"""A first or real name asked of someone the user only ever called by title and surname,
or by a nickname: "I don't know", unless a message said another name beside theirs; and a
price of something never spoken of ("how much rent?"). Real parse, real database; the
sentences are written for these tests and are in no eval set."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_does_not_know_a_first_name_never_said(chat):
    chat.tell("The staff at present are Mrs Achterberg, who does the washes, and my son Tim.")
    chat.tell("Mrs Achterberg is off sick this week.")
    assert chat.ask("What is Mrs Achterberg's first name?") == "I don't know."


def test_it_does_not_know_a_nickname_s_real_name(chat):
    chat.tell("Band is lula on vocals, spud on bass, teo on keys.")
    chat.tell("spud missed practice again, his van broke down")
    assert chat.ask("What's Spud's real name?") == "I don't know."


def test_it_says_a_first_name_said_before_the_surname(chat):
    chat.tell("My new boss is Dr Ingrid Solberg, very calm.")
    chat.tell("Dr Solberg moved our standup to 9.")
    assert "Ingrid" in chat.ask("What is Dr Solberg's first name?")


def test_it_says_a_first_name_said_after_the_surname(chat):
    chat.tell("Our neighbour Mr Adeyemi, Tunde to his friends, fixed the fence.")
    assert "Tunde" in chat.ask("What is Mr Adeyemi's first name?")


def test_it_does_not_price_what_was_never_said(chat):
    chat.tell(
        "Picked up a 2011 mazda demio off trademe for 5k, cheap as. ana reckons it's a lemon."
    )
    assert chat.ask("How much rent do I pay?") == "I don't know."
    chat.tell("My rent is 950 a month.")
    assert "950" in chat.ask("How much rent do I pay?")

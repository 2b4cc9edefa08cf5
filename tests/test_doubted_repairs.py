"""Repairs told the ways people tell them: "X not Y" followed by why, an editing term that
is a sentence of its own, and the user doubting their own words ("I said 30? it's 35").
The sentences are not in any eval set."""

import pytest

from memory.models import Fact
from memory.nlp.repair import has_cue, repaired
from memory.nlp.routing import route


@pytest.mark.parametrize(
    ("text", "before", "wrong", "right"),
    [
        # the user asks about what they said, then says what they meant
        (
            "hm i said 30 a lesson? it's 35 since march",
            "swim lessons for Noor, 30 a lesson",
            "30",
            "35",
        ),
        (
            "btw i said ravi's a drummer? nope, bassist",
            "our band: me, Ravi (drummer), Ola (keys)",
            "drummer",
            "bassist",
        ),
        (
            "wait i wrote the clinic is in Ostend?? it's in Bruges",
            "found a new clinic in Ostend for my back",
            "Ostend",
            "Bruges",
        ),
    ],
)
def test_it_takes_back_what_the_user_doubts_having_said(db, text, before, wrong, right):
    assert has_cue(text)
    fixed = repaired(text, before=before)
    assert fixed is not None
    assert (fixed.wrong.lower(), fixed.right.lower()) == (wrong.lower(), right.lower())
    assert right.lower() in fixed.text.lower() and wrong.lower() not in fixed.text.lower()


def test_what_follows_x_not_y_is_why_not_another_repair(db):
    text = (
        "my dentist appointment is on the 9th of May with Dr Haas at the City Clinic. "
        "correction, I looked at the letter, it is Dr Voss not Dr Haas, Dr Haas retired in 2021."
    )
    fixed = repaired(text)
    assert fixed is not None and (fixed.wrong, fixed.right) == ("Dr Haas", "Dr Voss")
    # the date and the clinic stay as told
    assert "9th of May with Dr Voss at the City Clinic" in fixed.text


def test_an_editing_term_said_alone_repairs_the_next_sentence(db):
    fixed = repaired("I got the B1 certificate!! Oops. I mean B2, the B1 was last year.")
    assert fixed is not None and (fixed.wrong, fixed.right) == ("B1", "B2")
    assert fixed.text.startswith("I got the B2 certificate")


def test_a_repair_of_a_value_said_elsewhere_leaves_this_message_alone(db):
    # "osh" is not in this message: the repair is of an earlier one, not of "timur" here
    text = "oh i had lena wrong, she's not from Graz, she's from Linz. graz is her sister"
    assert repaired(text) is None
    fixed = repaired(text, before="new flatmate today, Lena, from Graz")
    assert fixed is not None and "Linz" in fixed.text


@pytest.mark.parametrize(
    "text",
    [
        "I said hi to Marek at the bakery, he looked tired",
        "my mum said the garden is ready for spring?",
        "I told her it's fine",
    ],
)
def test_saying_is_not_doubting(db, text):
    assert repaired(text, before="Marek works at the bakery, the garden is ready") is None


def test_a_not_that_opens_the_message_repairs_the_one_before(db):
    fixed = repaired(
        "ok not thursday, it's friday the 9th. the flyer is wrong too",
        before="quiz night at Bar Nero, thursday the 8th",
    )
    assert fixed is not None and (fixed.wrong.lower(), fixed.right.lower()) == (
        "thursday",
        "friday",
    )
    assert fixed.text.lower().startswith("quiz night at bar nero, friday")


def test_the_doubted_words_are_not_stored_as_news(chat, alice):
    chat.tell(
        "new client: a pottery studio in Graz wants a logo, first logo in months",
        "wait i said the pottery studio is in graz?? it's in Linz. graz is where my aunt lives",
    )
    true = Fact.objects.filter(user=alice, is_true=True)
    assert not true.filter(object__iexact="Graz", subject__icontains="studio").exists()
    answer = chat.ask("where is the pottery studio?")
    assert "graz" not in answer.lower(), answer


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("wait i said the dentist is on monday?? it's tuesday", "update"),
        ("hm, i wrote 12 kids? 14 kids, sorry", "update"),
        ("did i say i moved to Porto?", "question"),
        ("what did i say about the dentist?", "question"),
    ],
)
def test_words_the_user_doubts_are_told_not_asked(text, kind):
    assert route(text).kind == kind

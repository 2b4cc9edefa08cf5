"""Self-repair: a value typed, an editing term ("sorry", "I mean", "wait no", "typo", "*"),
and the value meant. The repair replaces what it stands for, in the same message or in one
said before; the wrong value was never true. The sentences below are not in any eval set."""

import pytest

from memory.models import Fact, FactTruth, MemoryEdit
from memory.nlp.repair import repaired


@pytest.mark.parametrize(
    ("text", "wrong", "right"),
    [
        ("the party is on friday... sorry, saturday not friday", "friday", "saturday"),
        ("we pay 1200 a month, wait no, it's 1250, I misread the letter", "1200", "1250"),
        ("my niece turned 4, oops I mean 5, time flies", "4", "5"),
        ("she's a nurse... scratch that, she's a midwife", "nurse", "midwife"),
        ("the office is on the 2nd floor — no wait, the 6th floor", "2nd floor", "6th floor"),
        ("I met Jakob at the gym, ugh autocorrect, I meant Jakub", "Jakob", "Jakub"),
    ],
)
def test_it_puts_right_what_a_message_repairs_of_itself(db, text, wrong, right):
    fixed = repaired(text)
    assert fixed is not None
    assert (fixed.wrong.lower(), fixed.right.lower()) == (wrong.lower(), right.lower())
    assert right.lower() in fixed.text.lower() and wrong.lower() not in fixed.text.lower()


def test_it_puts_right_the_message_before(db):
    fixed = repaired("*mondays. tuesday is choir", before="yoga classes are on wednesdays")
    assert fixed is not None
    assert fixed.text == "yoga classes are on mondays"


def test_it_changes_the_number_said_of_whom_the_repair_names(db):
    fixed = repaired("the twins are 6 and lucas is 9. sorry, meant 10 for lucas")
    assert fixed is not None and (fixed.wrong, fixed.right) == ("9", "10")


@pytest.mark.parametrize(
    "text",
    [
        "I actually danced in the kitchen last night",
        "sorry, I'm late today, the bus broke down",
        "ok I caved, I'm eating fish again. pescatarian, not vegan",
        "I have no idea, sorry, what do you think?",
    ],
)
def test_it_repairs_nothing_without_a_value_to_put_right(db, text):
    assert repaired(text) is None


def test_a_repair_in_the_same_message_stores_only_the_value_meant(chat, alice):
    chat.tell("book club moved, we now meet on tuesdays... sorry, thursdays not tuesdays")
    assert "thursday" in chat.ask("when does my book club meet?").lower()
    assert not Fact.objects.filter(user=alice, text__icontains="tuesday").exists()


def test_a_repair_of_an_earlier_message_retracts_the_wrong_value(chat, alice):
    chat.tell("my new flatmate is called Ottilie, she's a baker", "typo earlier: Ottilia")
    assert "Ottilia" in chat.ask("what's my flatmate's name?")
    wrong = Fact.objects.get(user=alice, object="Ottilie")
    assert not wrong.is_true
    # never true: its history says it was retracted, by the correcting message's step
    assert FactTruth.objects.filter(fact=wrong).exists()
    edit = MemoryEdit.objects.filter(fact=wrong, step="erase.correct").get()
    assert "Ottilia" in edit.cause_message.text


def test_a_repair_of_a_number_with_its_unit_keeps_the_unit(chat, alice):
    chat.tell("our new flat has 3 bedrooms and a tiny balcony")
    chat.tell("let me rephrase, 4 bedrooms, the box room counts")
    assert "4" in chat.ask("how many bedrooms does our flat have?")


@pytest.mark.parametrize(
    ("text", "before", "wrong", "right"),
    [
        (
            "1100 not 1150. still outrageous",
            "the rent goes from 900 to 1150 in May",
            "1150",
            "1100",
        ),
        ("Braga not Porto", "my brother lives in Porto", "Porto", "Braga"),
    ],
)
def test_a_value_set_against_the_one_said_before_puts_it_right(db, text, before, wrong, right):
    fixed = repaired(text, before)
    assert fixed is not None and (fixed.wrong, fixed.right) == (wrong, right)
    assert right in fixed.text and wrong not in fixed.text


def test_not_in_a_sentence_with_a_verb_is_no_repair(db):
    from memory.nlp.repair import has_cue

    assert not has_cue("I'm not happy about the rent")
    assert not has_cue("not bad at all")


def test_a_sentence_put_right_later_is_said_back_as_put_right(chat):
    chat.tell("I manage a guesthouse in Tavira, 9 rooms, the owner lives in Lisbon")
    chat.tell("no wait, that was wrong, it's 11 rooms. we opened two in the attic")
    answer = chat.ask("How many rooms does the guesthouse have?")
    assert "11" in answer and "9 rooms" not in answer

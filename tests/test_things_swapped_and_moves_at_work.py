"""Things got rid of and swapped ("it" for the thing named before), model names typed with a
hyphen, and moves at work that are no move of home. Real parse, real database; the sentences
are written for these tests and are in no eval set."""

import pytest

from tests.helpers import said, triplets

pytestmark = pytest.mark.django_db(transaction=True)


def negated(text: str) -> set[str]:
    return {obj for _s, _r, obj, neg in said(text) if neg}


def test_what_one_got_rid_of_is_no_longer_had(db):
    assert "canon" in {o.lower() for o in negated("got rid of the canon!! sold it to a student")}


def test_a_model_typed_with_a_hyphen_is_named_whole(db):
    told = triplets("bought a nikon Z-6 last week")
    assert any(o.endswith("Z-6") for _s, _r, o in told), told


def test_a_move_to_a_team_is_no_move_of_home(db):
    told = triplets("As of Monday I've moved to the claims team.")
    assert ("me", "be_in", "claims team") in told, told
    assert not any(r == "lives_in" for _s, r, _o in told), told


def test_a_move_to_an_office_in_a_town_is_where_one_works(db):
    told = triplets("Jurgis was moved to the office of his firm in Klaipėda in June")
    assert ("Jurgis", "works_in", "Klaipėda") in told, told


def test_a_camera_swapped_for_another_is_the_one_used_now(chat):
    chat.tell("i shoot on a canon R6, had it four years")
    chat.tell("got rid of the canon!! sold it to a student and bought a nikon Z-6")
    assert chat.ask("Do I still have the canon?").startswith("No")


def test_a_dose_changed_with_it_is_the_medicines_amount_now(chat):
    chat.tell(
        "I'm on sertraline, the GP started me on 50 mg in May and has just upped it to 100 mg."
    )
    assert "100 mg" in chat.ask("How much sertraline am I taking now?")


def test_a_dose_asked_by_its_noun_is_the_medicines_amount(chat):
    chat.tell("for my heart I take bisoprolol, 5 mg every morning")
    chat.tell("the cardiologist has increased the bisoprolol to 10 mg")
    assert "10 mg" in chat.ask("What's my bisoprolol dose these days?")


def test_a_move_still_to_come_from_a_town_says_home_is_there_till_then(chat):
    chat.tell("Zuzana and her husband intend to move from Ostrava to Brno in the spring")
    assert chat.ask("Where does Zuzana live at present?").startswith("Zuzana lives in Ostrava")


def test_a_move_made_from_a_town_left_it(db):
    from memory.nlp.statements import extract

    told = {
        (f.object, f.past) for f in extract("I moved from Ostrava to Brno last year", speaker="me")
    }
    assert ("Ostrava", True) in told and ("Brno", False) in told, told


def test_a_dose_upped_after_a_label_is_still_the_amount_now(chat):
    chat.tell(
        "Thyroid update, since I keep forgetting: I'm on levothyroxine, the doctor "
        "started me on 25 mcg in May and has just upped it to 50 mcg."
    )
    assert "50 mcg" in chat.ask("How much levothyroxine am I taking now?")


def test_how_one_gets_to_work_is_no_employer(chat):
    chat.tell("gardener with the council parks team in lerwick, 4 years now")
    chat.tell("get to work on an old yamaha 125, held together by rust and optimism")
    assert "council" in chat.ask("Who do I work for?").lower()
    assert "yamaha" in chat.ask("How do I get to work these days?").lower()

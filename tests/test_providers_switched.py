"""A service of the user's moved to another company ("we switched the electricity to EDF",
"renewed the car insurance but moved it to Direct Line"): the thing is with the new company
now, asked as "Who is my car insurance with?". Real parse, real database; the sentences are
written for these tests and are in no eval set."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_moves_a_service_switched_to_another_company(chat):
    chat.tell("Our gas is with Bulb.")
    chat.tell("We switched the gas to Ovo, Bulb put the price up.")
    assert chat.ask("Who is our gas with?") == "Your gas is with Ovo."
    answer = chat.ask("Who was our gas with before Ovo?")
    assert "Bulb" in answer and "before your gas" in answer


def test_it_reads_it_as_the_thing_said_before_in_the_sentence(chat):
    chat.tell("My home insurance is with Allianz.")
    chat.tell("Renewed the home insurance but moved it to Admiral.")
    assert chat.ask("Who is my home insurance with?") == "Your home insurance is with Admiral."


def test_it_does_not_take_furniture_moved_as_a_switch(chat):
    chat.tell("I moved the sofa to the spare room.")
    assert not any(f[1] == "works_for" for f in chat.facts())


def test_it_keeps_a_place_moved_to_as_where_the_thing_is(chat):
    chat.tell("I co-run a little studio in Ciudad Vieja with my partner Agustina.")
    chat.tell("we're moving the studio from Ciudad Vieja to Cordón in august")
    assert not any(f[1].endswith("works_for") for f in chat.facts())

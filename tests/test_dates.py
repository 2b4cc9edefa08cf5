"""When something happened is the date the user gave for it, a relative one ("last month",
"two weeks ago") counted from the day they said it, else the day they said it. Through the
real chat entry point, real database (messages sent at fixed times)."""

from datetime import UTC, datetime

import pytest

from tests.helpers import Chat


@pytest.fixture
def chat(alice):
    chat = Chat(alice)
    chat.now = datetime(2025, 6, 3, 9, 0, tzinfo=UTC)  # each message a week later
    return chat


def test_a_date_given_in_words_answers_when(chat):
    chat.tell("quit drinking on march 1st, feeling great")
    assert chat.ask("when did I quit drinking?") == "On 1 March."


def test_last_month_is_the_month_before_it_was_said(chat):
    chat.tell("got promoted to head chef last month, finally")
    assert chat.ask("when did I get promoted?") == "In May 2025."


def test_weeks_ago_is_counted_back_from_the_day_it_was_said(chat):
    chat.tell("started a new job at Decathlon two weeks ago")
    assert "May 2025" in chat.ask("when did I start at Decathlon?")


def test_with_no_date_said_it_is_the_day_it_was_said(chat):
    chat.tell("I adopted a cat called Miso")
    assert "June 2025" in chat.ask("when did I adopt Miso?")


def test_what_month_asks_when_as_when_does(chat):
    chat.tell("joined a rowing club in april, early mornings on the river")
    assert "April" in chat.ask("what month did I join the rowing club?")


def test_which_came_first_goes_by_the_dates_given_not_the_order_told(chat):
    chat.tell(
        "Mira started karate last week, she loves it",
        "before that, back in february, Mira tried ballet but quit after a month",
    )
    assert chat.ask("which did Mira start first, karate or ballet?").startswith("ballet")


def test_when_a_plan_happens_is_the_date_it_was_given(chat):
    chat.tell("we're moving to Bergen in october, the flat is already signed")
    assert "October" in chat.ask("when are we moving to Bergen?")

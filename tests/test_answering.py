"""Questions about people whose team, employer or position changes: how the question is read,
and how the offline answer judges by the latest statement (real pipeline, real database)."""

from datetime import UTC, datetime, timedelta

import pytest

from memory.nlp import parse_question
from tests.helpers import say

START = datetime(2024, 3, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    "question, subject, relation, obj",
    [
        # Unusual names the tagger reads as verbs or adjectives.
        ("Is Odo Tarling a member of Fighting Herons Kobe?", "Odo Tarling", "member_of", None),
        ("What sports team is Wes Sands a member of?", "Wes Sands", "member_of", None),
        ("Is Mara Quint the unmarried partner of Ivo Brandt?", "Mara Quint", "partner_of", None),
        ("Who is the employer of Dana Chalk?", "Dana Chalk", "works_for", None),
        ("What political party is Mara Quint a member of?", "Mara Quint", "member_of_party", None),
        ("What government position does Dana Chalk hold?", "Dana Chalk", "holds_position", None),
        ("Is Ray Holt of Elmshire the head of state of Norland?", None, "head_of_state_of", None),
    ],
)
def test_it_reads_who_and_what_a_question_asks_about(question, subject, relation, obj):
    intent = parse_question(question, speaker="alice")
    assert intent.relation == relation
    if subject:
        assert intent.subject == subject
    if obj:
        assert intent.object == obj


def test_the_object_runs_to_the_end_of_the_question():
    intent = parse_question(
        "Does Dana Chalk hold government position Minister for Ports, Norland?", speaker="a"
    )
    assert (intent.subject, intent.relation) == ("Dana Chalk", "holds_position")
    assert intent.object == "Minister for Ports, Norland"
    teams = parse_question("Is Odo Tarling a member of Fighting Herons Kobe?", speaker="a")
    assert teams.object == "Fighting Herons Kobe"
    moved = parse_question("Is Bob working at Pfizer now?", speaker="a")
    assert (moved.relation, moved.object) == ("works_for", "Pfizer")


class Chat:
    def __init__(self, user) -> None:
        self.user = user
        self.now = START

    def tell(self, text: str) -> None:
        self.now += timedelta(days=30)
        assert say(self.user, text, at=self.now).failed is None

    def ask(self, question: str) -> str:
        self.now += timedelta(days=1)
        reply = say(self.user, question, at=self.now)
        assert reply.route == "question", (question, reply.route)
        return reply.text


@pytest.mark.django_db
def test_a_position_is_named_by_its_words_in_any_order(alice):
    chat = Chat(alice)
    chat.tell("Ports minister Dana Chalk opened the new pier at Elmshire.")
    held = chat.ask("Does Dana Chalk hold government position Minister for Ports?")
    assert held.startswith("Yes"), held
    other = chat.ask("Does Dana Chalk hold government position Minister for Rivers?")
    assert other.startswith("No"), other


@pytest.mark.django_db
def test_a_team_named_only_as_the_old_one_is_not_the_answer(alice):
    chat = Chat(alice)
    chat.tell("Wes Sands scored twice for the Lakeside Ravens in the cup final.")
    chat.tell("The Northfield Comets acquired Wes Sands from the Lakeside Ravens on Monday.")
    old = chat.ask("Is Wes Sands a member of Lakeside Ravens?")
    assert old.startswith("No"), old
    new = chat.ask("Is Wes Sands a member of Northfield Comets?")
    assert new.startswith("Yes"), new
    team = chat.ask("What sports team is Wes Sands a member of?")
    assert "Northfield Comets" in team.split("Lakeside")[0], team


@pytest.mark.django_db
def test_a_newer_statement_naming_the_team_beats_an_older_triplet(alice):
    chat = Chat(alice)
    chat.tell("Odo Tarling plays for the Harbor Otters.")
    before = chat.ask("Is Odo Tarling a member of Granite Bay Foxes?")
    assert before.startswith("No"), before
    chat.tell("The move to Granite Bay Foxes means Tarling will race abroad for the first time.")
    after = chat.ask("Is Odo Tarling a member of Granite Bay Foxes?")
    assert after.startswith("Yes"), after


@pytest.mark.django_db
def test_first_person_messages_are_not_quoted_back(alice):
    chat = Chat(alice)
    chat.tell("Yesterday I watched a film with my cousin Nora Pike at the harbour.")
    answer = chat.ask("What did I do with Nora Pike?")
    assert "film" in answer and " I " not in f" {answer} ", answer
    # what she does for a living was never said
    assert chat.ask("What does Nora Pike do?") == "I don't know."

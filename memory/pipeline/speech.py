"""How a stored fact is said to the user: as "you" when it is about them, never by username,
with a date only where it helps."""

from datetime import datetime

from django.utils import timezone

from memory.models import Fact
from memory.nlp import wording
from memory.pipeline.guard import base_relation


def day(value: datetime) -> str:
    """ "12 March 2025"; the year is left out for dates in the current year."""
    now = timezone.now()
    if value.year == now.year:
        return f"{value.day} {value:%B}"
    return f"{value.day} {value:%B %Y}"


def speak(fact: Fact, speaker: str, *, past: bool = False) -> str:
    """The fact as a clause said to `speaker` ("you work at Unbabel", "Ana lives in Porto")."""
    relation = fact.relation
    if relation and fact.object:
        negated = relation.startswith("not:")
        return wording.clause(
            subject=fact.subject,
            relation=base_relation(relation),
            value=fact.object,
            speaker=speaker,
            negated=negated,
            past=past and not relation.startswith("plan:"),
        )
    return wording.second_person(fact.text.strip().rstrip("."), speaker)


def sentence(text: str) -> str:
    text = text.strip().rstrip(".")
    return wording.capitalise(text) + "." if text else ""


def join(clauses: list[str]) -> str:
    """ "a, b and c" """
    clauses = [c for c in clauses if c]
    if len(clauses) <= 1:
        return "".join(clauses)
    return ", ".join(clauses[:-1]) + " and " + clauses[-1]

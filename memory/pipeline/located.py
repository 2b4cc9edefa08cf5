"""Where a thing of the user's is: "Where is my shop now?" after "I run a phone repair shop
in Osu" and "moving the shop from Osu to East Legon next month". The question reads as a
role of the user ("my shop"); the answer is the newest place said of a thing by that head
noun, a move to come counting once its day has come (and said as still to come before)."""

from memory import nlp
from memory.models import Fact
from memory.nlp.reader import PEOPLE
from memory.pipeline import slots
from memory.pipeline.guard import base_relation, owned_by
from memory.pipeline.question import Evidence

# Slots that say where something is ("the shop is in Osu", "the studio moved to Cordón").
PLACES = {"be_in", "located_in", "be_at", "based_in", "lives_in"}


def where_thing(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if intent.wh != "where" or intent.yes_no or intent.wants_past:
        return None
    noun = (intent.relation or "").removeprefix("role:")
    if noun == intent.relation or not noun or noun in PEOPLE or " " in noun:
        return None  # "my sister" is asked where she lives, by the lives_in slot
    if not owned_by(evidence.speaker, intent.subject or evidence.speaker):
        return None
    placed = [f for f in evidence.facts if f.is_true and _places(f, noun)]
    held = [f for f in placed if not _planned(f) or slots.has_happened(f, evidence.asked_at)]
    if not held:
        return None
    now = max(held, key=lambda f: (_since(f), f.pk))
    said = f"Your {noun} is in {now.object}."
    coming = [f for f in placed if _planned(f) and f not in held and f.created_at >= now.created_at]
    if coming:
        said += f" It is going to move to {coming[0].object}."
    return said


def _places(fact: Fact, noun: str) -> bool:
    relation = base_relation(fact.relation).removeprefix("plan:")
    if relation not in PLACES or not fact.object or fact.relation.startswith("not:"):
        return False
    words = nlp.tokenize(fact.subject.lower())
    return bool(words) and nlp.stem(words[-1]) == nlp.stem(noun)


def _planned(fact: Fact) -> bool:
    return fact.relation.startswith("plan:")


def _since(fact: Fact):
    """When a place began to hold: a plan's day, else when it was told."""
    due = slots.due_date(fact) if _planned(fact) else None
    return due or fact.created_at

"""Yes/no questions with "still" about a change planned or said to come: a departure ("Does
Carmen still live with me?" after "carmen is moving out at the end of November"), a plan to
stop ("Do I still smoke?" after "From 1 December I stop smoking"). Until its day things are
as they were; from it, not anymore. A part of memory.pipeline.yesno, kept apart for its size;
the question's words and values are read here for both."""

import re

from spacy.lang.en.stop_words import STOP_WORDS

from memory import nlp
from memory.models import Fact
from memory.nlp.endings import ENDING_VERBS, LEAVING
from memory.pipeline import slots
from memory.pipeline.guard import owned_by, slot_name
from memory.pipeline.names import mentions
from memory.pipeline.question import Evidence
from memory.pipeline.speech import quote, sentence

STILL = re.compile(r"\bstill\b", re.I)
# Question words that say nothing of what is asked about.
EMPTY = {"still", "anymore", "now", "yet", "going", "doing"}


def leaving_planned(evidence: Evidence) -> str | None:
    """ "Does Carmen still live with me?" after "carmen is moving out at the end of
    November": a departure to come leaves things as they are until its day, and ends them
    from it."""
    intent = evidence.intent
    if not intent.subject or not STILL.search(intent.text):
        return None
    # (the one asked about: "Does Beatriz still live with me?" asks the user's housemate
    # Beatriz, so she is the question's value)
    asked = [who for who in (intent.subject, intent.object) if who]
    leaving = [
        f
        for f in evidence.facts
        if f.is_true
        and (_leaves(f.relation) or _replaces(f, intent))
        and any(owned_by(a, f.subject) for a in asked)
        and _concerns(f, evidence)
    ]
    if not leaving:
        return None
    plan = max(leaving, key=lambda f: (f.created_at, f.pk))
    said = sentence(quote(plan, evidence.speaker))
    if slots.has_happened(plan, evidence.asked_at):
        return f"No, not anymore. {said}"
    return f"Yes, for now. {said}"


# What a move out or away ends of one's own: where and with whom one lives.
DWELLING = {nlp.stem(w) for w in ("live", "stay", "home", "flat", "house", "rent", "room")}


def _concerns(plan: Fact, evidence: Evidence) -> bool:
    """The user's own plan to leave answers only what it names or where they live ("Do I
    still smoke?" is not answered by "moving out Saturday")."""
    if not owned_by(evidence.speaker, plan.subject):
        return True  # a question about someone who is leaving asks about them
    asked = asked_stems(evidence.intent.text, evidence.speaker)
    return not asked or bool(asked & (DWELLING | stems(quote(plan, evidence.speaker))))


def _replaces(plan: Fact, intent) -> bool:
    """ "Is Loretta still living in Savannah?" after "Loretta's moving to Jacksonville in the
    spring": a plan to hold another value in the slot asked."""
    if not plan.relation.startswith("plan:") or not intent.object or not intent.relation:
        return False
    return slot_name(plan.relation) == intent.relation and not matches_object(plan, intent)


def _leaves(relation: str) -> bool:
    if not relation.startswith("plan:"):
        return False
    verb, _, rest = relation.removeprefix("plan:").partition("_")
    return (verb, rest) in LEAVING or (not rest and verb in ENDING_VERBS)


def stop_planned(evidence: Evidence, facts: list[Fact]) -> str | None:
    """ "Do I still smoke?" after "From 1 December I stop smoking": a plan to stop whose day
    has come answers no (unless something said since holds it again); before its day, yes."""
    intent = evidence.intent
    stops = [f for f in evidence.facts if f.is_true and stops_asked(f, intent)]
    if not stops or intent.wants_past or not STILL.search(intent.text):
        return None  # ("Are we going to the Algarve?" after "not going after all": no)
    plan = max(stops, key=lambda f: (f.created_at, f.pk))
    again = [f for f in facts if f.is_true and f.relation == intent.relation]
    if any(f.created_at > plan.created_at for f in again):
        return None  # "I started again"
    said = sentence(quote(plan, evidence.speaker))
    if slots.has_happened(plan, evidence.asked_at):
        return f"No, not anymore. {said}"
    return f"Yes, for now. {said}"


def stops_asked(plan: Fact, intent) -> bool:
    """A plan to stop what is asked: its slot and value, or its verb with every word of its
    value in the question ("Does Tomás still come to me in the mornings?" after "Tomás will
    no longer come in the mornings from November")."""
    if not intent.relation or not plan.relation.startswith("not:plan:"):
        return False
    if plan.relation == f"not:plan:{intent.relation}":
        return matches_object(plan, intent)
    verb = plan.relation.removeprefix("not:plan:").split("_")[0]
    said = stems(plan.object) if plan.object else set()
    return verb == intent.relation.split("_")[0] and bool(said) and said <= stems(intent.text)


def matches_object(fact: Fact, intent) -> bool:
    return not intent.object or (
        nlp.same_entity(fact.object, intent.object) or mentions(fact.object, intent.object)
    )


def asked_stems(question: str, subject: str) -> set[str]:
    words = {w for w in nlp.tokenize(question.lower()) if w.isalpha()}
    words -= STOP_WORDS | EMPTY | set(nlp.tokenize(subject.lower()))
    return {nlp.stem(w) for w in words}


def stems(text: str) -> set[str]:
    return {nlp.stem(w) for w in nlp.tokenize(text.lower()) if w.isalpha()}

"""Whether someone is married or engaged, decided from every fact that tells their state:
"Is Anouk married?" after "her husband is called Pieter" (a spouse named), "Am I married?"
after "we're getting married in october" (not yet), "Is Joost married?" after "Joost isn't
married". The newest telling decides; a plan to marry is an engagement, not a marriage.
Nothing told of their state: "I don't know" (someone else's wedding is not theirs)."""

import re

from memory import nlp
from memory.models import Fact
from memory.pipeline.guard import base_relation, owned_by, slot_name
from memory.pipeline.names import mentions, source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import quote, sentence

SPOUSES = {"husband", "wife", "spouse"}
BETROTHED = {"fiance", "fiancee", "fiancé", "fiancée"}
SEPARATED = {"ex-husband", "ex-wife", "ex", "ex husband", "ex wife"}
MARRIED, ENGAGED, SINGLE = "married", "engaged", "single"
UNKNOWN = "I don't know."


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if not intent.yes_no or base_relation(intent.relation or "") not in ("partner_of", "marry"):
        return None
    asked = re.search(r"\b(married|engaged)\b", intent.text, re.I)
    if asked is None or not intent.subject or intent.object:
        return None  # ("Is Anouk married to Pieter?" asks the tie, which partner_of holds)
    people = [p for p in re.split(r"\s+and\s+", intent.subject) if p]
    told = [t for p in people for t in states(evidence, p)]
    if not told:
        # (a plan of someone else's, or what they did last, is not their state)
        return UNKNOWN
    _, state, fact = max(told, key=lambda t: (t[0], t[2].pk))
    said = sentence(quote(fact, evidence.speaker))
    if asked.group(1).lower() == MARRIED:
        if state == MARRIED:
            return f"Yes. {said}"
        return f"No, not yet. {said}" if state == ENGAGED else f"No. {said}"
    if state == ENGAGED:
        return f"Yes. {said}"
    return f"No, married already. {said}" if state == MARRIED else f"No. {said}"


def states(evidence: Evidence, person: str) -> list[tuple]:
    """(when told, state, fact) for each true fact that tells the person's state."""
    out = []
    for fact in evidence.facts:
        if not fact.is_true:
            continue
        state = state_of(fact, person)
        if state is not None:
            out.append((fact.created_at, state, fact))
    return out


def state_of(fact: Fact, person: str) -> str | None:
    relation = fact.relation
    plan = relation.startswith("plan:")
    negated = relation.startswith("not:")
    base = slot_name(relation)
    role = base.removeprefix("role:") if base.startswith("role:") else ""
    own = about(fact, person)
    if role and (own or nlp.same_entity(fact.object, person)):
        # "Anouk's husband is Pieter": Anouk is married; so is Pieter
        if role in SPOUSES:
            return MARRIED
        if role in BETROTHED:
            return ENGAGED
        if role in SEPARATED:
            return SINGLE
    if not own:
        return None
    said = source(fact).lower() if base == "partner_of" else ""
    if base == "marry" or "marri" in said:
        return SINGLE if negated else ENGAGED if plan else MARRIED
    if base in ("engage", "is_engaged_to") or plan and base == "partner_of" or "engaged" in said:
        return SINGLE if negated else ENGAGED
    if base == "divorce" and not negated and not plan:
        return SINGLE
    return None


def about(fact: Fact, person: str) -> bool:
    """The fact is of the person, by name or by a role whose sentence names them ("my
    cousin Femke is getting married": the cousin)."""
    if nlp.same_entity(fact.subject, person) or owned_by(person, fact.subject):
        return "'s " not in fact.subject or nlp.same_entity(fact.subject, person)
    return "'s " in fact.subject and mentions(source(fact), person)

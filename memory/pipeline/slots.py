"""Answers that decide: the question's slot (entity + relation) against the facts that fill
it. One value for a single-valued slot (with a plan or the previous value where it helps), every
current member for a set, the date for "when", the previous value for "before"."""

import re

from memory.models import Fact
from memory.nlp import ask, entity_key
from memory.nlp.statements import single_valued
from memory.pipeline.guard import base_relation, owned_by
from memory.pipeline.question import Evidence
from memory.pipeline.speech import day, join, sentence, speak

RELATED = 0.45  # cosine similarity at which a stored fact is about what was asked


def slot_of(fact: Fact) -> str:
    return base_relation(fact.relation).removeprefix("plan:")


def slot_set(relation: str) -> set[str]:
    roles = {f"role:{r}" for r in ask.category_roles(relation)} | {relation}
    if relation == "works_as":
        roles.add("is")
    return roles


def fills(fact: Fact, roles: set[str]) -> bool:
    """Whether a fact fills the asked slot: its own relation, or for a category ("pets")
    something had whose noun is in it ("alice has a puppy")."""
    slot = slot_of(fact)
    if slot in roles:
        return True
    kinds = {r.removeprefix("role:") for r in roles if r.startswith("role:")}
    return slot == "has" and len(kinds) > 1 and fact.object.split()[-1].rstrip("s") in kinds


def answer(evidence: Evidence) -> str | None:
    """The decided answer, or None when the question's slot has no fact (the caller then
    falls back to what is known about the subject)."""
    intent = evidence.intent
    relation = intent.relation
    if not relation or intent.yes_no:
        return None
    roles = slot_set(relation)
    hits = [f for f in evidence.facts if f.pk in evidence.triplet_ids and fills(f, roles)]
    if intent.wh == "when" and intent.object:  # "When did I start at KPMG?": that value
        hits = [f for f in hits if entity_key(f.object) == entity_key(intent.object)]
    if not hits:
        return None
    speaker = evidence.speaker
    newest = sorted(hits, key=lambda f: (f.truth_since, f.pk), reverse=True)
    now = [f for f in newest if f.is_true and not f.relation.startswith(("not:", "plan:"))]
    plans = [f for f in newest if f.is_true and f.relation.startswith("plan:")]
    past = [f for f in newest if not f.is_true and not f.relation.startswith(("not:", "plan:"))]
    if intent.wh == "when":
        candidates = now or past or plans
        if not candidates:
            return None  # only negations fill the slot: nothing happened to date
        target = candidates[0]
        if target in plans:
            return sentence(f"{speak(target, speaker)}: you told me on {day(target.created_at)}")
        return on_date(target)
    single = single_valued(relation) and len(roles) == 1
    if intent.wants_past or (intent.wants_order and intent.anchor):
        # A value before another is a change of a single value; for things that accumulate
        # ("what did I eat before the banana") the order of events answers.
        return before(evidence, now, past) if single else None
    if single and intent.subject:
        if not now:
            return no_longer(evidence, past, plans)
        text = speak(now[0], speaker)
        if plans:
            text += "; " + speak(plans[0], speaker)
        return sentence(text)
    if not now:
        return no_longer(evidence, past, plans)
    return sentence(join([speak(f, speaker) for f in now]))


def unanswered(evidence: Evidence) -> bool:
    """A question about the user's own life whose slot nothing fills: "I don't know" beats
    reciting whatever else is known about them."""
    intent = evidence.intent
    if not intent.relation or intent.yes_no or not intent.subject or not evidence.speaker:
        return False
    if not owned_by(evidence.speaker, intent.subject):
        return False
    if evidence.best_similarity >= RELATED:
        return False  # something close in meaning may answer what the slot reading missed
    roles = slot_set(intent.relation)
    return not any(fills(f, roles) for f in evidence.facts if f.pk in evidence.triplet_ids)


def before(evidence: Evidence, now: list[Fact], past: list[Fact]) -> str:
    speaker = evidence.speaker
    anchor = evidence.intent.anchor or ""
    earlier = [f for f in past if not anchor or entity_key(f.object) != entity_key(anchor)]
    if not earlier:
        text = "I don't know of anything earlier."
        return text + (" " + sentence("now " + speak(now[0], speaker)) if now else "")
    text = sentence(f"before that, {speak(earlier[0], speaker, past=True)}")
    if now and not anchor:
        text += " " + sentence("now " + speak(now[0], speaker))
    return text


def no_longer(evidence: Evidence, past: list[Fact], plans: list[Fact]) -> str | None:
    speaker = evidence.speaker
    if plans:
        return sentence(speak(plans[0], speaker))
    if past:
        return sentence(f"not anymore: {speak(past[0], speaker, past=True)}")
    return None


def on_date(fact: Fact) -> str:
    stated = stated_date(fact)
    if stated:
        has_day = any(w.strip(",.").isdigit() and len(w.strip(",.")) <= 2 for w in stated.split())
        return sentence(f"{'on' if has_day else 'in'} {stated}")
    return sentence(f"on {day(fact.created_at)}")


def stated_date(fact: Fact) -> str | None:
    """A date the user gave for it ("moved to Berlin in 2019"), when it names a year or a
    month; relative ones ("last week") are left to the message's own date."""
    from memory.nlp.parse import parse_entities
    from memory.pipeline.update import split_speaker

    message = fact.source_message
    if message is None or not fact.object:
        return None
    _, body = split_speaker(message.text, "")
    for sent in parse_entities(body).sents:
        if fact.object.lower() not in sent.text.lower():
            continue
        for ent in sent.ents:
            relative = {w.lower() for w in ent.text.split()} & RELATIVE
            if (
                ent.label_ == "DATE"
                and not relative
                and (any(c.isdigit() for c in ent.text) or MONTH.search(ent.text))
            ):
                return ent.text
    return None


# Dates said relative to the day they were said: that day is the answer, not the words.
RELATIVE = {"yesterday", "today", "tomorrow", "ago", "last", "next", "this", "tonight"}
MONTH = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.I)

"""Where a thing of the user's is: "Where is my shop now?" after "I run a phone repair shop
in Osu" and "moving the shop from Osu to East Legon next month". The question reads as a
role of the user ("my shop"); the answer is the newest place said of a thing by that head
noun, a move to come counting once its day has come (and said as still to come before)."""

import re

from memory import nlp
from memory.models import Fact
from memory.nlp import wording
from memory.nlp.casing import english_words
from memory.nlp.parse import Token, child, parse
from memory.nlp.reader import PEOPLE
from memory.pipeline import slots
from memory.pipeline.guard import base_relation, owned_by, slot_name
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence, speak, to_you

# Slots that say where something is ("the shop is in Osu", "the studio moved to Cordón").
PLACES = {"be_in", "located_in", "be_at", "based_in", "lives_in", "be_on"}


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
    held = _held(evidence, placed)
    if not held:
        return None
    now = _newest(held)
    said = f"Your {noun} is in {now.object}."
    coming = [f for f in placed if _planned(f) and f not in held and f.created_at >= now.created_at]
    if coming:
        said += f" It is going to move to {coming[0].object}."
    return said


def where_is(evidence: Evidence) -> str | None:
    """ "Where is the wine bar?", "Which neighbourhood is the wine bar in?": the newest place
    said of a thing by that head noun ("the wine bar is in vake, not sololaki")."""
    intent = evidence.intent
    if intent.yes_no or intent.wants_past or intent.wh not in ("where", "which", "what"):
        return None
    noun = asked_thing(intent.text)
    if noun is None or noun.lemma_.lower() in PEOPLE:
        return None
    held = _held(evidence, [f for f in evidence.facts if f.is_true and _places(f, noun.lower_)])
    if not held:
        return None
    now = _newest(held)
    prep = wording.phrase(base_relation(now.relation))[1] or "in"
    return sentence(f"{noun_phrase(noun)} is {prep} {now.object}")


PLACE_KINDS = {"neighbourhood", "neighborhood", "area", "town", "city", "suburb", "street"}
PLACE_KINDS |= {"district", "village", "country", "county", "state", "region", "island"}


def asked_thing(question: str) -> Token | None:
    """The thing a "where is" question asks the place of: "the wine bar" in "Which
    neighbourhood is the wine bar in?" (the other noun is the kind of place asked)."""
    doc = parse(question.strip().rstrip(" ?.!") + "?")
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_ != "be":
        return None
    wh = next((t for t in doc if t.lower_ in ("where", "what", "which")), None)
    stranded = any(t.dep_ == "prep" and not any(t.children) for t in doc)  # "... in?"
    asked_kind = wh.head if wh is not None and wh.dep_ == "det" else None
    # ("What neighbourhood is the spot Kayla found?": a kind of place asks where, "in" or not)
    placed = asked_kind is not None and asked_kind.lemma_.lower() in PLACE_KINDS
    if wh is None or (wh.lower_ != "where" and not stranded and not placed):
        return None
    # ("What street is my flat on?": the tagger may take "flat" for an adjective)
    nouns = [
        t
        for t in root.children
        if t.dep_ in ("nsubj", "attr")
        and (t.pos_ == "NOUN" or t.pos_ == "ADJ" and child(t, "det", "poss") is not None)
    ]
    nouns = [t for t in nouns if t != asked_kind and t != wh]
    return nouns[0] if len(nouns) == 1 else None


def noun_phrase(noun: Token) -> str:
    """ "the wine bar", "your flat" (as the question said it, to the user)."""
    words = [t for t in noun.subtree if t.dep_ in ("det", "poss", "compound", "amod") or t == noun]
    said = to_you(" ".join(t.text for t in words))
    return said if words[0].dep_ in ("det", "poss") else f"the {said}"


def _places(fact: Fact, noun: str) -> bool:
    relation = slot_name(fact.relation)
    if relation not in PLACES or not fact.object or fact.relation.startswith("not:"):
        return False
    words = nlp.tokenize(fact.subject.lower())
    return bool(words) and nlp.stem(words[-1]) == nlp.stem(noun)


def _held(evidence: Evidence, placed: list[Fact]) -> list[Fact]:
    """The places that hold by the question's time: a move to come counts once its day has."""
    return [f for f in placed if not _planned(f) or slots.has_happened(f, evidence.asked_at)]


def _newest(held: list[Fact]) -> Fact:
    return max(held, key=lambda f: (_since(f), f.pk))


def _planned(fact: Fact) -> bool:
    return fact.relation.startswith("plan:")


def _since(fact: Fact):
    """When a place began to hold: a plan's day, else when it was told."""
    due = slots.due_date(fact) if _planned(fact) else None
    return due or fact.created_at


# Slots that say where someone is: their home, and where they arrived or are staying since
# ("I arrived in Florence on Saturday" after "I live in Lyon").
WHEREABOUTS = {"lives_in", "arrive_in", "be_in", "based_in", "stay_in", "stay_at", "located_in"}


def whereabouts(evidence: Evidence) -> str | None:
    """ "Where am I at the moment?", "Where is Ana now?": the newest place said of the person,
    home or not (a move to come counting once its day has come)."""
    intent = evidence.intent
    if intent.wh != "where" or intent.yes_no or intent.wants_past or intent.relation:
        return None
    who = intent.subject or evidence.speaker
    placed = [
        f
        for f in evidence.facts
        if f.is_true
        and f.object
        and (slot_name(f.relation) in WHEREABOUTS or _went(f))
        and not f.relation.startswith("not:")
        and nlp.same_entity(f.subject, who)
    ]
    held = _held(evidence, placed)
    if not held:
        return None
    # (said again counts as said then: "I'm back home in Ubud now" after a trip)
    now = max(held, key=lambda f: (_last_said(evidence, f), f.pk))
    if slot_name(now.relation) == "lives_in":
        return sentence(speak(now, evidence.speaker))
    mine = nlp.same_entity(now.subject, evidence.speaker)
    return f"You are in {now.object}." if mine else f"{now.subject} is in {now.object}."


def _went(fact: Fact) -> bool:
    """A trip to a named place, done ("flew back to Ubud yesterday"), is where one is."""
    if slot_name(fact.relation) != "travels_to":
        return False
    # ("left for montpellier": a name in lower case, no English word)
    return fact.object[:1].isupper() or bool(set(fact.object.lower().split()) - english_words())


def _last_said(evidence: Evidence, fact: Fact):
    said = [row.at for row in evidence.history.get(fact.pk, [])]
    return max([_since(fact), *said])


# "Which neighbourhood is my home in?", "what town is my sister's house in?": where the
# owner of a home lives
PLACE_ASKED = re.compile(
    r"^\s*(?:where\b|(?:which|what)\s+(?:neighbou?rhood|area|town|city|suburb|district|"
    r"village|part of town|country)\b)",
    re.I,
)


def home_of(evidence: Evidence) -> str | None:
    """A home asked where it is, and no place said of the home itself: where its owner
    lives."""
    from memory.nlp.homes import HOMES

    intent = evidence.intent
    noun = (intent.relation or "").removeprefix("role:")
    if noun == intent.relation or noun not in HOMES or intent.yes_no or intent.wants_past:
        return None
    if PLACE_ASKED.match(intent.text) is None:
        return None
    if re.search(r"\b(?:new|old|next|future|last|previous)\b", intent.text, re.I):
        return None  # ("where is our new apartment?": one to come, not where one lives)
    owner = intent.subject or evidence.speaker
    homes = [
        f
        for f in evidence.facts
        if f.is_true and slot_name(f.relation) == "lives_in" and nlp.same_entity(f.subject, owner)
    ]
    held = _held(evidence, homes)
    return sentence(speak(_newest(held), evidence.speaker)) if held else None

"""Where a thing comes from: "Where are we getting the dog from?" after "we're finally
getting a dog!! a golden from a breeder in çeşme". The question asks a "from" of a thing
(not where a person is from: that is a slot of theirs); the answer is the "from" phrase
said after the thing in the newest message that names it, whole ("From a breeder in
Çeşme.")."""

import re

from memory import nlp
from memory.nlp.parse import Token, parse
from memory.nlp.reader import PEOPLE, is_time
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence

READ = 12  # the closest statements whose messages are read


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if intent.yes_no or not re.search(r"^\s*where\b.*\bfrom\s*\??\s*$", intent.text, re.I):
        return None
    # ("Where's my apprentice from?": a role someone holds is asked of them, not a thing)
    roles = {nlp.stem(f.relation.removeprefix("role:")) for f in evidence.facts}
    things = asked_things(intent.text) - roles
    if not things:
        return None
    best: tuple | None = None
    seen: set[int | str] = set()
    for fact in evidence.facts[:READ]:
        key = fact.source_message_id or fact.text
        if key in seen:
            continue
        seen.add(key)
        said = from_phrase(source(fact), things)
        if said and (best is None or fact.created_at > best[0]):
            best = (fact.created_at, said)
    return sentence(f"from {best[1]}") if best else None


def asked_things(question: str) -> set[str]:
    """Stems of the things asked about ("puppy", "dog"); none when a person is asked."""
    doc = parse(question)
    if any(t.pos_ == "PROPN" or t.lemma_.lower() in PEOPLE for t in doc):
        return set()
    return {nlp.stem(t.lower_) for t in doc if t.pos_ == "NOUN" and not is_time(t)}


def from_phrase(text: str, things: set[str]) -> str | None:
    """The first "from" phrase at or after where the message names the thing."""
    doc = parse(text)
    named = [t.i for t in doc if t.pos_ == "NOUN" and nlp.stem(t.lower_) in things]
    if not named:
        return None
    for token in doc[named[0] :]:
        if token.lower_ != "from" or token.dep_ != "prep":
            continue
        obj = next((c for c in token.children if c.dep_ == "pobj"), None)
        if obj is not None and not is_time(obj) and obj.lemma_.lower() not in PEOPLE:
            return phrase(obj)
    return None


def phrase(obj: Token) -> str:
    """ "a breeder in Taraz": the phrase, and a place said right after it that the parser
    hung elsewhere."""
    end = obj.right_edge.i
    after = obj.doc[end + 1] if end + 1 < len(obj.doc) else None
    if after is not None and after.lower_ in ("in", "at", "near") and after.dep_ == "prep":
        place = next((c for c in after.children if c.dep_ == "pobj"), None)
        if place is not None and (place.pos_ == "PROPN" or place.ent_type_ == "GPE"):
            end = place.right_edge.i
    words = obj.doc[obj.left_edge.i : end + 1]
    return " ".join(t.text for t in words if not t.is_punct or t.i < end).strip()

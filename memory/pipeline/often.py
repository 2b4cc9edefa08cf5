""" "How often am I on call?", "How often does Ana visit?": how often is said in words of
their own ("every fourth weekend", "twice a week", "fortnightly"), which no slot holds. The
answer is the newest such phrase said beside the question's own words, in the message as put
right ("every fourth weekend, not every third")."""

import re

from memory.nlp import stem
from memory.nlp.text import sentences
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence

HOW_OFTEN = re.compile(r"\bhow (?:often|frequently)\b|\bhow many times an? \w+\b", re.I)
UNIT = (
    r"(?:day|night|week|weekend|fortnight|month|year|morning|evening|afternoon|shift|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
)
COUNT = r"(?:once|twice|three times|four times|five times|\d+ times|a couple of times|\w+ times)"
EVERY = (
    r"every (?:other |single |second |third |fourth |fifth |sixth |\d+(?:st|nd|rd|th)? |"
    r"two |three |four |few |couple of )?"
)
FREQUENCY = re.compile(
    rf"\b(?:{EVERY}{UNIT}|{COUNT} (?:a|per|an|every) {UNIT}|daily|weekly|fortnightly|"
    rf"monthly|yearly|nightly)\b",
    re.I,
)
READ = 12  # facts read, best first
# Question words that name no subject of the frequency.
ASKING = {stem(w) for w in ("how", "often", "frequently", "many", "times", "now", "still")}


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if intent.yes_no or not HOW_OFTEN.search(intent.text):
        return None
    words = {w for w in intent.keywords if w not in ASKING}
    found: tuple | None = None
    seen: set = set()
    for fact in evidence.facts[:READ]:
        key = fact.source_message_id or fact.text
        if key in seen:
            continue
        seen.add(key)
        for said in sentences(source(fact)):
            phrase = beside(said, words)
            if phrase and (found is None or fact.created_at > found[0]):
                found = (fact.created_at, phrase)
    return sentence(found[1][:1].upper() + found[1][1:]) if found else None


def beside(said: str, words: set[str]) -> str | None:
    """The frequency phrase of `said` nearest one of the question's words, if it has both."""
    places = [m.start() for m in re.finditer(r"[\w'’]+", said) if stem(m.group(0).lower()) in words]
    if not places:
        return None
    phrases = list(FREQUENCY.finditer(said))
    if not phrases:
        return None
    nearest = min(phrases, key=lambda m: min(abs(m.start() - p) for p in places))
    return nearest.group(0).lower()

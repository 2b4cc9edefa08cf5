"""Shift work, said in passing and changed in passing: "coming off a night shift", "permanent
nights since january", "switched from nights to day rotation", "FINALLY off nights!! rostered on
days from next week", "Arif finally moved to day shift". No slot holds it (a shift is said as
a modifier, a plural, a place one comes off), so the user's own sentences are read again.

A shift is named by its kind (night, day, early, late) before a shift noun ("night shift",
"day rotation", "the day crew") or as a bare plural after a preposition or "permanent"
("on nights", "off days"). One left ("off nights", "moved off night shifts", "from nights")
holds no more; "coming off a night shift" (one shift, with its article) still does. The
newest sentence that names a shift held by whom the question asks decides; "used to" and
"before" ask the one held before it."""

import re
from datetime import datetime

from memory import selectors
from memory.nlp.parse import parse
from memory.nlp.predicates import is_plan
from memory.nlp.text import tokenize
from memory.pipeline.guard import owned_by
from memory.pipeline.question import Evidence
from memory.pipeline.slots import MONTH_NUMBER, said_due
from memory.pipeline.speech import sentence

KINDS = {"night": "night", "nights": "night", "day": "day", "days": "day", "early": "early"}
KINDS |= {"earlies": "early", "late": "late", "lates": "late", "graveyard": "night"}
SHIFT_NOUNS = {"shift", "shifts", "rotation", "crew", "rota", "roster", "schedule"}
# what a bare plural comes after ("on nights", "permanent nights")
BEFORE_PLURAL = {"on", "off", "from", "to", "permanent", "doing", "working", "work", "onto"}
LEAVING = {"off", "from"}
ASKED = re.compile(r"\bshifts?\b|\b(?:nights|days) or (?:nights|days)\b|\bon (?:nights|days)\b")
FIRST_PERSON = {"i", "i'm", "im", "me", "we", "us"}
# as people say it, and as rosters do ("You work days now, the day shift.")
PLURAL = {"night": "nights", "day": "days", "early": "earlies", "late": "lates"}
SPOKEN = {kind: f"{plural}, the {kind} shift" for kind, plural in PLURAL.items()}


def said_shifts(text: str) -> list[tuple[str, bool]]:
    """Each shift `text` names, in order, with whether it holds after what the text says."""
    words = [w.lower() for w in tokenize(text)]
    found = []
    for i, word in enumerate(words):
        kind = KINDS.get(word)
        if kind is None:
            continue
        previous = words[i - 1] if i else ""
        following = words[i + 1] if i + 1 < len(words) else ""
        plural = word.endswith("s") and previous in BEFORE_PLURAL
        if following not in SHIFT_NOUNS and not plural:
            continue  # "a day off", "every day"
        # "moved off night shifts", "from nights": left; "coming off a night shift": one done
        left = previous in LEAVING or (previous == "the" and i > 1 and words[i - 2] in LEAVING)
        found.append((kind, not left))
    return found


def answer(evidence: Evidence) -> str | None:
    """ "You work days now." for a question of someone's shift, or None."""
    intent = evidence.intent
    if not ASKED.search(intent.text.lower()) or not evidence.facts:
        return None
    if intent.wh in ("who", "whom"):
        return None  # "Who are the nurses on my day shift?" asks people, not a shift
    subject = intent.subject or evidence.speaker
    mine = owned_by(evidence.speaker, subject)
    # (a question is asked only of a memory with facts: theirs is the user's id)
    held = history(evidence.facts[0].user_id, subject, mine, evidence)
    if not held:
        return None
    now = PLURAL[held[-1]]
    who, works, worked = ("you", "work", "worked") if mine else (subject, "works", "worked")
    if intent.wants_past or re.search(r"\bused to\b|\bbefore\b", intent.text.lower()):
        earlier = [k for k in held if k != held[-1]]
        if not earlier:
            return None
        return sentence(f"{who} {worked} {SPOKEN[earlier[-1]]}; now {now}")
    if intent.yes_no and " or " not in intent.text:  # ("nights or days?" asks which)
        asked = [KINDS[w] for w in tokenize(intent.text.lower()) if w in KINDS]
        if asked:
            return f"{'Yes' if asked[0] == held[-1] else 'No'}, {who} {works} {now} now."
    return sentence(f"{who} {works} {now} now, the {held[-1]} shift")


def history(user_id: int, subject: str, mine: bool, evidence: Evidence) -> list[str]:
    """The shifts whom the question asks about held, oldest first (each change once)."""
    name = subject.split()[-1].lower()
    rows = selectors.said_before(user_id=user_id, at=evidence.asked_at)
    held: list[str] = []
    for at, text in rows.order_by("sent_at", "pk").values_list("sent_at", "text"):
        for part in re.split(r"(?<=[.!?;])\s+", text):
            words = {w.lower() for w in tokenize(part)}
            if not (speaks_of_self(part, words) if mine else name in words):
                continue  # a sentence of someone else's shift
            said = said_shifts(part)
            if said and planned(part) and not come_due(part, at, evidence.asked_at):
                continue  # "from February i go to day shift": not yet (parsed only then)
            for kind, holds in said:
                if holds and (not held or held[-1] != kind):
                    held.append(kind)
    return held


def come_due(part: str, said: datetime, asked: datetime | None) -> bool:
    """Whether the day a planned shift starts ("from February", "starting feb 16") has
    come by `asked`."""
    words = tokenize(part.lower())
    due = said_due(words, said)
    for month, day in zip(words, [*words[1:], ""], strict=True):
        number = MONTH_NUMBER.get(month)
        if number and day.isdigit() and 1 <= int(day) <= 28:
            # ("feb 16": that day, not the month's end)
            year = said.year + (1 if number < said.month else 0)
            due = said.replace(year=year, month=number, day=int(day), hour=0, minute=0)
    return due is not None and asked is not None and asked >= due


def planned(part: str) -> bool:
    """Whether a sentence tells a shift still to come ("from February I go to day shift",
    "I'll be on nights next month")."""
    return any(is_plan(t) for t in parse(part) if t.pos_ in ("VERB", "AUX") and t.dep_ != "aux")


def speaks_of_self(part: str, words: set[str]) -> bool:
    """ "I'm on days now", "switched from nights to day rotation": an "I", or no one named
    ("my boyfriend Arif ... he's on night shift" is Arif's)."""
    return bool(words & FIRST_PERSON) or not re.search(r"\b[A-Z][a-z]+", part[1:])

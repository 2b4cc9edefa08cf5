""" "When did Dr Sione join the practice?", "When did Marcin leave the crew?": the day
someone came is the day the user first told of them as new ("we have a new vet, dr sione",
"new nurse started today, Tomasz"), not the day they were last spoken of; the day they left
is the first day they were told gone ("Marcin's gone, had a pint with him Friday"). The
first message that names them beside such a word answers; none, and the other readers
decide."""

import re

from memory import nlp, selectors
from memory.nlp.parse import child, parse
from memory.nlp.words import QUITTING
from memory.pipeline.dates import MONTH
from memory.pipeline.question import Evidence
from memory.pipeline.speech import day, sentence

ARRIVING = {"join", "start", "arrive", "come", "begin"}
LEAVING = QUITTING | {"go"}
# Words that tell of someone new where they are first named.
NEW = re.compile(
    r"\b(?:new|joined|joins|started|starts|hired|arrived|arrives|welcomed?|took on|"
    r"taken on|signed)\b",
    re.I,
)
# Words that tell of someone gone where they are named (not "handed his notice in", a plan).
GONE = re.compile(
    r"\b(?:gone|left|has left|quit|resigned|retired|moved out|moved away|last day was)\b", re.I
)
# A time said in the message, which the date readers (memory.pipeline.dated) read.
DATED = re.compile(
    rf"{MONTH.pattern}|\b\d{{1,2}}(?:st|nd|rd|th)\b|\b(?:yesterday|last (?:week|month|year)|ago)\b",
    re.I,
)
READ = 400  # the user's oldest messages read
NEAR = 60  # characters between the name and the word of arriving


def came_or_went(question: str) -> tuple[str, bool] | None:
    """The person of "when did <name> join/leave ...?", and whether they came, or None."""
    doc = parse(question)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_ not in ARRIVING | LEAVING:
        return None
    who = child(root, "nsubj")
    if who is None or who.pos_ != "PROPN":
        return None
    if root.lemma_ in ("start", "begin") and child(root, "dobj", "xcomp") is not None:
        return None  # "When did Jon start going to the gym?": an activity, not a place joined
    return who.text, root.lemma_ in ARRIVING


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if intent.wh != "when" or intent.yes_no:
        return None
    asked = came_or_went(intent.text)
    if asked is None or nlp.same_entity(asked[0], evidence.speaker):
        return None
    name, came = asked
    named = re.compile(rf"\b{re.escape(name)}\b", re.I)
    rows = selectors.said_before(user_id=evidence.user_id, at=evidence.asked_at)
    for text, sent_at in rows.order_by("sent_at", "pk").values_list("text", "sent_at")[:READ]:
        found = named.search(text)
        if found is None:
            continue
        near = text[max(found.start() - NEAR, 0) : found.end() + NEAR]
        # (the first time they are named: as new, or not at all, named before they came)
        told = NEW.search(near) if came else GONE.search(near)
        if came or told:
            # ("retired at the end of October", "started on the 1st": the date said is read
            # by the date readers)
            return sentence(f"on {day(sent_at)}") if told and not DATED.search(near) else None
    return None

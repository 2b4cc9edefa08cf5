"""Pastimes: "What are my hobbies?", "What hobbies do I have these days?", "What does Ana do for
fun?". No slot holds them. People tell them as activities taken up or kept up ("started
climbing", "I've been running since 2020", "took up knitting", "I do yoga"), as classes and
clubs joined ("signed up for a pottery class", "joined a choir"), or as what they are into
("I'm into bouldering"). Each of those is a fact of its own shape; the answer is every
activity whose newest word still holds, for the person asked about. An activity given up ("I
stopped running", "quit the choir") is past: a question about the past names it.

A verb with no object is an activity only where it was said as one, in its -ing form ("started
climbing"). That keeps out verbs that merely have no object ("do you think", "I was scared").
"""

import functools
import re
from dataclasses import dataclass

from lemminflect import getInflection

from memory import selectors
from memory.models import Fact
from memory.nlp.parse import parse
from memory.nlp.text import tokenize
from memory.pipeline.guard import base_relation, owned_by
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import join, sentence

# ("what does Tomás do after school?": what a child does outside school is a pastime too)
ASKED = re.compile(
    r"\b(?:hobby|hobbies|pastimes?|for fun|free time|spare time|after school|weekends)\b", re.I
)
# Taking up, keeping up or being into something: the object is the activity.
TAKEN_UP = {"do", "take_up", "pick_up", "learn", "practise", "practice", "play", "start"}
TAKEN_UP |= {"join", "member_of", "likes", "enjoy", "love", "go", "sign_up_for"}
# What an activity is done in; the activity is the word before it ("pottery classes").
GROUPS = {"class", "classes", "lesson", "lessons", "course", "club", "group", "session"}
GROUPS |= {"sessions", "league", "workshop", "workshops", "gym", "team"}


# "I've been swimming since university": an activity kept up for a time is one
KEPT_SINCE = {"since", "for"}


@dataclass(frozen=True)
class Told:
    activity: str  # as said: "running", "pottery", "the choir"
    holds: bool  # taken up or kept (True), given up (False)
    fact: Fact


def answer(evidence: Evidence) -> str | None:
    """ "Your hobbies are climbing and pottery." or None when nothing tells of any."""
    intent = evidence.intent
    if not ASKED.search(intent.text) or intent.yes_no or not evidence.facts:
        return None
    subject = intent.subject or evidence.speaker
    mine = owned_by(evidence.speaker, subject)
    # (a question is asked only of a memory with facts: theirs is the user's id)
    told = [
        t
        for f in selectors.told_of(user_id=evidence.facts[0].user_id, subject=subject)
        if (t := read(f)) is not None
    ]
    now, given_up = standing(told)
    whose = "your" if mine else f"{subject}'s"
    if intent.wants_past:
        if not given_up or intent.anchor:  # ("before the choir": anchored.py reads order)
            return None
        who, did = ("you", "used to do") if mine else (subject, "used to do")
        return sentence(f"{who} {did} {join(given_up)}") + (
            " " + sentence(f"now {whose} hobbies are {join(now)}") if now else ""
        )
    if not now:
        return None
    if len(now) == 1:
        return sentence(f"{whose} hobby is {now[0]}")
    return sentence(f"{whose} hobbies are {join(now)}")


def standing(told: list[Told]) -> tuple[list[str], list[str]]:
    """(activities held now, newest first; activities given up, newest first)."""
    last: dict[str, Told] = {}
    for item in told:  # oldest first: the newest word on each activity stays
        key = item.activity.removeprefix("the ")
        if item.holds and not item.fact.is_true and key not in last:
            continue  # made false by a later change no reading tied to the activity
        last[key] = item
    newest = sorted(last.values(), key=lambda t: (t.fact.created_at, t.fact.pk), reverse=True)
    now = [t.activity for t in newest if t.holds and t.fact.is_true]
    gone = [t.activity for t in newest if not (t.holds and t.fact.is_true)]
    return now, gone


def read(fact: Fact) -> Told | None:
    relation = base_relation(fact.relation)
    if fact.relation.startswith("plan:"):
        return None
    negated = fact.relation.startswith("not:")
    value = fact.object.strip().lower()
    verb, _, prep = relation.partition("_")
    if verb.isalpha() and (not value and not prep or prep in KEPT_SINCE):
        gerund = doing(verb, source(fact))
        return Told(gerund, not negated, fact) if gerund else None
    if not value or fact.object != value:
        return None  # a name ("Hannah", "PhD") is someone or something, not a pastime
    if relation in TAKEN_UP or (not relation and negated):
        activity = pursued(value, relation)
        return Told(activity, not negated, fact) if activity else None
    return None


def doing(verb: str, text: str) -> str | None:
    """The -ing form of `verb` where `text` says it ("started climbing"), else None."""
    forms = {f.lower() for f in getInflection(verb, tag="VBG") or ()}
    found = {w.lower() for w in tokenize(text)} & forms
    found = {w for w in found if not describes(w)}
    return min(found) if found else None


@functools.lru_cache(maxsize=4096)
def describes(word: str) -> bool:
    """Whether an -ing word is one that describes ("boring", "amazing"), asked of the parser
    in the one place an adjective and a doing part ways: "it was boring" against "it was
    running" ("bought a Skoda instead, boring but it starts" does no boring)."""
    return parse(f"it was {word}")[2].pos_ == "ADJ"


def pursued(value: str, relation: str) -> str | None:
    """The activity an object names: "pottery" of "pottery classes", "bouldering", "yoga"."""
    words = value.split()
    if words[-1] in GROUPS:
        return " ".join(words[:-1]) or None
    if relation in ("likes", "enjoy", "love", "go"):
        # of what one likes, only an activity: "into bouldering", not "likes pizza"
        return value if words[-1].endswith("ing") else None
    return value

""" "What is Mr Tang's first name?", "What's Chino's real name?": a name asked of someone the
user only ever called by a title and surname, or by a nickname. It is told only where a
message says another name beside theirs ("Li Tang", "Chino (Marcos)", "Chino's real name is
Marcos", "Mr Tang, Li to his friends"); none, and the answer is "I don't know", not a
sentence that names them."""

import re

from memory import selectors
from memory.nlp.casing import english_words, is_first_name
from memory.nlp.pronouns import NAME_TITLES
from memory.pipeline.question import Evidence

ASKS_NAME = re.compile(r"\b(?:first|real|actual|full|given|proper|christian)\s+name\b", re.I)
READ = 400  # the newest messages read for the name


def name_never_told(evidence: Evidence) -> bool:
    return said_name(evidence) == ""


def answer(evidence: Evidence) -> str | None:
    """ "Mr Tang's first name is Li." where a message said it beside his surname."""
    name = said_name(evidence)
    if not name:
        return None
    return f"{possessive(evidence.intent.subject or '')} first name is {name}."


def possessive(subject: str) -> str:
    return f"{subject}'" if subject.endswith("s") else f"{subject}'s"


def said_name(evidence: Evidence) -> str | None:
    """The other name said beside the asked one; "" when none was ever said; None when the
    question asks no such name or a message names it in words not read here ("Chino's
    real name is ...")."""
    intent = evidence.intent
    subject = intent.subject or ""
    if not subject or intent.yes_no or not ASKS_NAME.search(intent.text):
        return None
    words = subject.split()
    known = words[-1]  # "Tang" of "Mr Tang", "Chino"
    if "'s " in subject or not known[:1].isalpha():
        return None  # ("my dad's first name": a role, which the name readers answer)
    name = re.escape(known)
    before = re.compile(rf"\b([A-Z][\w'-]+)\s+{name}\b")  # "Li Tang"
    after = re.compile(rf"\b{name}\b\W{{0,3}}\s*\(?\s*([A-Z][\w'-]+)")  # "Chino (Marcos)"
    said = re.compile(rf"\b{name}\b[^.!?]{{0,40}}\b(?:name|called|named)\b", re.I)
    rows = selectors.said_before(user_id=evidence.user_id, at=evidence.asked_at)
    for text in rows.order_by("-sent_at").values_list("text", flat=True)[:READ]:
        for other in [*before.findall(text), *after.findall(text)]:
            if other.lower() not in NAME_TITLES and other not in words and a_name(other):
                return other
        if said.search(text):
            return None  # "Chino's real name is ...", "Mr Tang, called Li by ..."
    return ""


def a_name(word: str) -> bool:
    """A first name, or a word English does not have ("Emeka"); not "Came" said in capitals."""
    return is_first_name(word) or word.lower() not in english_words()

"""Is a message an update, a question, both, small talk, or a memory command?

Rules, sentence by sentence: a sentence is a question when it ends with "?", opens with a
question word or an inverted auxiliary ("is Bob still employed"), or asks indirectly ("tell me
where I work", "I wonder if you still know my sister's name"). "Remember that ..." and
"Note that ..." wrap an update. A statement that only reports not knowing ("I don't know where
Bob works") is still an update: it is what the user said.
"""

import re
from dataclasses import dataclass
from typing import Literal

from memory.nlp.parse import parse
from memory.nlp.questions import AUX, WH, WRAPPERS
from memory.nlp.text import sentences, spoken_marks

RECALL = re.compile(
    r"^(?:what (?:do|did) you (?:remember|know|recall)|tell me (?:everything|all|what you "
    r"(?:know|remember))(?: you (?:know|remember))?|what have you (?:got|stored)) "
    r"(?:about|on|regarding) (?P<arg>.+?)[?.!\s]*$",
    re.I,
)
FORGET = re.compile(
    r"^(?:please )?forget (?:everything |all )?(?:about |that |what i said about )?"
    r"(?P<arg>.+?)[.!\s]*$",
    re.I,
)
UPDATE_WRAPPER = re.compile(
    r"^(?:please )?(?:remember|note|keep in mind|don't forget|do not forget)(?: that|:)\s*|"
    r"^(?:fyi|for the record|just so you know|for your information)[,:]?\s*",
    re.I,
)
INDIRECT = re.compile(
    r"^(?:(?:please )?(?:tell|remind|show|give) me\b|list\b|(?:do|did) you (?:still )?"
    r"(?:remember|know|recall)\b|i(?: wonder| am wondering|'m wondering| want to know| would like "
    r"to know|'d like to know)\b|i'm curious\b|any idea\b|let me know\b|(?:can|could|would) you "
    r"(?:please )?(?:tell|remind|show)\b)",
    re.I,
)
CHITCHAT_WORDS = {
    "hi",
    "hello",
    "hey",
    "yo",
    "hiya",
    "there",
    "thanks",
    "thank",
    "you",
    "so",
    "much",
    "a",
    "lot",
    "ok",
    "okay",
    "cool",
    "great",
    "nice",
    "awesome",
    "bye",
    "goodbye",
    "see",
    "later",
    "good",
    "morning",
    "afternoon",
    "evening",
    "night",
    "cheers",
    "how",
    "are",
    "doing",
    "what's",
    "up",
    "sup",
    "bot",
    "lol",
    "haha",
    "sure",
    "alright",
    "perfect",
    "wow",
    "thx",
    "ty",
    "very",
    "again",
    "all",
    "right",
    "got",
    "it",
    "gotcha",
    "welcome",
    "yes",
    "no",
    "nope",
    "yep",
}


@dataclass(frozen=True)
class Route:
    kind: Literal["update", "question", "both", "chitchat", "command"]
    update_text: str = ""
    question_text: str = ""
    reply: str | None = None
    command: str | None = None
    command_arg: str | None = None


# "wait i said the studio is in graz?? it's in Linz": the user doubting their own words is
# a repair (memory.nlp.repair), told, not asked; "did I say ...?" still asks.
DOUBTED = re.compile(r"^\W*(?:[\w']+\W+){0,3}?i\s+(?:said|wrote|typed)\b", re.I)


def is_question(sentence: str) -> bool:
    text = sentence.strip()
    words = re.findall(r"[\w']+", text.lower())
    if not words:
        return False
    if text.endswith("?"):
        return True
    if words[0].split("'")[0] in WH and len(words) > 1:  # (also "who's head now")
        return True
    if words[0] in AUX and len(words) > 2 and inverted(text, words):
        return True
    return bool(INDIRECT.match(text))


# What stands after an inverted auxiliary: "is Bob", "does my sister", "have you".
ASKED_ABOUT = {"i", "you", "he", "she", "it", "we", "they", "there", "this", "that", "the"}
ASKED_ABOUT |= {"a", "an", "my", "your", "his", "her", "our", "their", "any", "anyone"}


def inverted(text: str, words: list[str]) -> bool:
    """An auxiliary opens a question when a subject follows it ("is Bob still employed",
    "did my sister call"); "had dinner with Pedro" is a statement that dropped its "I"."""
    second = re.findall(r"[\w']+", text)[1]
    if words[0] == "had" and words[1] not in PRONOUNS:
        return False  # "had a huge argument with ...", "had Hemi and Georgia over for tea"
    if words[0] in ("have", "has") and words[1] in ("a", "an"):
        return False  # "have a dentist appointment on friday"
    # ("is pepsi still with us": a name typed in lower case, then what asks about it)
    asking = len(words) > 3 and words[2] in ("still", "yet", "ever", "really")
    return words[1] in ASKED_ABOUT or second[:1].isupper() or asking


PRONOUNS = {"i", "you", "he", "she", "it", "we", "they"}


def chitchat_reply(text: str) -> str | None:
    words = re.findall(r"[\w']+", text.lower())
    if not words or len(words) > 8 or not set(words) <= CHITCHAT_WORDS:
        return None
    if {"thanks", "thank", "thx", "ty", "cheers"} & set(words):
        return "You're welcome!"
    if {"bye", "goodbye", "later"} & set(words):
        return "Goodbye! I'll remember what you told me."
    if "how" in words:
        return "I'm doing well, thanks. Tell me something to remember, or ask me what I know."
    if {"hi", "hello", "hey", "yo", "hiya", "morning", "afternoon", "evening"} & set(words):
        return "Hello! Tell me something to remember, or ask me what I know."
    return "Okay. Anything else you'd like me to remember?"


def route(text: str) -> Route:
    """Route a message; raises ValueError for an empty one (the chat refuses those earlier)."""
    text = spoken_marks((text or "").strip())
    if not text:
        raise ValueError("empty message")
    command = _command(text)
    if command:
        return command
    reply = chitchat_reply(text)
    if reply:
        return Route(kind="chitchat", reply=reply)
    updates: list[str] = []
    questions: list[str] = []
    for sentence in clauses(text):
        unwrapped = UPDATE_WRAPPER.sub("", sentence, count=1)
        if unwrapped != sentence and unwrapped.strip():
            updates.append(unwrapped.strip())
        elif is_question(sentence) and not DOUBTED.match(sentence):
            questions.append(sentence)
        elif not chitchat_reply(sentence):
            updates.append(sentence)
    if updates and questions:
        return Route("both", " ".join(updates), " ".join(questions))
    if questions:
        return Route("question", question_text=" ".join(questions))
    if updates:
        return Route("update", update_text=" ".join(updates))
    return Route(kind="chitchat", reply="Okay.")


# words a question may open with before what it asks ("also how long can ...", "btw is ...")
LEADING_WORDS = re.compile(r"^(?:(?:also|btw|and|but|so|oh|ok|okay|anyway)\b[,:]?\s*)+", re.I)


def told_part(text: str) -> str:
    """The sentences of a message that tell something, without those that ask ("Do I need
    an eTA?", "also how long can it stay in the fridge?")."""
    said = clauses(text)
    kept = [c for c in said if not _asks(c)]
    return " ".join(kept) if kept and len(kept) < len(said) else text


def _asks(clause: str) -> bool:
    """A clause marked as a question that asks by its words too ("Is a girl, we call her
    Yerba." drops a "she"; "he actually likes it??" is surprise)."""
    words = LEADING_WORDS.sub("", clause).rstrip("?!. ")
    return clause.rstrip().endswith("?") and is_question(words)


# A dash or semicolon can join a statement and a question in one sentence ("I started
# learning piano — what instrument am I learning?").
_JOINS = re.compile(r"\s+[—–-]{1,2}\s+|;\s+")


def clauses(text: str) -> list[str]:
    parts = []
    for sentence in sentences(text):
        pieces = [p.strip() for p in _JOINS.split(sentence) if p.strip()]
        if len(pieces) > 1 and any(is_question(p) for p in pieces):
            parts.extend(pieces)
        else:
            parts.append(sentence)
    return [piece for part in parts for piece in _told_then_asked(part)]


def _told_then_asked(sentence: str) -> list[str]:
    """ "signed up for a pottery class, do you think I'll be terrible?": a statement and a
    question joined by a comma are two clauses when the part after the comma opens as a
    question (a question word or an inverted auxiliary) and the part before it is a clause of
    its own (a few words with a verb, not a question, not a condition such as "if ...")."""
    if not sentence.rstrip().endswith("?"):
        return [_remembered(sentence)]
    pieces = sentence.split(", ")
    for k in range(1, len(pieces)):
        told, asked = ", ".join(pieces[:k]), ", ".join(pieces[k:])
        opener = re.findall(r"[\w']+", asked.lower())[:2]
        if len(opener) < 2 or not (opener[0] in WH or opener[0] in AUX or opener[0] in ASKING):
            continue
        words = re.findall(r"[\w']+", told.lower())
        if len(words) < 3 or words[0] in SUBORDINATORS or is_question(told + "."):
            continue  # "if I move to Porto, where will I live?" tells nothing
        if not any(t.pos_ in ("VERB", "AUX") for t in parse(told)):
            continue  # "ice or heat, what's better?" names the options asked about
        return [_remembered(told), asked]
    return [sentence]


def _remembered(told: str) -> str:
    """ "remind me, I booked the dentist for Monday": a request to be reminded of what
    follows it is that statement."""
    head, sep, rest = told.partition(", ")
    if sep and INDIRECT.match(head) and len(head.split()) <= 3 and not is_question(rest):
        return rest
    return told


# Words that open a request in chat ("..., any first book ideas?", "..., btw how do I ...?")
ASKING = {"any", "anyone", "anybody", "btw", "tips", "ideas", "thoughts", "advice"}
SUBORDINATORS = {"if", "when", "whenever", "since", "because", "although", "though", "while"}
SUBORDINATORS |= {"unless", "before", "after", "once", "until", "as", "in", "whether"}


def _command(text: str) -> Route | None:
    found = RECALL.match(text)
    if found:
        return Route(kind="command", command="recall", command_arg=found.group("arg").strip())
    found = FORGET.match(text)
    if found and len(text) < 200:
        return Route(kind="command", command="forget", command_arg=found.group("arg").strip())
    return None


__all__ = ["Route", "route", "is_question", "WRAPPERS"]

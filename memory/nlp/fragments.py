"""Terse chat that names what the sentence before it introduced: "Two dogs. Kátur and Týra.",
"Got a puppy. Lundi.", "New flatmate. Sofía." The names are those of the noun the short
sentence before them ends with, as if a colon joined them ("Two dogs: Kátur and Týra"), which
the labelled-list reading (memory.nlp.holdings) understands."""

import re

from memory.nlp.parse import Token, child, parse
from memory.nlp.pronouns import looks_named
from memory.nlp.words import HELPERS, PEOPLE, STAFF

# A cheap test before any parse: a sentence of capitalised words only, after a full stop.
NAME = r"[^\W\d_][\w'-]*"
NAMES_ONLY = re.compile(rf"[.!]\s+{NAME}(?:(?:,\s*|\s+and\s+|\s*&\s*){NAME})*[.!]?")
# The sentence whose noun the names belong to says little else.
SHORT = 6


def named_after(text: str) -> str:
    if not NAMES_ONLY.search(text):
        return text
    sents = list(parse(text).sents)
    joins = []
    for before, names in zip(sents, sents[1:], strict=False):
        words = [t for t in before if not t.is_punct]
        if not words or len(words) > SHORT or words[-1].pos_ != "NOUN" or before[-1].text != ".":
            continue
        if any(t.text == ":" for t in names):
            continue  # "6 years. Commander: Zbigniew.": the names have a label of their own
        said = [t for t in names if not t.is_punct and t.dep_ != "cc"]
        # (one name like no English word says the list is names: "Mochi, Tofu and Pip"; not
        # "Lovely", which the tagger may call a name when it stands alone)
        if said and all(capitalised(t) for t in said) and any(looks_named(t) for t in said):
            joins.append(before[-1].idx)
    for at in reversed(joins):
        text = text[:at] + ":" + text[at + 1 :]
    return text


def _past_taken_for_name(token: Token) -> bool:
    """ "Lost Biscuit on Tuesday": a capitalised irregular past the tagger read as a name."""
    return token.tag_ == "NNP" and re.fullmatch(IRREGULAR_PAST, token.lower_) is not None


def capitalised(token: Token) -> bool:
    return token.text[:1].isupper() and token.pos_ in ("PROPN", "NOUN")


# A sentence that opens with a past tense and no subject ("Started yoga last week.", "Lost
# Biscuit on Tuesday.")
IRREGULAR_PAST = "lost|sold|got|bought|found|gave|took|met|won|broke|quit|sent|kept|spent"
IRREGULAR_PAST += "|left|paid|made|went|began|swapped"
OPENING_PAST = re.compile(rf"(?:^|[.!?]\s+)(?:[A-Za-z]+ed|(?i:{IRREGULAR_PAST}))\b")


def with_speaker(text: str) -> str:
    """ "Started yoga last week." said as "I started yoga last week.": chat drops the "I",
    and the parser then reads the verb as an adjective of the noun after it ("started yoga"
    as a kind of yoga), so no predicate is left to read."""
    if not OPENING_PAST.search(text):
        return text
    opening = [
        s[0]
        for s in parse(text).sents
        if (s[0].tag_ in ("VBD", "VBN") or _past_taken_for_name(s[0]))
        and (
            s[0].dep_ in ("amod", "compound")
            and s[0].head.dep_ == "ROOT"
            or text[s[0].idx : s[0].idx + 1].isupper()
            and _bare_verb(s[0])
            # ("Left PureGym, joined the leisure centre", "Quit my job at Tesco, ...": the
            # past read as a name that heads the subject)
            or _past_taken_for_name(s[0])
            and s[0].dep_ in ("compound", "nsubj")
        )
    ]
    for verb in reversed(opening):
        text = f"{text[: verb.idx]}I {verb.text.lower()}{text[verb.idx + len(verb.text) :]}"
    return text


def _bare_verb(token: Token) -> bool:
    """ "Lost Café Kinnen, they closed": a capitalised past verb the parse reads as a verb
    (memory.nlp.casing lowers it) with no subject of its own."""
    lowered = token.doc.text[token.idx : token.idx + 1].islower()
    return token.pos_ == "VERB" and lowered and child(token, "nsubj") is None


# A sentence that opens with a person's role, bare: "Wife Jess.", "Apprentice starts Monday."
BARE_ROLE = re.compile(
    r"(?:^|(?<=[.!?] ))(?P<role>[A-Z][a-z]+) (?P<next>[A-Z][\w'-]*|[a-z]+(?:s|ed))\b"
)


def bare_roles(text: str) -> str:
    """ "Wife Jess. Runs the caravan park." said as "My wife is Jess.", "Apprentice starts
    Monday." as "My apprentice starts Monday.", "Mum Aroha lives ..." as "My mum Aroha
    lives ...": terse chat drops the "my" of the user's own people, and a role alone with a
    name is the role's holder."""

    def said(found: re.Match) -> str:
        role, after = found["role"], found["next"]
        if role.lower() not in PEOPLE | STAFF | HELPERS or role.endswith("ed"):
            return found[0]  # ("Hired Jase": a verb, whatever the word lists say)
        if re.match(r" [A-Z]", text[found.end() :]):
            return found[0]  # "Teacher Appreciation Week": a name of many words, no holder
        alone = text[found.end() : found.end() + 1] in ("", ".", ",", "!")
        if after[:1].isupper() and alone:
            return f"My {role.lower()} is {after}"  # "Wife Jess."
        return f"My {role.lower()} {after}"  # "Mum Aroha lives ...", "Boss fired Tom"

    return BARE_ROLE.sub(said, text)


# "..., head roaster now!", "Promoted. Shift lead now.": what one is now, said with no verb.
NOW_FRAGMENT = re.compile(
    r"(?:^|(?<=[.!?,;] ))(?P<what>(?:[A-Za-z-]+ ){0,2}(?P<head>[A-Za-z-]+)) now(?=[.!?]*(?:\s|$))"
)
SAYING_IS = {"is", "are", "was", "were", "am", "be", "been", "has", "have", "had", "will"}
NOT_SAID_OF_SELF = {"he", "she", "they", "it", "we", "i", "you", "my", "his", "her", "their"}


def jobs_now(text: str) -> str:
    """ "I've moved to the roastery side, head roaster now!" said as "..., I'm head roaster
    now!": a post alone before "now" is what the speaker is now (an agent noun, no verb)."""
    from memory.nlp.casing import is_first_name
    from memory.nlp.intro import agent

    def said(found: re.Match) -> str:
        words = found["what"].lower().split()
        if words[0] in NOT_SAID_OF_SELF or not agent(found["head"].lower()):
            return found[0]
        if set(words) & SAYING_IS or any(is_first_name(w.capitalize()) for w in words[:-1]):
            return found[0]  # ("georgia is captain now": said of someone, with its verb)
        if found["head"].lower() in PEOPLE - STAFF:
            return found[0]  # ("grandma now!": a family role, not a job)
        return f"I'm {found['what']} now"

    return NOW_FRAGMENT.sub(said, text) if " now" in text else text

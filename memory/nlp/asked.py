"""Questions said plainly before they are read (memory.nlp.ask): the ways people ask that
the parser misreads, each put the way it reads well. Each rewrite applies only where its
pattern matches, so a question asked plainly is read as typed."""

import re
from functools import cache

from spacy.lang.en.stop_words import STOP_WORDS

from memory.nlp.words import PEOPLE

# "where is Chamari going to teach?" asks what "where will Chamari teach?" asks (not where
# she is going)
GOING_TO = re.compile(r"\b(?:is|are|am)\s+(\w+(?: \w+)?)\s+going to\s+([a-z]+)\b", re.I)


def will_do(found: re.Match) -> str:
    """ "is Chamari going to teach" -> "will Chamari teach"; not "are we going to the ..."."""
    from lemminflect import getAllLemmas

    verb = found.group(2).lower()
    if verb not in getAllLemmas(verb).get("VERB", ()) or verb in STOP_WORDS:
        return found.group(0)
    return f"will {found.group(1)} {found.group(2)}"


# "Which animals share my home?" asks who lives with the speaker
SHARE_HOME = re.compile(
    r"(?<!\bI )(?<!\bwe )\b(share|shares|sharing)\s+(?:my|our)\s+"
    r"(?:home|house|flat|apartment|place)\b(?!\s+with)",
    re.I,
)


# "who's living at mine now?", "who is staying at ours?": at the speaker's home is with them
AT_MINE = re.compile(r"\b(living|lives|live|staying|stays|stay)\s+at\s+(?:mine|ours)\b", re.I)


def _live_with(found: re.Match) -> str:
    verb = found.group(1).lower()
    return {"share": "live", "shares": "lives", "sharing": "living"}[verb] + " with me"


# "what does ben want in the greenhouse?": the word between the auxiliary and the verb is
# the subject, so a first name there is one even where it is an English word too
ASKED_OF = re.compile(
    r"^((?:what|where|when|who|how|why|which\s+\w+)\s+(?:does|did|is|was|has|had|will|can)\s+)"
    r"([a-z]+)(?=\s+[a-z]+)"
)


def _name_asked(found: re.Match) -> str:
    word = found[2]
    if word in STOP_WORDS or word in PEOPLE or len(word) < 3 or word not in _first_names():
        return found[0]
    return found[1] + word.capitalize()


@cache
def _first_names() -> frozenset[str]:
    from memory.nlp.predicates import listed_names

    return frozenset(listed_names())


# "Who has to sort out the refunds?", "who needs to feed the cat?": asks who does it
HAS_TO = re.compile(r"^(who)\s+(?:has|had|needs|needed)\s+to\s+([a-z]+)\b", re.I)


def _does(found: re.Match) -> str:
    from lemminflect import getInflection

    verb = found[2].lower()
    done = getInflection(verb, tag="VBZ")
    return f"{found[1]} {done[0] if done else verb}"


def asked_plainly(text: str) -> str:
    """`text` with a lower-case first name after "does" capitalised, "who has to X" as "who
    Xs", and sharing or living at the speaker's home said as living with them."""
    text = HAS_TO.sub(_does, ASKED_OF.sub(_name_asked, text))
    return AT_MINE.sub(r"\1 with me", SHARE_HOME.sub(_live_with, text))


def verb_of(relation: str | None) -> str | None:
    """ "what is Anouk opening?": the parser takes the "-ing" word after a name for a noun
    ("Anouk opening"), so the slot is its verb's ("open")."""
    if not relation or not re.fullmatch(r"[a-z]+ing", relation) or relation in ("doing", "going"):
        return relation
    from lemminflect import getLemma

    lemmas = getLemma(relation, upos="VERB")
    return lemmas[0] if lemmas and lemmas[0] != relation else relation

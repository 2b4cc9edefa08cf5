"""Whether a text names a value, as people shorten and reorder names ("the 76ers" names
"Philadelphia 76ers"), and whether it names it only as something left behind."""

from memory import nlp
from memory.models import Fact
from memory.nlp.relations import TITLES
from memory.pipeline.amend import put_right
from memory.pipeline.question import Evidence

# Words that join the parts of a name without naming anything ("Secretary of State for
# Business and Trade" is named by "Business Secretary").
FUNCTION_WORDS = {"of", "for", "and", "the", "to", "in", "at", "on", "de", "del", "la", "le"}


GENERIC = {w for title in TITLES.split("|") for w in title.split()} | {
    "minister",
    "secretary",
    "state",
    "member",
    "judge",
    "deputy",
    "shadow",
    "team",
    "club",
    "national",
}


def key_words(text: str) -> set[str]:
    return {w for w in nlp.entity_key(text).split() if len(w) > 1}


def _name_words(name: str) -> set[str]:
    return (key_words(name) - FUNCTION_WORDS) or key_words(name)


def _variant(word: str, other: str) -> bool:
    """The same word with a short ending: "Victorian" for "Victoria", "senators" for "senator"."""
    if word == other:
        return True
    short, long_ = sorted((word, other), key=len)
    return len(short) >= 5 and long_.startswith(short) and len(long_) - len(short) <= 2


def mentions(text: str, name: str) -> bool:
    """Whether `text` names `name`, allowing reordering and dropped words ("Nagoya Fighting
    Eagles" names "Fighting Eagles Nagoya"; "the 76ers" names "Philadelphia 76ers")."""
    wanted = _name_words(name)
    if not wanted:
        return False
    said = key_words(text)
    found = [w for w in wanted if any(_variant(w, s) for s in said)]
    # Titles and words like "team" are shared by many names: "Ports minister" does not name
    # "Minister for Rivers", so one word that names something must be among those found.
    if wanted - GENERIC and not set(found) - GENERIC:
        return False
    return len(found) * 2 >= len(wanted)


# Words before a name that make it the old value: "on loan from X", "former X coach".
DEPARTED = {"from", "former", "formerly", "ex", "left", "leaving", "leaves", "quit", "quits"}


def only_departed(text: str, name: str) -> bool:
    """Whether every place `text` names `name` is as something left behind ("Bob signed with
    Y after leaving X" names X only as the past)."""
    wanted = _name_words(name)
    said = nlp.entity_key(text).split()
    starts = [
        i
        for i, w in enumerate(said)
        if any(_variant(w, x) for x in wanted) and (i == 0 or said[i - 1] not in wanted)
    ]
    return bool(starts) and all(DEPARTED & set(said[max(0, i - 2) : i]) for i in starts)


def source(fact: Fact) -> str:
    """The whole message a fact came from: a clause may have cut off what names the object."""
    message = fact.source_message
    meant = put_right(message) if message is not None else None
    return meant if meant is not None else getattr(fact, "_as_told", fact.text)


def about_subject(evidence: Evidence) -> list[Fact]:
    """Current facts that mention the question's subject, latest first."""
    subject = evidence.intent.subject
    if not subject:
        return []
    surname = nlp.entity_key(subject).split()[-1:]
    hits = [
        f
        for f in evidence.facts
        if f.is_true
        and (nlp.same_entity(f.subject, subject) or surname and surname[0] in key_words(source(f)))
    ]
    return sorted(hits, key=lambda f: (f.created_at, f.pk), reverse=True)


def of_asked(subject: str, fact: Fact, said: str, speaker: str = "") -> bool:
    """Whether a fact is about whom the question asks: its subject, or its sentence said back
    names them (by the last word of the name, as about_subject finds them: "Mitchell")."""
    if not subject or nlp.same_entity(fact.subject, subject):
        return True
    if speaker and nlp.same_entity(subject, speaker):
        return True  # the user's own messages tell of their life, "I" said or not
    words = nlp.tokenize(said.lower())
    owner, _, role = subject.partition("'s ")
    if role and role.lower() in said.lower():
        return True  # "my father-in-law he was a fisherman ..." for "my father-in-law"
    named = owner.lower().split()[-1:]
    return bool(named) and named[0] in words

"""How a stored fact is said to the user: as "you" when it is about them, never by username,
with a date only where it helps."""

import re
from datetime import datetime

from django.utils import timezone
from lemminflect import getInflection

from memory.models import Fact
from memory.nlp import wording
from memory.nlp.words import COLLECTIVES, member_of
from memory.pipeline.guard import base_relation, slot_name
from memory.pipeline.question import Evidence


def day(value: datetime) -> str:
    """ "12 March 2025"; the year is left out for dates in the current year."""
    now = timezone.now()
    if value.year == now.year:
        return f"{value.day} {value:%B}"
    return f"{value.day} {value:%B %Y}"


def speak(fact: Fact, speaker: str, *, past: bool = False) -> str:
    """The fact as a clause said to `speaker` ("you work at Unbabel", "Ana lives in Porto")."""
    relation = fact.relation
    if base_relation(relation) and fact.object:
        negated = relation.startswith("not:")
        return wording.clause(
            subject=fact.subject,
            relation=base_relation(relation),
            value=fact.object,
            speaker=speaker,
            negated=negated,
            past=past and not relation.startswith("plan:"),
        )
    if fact.source_message is not None and not base_relation(relation):
        return quote(fact, speaker)  # "we sold our old Corolla": the user's words say it best
    return plain(fact, speaker)


def plain(fact: Fact, speaker: str) -> str:
    """The fact's own sentence, in the second person where it is about the user."""
    return wording.second_person(fact.text.strip().rstrip("."), speaker)


def sentence(text: str) -> str:
    text = text.strip().rstrip(".")
    return wording.capitalise(text) + "." if text else ""


def join(clauses: list[str]) -> str:
    """ "a, b and c" """
    clauses = [c for c in clauses if c]
    if len(clauses) <= 1:
        return "".join(clauses)
    return ", ".join(clauses[:-1]) + " and " + clauses[-1]


def speak_all(facts: list[Fact], speaker: str, *, counted: bool = False, past: bool = False) -> str:
    """Several current values said at once: one role's holders as a list ("your housemates
    are Jonas, Hannah and Sindre"; counted, "you have 3 housemates: ..."), anything else
    clause by clause."""
    slots = {(f.subject, f.relation) for f in facts}
    if len(facts) > 1 and len(slots) == 1 and facts[0].relation.startswith("role:"):
        subject, relation = slots.pop()
        role = relation.removeprefix("role:")
        words = role.split()
        if not words[-1].endswith("s") or words[-1].endswith(("ss", "us")):
            # (a role stored as said in the plural, "altos", is not made "altoses")
            words[-1] = (getInflection(words[-1], tag="NNS") or (words[-1] + "s",))[0]
        # the newest first ("who's my flatmate now?"); those told together, as told
        names = [f.object for f in sorted(facts, key=lambda f: (-(f.source_message_id or 0), f.pk))]
        if counted:
            who = "you have" if subject == speaker else f"{subject} has"
            return f"{who} {len(facts)} {' '.join(words)}: {join(names)}"
        owner = "your" if subject == speaker else f"{subject}'s"
        if role in COLLECTIVES:
            return in_group(names, owner, role)
        return f"{owner} {' '.join(words)} are {join(names)}"
    # (the same thing told twice is said once: "Kofi is 5", not "Kofi is 5 and Kofi is 5")
    return join(list(dict.fromkeys(speak(f, speaker, past=past and happened(f)) for f in facts)))


def in_group(names: list[str], owner: str, group: str) -> str:
    """Who is in one of someone's groups: "Kyle and Dan are on your crew"."""
    verb = "are" if len(names) > 1 else "is"
    return f"{join(names)} {verb} {member_of(group)} {owner} {group}"


def happened(fact: Fact) -> bool:
    """A fact of something done ("opened a salon"), which a past question asks in the past;
    a role, a name, an age or what someone is or has holds still."""
    relation = slot_name(fact.relation)
    return ":" not in relation and relation not in ("is", "has", "age", "is_called", "")


_TO_YOU = [
    (r"\bI'm\b", "you're"),
    (r"\bIm\b", "you're"),  # chat drops the apostrophe
    (r"\bIve\b", "you've"),
    (r"\bI am\b", "you are"),
    (r"\bI was\b", "you were"),
    (r"\bI've\b", "you've"),
    (r"\bI'll\b", "you'll"),
    (r"\bI'd\b", "you'd"),
    (r"\bwe're\b", "you're"),
    (r"\bwe are\b", "you are"),
    (r"\bwe were\b", "you were"),
    (r"\bI\b", "you"),
    (r"\bme\b", "you"),
    (r"\bmyself\b", "yourself"),
    (r"\bmy\b", "your"),
    (r"\bmine\b", "yours"),
    (r"\bwe\b", "you"),
    (r"\bour\b", "your"),
    (r"\bus\b", "you"),
]


def to_you(text: str) -> str:
    """The user's own words said back to them: "I moved to Berlin" -> "you moved to Berlin"."""
    for pattern, replacement in _TO_YOU:
        text = re.sub(pattern, replacement, text, flags=re.I)
    return text


def as_asked(evidence: Evidence, anchor: str) -> str:
    """The event a question orders by, as it was asked ("before the house", "before I came
    back to the farm" -> "you came back to the farm"): the anchor read from it keeps only
    the value."""
    said = re.search(r"\b(?:before|after)\s+(.+?)[\s?.!]*$", evidence.intent.text, re.I)
    if said is None or anchor.lower() not in said[1].lower():
        return anchor
    return to_you(said[1])


def quote(fact: Fact, speaker: str) -> str:
    """The sentence a fact came from, said back to the user: where no slot decides, the
    user's own sentence carries more than the fact's triplet ("Leo is obsessed with
    dinosaurs right now"). Another speaker's "I" (a transcript's "Gina: I ...") is Gina. The
    sentence is the one naming the fact's value, else the one sharing most of its words."""
    from memory.nlp import sentences, stem, tokenize
    from memory.nlp.statements import resolve_first_person
    from memory.pipeline.amend import put_right
    from memory.pipeline.update import split_speaker

    message = fact.source_message
    meant = put_right(message) if message is not None else None
    if meant is None:
        return plain(fact, speaker)
    who, body = split_speaker(meant, speaker)
    parts = [p.strip().rstrip(".!") for p in sentences(body) if p.strip(" .!?")]
    anchor = (fact.object or "").lower()
    said = {stem(w) for w in tokenize(fact.text)}

    def fit(part: str) -> tuple[bool, int]:
        named = len(anchor) >= 2 and anchor in part.lower()
        return named, len(said & {stem(w) for w in tokenize(part)})

    if not parts or fit(max(parts, key=fit)) == (False, 0):
        return plain(fact, speaker)
    part = name_the_pronoun(own_clause(max(parts, key=fit), fact), fact.subject)
    return to_you(part) if who == speaker else resolve_first_person(part, who)


# Clauses that stand on their own ("he wants her to be a doctor" is one: its "her to be"
# is what he wants), and one spliced on before another with a comma.
CLAUSE_HEADS = ("ROOT", "conj", "parataxis")
PERSONAL = {"i", "you", "he", "she", "we", "they"}


def own_clause(part: str, fact: Fact) -> str:
    """Of a sentence telling several people's doings ("he's falcons she's saints", "he plays
    the kendang and she sings"), the one clause that holds the fact's value. The sentence
    whole when its clauses are not each about a person ("...; the other is Declan"), share
    one subject, or the value is not in exactly one of them."""
    from memory.nlp.parse import children, parse

    anchor = (fact.object or "").lower()
    if len(anchor) < 2:
        return part
    doc = parse(part)
    # (a clause spliced on with a comma is parsed as a complement of the one after it)
    heads = [
        t
        for t in doc
        if t.pos_ in ("VERB", "AUX")
        and (t.dep_ in CLAUSE_HEADS or t.dep_ == "ccomp" and t.i < t.head.i)
    ]
    subjects = [children(h, "nsubj", "nsubjpass") for h in heads]
    if len(heads) < 2 or not all(subjects):
        return part
    if not all(s[0].lower_ in PERSONAL or s[0].pos_ == "PROPN" for s in subjects):
        return part
    if len({s[0].lower_ for s in subjects}) < 2:
        return part
    owned: dict[int, list] = {h.i: [] for h in heads}
    for token in doc:
        head = next((a for a in [token, *token.ancestors] if a.i in owned), None)
        if head is not None and not token.is_punct and token.dep_ != "cc":
            owned[head.i].append(token)
    spans = []
    for head, subject in zip(heads, subjects, strict=True):
        start, end = min(t.i for t in owned[head.i]), max(t.i for t in owned[head.i])
        if start != subject[0].left_edge.i:
            return part  # a clause that does not start with its subject is a misreading
        spans.append(doc[start : end + 1].text)
    holding = [span for span in spans if anchor in span.lower()]
    return holding[0] if len(holding) == 1 else part


def name_the_pronoun(sentence: str, subject: str) -> str:
    """ "He just got promoted" said back names who: "Pedro just got promoted"."""
    first, _, rest = sentence.partition(" ")
    pronoun, _, verb = first.lower().partition("'")
    if pronoun not in ("he", "she", "they") or not subject[:1].isupper() or "'s" in subject:
        return sentence
    if subject.split()[0].lower() in rest.lower().split():
        return sentence  # "she and Andriy argue ...": the pronoun is someone else
    if verb == "s":  # "she's saints": is, or has before "been"/"got" ("she's just been")
        words = [w for w in rest.lower().split() if w not in ("just", "finally", "already")]
        verb = "has" if words[:1] in (["been"], ["got"]) else "is"
        return f"{subject} {verb} {rest}"
    return f"{subject} {rest}" if not verb else sentence


def ended_at(evidence: Evidence, fact: Fact):
    rows = [r for r in evidence.history.get(fact.pk, []) if not r.value]
    return rows[-1].at if rows else fact.truth_since


def since(fact: Fact, speaker: str = "") -> str:
    """What is true now, said plainly: the date would only be noise on every line."""
    return wording.capitalise(speak(fact, speaker))


def until(evidence: Evidence, fact: Fact) -> str:
    return f"{speak(fact, evidence.speaker, past=True)} (until {day(ended_at(evidence, fact))})"

""" "What vehicles do we have now?", "Which cars do I own?": every vehicle the user (or, for
"we", their partner) got, in whatever words it came ("we have a VW camper", "bought a Skoda
Octavia", "my wife drives a Corsa"), less those that went since ("sold the camper", "Tobias
took the Corsa today"). A vehicle is matched to what is said of it later by its last word,
the word a person shortens it to ("the camper", "the Corsa")."""

from django.db.models import Q

from memory import nlp
from memory.models import Fact
from memory.nlp.parse import parse
from memory.nlp.words import VEHICLES
from memory.pipeline.guard import base_relation, role_noun
from memory.pipeline.question import Evidence
from memory.pipeline.speech import join, sentence
from memory.pipeline.typed import GOT as BOUGHT
from memory.pipeline.valuekinds import NUMBER_WORDS, vehicle

# What puts a vehicle in someone's hands, and what takes it out of them.
GOT = BOUGHT | {"ride", "lease", "pick"}
LOST = {"sell", "give", "scrap", "write_off", "take", "return", "trade", "swap"}
WENT = {"go", "die", "sell", "break_down_for_good"}
KINDS = VEHICLES | {"vehicle", "motor", "wheel"}
SHARING = {"wife", "husband", "partner", "spouse", "fiancé", "fiancée", "fiance", "fiancee"}


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if intent.yes_no or intent.wh not in ("what", "which") or intent.wants_past:
        return None
    kind = asked_kind(intent.text)
    if not kind or intent.anchor:
        return None
    asked = f" {intent.text.lower()} "
    ours = owners(evidence, we=" we " in asked or " and i " in asked)
    if not ours:
        return None
    # (only the facts that may say a vehicle was got, or went: not the whole memory)
    mine = Fact.objects.filter(user_id=evidence.user_id).exclude(relation__startswith="plan:")
    mine = mine.order_by("created_at", "pk")
    had = [f for f in mine.filter(subject_key__in=ours) if got(f, ours) and of_kind(f, kind)]
    ends = list(mine.filter(Q(relation__startswith="not:") | Q(relation__in=LOST | WENT)))
    kept = [f for f in had if f.is_true and not gone(f, ends, ours)]
    names = list(dict.fromkeys(f.object for f in kept))
    if not names:
        return None
    plural = kind if kind.endswith("s") else f"{kind}s"
    return sentence(f"your {plural} are {join(dedupe(names))}")


def asked_kind(question: str) -> str:
    """The plural word for vehicles a question asks ("vehicles", "cars"), or ""."""
    for token in parse(question):
        if token.tag_ == "NNS" and token.lemma_.lower() in KINDS:
            return token.lower_
    return ""


def owners(evidence: Evidence, *, we: bool) -> set[str]:
    """Whose vehicles are the user's: theirs, and for "we" their partner's."""
    subject = evidence.intent.subject or evidence.speaker
    if not nlp.same_entity(subject, evidence.speaker) and not we:
        return set()
    keys = {nlp.entity_key(evidence.speaker)}
    if we:
        for fact in Fact.objects.filter(
            user_id=evidence.user_id, subject_key=nlp.entity_key(evidence.speaker), is_true=True
        ).filter(relation__startswith="role:"):
            if role_noun(fact.relation) in SHARING and fact.object:
                keys.add(nlp.entity_key(fact.object))
    return keys


def got(fact: Fact, ours: set[str]) -> bool:
    relation = base_relation(fact.relation)
    role = role_noun(relation) if relation.startswith("role:") else ""
    return (
        fact.subject_key in ours
        and (relation in GOT or role in VEHICLES)  # ("the car's a Fiat")
        and not fact.relation.startswith("not:")
        and bool(fact.object)
        and not counted(fact.object)
        and (vehicle(fact.object) or bool(words(fact.object) & VEHICLES))
    )


def counted(value: str) -> bool:
    """ "two cars": how many, not which."""
    first = value.split()[0].lower()
    return first.isdigit() or first in NUMBER_WORDS


def words(value: str) -> set[str]:
    """The words of a value, a hyphened one's parts too ("e-bike": "bike")."""
    said = value.lower().replace("-", " ").split()
    return {w.removesuffix("s") for w in said}


def of_kind(fact: Fact, kind: str) -> bool:
    """ "cars" are not the e-bike; "vehicles" are any. A vehicle said by its make alone is
    ridden if it is a bike ("rides a Yamaha"), else driven."""
    noun = kind.removesuffix("s")
    if noun in ("vehicle", "motor", "wheel"):
        return True
    named = (words(fact.object) | {role_noun(fact.relation)}) & VEHICLES
    if named:  # (a van is one of "the cars" one has; a motorbike is one of the bikes)
        return bool(named & RIDDEN) == (noun in RIDDEN)
    ridden = base_relation(fact.relation) == "ride"
    return ridden == (noun in RIDDEN)


RIDDEN = {"bike", "motorbike", "motorcycle", "scooter"}


def gone(had: Fact, ends: list[Fact], ours: set[str]) -> bool:
    """Whether a later fact of `ends` says the vehicle went: sold, given away, taken by
    someone else."""
    for fact in ends:
        if (fact.created_at, fact.pk) <= (had.created_at, had.pk):
            continue
        relation = base_relation(fact.relation)
        if not fact.object and relation in WENT and same_vehicle(fact.subject, had.object):
            return True  # "the Volvo has gone"
        if not fact.object or not same_vehicle(fact.object, had.object):
            continue
        if fact.relation.startswith("not:") and fact.subject_key in ours:
            return True
        if relation in LOST and (fact.subject_key in ours) != (relation == "take"):
            return True  # we sold or gave it; someone else took it
    return False


def same_vehicle(one: str, other: str) -> bool:
    """ "the camper" is "VW T4 California camper": the last word of one is a word of the
    other (a make alone, "the Skoda", names "Skoda Octavia" too)."""
    a, b = _stems(one), _stems(other)
    if not a or not b:
        return False
    return a[-1] in b or b[-1] in a


def _stems(name: str) -> list[str]:
    return [nlp.stem(w) for w in nlp.tokenize(name) if w.lower() not in ("the", "a", "an", "my")]


def dedupe(names: list[str]) -> list[str]:
    """One name for each vehicle, the fullest ("Skoda Octavia Kombi", not "the Skoda")."""
    out: list[str] = []
    for name in sorted(names, key=len, reverse=True):
        if not any(same_vehicle(name, kept) for kept in out):
            out.append(name)
    return [n for n in names if n in out]

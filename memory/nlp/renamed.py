"""A thing named in the clause after it: "my sister works at a hospital, it's called St
Vincent's", "we got a puppy last week, she's called Miso", "an accountant at a mid-size firm.
it's called Harlow & Finch". The name takes the place of the noun it names, as it does when
the name follows the noun ("a hospital called St Vincent's", "a puppy named Miso")."""

import re
from dataclasses import replace

from memory.nlp.facts import ParsedFact
from memory.nlp.parse import Token, child, children
from memory.nlp.predicates import NAMING_VERBS
from memory.nlp.wording import clause

# What stands for a thing just spoken of; "she" and "he" only when no person took them
# (a pet, a boat: "she's called Miso").
POINTING = {"it", "she", "he", "this", "that"}
# Relations whose value is no thing a name could be given to.
UNNAMEABLE = {"", "is", "is_called", "age", "likes", "say", "tell", "think", "guess", "know"}
# What is had and then named is the owner's one of that kind ("role:puppy"), as "we got a
# puppy named Miso" is read.
HAD = {"has", "get", "adopt", "buy", "rescue", "find", "want"}
# What a name is given to in "named it Pickle", "called him Mochi": a thing said before.
GIVEN_TO = {"it", "her", "him", "them"}
# The relation frames.gave_name says such a name with, until with_names gives it its thing.
GIVEN = "name_given"


# "the team voted a new captain, it is Tobias", "got a new physio - she's called Marta": the
# name said in the clause after the noun it names; with a verb of naming any noun, without
# one only something "new" (not "my car, it's Toyota")
NAMED_NEXT = re.compile(
    r"\b(?P<np>(?:a|an|the|our|my|his|her|their)\s+(?P<new>new\s+)?(?:[a-z-]+\s+)?[a-z-]+)"
    r"\s*(?:,|:|;|\s-|\s–)\s*(?:he|she|it|they)(?:'s|’s|\s+is|\s+was)"
    r"\s+(?P<verb>(?:called|named)\s+)?(?=[A-Z][a-z])"
)


def named_next(text: str) -> str:
    """`text` with a name said in the clause after its noun put after the noun ("a new
    captain called Tobias"), as the readers of "a puppy named Miso" take it."""

    def said(found: re.Match) -> str:
        if not (found["new"] or found["verb"]):
            return found[0]
        return f"{found['np']} called "

    return NAMED_NEXT.sub(said, text)


def given(verb: Token) -> tuple[Token, str] | None:
    """What an active naming names, and the name: "we're calling him Bruno", "called the boat
    Second Wind", "named their dog Biscuit", "named the baby Zion" (the tagger reads the
    name as the object and the thing as its modifier), "named her Luna" ("her" read as a
    possessive). None for "named after his grandfather" or a verb that names nothing."""
    if verb.lemma_ not in NAMING_VERBS:
        return None
    thing, name = child(verb, "dobj"), child(verb, "oprd")
    if thing is None:
        # "we call her Sudu" parsed with "her" the name's possessive
        owner = child(name, "poss") if name is not None else None
        if owner is None or owner.lower_ not in GIVEN_TO:
            return None
        return owner, name.doc[owner.i + 1 : name.i + 1].text
    pointer = child(thing, "poss")
    if name is None and thing.pos_ == "PROPN" and pointer is not None:
        if pointer.lower_ in GIVEN_TO:  # "we call her Sudu, ...": what follows is no name
            return pointer, thing.doc[pointer.i + 1 : thing.i + 1].text
    if name is None:
        # "we're calling her Aisha" parsed with two objects: the second is the name
        objects = children(verb, "dobj")
        second = objects[1] if len(objects) > 1 and objects[1].pos_ == "PROPN" else None
        name = child(thing, "appos") or second
    if name is not None:
        return thing, name.doc[name.left_edge.i : name.i + 1].text
    # the object is the name itself, the thing in front of it ("the baby Zion", "her Luna")
    if not thing.text[:1].isupper():
        return None
    start = thing.i
    while start > 0 and thing.doc[start - 1].head == thing and thing.doc[start - 1].text.istitle():
        start -= 1  # "Second Wind"
    before = [t for t in thing.lefts if t.i < start and t.dep_ in ("compound", "poss")]
    if not before:
        return None
    nouns = [t for t in before if t.pos_ == "NOUN"]
    return (nouns[-1] if nouns else before[-1]), thing.doc[start : thing.i + 1].text


def names_pointed(fact: ParsedFact) -> bool:
    """ "it's called Harlow & Finch": a name given to whatever "it" is."""
    return (
        fact.relation in ("is_called", GIVEN)
        and fact.subject.lower() in POINTING
        and bool(fact.object)
        and not fact.negated
    )


def nameable(fact: ParsedFact) -> bool:
    """A value that is a common noun with no name of its own ("a mid-size firm")."""
    value = fact.object
    if not value or fact.negated or fact.relation.startswith("role:"):
        return False
    if fact.relation.removeprefix("plan:") in UNNAMEABLE:
        return False
    return value == value.lower() and any(c.isalpha() for c in value)


def with_names(facts: list[ParsedFact]) -> list[ParsedFact]:
    """Each "it's called X" names the nearest nameable value said before it in the message;
    one that names nothing is kept as a sentence about X."""
    out: list[ParsedFact] = []
    for fact in facts:
        if not names_pointed(fact):
            out.append(fact)
            continue
        # what one has is what one names, before any other value ("kayla says not at her
        # house ... she's named it Pickle" names the hamster wanted earlier)
        had = [i for i, f in enumerate(out) if nameable(f) and base(f.relation) in HAD]
        named = had or [i for i, f in enumerate(out) if nameable(f)]
        if named:
            out[named[-1]] = given_name(out[named[-1]], fact.object, owned=fact.relation == GIVEN)
        else:  # a name given to nothing said before is kept as a sentence about the name
            out.append(replace(fact, subject=fact.object, relation="", object=""))
    return out


def base(relation: str) -> str:
    return relation.removeprefix("plan:")


def given_name(fact: ParsedFact, name: str, *, owned: bool = False) -> ParsedFact:
    """The fact with the name for its value; what is had, or was named by someone ("she's
    named it Bubbles", `owned`), is its holder's one of that kind."""
    relation = fact.relation
    plan = relation.startswith("plan:")
    if base(relation) in HAD or owned:
        kind = fact.object.split()[-1]
        relation = f"{'plan:' if plan else ''}role:{kind}"
        # one of several of a kind: naming it retires no other
        return replace(
            fact,
            relation=relation,
            object=name,
            text=clause(subject=fact.subject, relation=relation, value=name),
            ends_previous=False,
            single_valued=False,
        )
    text = clause(subject=fact.subject, relation=relation, value=name, negated=fact.negated)
    return replace(fact, object=name, text=text)

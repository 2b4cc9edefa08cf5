"""A thing named in the clause after it: "my sister works at a hospital, it's called St
Vincent's", "we got a puppy last week, she's called Miso", "an accountant at a mid-size firm.
it's called Harlow & Finch". The name takes the place of the noun it names, as it does when
the name follows the noun ("a hospital called St Vincent's", "a puppy named Miso")."""

from dataclasses import replace

from memory.nlp.facts import ParsedFact
from memory.nlp.wording import clause

# What stands for a thing just spoken of; "she" and "he" only when no person took them
# (a pet, a boat: "she's called Miso").
POINTING = {"it", "she", "he", "this", "that"}
# Relations whose value is no thing a name could be given to.
UNNAMEABLE = {"", "is", "is_called", "age", "likes"}
# What is had and then named is the owner's one of that kind ("role:puppy"), as "we got a
# puppy named Miso" is read.
HAD = {"has", "get", "adopt", "buy"}


def names_pointed(fact: ParsedFact) -> bool:
    """ "it's called Harlow & Finch": a name given to whatever "it" is."""
    return (
        fact.relation == "is_called"
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
        at = next((i for i in reversed(range(len(out))) if nameable(out[i])), None)
        if at is not None:
            out[at] = given_name(out[at], fact.object)
        else:
            out.append(replace(fact, subject=fact.object, relation="", object=""))
    return out


def given_name(fact: ParsedFact, name: str) -> ParsedFact:
    relation = fact.relation
    plan = relation.startswith("plan:")
    if relation.removeprefix("plan:") in HAD:
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

"""Plans coming true in words that do not say them whole.

- A move told without where to ("moved!! boxes everywhere", "finally settled in") goes where
  the latest plan to move said ("we signed for a house in Risskov, moving in february"), so
  the plan comes true, and the home before it ends, with this message.
- A workplace named by a common word ("first week at the survey done") is the planned one it
  is a word of ("offered a job at the geological survey"): that job has begun.
- A switch from one value to another ("andrei switched from medicine to dentistry") puts the
  new value in the slot that held the old one ("Andrei studies medicine")."""

import re
from dataclasses import replace

from memory import nlp, selectors
from memory.nlp import wording
from memory.nlp.homes import HOMES
from memory.pipeline.guard import base_relation
from memory.pipeline.holders import same_key

# What the parse calls an arrival with no place said.
ARRIVALS = {"move", "move_in", "settle", "settle_in", "move_over"}
PLANNED_HOME = "plan:lives_in"


# A home that has become one's own: "the house in weaverville is mine", "KEYS!!", "got the
# keys today".
OWNED = {"mine", "ours"}


def arrives(fact: nlp.ParsedFact, speaker: str) -> bool:
    if fact.negated or fact.past:
        return False
    if fact.relation in ARRIVALS and not fact.object:
        return nlp.entity_key(fact.subject) == nlp.entity_key(speaker)
    words = fact.subject.lower().split()
    if fact.relation == "is" and fact.object.lower() in OWNED and words and words[-1] in HOMES:
        return True
    return "keys" in f"{fact.subject} {fact.object}".lower().split()


def moves(parsed: list[nlp.ParsedFact], *, user_id: int, speaker: str) -> list[nlp.ParsedFact]:
    """`parsed` and, for a bare move of the speaker's, where the newest plan said they go."""
    arrived = [p for p in parsed if arrives(p, speaker)]
    if not arrived or any(base_relation(p.relation) == "lives_in" for p in parsed):
        return parsed  # a move that says where is read as said
    plan = selectors.latest_held(user_id=user_id, subject=speaker, relation=PLANNED_HOME)
    if plan is None:
        return parsed
    text = wording.clause(subject=speaker, relation="lives_in", value=plan.object)
    home = replace(
        arrived[0],
        subject=speaker,
        text=text,
        relation="lives_in",
        object=plan.object,
        ends_previous=True,
        single_valued=True,
    )
    return [*parsed, home]


def jobs(parsed: list[nlp.ParsedFact], *, user_id: int, speaker: str) -> list[nlp.ParsedFact]:
    """`parsed`, with a workplace said by a common word of a planned one named whole."""
    out = []
    for fact in parsed:
        mine = nlp.entity_key(fact.subject) == nlp.entity_key(speaker)
        if fact.relation != PLANNED_JOB.removeprefix("plan:") or not mine or fact.negated:
            out.append(fact)
            continue
        plan = selectors.latest_held(user_id=user_id, subject=speaker, relation=PLANNED_JOB)
        if plan is None or not shares_word(fact.object, plan.object):
            out.append(fact)
            continue
        text = wording.clause(subject=speaker, relation=fact.relation, value=plan.object)
        out.append(replace(fact, object=plan.object, text=text))
    return out


PLANNED_JOB = "plan:works_for"


def shares_word(said: str, whole: str) -> bool:
    """ "the survey" is a word of "geological survey" (not "survey" of "Survey Monkey")."""
    words = {nlp.stem(w) for w in nlp.tokenize(said.lower())} - {"the", "a"}
    return (
        bool(words)
        and said[:1].islower()
        and words <= {nlp.stem(w) for w in nlp.tokenize(whole.lower())}
    )


# Verbs of changing from one value to another, read as "switch_to" and "not:switch_to".
SWITCHING = ("switch_to", "change_to", "move_to", "transfer_to")


def switched(parsed: list[nlp.ParsedFact], *, user_id: int, said: str) -> list[nlp.ParsedFact]:
    """`parsed`, with each switch's new value in the slot that holds the value switched from
    (`said`: the message, whose words give a new value the parse missed)."""
    out = list(parsed)
    for new, old in _switches(parsed, said):
        held = selectors.holding(user_id=user_id, subject=new.subject, value=old)
        if (
            held is None
            or held.relation.startswith(("not:", "plan:"))
            or held.relation in SWITCHING
        ):
            continue
        text = wording.clause(subject=new.subject, relation=held.relation, value=new.object)
        kept = dict(relation=held.relation, text=text, ends_previous=True, single_valued=True)
        out.append(replace(new, **kept))
        # (and the value left holds no more, whether or not the slot holds one value)
        gone = wording.clause(subject=new.subject, relation=held.relation, value=old, negated=True)
        out.append(replace(new, relation=held.relation, object=old, text=gone, negated=True))
    return out


def _switches(parsed: list[nlp.ParsedFact], said: str) -> list[tuple[nlp.ParsedFact, str]]:
    """(the fact with the new value, the value left) of each switch said: "switch_to" beside
    "not:switch_to", or "switch_from" alone, its new value read off the words ("switched
    from pharmacy to architecture": the parser hangs the "to" on the "from")."""
    found = []
    for new in parsed:
        if new.negated or not new.object:
            continue
        if new.relation in SWITCHING:
            left = [
                p.object
                for p in parsed
                if p.negated and p.relation == new.relation and same_key(p.subject, new.subject)
            ]
            found += [(new, old) for old in left[:1]]
        elif new.relation.removesuffix("_from") + "_to" in SWITCHING:
            to = re.search(
                rf"\bfrom {re.escape(new.object)} to ([\w' -]+?)\s*(?:[,.!?;]|$)", said, re.I
            )
            if to is not None:
                found.append((replace(new, object=to.group(1)), new.object))
    return found

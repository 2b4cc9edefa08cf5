"""Plans coming true in words that do not say them whole.

- A move told without where to ("moved!! boxes everywhere", "finally settled in") goes where
  the latest plan to move said ("we signed for a house in Risskov, moving in february"), so
  the plan comes true, and the home before it ends, with this message.
- A workplace named by a common word ("first week at the survey done") is the planned one it
  is a word of ("offered a job at the geological survey"): that job has begun."""

from dataclasses import replace

from memory import nlp, selectors
from memory.nlp import wording
from memory.nlp.homes import HOMES
from memory.pipeline.guard import base_relation

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

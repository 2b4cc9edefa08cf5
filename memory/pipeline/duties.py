"""A duty taken on from whoever did it: "kofi does the csa box deliveries", then "kofi hurt his
back so ben's doing the deliveries now"; "rasmus took over bins". Each of several people may do
many duties, so the slot is not single-valued; but one duty is done by one of them at a time.

The parse marks the new doer's fact `sole` ("now", "instead", or a taking over). Whoever else
does the same duty, told by the same words or fewer ("the deliveries" for "the csa box
deliveries"), no longer does it: a fact of the message says so, and the judge retires the old
one with the message as the cause."""

from dataclasses import replace

from memory import nlp
from memory.models import Fact
from memory.nlp.wording import capitalise, clause, first_person

# Relations by which a duty is done, as the parse names them.
DOING = ("do", "handle", "take_over")


def taken_on(parsed: list[nlp.ParsedFact], *, user_id: int, speaker: str) -> list[nlp.ParsedFact]:
    """`parsed` with, for each duty taken on, the end of it for whoever did it before."""
    out = list(parsed)
    for p in parsed:
        if p.negated or not p.object or p.relation not in DOING:
            continue
        if not (p.sole or p.relation == "take_over"):
            continue
        for fact in _doers(user_id=user_id, duty=p.object):
            if nlp.same_entity(fact.subject, p.subject):
                continue
            told = clause(
                subject=fact.subject, relation=fact.relation, value=fact.object, negated=True
            )
            out.append(
                replace(
                    p,
                    text=first_person(capitalise(told), speaker),
                    subject=fact.subject,
                    relation=fact.relation,
                    object=fact.object,
                    negated=True,
                    ends_previous=False,
                    single_valued=False,
                    sole=False,
                )
            )
    return out


def _doers(*, user_id: int, duty: str) -> list[Fact]:
    """The true facts of someone doing `duty`, said in the same words or in more."""
    head = nlp.stem(duty.split()[-1].lower())
    rows = Fact.objects.filter(user_id=user_id, is_true=True, relation__in=DOING)
    rows = rows.filter(object_key__contains=head[:4]).order_by("-pk")[:20]
    return [f for f in rows if same_duty(duty, f.object)]


def same_duty(said: str, held: str) -> bool:
    """ "the deliveries" and "csa box deliveries": the same head noun, and one's words all
    among the other's."""
    a, b = _stems(said), _stems(held)
    last = nlp.stem(said.lower().split()[-1]) == nlp.stem(held.lower().split()[-1])
    return bool(a and b) and last and (a <= b or b <= a)


def _stems(words: str) -> set[str]:
    return {nlp.stem(w) for w in words.lower().split() if w not in ("the", "a", "our", "my")}

"""Someone new in the place of someone who left: "Mihaela quit ... the agency sent a new girl,
Roxana", "the institute put a woman in his place, Rocío Andrade", "her replacement is Bogdan".

The parse gives "Roxana replaces Mihaela" (memory.nlp.naming). What Mihaela held and did,
Roxana now holds and does: each role of someone's that Mihaela fills (the user's carer, the
user's teacher) is filled by Roxana, and what Mihaela was said to do ("does evenings") is
said of Roxana and no longer of Mihaela. The facts are new facts of the message, so the
judge retires the old holder's as for any new value, with the message as the cause.
"""

from dataclasses import replace
from functools import partial

from django.db.models import Q

from memory import nlp
from memory.models import Fact
from memory.nlp.statements import single_valued
from memory.nlp.wording import capitalise, clause, first_person
from memory.nlp.words import BLOOD, COLLECTIVES, STAND_INS
from memory.pipeline.guard import role_noun

REPLACES = "replace"
# What is said of a person rather than done by them: not handed on.
# (nor where they work: a new assistant coach is no forester because the last one was)
OWN = {"is", "age", "is_called", "has", "likes", "lives_in", "be_from", "name", REPLACES}
OWN |= {"works_for", "works_at", "works_as"}


def handed_on(parsed: list[nlp.ParsedFact], *, user_id: int, speaker: str) -> list[nlp.ParsedFact]:
    """`parsed` with what each one replaced held and did given to the one who replaced them."""
    out = list(parsed)
    for p in parsed:
        pair = _pair(p)
        if pair is None or nlp.same_entity(pair[1], speaker):
            continue  # (no one takes the user's place: "replacement is Ali" names no one left)
        new, left = pair
        for fact in _held_by(user_id=user_id, person=left):
            said = partial(_said, p, speaker=speaker, relation=fact.relation)
            several = role_noun(fact.relation) in COLLECTIVES or not single_valued(fact.relation)
            if fact.relation.startswith("role:") and several:
                # one of several ("my shift: Kari, Jonas, Sindre"): the new one joins, the
                # one who left goes, the others stay
                out.append(said(subject=fact.subject, value=new, one_of=True))
                out.append(said(subject=fact.subject, value=left, gone=True))
            elif fact.relation.startswith("role:"):
                out.append(said(subject=fact.subject, value=new))
            else:
                out.append(said(subject=new, value=fact.object))
                out.append(said(subject=left, value=fact.object, gone=True))
    return out


def _pair(p: nlp.ParsedFact) -> tuple[str, str] | None:
    """(the new one, the one replaced) that the fact says, or None."""
    if p.negated:
        return None
    if p.relation == REPLACES and p.object:
        return p.subject, p.object
    if p.relation.startswith("role:") and role_noun(p.relation) in STAND_INS and p.object:
        return p.object, p.subject  # "Tanja's replacement is Bogdan"
    return None


def _held_by(*, user_id: int, person: str) -> list[Fact]:
    """The current facts by which `person` holds a role or does something."""
    last = nlp.entity_key(person).split()[-1:] or [""]
    rows = Fact.objects.filter(user_id=user_id, is_true=True).filter(
        Q(relation__startswith="role:", object_key__contains=last[0])
        | Q(subject_key__contains=last[0])
    )
    found = []
    for fact in rows.order_by("pk")[:50]:
        if fact.relation.startswith("role:"):
            if nlp.same_entity(fact.object, person) and role_noun(fact.relation) not in BLOOD:
                found.append(fact)
        elif (
            nlp.same_entity(fact.subject, person)
            and fact.object
            and fact.relation not in OWN
            and not fact.relation.startswith(("not:", "plan:"))
        ):
            found.append(fact)
    return found


def _said(
    p: nlp.ParsedFact,
    *,
    speaker: str,
    subject: str,
    relation: str,
    value: str,
    gone: bool = False,
    one_of: bool = False,
) -> nlp.ParsedFact:
    """The fact as said of its new holder (or, `gone`, as no longer of the old one), in its own
    words: what it is found by and shown as ("Bianca does evenings")."""
    told = clause(subject=subject, relation=relation, value=value, negated=gone)
    return replace(
        p,
        text=first_person(capitalise(told), speaker),
        subject=subject,
        relation=relation,
        object=value,
        negated=gone,
        ends_previous=not (gone or one_of),
        single_valued=not one_of,
        sole=not (gone or one_of),
    )

"""ERASE step 1 for an update: the stored facts related to each new fact.

Related = current facts whose embedding is close to the new fact's (cosine >= ERASE_SIMILARITY)
plus current facts about the same subject and relation (RET-LLM triplet lookup, entity-fuzzy).
"""

from django.conf import settings
from django.db.models import Q
from django.db.models.functions import Reverse

from memory import nlp, selectors
from memory.models import Fact
from memory.nlp import repair
from memory.nlp.predicates import listed_gender
from memory.nlp.words import GENDERED, NEUTRAL_ROLES
from memory.pipeline.guard import job_place, kind_roles


def subject_keys(*, user_id: int, subject: str) -> list[str]:
    """Stored subject keys naming the same entity: exact key first, then fuzzy candidates."""
    key = nlp.entity_key(subject)
    if not key:
        return []
    keys = [key]
    last = key.split()[-1]
    for candidate in selectors.subject_keys_like(user_id=user_id, last_word=last):
        if candidate != key and nlp.same_entity(candidate, subject):
            keys.append(candidate)
    return keys


def base_relation(relation: str) -> str:
    return relation.removeprefix("not:")


def related_facts(*, user_id: int, vector, same: list[Fact]) -> list[Fact]:
    """The facts near `vector`, then those of `same` (same_subject_and_relation()) not
    among them."""
    found: dict[int, Fact] = {}
    for fact, _similarity in selectors.similar_facts(
        user_id=user_id,
        vector=vector,
        limit=10,
        min_similarity=settings.ERASE_SIMILARITY,
        with_sources=False,
    ):
        found[fact.pk] = fact
    for fact in same:
        found.setdefault(fact.pk, fact)
    return list(found.values())


def same_subject_and_relation(*, user_id: int, new: nlp.ParsedFact) -> list[Fact]:
    """Current facts whose subject names the same entity (exact key, or fuzzily within the
    last-word bucket that holds the exact key too) with the same relation, negated or not."""
    relation = base_relation(new.relation)
    key = nlp.entity_key(new.subject) if new.subject else ""
    if not key or not relation:
        return []
    candidates = Fact.objects.filter(
        user_id=user_id,
        is_true=True,
        subject_last=key.split()[-1],
        relation__in=[relation, f"not:{relation}"],
    ).order_by("-id")[:50]
    same = [
        f for f in candidates if f.subject_key == key or nlp.same_entity(f.subject_key, new.subject)
    ]
    return same[:20]


def holding_value(*, user_id: int, value: str, limit: int = 10) -> list[Fact]:
    """Current facts whose value is `value`, newest first (whatever their relation)."""
    key = nlp.entity_key(value)
    if not key:
        return []
    return list(holding_rows(user_id=user_id, key=key, value=value).order_by("-id")[:limit])


def holding_rows(*, user_id: int, key: str, value: str):
    """The query of holding_value: every branch is an index range of the user's facts
    (memory.models.Fact), so that it costs the same at 1k facts and at 100k."""
    # (the last words as the reversed value's first words)
    rows = Fact.objects.filter(user_id=user_id, is_true=True).alias(eulav=Reverse("object_key"))
    # "the Golf" is the "VW Golf" said before: a value named by its last words; "late night"
    # is the "late night show" (by its first words, the noun it qualifies left out).
    named = Q(eulav__startswith=f" {key}"[::-1]) | Q(object_key__startswith=f"{key} ")
    if " " not in key and len(key) > 3 and key.endswith("s"):
        # "quit tims": a name clipped to its first word (nlp.same_entity)
        named |= Q(object_key__startswith=f"{key[:-1]} ") | Q(object_key=key[:-1])
    # "we gave the goldfish away": the ones named as the user's goldfish ("role:goldfish")
    return rows.filter(Q(object_key=key) | named | Q(relation__in=kind_roles(value)))


def saying_value(*, user_id: int, value: str, limit: int = 10) -> list[Fact]:
    """Of the latest current facts, those whose sentence names `value` as a word, newest
    first ("started pottery lessons on tuesday evenings" for "tuesday")."""
    named = repair.as_word(value)
    rows = Fact.objects.filter(user_id=user_id, is_true=True).order_by("-truth_since", "-id")
    return [f for f in rows[:limit] if named.search(f.text)]


def named_role(*, user_id: int, subject: str) -> str:
    """ "alice's brother" -> "Tom" when a current fact says alice's brother is Tom (one name
    only: with two brothers the role stays as said)."""
    owner, sep, role = subject.partition("'s ")
    if not sep or not role:
        return subject
    rows = Fact.objects.filter(user_id=user_id, is_true=True, subject_key=nlp.entity_key(owner))
    names = rows.filter(relation=f"role:{role}").values_list("object", flat=True)[:2]
    if not names:  # "my brother" when the user said "my younger brother Luís"
        said = rows.filter(relation__startswith="role:", relation__endswith=f" {role}")
        names = said.values_list("object", flat=True)[:2]
    if not names and NEUTRAL_ROLES.get(role) == "spouse":
        # "Karim's wife" when the user said "Karim is married with Leila"
        names = rows.filter(relation="partner_of").values_list("object", flat=True)[:2]
    if not names and role in NEUTRAL_ROLES:
        # "my granddaughter" when the user listed "my grandchildren: Haruto 12, Mei 9": the
        # one of them whose name says her gender
        held = rows.filter(relation=f"role:{NEUTRAL_ROLES[role]}")
        gender = GENDERED[role]
        names = list(
            {n for n in held.values_list("object", flat=True) if listed_gender(n) == gender}
        )
    return names[0] if len(names) == 1 else subject


def job_places(*, user_id: int, subject: str) -> list[Fact]:
    """Current facts of where `subject` works by what they do there ("teach_at", "cook_for")."""
    key = nlp.entity_key(subject)
    if not key:
        return []
    rows = Fact.objects.filter(user_id=user_id, is_true=True, subject_key=key)
    rows = rows.filter(Q(relation__endswith="_at") | Q(relation__endswith="_for"))
    return [f for f in rows.order_by("-id")[:20] if job_place(f.relation)]

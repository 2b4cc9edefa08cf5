"""Reads of a user's memory. Every function takes the user (id) and filters by it first."""

import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db import connection
from django.db.models import Q, QuerySet
from pgvector import Vector
from pgvector.django import CosineDistance

from memory import embeddings
from memory.models import Fact, FactTruth, FactVector, MemoryEdit, Operation


def current_facts(*, user_id: int) -> QuerySet[Fact]:
    return Fact.objects.filter(user_id=user_id, is_true=True)


def said_before(*, user_id: int, at: datetime | None):
    """The user's own chat messages sent before `at` (all of them when `at` is None): what
    readers that look past the stored facts read again."""
    from chatbot.models import Message

    rows = Message.objects.filter(user_id=user_id, role=Message.Role.USER)
    return rows.filter(sent_at__lt=at) if at is not None else rows


def told_before(*, user_id: int, at: datetime | None):
    """`said_before` without the messages routed as questions: what the user told."""
    from chatbot.models import Message

    return said_before(user_id=user_id, at=at).exclude(route=Message.Route.QUESTION)


LOOKED_BACK = 40  # the newest messages a reader reads again for whom or what is asked


def newest_said_before(*, user_id: int, at: datetime | None, besides: set[int | None]):
    """The newest LOOKED_BACK of `said_before`, newest first, other than the messages
    `besides` (those already read, from the facts they left)."""
    read = {pk for pk in besides if pk is not None}  # (a NULL would make NOT IN match nothing)
    rows = said_before(user_id=user_id, at=at).exclude(pk__in=read)
    return rows.order_by("-sent_at", "-pk")[:LOOKED_BACK]


def similar_facts(
    *,
    user_id: int,
    vector,
    limit: int = 10,
    min_similarity: float | None = None,
    current_only: bool = True,
    with_sources: bool = True,
    exact: bool | None = None,
) -> list[tuple[Fact, float]]:
    """Nearest facts by cosine similarity (1 - cosine distance), best first; `with_sources`
    loads the message each fact came from too. `exact` picks the search (exact over the
    user's own vectors, or the HNSW index); by default `searches_exactly()` decides."""
    # The truth filter is applied to the nearest rows rather than in the search: with it in
    # the WHERE clause the planner sorts every current fact exactly (140 ms at 100k facts)
    # instead of walking the HNSW index (4 ms), so we over-fetch neighbours (with their truth,
    # one index lookup each) and keep the current ones. Both searches fetch the same rows, so
    # their results are the same up to the index's recall.
    fetch = limit * 4 if current_only else limit
    if exact is None:
        exact = searches_exactly(user_id=user_id)
    search = _exact_nearest if exact else _index_nearest
    fetched = search(user_id=user_id, vector=vector, count=fetch)
    nearest = [(row, 1.0 - float(row[2])) for row in fetched if row[1] or not current_only]
    nearest = nearest[:limit]
    if min_similarity is not None:
        nearest = [(row, sim) for row, sim in nearest if sim >= min_similarity]
    found = [(Fact.from_db(connection.alias, FACT_ATTNAMES, row[3:]), sim) for row, sim in nearest]
    if with_sources:
        _attach_sources([fact for fact, _ in found])
    return found


# The search returns each neighbour's fact row with it (columns in the model's order), so the
# kept ones are built without a second query: fetching them by id afterwards was one more
# round trip and ORM query per search, and every update and question makes one.
FACT_ATTNAMES = [f.attname for f in Fact._meta.concrete_fields]
_FACT_COLUMNS = ", ".join(f'fact."{f.column}"' for f in Fact._meta.concrete_fields)


def _attach_sources(facts: list[Fact]) -> None:
    """Each fact's source message, as select_related("source_message") would load it."""
    from chatbot.models import Message

    ids = {f.source_message_id for f in facts if f.source_message_id is not None}
    messages = Message.objects.in_bulk(list(ids)) if ids else {}
    for fact in facts:
        if fact.source_message_id is not None:
            fact.source_message = messages.get(fact.source_message_id)


# Which search is cheaper depends on how much of the shared HNSW index is the user's. The
# index is one graph over every user's vectors; a search filtered to one user (pgvector's
# iterative scan) walks past everyone else's, about count / share entries, so it costs more
# the smaller the user's share of the table: 40 neighbours of a 1,000-vector user among 431k
# took 58 ms (and found 94% of the true ones), of a 100k-vector user 1.6 ms, of a user alone
# in the table 0.6 ms at any size. Sorting the user's own vectors exactly costs ~0.8 us a
# vector (1k: 0.8 ms, 10k: 8 ms, 100k: 80 ms) and does not depend on anyone else. Measured
# (docs/DESIGN-NOTES.md): the index's cost is about 0.15-0.2 ms / share for 40 neighbours, so
# the two meet at n = sqrt(EXACT_RATIO * N) vectors for a user with n of the table's N: ~9k at
# 431k vectors, ~14k at 1M, ~4.5k in a table of 100k. Below EXACT_FLOOR the exact search is
# always used (at most ~1 ms, and exact); above EXACT_CEILING never (it would cost over 16 ms).
EXACT_RATIO = 200
EXACT_FLOOR = 1_000
EXACT_CEILING = 20_000
# A user found too large for the exact search is remembered for a while (per process), so that
# the largest memories do not count up to the cut-off before every search (~0.7 ms at 9k).
LARGE_FOR_SECONDS = 600.0
_large_until: dict[int, float] = {}

# The cut-off comes from the planner's row estimate for the table (pg_class.reltuples,
# refreshed by (auto)vacuum and analyze; -1 before the first), the count stops at it.
_SIZE_SQL = """
WITH cutoff AS (
    SELECT least(greatest(sqrt(%s * greatest(reltuples, 0)), %s), %s)::bigint AS n
    FROM pg_class WHERE oid = 'memory_factvector'::regclass
)
SELECT (SELECT n FROM cutoff), count(*)
FROM (SELECT 1 FROM memory_factvector WHERE user_id = %s LIMIT (SELECT n FROM cutoff)) mine
"""


def searches_exactly(*, user_id: int) -> bool:
    """Whether similar_facts() sorts this user's vectors exactly rather than walk the index."""
    now = time.monotonic()
    if _large_until.get(user_id, 0.0) > now:
        return False
    with connection.cursor() as cursor:
        cursor.execute(_SIZE_SQL, [EXACT_RATIO, EXACT_FLOOR, EXACT_CEILING, user_id])
        cutoff, count = cursor.fetchone()
    if count < cutoff:
        return True
    if len(_large_until) > 10_000:  # forget the expired ones
        for key, until in list(_large_until.items()):
            if until <= now:
                _large_until.pop(key, None)
    _large_until[user_id] = now + LARGE_FOR_SECONDS
    return False


# Exact: the user's own rows through the user_id index, each distance computed once, sorted;
# MATERIALIZED keeps the planner from turning the ORDER BY into an HNSW walk. Only the nearest
# rows are then joined to their facts, for the truth and the facts' own columns.
_EXACT_SQL = f"""
WITH mine AS MATERIALIZED (
    SELECT fact_id, embedding <=> %s::vector AS distance
    FROM memory_factvector WHERE user_id = %s AND embed_model = %s
), nearest AS (
    SELECT fact_id, distance FROM mine ORDER BY distance, fact_id LIMIT %s
)
SELECT nearest.fact_id, fact.is_true, nearest.distance, {_FACT_COLUMNS}
FROM nearest JOIN memory_fact fact ON fact.id = nearest.fact_id
ORDER BY nearest.distance, nearest.fact_id
"""  # noqa: S608 - the model's own column names


def _exact_nearest(*, user_id: int, vector, count: int) -> list[tuple]:
    text = (vector if isinstance(vector, Vector) else Vector(vector)).to_text()
    params = [text, user_id, embeddings.model_name(), count]
    with connection.cursor() as cursor:
        cursor.execute(_EXACT_SQL, params)
        return cursor.fetchall()


def index_rows(*, user_id: int, vector, count: int) -> QuerySet:
    """The index search's query (the planner walks the HNSW index for it, filtering by user):
    (fact id, truth, distance, then the fact's columns as in FACT_ATTNAMES)."""
    rows = FactVector.objects.filter(user_id=user_id, embed_model=embeddings.model_name())
    rows = rows.annotate(distance=CosineDistance("embedding", vector)).order_by("distance")
    fields = [f"fact__{f.name}" for f in Fact._meta.concrete_fields]
    return rows.values_list("fact_id", "fact__is_true", "distance", *fields)[:count]


def _index_nearest(*, user_id: int, vector, count: int) -> list[tuple]:
    # hnsw.iterative_scan = relaxed_order (memory.age) may return rows slightly out of order.
    return sorted(index_rows(user_id=user_id, vector=vector, count=count), key=lambda r: r[2])


def facts_by_triplet(
    *,
    user_id: int,
    subject_key: str | None = None,
    relation: str | None = None,
    object_key: str | None = None,
    current_only: bool = True,
) -> QuerySet[Fact]:
    """RET-LLM lookup by any one or two parts of (subject, relation, object), exact keys."""
    rows = Fact.objects.filter(user_id=user_id)
    if current_only:
        rows = rows.filter(is_true=True)
    if subject_key:
        rows = rows.filter(subject_key=subject_key)
    if relation:
        rows = rows.filter(relation=relation)
    if object_key:
        rows = rows.filter(object_key=object_key)
    return rows.order_by("-truth_since", "-id")


def subject_keys_like(*, user_id: int, last_word: str, limit: int = 50) -> list[str]:
    """Candidate subject keys ending in the same word, for fuzzy entity matching."""
    rows = (
        Fact.objects.filter(user_id=user_id, subject_last=last_word)
        .values_list("subject_key", flat=True)
        .distinct()
    )
    return list(rows[:limit])


def truth_history(*, fact_ids: list[int]) -> dict[int, list[FactTruth]]:
    history: dict[int, list[FactTruth]] = {fid: [] for fid in fact_ids}
    for row in FactTruth.objects.filter(fact_id__in=fact_ids).order_by("at", "id"):
        history[row.fact_id].append(row)
    return history


def edits_for(*, user_id: int) -> QuerySet[MemoryEdit]:
    return MemoryEdit.objects.filter(user_id=user_id).select_related("cause_message", "fact")


def last_person(*, user_id: int, speaker: str) -> str | None:
    """The person the user spoke of last, for "he"/"she" at the start of a message."""
    # (facts of one message share their time: the last said first, the same on every run)
    recent = Fact.objects.filter(user_id=user_id).order_by("-truth_since", "-id")
    return pick_last_person(recent.values_list("subject", flat=True)[:RECENT], speaker)


RECENT = 40  # latest facts looked at for the person a pronoun names


def pick_last_person(subjects: Iterable[str], speaker: str) -> str | None:
    """last_person() among these subjects, newest first."""
    from memory.nlp.reader import PEOPLE
    from memory.nlp.words import HELPERS

    for subject in subjects:
        owner, _, role = subject.partition("'s ")
        if role and owner == speaker and role.split()[-1] in PEOPLE | HELPERS:
            return subject  # "my parents moved ... they love it"
        if named_person(subject, speaker):
            return subject
    return None


def named_person(name: str, speaker: str) -> bool:
    """Whether a fact's subject or value may be someone a pronoun names: a capitalised name,
    not the speaker, not someone's thing ("Ana's dog") and not a day ("Sunday the 28th")."""
    from memory import nlp
    from memory.nlp.predicates import TIME_WORDS

    if not name[:1].isupper() or "'s " in name or name.split()[0].lower() in TIME_WORDS:
        return False
    return nlp.entity_key(name) != nlp.entity_key(speaker)


# An update's preparation reads both last_person()'s subjects and the latest facts in full
# (memory.pipeline.update.recent_people); one statement instead of two ORM queries, each branch
# planned as it would be on its own. last_person()'s subjects are those of the latest facts, in
# the same order. (Without the tie-breaker on id, facts of one message came back in the table's
# physical order, and a pronoun in the next message could name a different person from one run
# to the next.)
_RECENT_SQL = f"""
(SELECT 1, subject, relation, object FROM memory_fact WHERE user_id = %s
 ORDER BY truth_since DESC, id DESC LIMIT {RECENT})
UNION ALL
(SELECT 2, object, '', '' FROM memory_fact WHERE user_id = %s AND is_true
 AND subject_key = %s AND relation = 'is_called' LIMIT 3)
"""  # noqa: S608 - a constant


@dataclass(frozen=True)
class Recent:
    latest: list[tuple[str, str, str]]  # (subject, relation, object), newest first
    names: list[str]  # the speaker's own names ("I'm Callum")

    @property
    def subjects(self) -> list[str]:
        """What last_person() reads: the latest facts' subjects, newest first."""
        return [subject for subject, _r, _o in self.latest]


def latest_facts(*, user_id: int, speaker: str) -> Recent:
    """What an update reads before its facts are framed: the latest subjects and facts (the
    latest of one message last said first), and the names the speaker gave themselves."""
    from memory import nlp

    with connection.cursor() as cursor:
        cursor.execute(_RECENT_SQL, [user_id, user_id, nlp.entity_key(speaker)])
        rows = cursor.fetchall()
    return Recent(
        latest=[(s, r, o) for branch, s, r, o in rows if branch == 1],
        names=[name for branch, name, _r, _o in rows if branch == 2],
    )


def forgotten_ids(*, fact_ids: list[int]) -> set[int]:
    """Which of these facts are false because the user forgot them (and can be restored)."""
    history = truth_history(fact_ids=fact_ids)
    return {pk for pk, rows in history.items() if rows and rows[-1].operation == "forget"}


# What the user asked to forget, or corrected as never true: such a fact is no evidence, and
# is not recalled.
WITHDRAWN = {Operation.FORGET, Operation.RETRACT}


def withdrawn(rows: list[FactTruth]) -> bool:
    """Whether a fact's truth history (oldest first) ends in a forget or a retraction."""
    return bool(rows) and rows[-1].operation in WITHDRAWN


def told_of(*, user_id: int, subject: str) -> list[Fact]:
    """Every fact of `subject`, oldest first, true or not, but none the user asked to forget
    or corrected as never true."""
    from memory import nlp

    facts = list(
        Fact.objects.filter(user_id=user_id, subject_key=nlp.entity_key(subject))
        .select_related("source_message")
        .order_by("created_at", "pk")
    )
    history = truth_history(fact_ids=[f.pk for f in facts])
    return [f for f in facts if not withdrawn(history[f.pk])]


def holding(*, user_id: int, subject: str, value: str) -> Fact | None:
    """The newest fact still held of `subject` whose value is `value`, in any slot."""
    from memory import nlp

    rows = Fact.objects.filter(
        user_id=user_id,
        is_true=True,
        subject_key=nlp.entity_key(subject),
        object_key=nlp.entity_key(value),
    )
    return rows.order_by("-truth_since", "-pk").first()


def latest_held(*, user_id: int, subject: str, relation: str) -> Fact | None:
    """The newest fact still held of `subject` in `relation` ("lives_in", "plan:lives_in")."""
    from memory import nlp

    rows = Fact.objects.filter(
        user_id=user_id, is_true=True, subject_key=nlp.entity_key(subject), relation=relation
    )
    return rows.order_by("-truth_since", "-pk").first()


def role_holders(*, user_id: int, owner: str, roles: set[str]) -> list[Fact]:
    """The current facts naming who holds one of `roles` ("role:son") for `owner`, oldest
    first."""
    from memory import nlp

    rows = Fact.objects.filter(
        user_id=user_id,
        is_true=True,
        subject_key=nlp.entity_key(owner),
        relation__in=[f"role:{r}" for r in roles],
    )
    return list(rows.order_by("created_at", "pk"))


def held_in(*, user_id: int, subject: str) -> list[Fact]:
    """What is held of `subject` somewhere, newest first: "builds guitars in Dunedin"
    (`build_in`), "works in Tallinn"; no plans and no denials."""
    from memory import nlp

    rows = (
        Fact.objects.filter(
            user_id=user_id,
            is_true=True,
            subject_key=nlp.entity_key(subject),
            relation__endswith="_in",
        )
        .exclude(relation__startswith="plan:")
        .exclude(relation__startswith="not:")
    )
    return list(rows.order_by("-truth_since", "-pk")[:20])


def held_roles(*, user_id: int, owner: str, person: str) -> list[str]:
    """The roles `person` holds for `owner` now ("role:son", "role:flatmate")."""
    from memory import nlp

    rows = Fact.objects.filter(
        user_id=user_id,
        subject_key=nlp.entity_key(owner),
        object_key=nlp.entity_key(person),
        relation__startswith="role:",
        is_true=True,
    )
    return list(rows.values_list("relation", flat=True))


def told_names(*, user_id: int, keys: list[str]) -> set[str]:
    """Which of `keys` (entity keys of single words) are names the user told of, written in
    capitals as a subject or a value of their facts ("baraka" after "2 kids, Baraka 8 and
    Zawadi 5"; not "lake" after "along the lake")."""
    if not keys:
        return set()
    rows = Fact.objects.filter(user_id=user_id).filter(
        Q(object_key__in=keys) | Q(subject_key__in=keys, is_true=True)
    )
    wanted, found = set(keys), set()
    for subject, value, relation in rows.values_list("subject", "object", "relation")[:200]:
        found.update(w.lower() for w in (subject, value) if w[:1].isupper() and w.lower() in wanted)
        if someones_role(relation) and value.lower() in wanted:
            found.add(value.lower())  # "new housemate!! duda moved in": a person, in lower case
    return found


def someones_role(relation: str) -> bool:
    """A role a person holds ("role:housemate", "role:student"), not a thing's ("role:major")."""
    from memory.nlp.intro import agent
    from memory.nlp.words import ANIMATE

    role = relation.removeprefix("role:")
    return role != relation and (role in ANIMATE or agent(role) or role.endswith("mate"))

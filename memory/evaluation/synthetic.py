"""Synthetic memories for the benchmark, built with bulk paths (setup is not what we measure).

Facts get realistic triplets and text, each embedded by the real model (about 1 ms a fact in
batches, overlapped with the inserts). Reusing a small pool of vectors was faster but unlike
any real memory: HNSW slows down badly on exact duplicates, and making such a fact false
(a new row version, so a new index entry) cost several milliseconds more than for a fact
with its own vector.
Concepts and relations go into the user's AGE graph in UNWIND batches and a COPY.
"""

import json
import random
import uuid

import psycopg
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone

from memory import age, embeddings, graph, nlp
from memory.models import Backend, Fact, FactTruth, FactVector, MemoryState

RELATIONS = [
    ("lives_in", "{s} lives in {o}", "City"),
    ("works_for", "{s} works at {o}", "Company"),
    ("likes", "{s} likes {o}", "Hobby"),
    ("member_of", "{s} plays for the {o}", "Team"),
]
BATCH = 5000


def make_bench_user(label: str):
    user = get_user_model().objects.create(username=f"bench-{label}-{uuid.uuid4().hex[:8]}")
    MemoryState.objects.create(user=user, engine="offline")
    return user


def fact_rows(count: int, rng: random.Random, salt: int = 0):
    """`salt` shifts the values' numbers, so that many users' memories do not share exact
    sentences (and vectors), which no real users would."""
    for i in range(count):
        relation, template, kind = RELATIONS[i % len(RELATIONS)]
        subject = f"Person{rng.randrange(count // 4 + 1)}"  # drawn first, as before the salt
        obj = f"{kind}{rng.randrange(500) + 500 * salt}"
        yield relation, subject, obj, template.format(s=subject, o=obj)


def build_facts(user, count: int, seed: int = 7, salt: int = 0) -> None:
    rng = random.Random(seed)
    rows = list(fact_rows(count, rng, salt))
    batches = [rows[start : start + BATCH] for start in range(0, count, BATCH)]
    now = timezone.now()
    pending = embeddings.embed_soon([text for *_, text in batches[0]]) if batches else None
    for index, batch in enumerate(batches):
        vectors = embeddings.collect(pending)
        if index + 1 < len(batches):  # the next batch embeds while this one is written
            pending = embeddings.embed_soon([text for *_, text in batches[index + 1]])
        start = index * BATCH
        with transaction.atomic():
            facts = [
                Fact(
                    user=user,
                    text=text,
                    subject=subject,
                    relation=relation,
                    object=obj,
                    subject_key=nlp.entity_key(subject),
                    object_key=nlp.entity_key(obj),
                    subject_last=nlp.entity_key(subject),
                    created_at=now,
                    truth_since=now,
                    t=i,
                    backend=Backend.OFFLINE,
                )
                for i, (relation, subject, obj, text) in enumerate(batch, start)
            ]
            Fact.objects.bulk_create(facts)
            model = embeddings.model_name()
            FactVector.objects.bulk_create(
                FactVector(fact=f, user=user, embed_model=model, embedding=v)
                for f, v in zip(facts, vectors, strict=True)
            )
            FactTruth.objects.bulk_create(
                FactTruth(
                    fact=f, value=True, at=now, t=f.t, operation="add", backend=Backend.OFFLINE
                )
                for f in facts
            )
    MemoryState.objects.filter(user=user).update(clock=count)
    settle([model._meta.db_table for model in (Fact, FactVector, FactTruth)])


def settle(tables: list[str]) -> None:
    """Vacuum and analyse freshly bulk-loaded tables, as autovacuum would have done for a
    memory grown over time: otherwise the planner may pick plans a real memory would not get,
    and autovacuum starts on them in the middle of the measurements. (Inside a transaction,
    as in tests, VACUUM is not allowed; ANALYZE is.)"""
    verb = "ANALYZE" if connection.in_atomic_block else "VACUUM (ANALYZE)"
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"{verb} {table}")  # our own table names, never user text


def flush() -> None:
    """Write out what the bulk load left in shared buffers (a CHECKPOINT), so that the
    measurements do not share the disk with it; a memory grown message by message has no such
    backlog. Needs a superuser, which the embedded server's user is; elsewhere it is skipped."""
    if connection.in_atomic_block:
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        if cursor.fetchone()[0]:
            cursor.execute("CHECKPOINT")


def build_graph(user, concepts: int, relations: int, seed: int = 7) -> None:
    """Concepts and random relations between them, touched at times spread over the memory's
    clock (set by build_facts), so the temporal window holds its share of the relations as
    in a memory grown message by message."""
    rng = random.Random(seed)
    name = graph.ensure_user_graph(user.pk)
    span = max(MemoryState.objects.get(user=user).clock, 1)
    for start in range(0, concepts, BATCH):
        rows = []
        for i in range(start, min(start + BATCH, concepts)):
            t = rng.randrange(span)  # last touched, and when its one context was said
            context = {"text": f"Person{i} was mentioned.", "t": t, "at": "", "facts": []}
            rows.append(
                {
                    "stem": f"person{i}",
                    "label": f"Person{i}",
                    "T": t,
                    "merges": 0,
                    "contexts": [context],
                }
            )
        age.cypher(
            name,
            "UNWIND $rows AS row CREATE (c:Concept {stem: row.stem, label: "
            "row.label, T: row.T, merges: row.merges, contexts: row.contexts}) "
            "RETURN count(c)",
            {"rows": rows},
            columns=("n",),
        )
    connection.ensure_connection()
    with psycopg.Cursor(connection.connection) as cursor:
        table = psycopg.sql.Identifier(name, "Concept")
        cursor.execute(psycopg.sql.SQL("SELECT id FROM {} ORDER BY id").format(table))
        ids = [row[0] for row in cursor.fetchall()]
        edges = psycopg.sql.Identifier(name, "RELATED")
        copy = psycopg.sql.SQL("COPY {} (start_id, end_id, properties) FROM STDIN").format(edges)
        with cursor.copy(copy) as out:
            for _ in range(relations):
                a, b = rng.sample(range(len(ids)), 2)
                props = {"strength": rng.randrange(1, 5), "T": rng.randrange(span)}
                out.write_row((ids[min(a, b)], ids[max(a, b)], json.dumps(props)))
    settle([f'"{name}"."{table}"' for table in ("Concept", "RELATED")])

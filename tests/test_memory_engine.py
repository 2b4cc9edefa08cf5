"""Invariants of the memory engine: once, in order, atomic, isolated, audited."""

import json
from contextlib import contextmanager

import psycopg
import pytest
from asgiref.sync import async_to_sync
from django.db import connection

from chatbot import services as chat
from chatbot.models import Conversation, Message
from memory import age, graph
from memory.engine import apply_update, respond
from memory.engines import get_engine
from memory.engines.offline import OfflineEngine
from memory.evaluation.synthetic import build_graph, make_bench_user
from memory.models import EditKind, Fact, FactTruth, FactVector, MemoryEdit, MemoryState
from tests.helpers import say

pytestmark = pytest.mark.django_db


def concepts_of(user) -> dict[str, dict]:
    rows = age.cypher(age.graph_name(user.pk), "MATCH (c:Concept) RETURN c", columns=("c",))
    return {v.properties["stem"]: dict(v.properties) for (v,) in rows}


def relation_strength(user, a: str, b: str) -> int:
    rows = age.cypher(
        age.graph_name(user.pk),
        "MATCH (x:Concept {stem: $a})-[r:RELATED]-(y:Concept {stem: $b}) RETURN r.strength",
        {"a": a, "b": b},
        columns=("s",),
    )
    return int(rows[0][0]) if rows else 0


def test_it_builds_the_concept_graph_with_stems_as_keys(alice):
    say(alice, "Brandon flew to Paris with his camera.")
    concepts = concepts_of(alice)
    assert "pari" in concepts
    assert concepts["pari"]["label"] == "Paris"
    assert concepts["pari"]["contexts"][0]["text"].startswith("Brandon flew to Paris")
    assert concepts["pari"]["T"] == 1


def test_it_strengthens_relations_and_advances_the_clock(alice):
    say(alice, "Brandon visited Paris.")
    say(alice, "Brandon loves Paris.")
    assert relation_strength(alice, "brandon", "pari") == 2
    assert MemoryState.objects.get(user=alice).clock == 2
    concepts = concepts_of(alice)
    assert concepts["brandon"]["merges"] == 1
    assert concepts["brandon"]["T"] == 2
    assert MemoryEdit.objects.filter(user=alice, kind=EditKind.CONCEPT_MERGED).exists()
    assert MemoryEdit.objects.filter(user=alice, kind=EditKind.RELATION_STRENGTHENED).exists()


def test_it_revises_a_concept_context_that_grows_too_long(alice, settings):
    settings.RECALLM_CONTEXT_LIMIT = 3
    for city in ("Oslo", "Rome", "Lima", "Kyiv", "Quito"):
        say(alice, f"Brandon lives in {city}.")
    contexts = concepts_of(alice)["brandon"]["contexts"]
    assert 0 < len(contexts) <= 3
    assert contexts[-1]["text"] == "Brandon lives in Quito."
    assert not any("Oslo" in c["text"] for c in contexts), "false facts' sentences go first"
    revised = MemoryEdit.objects.filter(user=alice, kind=EditKind.CONTEXT_REVISED, target="brandon")
    assert revised.exists()
    assert len(revised.first().before["contexts"]) > 3


def test_it_applies_an_update_only_once(alice):
    reply = say(alice, "I live in Lisbon.")
    message = reply.message
    facts_before = Fact.objects.filter(user=alice).count()
    result = apply_update(message=message, engine=get_engine("offline"))
    assert result.meta == {"replayed": True}
    assert Fact.objects.filter(user=alice).count() == facts_before
    assert MemoryState.objects.get(user=alice).clock == 1


def test_saying_the_same_thing_twice_reinforces_instead_of_duplicating(alice):
    say(alice, "I live in Lisbon.")
    say(alice, "I live in Lisbon.")
    facts = Fact.objects.filter(user=alice, object="Lisbon")
    assert facts.count() == 1
    operations = list(
        FactTruth.objects.filter(fact=facts.get()).values_list("operation", flat=True)
    )
    assert operations == ["add", "reinforce"]


def test_it_applies_pending_updates_in_message_order(alice):
    conversation = Conversation.objects.create(user=alice)
    first = chat.store_user_message(conversation=conversation, text="I live in Oslo.")
    second = chat.store_user_message(conversation=conversation, text="I live in Rome.")
    engine = get_engine("offline")
    for message in (first, second):
        plan = engine.route(message.text)
        message.route = plan.kind
        message.meta = {"update_text": plan.update_text}
        message.save()
    apply_update(message=second, engine=engine)  # the later one arrives first
    first.refresh_from_db()
    assert (
        first.applied_at is not None
        and first.applied_at <= Message.objects.get(pk=second.pk).applied_at
    )
    assert Fact.objects.get(user=alice, is_true=True, relation="lives_in").object == "Rome"


def poison(table: str, column: str) -> None:
    """A real database failure: inserts into `table` whose `column` mentions 'poison' fail."""
    name = f"poison_{table}"
    with connection.cursor() as cursor:
        cursor.execute(  # our own test identifiers, no user text
            f"CREATE FUNCTION {name}() RETURNS trigger AS $$ BEGIN "
            f"IF NEW.{column}::text LIKE '%%poison%%' THEN RAISE EXCEPTION 'poisoned'; END IF; "
            "RETURN NEW; END $$ LANGUAGE plpgsql"
        )
        cursor.execute(
            f"CREATE TRIGGER {name} BEFORE INSERT ON {table} FOR EACH ROW EXECUTE FUNCTION {name}()"
        )


def unpoison(table: str) -> None:
    name = f"poison_{table}"
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TRIGGER IF EXISTS {name} ON {table}")
        cursor.execute(f"DROP FUNCTION IF EXISTS {name}()")


@contextmanager
def poisoned(table: str, column: str):
    poison(table, column)
    try:
        yield
    finally:
        unpoison(table)


@pytest.fixture
def poison_trigger(db):
    """Facts containing 'poison' fail: a failure in the middle of an update."""
    with poisoned("memory_fact", "text"):
        yield


def test_an_update_that_fails_halfway_leaves_no_trace(alice, poison_trigger):
    say(alice, "I have a dog named Rex.")
    before = (
        Fact.objects.count(),
        FactTruth.objects.count(),
        MemoryEdit.objects.count(),
        len(concepts_of(alice)),
    )
    reply = say(alice, "I live in Rome. My neighbour keeps poison ivy in Rome.")
    assert reply.failed is not None
    assert "retry" in reply.failed.error.lower()
    after = (
        Fact.objects.count(),
        FactTruth.objects.count(),
        MemoryEdit.objects.count(),
        len(concepts_of(alice)),
    )
    assert after == before
    assert MemoryState.objects.get(user=alice).clock == 1
    message = reply.message
    message.refresh_from_db()
    assert message.status == Message.Status.FAILED
    assert message.applied_at is None
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER poison_memory_fact ON memory_fact")
    async_to_sync(_drain)(message)
    assert Fact.objects.filter(user=alice, object="Rome", is_true=True).exists()


async def _drain(message):
    async for _ in chat.run_message(message=message):
        pass


def test_two_users_have_separate_graphs_and_rows(alice, bob):
    say(alice, "Alice's secret project is called Nightingale.")
    say(bob, "I like tea.")
    assert age.graph_name(alice.pk) != age.graph_name(bob.pk)
    assert "nightingal" in concepts_of(alice)
    assert "nightingal" not in concepts_of(bob)
    assert not Fact.objects.filter(user=bob, text__icontains="Nightingale").exists()
    answer = say(bob, "What is the secret project called?").text
    assert "Nightingale" not in answer


def test_cypher_refuses_names_that_are_not_memory_graphs(alice):
    with pytest.raises(ValueError):
        age.cypher("ag_catalog", "MATCH (n) RETURN n")
    with pytest.raises(ValueError):
        age.cypher(age.graph_name(alice.pk), "RETURN 1 $$; DROP TABLE x; $$")


def test_cypher_injection_in_text_is_stored_literally(alice):
    nasty = "Brandon}) DETACH DELETE n //"
    say(alice, f"{nasty} likes Paris.")
    say(alice, "Brandon lives in Oslo.")
    assert len(concepts_of(alice)) >= 2
    graph.forget_graph_cache(alice.pk)


def test_relations_written_by_id_are_walked_by_cypher(alice):
    say(alice, "Brandon visited Paris with Carla.")
    say(alice, "Carla loves Paris.")
    say(alice, "Carla loves Paris.")
    assert relation_strength(alice, "carla", "pari") == 3
    assert relation_strength(alice, "brandon", "pari") == 1
    ranked = graph.related_concepts(graph=age.graph_name(alice.pk), stems=["brandon"], clock=3)
    assert {c.stem for c in ranked} >= {"brandon", "pari", "carla"}  # two hops
    edits = MemoryEdit.objects.filter(user=alice, kind=EditKind.RELATION_STRENGTHENED)
    last = edits.filter(target="carla -> pari").order_by("-id").first()
    assert last.before == {"strength": 2} and last.after == {"strength": 3, "T": 3}


def test_a_graph_has_one_index_per_lookup(alice):
    say(alice, "Brandon visited Paris.")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = %s",
            [age.graph_name(alice.pk)],
        )
        indexes = cursor.fetchall()
    related = [d.split(" USING btree ")[1] for t, d in indexes if t == "RELATED"]
    assert sorted(related) == ["(end_id)", "(id)", "(start_id)"]
    concept = [d for t, d in indexes if t == "Concept"]
    assert len(concept) == 2 and any("UNIQUE" in d and d.endswith("(id)") for d in concept)


def test_property_writes_refuse_other_graphs_and_labels(alice):
    with pytest.raises(ValueError):
        age.update_properties("public", "Concept", {1: {}})
    with pytest.raises(ValueError):
        age.update_properties(age.graph_name(alice.pk), "auth_user", {1: {}})
    with pytest.raises(ValueError):
        age.insert_edges(age.graph_name(alice.pk), "Concept", [(1, 2, {})])


@pytest.fixture
def poisoned_audit(db):
    """A failure when the message's audit rows are written, after its facts."""
    with poisoned("memory_memoryedit", "after"):
        yield


def test_a_failure_writing_the_audit_rows_takes_the_facts_back_too(alice, poisoned_audit):
    say(alice, "I live in Oslo.")
    before = (Fact.objects.count(), FactTruth.objects.count(), MemoryEdit.objects.count())
    reply = say(alice, "I moved to Rome. My neighbour keeps poison ivy.")
    assert reply.failed is not None
    assert (Fact.objects.count(), FactTruth.objects.count(), MemoryEdit.objects.count()) == before
    assert Fact.objects.get(user=alice, is_true=True, relation="lives_in").object == "Oslo"
    assert MemoryState.objects.get(user=alice).clock == 1


def test_a_messages_audit_rows_are_numbered_in_the_order_the_changes_happened(alice):
    say(alice, "I live in Oslo.")
    reply = say(alice, "I live in Rome.")
    edits = list(MemoryEdit.objects.filter(cause_message=reply.message).order_by("id"))
    kinds = [e.kind for e in edits]
    assert kinds.index(EditKind.FACT_MADE_FALSE) < kinds.index(EditKind.FACT_ADDED)
    first_graph = min(i for i, k in enumerate(kinds) if not k.startswith("fact_"))
    assert all(k.startswith("fact_") for k in kinds[:first_graph])
    assert not any(k.startswith("fact_") for k in kinds[first_graph:])
    truths = FactTruth.objects.filter(cause_message=reply.message).order_by("id")
    assert [t.operation for t in truths] == ["make_false", "add"]


def memory_locks_held(user_id: int) -> int:
    """Advisory locks on this user's memory held by this database session."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' "
            "AND pid = pg_backend_pid() AND objid = %s",
            [user_id],
        )
        return cursor.fetchone()[0]


class LockWatchingEngine(OfflineEngine):
    """The offline engine, noting whether the user's memory lock was held while it prepared
    and what update() was handed."""

    def prepare_update(self, *, message, text):
        self.locks_while_preparing = memory_locks_held(message.user_id)
        self.prepared = super().prepare_update(message=message, text=text)
        return self.prepared

    def update(self, *, message, text, t, prepared=None):
        self.locks_while_updating = memory_locks_held(message.user_id)
        self.handed = prepared
        return super().update(message=message, text=text, t=t, prepared=prepared)


async def _respond(message, engine):
    return [event async for event in respond(message=message, engine=engine)]


def test_it_prepares_an_update_before_taking_the_memory_lock(alice):
    conversation = Conversation.objects.create(user=alice)
    message = chat.store_user_message(conversation=conversation, text="Maya works at Cisco.")
    engine = LockWatchingEngine()
    async_to_sync(_respond)(message, engine)
    assert engine.locks_while_preparing == 0
    assert engine.locks_while_updating == 1
    assert engine.handed is engine.prepared
    assert [p.object for p in engine.prepared.parsed] == ["Cisco"]
    assert Fact.objects.get(user=alice, relation="works_for").object == "Cisco"


def test_work_prepared_for_other_text_is_not_used(alice):
    conversation = Conversation.objects.create(user=alice)
    message = chat.store_user_message(conversation=conversation, text="Maya works at Cisco.")
    message.route = Message.Route.UPDATE
    message.meta = {"update_text": message.text}
    message.save()
    engine = get_engine("offline")
    stale = engine.prepare_update(message=message, text="Maya works at Pfizer.")
    apply_update(message=message, engine=engine, prepared=stale)
    assert list(Fact.objects.filter(user=alice).values_list("object", flat=True)) == ["Cisco"]


def _vector_row(fact) -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT ctid::text, embed_model FROM memory_factvector WHERE fact_id = %s", [fact.pk]
        )
        return cursor.fetchone()


def test_making_a_fact_false_leaves_its_vector_row_alone(alice):
    say(alice, "I live in Oslo.")
    oslo = Fact.objects.get(user=alice, object="Oslo")
    before = _vector_row(oslo)
    say(alice, "I moved to Rome.")
    oslo.refresh_from_db()
    assert not oslo.is_true
    assert _vector_row(oslo) == before  # same physical row: no new HNSW entry
    rome = Fact.objects.get(user=alice, object="Rome")
    assert FactVector.objects.get(fact=rome).user_id == alice.pk


@pytest.mark.parametrize("exact", [None, True, False])
def test_a_vector_search_finds_only_the_users_own_current_facts(alice, bob, exact):
    from memory import embeddings, selectors

    say(alice, "I live in Oslo.")
    say(alice, "I moved to Rome.")
    say(bob, "I live in Lisbon.")
    vector = embeddings.embed("Where do I live?")
    found = selectors.similar_facts(user_id=alice.pk, vector=vector, exact=exact)
    assert [f.object for f, _ in found] == ["Rome"]
    every = selectors.similar_facts(
        user_id=alice.pk, vector=vector, current_only=False, exact=exact
    )
    assert sorted(f.object for f, _ in every) == ["Oslo", "Rome"]


@pytest.mark.django_db
def test_it_traverses_a_mid_sized_graph_through_its_indexes():
    # At 5k concepts the planner, guessing 1000 rows per UNWIND, scanned every relation.
    user = make_bench_user("plan")
    build_graph(user, concepts=5000, relations=10000)
    name = age.graph_name(user.pk)
    sql = "EXPLAIN " + age.cypher_sql(name, graph.NEIGHBOURS, ("stem", "strength", "T"))
    params = json.dumps({"stems": ["person1", "person2"], "since": 0})
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, [params])
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert 'Seq Scan on "RELATED"' not in plan
    assert "RELATED_start_id_idx" in plan and "RELATED_end_id_idx" in plan

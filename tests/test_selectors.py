"""The vector search's two ways (exact over the user's own vectors, or the shared HNSW index)
find the same facts, and only the user's own. (Which is faster is the bench's business.)"""

import pytest
from django.db import connection

from memory import embeddings, selectors
from memory.evaluation.synthetic import build_facts
from memory.models import Fact

pytestmark = pytest.mark.django_db

QUESTIONS = [
    "Where does Person3 live?",
    "Who works at Company7?",
    "Person5 likes Hobby2.",
    "Which team does Person1 play for?",
]


def _found(user, text: str, **options) -> list[tuple[str, float]]:
    vector = embeddings.embed(text)
    found = selectors.similar_facts(user_id=user.pk, vector=vector, **options)
    return [(fact.text, round(similarity, 5)) for fact, similarity in found]


@pytest.fixture
def two_memories(alice, bob):
    """Alice and Bob hold memories of the same kind (same people, other values), so Bob's
    facts are among the nearest to Alice's questions whenever the user filter slips."""
    build_facts(alice, 60, seed=7, salt=0)
    build_facts(bob, 60, seed=7, salt=1)
    # Some of Alice's facts are no longer true: current_only must skip them either way.
    false = Fact.objects.filter(user=alice).order_by("id").values_list("id", flat=True)[::3]
    Fact.objects.filter(pk__in=list(false)).update(is_true=False)
    with connection.cursor() as cursor:
        # The tables are tiny, so the planner would sort them rather than walk the HNSW
        # index; without sorting it must walk the index (for this test's transaction only).
        cursor.execute("SET LOCAL enable_sort = off")
    return alice, bob


def test_the_index_search_walks_the_hnsw_index(two_memories):
    alice, _bob = two_memories
    rows = selectors.index_rows(user_id=alice.pk, vector=embeddings.embed("Person3"), count=40)
    assert "factvector_embedding_hnsw" in rows.explain()


@pytest.mark.parametrize(
    "options",
    [
        {"limit": 10, "current_only": False},  # the question step's call
        {"limit": 10},  # current facts only, over-fetched
        {"limit": 10, "min_similarity": 0.5, "with_sources": False},  # the update step's call
        {"limit": 3},
    ],
)
def test_exact_and_index_searches_find_the_same_nearest_facts(two_memories, options):
    alice, bob = two_memories
    own = set(Fact.objects.filter(user=alice).values_list("text", flat=True))
    current = set(Fact.objects.filter(user=alice, is_true=True).values_list("text", flat=True))
    for text in QUESTIONS:
        exact = _found(alice, text, exact=True, **options)
        assert exact == _found(alice, text, exact=False, **options), text
        assert exact, text
        assert {found for found, _ in exact} <= own, "another user's fact"
        if options.get("current_only", True):
            assert {found for found, _ in exact} <= current, "a fact no longer true"
        similarities = [similarity for _, similarity in exact]
        assert similarities == sorted(similarities, reverse=True)
        assert all(s >= options.get("min_similarity", -1.0) for s in similarities)
    # and Bob's searches find only Bob's facts
    bobs = set(Fact.objects.filter(user=bob).values_list("text", flat=True))
    for exact in (True, False):
        found = _found(bob, QUESTIONS[0], exact=exact, limit=10, current_only=False)
        assert found and {text for text, _ in found} <= bobs


def test_a_small_memory_is_searched_exactly_and_a_large_one_through_the_index(
    two_memories, monkeypatch
):
    alice, bob = two_memories
    monkeypatch.setattr(selectors, "_large_until", {})
    assert selectors.searches_exactly(user_id=alice.pk)  # 60 vectors: under the floor
    # With a cut-off below Alice's 60 vectors, her memory counts as large (and is remembered
    # as large, without counting again); Bob's 60 too, but a user with none stays small.
    monkeypatch.setattr(selectors, "EXACT_FLOOR", 50)
    monkeypatch.setattr(selectors, "EXACT_CEILING", 50)
    assert not selectors.searches_exactly(user_id=alice.pk)
    assert alice.pk in selectors._large_until
    monkeypatch.setattr(selectors, "EXACT_CEILING", 1_000)
    monkeypatch.setattr(selectors, "EXACT_FLOOR", 1_000)
    assert not selectors.searches_exactly(user_id=alice.pk)  # remembered
    assert selectors.searches_exactly(user_id=bob.pk)
    # Whichever way is taken, the default search finds what the exact one does.
    assert _found(alice, QUESTIONS[0]) == _found(alice, QUESTIONS[0], exact=True)


def test_a_value_found_by_its_first_or_last_words_is_an_index_range(alice):
    """retrieve.holding_value runs on every update: its LIKE branches must match the pattern
    indexes (migration memory/0010), or each update walks all of the user's facts (22 ms at
    100k facts). Scans that need no index are switched off, so the plan shows which index
    each branch can use; a branch that fits none is a sequential scan."""
    from memory.pipeline.retrieve import holding_rows

    build_facts(alice, 800)
    rows = holding_rows(user_id=alice.pk, key="golf", value="Golf").order_by("-id")[:10]
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE memory_fact")
        cursor.execute("SET LOCAL enable_seqscan = off")
        plan = rows.explain()
    # each LIKE is a range of its index ("golf " <= value < "golf!"), not a filter
    assert "reverse((object_key)::text) ~>=~ 'flog '" in plan
    assert "(object_key)::text ~>=~ 'golf '" in plan
    assert "memory_fact_pkey" not in plan and "Seq Scan" not in plan

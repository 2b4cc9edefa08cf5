"""RecallM's concept graph, one Apache AGE graph per user.

Concept vertices: stem (merge key), label (display form), contexts (sentences with their clock
t, time and the facts they stated), T (last clock that touched it), merges (times mentioned
again). RELATED edges between neighbouring concepts of a sentence: strength (Hebbian, +1 per
co-mention) and T. Every write returns the audit edits it implies; memory.pipeline records them
in the same transaction.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from psycopg import sql

from memory import age

_ready: set[str] = set()


@dataclass(frozen=True)
class ContextLine:
    text: str
    t: int
    at: str
    facts: list[int]


@dataclass(frozen=True)
class GraphEdit:
    kind: str  # a memory.models.EditKind value
    target: str
    before: dict | None
    after: dict


def ensure_user_graph(user_id: int) -> str:
    """Create the user's graph with its labels and indexes on first use."""
    name = age.graph_name(user_id)
    if name in _ready:
        return name
    # Cache only committed graphs: a rolled-back transaction takes its new graph with it.
    transaction.on_commit(lambda: _ready.add(name))
    if age.graph_exists(name):
        return name
    age.ensure_graph(name)
    with connection.cursor() as cursor:
        cursor.execute("SELECT ag_catalog.create_vlabel(%s, 'Concept')", [name])
        cursor.execute("SELECT ag_catalog.create_elabel(%s, 'RELATED')", [name])
    create_graph_indexes(name)
    return name


# A btree on the stem expression serves `WHERE c.stem = s` (one probe per UNWIND row; `IN $list`
# and `{stem: s}` patterns scan instead); btrees on edge ends serve hops; the id btrees serve
# age.update_properties. The names are AGE's own where AGE (1.7+) creates the index itself, so
# IF NOT EXISTS skips those and an older AGE still gets them.
GRAPH_INDEXES = [
    'CREATE INDEX IF NOT EXISTS "Concept_stem_idx" ON {}."Concept" (ag_catalog.'
    "agtype_access_operator(VARIADIC ARRAY[properties, '\"stem\"'::ag_catalog.agtype]))",
    'CREATE UNIQUE INDEX IF NOT EXISTS "Concept_pkey" ON {}."Concept" (id)',
    'CREATE UNIQUE INDEX IF NOT EXISTS "RELATED_id_idx" ON {}."RELATED" (id)',
    'CREATE INDEX IF NOT EXISTS "RELATED_start_id_idx" ON {}."RELATED" (start_id)',
    'CREATE INDEX IF NOT EXISTS "RELATED_end_id_idx" ON {}."RELATED" (end_id)',
]


def create_graph_indexes(name: str) -> None:
    age.check_graph_name(name)
    with connection.cursor() as cursor:
        for statement in GRAPH_INDEXES:
            query = sql.SQL(statement).format(sql.Identifier(name))
            cursor.execute(query.as_string(connection.connection))


def forget_graph_cache(user_id: int) -> None:
    _ready.discard(age.graph_name(user_id))


def fetch_concepts(graph: str, stems: list[str]) -> dict[str, dict]:
    return {stem: props for stem, (_id, props) in _fetch_with_ids(graph, stems).items()}


def _fetch_with_ids(graph: str, stems: list[str]) -> dict[str, tuple[int, dict]]:
    if not stems:
        return {}
    rows = age.cypher(
        graph,
        "UNWIND $stems AS s MATCH (c:Concept) WHERE c.stem = s RETURN id(c), properties(c)",
        {"stems": stems},
        columns=("id", "c"),
    )
    return {props["stem"]: (vertex_id, props) for vertex_id, props in rows}


def record_sentence_concepts(
    *,
    graph: str,
    mentions: list[tuple[list[tuple[str, str]], ContextLine]],
    t: int,
    false_facts: Callable[[set[int]], set[int]] = lambda ids: set(),
    summarise: Callable[[str, list[dict]], list[str] | None] | None = None,
) -> list[GraphEdit]:
    """Merge the concepts of each sentence, append the sentence to their contexts (revising
    contexts that grew too long), and strengthen the relations between neighbouring concepts.
    `mentions` is a list of ([(stem, label), ...], sentence) in message order."""
    stems = sorted({stem for concepts, _ in mentions for stem, _ in concepts})
    found = _fetch_with_ids(graph, stems)
    ids = {stem: vertex_id for stem, (vertex_id, _props) in found.items()}
    existing = {stem: props for stem, (_id, props) in found.items()}
    state = {stem: dict(props) for stem, props in existing.items()}
    edits: list[GraphEdit] = []
    pairs: dict[tuple[str, str], int] = {}
    for concepts, line in mentions:
        for stem, label in concepts:
            props = state.setdefault(
                stem, {"stem": stem, "label": label, "contexts": [], "T": t, "merges": 0}
            )
            props["contexts"] = [*props.get("contexts", []), line.__dict__]
            props["T"] = t
        ordered = [stem for stem, _ in concepts]
        for left, right in zip(ordered, ordered[1:], strict=False):
            key = (min(left, right), max(left, right))
            if key[0] != key[1]:
                pairs[key] = pairs.get(key, 0) + 1
    for stem, props in state.items():
        before = existing.get(stem)
        if before is not None:
            props["merges"] = int(before.get("merges", 0)) + 1
        edits.append(_concept_edit(stem, before, props))
        revision = revise(stem, props, false_facts, summarise)
        if revision:
            edits.append(revision)
    merged = {ids[s]: p for s, p in state.items() if s in ids}
    ids.update(_create_concepts(graph, [p for stem, p in state.items() if stem not in ids]))
    edits.extend(_strengthen(graph, pairs, t, ids, merged))
    return edits


def _concept_edit(stem: str, before: dict | None, after: dict) -> GraphEdit:
    def summary(props: dict) -> dict:
        contexts = props.get("contexts", [])
        return {
            "label": props.get("label"),
            "T": props.get("T"),
            "merges": props.get("merges", 0),
            "contexts": len(contexts),
            "latest": contexts[-1]["text"] if contexts else None,
        }

    kind = "concept_added" if before is None else "concept_merged"
    return GraphEdit(kind, stem, summary(before) if before else None, summary(after))


def _create_concepts(graph: str, rows: list[dict]) -> dict[str, int]:
    """Create concept vertices; returns their ids by stem."""
    if not rows:
        return {}
    created = age.cypher(
        graph,
        "UNWIND $rows AS row CREATE (c:Concept {stem: row.stem, label: row.label, "
        "contexts: row.contexts, T: row.T, merges: row.merges}) RETURN c.stem, id(c)",
        {"rows": rows},
        columns=("stem", "id"),
    )
    return dict(created)


def _strengthen(
    graph: str,
    pairs: dict[tuple[str, str], int],
    t: int,
    ids: dict[str, int],
    merged: dict[int, dict],
) -> list[GraphEdit]:
    """Hebbian strengthening: +1 per co-mention. Edges point from the smaller stem to the
    larger, so each pair has one edge; existing ones are updated, missing ones created.
    `ids` holds the vertex id of every stem in `pairs`; `merged` (the new properties of the
    concepts that existed, by id) is written in the same statement as the edges."""
    if not pairs:
        age.write_changes(graph, concepts=merged)
        return []
    by_ids = {(ids[a], ids[b]): (a, b) for a, b in sorted(pairs)}
    found = [
        (*by_ids[ends], edge_id, props)
        for ends, (edge_id, props) in age.find_edges(graph, "RELATED", list(by_ids)).items()
    ]
    changed = {
        edge_id: {**props, "strength": int(props["strength"]) + pairs[(a, b)], "T": t}
        for a, b, edge_id, props in found
    }
    seen = {(a, b): changed[edge_id]["strength"] for a, b, edge_id, _props in found}
    missing = [(a, b) for a, b in sorted(pairs) if (a, b) not in seen]
    age.write_changes(
        graph,
        concepts=merged,
        edges=changed,
        new_edges=[(ids[a], ids[b], {"strength": pairs[(a, b)], "T": t}) for a, b in missing],
    )
    edits = []
    for (a, b), inc in sorted(pairs.items()):
        strength = seen.get((a, b), inc)
        before = {"strength": strength - inc} if (a, b) in seen else None
        after = {"strength": strength, "T": t}
        edits.append(GraphEdit("relation_strengthened", f"{a} -> {b}", before, after))
    return edits


def revise(
    stem: str,
    props: dict,
    false_facts: Callable[[set[int]], set[int]],
    summarise: Callable[[str, list[dict]], list[str] | None] | None = None,
) -> GraphEdit | None:
    """RecallM's context revision: when a concept's context grows past the limit, a model (if
    given) summarises it keeping the latest truths; otherwise, symbolically, sentences whose
    facts are all false now go first, then the oldest. Changes `props` in place and returns
    the edit, or None when nothing changed."""
    limit = settings.RECALLM_CONTEXT_LIMIT
    contexts = props.get("contexts", [])
    if len(contexts) <= limit:
        return None
    summary = summarise(props.get("label", stem), contexts) if summarise else None
    if summary:
        last = contexts[-1]
        props["contexts"] = [
            {"text": line, "t": last["t"], "at": last["at"], "facts": []} for line in summary
        ][-limit:]
    else:
        false = false_facts({i for c in contexts for i in c.get("facts", [])})
        kept = [c for c in contexts if not c.get("facts") or set(c["facts"]) - false]
        props["contexts"] = kept[-limit:]
    return GraphEdit(
        "context_revised",
        stem,
        {"contexts": [c["text"] for c in contexts]},
        {"contexts": [c["text"] for c in props["contexts"]]},
    )


@dataclass(frozen=True)
class RankedConcept:
    stem: str
    label: str
    score: float
    contexts: list[dict]


# One hop in both directions from the frontier's stems, inside the temporal window.
NEIGHBOURS = (
    "UNWIND $stems AS s MATCH (c:Concept)-[r:RELATED]->(n:Concept) "
    "WHERE c.stem = s AND r.T >= $since RETURN n.stem, r.strength, r.T "
    "UNION ALL UNWIND $stems AS s MATCH (n:Concept)-[r:RELATED]->(c:Concept) "
    "WHERE c.stem = s AND r.T >= $since RETURN n.stem, r.strength, r.T"
)


def related_concepts(*, graph: str, stems: list[str], clock: int) -> list[RankedConcept]:
    """Essential concepts plus neighbours within RECALLM_HOPS hops whose relation was touched
    inside the temporal window, ranked by strength + alpha * recency, at most P of them."""
    if not stems or not age.graph_exists(graph):
        return []
    window_start = max(0, clock - settings.RECALLM_WINDOW)
    scores: dict[str, float] = {s: float("inf") for s in stems}
    frontier = list(stems)
    for _hop in range(settings.RECALLM_HOPS):
        if not frontier:
            break
        rows = age.cypher(
            graph,
            NEIGHBOURS,
            {"stems": frontier, "since": window_start},
            columns=("stem", "strength", "T"),
        )
        frontier = []
        for stem, strength, t_edge in rows:
            score = float(strength) + settings.RECALLM_ALPHA * (float(t_edge) / max(clock, 1))
            if score > scores.get(stem, -1.0):
                if stem not in scores:
                    frontier.append(stem)
                scores[stem] = score
        frontier = sorted(frontier, key=lambda s: -scores[s])[: settings.RECALLM_MAX_CONCEPTS]
    best = sorted(scores, key=lambda s: -scores[s])[: settings.RECALLM_MAX_CONCEPTS]
    found = fetch_concepts(graph, best)
    return [
        RankedConcept(s, found[s].get("label", s), scores[s], found[s].get("contexts", []))
        for s in best
        if s in found
    ]

"""Everything about talking to Apache AGE: session setup, Cypher execution, agtype parsing.

User text reaches Cypher only through the parameter map (the third argument of `cypher()`),
never by string formatting. Graph names are derived from integer user ids.
"""

import importlib.util
import json
import sys
import types
from collections.abc import Iterable, Sequence
from typing import Any

import psycopg
import psycopg.sql
from django.db import connection


def setup_age_session(sender: Any, connection: Any, **kwargs: Any) -> None:
    """Run on every new database connection: load AGE and make its operators resolvable.

    ag_catalog goes last so that Django keeps creating its tables in public.
    """
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("LOAD 'age'")
        cursor.execute('SET search_path = "$user", public, ag_catalog')
        # pgvector 0.8: keep scanning the HNSW index until enough rows pass the user filter.
        cursor.execute("SET hnsw.iterative_scan = relaxed_order")
        # Every query here is short, but the planner costs AGE's Cypher plans high (without
        # migration memory/0007 it guesses 1000 rows for each UNWIND): JIT compiling them or
        # starting parallel workers for them takes far longer than running them (a 2-hop
        # neighbourhood: 11 ms with two workers, 0.4 ms of actual work).
        cursor.execute("SET jit = off")
        cursor.execute("SET max_parallel_workers_per_gather = 0")
        # The usual value for SSDs and cached data. With the default 4, pgvector's HNSW estimate
        # (each index page a random read) lost to scanning a user's vectors exactly up to
        # ~25k facts: 11.6 ms at 10k facts, against 1.4 ms through the index.
        cursor.execute("SET random_page_cost = 1.1")


def _load_agtype_parser():
    # apache-age-python is installed without its psycopg2 pin (we use psycopg 3). Only its
    # driver-independent ANTLR agtype parser is used: the package object is created without
    # running its __init__ (which connects through psycopg2), and the one psycopg2 import on the
    # parser's path (a star import of error classes it never uses) is satisfied by a stand-in
    # that is removed again right after.
    if "age.builder" in sys.modules:
        return sys.modules["age.builder"].parseAgeValue
    spec = importlib.util.find_spec("age")
    if spec is None or spec.submodule_search_locations is None:
        raise ImportError("apache-age-python is not installed")
    package = types.ModuleType("age")
    package.__path__ = list(spec.submodule_search_locations)
    sys.modules.setdefault("age", package)
    stand_ins = []
    try:
        import psycopg2  # noqa: F401
    except ImportError:
        for name in ("psycopg2", "psycopg2.errors"):
            sys.modules[name] = types.ModuleType(name)
            stand_ins.append(name)
    try:
        from age.builder import parseAgeValue
    finally:
        for name in stand_ins:
            sys.modules.pop(name, None)
    return parseAgeValue


_parse_agtype = None


def parse_agtype(value: str | None) -> Any:
    """Turn an agtype text value (vertex, edge, path, scalar, list, map) into Python objects."""
    global _parse_agtype
    if value is None:
        return None
    if "::" not in value:
        # Maps, lists and scalars print as JSON; only vertices, edges and paths carry a
        # "::type" annotation that needs the agtype grammar (and its ANTLR parser is ~100x
        # slower, which shows at a few thousand values per question).
        try:
            return json.loads(value)
        except ValueError:
            pass
    if _parse_agtype is None:
        _parse_agtype = _load_agtype_parser()
    return _parse_agtype(value)


def graph_name(user_id: int) -> str:
    return f"memory_u{int(user_id)}"


def graph_exists(name: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM ag_catalog.ag_graph WHERE name = %s", [name])
        return cursor.fetchone() is not None


def ensure_graph(name: str) -> None:
    if not graph_exists(name):
        with connection.cursor() as cursor:
            cursor.execute("SELECT ag_catalog.create_graph(%s)", [name])


def drop_graph(name: str) -> None:
    if graph_exists(name):
        with connection.cursor() as cursor:
            cursor.execute("SELECT ag_catalog.drop_graph(%s, true)", [name])


def check_graph_name(graph: str) -> None:
    if not graph.startswith("memory_u") or not graph[8:].isdigit():
        raise ValueError(f"not a memory graph name: {graph!r}")


def _label_table(graph: str, label: str, labels: tuple[str, ...]) -> psycopg.sql.Identifier:
    """The label table of one of our graphs, refusing anything else."""
    check_graph_name(graph)
    if label not in labels:
        raise ValueError(f"not a memory graph label here: {label!r}")
    return psycopg.sql.Identifier(graph, label)


def _execute(query: psycopg.sql.Composable, params: list) -> None:
    with connection.cursor() as cursor:
        cursor.execute(query.as_string(connection.connection), params)


def update_properties(graph: str, label: str, rows: dict[int, dict]) -> None:
    """Replace the properties of vertices or edges, by graph id, in one indexed UPDATE.

    AGE 1.7's Cypher SET locates each entity with a sequential scan of its label table (3.4 ms
    to update two concepts of 50k; edges likewise), so updates of entities already read go
    through SQL on the label table instead, which uses its id index (0.1 ms)."""
    _label_table(graph, label, ("Concept", "RELATED"))
    if label == "Concept":
        write_changes(graph, concepts=rows)
    else:
        write_changes(graph, edges=rows)


def find_edges(graph: str, label: str, ends: list[tuple[int, int]]) -> dict[tuple, tuple]:
    """The edges from start id to end id for each (start, end) pair, as
    {(start, end): (edge id, properties)}; pairs without an edge are left out. A Cypher MATCH
    of the same edges by their ends' properties took twice as long (0.75 ms for a sentence)."""
    table = _label_table(graph, label, ("RELATED",))
    if not ends:
        return {}
    query = psycopg.sql.SQL(
        "SELECT v.s, v.e, e.id::text::bigint, e.properties::text FROM {} AS e "
        "JOIN unnest(%s::bigint[], %s::bigint[]) AS v(s, e) "
        "ON e.start_id = v.s::text::ag_catalog.graphid AND e.end_id = v.e::text::ag_catalog.graphid"
    ).format(table)
    starts, finishes = zip(*ends, strict=True)
    with connection.cursor() as cursor:
        cursor.execute(query.as_string(connection.connection), [list(starts), list(finishes)])
        rows = cursor.fetchall()
    return {(s, e): (edge_id, parse_agtype(props)) for s, e, edge_id, props in rows}


def insert_edges(graph: str, label: str, rows: list[tuple[int, int, dict]]) -> None:
    """Create edges (start id, end id, properties) between vertices the caller has just read or
    created, in one INSERT. AGE 1.7's Cypher CREATE of an edge first checks that both ends
    exist with sequential scans of the vertex table (4 ms an edge at 50k concepts); the ids
    come from AGE's own column default, as with CREATE."""
    _label_table(graph, label, ("RELATED",))
    write_changes(graph, new_edges=rows)


# A message's graph writes in one statement (the ones left empty change nothing): updating the
# concepts, updating the edges and inserting the new edges were three round trips, each planned
# on its own. Data-modifying CTEs run to completion whether or not anything reads them, and the
# three touch different rows.
_WRITE_CHANGES = (
    "WITH concepts AS ("
    " UPDATE {concept} AS e SET properties = v.props::text::ag_catalog.agtype"
    " FROM unnest(%s::bigint[], %s::text[]) AS v(id, props)"
    " WHERE e.id = v.id::text::ag_catalog.graphid"
    "), edges AS ("
    " UPDATE {related} AS e SET properties = v.props::text::ag_catalog.agtype"
    " FROM unnest(%s::bigint[], %s::text[]) AS v(id, props)"
    " WHERE e.id = v.id::text::ag_catalog.graphid"
    ") INSERT INTO {related} (start_id, end_id, properties)"
    " SELECT v.s::text::ag_catalog.graphid, v.e::text::ag_catalog.graphid,"
    " v.props::text::ag_catalog.agtype"
    " FROM unnest(%s::bigint[], %s::bigint[], %s::text[]) AS v(s, e, props)"
)


def write_changes(
    graph: str,
    *,
    concepts: dict[int, dict] | None = None,
    edges: dict[int, dict] | None = None,
    new_edges: Sequence[tuple[int, int, dict]] = (),
) -> None:
    """New properties for concepts and edges by graph id (see update_properties) and new
    edges (see insert_edges), in one statement."""
    concepts, edges = concepts or {}, edges or {}
    if not (concepts or edges or new_edges):
        return
    query = psycopg.sql.SQL(_WRITE_CHANGES).format(
        concept=_label_table(graph, "Concept", ("Concept",)),
        related=_label_table(graph, "RELATED", ("RELATED",)),
    )
    starts, ends, props = zip(*new_edges, strict=True) if new_edges else ((), (), ())
    params = [
        *_ids_and_json(concepts),
        *_ids_and_json(edges),
        list(starts),
        list(ends),
        [json.dumps(p) for p in props],
    ]
    _execute(query, params)


def _ids_and_json(rows: dict[int, dict]) -> list[list]:
    ids = list(rows)
    return [ids, [json.dumps(rows[i]) for i in ids]]


def cypher_sql(graph: str, query: str, columns: Iterable[str] = ("v",)) -> str:
    """The SQL that runs one Cypher statement, its parameter map the one bind parameter.

    `graph` must come from graph_name(); `query` is code, never user text; values go in params.
    """
    check_graph_name(graph)
    if "$$" in query:
        raise ValueError("Cypher text may not contain $$")
    cols = ", ".join(f"{c} agtype" for c in columns)
    return f"SELECT * FROM cypher('{graph}', $$ {query} $$, %s) AS ({cols})"  # noqa: S608


def cypher(
    graph: str, query: str, params: dict | None = None, columns: Iterable[str] = ("v",)
) -> list[tuple]:
    """Run one Cypher statement (see cypher_sql) and return rows of parsed agtype values."""
    sql = cypher_sql(graph, query, columns)
    # AGE only accepts the parameter map as a real bind parameter ($1), so this bypasses
    # Django's client-side-binding cursor and uses a plain psycopg cursor on the same
    # connection, inside the same transaction.
    connection.ensure_connection()
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, [json.dumps(params or {})])
        rows = cursor.fetchall() if cursor.description else []
    return [tuple(parse_agtype(v) for v in row) for row in rows]

"""Reads of one user's concept graph for the audit screens (paginated, searchable), and the
layout of a concept's neighbourhood picture (drawn as inline SVG by a template, no JS)."""

import math

from django.db import connection
from psycopg import sql

from memory import age

PAGE = 50
PICTURE_NEIGHBOURS = 16


def graph_summary(*, user_id: int) -> dict:
    """Counts read straight from the graph's label tables (a Cypher count(r) over 60k
    relations takes 10x longer)."""
    name = age.graph_name(user_id)
    if not age.graph_exists(name):
        return {"exists": False, "concepts": 0, "relations": 0}
    query = sql.SQL("SELECT (SELECT count(*) FROM {}), (SELECT count(*) FROM {})").format(
        sql.Identifier(name, "Concept"), sql.Identifier(name, "RELATED")
    )
    with connection.cursor() as cursor:
        cursor.execute(query.as_string(connection.connection))
        concepts, relations = cursor.fetchone()
    return {"exists": True, "concepts": concepts, "relations": relations}


def concepts_page(*, user_id: int, page: int = 1, search: str = "") -> tuple[list[dict], bool]:
    """Concepts by most recently touched (RecallM's T); returns (rows, has_more)."""
    name = age.graph_name(user_id)
    if not age.graph_exists(name):
        return [], False
    where = "WHERE toLower(c.label) CONTAINS $q OR c.stem CONTAINS $q " if search else ""
    # Sort on projected keys first and read the rest for one page only: 3x faster at 20k.
    rows = age.cypher(
        name,
        f"MATCH (c:Concept) {where}WITH c, c.T AS t, c.stem AS s ORDER BY t DESC, s "
        "SKIP $skip LIMIT $limit RETURN c.stem, c.label, c.T, c.merges, size(c.contexts)",
        {"q": search.lower(), "skip": (max(page, 1) - 1) * PAGE, "limit": PAGE + 1},
        columns=("stem", "label", "t", "merges", "contexts"),
    )
    found = [
        {"stem": s, "label": label, "T": t, "merges": merges or 0, "contexts": n}
        for s, label, t, merges, n in rows
    ]
    return found[:PAGE], len(found) > PAGE


def concept(*, user_id: int, stem: str) -> dict | None:
    name = age.graph_name(user_id)
    if not age.graph_exists(name):
        return None
    rows = age.cypher(
        name, "MATCH (c:Concept) WHERE c.stem = $s RETURN properties(c)", {"s": stem}, ("c",)
    )
    return rows[0][0] if rows else None


def neighbours(*, user_id: int, stem: str, limit: int = 50) -> list[dict]:
    """Concepts related to `stem` (either edge direction), strongest and most recent first."""
    rows = age.cypher(
        age.graph_name(user_id),
        "MATCH (c:Concept)-[r:RELATED]->(n:Concept) WHERE c.stem = $s "
        "RETURN n.stem, n.label, r.strength, r.T "
        "UNION ALL MATCH (n:Concept)-[r:RELATED]->(c:Concept) WHERE c.stem = $s "
        "RETURN n.stem, n.label, r.strength, r.T",
        {"s": stem},
        columns=("stem", "label", "strength", "t"),
    )
    found = [{"stem": s, "label": label, "strength": st, "T": t} for s, label, st, t in rows]
    found.sort(key=lambda n: (-n["strength"], -n["T"], n["stem"]))
    return found[:limit]


def links_among(*, user_id: int, stems: list[str]) -> list[tuple[str, str, int]]:
    """Relations between the given concepts (the neighbours' links to each other)."""
    if len(stems) < 2:
        return []
    rows = age.cypher(
        age.graph_name(user_id),
        "UNWIND $stems AS s MATCH (a:Concept)-[r:RELATED]->(b:Concept) WHERE a.stem = s "
        "RETURN a.stem, b.stem, r.strength",
        {"stems": stems},
        columns=("a", "b", "strength"),
    )
    wanted = set(stems)
    return [(a, b, int(st)) for a, b, st in rows if b in wanted]


def _shade(recency: float) -> str:
    """Light blue for the least recently co-mentioned neighbour, strong blue for the latest."""
    light, dark = (0xC6, 0xD8, 0xF5), (0x2F, 0x6F, 0xDE)
    mix = [round(a + (b - a) * recency) for a, b in zip(light, dark, strict=True)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def neighbourhood_svg(
    center: dict, around: list[dict], links: list[tuple[str, str, int]] = (), size: int = 560
) -> dict:
    """Coordinates for a radial picture: the concept in the middle, its strongest neighbours on
    a circle (spoke width by Hebbian strength, shade by recency), their mutual links as thin
    chords, labels outside the circle."""
    around = around[:PICTURE_NEIGHBOURS]
    mid, radius = size / 2, size / 2 - 110
    strongest = max((n["strength"] for n in around), default=1) or 1
    times = sorted({n["T"] for n in around})
    nodes, where = [], {}
    for i, node in enumerate(around):
        angle = 2 * math.pi * i / max(len(around), 1) - math.pi / 2
        cos, sin = math.cos(angle), math.sin(angle)
        x, y = mid + radius * cos, mid + radius * sin
        where[node["stem"]] = (x, y)
        recency = (times.index(node["T"]) + 1) / len(times)
        nodes.append(
            {
                **node,
                "x": round(x, 1),
                "y": round(y, 1),
                "lx": round(mid + (radius + 24) * cos, 1),
                "ly": round(mid + (radius + 24) * sin + 4, 1),
                "anchor": "start" if cos > 0.3 else "end" if cos < -0.3 else "middle",
                "sx": round(mid + radius * 0.55 * cos, 1),
                "sy": round(mid + radius * 0.55 * sin, 1),
                "width": round(1 + 6 * node["strength"] / strongest, 1),
                "fill": _shade(recency),
            }
        )
    chords = [
        {"x1": where[a][0], "y1": where[a][1], "x2": where[b][0], "y2": where[b][1], "s": s}
        for a, b, s in links
        if a in where and b in where
    ]
    return {"size": size, "mid": mid, "center": center, "nodes": nodes, "chords": chords}

"""Reads of one user's concept graph for the audit screens (paginated, searchable)."""

import math

from memory import age

PAGE = 50


def concepts_page(*, user_id: int, page: int = 1, search: str = "") -> tuple[list[dict], bool]:
    """Concepts by most recently touched; returns (rows, has_more)."""
    name = age.graph_name(user_id)
    if not age.graph_exists(name):
        return [], False
    where = "WHERE toLower(c.label) CONTAINS $q " if search else ""
    rows = age.cypher(
        name,
        f"MATCH (c:Concept) {where}RETURN c.stem, c.label, c.T, c.merges, size(c.contexts) "
        "ORDER BY c.T DESC, c.stem SKIP $skip LIMIT $limit",
        {"q": search.lower(), "skip": (page - 1) * PAGE, "limit": PAGE + 1},
        columns=("stem", "label", "t", "merges", "contexts"),
    )
    found = [
        {"stem": s, "label": label, "T": t, "merges": merges, "contexts": n}
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


def neighbours(*, user_id: int, stem: str, limit: int = 24) -> list[dict]:
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
    found.sort(key=lambda n: (-n["strength"], -n["T"]))
    return found[:limit]


def neighbourhood_svg(center: dict, around: list[dict], size: int = 420) -> dict:
    """Coordinates for a small radial picture: the concept in the middle, neighbours on a
    circle, edge width by Hebbian strength. Rendered by a template as inline SVG."""
    mid = size / 2
    radius = size / 2 - 60
    strongest = max((n["strength"] for n in around), default=1)
    nodes = []
    for i, node in enumerate(around):
        angle = 2 * math.pi * i / max(len(around), 1) - math.pi / 2
        nodes.append(
            {
                **node,
                "x": round(mid + radius * math.cos(angle), 1),
                "y": round(mid + radius * math.sin(angle), 1),
                "width": round(1 + 5 * node["strength"] / strongest, 1),
            }
        )
    return {"size": size, "mid": mid, "center": center, "nodes": nodes}

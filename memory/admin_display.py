"""What the audit admin shows for edits, facts and concepts: links, diffs, one-line changes,
truth periods and context rows. HTML goes through format_html or templates (escaped)."""

import json

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from chatbot.models import Message
from memory.models import Fact, MemoryEdit


def message_link(message: Message | None, length: int = 80) -> str:
    if message is None:
        return "—"
    url = reverse("admin:chatbot_message_change", args=[message.pk])
    return format_html('<a href="{}">#{}: {}</a>', url, message.pk, message.text[:length])


def edit_log_url(**params) -> str:
    query = "&".join(f"{key}={int(value)}" for key, value in params.items())
    return f"{reverse('admin:memory_memoryedit_changelist')}?{query}"


def _shown(value, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def diff_rows(before: dict | None, after: dict | None) -> list[tuple[str, str, str]]:
    """(field, before, after) for every field an edit changed; "—" where a side has none."""
    before, after = before or {}, after or {}
    keys = [k for k in dict.fromkeys([*before, *after]) if before.get(k) != after.get(k)]
    return [
        (k, _shown(before[k]) if k in before else "—", _shown(after[k]) if k in after else "—")
        for k in keys
    ]


# Fields that say what a graph edit did; T and the latest sentence are in the detail page.
_GRAPH_KEYS = ("strength", "merges", "contexts")


def _count(value) -> object:
    return len(value) if isinstance(value, list) else value


def compact_change(edit: MemoryEdit) -> str:
    """One line for lists: what an edit changed, at most three fields."""
    after = edit.after or {}
    if edit.before is None:
        shown = "true" if after.get("is_true") else "false" if "is_true" in after else ""
        shown = shown or (f"strength {after['strength']}" if "strength" in after else "")
        return format_html('<span class="memory-change">new {}</span>', shown)
    rows = diff_rows(edit.before, after)
    if not edit.kind.startswith("fact_"):
        rows = [
            (k, _count(edit.before.get(k, "—")), _count(after.get(k, "—")))
            for k, _, _ in rows
            if k in _GRAPH_KEYS
        ]
    parts = [
        format_html(
            '{}: <span class="before">{}</span> → <span class="after">{}</span>',
            key,
            _shown(old, 40),
            _shown(new, 40),
        )
        for key, old, new in rows[:3]
        if key != "rewritten_as"
    ]
    if edit.kind == "fact_rewritten":
        parts.append(format_html("rewritten as “{}”", _shown(after.get("rewritten_as"), 80)))
    body = format_html_join("; ", "{}", ((p,) for p in parts)) if parts else "no change"
    return format_html('<span class="memory-change">{}</span>', body)


def edits_table(edits, *, more_url: str = "", total: int | None = None) -> str:
    items = [{"edit": e, "change": compact_change(e)} for e in edits]
    return render_to_string(
        "admin/memory/_edits.html", {"edits": items, "more_url": more_url, "total": total}
    )


def truth_periods(rows: list) -> list[dict]:
    """Each truth-history row with the time the next row replaced it (None: still current)."""
    return [
        {"row": row, "until": rows[i + 1].at if i + 1 < len(rows) else None}
        for i, row in enumerate(rows)
    ]


def context_rows(user_id: int, contexts: list[dict]) -> list[dict]:
    """A concept's context sentences with the current truth of the facts each one stated."""
    ids = {i for line in contexts for i in line.get("facts", [])}
    truth = dict(Fact.objects.filter(user_id=user_id, pk__in=ids).values_list("pk", "is_true"))
    return [
        {
            "t": line.get("t"),
            "when": str(line.get("at", ""))[:16].replace("T", " "),
            "text": line.get("text", ""),
            "facts": [(i, truth[i]) for i in line.get("facts", []) if i in truth],
        }
        for line in contexts
    ]

"""How chat events are written to a websocket: HTML fragments for htmx, or JSON for scripts.

HTML fragments are swapped out-of-band by htmx's ws extension by element id. All user and model
text goes through Django's template auto-escaping or django.utils.html.escape.
"""

import json

from django.template.loader import render_to_string
from django.utils.html import escape

from chatbot.models import Message
from memory.engine import SUMMARY_LIMIT


class HtmlOutbox:
    def message(self, message: Message) -> str:
        return render_to_string("chat/_oob_message.html", {"m": message})

    def routed(self, message: Message, kind: str) -> str:
        label = Message.Route(kind).label if kind in Message.Route.values else kind
        return (
            f'<span id="route-{message.pk}" hx-swap-oob="outerHTML" '
            f'class="route route-{escape(kind)}">{escape(label)}</span>'
        )

    def token(self, reply: Message, text: str) -> str:
        return (
            f'<span id="reply-body-{reply.pk}" hx-swap-oob="beforeend">'
            f"<span>{escape(text)}</span></span>"
        )

    def changes(self, reply: Message, lines: list[str]) -> str:
        context = {"reply": reply, "lines": lines, "summary_limit": SUMMARY_LIMIT}
        return render_to_string("chat/_oob_changes.html", context)

    def done(self, reply: Message, meta: dict, text: str) -> str:
        """The finished reply, drawn again as Markdown (while it streams it is plain text)."""
        context = {"reply": reply, "meta": meta, "text": text}
        return render_to_string("chat/_oob_done.html", context)

    def failed(self, message: Message | None, error: str) -> str:
        return render_to_string("chat/_oob_error.html", {"m": message, "error": error})


class JsonOutbox:
    def message(self, message: Message) -> str:
        return json.dumps(
            {"type": "message", "id": message.pk, "role": message.role, "text": message.text}
        )

    def routed(self, message: Message, kind: str) -> str:
        return json.dumps({"type": "routed", "message": message.pk, "route": kind})

    def token(self, reply: Message, text: str) -> str:
        return json.dumps({"type": "token", "reply": reply.pk, "text": text})

    def changes(self, reply: Message, lines: list[str]) -> str:
        return json.dumps({"type": "memory", "reply": reply.pk, "changes": lines})

    def done(self, reply: Message, meta: dict, text: str) -> str:
        return json.dumps({"type": "done", "reply": reply.pk, "meta": meta})

    def failed(self, message: Message | None, error: str) -> str:
        return json.dumps(
            {"type": "error", "message": message.pk if message else None, "error": error}
        )

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from chatbot.models import Message
from memory import nlp


@dataclass
class UpdateResult:
    lines: list[str] = field(default_factory=list)  # human summary of what changed
    meta: dict = field(default_factory=dict)  # backend, fallbacks, tokens...


class Engine:
    """Shared shape of an engine. `update` runs inside the caller's transaction and per-user
    lock (memory.engine.apply_update); `answer` and `command` only read memory."""

    name = "base"
    backend = "offline"

    def route(self, text: str, *, speaker: str = "the user") -> nlp.Route:
        return nlp.route(text)

    def prepare_update(self, *, message: Message, text: str) -> object | None:
        """Work on an update that reads no memory, started before the memory lock is taken;
        whatever it returns is handed to update() (which must also cope with None)."""
        return None

    def update(
        self, *, message: Message, text: str, t: int, prepared: object | None = None
    ) -> UpdateResult:
        raise NotImplementedError

    def answer(self, *, message: Message, text: str) -> AsyncIterator[str]:
        raise NotImplementedError

    def usage(self) -> dict:
        """Cost of the message so far (LLM calls, tokens), for the reply's meta."""
        return {}

    def command(self, *, message: Message, command: str, arg: str) -> UpdateResult:
        """Memory commands typed in chat ("what do you remember about X", "forget X")."""
        raise NotImplementedError

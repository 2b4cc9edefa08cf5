"""What the engine entry point yields while it handles one user message."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Routed:
    kind: str  # a chatbot.models.Message.Route value


@dataclass(frozen=True)
class Token:
    text: str


@dataclass(frozen=True)
class MemoryChanged:
    lines: list[str]


@dataclass(frozen=True)
class Done:
    meta: dict = field(default_factory=dict)
    incomplete: bool = False


@dataclass(frozen=True)
class Failed:
    error: str
    retryable: bool = True


Event = Routed | Token | MemoryChanged | Done | Failed

"""The language steps an engine supplies to the update pipeline, and their result types.

Each step sees a whole message at once, so an LLM engine needs one call per step, not per fact.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from memory.models import Fact
from memory.nlp import ParsedFact


@dataclass(frozen=True)
class Verdict:
    fact: Fact
    operation: str  # "reinforce" | "no_change" | "make_false" | "retract" (never true)
    reason: str
    new_index: int  # which of the message's new facts it is judged against


@dataclass(frozen=True)
class Rewrite:
    old: Fact
    new: ParsedFact
    reason: str


@dataclass
class StepInfo:
    """Who decided: recorded on every edit a step causes."""

    backend: str
    model_name: str = ""
    prompt_version: str = ""


class Steps(Protocol):
    def extract(
        self,
        text: str,
        *,
        speaker: str,
        last_person: str | None = None,
        people: Sequence[tuple[str, str]] = (),
    ) -> list[ParsedFact]: ...

    def judge(self, new: list[ParsedFact], related: list[list[Fact]]) -> list[Verdict]: ...

    def rewrite(
        self, new: list[ParsedFact], made_false: list[Fact], still_true: list[Fact]
    ) -> list[Rewrite]: ...

    def info(self, step: str) -> StepInfo: ...

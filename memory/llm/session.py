"""One message's use of the model: its meter, the steps that ran offline and why, and whether
the endpoint failed (later steps of the same message then go offline at once: one timeout per
message is enough)."""

from typing import TypeVar

from django.conf import settings
from pydantic import BaseModel

from memory.llm import client, prompts

T = TypeVar("T", bound=BaseModel)

# How the reply and the fallback note name each step.
STEP_LABELS = {
    "route": "routing",
    "erase.add": "fact extraction",
    "erase.verdict": "verdicts",
    "erase.rewrite": "rewrites",
    "recallm.revise": "context revision",
    "answer": "the answer",
}


class LLMSession:
    def __init__(self) -> None:
        self.meter = client.Meter()
        self.unavailable = ""  # why the endpoint failed during this message, if it did
        self.fallbacks: dict[str, str] = {}  # step -> why it ran offline
        self.details: dict[str, str] = {}  # step -> what exactly went wrong, for the edit log
        self.answered = False

    def structured(
        self, step: str, messages: list[dict], schema: type[T], *, model: str | None = None
    ) -> T | None:
        """The model's validated answer for `step`, or None (recorded) to run it offline."""
        if self.unavailable:
            self.fell_back(step, self.unavailable)
            return None
        try:
            return client.chat_json(
                messages,
                schema=schema,
                model=model or settings.LLM_UPDATE_MODEL,
                meter=self.meter,
                step=step,
            )
        except client.Unavailable as exc:
            self.unavailable = exc.reason
            self.fell_back(step, exc.reason, exc.detail)
        except client.InvalidOutput as exc:
            self.fell_back(step, exc.reason, exc.detail)
        return None

    def fell_back(self, step: str, reason: str, detail: str = "") -> None:
        if step not in self.fallbacks:
            self.fallbacks[step] = reason
            self.details[step] = detail

    def note(self, step: str) -> str:
        """For the edit log: why this step's edits were decided offline ("" if they were not)."""
        reason = self.fallbacks.get(step)
        if not reason:
            return ""
        detail = self.details.get(step)
        return f"LLM fallback, done offline: {reason}" + (f" ({detail})" if detail else "")

    def summary(self, steps: list[str] | None = None) -> str:
        """One line for the reply: which steps ran offline and why."""
        chosen = [s for s in self.fallbacks if steps is None or s in steps]
        by_reason: dict[str, list[str]] = {}
        for step in chosen:
            by_reason.setdefault(self.fallbacks[step], []).append(STEP_LABELS.get(step, step))
        return "; ".join(
            f"{', '.join(labels)} done offline ({reason})" for reason, labels in by_reason.items()
        )

    def as_meta(self) -> dict:
        meta = self.meter.as_meta()
        meta["model"] = settings.LLM_MODEL
        if settings.LLM_UPDATE_MODEL != settings.LLM_MODEL:
            meta["update_model"] = settings.LLM_UPDATE_MODEL
        if self.answered:
            meta["answer_prompt"] = prompts.ANSWER_VERSION
        if self.fallbacks:
            meta["fallback"] = self.summary()
        return meta

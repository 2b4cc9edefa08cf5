"""Reading replay files: one episode per line, {dataset, subset, episode_id, events}."""

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path


@dataclass(frozen=True)
class Turn:
    text: str
    time: datetime


@dataclass(frozen=True)
class Probe:
    question: str
    accepted_answers: list[str]
    answer_choices: list[str] | None
    asked_at: datetime
    grading: str
    status: str | None
    kind: str | None = None  # what the probe tests (current, past, plan...), for per-kind tables


@dataclass
class Episode:
    line: int
    dataset: str
    episode_id: str
    events: list[Turn | Probe] = field(default_factory=list)


class Malformed(ValueError):
    pass


def _time(value: object) -> datetime:
    if not isinstance(value, str):
        raise Malformed(f"time must be an ISO string, got {value!r}")
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError as exc:
        raise Malformed(f"bad time {value!r}") from exc
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def _event(raw: object) -> Turn | Probe:
    if not isinstance(raw, dict):
        raise Malformed("an event must be an object")
    if "question" in raw:
        question = raw["question"]
        if not isinstance(question, str) or not question.strip():
            raise Malformed("a probe's question must be non-empty text")
        answers = raw.get("accepted_answers")
        if not isinstance(answers, list) or not all(
            isinstance(a, str | int | float) and not isinstance(a, bool) for a in answers
        ):
            raise Malformed("accepted_answers must be a list of strings")
        choices = raw.get("answer_choices")
        if choices is not None and not isinstance(choices, list):
            raise Malformed("answer_choices must be a list")
        return Probe(
            question=question,
            accepted_answers=[str(a) for a in answers],  # "2022" and 2022 are the same answer
            answer_choices=[str(c) for c in choices] if choices else None,
            asked_at=_time(raw.get("asked_at")),
            grading=str(raw.get("grading", "multiple_choice_or_exact")),
            status=raw.get("status"),
            kind=str(raw["kind"]) if raw.get("kind") else None,
        )
    if raw.get("role") == "user" and isinstance(raw.get("text"), str):
        return Turn(text=raw["text"], time=_time(raw.get("time")))
    raise Malformed("an event is a turn {role, text, time} or a probe {question, ...}")


def parse_line(line: str, number: int) -> Episode:
    try:
        raw = json.loads(line)
    except ValueError as exc:
        raise Malformed(f"not JSON ({exc.msg})") from exc
    if not isinstance(raw, dict) or not isinstance(raw.get("events"), list):
        raise Malformed("an episode is an object with an events list")
    episode = Episode(
        line=number,
        dataset=str(raw.get("dataset", "unknown")),
        episode_id=str(raw.get("episode_id", f"line-{number}")),
    )
    episode.events = [_event(event) for event in raw["events"]]
    return episode


def read_episodes(path: Path, errors: list[str]) -> Iterator[Episode]:
    """Episodes in file order; malformed lines are reported in `errors` and skipped."""
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                yield parse_line(line, number)
            except Malformed as exc:
                errors.append(f"line {number}: {exc}")

"""Replay episodes through exactly the chat's entry point, as a fresh temporary user each.

Output records (one JSON line each with --out):
- {"type": "turn", episode_id, engine, ingest_ms, failed, [llm_calls, tokens]}: one per chat
  message a dataset turn became (a turn longer than the chat's limit becomes several);
- {"type": "probe", dataset, episode_id, question, answer, accepted_answers, answer_choices,
  status, grading, engine, latency_ms, failed, score, chance, [llm_calls, tokens]};
- {"type": "error", episode_id, engine, error}: an episode that could not be replayed.
"""

import re
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from chatbot import services as chat
from chatbot.models import Conversation, Message
from memory import age, graph
from memory.evaluation.episodes import Episode, Probe, Turn
from memory.evaluation.grading import chance, grade
from memory.events import Done, Failed, Token
from memory.models import MemoryState

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass
class Outcome:
    text: str
    latency_ms: float
    failed: str | None
    cost: dict


async def _run(message: Message, force_route: str) -> Outcome:
    started = time.perf_counter()
    parts: list[str] = []
    failed = None
    cost: dict = {}
    async for _reply, event in chat.run_message(message=message, force_route=force_route):
        if isinstance(event, Token):
            parts.append(event.text)
        elif isinstance(event, Failed):
            failed = event.error
        elif isinstance(event, Done):
            cost = {k: v for k, v in event.meta.items() if k in ("llm_calls", "tokens")}
    elapsed = (time.perf_counter() - started) * 1000
    return Outcome("".join(parts).strip(), elapsed, failed, cost)


run = async_to_sync(_run)


def chat_pieces(text: str, limit: int | None = None) -> list[str]:
    """A dataset turn as messages the chat accepts: control characters become spaces (the chat
    refuses them), and a turn over the length limit is cut between sentences."""
    limit = limit or settings.CHAT_MAX_MESSAGE_CHARS
    text = _CONTROL.sub(" ", text).strip()
    pieces, current = [], ""
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        while len(sentence) > limit:  # one sentence longer than a message: a hard cut
            pieces.append(sentence[:limit])
            sentence = sentence[limit:]
        if current and len(current) + 1 + len(sentence) > limit:
            pieces.append(current)
            current = ""
        current = f"{current} {sentence}" if current else sentence
    if current.strip():
        pieces.append(current)
    return [p.strip() for p in pieces if p.strip()]


def make_user(engine: str):
    user = get_user_model().objects.create(username=f"replay-{engine}-{uuid.uuid4().hex[:10]}")
    MemoryState.objects.create(user=user, engine=engine)
    return user


def remove_user(user) -> None:
    """The user, their memory rows (cascade) and their AGE graph."""
    user_id = user.pk
    with transaction.atomic():
        age.drop_graph(age.graph_name(user_id))
        user.delete()
    graph.forget_graph_cache(user_id)


def replay_episode(episode: Episode, engine: str, *, keep: bool = False) -> Iterator[dict]:
    """Yield one record per turn message ({"type": "turn"}) and per probe ({"type": "probe"})."""
    user = make_user(engine)
    try:
        turns = Conversation.objects.create(user=user, title=f"replay {episode.episode_id}"[:120])
        for event in episode.events:
            if isinstance(event, Turn):
                yield from ingest(episode, engine, turns, event)
            else:
                yield probe_record(episode, event, engine, ask(user, event))
    finally:
        if not keep:
            remove_user(user)


def ingest(episode: Episode, engine: str, turns: Conversation, turn: Turn) -> Iterator[dict]:
    """A turn is stored as the user's message and forced to update memory, even where the
    router would call part of it a question (dataset turns are statements and dialogue)."""
    for piece in chat_pieces(turn.text):
        message = chat.store_user_message(conversation=turns, text=piece, sent_at=turn.time)
        outcome = run(message, "update")
        yield {
            "type": "turn",
            "episode_id": episode.episode_id,
            "engine": engine,
            "ingest_ms": round(outcome.latency_ms, 2),
            "failed": outcome.failed,
            **outcome.cost,
        }


def ask(user, probe: Probe) -> Outcome:
    """A probe is a chat question in a fresh dialogue; it is never stored as memory."""
    dialogue = Conversation.objects.create(user=user, title="probe")
    text = chat_pieces(probe.question)[0]
    message = chat.store_user_message(conversation=dialogue, text=text, sent_at=probe.asked_at)
    return run(message, "question")


def probe_record(episode: Episode, probe: Probe, engine: str, outcome: Outcome) -> dict:
    graded = {
        "grading": probe.grading,
        "accepted": probe.accepted_answers,
        "choices": probe.answer_choices,
    }
    return {
        "type": "probe",
        "dataset": episode.dataset,
        "episode_id": episode.episode_id,
        "question": probe.question,
        "answer": outcome.text,
        "accepted_answers": probe.accepted_answers,
        "answer_choices": probe.answer_choices,
        "status": probe.status,
        "kind": probe.kind,
        "grading": probe.grading,
        "engine": engine,
        "latency_ms": round(outcome.latency_ms, 2),
        "failed": outcome.failed,
        **outcome.cost,
        "score": grade(outcome.text, **graded),
        "chance": chance(**graded),
    }


def replay_all(
    episodes: list[Episode], engines: list[str], *, keep: bool = False
) -> Iterator[tuple[int, dict | None]]:
    """(episodes done, record) for every record; (done, None) after each episode. The same
    episodes run once per engine. An episode that fails is reported and the run goes on."""
    done = 0
    for engine in engines:
        for episode in episodes:
            try:
                for record in replay_episode(episode, engine, keep=keep):
                    yield done, record
            except Exception as exc:  # noqa: BLE001 - one broken episode must not end the run
                error = f"{type(exc).__name__}: {exc}"[:500]
                record = {"type": "error", "episode_id": episode.episode_id, "engine": engine}
                yield done, {**record, "error": error}
            done += 1
            yield done, None


def question_form(record: dict) -> str:
    """yes/no, choice (name one of several) or the grading rule, for the breakdown table."""
    choices = {c.lower() for c in record.get("answer_choices") or []}
    if choices and choices <= {"yes", "no"}:
        return "yes/no"
    return "choice" if choices else record["grading"]


def probe_kind(record: dict) -> str:
    """The probe's kind (what it tests: current, past, plan...), for the per-kind table."""
    return record.get("kind") or "-"


def summarise(
    records: Iterable[dict], by: Callable[[dict], str] = lambda r: r["status"] or "-"
) -> dict[tuple[str, str], dict[str, tuple[float, int]]]:
    """{(dataset, group): {engine: (accuracy, count)}} plus an "all" group per dataset; groups
    are statuses unless `by` says otherwise. The "chance" column is the expected accuracy of
    picking one of the answer choices at random."""
    sums: dict[tuple[str, str, str], list[float]] = {}
    for record in records:
        if record["type"] != "probe":
            continue
        for group in (by(record), "all"):
            key = (record["dataset"], group, record["engine"])
            sums.setdefault(key, []).append(record["score"])
            if record.get("chance") is not None:
                sums.setdefault((record["dataset"], group, "chance"), []).append(record["chance"])
    table: dict[tuple[str, str], dict[str, tuple[float, int]]] = {}
    for (dataset, group, engine), scores in sorted(sums.items()):
        table.setdefault((dataset, group), {})[engine] = (sum(scores) / len(scores), len(scores))
    return table


def markdown_table(table, engines: list[str], group: str = "status") -> str:
    chance_column = any("chance" in by_engine for by_engine in table.values())
    columns = engines + (["chance"] if chance_column else [])
    lines = [f"| dataset | {group} | " + " | ".join(columns) + " |"]
    lines.append("|" + " --- |" * (len(columns) + 2))
    for (dataset, status), by_engine in table.items():
        cells = []
        for engine in columns:
            accuracy, count = by_engine.get(engine, (0.0, 0))
            if not count:
                cells.append("–")
            else:
                cells.append(f"{accuracy:.1%}" + ("" if engine == "chance" else f" (n={count})"))
        lines.append(f"| {dataset} | {status} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _p(values: list[float], q: float) -> str:
    if not values:
        return "–"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.0f}"


def speed_table(records: list[dict], engines: list[str]) -> str:
    """Per engine: turns ingested, probes answered, failures, latency p50/p95 (ms)."""
    lines = [
        "| engine | turn messages | ingest p50 | ingest p95 | probes | answer p50 | answer p95 "
        "| failed | episode errors |",
        "|" + " --- |" * 9,
    ]
    for engine in engines:
        mine = [r for r in records if r.get("engine") == engine]
        turns = [r["ingest_ms"] for r in mine if r["type"] == "turn"]
        probes = [r["latency_ms"] for r in mine if r["type"] == "probe"]
        failed = sum(1 for r in mine if r.get("failed"))
        errors = sum(1 for r in mine if r["type"] == "error")
        lines.append(
            f"| {engine} | {len(turns)} | {_p(turns, 0.5)} | {_p(turns, 0.95)} | {len(probes)} "
            f"| {_p(probes, 0.5)} | {_p(probes, 0.95)} | {failed} | {errors} |"
        )
    return "\n".join(lines)

"""Replay episodes through exactly the chat's entry point, as a fresh temporary user each."""

import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from django.contrib.auth import get_user_model
from django.db import transaction

from chatbot import services as chat
from chatbot.models import Conversation, Message
from memory import age, graph
from memory.evaluation.episodes import Episode, Probe, Turn
from memory.evaluation.grading import grade
from memory.events import Done, Failed, Token
from memory.models import MemoryState


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


def make_user(engine: str):
    user = get_user_model().objects.create(username=f"replay-{engine}-{uuid.uuid4().hex[:10]}")
    MemoryState.objects.create(user=user, engine=engine)
    return user


def remove_user(user) -> None:
    user_id = user.pk
    with transaction.atomic():
        age.drop_graph(age.graph_name(user_id))
        user.delete()
    graph.forget_graph_cache(user_id)


def replay_episode(episode: Episode, engine: str, *, keep: bool = False) -> Iterable[dict]:
    """Yield one record per turn ({"type": "turn"}) and per probe ({"type": "probe"})."""
    user = make_user(engine)
    try:
        turns = Conversation.objects.create(user=user, title=f"replay {episode.episode_id}")
        for event in episode.events:
            if isinstance(event, Turn):
                message = chat.store_user_message(
                    conversation=turns, text=event.text[:8000], sent_at=event.time
                )
                outcome = run(message, "update")
                yield {
                    "type": "turn",
                    "episode_id": episode.episode_id,
                    "engine": engine,
                    "ingest_ms": round(outcome.latency_ms, 2),
                    "failed": outcome.failed,
                    **outcome.cost,
                }
            else:
                yield probe_record(episode, event, engine, ask(user, event))
    finally:
        if not keep:
            remove_user(user)


def ask(user, probe: Probe) -> Outcome:
    """A probe is a chat question in a fresh dialogue; it is never stored as memory."""
    dialogue = Conversation.objects.create(user=user, title="probe")
    message = chat.store_user_message(
        conversation=dialogue, text=probe.question, sent_at=probe.asked_at
    )
    return run(message, "question")


def probe_record(episode: Episode, probe: Probe, engine: str, outcome: Outcome) -> dict:
    return {
        "type": "probe",
        "dataset": episode.dataset,
        "episode_id": episode.episode_id,
        "question": probe.question,
        "answer": outcome.text,
        "accepted_answers": probe.accepted_answers,
        "answer_choices": probe.answer_choices,
        "status": probe.status,
        "grading": probe.grading,
        "engine": engine,
        "latency_ms": round(outcome.latency_ms, 2),
        **outcome.cost,
        "score": grade(
            outcome.text,
            grading=probe.grading,
            accepted=probe.accepted_answers,
            choices=probe.answer_choices,
        ),
    }


def summarise(records: list[dict]) -> dict[tuple[str, str], dict[str, tuple[float, int]]]:
    """{(dataset, status): {engine: (accuracy, count)}} plus an "all" status per dataset."""
    sums: dict[tuple[str, str, str], list[float]] = {}
    for record in records:
        if record["type"] != "probe":
            continue
        for status in (record["status"] or "-", "all"):
            key = (record["dataset"], status, record["engine"])
            sums.setdefault(key, []).append(record["score"])
    table: dict[tuple[str, str], dict[str, tuple[float, int]]] = {}
    for (dataset, status, engine), scores in sorted(sums.items()):
        table.setdefault((dataset, status), {})[engine] = (sum(scores) / len(scores), len(scores))
    return table


def markdown_table(table, engines: list[str]) -> str:
    header = "| dataset | status | " + " | ".join(engines) + " |"
    lines = [header, "|" + " --- |" * (len(engines) + 2)]
    for (dataset, status), by_engine in table.items():
        cells = []
        for engine in engines:
            accuracy, count = by_engine.get(engine, (0.0, 0))
            cells.append(f"{accuracy:.1%} (n={count})" if count else "–")
        lines.append(f"| {dataset} | {status} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


ProgressFn = Callable[[int, int], None]

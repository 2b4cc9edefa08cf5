"""Benchmark: latency of the real pipeline on synthetic memories, first token over a real
websocket to a real daphne, and sustained throughput with many websocket clients."""

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse, urlunparse

from asgiref.sync import async_to_sync
from django.conf import settings
from django.db import connection
from django.test import Client

from chatbot import services as chat
from chatbot.models import Conversation
from memory import embeddings, graph, selectors
from memory.evaluation.replay import remove_user
from memory.evaluation.synthetic import build_facts, build_graph, make_bench_user
from memory.events import Token
from memory.pipeline import question

ROOT = Path(settings.BASE_DIR)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Stages:
    """Time spent in named pipeline stages, by wrapping their functions for the bench run."""

    TARGETS = {
        "embedding": (embeddings, "embed_many"),
        "vector search": (selectors, "similar_facts"),
        "graph write": (graph, "record_sentence_concepts"),
        "graph traversal": (graph, "related_concepts"),
    }

    def __init__(self) -> None:
        self.spent: dict[str, list[float]] = defaultdict(list)

    @contextmanager
    def installed(self):
        originals = {}
        for label, (module, name) in self.TARGETS.items():
            originals[label] = getattr(module, name)
            setattr(module, name, self._wrap(label, originals[label]))
        try:
            yield self
        finally:
            for label, (module, name) in self.TARGETS.items():
                setattr(module, name, originals[label])

    def _wrap(self, label, fn):
        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.spent[label].append((time.perf_counter() - started) * 1000)

        return timed

    def per_call(self) -> dict[str, float]:
        return {label: round(statistics.median(v), 2) for label, v in self.spent.items() if v}


async def _say(message, force_route=None) -> tuple[float, float]:
    started = time.perf_counter()
    first = None
    async for _reply, event in chat.run_message(message=message, force_route=force_route):
        if isinstance(event, Token) and first is None:
            first = time.perf_counter() - started
    return (first or 0) * 1000, (time.perf_counter() - started) * 1000


say = async_to_sync(_say)


def measure_pipeline(user, size: int, samples: int, rng: random.Random) -> dict:
    conversation = Conversation.objects.create(user=user, title="bench")
    people = max(size // 4, 1)
    stages = Stages()
    for text in ("Person0 likes tea.", "Where does Person0 live?"):  # warm-up, not timed
        say(chat.store_user_message(conversation=conversation, text=text))
    with stages.installed():
        updates = [
            say(
                chat.store_user_message(
                    conversation=conversation,
                    text=f"Person{rng.randrange(people)} moved to City{rng.randrange(900, 999)}.",
                )
            )[1]
            for _ in range(samples)
        ]
        update_stages = stages.per_call()
        stages.spent.clear()
        retrieval = []
        answers = []
        for _ in range(samples):
            text = f"Where does Person{rng.randrange(people)} live?"
            started = time.perf_counter()
            question.gather(user_id=user.pk, text=text, speaker=user.get_username())
            retrieval.append((time.perf_counter() - started) * 1000)
            message = chat.store_user_message(conversation=conversation, text=text)
            answers.append(say(message)[1])
        question_stages = stages.per_call()
    return {
        "update_p50_ms": pct(updates, 0.5),
        "update_p95_ms": pct(updates, 0.95),
        "retrieval_p50_ms": pct(retrieval, 0.5),
        "retrieval_p95_ms": pct(retrieval, 0.95),
        "answer_p50_ms": pct(answers, 0.5),
        "answer_p95_ms": pct(answers, 0.95),
        "update_stages_ms": update_stages,
        "question_stages_ms": question_stages,
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def database_env() -> dict[str, str]:
    """Point the server process at the database this process uses (under tests, the test
    database), so sessions and memories created here are visible there."""
    name = connection.settings_dict["NAME"]
    url = os.environ.get("DATABASE_URL")
    if url:
        parsed = urlparse(url)
        return {"DATABASE_URL": urlunparse(parsed._replace(path=f"/{name}"))}
    return {"RECOLLECT_DB_NAME": name}


@contextmanager
def daphne():
    port = free_port()
    env = {**os.environ, "LOG_LEVEL": "WARNING", **database_env()}
    process = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "daphne"),
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "chatbot.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.2)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}"


async def _exchange(ws, text: str) -> tuple[float, float, bool]:
    started = time.perf_counter()
    first = None
    await ws.send(json.dumps({"message": text}))
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
        if frame["type"] == "token" and first is None:
            first = time.perf_counter() - started
        if frame["type"] in ("done", "error"):
            ok = frame["type"] == "done"
            return (first or 0) * 1000, (time.perf_counter() - started) * 1000, ok


async def _connect(port: int, conversation_id: int, cookie: str):
    import websockets

    return await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/chat/{conversation_id}/?format=json",
        additional_headers={"Cookie": cookie, "Origin": "http://127.0.0.1"},
        open_timeout=30,
    )


def first_token(port: int, user, samples: int, people: int, rng: random.Random) -> dict:
    conversation = Conversation.objects.create(user=user, title="bench ws")
    cookie = session_cookie(user)
    questions = [f"Where does Person{rng.randrange(people)} live?" for _ in range(samples)]

    async def run():
        async with await _connect(port, conversation.pk, cookie) as ws:
            for warm_up in questions[:3]:  # the server process loads its models lazily
                await _exchange(ws, warm_up)
            return [await _exchange(ws, q) for q in questions]

    results = asyncio.run(run())
    firsts = [r[0] for r in results]
    return {"ws_first_token_p50_ms": pct(firsts, 0.5), "ws_first_token_p95_ms": pct(firsts, 0.95)}


def throughput(port: int, clients: int, rate: float, seconds: float) -> dict:
    """`clients` users, each on its own socket, together sending `rate` messages a second
    (one in five an update) for `seconds`; every client's requests are bounded in count."""
    users = [make_bench_user(f"c{i}") for i in range(clients)]
    setup = [(Conversation.objects.create(user=u).pk, session_cookie(u)) for u in users]
    per_client = max(1, int(rate * seconds / clients))
    interval = clients / rate

    async def client(index: int, conversation_id: int, cookie: str):
        outcomes = []
        try:
            async with await _connect(port, conversation_id, cookie) as ws:
                await asyncio.sleep(interval * index / clients)
                for n in range(per_client):
                    sent = time.perf_counter()
                    text = f"I live in City{n}." if n % 5 == 0 else "Where do I live?"
                    outcomes.append(await _exchange(ws, text))
                    await asyncio.sleep(max(0.0, interval - (time.perf_counter() - sent)))
        except Exception:  # noqa: BLE001 - every failure counts as an error, whatever it is
            outcomes.append((0.0, 0.0, False))
        return outcomes

    async def run():
        started = time.perf_counter()
        results = await asyncio.gather(*(client(i, c, k) for i, (c, k) in enumerate(setup)))
        return results, time.perf_counter() - started

    results, elapsed = asyncio.run(run())
    flat = [r for rs in results for r in rs]
    errors = sum(1 for r in flat if not r[2])
    for user in users:
        remove_user(user)
    return {
        "clients": clients,
        "messages": len(flat),
        "errors": errors,
        "achieved_rate_per_s": round(len(flat) / elapsed, 1),
        "latency_p50_ms": pct([r[1] for r in flat if r[2]], 0.5),
        "latency_p95_ms": pct([r[1] for r in flat if r[2]], 0.95),
    }


def run_size(size: int, samples: int, port: int | None, keep: bool) -> dict:
    rng = random.Random(size)
    user = make_bench_user(str(size))
    started = time.perf_counter()
    build_facts(user, size)
    build_graph(user, concepts=max(size // 2, 2), relations=size)
    row = {
        "facts": size,
        "concepts": max(size // 2, 2),
        "relations": size,
        "setup_s": round(time.perf_counter() - started, 1),
    }
    row.update(measure_pipeline(user, size, samples, rng))
    if port:
        row.update(first_token(port, user, samples, max(size // 4, 1), rng))
    if not keep:
        remove_user(user)
    return row


def markdown(rows: list[dict], load: dict | None) -> str:
    columns = [
        ("facts", "facts"),
        ("update_p50_ms", "update p50"),
        ("update_p95_ms", "update p95"),
        ("retrieval_p50_ms", "retrieval p50"),
        ("answer_p50_ms", "answer p50"),
        ("answer_p95_ms", "answer p95"),
        ("ws_first_token_p50_ms", "ws first token p50"),
        ("ws_first_token_p95_ms", "ws first token p95"),
        ("setup_s", "setup s"),
    ]
    lines = ["| " + " | ".join(title for _, title in columns) + " |", "|" + " --- |" * len(columns)]
    for row in rows:
        cells = [row.get(key, "–") for key, _ in columns]
        lines.append(
            "| " + " | ".join(f"{c:.1f}" if isinstance(c, float) else str(c) for c in cells) + " |"
        )
    lines.append("")
    lines.append("Where the time goes (median ms per call):")
    for row in rows:
        lines.append(
            f"- {row['facts']} facts — update: {row['update_stages_ms']}; "
            f"question: {row['question_stages_ms']}"
        )
    if load:
        lines.append("")
        lines.append(
            f"Throughput: {load['clients']} websocket clients, {load['messages']} "
            f"messages at {load['achieved_rate_per_s']}/s, {load['errors']} errors, "
            f"latency p50 {load['latency_p50_ms']:.1f} ms, p95 "
            f"{load['latency_p95_ms']:.1f} ms."
        )
    return "\n".join(lines) + "\n"

"""The bench's websocket side: a real daphne subprocess on loopback, logged-in websocket
clients (session cookies made here), first-token latency and sustained throughput."""

import asyncio
import json
import os
import socket
import time
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlparse, urlunparse

from django.conf import settings
from django.db import connection
from django.test import Client

from chatbot.models import Conversation
from memory import graph
from memory.evaluation.replay import remove_user
from memory.evaluation.synthetic import make_bench_user

REPLY_TIMEOUT_S = 30.0


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


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


# Speed runs measure the pipeline, not the per-user limits: one bench user sends hundreds of
# messages a minute (the flood run keeps the limits, on a server of its own).
NO_LIMITS = {"CHAT_RATE_MESSAGES": "1000000000", "CHAT_MAX_PENDING": "1000000000"}


@contextmanager
def daphne(**extra_env: str):
    """A daphne process on a free loopback port (its port yielded), stopped on exit."""
    from memory.evaluation import processes  # which builds on this module

    with processes.running(processes.daphne_service(**extra_env)) as (server,):
        yield server.port


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}"


@dataclass
class Exchange:
    sent: float  # perf_counter when sent
    first_token_ms: float
    total_ms: float
    ok: bool


async def exchange(ws, text: str) -> Exchange:
    """Send one chat message and read frames until its done or error frame; the whole reply
    must arrive within REPLY_TIMEOUT_S (asyncio.TimeoutError otherwise)."""
    sent = time.perf_counter()
    deadline = sent + REPLY_TIMEOUT_S
    first = None
    await ws.send(json.dumps({"message": text}))
    while True:
        left = max(0.0, deadline - time.perf_counter())
        frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=left))
        if frame["type"] == "token" and first is None:
            first = time.perf_counter() - sent
        if frame["type"] in ("done", "error"):
            total = time.perf_counter() - sent
            ok = frame["type"] == "done"
            return Exchange(sent, (first or 0.0) * 1000, total * 1000, ok)


async def connect(port: int, conversation_id: int, cookie: str):
    import websockets  # a bench-only dependency, imported where it is needed

    return await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/chat/{conversation_id}/?format=json",
        additional_headers={"Cookie": cookie, "Origin": "http://127.0.0.1"},
        open_timeout=30,
        max_queue=None,
    )


def first_token(port: int, user, questions: list[str]) -> dict:
    """First-token and full-reply latency of questions over one websocket, one at a time."""
    conversation = Conversation.objects.create(user=user, title="bench ws")
    cookie = session_cookie(user)

    async def run():
        ws = await connect(port, conversation.pk, cookie)
        try:
            for warm_up in questions[:3]:  # the server process loads its models lazily
                await exchange(ws, warm_up)
            return [await exchange(ws, q) for q in questions]
        finally:
            await ws.close()

    results = asyncio.run(run())
    failed = sum(not r.ok for r in results)
    if failed:  # an error frame has no first token: timing it would report 0 ms
        raise RuntimeError(f"{failed} of {len(results)} websocket questions got an error frame")
    firsts = [r.first_token_ms for r in results]
    return {
        "ws_first_token_p50_ms": pct(firsts, 0.5),
        "ws_first_token_p95_ms": pct(firsts, 0.95),
        "ws_reply_p50_ms": pct([r.total_ms for r in results], 0.5),
    }


async def _client(ws, slots: list[float], texts: list[str]) -> list[tuple[float, Exchange]]:
    """Send on schedule (or as soon as the previous reply arrived, if later); record lag."""
    results = []
    for slot, text in zip(slots, texts, strict=True):
        await asyncio.sleep(max(0.0, slot - time.perf_counter()))
        lag = max(0.0, time.perf_counter() - slot) * 1000
        try:
            results.append((lag, await exchange(ws, text)))
        except Exception:  # noqa: BLE001 - a timeout or a dropped socket is an error, and ends it
            results.append((lag, Exchange(time.perf_counter(), 0.0, 0.0, False)))
            break
    return results


async def _connect_all(ports: list[int], setup: list[tuple[int, str]]) -> list:
    async def one(port: int, conversation_id: int, cookie: str):
        try:
            return await connect(port, conversation_id, cookie)
        except Exception:  # noqa: BLE001 - counted as a connection error
            return None

    return await asyncio.gather(
        *(one(ports[i % len(ports)], c, k) for i, (c, k) in enumerate(setup))
    )


def throughput(port: int | list[int], clients: int, rate: float, seconds: float) -> dict:
    """`clients` users, each on its own socket (all connected before the clock starts; with
    several ports, spread over them in turn), together offering `rate` messages a second for
    `seconds`, one in five an update. Each client sends at most rate*seconds/clients
    messages, and waits at most REPLY_TIMEOUT_S for each reply, so the run is bounded in
    count and time."""
    ports = port if isinstance(port, list) else [port]
    users = [make_bench_user(f"c{i}") for i in range(clients)]
    for user in users:
        # A user's first update creates their AGE graph (DDL: labels and indexes, once per
        # user); done here so the run measures sustained traffic, not 200 sign-ups at once.
        graph.ensure_user_graph(user.pk)
    setup = [(Conversation.objects.create(user=u).pk, session_cookie(u)) for u in users]
    per_client = max(1, round(rate * seconds / clients))
    interval = clients / rate

    def texts(i: int) -> list[str]:  # one message in five an update, spread evenly in time
        return [
            f"I live in City{n}." if (n + i) % 5 == 0 else "Where do I live?"
            for n in range(per_client)
        ]

    async def run():
        sockets = await _connect_all(ports, setup)
        start = time.perf_counter() + 0.5
        plans = [
            [start + interval * i / clients + n * interval for n in range(per_client)]
            for i in range(clients)
        ]
        pairs = enumerate(zip(sockets, plans, strict=True))
        tasks = [_client(ws, plan, texts(i)) for i, (ws, plan) in pairs if ws is not None]
        results = await asyncio.gather(*tasks)
        await asyncio.gather(*(ws.close() for ws in sockets if ws is not None))
        return start, sum(ws is None for ws in sockets), [r for rs in results for r in rs]

    try:
        start, refused, flat = asyncio.run(run())
    finally:
        for user in users:
            remove_user(user)
    return load_summary(clients, rate, start, refused, flat)


def load_summary(clients: int, rate: float, start: float, refused: int, flat: list) -> dict:
    ok = [x for _lag, x in flat if x.ok]
    ends = [x.sent + x.total_ms / 1000 for x in ok]
    by_send = sorted(ok, key=lambda x: x.sent)
    third = max(1, len(by_send) // 3)
    return {
        "clients": clients,
        "offered_rate_per_s": rate,
        "messages": len(flat),
        "errors": refused + sum(1 for _lag, x in flat if not x.ok),
        "connection_errors": refused,
        "completed_rate_per_s": round(len(ok) / (max(ends) - start), 1) if ends else 0.0,
        "max_send_lag_ms": round(max((lag for lag, _x in flat), default=0.0), 1),
        "latency_p50_ms": pct([x.total_ms for x in ok], 0.5),
        "latency_p95_ms": pct([x.total_ms for x in ok], 0.95),
        "first_token_p50_ms": pct([x.first_token_ms for x in ok], 0.5),
        "latency_p50_first_third_ms": pct([x.total_ms for x in by_send[:third]], 0.5),
        "latency_p50_last_third_ms": pct([x.total_ms for x in by_send[-third:]], 0.5),
    }

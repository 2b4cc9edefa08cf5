"""Liveness (/healthz) and readiness (/readyz) probes.

/healthz answers "ok" while the process serves requests; it touches nothing else, so an
orchestrator restarts a process only when the process itself is stuck, never because the
database is down (restarting every web process would not bring the database back).

/readyz checks what a chat message needs: the database, AGE, pgvector, the embedding model,
procrastinate's job table and the channel layer. Each check has a deadline, and the answer
names only which check failed and the exception's class: no host names, users or SQL.

Both run ahead of the rest of the middleware (`probe_middleware`, first in MIDDLEWARE): a
load balancer or Prometheus calls a container by its address, which is not in ALLOWED_HOSTS,
and over plain http, which SECURE_SSL_REDIRECT would redirect. Neither reads the session.
"""

import asyncio
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import async_to_sync, iscoroutinefunction
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.decorators import sync_and_async_middleware

Result = dict[str, Any]

# Database checks run on a thread of their own: under daphne, sync code otherwise shares one
# thread with every chat message, and a probe must answer (503) even while that thread waits
# on a stuck database. One thread, so probes never open more than one connection at a time.
_database_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="readyz")

# Waiting jobs: runnable now (a retry scheduled for later is not waiting yet). A job's age
# counts from when it became runnable: its schedule, or else when it was deferred.
QUEUE_SQL = """
    SELECT count(*),
           coalesce(extract(epoch FROM now() - min(coalesce(j.scheduled_at, e.deferred_at))), 0)
    FROM procrastinate_jobs j
    LEFT JOIN LATERAL (
        SELECT min(at) AS deferred_at FROM procrastinate_events
        WHERE job_id = j.id AND type = 'deferred'
    ) e ON true
    WHERE j.status = 'todo' AND (j.scheduled_at IS NULL OR j.scheduled_at <= now())
"""
RUNNING_SQL = "SELECT count(*) FROM procrastinate_jobs WHERE status = 'doing'"


def timeout() -> float:
    return settings.READYZ_TIMEOUT


def failed(exc: BaseException) -> Result:
    """A failed check, named by the exception's class only (its text can hold host names)."""
    if isinstance(exc, TimeoutError):
        return {"ok": False, "error": f"timed out after {timeout():g} s"}
    return {"ok": False, "error": type(exc).__name__}


def queue_state() -> dict[str, float]:
    """Waiting jobs, the oldest one's wait in seconds, and running jobs, on the caller's
    connection (also read by chatbot.metrics at scrape time)."""
    with connection.cursor() as cursor:
        cursor.execute(QUEUE_SQL)
        depth, oldest = cursor.fetchone()
        cursor.execute(RUNNING_SQL)
        (running,) = cursor.fetchone()
    return {"depth": int(depth), "oldest_age_seconds": round(float(oldest), 3), "running": running}


def _extension_present(name: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_extension WHERE extname = %s", [name])
        return cursor.fetchone() is not None


def _check_database() -> Result:
    started = time.perf_counter()
    with connection.cursor() as cursor:
        # The session's own deadline, in case the probe's wait gives up first.
        cursor.execute("SELECT set_config('statement_timeout', %s, false)", [f"{timeout()}s"])
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {"ok": True, "ms": round((time.perf_counter() - started) * 1000, 1)}


def _check_age() -> Result:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_namespace WHERE nspname = 'ag_catalog'")
        schema = cursor.fetchone() is not None
        # memory.age loads it on every new connection; loading again proves the library is
        # there for this server (a managed server must list it in shared_preload_libraries).
        cursor.execute("LOAD 'age'")
    if not (schema and _extension_present("age")):
        return {"ok": False, "error": "extension age is not installed"}
    return {"ok": True}


def _check_pgvector() -> Result:
    if not _extension_present("vector"):
        return {"ok": False, "error": "extension vector is not installed"}
    return {"ok": True}


def _check_queue() -> Result:
    return {"ok": True, **queue_state()}


DATABASE_CHECKS: dict[str, Callable[[], Result]] = {
    "database": _check_database,
    "age": _check_age,
    "pgvector": _check_pgvector,
    "queue": _check_queue,
}


def database_checks() -> dict[str, Result]:
    """Every database check on one fresh connection, closed afterwards: a probe proves that a
    new connection can be made (with AGE set up), and leaves no idle session behind."""
    results: dict[str, Result] = {}
    try:
        for name, check in DATABASE_CHECKS.items():
            if name != "database" and not results["database"]["ok"]:
                results[name] = {"ok": False, "error": "database unreachable"}
                continue
            try:
                results[name] = check()
            except Exception as exc:  # each check reports its own failure
                results[name] = failed(exc)
    finally:
        connection.close()
    return results


async def _database(loop: asyncio.AbstractEventLoop) -> dict[str, Result]:
    try:
        work = loop.run_in_executor(_database_thread, database_checks)
        return await asyncio.wait_for(work, timeout())
    except Exception as exc:
        return {name: failed(exc) for name in DATABASE_CHECKS}


async def _embedding_model() -> Result:
    """Embeds one word on the model's own thread. The model loads once per process (cached in
    memory.embeddings), so the first probe warms it and later ones cost ~2 ms."""
    if settings.LLM_EMBEDDING_MODEL:
        return {"ok": True, "model": "remote", "probed": False}
    from memory import embeddings

    try:
        vector = await asyncio.wait_for(
            asyncio.wrap_future(embeddings.embed_soon(["ok"])), timeout()
        )
    except Exception as exc:
        return failed(exc)
    return {"ok": True} if vector.shape[-1] == settings.EMBEDDING_DIM else failed(ValueError())


async def _channel_layer() -> Result:
    """A message to a new channel and back: the same path a worker's events take."""
    from channels.layers import get_channel_layer

    async def round_trip() -> bool:
        layer = get_channel_layer()
        if layer is None:
            raise LookupError("no channel layer")
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "readyz.ping"})
        return (await layer.receive(channel)).get("type") == "readyz.ping"

    try:
        ok = await asyncio.wait_for(round_trip(), timeout())
    except Exception as exc:
        return failed(exc)
    return {"ok": True} if ok else {"ok": False, "error": "wrong message back"}


async def readiness() -> dict[str, Result]:
    loop = asyncio.get_running_loop()
    database, model, layer = await asyncio.gather(
        _database(loop), _embedding_model(), _channel_layer()
    )
    return {**database, "embedding_model": model, "channel_layer": layer}


async def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain")


async def readyz(request: HttpRequest) -> JsonResponse:
    checks = await readiness()
    ready = all(check["ok"] for check in checks.values())
    response = JsonResponse(
        {"status": "ok" if ready else "fail", "checks": checks}, status=200 if ready else 503
    )
    response["Cache-Control"] = "no-store"
    return response


def _probes() -> dict[str, Callable[[HttpRequest], Awaitable[HttpResponse]]]:
    from chatbot.metrics import metrics_view

    return {"/healthz": healthz, "/readyz": readyz, "/metrics": metrics_view}


@sync_and_async_middleware
def probe_middleware(get_response: Callable) -> Callable:
    """Answers the probe paths before host validation, https redirect and sessions."""
    probes = _probes()
    if iscoroutinefunction(get_response):

        async def middleware(request: HttpRequest) -> HttpResponse:
            view = probes.get(request.path_info)
            if view is not None and request.method in ("GET", "HEAD"):
                return await view(request)
            return await get_response(request)

    else:

        def middleware(request: HttpRequest) -> HttpResponse:
            view = probes.get(request.path_info)
            if view is not None and request.method in ("GET", "HEAD"):
                return async_to_sync(view)(request)
            return get_response(request)

    return middleware

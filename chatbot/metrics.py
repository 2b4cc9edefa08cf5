"""Prometheus metrics (prometheus-client), served at /metrics.

- `recollect_message_seconds{route, engine}`: a chat message's processing time, observed by
  the job that runs it (`observe_message`).
- `recollect_llm_calls_total{step}`, `recollect_llm_tokens_total{step, kind}`,
  `recollect_llm_failures_total{reason}`: counted by memory.llm.client for every request.
- `recollect_queue_depth`, `recollect_queue_oldest_job_age_seconds`,
  `recollect_queue_running_jobs`, `recollect_queue_up`: read from procrastinate's job table at
  scrape time (the same value from every process: aggregate them with max, not sum).

Several processes in one container (PROMETHEUS_MULTIPROC_DIR set, before the process starts):
prometheus-client then keeps each process's values in files there and a scrape adds them up
(its multiprocess mode). Otherwise each process has its own registry and is scraped itself;
a worker without an HTTP server serves its own with `serve_worker_metrics()`.

Open to anyone who can reach it unless METRICS_TOKEN is set; then a scrape must send
`Authorization: Bearer <token>`. No label holds user data (routes, engines, steps, reasons).
"""

import hmac
import logging
import os
from collections.abc import Iterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

logger = logging.getLogger(__name__)

# Replies are tens of milliseconds offline and seconds with a model: buckets cover both.
MESSAGE_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)

MESSAGE_SECONDS = Histogram(
    "recollect_message_seconds",
    "Time to process one chat message (route, memory update or answer), in seconds.",
    ["route", "engine"],
    buckets=MESSAGE_BUCKETS,
)
LLM_CALLS = Counter("recollect_llm_calls", "Requests answered by the LLM endpoint.", ["step"])
LLM_TOKENS = Counter(
    "recollect_llm_tokens",
    "Tokens used by LLM requests (estimated where unreported).",
    ["step", "kind"],
)
LLM_FAILURES = Counter(
    "recollect_llm_failures", "LLM requests that failed or answered unusably.", ["reason"]
)


def observe_message(*, route: str, engine: str, seconds: float) -> None:
    """Called once per processed message by the job that ran it."""
    MESSAGE_SECONDS.labels(route=route or "unknown", engine=engine or "unknown").observe(seconds)


def count_llm_call(*, step: str, prompt_tokens: int, completion_tokens: int) -> None:
    step = step or "other"
    LLM_CALLS.labels(step=step).inc()
    if prompt_tokens:
        LLM_TOKENS.labels(step=step, kind="prompt").inc(prompt_tokens)
    if completion_tokens:
        LLM_TOKENS.labels(step=step, kind="completion").inc(completion_tokens)


def count_llm_failure(reason: str) -> None:
    LLM_FAILURES.labels(reason=reason).inc()


class QueueCollector(Collector):
    """Queue gauges computed when scraped, from the database rather than from counters that
    every process would keep (and lose on a restart)."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        from chatbot.health import queue_state

        try:
            state = queue_state()
        except DatabaseError:
            logger.warning("metrics: the job queue could not be read", exc_info=True)
            state = None
        up = GaugeMetricFamily("recollect_queue_up", "1 if the job queue could be read.")
        up.add_metric([], 1 if state else 0)
        yield up
        if state is None:
            return
        yield GaugeMetricFamily(
            "recollect_queue_depth", "Jobs waiting to run now.", value=state["depth"]
        )
        yield GaugeMetricFamily(
            "recollect_queue_oldest_job_age_seconds",
            "How long the oldest waiting job has waited, in seconds.",
            value=state["oldest_age_seconds"],
        )
        yield GaugeMetricFamily(
            "recollect_queue_running_jobs", "Jobs being run by a worker.", value=state["running"]
        )


def multiprocess_mode() -> bool:
    return bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


def scrape_registry() -> CollectorRegistry:
    """What one scrape reports: this process's metrics (or, in multiprocess mode, every
    process's from the shared directory) plus the queue gauges."""
    if multiprocess_mode():
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = CollectorRegistry()
        registry.register(_DefaultRegistry())
    registry.register(QueueCollector())
    return registry


class _DefaultRegistry(Collector):
    """The process's default registry (process, GC and our metrics) inside a scrape's."""

    def collect(self) -> Iterator:
        yield from REGISTRY.collect()


def render() -> bytes:
    """One scrape, with the queue read on the calling thread's connection, then closed (a
    scrape every 15 s does not keep an idle session open per process)."""
    try:
        return generate_latest(scrape_registry())
    finally:
        connection.close()


def authorised(request: HttpRequest) -> bool:
    token = settings.METRICS_TOKEN
    if not token:
        return True
    sent = request.headers.get("Authorization", "")
    return hmac.compare_digest(sent.encode(), f"Bearer {token}".encode())


async def metrics_view(request: HttpRequest) -> HttpResponse:
    if not authorised(request):
        response = HttpResponse("unauthorised\n", status=401, content_type="text/plain")
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    # Off the thread that runs chat messages' sync work (see chatbot.health).
    body = await sync_to_async(render, thread_sensitive=False)()
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)


def serve_worker_metrics() -> int | None:
    """For processes without a web server (manage.py worker): serve /metrics on METRICS_PORT
    (0: not at all). Returns the port served."""
    port = settings.METRICS_PORT
    if not port:
        return None
    start_http_server(port, registry=_FreshScrape())
    return port


class _FreshScrape(Collector):
    """start_http_server's registry: a fresh scrape each time, like the view. The port asks
    for no token: it is meant for the internal network only (the compose file publishes none)."""

    def collect(self) -> Iterator:
        try:
            yield from scrape_registry().collect()
        finally:
            connection.close()

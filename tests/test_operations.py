"""Probes and metrics over HTTP: /healthz, /readyz (real embedded Postgres, real channel
layers) and /metrics (scraped and parsed as Prometheus text)."""

import json
import os
import socket
import subprocess
import sys
import types
from pathlib import Path

import httpx
import openai
import pytest
from django.db import connection
from django.test import override_settings
from prometheus_client.parser import text_string_to_metric_families

from chatbot import metrics
from chatbot.health import queue_state
from memory.llm import client as llm

ROOT = Path(__file__).resolve().parent.parent
EVERY_CHECK = {"database", "age", "pgvector", "queue", "embedding_model", "channel_layer"}


def free_port() -> int:
    """A local port where nothing listens (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def scrape(client, **headers) -> dict[tuple[str, tuple], float]:
    """/metrics parsed: (sample name, sorted labels) -> value."""
    response = client.get("/metrics", **headers)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.content.decode())
        for sample in family.samples
    }


def test_it_answers_healthz_without_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


@override_settings(SECURE_SSL_REDIRECT=True, ALLOWED_HOSTS=["chat.example.org"])
def test_it_answers_probes_by_address_over_plain_http(client):
    # A load balancer calls a replica by its address, over http, behind the TLS proxy.
    response = client.get("/healthz", HTTP_HOST="10.0.3.7:8000")
    assert response.status_code == 200
    # Everything else still gets the host check and the https redirect.
    assert client.get("/accounts/login/", HTTP_HOST="10.0.3.7:8000").status_code == 400
    assert client.get("/accounts/login/", HTTP_HOST="chat.example.org").status_code == 301


@pytest.mark.django_db
def test_it_is_ready_on_the_real_database(client):
    response = client.get("/readyz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert set(body["checks"]) == EVERY_CHECK
    assert all(check["ok"] for check in body["checks"].values())
    queue = body["checks"]["queue"]
    assert {"depth", "oldest_age_seconds", "running"} <= set(queue)
    assert response["Cache-Control"] == "no-store"


@pytest.mark.django_db
def test_it_is_not_ready_when_the_channel_layer_is_down(client):
    port = free_port()
    with override_settings(CHANNEL_LAYERS=redis_layers(port), READYZ_TIMEOUT=2.0):
        response = client.get("/readyz")
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "fail"
    layer = body["checks"]["channel_layer"]
    assert layer["ok"] is False
    assert layer["error"] in {"ConnectionError", "ConnectionRefusedError", "timed out after 2 s"}
    # Only the channel layer failed, and the answer names no address.
    assert all(body["checks"][name]["ok"] for name in EVERY_CHECK - {"channel_layer"})
    assert str(port) not in response.content.decode()


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def redis_layers(port: int) -> dict:
    return {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{port}/0"]},
        }
    }


@pytest.fixture
def redis_port():
    """A real redis-server (Debian's package) on a free port, for this test only."""
    from memory.evaluation import processes

    if not processes.redis_available():
        pytest.skip("redis-server not installed")
    with processes.redis_server() as url:
        yield int(url.rsplit(":", 1)[1].split("/")[0])


@pytest.mark.django_db
def test_it_is_ready_with_a_real_redis_channel_layer(client, redis_port):
    with override_settings(CHANNEL_LAYERS=redis_layers(redis_port)):
        response = client.get("/readyz")
    assert response.status_code == 200, response.json()
    assert response.json()["checks"]["channel_layer"] == {"ok": True}


@pytest.mark.django_db
def test_it_counts_waiting_jobs_and_the_oldest_ones_wait():
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO procrastinate_jobs (queue_name, task_name, status, scheduled_at) VALUES"
            " ('default', 'ops.test', 'todo', now() - interval '30 seconds'),"
            " ('default', 'ops.test', 'todo', NULL),"
            # A retry due later is not waiting yet; a running job is not waiting.
            " ('default', 'ops.test', 'todo', now() + interval '1 hour'),"
            " ('default', 'ops.test', 'doing', NULL)"
        )
    state = queue_state()
    assert state["depth"] == 2
    assert state["running"] == 1
    assert 30 <= state["oldest_age_seconds"] < 60

    gauges = {family.name: family.samples[0].value for family in metrics.QueueCollector().collect()}
    assert gauges["recollect_queue_up"] == 1
    assert gauges["recollect_queue_depth"] == 2
    assert gauges["recollect_queue_running_jobs"] == 1
    assert gauges["recollect_queue_oldest_job_age_seconds"] >= 30


@pytest.mark.django_db
def test_it_exposes_message_latency_by_route_and_engine(client):
    labels = (("engine", "offline"), ("route", "update"))
    before = scrape(client)
    metrics.observe_message(route="update", engine="offline", seconds=0.042)
    metrics.observe_message(route="update", engine="offline", seconds=0.3)
    after = scrape(client)

    def grew(name: str, extra: tuple = ()) -> float:
        key = (name, tuple(sorted(labels + extra)))
        return after[key] - before.get(key, 0.0)

    assert grew("recollect_message_seconds_count") == 2
    assert grew("recollect_message_seconds_sum") == pytest.approx(0.342)
    assert grew("recollect_message_seconds_bucket", (("le", "0.05"),)) == 1
    assert grew("recollect_message_seconds_bucket", (("le", "0.5"),)) == 2
    # The queue gauges are read from the database at scrape time.
    assert after[("recollect_queue_up", ())] == 1
    assert ("recollect_queue_depth", ()) in after


@pytest.mark.django_db
def test_it_counts_llm_calls_tokens_and_failures(client):
    before = scrape(client)
    meter = llm.Meter()
    usage = types.SimpleNamespace(prompt_tokens=120, completion_tokens=30)
    meter.add(usage, started=0.0, step="extract")
    # A stream without usage: tokens estimated from chunks and prompt characters.
    meter.add(None, started=0.0, chunks=12, step="answer", prompt_chars=400)
    try:
        llm.failure(openai.APITimeoutError(request=httpx.Request("POST", "http://llm/v1")))
    finally:
        llm.forget_endpoint_state()  # the timeout opened the process-wide breaker
    after = scrape(client)

    def grew(name: str, **labels: str) -> float:
        key = (name, tuple(sorted(labels.items())))
        return after[key] - before.get(key, 0.0)

    assert grew("recollect_llm_calls_total", step="extract") == 1
    assert grew("recollect_llm_calls_total", step="answer") == 1
    assert grew("recollect_llm_tokens_total", step="extract", kind="prompt") == 120
    assert grew("recollect_llm_tokens_total", step="extract", kind="completion") == 30
    assert grew("recollect_llm_tokens_total", step="answer", kind="prompt") == 100
    assert grew("recollect_llm_tokens_total", step="answer", kind="completion") == 12
    assert grew("recollect_llm_failures_total", reason="timeout") == 1


@pytest.mark.django_db
@override_settings(METRICS_TOKEN="scrape-token-123")
def test_it_requires_the_bearer_token_when_one_is_set(client):
    assert client.get("/metrics").status_code == 401
    wrong = client.get("/metrics", HTTP_AUTHORIZATION="Bearer nope")
    assert wrong.status_code == 401
    assert wrong["WWW-Authenticate"].startswith("Bearer")
    assert "recollect_queue_up" in str(scrape(client, HTTP_AUTHORIZATION="Bearer scrape-token-123"))


OBSERVE = """
import django
django.setup()
from chatbot import metrics
metrics.observe_message(route="question", engine="llm", seconds=0.5)
"""
SCRAPE = """
import django
django.setup()
from chatbot import metrics
print(metrics.render().decode())
"""


def test_it_adds_up_processes_in_multiprocess_mode(tmp_path):
    """Two processes observe, a third scrapes: prometheus-client's files in
    PROMETHEUS_MULTIPROC_DIR carry both observations."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "chatbot.settings",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path),
        # No database is needed to observe; the scrape reports the queue as down.
        "DATABASE_URL": f"postgres://nobody@127.0.0.1:{free_port()}/none",
        "DB_CONNECT_TIMEOUT": "2",
    }
    for _ in range(2):
        subprocess.run([sys.executable, "-c", OBSERVE], env=env, check=True, timeout=60)
    scraped = subprocess.run(
        [sys.executable, "-c", SCRAPE], env=env, check=True, timeout=60, capture_output=True
    ).stdout.decode()
    samples = {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(scraped)
        for sample in family.samples
    }
    labels = (("engine", "llm"), ("route", "question"))
    assert samples[("recollect_message_seconds_count", labels)] == 2
    assert samples[("recollect_message_seconds_sum", labels)] == pytest.approx(1.0)
    assert samples[("recollect_queue_up", ())] == 0


@pytest.mark.django_db
async def test_it_answers_probes_on_the_async_path_daphne_takes(async_client):
    # Under daphne the middleware chain is async: probe_middleware awaits the views directly.
    health = await async_client.get("/healthz", HTTP_HOST="10.0.3.7:8000")
    assert (health.status_code, health.content) == (200, b"ok")
    ready = await async_client.get("/readyz")
    assert ready.status_code == 200, ready.json()
    assert set(ready.json()["checks"]) == EVERY_CHECK


@pytest.mark.django_db
def test_it_serves_a_workers_metrics_on_its_own_port():
    port = free_port()
    with override_settings(METRICS_PORT=port):
        assert metrics.serve_worker_metrics() == port
    metrics.observe_message(route="question", engine="offline", seconds=0.01)
    text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
    names = {
        sample.name for family in text_string_to_metric_families(text) for sample in family.samples
    }
    assert "recollect_message_seconds_count" in names
    assert "recollect_queue_up" in names


def test_it_serves_no_worker_metrics_without_a_port():
    with override_settings(METRICS_PORT=0):
        assert metrics.serve_worker_metrics() is None


READINESS = """
import asyncio, json, django
django.setup()
from chatbot.health import readiness
print(json.dumps(asyncio.run(readiness())))
"""


def test_it_is_not_ready_when_the_database_refuses_connections():
    """A process whose database is gone (a real refused connection, in a child process so
    that this one keeps its test database) reports it without the address."""
    port = free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "chatbot.settings",
        "DATABASE_URL": f"postgres://recollect:pw@127.0.0.1:{port}/recollect",
    }
    result = subprocess.run(
        [sys.executable, "-c", READINESS], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    checks = json.loads(result.stdout.strip().splitlines()[-1])
    assert checks["database"] == {"ok": False, "error": "OperationalError"}
    for name in ("age", "pgvector", "queue"):
        assert checks[name] == {"ok": False, "error": "database unreachable"}
    assert checks["channel_layer"]["ok"] and checks["embedding_model"]["ok"]
    assert str(port) not in result.stdout

"""The in-process worker's life on a test's own event loop: however early it is stopped, it
leaves nothing running behind it (a leaked connection pool kept retrying connections and held
the loop's end forever)."""

import asyncio

import pytest
from django.test import override_settings

from chatbot import workers

pytestmark = pytest.mark.django_db(transaction=True)


def pool_tasks() -> list[asyncio.Task]:
    return [t for t in asyncio.all_tasks() if t.get_name().startswith("pool-")]


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2, 1.0, 3.0])
@override_settings(CHAT_WORKER="inprocess")
async def test_it_leaves_no_pool_behind_when_stopped_at_any_point(delay):
    workers.ensure_in_process_worker()
    await asyncio.sleep(delay)  # warm-up, opening the pool, or running
    await workers.stop_in_process_worker()
    assert pool_tasks() == []


@override_settings(
    CHAT_WORKER="inprocess", WORKER_SHUTDOWN_SECONDS=2.0, WORKER_HEARTBEAT_SECONDS=0.5
)
async def test_it_closes_the_pool_of_each_failed_start(monkeypatch):
    """A worker that cannot open its pool (database unreachable) restarts; every failed start
    closes its pool rather than leaving one more retrying in the background."""
    opened = []
    real_worker_app, real_params = workers.worker_app, workers.connector_params

    def counted_worker_app():
        opened.append(real_worker_app())
        return opened[-1]

    # Nothing listens on port 1; the host (the embedded server's socket directory) is kept.
    monkeypatch.setattr(workers, "connector_params", lambda: {**real_params(), "port": 1})
    monkeypatch.setattr(workers, "worker_app", counted_worker_app)
    monkeypatch.setattr(workers, "RESTART_DELAY", 0.1)
    workers.ensure_in_process_worker()
    for _ in range(300):
        await asyncio.sleep(0.1)
        if len(opened) >= 3:
            break
    assert len(opened) >= 3
    assert len({t.get_name().split("-")[1] for t in pool_tasks()}) <= 1  # the current start's
    await workers.stop_in_process_worker()
    assert pool_tasks() == []

"""Real processes: Redis, two daphne web processes and two `manage.py worker` processes on the
test database, websocket clients on loopback. Crashes are kill -9, the outage is the embedded
Postgres stopped and started again."""

import asyncio
import json
import os
import signal
import time

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.db.models import Q

from chatbot.models import Conversation, Message
from memory.evaluation import load, processes
from memory.models import Fact, MemoryEdit, MemoryState

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.processes,
    pytest.mark.skipif(not processes.redis_available(), reason="redis-server is not installed"),
]

CITIES = (
    "Lisbon Berlin Madrid Paris Rome Vienna Prague Warsaw Dublin Oslo Helsinki Stockholm "
    "Copenhagen Athens Budapest Brussels Amsterdam Zurich Geneva Munich Hamburg Milan Naples "
    "Seville Valencia Porto Krakow Tallinn Riga Vilnius Sofia Bucharest Belgrade Zagreb "
    "Ljubljana Bratislava Toronto Montreal Vancouver Chicago Boston Seattle Denver Austin Miami "
    "Atlanta Dallas Houston Phoenix Detroit Tokyo Osaka Kyoto Seoul Busan Beijing Shanghai "
    "Mumbai Delhi Chennai Bangalore Karachi Lahore Dhaka Bangkok Hanoi Manila Jakarta Singapore "
    "Sydney Melbourne Brisbane Perth Auckland Wellington Nairobi Lagos Accra Cairo Casablanca "
    "Tunis Dakar Kampala Johannesburg Lima Quito Bogota Caracas Santiago Montevideo Havana "
    "Reykjavik Edinburgh Glasgow Cardiff Belfast Marseille Lyon Bordeaux Antwerp"
).split()

# Short heartbeats so that a dead worker's job is requeued within seconds.
CLUSTER_ENV = {
    "CHAT_WORKER": "external",
    "WORKER_HEARTBEAT_SECONDS": "1",
    "WORKER_STALLED_SECONDS": "3",
    "JOB_RETRY_WAIT": "0.5",
    "JOB_MAX_ATTEMPTS": "20",
    **load.NO_LIMITS,
}


class Cluster:
    def __init__(self, redis_url: str, logs) -> None:
        env = {"REDIS_URL": redis_url, **CLUSTER_ENV}
        self.webs = [processes.daphne_service(log=logs / f"web{i}.log", **env) for i in (1, 2)]
        self.workers = [
            processes.worker_service(name=f"worker-{i}", log=logs / f"worker{i}.log", **env)
            for i in (1, 2)
        ]


def _live_workers() -> int:
    from procrastinate.contrib.django.models import ProcrastinateWorker

    return ProcrastinateWorker.objects.count()


@pytest.fixture
def cluster(tmp_path):
    with processes.redis_server() as redis_url:
        cluster = Cluster(redis_url, tmp_path)
        with processes.running(*cluster.webs, *cluster.workers):
            deadline = time.monotonic() + 60
            while _live_workers() < 2 and time.monotonic() < deadline:
                time.sleep(0.2)  # a worker registers once its models are loaded
            yield cluster


async def open_tab(port: int, user, conversation: Conversation):
    cookie = await sync_to_async(load.session_cookie)(user)
    return await load.connect(port, conversation.pk, cookie)


async def frames_until_done(tab, replies: int = 1, timeout: float = 60) -> list[dict]:
    """Frames until `replies` replies are done (a tab sees every reply of its conversation)."""
    frames: list[dict] = []
    deadline = time.monotonic() + timeout
    while sum(f["type"] == "done" for f in frames) < replies:
        left = deadline - time.monotonic()
        frames.append(json.loads(await asyncio.wait_for(tab.recv(), timeout=max(left, 0.1))))
    return frames


def said(frames: list[dict]) -> str:
    return "".join(f["text"] for f in frames if f["type"] == "token")


async def test_tabs_on_two_web_processes_see_each_others_messages_and_replies(cluster, alice):
    conversation = await Conversation.objects.acreate(user=alice)
    tab1 = await open_tab(cluster.webs[0].port, alice, conversation)
    tab2 = await open_tab(cluster.webs[1].port, alice, conversation)
    await tab1.send(json.dumps({"message": "I live in Lisbon."}))
    seen_by_2 = await frames_until_done(tab2)
    assert {"type": "message", "role": "user", "text": "I live in Lisbon."}.items() <= next(
        f for f in seen_by_2 if f["type"] == "message"
    ).items()
    assert "Lisbon" in said(seen_by_2)
    await frames_until_done(tab1)
    await tab2.send(json.dumps({"message": "Where do I live?"}))
    assert "Lisbon" in said(await frames_until_done(tab1))
    await tab1.close()
    await tab2.close()


def _true_city(user) -> list[str]:
    return list(
        Fact.objects.filter(user=user, is_true=True, object__in=CITIES).values_list(
            "object", flat=True
        )
    )


async def test_contradicting_tabs_on_two_processes_end_on_the_newest_value(cluster, alice):
    conversation = await Conversation.objects.acreate(user=alice)
    tab1 = await open_tab(cluster.webs[0].port, alice, conversation)
    tab2 = await open_tab(cluster.webs[1].port, alice, conversation)
    wrong = []
    for pair in range(50):
        first, second = CITIES[2 * pair], CITIES[2 * pair + 1]
        await asyncio.gather(
            tab1.send(json.dumps({"message": f"I live in {first}."})),
            tab2.send(json.dumps({"message": f"I live in {second}."})),
        )
        await asyncio.gather(frames_until_done(tab1, 2), frames_until_done(tab2, 2))
        newest = await Message.objects.filter(user=alice, role="user").alatest("id")
        city = newest.text.removeprefix("I live in ").rstrip(".")
        if await sync_to_async(_true_city)(alice) != [city]:
            wrong.append((pair, city, await sync_to_async(_true_city)(alice)))
    assert wrong == []
    await tab1.close()
    await tab2.close()


def _invariants(user, sent: int) -> None:
    """Every stored message applied exactly once, in order, with its edits and nothing else."""
    messages = list(Message.objects.filter(user=user, role="user").order_by("id"))
    assert len(messages) == sent
    assert [m.status for m in messages] == ["done"] * sent, "none stranded"
    assert all(m.applied_at for m in messages)
    assert [m.meta["t"] for m in messages] == list(range(1, sent + 1)), "once each, in order"
    assert MemoryState.objects.get(user=user).clock == sent
    replies = Message.objects.filter(user=user, role="bot")
    assert sorted(replies.values_list("reply_to_id", flat=True)) == [m.pk for m in messages]
    edits = MemoryEdit.objects.filter(user=user)
    assert not edits.filter(Q(cause_message__isnull=True) | Q(cause_message__applied_at=None))
    assert set(edits.values_list("cause_message_id", flat=True)) == {m.pk for m in messages}


async def _wait_all_done(user, sent: int, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rows = Message.objects.filter(user=user, role="user")
        if await rows.filter(status="done").acount() == sent:
            return
        await asyncio.sleep(0.25)


def _running_jobs() -> int:
    from procrastinate.contrib.django.models import ProcrastinateJob

    return ProcrastinateJob.objects.filter(status="doing").count()


async def burst(cluster, user, sent: int, replied: int):
    """`sent` updates from one tab; returns once `replied` are done and a job is running."""
    conversation = await Conversation.objects.acreate(user=user)
    tab = await open_tab(cluster.webs[0].port, user, conversation)
    for n in range(sent):
        await tab.send(json.dumps({"message": f"I moved to {CITIES[n]}."}))
    await frames_until_done(tab, replied)
    await _until_a_job_runs()
    return tab


async def _until_a_job_runs() -> None:
    for _ in range(500):
        if await sync_to_async(_running_jobs)():
            return
        await asyncio.sleep(0.01)


async def kill_workers_mid_job(cluster, tries: int = 5) -> int:
    """SIGKILL every worker while a job runs; returns the jobs cut off. A job takes a few ms, so
    the kill can land between two jobs: then the workers start again and it is tried anew."""
    for _ in range(tries):
        for worker in cluster.workers:  # procrastinate does not record which process runs a job
            worker.kill()
        if cut := await sync_to_async(_running_jobs)():
            return cut
        for worker in cluster.workers:
            worker.start()
        await _until_a_job_runs()
    return 0


async def test_workers_killed_mid_burst_lose_and_repeat_nothing(cluster, alice):
    sent = 40
    tab = await burst(cluster, alice, sent, replied=8)
    assert await kill_workers_mid_job(cluster) == 1, "a job was cut off mid-way"
    cluster.workers[0].start()  # requeues the dead workers' job once their heartbeat is stale
    await _wait_all_done(alice, sent)
    await sync_to_async(_invariants)(alice, sent)
    await tab.close()


async def test_sigterm_lets_a_worker_finish_its_job_first(cluster, alice):
    sent = 20
    tab = await burst(cluster, alice, sent, replied=3)
    for worker in cluster.workers:
        worker.process.send_signal(signal.SIGTERM)
    codes = [await asyncio.to_thread(worker.process.wait, 30) for worker in cluster.workers]
    assert codes == [0, 0], "both stopped by themselves"
    assert await sync_to_async(_running_jobs)() == 0, "no job left half done"
    done = await Message.objects.filter(user=alice, role="user", status="done").acount()
    assert 3 <= done < sent
    cluster.workers[0].start()  # the rest is still queued
    await _wait_all_done(alice, sent)
    await sync_to_async(_invariants)(alice, sent)
    await tab.close()


@pytest.fixture
def reconnect():
    """After the server restarts, this thread's connections (used to flush the test's rows)
    are dead; the test's own, on other threads, it closes itself."""
    yield
    connections.close_all()


@pytest.mark.skipif(
    bool(os.environ.get("DATABASE_URL")), reason="stops the embedded server's processes"
)
async def test_a_database_outage_mid_burst_loses_and_repeats_nothing(reconnect, cluster, alice):
    conversation = await Conversation.objects.acreate(user=alice)
    tab = await open_tab(cluster.webs[1].port, alice, conversation)
    texts = [f"I moved to {city}." for city in CITIES[:30]]
    unsent = list(texts)
    stopped_at = None
    while unsent:
        await tab.send(json.dumps({"message": unsent[0]}))
        frame = await _first_answer_to_send(tab)
        if frame["type"] == "message":
            unsent.pop(0)  # stored; its reply arrives in the background
        if len(unsent) == 20 and stopped_at is None:
            await sync_to_async(processes.stop_embedded_postgres)()
            stopped_at = time.monotonic()
        if stopped_at and time.monotonic() - stopped_at > 10 and frame["type"] == "error":
            await sync_to_async(processes.start_embedded_postgres)()
            await sync_to_async(connections.close_all)()
        if frame["type"] == "error":
            await asyncio.sleep(0.2)  # as a person would press Send again
    await _wait_all_done(alice, len(texts))
    await sync_to_async(_invariants)(alice, len(texts))
    stored = [m.text async for m in Message.objects.filter(user=alice, role="user").order_by("id")]
    assert stored == texts
    await tab.close()


async def _first_answer_to_send(tab) -> dict:
    """The frame that answers a send: the stored message, or an error (not stored). Frames of
    earlier messages' replies that arrive meanwhile are skipped."""
    while True:
        frame = json.loads(await asyncio.wait_for(tab.recv(), timeout=30))
        if frame["type"] == "error" and frame.get("message") is None:
            if "not saved" in frame["error"]:
                return frame
            continue  # "will be processed as soon as it is back": a job's retry notice
        if frame["type"] == "message" and frame["role"] == "user":
            return frame

"""A frozen database (the real embedded server, SIGSTOPped) gives the user a clear error
frame within CHAT_STORE_TIMEOUT, and the next message works once the server resumes."""

import json
import os
import signal
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings

from chatbot.models import Message
from tests.test_websocket import connect, exchange, new_conversation

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("chat_worker")]

FROZEN_SECONDS = 20


def _server_pids() -> list[int]:
    """The postmaster (first line of postmaster.pid) and its children (backends, workers)."""
    pgdata = Path(os.environ.get("RECOLLECT_PGDATA", settings.BASE_DIR / ".pgdata"))
    postmaster = int((pgdata / "postmaster.pid").read_text().split()[0])
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == postmaster:  # fields: state, ppid, ...
            children.append(int(stat.parent.name))
    return [postmaster, *children]


@pytest.mark.skipif(
    bool(os.environ.get("DATABASE_URL")), reason="needs the embedded server's processes"
)
@override_settings(CHAT_STORE_TIMEOUT=3.0)
async def test_it_tells_the_user_within_the_timeout_when_the_database_is_frozen(alice):
    conversation = await new_conversation(alice)
    ws, _, _ = await connect(alice, conversation.pk)
    assert (await exchange(ws, "My brother lives in Porto."))[-1]["type"] == "done"
    pids = _server_pids()
    assert len(pids) > 1
    frozen_at = time.monotonic()
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        await ws.send_to(text_data=json.dumps({"message": "My brother moved to Faro."}))
        frame = json.loads(await ws.receive_from(timeout=FROZEN_SECONDS))
        waited = time.monotonic() - frozen_at
        assert frame["type"] == "error" and "not saved" in frame["error"]
        assert waited < settings.CHAT_STORE_TIMEOUT + 2
        await _sleep_until(frozen_at + FROZEN_SECONDS)
    finally:
        for pid in pids:
            os.kill(pid, signal.SIGCONT)
    frames = await exchange(ws, "My brother moved to Faro.")
    assert frames[-1]["type"] == "done"
    texts = [m.text async for m in Message.objects.filter(user=alice, role="user")]
    # The message the user was told was not saved is not saved (no duplicate on resend).
    assert texts == ["My brother lives in Porto.", "My brother moved to Faro."]
    await ws.disconnect()


async def _sleep_until(moment: float) -> None:
    import asyncio

    await asyncio.sleep(max(0.0, moment - time.monotonic()))

"""Flood control and origin checks over the real ASGI app and database."""

import json

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client, override_settings

from chatbot.asgi import application
from chatbot.models import Message
from chatbot.origins import origin_allowed
from tests.test_websocket import _session_cookie, connect, exchange, new_conversation

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("chat_worker")]


@override_settings(CHAT_RATE_MESSAGES=3, CHAT_RATE_WINDOW=60)
async def test_it_refuses_messages_past_the_rate_with_a_clear_error(alice, bob):
    conversation = await new_conversation(alice)
    ws, _, _ = await connect(alice, conversation.pk)
    for text in ("one is here.", "two is here.", "three is here."):
        assert (await exchange(ws, text))[-1]["type"] == "done"
    frames = await exchange(ws, "four is here.")
    assert frames == [frames[0]] and frames[0]["type"] == "error"
    assert "limit" in frames[0]["error"]
    assert await Message.objects.filter(user=alice, role="user").acount() == 3
    # Another user is not affected.
    other = await new_conversation(bob)
    ws_b, _, _ = await connect(bob, other.pk)
    assert (await exchange(ws_b, "I am Bob."))[-1]["type"] == "done"
    await ws.disconnect()
    await ws_b.disconnect()


@override_settings(CHAT_MAX_PENDING=2)
async def test_it_refuses_messages_past_the_unfinished_limit(alice):
    conversation = await new_conversation(alice)
    for text in ("stuck one", "stuck two"):  # stored, not finished (pending)
        await Message.objects.acreate(conversation=conversation, user=alice, role="user", text=text)
    ws, _, _ = await connect(alice, conversation.pk)
    await ws.send_to(text_data=json.dumps({"message": "one more"}))
    frame = json.loads(await ws.receive_from(timeout=10))
    assert frame["type"] == "error" and "still being processed" in frame["error"]
    await ws.disconnect()


@override_settings(CHAT_MAX_SOCKETS_PER_USER=2)
async def test_it_refuses_sockets_past_the_per_user_limit_and_frees_them(alice, bob):
    conversation = await new_conversation(alice)
    first, ok1, _ = await connect(alice, conversation.pk)
    second, ok2, _ = await connect(alice, conversation.pk)
    third, ok3, _ = await connect(alice, conversation.pk)
    assert ok1 and ok2 and ok3  # accepted to say why, then closed
    frame = json.loads(await third.receive_from(timeout=5))
    assert frame["type"] == "error" and "Too many chat windows" in frame["error"]
    assert (await third.receive_output(timeout=5))["code"] == 4429
    other = await new_conversation(bob)
    bobs, ok, _ = await connect(bob, other.pk)
    assert (await exchange(bobs, "Bob here."))[-1]["type"] == "done"
    await first.disconnect()
    fourth, _, _ = await connect(alice, conversation.pk)
    assert (await exchange(fourth, "I am back.."))[-1]["type"] == "done"
    for ws in (second, fourth, bobs):
        await ws.disconnect()


@pytest.mark.parametrize(
    "origin,allowed",
    [
        ("http://127.0.0.1", True),
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000", True),
        ("https://localhost", True),
        ("http://127.0.0.1:9999", False),
        ("http://localhost:3000", False),
        ("http://evil.example", False),
        ("http://127.0.0.1.evil.example", False),
        ("null", False),
        ("file://", False),
        ("http://127.0.0.1:notaport", False),
    ],
)
def test_it_checks_the_origin_by_scheme_host_and_port(origin, allowed, settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    settings.WS_ALLOWED_ORIGINS = []
    assert origin_allowed(origin) is allowed


@override_settings(WS_ALLOWED_ORIGINS=["https://chat.example.org"])
def test_it_uses_the_configured_origins_when_given():
    assert origin_allowed("https://chat.example.org:443")
    assert not origin_allowed("http://chat.example.org")
    assert not origin_allowed("http://127.0.0.1")


async def test_it_refuses_a_websocket_from_another_port(alice):
    conversation = await new_conversation(alice)
    cookie = await _cookie(alice)
    for origin in (b"http://127.0.0.1:9999", b"http://localhost:3000"):
        ws = WebsocketCommunicator(
            application,
            f"/ws/chat/{conversation.pk}/?format=json",
            headers=[(b"origin", origin), (b"cookie", cookie)],
        )
        connected, _ = await ws.connect()
        assert not connected


async def _cookie(user) -> bytes:
    from asgiref.sync import sync_to_async

    return await sync_to_async(_session_cookie)(user)


def test_it_locks_out_a_login_after_repeated_failures(make_user, settings):
    settings.AXES_FAILURE_LIMIT = 3
    make_user("dora")
    client = Client()
    for _ in range(3):
        response = client.post("/accounts/login/", {"username": "dora", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "dora", "password": "s3cret-pass-123"})
    assert response.status_code == 429
    assert "Too many failed logins" in response.content.decode()
    # Another address is not locked out by these failures.
    other = Client(REMOTE_ADDR="10.0.0.9")
    response = other.post("/accounts/login/", {"username": "dora", "password": "s3cret-pass-123"})
    assert response.status_code == 302

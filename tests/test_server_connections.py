"""The chat server keeps its database connection between messages (CONN_MAX_AGE), and gets a
new one when the database dropped it: a real daphne, a real websocket, a real Postgres."""

import asyncio

import pytest
from django.db import connection

from chatbot import workers
from chatbot.models import Conversation, Message
from memory.evaluation import load


def _server_backends(*, queue: bool = False) -> list[int]:
    """Client backends other than this one: Django's, or (queue) the job queue's."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND backend_type = 'client backend' "
            "AND (application_name = %s) = %s",
            [workers.APPLICATION_NAME, queue],
        )
        return [pid for (pid,) in cursor.fetchall()]


def _terminate(pids: list[int]) -> None:
    with connection.cursor() as cursor:
        for pid in pids:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])


@pytest.mark.django_db(transaction=True)
def test_it_reuses_the_connection_and_recovers_when_the_database_drops_it(alice):
    conversation = Conversation.objects.create(user=alice, title="t")
    cookie = load.session_cookie(alice)
    # Earlier tests in this process may leave connections open on their worker threads.
    before = set(_server_backends())

    async def talk(port: int, texts: list[str]) -> list[bool]:
        """The texts in turn over one new socket; whether each got its done frame."""
        ws = await load.connect(port, conversation.pk, cookie)
        try:
            return [(await load.exchange(ws, text)).ok for text in texts]
        finally:
            await ws.close()

    with load.daphne() as port:
        assert asyncio.run(talk(port, ["I live in Lisbon.", "Where do I live?"])) == [True, True]
        backends = [pid for pid in _server_backends() if pid not in before]
        # Two messages over one socket, and the page's session lookup: one connection.
        assert len(backends) == 1
        # The in-process worker's queue connections are dropped too: it must start again.
        _terminate(backends + _server_backends(queue=True))
        assert asyncio.run(talk(port, ["Where do I live?"])) == [True]
    replies = Message.objects.filter(conversation=conversation, role=Message.Role.BOT)
    assert replies.count() == 3
    assert "Lisbon" in replies.order_by("pk").last().text

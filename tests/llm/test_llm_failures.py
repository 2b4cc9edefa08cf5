"""When the model fails (invalid output, HTTP errors, timeouts, broken or abandoned streams,
an endpoint that goes away), the chat keeps working on the offline steps and says so; no fact
is dropped and the user's message stays stored."""

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from chatbot.models import Conversation, Message
from memory.models import EditKind, Fact, MemoryEdit
from tests.helpers import say
from tests.llm.replies import extraction


@pytest.mark.django_db
def test_invalid_json_is_retried_once_then_done_offline(llm, llm_user):
    llm.text("this is not json")
    llm.text('{"route": "update", "facts": "lena lives in Lisbon"}')
    reply = say(llm_user, "I live in Lisbon.")
    assert len(llm.chats()) == 2
    retry = llm.chats()[1]["messages"]
    assert retry[-2] == {"role": "assistant", "content": "this is not json"}
    assert "invalid" in retry[-1]["content"]
    fact = Fact.objects.get(user=llm_user)
    assert fact.object == "Lisbon", "the fact is never dropped"
    assert fact.backend == "offline"
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.FACT_ADDED)
    assert edit.backend == "offline" and "fallback" in edit.model_name
    assert edit.reason.startswith("LLM fallback, done offline: the model's answer was invalid")
    assert "fact extraction" in reply.done.meta["fallback"]
    assert "done offline" in reply.text
    assert reply.message.status == "done"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "wrong",
    [
        ["a list", "not an object"],
        {"verdicts": ["make_false"]},
        {"verdicts": [{"fact_id": "the Paris one", "verdict": "make_false"}]},
        {"verdicts": [{"fact_id": 1, "verdict": "delete it"}]},
    ],
)
def test_verdicts_in_the_wrong_shape_fall_back_to_the_rules(llm, llm_user, wrong):
    llm.json(extraction(("Brandon is going to Paris", "Brandon", "travels_to", "Paris", False)))
    say(llm_user, "Brandon is going to Paris.")
    paris = Fact.objects.get(user=llm_user)
    llm.json(extraction(("Brandon is going to Brazil", "Brandon", "travels_to", "Brazil", False)))
    llm.json(wrong)
    llm.json(wrong)
    reply = say(llm_user, "Brandon is going to Brazil now.")
    assert reply.failed is None
    assert reply.done.meta["llm_steps"] == {"erase.add": 1, "erase.verdict": 2}
    paris.refresh_from_db()
    assert not paris.is_true, "the offline rule still replaced the destination"
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.FACT_MADE_FALSE)
    assert (edit.backend, edit.prompt_version) == ("offline", "")
    assert edit.reason.startswith("LLM fallback, done offline: the model's answer was invalid")
    added = MemoryEdit.objects.filter(user=llm_user, kind=EditKind.FACT_ADDED).last()
    assert (added.backend, added.prompt_version) == ("llm", "route-extract/2")
    assert "(Verdicts done offline (the model's answer was invalid twice).)" in reply.text


@pytest.mark.django_db
def test_facts_the_model_missed_are_kept_by_the_rules(llm, llm_user):
    llm.json(extraction())  # an update, but no facts
    reply = say(llm_user, "I work at Pfizer.")
    assert Fact.objects.get(user=llm_user).object == "Pfizer"
    assert "the model extracted no facts" in reply.done.meta["fallback"]


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
    reason = "did not answer within 1.5 s" if failure == "timeout" else "answered HTTP 500"
    assert reason in reply.done.meta["fallback"]
    assert (reply.done.meta["llm_calls"], reply.done.meta["llm_failed_calls"]) == (0, 1)
    calls = len(llm.chats())
    answer = say(llm_user, "Where do I work?")
    assert len(llm.chats()) == calls, "while it is down, the next message does not wait for it"
    assert "Pfizer" in answer.text and "Answered offline" in answer.text


@pytest.mark.django_db
def test_after_the_retry_delay_the_model_is_tried_again(llm, llm_user, settings):
    settings.LLM_RETRY_AFTER = 0
    llm.error(503)
    say(llm_user, "I work at Pfizer.")
    llm.text("You work at Pfizer.")
    answer = say(llm_user, "Where do I work?")
    assert answer.text == "You work at Pfizer."
    assert "fallback" not in answer.done.meta


@pytest.mark.django_db
def test_the_endpoint_going_away_mid_conversation_keeps_the_chat_working(llm, llm_user):
    llm.json(extraction(("Brandon is going to Paris", "Brandon", "travels_to", "Paris", False)))
    first = say(llm_user, "Brandon is going to Paris.")
    assert first.done.meta["llm_calls"] == 1 and "fallback" not in first.done.meta
    llm.vanish()
    update = say(llm_user, "Brandon is going to Brazil now.")
    assert update.failed is None and "could not be reached" in update.done.meta["fallback"]
    assert Fact.objects.get(user=llm_user, is_true=True, relation="travels_to").object == "Brazil"
    answer = say(llm_user, "Where is Brandon going?")
    assert "Brazil" in answer.text and "Answered offline" in answer.text
    assert answer.done.meta["llm_calls"] == 0


@pytest.mark.django_db
def test_a_stream_that_breaks_off_keeps_what_came_and_adds_memory(llm, llm_user):
    llm.json(extraction(("lena lives in Lisbon", "lena", "lives_in", "Lisbon", False)))
    say(llm_user, "I live in Lisbon.")
    llm.text("You live in Lisbon near the river today", drop_after=3)
    reply = say(llm_user, "Where do I live?")
    assert reply.failed is None
    assert reply.text.startswith("You live in")
    assert "near the river" not in reply.text
    assert "stopped mid-answer" in reply.text
    assert "You live in Lisbon" in reply.text, "what memory holds follows"
    assert "the answer done offline" in reply.done.meta["fallback"]


async def _chat_socket(user, conversation) -> WebsocketCommunicator:
    from django.test import Client

    from chatbot.asgi import application

    def cookie():
        client = Client()
        client.force_login(user)
        return f"sessionid={client.cookies['sessionid'].value}".encode()

    headers = [(b"origin", b"http://127.0.0.1"), (b"cookie", await sync_to_async(cookie)())]
    ws = WebsocketCommunicator(application, f"/ws/chat/{conversation.pk}/?format=json", headers)
    assert (await ws.connect())[0]
    return ws


async def _ask_until_first_token(user, text: str):
    """A socket, the question sent, frames read up to the first token; (socket, reply id)."""
    conversation = await Conversation.objects.acreate(user=user)
    ws = await _chat_socket(user, conversation)
    await ws.send_to(text_data=json.dumps({"message": text}))
    while (frame := json.loads(await ws.receive_from(timeout=10)))["type"] != "token":
        if frame["type"] == "message" and frame["role"] == "bot":
            reply_id = frame["id"]
    return ws, conversation, reply_id


async def _wait_for_reply(conversation, llm) -> Message:
    for _ in range(100):
        reply = await Message.objects.filter(conversation=conversation, role="bot").afirst()
        if reply and reply.status != "pending" and (llm.disconnects or reply.status == "done"):
            return reply
        await asyncio.sleep(0.1)
    return reply


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("chat_worker")
async def test_stop_cancels_the_models_stream_and_stores_it_incomplete(llm, llm_user):
    llm.text("one two three four five six seven eight nine ten", pause=0.3)
    ws, conversation, reply_id = await _ask_until_first_token(llm_user, "Where do I live?")
    await ws.send_to(text_data=json.dumps({"stop": reply_id}))
    reply = await _wait_for_reply(conversation, llm)
    await ws.disconnect()
    assert reply.status == "incomplete"
    assert reply.text.startswith("one") and "ten" not in reply.text
    assert llm.disconnects == 1, "the HTTP stream to the model was closed, not left running"
    question = await Message.objects.aget(conversation=conversation, role="user")
    assert question.text == "Where do I live?", "the user's message is kept"


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("chat_worker")
async def test_a_closed_page_does_not_lose_the_reply(llm, llm_user):
    # The reply is the job's, not the socket's: it is finished and stored for the next visit.
    llm.text("one two three four five", pause=0.05)
    ws, conversation, _ = await _ask_until_first_token(llm_user, "Where do I live?")
    await ws.disconnect()
    reply = await _wait_for_reply(conversation, llm)
    assert reply.status == "done"
    assert reply.text == "one two three four five"


@pytest.mark.django_db
def test_a_model_that_refuses_sampling_options_is_asked_again_without_them(llm, llm_user, settings):
    settings.LLM_UPDATE_MODEL, settings.LLM_MODEL = "reasoner-a", "reasoner-b"
    llm.error(400, "Unsupported parameter: 'max_tokens' is not supported with this model.")
    llm.json(extraction(("lena lives in Lisbon", "lena", "lives_in", "Lisbon", False)))
    llm.error(400, "Unsupported value: 'temperature' does not support 0.2 with this model.")
    llm.text("You live in Lisbon.")
    update = say(llm_user, "I live in Lisbon.")
    answer = say(llm_user, "Where do I live?")
    assert "fallback" not in update.done.meta and "fallback" not in answer.done.meta
    assert Fact.objects.get(user=llm_user).backend == "llm"
    assert answer.text == "You live in Lisbon."
    asked = [(r["model"], "max_tokens" in r, "temperature" in r) for r in llm.chats()]
    assert asked == [
        ("reasoner-a", True, True),
        ("reasoner-a", False, False),
        ("reasoner-b", False, True),
        ("reasoner-b", False, False),
    ]

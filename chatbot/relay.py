"""A message job's body: run a stored message through memory and publish what happens.

Events go to the conversation's group on the Channels layer, so every socket showing that
conversation, on any web process, draws the same reply live (chatbot.consumers renders them).
A Stop is a flag on the reply's row, which the job reads while it streams.
"""

import logging
import time
from contextlib import aclosing
from datetime import datetime

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import close_old_connections

from chatbot import metrics, services
from chatbot.models import Conversation, Message
from memory.events import Done, Event, Failed, MemoryChanged, Routed, Token

logger = logging.getLogger(__name__)

STOP_CHECK_SECONDS = 0.1
# Tokens produced faster than this are sent together: a 3,000-token reply is a few hundred
# layer messages instead of 3,000, and the first token still goes out at once.
TOKEN_BATCH_SECONDS = 0.015

RETRYING = (
    "The memory database is not reachable right now. Your message is saved and will be "
    "processed as soon as it is back."
)


class RetryLater(Exception):
    """A retryable failure on a job that has attempts left: procrastinate runs it again."""


def conversation_group(conversation_id: int) -> str:
    return f"conversation-{conversation_id}"


async def publish(conversation_id: int, **event: object) -> None:
    await get_channel_layer().group_send(
        conversation_group(conversation_id), {"type": "chat.event", **event}
    )


def message_event(message: Message) -> dict:
    """What a socket needs to draw a message, so that relaying it costs no query."""
    return {
        "event": "message",
        "id": message.pk,
        "role": message.role,
        "text": message.text,
        "status": message.status,
        "route": message.route,
        "sent_at": message.sent_at.isoformat(),
        "conversation": message.conversation_id,
        "title": message.conversation.title if message.is_user else "",
    }


def message_from_event(event: dict) -> Message:
    """The unsaved Message a socket draws from message_event()'s fields."""
    conversation = Conversation(pk=event["conversation"], title=event["title"])
    return Message(
        pk=event["id"],
        conversation=conversation,
        role=event["role"],
        text=event["text"],
        status=event["status"],
        route=event["route"],
        sent_at=datetime.fromisoformat(event["sent_at"]),
    )


class StopSignal:
    """Whether the user pressed Stop on a reply, read from its row at most every
    STOP_CHECK_SECONDS while the reply streams (the Stop may arrive on any web process).

    Not a channel-layer receive: a pending receive that is cancelled can hang channels-redis
    (seen: a job stuck after its last token, its done frame never sent)."""

    def __init__(self, reply_id: int) -> None:
        self.reply_id = reply_id
        self.requested = False
        self.checked = time.monotonic()

    async def check(self) -> bool:
        if not self.requested and time.monotonic() - self.checked >= STOP_CHECK_SECONDS:
            self.checked = time.monotonic()
            self.requested = await sync_to_async(self._read)()
        return self.requested

    def _read(self) -> bool:
        return Message.objects.filter(pk=self.reply_id, stop_requested=True).exists()


_FINISHED = (Message.Status.DONE, Message.Status.INCOMPLETE)


def _begin(message_id: int) -> tuple[Message, Message] | None:
    """The message and its reply row, unless an earlier attempt finished it: one trip to the
    database thread, which every socket and job of this process shares."""
    # A worker's connection may be one the database dropped (a restart): replace it first.
    close_old_connections()
    message = Message.objects.filter(pk=message_id, role=Message.Role.USER).first()
    if message is None or message.status in _FINISHED:
        return None
    return message, services.start_reply(message=message)


async def run(*, message_id: int, final_attempt: bool = True) -> None:
    """Process one stored message (a no-op if it was finished by an earlier attempt)."""
    started = time.perf_counter()
    begun = await sync_to_async(_begin)(message_id)
    if begun is None:
        return
    message, reply = begun
    conversation = message.conversation_id
    await publish(conversation, **message_event(reply))
    stream = _Stream(message, reply)
    stop = StopSignal(reply.pk)
    events = services.process_message(message=message, reply=reply, final=final_attempt)
    async with aclosing(events) as events:
        async for event in events:
            await stream.relay(event)
            if await stop.check():
                # Closing the stream stores what was said so far, marked incomplete
                # (services.process_message).
                break
    await stream.flush()
    outcome = stream.outcome
    if stop.requested or outcome is None:
        await publish(
            conversation, event="done", reply=reply.pk, meta={"incomplete": True}, text=stream.text
        )
    elif isinstance(outcome, Failed) and outcome.retryable and not final_attempt:
        await publish(conversation, event="failed", message=None, error=RETRYING)
        raise RetryLater(outcome.error)
    elif isinstance(outcome, Failed):
        await publish(conversation, event="failed", message=message.pk, error=outcome.error)
    else:
        await publish(
            conversation, event="done", reply=reply.pk, meta=outcome.meta, text=stream.text
        )
    seconds = time.perf_counter() - started
    metrics.observe_message(
        route=message.route or "none", engine=message.meta.get("engine", ""), seconds=seconds
    )
    logger.info(
        "message %s %s in %.1f ms",
        message.pk,
        "failed" if isinstance(outcome, Failed) else "done",
        seconds * 1000,
        extra={"message_id": message.pk, "user_id": message.user_id},
    )


class _Stream:
    """Publishes one message's events, tokens batched; keeps Done/Failed for after the
    reply is stored (a "done" frame means the reply is in the database)."""

    def __init__(self, message: Message, reply: Message) -> None:
        self.message, self.reply = message, reply
        self.conversation = message.conversation_id
        self.parts: list[str] = []
        self.pending: list[str] = []
        self.last_sent = 0.0
        self.outcome: Done | Failed | None = None

    @property
    def text(self) -> str:
        return "".join(self.parts).strip()

    async def relay(self, event: Event) -> None:
        if isinstance(event, Token):
            self.parts.append(event.text)
            self.pending.append(event.text)
            if time.monotonic() - self.last_sent >= TOKEN_BATCH_SECONDS:
                await self.flush()
            return
        await self.flush()
        if isinstance(event, Done | Failed):
            self.outcome = event
        elif isinstance(event, Routed):
            await publish(
                self.conversation, event="routed", message=self.message.pk, route=event.kind
            )
        elif isinstance(event, MemoryChanged):
            await publish(
                self.conversation, event="changes", reply=self.reply.pk, lines=event.lines
            )

    async def flush(self) -> None:
        if self.pending:
            text, self.pending = "".join(self.pending), []
            self.last_sent = time.monotonic()
            await publish(self.conversation, event="token", reply=self.reply.pk, text=text)

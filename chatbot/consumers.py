"""The chat websocket. It stays thin: validate, store (which queues the message's job), and
relay to the socket what the job publishes for this conversation (chatbot.relay)."""

import asyncio
import json
import logging
import time
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError

from chatbot import limits, relay, selectors, services, workers
from chatbot.models import Conversation, Message
from chatbot.outbox import HtmlOutbox, JsonOutbox

logger = logging.getLogger(__name__)

NOT_STORED = (
    "Your message was not saved: the database is not answering. It is still in the box; "
    "send it again in a moment."
)


class ChatConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.user = self.scope.get("user")
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=4401)
            return
        conversation_id = self.scope["url_route"]["kwargs"]["conversation_id"]
        try:
            self.conversation = await sync_to_async(selectors.conversation_for)(
                user=self.user, conversation_id=conversation_id
            )
        except Conversation.DoesNotExist:
            await self.close(code=4403)  # another user's, or none: same answer
            return
        query = parse_qs(self.scope.get("query_string", b"").decode(errors="replace"))
        self.outbox = JsonOutbox() if query.get("format") == ["json"] else HtmlOutbox()
        if not limits.open_socket(user_id=self.user.pk):
            await self.accept()
            await self.send(self.outbox.failed(None, limits.too_many_sockets()))
            await self.close(code=4429)
            return
        self.counted = True
        self.group = relay.conversation_group(self.conversation.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        workers.ensure_in_process_worker()
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "counted", False):
            self.counted = False
            limits.close_socket(user_id=self.user.pk)
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def dispatch(self, message: dict) -> None:
        if message["type"] != "websocket.receive":
            await super().dispatch(message)
            return
        # Channels first closes old connections on the database thread; if that thread is stuck
        # on a frozen database, the user would hear nothing. limits.store_chat_message does
        # it instead, inside CHAT_STORE_TIMEOUT.
        await self.websocket_receive(message)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        # The edge: whatever arrives, the answer is a frame and the socket stays open.
        try:
            await self._receive(text_data)
        except Exception:
            logger.exception("receiving a chat message failed")
            await self.send(self.outbox.failed(None, "Internal error; please send it again."))

    async def _receive(self, text_data: str | None) -> None:
        if text_data is None:
            await self.send(self.outbox.failed(None, "Only text messages are accepted."))
            return
        try:
            payload = json.loads(text_data)
            if not isinstance(payload, dict):
                raise ValueError
        except (ValueError, RecursionError):
            await self.send(self.outbox.failed(None, "Could not read that message (bad JSON)."))
            return
        if "retry" in payload:
            await self._retry(payload["retry"])
            return
        if "stop" in payload:  # the Stop button: end the reply being streamed
            if isinstance(payload["stop"], int):
                await sync_to_async(services.request_stop)(user=self.user, reply_id=payload["stop"])
            return
        try:
            message = await self._store(payload.get("message"))
        except services.InvalidMessage as exc:
            await self.send(self.outbox.failed(None, str(exc)))
            return
        except (DatabaseError, limits.StoreTimedOut, TimeoutError):
            logger.warning("storing a chat message failed", exc_info=True)
            await self.send(self.outbox.failed(None, NOT_STORED))
            return
        # Through the group, so every tab of this conversation shows it.
        await relay.publish(self.conversation.pk, **relay.message_event(message))

    async def _store(self, text: object) -> Message:
        """Store within CHAT_STORE_TIMEOUT. A frozen database blocks the storing thread; the
        task is left to finish (and roll back, past its deadline) instead of being waited on."""
        timeout = settings.CHAT_STORE_TIMEOUT
        task = asyncio.ensure_future(
            sync_to_async(limits.store_chat_message)(
                conversation=self.conversation, text=text, deadline=time.monotonic() + timeout
            )
        )
        done, _ = await asyncio.wait({task}, timeout=timeout + 1)
        if not done:
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
            raise TimeoutError
        return task.result()

    async def _retry(self, message_id: object) -> None:
        try:
            message = await sync_to_async(selectors.retryable_message)(
                user=self.user, message_id=int(message_id)
            )
        except (TypeError, ValueError, OverflowError, Message.DoesNotExist):
            await self.send(self.outbox.failed(None, "There is no failed message to retry."))
            return
        await sync_to_async(services.retry_message)(message=message)

    async def chat_event(self, event: dict) -> None:
        """An event the message's job published for this conversation (chatbot.relay)."""
        kind = event["event"]
        if kind == "message":
            await self.send(self.outbox.message(relay.message_from_event(event)))
        elif kind == "routed":
            await self.send(self.outbox.routed(Message(pk=event["message"]), event["route"]))
        elif kind == "token":
            await self.send(self.outbox.token(Message(pk=event["reply"]), event["text"]))
        elif kind == "changes":
            await self.send(self.outbox.changes(Message(pk=event["reply"]), event["lines"]))
        elif kind == "done":
            reply = Message(pk=event["reply"])
            await self.send(self.outbox.done(reply, event["meta"], event["text"]))
        elif kind == "failed":
            failed = Message(pk=event["message"]) if event["message"] else None
            await self.send(self.outbox.failed(failed, event["error"]))

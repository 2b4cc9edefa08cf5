"""The chat websocket. It stays thin: validate, store, relay what memory.engine yields."""

import asyncio
import json
import logging
from contextlib import aclosing
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from chatbot import selectors, services
from chatbot.models import Conversation, Message
from chatbot.outbox import HtmlOutbox, JsonOutbox
from memory.events import Done, Failed, MemoryChanged, Routed, Token

logger = logging.getLogger(__name__)


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
        query = parse_qs(self.scope.get("query_string", b"").decode())
        self.outbox = JsonOutbox() if query.get("format") == ["json"] else HtmlOutbox()
        # One worker per socket handles messages in the order they arrive.
        self.queue: asyncio.Queue = asyncio.Queue()
        self.worker = asyncio.create_task(self._work())
        await self.accept()

    async def disconnect(self, code: int) -> None:
        worker = getattr(self, "worker", None)
        if worker is not None:
            worker.cancel()
            try:
                await worker
            except asyncio.CancelledError:
                pass

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None):
        if text_data is None:
            await self.send(self.outbox.failed(None, "Only text messages are accepted."))
            return
        try:
            payload = json.loads(text_data)
            if not isinstance(payload, dict):
                raise ValueError
        except ValueError:
            await self.send(self.outbox.failed(None, "Could not read that message (bad JSON)."))
            return
        if "retry" in payload:
            await self._retry(payload["retry"])
            return
        try:
            message = await sync_to_async(services.store_user_message)(
                conversation=self.conversation, text=payload.get("message")
            )
        except services.InvalidMessage as exc:
            await self.send(self.outbox.failed(None, str(exc)))
            return
        await self.send(self.outbox.message(message))
        await self.queue.put(message)

    async def _retry(self, message_id: object) -> None:
        try:
            message = await sync_to_async(selectors.retryable_message)(
                user=self.user, message_id=int(message_id)
            )
        except (TypeError, ValueError, Message.DoesNotExist):
            await self.send(self.outbox.failed(None, "There is no failed message to retry."))
            return
        await self.queue.put(message)

    async def _work(self) -> None:
        while True:
            message = await self.queue.get()
            try:
                await self._handle(message)
            except asyncio.CancelledError:
                raise
            except Exception:  # the socket must stay usable for the next message
                logger.exception("relaying message %s failed", message.pk)
                await self.send(self.outbox.failed(message, "Internal error; please retry."))

    async def _handle(self, message: Message) -> None:
        reply = await sync_to_async(services.start_reply)(message=message)
        await self.send(self.outbox.message(reply))
        stream = services.process_message(message=message, reply=reply)
        async with aclosing(stream) as events:
            async for event in events:
                await self.send(self._render(message, reply, event))

    def _render(self, message: Message, reply: Message, event) -> str:
        if isinstance(event, Token):
            return self.outbox.token(reply, event.text)
        if isinstance(event, Routed):
            return self.outbox.routed(message, event.kind)
        if isinstance(event, MemoryChanged):
            return self.outbox.changes(reply, event.lines)
        if isinstance(event, Done):
            return self.outbox.done(reply, event.meta)
        if isinstance(event, Failed):
            return self.outbox.failed(message, event.error)
        raise TypeError(f"unknown event {event!r}")

"""Writes for the chat: conversations, stored messages, and running a message through memory."""

import asyncio
from collections.abc import AsyncIterator
from datetime import datetime, timedelta

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import BigIntegerField, Exists, OuterRef, QuerySet
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.utils import timezone

from chatbot.models import Conversation, Message
from memory.engine import respond
from memory.events import Done, Event, Failed, Routed, Token


class InvalidMessage(ValueError):
    """The text cannot be accepted; the message says why, in words for the user."""


def clean_text(raw: object) -> str:
    if not isinstance(raw, str):
        raise InvalidMessage("Messages must be text.")
    text = raw.replace("\r\n", "\n").strip()
    if not text:
        raise InvalidMessage("Your message is empty.")
    if len(text) > settings.CHAT_MAX_MESSAGE_CHARS:
        raise InvalidMessage(
            f"Your message is {len(text):,} characters long; the limit is "
            f"{settings.CHAT_MAX_MESSAGE_CHARS:,}. Split it into smaller messages."
        )
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # a lone surrogate ("\ud800") cannot be stored
        raise InvalidMessage("Your message contains characters that are not valid text.") from exc
    if "\x00" in text or sum(1 for c in text if ord(c) < 32 and c not in "\n\t") > 0:
        raise InvalidMessage("Your message contains control characters or binary data.")
    return text


def start_conversation(*, user: AbstractBaseUser, title: str = "") -> Conversation:
    return Conversation.objects.create(user=user, title=title[:120])


def rename_conversation(*, conversation: Conversation, title: str) -> Conversation:
    conversation.title = " ".join(title.split())[:120]
    conversation.save(update_fields=["title"])
    return conversation


def delete_conversation(*, conversation: Conversation) -> None:
    """The conversation and its messages go; what memory learned from them stays (memory is
    managed on My memory, where every edit keeps its cause even when the message is gone)."""
    conversation.delete()


def open_empty_conversation(*, user: AbstractBaseUser) -> Conversation:
    """ "+ New conversation": the user's newest conversation if nothing was said in it yet,
    so that repeated clicks do not pile up empty conversations."""
    newest = Conversation.objects.filter(user=user).first()
    if newest is not None and not newest.messages.exists():
        return newest
    return start_conversation(user=user)


@transaction.atomic
def store_user_message(
    *, conversation: Conversation, text: str, sent_at: datetime | None = None
) -> Message:
    """Persist the user's message before anything else looks at it."""
    text = clean_text(text)
    when = sent_at or timezone.now()
    message = Message.objects.create(
        conversation=conversation,
        user_id=conversation.user_id,
        role=Message.Role.USER,
        text=text,
        sent_at=when,
    )
    conversation.touch(first_text=text)
    return message


def start_reply(*, message: Message) -> Message:
    """The bot's reply row for `message`: the unfinished one an interrupted attempt left
    (emptied), else a new one, so a rerun of the job does not add a second reply."""
    unfinished = (
        Message.objects.filter(reply_to=message, role=Message.Role.BOT)
        .exclude(status__in=[Message.Status.DONE, Message.Status.INCOMPLETE])
        .order_by("-id")
        .first()
    )
    if unfinished is not None:
        unfinished.text, unfinished.error, unfinished.status = "", "", Message.Status.PENDING
        unfinished.save(update_fields=["text", "error", "status"])
        return unfinished
    return Message.objects.create(
        conversation_id=message.conversation_id,
        user_id=message.user_id,
        role=Message.Role.BOT,
        text="",
        reply_to=message,
        sent_at=message.sent_at,
    )


def request_stop(*, user: AbstractBaseUser, reply_id: int) -> bool:
    """Ask the job streaming this reply to stop; only the user's own replies."""
    rows = Message.objects.filter(pk=reply_id, user=user, role=Message.Role.BOT)
    return rows.update(stop_requested=True) > 0


@transaction.atomic
def retry_message(*, message: Message) -> Message:
    """Queue a failed message again (the user's Retry), behind the user's newer messages."""
    from chatbot import jobs  # jobs -> (task body) relay -> services: imported late

    message.status, message.error = Message.Status.PENDING, ""
    message.save(update_fields=["status", "error"])
    jobs.enqueue(message=message)
    return message


@transaction.atomic
def finish(
    *, message: Message, reply: Message, text: str, status: str, meta: dict, error: str = ""
):
    reply.text = text
    reply.status = status
    reply.meta = meta
    reply.error = error
    reply.save(update_fields=["text", "status", "meta", "error"])
    if status in (Message.Status.FAILED, Message.Status.PENDING):
        message.status = status
    else:
        message.status = Message.Status.DONE
    message.error = error
    message.save(update_fields=["status", "error"])


async def process_message(
    *, message: Message, reply: Message, force_route: str | None = None, final: bool = True
) -> AsyncIterator[Event]:
    """Run a stored user message through memory, store the reply, and relay every event.

    If the caller stops iterating (Stop, a closed socket), what was produced is stored and the
    reply is marked incomplete. With `final` False a retryable failure leaves both messages
    pending, for the job's next attempt.
    """
    parts: list[str] = []
    outcome: Done | Failed | None = None
    try:
        async for event in respond(message=message, force_route=force_route):
            if isinstance(event, Token):
                parts.append(event.text)
            elif isinstance(event, Done | Failed):
                outcome = event
            elif isinstance(event, Routed):
                message.route = event.kind
            yield event
    finally:
        text = "".join(parts).strip()
        if isinstance(outcome, Failed) and outcome.retryable and not final:
            status, meta, error = Message.Status.PENDING, {}, outcome.error
        elif isinstance(outcome, Failed):
            status, meta, error = Message.Status.FAILED, {}, outcome.error
        elif isinstance(outcome, Done) and not outcome.incomplete:
            status, meta, error = Message.Status.DONE, outcome.meta, ""
        else:
            status, meta, error = Message.Status.INCOMPLETE, {"incomplete": True}, ""
        # shield: a cancelled websocket task must still record what it produced.
        await asyncio.shield(
            sync_to_async(finish)(
                message=message, reply=reply, text=text, status=status, meta=meta, error=error
            )
        )


async def run_message(
    *, message: Message, force_route: str | None = None
) -> AsyncIterator[tuple[Message, Event]]:
    """Convenience for callers without a UI of their own (CLI, replay): create the reply too."""
    reply = await sync_to_async(start_reply)(message=message)
    async for event in process_message(message=message, reply=reply, force_route=force_route):
        yield reply, event


ORPHANED = "This message could not be processed. Press Retry to send it again."


def pending_user_messages(*, before: datetime) -> QuerySet[Message]:
    """User messages still pending that were stored before `before`: read through the
    message_pending_user index, which holds only pending user messages."""
    return Message.objects.filter(
        role=Message.Role.USER, status=Message.Status.PENDING, created_at__lt=before
    )


@transaction.atomic
def fail_orphaned_messages(*, older_than_seconds: float) -> list[Message]:
    """Mark failed (with Retry) the pending messages that no job will finish any more.

    A stored message always has a job; but a job's final attempt can end while the database
    is unreachable, so that the message is never marked failed, and procrastinate then
    records the job failed (or a stalled job is given up). Such a message would stay pending
    for ever, and behind CHAT_MAX_PENDING it would hold the user's later messages off."""
    from procrastinate.contrib.django.models import ProcrastinateJob

    from chatbot import jobs

    live = ProcrastinateJob.objects.annotate(
        message_id=Cast(KeyTextTransform("message_id", "args"), BigIntegerField())
    ).filter(
        task_name=jobs.process_message.name,
        status__in=["todo", "doing"],
        message_id=OuterRef("pk"),
    )
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    orphans = list(
        pending_user_messages(before=cutoff)
        .select_for_update(skip_locked=True)
        .exclude(Exists(live))
    )
    for message in orphans:
        message.status, message.error = Message.Status.FAILED, ORPHANED
        message.save(update_fields=["status", "error"])
    Message.objects.filter(reply_to__in=orphans, status=Message.Status.PENDING).update(
        status=Message.Status.FAILED, error=ORPHANED
    )
    return orphans

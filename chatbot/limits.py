"""Flood control for the chat: message rate, unfinished messages, and sockets per user.

Rate and unfinished messages are counted in the database (the user's stored messages), so the
limits hold across daphne processes and under any way of running the work. Sockets are counted
per process: a row per socket in the database would outlive a process killed with -9 and lock
the user out; an in-process counter dies with its process. With N processes a user can open
N x CHAT_MAX_SOCKETS_PER_USER sockets, which the database-wide message limits still bound.
"""

import threading
import time
from collections import Counter
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, transaction
from django.db.models import Count, Q
from django.utils import timezone

from chatbot import jobs, services
from chatbot.models import Conversation, Message


class LimitReached(services.InvalidMessage):
    """Refused by a limit; the text says which and what to do."""


class StoreTimedOut(Exception):
    """The database took longer than CHAT_STORE_TIMEOUT; nothing was stored."""


_sockets: Counter[int] = Counter()
_sockets_lock = threading.Lock()


def open_socket(*, user_id: int) -> bool:
    """Count a new socket for the user; False when the user already has the maximum open."""
    with _sockets_lock:
        if _sockets[user_id] >= settings.CHAT_MAX_SOCKETS_PER_USER:
            return False
        _sockets[user_id] += 1
        return True


def too_many_sockets() -> str:
    return (
        f"Too many chat windows are open for your account (the limit is "
        f"{settings.CHAT_MAX_SOCKETS_PER_USER}). Close some, then reload this page."
    )


def close_socket(*, user_id: int) -> None:
    with _sockets_lock:
        _sockets[user_id] -= 1
        if _sockets[user_id] <= 0:
            del _sockets[user_id]


def check_message_allowed(*, user_id: int) -> None:
    """Raise LimitReached if the user sent too many messages lately or has too many unfinished."""
    since = timezone.now() - timedelta(seconds=settings.CHAT_RATE_WINDOW)
    counts = Message.objects.filter(user_id=user_id, role=Message.Role.USER).aggregate(
        recent=Count("id", filter=Q(created_at__gte=since)),
        pending=Count("id", filter=Q(status=Message.Status.PENDING)),
    )
    if counts["pending"] >= settings.CHAT_MAX_PENDING:
        raise LimitReached(
            f"You have {counts['pending']} messages still being processed (the limit is "
            f"{settings.CHAT_MAX_PENDING}). Wait for some replies, then send this again."
        )
    if counts["recent"] >= settings.CHAT_RATE_MESSAGES:
        raise LimitReached(
            f"You sent {settings.CHAT_RATE_MESSAGES} messages in the last "
            f"{settings.CHAT_RATE_WINDOW:g} seconds, the limit. Wait a little, then send this "
            "again."
        )


def store_chat_message(*, conversation: Conversation, text: object, deadline: float) -> Message:
    """Check the limits, store the message and queue its job in one transaction, unless
    time.monotonic() passed the deadline.

    A frozen database answers late; the socket has told the user by then, so a store that
    finishes after the deadline is rolled back instead of leaving a message the user resends.
    """
    close_old_connections()  # what Channels does before each message (health check, max age)
    with transaction.atomic():
        services.clean_text(text)  # refuse bad text before spending a query on the limits
        jobs.lock_submissions(user_id=conversation.user_id)
        check_message_allowed(user_id=conversation.user_id)
        message = services.store_user_message(conversation=conversation, text=text)
        jobs.enqueue(message=message)
        if time.monotonic() > deadline:
            raise StoreTimedOut
    return message

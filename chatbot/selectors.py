"""Reads for the chat. Every query is scoped by the requesting user."""

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet

from chatbot.models import Conversation, Message


def conversations_for(*, user: AbstractBaseUser, search: str = "") -> QuerySet[Conversation]:
    """The user's conversations, newest first; `search` matches titles and what was said."""
    rows = Conversation.objects.filter(user=user)
    if search:
        said = Message.objects.filter(user=user, text__icontains=search).values("conversation_id")
        rows = rows.filter(Q(title__icontains=search) | Q(pk__in=said))
    return rows


def conversation_for(*, user: AbstractBaseUser, conversation_id: int) -> Conversation:
    """The user's own conversation; another user's raises Conversation.DoesNotExist."""
    return Conversation.objects.get(user=user, pk=conversation_id)


def history(*, conversation: Conversation, limit: int = 200) -> list[Message]:
    rows = conversation.messages.select_related("reply_to").order_by("-id")[:limit]
    return list(reversed(rows))


def retryable_message(*, user: AbstractBaseUser, message_id: int) -> Message:
    return Message.objects.get(
        user=user, pk=message_id, role=Message.Role.USER, status=Message.Status.FAILED
    )

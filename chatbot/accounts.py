"""Deleting an account: everything of the user goes, the AGE graph and login records included."""

from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from memory import audit


@transaction.atomic
def delete_account(*, user: AbstractBaseUser) -> None:
    """Memory first (facts, history, edits, the graph `memory_u<id>`: the graph is no foreign
    key, so a plain user.delete() would leave it), then conversations, then the user, whose
    remaining rows (memory state, sessions' admin log) go by CASCADE."""
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog

    audit.delete_all_memory(user=user, conversations=True)
    username = user.get_username()
    for model in (AccessAttempt, AccessFailureLog, AccessLog):
        model.objects.filter(username=username).delete()
    delete_sessions(user_id=user.pk)
    # Through a queryset: user.delete() would clear user.pk, which delete_all_memory's
    # on-commit cache eviction still reads.
    get_user_model().objects.filter(pk=user.pk).delete()


def delete_sessions(*, user_id: int) -> int:
    """The user's sessions (other browsers still logged in). Sessions hold the user id only
    inside their encoded data, so each live one is decoded; deletion is rare, this is fine."""
    stale = [
        session.pk
        for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator()
        if session.get_decoded().get(SESSION_KEY) == str(user_id)
    ]
    return Session.objects.filter(pk__in=stale).delete()[0]

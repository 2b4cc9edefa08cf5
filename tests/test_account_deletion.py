"""Deleting an account removes every row of the user, in every table, and the AGE graph."""

import asyncio

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection, models
from django.test import Client

from chatbot.models import Conversation
from chatbot.services import run_message, store_user_message
from memory import age

pytestmark = pytest.mark.django_db(transaction=True)

TELLS = ["My sister Ana lives in Lisbon.", "I work at the bakery.", "Where does Ana live?"]


def _chat(user) -> None:
    conversation = Conversation.objects.create(user=user)

    async def drain(message):
        async for _ in run_message(message=message):
            pass

    for text in TELLS:
        asyncio.run(drain(store_user_message(conversation=conversation, text=text)))


def _rows_of(user_id: int) -> dict[str, int]:
    """Rows pointing at the user, directly or through one model that points at the user."""
    user_model = get_user_model()
    owned: dict[type, models.Q] = {}
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if field.is_relation and field.concrete and field.related_model is user_model:
                owned.setdefault(model, models.Q())
                owned[model] |= models.Q(**{field.name: user_id})
    counts = {}
    for model in apps.get_models():
        query = owned.get(model, models.Q(pk__in=[]))
        for field in model._meta.get_fields():
            if field.is_relation and field.concrete and field.related_model in owned:
                parent = field.related_model
                query |= models.Q(**{f"{field.name}__in": parent.objects.filter(owned[parent])})
        if model is user_model:
            query |= models.Q(pk=user_id)
        counts[model._meta.label] = model.objects.filter(query).count()
    return {label: n for label, n in counts.items() if n}


def _graphs_of(user_id: int) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM ag_catalog.ag_graph WHERE name = %s", [age.graph_name(user_id)]
        )
        return [row[0] for row in cursor.fetchall()]


def _sessions_of(user_id: int) -> int:
    from django.contrib.auth import SESSION_KEY
    from django.contrib.sessions.models import Session

    return sum(s.get_decoded().get(SESSION_KEY) == str(user_id) for s in Session.objects.all())


def _nothing_left(user, bystander) -> None:
    assert _rows_of(user.pk) == {}
    assert _sessions_of(user.pk) == 0
    assert _graphs_of(user.pk) == []
    # The other user's memory is untouched.
    assert _rows_of(bystander.pk)["memory.Fact"] > 0
    assert _graphs_of(bystander.pk) == [age.graph_name(bystander.pk)]


def test_it_deletes_everything_of_a_user_who_asks(alice, bob):
    _chat(alice)
    _chat(bob)
    Client().force_login(alice)  # another browser, still logged in
    before = _rows_of(alice.pk)
    assert {"memory.Fact", "chatbot.Message", "memory.MemoryEdit"} <= set(before)
    assert _graphs_of(alice.pk)
    client = Client()
    client.force_login(alice)
    assert client.get("/accounts/delete/").status_code == 200
    response = client.post("/accounts/delete/", {"password": "wrong"})
    assert "not your password" in response.content.decode()
    assert _rows_of(alice.pk) == before
    response = client.post("/accounts/delete/", {"password": "s3cret-pass-123"})
    assert response.status_code == 200
    _nothing_left(alice, bob)
    assert client.get("/memory/").status_code == 302  # logged out


def test_it_lets_a_superuser_delete_a_user_in_the_admin(alice, bob, admin_user):
    _chat(alice)
    _chat(bob)
    Client().force_login(alice)
    client = Client()
    client.force_login(admin_user)
    url = f"/admin/auth/user/{alice.pk}/delete/"
    confirm = client.get(url)
    assert confirm.status_code == 200
    assert client.post(url, {"post": "yes"}).status_code == 302
    _nothing_left(alice, bob)


def test_it_deletes_users_with_the_admin_bulk_action(alice, bob, charlie, admin_user):
    _chat(alice)
    _chat(bob)
    _chat(charlie)
    client = Client()
    client.force_login(admin_user)
    response = client.post(
        "/admin/auth/user/",
        {"action": "delete_selected", "_selected_action": [alice.pk, charlie.pk], "post": "yes"},
    )
    assert response.status_code == 302
    _nothing_left(alice, bob)
    _nothing_left(charlie, bob)

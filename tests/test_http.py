import pytest
from django.urls import reverse

from chatbot.models import Conversation
from tests.helpers import say

pytestmark = pytest.mark.django_db


def test_it_requires_login_for_the_chat(client):
    response = client.get(reverse("chat"))
    assert response.status_code == 302
    assert reverse("login") in response["Location"]


def test_it_signs_up_and_logs_in(client):
    response = client.post(
        reverse("signup"),
        {"username": "dora", "password1": "a-long-pass-4242", "password2": "a-long-pass-4242"},
    )
    assert response.status_code == 302
    page = client.get(reverse("chat"), follow=True)
    assert page.status_code == 200
    assert b"Log out dora" in page.content
    assert b"vendor/htmx.min.js" in page.content


def test_it_refuses_bad_signup(client):
    response = client.post(
        reverse("signup"), {"username": "dora", "password1": "x", "password2": "y"}
    )
    assert response.status_code == 200
    assert b"errorlist" in response.content


def test_it_changes_password(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("password_change"),
        {
            "old_password": "s3cret-pass-123",
            "new_password1": "another-pass-987",
            "new_password2": "another-pass-987",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("another-pass-987")


def test_it_logs_out_with_post(client, alice):
    client.force_login(alice)
    client.post(reverse("logout"))
    assert client.get(reverse("chat")).status_code == 302


def test_it_creates_a_new_conversation(client, alice):
    client.force_login(alice)
    client.get(reverse("chat"))
    say(alice, "I live in Lisbon.")  # the first conversation is no longer empty
    response = client.post(reverse("new_conversation"))
    assert response.status_code == 302
    assert Conversation.objects.filter(user=alice).count() == 2


def test_it_reuses_an_empty_conversation_instead_of_making_another(client, alice):
    client.force_login(alice)
    client.get(reverse("chat"))
    first = client.post(reverse("new_conversation"))
    second = client.post(reverse("new_conversation"))
    assert first["Location"] == second["Location"]
    assert Conversation.objects.filter(user=alice).count() == 1


def test_it_renders_history_escaped(client, alice):
    say(alice, "My favourite tag is <script>alert(1)</script>")
    client.force_login(alice)
    page = client.get(reverse("chat"), follow=True)
    assert b"<script>alert(1)</script>" not in page.content
    assert b"&lt;script&gt;alert(1)&lt;/script&gt;" in page.content


def test_it_hides_other_users_conversation(client, alice, bob):
    say(alice, "I live in Lisbon.")
    conversation = Conversation.objects.get(user=alice)
    client.force_login(bob)
    response = client.get(reverse("conversation", args=[conversation.pk]))
    assert response.status_code == 404
    page = client.get(reverse("chat"), follow=True)
    assert b"Lisbon" not in page.content


def test_it_renames_searches_exports_and_deletes_conversations(client, alice, bob):
    client.force_login(alice)
    say(alice, "I adopted a tortoise called Speedy.")
    conversation = Conversation.objects.get(user=alice)
    rename = reverse("rename_conversation", args=[conversation.pk])
    assert client.post(rename, {"title": "  Pets   and more "}).status_code == 302
    conversation.refresh_from_db()
    assert conversation.title == "Pets and more"
    assert client.post(rename, {"title": "   "}).status_code == 400

    found = client.get(reverse("conversation", args=[conversation.pk]), {"q": "tortoise"})
    assert b"Pets and more" in found.content
    missed = client.get(reverse("conversation", args=[conversation.pk]), {"q": "zebra"})
    assert b"No conversation matches" in missed.content

    export = client.get(reverse("export_conversation", args=[conversation.pk]))
    assert export["Content-Type"].startswith("text/markdown")
    assert b"# Pets and more" in export.content and b"tortoise called Speedy" in export.content

    client.force_login(bob)  # another user's conversation is not found, whatever the verb
    assert client.post(rename, {"title": "mine"}).status_code == 404
    assert client.get(reverse("export_conversation", args=[conversation.pk])).status_code == 404
    delete = reverse("delete_conversation", args=[conversation.pk])
    assert client.post(delete).status_code == 404
    client.force_login(alice)
    assert client.post(delete).status_code == 302
    assert not Conversation.objects.filter(pk=conversation.pk).exists()


def test_a_missing_page_is_a_styled_404(client, alice):
    client.force_login(alice)
    response = client.get("/no/such/page/")
    assert response.status_code == 404 and b"Back to the chat" in response.content

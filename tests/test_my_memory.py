"""The My memory page: a user sees, corrects, forgets, exports and deletes only their own
memory, and deleting it leaves nothing behind in any table or in the graph."""

import json

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.test import Client
from django.urls import reverse
from psycopg import sql

from chatbot.models import Conversation, Message
from memory import age, audit
from memory.models import EditKind, Fact, FactTruth, MemoryEdit, MemoryState
from tests.helpers import say

pytestmark = pytest.mark.django_db


def page(client) -> str:
    response = client.get(reverse("my_memory"))
    assert response.status_code == 200
    return response.content.decode()


def test_it_shows_current_facts_with_since_and_past_facts_with_history(client, alice):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Rome.")
    client.force_login(alice)

    body = page(client)

    now, past = body.split('id="past-facts"')
    assert "Brandon lives in Rome" in now and "since " in now
    assert "<s>Brandon lives in Oslo</s>" in past and "false since" in past
    assert "true · Add" in past and "false · Make false" in past
    assert f'href="{reverse("my_memory")}"' in body, "the nav links to My memory"


def test_a_fact_page_tells_the_user_why_it_changed(client, alice):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Rome.")
    oslo = Fact.objects.get(user=alice, object="Oslo")
    client.force_login(alice)

    body = client.get(reverse("fact_detail", args=[oslo.pk])).content.decode()

    assert "because you said “Brandon moved to Rome.”" in body
    assert "Fact made false" in body and "by the bot" in body


def test_it_never_shows_another_users_memory(client, alice, bob):
    say(alice, "I live in Lisbon.")
    say(bob, "I live in Porto. My dog is called Rex.")
    client.force_login(alice)

    assert "Lisbon" in page(client)
    assert "Porto" not in page(client) and "Rex" not in page(client)
    exported = json.loads(client.get(reverse("export_memory")).content)
    assert [f["object"] for f in exported["facts"]] == ["Lisbon"]
    assert {e["fact_id"] for e in exported["edits"] if e["fact_id"]} == {
        Fact.objects.get(user=alice).pk
    }
    assert all("Porto" not in m["text"] for m in exported["messages"])


@pytest.mark.parametrize(
    "name, method, data",
    [
        ("correct_fact", "post", {"text": "bob lives in Faro"}),
        ("forget_fact", "post", {}),
        ("fact_detail", "get", {}),
        ("export_fact", "get", {}),
    ],
)
def test_another_users_fact_is_a_404(client, alice, bob, name, method, data):
    say(bob, "I live in Porto.")
    porto = Fact.objects.get(user=bob)
    edits = MemoryEdit.objects.count()
    client.force_login(alice)

    response = getattr(client, method)(reverse(name, args=[porto.pk]), data)

    assert response.status_code == 404
    porto.refresh_from_db()
    assert (porto.is_true, porto.text) == (True, "bob lives in Porto")
    assert MemoryEdit.objects.count() == edits


def test_a_correction_is_the_users_own_edit_and_changes_what_the_bot_says(client, alice):
    say(alice, "I live in Lisbon.")
    fact = Fact.objects.get(user=alice)
    client.force_login(alice)

    client.post(reverse("correct_fact", args=[fact.pk]), {"text": "alice lives in Faro"})

    fact.refresh_from_db()
    assert (fact.object, fact.relation, fact.is_true) == ("Faro", "lives_in", True)
    edit = fact.edits.latest("id")
    assert (edit.kind, edit.backend, edit.actor, edit.step) == (
        "fact_corrected",
        "user",
        alice,
        "user.correct",
    )
    assert "Faro" in say(alice, "Where do I live?").text
    too_long = client.post(reverse("correct_fact", args=[fact.pk]), {"text": "x" * 1001})
    assert too_long.status_code == 302 and Fact.objects.get(pk=fact.pk).object == "Faro"


def test_forgetting_is_the_users_own_edit(client, alice):
    say(alice, "I live in Lisbon.")
    fact = Fact.objects.get(user=alice)
    client.force_login(alice)

    client.post(reverse("forget_fact", args=[fact.pk]))

    fact.refresh_from_db()
    assert not fact.is_true
    edit = fact.edits.latest("id")
    assert (edit.kind, edit.backend, edit.actor) == ("fact_forgotten", "user", alice)
    assert "Lisbon" in page(client).split('id="past-facts"')[1]


def test_the_export_holds_facts_history_edits_and_messages(client, alice):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Zürich.")
    client.force_login(alice)

    response = client.get(reverse("export_memory"))

    assert response["Content-Disposition"].startswith("attachment;")
    data = json.loads(response.content)
    oslo = next(f for f in data["facts"] if f["object"] == "Oslo")
    assert [(h["value"], h["operation"]) for h in oslo["history"]] == [
        (True, "add"),
        (False, "make_false"),
    ]
    assert {"fact_added", "fact_made_false", "concept_added"} <= {e["kind"] for e in data["edits"]}
    assert "Brandon moved to Zürich." in [m["text"] for m in data["messages"]]
    single = json.loads(client.get(reverse("export_fact", args=[oslo["id"]])).content)
    assert single["history"] == oslo["history"]


def test_pages_need_a_login_and_posts_need_csrf(alice):
    say(alice, "I live in Lisbon.")
    fact = Fact.objects.get(user=alice)
    anonymous = Client()
    assert anonymous.get(reverse("my_memory"))["Location"].startswith(reverse("login"))
    assert anonymous.post(reverse("forget_fact", args=[fact.pk])).status_code == 302
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post(reverse("forget_fact", args=[fact.pk])).status_code == 403
    assert strict.get(reverse("delete_memory")).status_code == 405
    assert Fact.objects.get(pk=fact.pk).is_true


def test_user_text_is_escaped(client, alice):
    say(alice, "Brandon likes <b>bold</b> jazz.")  # markup is not what was said: bold jazz
    say(alice, "My nickname is Bo<3&co.")
    client.force_login(alice)
    body = page(client)
    assert "bold jazz" in body and "<b>" not in body
    assert "Bo&lt;3&amp;co" in body and "Bo<3" not in body


def test_deleting_keeps_the_users_engine_choice_but_not_the_clock(client, alice):
    say(alice, "I live in Lisbon.")
    MemoryState.objects.filter(user=alice).update(engine="vector-baseline")
    client.force_login(alice)

    client.post(reverse("delete_memory"), {"confirm": "delete my memory"})

    state = MemoryState.objects.get(user=alice)
    assert (state.engine, state.clock) == ("vector-baseline", 0)
    assert not Fact.objects.filter(user=alice).exists()


def test_deleting_needs_the_typed_confirmation(client, alice):
    say(alice, "I live in Lisbon.")
    client.force_login(alice)

    refused = client.post(reverse("delete_memory"), {"confirm": "yes"})

    assert refused.status_code == 400 and "Type" in refused.content.decode()
    assert Fact.objects.filter(user=alice).exists()
    assert age.graph_exists(age.graph_name(alice.pk))


def memory_rows(user) -> dict[str, int]:
    return {
        "facts": Fact.objects.filter(user=user).count(),
        "truth": FactTruth.objects.filter(fact__user=user).count(),
        "edits": MemoryEdit.objects.filter(user=user).count(),
        "state": MemoryState.objects.filter(user=user).count(),
    }


def tables_mentioning(word: str, skip: tuple[str, ...] = ()) -> list[str]:
    """Every text or JSON column of every table in the public schema that contains `word`."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = 'public' AND data_type IN "
            "('text', 'character varying', 'jsonb', 'json')"
        )
        columns = [(t, c) for t, c in cursor.fetchall() if not t.startswith(skip)]
        found = []
        for table, column in columns:
            query = sql.SQL("SELECT count(*) FROM {} WHERE {}::text ILIKE %s").format(
                sql.Identifier(table), sql.Identifier(column)
            )
            cursor.execute(query.as_string(connection.connection), [f"%{word}%"])
            if cursor.fetchone()[0]:
                found.append(f"{table}.{column}")
    return found


def graph_schemas(user) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (SELECT count(*) FROM ag_catalog.ag_graph WHERE name = %s)"
            " + (SELECT count(*) FROM pg_namespace WHERE nspname = %s)",
            [age.graph_name(user.pk)] * 2,
        )
        return cursor.fetchone()[0]


@pytest.mark.parametrize("conversations", [False, True])
def test_deleting_my_memory_leaves_nothing_behind(client, alice, bob, make_user, conversations):
    say(alice, "I live in Zanzibar. My dog is called Quixote.")
    say(alice, "Brandon moved to Zanzibar.")
    say(bob, "I live in Porto.")
    auditor = make_user("auditor", is_staff=True)
    auditor.user_permissions.add(Permission.objects.get(codename="audit_memory"))
    client.force_login(auditor)  # a staff edit also leaves an admin log line naming the fact
    quixote = Fact.objects.get(user=alice, object="Quixote")
    client.post(reverse("admin:memory_fact_change", args=[quixote.pk]), {"text": "Quixote ok"})
    assert tables_mentioning("Quixote", skip=("chatbot_",)) and graph_schemas(alice) == 2
    client.force_login(alice)

    data = {"confirm": "Delete my memory"} | ({"conversations": "on"} if conversations else {})
    held = Fact.objects.filter(user=alice).count()
    response = client.post(reverse("delete_memory"), data, follow=True)

    assert f"Deleted your memory: {held} facts" in response.content.decode()
    assert memory_rows(alice) == {"facts": 0, "truth": 0, "edits": 0, "state": 0}
    assert graph_schemas(alice) == 0
    for word in ("Zanzibar", "Quixote"):
        assert tables_mentioning(word, skip=() if conversations else ("chatbot_",)) == []
    kept = Message.objects.filter(user=alice)
    assert kept.exists() != conversations, "conversations stay unless asked"
    assert all(not set(m.meta) & set(audit.MEMORY_META_KEYS) for m in kept)
    assert Conversation.objects.filter(user=alice).exists() != conversations
    assert memory_rows(bob)["facts"] == 1 and graph_schemas(bob) == 2
    assert alice.__class__.objects.filter(pk=alice.pk).exists()

    say(alice, "I live in Oslo.")  # memory starts again from nothing, graph included
    assert [f.object for f in Fact.objects.filter(user=alice)] == ["Oslo"]
    assert graph_schemas(alice) == 2
    assert MemoryEdit.objects.filter(user=alice, kind=EditKind.CONCEPT_ADDED).exists()


def test_it_searches_forgets_several_and_undoes_a_forget(client, alice, bob):
    say(alice, "I live in Lisbon.")
    say(alice, "My dog is called Rex.")
    say(alice, "My cat is called Tofu.")
    say(bob, "My dog is called Rex.")
    client.force_login(alice)
    found = client.get(reverse("my_memory"), {"q": "rex"}).content.decode()
    assert "Rex" in found and "Lisbon" not in found

    pets = Fact.objects.filter(user=alice, relation__startswith="role:")
    bobs = Fact.objects.get(user=bob)
    ids = [str(f.pk) for f in pets] + [str(bobs.pk)]  # another user's id is ignored
    client.post(reverse("forget_facts"), {"fact": ids})
    assert not Fact.objects.filter(pk__in=[f.pk for f in pets], is_true=True).exists()
    assert Fact.objects.get(pk=bobs.pk).is_true

    rex = pets.get(object="Rex")
    assert "Undo forget" in client.get(reverse("my_memory")).content.decode()
    client.post(reverse("unforget_fact", args=[rex.pk]))
    rex.refresh_from_db()
    assert rex.is_true
    edit = MemoryEdit.objects.filter(fact=rex).latest("id")
    assert (edit.kind, edit.actor, edit.backend) == ("fact_reverted", alice, "user")
    assert "Rex" in say(alice, "What's my dog's name?").text


def test_the_page_speaks_to_its_owner_without_the_username(client, alice):
    say(alice, "I live in Lisbon. My sister Ana lives in Porto.")
    client.force_login(alice)

    body = page(client)

    assert "You live in Lisbon" in body and "Ana is your sister" in body
    assert alice.get_username() not in body.split("<main", 1)[-1].split("</main>", 1)[0]


def test_a_fact_corrected_as_shown_is_read_as_the_owners(client, alice):
    say(alice, "I live in Lisbon.")
    fact = Fact.objects.get(user=alice)
    client.force_login(alice)

    client.post(reverse("correct_fact", args=[fact.pk]), {"text": "You live in Faro"})
    unchanged = client.post(reverse("correct_fact", args=[fact.pk]), {"text": "You live in Faro"})

    fact.refresh_from_db()
    assert (fact.subject, fact.relation, fact.object) == ("alice", "lives_in", "Faro")
    assert fact.edits.filter(kind="fact_corrected").count() == 1
    assert unchanged.status_code == 302
    assert "Faro" in say(alice, "Where do I live?").text

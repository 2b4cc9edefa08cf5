"""Audit: the edit log and fact timelines in admin, reverts, permissions, My memory, deletion,
and the invariant that the edit log alone reproduces every fact."""

import json

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.urls import reverse

from chatbot.models import Message
from memory import age, audit
from memory.models import EditKind, Fact, FactTruth, MemoryEdit, MemoryState
from tests.fillers import fillers
from tests.helpers import say

pytestmark = pytest.mark.django_db


@pytest.fixture
def auditor(make_user):
    user = make_user("auditor", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="audit_memory"))
    return user


@pytest.fixture
def staff_without_permission(make_user):
    return make_user("intern", is_staff=True)


def test_every_edit_kind_shows_in_the_log_with_its_cause(client, alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon lives in Oslo.")
    moved = say(alice, "Brandon moved to Rome.")
    say(alice, "Forget Brandon")
    client.force_login(auditor)
    kinds = set(MemoryEdit.objects.filter(user=alice).values_list("kind", flat=True))
    assert {
        "fact_added",
        "fact_reinforced",
        "fact_made_false",
        "fact_forgotten",
        "concept_added",
        "concept_merged",
        "relation_strengthened",
    } <= kinds
    for kind in kinds:
        page = client.get(reverse("admin:memory_memoryedit_changelist"), {"kind": kind})
        assert page.status_code == 200
        assert kind.replace("_", " ").capitalize() in page.content.decode()
    made_false = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_MADE_FALSE)
    assert made_false.cause_message_id == moved.message.pk
    detail = client.get(reverse("admin:memory_memoryedit_change", args=[made_false.pk]))
    body = detail.content.decode()
    assert "Brandon moved to Rome." in body and "erase.verdict" in body
    assert "before" in body and "is_true" in body


def test_a_fact_page_shows_its_truth_timeline_with_causes(client, alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Rome.")
    oslo = Fact.objects.get(user=alice, object="Oslo")
    client.force_login(auditor)
    body = client.get(reverse("admin:memory_fact_change", args=[oslo.pk])).content.decode()
    assert "Truth history" in body
    assert "Make false" in body and "Add" in body
    assert "Brandon moved to Rome." in body


def test_reverting_one_edit_restores_the_previous_truth(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Rome.")
    made_false = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_MADE_FALSE)
    revert = audit.revert_edit(edit=made_false, actor=auditor)
    oslo = Fact.objects.get(user=alice, object="Oslo")
    assert oslo.is_true
    assert revert.kind == EditKind.FACT_REVERTED and revert.actor == auditor
    assert FactTruth.objects.filter(fact=oslo).latest("id").operation == "revert"
    made_false.refresh_from_db()
    assert made_false.reverted_by == revert
    with pytest.raises(audit.NotRevertible):
        audit.revert_edit(edit=made_false, actor=auditor)


def test_reverting_a_message_undoes_all_its_fact_edits(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    moved = say(alice, "Brandon moved to Rome.")
    reverts = audit.revert_message(message=moved.message, actor=auditor)
    assert len(reverts) == 2  # Rome added, Oslo made false
    assert Fact.objects.get(user=alice, object="Oslo").is_true
    assert not Fact.objects.get(user=alice, object="Rome").is_true


def test_the_admin_actions_revert(client, alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Rome.")
    edit = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_ADDED, fact__object="Rome")
    client.force_login(auditor)
    url = reverse("admin:memory_memoryedit_changelist")
    client.post(url, {"action": "revert_messages", "_selected_action": [edit.pk]})
    assert Fact.objects.get(user=alice, object="Oslo").is_true
    assert MemoryEdit.objects.filter(kind=EditKind.FACT_REVERTED, actor=auditor).count() == 2


def test_a_staff_change_is_recorded_like_any_other(client, alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    fact = Fact.objects.get(user=alice, object="Oslo")
    client.force_login(auditor)
    url = reverse("admin:memory_fact_change", args=[fact.pk])
    response = client.post(
        url,
        {
            "text": "Brandon lives in Bergen",
            "history-TOTAL_FORMS": 0,
            "history-INITIAL_FORMS": 0,
            "edits-TOTAL_FORMS": 0,
            "edits-INITIAL_FORMS": 0,
        },
    )
    assert response.status_code == 302, response.content[:2000]
    fact.refresh_from_db()
    assert (fact.text, fact.object) == ("Brandon lives in Bergen", "Bergen")
    edit = MemoryEdit.objects.filter(fact=fact).latest("id")
    assert (edit.kind, edit.backend, edit.actor) == ("fact_corrected", "staff", auditor)


@pytest.mark.parametrize(
    "name, args",
    [
        ("admin:memory_fact_changelist", []),
        ("admin:memory_memoryedit_changelist", []),
        ("admin:chatbot_message_changelist", []),
        ("admin:memory_concepts", ["USER"]),
        ("admin:memory_concept", ["USER", "brandon"]),
    ],
)
def test_it_refuses_staff_without_the_permission_and_users(
    client, alice, staff_without_permission, name, args
):
    say(alice, "Brandon lives in Oslo.")
    url = reverse(name, args=[alice.pk if a == "USER" else a for a in args])
    client.force_login(staff_without_permission)
    assert client.get(url).status_code == 403
    client.force_login(alice)
    response = client.get(url)
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_concept_pages_show_contexts_relations_and_a_picture(client, alice, auditor):
    say(alice, "Brandon flew to Paris with Carla.")
    client.force_login(auditor)
    listing = client.get(reverse("admin:memory_concepts", args=[alice.pk])).content.decode()
    assert "Paris" in listing and "pari" in listing
    body = client.get(reverse("admin:memory_concept", args=[alice.pk, "pari"])).content.decode()
    assert "<svg" in body and "Brandon" in body and "Brandon flew to Paris with Carla." in body


def test_my_memory_shows_only_my_facts(client, alice, bob):
    say(alice, "I live in Lisbon.")
    say(bob, "I live in Porto.")
    client.force_login(alice)
    page = client.get(reverse("my_memory")).content.decode()
    assert "Lisbon" in page and "Porto" not in page
    exported = json.loads(client.get(reverse("export_memory")).content)
    assert [f["object"] for f in exported["facts"]] == ["Lisbon"]
    assert all("Porto" not in m["text"] for m in exported["messages"])


def test_i_cannot_touch_another_users_fact(client, alice, bob):
    say(bob, "I live in Porto.")
    porto = Fact.objects.get(user=bob)
    client.force_login(alice)
    assert client.post(reverse("forget_fact", args=[porto.pk])).status_code == 404
    assert client.post(reverse("correct_fact", args=[porto.pk]), {"text": "x"}).status_code == 404
    porto.refresh_from_db()
    assert porto.is_true and porto.text == "bob lives in Porto"


def test_i_can_correct_and_forget_my_facts(client, alice):
    say(alice, "I live in Lisbon.")
    fact = Fact.objects.get(user=alice)
    client.force_login(alice)
    client.post(reverse("correct_fact", args=[fact.pk]), {"text": "alice lives in Faro"})
    fact.refresh_from_db()
    assert fact.object == "Faro"
    edit = MemoryEdit.objects.filter(fact=fact).latest("id")
    assert (edit.kind, edit.backend, edit.actor) == ("fact_corrected", "user", alice)
    client.post(reverse("forget_fact", args=[fact.pk]))
    fact.refresh_from_db()
    assert not fact.is_true
    assert "Faro" in say(alice, "What do you remember about Faro?").text


def test_deleting_my_memory_leaves_nothing_behind(client, alice, bob):
    say(alice, "I live in Lisbon. My dog is called Rex.")
    say(bob, "I live in Porto.")
    client.force_login(alice)
    refused = client.post(reverse("delete_memory"), {"confirm": "yes"})
    assert refused.status_code == 400 and Fact.objects.filter(user=alice).exists()
    client.post(reverse("delete_memory"), {"confirm": "delete my memory"})
    assert not Fact.objects.filter(user=alice).exists()
    assert not FactTruth.objects.filter(fact__user=alice).exists()
    assert not MemoryEdit.objects.filter(user=alice).exists()
    assert not MemoryState.objects.filter(user=alice).exists()
    assert not age.graph_exists(age.graph_name(alice.pk))
    for message in Message.objects.filter(user=alice):
        assert "changes" not in message.meta and "update_text" not in message.meta
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM memory_fact WHERE text LIKE %s", ["%Lisbon%"])
        assert cursor.fetchone()[0] == 0
    assert Fact.objects.filter(user=bob).exists()
    assert "don't know" in say(alice, "Where do I live?").text


def test_replaying_the_edit_log_reproduces_every_fact(alice, auditor):
    cities = ["Oslo", "Rome", "Lima", "Kyiv", "Quito", "Riga"]
    for n, city in enumerate(cities):
        say(alice, f"I live in {city}.")
        say(alice, f"Brandon works at Company{n}.")
        for filler in fillers(3):
            say(alice, filler)
    audit.revert_message(
        message=Message.objects.filter(user=alice, text="I live in Lima.").get(), actor=auditor
    )
    audit.revert_edit(
        edit=MemoryEdit.objects.filter(user=alice, kind="fact_made_false").first(), actor=auditor
    )
    fact = Fact.objects.filter(user=alice, is_true=True).first()
    audit.correct_by_user(fact=fact, text="alice likes long walks", user=alice)
    audit.forget_by_user(fact=Fact.objects.filter(user=alice, is_true=True).last(), user=alice)
    say(alice, "I live in Tallinn.")
    assert MemoryEdit.objects.filter(user=alice).count() > 100
    assert audit.replay_edits(user_id=alice.pk) == audit.live_facts(user_id=alice.pk)

"""The audit admin: who may see it, the edit log (every kind, with its cause, filters, revert
actions), fact timelines, staff changes, messages and conversations, the concept graph pages."""

from datetime import timedelta
from html import escape

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Permission
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from memory import audit, graph_selectors, nlp, services
from memory.models import Backend, EditKind, Fact, MemoryEdit
from memory.services import Provenance
from tests.helpers import say

pytestmark = pytest.mark.django_db

EDIT_LOG = "admin:memory_memoryedit_changelist"


@pytest.fixture
def auditor(make_user):
    user = make_user("auditor", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="audit_memory"))
    return user


@pytest.fixture
def audited(client, auditor):
    client.force_login(auditor)
    return client


def listed(response) -> list:
    assert response.status_code == 200, response.content[:500]
    return list(response.context["cl"].result_list)


def message_url(message_id: int) -> str:
    return reverse("admin:chatbot_message_change", args=[message_id])


def every_kind_of_edit(alice, auditor, settings) -> None:
    """A conversation that makes the pipeline, the user and staff write every kind of edit."""
    settings.RECALLM_CONTEXT_LIMIT = 2
    services.add_fact(
        user=alice,
        text="Mary and Bob work at UPS",
        triplet=("Mary and Bob", "works_for", "UPS"),
        keys=(nlp.entity_key("Mary and Bob"), nlp.entity_key("UPS")),
        why=Provenance(step="test.seed", backend=Backend.STAFF),
    )
    say(alice, "Mary no longer works at UPS.")  # made false, rewritten as "Bob works at UPS"
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon lives in Oslo.")  # reinforced, concept merged
    say(alice, "Brandon moved to Rome.")  # made false, context revised
    say(alice, "Carla lives in Rome.")  # relation strengthened
    say(alice, "Forget Carla")
    say(alice, "My dog is called Max.")
    say(alice, "Sorry, I meant Rex, not Max.")  # retracted: Max was never its name
    rome = Fact.objects.get(user=alice, subject="Brandon", object="Rome")
    audit.correct_by_user(fact=rome, text="Brandon lives in Milan", user=alice)
    made_false = MemoryEdit.objects.filter(user=alice, kind=EditKind.FACT_MADE_FALSE).last()
    audit.revert_edit(edit=made_false, actor=auditor)


def test_every_edit_kind_is_listed_with_its_cause_message_or_its_author(
    audited, alice, auditor, settings
):
    every_kind_of_edit(alice, auditor, settings)
    kinds = set(MemoryEdit.objects.filter(user=alice).values_list("kind", flat=True))
    assert kinds >= set(EditKind.values)

    for kind in EditKind.values:
        response = audited.get(reverse(EDIT_LOG), {"kind__exact": kind})
        rows = listed(response)
        assert rows and {e.kind for e in rows} == {kind}
        body = response.content.decode()
        newest = rows[0]
        if newest.cause_message_id:
            assert message_url(newest.cause_message_id) in body
            assert newest.cause_message.text[:40] in body
        else:
            assert newest.actor.get_username() in body
        assert EditKind(kind).label in body


def test_an_edit_page_shows_the_diff_the_step_the_backend_and_the_reason(audited, alice):
    say(alice, "Brandon lives in Oslo.")
    moved = say(alice, "Brandon moved to Rome.")
    edit = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_MADE_FALSE)

    body = audited.get(reverse("admin:memory_memoryedit_change", args=[edit.pk])).content.decode()

    assert 'class="memory-diff"' in body and "<th>is_true</th>" in body
    assert '<td class="before">true</td>' in body and '<td class="after">false</td>' in body
    assert message_url(moved.message.pk) in body and "Brandon moved to Rome." in body
    for shown in ("erase.verdict", "Offline (symbolic)", edit.model_name, escape(edit.reason)):
        assert shown in body
    assert reverse("admin:memory_edit_revert", args=[edit.pk]) in body


def test_the_edit_log_filters_by_user_kind_step_backend_message_and_dates(
    audited, alice, bob, auditor
):
    first = say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Rome.")
    say(bob, "Zoe lives in Paris.")
    audit.forget_by_user(fact=Fact.objects.get(user=bob), user=bob)
    url = reverse(EDIT_LOG)

    assert {e.user_id for e in listed(audited.get(url, {"user": alice.pk}))} == {alice.pk}
    kind = listed(audited.get(url, {"kind__exact": "fact_made_false"}))
    assert [e.fact.object for e in kind] == ["Oslo"]
    step = listed(audited.get(url, {"step": "erase.add"}))
    assert step and {e.step for e in step} == {"erase.add"}
    assert [e.kind for e in listed(audited.get(url, {"backend__exact": "user"}))] == [
        "fact_forgotten"
    ]
    by_message = listed(audited.get(url, {"message": first.message.pk}))
    assert by_message and {e.cause_message_id for e in by_message} == {first.message.pk}
    today = timezone.localdate()
    assert len(listed(audited.get(url, {"created_at_from": today.isoformat()}))) > 5
    later = (today + timedelta(days=1)).isoformat()
    assert listed(audited.get(url, {"created_at_from": later})) == []
    earlier = (today - timedelta(days=1)).isoformat()
    assert listed(audited.get(url, {"created_at_to": earlier})) == []
    assert audited.get(url, {"created_at_from": "not-a-date"})["Location"].endswith("?e=1")
    search = listed(audited.get(url, {"q": "My memory"}))
    assert [e.kind for e in search] == ["fact_forgotten"]


def test_the_edit_log_does_not_count_or_scan_the_whole_table(audited, alice):
    say(alice, "Brandon lives in Oslo.")
    url = reverse(EDIT_LOG)

    def queries() -> list[str]:
        with CaptureQueriesContext(connection) as captured:
            listed(audited.get(url, {"user": alice.pk}))
        return [q["sql"] for q in captured.captured_queries]

    few = queries()
    MemoryEdit.objects.bulk_create(
        MemoryEdit(user=alice, kind="concept_merged", target=f"c{i}", step="recallm.graph")
        for i in range(400)
    )
    many = queries()

    assert len(many) == len(few), "one query per page, not per row"
    counts = [q for q in many if "COUNT(" in q.upper()]
    assert counts and all("LIMIT" in q.upper() for q in counts), counts
    assert not [q for q in many if "DISTINCT" in q.upper() and "memory_memoryedit" in q]


def test_the_revert_actions_restore_the_facts_and_record_the_staff_member(audited, alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    moved = say(alice, "Brandon moved to Rome.")
    made_false = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_MADE_FALSE)
    url = reverse(EDIT_LOG)

    audited.post(url, {"action": "revert_edits", "_selected_action": [made_false.pk]})
    assert Fact.objects.get(user=alice, object="Oslo").is_true
    assert Fact.objects.get(user=alice, object="Rome").is_true

    graph_edit = MemoryEdit.objects.filter(cause_message=moved.message, kind="concept_merged")
    response = audited.post(
        url,
        {"action": "revert_messages", "_selected_action": [graph_edit.first().pk]},
        follow=True,
    )
    assert not Fact.objects.get(user=alice, object="Rome").is_true
    reverts = MemoryEdit.objects.filter(kind=EditKind.FACT_REVERTED)
    assert reverts.count() == 2 and set(reverts.values_list("actor", flat=True)) == {auditor.pk}
    body = response.content.decode()
    assert "Reverted 1 fact edit(s)." in body and "concept-graph edit(s)" in body


def test_the_revert_buttons_post_and_refuse_get(audited, alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    moved = say(alice, "Brandon moved to Rome.")
    made_false = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_MADE_FALSE)
    one = reverse("admin:memory_edit_revert", args=[made_false.pk])
    whole = reverse("admin:memory_message_revert", args=[moved.message.pk])

    assert audited.get(one).status_code == 405
    elsewhere = audited.post(one, {"next": "https://evil.example/"})
    assert elsewhere["Location"] == reverse("admin:memory_memoryedit_change", args=[made_false.pk])
    assert Fact.objects.get(user=alice, object="Oslo").is_true
    response = audited.post(whole, {"next": "/admin/"}, follow=True)
    assert not Fact.objects.get(user=alice, object="Rome").is_true
    assert "Reverted 1 fact edit(s)." in response.content.decode()
    assert MemoryEdit.objects.filter(kind="fact_reverted", actor=auditor).count() == 2


def test_the_fact_list_shows_triplet_truth_and_since_and_filters(audited, alice, bob):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Rome.")
    say(bob, "Zoe lives in Paris.")
    url = reverse("admin:memory_fact_changelist")

    response = audited.get(url, {"user": alice.pk})
    assert {f.user_id for f in listed(response)} == {alice.pk}
    assert "(Brandon, lives_in, Oslo)" in response.content.decode()
    assert [f.object for f in listed(audited.get(url, {"is_true__exact": "0"}))] == ["Oslo"]
    assert len(listed(audited.get(url, {"changed": "1"}))) == 3
    assert len(listed(audited.get(url, {"backend__exact": "offline"}))) == 3
    assert listed(audited.get(url, {"backend__exact": "staff"})) == []
    assert [f.object for f in listed(audited.get(url, {"q": "Paris"}))] == ["Paris"]


def test_a_fact_page_shows_the_truth_timeline_with_each_cause(audited, alice):
    told = say(alice, "Brandon lives in Oslo.")
    moved = say(alice, "Brandon moved to Rome.")
    oslo = Fact.objects.get(user=alice, object="Oslo")

    body = audited.get(reverse("admin:memory_fact_change", args=[oslo.pk])).content.decode()

    assert "Truth history (timeline)" in body and 'class="timeline"' in body
    assert body.index("TRUE") < body.index("FALSE")
    assert body.index(message_url(told.message.pk)) < body.index(message_url(moved.message.pk))
    assert "until" in body and "(current)" in body
    assert "Make false" in body and "erase.verdict" in body


def test_a_staff_text_change_goes_through_the_services(audited, alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    fact = Fact.objects.get(user=alice, object="Oslo")
    url = reverse("admin:memory_fact_change", args=[fact.pk])

    assert audited.post(url, {"text": ""}).status_code == 200  # form error, nothing saved
    assert audited.post(url, {"text": "Brandon lives in Bergen"}).status_code == 302

    fact.refresh_from_db()
    assert (fact.text, fact.object, fact.object_key) == (
        "Brandon lives in Bergen",
        "Bergen",
        "bergen",
    )
    edit = fact.edits.latest("id")
    assert (edit.kind, edit.backend, edit.actor, edit.step) == (
        "fact_corrected",
        "staff",
        auditor,
        "admin.change",
    )
    assert edit.before["text"] == "Brandon lives in Oslo"

    audited.post(reverse(EDIT_LOG), {"action": "revert_edits", "_selected_action": [edit.pk]})

    fact.refresh_from_db()
    assert (fact.text, fact.object) == ("Brandon lives in Oslo", "Oslo")
    assert fact.edits.latest("id").kind == "fact_reverted"
    assert audit.replay_edits(user_id=alice.pk, strict=True) == audit.live_facts(user_id=alice.pk)


def test_the_mark_actions_are_staff_edits(audited, alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    fact = Fact.objects.get(user=alice)
    url = reverse("admin:memory_fact_changelist")

    audited.post(url, {"action": "mark_false", "_selected_action": [fact.pk]})

    fact.refresh_from_db()
    assert not fact.is_true
    assert fact.edits.latest("id").actor == auditor


def test_a_message_page_shows_its_routing_and_its_edits(audited, alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    moved = say(alice, "Brandon moved to Rome. Where does Brandon live?")
    url = reverse("admin:chatbot_message_change", args=[moved.message.pk])

    body = audited.get(url).content.decode()

    assert "Update and question" in body and "Where does Brandon live?" in body
    assert "Fact made false" in body and "Fact added" in body and "Concept merged" in body
    assert reverse("admin:memory_message_revert", args=[moved.message.pk]) in body
    listing = audited.get(reverse("admin:chatbot_message_changelist"), {"user": alice.pk})
    assert f"?message={moved.message.pk}" in listing.content.decode()

    audited.post(
        reverse("admin:chatbot_message_changelist"),
        {"action": "revert_memory", "_selected_action": [moved.message.pk]},
    )
    assert Fact.objects.get(user=alice, object="Oslo").is_true
    assert MemoryEdit.objects.filter(kind="fact_reverted", actor=auditor).count() == 2


def test_conversations_are_filterable_by_user_and_list_their_messages(audited, alice, bob):
    say(alice, "Brandon lives in Oslo.")
    say(bob, "Zoe lives in Paris.")
    url = reverse("admin:chatbot_conversation_changelist")

    rows = listed(audited.get(url, {"user": bob.pk}))
    assert [c.user_id for c in rows] == [bob.pk]
    body = audited.get(reverse("admin:chatbot_conversation_change", args=[rows[0].pk]))
    assert "Zoe lives in Paris." in body.content.decode()


def test_the_concept_pages_show_contexts_relations_and_a_picture(audited, alice, bob, monkeypatch):
    say(alice, "Brandon flew to Paris with Carla.")
    say(alice, "Carla loves Paris.")
    say(alice, "Brandon married Carla.")

    listing = audited.get(reverse("admin:memory_concepts", args=[alice.pk])).content.decode()
    assert "Paris" in listing and "<code>pari</code>" in listing
    searched = audited.get(reverse("admin:memory_concepts", args=[alice.pk]), {"q": "carl"})
    assert "Carla" in searched.content.decode() and "Brandon" not in searched.content.decode()
    monkeypatch.setattr(graph_selectors, "PAGE", 1)
    paged = audited.get(reverse("admin:memory_concepts", args=[alice.pk])).content.decode()
    assert "?page=2" in paged

    body = audited.get(reverse("admin:memory_concept", args=[alice.pk, "pari"])).content.decode()
    assert '<svg id="neighbourhood"' in body
    assert reverse("admin:memory_concept", args=[alice.pk, "carla"]) in body
    assert "Brandon flew to Paris with Carla." in body and "Carla loves Paris." in body
    assert 'class="chord"' in body, "Brandon and Carla are related too"
    missing = audited.get(reverse("admin:memory_concept", args=[alice.pk, "nothing"]))
    assert missing.status_code == 404
    empty = audited.get(reverse("admin:memory_concepts", args=[bob.pk])).content.decode()
    assert "has no concept graph" in empty


def test_user_text_is_escaped_on_the_audit_pages(audited, alice):
    told = say(alice, "Brandon likes <script>alert(1)</script> jazz.")
    edits = audited.get(reverse(EDIT_LOG)).content.decode()
    message = audited.get(message_url(told.message.pk)).content.decode()
    for body in (edits, message):
        assert "<script>alert(1)</script>" not in body and "&lt;script&gt;" in body


def admin_urls(alice, message_id: int, edit_id: int, fact_id: int) -> list[str]:
    return [
        reverse("admin:memory_fact_changelist"),
        reverse("admin:memory_fact_change", args=[fact_id]),
        reverse(EDIT_LOG),
        reverse("admin:memory_memoryedit_change", args=[edit_id]),
        reverse("admin:memory_memorystate_changelist"),
        reverse("admin:memory_concepts", args=[alice.pk]),
        reverse("admin:memory_concept", args=[alice.pk, "brandon"]),
        reverse("admin:chatbot_message_changelist"),
        reverse("admin:chatbot_message_change", args=[message_id]),
        reverse("admin:chatbot_conversation_changelist"),
    ]


def test_only_staff_with_the_audit_permission_get_in(client, alice, auditor, make_user):
    told = say(alice, "Brandon lives in Oslo.")
    edit = MemoryEdit.objects.filter(kind="fact_added").get()
    urls = admin_urls(alice, told.message.pk, edit.pk, edit.fact_id)
    intern = make_user("intern", is_staff=True)
    superuser = make_user("root", is_staff=True, is_superuser=True)

    client.force_login(intern)
    assert all(client.get(url).status_code == 403 for url in urls)
    client.force_login(alice)
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
    for allowed in (auditor, superuser):
        client.force_login(allowed)
        assert [client.get(url).status_code for url in urls] == [200] * len(urls)


@pytest.mark.parametrize("who", ["intern", "alice"])
def test_reverts_and_changes_are_refused_without_the_permission(client, alice, make_user, who):
    say(alice, "Brandon lives in Oslo.")
    moved = say(alice, "Brandon moved to Rome.")
    made_false = MemoryEdit.objects.get(kind=EditKind.FACT_MADE_FALSE)
    oslo = Fact.objects.get(object="Oslo")
    client.force_login(make_user("intern", is_staff=True) if who == "intern" else alice)

    client.post(reverse("admin:memory_edit_revert", args=[made_false.pk]))
    client.post(reverse("admin:memory_message_revert", args=[moved.message.pk]))
    client.post(reverse(EDIT_LOG), {"action": "revert_edits", "_selected_action": [made_false.pk]})
    client.post(reverse("admin:memory_fact_change", args=[oslo.pk]), {"text": "Hacked"})

    oslo.refresh_from_db()
    assert (oslo.is_true, oslo.text) == (False, "Brandon lives in Oslo")
    assert not MemoryEdit.objects.filter(kind__in=["fact_reverted", "fact_corrected"]).exists()
    assert not LogEntry.objects.exists()


def test_the_admin_index_hides_memory_from_staff_without_the_permission(client, make_user):
    client.force_login(make_user("intern", is_staff=True))
    body = client.get(reverse("admin:index")).content.decode()
    assert reverse(EDIT_LOG) not in body and "Messages" not in body

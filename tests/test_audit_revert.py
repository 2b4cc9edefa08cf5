"""Reverting memory edits (one, or all of a message's), and the audit invariant: replaying a
user's edit log from nothing reproduces their facts and truth values exactly."""

import pytest
from django.contrib.auth.models import Permission

from chatbot.models import Message
from memory import audit, embeddings, nlp, selectors
from memory.models import EditKind, Fact, FactTruth, MemoryEdit
from tests.fillers import fillers
from tests.helpers import say

pytestmark = pytest.mark.django_db


@pytest.fixture
def auditor(make_user):
    user = make_user("auditor", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="audit_memory"))
    return user


def fact_about(user, obj: str) -> Fact:
    return Fact.objects.get(user=user, object=obj)


def test_reverting_a_made_false_edit_makes_the_fact_true_again(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Rome.")
    made_false = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_MADE_FALSE)
    assert not fact_about(alice, "Oslo").is_true

    revert = audit.revert_edit(edit=made_false, actor=auditor)

    oslo = fact_about(alice, "Oslo")
    assert oslo.is_true
    assert (revert.kind, revert.actor, revert.backend) == ("fact_reverted", auditor, "staff")
    assert revert.before["is_true"] is False and revert.after["is_true"] is True
    last = FactTruth.objects.filter(fact=oslo).latest("id")
    assert (last.value, last.operation) == (True, "revert")
    assert oslo.truth_since == last.at
    made_false.refresh_from_db()
    assert made_false.reverted_by == revert
    with pytest.raises(audit.NotRevertible, match="already reverted"):
        audit.revert_edit(edit=made_false, actor=auditor)


def test_reverting_an_added_fact_makes_it_false_but_keeps_its_audit_trail(alice, auditor):
    reply = say(alice, "Brandon works at Pfizer.")
    added = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_ADDED)

    audit.revert_edit(edit=added, actor=auditor)

    pfizer = fact_about(alice, "Pfizer")
    assert not pfizer.is_true
    assert pfizer.edits.filter(pk=added.pk).exists()
    assert pfizer.source_message == reply.message


def test_reverting_a_correction_restores_the_old_words_triplet_and_vector(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    oslo = fact_about(alice, "Oslo")
    correction = audit.correct_by_user(fact=oslo, text="Brandon lives in Bergen", user=alice)
    assert fact_about(alice, "Bergen").pk == oslo.pk

    revert = audit.revert_edit(edit=correction, actor=auditor)

    oslo.refresh_from_db()
    assert (oslo.text, oslo.subject, oslo.object) == ("Brandon lives in Oslo", "Brandon", "Oslo")
    assert (oslo.subject_key, oslo.object_key) == ("brandon", "oslo")
    assert revert.after["text"] == "Brandon lives in Oslo" and oslo.is_true
    nearest = selectors.similar_facts(
        user_id=alice.pk, vector=embeddings.embed("Brandon lives in Oslo"), limit=1
    )
    assert nearest[0][0].pk == oslo.pk and nearest[0][1] > 0.99
    assert not FactTruth.objects.filter(fact=oslo, operation="revert").exists(), (
        "truth did not change, so the truth history gets no row"
    )


def test_a_revert_is_refused_while_a_later_edit_changed_the_same_words(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    oslo = fact_about(alice, "Oslo")
    first = audit.correct_by_user(fact=oslo, text="Brandon lives in Bergen", user=alice)
    second = audit.correct_by_user(fact=oslo, text="Brandon lives in Tromso", user=alice)

    with pytest.raises(audit.NotRevertible, match=f"#{second.pk}"):
        audit.revert_edit(edit=first, actor=auditor)
    assert Fact.objects.get(pk=oslo.pk).text == "Brandon lives in Tromso"

    audit.revert_edit(edit=second, actor=auditor)
    audit.revert_edit(edit=first, actor=auditor)
    assert Fact.objects.get(pk=oslo.pk).text == "Brandon lives in Oslo"


def test_reverting_a_revert_applies_the_original_edit_again(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon moved to Rome.")
    made_false = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_MADE_FALSE)
    revert = audit.revert_edit(edit=made_false, actor=auditor)

    audit.revert_edit(edit=revert, actor=auditor)

    assert not fact_about(alice, "Oslo").is_true
    made_false.refresh_from_db()
    assert made_false.reverted_by is None, "its effect is back, so it can be reverted again"
    audit.revert_edit(edit=made_false, actor=auditor)
    assert fact_about(alice, "Oslo").is_true


def test_reverting_a_message_undoes_every_fact_edit_it_caused(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    moved = say(alice, "Brandon moved to Rome.")
    graph_edits = MemoryEdit.objects.filter(cause_message=moved.message).exclude(
        kind__startswith="fact_"
    )
    graph_before = graph_edits.count()
    assert graph_before > 0

    reverts = audit.revert_message(message=moved.message, actor=auditor)

    assert len(reverts) == 2  # Oslo made false, Rome added
    assert {r.actor for r in reverts} == {auditor}
    assert all(r.cause_message is None and r.kind == "fact_reverted" for r in reverts)
    assert fact_about(alice, "Oslo").is_true
    assert not fact_about(alice, "Rome").is_true
    assert not MemoryEdit.objects.filter(
        cause_message=moved.message, kind__startswith="fact_", reverted_by=None
    ).exists()
    assert graph_edits.count() == graph_before == audit.graph_edit_count(message=moved.message)
    assert audit.revert_message(message=moved.message, actor=auditor) == []


def test_reverting_a_forget_command_brings_the_facts_back(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    forget = say(alice, "Forget Brandon")
    assert not fact_about(alice, "Oslo").is_true

    audit.revert_message(message=forget.message, actor=auditor)

    assert fact_about(alice, "Oslo").is_true


def test_a_reinforcement_reverts_without_touching_the_truth(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    say(alice, "Brandon lives in Oslo.")
    reinforced = MemoryEdit.objects.get(user=alice, kind=EditKind.FACT_REINFORCED)
    since = fact_about(alice, "Oslo").truth_since

    revert = audit.revert_edit(edit=reinforced, actor=auditor)

    oslo = fact_about(alice, "Oslo")
    assert oslo.is_true and oslo.truth_since == since
    assert revert.before == revert.after


def test_graph_edits_are_not_revertible(alice, auditor):
    say(alice, "Brandon flew to Paris with Carla.")
    concept = MemoryEdit.objects.filter(user=alice, kind=EditKind.CONCEPT_ADDED).first()
    with pytest.raises(audit.NotRevertible, match="graph"):
        audit.revert_edit(edit=concept, actor=auditor)


def test_staff_can_mark_a_fact_false_and_true_again(alice, auditor):
    say(alice, "Brandon lives in Oslo.")
    oslo = fact_about(alice, "Oslo")

    made_false = audit.set_truth_by_staff(fact=oslo, value=False, actor=auditor)
    assert audit.set_truth_by_staff(fact=oslo, value=False, actor=auditor) is None
    made_true = audit.set_truth_by_staff(fact=oslo, value=True, actor=auditor)

    assert (made_false.kind, made_false.actor, made_false.step) == (
        "fact_made_false",
        auditor,
        "admin.mark_false",
    )
    assert made_true.kind == "fact_reinforced" and fact_about(alice, "Oslo").is_true


def test_replay_notices_a_change_that_skipped_the_edit_log(alice):
    say(alice, "Brandon lives in Oslo.")
    assert audit.replay_edits(user_id=alice.pk, strict=True) == audit.live_facts(user_id=alice.pk)

    Fact.objects.filter(user=alice).update(is_true=False)  # a write around memory.services

    assert audit.replay_edits(user_id=alice.pk) != audit.live_facts(user_id=alice.pk)
    audit.forget_by_user(fact=fact_about(alice, "Oslo"), user=alice)
    with pytest.raises(audit.ReplayMismatch):
        audit.replay_edits(user_id=alice.pk, strict=True)


CITIES = ["Oslo", "Rome", "Lima", "Kyiv", "Quito", "Riga", "Porto", "Dakar"]
EMPLOYERS = ["Pfizer", "Siemens", "Nokia", "Lego", "Ikea", "Volvo", "Philips", "Bosch"]


def test_replaying_the_edit_log_reproduces_every_fact_after_a_long_conversation(
    alice, bob, auditor
):
    """36 updates (moves, job changes, a restatement, unrelated news), staff reverts of single
    edits and whole messages, user corrections and forgets, a staff correction; then the log
    alone must rebuild alice's facts exactly, and must be a chain (each edit's `before` is
    what the edits before it left)."""
    say(bob, "I live in Oslo.")  # another user's edits must not leak into alice's replay
    unrelated = iter(fillers(12))
    for n, (city, employer) in enumerate(zip(CITIES, EMPLOYERS, strict=True)):
        say(alice, f"I live in {city}.")
        say(alice, f"Brandon works at {employer}.")
        say(alice, f"Carla moved to {CITIES[-1 - n]}.")
        for _ in range(1 + n % 2):
            say(alice, next(unrelated))
        if n == 3:
            say(alice, f"I live in {city}.")  # a restatement: reinforced
            wrong = Message.objects.get(user=alice, text=f"I live in {CITIES[2]}.")
            audit.revert_message(message=wrong, actor=auditor)
        if n == 5:
            made_false = MemoryEdit.objects.filter(user=alice, kind="fact_made_false")
            audit.revert_edit(edit=made_false.order_by("id").first(), actor=auditor)
            carla = Fact.objects.filter(user=alice, subject="Carla", is_true=True).first()
            audit.correct_by_user(fact=carla, text="Carla lives in Tallinn", user=alice)
            audit.forget_by_user(fact=Fact.objects.get(user=alice, object="Lego"), user=alice)
    brandon = Fact.objects.filter(user=alice, subject="Brandon", is_true=True).first()
    audit.correct_by_staff(fact=brandon, text="Brandon works at Ericsson", actor=auditor)
    say(alice, "Brandon works at Saab now.")
    say(alice, "Forget Carla")

    updates = Message.objects.filter(user=alice, route="update").count()
    kinds = set(MemoryEdit.objects.filter(user=alice).values_list("kind", flat=True))
    assert updates >= 30
    assert {
        "fact_added",
        "fact_reinforced",
        "fact_made_false",
        "fact_forgotten",
        "fact_corrected",
        "fact_reverted",
    } <= kinds
    live = audit.live_facts(user_id=alice.pk)
    assert audit.replay_edits(user_id=alice.pk, strict=True) == live
    assert any(not f["is_true"] for f in live.values()) and any(f["is_true"] for f in live.values())
    assert live[brandon.pk]["is_true"] is False, "Saab replaced the staff's Ericsson"
    current = {f.object for f in selectors.current_facts(user_id=alice.pk) if f.subject == "alice"}
    assert current == {CITIES[-1]}
    assert nlp.entity_key("Ericsson") in {
        f.object_key for f in Fact.objects.filter(user=alice, is_true=False)
    }

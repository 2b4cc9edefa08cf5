"""Undoing memory edits, replaying the edit log, and a user's own control over their memory.

Every function here writes through the same path as the pipeline: a FactTruth row when truth
changes and a MemoryEdit that names the person who asked for it.
"""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from chatbot.models import Message
from memory import age, embeddings, graph, nlp, services
from memory.models import (
    FACT_EDIT_KINDS,
    Backend,
    EditKind,
    Fact,
    FactTruth,
    MemoryEdit,
    MemoryState,
    Operation,
)
from memory.services import Provenance

SNAPSHOT_KEYS = ("text", "subject", "relation", "object", "is_true")


class NotRevertible(ValueError):
    pass


def _restore(fact: Fact, snapshot: dict | None) -> bool:
    """Put a fact's words back as a snapshot describes them and return the truth value to
    record; no snapshot means the fact did not exist yet, so it becomes false."""
    if snapshot is None:
        return False
    text_changed = snapshot["text"] != fact.text
    fact.text = snapshot["text"]
    fact.subject, fact.relation, fact.object = (
        snapshot["subject"],
        snapshot["relation"],
        snapshot["object"],
    )
    fact.subject_key = nlp.entity_key(fact.subject)
    fact.object_key = nlp.entity_key(fact.object)
    fact.subject_last = fact.subject_key.rsplit(" ", 1)[-1]
    if text_changed:
        fact.embedding = embeddings.embed(fact.text)
    fact.save()
    return bool(snapshot["is_true"])


@transaction.atomic
def revert_edit(*, edit: MemoryEdit, actor: AbstractBaseUser, backend: str = Backend.STAFF):
    """Undo one fact edit: the fact goes back to its state before the edit. The revert is an
    edit itself, by `actor`. Graph edits keep only summaries and are not revertible."""
    edit = MemoryEdit.objects.select_for_update().get(pk=edit.pk)
    if edit.kind not in FACT_EDIT_KINDS or edit.fact_id is None:
        raise NotRevertible(f"{edit.get_kind_display()} edits are not revertible")
    if edit.reverted_by_id:
        raise NotRevertible(f"edit #{edit.pk} was already reverted")
    services.lock_user_memory(user_id=edit.user_id)
    fact = Fact.objects.select_for_update().get(pk=edit.fact_id)
    before = fact.snapshot()
    value = _restore(fact, edit.before)
    why = Provenance(
        step="audit.revert",
        backend=backend,
        cause=edit.cause_message,
        actor=actor,
        reason=f"revert of edit #{edit.pk} ({edit.get_kind_display()})",
    )
    services.record_truth(fact=fact, value=value, operation=Operation.REVERT, why=why)
    revert = services.record_edit(
        user=fact.user,
        kind=EditKind.FACT_REVERTED,
        why=why,
        fact=fact,
        before=before,
        after=fact.snapshot(),
    )
    edit.reverted_by = revert
    edit.save(update_fields=["reverted_by"])
    return revert


@transaction.atomic
def revert_message(*, message: Message, actor: AbstractBaseUser) -> list[MemoryEdit]:
    """Undo every fact edit a message caused, newest first."""
    edits = MemoryEdit.objects.filter(
        cause_message=message, kind__in=FACT_EDIT_KINDS, reverted_by__isnull=True
    ).exclude(kind=EditKind.FACT_REVERTED)
    return [revert_edit(edit=edit, actor=actor) for edit in edits.order_by("-id")]


def replay_edits(*, user_id: int) -> dict[int, dict]:
    """Rebuild every fact's state from the edit log alone (the audit invariant)."""
    state: dict[int, dict] = {}
    edits = MemoryEdit.objects.filter(user_id=user_id, kind__in=FACT_EDIT_KINDS)
    for edit in edits.order_by("id").only("fact_id", "after"):
        if edit.fact_id is not None and edit.after is not None:
            state[edit.fact_id] = {key: edit.after[key] for key in SNAPSHOT_KEYS}
    return state


def live_facts(*, user_id: int) -> dict[int, dict]:
    return {fact.pk: fact.snapshot() for fact in Fact.objects.filter(user_id=user_id)}


@transaction.atomic
def correct_text(
    *, fact: Fact, text: str, actor: AbstractBaseUser, backend: str, step: str, reason: str
) -> MemoryEdit:
    """A person rewrites a fact; its triplet is parsed again from the new words."""
    parsed = nlp.extract_facts(text, speaker=fact.user.get_username())
    first = parsed[0] if parsed else None
    triplet = (first.subject, first.relation, first.object) if first else ("", "", "")
    if first and first.negated:
        triplet = (first.subject, f"not:{first.relation}", first.object)
    why = Provenance(step=step, backend=backend, actor=actor, reason=reason)
    services.lock_user_memory(user_id=fact.user_id)
    return services.correct_fact(
        fact=fact,
        text=text,
        triplet=triplet,
        keys=(nlp.entity_key(triplet[0]), nlp.entity_key(triplet[2])),
        why=why,
    )


def correct_by_user(*, fact: Fact, text: str, user: AbstractBaseUser) -> MemoryEdit:
    """The user rewrites one of their facts on the My memory page."""
    return correct_text(
        fact=fact,
        text=text,
        actor=user,
        backend=Backend.USER,
        step="user.correct",
        reason="corrected on the My memory page",
    )


@transaction.atomic
def forget_by_user(*, fact: Fact, user: AbstractBaseUser) -> MemoryEdit:
    why = Provenance(
        step="user.forget",
        backend=Backend.USER,
        actor=user,
        reason="forgotten on the My memory page",
    )
    services.lock_user_memory(user_id=user.pk)
    return services.judge_fact(fact=fact, operation=Operation.FORGET, why=why)


@transaction.atomic
def delete_all_memory(*, user: AbstractBaseUser) -> dict[str, int]:
    """Remove everything the bot remembers about a user: facts, truth history, triplets,
    edits, the clock and the AGE graph, and the memory summaries kept on chat messages."""
    services.lock_user_memory(user_id=user.pk)
    counts = {
        "edits": MemoryEdit.objects.filter(user=user).delete()[0],
        "truth rows": FactTruth.objects.filter(fact__user=user).delete()[0],
        "facts": Fact.objects.filter(user=user).delete()[0],
        "state": MemoryState.objects.filter(user=user).delete()[0],
    }
    for message in Message.objects.filter(user=user).exclude(meta={}):
        message.meta = {
            k: v
            for k, v in message.meta.items()
            if k not in ("changes", "update_text", "question_text")
        }
        message.save(update_fields=["meta"])
    age.drop_graph(age.graph_name(user.pk))
    transaction.on_commit(lambda: graph.forget_graph_cache(user.pk))
    return counts

"""Undoing memory edits, replaying the edit log, and a person's own changes to memory.

Every write here goes through memory.services (FactTruth rows via record_truth, MemoryEdit rows
via record_edit) under the user's memory lock, in one transaction, and names the person who
asked for it (`actor`).

Revert policy. Reverting an edit puts back the fields that edit changed (text, triplet, truth)
to their values before it; a fact that an edit added becomes false (the fact row stays: the
audit log points at it). Truth values never conflict (a fact is either already back or is put
back), but if a later edit rewrote the same words again, the revert is refused and names that
edit: revert it first. Reverting a revert re-applies the original edit. A message is reverted
all or nothing.

Concept-graph edits are not reverted. They record what was said (a sentence added to a
concept's context, a co-mention strengthening a relation), which stays true of the
conversation; answers take truth from facts, and the graph only links sentences to fact ids,
whose reverted truth is what the question pipeline reads. Their edits also keep summaries, not
full before-states, so they could not be restored exactly after later messages or a context
revision.
"""

from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.utils import timezone

from chatbot.models import Conversation, Message
from memory import age, graph, nlp, services
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
from memory.nlp import statements, wording
from memory.services import Provenance

SNAPSHOT_KEYS = ("text", "subject", "relation", "object", "is_true")
WORD_KEYS = ("text", "subject", "relation", "object")
# Message.meta entries that repeat what the memory pipeline made of a message.
MEMORY_META_KEYS = ("changes", "update_text", "question_text", "t")


class NotRevertible(ValueError):
    pass


class ReplayMismatch(AssertionError):
    pass


def _undo_target(edit: MemoryEdit) -> dict:
    """The fields this edit changed, with the values they had before it."""
    if edit.before is None:  # it added the fact: before it, the bot did not believe it
        return {"is_true": False}
    after = edit.after or {}
    return {k: edit.before[k] for k in SNAPSHOT_KEYS if edit.before.get(k) != after.get(k)}


def _blocking_edits(edit: MemoryEdit, fact: Fact, target: dict) -> list[int]:
    """Later edits that changed, again, words this edit changed (a revert would undo them)."""
    now, after = fact.snapshot(), edit.after or {}
    keys = [k for k in target if k in WORD_KEYS and now[k] not in (after.get(k), target[k])]
    if not keys:
        return []
    later = MemoryEdit.objects.filter(fact_id=fact.pk, id__gt=edit.pk, kind__in=FACT_EDIT_KINDS)
    return [
        e.pk
        for e in later.order_by("id")
        if any((e.before or {}).get(k) != (e.after or {}).get(k) for k in keys)
    ] or [0]


def _put_words_back(fact: Fact, target: dict) -> None:
    words = {k: v for k, v in target.items() if k in WORD_KEYS and getattr(fact, k) != v}
    if not words:
        return
    for key, value in words.items():
        setattr(fact, key, value)
    fact.subject_key = nlp.entity_key(fact.subject)
    fact.object_key = nlp.entity_key(fact.object)
    fact.subject_last = fact.subject_key.rsplit(" ", 1)[-1][:100]
    fact.save(update_fields=[*words, "subject_key", "object_key", "subject_last"])
    if "text" in words:
        services.embed_fact(fact=fact)


@transaction.atomic
def revert_edit(
    *, edit: MemoryEdit, actor: AbstractBaseUser, backend: str = Backend.STAFF
) -> MemoryEdit:
    """Undo one fact edit; the revert is itself a fact_reverted edit by `actor`."""
    services.lock_user_memory(user_id=edit.user_id)
    edit = MemoryEdit.objects.select_for_update().get(pk=edit.pk)
    if edit.kind not in FACT_EDIT_KINDS or edit.fact_id is None:
        raise NotRevertible(f"{edit.get_kind_display()} edits are not revertible (graph edit)")
    if edit.reverted_by_id:
        raise NotRevertible(f"edit #{edit.pk} was already reverted by #{edit.reverted_by_id}")
    fact = Fact.objects.select_for_update().get(pk=edit.fact_id)
    target = _undo_target(edit)
    blocking = _blocking_edits(edit, fact, target)
    if blocking:
        names = ", ".join(f"#{pk}" for pk in blocking if pk) or "a later change"
        raise NotRevertible(f"edit #{edit.pk}: the fact was changed again by {names}")
    before = fact.snapshot()
    why = Provenance(
        step="audit.revert",
        backend=backend,
        actor=actor,
        reason=f"revert of edit #{edit.pk} ({edit.get_kind_display().lower()})",
    )
    _put_words_back(fact, target)
    if "is_true" in target and target["is_true"] != fact.is_true:
        services.record_truth(
            fact=fact, value=target["is_true"], operation=Operation.REVERT, why=why
        )
    revert = services.record_edit(
        user=fact.user,
        kind=EditKind.FACT_REVERTED,
        why=why,
        fact=fact,
        before=before,
        after=fact.snapshot(),
    )
    if edit.kind == EditKind.FACT_REVERTED:  # the edit it had undone is in effect again
        MemoryEdit.objects.filter(reverted_by=edit).update(reverted_by=None)
    edit.reverted_by = revert
    edit.save(update_fields=["reverted_by"])
    return revert


@transaction.atomic
def revert_message(
    *, message: Message, actor: AbstractBaseUser, backend: str = Backend.STAFF
) -> list[MemoryEdit]:
    """Undo every fact edit a message caused, newest first, all or nothing."""
    edits = MemoryEdit.objects.filter(
        cause_message=message, kind__in=FACT_EDIT_KINDS, reverted_by__isnull=True
    ).exclude(kind=EditKind.FACT_REVERTED)
    return [revert_edit(edit=e, actor=actor, backend=backend) for e in edits.order_by("-id")]


def graph_edit_count(*, message: Message) -> int:
    """Concept-graph edits of a message, which reverts leave in place (see module doc)."""
    return (
        MemoryEdit.objects.filter(cause_message=message).exclude(kind__in=FACT_EDIT_KINDS).count()
    )


def replay_edits(*, user_id: int, strict: bool = False) -> dict[int, dict]:
    """Rebuild every fact of a user from the edit log alone, starting from nothing.

    With strict=True, also check that the log is a chain: each edit's `before` is what the
    edits before it left (nothing, for the edit that added the fact)."""
    state: dict[int, dict] = {}
    rows = MemoryEdit.objects.filter(user_id=user_id, kind__in=FACT_EDIT_KINDS, fact__isnull=False)
    for pk, fact_id, before, after in rows.order_by("id").values_list(
        "pk", "fact_id", "before", "after"
    ):
        if strict:
            expected = state.get(fact_id)
            found = {k: before[k] for k in SNAPSHOT_KEYS} if before is not None else None
            if found != expected:
                raise ReplayMismatch(f"edit #{pk}: before={found!r}, log says {expected!r}")
        state[fact_id] = {key: after[key] for key in SNAPSHOT_KEYS}
    return state


def live_facts(*, user_id: int) -> dict[int, dict]:
    rows = Fact.objects.filter(user_id=user_id).only(*SNAPSHOT_KEYS)
    return {fact.pk: fact.snapshot() for fact in rows}


def _locked(fact: Fact) -> Fact:
    """The fact as it is now, under the memory lock: edits record `before` from it."""
    return Fact.objects.select_for_update(of=("self",)).select_related("user").get(pk=fact.pk)


@transaction.atomic
def correct_text(
    *, fact: Fact, text: str, actor: AbstractBaseUser, backend: str, step: str, reason: str
) -> MemoryEdit:
    """A person rewrites a fact; its triplet is parsed again from the new words."""
    services.lock_user_memory(user_id=fact.user_id)
    fact = _locked(fact)
    speaker = fact.user.get_username()
    parsed = statements.extract(wording.first_person(text, speaker), speaker=speaker)
    parsed = [p for p in parsed if p.relation] or parsed
    first = parsed[0] if parsed else None
    triplet = (first.subject, first.relation, first.object) if first else ("", "", "")
    if first and first.negated:
        triplet = (first.subject, f"not:{first.relation}", first.object)
    why = Provenance(step=step, backend=backend, actor=actor, reason=reason)
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


def correct_by_staff(*, fact: Fact, text: str, actor: AbstractBaseUser) -> MemoryEdit:
    """A staff member changes a fact's text in the admin."""
    return correct_text(
        fact=fact,
        text=text,
        actor=actor,
        backend=Backend.STAFF,
        step="admin.change",
        reason=f"changed in the admin by {actor.get_username()}",
    )


@transaction.atomic
def forget_by_user(*, fact: Fact, user: AbstractBaseUser) -> MemoryEdit:
    services.lock_user_memory(user_id=fact.user_id)
    fact = _locked(fact)
    why = Provenance(
        step="user.forget", backend=Backend.USER, actor=user, reason="forgotten on My memory"
    )
    return services.judge_fact(fact=fact, operation=Operation.FORGET, why=why)


def unforget_by_user(*, fact: Fact, user: AbstractBaseUser) -> MemoryEdit | None:
    """Undo the user's latest forget of this fact: that edit is reverted by the user."""
    forgot = (
        MemoryEdit.objects.filter(fact=fact, kind=EditKind.FACT_FORGOTTEN, reverted_by=None)
        .order_by("-id")
        .first()
    )
    if forgot is None or fact.is_true:
        return None
    return revert_edit(edit=forgot, actor=user, backend=Backend.USER)


@transaction.atomic
def set_truth_by_staff(*, fact: Fact, value: bool, actor: AbstractBaseUser) -> MemoryEdit | None:
    """A staff member marks a fact true or false by hand; no edit when it already is."""
    services.lock_user_memory(user_id=fact.user_id)
    fact = _locked(fact)
    if fact.is_true == value:
        return None
    why = Provenance(
        step="admin.mark_true" if value else "admin.mark_false",
        backend=Backend.STAFF,
        actor=actor,
        reason=f"marked {'true' if value else 'false'} in the admin by {actor.get_username()}",
    )
    operation = Operation.REINFORCE if value else Operation.MAKE_FALSE
    return services.judge_fact(fact=fact, operation=operation, why=why)


@transaction.atomic
def delete_all_memory(*, user: AbstractBaseUser, conversations: bool = False) -> dict[str, int]:
    """Remove everything the bot remembers about a user: facts, truth history, triplets (they
    are columns of the facts), the edit log, the clock, the AGE graph, the memory summaries
    kept on chat messages and admin log lines naming the facts. The account stays, and so do
    the conversations unless `conversations` is set, and a per-user engine choice."""
    services.lock_user_memory(user_id=user.pk)
    engine = MemoryState.objects.filter(user=user).values_list("engine", flat=True).first()
    fact_ids = [str(pk) for pk in Fact.objects.filter(user=user).values_list("pk", flat=True)]
    counts = {
        "edits": MemoryEdit.objects.filter(user=user).delete()[0],
        "truth rows": FactTruth.objects.filter(fact__user=user).delete()[0],
        # delete() counts every row it cascades to (each fact's vector too): count facts.
        "facts": Fact.objects.filter(user=user).delete()[1].get(Fact._meta.label, 0),
        "state": MemoryState.objects.filter(user=user).delete()[0],
        "admin log": LogEntry.objects.filter(
            content_type=ContentType.objects.get_for_model(Fact), object_id__in=fact_ids
        ).delete()[0],
    }
    if engine:  # which engine serves this user is a setting, not memory: it stays, clock at 0
        MemoryState.objects.create(user=user, engine=engine)
    if conversations:
        counts["conversations"] = Conversation.objects.filter(user=user).delete()[0]
    else:
        for message in Message.objects.filter(user=user).exclude(meta={}).only("meta"):
            kept = {k: v for k, v in message.meta.items() if k not in MEMORY_META_KEYS}
            if kept != message.meta:
                message.meta = kept
                message.save(update_fields=["meta"])
    age.drop_graph(age.graph_name(user.pk))
    graph.forget_graph_cache(user.pk)
    transaction.on_commit(lambda: graph.forget_graph_cache(user.pk))
    return counts


def export_memory(*, user: AbstractBaseUser) -> dict:
    """Everything kept about a user, for the My memory export: facts with their truth
    history, every edit, and their conversations' messages."""
    facts = list(Fact.objects.filter(user=user).order_by("id"))
    history: dict[int, list[dict]] = {f.pk: [] for f in facts}
    truth = FactTruth.objects.filter(fact__user=user).order_by("at", "id")
    for row in truth.values("fact_id", "value", "at", "t", "operation", "cause_message_id"):
        history[row.pop("fact_id")].append(row)
    edit_fields = (
        "id",
        "created_at",
        "kind",
        "fact_id",
        "target",
        "before",
        "after",
        "cause_message_id",
        "step",
        "backend",
        "model_name",
        "prompt_version",
        "reason",
        "actor__username",
        "reverted_by_id",
    )
    message_fields = ("id", "conversation_id", "role", "text", "route", "status", "sent_at")
    return {
        "user": user.get_username(),
        "exported_at": timezone.now(),
        "facts": [fact_export(fact, history[fact.pk]) for fact in facts],
        "edits": list(MemoryEdit.objects.filter(user=user).order_by("id").values(*edit_fields)),
        "messages": list(Message.objects.filter(user=user).order_by("id").values(*message_fields)),
    }


def fact_export(fact: Fact, history: list[dict]) -> dict:
    return {
        "id": fact.pk,
        **fact.snapshot(),
        "since": fact.truth_since,
        "created_at": fact.created_at,
        "source_message_id": fact.source_message_id,
        "history": history,
    }

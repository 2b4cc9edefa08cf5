"""Every write to a user's memory, each one durable action that also records its audit edit.

Callers hold the transaction (memory.pipeline.apply_update wraps a whole message in one); each
function here is also atomic on its own so that admin and "My memory" edits are safe to call
directly. Inside a caller's transaction they take no savepoint of their own: a failure anywhere
rolls the whole message back, and a savepoint per write cost two round trips each.
Only record_truth() changes Fact.is_true / Fact.truth_since.

Inside batched_rows() (a message's update), the vector, truth and audit rows are queued and
inserted together at the end of the block, still inside the transaction of the changes they
record. Nothing in an update reads them back before then: its searches run before its writes.
"""

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection, transaction
from django.utils import timezone

from chatbot.models import Message
from memory import embeddings
from memory.models import (
    EditKind,
    Fact,
    FactTruth,
    FactVector,
    MemoryEdit,
    MemoryState,
    Operation,
)

_atomic = transaction.atomic(savepoint=False)
_queue = threading.local()

# An arbitrary constant that namespaces this app's advisory locks in Postgres.
_LOCK_NAMESPACE = 7_115_032


@dataclass(frozen=True)
class Provenance:
    """Why a change happens: which message caused it, which step and backend decided it."""

    step: str
    backend: str
    cause: Message | None = None
    at: datetime | None = None
    reason: str = ""
    model_name: str = ""
    prompt_version: str = ""
    actor: AbstractBaseUser | None = None
    t: int = 0
    extra: dict = field(default_factory=dict)

    @property
    def when(self) -> datetime:
        return self.at or timezone.now()


def lock_user_memory(*, user_id: int) -> None:
    """Serialise memory writes of one user until the current transaction ends."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_NAMESPACE, int(user_id)])


def memory_state(*, user: AbstractBaseUser) -> MemoryState:
    state, _ = MemoryState.objects.get_or_create(user=user)
    return state


def advance_clock(*, user_id: int) -> int:
    """RecallM's global per-user counter: +1 per update message, in one statement (the caller
    holds the user's memory lock)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {MemoryState._meta.db_table} SET clock = clock + 1 "  # noqa: S608 - our table
            "WHERE user_id = %s RETURNING clock",
            [user_id],
        )
        row = cursor.fetchone()
    if row is None:
        return MemoryState.objects.create(user_id=user_id, clock=1).clock
    return row[0]


@contextmanager
def batched_rows() -> Iterator[None]:
    """Queue the vector, truth and audit rows written inside and insert them at the end, one
    INSERT per table (a message's update wrote up to a dozen rows one round trip each). Use it
    inside the transaction that makes the changes: the rows then commit with them or not at
    all, and an exception inside discards the queue. Rows get their ids at the end, in the
    order made."""
    if getattr(_queue, "rows", None) is not None:  # nested: the outer block writes them
        yield
        return
    _queue.rows = rows = {FactVector: [], FactTruth: [], MemoryEdit: []}
    try:
        yield
        write_rows(rows)
    finally:
        _queue.rows = None


def write_rows(rows: dict[type, list]) -> None:
    """The queued rows of batched_rows(), one INSERT per model (its own function so that the
    bench can charge it to the fact writes)."""
    for model, queued in rows.items():
        model.objects.bulk_create(queued)


def _insert(row: FactVector | FactTruth | MemoryEdit) -> None:
    queued = getattr(_queue, "rows", None)
    if queued is None:
        row.save(force_insert=True)
    else:
        queued[type(row)].append(row)


def record_edits(rows: Iterable[MemoryEdit]) -> None:
    """Audit rows made elsewhere (the graph's edits), in order with the rest."""
    for row in rows:
        _insert(row)


def record_edit(
    *,
    user: AbstractBaseUser | None = None,
    user_id: int | None = None,
    kind: str,
    why: Provenance,
    fact: Fact | None = None,
    target: str = "",
    before: dict | None = None,
    after: dict | None = None,
) -> MemoryEdit:
    """One audit row; pass `user` or, when only the id is at hand, `user_id`."""
    edit = MemoryEdit(
        user_id=user_id if user is None else user.pk,
        created_at=timezone.now(),
        kind=kind,
        fact=fact,
        target=target[:300],
        before=before,
        after=after,
        cause_message=why.cause,
        step=why.step,
        backend=why.backend,
        model_name=why.model_name,
        prompt_version=why.prompt_version,
        reason=why.reason,
        actor=why.actor,
    )
    _insert(edit)
    return edit


def _truth_row(*, fact: Fact, value: bool, operation: str, why: Provenance) -> FactTruth:
    return FactTruth(
        fact=fact,
        value=value,
        at=why.when,
        t=why.t,
        operation=operation,
        cause_message=why.cause,
        backend=why.backend,
    )


def record_truth(*, fact: Fact, value: bool, operation: str, why: Provenance) -> FactTruth:
    row = _truth_row(fact=fact, value=value, operation=operation, why=why)
    _insert(row)
    if fact.is_true != value or operation in (Operation.ADD, Operation.REVERT):
        fact.truth_since = row.at
    fact.is_true = value
    fact.save(update_fields=["is_true", "truth_since"])
    return row


@_atomic
def add_fact(
    *,
    user: AbstractBaseUser,
    text: str,
    triplet: tuple[str, str, str] = ("", "", ""),
    keys: tuple[str, str] = ("", ""),
    why: Provenance,
    embedding: np.ndarray | None = None,
    said_in: Message | None = None,
) -> Fact:
    """A new fact, true from now. `said_in` is the message its words are from when that is
    not the one that caused the change (an earlier message read again, put right, keeps
    telling when it was said)."""
    vector = embedding if embedding is not None else embed_as_said(text, user.get_username())
    subject, relation, obj = triplet
    fact = Fact.objects.create(
        user=user,
        text=text,
        subject=subject[:200],
        relation=relation[:80],
        object=obj[:300],
        subject_key=keys[0][:200],
        object_key=keys[1][:300],
        subject_last=keys[0].rsplit(" ", 1)[-1][:100],
        source_message=said_in or why.cause,
        created_at=why.when,
        t=why.t,
        is_true=True,
        truth_since=why.when,
        backend=why.backend,
    )
    _insert(FactVector(fact=fact, user=user, embed_model=embeddings.model_name(), embedding=vector))
    _insert(_truth_row(fact=fact, value=True, operation=Operation.ADD, why=why))
    record_edit(user=user, kind=EditKind.FACT_ADDED, why=why, fact=fact, after=fact.snapshot())
    return fact


def embed_as_said(text: str, username: str) -> np.ndarray:
    """A fact's sentence embedded as its user would say it (wording.first_person)."""
    from memory.nlp.wording import first_person

    return embeddings.embed(first_person(text, username))


def embed_fact(*, fact: Fact) -> FactVector:
    """(Re-)embed a fact whose words changed, with the current model."""
    vector, _ = FactVector.objects.update_or_create(
        fact=fact,
        defaults={
            "user_id": fact.user_id,
            "embed_model": embeddings.model_name(),
            "embedding": embed_as_said(fact.text, fact.user.get_username()),
        },
    )
    return vector


_TRUTH_EDITS = {
    Operation.REINFORCE: (True, EditKind.FACT_REINFORCED),
    Operation.MAKE_FALSE: (False, EditKind.FACT_MADE_FALSE),
    Operation.FORGET: (False, EditKind.FACT_FORGOTTEN),
    Operation.REWRITE: (False, EditKind.FACT_REWRITTEN),
    Operation.RETRACT: (False, EditKind.FACT_RETRACTED),
}


@_atomic
def judge_fact(*, fact: Fact, operation: str, why: Provenance) -> MemoryEdit:
    """Reinforce, make false, forget, or retire a fact that was rewritten into another."""
    value, kind = _TRUTH_EDITS[operation]
    before = fact.snapshot()
    record_truth(fact=fact, value=value, operation=operation, why=why)
    return record_edit(
        user_id=fact.user_id, kind=kind, why=why, fact=fact, before=before, after=fact.snapshot()
    )


@_atomic
def correct_fact(
    *,
    fact: Fact,
    text: str,
    triplet: tuple[str, str, str],
    keys: tuple[str, str],
    why: Provenance,
) -> MemoryEdit:
    """A person (the user or staff) changes what a fact says; it is true from now on."""
    before = fact.snapshot()
    fact.text = text
    # Clipped to the columns like add_fact: a long word in a correction must not be a 500.
    fact.subject, fact.relation, fact.object = triplet[0][:200], triplet[1][:80], triplet[2][:300]
    fact.subject_key, fact.object_key = keys[0][:200], keys[1][:300]
    fact.subject_last = keys[0].rsplit(" ", 1)[-1][:100]
    fact.save(
        update_fields=[
            "text",
            "subject",
            "relation",
            "object",
            "subject_key",
            "object_key",
            "subject_last",
        ]
    )
    embed_fact(fact=fact)
    record_truth(fact=fact, value=True, operation=Operation.CORRECT, why=why)
    return record_edit(
        user_id=fact.user_id,
        kind=EditKind.FACT_CORRECTED,
        why=why,
        fact=fact,
        before=before,
        after=fact.snapshot(),
    )

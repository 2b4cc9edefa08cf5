"""Per-user memory: facts with truth history (ERASE) and their triplets (RET-LLM), the audit log
of every memory edit, and the per-user clock of the concept graph (RecallM; the graph itself
lives in Apache AGE, see memory/graph.py)."""

from django.conf import settings
from django.contrib.postgres.indexes import OpClass
from django.db import models
from django.db.models import F
from django.db.models.functions import Reverse
from django.utils import timezone
from pgvector.django import HnswIndex, VectorField

from chatbot.models import Message


class Backend(models.TextChoices):
    OFFLINE = "offline", "Offline (symbolic)"
    BASELINE = "vector-baseline", "Vector baseline"
    LLM = "llm", "LLM"
    USER = "user", "User (My memory page)"
    STAFF = "staff", "Staff (admin)"


class MemoryState(models.Model):
    """One row per user: the RecallM clock t and which engine writes this user's memory."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memory_state"
    )
    clock = models.PositiveBigIntegerField(default=0)
    engine = models.CharField(max_length=20, blank=True, help_text="Empty: settings default.")

    def __str__(self) -> str:
        return f"memory of {self.user} (t={self.clock})"


class Fact(models.Model):
    # Indexed by the composite indexes below, which all start with the user.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    text = models.TextField()
    subject = models.CharField(max_length=200, blank=True)
    relation = models.CharField(max_length=80, blank=True)
    object = models.CharField(max_length=300, blank=True)
    # Normalised entity keys for exact triplet lookup ("A. J. Pollock" and "AJ Pollock" agree).
    subject_key = models.CharField(max_length=200, blank=True)
    object_key = models.CharField(max_length=300, blank=True)
    # Last word of subject_key: the fuzzy-match bucket ("pollock" for "AJ Pollock", "Pollock").
    subject_last = models.CharField(max_length=100, blank=True)
    source_message = models.ForeignKey(
        Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    t = models.PositiveBigIntegerField(default=0, help_text="RecallM clock when first stored.")
    # Denormalised from the latest FactTruth row so that "current facts" is an index scan at
    # 100k facts; only memory.services.record_truth writes these two fields.
    is_true = models.BooleanField(default=True)
    truth_since = models.DateTimeField(default=timezone.now)
    backend = models.CharField(max_length=20, choices=Backend.choices)

    class Meta:
        indexes = [
            models.Index(fields=["user", "is_true", "subject_key", "relation"]),
            models.Index(fields=["user", "is_true", "relation", "object_key"]),
            models.Index(fields=["user", "subject_last"]),
            # "We gave Tofu away", "not Rex": the fact holding a value, whatever its relation;
            # "the Golf" for "VW Golf", "late night" for "late night show": a value by its
            # first or last words (retrieve.holding_value). Pattern operators, so that LIKE
            # 'x %' and the reversed value's prefix are index range scans, not a walk over
            # every fact (22 ms an update at 100k facts; 0.2 ms with them).
            models.Index(
                fields=["user", "object_key"],
                opclasses=["int4_ops", "varchar_pattern_ops"],
                name="memory_fact_value_words",
            ),
            models.Index(
                F("user"),
                OpClass(Reverse("object_key"), name="text_pattern_ops"),
                name="memory_fact_value_last_words",
            ),
            # the newest first, ties by id (selectors.latest_facts reads the latest 20 of
            # every update: without the id, facts that share a time were sorted in full)
            models.Index(fields=["user", "-truth_since", "-id"]),
        ]

    def __str__(self) -> str:
        return self.text

    @property
    def triplet(self) -> tuple[str, str, str]:
        return (self.subject, self.relation, self.object)

    def snapshot(self) -> dict:
        """The state an audit edit records before/after a change."""
        return {
            "text": self.text,
            "subject": self.subject,
            "relation": self.relation,
            "object": self.object,
            "is_true": self.is_true,
        }


class FactVector(models.Model):
    """A fact's embedding, in a table of its own. Making a fact false writes a new version of
    its row; with the vector in that row, each version was also a new HNSW entry (~1.5 ms at
    100k facts), and every read of facts carried 1.5 kB of floats it did not need."""

    fact = models.OneToOneField(
        Fact, primary_key=True, on_delete=models.CASCADE, related_name="vector"
    )
    # Copied from the fact: searches filter by it inside the index scan, without a join.
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    embed_model = models.CharField(max_length=80)
    embedding = VectorField(dimensions=settings.EMBEDDING_DIM)

    class Meta:
        indexes = [
            HnswIndex(
                name="factvector_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return f"vector of fact {self.fact_id} ({self.embed_model})"


class Operation(models.TextChoices):
    ADD = "add", "Add"
    REINFORCE = "reinforce", "Reinforce"
    MAKE_FALSE = "make_false", "Make false"
    REWRITE = "rewrite", "Rewrite"
    FORGET = "forget", "Forget"
    REVERT = "revert", "Revert"
    CORRECT = "correct", "Correct"
    RETRACT = "retract", "Retract (never true)"


class FactTruth(models.Model):
    """ERASE's truth history: one row per (time, true/false) judgement of a fact."""

    fact = models.ForeignKey(  # indexed by (fact, at, id) below
        Fact, on_delete=models.CASCADE, related_name="history", db_index=False
    )
    value = models.BooleanField()
    at = models.DateTimeField()
    t = models.PositiveBigIntegerField(default=0)
    operation = models.CharField(max_length=12, choices=Operation.choices)
    cause_message = models.ForeignKey(
        Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    backend = models.CharField(max_length=20, choices=Backend.choices)

    class Meta:
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["fact", "at", "id"])]

    def __str__(self) -> str:
        return f"{'true' if self.value else 'false'} at {self.at:%Y-%m-%d} ({self.operation})"


class EditKind(models.TextChoices):
    FACT_ADDED = "fact_added", "Fact added"
    FACT_REINFORCED = "fact_reinforced", "Fact reinforced"
    FACT_MADE_FALSE = "fact_made_false", "Fact made false"
    FACT_REWRITTEN = "fact_rewritten", "Fact rewritten"
    FACT_FORGOTTEN = "fact_forgotten", "Fact forgotten"
    FACT_CORRECTED = "fact_corrected", "Fact corrected"
    FACT_RETRACTED = "fact_retracted", "Fact retracted (never true)"
    FACT_REVERTED = "fact_reverted", "Fact reverted"
    CONCEPT_ADDED = "concept_added", "Concept added"
    CONCEPT_MERGED = "concept_merged", "Concept merged"
    RELATION_STRENGTHENED = "relation_strengthened", "Relation strengthened"
    CONTEXT_REVISED = "context_revised", "Context revised"


FACT_EDIT_KINDS = [k for k in EditKind.values if k.startswith("fact_")]


class MemoryEdit(models.Model):
    """The audit log: one row for every change to a user's memory, written by the same service
    call and transaction as the change itself (memory/services.py)."""

    user = models.ForeignKey(  # indexed by (user, -id) below
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    created_at = models.DateTimeField(default=timezone.now)
    kind = models.CharField(max_length=24, choices=EditKind.choices)
    fact = models.ForeignKey(
        Fact, null=True, blank=True, on_delete=models.CASCADE, related_name="edits"
    )
    # Concept stem or "stem_a -> stem_b" for graph edits.
    target = models.CharField(max_length=300, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    cause_message = models.ForeignKey(
        Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="memory_edits"
    )
    step = models.CharField(max_length=40, help_text="Pipeline step that decided this edit.")
    backend = models.CharField(max_length=20, choices=Backend.choices)
    model_name = models.CharField(max_length=120, blank=True)
    prompt_version = models.CharField(max_length=40, blank=True)
    reason = models.TextField(blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Staff member or user who made the change by hand; empty for the pipeline.",
    )
    reverted_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="reverts"
    )

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["user", "-id"]),
            models.Index(fields=["kind", "-id"]),
            models.Index(fields=["created_at"]),
        ]
        permissions = [("audit_memory", "Can audit memory")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"

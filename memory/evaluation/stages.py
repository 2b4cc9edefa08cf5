"""Where a message's time goes: exclusive time per pipeline stage, per message.

For the bench only. While installed, the stage functions below are wrapped where the pipeline
looks them up (module attributes), each call's time is charged to its stage minus the time of
stages nested inside it (so nothing is counted twice), and everything a message spends outside
these stages is split into "other SQL" (queries outside the stages: storing the reply,
routing bookkeeping, the update's order check...), "commit" (transaction commits)
and "other" (Python glue, thread hand-offs between the event loop and the database thread).
Work that runs on another thread while the message goes on (the embedding model) is charged
only for the time the message waits for it, so the stages still add up to the message's time.
"""

import statistics
import threading
import time
from collections import defaultdict
from contextlib import contextmanager

from django.db import connection

from memory import embeddings, graph, nlp, selectors, services
from memory.pipeline import answer, question, retrieve

TARGETS: dict[str, list[tuple[object, str]]] = {
    "routing (nlp)": [(nlp, "route")],
    "fact extraction (nlp)": [(nlp, "extract_facts")],
    "question parsing (nlp)": [(nlp, "parse_question")],
    "concept tagging (nlp)": [(nlp, "concepts")],
    # embed_soon() runs the model on a worker thread; what the message waits for it is charged.
    "embedding": [(embeddings, "embed_many"), (embeddings, "collect")],
    "vector search": [(selectors, "similar_facts")],
    "fact lookup (sql)": [
        (retrieve, "same_subject_and_relation"),
        (retrieve, "related_facts"),
        (question, "triplet_matches"),
    ],
    "fact writes": [
        (services, "add_fact"),
        (services, "judge_fact"),
        (services, "record_edit"),
        (services, "advance_clock"),
        (services, "lock_user_memory"),
        (services, "write_rows"),  # the vector (HNSW insert), truth and audit rows
    ],
    "graph write": [(graph, "record_sentence_concepts")],
    "graph traversal": [(graph, "related_concepts")],
    "answer composition": [(answer, "compose")],
}
OUTSIDE = ("other SQL", "commit")  # charged only outside every stage above


class Stages:
    def __init__(self) -> None:
        self._thread = threading.get_ident()
        self._local = threading.local()
        self._current: dict[str, float] | None = None
        self.messages: list[dict[str, float]] = []

    def _stack(self) -> list[list[float]]:
        if not hasattr(self._local, "stack"):
            self._local.stack = []
        return self._local.stack

    @contextmanager
    def installed(self):
        originals = []
        for label, places in TARGETS.items():
            for module, name in places:
                original = getattr(module, name)
                originals.append((module, name, original))
                setattr(module, name, self._wrap(label, original))
        # Stage functions run on this thread's connection (async_to_sync runs sync_to_async
        # work back on the calling thread), so SQL and commits are timed on it.
        connection.ensure_connection()
        commit = connection.commit
        connection.commit = self._outside("commit", commit)
        try:
            with connection.execute_wrapper(self._sql):
                yield self
        finally:
            del connection.commit  # the instance attribute; the class method shows again
            for module, name, original in originals:
                setattr(module, name, original)

    @contextmanager
    def message(self):
        """Charge the stages called inside to one message; its total goes in "total"."""
        self._current = defaultdict(float)
        started = time.perf_counter()
        try:
            yield
        finally:
            spent = self._current
            spent["total"] = (time.perf_counter() - started) * 1000
            self.messages.append(dict(spent))
            self._current = None

    def _wrap(self, label: str, fn):
        def timed(*args, **kwargs):
            if threading.get_ident() != self._thread:  # a worker's time overlaps the message's
                return fn(*args, **kwargs)
            stack = self._stack()
            frame = [time.perf_counter(), 0.0]  # started, time spent in nested stages
            stack.append(frame)
            try:
                return fn(*args, **kwargs)
            finally:
                stack.pop()
                elapsed = time.perf_counter() - frame[0]
                if stack:
                    stack[-1][1] += elapsed
                if self._current is not None:
                    self._current[label] += (elapsed - frame[1]) * 1000

        timed.__wrapped__ = fn
        return timed

    def _outside(self, label: str, fn):
        """Time `fn` as `label` only when no stage is running (inside one, it is that stage's)."""
        staged = self._wrap(label, fn)

        def timed(*args, **kwargs):
            return (fn if self._stack() else staged)(*args, **kwargs)

        return timed

    def _sql(self, execute, sql, params, many, context):
        return self._outside("other SQL", execute)(sql, params, many, context)

    def breakdown(self) -> dict[str, float]:
        """Mean ms per message for each stage, "other", and "total"; stages sum to total."""
        if not self.messages:
            return {}
        count = len(self.messages)
        labels = [label for label in [*TARGETS, *OUTSIDE] if any(label in m for m in self.messages)]
        means = {label: sum(m.get(label, 0.0) for m in self.messages) / count for label in labels}
        total = statistics.fmean(m["total"] for m in self.messages)
        means["other"] = total - sum(means.values())
        means["total"] = total
        return {label: round(value, 2) for label, value in means.items()}

    def reset(self) -> None:
        self.messages.clear()

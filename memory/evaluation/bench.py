"""Benchmark: latency of the real pipeline on synthetic memories (with where the time goes),
first token over a real websocket to a real daphne, and sustained throughput with many
websocket clients (memory/evaluation/load.py). Prints and stores one table."""

import random
import statistics
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

from asgiref.sync import async_to_sync
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection

from chatbot import services as chat
from chatbot.models import Conversation
from memory.evaluation import load
from memory.evaluation.replay import remove_user
from memory.evaluation.stages import Stages
from memory.evaluation.synthetic import build_facts, build_graph, flush, make_bench_user, settle
from memory.events import Done, Failed, Token
from memory.pipeline import question

pct = load.pct

# The targets at 100k facts and 50k concepts for one user, on a 2-core machine.
TARGET_UPDATE_P50_MS = 25.0
TARGET_FIRST_TOKEN_P50_MS = 50.0
TARGET_COMPLETED_SHARE = 0.9  # of the offered rate, replies included (see load_verdict)
TARGET_LOAD_P95_MS = 1000.0  # our reading of "keeps up": replies do not wait in a queue


@dataclass
class Options:
    samples: int = 30
    users: int = 1
    keep: bool = False
    existing: bool = False  # measure the bench users already there instead of building
    port: int | None = None  # a running daphne: measure the websocket too


async def _say(message) -> tuple[float, float]:
    """(first token ms, reply ms) through the chat's own entry point. The reply is timed to its
    done event, which is when the websocket tells the user it is complete (an update is
    committed before it); storing the finished reply text afterwards is not waited for."""
    started = time.perf_counter()
    first = done = None
    async for _reply, event in chat.run_message(message=message):
        if isinstance(event, Token) and first is None:
            first = time.perf_counter() - started
        if isinstance(event, Done | Failed):
            done = time.perf_counter() - started
    ended = done if done is not None else time.perf_counter() - started
    return (first or 0.0) * 1000, ended * 1000


say = async_to_sync(_say)


def people(size: int) -> int:
    return max(size // 4, 1)  # synthetic.fact_rows spreads facts over size/4 people


def measure_pipeline(users: list, size: int, samples: int, rng: random.Random) -> dict:
    """Updates and questions as chat messages (routed like the chat), round-robin over users.
    Latencies come from plain runs; where the time goes comes from as many messages again,
    instrumented (the instruments take time of their own)."""
    talks = [Conversation.objects.create(user=u, title="bench") for u in users]
    for talk in talks:  # warm-up (models, caches), not timed
        for text in ("Person0 likes tea.", "Where does Person0 live?"):
            say(chat.store_user_message(conversation=talk, text=text))
    n = people(size)

    def updates():
        cities = [rng.randrange(900, 999) for _ in range(samples)]
        return [f"Person{rng.randrange(n)} moved to City{city}." for city in cities]

    def questions():
        return [f"Where does Person{rng.randrange(n)} live?" for _ in range(samples)]

    updated = [total for _first, total in _say_all(talks, updates())]
    asked = questions()
    retrieval = [_gather_ms(talks[k % len(talks)], text) for k, text in enumerate(asked)]
    answered = _say_all(talks, asked)
    stages = Stages()
    with stages.installed():
        _say_all(talks, updates(), stages)
        update_stages = stages.breakdown()
        stages.reset()
        _say_all(talks, questions(), stages)
        question_stages = stages.breakdown()
    return {
        "update_p50_ms": pct(updated, 0.5),
        "update_p95_ms": pct(updated, 0.95),
        "retrieval_p50_ms": pct(retrieval, 0.5),
        "retrieval_p95_ms": pct(retrieval, 0.95),
        "first_token_p50_ms": pct([first for first, _ in answered], 0.5),
        "answer_p50_ms": pct([total for _, total in answered], 0.5),
        "answer_p95_ms": pct([total for _, total in answered], 0.95),
        "update_stages_ms": update_stages,
        "question_stages_ms": question_stages,
    }


def _say_all(talks: list, texts: list[str], stages: Stages | None = None) -> list[tuple]:
    """Each text as a new chat message, round-robin over the conversations."""
    results = []
    for k, text in enumerate(texts):
        message = chat.store_user_message(conversation=talks[k % len(talks)], text=text)
        with stages.message() if stages else nullcontext():
            results.append(say(message))
    return results


def _gather_ms(talk, text: str) -> float:
    """Retrieval alone: the question step's evidence, without composing or storing a reply."""
    started = time.perf_counter()
    question.gather(user_id=talk.user_id, text=text, speaker=talk.user.get_username())
    return (time.perf_counter() - started) * 1000


def build_memory(size: int, users: int) -> tuple[list, float]:
    """Synthetic memories of `size` facts for `users` new users; returns them and the build's
    seconds. The measurements then run in this process, on this connection: with distinct
    messages, updates measured the same here as in a fresh process (see DESIGN-NOTES)."""
    # Earlier work (a previous size's removal, say) can leave dirty buffers; writing them out
    # first keeps that backlog out of this size's setup time.
    flush()
    started = time.perf_counter()
    made = []
    bulk = vector_index_dropped() if size * users >= BULK_FACTS else nullcontext()
    with bulk:
        for index in range(users):
            user = make_bench_user(f"{size}-{index}")
            build_facts(user, size, seed=index + 7, salt=index)
            build_graph(user, concepts=max(size // 2, 2), relations=size, seed=index + 7)
            made.append(user)
    flush()
    return made, round(time.perf_counter() - started, 1)


def existing_bench_users(size: int, limit: int) -> list:
    """Up to `limit` bench users of this size that an earlier build left, oldest first: all of
    them hold memory in the database the measurement runs against."""
    users = list(
        get_user_model()
        .objects.filter(username__startswith=f"bench-{size}-")
        .order_by("id")[:limit]
    )
    if not users:
        raise ValueError(f"no bench users of {size} facts to measure (build them with --keep)")
    return users


# From this many facts in one build, the vector index is built once after the load rather
# than grown row by row (a million HNSW inserts take most of an hour here). The index is the
# model's own definition either way, and the measurements use the finished index.
BULK_FACTS = 500_000


@contextmanager
def vector_index_dropped():
    from memory.models import FactVector

    (index,) = [i for i in FactVector._meta.indexes if i.name == "factvector_embedding_hnsw"]
    with connection.schema_editor() as editor:
        editor.remove_index(FactVector, index)
    try:
        yield
    finally:
        # for this build only, our own constants; a million vectors take longer to index
        # than the statement timeout the app runs under (it cancelled the first 1M build)
        settings = ("maintenance_work_mem", "max_parallel_maintenance_workers", "statement_timeout")
        with connection.cursor() as cursor:
            cursor.execute("SET maintenance_work_mem = '4GB'")
            cursor.execute("SET max_parallel_maintenance_workers = 2")
            cursor.execute("SET statement_timeout = 0")
        with connection.schema_editor() as editor:
            editor.add_index(FactVector, index)
        with connection.cursor() as cursor:
            for name in settings:
                cursor.execute(f"RESET {name}")


def run_size(size: int, options: Options) -> dict:
    rng = random.Random(size)
    if options.existing:
        users, setup_s = existing_bench_users(size, options.users), None
    else:
        users, setup_s = build_memory(size, options.users)
    try:
        row = {
            "facts": size,
            "concepts": max(size // 2, 2),
            "relations": size,
            "users": len(users),
            "setup_s": setup_s,
        }
        row.update(measure_pipeline(users, size, options.samples, rng))
        if options.port:
            questions = [
                f"Where does Person{rng.randrange(people(size))} live?"
                for _ in range(options.samples)
            ]
            row.update(load.first_token(options.port, users[0], questions))
        return row
    finally:
        if not options.keep:
            remove_bench_users(users)


def remove_bench_users(users: list) -> None:
    """Remove the synthetic users, then vacuum what the removal left dead: autovacuum would
    otherwise clean 100k deleted rows (and their HNSW entries) during the next measurement."""
    for user in users:
        remove_user(user)
    configs = [apps.get_app_config(app) for app in ("memory", "chatbot")]
    settle([model._meta.db_table for config in configs for model in config.get_models()])
    flush()


def load_verdict(result: dict) -> bool:
    """Sustained: no errors, no client had to send late because its previous reply had not
    arrived, replies completed at ≥ 90% of the offered rate (the final drain included), and
    95% of replies finished within a second (a server that keeps up does not queue them)."""
    return (
        result["errors"] == 0
        and result["max_send_lag_ms"] <= 100
        and result["latency_p95_ms"] <= TARGET_LOAD_P95_MS
        and result["completed_rate_per_s"] >= TARGET_COMPLETED_SHARE * result["offered_rate_per_s"]
    )


def targets(rows: list[dict], throughput: dict | None) -> list[str]:
    """The issue's targets, checked against the largest memory measured."""
    if not rows:
        return []
    row = max(rows, key=lambda r: r["facts"])
    first = row.get("ws_first_token_p50_ms", row["first_token_p50_ms"])
    update = row["update_p50_ms"]
    lines = [
        f"update p50 ≤ {TARGET_UPDATE_P50_MS:g} ms at {row['facts']} facts: {update} ms — "
        + ("met" if update <= TARGET_UPDATE_P50_MS else "NOT met"),
        f"question first token p50 ≤ {TARGET_FIRST_TOKEN_P50_MS:g} ms at {row['facts']} facts: "
        f"{first} ms — " + ("met" if first <= TARGET_FIRST_TOKEN_P50_MS else "NOT met"),
    ]
    if throughput:
        verdict = "met" if load_verdict(throughput) else "NOT met"
        lines.append(
            f"{throughput['clients']} clients at {throughput['offered_rate_per_s']:g} "
            f"messages/s with no errors (and reply p95 ≤ {TARGET_LOAD_P95_MS:g} ms, at least "
            f"{TARGET_COMPLETED_SHARE:.0%} of the offered rate completed, no late sends): {verdict}"
        )
    return lines


COLUMNS = [
    ("facts", "facts"),
    ("users", "users"),
    ("setup_s", "setup s"),
    ("update_p50_ms", "update p50"),
    ("update_p95_ms", "update p95"),
    ("retrieval_p50_ms", "retrieval p50"),
    ("first_token_p50_ms", "first token p50"),
    ("answer_p50_ms", "answer p50"),
    ("answer_p95_ms", "answer p95"),
    ("ws_first_token_p50_ms", "ws first token p50"),
    ("ws_first_token_p95_ms", "ws first token p95"),
]


def _cell(value) -> str:
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def _row(cells) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def stage_table(rows: list[dict]) -> list[str]:
    """Stages down, (update, question) per size across: mean ms per message."""
    headers, columns = ["stage"], []
    for row in rows:
        for kind in ("update", "question"):
            headers.append(f"{kind} @{row['facts']}")
            columns.append(row[f"{kind}_stages_ms"])
    labels = [label for c in columns for label in c if label not in ("other", "total")]
    labels = list(dict.fromkeys(labels)) + ["other", "total"]
    lines = [_row(headers), "|" + " --- |" * len(headers)]
    for label in labels:
        lines.append(_row([label, *(c.get(label, "–") for c in columns)]))
    return lines


PROBE_LOOPS = 3_000_000


def cpu_probe_ms() -> float:
    """A fixed pure-Python workload, median of five. This shared VM's speed drifts (the same
    loop takes ~100 ms in one half hour and ~180 ms in the next), so each table records the
    speed it was measured at, and runs can be compared."""
    times = []
    for _ in range(5):
        started, total = time.perf_counter(), 0
        for i in range(PROBE_LOOPS):
            total += i * i
        times.append(time.perf_counter() - started)
    return round(statistics.median(times) * 1000, 1)


def summary(
    rows: list[dict],
    throughput: dict | None,
    *,
    stages: bool = False,
    probe: tuple[float, float] | None = None,
) -> str:
    """The latency table, throughput and targets; with `stages`, where the time goes too;
    with `probe`, the machine's speed before and after (`cpu_probe_ms`)."""
    lines = [_row(title for _, title in COLUMNS), "|" + " --- |" * len(COLUMNS)]
    lines += [_row(row.get(key, "–") for key, _ in COLUMNS) for row in rows]
    if stages:
        note = "All times in ms. Where the time goes (mean ms per message; stages exclusive):"
        lines += ["", note, "", *stage_table(rows)]
    if throughput:
        lines += ["", _throughput_line(throughput)]
    if probe:
        lines += [
            "",
            f"Machine speed: a {PROBE_LOOPS:,}-step Python loop took {probe[0]} ms before the "
            f"run and {probe[1]} ms after it (lower is faster).",
        ]
    checks = targets(rows, throughput)
    if checks:
        lines += ["", "Targets:", ""] + [f"- {line}" for line in checks]
    return "\n".join(lines) + "\n"


def markdown(rows: list[dict], throughput: dict | None, probe: tuple | None = None) -> str:
    return summary(rows, throughput, stages=True, probe=probe)


def _throughput_line(t: dict) -> str:
    return (
        f"Throughput: {t['clients']} websocket clients offering {t['offered_rate_per_s']:g} "
        f"messages/s: {t['messages']} messages, {t['errors']} errors "
        f"({t['connection_errors']} refused connections), replies completed at "
        f"{t['completed_rate_per_s']}/s, reply latency p50 {t['latency_p50_ms']} ms "
        f"(first third {t['latency_p50_first_third_ms']}, last third "
        f"{t['latency_p50_last_third_ms']}), p95 {t['latency_p95_ms']} ms, first token p50 "
        f"{t['first_token_p50_ms']} ms, longest late send {t['max_send_lag_ms']} ms."
    )

"""The bench command runs end to end on a tiny memory and produces well-formed output.
(Timings are the command's business; nothing here asserts a speed.)"""

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from memory import age
from memory.evaluation import processes
from memory.evaluation.bench import build_memory, remove_bench_users
from memory.evaluation.synthetic import build_facts, build_graph, make_bench_user
from memory.models import Fact, FactVector


@pytest.mark.django_db
def test_synthetic_memories_are_real_rows_and_graphs():
    user = make_bench_user("t")
    build_facts(user, 40)
    build_graph(user, concepts=20, relations=40)
    assert Fact.objects.filter(user=user, is_true=True).count() == 40
    rows = age.cypher(
        age.graph_name(user.pk), "MATCH ()-[r:RELATED]->() RETURN count(r)", columns=("n",)
    )
    assert rows[0][0] == 40


@pytest.mark.django_db
def test_synthetic_relations_are_spread_over_the_memorys_clock():
    user = make_bench_user("t")
    build_facts(user, 40)  # the memory's clock is now 40
    build_graph(user, concepts=20, relations=200)
    times = [
        row[0]
        for row in age.cypher(
            age.graph_name(user.pk), "MATCH ()-[r:RELATED]->() RETURN r.T", columns=("t",)
        )
    ]
    assert len(times) == 200 and min(times) >= 0 and max(times) < 40
    # A temporal window over the last quarter of the clock holds some of them.
    assert 20 < sum(t >= 30 for t in times) < 80


@pytest.mark.django_db(transaction=True)
def test_bench_runs_on_tiny_inputs_over_a_real_daphne(tmp_path):
    out, markdown, readme = tmp_path / "bench.json", tmp_path / "bench.md", tmp_path / "R.md"
    readme.write_text("<!-- results:bench -->\n<!-- /results:bench -->\n")
    stdout = StringIO()
    call_command(
        "bench",
        "--facts",
        "50",
        "--users",
        "2",
        "--samples",
        "3",
        "--clients",
        "3",
        "--rate",
        "6",
        "--seconds",
        "1",
        "--out",
        str(out),
        "--markdown",
        str(markdown),
        "--readme",
        str(readme),
        stdout=stdout,
        stderr=StringIO(),
    )
    result = json.loads(out.read_text())
    (row,) = result["sizes"]
    assert row["facts"] == 50 and row["users"] == 2
    for key in (
        "update_p50_ms",
        "answer_p50_ms",
        "retrieval_p50_ms",
        "first_token_p50_ms",
        "ws_first_token_p50_ms",
    ):
        assert row[key] > 0
    for kind in ("update", "question"):
        stages = row[f"{kind}_stages_ms"]
        # Stages are charged exclusively, so they never add up to more than the message took.
        assert stages["other"] >= 0
        assert sum(v for k, v in stages.items() if k != "total") == pytest.approx(
            stages["total"], abs=0.1
        )
    assert {"embedding", "vector search", "graph write", "fact writes", "commit"} <= set(
        row["update_stages_ms"]
    )
    assert {"embedding", "vector search", "graph traversal"} <= set(row["question_stages_ms"])
    load = result["throughput"]
    assert load["clients"] == 3 and load["messages"] == 6 and load["errors"] == 0
    assert all(ms > 0 for ms in result["cpu_probe_ms"])
    text = markdown.read_text()
    assert "| facts |" in text and "| stage |" in text and "Targets:" in text
    assert "Machine speed:" in text
    summary = readme.read_text()
    assert "| facts |" in summary and "Targets:" in summary and "| stage |" not in summary
    assert "| 50 | 2 |" in summary  # the measured row, not a template
    assert not get_user_model().objects.filter(username__startswith="bench-").exists()


@pytest.mark.django_db(transaction=True)
def test_it_builds_a_memory_per_user_and_removes_them_all():
    users, setup_s = build_memory(20, 2)
    ids = [u.pk for u in users]
    try:
        assert len(users) == 2 and all(u.username.startswith("bench-20-") for u in users)
        assert setup_s > 0
        for user in users:
            assert Fact.objects.filter(user=user, is_true=True).count() == 20
            assert FactVector.objects.filter(user=user).count() == 20
    finally:
        remove_bench_users(users)
    assert not Fact.objects.filter(user_id__in=ids).exists()
    assert not get_user_model().objects.filter(pk__in=ids).exists()


@pytest.mark.processes
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(not processes.redis_available(), reason="redis-server is not installed")
def test_the_scale_out_run_climbs_its_ladder_over_real_processes(tmp_path):
    readme = tmp_path / "R.md"
    readme.write_text(
        "<!-- results:bench -->\n<!-- /results:bench -->\n"
        "<!-- results:scale -->\n<!-- /results:scale -->\n"
    )
    out = tmp_path / "bench.json"
    call_command(
        "bench", "--facts", "20", "--samples", "2", "--clients", "3", "--rate", "3",
        "--seconds", "2", "--no-server", "--scale-out", "1", "--scale-rates", "3,6",
        "--out", str(out), "--readme", str(readme), stdout=StringIO(), stderr=StringIO(),
    )  # fmt: skip
    (run,) = json.loads(out.read_text())["scale_out"]
    assert run["processes"] == 1
    assert [s["offered_rate_per_s"] for s in run["steps"]][0] == 3
    assert all(s["messages"] > 0 for s in run["steps"])
    if run["max_sustained_rate_per_s"]:
        assert run["steps"][0]["errors"] == 0
    assert "| 1 | 3 |" in readme.read_text()  # a measured row


@pytest.mark.django_db(transaction=True)
def test_it_measures_the_users_a_kept_build_left(tmp_path):
    """--existing measures memories built earlier (a long many-users build, say) and keeps
    them; without any, it says so."""
    users, _ = build_memory(20, 2)
    out = tmp_path / "b.json"
    try:
        call_command(
            "bench", facts="20", users=5, samples=2, no_server=True, existing=True, out=out
        )
        (row,) = json.loads(out.read_text())["sizes"]
        assert row["users"] == 2 and row["setup_s"] is None and row["update_p50_ms"] > 0
        assert get_user_model().objects.filter(pk__in=[u.pk for u in users]).count() == 2
        with pytest.raises(ValueError, match="no bench users of 30 facts"):
            call_command("bench", facts="30", samples=2, no_server=True, existing=True, out=out)
    finally:
        remove_bench_users(users)

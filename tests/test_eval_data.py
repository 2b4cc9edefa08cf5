"""The project's own replay files (eval/): they load with the replay loader, every probe says
what it tests, and they are exactly what eval/build.py makes of the hand-written sources."""

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

from memory.evaluation.episodes import Probe, Turn, read_episodes

EVAL = Path(__file__).resolve().parent.parent / "eval"
KINDS = set("current past negation correction plan set pronoun temporal unknown mixed".split())
# (dev19's writers were asked for the eight kinds the README's table lists, without "unknown"
# and "mixed")
KINDS_OF = {"dev19": KINDS - {"unknown", "mixed"}}


def _build():
    spec = importlib.util.spec_from_file_location("eval_build", EVAL / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("name", "episodes", "probes", "per_kind"),
    [
        ("dev", 30, 220, 20),
        ("dev2", 30, 220, 18),
        ("dev3", 30, 220, 20),
        ("dev4", 30, 220, 20),
        ("dev5", 30, 220, 20),
        ("dev6", 30, 220, 20),
        ("dev7", 30, 240, 24),
        ("dev8", 30, 240, 24),
        ("dev9", 30, 240, 24),
        ("dev10", 30, 240, 24),
        ("dev11", 30, 240, 24),
        ("dev12", 30, 240, 24),
        ("dev13", 30, 240, 24),
        ("dev14", 30, 240, 24),
        ("dev15", 30, 240, 24),
        ("dev16", 30, 240, 24),
        ("dev17", 30, 240, 24),
        ("dev18", 30, 240, 24),
        ("dev19", 30, 192, 24),
        ("dev20", 30, 240, 24),
        ("dev21", 30, 240, 24),
        ("dev22", 30, 240, 24),
        ("dev23", 30, 240, 24),
        ("dev24", 30, 240, 24),
        ("dev25", 30, 240, 24),
        ("dev26", 30, 240, 24),
        ("dev27", 30, 240, 24),
        ("dev28", 30, 240, 24),
        ("dev29", 30, 240, 24),
        ("dev30", 30, 240, 24),
        ("dev31", 30, 240, 24),
        ("dev32", 30, 240, 24),
        ("holdout", 12, 80, 8),
        ("fresh", 20, 120, 10),
        ("fresh2", 25, 150, 12),
    ],
)
def test_it_loads_every_episode_with_a_kind_on_every_probe(name, episodes, probes, per_kind):
    errors: list[str] = []
    loaded = list(read_episodes(EVAL / f"{name}.jsonl", errors))
    assert not errors
    assert len(loaded) >= episodes
    found = [e for episode in loaded for e in episode.events if isinstance(e, Probe)]
    assert len(found) >= probes
    kinds = Counter(p.kind for p in found)
    assert set(kinds) == KINDS_OF.get(name, KINDS) and min(kinds.values()) >= per_kind, kinds
    for episode in loaded:
        times = [e.time if isinstance(e, Turn) else e.asked_at for e in episode.events]
        assert times == sorted(times), episode.episode_id
        assert isinstance(episode.events[0], Turn)
    for probe in found:
        if probe.kind == "unknown":
            assert probe.grading == "abstain" and not probe.accepted_answers
        else:
            assert set(probe.accepted_answers) <= set(probe.answer_choices or [])


@pytest.mark.parametrize("name", _build().SETS)
def test_the_replay_file_is_what_the_build_makes_of_its_source(name):
    build = _build()
    source = (EVAL / f"{name}.txt").read_text(encoding="utf-8")
    built = build.episodes(source, f"recollect_{name}")
    lines = (EVAL / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
    assert [build.json.dumps(e, ensure_ascii=False) for e in built] == lines


def test_the_build_refuses_an_answer_that_is_not_a_choice():
    build = _build()
    source = (
        "== x\n2025-01-01 10:00 | I live in Porto\n? current | Where do I live? | Porto | Lisbon\n"
    )
    with pytest.raises(build.SourceError, match="not among the choices"):
        build.episodes(source, "toy")
    with pytest.raises(build.SourceError, match="not after"):
        build.episodes("== x\n2025-01-02 10:00 | a\n2025-01-01 10:00 | b\n", "toy")

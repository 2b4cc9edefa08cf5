"""The replay command on tiny episodes of our own (not the shared evaluation data)."""

import json
from datetime import UTC, datetime
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from chatbot.models import Message
from memory.evaluation.episodes import Episode, Turn, parse_line
from memory.evaluation.grading import chance, f1, grade, picked_choice
from memory.evaluation.replay import chat_pieces, probe_kind, replay_all, summarise
from memory.models import Fact

pytestmark = pytest.mark.django_db

EPISODES = [
    {
        "dataset": "toy",
        "episode_id": "lena",
        "events": [
            {
                "role": "user",
                "text": "Lena Ortiz plays for the Lisbon Lions.",
                "time": "2021-01-01T00:00:00",
            },
            {
                "question": "What team is Lena Ortiz a member of?",
                "accepted_answers": ["Lisbon Lions"],
                "answer_choices": ["Lisbon Lions", "Oslo Owls"],
                "asked_at": "2021-01-01T00:00:00",
                "grading": "multiple_choice_or_exact",
                "status": "new",
                "extra_key": "ignored",
            },
            {
                "role": "user",
                "text": "Lena Ortiz was traded to the Oslo Owls.",
                "time": "2022-01-01T00:00:00",
            },
            {
                "question": "Is Lena Ortiz a member of Lisbon Lions?",
                "accepted_answers": ["no"],
                "answer_choices": ["no", "yes"],
                "asked_at": "2022-01-01T00:00:00",
                "grading": "multiple_choice_or_exact",
                "status": "updated",
            },
            {
                "question": "What team is Lena Ortiz a member of?",
                "accepted_answers": ["Oslo Owls"],
                "answer_choices": ["Lisbon Lions", "Oslo Owls"],
                "asked_at": "2022-01-01T00:00:00",
                "grading": "multiple_choice_or_exact",
                "status": "updated",
            },
        ],
    },
    {
        "dataset": "toy",
        "episode_id": "nobody",
        "events": [
            {
                "question": "Where does Zed live?",
                "accepted_answers": [],
                "asked_at": "2020-01-01T00:00:00",
                "grading": "abstain",
            },
        ],
    },
]


@pytest.fixture
def replay_file(tmp_path):
    path = tmp_path / "toy.jsonl"
    lines = [
        json.dumps(EPISODES[0]),
        "{not json",
        json.dumps({"events": "nope"}),
        json.dumps(EPISODES[1]),
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


def run(*args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("replay", *map(str, args), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_it_replays_grades_and_reports_bad_lines(replay_file, tmp_path):
    out_file = tmp_path / "out.jsonl"
    stdout, stderr = run(
        replay_file,
        "--engine",
        "offline",
        "vector-baseline",
        "--out",
        out_file,
        "--grade",
    )
    assert "skipped line 2: not JSON" in stderr
    assert "skipped line 3" in stderr
    records = [json.loads(line) for line in out_file.read_text().splitlines()]
    probes = [r for r in records if r["type"] == "probe"]
    assert len(probes) == 2 * 4
    assert {p["engine"] for p in probes} == {"offline", "vector-baseline"}
    for probe in probes:
        assert {
            "episode_id",
            "question",
            "answer",
            "accepted_answers",
            "answer_choices",
            "status",
            "engine",
            "latency_ms",
            "score",
            "chance",
        } <= probe.keys()
    turns = [r for r in records if r["type"] == "turn"]
    assert len(turns) == 2 * 2 and all(t["ingest_ms"] > 0 for t in turns)
    offline = {
        p["question"] + p["status"]: p
        for p in probes
        if p["engine"] == "offline" and p["status"] == "updated"
    }
    assert all(p["score"] == 1.0 for p in offline.values()), offline
    assert "| toy | updated |" in stdout and "offline" in stdout
    assert "| dataset | status | offline | vector-baseline | chance |" in stdout
    assert "| toy | yes/no |" in stdout and "| toy | choice |" in stdout
    assert "| offline | 2 |" in stdout  # the speed table: two turn messages per engine
    assert not get_user_model().objects.filter(username__startswith="replay-").exists()


def test_probes_are_never_stored_as_memory(replay_file):
    run(replay_file, "--engine", "offline", "--keep", "--limit", "1")
    probes = Message.objects.filter(role="user", route="question")
    assert probes.count() == 3
    assert not Fact.objects.filter(source_message__in=probes).exists()
    assert Fact.objects.filter(text__icontains="Oslo Owls").exists()


def test_it_reports_accuracy_per_probe_kind(tmp_path):
    kinds = {"What team is Lena Ortiz a member of?": "current", "Where does Zed live?": "unknown"}
    lines = []
    for episode in EPISODES:
        events = [
            {**e, "kind": kinds.get(e["question"], "negation")} if "question" in e else e
            for e in episode["events"]
        ]
        lines.append(json.dumps({**episode, "events": events}))
    path = tmp_path / "kinds.jsonl"
    path.write_text("\n".join(lines) + "\n")
    out_file = tmp_path / "out.jsonl"
    stdout, _ = run(path, "--engine", "offline", "--out", out_file, "--grade")
    probes = [json.loads(x) for x in out_file.read_text().splitlines() if '"probe"' in x]
    assert sorted(p["kind"] for p in probes) == ["current", "current", "negation", "unknown"]
    by_kind = stdout.split("By kind:")[1]
    assert "| dataset | kind | offline | chance |" in by_kind
    assert "| toy | current | " in by_kind and "(n=2)" in by_kind
    assert "| toy | negation | " in by_kind and "| toy | unknown | " in by_kind
    assert "| toy | - |" in stdout  # the status table is still there


def test_a_file_without_kinds_prints_no_kind_table(replay_file):
    stdout, _ = run(replay_file, "--engine", "vector-baseline", "--limit", "1", "--grade")
    assert "| toy | updated |" in stdout and "By kind:" not in stdout


def test_probes_are_grouped_by_kind_and_dataset():
    def probe(kind, score, dataset="toy"):
        return {
            "type": "probe",
            "dataset": dataset,
            "engine": "offline",
            "kind": kind,
            "score": score,
            "chance": None,
            "status": None,
        }

    records = [
        probe("plan", 1.0),
        probe("plan", 0.0),
        probe("set", 1.0),
        probe(None, 1.0),
        probe("plan", 1.0, dataset="other"),
        {"type": "turn", "engine": "offline"},
    ]
    table = summarise(records, by=probe_kind)
    assert table[("toy", "plan")]["offline"] == (0.5, 2)
    assert table[("toy", "set")]["offline"] == (1.0, 1)
    assert table[("toy", "-")]["offline"] == (1.0, 1)  # a probe without a kind
    assert table[("toy", "all")]["offline"] == (0.75, 4)
    assert table[("other", "plan")]["offline"] == (1.0, 1)


def test_it_writes_a_markdown_table(replay_file, tmp_path):
    table = tmp_path / "results.md"
    run(replay_file, "--engine", "vector-baseline", "--markdown", table, "--limit", "1")
    assert "| dataset | status | vector-baseline |" in table.read_text()


def test_it_rewrites_only_its_block_of_the_readme(replay_file, tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(
        "# Title\n\n<!-- results:toy -->\nold numbers\n<!-- /results:toy -->\n\nAfter.\n"
    )
    run(replay_file, "--engine", "vector-baseline", "--readme", readme, "--limit", "1")
    text = readme.read_text()
    assert "old numbers" not in text
    assert text.startswith("# Title\n\n<!-- results:toy -->\nAccuracy on")
    assert "| toy | all | " in text and text.endswith("<!-- /results:toy -->\n\nAfter.\n")


def test_it_refuses_a_readme_without_the_block(replay_file, tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# Title\n")
    with pytest.raises(CommandError, match="results:toy"):
        run(replay_file, "--engine", "vector-baseline", "--readme", readme, "--limit", "1")
    assert readme.read_text() == "# Title\n"


def test_grading_picks_the_choice_the_reply_names_first():
    assert picked_choice("No, not anymore. Now: she plays for Oslo", ["no", "yes"]) == "no"
    reply = "Lena plays for the Oslo Owls (since 2022). Before: Lisbon Lions."
    assert picked_choice(reply, ["Lisbon Lions", "Oslo Owls"]) == "Oslo Owls"
    assert (
        grade(
            reply,
            grading="multiple_choice_or_exact",
            accepted=["Oslo Owls"],
            choices=["Lisbon Lions", "Oslo Owls"],
        )
        == 1.0
    )
    # A choice inside a longer one: the longer mention wins where it is named.
    squads = ["Rivertown Rangers", "Rivertown Rangers II"]
    assert picked_choice("Ida joined Rivertown Rangers II in May.", squads) == squads[1]
    assert picked_choice("Rivertown Rangers. Before: Rivertown Rangers II", squads) == squads[0]
    # Shared words do not name a choice; initials and dashes do not get in the way.
    clubs = ["Harbor City F.C.", "Harbor United F.C."]
    assert picked_choice("He signed for Harbor United last week.", clubs) == clubs[1]
    assert picked_choice("He left Harbor for good.", clubs) is None
    assert picked_choice("riding for Nord Sud-Velo", ["Nord–Sud Velo", "Team Kestrel"]) == (
        "Nord–Sud Velo"
    )
    # An ordinal day names the same day as its number.
    days = ["12 June", "21 June"]
    assert picked_choice("It's on June 21st.", days) == "21 June"
    assert picked_choice("the 12th of June", days) == "12 June"
    # One generic word is not a mention.
    posts = ["Minister of State for Fisheries", "Deputy Speaker of the Assembly"]
    assert picked_choice("a minister, then deputy speaker", posts) == posts[1]


def test_grading_f1_abstain_and_chance():
    assert grade("I don't know that yet.", grading="abstain", accepted=[], choices=None) == 1.0
    assert grade("She lives in Oslo.", grading="abstain", accepted=[], choices=None) == 0.0
    assert f1("the Oslo Owls", "Oslo Owls") == 1.0
    assert 0 < f1("Oslo Owls and more", "Oslo Owls") < 1
    assert chance(grading="multiple_choice_or_exact", accepted=["b"], choices=["a", "b", "c"]) == (
        pytest.approx(1 / 3)
    )
    assert chance(grading="f1", accepted=["b"], choices=None) is None


def test_turns_become_messages_the_chat_accepts():
    text = "Mira moved to Tromso.\x0bShe works at Polar Labs. She likes skiing a lot."
    pieces = chat_pieces(text, limit=30)
    assert all(len(p) <= 30 and "\x0b" not in p for p in pieces)
    assert " ".join(pieces) == text.replace("\x0b", " ")
    assert chat_pieces("x" * 70, limit=30) == ["x" * 30, "x" * 30, "x" * 10]


def test_a_long_turn_is_replayed_as_several_messages(settings):
    settings.CHAT_MAX_MESSAGE_CHARS = 60
    line = {
        "dataset": "toy",
        "episode_id": "long",
        "events": [
            {
                "role": "user",
                "text": "Mira Holt moved to Tromso in May.\x0c Mira Holt works at Polar Labs now.",
                "time": "2021-01-01T00:00:00",
            }
        ],
    }
    episode = parse_line(json.dumps(line), 1)
    records = [r for _done, r in replay_all([episode], ["offline"], keep=True) if r]
    assert [r["type"] for r in records] == ["turn", "turn"]
    assert not any(r["failed"] for r in records)
    assert Fact.objects.filter(text__icontains="Polar Labs").exists()


def test_a_broken_episode_is_reported_and_the_run_goes_on():
    broken = Episode(line=1, dataset="toy", episode_id="broken", events=[object()])
    turn = Turn(text="Mira Holt likes tea.", time=datetime(2021, 1, 1, tzinfo=UTC))
    fine = Episode(line=2, dataset="toy", episode_id="fine", events=[turn])
    progress = list(replay_all([broken, fine], ["offline"]))
    records = [r for _done, r in progress if r]
    assert records[0]["type"] == "error" and records[0]["episode_id"] == "broken"
    assert records[1]["type"] == "turn" and records[1]["episode_id"] == "fine"
    assert [done for done, r in progress if r is None] == [1, 2]
    assert not get_user_model().objects.filter(username__startswith="replay-").exists()

"""Check the replay files in eval/ and count their probes per kind.

Checks: every line parses as JSON and with the replay loader (memory/evaluation/episodes.py),
turn and probe times ascend within an episode, every probe has a kind, a grading rule and
accepted answers, and every accepted answer is one of the probe's choices.

    .venv/bin/python eval/stats.py                   # eval/dev.jsonl and eval/holdout.jsonl
    .venv/bin/python eval/stats.py path/to/file.jsonl
"""

import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from memory.evaluation.episodes import Malformed, parse_line  # noqa: E402

KINDS = "current past negation correction plan set pronoun temporal unknown mixed".split()


def problems(number: int, raw: dict) -> list[str]:
    found, last = [], ""
    for event in raw["events"]:
        when = event.get("time") or event.get("asked_at")
        if when < last:
            found.append(f"line {number}: {when} comes before {last}")
        last = when
        if "question" not in event:
            continue
        where = f"line {number} {event['question']!r}"
        if event.get("kind") not in KINDS:
            found.append(f"{where}: kind {event.get('kind')!r}")
        if "grading" not in event or "accepted_answers" not in event:
            found.append(f"{where}: no grading or accepted_answers")
        choices = event.get("answer_choices") or []
        if choices and not set(event["accepted_answers"]) <= set(choices):
            found.append(f"{where}: an accepted answer is not a choice")
        if event.get("grading") != "abstain" and not event.get("accepted_answers"):
            found.append(f"{where}: nothing to accept")
    return found


def check(path: Path) -> tuple[Counter, int, int, list[str]]:
    kinds: Counter = Counter()
    episodes = turns = 0
    errors: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            raw = json.loads(line)
            parse_line(line, number)
        except (ValueError, Malformed) as exc:
            errors.append(f"line {number}: {exc}")
            continue
        episodes += 1
        turns += sum(1 for e in raw["events"] if "question" not in e)
        kinds.update(e.get("kind") for e in raw["events"] if "question" in e)
        errors += problems(number, raw)
    return kinds, episodes, turns, errors


def main(paths: list[Path]) -> int:
    failed = False
    for path in paths:
        kinds, episodes, turns, errors = check(path)
        print(f"{path.name}: {episodes} episodes, {turns} turns, {sum(kinds.values())} probes")
        print("| kind | probes |\n| --- | --- |")
        for kind in KINDS:
            print(f"| {kind} | {kinds[kind]} |")
        for error in errors:
            print("ERROR", error)
        failed |= bool(errors)
        print()
    return int(failed)


if __name__ == "__main__":
    given = [Path(p) for p in sys.argv[1:]]
    sys.exit(
        main(
            given
            or [
                p
                for p in (
                    HERE / "dev.jsonl",
                    HERE / "dev2.jsonl",
                    HERE / "dev3.jsonl",
                    HERE / "dev4.jsonl",
                    HERE / "dev5.jsonl",
                    HERE / "dev6.jsonl",
                    HERE / "dev7.jsonl",
                    HERE / "dev8.jsonl",
                    HERE / "dev9.jsonl",
                    HERE / "dev10.jsonl",
                    HERE / "dev11.jsonl",
                    HERE / "dev12.jsonl",
                    HERE / "dev13.jsonl",
                    HERE / "dev14.jsonl",
                    HERE / "dev15.jsonl",
                    HERE / "dev16.jsonl",
                    HERE / "dev17.jsonl",
                    HERE / "dev18.jsonl",
                    HERE / "dev19.jsonl",
                    HERE / "dev20.jsonl",
                    HERE / "dev21.jsonl",
                    HERE / "dev22.jsonl",
                    HERE / "dev23.jsonl",
                    HERE / "dev24.jsonl",
                    HERE / "dev25.jsonl",
                    HERE / "dev26.jsonl",
                    HERE / "dev27.jsonl",
                    HERE / "dev28.jsonl",
                    HERE / "dev29.jsonl",
                    HERE / "dev30.jsonl",
                    HERE / "dev31.jsonl",
                    HERE / "dev32.jsonl",
                    HERE / "holdout.jsonl",
                    HERE / "fresh.jsonl",
                    HERE / "fresh2.jsonl",
                )
                if p.exists()
            ]
        )
    )

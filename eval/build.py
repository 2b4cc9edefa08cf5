"""Turn the hand-written conversations (eval/dev.txt, eval/holdout.txt) into replay files
(eval/dev.jsonl, eval/holdout.jsonl). The conversations are written by hand; this only
saves typing the JSON around them and checks what a typo could break.

Source format, one item per line (blank lines and lines starting with "#" are skipped):

    == episode-id
    2026-01-05 09:12 | a user turn, exactly as the user typed it
    ? kind | question | accepted answers (;) | answer choices (;)

A probe is asked a minute after the turn before it. "yes"/"no" answers get the choices
yes/no when none are given; kind "unknown" is graded "abstain" (no answers, no choices).

    .venv/bin/python eval/build.py            # rewrites eval/dev.jsonl and eval/holdout.jsonl
"""

import json
import sys
from datetime import datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The sets built, each from eval/<name>.txt.
SETS = (
    "dev",
    "dev2",
    "dev3",
    "dev4",
    "dev5",
    "dev6",
    "dev7",
    "dev8",
    "dev9",
    "dev10",
    "dev11",
    "dev12",
    "dev13",
    "dev14",
    "dev15",
    "dev16",
    "dev17",
    "dev18",
    "dev19",
    "dev20",
    "dev21",
    "dev22",
    "dev23",
    "dev24",
    "dev25",
    "dev26",
    "dev27",
    "dev28",
    "dev29",
    "dev30",
    "dev31",
    "dev32",
    "holdout",
    "fresh",
    "fresh2",
)
KINDS = "current past negation correction plan set pronoun temporal unknown mixed".split()


class SourceError(ValueError):
    pass


def _list(field: str) -> list[str]:
    return [part.strip() for part in field.split(";") if part.strip()]


def _probe(line: str, asked_at: datetime) -> dict:
    fields = [f.strip() for f in line[1:].split("|")]
    if len(fields) < 2 or fields[0] not in KINDS:
        raise SourceError(f"a probe is '? kind | question | answers | choices': {line!r}")
    kind, question = fields[0], fields[1]
    accepted = _list(fields[2]) if len(fields) > 2 else []
    choices = _list(fields[3]) if len(fields) > 3 else []
    probe = {"question": question, "kind": kind, "asked_at": asked_at.isoformat()}
    if kind == "unknown":
        if accepted or choices:
            raise SourceError(f"an unknown probe has no answers: {line!r}")
        return {**probe, "accepted_answers": [], "grading": "abstain"}
    if not accepted:
        raise SourceError(f"a probe needs an accepted answer: {line!r}")
    if not choices and {a.lower() for a in accepted} <= {"yes", "no"}:
        choices = ["yes", "no"]
    if not choices:
        raise SourceError(f"a probe needs answer choices: {line!r}")
    missing = [a for a in accepted if a not in choices]
    if missing:
        raise SourceError(f"accepted answers {missing} are not among the choices: {line!r}")
    if len(set(choices)) != len(choices):
        raise SourceError(f"duplicate choices: {line!r}")
    return {
        **probe,
        "accepted_answers": accepted,
        "answer_choices": choices,
        "grading": "multiple_choice_or_exact",
    }


def episodes(text: str, dataset: str) -> list[dict]:
    found: list[dict] = []
    last: datetime | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        try:
            if not line or line.startswith("#"):
                continue
            if line.startswith("=="):
                found.append({"dataset": dataset, "episode_id": line[2:].strip(), "events": []})
                last = None
                continue
            if not found:
                raise SourceError("an event before the first '== episode-id'")
            events = found[-1]["events"]
            if line.startswith("?"):
                if last is None:
                    raise SourceError("a probe before any turn")
                last += timedelta(minutes=1)
                events.append(_probe(line, last))
                continue
            stamp, _, said = line.partition("|")
            when = datetime.strptime(stamp.strip(), "%Y-%m-%d %H:%M")
            if last is not None and when <= last:
                raise SourceError(f"time {when} is not after {last}")
            if not said.strip():
                raise SourceError("a turn is 'YYYY-MM-DD HH:MM | text'")
            last = when
            events.append({"role": "user", "text": said.strip(), "time": when.isoformat()})
        except (SourceError, ValueError) as exc:
            raise SourceError(f"{dataset} line {number}: {exc}") from exc
    ids = [e["episode_id"] for e in found]
    if len(ids) != len(set(ids)):
        raise SourceError(f"{dataset}: duplicate episode ids")
    return found


def main() -> int:
    for name in SETS:
        source = HERE / f"{name}.txt"
        if not source.exists():
            continue
        built = episodes(source.read_text(encoding="utf-8"), f"recollect_{name}")
        lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in built)
        (HERE / f"{name}.jsonl").write_text(lines, encoding="utf-8")
        print(f"{name}.jsonl: {len(built)} episodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Grading a reply against a probe.

multiple_choice_or_exact: with yes/no choices, the first "yes" or "no" of the reply is its
answer; with other choices, the choice the reply names first (engines state current truth
first), a choice being named when at least half of its distinctive words appear; with no
choices, an accepted answer appearing in the reply. f1: SQuAD token F1, best over accepted
answers. abstain: right when the reply says it does not know.
"""

import re
import string
from collections import Counter

ABSTAIN = re.compile(
    r"\b(don't know|do not know|not sure|no idea|don't remember|nothing about)\b", re.I
)


def normalise(text: str) -> str:
    text = text.lower()
    text = "".join(c for c in text if c not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def f1(prediction: str, truth: str) -> float:
    pred, gold = normalise(prediction).split(), normalise(truth).split()
    common = Counter(pred) & Counter(gold)
    same = sum(common.values())
    if not pred or not gold or same == 0:
        return float(pred == gold)
    precision, recall = same / len(pred), same / len(gold)
    return 2 * precision * recall / (precision + recall)


def first_mention(reply: str, choice: str) -> int | None:
    """Where the reply first names `choice` (character offset), or None."""
    words = [w for w in normalise(choice).split() if len(w) > 1]
    if not words:
        return None
    text = normalise(reply)
    positions = []
    for word in words:
        found = re.search(rf"\b{re.escape(word)}\b", text)
        if found:
            positions.append(found.start())
    if len(positions) * 2 < len(words):
        return None
    return min(positions)


def picked_choice(reply: str, choices: list[str]) -> str | None:
    lowered = {c.lower() for c in choices}
    if lowered <= {"yes", "no"}:
        found = re.search(r"\b(yes|no)\b", reply, re.I)
        return found.group(1).lower() if found else None
    named = [(first_mention(reply, c), c) for c in choices]
    named = [(pos, c) for pos, c in named if pos is not None]
    return min(named)[1] if named else None


def grade(reply: str, *, grading: str, accepted: list[str], choices: list[str] | None) -> float:
    if grading == "abstain":
        return float(bool(ABSTAIN.search(reply)))
    if grading == "f1":
        return max((f1(reply, a) for a in accepted), default=0.0)
    if grading == "f1_multi":  # LoCoMo: several comma-separated parts, each scored on its own
        parts = [p for a in accepted for p in a.split(",") if p.strip()]
        return sum(f1(reply, p) for p in parts) / len(parts) if parts else 0.0
    if choices:
        picked = picked_choice(reply, choices)
        return float(picked is not None and picked.lower() in {a.lower() for a in accepted})
    text = normalise(reply)
    return float(any(normalise(a) and normalise(a) in text for a in accepted))

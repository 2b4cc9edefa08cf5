"""Grading a reply against a probe.

multiple_choice_or_exact:
- yes/no choices: the reply's first "yes" or "no" is its answer;
- other choices: the choice the reply names EARLIEST (engines state current truth first, then
  history). The reply and each choice are split into lower-case words (any punctuation,
  Unicode dashes included, separates words; articles are dropped). A choice is named where a
  run of reply words from the choice (fillers like "of" and single stray words allowed
  inside; a word may carry a short ending, "Australian" for "Australia") holds all of its
  content words, or holds distinctive ones (content words no other choice has) and at least
  half of its content words, or two or more distinctive words making half of them (a day
  number's ordinal ending is dropped: "21st" is "21"). At the
  same position the run covering more of its words wins, so "Philadelphia Union II" names
  "Philadelphia Union II", not "Philadelphia Union";
- no choices: an accepted answer appears in the reply (normalised).
f1: SQuAD token F1 (lowercase, no punctuation, no articles), best over accepted answers.
f1_multi: LoCoMo's several comma-separated parts, each scored on its own, averaged.
abstain: right when the reply says it does not know.
"""

import re
import string
import unicodedata
from collections import Counter
from dataclasses import dataclass

ABSTAIN = re.compile(
    r"\b(don't know|do not know|not sure|no idea|don't remember|nothing about)\b", re.I
)
# Words that never tell two choices apart on their own ("Bishop of Truro", "Stoke City F.C.").
BOUNDARY = "<|>"
_BOUNDARY = re.compile(r"(?<!\b\w)[.!?;:](?:\s|$)|[()\[\]\n]|\s[-–—/•]\s")
# "21st" names the same day as "21" ("June 21st" for the choice "21 June").
_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
FILLER = frozenset("of for and in at to on de del la le von van fc afc cf sc bc s".split())


def normalise(text: str) -> str:
    """SQuAD's answer normalisation (for F1 and exact match)."""
    text = text.lower()
    text = "".join(c for c in text if c not in set(string.punctuation))
    text = re.sub(r"\b(a|an|the)\b", " ", text)
    return " ".join(text.split())


def words(text: str) -> list[str]:
    """Lower-case words for choice matching: every punctuation mark separates words, and the
    end of a sentence, a bracket or a list dash becomes BOUNDARY (a mention never spans it)."""
    parts = _BOUNDARY.split(unicodedata.normalize("NFKD", text.lower()))
    found: list[str] = []
    for part in parts:
        part = "".join(
            " " if unicodedata.category(c).startswith(("P", "S")) else c
            for c in part
            if not unicodedata.combining(c)
        )
        found += [_ORDINAL.sub(r"\1", w) for w in part.split() if w not in ("a", "an", "the")] + [
            BOUNDARY
        ]
    return found[:-1]


def f1(prediction: str, truth: str) -> float:
    pred, gold = normalise(prediction).split(), normalise(truth).split()
    common = Counter(pred) & Counter(gold)
    same = sum(common.values())
    if not pred or not gold or same == 0:
        return float(pred == gold)
    precision, recall = same / len(pred), same / len(gold)
    return 2 * precision * recall / (precision + recall)


@dataclass(frozen=True)
class Mention:
    position: int  # index of the reply word where the run starts
    covered: int  # how many of the choice's content words the run holds


def content_words(choice: str) -> set[str]:
    # Initials ("F.C.", "W.F.C.") split into single letters, which name nothing on their own.
    every = {w for w in words(choice) if w != BOUNDARY}
    found = {w for w in every if w not in FILLER and not (len(w) == 1 and w.isalpha())}
    return found or every


def _as_choice_word(word: str, choice: set[str]) -> str | None:
    """The choice's word this reply word stands for: the same word, or the same word with a
    short ending ("Australian" for "Australia", "senators" for "senator")."""
    if word in choice:
        return word
    for own in choice:
        longer, shorter = (word, own) if len(word) > len(own) else (own, word)
        if len(shorter) >= 5 and longer.startswith(shorter) and len(longer) - len(shorter) <= 2:
            return own
    return None


def _names(run: set[str], own: set[str], choice: set[str], distinctive: set[str]) -> bool:
    if run == choice:
        return True
    if not own:
        return False
    # One generic distinctive word ("minister") is not enough for half of the distinctive ones.
    return 2 * len(run) >= len(choice) or (len(own) >= 2 and 2 * len(own) >= len(distinctive))


def first_mention(reply: list[str], choice: set[str], distinctive: set[str]) -> Mention | None:
    """Where `reply` (its words) first names a choice with these content words: a run of
    reply words from the choice (fillers and single stray words allowed inside the run)."""
    mapped = [_as_choice_word(w, choice) for w in reply]
    index = 0
    while index < len(reply):
        if mapped[index] is None:
            index += 1
            continue
        run, end = set(), index
        while end < len(reply):
            if mapped[end] is not None:
                run.add(mapped[end])
            elif reply[end] == BOUNDARY:
                break
            elif (
                reply[end] not in FILLER
                and len(reply[end]) > 1
                and not (end + 1 < len(reply) and mapped[end + 1] is not None)
            ):
                break  # two stray words in a row end the run
            end += 1
        own = run & distinctive
        if _names(run, own, choice, distinctive):
            return Mention(index, len(run))
        index = end + 1
    return None


def picked_choice(reply: str, choices: list[str]) -> str | None:
    lowered = {c.lower() for c in choices}
    if lowered <= {"yes", "no"}:
        found = re.search(r"\b(yes|no)\b", reply, re.I)
        return found.group(1).lower() if found else None
    reply_words = words(reply)
    content = [content_words(c) for c in choices]
    named = []
    for index, (choice, own) in enumerate(zip(choices, content, strict=True)):
        others = set().union(*(c for i, c in enumerate(content) if i != index))
        mention = first_mention(reply_words, own, own - others)
        if mention:
            named.append((mention.position, -mention.covered, index, choice))
    return min(named)[3] if named else None


def chance(*, grading: str, accepted: list[str], choices: list[str] | None) -> float | None:
    """The expected score of picking one of the choices at random (None without choices)."""
    if grading != "multiple_choice_or_exact" or not choices:
        return None
    right = {a.lower() for a in accepted}
    return sum(c.lower() in right for c in choices) / len(choices)


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

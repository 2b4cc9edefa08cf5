"""Yes/no questions that name a day: "Is my surgery on April 9?", "Was the first exam of my
master's on 14 May?". They ask when the thing is, then compare: the "when" question is
answered by the same steps as any other (dates told, corrections applied), and the day it
gives says yes or no. A question whose "when" finds no day is left to the yes/no steps."""

import re
from collections.abc import Callable

from memory.nlp.corrections import WEEKDAYS
from memory.pipeline.dates import MONTH_WORDS

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
DATE = rf"(?:{_MONTH}\s+{_DAY}|{_DAY}\s+(?:of\s+)?{_MONTH}|the\s+{_DAY}|{_WEEKDAY})"
ASKED = re.compile(
    rf"^\s*(?P<aux>is|was|are|were|will|does|did)\s+(?P<what>.+?)\s+(?:on|for)\s+"
    rf"(?P<date>{DATE})\s*\??\s*$",
    re.I,
)


def when_asked(question: str) -> tuple[str, str] | None:
    """The "when" question a dated yes/no question asks, and the day it names."""
    found = ASKED.match(question)
    if found is None:
        return None
    aux = found["aux"].lower()
    return f"When {aux} {found['what']}?", found["date"]


def day_of(text: str) -> tuple[int | None, int | None, str | None]:
    """(month, day, weekday) said first in `text`, each None when not said; a month by its
    name or its usual short form ("Apr", "Sept"), as the date readers know them."""
    words = re.findall(r"[a-z]+", text.lower())
    month = next((MONTH_WORDS[w] for w in words if w in MONTH_WORDS), None)
    day = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?\b", text)
    weekday = next((w.removesuffix("s") for w in words if w.removesuffix("s") in WEEKDAYS), None)
    return month, int(day[1]) if day else None, weekday


def same_day(asked: str, said: str) -> bool | None:
    """Whether the day said is the day asked; None when the answer names no day to compare."""
    a_month, a_day, a_weekday = day_of(asked)
    s_month, s_day, s_weekday = day_of(said)
    if a_weekday:
        return None if s_weekday is None else a_weekday == s_weekday
    if a_day is None or s_day is None:
        return None
    if a_month and s_month and a_month != s_month:
        return False
    return a_day == s_day


def answer(question: str, ask: Callable[[str], str]) -> str | None:
    """ "No, on 16 April." for "Is my surgery on April 9?" after it was put right; None when
    the question names no day or its "when" gives none."""
    asked = when_asked(question)
    if asked is None:
        return None
    when, date = asked
    said = ask(when)
    same = same_day(date, said)
    if same is None:
        return None
    return f"{'Yes' if same else 'No'}. {said}"

"""Yes/no questions that name a day: "Is my surgery on April 9?", "Was the first exam of my
master's on 14 May?". They ask when the thing is, then compare: the "when" question is
answered by the same steps as any other (dates told, corrections applied), and the day it
gives says yes or no. A question whose "when" finds no day is left to the yes/no steps."""

import re
from collections.abc import Callable

MONTHS = (
    "january february march april may june july august september october november december"
).split()
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
    """(month, day, weekday) said in `text`, each None when not said."""
    low = text.lower()
    month = next((k + 1 for k, m in enumerate(MONTHS) if _named_month(m, low)), None)
    day = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?\b", low)
    weekday = re.search(rf"\b({_WEEKDAY})s?\b", low)
    return month, int(day[1]) if day else None, weekday[1] if weekday else None


def _named_month(month: str, text: str) -> bool:
    """The month said whole or by its usual short form ("Apr", "Sept"), as a word."""
    forms = {month, month[:3], "sept"} if month == "september" else {month, month[:3]}
    return any(re.search(rf"\b{form}\b\.?", text) for form in forms)


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

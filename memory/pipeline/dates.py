"""When something happened, as the user said it: a date they gave ("on March 1st", "in 2019"),
a relative one counted from the day they said it ("last month" said in June is May, "two
weeks ago"), else the day it was said."""

import re
from datetime import datetime, timedelta

from memory.models import Fact
from memory.nlp import stem
from memory.nlp.corrections import WEEKDAYS
from memory.pipeline.guard import slot_name
from memory.pipeline.speech import day, sentence

DAY_OF_MONTH = re.compile(r"\d{1,2}(st|nd|rd|th)?", re.I)
MONTHS = (
    "January February March April May June July August September October November December"
).split()
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
NUMBERS |= {"seven": 7, "eight": 8, "nine": 9, "ten": 10, "couple": 2, "few": 3}
AGO = re.compile(
    r"\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few)"
    r"\s+(day|week|month|year)s?\s+ago\b",
    re.I,
)
LAST = re.compile(r"\b(yesterday|last (week|month|year))\b", re.I)


def on_date(fact: Fact) -> str:
    """When it happened: a date the user gave, a relative one ("last month", "two weeks
    ago") counted from the day it was said, else the day it was said."""
    stated = stated_date(fact)
    if stated:
        has_day = any(DAY_OF_MONTH.fullmatch(w.strip(",.")) for w in stated.split())
        return sentence(f"{'on' if has_day else 'in'} {capitalised(stated)}")
    counted = relative_date(fact)
    return sentence(counted or f"on {day(fact.created_at)}")


def stated_date(fact: Fact) -> str | None:
    """A date the user gave for it ("moved to Berlin in 2019", "since 2020"), when it names a
    year or a month; relative ones ("last week") are left to the message's own date, and a
    length of time ("about 3 years", "15 years old") is no date at all. The sentence that
    names the fact's value, or for a fact without one ("I've been running since 2020") the
    sentence of its verb."""
    from memory.nlp.parse import parse_entities
    from memory.pipeline.update import split_speaker

    message = fact.source_message
    if message is None:
        return None
    verb = slot_name(fact.relation).split("_")[0].split(":")[-1]
    _, body = split_speaker(message.text, "")
    for sent in parse_entities(body).sents:
        if fact.object:
            if fact.object.lower() not in sent.text.lower():
                continue
        elif not any(stem(t.lower_) == stem(verb) for t in sent):
            continue  # ("quit smoking": the gerund is often tagged a noun, lemma "smoking")
        for ent in sent.ents:
            relative = {w.lower() for w in ent.text.split()} & RELATIVE
            if (
                ent.label_ == "DATE"
                and not relative
                and (YEAR.search(ent.text) or MONTH.search(ent.text))
                and not (len(ent) == 1 and made_in(ent[0]))  # ("bought a 2016 transit")
            ):
                return ent.text
    return None


# Dates said relative to the day they were said: that day is the answer, not the words.
RELATIVE = {"yesterday", "today", "tomorrow", "ago", "last", "next", "this", "tonight"}
YEAR = re.compile(r"\b(19|20)\d\d\b")
MONTH = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.I)


def happened_at(fact: Fact) -> datetime:
    """When it happened, as a point in time for ordering: the year and month the user gave
    ("last May", "in 2021"), a relative date counted back, else the moment it was said
    ("kuba started fencing last week ... back in june he tried chess": chess came first,
    though told second)."""
    message = fact.source_message
    said = (message.sent_at if message is not None else None) or fact.created_at
    text = message.text if message is not None else fact.text
    last = LAST_MONTH.search(text)
    if last:  # "went to Italy last May", said in January: May of the year before
        month = MONTH_ABBREVIATIONS.index(last.group(1).lower()[:3]) + 1
        return _month_before(said, month, strictly=True)
    stated = stated_date(fact)
    if stated:
        year, month = YEAR.search(stated), MONTH.search(stated)
        number = MONTH_ABBREVIATIONS.index(month.group(1).lower()) + 1 if month else 1
        if year:
            return said.replace(year=int(year.group(0)), month=number, day=1)
        if told_as_past(text):  # "back in june he tried chess", said in March
            return _month_before(said, number, strictly=False)
        return said.replace(month=number, day=1) if number >= said.month else said
    back = time_back(text)
    return said - timedelta(days=back[1] * UNIT_DAYS[back[0]]) if back else said


def _month_before(said: datetime, month: int, *, strictly: bool) -> datetime:
    year = said.year if month < said.month or (month == said.month and not strictly) else None
    return said.replace(year=year or said.year - 1, month=month, day=1)


LAST_MONTH = re.compile(r"\blast (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.I)


def told_as_past(text: str) -> bool:
    from memory.nlp.parse import parse

    return any(t.tag_ == "VBD" for t in parse(text))


UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
MONTH_ABBREVIATIONS = [m[:3].lower() for m in MONTHS]


def capitalised(text: str) -> str:
    """ "march 1st" -> "March 1st"."""
    return " ".join(
        w.capitalize() if w.lower() in {m.lower() for m in MONTHS} else w for w in text.split()
    )


def relative_date(fact: Fact) -> str | None:
    """ "got promoted last month" said on 10 June -> "in May 2025"; "two weeks ago" -> the day."""
    message = fact.source_message
    if message is None:
        return None
    back = time_back(message.text)
    return counted_back(message.sent_at or fact.created_at, *back) if back else None


def time_back(text: str) -> tuple[str, int] | None:
    """ "two weeks ago" -> ("week", 2); "last month" -> ("month", 1); "yesterday" -> ("day", 1)."""
    ago = AGO.search(text)
    if ago:
        word, unit = ago.group(1).lower(), ago.group(2).lower()
        return unit, int(word) if word.isdigit() else NUMBERS.get(word.split()[-1], 1)
    last = LAST.search(text)
    return ((last.group(2) or "day").lower(), 1) if last else None


def counted_back(said: datetime, unit: str, count: int) -> str:
    if unit == "year":
        return f"in {said.year - count}"
    if unit == "month":
        month = (said.month - 1 - count) % 12
        year = said.year + (said.month - 1 - count) // 12
        return f"in {MONTHS[month]} {year}"
    days = count * (7 if unit == "week" else 1)
    return f"on {day(said - timedelta(days=days))}"


# -- a date said in a sentence, as a phrase ("in January 2026", "on 24 July 2025") ----------

MONTH_NAMES = {m.lower() for m in MONTHS}
MONTH_WORDS = {m.lower(): k for k, m in enumerate(MONTHS, 1)}
MONTH_WORDS |= {m[:3].lower(): k for k, m in enumerate(MONTHS, 1)} | {"sept": 9}
# Words before "may" that make it the month, not the verb ("in may", "since may").
MAY_CUES = {"in", "on", "of", "since", "until", "till", "til", "from", "by", "early", "late"}
MAY_CUES |= {"mid", "end", "last", "next", "this", "before", "after", "around", "the"}
ORDINAL = re.compile(r"^([12]?\d|3[01])(st|nd|rd|th)?$", re.I)
STEP = {"day": 1, "night": 1, "week": 7, "weekend": 7, "month": 30, "year": 365}


# Days of the year named by their feast (day, month): "had the baby on Christmas Eve". (Those
# that move with the moon or the week, Easter or Thanksgiving, name no day of their own.)
HOLIDAYS = {
    "christmas eve": (24, 12),
    "christmas day": (25, 12),
    "boxing day": (26, 12),
    "new year's eve": (31, 12),
    "new years eve": (31, 12),
    "new year's day": (1, 1),
    "new years day": (1, 1),
    "valentine's day": (14, 2),
    "valentines day": (14, 2),
    "halloween": (31, 10),
    "st patrick's day": (17, 3),
}
HOLIDAY = re.compile(r"\b(" + "|".join(re.escape(h) for h in HOLIDAYS) + r")\b", re.I)


def made_in(year) -> bool:
    """Whether a year names the model or make of a thing, said before its noun ("a 2017
    crafter", "my 2009 Corolla")."""
    thing = year.head
    named = year.dep_ in ("nummod", "compound", "amod") and thing.pos_ in ("NOUN", "PROPN")
    # (a thing got or had: "the 2024 season was our best" names a time)
    return named and thing.i > year.i and thing.dep_ == "dobj" and thing.head.lemma_ in HAD


HAD = {"buy", "get", "have", "own", "drive", "ride", "sell", "find", "pick", "order"}


def said_in(sent, said_at: datetime) -> str | None:
    """The date a sentence's own words give ("due in january", "on the 24th"), resolved
    against the day it was said where the words count from it: "last october" said in
    January is October of the year before, "yesterday" the day before. A value set aside
    ("not the 9th", "I said the 20th") is no date; a length of time ("for 6 weeks") is none."""
    from memory.nlp.corrections import cued, retracted
    from memory.nlp.parse import child

    taken_back = retracted(sent)  # "earlier I said the 20th, it's actually the 24th"
    tokens = [t for t in sent if not _denied(t) and t.text != taken_back]
    month = next((t for t in tokens if _is_month(t)), None)
    # (not a thing's year: "bought a 2017 crafter", "a 1998 camper", said before its noun)
    year = next(
        (t for t in tokens if t.like_num and YEAR.fullmatch(t.text) and not made_in(t)), None
    )
    if month is not None and year is not None and abs(month.i - year.i) > 3:
        # two dates, not one: "Paddy passed in 2019, it'll be seven years in March"
        if year.i < month.i:
            return f"in {year.text}"
        year = None
    if month is not None:
        number = MONTH_WORDS[month.lower_.rstrip(".")]
        date_of = day_beside(month)
        before = month.i > 0 and month.doc[month.i - 1].lower_
        label = MONTHS[number - 1]
        if year is not None:
            label += f" {year.text}"
        elif before == "last":  # "since last october", said in January
            label += f" {said_at.year - (number >= said_at.month)}"
        # (otherwise the year is left unsaid, as the user left it: "due in january")
        if not date_of:
            return f"in {label}"
        return f"on {_weekday_before(_first_of(month))}{date_of} {label}"
    if year is not None:
        return f"in {year.text}"
    feast = HOLIDAY.search(sent.text.replace("’", "'"))
    if feast is not None:
        day, number = HOLIDAYS[feast.group(1).lower()]
        return f"on {day} {MONTHS[number - 1]}"
    ordinals = [t for t in tokens if ORDINAL.match(t.text) and t.text[-2:].isalpha()]
    # "3rd grade", "the 2nd floor": an ordinal that counts a noun is no day
    ordinals = [t for t in ordinals if not (t.dep_ == "amod" and t.head.pos_ == "NOUN")]
    if ordinals:
        # "I said the 20th, it's actually the 24th": the day put right is said last
        said = any(t.lemma_ == "say" and child(t, "nsubj") is not None for t in sent)
        ordinal = ordinals[-1] if said or cued(sent.text) else ordinals[0]
        return _day_of_month(ordinal, said_at, weekday=_weekday_before(ordinal))
    return _relative(sent.text, said_at)


def _day_of_month(ordinal, said_at: datetime, *, weekday: str = "") -> str:
    """ "started on the 1st" said on 27 March is 1 March; "the closing is the 24th" said on 10
    July is 24 July: the nearest such day before the message for what has happened, after it
    for what is to come."""
    from memory.nlp.parse import governing_verb

    number = int(re.match(r"\d+", ordinal.text).group(0))
    verb = governing_verb(ordinal)
    # (or a verb joined to it before the day, where the parser hung the day on the first:
    # "she lives in São Roque and started at the hospital on the 15th")
    joined = [c for c in verb.children if c.dep_ == "conj" and c.i < ordinal.i] if verb else []
    happened = any(v.tag_ in ("VBD", "VBN") for v in [verb, *joined] if v is not None)
    # ("moved my appointment to Friday the 13th": the day moved to is still to come)
    prep = next((a for a in ordinal.ancestors if a.dep_ == "prep"), None)
    happened = happened and not (prep is not None and prep.lower_ in ("to", "until", "till"))
    year, month = said_at.year, said_at.month
    if happened and number > said_at.day:
        year, month = (year - 1, 12) if month == 1 else (year, month - 1)
    elif not happened and number < said_at.day:
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    if weekday and not _falls_on(year, month, number, weekday):
        # "Friday the 13th": the month, either side, whose 13th is a Friday
        step = -1 if happened else 1
        later = month + step
        year, month = (year + (later - 1) // 12, (later - 1) % 12 + 1)
    return f"on {weekday}{number} {MONTHS[month - 1]}"


def _falls_on(year: int, month: int, number: int, weekday: str) -> bool:
    try:
        return datetime(year, month, number).strftime("%A").lower() == weekday.split()[0].lower()
    except ValueError:
        return False


def _weekday_before(token) -> str:
    """ "tuesday the 25th", "saturday, 27 december": the day of the week said just before a
    date, kept in the answer ("On Tuesday 25 November."), unless set aside ("not friday")."""
    for t in reversed(token.doc[max(token.i - 3, 0) : token.i]):
        if t.lower_ in WEEKDAYS:
            return "" if _denied(t) else f"{t.lower_.capitalize()} "
        if not (t.is_punct or t.lower_ in ("the", "on")):
            return ""
    return ""


def _first_of(month):
    """The first word of a date written around its month ("the 24th of july": "24th")."""
    day = _day_token(month)
    return day if day is not None and day.i < month.i else month


def _denied(token) -> bool:
    window = token.doc[max(token.i - 2, 0) : token.i]
    return any(t.lower_ in ("not", "never") for t in window)


def _is_month(token) -> bool:
    low = token.lower_.rstrip(".")
    if low not in MONTH_WORDS:
        return False
    if low == "may":  # the month, not the verb: "in may", "may 5"
        before = token.doc[token.i - 1].lower_ if token.i else ""
        return before in MAY_CUES or bool(day_beside(token))
    if low not in MONTH_NAMES:
        return bool(day_beside(token))  # "jan", "mar" are words too, unless dated: "mar 3"
    return True


def day_beside(month) -> str:
    """ "may 5", "14 september", "the 24th of july": the day of the month said with it."""
    day = _day_token(month)
    return ORDINAL.match(day.text).group(1) if day is not None else ""


def _day_token(month):
    doc = month.doc
    near = [doc[i] for i in (month.i - 1, month.i - 2, month.i + 1) if 0 <= i < len(doc)]
    for t in near:
        if ORDINAL.match(t.text) and (t.i != month.i - 2 or doc[month.i - 1].lower_ == "of"):
            return t
    return None


def _relative(text: str, said_at: datetime) -> str | None:
    low = text.lower()
    back = time_back(low)
    if back:
        return counted_back(said_at, *back)
    last = re.search(r"\blast (weekend|night)\b", low)
    if last:
        return f"on {day(said_at - timedelta(days=STEP[last.group(1)]))}"
    forward = re.search(r"\b(tomorrow|next (week|month|year))\b", low)
    if forward:
        unit = forward.group(2) or "day"
        if unit == "month":
            month = said_at.month % 12
            return f"in {MONTHS[month]} {said_at.year + (said_at.month == 12)}"
        if unit == "year":
            return f"in {said_at.year + 1}"
        return f"on {day(said_at + timedelta(days=STEP[unit]))}"
    return None


NEARLY = 0.15  # how much less close to the question a statement that gives the date may be
NEAREST = 10  # the statements closest to the question read for a date


def dated_beside(evidence, facts: list[Fact]) -> Fact:
    """The fact whose date answers "when": the closest one, or, when it names no date, one
    nearly as close that does ("my dad's getting remarried", then "wedding's set for May
    17": what month did they get married?)."""
    first = facts[0]
    if relative_date(first) or stated_date(first):
        return first
    close = sorted(evidence.facts, key=lambda f: -evidence.similarity.get(f.pk, 0.0))
    best = evidence.similarity.get(first.pk, 0.0)
    # (about whom the question asks: "Orla's wedding is set for 14 June", not "Baraka leaves
    # in January" said beside it; what the user tells is of their own life)
    name = first.subject.split("'s ")[0].lower()
    mine = first.subject == evidence.speaker
    for fact in close[:NEAREST]:
        near = evidence.similarity.get(fact.pk, 0.0) >= best - NEARLY
        about = mine or name and name in fact.text.lower()
        elsewhere = fact.source_message_id != first.source_message_id
        if near and about and elsewhere and stated_date(fact):
            return fact
    return first

"""The day of the week something happens on: "which day do I work at the cinema?", "what night
do the Otters practise?", "what day is the stokvel meeting now?". People say a weekday as a
plural, a modifier or a bare list ("popcorn counter on saturdays", "the Sunday mahaprasad",
"scrims mon wed fri"), seldom as a slot's value, so the user's messages are read again, as
put right ("*tues and thurs"; "Oops, Fridays." right after the message it mends).

The sentence that names a weekday and shares the most words with what is asked answers; of
those nearly as close, the newest (a change: "the stokvel has moved from Thursdays to
Saturdays"). In it, the days a change leaves ("from Thursdays", "instead of every Thursday")
are left out, and of the rest, the run of days said closest to the asked words is the answer
("volleyball tues+thurs and the robotics club on fridays")."""

import re
from dataclasses import dataclass
from datetime import datetime

from memory import nlp, selectors
from memory.nlp import repair
from memory.nlp.parse import Token, parse
from memory.nlp.predicates import DAY_JOINERS, LOOSE_DAYS, MONTH_NAMES, WEEKDAYS, weekday_of
from memory.pipeline.question import Evidence
from memory.pipeline.speech import join, sentence

ASKED = re.compile(
    r"\b(?:which|what)\s+(?:\w+\s+)?(?:day|days|night|nights|evening|evenings|morning|mornings"
    r"|afternoon|afternoons)\b",
    re.I,
)
DATED = re.compile(rf"\b(?:date|{'|'.join(MONTH_NAMES)})\b", re.I)
PAST = re.compile(r"\b(?:did|was|were|had)\b", re.I)
# (and "d", of "wed" split by the tokenizer: `wed` below)
JOINING = DAY_JOINERS | {"-", "d"}
# Words just before a day that leave it ("moved from Thursdays to Saturdays", "instead of
# every Thursday", "not saturdays").
LEFT = {"from", "instead", "not", "longer", "than", "was", "were", "used"}
READ = 400  # the user's newest messages read again, oldest first
ASKING = {"day", "days", "night", "nights", "evening", "evenings", "morning", "mornings"}
ASKING |= {"afternoon", "afternoons", "which", "what", "now", "still", "usually", "these"}
ASKING |= {"week", "normally", "currently", "again", "do", "does", "did", "is", "are", "go"}


@dataclass(frozen=True)
class Said:
    at: datetime
    text: str


def answer(evidence: Evidence) -> str | None:
    """ "On Sundays." for a question asking which day of the week, or None."""
    intent = evidence.intent
    if intent.yes_no or intent.wants_past or not ASKED.search(intent.text):
        return None
    if DATED.search(intent.text) or PAST.search(intent.text):
        # "Which day in March does Gunnar start?", "What day did Tim get into the program?":
        # a date, not a weekly day
        return None

    asked = asked_words(intent.text)
    if not asked:
        return None
    rows = selectors.said_before(user_id=evidence.user_id, at=evidence.asked_at)
    newest = rows.order_by("-sent_at", "-pk").values_list("sent_at", "text")[:READ]
    found = []
    for said in meant(reversed(list(newest))):
        context: set[str] = set()
        for part in nlp.sentences(said.text):
            doc = parse(part)
            # ("a weekend job at the cinema!!! popcorn counter on sundays": a sentence with
            # no subject goes on about what the one before it named)
            shared = len(asked & (stems(doc) | (context if fragment(doc) else set())))
            context = stems(doc)
            days = named_days(doc)
            if shared and days:
                found.append((shared, said.at, days, doc))
    if not found:
        return None
    closest = max(shared for shared, *_ in found)
    # (of the sentences nearly as close as the closest, the newest says what holds now)
    near = [f for f in found if f[0] * 2 >= closest]
    _shared, _at, days, doc = max(near, key=lambda f: (f[1], f[0]))
    chosen = nearest_run(doc, days, asked)
    if not chosen:
        return None
    return sentence(f"on {join([WEEKDAYS[d].capitalize() + 's' for d in chosen])}")


def meant(rows) -> list[Said]:
    """The messages that name a weekday, each as put right by itself or by a later message
    that corrects it: the one right after it ("Oops, Fridays. Thursday is my sister's bridge
    day"), or one further on that says the wrong day it had ("Correction, I told you wrong
    about my shifts. It's Monday and Friday afternoons, not Thursday")."""
    out: list[Said] = []
    previous_named = False
    for at, text in rows:
        named = bool(day_words(text))
        if not named:
            previous_named = False
            continue
        if out and repair.corrects_earlier(text):
            at_fixed = _put_right(out, text, adjacent=previous_named)
            if at_fixed is not None and at_fixed == len(out) - 1 and previous_named:
                continue  # (said right after it: "Oops, Fridays." says no more than that)
        out.append(Said(at, repair.meant(text) or text))
        previous_named = True
    return out


LOOKED_BACK = 5  # the messages naming a weekday that a correction further on may mend


def _put_right(out: list[Said], text: str, *, adjacent: bool) -> int | None:
    """Mend the message `text` corrects in `out`, in place; its index, or None."""
    for i in range(len(out) - 1, max(len(out) - 1 - LOOKED_BACK, -1), -1):
        fixed = repair.repaired(text, before=out[i].text)
        if fixed is None:
            continue
        if not day_words(fixed.right):
            continue  # (a day is put right by a day)
        said = set(day_words(out[i].text))
        if (adjacent and i == len(out) - 1) or set(day_words(fixed.wrong)) & said:
            out[i] = Said(out[i].at, fixed.text)
            return i
    return None


def day_words(text: str) -> list[str]:
    words = re.findall(r"[a-z]+", text.lower())
    return [w for w in words if weekday_of(w) is not None and w not in LOOSE_DAYS]


def named_days(doc) -> list[Token]:
    """The tokens of `doc` naming a weekday; "sun" and "sat" only next to another day."""
    # (the tokenizer reads "wed" as "we'd": "scrims mon wed fri")
    named = [t for t in doc if weekday_of(t.text) is not None or wed(t)]
    out = []
    for t in named:
        if one_day(t):
            continue  # "thursday the 22nd": a date, which the date readers answer
        if t.lower_.rstrip("s") in LOOSE_DAYS:
            beside = [o for o in named if o.i != t.i and abs(o.i - t.i) <= 2]
            if not beside:
                continue
        out.append(t)
    return out


def one_day(day: Token) -> bool:
    """A weekday said with its day of the month ("thursday the 22nd", "Friday 14 March")."""
    if day.lower_.endswith("days"):
        return False  # ("Tuesdays 5 to 7": every week)
    after = [t.lower_ for t in day.doc[day.i + 1 : day.i + 4]]
    ordinal = any(re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)", t) for t in after)
    return ordinal or after[:1] == ["the"] and any(t.isdigit() for t in after[1:2])


def wed(token: Token) -> bool:
    """ "wed" read as "we'd" by the tokenizer ("scrims mon wed fri")."""
    after = token.nbor(1) if token.i + 1 < len(token.doc) else None
    return (
        token.lower_ == "we" and not token.whitespace_ and after is not None and after.lower_ == "d"
    )


def day_number(token: Token) -> int | None:
    return 2 if wed(token) else weekday_of(token.text)


def asked_words(question: str) -> set[str]:
    """The stems of what the question asks the day of ("kaylee", "volleyball", "practic")."""
    doc = parse(question)
    return {
        stem(t.lower_)
        for t in doc
        if t.pos_ in ("NOUN", "PROPN", "VERB", "ADJ")
        and not t.is_stop
        and t.lower_ not in ASKING
        and weekday_of(t.text) is None
    }


def stem(word: str) -> str:
    # ("practise" and "practice", "meeting" and "meet": one word, however spelt)
    return nlp.stem(word)[:6]


def fragment(doc) -> bool:
    """A sentence whose main clause has no subject ("popcorn counter on sundays, ...")."""
    root = doc[:].root
    return root.pos_ not in ("VERB", "AUX") or not any(
        c.dep_ in ("nsubj", "nsubjpass", "expl") for c in root.children
    )


def stems(doc) -> set[str]:
    return {stem(t.lower_) for t in doc if t.is_alpha and not t.is_stop}


def nearest_run(doc, days: list[Token], asked: set[str]) -> list[int]:
    """The run of days said closest to the asked words, without those a change leaves."""
    kept = [t for t in days if not left(t)] or days
    runs: list[list[Token]] = []
    for t in kept:
        between = doc[runs[-1][-1].i + 1 : t.i] if runs else None
        if between is not None and all(w.lower_ in JOINING for w in between):
            runs[-1].append(t)
        else:
            runs.append([t])
    # (none in a sentence that goes on from the one before it: its first days)
    marks = [t.i for t in doc if stem(t.lower_) in asked] or [0]

    def distance(run: list[Token]) -> int:
        return min(abs(t.i - m) for t in run for m in marks)

    run = min(runs, key=distance)
    return sorted({day_number(t) for t in run})


def left(day: Token) -> bool:
    """Whether a change or a denial leaves the day ("from Thursdays", "instead of every
    Thursday", "not saturdays", "mon/wed was summer camp")."""
    before = {t.lower_ for t in day.doc[max(day.i - 3, 0) : day.i]}
    after = day.doc[day.i + 1] if day.i + 1 < len(day.doc) else None
    moved_to = any(t.lower_ == "to" for t in day.doc[day.i + 1 : day.i + 4])
    if "from" in before and moved_to:
        return True
    return bool(before & (LEFT - {"from"})) or (after is not None and after.lower_ in ("was",))

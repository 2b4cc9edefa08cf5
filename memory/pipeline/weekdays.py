""" "What day does Sharon help in the canteen now?", "What day did Sharon use to do?": the
weekday said beside a person's name ("Sharon on Mondays", "Reg Tuesday, me Wednesday",
"Deb and Col aren't Wednesdays, they're Thursdays"), in the newest message that says one, or
for the past, the one before it. A rota is said in lists more than in clauses, so this reads
the messages' words, not the facts' slots."""

import re

from memory import nlp, selectors
from memory.pipeline.amend import put_right
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence

# (a day something is done on, "does", not a date something is: "what day is her party?")
ASKS_DAY = re.compile(r"^\s*(?:on )?(?:what|which) days? (?:do|does|did)\b", re.I)
WEEKDAY = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.I)
DENIED = re.compile(r"(?:\bnot|n['’]t|\bno longer|\binstead of)\s+(?:on\s+)?$", re.I)
# What may stand between a name and its day: a few words, no other person's clause
# ("Sharon and Priyanka have swapped days, Priyanka's little one ... on Friday").
GAP_WORDS = 8
OTHER_CLAUSE = re.compile(r"[,.;!?]\s*(?:[\w'’]+\s+){0,2}[A-Z]|[A-Z][\w-]*['’]s\b")
READ = 200  # the user's newest messages read


def day_of(text: str, name: str) -> str | None:
    """The weekday said of `name` in `text` (the first one after it, or one said just
    before it: "it's the Wednesday Maura brings the shopping"), or None."""
    for found in re.finditer(rf"\b{re.escape(name)}\b", text, re.I):
        before = list(WEEKDAY.finditer(text[max(found.start() - 20, 0) : found.start()]))
        if before:
            gap = text[max(found.start() - 20, 0) : found.start()][before[-1].end() :]
            if not gap.strip():  # (right before the name, nothing between)
                return before[-1].group(1).capitalize() + "day"
        rest = text[found.end() :]
        for day in WEEKDAY.finditer(rest):
            gap = rest[: day.start()]
            if len(gap.split()) > GAP_WORDS or OTHER_CLAUSE.search(gap):
                break
            if DENIED.search(gap):
                continue  # ("aren't Wednesdays, they're Thursdays")
            return day.group(1).capitalize() + "day"
    return None


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    subject = intent.subject or ""
    if intent.yes_no or not ASKS_DAY.search(intent.text) or not subject:
        return None
    if nlp.same_entity(subject, evidence.speaker) or subject[:1].islower():
        return None  # (the user's own days are in their facts' slots)
    name = subject.split(" and ")[0].split()[0]
    rows = selectors.said_before(user_id=evidence.user_id, at=evidence.asked_at)
    resolved = days_in_facts(evidence, name)
    days: list[str] = []
    for message in rows.order_by("-sent_at", "-pk")[:READ]:
        said = day_of(put_right(message) or message.text, name) or resolved.get(message.pk)
        if said and (not days or said != days[-1]):
            days.append(said)
    if not days:
        return None
    if intent.wants_past:
        return sentence(f"on {days[1]}s") if len(days) > 1 else None
    return sentence(f"on {days[0]}s")


def days_in_facts(evidence: Evidence, name: str) -> dict[int, str]:
    """The weekday a message's facts give `name` where its words name them by a pronoun
    ("sal's wife rang ... he's taking saturdays now instead of sundays"): message id -> day."""
    found: dict[int, str] = {}
    for fact in selectors.told_of(user_id=evidence.user_id, subject=name):
        day = WEEKDAY.fullmatch(fact.object.strip())
        if day and "not:" not in fact.relation and fact.source_message_id is not None:
            found[fact.source_message_id] = day.group(1).capitalize() + "day"
    return found

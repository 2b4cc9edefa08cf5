"""The offline engine's extractive answer: current truth first, with dates; the past and the
order of events when the question asks for them; yes or no first for yes/no questions."""

import re
from dataclasses import replace

from django.conf import settings

from memory import nlp
from memory.models import Fact
from memory.nlp import wording
from memory.nlp.statements import single_valued
from memory.pipeline import expect, slots
from memory.pipeline.guard import base_relation, owned_by
from memory.pipeline.names import key_words, mentions, only_departed
from memory.pipeline.question import Evidence
from memory.pipeline.speech import day, join, quote, sentence, speak

UNKNOWN = "I don't know."
FIRST_PERSON = {"i", "me", "my", "mine", "myself", "we", "our", "us"}


def ended_at(evidence: Evidence, fact: Fact):
    rows = [r for r in evidence.history.get(fact.pk, []) if not r.value]
    return rows[-1].at if rows else fact.truth_since


def since(fact: Fact, speaker: str = "") -> str:
    """What is true now, said plainly: the date would only be noise on every line."""
    return wording.capitalise(speak(fact, speaker))


def until(evidence: Evidence, fact: Fact) -> str:
    return f"{speak(fact, evidence.speaker, past=True)} (until {day(ended_at(evidence, fact))})"


def focused(evidence: Evidence) -> list[Fact]:
    """Triplet matches when there are any, else everything relevant."""
    hits = [f for f in evidence.facts if f.pk in evidence.triplet_ids]
    return hits or evidence.facts


def compose(evidence: Evidence) -> str:
    intent = evidence.intent
    if not evidence.facts:
        return UNKNOWN
    if len(evidence.firsts) == 2 and re.search(r"\b(first|earlier)\b", intent.text, re.I):
        return which_first(evidence)
    decided = slots.answer(evidence)
    if decided:
        return decided
    if slots.unanswered(evidence):
        return UNKNOWN
    if intent.yes_no:
        return yes_no(evidence)
    evidence = answerable(evidence)
    if not evidence.facts:
        return UNKNOWN
    if intent.wh == "when" and not intent.anchor:
        return when(evidence)
    if intent.wants_order:
        return in_order(evidence)
    if intent.wants_past:
        return past(evidence)
    return current(evidence)


def answerable(evidence: Evidence) -> Evidence:
    """No slot decided a wh-question: only statements holding an answer of the kind asked
    (a place for "where", a number for "how much", a name for "what is X called") may
    answer it; with none, the evidence is empty and the answer is "I don't know"."""
    wanted = expect.expected(evidence.intent.text)
    if wanted is None or evidence.intent.wh == "when":
        return evidence
    facts = [f for f in evidence.facts if expect.offers(f, wanted, evidence.intent.text)]
    return replace(evidence, facts=facts)


def which_first(evidence: Evidence) -> str:
    """ "Which did I start first, Dutch or piano?": the option mentioned first."""
    option, fact = min(evidence.firsts.items(), key=lambda kv: (kv[1].created_at, kv[1].pk))
    return f"{option} first: {sentence(quote(fact, evidence.speaker))}"


def when(evidence: Evidence) -> str:
    """ "When did Gina launch her ad campaign?": the date of what answers it best, said as a
    person would ("On 29 January 2023."); a date the user gave in words wins over the day it
    was said."""
    if not evidence.triplet_ids and evidence.best_similarity < slots.RELATED:
        return UNKNOWN  # nothing told is close to what is asked
    happened = [f for f in focused(evidence) if not f.relation.startswith("not:")]
    if happened and expect.asks_schedule(evidence.intent.text):
        said = scheduled(evidence, happened)
        if said:
            return sentence(said)
    return slots.on_date(happened[0]) if happened else UNKNOWN


def scheduled(evidence: Evidence, facts: list[Fact]) -> str | None:
    """ "When is my pottery class?": the day the statements closest to the question give,
    not the day they were said; of several, the newest (a correction says it again)."""
    best = evidence.similarity.get(facts[0].pk, 0.0)
    close = [f for f in facts[:5] if evidence.similarity.get(f.pk, 0.0) >= best - 0.15]
    question = evidence.intent.text.lower()
    for fact in sorted(close or facts[:1], key=lambda f: (f.created_at, f.pk), reverse=True):
        said = expect.said_day(fact)
        if said and said.lower() not in question:
            return said
    return None


def current(evidence: Evidence) -> str:
    facts = [f for f in focused(evidence) if f.is_true]
    # "Brandon is not going to Paris" is true, but it does not answer "where is he going".
    facts = [f for f in facts if not f.relation.startswith("not:")] or facts
    limit = settings.ANSWER_MAX_FACTS
    intent = evidence.intent
    if intent and intent.subject:
        if not evidence.triplet_ids and owned_by(evidence.speaker, intent.subject):
            # No slot answered a question about the user's own life: what they said that is
            # closest in meaning to the question answers it, not what they said last. (About
            # other people the name dominates the meaning; the latest about them is kept.)
            close = closest(evidence)
            if close:
                return said_last(close, evidence.speaker)
        if not evidence.triplet_ids and about_subject(evidence):
            return said_last(about_subject(evidence)[:limit], evidence.speaker)
        if evidence.triplet_ids and nlp.relation_is_single_valued(intent.relation or ""):
            facts.sort(key=lambda f: (f.truth_since, f.pk), reverse=True)
    if not facts:
        old = [f for f in focused(evidence) if not f.is_true][:limit]
        if not old:
            return UNKNOWN
        return "Not anymore, as far as I know: " + "; ".join(until(evidence, f) for f in old) + "."
    # No slot decided this: the user's own sentences say more than triplets would.
    lines = list(dict.fromkeys(quote(f, evidence.speaker) for f in facts[:limit]))
    if len(lines) == 1:
        return sentence(lines[0])
    return "\n".join(f"- {sentence(line)}" for line in lines)


def closest(evidence: Evidence) -> list[Fact]:
    """The current facts nearest the question in meaning, best first: the best one and any
    within a hair of it."""
    near = [f for f in evidence.facts if f.is_true and f.pk in evidence.similarity]
    near = [f for f in near if not f.relation.startswith("not:")]
    # "Your brother is Luís" names who is asked about; it says nothing more about him.
    subject = evidence.intent.subject or ""
    near = [f for f in near if not (subject and nlp.same_entity(f.object, subject))]
    near.sort(key=lambda f: -evidence.similarity[f.pk])
    if not near:
        return []
    best = evidence.similarity[near[0].pk]
    return [f for f in near if evidence.similarity[f.pk] >= best - 0.02][:2]


def past(evidence: Evidence) -> str:
    old = sorted((f for f in focused(evidence) if not f.is_true), key=ended_order, reverse=True)
    now = [f for f in focused(evidence) if f.is_true]
    if not old:
        text = "I don't know of anything earlier."
        return text + (" Now: " + since(now[0], evidence.speaker) + "." if now else "")
    parts = [
        "Before: " + "; ".join(until(evidence, f) for f in old[: settings.ANSWER_MAX_FACTS]) + "."
    ]
    if now:
        parts.append("Now: " + since(now[0], evidence.speaker) + ".")
    return " ".join(parts)


def ended_order(fact: Fact):
    return (fact.truth_since, fact.pk)


def in_order(evidence: Evidence) -> str:
    intent = evidence.intent

    def said(fact: Fact) -> str:
        return wording.capitalise(speak(fact, evidence.speaker, past=True))

    facts = focused(evidence)
    if intent.relation:
        same = [f for f in facts if base_relation(f.relation) == intent.relation]
        facts = same or facts
    facts = sorted(facts, key=lambda f: (f.created_at, f.pk))
    if not facts:
        return UNKNOWN
    question = intent.text.lower()
    if intent.anchor:
        anchor = [i for i, f in enumerate(facts) if _mentions(f, intent.anchor)]
        if not anchor:
            return f"I don't know anything about {intent.anchor} yet."
        i = anchor[0]
        after = re.search(r"\bafter\b", question) is not None
        j = i + 1 if after else i - 1
        if not 0 <= j < len(facts):
            return f"Nothing {'after' if after else 'before'} that: {said(facts[i])}."
        word = "after" if after else "before"
        return (
            f"{said(facts[j])} ({day(facts[j].created_at)}), "
            f"{word} {said(facts[i])} ({day(facts[i].created_at)})."
        )
    if re.search(r"\b(last|latest|most recent)\b", question):
        return f"{said(facts[-1])} ({day(facts[-1].created_at)})."
    if re.search(r"\bfirst\b", question):
        return f"{said(facts[0])} ({day(facts[0].created_at)})."
    return "In order: " + "; ".join(f"{said(f)} ({day(f.created_at)})" for f in facts[:10]) + "."


def _mentions(fact: Fact, anchor: str) -> bool:
    stems = {nlp.stem(w) for w in nlp.tokenize(fact.text)}
    return all(nlp.stem(w) in stems for w in nlp.tokenize(anchor))


def yes_no(evidence: Evidence) -> str:
    intent = evidence.intent
    facts = [f for f in evidence.facts if f.pk in evidence.triplet_ids]
    if intent.relation:
        facts = [f for f in facts if base_relation(f.relation) == intent.relation]
    plans = [
        f
        for f in evidence.facts
        if f.is_true and f.relation == f"plan:{intent.relation}" and matches_object(f, intent)
    ]
    due = [f for f in plans if slots.has_happened(f, evidence.asked_at)]
    if due and not any(f.is_true and matches_object(f, intent) for f in facts):
        return f"Yes. {since(slots.as_done(due[0]), evidence.speaker)}."  # its day has come
    if plans and not any(f.is_true and matches_object(f, intent) for f in facts):
        return f"No, not yet: {speak(plans[0], evidence.speaker)}."
    if not facts:
        return holder_yes_no(evidence) or mentions_yes_no(evidence)

    def matches(f: Fact) -> bool:
        return matches_object(f, intent)

    if intent.wants_past:  # "Was I vegetarian before?"
        for fact in facts:
            if not fact.is_true and matches(fact) and not fact.relation.startswith("not:"):
                return f"Yes, {until(evidence, fact)}."
    for fact in facts:
        if fact.is_true and matches(fact):
            negated = fact.relation.startswith("not:")
            return f"{'No' if negated else 'Yes'}. {since(fact, evidence.speaker)}."
    held = holder_yes_no(evidence)
    if held and held.startswith("No"):
        # The asked value was given up or ended, whatever slot held it ("Nuno quit the
        # band"); a value still held in another slot says nothing about this one.
        return held
    now = [f for f in facts if f.is_true and not f.relation.startswith("not:")]
    old = [f for f in facts if not f.is_true and matches(f)]
    newer = newer_mention(evidence, facts)
    if newer is not None:
        tail = f" Before that: {since(now[0], evidence.speaker)}." if now else ""
        return f"Yes, it seems so. The latest I know: {since(newer, evidence.speaker)}.{tail}"
    if old:
        tail = f" Now: {since(now[0], evidence.speaker)}." if now else ""
        return f"No, not anymore. {until(evidence, old[0])}.{tail}"
    if now and intent.relation and single_valued(intent.relation):
        return f"No. {since(now[0], evidence.speaker)}."
    if now and intent.object:
        # The slot holds other values and none is the one asked about ("Is Tiago one of my
        # kids?" when the kids are Leo and Maria): that decides it.
        said = join([speak(f, evidence.speaker) for f in now[: settings.ANSWER_MAX_FACTS]])
        return f"No, as far as I know. {sentence(said)}"
    ended = [f for f in facts if not f.is_true and not f.relation.startswith("not:")]
    if intent.object and not now and ended:
        # Nothing holds the slot now, and what did is over: not the asked value either.
        return f"No, as far as I know. {sentence(until(evidence, ended[0]))}"
    return (
        "I'm not sure. What I know: "
        + "; ".join(since(f, evidence.speaker) for f in facts[:3])
        + "."
    )


def matches_object(fact: Fact, intent) -> bool:
    return not intent.object or (
        nlp.same_entity(fact.object, intent.object) or mentions(fact.object, intent.object)
    )


def holder_yes_no(evidence: Evidence) -> str | None:
    """ "Do I still have Mimi?": no slot was read, but facts hold that very value."""
    intent = evidence.intent
    subject = intent.subject or evidence.speaker
    held = [f for f in evidence.holders if owned_by(subject, f.subject)]
    if not intent.object or not held:
        return None
    now = [f for f in held if f.is_true and not f.relation.startswith(("not:", "plan:"))]
    plans = [f for f in held if f.is_true and f.relation.startswith("plan:")]
    if now:
        return f"Yes. {since(now[0], evidence.speaker)}."
    if plans:
        return f"No, not yet: {speak(plans[0], evidence.speaker)}."
    ended = [f for f in held if not f.relation.startswith("not:")] or held
    return f"No, not anymore. {sentence(until(evidence, ended[0]))}"


def source(fact: Fact) -> str:
    """The whole message a fact came from: a clause may have cut off what names the object."""
    message = fact.source_message
    return message.text if message is not None else fact.text


def about_subject(evidence: Evidence) -> list[Fact]:
    """Current facts that mention the question's subject, latest first."""
    subject = evidence.intent.subject
    if not subject:
        return []
    surname = nlp.entity_key(subject).split()[-1:]
    hits = [
        f
        for f in evidence.facts
        if f.is_true
        and (nlp.same_entity(f.subject, subject) or surname and surname[0] in key_words(source(f)))
    ]
    return sorted(hits, key=lambda f: (f.created_at, f.pk), reverse=True)


def newer_mention(evidence: Evidence, facts: list[Fact]) -> Fact | None:
    """A statement about the subject, newer than every triplet the question matched, that
    names the asked value (not as something left behind): newer information wins even when
    no triplet could be read from it."""
    obj = evidence.intent.object
    if not obj or not facts:
        return None
    known = max(f.created_at for f in facts)
    for fact in about_subject(evidence):
        if fact.created_at <= known:
            break
        if fact.relation.startswith("plan:"):
            continue  # "is moving to Lisbon" is not living there yet
        if fact.relation and owned_by(evidence.speaker, fact.subject):
            # The user's own statements are framed from the first person; one the parse read
            # as about something else ("I have an interview at Unbabel") is no change.
            continue
        text = source(fact)
        if mentions(text, obj) and not only_departed(text, obj):
            return fact
    return None


def said_last(facts: list[Fact], speaker: str = "") -> str:
    """No triplet answers it: what is true now about someone is what was said last, quoted
    whole (a clause may have cut off the name the question asks for), latest first."""
    seen: set[str] = set()
    lines = []
    for fact in facts:
        text = source(fact)
        # The user's own words say "I": their sentence is said back as "you".
        if FIRST_PERSON & set(nlp.tokenize(text.lower())):
            text = quote(fact, speaker)
        text = wording.second_person(text.strip().rstrip("."), speaker)
        if text not in seen:
            seen.add(text)
            lines.append(text)
    if len(lines) == 1:
        return sentence(lines[0])
    return "\n".join(f"- {sentence(line)}" for line in lines)


def mentions_yes_no(evidence: Evidence) -> str:
    """No triplet answers the question: judge by what the latest statements about the subject
    mention. The latest statement naming the object means yes; the object named only earlier
    means it is no longer so."""
    intent = evidence.intent
    facts = about_subject(evidence)
    if not facts or not intent.object:
        return "I'm not sure; I don't know anything about that yet."
    latest_time = facts[0].created_at
    latest = [f for f in facts if f.created_at == latest_time]
    for fact in latest:
        text = source(fact)
        if mentions(text, intent.object) and not only_departed(text, intent.object):
            return f"Yes. {since(fact, evidence.speaker)}."
    older = [f for f in facts if f.created_at != latest_time and mentions(source(f), intent.object)]
    if older:
        return f"No, not anymore. The latest I know: {since(latest[0], evidence.speaker)}."
    return f"No, as far as I know. The latest I know: {since(latest[0], evidence.speaker)}."

"""The offline engine's extractive answer: current truth first, with dates; the past and the
order of events when the question asks for them; yes or no first for yes/no questions."""

import re

from django.conf import settings

from memory import nlp
from memory.models import Fact
from memory.pipeline.guard import base_relation
from memory.pipeline.question import Evidence

UNKNOWN = "I don't know that yet."


def _day(value) -> str:
    return f"{value:%Y-%m-%d}"


def ended_at(evidence: Evidence, fact: Fact):
    rows = [r for r in evidence.history.get(fact.pk, []) if not r.value]
    return rows[-1].at if rows else fact.truth_since


def since(fact: Fact) -> str:
    return f"{fact.text} (since {_day(fact.truth_since)})"


def until(evidence: Evidence, fact: Fact) -> str:
    return f"{fact.text} (from {_day(fact.created_at)} until {_day(ended_at(evidence, fact))})"


def focused(evidence: Evidence) -> list[Fact]:
    """Triplet matches when there are any, else everything relevant."""
    hits = [f for f in evidence.facts if f.pk in evidence.triplet_ids]
    return hits or evidence.facts


def compose(evidence: Evidence) -> str:
    intent = evidence.intent
    if not evidence.facts:
        return UNKNOWN
    if intent.yes_no:
        return yes_no(evidence)
    if intent.wants_order:
        return in_order(evidence)
    if intent.wants_past:
        return past(evidence)
    return current(evidence)


def current(evidence: Evidence) -> str:
    facts = [f for f in focused(evidence) if f.is_true]
    # "Brandon is not going to Paris" is true, but it does not answer "where is he going".
    facts = [f for f in facts if not f.relation.startswith("not:")] or facts
    limit = settings.ANSWER_MAX_FACTS
    intent = evidence.intent
    if intent and intent.subject:
        if not evidence.triplet_ids:
            # No triplet answers it: what is true now about someone is what was said last.
            latest = about_subject(evidence)
            facts = latest + [f for f in facts if f not in latest]
        elif nlp.relation_is_single_valued(intent.relation or ""):
            facts.sort(key=lambda f: (f.truth_since, f.pk), reverse=True)
    if not facts:
        old = [f for f in focused(evidence) if not f.is_true][:limit]
        if not old:
            return UNKNOWN
        return (
            "That is no longer true, as far as I know: "
            + "; ".join(until(evidence, f) for f in old)
            + "."
        )
    lines = [since(f) for f in facts[:limit]]
    if len(lines) == 1:
        return lines[0] + "."
    return "\n".join(f"- {line}" for line in lines)


def past(evidence: Evidence) -> str:
    old = sorted((f for f in focused(evidence) if not f.is_true), key=ended_order, reverse=True)
    now = [f for f in focused(evidence) if f.is_true]
    if not old:
        text = "I don't know of anything earlier."
        return text + (" Now: " + since(now[0]) + "." if now else "")
    parts = [
        "Before: " + "; ".join(until(evidence, f) for f in old[: settings.ANSWER_MAX_FACTS]) + "."
    ]
    if now:
        parts.append("Now: " + since(now[0]) + ".")
    return " ".join(parts)


def ended_order(fact: Fact):
    return (fact.truth_since, fact.pk)


def in_order(evidence: Evidence) -> str:
    intent = evidence.intent
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
            return f"Nothing {'after' if after else 'before'} that: {facts[i].text}."
        word = "after" if after else "before"
        return (
            f"{facts[j].text} ({_day(facts[j].created_at)}), "
            f"{word} {facts[i].text} ({_day(facts[i].created_at)})."
        )
    if re.search(r"\b(last|latest|most recent)\b", question):
        return f"{facts[-1].text} ({_day(facts[-1].created_at)})."
    if re.search(r"\bfirst\b", question):
        return f"{facts[0].text} ({_day(facts[0].created_at)})."
    return "In order: " + "; ".join(f"{f.text} ({_day(f.created_at)})" for f in facts[:10]) + "."


def _mentions(fact: Fact, anchor: str) -> bool:
    stems = {nlp.stem(w) for w in nlp.tokenize(fact.text)}
    return all(nlp.stem(w) in stems for w in nlp.tokenize(anchor))


def yes_no(evidence: Evidence) -> str:
    intent = evidence.intent
    facts = [f for f in evidence.facts if f.pk in evidence.triplet_ids]
    if intent.relation:
        facts = [f for f in facts if base_relation(f.relation) == intent.relation]
    if not facts:
        return mentions_yes_no(evidence)

    def matches(f: Fact) -> bool:
        return not intent.object or (
            nlp.same_entity(f.object, intent.object) or mentions(f.object, intent.object)
        )

    for fact in facts:
        if fact.is_true and matches(fact):
            negated = fact.relation.startswith("not:")
            return f"{'No' if negated else 'Yes'}. {since(fact)}."
    now = [f for f in facts if f.is_true and not f.relation.startswith("not:")]
    old = [f for f in facts if not f.is_true and matches(f)]
    if old:
        tail = f" Now: {since(now[0])}." if now else ""
        return f"No, not anymore. {until(evidence, old[0])}.{tail}"
    if now and intent.relation and nlp.relation_is_single_valued(intent.relation):
        return f"No. {since(now[0])}."
    return "I'm not sure. What I know: " + "; ".join(since(f) for f in facts[:3]) + "."


def _words(text: str) -> set[str]:
    return {w for w in nlp.entity_key(text).split() if len(w) > 1}


def mentions(text: str, name: str) -> bool:
    """Whether `text` names `name`, allowing reordering and dropped words ("Nagoya Fighting
    Eagles" names "Fighting Eagles Nagoya"; "the 76ers" names "Philadelphia 76ers")."""
    wanted = _words(name)
    if not wanted:
        return False
    found = wanted & _words(text)
    return len(found) * 2 >= len(wanted)


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
        and (nlp.same_entity(f.subject, subject) or surname and surname[0] in _words(source(f)))
    ]
    return sorted(hits, key=lambda f: (f.created_at, f.pk), reverse=True)


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
        if mentions(source(fact), intent.object):
            return f"Yes. {since(fact)}."
    older = [f for f in facts if f.created_at != latest_time and mentions(source(f), intent.object)]
    if older:
        return f"No, not anymore. The latest I know: {since(latest[0])}."
    return f"No, as far as I know. The latest I know: {since(latest[0])}."

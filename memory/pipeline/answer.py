"""The offline engine's extractive answer: current truth first, with dates; the past and the
order of events when the question asks for them; yes or no first for yes/no questions."""

import re
from dataclasses import replace

from django.conf import settings

from memory import nlp
from memory.models import Fact
from memory.nlp import wording
from memory.nlp.frames import WISHED
from memory.nlp.nowfirst import present_first
from memory.nlp.questions import QuestionIntent, asks_after
from memory.pipeline import (
    aligned,
    amounts,
    anchored,
    arrivals,
    choices,
    company,
    dated,
    doers,
    expect,
    fleet,
    instances,
    kin,
    leaders,
    located,
    marital,
    newest,
    nowhere,
    officers,
    often,
    origin,
    pastimes,
    roles,
    sharedhome,
    shifts,
    slots,
    typed,
    unnamed,
    untold,
    weekdays,
    weekly,
)
from memory.pipeline.dates import dated_beside, happened_at, on_date
from memory.pipeline.earlier import earlier_by_meaning, nearest_said, told_past
from memory.pipeline.guard import base_relation, owned_by
from memory.pipeline.names import about_subject, of_asked, source
from memory.pipeline.question import BEFORE_OR_AFTER, Evidence
from memory.pipeline.speech import day, quote, sentence, since, speak, until
from memory.pipeline.yesno import says_ended, yes_no

UNKNOWN = "I don't know."
ANSWERABLE = 20  # facts checked for an answer of the kind asked
READ_FOR_DAY = 10  # facts a schedule question reads for the day, when the closest give none
FIRST_PERSON = {"i", "me", "my", "mine", "myself", "we", "our", "us"}


def focused(evidence: Evidence) -> list[Fact]:
    """Triplet matches when there are any, else everything relevant."""
    hits = [f for f in evidence.facts if f.pk in evidence.triplet_ids]
    return hits or evidence.facts


def compose(evidence: Evidence) -> str:
    said = decide(evidence)
    if said is None:
        return UNKNOWN  # the slot asked is one nothing told fills
    if said == UNKNOWN and evidence.facts and not evidence.intent.yes_no:
        # nothing decided it: a statement said in words close to the question's may
        return nearest_said(evidence) or UNKNOWN
    if asks_now(evidence.intent):
        said = present_first(said)  # a change quoted old value first still answers with the new
    # a value that is the user ("it was <username>") is said as "you": a username is
    # never said to anyone, whichever reader chose the words
    return wording.second_person(said, evidence.speaker)


ORDER_WORDS = re.compile(r"\b(from|first|before|after)\b", re.I)


def asks_now(intent: QuestionIntent) -> bool:
    """A question about today's value: not yes/no, not of the past, an order or a time, and
    not where someone is from."""
    if intent.yes_no or intent.wants_past or intent.wants_order or intent.anchor:
        return False
    return intent.wh != "when" and not ORDER_WORDS.search(intent.text)


def decide(evidence: Evidence) -> str | None:
    # "Who is the team captain now?": the post's holder read from the messages, where the
    # other readers name one who has left it or no one (memory.pipeline.officers)
    held = officers.answer(evidence)
    said = read_facts(evidence)
    if held is not None and officers.overrules(held, said, evidence):
        return held.text
    # "Who is going to Oslo with me?": the user's party read from the messages, where the
    # other readers name none of it (memory.pipeline.company)
    together = company.answer(evidence)
    if together is not None and company.overrules(together, said):
        return together.text
    return said


def read_facts(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if not evidence.facts:
        return UNKNOWN
    if untold.holder_never_told(evidence):
        return None  # ("Where does Kofi's wife work?" when no wife of his was ever told)
    if unnamed.name_never_told(evidence):
        return None  # ("What is Mr Tang's first name?" when only "Mr Tang" was ever said)
    named = unnamed.answer(evidence)  # ("Dr Anna Lepp" said: "Dr Lepp's first name is Anna")
    if named:
        return named
    # ("What day does Sharon help now?", "which night do the Otters practise?": no date)
    rota = weekdays.answer(evidence) or weekly.answer(evidence)
    if rota:
        return rota
    if intent.wh in ("what", "which") and not intent.yes_no and expect.asks_date(intent.text):
        # "What month did I join the choir?" asks when, as "when" does
        intent = replace(intent, wh="when")
        evidence = replace(evidence, intent=intent)
    if len(evidence.firsts) == 2 and BEFORE_OR_AFTER.match(intent.text):
        return before_or_after(evidence)
    if len(evidence.firsts) == 2 and re.search(r"\b(first|earlier)\b", intent.text, re.I):
        return which_first(evidence)
    if amounts.never_counted(evidence):
        return None
    decided = (
        kin.answer(evidence)
        or marital.answer(evidence)
        or amounts.answer(evidence)
        or arrivals.answer(evidence)
        or dated.answer(evidence)
        or shifts.answer(evidence)
        or pastimes.answer(evidence)
        or anchored.before_anchor(evidence)
        or sharedhome.answer(evidence)  # ("Where does Mama live now?": with the user)
        or located.where_thing(evidence)
        or located.where_is(evidence)
        or located.whereabouts(evidence)
        or located.home_of(evidence)
        or origin.answer(evidence)
        or fleet.answer(evidence)  # ("What vehicles do we have now?")
        or instances.answer(evidence)  # ("Which stand mixer did I order?": its name)
        or typed.answer(evidence)
        or typed.described(evidence)
        or doers.answer(evidence)
        or often.answer(evidence)
        or choices.answer(evidence)  # ("Are Willem's twins boys or girls?")
        or leaders.answer(evidence)  # ("Who runs the choir now?": its director)
    )
    if decided:
        return decided
    told = newest.told_now(evidence)  # a change told in words no slot reading caught
    decided = roles.answer(evidence, before_slots=True) or slots.answer(evidence)
    if told and not (decided and newest.agrees(decided, told, intent.text)):
        return told
    if decided:
        return decided
    # a stored fact in the wh-word's place, else a clause of what was said that is the
    # question with its wh-word filled in
    read = (
        roles.answer(evidence, before_slots=False)
        or amounts.answer(evidence, kinds=("old",))
        or aligned.answer(evidence)
    )
    if read:
        return read
    if untold.never_told(evidence) or nowhere.home_never_told(evidence):
        return None
    marked = told_past(evidence)  # a sentence told of the past, for a past question
    if marked is not None:
        return marked
    if slots.unanswered(evidence):
        return UNKNOWN
    decided = roles.answer(evidence, before_slots=False)
    if decided:
        return decided
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
    if wanted is None or evidence.intent.wh == "when" or not wanted.decisive:
        return evidence
    # the best-ranked only: each check parses a statement, and the rest never answers
    question = evidence.intent.text
    facts = expect.offering(evidence.facts[:ANSWERABLE], wanted, question)
    subject = evidence.intent.subject or ""
    if wanted.kind == "number" and subject and not owned_by(evidence.speaker, subject):
        # ("How old is Femke?": a number said of no Femke is no answer, "Jonas, who is 9")
        facts = [f for f in facts if of_asked(subject, f, told(f, evidence), evidence.speaker)]
    return replace(evidence, facts=facts)


def told(fact: Fact, evidence: Evidence) -> str:
    """The fact's sentence said back, and its own triplet's words."""
    return f"{quote(fact, evidence.speaker)}. {fact.text}"


def before_or_after(evidence: Evidence) -> str:
    """ "Did I buy the scooter before or after the civet took the hens?": whether the first
    event named happened before the second, by the dates the user gave, else by when each
    was first told."""
    (_, one), (_, other) = evidence.firsts.items()
    earlier = (happened_at(one), one.pk) < (happened_at(other), other.pk)
    return f"{'Before' if earlier else 'After'}. {sentence(quote(one, evidence.speaker))}"


def which_first(evidence: Evidence) -> str:
    """ "Which did I start first, Dutch or piano?": the option that happened first, by the
    date the user gave, else by when it was first mentioned."""
    option, fact = min(evidence.firsts.items(), key=lambda kv: (happened_at(kv[1]), kv[1].pk))
    return f"{option} first: {sentence(quote(fact, evidence.speaker))}"


def when(evidence: Evidence) -> str:
    """ "When did Gina launch her ad campaign?": the date of what answers it best, said as a
    person would ("On 29 January 2023."); a date the user gave in words wins over the day it
    was said."""
    if not evidence.triplet_ids and evidence.best_similarity < slots.RELATED:
        return UNKNOWN  # nothing told is close to what is asked
    # "is not going to Paris" never happened; "sold the Golf" (an ending) did; "my daughter
    # wants a cat" is no day the cat came
    happened = [f for f in focused(evidence) if not f.relation.startswith("not:") or says_ended(f)]
    happened = [f for f in happened if f.relation not in WISHED] or happened
    if happened and expect.asks_schedule(evidence.intent.text):
        said = scheduled(evidence, happened)
        if said:
            return sentence(said)
    if not happened:
        return UNKNOWN
    return on_date(dated_beside(evidence, happened))


def scheduled(evidence: Evidence, facts: list[Fact]) -> str | None:
    """ "When is my pottery class?": the day the statements closest to the question give,
    not the day they were said; of several, the newest (a correction says it again)."""
    best = evidence.similarity.get(facts[0].pk, 0.0)
    close = [f for f in facts[:5] if evidence.similarity.get(f.pk, 0.0) >= best - 0.15]
    question = evidence.intent.text.lower()
    newest_first = sorted(close or facts[:1], key=lambda f: (f.created_at, f.pk), reverse=True)
    # ("i joined a choir!" is closest to "what day is choir?"; "rehearsals are thursdays",
    # further off, is the one that gives a day)
    further = sorted(facts[:READ_FOR_DAY], key=lambda f: -evidence.similarity.get(f.pk, 0.0))
    # ...and last, a day told elsewhere in the closest one's message ("signed up for a
    # pottery class!! the sessions are on wednesdays")
    tries = [(f, False) for f in newest_first + [f for f in further if f.is_true]]
    # ("When do I take my warfarin?", "what time does the bus go": a time of day answers)
    times = expect.asks_schedule(question) or "time" in question.split()
    for fact, whole in tries + [(f, True) for f in newest_first]:
        said = expect.said_day(fact, whole=whole, times=times)
        if said and said.lower() not in question:
            dated = any(w.strip(",.").isdigit() for w in said.split()[:2])
            return said if said.startswith("on ") or not dated else f"on {said}"
    return None


def current(evidence: Evidence) -> str:
    facts = [f for f in focused(evidence) if f.is_true]
    # "Brandon is not going to Paris" is true, but it does not answer "where is he going".
    facts = [f for f in facts if not f.relation.startswith("not:")] or facts
    limit = settings.ANSWER_MAX_FACTS
    intent = evidence.intent
    earning = untold.earned_living(evidence, facts)
    if earning:
        return said_last(earning, evidence.speaker)
    if intent and intent.subject:
        if not evidence.triplet_ids and owned_by(evidence.speaker, intent.subject):
            # No slot answered a question about the user's own life: what they said that is
            # closest in meaning to the question answers it, not what they said last. (About
            # other people the name dominates the meaning; the latest about them is kept.)
            close = closest(evidence)
            if close:
                return said_last(close, evidence.speaker)
        if not evidence.triplet_ids and about_subject(evidence):
            return said_last(told_of_subject(evidence)[:limit], evidence.speaker)
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


def told_of_subject(evidence: Evidence) -> list[Fact]:
    """The facts mentioning the question's subject, without those about someone else whose
    clause, said back, does not name them ("what does Paolo do?" is not answered by "she's a
    nurse in Dubai", told in the same sentence as his job)."""
    subject = evidence.intent.subject or ""
    # (each fact said back is a parse: only as many as could be said)
    facts = about_subject(evidence)[: 3 * settings.ANSWER_MAX_FACTS]
    own = [f for f in facts if of_asked(subject, f, said_back(f, evidence.speaker))]
    return own or facts


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
        earlier = earlier_statement(evidence)
        if earlier is not None:
            then, latest = (quote(f, evidence.speaker) for f in earlier)
            return f"Before that: {sentence(then)} Now: {sentence(latest)}"
        said = earlier_by_meaning(evidence, now[:1])
        if said is not None:
            return said
        text = "I don't know of anything earlier."
        return text + (" Now: " + since(now[0], evidence.speaker) + "." if now else "")
    parts = [
        "Before: " + "; ".join(until(evidence, f) for f in old[: settings.ANSWER_MAX_FACTS]) + "."
    ]
    if now:
        parts.append("Now: " + since(now[0], evidence.speaker) + ".")
    return " ".join(parts)


def earlier_statement(evidence: Evidence) -> tuple[Fact, Fact] | None:
    """No slot holds an earlier value, but two statements about what was asked give an
    answer of the kind asked ("a pilot with TAP", later "flying for Ryanair now"): the
    newest is now, the one said before it (in another message) is the earlier value."""
    wanted = expect.expected(evidence.intent.text)
    if wanted is None:
        return None  # nothing tells an earlier answer from any other statement
    subject = evidence.intent.subject or ""
    if subject and not owned_by(evidence.speaker, subject):
        related = about_subject(evidence)
    else:
        related = [f for f in evidence.facts if evidence.similarity.get(f.pk, 0) >= slots.RELATED]
    # the statements closest to the question, in the order they were said
    best = max((evidence.similarity.get(f.pk, 0.0) for f in related), default=0.0)
    floor = max(slots.RELATED, best - 0.25)
    related = [f for f in related if evidence.similarity.get(f.pk, 0.0) >= floor]
    related = [f for f in related if expect.offers(f, wanted, evidence.intent.text)]
    said = sorted(related, key=lambda f: (f.created_at, f.pk))
    if len(said) < 2:
        return None
    latest = said[-1]
    before = [f for f in said if f.source_message_id != latest.source_message_id]
    if not before:
        return None
    # of the message said last before it, its statement closest to the question ("Lia
    # started at Escola Básica today", not "her teacher is Mrs. Fonseca" said after it)
    last = [f for f in before if f.source_message_id == before[-1].source_message_id]
    return max(last, key=lambda f: evidence.similarity.get(f.pk, 0.0)), latest


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
            said = earlier_by_meaning(evidence, [])
            return said or f"I don't know anything about {intent.anchor} yet."
        i = anchor[0]
        after = asks_after(question)
        j = i + 1 if after else i - 1
        if not 0 <= j < len(facts):
            marked = None if after else told_past(evidence)
            if marked:
                return marked
            return f"Nothing {'after' if after else 'before'} that: {said(facts[i])}."
        word = "after" if after else "before"
        # (the second clause runs on: "..., before your electricity was with EDF")
        then = speak(facts[i], evidence.speaker, past=True)
        return (
            f"{said(facts[j])} ({day(facts[j].created_at)}), "
            f"{word} {then} ({day(facts[i].created_at)})."
        )
    if re.search(r"\b(last|latest|most recent)\b", question):
        return f"{said(facts[-1])} ({day(facts[-1].created_at)})."
    if re.search(r"\bfirst\b", question):
        return f"{said(facts[0])} ({day(facts[0].created_at)})."
    return "In order: " + "; ".join(f"{said(f)} ({day(f.created_at)})" for f in facts[:10]) + "."


def _mentions(fact: Fact, anchor: str) -> bool:
    stems = {nlp.stem(w) for w in nlp.tokenize(fact.text)}
    return all(nlp.stem(w) in stems for w in nlp.tokenize(anchor))


def said_back(fact: Fact, speaker: str) -> str:
    """What said_last says of a fact: the message it came from, whole; the user's own words
    say "I", so their sentence is said back as "you" (from a chat message; of a pasted text,
    the fact's own clause says more than one sentence of it)."""
    text = source(fact)
    if FIRST_PERSON & set(nlp.tokenize(text.lower())):
        return quote(fact, speaker) if len(nlp.sentences(text)) <= 3 else fact.text
    return text


def said_last(facts: list[Fact], speaker: str = "") -> str:
    """No triplet answers it: what is true now about someone is what was said last, quoted
    whole (a clause may have cut off the name the question asks for), latest first."""
    seen: set[str] = set()
    lines = []
    for fact in facts:
        text = wording.second_person(said_back(fact, speaker).strip().rstrip("."), speaker)
        if text not in seen:
            seen.add(text)
            lines.append(text)
    if not lines:
        return UNKNOWN
    if len(lines) == 1:
        return sentence(lines[0])
    return "\n".join(f"- {sentence(line)}" for line in lines)

"""Yes/no answers: decided by the value asked (held, given up, ended or held by no one), by a
plan whose day has or has not come, and, with no slot read, by what the latest statements
about the subject name."""

import re

from django.conf import settings

from memory import nlp
from memory.models import Fact
from memory.nlp.endings import ENDING_PHRASES
from memory.nlp.facts import leisure
from memory.nlp.marks import ended_clauses
from memory.nlp.statements import single_valued
from memory.nlp.words import LEAVE_VERBS, LOSS_VERBS, STOP_VERBS
from memory.pipeline import slots
from memory.pipeline.arrivals import GONE
from memory.pipeline.endedsince import ended_since
from memory.pipeline.guard import base_relation, gives_up, owned_by, role_noun, slot_name
from memory.pipeline.leaving import (
    STILL,
    asked_stems,
    leaving_planned,
    matches_object,
    stems,
    stop_planned,
    stops_asked,
)
from memory.pipeline.names import about_subject, mentions, only_departed, source
from memory.pipeline.question import Evidence, open_verb
from memory.pipeline.speech import day, join, quote, sentence, since, speak, to_you, until


def yes_no(evidence: Evidence) -> str:
    return (
        not_yet(evidence) or ended_since(evidence) or leaving_planned(evidence) or decided(evidence)
    )


# Verbs that put something in the future: what they are said of has not happened by saying so.
SCHEDULING = {"schedule", "book", "plan", "expect", "arrange", "register", "due"}


def not_yet(evidence: Evidence) -> str | None:
    """ "Am I a certified Q grader yet?", "Has the baby been born yet?": the closest
    statements are a plan ("is going to", "will", "scheduled the exam for July") and nothing
    said after it tells that it happened: not yet."""
    intent = evidence.intent
    if re.search(r"\byet\b", intent.text, re.I):
        return planned_only(evidence)
    if intent.wants_past:
        return None
    # "Am I head of maths?" after "I'm head of maths from October": what is asked is what
    # the plan is of (its slot or value, not merely its sentence), and its day has not come
    asked = asked_stems(intent.text, intent.subject or evidence.speaker)
    return planned_only(evidence, asked) if asked else None


def planned_only(evidence: Evidence, asked: set[str] | None = None) -> str | None:
    """The statements closest to a yes/no question are a plan, with nothing said since that
    tells it happened ("we're getting married in October" -> "Am I married?"): not yet.
    With `asked`, only a plan whose slot or value has a word of the question counts."""
    close = [
        f
        for f in evidence.facts[:8]
        if f.pk in evidence.triplet_ids or evidence.similarity.get(f.pk, 0.0) >= slots.RELATED
    ]
    planned = [
        f
        for f in close
        if f.is_true and is_planned(f) and not slots.has_happened(f, evidence.asked_at)
    ]
    if asked is not None:
        # with no "yet" asked, only a plan with its day said is known not to hold yet ("will
        # remain at York City", "is going to Ipswich" may already be so)
        planned = [
            f
            for f in planned
            if _plan_asked(f, asked, evidence.intent) and slots.due_date(f) is not None
        ]
    if not planned:
        return None
    plan = max(planned, key=lambda f: (f.created_at, f.pk))
    later = [f for f in close if f.created_at > plan.created_at and not is_planned(f) and f.is_true]
    if later:
        return None  # said since: it may have happened ("PASSED!!! I'm certified now")
    return not_done(plan, evidence, quote(plan, evidence.speaker))


# A job or a home said to end on a day to come ("I'm leaving Google in June").
PLANNED_ENDS = {"not:plan:works_for", "not:plan:lives_in"}


def not_done(plan: Fact, evidence: Evidence, said: str) -> str:
    """A plan whose day has not come: not yet, or, for a plan to give up what is held
    ("Do we still own the Lakshmi?" after "we've decided to sell the Lakshmi"), yes, for now."""
    ending = gives_up(plan.relation) or plan.relation in PLANNED_ENDS
    # ("Do I still smoke?" before the day of "From 1 December I stop smoking")
    # ("Do I still teach the morning classes?" before "from January I stop the morning
    # classes": a plan to stop what is asked)
    stop = plan.relation == f"not:plan:{evidence.intent.relation}"
    stop = stop or stops_asked(plan, evidence.intent)  # ("come to us on Mondays": "come on")
    stop = stop or slot_name(plan.relation).split("_")[0] in STOP_VERBS
    ending = ending or stop and STILL.search(evidence.intent.text) is not None
    if ending and evidence.intent.relation not in LOSS_VERBS | LEAVE_VERBS:
        return f"Yes, for now: {sentence(said)}"
    return f"No, not yet: {sentence(said)}"


def _plan_asked(fact: Fact, asked: set[str], intent) -> bool:
    what = slot_name(fact.relation).replace("_", " ")
    # "the course starts in May": the plan is said of the thing asked about
    of_it = not fact.object and intent.object and mentions(intent.object, fact.subject)
    return bool(asked & stems(f"{what} {fact.object}")) and (
        matches_object(fact, intent) or bool(of_it)
    )


def is_planned(fact: Fact) -> bool:
    slot = base_relation(fact.relation)
    return slot.startswith("plan:") or slot.split("_")[0] in SCHEDULING


def decided(evidence: Evidence) -> str:
    intent = evidence.intent
    facts = [f for f in evidence.facts if f.pk in evidence.triplet_ids]
    if intent.relation:
        verb = open_verb(intent.relation)  # "not swimming anymore" answers "swim at X"
        facts = [
            f
            for f in facts
            if base_relation(f.relation) == intent.relation or f.relation == f"not:{verb}"
        ]
    plans = [
        f
        for f in evidence.facts
        if f.is_true and f.relation == f"plan:{intent.relation}" and matches_object(f, intent)
    ]
    stopping = stop_planned(evidence, facts)
    if stopping:
        return stopping
    due = [f for f in plans if slots.has_happened(f, evidence.asked_at)]
    if due and not any(f.is_true and matches_object(f, intent) for f in facts):
        return f"Yes. {since(slots.as_done(due[0]), evidence.speaker)}."  # its day has come
    if plans and not any(f.is_true and matches_object(f, intent) for f in facts):
        return not_done(plans[0], evidence, speak(plans[0], evidence.speaker))
    if not facts:
        return holder_yes_no(evidence) or mentions_yes_no(evidence)

    def matches(f: Fact) -> bool:
        # "I'm not playing anymore" ends the slot whatever its value ("still play 5-a-side?")
        whole = f.relation.startswith("not:") and not f.object and says_ended(f)
        return whole or matches_object(f, intent)

    if intent.wants_past:  # "Was I vegetarian before?"
        for fact in facts:
            if not fact.is_true and matches(fact) and not fact.relation.startswith("not:"):
                return f"Yes, {until(evidence, fact)}."
        for fact in facts:  # "I quit smoking": it was so until then
            if fact.is_true and fact.relation.startswith("not:") and matches(fact):
                if says_ended(fact):
                    said = sentence(quote(fact, evidence.speaker))
                    return f"Yes, until {day(fact.created_at)}. {said}"
    # of the statements that hold and match, the newest decides ("not swimming anymore")
    for fact in sorted(facts, key=lambda f: (f.created_at, f.pk), reverse=True):
        if fact.is_true and matches(fact):
            negated = fact.relation.startswith("not:")
            return f"{'No' if negated else 'Yes'}. {since(fact, evidence.speaker)}."
    held = holder_yes_no(evidence)
    if held and held.startswith("No"):
        # The asked value was given up or ended, whatever slot held it ("Nuno quit the
        # band"); a value still held in another slot says nothing about this one.
        return held
    if held and intent.relation in LOOSE:
        # "Am I still in The Larch Boys?" read as where one is: the band held as what one
        # plays in answers it, not the town one is in
        return held
    now = [f for f in facts if f.is_true and not f.relation.startswith("not:")]
    old = [f for f in facts if not f.is_true and matches(f)]
    newer = newer_mention(evidence, facts)
    if newer is not None:
        tail = f" Before that: {since(now[0], evidence.speaker)}." if now else ""
        return f"Yes, it seems so. The latest I know: {since(newer, evidence.speaker)}.{tail}"
    if old:
        tail = f" Now: {since(now[0], evidence.speaker)}." if now else ""
        return f"No, not anymore. {sentence(until(evidence, old[0]))}{tail}"
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
    denied = called_off(evidence, facts)
    if denied is not None:
        return f"No. {since(denied, evidence.speaker)}."
    return (
        "I'm not sure. What I know: "
        + "; ".join(since(f, evidence.speaker) for f in facts[:3])
        + "."
    )


def called_off(evidence: Evidence, facts: list[Fact]) -> Fact | None:
    """ "Is Dev still coming for the anniversary?" after "Dev cannot come after all": the
    newest statement of them denying the verb asked, where none newer says it again."""
    intent = evidence.intent
    verb = slot_name(intent.relation or "").split("_")[0]
    if not verb or not intent.subject:
        return None
    said = [
        f
        for f in facts
        if f.is_true
        and slot_name(f.relation).split("_")[0] == verb
        and nlp.same_entity(f.subject, intent.subject)
    ]
    newest = max(said, key=lambda f: (f.created_at, f.pk), default=None)
    return newest if newest is not None and newest.relation.startswith("not:") else None


# Words that say a negation ends what held before ("quit smoking", "not ... anymore").
ENDING = {"quit", "stop", "stopped", "anymore", "longer", "gave", "left", "ex", "used", "sold"}


def says_ended(fact: Fact) -> bool:
    return bool(ENDING & set(nlp.tokenize(source(fact).lower())))


# Slots a question's "be" + preposition reads, which say little of what kind of value is asked.
LOOSE = {"be_in", "be_at", "be_on", "be_with", "is"}


def in_slot_asked(fact: Fact, asked: str | None) -> bool:
    """Whether a fact fills the role a yes/no asks about ("my work laptop" is a laptop)."""
    held, asked = base_relation(fact.relation), asked or ""
    if not held.startswith("role:") or not asked.startswith("role:"):
        return False
    return role_noun(held) == role_noun(asked)


def holder_yes_no(evidence: Evidence) -> str | None:
    """ "Do I still have Mimi?": no slot was read, but facts hold that very value."""
    intent = evidence.intent
    subject = intent.subject or evidence.speaker
    held = [f for f in evidence.holders if owned_by(subject, f.subject)]
    if not intent.object or not held:
        return None
    now = [f for f in held if f.is_true and not f.relation.startswith(("not:", "plan:"))]
    left = [f for f in now if ended_by_verb(f.relation)]  # ("Dante signs off ship")
    now = [f for f in now if f not in left]
    plans = [f for f in held if f.is_true and f.relation.startswith("plan:")]
    if now:
        return f"Yes. {since(now[0], evidence.speaker)}."
    if left and not intent.wants_past:
        return f"No, not anymore. {since(left[0], evidence.speaker)}."
    if plans:
        return not_done(plans[0], evidence, speak(plans[0], evidence.speaker))
    ended = [f for f in held if not f.relation.startswith("not:")] or held
    was = ended[0] in held and not ended[0].relation.startswith("not:")
    if intent.wants_past and (was or says_ended(ended[0])):
        # "Did I use to drink coffee?" after "I gave up coffee": it ended, so it once held
        return f"Yes, not anymore. {sentence(until(evidence, ended[0]))}"
    if ended[0].is_true and ended[0].relation.startswith("not:plan:"):
        # "we're not going to the Algarve after all": what holds is that it will not be
        return f"No. {sentence(speak(ended[0], evidence.speaker))}"
    return f"No, not anymore. {sentence(until(evidence, ended[0]))}"


def ended_by_verb(relation: str) -> bool:
    """A slot whose verb and particle say its value was left: "sign_off", "give_up" (not
    "finish": "Leonor is finishing her PhD" still does it)."""
    verb, _, particle = slot_name(relation).partition("_")
    return gives_up(relation) or (verb, particle) in ENDING_PHRASES


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


def role_held(evidence: Evidence) -> Fact | None:
    """ "Is Sharon still a canteen volunteer?": a role of the user's she holds ("my volunteers
    are Sharon, ..."), still true, whatever was said of her since."""
    intent = evidence.intent
    noun = (intent.object or "").lower().split()[-1:]
    if not noun or not intent.subject:
        return None
    kind = noun[0].removesuffix("s")
    for fact in evidence.facts:
        held = fact.relation.startswith("role:") and role_noun(fact.relation) == kind
        if held and fact.is_true and nlp.same_entity(fact.object, intent.subject):
            return fact
    return None


def mentions_yes_no(evidence: Evidence) -> str:
    """No triplet answers the question: judge by what the latest statements about the subject
    mention. The latest statement naming the object means yes; the object named only earlier
    means it is no longer so."""
    intent = evidence.intent
    facts = about_subject(evidence)
    if facts and not intent.object and intent.subject:
        # "is Pepsi still with us?": the newest statement naming them says they went
        ended = [c for c in ended_clauses(source(facts[0])) if mentions(c, intent.subject)]
        if ended:
            return f"No, not anymore. {sentence(to_you(ended[0]))}"
    if not facts or not intent.object:
        return planned_only(evidence) or "I'm not sure; I don't know anything about that yet."
    held = role_held(evidence)
    if held is not None and not GONE.search(source(facts[0])):
        # (unless the newest said of them is that they went: "Maura's gone to Cork now")
        return f"Yes, as far as I know. {since(held, evidence.speaker)}."
    latest_time = facts[0].created_at
    latest = [f for f in facts if f.created_at == latest_time]
    for fact in latest:
        other = fact.is_true and not matches_object(fact, intent)
        if other and in_slot_asked(fact, intent.relation):
            # "bought a new laptop, a ThinkPad; the old Dell gave up": the message names the
            # Dell, but the slot asked now holds another value
            return f"No. {since(fact, evidence.speaker)}."
    denied = next((f for f in latest if denies_asked(f, intent)), None)
    if denied is not None:
        # "Sandrine replaces Mme Benali" read as Benali no longer the user's member
        return f"No, not anymore. {since(denied, evidence.speaker)}."
    for fact in latest:
        text = source(fact)
        if not mentions(text, intent.object) or only_departed(text, intent.object):
            continue
        ended = [c for c in ended_clauses(text) if mentions(c, intent.object)]
        if ended:
            # "had to let Bosun go", "gave Tofu to my parents": named as it ended
            return f"No, not anymore. {sentence(to_you(ended[0]))}"
        return f"Yes. {since(fact, evidence.speaker)}."
    older = [f for f in facts if f.created_at != latest_time and mentions(source(f), intent.object)]
    # one belongs to a choir and a class at once: joining a team since ends neither
    held = [f for f in older if f.relation == "member_of" and leisure(f.object)]
    if held and mentions(held[0].object, intent.object):
        return f"Yes, as far as I know. {since(held[0], evidence.speaker)}."
    if older:
        return f"No, not anymore. The latest I know: {since(latest[0], evidence.speaker)}."
    return f"No, as far as I know. The latest I know: {since(latest[0], evidence.speaker)}."


def denies_asked(fact: Fact, intent) -> bool:
    """Whether a statement that holds says the one a yes/no asks about is no longer in a role
    of someone's ("Sandrine replaces Mme Benali": Benali is not the user's member). (Not any
    negated verb of theirs: "Chester does not feature for Derby" is one match missed.)"""
    if not fact.is_true or not fact.relation.startswith("not:role:"):
        return False
    return nlp.same_entity(fact.object, intent.subject)

"""What holds now, when the user told a change in words the slot reading missed: asked "what
does Hamza do now?", the latest related sentence that its grammar marks as saying what holds
now in place of something else (memory.nlp.marks: "he drives a petit taxi in the city now",
"they moved me to route 6 from today", "joined the university choir instead") answers, if it
holds an answer of the kind asked.

Only a question that itself asks what holds *now* is read this way, and only the newest of
the related sentences that could answer it may: an older "now" has been overtaken by
whatever was said since.
"""

import re

from spacy.lang.en.stop_words import STOP_WORDS

from memory import nlp
from memory.models import Fact
from memory.nlp import entity_key, stem, tokenize
from memory.nlp.ask import CATEGORIES
from memory.nlp.marks import new_clauses
from memory.nlp.parse import parse
from memory.nlp.predicates import negated
from memory.nlp.questions import QuestionIntent
from memory.nlp.wording import PHRASES
from memory.pipeline import expect, slots
from memory.pipeline.earlier import candidates, said_similarity
from memory.pipeline.guard import slot_name
from memory.pipeline.names import of_asked, source
from memory.pipeline.question import VEHICLE_SLOTS, Evidence
from memory.pipeline.speech import name_the_pronoun, quote, sentence

STOPPING = {"stop", "quit", "cease", "resign", "retire"}
NOW = re.compile(r"\b(now|currently|these days|nowadays|at the moment|anymore)\b", re.I)
# Closeness in meaning at which a sentence is about what was asked.
NOW_RELATED = 0.25
STOP_STEMS = {stem(w) for w in STOP_WORDS}


def told_now(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if intent.yes_no or intent.wants_past or intent.anchor or intent.wh == "when":
        return None
    if not NOW.search(intent.text) or members_asked(intent.relation or ""):
        return None
    question = intent.text
    wanted = expect.expected(question)
    if wanted is not None and wanted.kind == "job":
        # a change of work told "now" says it in its own words, with no job's name ("for
        # the Co-op now, hauling fuel")
        wanted = None
    facts = candidates(evidence)
    near = said_similarity(evidence, facts)
    said = {f.pk: quote(f, evidence.speaker) for f in facts if near[f.pk] >= NOW_RELATED}
    answering = [
        f
        for f in facts
        if f.pk in said and (wanted is None or expect.offers(f, wanted, question, text=said[f.pk]))
    ]
    # ("Where does Nacho work now?" is not answered by the newest sentence about a cat)
    subject, speaker = intent.subject or "", evidence.speaker
    answering = [
        f for f in answering if of_asked(subject, f, source(f), speaker) or by_role(f, speaker)
    ]
    if not answering:
        return None
    newest = max(f.created_at for f in answering)
    filled = bool(_slot_facts(evidence))
    for fact in sorted(answering, key=lambda f: -near[f.pk]):
        if fact.created_at != newest or _slot_newer(evidence, fact) or _retold(evidence, fact):
            continue
        for clause in _by_overlap(new_clauses(said[fact.pk]), question):
            if len(clause.split()) < 2:
                continue  # ("Started": a verb the parser left alone says nothing)
            if _slot_said_after(evidence, fact, said[fact.pk], clause):
                return None
            if denies(clause):
                continue  # ("Pani Nowak is not administrator anymore" names who is not)
            if _undone_since(evidence, fact, clause):
                continue  # ("so Idris is doing the laundry now", then "Ayesha is back on it")
            if not _clause_of(subject, speaker, clause):
                continue  # ("Callum is deputy cox now ... Kirsty took over as mechanic")
            if filled and _off_slot(fact, clause, intent):
                # (a slot holds a value: "I went with Ana to the beach", a trip, says
                # nothing of "what am I driving now?", however near in meaning; nor does
                # "new manager is called Duarte" of "where do I work now?")
                continue
            if wanted is None or expect.offers(fact, wanted, question, text=clause):
                # the clause alone: "Carmen moved out :( new flatmate is Sofía" names the
                # one who left first
                return sentence(name_the_pronoun(clause, fact.subject))
    return None


def _clause_of(subject: str, speaker: str, clause: str) -> bool:
    """Whether a clause may tell of the person asked: not one that opens with someone else's
    name ("Kirsty took over as mechanic" says nothing of Callum's job)."""
    from memory.nlp.casing import english_words

    if not subject or nlp.same_entity(subject, speaker):
        return True
    first = next((w for w in tokenize(clause) if w.isalpha()), "")
    named = first[:1].isupper() and first.lower() not in english_words()
    return not named or nlp.same_entity(first, subject) or first.lower() in subject.lower()


def denies(clause: str) -> bool:
    """Whether the clause says what no longer holds: its main verb is negated, or is one of
    stopping ("Kinga stopped the shopping for now" names who no longer does it)."""
    root = next((t for t in parse(clause) if t.dep_ == "ROOT"), None)
    return root is not None and (negated(root) or root.lemma_ in STOPPING)


def by_role(fact: Fact, speaker: str) -> bool:
    """A fact about someone named by a role ("my sister's all settled in Leeds now"), who may
    be whom the question names."""
    said = fact.subject
    return not nlp.same_entity(said, speaker) and ("'s " in said or said[:1].islower())


def members_asked(relation: str) -> bool:
    """ "which pets live with us now?" asks a set's members (`has_pet`), which the slots
    list with what joined and left them; no one sentence says them all."""
    kind = relation.removeprefix("role:").removeprefix("has_")
    return kind != relation and kind.rstrip("s") in CATEGORIES


def _slot_facts(evidence: Evidence) -> list[Fact]:
    """The current facts filling the slot asked, for whom it asks."""
    intent = evidence.intent
    relation = intent.relation or ""
    # (what one drives is also the vehicle one bought or went with)
    vehicles = slots.slot_set(relation) if relation in VEHICLE_SLOTS else set()
    return [
        f
        for f in evidence.facts
        if f.is_true
        and (
            f.relation == relation
            or vehicles
            and slots.fills(f, vehicles)
            # ("a new assistant coach from january, marin", asked in February: it holds)
            or f.relation == f"plan:{relation}"
            and slots.has_happened(f, evidence.asked_at)
        )
        and nlp.same_entity(f.subject, intent.subject or "")
    ]


def _slot_newer(evidence: Evidence, told: Fact) -> bool:
    """The slot asked was filled by a later message than the sentence ("electrician at the
    sugar mill, 15 yrs now", then "started today with Energy Fiji"): the slot's reading of
    the newer message stands."""
    told_in = told.source_message_id or 0
    return any((f.source_message_id or 0) > told_in for f in _slot_facts(evidence))


def _retold(evidence: Evidence, told: Fact) -> bool:
    """What the sentence's fact told was told again since, true now ("Idris is doing the
    laundry now", then "Ayesha is back on the laundry"): the newer word stands."""
    told_in, value = told.source_message_id or 0, entity_key(told.object)
    return bool(value) and any(
        f.is_true
        and (f.source_message_id or 0) > told_in
        and f.relation.removeprefix("not:") == told.relation.removeprefix("not:")
        and entity_key(f.object) == value
        for f in evidence.facts
    )


def _undone_since(evidence: Evidence, told: Fact, clause: str) -> bool:
    """Whether the clause tells what a fact of its message told, which a later message made
    false (a fact false from the start, said of the past, was never undone)."""
    said = clause.lower()
    return any(
        f.source_message_id == told.source_message_id
        and not f.is_true
        and f.truth_since > f.created_at
        and f.object
        and f.object.lower() in said
        and f.subject.lower() in said
        for f in evidence.facts
    )


def _slot_said_after(evidence: Evidence, told: Fact, text: str, clause: str) -> bool:
    """The slot asked was filled by the same message, with a value said after the clause
    ("started me on 50 mcg in May and has just upped it to 75 mcg"): the later word stands."""
    said = text.lower()
    words = [w for w in tokenize(clause.lower()) if w.isalnum()]
    last = words[-1] if words else ""
    if not last or last not in said:
        return False
    # (where the clause ends in the message: its last word, the clause being said back)
    end = said.rfind(last) + len(last)
    return any(
        f.source_message_id == told.source_message_id
        and f.object
        and said.find(f.object.lower(), end) >= 0
        for f in _slot_facts(evidence)
    )


def _off_slot(fact: Fact, clause: str, intent: QuestionIntent) -> bool:
    """Whether a clause is off the slot asked: its fact fills another slot of the lexicon
    than a lexicon slot asked, or it neither fills the slot asked, nor says "now", nor has a
    word of the question."""
    slot = slot_name(fact.relation)
    if slot == intent.relation or slot in slots.slot_set(intent.relation or ""):
        # ("moved to Hódmezővásárhely" fills where one lives, said or not "now"; when it
        # holds it for whom the question asks, its sentence's other clause, "started at the
        # Hospital", does not; an old value ended there, "swapped the skoda for a Zoe", does
        # not hold it)
        held = fact.is_true and bool(fact.object)
        held = held and nlp.same_entity(fact.subject, intent.subject or "")
        return held and fact.object.lower() not in clause.lower()
    asked_known = intent.relation in PHRASES or intent.relation in VEHICLE_SLOTS
    if asked_known and slot in PHRASES:
        return True
    if (intent.relation or "").startswith("role:"):
        # ("who are my flatmates now?" is not answered by "Javier has exams now": a role
        # held is told with its word)
        return not _says_asked(clause, intent)
    return not (NOW.search(clause) or _says_asked(clause, intent))


def _says_asked(clause: str, intent: QuestionIntent) -> bool:
    """Whether a clause has a word of the question's own, besides whom it asks about and
    "now" ("Karen's all settled in Two Harbors now" says "now" only)."""
    asked = _stems(intent.text) - STOP_STEMS - _stems(intent.subject or "") - {"now"}
    return bool(_in_charge(asked) & _in_charge(_stems(clause)))


# Words for whoever is in charge, one word to the check above ("my boss" - "the new lead")
IN_CHARGE = {stem(w) for w in ("boss", "manager", "lead", "supervisor", "head", "chief")}


def _in_charge(stems: set[str]) -> set[str]:
    return {"boss" if s in IN_CHARGE else s for s in stems}


def _by_overlap(clauses: list[str], question: str) -> list[str]:
    """Clauses sharing a word with the question first: "Tunde moved to Abuja so now I
    train with a new coach, Ifeoma" answers "who's my coach now?" with its second clause."""
    asked = _stems(question) - STOP_STEMS
    return sorted(clauses, key=lambda c: -len(asked & _stems(c)))


def _stems(text: str) -> set[str]:
    return {stem(w) for w in tokenize(text.lower())}


def agrees(decided: str, told: str, question: str) -> bool:
    """Whether a slot's answer says what the newest sentence says ("Your drummer is Diogo"
    and "Filipa's brother Diogo is your new drummer"): then the slot's words are kept."""
    asked = set(tokenize(question.lower()))
    words = {w for w in tokenize(decided.lower()) if w.isalnum()} - STOP_WORDS - asked
    said = set(tokenize(told.lower()))
    if bool(words) and words <= said:
        return True
    # a set the slot lists that holds the name the newest sentence gives ("Your housemates
    # are Inês and Leonor" and "a quiet girl called Leonor took his room")
    names = {w for w in tokenize(decided) if w[:1].isupper()} - {"You", "Your"}
    return bool(names & {w for w in tokenize(told) if w[:1].isupper()} - set(tokenize(question)))

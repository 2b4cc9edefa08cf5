"""What came before X: "Where did I live before Nõmme?", "What did I study before geography?",
"What did Hamza do before driving a taxi?".

X is found among the facts (a fact holding it as its value, else one whose words say it),
and the answer is the value X took the place of, by the strongest evidence first:

1. what the message that brought X gave up for it: "I moved out of Kalamaja, into a house in
   Nõmme", "changing my major from law to geography", "ditched the honda wave ... got a
   yamaha" (a fact of that message that is negated, said of the past, or ended);
2. a fact that message made false (ERASE's truth history names the message);
3. the latest fact said before X about the same person in X's slot (or of X's family of
   slots: a job, a home).

A value is only an answer if it is of the kind asked (a place for "where"), when the
question says which kind. None found: None, and the other readers try.
"""

from memory import nlp
from memory.models import Fact
from memory.nlp import wording
from memory.nlp.intro import agent
from memory.nlp.questions import asks_after
from memory.nlp.words import ANIMATE, KEPT
from memory.pipeline import expect, predecessor, replaced
from memory.pipeline.earlier import told_past
from memory.pipeline.guard import base_relation, role_noun, slot_name
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.slots import RELATED, slot_of
from memory.pipeline.speech import as_asked, quote, sentence, speak

FAMILIES = {
    "works_for": "job",
    "works_as": "job",
    "employment_status": "job",
    "teach": "job",
    "lives_in": "home",
    "move_to": "home",
    "move_from": "home",
    "move_into": "home",
    "be_in": "home",
}


KNOWN_FAMILIES = set(FAMILIES.values())


def own_slot(fact: Fact) -> str:
    """The fact's slot; "I'm a line cook" holds what one works as, as "as head chef" does."""
    said = fact.object.lower().split()
    if base_relation(fact.relation) == "is" and said and agent(said[-1]):
        return "works_as"
    return slot_of(fact)


def family_of(fact: Fact) -> str:
    return family(own_slot(fact))


def family(relation: str) -> str:
    slot = slot_name(relation)
    return FAMILIES.get(slot, slot)


def holds(fact: Fact, anchor: str) -> bool:
    """Whether the fact's value is the anchor ("the Yamaha" for "yamaha exciter")."""
    return bool(fact.object) and _says(fact.object, anchor)


def mentions(fact: Fact, anchor: str) -> bool:
    return holds(fact, anchor) or _says(fact.text, anchor)


def _says(text: str, anchor: str) -> bool:
    words = {nlp.stem(w) for w in nlp.tokenize(text)}
    asked = [nlp.stem(w) for w in nlp.tokenize(anchor) if w.lower() not in ("the", "a", "my")]
    return bool(asked) and all(w in words for w in asked)


ASKING = {"who", "what", "which", "was", "were", "did", "do", "is", "before", "the", "a", "my"}


def _shares(said: str, question: str, anchor: str) -> bool:
    """Whether a sentence names a word of the question besides its anchor, or the question
    has none ("Who was it before Beryl?")."""
    words = {nlp.stem(w) for w in nlp.tokenize(question.lower()) if w.isalpha()}
    words -= {nlp.stem(w) for w in [*ASKING, *nlp.tokenize(anchor.lower())]}
    return not words or bool(words & {nlp.stem(w) for w in nlp.tokenize(said.lower())})


def before_anchor(evidence: Evidence) -> str | None:
    intent = evidence.intent
    anchor = intent.anchor or ""
    if not anchor or intent.yes_no or not (intent.wants_past or intent.wants_order):
        return None
    if asks_after(intent.text):
        return None
    shown = as_asked(evidence, anchor)
    if intent.wh == "who":
        # "who ran the library before Beryl?" after "Beryl took over from Stan"
        took = [
            f
            for f in evidence.facts
            if f.relation == "replace" and f.is_true and nlp.same_entity(f.subject, anchor)
        ]
        # (one taken over in a sentence that says what the question asks of: "Sandrine
        # replaces Mme Benali" on the committee says nothing of the bike room project)
        said = [f for f in took if _shares(quote(f, evidence.speaker), intent.text, anchor)]
        if said:
            return sentence(f"{said[0].object}, before {shown} took over")
        found = predecessor.before(evidence, anchor)
        if found:
            return found
        if took:
            return sentence(f"{took[0].object}, before {shown} took over")
    subject = replaced.asked_about(evidence)  # "which winery was I at": the user
    facts = [f for f in evidence.facts if about(f, subject)]
    holding = [f for f in facts if holds(f, anchor)] or [f for f in facts if mentions(f, anchor)]
    # the family of slots the question asks ("What was Linh's job ...?": a job), if any
    asked = family(intent.relation or "")
    wanted = expect.expected(intent.text)

    def of_kind(fact: Fact) -> bool:
        """ "where did I work before ...": the clinic, not "a vet" (a job of the family)."""
        return (
            wanted is None
            or wanted.kind != "place"
            or expect.value_offers(fact, wanted, intent.text)
        )

    if not holding:
        # no fact holds X, but the user named it: what was said before, in X's place
        named = [f for f in evidence.facts if _says(source(f), anchor)]
        if not named:
            return None
        event = min(named, key=_said)
        if asked in KNOWN_FAMILIES:  # "Linh's job before the promotion": the job before it
            held = said_before(facts, event, lambda f: family_of(f) == asked and of_kind(f), asked)
            held = held or (left_home(facts, anchor) if asked == "home" else None)
            if held is not None:
                return sentence(
                    f"{speak(as_held(held), evidence.speaker, past=True)} before {shown}"
                )
        return told_past(evidence) or replaced.answer(evidence, anchor, event)
    first = min(holding, key=_said)
    # "who did I live with before Sofía?": who held Sofía's place (a flatmate), not a home
    person = wanted is not None and wanted.kind == "person"
    slot_family = asked if asked in KNOWN_FAMILIES and not person else family_of(first)

    def answers(fact: Fact) -> bool:
        """A value that may have come before X: in X's family of slots, else of the kind
        asked ("rennes" lived in, for "where"; "the honda wave", of no slot, for "what")."""
        if not fact.object or holds(fact, anchor) or fact.relation.startswith("plan:"):
            return False
        if person and not expect.value_offers(fact, wanted, intent.text):
            return False  # a person is asked: "ruzafa" is no answer
        if family_of(fact) == slot_family:
            return of_kind(fact)
        if wanted is not None and wanted.decisive:
            return expect.value_offers(fact, wanted, intent.text)
        # (a job or a home asked is not what is known as someone or something had: "It was
        # bearded dragon before Riverbend")
        return not base_relation(fact.relation) and not (
            slot_family in KNOWN_FAMILIES and known_as_role(evidence, fact.object)
        )

    # (a "where" or "who" asks a place or a person, never "smoking")
    ended = replaced.given_up_there(evidence, first) if intent.wh == "what" else ""
    if ended:  # "brody quit wrestling in july, hes doing flag football": the act given up
        return sentence(f"it was {ended} before {shown}")
    found = (
        given_up(facts, first, evidence, answers)
        or retired_by(facts, first, evidence, answers)
        or said_before(facts, first, answers, slot_family)
        or (left_home(facts, anchor) if slot_family == "home" else None)
    )
    slot = slot_name(intent.relation or "")
    if found is not None and slot in FAMILIES and own_slot(found) != slot:
        # "what did I do before TasPorts?": the deckhand said before, not the ferry left
        same = said_before(facts, first, lambda f: answers(f) and own_slot(f) == slot, slot_family)
        found = same or found
    if found is None:
        # a sentence told of the past says what came before better than a value read off
        # the clauses (replaced.py), which is only the last resort
        return (
            told_before(evidence, first, anchor, wanted)
            or told_past(evidence)
            or replaced_by(evidence, anchor, first, slot_family)
        )
    slot = base_relation(as_held(found).relation)
    if slot in wording.PHRASES or slot.startswith("role:"):
        return sentence(f"{speak(as_held(found), evidence.speaker, past=True)} before {shown}")
    return sentence(f"it was {found.object} before {shown}")  # "changed from law to ..."


def replaced_by(evidence: Evidence, anchor: str, first: Fact, slot_family: str) -> str | None:
    """What X took the place of, read off the sentences (replaced.py); for a job or a home,
    not a value known as something else: "Biscuit" is the user's cat, not a practice."""
    value = replaced.value_before(evidence, anchor, first)
    if not value:
        return None
    if slot_family in KNOWN_FAMILIES and known_as_role(evidence, value):
        return None
    return sentence(f"it was {value} before {as_asked(evidence, anchor)}")


def known_as_role(evidence: Evidence, value: str) -> bool:
    """Whether a fact holds `value` as someone or something had ("Biscuit" the user's cat),
    not as a place or a post ("my ward is oncology" is a ward one works on)."""
    return any(
        holds(f, value)
        and (base_relation(f.relation) == "has" or role_noun(f.relation) in ANIMATE | KEPT)
        for f in evidence.facts
        if f.relation.startswith("role:") or base_relation(f.relation) == "has"
    )


def about(fact: Fact, subject: str) -> bool:
    return fact.subject == subject or nlp.same_entity(fact.subject, subject)


def given_up(facts, first: Fact, evidence: Evidence, answers) -> Fact | None:
    """A value the message that brought X ended or said was past."""
    same = [f for f in facts if f.source_message_id == first.source_message_id]
    for fact in same:
        if (fact.relation.startswith("not:") or not fact.is_true) and answers(fact):
            return fact
    return None


def retired_by(facts, first: Fact, evidence: Evidence, answers) -> Fact | None:
    for fact in sorted(facts, key=_said, reverse=True):
        rows = evidence.history.get(fact.pk, [])
        made_false = any(
            not r.value and r.cause_message_id == first.source_message_id for r in rows
        )
        if made_false and fact.source_message_id != first.source_message_id and answers(fact):
            return fact
    return None


def said_before(facts, first: Fact, answers, slot_family: str) -> Fact | None:
    # (not what the message that brought X says beside it: "first weeks in Molinos as head
    # winemaker" holds no job before Molinos)
    earlier = [
        f
        for f in facts
        if _said(f) < _said(first) and f.source_message_id != first.source_message_id and answers(f)
    ]
    kin = [f for f in earlier if family_of(f) == slot_family]
    # X's own slot before the rest of its family: where one worked before Deloitte, not as what
    same = [f for f in kin if own_slot(f) == own_slot(first)]
    return max(same or kin, key=_said, default=None)


def left_home(facts: list[Fact], anchor: str) -> Fact | None:
    """A home left, said in any message: "we moved up here from dar" tells where the user
    lived before the home named in the first message ("research assistant in mwanza")."""
    left = [
        f
        for f in facts
        if not holds(f, anchor)
        and (slot_name(f.relation) == "move_from" or (own_slot(f) == "lives_in" and not f.is_true))
    ]
    return max(left, key=_said, default=None)


def told_before(evidence: Evidence, first: Fact, anchor: str, wanted) -> str | None:
    """No slot holds what came before X: the statement told before X, closest in meaning to
    the question, that holds an answer of the kind asked and does not name X ("she's keeping
    the house in Haw Creek" before "moved into an apartment on Broadway")."""
    if wanted is None or not wanted.decisive:
        return None
    earlier = [
        f
        for f in evidence.facts
        if _said(f) < _said(first)
        and f.source_message_id != first.source_message_id
        and not _says(source(f), anchor)
        and evidence.similarity.get(f.pk, 0.0) >= RELATED
        and expect.offers(f, wanted, evidence.intent.text)
    ]
    if not earlier:
        return None
    best = max(earlier, key=lambda f: (evidence.similarity.get(f.pk, 0.0), _said(f)))
    return sentence(f"before {as_asked(evidence, anchor)}: {quote(best, evidence.speaker)}")


def as_held(fact: Fact) -> Fact:
    """A value given up, said as it held: "lived in Kalamaja", not "no longer lives"."""
    moved = slot_name(fact.relation) == "move_from"  # "moved here from Pärnu": lived there
    if not fact.relation.startswith("not:") and not moved:
        return fact
    relation = "lives_in" if moved else base_relation(fact.relation)
    held = Fact(subject=fact.subject, relation=relation, object=fact.object)
    held.text, held.source_message = fact.text, fact.source_message
    return held


def _said(fact: Fact):
    return (fact.created_at, fact.pk)

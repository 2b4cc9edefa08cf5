"""What came before, when no slot holds it.

First, of the sentences close in meaning to a past question, one that says in its grammar
that it tells of the past (memory.nlp.pastness): it names the earlier value itself. "Where
did Nacho work before?" -> "he finally quit the recording studio"; "What did I do before
GM?" -> "before that I drove a school bus"; "Where did we live before Tucson?" -> "we lived
in Nogales till 2010". A sentence merely close in meaning names whatever holds now as often
as what held before; one marked as past does not.

Else, the statement closest in meaning to the question that holds an answer of the kind
asked ("where did I live before Toronto?" -> "I did my PhD in Gdańsk and stayed on ..."),
other than what holds now and the question's own anchor."""

import re

from memory import embeddings, nlp
from memory.models import Fact
from memory.nlp.marks import past_clauses
from memory.nlp.questions import asks_after
from memory.pipeline import expect
from memory.pipeline.guard import owned_by
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import quote, sentence

ANSWERABLE = 20  # facts checked, best-ranked first
# Closeness in meaning at which a statement holding an answer of the kind asked may say what
# came before: "where did I live before Toronto?" and "did my PhD in Gdańsk and stayed on"
# are 0.21 apart for the embedding model; the kind of answer (a place) does the rest.
EARLIER_RELATED = 0.2
# Closeness at which a statement may answer a question no slot or role decided. On the
# development sets (eval/dev, eval/fresh), 0.6 answered 6 more probes than "I don't know"
# did and lost 2 of the 48 never-told ones; 0.5 lost 6 of them.
NEAREST = 0.6


def told_past(evidence: Evidence) -> str | None:
    """The closest sentence that tells of the past and answers the question, said back."""
    intent = evidence.intent
    if intent.yes_no or not (intent.wants_past or intent.anchor):
        return None
    if asks_after(intent.text):
        return None  # what came next is no past
    said = _marked(evidence, candidates(evidence))
    if said is None:
        return None
    if intent.anchor:
        # (said back as told: "Before the bus you were a waitress ..."; an echo of what it
        # was before, "Before driving the school bus:", would name the later one first)
        return sentence(said)
    return f"Before that: {sentence(said)}"


def candidates(evidence: Evidence) -> list[Fact]:
    subject = evidence.intent.subject or ""
    if subject and not owned_by(evidence.speaker, subject):
        # "where did Moses work before": what was said of him, true now or not
        facts = [
            f
            for f in evidence.facts
            if nlp.same_entity(f.subject, subject) or mentions(source(f), subject)
        ]
    else:
        facts = evidence.facts[:ANSWERABLE]
    return [f for f in facts if not f.relation.startswith("plan:")]


def _marked(evidence: Evidence, facts: list[Fact]) -> str | None:
    question = evidence.intent.text
    wanted = expect.expected(question)
    near = said_similarity(evidence, facts)
    tried: set[str] = set()
    for fact in sorted(facts, key=lambda f: -near[f.pk]):
        if near[fact.pk] < EARLIER_RELATED:
            break
        said = quote(fact, evidence.speaker)
        if said in tried:
            continue
        tried.add(said)
        for clause in past_clauses(said):
            if _only_to(clause, evidence.intent.anchor or ""):
                continue  # "she swapped me to rizatriptan" tells what came after
            # the clause said of the past must hold the answer, not only its sentence
            if wanted is None or expect.offers(fact, wanted, question, text=clause):
                return said
    return None


def _only_to(clause: str, anchor: str) -> bool:
    """Whether a clause names the question's anchor only as what things changed to ("she
    swapped me to rizatriptan"; not "switched from sumatriptan to ...", "was in geology
    before she switched to linguistics")."""
    if not anchor:
        return False
    to = rf"\bto (?:an? |the |my |our )?{re.escape(anchor.lower())}\b"
    words = set(nlp.tokenize(clause.lower()))
    return re.search(to, clause.lower()) is not None and not words & {"from", "before"}


def earlier_by_meaning(evidence: Evidence, now: list[Fact]) -> str | None:
    """No slot holds an earlier value, and no two statements show the change: the statement
    closest in meaning to the question that holds an answer of the kind asked, other than
    what holds now and the question's own anchor ("where did I live before London?" -> "I'm
    living in Berlin"), said back; None when nothing is related enough."""
    marked = told_past(evidence)
    if marked is not None:
        return marked
    wanted = expect.expected(evidence.intent.text)
    anchor = evidence.intent.anchor or ""
    held = {nlp.entity_key(f.object) for f in now if f.object}
    near = said_similarity(evidence, evidence.facts[:ANSWERABLE])

    # What came before what holds now was said before it was.
    since = min((f.created_at for f in now), default=None)

    def fits(fact: Fact) -> bool:
        if near[fact.pk] < EARLIER_RELATED or fact.relation.startswith("plan:"):
            return False
        if since is not None and fact.created_at > since:
            return False
        if nlp.entity_key(fact.object) in held:
            return False
        if anchor and is_anchor(fact, anchor):
            return False
        return wanted is None or expect.offers(fact, wanted, evidence.intent.text)

    close = sorted((f for f in evidence.facts[:ANSWERABLE] if fits(f)), key=lambda f: -near[f.pk])
    if not close:
        return None
    question = evidence.intent.text.lower()
    lead = "After that" if asks_after(question) else "Before that"
    lead = lead if evidence.intent.wants_past or anchor else "As far as I can tell"
    return f"{lead}: {sentence(quote(close[0], evidence.speaker))}"


def nearest_said(evidence: Evidence) -> str | None:
    """Nothing decided the answer: a statement said in words very close to the question's
    ("where are we thinking of moving?" - "Gonzalo and I are planning to move to Córdoba")
    that holds an answer of the kind asked, and names whom the question asks about, is said
    back rather than "I don't know"."""
    wanted = expect.expected(evidence.intent.text)
    facts = [f for f in evidence.facts[:ANSWERABLE] if f.is_true]
    facts = [f for f in facts if not f.relation.startswith(("plan:", "not:"))]
    subject = evidence.intent.subject or ""
    if subject and not owned_by(evidence.speaker, subject):
        # "What's Hugo's job?" is not answered by what his mum said
        facts = [f for f in facts if mentions(source(f), subject)]
    near = said_similarity(evidence, facts)
    close = sorted((f for f in facts if near[f.pk] >= NEAREST), key=lambda f: -near[f.pk])
    question = evidence.intent.text
    for fact in close:
        # the sentence said back must hold the answer, not only its message
        said = quote(fact, evidence.speaker)
        if wanted is None or expect.offers(fact, wanted, question, text=said):
            return sentence(said)
    return None


def mentions(text: str, subject: str) -> bool:
    owner = subject.partition("'s ")[0]
    words = set(nlp.tokenize(text.lower()))
    return all(w in words for w in nlp.tokenize(owner.lower()))


def is_anchor(fact: Fact, anchor: str) -> bool:
    """Whether a statement is about the anchor itself ("before Sofía": what Sofía is like);
    one that names the anchor and what came before it ("a yoga teacher now, used to be a
    lawyer") still answers."""
    return nlp.same_entity(fact.object, anchor) or nlp.same_entity(fact.subject, anchor)


def said_similarity(evidence: Evidence, facts: list[Fact]) -> dict[int, float]:
    """Each fact's closeness in meaning to the question, as its own triplet sentence or as
    the user's sentence it came from, whichever is closer: a clause cut from its sentence
    ("alice stays on for ten years") loses what the sentence said ("... in Gdańsk")."""
    said = {f.pk: quote(f, evidence.speaker) for f in facts}
    texts = sorted(set(said.values()))
    if not texts:
        return {}
    asked = evidence.intent.text
    vectors = embeddings.embed_said([*texts, asked])  # (readers of one answer ask again)
    question = vectors[asked]
    return {
        f.pk: max(evidence.similarity.get(f.pk, 0.0), float(vectors[said[f.pk]] @ question))
        for f in facts
    }

"""Answers read off the question's own structure, for what no named slot holds.

A wh-word stands in one place of the question's clause: the subject of "who fixed our tap?",
the object of "what did Ollie break?", the place of "where did Diego get a job?". Every
statement became facts whose slot is its verb (`fix`, `break`, `get_at`), with subjects
already resolved when the statement was read ("he fixed the tap" after "her husband Karim" is
Karim's fact). So the answer is the same place in the stored fact that has the question's
verb (or one close in meaning) and shares the question's other words: the fact's subject for
"who", its object for "what", its place for "where". No verb, no shared word: no answer here,
and the later steps decide (often "I don't know").
"""

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from memory import embeddings, nlp
from memory.models import Fact
from memory.nlp import ask
from memory.nlp.casing import english_words
from memory.nlp.parse import Token, child, children, parse
from memory.nlp.predicates import is_plan
from memory.nlp.questions import unwrap
from memory.nlp.reader import ACQUIRE, ASPECT_VERBS, Reader
from memory.nlp.wording import owner_phrase
from memory.nlp.words import DUTY_VERBS, LEAVE_VERBS, QUITTING
from memory.pipeline.guard import base_relation, doer, owned_by, role_noun, slot_name
from memory.pipeline.holders import someone
from memory.pipeline.question import PRONOUNS, Evidence
from memory.pipeline.speech import sentence

WH = {"who", "whom", "what", "which", "where"}
PLACE_PREPS = {"in", "at", "to", "from", "into", "near", "for", "with"}
SAME_VERB, NEAR_VERB = 2.0, 1.5
# The relation lexicon's slot names, as verbs ("works_for" is what "work" says).
LEXICON_VERBS = {"works": "work", "lives": "live", "travels": "travel", "studies": "study"}
# Verbs of beginning somewhere, said of people: one who came, joined or started there.
ARRIVING = {"start", "begin", "join", "come", "arrive", "land"}
DYING = {"die", "pass", "perish"}
NEAR_MEANING = 0.55  # cosine of two verbs' embeddings that say the same act ("pick", "choose")
# Words of a question that are not the thing asked about.
SKIP_DEPS = {"aux", "auxpass", "det", "punct", "neg", "case", "mark", "cc", "prep", "poss"}
UNRESOLVED = PRONOUNS | {"it"}  # a subject extraction found no one for
CHAT_WORDS = {"again", "now", "still", "currently", "these", "days", "ever", "exactly"}


@dataclass(frozen=True)
class Asked:
    role: str  # "subject" | "object" | "place"
    verb: str  # lemma of the question's predicate with its particle ("fix", "storm_out")
    words: frozenset[str]  # stems of the question's other content words
    subject: str | None  # who the question is about, for an object or a place
    prep: str  # a preposition left at the end ("who does Ana live with?"), or ""
    kind: str | None  # the noun of "which pet ...", "what car ..."
    tense: str  # the predicate's tag, to say the answer back ("did", "does", "is")
    planned: bool = False  # asked of what is to come ("Who is coming for Thanksgiving?")


@lru_cache(maxsize=256)
def asked(text: str, *, speaker: str) -> Asked | None:
    """The question's wh-place, verb and arguments (cached: `answer` reads it twice, before
    and after the named slots)."""
    doc = parse(unwrap(text).rstrip(" ?.!") + "?")
    wh = next((t for t in doc if t.lower_ in WH and t.tag_ in ("WP", "WDT", "WRB", "WP$")), None)
    if wh is None:
        return None
    kind = wh.head if wh.dep_ == "det" else None
    slot = kind if kind is not None else wh
    predicate = slot.head if slot.dep_ != "ROOT" else slot
    if slot.dep_ == "pobj" and predicate.dep_ == "prep":
        predicate = predicate.head  # "What city does Ana live in?": the verb "in" hangs from
    if predicate.pos_ not in ("VERB", "AUX"):
        return None
    dep = slot.dep_
    # ("what did I start doing on thursdays?" is parsed with "what" a second object of "on")
    doubled = dep == "pobj" and len(children(slot.head, "pobj")) > 1
    if predicate.lemma_ == "do" and predicate.dep_ == "xcomp" and (dep == "dobj" or doubled):
        if predicate.head.lemma_ in ASPECT_VERBS:  # "what did I start doing?": what was started
            predicate, dep = predicate.head, "dobj"
    stranded = next(
        (c for c in predicate.children if c.dep_ == "prep" and not children(c, "pobj", "pcomp")),
        None,
    )
    if dep == "pobj" and slot.head.head == predicate:
        stranded = slot.head
    subject = None
    going = next((c for c in predicate.children if c.tag_ == "VBG" and child(c, "nsubj")), None)
    if predicate.lemma_ == "be" and going is not None and dep in ("attr", "dobj"):
        predicate, dep = going, "dobj"  # "What is Joaquim buying?" parsed with "is" as root
    if wh.lower_ == "where":
        role = "place"
    elif dep in ("nsubj", "nsubjpass") and (kind is not None or wh.lower_ == "who"):
        role = "subject"  # "what is called X?" asks a name, not who did something
        others = [c for c in children(predicate, "nsubj", "nsubjpass") if c.i != slot.i]
        copular = predicate.lemma_ == "be" and (others or child(predicate, "attr", "acomp"))
        if copular and not (others and stranded is not None):
            return None  # "What team is X a member of?": the wh-word is the complement
        if copular:  # "Which team am I on?": what the preposition left at the end governs
            role, subject = "object", others[0]
    elif dep in ("dobj", "attr", "oprd") or dep == "pobj" and stranded is not None:
        role = "object"
    else:
        return None
    subject = subject or child(predicate, "nsubj", "nsubjpass")
    if role == "subject" and any(c.dep_ == "aux" and c.lemma_ == "do" for c in predicate.children):
        # "Who does Luís share a flat with?" read with "who" as the subject: with "does" the
        # wh-word is never the subject; the name next to the verb is.
        role, subject = (
            "object",
            next(
                (c for c in predicate.lefts if c.i != wh.i and c.pos_ in ("PROPN", "PRON", "NOUN")),
                None,
            ),
        )
    prep = stranded.lower_ if stranded is not None and role == "object" else ""
    reader = Reader(speaker=speaker)
    about = None if role == "subject" or subject is None else reader.entity(subject)
    if role == "object" and predicate.lemma_ == "be" and not prep:
        return None  # "what is my dog's name?", "who is my manager?": named slots answer it
    verb = verb_of(predicate)
    skip = {wh.i, slot.i, predicate.i}
    if predicate.lemma_ in ASPECT_VERBS:
        # "What did I just finish building?": the act finished is the one told ("finished
        # my first mandolin"), not a word the told clause must also say
        skip |= {c.i for c in children(predicate, "xcomp", "dobj") if c.pos_ == "VERB"}
    if subject is not None:
        skip |= {t.i for t in subject.subtree}
    words = frozenset(
        nlp.stem(t.lower_) for t in predicate.subtree if t.i not in skip and content(t)
    )
    tense = next((a.tag_ for a in children_aux(predicate)), predicate.tag_)
    noun = kind.lemma_.lower() if kind is not None else None
    return Asked(role, verb, words, about, prep, noun, tense, is_plan(predicate))


def verb_of(predicate: Token) -> str:
    """A predicate's lemma with its particle ("fix", "storm_out")."""
    prt = child(predicate, "prt")
    return predicate.lemma_.lower() + (f"_{prt.lower_}" if prt is not None else "")


def children_aux(predicate: Token) -> list[Token]:
    return [c for c in predicate.children if c.dep_ in ("aux", "auxpass")]


def content(token: Token) -> bool:
    # (a make typed in lower case may be tagged a foreign word: "got a honda cbf125")
    other = token.pos_ == "X" and token.is_alpha
    return (
        token.dep_ not in SKIP_DEPS
        and (token.pos_ in ("NOUN", "PROPN", "ADJ", "NUM", "VERB") or other)
        and token.lower_ not in CHAT_WORDS
        and not token.is_stop
    )


@lru_cache(maxsize=2048)
def _vector(word: str) -> np.ndarray:
    vector = np.asarray(embeddings.embed(word), dtype=np.float32)
    return vector / (np.linalg.norm(vector) or 1.0)


# Verbs of putting one thing in another's place.
SWITCHING = {"switch", "change", "swap", "move", "transfer", "replace", "substitute"}


def verb_match(question_verb: str, fact_verb: str) -> float:
    """Lemmas with their particles: the same act, the same verb with another particle ("move"
    for "move_in"), or verbs close in meaning ("pick" for "choose")."""
    if question_verb == fact_verb:
        return SAME_VERB
    first, second = question_verb.split("_")[0], fact_verb.split("_")[0]
    if nlp.stem(first) == nlp.stem(second):
        return SAME_VERB - 0.25
    if first in ACQUIRE and second in ("has", "have"):
        return NEAR_VERB  # what was bought, got or adopted is stored as had
    if first in ACQUIRE and second in ACQUIRE:
        return NEAR_VERB  # "when did I get the scooter?" - "bought scooter"
    if first in DYING and second in DYING:
        return NEAR_VERB  # "what year did Paddy die?" - "Paddy passed in 2019"
    if first in ARRIVING and second in ARRIVING:
        return NEAR_VERB  # "when did Salwa start in the workshop?" - "Salwa came in 2010"
    if first in SWITCHING and second in SWITCHING:
        return NEAR_VERB  # "when did he switch to Protopic?" - "the doctor changed it to ..."
    if {first, second} & {"be", "have", "ha", "is", "has", "do", "get"}:
        return 0.0  # these say nothing about which act
    similarity = float(_vector(first) @ _vector(second))
    return NEAR_VERB if similarity >= NEAR_MEANING else 0.0


def parts(fact: Fact) -> tuple[str, str]:
    """(verb lemma with its particle, preposition) of a fact's slot: `storm_out` ->
    ("storm_out", ""), `get_at` -> ("get", "at"), `lives_in` -> ("live", "in")."""
    relation = slot_name(fact.relation)
    if ":" in relation:
        return "", ""  # a role ("role:sister") is a named slot, not a verb's
    pieces = relation.split("_")
    prep = pieces[-1] if len(pieces) > 1 and pieces[-1] in PLACE_PREPS else ""
    verb = "_".join(pieces[:-1] if prep else pieces)
    head, _, particle = verb.partition("_")
    head = LEXICON_VERBS.get(head, head)
    return head + (f"_{particle}" if particle else ""), prep


def fit(question: Asked, fact: Fact, speaker: str) -> float:
    """How well a fact's slot and arguments are the question's; 0 when it cannot answer."""
    planned = fact.relation.startswith("plan:")
    if fact.relation.startswith("not:") or planned and not question.planned:
        return 0.0  # what did not happen, or has not yet, is not who did it (nor who will)
    verb, prep = parts(fact)
    if not verb or (question.prep and prep != question.prep):
        return 0.0
    filler = filled(question, fact, prep)
    if not filler:
        return 0.0
    if question.kind and {nlp.stem(w) for w in nlp.tokenize(filler)} <= {nlp.stem(question.kind)}:
        return 0.0  # "What choir am I in?" is not answered by "a choir"
    if question.subject and not nlp.same_entity(fact.subject, question.subject):
        return 0.0
    said = {nlp.stem(w) for w in nlp.tokenize(fact.object)}
    if question.role == "subject":
        # the one who did it is not one of the question's own words ("who did Ana marry?")
        if {nlp.stem(w) for w in nlp.tokenize(fact.subject)} & question.words:
            return 0.0
        if fact.subject == speaker and question.kind is None:
            return 0.0  # the user does not ask who they are
        if fact.subject.lower() in UNRESOLVED:
            return 0.0  # a pronoun no one was found for names no one ("He.")
    else:
        said -= {nlp.stem(w) for w in nlp.tokenize(filler)}
    # the preposition left at the end is an argument the fact has ("... share a flat with?")
    shared = len(said & question.words) + bool(question.prep)
    if question.kind and question.role != "subject":
        shared += nlp.stem(question.kind) in {nlp.stem(w) for w in nlp.tokenize(filler)}
    match = verb_match(question.verb, verb)
    if question.role == "subject" and question.verb in DUTY_VERBS and verb in DUTY_VERBS:
        match = match or NEAR_VERB  # "who runs the machines?" - "Joost handles the machines"
    if match and (shared or not question.words):
        return match + shared
    leaving = QUITTING | LEAVE_VERBS
    if verb.split("_")[0] in leaving | {"step"} and question.verb not in leaving:
        return 0.0  # "Fergus stepped off the bonspiel committee" says who is no longer on it
    if question.verb == "do" and question.role == "subject" and shared:
        # "who does the mornings?" names the work by its noun: "Doina comes mornings"
        return 0.5 + shared
    return float(shared) if shared >= 2 else 0.0


def filled(question: Asked, fact: Fact, prep: str) -> str:
    if question.role == "subject":
        return fact.subject
    if question.role == "place":
        relation = base_relation(fact.relation)
        placed = prep in ("in", "at", "to", "from", "into", "near") or relation in (
            "lives_in",
            "works_for",
        )
        return fact.object if placed else ""
    return fact.object


def answer(evidence: Evidence, *, before_slots: bool) -> str | None:
    """The wh-question's answer from the fact that fills the question's place, or None.

    Named slots hold values (objects), so they never answer "who did it?" nor "with whom?":
    those are read here `before_slots`; objects and places only where no slot decided."""
    intent = evidence.intent
    if intent.yes_no or intent.wh == "when" or intent.wants_past or intent.wants_order:
        return None
    if before_slots and len(ask.category_roles(intent.relation)) > 1:
        return None  # "which animals live with me?": the members of a set, which slots list
    if before_slots and intent.relation == "role:housemate":
        return None  # "who lives with me?": the housemates, which slots list
    question = asked(intent.text, speaker=evidence.speaker)
    if question is None:
        return None
    if before_slots != (question.role == "subject" or bool(question.prep)):
        return None
    scored = [(fit(question, f, evidence.speaker), f) for f in evidence.facts]
    scored = [(s, f) for s, f in scored if s > 0]
    if question.tense in ("VBZ", "VBP"):
        # ("who do I work for now?" is not answered by the mill I left: slots say what holds)
        ended = [(s, f) for s, f in scored if not f.is_true]
        scored = [(s, f) for s, f in scored if f.is_true] or taken_over(ended, evidence)
    if not scored:
        return doer_of(question, evidence) if before_slots else None
    # the best fit; of equals, what is true now, then the newest
    _, fact = max(scored, key=lambda sf: (sf[0], sf[1].is_true, sf[1].truth_since, sf[1].pk))
    return said(question, fact, evidence.speaker)


def taken_over(ended: list[tuple[float, Fact]], evidence: Evidence) -> list[tuple[float, Fact]]:
    """ "Who does my grandmother's evenings now?" where what fits best is over ("Mihaela
    does evenings"): who does the same now ("Roxana does evenings", said when she took it
    over), looked up past the evidence."""
    if not ended:
        return []
    score, fact = max(ended, key=lambda sf: (sf[0], sf[1].truth_since, sf[1].pk))
    now = (
        Fact.objects.filter(
            user_id=evidence.user_id,
            is_true=True,
            relation=fact.relation,
            object_key=fact.object_key,
        )
        .exclude(pk=fact.pk)
        .order_by("-truth_since", "-pk")
        .first()
    )
    return [(score, now)] if now is not None and fact.object_key else []


def doer_of(question: Asked, evidence: Evidence) -> str | None:
    """ "Who teaches my night course now?", "who drums for us?": no one was said to do it, but
    someone holds the role of the one who does ("the teacher is Ana Ruiz", "our drummer is
    Petra"), the user's or their people's; the newest holder now."""
    if question.role != "subject" or question.planned:
        return None
    verb = question.verb.split("_")[0]
    if len(verb) < 3:
        return None
    # (the roles are looked up past the evidence, which a question's verb found)
    roles = Fact.objects.filter(
        user_id=evidence.user_id, is_true=True, relation__startswith="role:"
    ).order_by("-truth_since", "-pk")[:300]
    held = [
        f
        for f in roles
        if doer(role_noun(f.relation), verb)
        and owned_by(evidence.speaker, f.subject)
        and named(f.object)
    ]
    if not held:
        return None
    fact = held[0]  # the newest
    return sentence(said_entity(fact.object, evidence.speaker))


def named(value: str) -> bool:
    """A holder said by name ("Ana Ruiz", "Madame Marchand"), not by a word for them
    ("Frenchwoman"): a first name, a title, or a word no English list has."""
    if not value[:1].isupper():
        return False
    return someone(value) or value.split()[0].lower() not in english_words()


def said_entity(entity: str, speaker: str) -> str:
    return owner_phrase(entity, speaker)[0]


def said(question: Asked, fact: Fact, speaker: str) -> str:
    """ "Karim did.", "Anaya is.", "His wrist.", "In Alicante."."""
    if question.role == "subject":
        who = said_entity(fact.subject, speaker)
        if question.verb == "be":
            return sentence(f"{who} {'was' if question.tense in ('VBD', 'VBN') else 'is'}")
        if question.tense in ("VBD", "VBN"):
            return sentence(f"{who} did")
        return sentence(who)
    _, prep = parts(fact)
    value = said_entity(fact.object, speaker)
    if question.role == "place" and prep:
        return sentence(f"{prep} {value}")
    return sentence(value)

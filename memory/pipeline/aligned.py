"""Answers read off the user's own sentences by the question's structure, where no slot did.

`roles.py` finds the wh-word's place in the stored facts, so it answers only what extraction
turned into a fact with the right subject. People say more than any fact reader takes in
("she opened a salon in wandegeya" after "my brother moses and his wife sarah visited"; "bec's
a marine engineer on the ferries and her husband josh stays home"). Here the statements
closest to the question are read again at answer time, as they were said (with their
repairs made): every clause of the message with its subject resolved the way extraction
resolves it (I is the user, he/she the person the message named last who can be one), and a
clause that is the question with the wh-word filled in answers it:

- "Who is grounded?" - a clause whose verb is the question's and which shares the rest of
  its words gives its subject ("... so she cried for an hour, he's grounded" -> Migo);
- "What did Sarah open?" / "What do I play in the band?" - a clause of the question's verb
  about the question's subject gives its object;
- "Where does Nacho work?" - the same clause gives its place;
- "What does Bec do?" - a clause about Bec gives its predicate ("is a marine engineer").

A negated clause ("he doesn't play anymore") or one still planned ("will open") answers
nothing; of several clauses that fit equally, the newest said wins (what holds now).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from memory import nlp
from memory.models import Fact
from memory.nlp.parse import Token, child, children, parse, parse_all
from memory.nlp.predicates import WEEKDAYS, is_plan, negated
from memory.nlp.reader import (
    FEMININE,
    LEAVE_VERBS,
    LOSS_VERBS,
    STOP_VERBS,
    THIRD_PERSON,
    Reader,
)
from memory.nlp.statements import plainly
from memory.pipeline.guard import owned_by
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.roles import (
    PLACE_PREPS,
    UNRESOLVED,
    Asked,
    asked,
    content,
    verb_match,
    verb_of,
)
from memory.pipeline.speech import sentence, to_you

READ = 8  # the statements closest to the question whose messages are read again
SUBJECTS = ("nsubj", "nsubjpass")
# Verbs that say nothing of what someone does ("What does Bec do?" is not "she says ...").
NO_ACTIVITY = {"be", "have", "say", "think", "tell", "want", "know", "get", "do", "go", "come"}
NO_ACTIVITY |= {"seem", "feel", "look", "sound", "appear"}  # how someone seems, not does
NO_ACTIVITY |= LOSS_VERBS | STOP_VERBS | LEAVE_VERBS  # what one gave up is not what one does
# talking, wishing and feeling are said of anyone; they tell no one's trade
NO_ACTIVITY |= {"talk", "chat", "speak", "ask", "argue", "discuss", "laugh", "joke", "vote"}
NO_ACTIVITY |= {"complain", "worry", "agree", "plan", "decide", "wonder", "hope", "miss"}
NO_ACTIVITY |= {"love", "like", "hate", "text", "call", "visit"}
# where and with whom one lives is no trade ("What does Kasia do?" - "lives in Katowice")
NO_ACTIVITY |= {"live", "reside", "settle", "move", "marry", "date", "meet", "sleep"}
# Children of a predicate that are other clauses, or say how it was said, not what was done.
OTHER_CLAUSES = {"conj", "cc", "advcl", "ccomp", "parataxis", "punct", "mark", "intj", "discourse"}
CONTENT = ("NOUN", "PROPN", "ADJ", "NUM", "VERB")
NAMING = {"call", "name"}
FOR_WORK = {nlp.stem(w) for w in ("work", "living", "live", "job", "money")}


@dataclass(frozen=True)
class Clause:
    predicate: Token
    subject: str  # who or what the clause is about, resolved ("Migo", the speaker)
    fact: Fact  # the statement whose message it was read from (for its time)
    # stems of whom it was done for, resolved ("made her a blanket": Lwazi)
    receivers: frozenset[str] = frozenset()


def answer(evidence: Evidence) -> str | None:
    """The answer a clause of the closest statements gives to a wh-question, or None."""
    intent = evidence.intent
    if intent.yes_no or intent.wh == "when" or intent.anchor or intent.wants_order:
        return None
    if intent.wants_past:
        return None  # what held before is read by the past's own readers (earlier.py)
    question = asked(intent.text, speaker=evidence.speaker) or job_asked(intent, evidence.speaker)
    if question is None:
        return None
    best: tuple[tuple, str] | None = None
    ended = given_up(evidence)
    for clause in clauses(evidence):
        if (nlp.entity_key(clause.subject), clause.predicate.lemma_.lower()) in ended:
            continue  # "Martin teaches chemistry" after "he has given up teaching"
        score = fit(question, clause, evidence.speaker)
        if score <= 0:
            continue
        said = say(question, clause, evidence.speaker)
        if said is None:
            continue
        rank = (score, clause.fact.created_at, clause.predicate.i)
        if best is None or rank > best[0]:
            best = (rank, said)
    return best[1] if best else None


def job_asked(intent, speaker: str) -> Asked | None:
    """ "What's Marta's line of work?", "what is Kai's trade?": a job asked by a noun is
    what they do, as "What does Marta do?" asks it (the user's own job is the slots')."""
    if intent.relation != "works_as" or not intent.subject or owned_by(speaker, intent.subject):
        return None
    return Asked("object", "do", frozenset(), intent.subject, "", None, "VBZ")


def given_up(evidence: Evidence) -> set[tuple[str, str]]:
    """(subject, verb) of what someone did and no longer does: a fact of that verb that is
    over, and none that holds."""

    def key(fact: Fact) -> tuple[str, str]:
        return nlp.entity_key(fact.subject), fact.relation.removeprefix("not:").split("_")[0]

    held = {key(f) for f in evidence.facts if f.is_true and not f.relation.startswith("not:")}
    return {key(f) for f in evidence.facts if not f.is_true} - held


def clauses(evidence: Evidence) -> list[Clause]:
    """Every clause of the messages behind the statements closest to the question (and
    behind those about whom it asks), each message read once."""
    messages: dict[str, Fact] = {}  # each message's text, with the first fact it gave
    for fact in nearest(evidence, READ):
        messages.setdefault(source(fact), fact)
    said = {text: _body(text, evidence.speaker) for text in messages}
    parse_all(body for _who, body in said.values())  # one batch for those not parsed yet
    return [
        c
        for text, fact in messages.items()
        for c in _read(*said[text], fact, people=told_of(evidence, fact))
    ]


def told_of(evidence: Evidence, fact: Fact) -> list[str]:
    """The persons the facts of `fact`'s message are about, as extraction resolved them: who
    "she" names in "she told my son ..." when she was named in an earlier message."""
    people: list[str] = []
    for other in evidence.facts:
        subject = other.subject
        mine = subject.lower() in ("", evidence.speaker.lower()) or "'s " in subject
        if other.source_message_id == fact.source_message_id and subject[:1].isupper() and not mine:
            if subject not in people:
                people.append(subject)
    return people


def nearest(evidence: Evidence, count: int) -> list[Fact]:
    """The `count` statements closest to the question in meaning, then (for a question about
    someone else) the first `count` about whom it asks; a message may give several."""
    subject = evidence.intent.subject or ""
    ranked = sorted(evidence.facts, key=lambda f: -evidence.similarity.get(f.pk, 0.0))
    facts = ranked[:count]
    if subject and not owned_by(evidence.speaker, subject):
        facts += [f for f in evidence.facts if nlp.same_entity(f.subject, subject)][:count]
    return facts


def _body(text: str, speaker: str) -> tuple[str, str]:
    """Who said a stored message (a replayed line may name its speaker) and its words."""
    from memory.pipeline.update import split_speaker

    who, body = split_speaker(text, speaker)
    return who, plainly(body)


def read(text: str, fact: Fact, speaker: str) -> list[Clause]:
    """The clauses of one message in the order said, subjects resolved as they come: a
    pronoun is the person named last before it who can be one."""
    return _read(*_body(text, speaker), fact)


def _read(who: str, body: str, fact: Fact, people: Sequence[str] = ()) -> list[Clause]:
    reader = Reader(speaker=who)
    doc = parse(body)
    if opens_with_pronoun(doc):
        # ("She told Margaret she would come": she was named in an earlier message)
        reader.know([(person, "") for person in people])
    out = []
    for token in doc:
        if token.pos_ == "PROPN" and token.dep_ == "appos" and token.head.pos_ == "NOUN":
            # ("her brother Alfie": a he, whatever the names list says)
            reader.learn_gender(reader.name_of(token), token.head.lemma_.lower())
        joined = token.head.head if token.head.dep_ == "conj" else None
        if token.lower_ in ("her", "his") and token.dep_ == "poss" and joined is not None:
            if joined.pos_ == "PROPN":  # ("Selam and her husband Yonas": Selam is a she)
                reader.gender[reader.name_of(joined)] = FEMININE[token.lower_]
        if token.pos_ == "PROPN" and token.dep_ not in SUBJECTS:
            reader.remember([reader.name_of(token)])  # "dinner with Pedro. he ..."
        if token.pos_ not in ("VERB", "AUX") or token.dep_ in ("aux", "auxpass"):
            continue
        subjects = reader.said_by(token)
        if len(subjects) > 1:
            # "Ana and Tom moved": no one answer, but either may be "she" or "he" next
            reader.remember([reader.entity(s) for s in subjects])
        if len(subjects) != 1:
            continue  # no subject: nothing to say
        subject = subjects[0]
        if subject.lower_ in ("who", "that") and token.dep_ == "relcl":
            subject = token.head  # "a guy called Zoltán who sells tractors": Zoltán
            named = [child(c, "oprd") for c in children(subject, "acl") if c.lemma_ in NAMING]
            subject = next((n for n in named if n is not None), subject)
        entity = reader.entity(subject)
        reader.remember([entity])
        given = [reader.entity(c) for c in children(token, "dative")]
        receivers = frozenset(nlp.stem(w) for g in given for w in nlp.tokenize(g))
        out.append(Clause(token, entity, fact, receivers))
    return out


def said_before(predicate: Token) -> set[str]:
    """The content words the message said before the predicate's sentence."""
    return {nlp.stem(t.lower_) for t in predicate.doc[: predicate.sent.start] if content(t)}


def opens_with_pronoun(doc) -> bool:
    """Whether a he/she/they comes before any name in the message."""
    for token in doc:
        if token.pos_ == "PROPN":
            return False
        if token.lower_ in THIRD_PERSON:
            return True
    return False


def fit(question: Asked, clause: Clause, speaker: str) -> float:
    """How well a clause is the question with its wh-word filled in; 0 when it is not."""
    predicate = clause.predicate
    if negated(predicate) or is_plan(predicate) and not question.planned:
        return 0.0
    said = words(predicate) | clause.receivers  # ("made her a blanket" for "for Lwazi")
    if question.role == "subject":
        # "Who said I was smoother?": what was said is the clause said ("she said you were
        # smoother than ..."); the verbs must still match
        said |= {
            nlp.stem(t.lower_)
            for c in children(predicate, "ccomp")
            for t in c.subtree
            if content(t)
        }
        if clause.subject == speaker and question.kind is None:
            return 0.0  # the user does not ask who they are
        if clause.subject.lower() in UNRESOLVED:
            return 0.0
        named = {nlp.stem(w) for w in nlp.tokenize(clause.subject)}
        # (a word the message said before, beside one the clause says itself: "bought a
        # cello. ... She has offered to show me where to put my fingers" tells who offered
        # to show the fingering on the cello)
        before = said_before(predicate) if said & question.words else set()
        if not question.words <= said | named | before:
            return 0.0  # "who is grounded?" is not "who is pregnant?"
    elif not (question.subject and same(clause.subject, question.subject, speaker)):
        return 0.0
    shared = len(said & question.words)
    if question.verb == "do" and question.role == "object":
        # "What does Anouk do for work?": the sentence must say something of work (not
        # "Øystein swears by his old camera")
        named = any(c.pos_ in ("NOUN", "PROPN") for c in children(predicate, "dobj", "attr"))
        needed = question.words
        if question.words & FOR_WORK and trade(predicate, named):
            # ("for work", "for a living" ask a job, which "drives a bus for lasta" says
            # without those words; "swears by his old Nikon" or "talked me into it" does not)
            needed = question.words - FOR_WORK
        if activity(predicate) is None or not needed <= sentence_words(predicate):
            return 0.0
        # "teaches chemistry" says more of work than "raises them alone"; "carried my
        # potatoes up" was done once, "drives a van" is done every day
        return 1.0 + shared + 0.5 * named + 0.5 * (predicate.tag_ in ("VBZ", "VBP"))
    match = verb_match(question.verb, verb_of(predicate))
    if not match and question.verb == "work" and question.role == "place":
        # "he drives a van for a printing house": where one works, told by the trade
        # done for it or at it
        employer = any(p in ("for", "at") for p, _ in preps(predicate))
        match = 1.0 if employer and trade(predicate, named=True) else 0.0
    if not match or (question.words and not shared and question.role != "subject"):
        return 0.0
    return match + shared


def same(entity: str, subject: str, speaker: str) -> bool:
    if subject == speaker or entity == speaker:
        return entity == subject
    return nlp.same_entity(entity, subject)


def words(predicate: Token) -> set[str]:
    """Stems of the clause's own content words (not those of the clauses hanging from it)."""
    return {nlp.stem(t.lower_) for t in own(predicate) if content(t) and t.i != predicate.i}


def sentence_words(predicate: Token) -> set[str]:
    """Stems of the content words of the whole sentence a clause is in."""
    return {nlp.stem(t.lower_) for t in predicate.sent if t.pos_ in CONTENT and not t.is_stop}


def own(predicate: Token) -> list[Token]:
    """The predicate's words without its subject and without the other clauses it joins."""
    kept = [predicate]
    for c in predicate.children:
        if c.dep_ in SUBJECTS or c.dep_ in OTHER_CLAUSES:
            continue
        kept.extend(c.subtree)
    return sorted(kept, key=lambda t: t.i)


def trade(predicate: Token, named: bool) -> bool:
    """A job told by what one does every day: a present-tense verb with a thing it is done
    to ("drives a bus", "runs a bakery", "sells tractors")."""
    thing = child(predicate, "dobj")
    # ("rides her yamaha everywhere" is her own thing she uses, not what she works at)
    owned = thing is not None and child(thing, "poss") is not None
    # ("cooks seswaa every sunday": done on a day of the week, a pastime, not a trade)
    weekly = any(t.lower_.removesuffix("s") in WEEKDAYS for t in predicate.subtree)
    trade = named and predicate.tag_ in ("VBZ", "VBP") and thing is not None
    return trade and not owned and not weekly


def activity(predicate: Token) -> Token | None:
    """What someone does, said by a clause about them: "is a marine engineer" (a noun), or a
    verb of its own ("runs a spice stall", "sings")."""
    if predicate.lemma_ == "be":
        attr = child(predicate, "attr")
        return attr if attr is not None and attr.pos_ == "NOUN" else None
    if predicate.lemma_ in LOSS_VERBS and predicate.tag_ in ("VBZ", "VBP"):
        return predicate  # "sells tractors" is a trade; "sold the car" was a loss
    return predicate if predicate.lemma_ not in NO_ACTIVITY else None


def say(question: Asked, clause: Clause, speaker: str) -> str | None:
    """The clause said back as the answer: whom it is about, then what it says of them."""
    predicate = clause.predicate
    if question.role == "object" and question.verb != "do":
        if question.prep:
            found = [o for p, o in preps(predicate) if p == question.prep]
        else:
            found = children(predicate, "dobj", "attr", "oprd", "xcomp")
        if not found:
            return None
    if question.role == "place" and not any(p in PLACE_PREPS for p, _ in preps(predicate)):
        return None
    kept = own(predicate)
    commas = [t.i for t in predicate.sent if t.text == "," and t.i > predicate.i]
    if commas and predicate.sent[-1].text == "?":
        # "started bouldering on thursdays, any tips for sore fingertips?": what follows the
        # comma is what the user asked, not what they said
        kept = [t for t in kept if t.i < commas[-1]]
    while kept and kept[-1].is_punct:
        kept.pop()
    text = said_words(kept)
    if not text:
        return None
    who = clause.subject
    if who == speaker:
        return sentence(to_you(f"I {text}"))
    # ("Rosie has offered to show you where to put your fingers": the user's words, to them)
    return sentence(f"{who} {to_you(text)}")


def said_words(tokens: list[Token]) -> str:
    """The tokens as typed; where words between them were left out, a space stands."""
    text = ""
    for before, token in zip([None, *tokens], tokens, strict=False):
        if before is not None and token.i != before.i + 1 and not text.endswith(" "):
            text += " "
        text += spelled(token) + token.whitespace_
    return text.strip()


CONTRACTED = {"'s": "is", "'m": "am", "'re": "are", "'ve": "have", "'ll": "will", "'d": "would"}


def spelled(token: Token) -> str:
    """A contracted verb said whole once its subject is named ("bec's a" -> "Bec is a")."""
    if token.dep_ != "case" and token.lower_ in CONTRACTED and token.pos_ in ("AUX", "VERB"):
        return CONTRACTED[token.lower_]
    return token.text


def preps(predicate: Token) -> list[tuple[str, Token]]:
    """(preposition, object) of a predicate; unlike `prep_objects`, no passive agent ("by")
    and no objects joined to the first."""
    return [
        (p.lower_, o) for p in children(predicate, "prep", "dative") for o in children(p, "pobj")
    ]

"""What X took the place of, when no slot holds it: "which winery was I at before Los
Sauces?", "what motorbike did I have before the Himalayan?", "who was our hired hand before
Marco?".

The value that came before X is said in X's place, earlier: in the same place of a clause
("sommelier at Bodega Alto Cielo" ... "first day at Los Sauces": the object of "at"; "i ride a
Yamaha XTZ" ... "bought a Royal Enfield Himalayan": a verb's object), and it is a thing of
X's kind (the embedding model puts two wineries, two motorbikes or two jobs close). So each
noun phrase the user said before X was first named is scored by both, and by how close its
sentence is to the question; the best, if it is close enough, is the answer.
"""

from collections.abc import Callable
from dataclasses import dataclass

from lemminflect import getInflection

from memory import embeddings, nlp
from memory.models import Fact
from memory.nlp.casing import CHAT_WORDS, is_first_name, known_as
from memory.nlp.intro import adjectival
from memory.nlp.parse import Token, child, children, governing_verb, parse
from memory.nlp.parted import PARTED
from memory.nlp.predicates import is_plan, is_time, negated
from memory.nlp.reader import ANIMATE, LEAVE_VERBS, LOSS_VERBS, PEOPLE, STOP_VERBS, Reader
from memory.nlp.statements import LAUGHTER
from memory.pipeline import expect, roles
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import as_asked, sentence

PLACES = ("pobj", "dobj", "attr", "appos", "nsubj", "nsubjpass", "conj", "oprd")
WHERE = {"at", "in", "for", "near", "outside", "from", "to", "into"}
GAINING = {"buy", "get", "adopt", "start", "join", "switch", "move", "pick", "take", "begin"}
GAINING |= {"sign", "enrol", "enroll", "hire", "open", "rescue", "find", "land", "settle"}
ENDING = LEAVE_VERBS | LOSS_VERBS | STOP_VERBS | PARTED
ALIKE = 0.6  # least score (place + kind + question) of a value said before X


@dataclass(frozen=True)
class Said:
    value: str
    token: Token
    when: tuple  # (time said, position), to keep the latest of equals
    mine: bool  # said in a clause about whom the question asks


def answer(evidence: Evidence, anchor: str, first: Fact) -> str | None:
    """ "It was Bodega Alto Cielo before Los Sauces." or None: the answer first."""
    value = value_before(evidence, anchor, first)
    return sentence(f"it was {value} before {as_asked(evidence, anchor)}") if value else None


def given_up_there(evidence: Evidence, first: Fact) -> str:
    """ "brody quit wrestling in july, hes doing flag football since august": what the
    message that first named X says whom the question asks about gave up, or ""."""
    subject = asked_about(evidence)
    for fact in evidence.facts:
        if fact.source_message_id != first.source_message_id or not fact.relation.startswith(
            "not:"
        ):
            continue
        if not nlp.same_entity(fact.subject, subject):
            continue
        verb = fact.relation.removeprefix("not:")
        # the act itself ("quit wrestling": "not:wrestle"); a thing given up is read by the
        # slots' own readers (anchored.given_up)
        if not fact.object and verb.isalpha():
            done = getInflection(verb, "VBG") if known_as(verb, "VERB") else ()
            return done[0] if done else verb  # ("quit judo": "not:judo")
    return ""


def value_before(evidence: Evidence, anchor: str, first: Fact, *, mine: bool = False) -> str:
    """What `anchor` took (or, for a plan, is to take) the place of, said before `first`
    named it; with `mine`, only in a clause about whom the question asks. "" if nothing."""
    at = anchor_token(source(first), anchor)
    if at is None:
        return ""
    told = one_each(
        evidence,
        lambda f: (
            f.source_message_id != first.source_message_id
            and (f.created_at, f.pk) < (first.created_at, first.pk)
        ),
    )
    return best_value(evidence, anchor, at, told, cue=ended, mine=mine, held=True)


def value_after(evidence: Evidence, old: Fact) -> str:
    """What took the place of a value that ended ("sold the XTZ ... and bought a Royal
    Enfield Himalayan"): said in its place, of its kind, by a verb of getting or starting,
    in the message that ended it or later, about whom the question asks. "" if nothing."""
    at = anchor_token(source(old), old.object) if old.object else None
    if at is None:
        return ""
    told = one_each(evidence, lambda f: (f.created_at, f.pk) >= (old.created_at, old.pk))
    return best_value(evidence, old.object, at, told, cue=gained, mine=True, needs_cue=True)


def best_value(
    evidence: Evidence,
    anchor: str,
    at: Token,
    told: list[Fact],
    *,
    cue: Callable[[Token], bool],
    mine: bool = False,
    needs_cue: bool = False,
    held: bool = False,
) -> str:
    """The noun of `told` said most as `anchor` is (`at` is where it is said), scored by
    its place in its clause, its kind, its sentence's closeness to the question, whether it
    is about whom the question asks and whether `cue` says it (ended, or gained); with
    `mine` only about whom it asks, with `needs_cue` only where `cue` says it; with `held`,
    not what was only planned ("moving to the Algarve in the summer" held no home before
    "in Tavira now")."""
    stems = {nlp.stem(w) for w in nlp.tokenize(anchor)}
    asked = {nlp.stem(w) for w in nlp.tokenize(evidence.intent.text)}
    wanted = expect.expected(evidence.intent.text)
    question = roles.asked(evidence.intent.text, speaker=evidence.speaker)
    doing = question is not None and question.verb == "do"
    found: list[Said] = []
    subject = asked_about(evidence)
    person = wanted is not None and wanted.kind == "person" or is_first_name(at.text)
    lead = next((nlp.stem(w) for w in nlp.tokenize(anchor) if w.lower() not in ARTICLES), "")
    for fact in told:
        doc = parse(source(fact))
        reader = Reader(speaker=evidence.speaker)
        for token in doc:
            if not candidate(token, stems, asked, wanted, doing) or not like(token, at, lead):
                continue
            if not person and token.pos_ == "PROPN" and is_first_name(phrase(token)):
                continue  # "Hamish" held no statin before the rosuvastatin
            if needs_cue and not cue(token) or held and planned(token):
                continue
            about = of_subject(token, subject, reader)
            if about or not mine:
                found.append(Said(phrase(token), token, (fact.created_at, token.i), about))
    # ("which formula did we use before SMA?": said where a formula is named, "formula is
    # Aptamil", not "asking for my sanity")
    named = kind_nouns(evidence.intent.text, stems)
    kind_named = [s for s in found if names_kind(s.token, named)]
    # (of those, one whose own words name the kind: "a salbutamol inhaler", not the "asthma
    # nurse" who gave it, for "what inhaler did I use before Symbicort?")
    kind_named = [s for s in kind_named if phrase_stems(s.token) & named] or kind_named
    found = kind_named or found
    if not found:
        return ""
    kinds = embeddings.embed_many([phrase(at), *[s.value for s in found]])
    asking = embeddings.embed(evidence.intent.text)
    sents = embeddings.embed_many([s.token.sent.text for s in found])
    best, score = None, ALIKE
    for k, said in enumerate(found):
        kind, near = float(kinds[0] @ kinds[k + 1]), float(sents[k] @ asking)
        total = place(said.token, at) / 2 + 1.5 * kind + near / 2 + said.mine / 2
        total += bool(kind_named) / 2  # said as what the question asks: a value of its kind
        total += cue(said.token) * 0.75  # what X replaced was often said to end
        # a name takes the place of a name: "Werkstatt Kaiser" before "Brenner", not "camper"
        # (people are all named: no help where a person is asked)
        total += (not person and at.pos_ == "PROPN" and said.token.pos_ == "PROPN") / 2
        if total > score or total == score and best is not None and said.when > best.when:
            best, score = said, total
    return best.value if best is not None else ""


def like(token: Token, at: Token, lead: str) -> bool:
    """Whether a word may name what X took the place of: not X named again by its first
    word ("the Besant Nagar club" for "Besant Nagar Seniors"; "Patel Family Dentistry" may
    come before "Riverbend Family Dental") and not a count ("lost by 12 runs", "10 min
    later") where X is none."""
    if lead in phrase_stems(token):
        return False
    counted = child(token, "nummod") is not None and token.pos_ == "NOUN"
    return not counted or at.like_num or child(at, "nummod") is not None


ARTICLES = {"the", "a", "an", "my", "our", "his", "her", "their"}


def names_its_value(token: Token) -> bool:
    """Whether `token` is the subject of a copula whose attribute is a name ("my scooty is a
    2016 Activa", "van's a transit connect")."""
    verb = token.head
    if token.dep_ != "nsubj" or verb.lemma_ != "be":
        return False
    value = child(verb, "attr")
    return value is not None and (
        value.pos_ == "PROPN" or any(c.pos_ == "PROPN" for c in children(value, "compound"))
    )


def kind_nouns(question: str, anchor: set[str]) -> set[str]:
    """The stems of the nouns a question names besides X: "formula" in "which formula did
    we use before SMA?"."""
    nouns = {nlp.stem(t.lower_) for t in parse(question) if t.pos_ == "NOUN"}
    return nouns - anchor


def names_kind(token: Token, kinds: set[str]) -> bool:
    """Whether the clause of `token` names one of `kinds` ("formula is Aptamil")."""
    if phrase_stems(token) & kinds:
        return True  # "Papanui Bowling Club" is a club
    verb = governing_verb(token)
    words = verb.subtree if verb is not None else token.sent
    return any(nlp.stem(t.lower_) in kinds for t in words if t != token)


def one_each(evidence: Evidence, keep: Callable[[Fact], bool]) -> list[Fact]:
    """One statement for each message, oldest first, of those `keep` keeps."""
    seen: set[int] = set()
    out = []
    for fact in sorted(evidence.facts, key=lambda f: (f.created_at, f.pk)):
        if fact.source_message_id in seen or not keep(fact):
            continue
        seen.add(fact.source_message_id)
        out.append(fact)
    return out


def gained(token: Token) -> bool:
    """Said as got or taken up: "bought a Royal Enfield", "picking up spanish", "joined
    the choir", "switched to days"."""
    verb = governing_verb(token)
    return verb is not None and verb.lemma_ in GAINING and not negated(verb)


def asked_about(evidence: Evidence) -> str:
    """Whom the question asks about: its subject ("which winery was I at": the user)."""
    reader = Reader(speaker=evidence.speaker)
    for token in parse(evidence.intent.text):
        if token.lower_ in ("before", "after"):
            break  # "... before he started driving trucks": "he" is not whom it asks about
        if token.lower_ in ("i", "we") and token.dep_ == "attr":
            return evidence.speaker  # "which winery was I at", parsed with "I" the attribute
        asking = token.tag_ in ("WP", "WDT") or any(
            c.tag_ == "WDT" or c.lower_ in ("which", "what", "whose") for c in token.children
        )
        if token.dep_ in ("nsubj", "nsubjpass") and not asking:  # not "which winery"
            if token.pos_ == "NOUN" and token.lemma_ not in PEOPLE and reader.owner(token):
                return reader.owner(token)  # "what was my job before ...": mine
            return reader.entity(token)
    return evidence.intent.subject or evidence.speaker


def anchor_token(text: str, anchor: str) -> Token | None:
    last = nlp.stem(nlp.tokenize(anchor)[-1]) if nlp.tokenize(anchor) else ""
    return next((t for t in parse(text) if nlp.stem(t.lower_) == last), None)


def candidate(token: Token, anchor: set[str], asked: set[str], wanted, doing: bool) -> bool:
    if token.pos_ not in ("NOUN", "PROPN") or token.dep_ not in PLACES or is_time(token):
        return False
    if LAUGHTER.fullmatch(token.text) or token.lower_ in CHAT_WORDS:
        return False  # "lol", "tbh": chat, which the tagger takes for nouns
    if nlp.stem(token.lower_) in anchor:
        return False  # X itself
    if nlp.stem(token.lower_) in asked and not _named_by(token, asked | anchor):
        return False  # a word of the question ("winery"), not one named by another noun
        # ("salbutamol inhaler" for "what inhaler"; "electric car" says only what kind)
    if token.pos_ == "NOUN" and names_its_value(token):
        return False  # "my scooty is a 2016 Activa": the Activa was had, "scooty" says its kind
    if wanted is not None and wanted.kind == "person":
        return token.pos_ == "PROPN" and is_first_name(token.text) or token.lower_ in ANIMATE
    if wanted is not None and wanted.kind == "place":
        # a place is named ("in Essaouira", not "on the beach"), or is where one is ("at a
        # uranium mine"), and is no one's name
        # ("2 kids, Sahan 10 and Dilini 7" names no place; "on the N3" is no place one is at)
        if token.dep_ != "pobj" or token.head.lower_ not in WHERE:
            return False
        if token.pos_ == "PROPN":
            return not is_first_name(token.text)
        return token.head.lower_ == "at"
    if doing:  # "What did Léa do before ringette?": a job, or what one took up or gave up
        return role(token) == "is" or ended(token) or token.dep_ == "dobj"
    if wanted is not None and wanted.kind == "noun":
        # ("what scooter did I have before the Kymco?": not "in Shanhua", where one lives)
        return not (token.pos_ == "PROPN" and token.dep_ == "pobj" and token.head.lower_ in HOMED)
    return True


def _named_by(token: Token, said: set[str]) -> bool:
    """Whether a noun is named by a word before it that `said` (stems) does not hold: a
    noun, or a word the tagger took for an adjective that no dictionary knows as one
    ("salbutamol inhaler"; not "electric car")."""
    return any(
        c.dep_ in ("compound", "amod")
        and nlp.stem(c.lower_) not in said
        and (c.pos_ in ("NOUN", "PROPN") or not adjectival(c.lower_))
        for c in token.children
    )


# Prepositions before a named place that is where someone is, not a thing they had.
HOMED = {"in", "to", "from", "near", "outside"}


def planned(token: Token) -> bool:
    verb = governing_verb(token)
    return verb is not None and is_plan(verb)


def ended(token: Token) -> bool:
    """Said as left behind: "quit swimming", "sold the XTZ", "left Feedzai"."""
    verb = governing_verb(token)
    return verb is not None and (verb.lemma_ in ENDING or negated(verb))


def phrase(token: Token) -> str:
    """A noun with the words that name it with it: "Bodega Alto Cielo", "line cook"."""
    start = token.i
    while start > 0 and naming(token.doc[start - 1]):
        start -= 1
    end = token.i + 1
    while token.pos_ == "PROPN" and end < len(token.doc) and token.doc[end].pos_ == "PROPN":
        end += 1  # "Bodega Alto Cielo" parsed with Cielo apart
    return token.doc[start:end].text


def of_subject(token: Token, subject: str, reader: Reader) -> bool:
    """Whether the clause a word is in is about `subject` ("i'm Lucía, sommelier at Bodega
    Alto Cielo" is about the user; "my friend Romina over at Bodega Piedra Negra" is not)."""
    verb = governing_verb(token)
    if verb is None:
        return False
    return any(nlp.same_entity(reader.entity(s), subject) for s in reader.said_by(verb))


def phrase_stems(token: Token) -> set[str]:
    return {nlp.stem(w) for w in nlp.tokenize(phrase(token))}


def naming(token: Token) -> bool:
    """A word that is part of a name before it: "Girls' High School", "uranium mine"."""
    if token.dep_ in ("poss", "case"):
        return token.pos_ in ("PROPN", "NOUN", "PART") and token.lower_ not in ("'s", "’s")
    return token.dep_ in ("compound", "flat", "amod", "nmod")


def role(token: Token) -> str:
    """The kind of place a word has in its clause; "as head chef" says what one is, as "is a
    line cook" and "Kenji, line cook" do."""
    said_as = token.dep_ == "pobj" and token.head.lower_ == "as"
    if token.dep_ in ("attr", "appos", "oprd") or said_as:
        return "is"
    return token.dep_


def place(token: Token, anchor: Token) -> float:
    """1 for the same place in a clause as X's (the object of the same preposition, or of
    a verb), 0.5 for the same kind of place, else 0."""
    if role(token) != role(anchor):
        return 0.0
    if token.dep_ == "pobj":
        return 1.0 if token.head.lower_ == anchor.head.lower_ else 0.5
    if token.dep_ == "dobj":
        return 1.0 if token.head.lemma_ == anchor.head.lemma_ else 0.5
    return 0.5

"""Atomic facts from a dependency parse: every predicate with its subject becomes a frame
(entity, slot, value, polarity, time), whatever the sentence's shape.

- Entities: "I"/"we" are the speaker; "my sister" is "<speaker>'s sister"; "my sister Ana" is
  Ana (and a fact that Ana is the speaker's sister); he/she/they are the last person named.
- Slots come from the predicate: a role noun owned by someone ("my manager is Daniel", "Ana's
  husband is Tom", "a dog named Rex") is the slot `role:<noun>`; a verb with its particle and
  preposition is read by the relation lexicon ("works at", "joined", "moved to" -> canonical
  relations) and otherwise kept as `<verb>_<prep>`; a copula with an adjective or a bare noun
  is the slot `is` ("I'm vegetarian", "Ana is a nurse").
- Polarity and time: negation ("not", "never", "no longer", "anymore", "left", "quit") makes a
  negated fact; a future or planned change ("is moving next month", "will start in May",
  "plans to") is a plan (`plan:<slot>`), which does not replace today's value.
- Corrections ("Actually it's Max, not Rex") name the wrong value; the update step finds the
  fact holding it and corrects it.
"""

import re
from dataclasses import dataclass, replace

from memory.nlp.clauses import Clause
from memory.nlp.facts import ParsedFact, Triplet, lexicon_relation
from memory.nlp.parse import Span, Token, child, children, parse
from memory.nlp.relations import relation_is_single_valued
from memory.nlp.wording import clause

FIRST_PERSON = {"i", "me", "myself", "we", "us", "ourselves"}
FIRST_POSSESSIVE = {"my", "our", "mine", "ours"}
THIRD_PERSON = {"he", "she", "him", "they", "them", "his", "her", "their"}
SUBJECTS = ("nsubj", "nsubjpass", "csubj")
OBJECTS = ("dobj", "attr", "oprd", "acomp", "dative")
# Modifiers that date a role rather than name it: "my new manager" is my manager.
TRANSIENT = {"new", "current", "old", "former", "first", "last", "latest", "previous", "ex"}
FUTURE_WORDS = {"tomorrow", "next", "soon", "later", "upcoming", "coming"}
PLAN_VERBS = {"plan", "intend", "hope", "want", "aim", "mean", "expect", "decide", "schedule"}
LOSS_VERBS = {"give", "sell", "lose", "rehome", "donate", "die", "pass"}
CORRECTION_CUES = {"actually", "sorry", "meant", "mistake", "correction", "oops", "wrong"}
NAMING_VERBS = {"call", "name"}
ACQUIRE = {"get", "buy", "adopt", "rescue"}
LEAVE_VERBS = {"leave", "quit", "exit"}
# Objects that only name the slot ("quit his job"): the value is the job's employer.
GENERIC_OBJECTS = {"job", "position", "post", "role", "company", "work", "career"}
# Role nouns that hold one value at a time ("my manager is Daniel" replaces Sam); other roles
# (sister, dog, friend) accumulate unless the text says otherwise.
SINGLE_ROLES = {
    "manager",
    "boss",
    "husband",
    "wife",
    "partner",
    "girlfriend",
    "boyfriend",
    "fiance",
    "fiancé",
    "fiancee",
    "fiancée",
    "spouse",
    "landlord",
    "doctor",
    "dentist",
    "therapist",
    "mentor",
    "name",
    "birthday",
    "age",
    "job",
    "employer",
    "address",
    "mother",
    "father",
    "mom",
    "mum",
    "dad",
    "supervisor",
    "coach",
    "teacher",
}


@dataclass
class Reader:
    """Reads one message; remembers the last person named for pronouns."""

    speaker: str
    last_person: str | None = None

    # -- entities ---------------------------------------------------------------------------

    def name_of(self, token: Token) -> str:
        """The proper name `token` heads, with its compound parts ("AJ Pollock")."""
        parts = [c for c in token.lefts if c.dep_ in ("compound", "flat") and c.pos_ == "PROPN"]
        start = min([token.i, *[p.i for p in parts]])
        return token.doc[start : token.i + 1].text

    def owner(self, token: Token) -> str | None:
        """Whose `token` is: "my" -> the speaker, "Ana's" -> Ana, "his" -> the last person."""
        poss = child(token, "poss")
        if poss is None:
            return None
        low = poss.lower_
        if low in FIRST_POSSESSIVE:
            return self.speaker
        if low in THIRD_PERSON:
            return self.last_person
        return self.entity(poss)

    def role(self, token: Token) -> str:
        """The role noun with what names it ("best friend", "favourite colour")."""
        mods = [
            c
            for c in token.lefts
            if c.dep_ in ("compound", "amod", "nmod") and c.lower_ not in TRANSIENT
        ]
        words = [m.lower_ for m in mods] + [
            token.lemma_.lower() if token.tag_ == "NNS" else token.lower_
        ]
        return " ".join(words)

    def entity(self, token: Token) -> str:
        low = token.lower_
        if low in FIRST_PERSON:
            return self.speaker
        if low in THIRD_PERSON:
            return self.last_person or token.text
        appos = child(token, "appos")
        if token.pos_ != "PROPN" and appos is not None and appos.pos_ == "PROPN":
            return self.name_of(appos)  # "my sister Ana": Ana
        if token.pos_ == "PROPN":
            return self.name_of(token)
        owner = self.owner(token)
        if owner:
            return f"{owner}'s {self.role(token)}"
        mods = [c for c in token.lefts if c.dep_ in ("compound", "amod", "nummod")]
        start = min([token.i, *[m.i for m in mods]])
        return token.doc[start : token.i + 1].text

    def subjects(self, predicate: Token) -> list[Token]:
        found = children(predicate, *SUBJECTS)
        head = predicate
        while not found and head.dep_ in ("conj", "xcomp", "advcl") and head.head is not head:
            head = head.head  # "I left X and joined Y": joined shares the subject
            found = children(head, *SUBJECTS)
        out = []
        for subject in found:
            out.append(subject)
            out.extend(c for c in subject.children if c.dep_ == "conj")
        return out

    # -- values -----------------------------------------------------------------------------

    def value(self, token: Token) -> str:
        """A value as said: a name whole, a noun with its modifiers, without determiners."""
        if token.pos_ == "PROPN":
            run = [t for t in token.subtree if t.pos_ in ("PROPN", "NUM") or t.dep_ == "case"]
            first = min([token.i, *[t.i for t in run if t.i <= token.i]])
            last = max([token.i, *[t.i for t in run if t.i >= token.i and t.dep_ != "case"]])
            span = token.doc[first : last + 1]
            # Only contiguous names: stop at the first word that is not part of one.
            words = [t for t in span if t.pos_ in ("PROPN", "NUM", "PART", "ADP")]
            if len(words) == len(span):
                return span.text
            return self.name_of(token)
        keep = [
            t
            for t in token.subtree
            if t.i <= token.i
            and t.dep_ not in ("det", "poss", "neg", "punct", "case", "predet", "advmod")
            and t.lower_ not in TRANSIENT
        ]
        start = min([token.i, *[t.i for t in keep]])
        return token.doc[start : token.i + 1].text

    def remember(self, subjects: list[str]) -> None:
        for subject in subjects:
            if subject and subject[:1].isupper() and subject != self.speaker:
                self.last_person = subject.split("'s ")[0]


# -- predicates --------------------------------------------------------------------------------


def negated(predicate: Token) -> bool:
    for c in predicate.children:
        if c.dep_ == "neg" or c.lower_ in ("never", "anymore"):
            return True
        if c.lower_ == "longer" and any(g.lower_ == "no" for g in c.children):
            return True
    return False


def is_plan(predicate: Token) -> bool:
    """A future or planned change: "will start", "is moving next month", "plans to move"."""
    auxes = {a.lower_ for a in children(predicate, "aux")}
    if auxes & {"will", "'ll", "shall"}:
        return True
    if predicate.dep_ == "xcomp" and predicate.head.lemma_ in PLAN_VERBS | {"go"}:
        return predicate.head.lemma_ != "go" or predicate.head.tag_ == "VBG"
    if predicate.tag_ == "VBG" and auxes & {"is", "am", "are", "'s", "'m", "'re"}:
        words = {t.lower_ for t in predicate.subtree}
        return bool(words & FUTURE_WORDS) or any(
            e.label_ == "DATE" and e.root.head.i == predicate.i for e in predicate.doc.ents
        )
    return False


def lexicon(lemmas: list[str], tags: list[str]) -> Triplet | None:
    """The relation lexicon's reading of a predicate's lemmas ("work at", "be the ceo of")."""
    clause = Clause(subject=["x"], body=lemmas, tags=tags)
    if clause.verb_at is None:
        return None
    text, offsets = clause.lemma_text()
    return lexicon_relation(clause, text, offsets)


def lexicon_reading(lemmas: list[str], tags: list[str]) -> Triplet | None:
    """The whole predicate first; then the verb with each preposition it governs, so that
    "transferred from Benfica to Porto" is read as "transfer to"."""
    found = lexicon(lemmas, tags)
    if found is not None:
        return found
    verb = next((i for i, t in enumerate(tags) if t.startswith("VB") or t == "MD"), None)
    if verb is None:
        return None
    for k in range(verb + 1, len(lemmas)):
        if tags[k] in ("IN", "TO", "RP"):
            found = lexicon(lemmas[: verb + 1] + lemmas[k:], tags[: verb + 1] + tags[k:])
            if found is not None:
                return found
    return None


def is_time(token: Token) -> bool:
    return any(e.start <= token.i < e.end and e.label_ in ("DATE", "TIME") for e in token.doc.ents)


def prep_objects(predicate: Token) -> list[tuple[str, Token]]:
    out = []
    for prep in children(predicate, "prep", "agent", "dative"):
        for obj in children(prep, "pobj"):
            out.append((prep.lower_, obj))
            out.extend((prep.lower_, c) for c in obj.children if c.dep_ == "conj")
    return out


@dataclass(frozen=True)
class Frame:
    subject: str
    relation: str
    value: str
    negated: bool = False
    plan: bool = False
    multi: bool = False
    text: str = ""


class SentenceFrames:
    """The frames of one sentence, read predicate by predicate."""

    def __init__(self, sent: Span, reader: Reader) -> None:
        self.sent = sent
        self.reader = reader
        self.frames: list[Frame] = []

    def read(self) -> list[Frame]:
        for token in self.sent:
            verbal = token.pos_ in ("VERB", "AUX") and token.dep_ not in ("aux", "auxpass")
            # The tagger sometimes reads a verb as a noun ("Mary and Bob work at UPS").
            if verbal or (token.dep_ == "ROOT" and children(token, "nsubj")):
                self.predicate(token)
            elif token.dep_ == "appos" and token.pos_ == "PROPN":
                self.apposition(token)
        return self.frames

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        if subject and relation:
            self.frames.append(Frame(subject, relation, value, **kw))

    def apposition(self, name: Token) -> None:
        """ "my sister Ana", "Tom, Ana's husband": the name fills the owner's role."""
        head = name.head
        owner = self.reader.owner(head)
        if head.pos_ == "NOUN" and owner:
            self.add(owner, f"role:{self.reader.role(head)}", self.reader.name_of(name))
        elif head.pos_ == "PROPN":
            role = name  # "Tom, Ana's husband" parses the other way round
            owner = self.reader.owner(role)
            if owner and role.pos_ == "NOUN":
                self.add(owner, f"role:{self.reader.role(role)}", self.reader.name_of(head))

    def predicate(self, verb: Token) -> None:
        subjects = self.reader.subjects(verb)
        if not subjects:
            return
        neg, plan = negated(verb), is_plan(verb)
        if verb.dep_ == "xcomp" and verb.head.lemma_ in PLAN_VERBS and negated(verb.head):
            neg = True  # "I don't plan to move"
        for subject in subjects:
            if self.naming(verb, subject, neg):
                continue
            if verb.lemma_ == "be" and self.copula(verb, subject, neg, plan):
                continue
            if self.possession(verb, subject, neg):
                continue
            if verb.lemma_ in LEAVE_VERBS and self.departure(verb, subject, plan):
                continue
            found = lexicon_reading(*self.lemmas(verb))
            if found is not None and found.relation != "is_called":
                self.from_lexicon(verb, subject, found, neg, plan)
                continue
            if verb.lemma_ in LOSS_VERBS and self.loss(verb, subject):
                continue
            self.verbal(verb, subject, neg, plan)

    def naming(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "My dog is called Rex": the owner's role `dog` holds Rex."""
        name = child(verb, "oprd", "attr")
        if verb.lemma_ not in NAMING_VERBS or name is None or verb.tag_ != "VBN":
            return False
        owner = self.reader.owner(subject)
        value = self.reader.value(name)
        if owner and subject.pos_ == "NOUN":
            role = self.reader.role(subject)
            if role == "name":  # "my name is ..." is handled by the copula
                return False
            self.add(owner, f"role:{role}", value, negated=neg)
        else:
            self.add(self.reader.entity(subject), "is_called", value, negated=neg)
        return True

    def copula(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        attr = child(verb, "attr", "acomp")
        reader = self.reader
        if attr is not None and attr.lower_ in ("what", "who"):
            return False
        if attr is not None:
            # "My manager is Daniel", "my dog's name is Rex", "Daniel is my manager".
            owned = self.owned_role(subject)
            if owned:
                self.add(owned[0], owned[1], reader.value(attr), negated=neg, plan=plan)
                return True
            owned = self.owned_role(attr)
            if owned and subject.pos_ in ("PROPN", "PRON"):
                self.add(owned[0], owned[1], reader.entity(subject), negated=neg, plan=plan)
                return True
        found = lexicon_reading(*self.lemmas(verb))
        if found is not None and found.relation not in ("is_called",):
            self.from_lexicon(verb, subject, found, neg, plan)
            return True
        if attr is not None and not children(attr, "prep"):
            value = reader.value(attr)
            self.add(reader.entity(subject), "is", value, negated=neg, plan=plan, multi=True)
            return True
        places = prep_objects(verb)
        if places:
            prep, obj = places[0]
            relation = self.place_relation(prep, obj)
            self.add(reader.entity(subject), relation, reader.value(obj), negated=neg, plan=plan)
            return True
        return False

    def place_relation(self, prep: str, obj: Token) -> str:
        """ "I'm at Unbabel" is where I work; "Ana is in Porto" is where she lives."""
        entity = next((e for e in obj.doc.ents if e.start <= obj.i < e.end), None)
        label = entity.label_ if entity is not None else ""
        if prep in ("at", "with", "for") and label not in ("GPE", "LOC", "FAC", "DATE", "TIME"):
            return "works_for"
        if prep in ("in", "at") and label in ("GPE", "LOC"):
            return "lives_in"
        return f"be_{prep}"

    def owned_role(self, token: Token) -> tuple[str, str] | None:
        """(owner, role:<noun>) for "my manager", "Ana's husband", "my dog's name"."""
        if token.pos_ not in ("NOUN",):
            return None
        owner = self.reader.owner(token)
        if not owner:
            return None
        role = self.reader.role(token)
        inner = child(token, "poss")
        if role == "name" and inner is not None and inner.pos_ == "NOUN":
            # "my dog's name is Rex": the dog is the role, its name the value.
            outer = self.reader.owner(inner)
            if outer:
                return outer, f"role:{self.reader.role(inner)}"
        if role == "name":
            return owner, "is_called"
        return owner, f"role:{role}"

    def possession(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "I have a dog named Rex", "we adopted a cat called Tofu", "I have two kids"."""
        obj = child(verb, "dobj")
        if obj is not None and obj.pos_ == "PROPN" and verb.lemma_ in ACQUIRE | {"have"}:
            # Misparsed "adopted a parrot called Kiwi": the kind hangs off the name.
            kind = next((c for c in obj.children if c.pos_ == "NOUN"), None)
            if kind is not None:
                role = f"role:{self.reader.role(kind)}"
                self.add(self.reader.entity(subject), role, self.reader.name_of(obj), multi=True)
                return True
        if obj is None or obj.pos_ != "NOUN" or obj.lemma_ in GENERIC_OBJECTS:
            return False
        named = any(a.lemma_ in NAMING_VERBS for a in children(obj, "acl")) or child(obj, "appos")
        if verb.lemma_ not in ("have", "adopt") and not (verb.lemma_ in ACQUIRE and named):
            return False
        owner = self.reader.entity(subject)
        others = [t for t in obj.subtree if t.dep_ == "conj" and t.pos_ == "NOUN"]
        for thing in [obj, *others]:
            named = next(
                (
                    n
                    for acl in children(thing, "acl")
                    if acl.lemma_ in NAMING_VERBS
                    for n in children(acl, "oprd", "attr", "dobj")
                ),
                None,
            )
            named = named or child(thing, "appos")
            role = f"role:{self.reader.role(thing)}"
            value = self.reader.value(named) if named is not None else self.reader.role(thing)
            self.add(owner, role, value, negated=neg, multi=True)
        return True

    def departure(self, verb: Token, subject: Token, plan: bool) -> bool:
        """ "I left Feedzai" ends a job, "we left Lisbon" ends living there: which one is
        told by what kind of name was left."""
        obj = child(verb, "dobj")
        if obj is None or obj.pos_ != "PROPN":
            return False
        entity = next((e for e in obj.doc.ents if e.start <= obj.i < e.end), None)
        # The name's kind is a guess (the small model calls many companies places); the update
        # step retires whatever current fact holds this value, whatever its relation.
        place = entity is not None and entity.label_ in ("GPE", "LOC")
        relation = "lives_in" if place else "works_for"
        value = self.reader.value(obj)
        self.add(self.reader.entity(subject), relation, value, negated=True, plan=plan)
        return True

    def loss(self, verb: Token, subject: Token) -> bool:
        """ "We gave Tofu to my parents", "Rex died": a member leaves the owner's set."""
        if verb.lemma_ in ("die", "pass"):
            self.frames.append(Frame(self.reader.speaker, "", self.reader.value(subject), True))
            return True
        obj = child(verb, "dobj")
        if obj is None:
            return False
        self.frames.append(Frame(self.reader.entity(subject), "", self.reader.value(obj), True))
        return True

    def lemmas(self, verb: Token) -> tuple[list[str], list[str]]:
        """The predicate's words from its auxiliaries to its last object, as lemmas."""
        words = [
            t
            for t in verb.subtree
            if t.i >= verb.i or t.dep_ in ("aux", "auxpass", "neg")
            if t is verb
            or (t.dep_ not in SUBJECTS and t.dep_ not in ("punct", "advcl", "conj", "cc"))
        ]
        stop = next(
            (t.i for t in verb.subtree if t.i > verb.i and t.dep_ in ("conj", "cc", "advcl")), None
        )
        # A contrast ("at Unbabel, not Feedzai") does not negate the predicate.
        contrast_at = next(
            (t.i for t in words if t.lower_ == "not" and t.head is not verb and t.i > verb.i), None
        )
        stop = (
            min(i for i in (stop, contrast_at) if i is not None) if (stop or contrast_at) else None
        )
        words = [t for t in words if stop is None or t.i < stop]
        lemmas = [t.lemma_.lower() if t.pos_ != "PROPN" else t.text for t in words]
        # The predicate is a verb even where the tagger said noun ("Mary and Bob work").
        tags = [t.tag_ if t is not verb or t.tag_.startswith("VB") else "VBP" for t in words]
        return lemmas, tags

    def from_lexicon(self, verb: Token, subject: Token, found: Triplet, neg, plan) -> None:
        value = self.best_object(verb, found)
        entity = self.reader.entity(subject)
        negated_now = found.negated or neg
        self.add(entity, found.relation, value, negated=negated_now, plan=plan)
        for relation, obj in found.extra:
            self.add(entity, relation, obj, plan=plan)
        if found.relation and not found.negated:
            # "transferred from Benfica to Porto": Benfica is the value left behind.
            for prep, obj in prep_objects(verb):
                if prep == "from" and self.reader.value(obj) != value:
                    self.add(entity, found.relation, self.reader.value(obj), negated=True)

    def best_object(self, verb: Token, found: Triplet) -> str:
        """The value the lexicon's relation points at, read from the parse: a name that is
        the verb's object ("joined Unbabel in March"), else a place or organisation after a
        preposition, else the object noun or what its own preposition names ("a trip to
        Paris", "the CEO of X")."""
        obj = child(verb, "dobj", "attr", "oprd", "acomp")
        if obj is not None and obj.pos_ == "PROPN":
            return self.reader.value(obj)
        if obj is not None and obj.lemma_ in GENERIC_OBJECTS and not prep_objects(obj):
            obj = None
        preferred = [
            o
            for p, o in prep_objects(verb)
            if p in ("to", "at", "for", "with", "in", "of", "by", "on") and not is_time(o)
        ]
        named = [o for o in preferred if o.pos_ == "PROPN"]
        for candidate in named or preferred:
            return self.reader.value(candidate)
        if obj is not None:
            inner = [
                o
                for p, o in prep_objects(obj)
                if p in ("of", "at", "for", "with", "to", "in") and not is_time(o)
            ]
            return self.reader.value(inner[0] if inner else obj)
        return found.object

    def verbal(self, verb: Token, subject: Token, neg: bool, plan: bool) -> None:
        obj = child(verb, "dobj", "attr", "oprd", "acomp")
        target = verb
        if obj is None:
            comp = child(verb, "xcomp")  # "I started learning piano": learn piano
            if comp is not None and child(comp, "dobj") is not None:
                target, obj = comp, child(comp, "dobj")
        entity = self.reader.entity(subject)
        prt = child(target, "prt")
        relation = target.lemma_.lower() + (f"_{prt.lower_}" if prt is not None else "")
        if obj is not None:
            for value in [obj, *[c for c in obj.children if c.dep_ == "conj"]]:
                self.add(entity, relation, self.reader.value(value), negated=neg, plan=plan)
            return
        places = prep_objects(target)
        if places:
            prep, obj = places[0]
            value = self.reader.value(obj)
            self.add(entity, f"{relation}_{prep}", value, negated=neg, plan=plan)


def sentence_text(frame: Frame, sentence: str, speaker: str) -> str:
    """A fact's own sentence, about its subject in the third person ("alice works at X"):
    what its embedding, the audit log and My memory show."""
    if not frame.relation or not frame.value:
        return resolve_first_person(sentence, speaker)
    relation = f"plan:{frame.relation}" if frame.plan else frame.relation
    return clause(
        subject=frame.subject, relation=relation, value=frame.value, negated=frame.negated
    )


def resolve_first_person(sentence: str, speaker: str) -> str:
    """The user's words with "I"/"my" replaced by the speaker, for facts kept whole."""
    out = []
    for token in parse(sentence):
        low = token.lower_
        if low in ("i", "me", "myself", "we", "us"):
            word = speaker
        elif low in ("my", "our"):
            word = f"{speaker}'s"
        elif low in ("'m", "am", "'re") and token.i and token.nbor(-1).lower_ in ("i", "we"):
            word = " is"
        elif low == "'ve" and token.i and token.nbor(-1).lower_ in ("i", "we"):
            word = " has"
        else:
            word = token.text
        out.append(word + token.whitespace_)
    return "".join(out).strip().rstrip(".!").strip()


MARKUP = re.compile(r"</?[A-Za-z][^<>]{0,60}>")
EXPLETIVES = {"it", "this", "that", "there", "what", "who", "which"}
NOMINAL = ("PROPN", "NOUN", "NUM")


def contrast(sent: Span) -> tuple[str, str] | None:
    """ "X, not Y" / "X rather than Y": (X, Y), the right value and the wrong one."""
    reader = Reader(speaker="")
    for token in sent:
        cue = token.lower_ == "not" or (
            token.lower_ == "than" and token.i and token.nbor(-1).lower_ == "rather"
        )
        if not cue:
            continue
        after = next((t for t in sent if t.i > token.i and t.pos_ in NOMINAL), None)
        before = [t for t in sent if t.i < token.i and t.pos_ != "PUNCT"]
        if after is None or not before:
            continue
        last = before[-1] if token.lower_ == "not" else (before[-2] if len(before) > 1 else None)
        if last is None or last.pos_ not in NOMINAL:
            continue  # "not" negating a verb: "I do not work there"
        return reader.value(last), reader.value(after)
    return None


def extract(text: str, *, speaker: str, last_person: str | None = None) -> list[ParsedFact]:
    """Every atomic fact of `text`, one per frame, de-duplicated within the message."""
    reader = Reader(speaker=speaker, last_person=last_person)
    # Markup pasted into chat is not what the user says ("<b>bold</b> jazz" is bold jazz).
    doc = parse(re.sub(r"[ \t]{2,}", " ", MARKUP.sub(" ", text)))
    out: list[ParsedFact] = []
    seen: set[tuple] = set()
    for sent in doc.sents:
        frames = [
            f for f in SentenceFrames(sent, reader).read() if f.subject.lower() not in EXPLETIVES
        ]
        reader.remember([f.subject for f in frames])
        correction = {t.lower_ for t in sent} & CORRECTION_CUES
        contrasted = contrast(sent)
        right, wrong = contrasted or ("", "")
        # "Actually it's Max, not Rex" has no frame naming what Max is: the update step takes
        # the slot from the fact that held Rex.
        if contrasted and not any(f.value == right for f in frames):
            frames.append(Frame("", "", right))
        for frame in frames:
            key = (frame.subject.lower(), frame.relation, frame.value.lower(), frame.negated)
            if key in seen:
                continue
            seen.add(key)
            fact = to_fact(frame, sent.text.strip(), speaker, bool(correction or contrasted))
            if contrasted and frame.value == right:
                fact = replace(fact, corrects=wrong)
            out.append(fact)
        if not frames and sent.text.strip(" .!?"):
            # Nothing could be framed: keep the sentence whole, about the first name in it.
            names = [t for t in sent if t.pos_ == "PROPN"]
            about = reader.name_of(names[0]) if names else ""
            out.append(to_fact(Frame(about, "", ""), sent.text.strip(), speaker, False))
    return out


def to_fact(frame: Frame, sentence: str, speaker: str, correction: bool) -> ParsedFact:
    relation = frame.relation
    if frame.plan and relation:
        relation = f"plan:{relation}"
    single = not frame.multi and single_valued(relation)
    return ParsedFact(
        text=sentence_text(frame, sentence, speaker),
        subject=frame.subject,
        relation=relation,
        object=frame.value,
        negated=frame.negated,
        ends_previous=single,
        single_valued=single,
        correction=correction,
    )


def single_valued(relation: str) -> bool:
    if relation.startswith("plan:"):
        return False
    if relation.startswith("role:"):
        role = relation.removeprefix("role:")
        return role.split()[-1] in SINGLE_ROLES or role.startswith(("favourite", "favorite"))
    return relation_is_single_valued(relation)

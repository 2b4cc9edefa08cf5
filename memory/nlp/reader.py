"""Entities, values and predicates read off a dependency parse: who a noun phrase names
("my sister" is "<speaker>'s sister", "she" the last person named), a value as said, and
whether a predicate is negated or planned. memory.nlp.frames builds facts from these."""

from dataclasses import dataclass, field

from spacy.lang.en.stop_words import STOP_WORDS

from memory.nlp.casing import DOERS
from memory.nlp.lists import AMOUNTS, measured
from memory.nlp.parse import Span, Token, child, children
from memory.nlp.predicates import (
    DEICTIC,
    FUTURE_WORDS,
    MONTHS,
    NAMING_VERBS,
    PAST_TIME,
    PLAN_VERBS,
    TIME_UNITS,
    TIME_WORDS,
    TITLES,
    WEEKDAYS,
    called,
    contrastive,
    dropped_subject,
    is_day,
    is_plan,
    is_time,
    lexicon,
    lexicon_reading,
    listed_gender,
    name_gender,
    negated,
    prep_objects,
)
from memory.nlp.pronouns import Pronouns
from memory.nlp.words import (
    ACQUIRE,
    ACQUIRING,
    ANIMALS,
    ANIMATE,
    ASPECT_VERBS,
    CHILDREN,
    COLLECTIVES,
    CORRECTION_CUES,
    COUNTING,
    FEMININE,
    FIRST_PERSON,
    FIRST_POSSESSIVE,
    GENDERED,
    GENERIC_OBJECTS,
    HELPERS,
    KEPT,
    KIN,
    LEAVE_VERBS,
    LINKS,
    LOSS_VERBS,
    MULTI_ROLES,
    OBJECTS,
    PEOPLE,
    ROLE_SYNONYMS,
    SIBLINGS,
    STAFF,
    STOP_VERBS,
    SUBJECTS,
    THIRD_PERSON,
    TRANSIENT,
)


def stranded_subject(predicate: Token) -> list[Token]:
    """ "Iker is the nurse and Oihane is the chef": the parser hangs Oihane on "nurse" and
    leaves the second "is" without a subject; the name between "and" and the verb is it."""
    if predicate.dep_ != "conj" or predicate.pos_ not in ("AUX", "VERB"):
        return []
    before: list[Token] = []
    for token in reversed(predicate.doc[predicate.head.i + 1 : predicate.i]):
        if token.dep_ == "cc" or token.is_punct:
            break
        before.append(token)
    names = [t for t in before if t.pos_ == "PROPN" and not is_time(t)]
    nouns = [t for t in before if t.pos_ == "NOUN" and t.dep_ == "conj" and not is_time(t)]
    return (names or nouns)[:1]


# Words a number before them counts time in ("6 yrs", "10 months").
COUNTED_TIME = {"yr", "yrs", "year", "years", "month", "months", "mo", "mos", "week", "weeks"}
COUNTED_TIME |= {"wk", "wks", "day", "days", "hr", "hrs", "hour", "hours"}


def counts_time(number: Token) -> bool:
    after = number.doc[number.i + 1] if number.i + 1 < len(number.doc) else None
    return after is not None and after.lower_ in COUNTED_TIME


# What a noun before a relative may say of them ("step dad", "foster mum", "twin sister")
KIN_PREFIXES = {"step", "foster", "half", "twin", "baby", "birth", "god", "grand", "ex", "host"}


def _stray_before_kin(mod: Token, token: Token) -> bool:
    """A noun the parser hung on a relative from the words before, which is no kind of
    relative: "big news dad moved ..." is dad, dictated without a stop."""
    kin = ROLE_SYNONYMS.get(token.lower_, token.lemma_.lower()) in GENDERED
    return kin and mod.dep_ == "compound" and mod.pos_ == "NOUN" and mod.lower_ not in KIN_PREFIXES


@dataclass
class Reader(Pronouns):
    """Reads one message; remembers the last person named for pronouns."""

    speaker: str
    last_person: str | None = None
    people: list[str] = field(default_factory=list)  # persons named, most recent last
    gender: dict[str, str] = field(default_factory=dict)  # person -> "m" / "f", when shown
    # Names the recogniser reads as places, organisations, products...: "Munich is great. He's
    # sharing a flat" is not about Munich.
    things: set[str] = field(default_factory=set)
    # The speaker's own names ("I'm Callum, 34"): what is said of Callum is said of "I".
    aliases: set[str] = field(default_factory=set)
    # People spoken of as a group ("my parents"), most recent last: who "they" names first.
    groups: list[str] = field(default_factory=list)
    known: set[str] = field(default_factory=set)  # persons spoken of in earlier messages
    said_here: set[str] = field(default_factory=set)  # persons this message spoke of so far
    # Two or more people just said together ("mum and ray arrived!"): whom a "they" after
    # them stands for, all of them.
    pair: list[str] = field(default_factory=list)
    # Who this message said left ("Mihaela quit"): a newcomer after it takes their place.
    leavers: list[str] = field(default_factory=list)
    # Words read as a value of another word's predicate, not as predicates of their own (the
    # field in "studies engineering", which the tagger took for a verb).
    values: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.last_person:
            self.people.append(self.last_person)

    last_thing: tuple[str, str] | None = None  # (owner, role) of "a puppy" just mentioned
    # (owner, role:<noun>) of someone taken on unnamed ("Taking on an apprentice.")
    last_unnamed: tuple[str, str] | None = None
    last_role: tuple[str, str] | None = None  # (owner, role:<noun>) said last ("the new one")
    last_place: str = ""  # the place named last ("in Munich"), for "there"
    last_home: str = ""  # where a home named last is ("a house in Risskov"), for "moving"

    # -- entities ---------------------------------------------------------------------------

    def name_of(self, token: Token) -> str:
        """The proper name `token` heads, with its compound parts ("AJ Pollock")."""
        parts = [c for c in token.lefts if c.dep_ in ("compound", "flat") and c.pos_ == "PROPN"]
        parts = [c for c in parts if titled(c) is None]  # not "landlord" in "landlord Mr Deng"
        # nor the month of "From January Joost goes down to three days"
        parts = [c for c in parts if not (is_time(c) and c.i and c.nbor(-1).tag_ == "IN")]
        start = min([token.i, *[p.i for p in parts]])
        if not parts and token.lower_.rstrip(".") in TITLES:
            # "Mr and Mrs Arai": the bare title shares the name of the one joined to it
            joined = child(token, "conj")
            if joined is not None and joined.pos_ == "PROPN":
                return f"{token.text} {joined.text}"
        return token.doc[start : token.i + 1].text

    def titled_role(self, token: Token) -> tuple[str, str] | None:
        """ "landlord Mr Deng came round": chat drops the "my" before a role said in front of
        a name; (owner, "role:landlord") for the name, or None."""
        if token.pos_ != "PROPN" or token.dep_ == "compound":
            return None
        said = next((c for c in token.lefts if titled(c) is not None), None)
        if said is None:
            return None
        # "her husband Giorgi" (the role parsed as the name's title) is hers
        owned = child(token, "poss") is not None or child(said, "poss") is not None
        owner = (self.owner(said) or self.owner(token)) if owned else self.speaker
        role = titled(said)
        partner = token.head if token.dep_ == "conj" else None
        if not owned and partner is not None and partner.pos_ == "PROPN" and role in GENDERED:
            owner = self.name_of(partner)  # "Ishida and wife Yumiko": Ishida's wife
        return (owner, f"role:{ROLE_SYNONYMS.get(role, role)}") if owner else None

    def owner(self, token: Token) -> str | None:
        """Whose `token` is: "my" -> the speaker, "Ana's" -> Ana, "his" -> the last person."""
        poss = child(token, "poss")
        if poss is None and token.dep_ == "compound":
            poss = child(token.head, "poss")  # "her husband Giorgi" parsed as "her Giorgi"
        named = name_said_before(token)
        if poss is None and named is not None:
            return self.name_of(named)  # "Khoa sister is Thảo": Khoa's, the "'s" left out
        if poss is None:
            # "new manager is Duarte": a dated role with no article is the speaker's own, and
            # so is a relative named with neither ("mum still works at the pharmacy").
            noun = token.pos_ == "NOUN" or token.pos_ == "PROPN" and token.is_lower
            bare = noun and child(token, "det") is None
            dated = any(c.lower_ in TRANSIENT for c in token.lefts)
            kin = token.tag_ == "NN" and ROLE_SYNONYMS.get(token.lower_, token.lower_) in KIN
            # ("flatmates are dara, ines and tomasz": people named opening a message)
            ours = token.tag_ == "NNS" and token.lemma_.lower() in PEOPLE
            ours = ours and token.i == token.sent.start
            # ("a cleaner comes on Tuesdays", "home helper comes three times in a week":
            # who comes to help is the speaker's)
            det = child(token, "det")
            helping = token.lemma_.lower() in HELPERS and (det is None or det.lower_ in ("a", "an"))
            helping = helping and token.dep_ in ("nsubj", "nsubjpass")
            return self.speaker if (bare and (dated or kin or ours)) or helping else None
        low = poss.lower_
        if low in FIRST_POSSESSIVE:
            return self.speaker
        if low in THIRD_PERSON:
            return self.clause_subject(poss) or self.pronoun(low)
        return self.entity(poss)

    def role(self, token: Token) -> str:
        """The role noun with what names it ("best friend", "favourite colour")."""
        mods = [
            c
            for c in token.lefts
            if c.dep_ in ("compound", "amod", "nmod")
            and c.lower_ not in TRANSIENT | COUNTING
            and c.lower_ != "own"  # "my own son Jonas" is my son
            and c != name_said_before(token)
        ]
        # (and what was said of that noun: "big news dad" is not a big father)
        stray = max((c.i for c in mods if _stray_before_kin(c, token)), default=-1)
        mods = [c for c in mods if c.i > stray]
        head = token.lemma_.lower() if token.tag_ == "NNS" else token.lower_
        # (by the word as said first: the lemmatiser makes "roomies" "roomy")
        said = ROLE_SYNONYMS.get(token.lower_) or ROLE_SYNONYMS.get(head, head)
        words = [m.lower_ for m in mods] + [said]
        after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
        if after is not None and after.lower_ == "off" and after.tag_ in ("RP", "RB", "IN"):
            words.append("off")  # "my day off", wherever the parser hung the "off"
        for prep in children(token, "prep"):  # "maid of honour", "head of department"
            named = child(prep, "pobj")
            if prep.lower_ == "of" and named is not None and named.pos_ == "NOUN":
                words += ["of", named.lower_]
        if words[-1:] == ["member"] and len(words) > 1 and words[-2] in COLLECTIVES:
            return words[-2]  # "new committee member" is one of the committee, as listed
        return " ".join(words)

    def entity(self, token: Token) -> str:
        if token.pos_ in ("VERB", "AUX"):  # a fragment's own predicate stands for its speaker
            return self.speaker
        low = token.lower_
        if low in FIRST_PERSON:
            return self.speaker
        if token.dep_ in SUBJECTS and is_time(token):
            # "Today was my first day at Unbabel": a day is no one's fact; the day it names
            # is the owner's ("my first day"), or the speaker's.
            attr = child(token.head, "attr", "acomp")
            owner = self.owner(attr) if attr is not None else None
            return owner or self.speaker
        if low in THIRD_PERSON:
            return (
                self.dislocated(token)
                or self.spliced(token)
                or self.paired(token)
                or self.earlier_subject(token)
                or self.pronoun(low, self.co_named(token))
                or token.text
            )
        appos = child(token, "appos")
        # ("my nan Edna", "my mama she ...": a role the tagger took for a name or a cry)
        role = child(token, "poss") is not None and token.lower_ in PEOPLE
        if (token.pos_ != "PROPN" or role) and appos is not None and appos.pos_ == "PROPN":
            return self.name_of(appos)  # "my sister Ana": Ana
        whose = child(appos, "poss") if appos is not None and appos.pos_ == "NOUN" else None
        if whose is not None and whose.pos_ == "PROPN" and appos.i > token.i:
            return self.entity(appos)  # "my son Karim's wife" parsed as "my son, Karim's wife"
        if token.pos_ == "PROPN" and not role and bare_kin(token):
            return f"{self.speaker}'s {self.role(token)}"  # "Mum has a new carer": my mother
        if token.pos_ == "PROPN" and not role:
            name = self.name_of(token)
            return self.speaker if name in self.aliases else name
        owner = self.owner(token)
        if owner:
            entity = f"{owner}'s {self.role(token)}"
            if token.tag_ == "NNS" and token.lemma_.lower() in PEOPLE:
                self.groups.append(entity)  # "my parents"
            return entity
        mods = [c for c in token.lefts if c.dep_ in ("compound", "amod", "nummod")]
        start = min([token.i, *[m.i for m in mods]])
        return token.doc[start : token.i + 1].text

    def said_by(self, verb: Token) -> list[Token]:
        """The predicate's subjects; where chat drops the "I" ("Starting at KPMG on Monday",
        "finished my first mandolin today", "had to put Rex down", "all moved in now"), the
        verb itself stands for its speaker (`entity` reads a verb as the speaker)."""
        found = self.subjects(verb)
        if len(found) == 1 and found[0].lower_ == "all" and found[0].i == verb.sent.start:
            return [verb]  # "all moved into Gheorgheni": all done, not a thing called all
        if found:
            return found
        head = verb.head
        if verb.dep_ == "conj" and head.dep_ == "parataxis" and aside(head, verb):
            # "sold the XTZ (his Pulsar finally died lol) and bought a Himalayan": joined
            # to the verb before the brackets, whose speaker it shares
            return self.said_by(head.head)
        fragment = verb.dep_ == "ROOT" or dropped_subject(verb)
        # ("quit the gym, too expensive": a bare verb opening a statement is past, not an order)
        # ("share a house in kalpohin": a present tense without its "I" is the speaker's too)
        bare = verb.tag_ in ("VB", "VBP") and verb.i == verb.sent.start and verb.dep_ == "ROOT"
        opening = verb.dep_ == "xcomp" and verb.head.i == verb.sent.start
        if opening and not children(verb.head, *SUBJECTS):
            return [verb]
        if verb.dep_ == "xcomp" and head.dep_ in ("ROOT", "conj") and self.said_by(head) == [head]:
            return [verb]  # "looked at a Hilux, ended up going with a Prado": the speaker's
        if fragment and (verb.tag_ in ("VBG", "VBD", "VBN") or bare):
            return [verb]
        if verb.dep_ in ("advcl", "conj") and verb.tag_ in ("VBG", "VBD", "VBN"):
            # "moved out of X, sharing a house in Y": the speaker's, as the fragment it hangs on
            if head.dep_ == "ROOT" and self.said_by(head) == [head]:
                return [verb]
        return []

    def subjects(self, predicate: Token) -> list[Token]:
        found = children(predicate, *SUBJECTS) or stranded_subject(predicate)
        if not found:  # "my sister Mia got married": the parser hung the subject on "got"
            found = [
                s for a in children(predicate, "aux", "auxpass") for s in children(a, *SUBJECTS)
            ]
        head = predicate
        while not found and head.dep_ in ("conj", "xcomp", "advcl") and head.head != head:
            if dropped_subject(head):
                return []  # "also started climbing with Bruno, he's better": that is "I"
            joined = head.dep_ == "conj"
            head = head.head  # "I left X and joined Y": joined shares the subject
            if joined and head.pos_ not in ("VERB", "AUX") and head.dep_ in OBJECTS:
                # "selling the flat and moving to the Algarve" parsed with moving joined to
                # the flat: the verb that governs the flat is the one joined.
                head = head.head
            if joined and head.dep_ == "parataxis" and aside(head, predicate):
                # "sold the XTZ (his Pulsar finally died lol) and bought a Himalayan": the
                # verb after the brackets is joined to the one before them
                head = head.head
            found = children(head, *SUBJECTS)
        if not found and predicate.dep_ == "ROOT":
            # "Luís got an offer": the tagger reads an unfamiliar name before the verb as
            # an adverb; a name before a verb that has no subject is its subject.
            # ("Just shifted into a 3BHK": a capitalised adverb is no one)
            found = [
                c
                for c in predicate.lefts
                if c.pos_ == "PROPN"
                and c.dep_ in ("advmod", "npadvmod", "dep")
                and c.lower_ not in STOP_WORDS
            ][:1]
        out = []
        for subject in found:
            out.append(subject)
            out.extend(c for c in subject.children if c.dep_ == "conj")
        return out

    # -- values -----------------------------------------------------------------------------

    def value(self, token: Token) -> str:
        """A value as said: a name whole, a noun with its modifiers, without determiners;
        "a guy called Jorge" is Jorge."""
        name = called(token)
        if name is not None:
            return self.value(name)
        counted = measured(token, AMOUNTS)
        if counted.i != token.i:
            return self.value(counted)  # "play a bit of guitar": guitar
        appos = child(token, "appos") if token.pos_ == "NOUN" else None
        if appos is not None and appos.pos_ == "PROPN":
            return self.value(appos)  # "married an English fellow, Graham": Graham
        if token.pos_ == "PRON" and token.lower_ in FIRST_PERSON | THIRD_PERSON:
            return self.entity(token)  # "stay with us": with the speaker
        if token.pos_ == "PROPN":  # "June 14", "Pixel 9", "Casa das Flores"
            # (a word in lower case the tagger took for a name keeps its noun: "deputy cox";
            # a capitalised one it took for a noun is part of the name: "Riverbend High")
            lower = token.is_lower
            run = [
                t
                for t in token.subtree
                if t.pos_ in ("PROPN", "NUM")
                or t.dep_ == "case"
                or (lower or t.text.istitle() and t.i > t.sent.start)
                and t.dep_ == "compound"
                and t.pos_ == "NOUN"
                and t.head == token
            ]
            # ("lived in Cork 10 yrs": a number of years after a name is no part of it)
            run = [t for t in run if not (t.pos_ == "NUM" and counts_time(t))]
            first = min([token.i, *[t.i for t in run if t.i <= token.i]])
            last = max([token.i, *[t.i for t in run if t.i >= token.i and t.dep_ != "case"]])
            # ("bronwen not bethan": what follows "not" is the wrong name, not more of it)
            denied = [t.i for t in token.doc[token.i : last + 1] if t.lower_ == "not"]
            last = denied[0] - 1 if denied else last
            span = token.doc[first : last + 1]
            # Only contiguous names: stop at the first word that is not part of one.
            words = [
                t
                for t in span
                if t.pos_ in ("PROPN", "NUM", "PART", "ADP") or t.lower_ in LINKS or t in run
            ]
            if len(words) == len(span):
                return glued(span).text
            return self.name_of(token)
        keep = [
            t
            for t in token.subtree
            if t.i <= token.i
            and t.dep_ not in ("det", "poss", "neg", "punct", "case", "predet", "advmod")
            and t.lower_ not in TRANSIENT
        ]
        start = min([token.i, *[t.i for t in keep]])
        # a number after the noun is part of it: "route 14", "bus 42", "platform 9"
        after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
        numbered = after is not None and after.dep_ == "nummod" and after.head == token
        return token.doc[start : token.i + (2 if numbered else 1)].text

    def kind(self, token: Token) -> str:
        """A class something belongs to, with its article: "a teacher", "vegetarian"."""
        value = self.value(token)
        if called(token) is not None:
            return value  # "a guy called Jorge" is Jorge
        article = child(token, "det")
        if token.pos_ == "NOUN" and article is not None and article.lower_ in ("a", "an"):
            return f"{article.lower_} {value}"
        return value


def aside(clause: Token, after: Token) -> bool:
    """Whether a clause is said in brackets that close before `after`."""
    between = clause.doc[clause.i : after.i]
    return any(t.text == ")" for t in between) and any(
        t.text == "(" for t in clause.doc[clause.left_edge.i : clause.i]
    )


# Predicates live in memory.nlp.predicates and word lists in memory.nlp.words; readers of
# this module import them from here too.
__all__ = [
    "DEICTIC",
    "FUTURE_WORDS",
    "MONTHS",
    "NAMING_VERBS",
    "PAST_TIME",
    "PLAN_VERBS",
    "TIME_UNITS",
    "TIME_WORDS",
    "TITLES",
    "WEEKDAYS",
    "called",
    "contrastive",
    "dropped_subject",
    "is_day",
    "is_plan",
    "is_time",
    "lexicon",
    "lexicon_reading",
    "listed_gender",
    "name_gender",
    "negated",
    "prep_objects",
    "ACQUIRE",
    "ACQUIRING",
    "ANIMALS",
    "ANIMATE",
    "ASPECT_VERBS",
    "CHILDREN",
    "CORRECTION_CUES",
    "FEMININE",
    "FIRST_PERSON",
    "FIRST_POSSESSIVE",
    "GENDERED",
    "GENERIC_OBJECTS",
    "KEPT",
    "KIN",
    "LEAVE_VERBS",
    "LINKS",
    "LOSS_VERBS",
    "MULTI_ROLES",
    "OBJECTS",
    "PEOPLE",
    "ROLE_SYNONYMS",
    "SIBLINGS",
    "STAFF",
    "STOP_VERBS",
    "SUBJECTS",
    "THIRD_PERSON",
    "TRANSIENT",
]


def name_said_before(token: Token) -> Token | None:
    """The name a role noun is said after with no "'s", as some write the possessive
    ("Khoa sister", "Phúc wife"): the owner's, when the noun names someone's person."""
    if token.lemma_.lower() not in PEOPLE or child(token, "det", "poss") is not None:
        return None
    from memory.nlp.casing import english_words

    # (right before it, and a name as typed: "big news mum moved" is no one's mum but mine)
    return next(
        (
            c
            for c in token.lefts
            if c.dep_ == "compound"
            and c.pos_ == "PROPN"
            and c.i == token.i - 1
            and (c.text[:1].isupper() or c.lower_ not in english_words())
        ),
        None,
    )


def glued(span: Span) -> Span:
    """A name with what is typed on to it with no space between: "X-T5", which the parser
    reads as "X", "-" and "T5" (an apostrophe ends it: "Zoe's" is Zoe)."""
    doc, end = span.doc, span.end
    while end < len(doc) and not doc[end - 1].whitespace_:
        after = doc[end]
        if after.text in ("-", "/") and end + 1 < len(doc) and not after.whitespace_:
            end += 1
        elif after.text.isalnum():
            end += 1
        else:
            break
    return doc[span.start : end]


def titled(token: Token) -> str | None:
    """A role typed in lower case before a name, as its title ("landlord" in "landlord Mr
    Deng"); None for any other word."""
    word = token.lower_
    # (by the word itself: "the river Thames" ends like "teacher" but names no one)
    # ("our dog Žuća": a pet's kind is said the same way)
    kinds = PEOPLE | DOERS | ANIMALS
    if token.dep_ not in ("compound", "flat") or not token.is_lower or word not in kinds:
        return None
    return word


def bare_kin(token: Token) -> bool:
    """ "Mum", "Gran" written as a name, with no owner and no name of their own: the
    speaker's mother, grandmother ("Nana Ama" stays a name)."""
    if ROLE_SYNONYMS.get(token.lower_, token.lower_) not in KIN:
        return False
    if child(token, "det", "poss", "compound", "appos") is not None:
        return False
    return not (token.dep_ == "compound" and token.head.pos_ == "PROPN")

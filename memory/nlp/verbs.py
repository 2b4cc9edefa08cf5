"""Frames read through the relation lexicon: a predicate's lemmas ("work at", "move to"),
the value its relation points at, and what a "from" leaves behind. A part of
memory.nlp.frames.SentenceFrames, kept apart for its size."""

import dataclasses

from memory.nlp.facts import TEAM_WORDS, Triplet, leisure
from memory.nlp.homes import DWELLINGS, MOVING, home_place
from memory.nlp.intro import agent
from memory.nlp.parse import Token, child, children
from memory.nlp.predicates import TIME_EDGES, called, listed_gender
from memory.nlp.reader import (
    DEICTIC,
    GENERIC_OBJECTS,
    PEOPLE,
    SUBJECTS,
    TIME_UNITS,
    TIME_WORDS,
    WEEKDAYS,
    Reader,
    is_time,
    prep_objects,
)


def is_person(token: Token) -> bool:
    """A first name, or a person's role ("my partner Gunnar", "friends")."""
    if token.pos_ == "PROPN":  # (chat types names in lower case: "a league with dale")
        return bool(listed_gender(token.text.title() if token.is_lower else token.text))
    return token.lemma_.lower() in PEOPLE


# the last word of a company's name ("Ndovu Safaris", "Kilele Tours", "Carpatica Labs")
FIRM_WORDS = {"safaris", "tours", "labs", "ltd", "inc", "group", "bank", "agency", "studios"}
FIRM_WORDS |= {"consulting", "solutions", "technologies", "systems", "media", "partners"}


def employer(value: str) -> bool:
    """Whether a place moved to is a company ("I'm moving to Ndovu Safaris from november"):
    a name that ends in a company's word. (The recogniser is no help: it calls "the
    Algarve" an organisation.)"""
    return value[:1].isupper() and value.split()[-1].lower() in FIRM_WORDS


# Verbs by which someone loses a job when they are its object ("I was let go").
DISMISSING = {"fire", "sack", "dismiss", "let", "lay"}


# Verbs of going that "to work" after them makes a way to work ("get to work on the bus").
GOING = {"get", "go", "come", "travel", "commute", "ride", "cycle", "drive", "walk"}


def commuted_by(verb: Token) -> Token | None:
    """What one goes to work by ("get to work on an old yamaha", "by bus"), or None."""
    going = verb.lemma_ == "work" and verb.dep_ in ("xcomp", "advcl") and verb.head.lemma_ in GOING
    if not going:
        return None
    return next((o for p, o in prep_objects(verb) if p in ("on", "by", "in")), None)


# Where one is moved to at work: a unit of it, not a home.
WORK_UNITS = {"team", "department", "dept", "ward", "unit", "office", "branch", "division"}
WORK_UNITS |= {"desk", "squad", "section", "floor", "lab", "site", "store", "depot", "shift"}


def work_unit(verb: Token) -> Token | None:
    """The unit of work a move goes to ("moved to the litigation team"), or None."""
    for prep, obj in prep_objects(verb):
        if prep in ("to", "into") and obj.pos_ == "NOUN" and obj.lemma_.lower() in WORK_UNITS:
            return obj
    return None


def self_home(verb: Token, value: str) -> bool:
    """ "I moved into this flat in May 2024", "we've lived in the house since 2019": the home
    the speaker is in, pointed at, not named; no place to put in the home slot."""
    for _, obj in prep_objects(verb):
        if obj.lower_ != value.lower() or obj.lemma_.lower() not in DWELLINGS:
            continue
        pointed = child(obj, "det", "poss")
        return pointed is not None and pointed.lower_ in ("this", "the", "our", "my")
    return False


class VerbFrames:
    """What SentenceFrames reads through the relation lexicon."""

    reader: Reader

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        raise NotImplementedError  # SentenceFrames.add

    def verbal(self, verb: Token, subject: Token, neg: bool, plan: bool) -> None:
        raise NotImplementedError  # SentenceFrames.verbal

    def lemmas(self, verb: Token) -> tuple[list[str], list[str]]:
        """The predicate's words from its auxiliaries to its last object, as lemmas."""
        words = [
            t
            for t in verb.subtree
            # (its own auxiliaries: "kyle is leaving in june, he got into ..." is no "be into")
            if t.i >= verb.i or t.dep_ in ("aux", "auxpass", "neg") and t.head == verb
            if t == verb
            or (t.dep_ not in SUBJECTS and t.dep_ not in ("punct", "advcl", "conj", "cc"))
        ]
        stop = next(
            (t.i for t in verb.subtree if t.i > verb.i and t.dep_ in ("conj", "cc", "advcl")), None
        )
        # A contrast ("at Unbabel, not Feedzai") does not negate the predicate.
        contrast_at = next(
            (t.i for t in words if t.lower_ == "not" and t.head != verb and t.i > verb.i), None
        )
        stop = (
            min(i for i in (stop, contrast_at) if i is not None) if (stop or contrast_at) else None
        )
        words = [t for t in words if stop is None or t.i < stop]
        lemmas = [t.lemma_.lower() if t.pos_ != "PROPN" else t.text for t in words]
        # The predicate is a verb even where the tagger said noun ("Mary and Bob work").
        tags = [t.tag_ if t != verb or t.tag_.startswith("VB") else "VBP" for t in words]
        there = next((k for k, t in enumerate(words) if t.lower_ == "there"), None)
        if there is not None and words[there].dep_ == "advmod" and self.reader.last_place:
            # "He's moving there in June": there is the place named last ("in Munich").
            lemmas[there : there + 1] = ["to", self.reader.last_place]
            tags[there : there + 1] = ["TO", "NNP"]
        return lemmas, tags

    def from_lexicon(self, verb: Token, subject: Token, found: Triplet, neg, plan) -> None:
        obj = child(verb, "dobj")
        gone = child(verb, "ccomp", "xcomp")  # "let Bosun go": the one let go
        dismissed = obj if obj is not None else child(gone, "nsubj") if gone is not None else None
        if verb.lemma_ in DISMISSING and subject.dep_ == "nsubj" and dismissed is not None:
            # "we had to let Bosun go", "they fired Tom": who lets go keeps their job
            self.verbal(verb, subject, neg, plan)
            return
        means = commuted_by(verb) if found.relation == "works_for" else None
        if means is not None:
            # "get to work on an old yamaha 125", "I get to work by bus": how one goes to
            # work, no employer
            entity = self.reader.entity(subject)
            self.add(entity, "commute_by", self.reader.value(means), negated=neg, plan=plan)
            return
        if found.relation == "works_for" and verb.lemma_ in ("start", "begin") and obj is not None:
            if obj.lemma_.lower() not in GENERIC_OBJECTS:
                # "started lessons with an old jazz guy", "starting a book club at the
                # library": no job there, what was started is read as any verb's object
                self.verbal(verb, subject, neg, plan)
                return
        value = self.best_object(verb, found)
        entity = self.reader.entity(subject)
        words = [w.removesuffix("s") if w[:-1] in WEEKDAYS else w for w in value.lower().split()]
        joined = [s for s in self.reader.subjects(verb) if s.i != subject.i]
        if value and set(words) <= TIME_WORDS | TIME_UNITS | DEICTIC:
            # "Sam and I got engaged last night": a time is when, never the value; the one
            # the subject is joined with is ("Sam" for "I"). With no one joined, "we moved
            # to Thursdays" moved a schedule, not a home.
            if not joined and found.relation != "partner_of":
                self.add(entity, "be_on", value, negated=neg, plan=plan)
                return
            value = self.reader.entity(joined[0]) if joined else ""
        if not value and found.relation == "partner_of":
            # "Oskar and I are getting married in September": the one joined is the value
            value = self.reader.entity(joined[0]) if joined else ""
            if not value and verb.lemma_ == "marry":
                # "my sister is getting married in august": to whom is not said; the state is
                self.add(entity, "marry", "", negated=found.negated or neg, plan=plan)
                return
        negated_now = found.negated or neg
        if found.relation == "lives_in" and verb.lemma_ in MOVING and employer(value):
            found = dataclasses.replace(found, relation="works_for")  # "moving to Ndovu Safaris"
        mover = child(verb, "dobj")
        if found.relation == "lives_in" and verb.lemma_ in MOVING and mover is not None:
            if mover.lower_ in ("me", "us", "him", "her", "them"):
                # "they moved me to paediatrics": the one moved went; a ward is no home
                entity = self.reader.entity(mover)
                if value == value.lower():
                    found = dataclasses.replace(found, relation="be_in")
        unit = work_unit(verb) if found.relation == "lives_in" and verb.lemma_ in MOVING else None
        if unit is not None:
            # "I've moved to the litigation team", "he was moved to the office in Liepāja":
            # a move at work, to a unit (or the town it is in), is no home
            towns = [o for t in unit.subtree if t.lower_ == "in" for o in children(t, "pobj")]
            town = next((o for o in towns if o.pos_ == "PROPN"), None)
            relation = "works_in" if town is not None else "be_in"
            self.add(entity, relation, self.reader.value(town or unit), negated=neg, plan=plan)
            return
        moved = self.moved_thing(verb, found.relation)
        if moved is not None:  # "we moved the bakery to Rua Augusta": the bakery moved
            entity, found = self.reader.entity(moved), dataclasses.replace(found, relation="be_in")
            if value == self.reader.value(moved):  # "moving the studio there": not to itself
                there = any(c.lower_ == "there" for c in verb.children)
                value = self.reader.last_place if there else ""
        if found.relation == "works_for":  # "works as a nurse (at X)"
            # ... or "started with Energy Fiji as a line technician", where the parser hangs
            # "as" off the employer
            inner = [(p, o) for p, o in phrase_preps(verb) if agent(o.lower_)]
            for prep, obj in prep_objects(verb) + inner:
                if prep == "as":
                    kind = self.reader.kind(obj)
                    self.add(entity, "works_as", kind, negated=negated_now, plan=plan)
        if found.relation == "lives_in" and value.isdigit():
            return  # "living alone for the first time at 27": an age, no home
        if found.relation == "lives_in" and self_home(verb, value):
            return  # "I moved into this flat in May 2024": the home already told, no new one
        if not value and not negated_now and found.relation != "employment_status":
            # "the only team she has ever played for": the slot's value is elsewhere in the
            # sentence; an empty one would be a newer value that replaces the real one.
            return
        if found.relation == "works_for" and not negated_now:
            self.work_town(verb, entity, plan)
        # one belongs to a choir and a pottery class at once; to one team at a time
        multi = found.relation == "member_of" and leisure(value)
        self.add(entity, found.relation, value, negated=negated_now, plan=plan, multi=multi)
        if found.relation == "partner_of" and verb.lemma_ == "marry" and value:
            # "Sanne and Rick got married": the state changed, not only the tie (which
            # "engaged to Rick" told already)
            self.add(entity, "marry", "", negated=negated_now, plan=plan)
        for relation, obj in found.extra:
            self.add(entity, relation, obj, plan=plan)
        if found.relation == "lives_in" and found.negated and not plan:
            self.new_home(verb, entity)
        if found.relation and not found.negated:
            # "transferred from Benfica to Porto": Benfica is the value left behind; of a
            # move still to come ("intend to move from Brno to Olomouc in the spring") it
            # is the home until then
            for prep, obj in prep_objects(verb):
                if prep == "from" and not is_time(obj) and self.reader.value(obj) != value:
                    now = plan and found.relation == "lives_in"
                    if now or not plan:
                        self.add(entity, found.relation, self.reader.value(obj), past=not now)

    def work_town(self, verb: Token, entity: str, plan: bool) -> None:
        """ "Rasmus works at Bolt in Tallinn": the town one works in, which says where one
        is when no home is told (slots.work_town)."""
        places = prep_objects(verb)
        if not any(p in ("at", "for", "with") for p, _ in places):
            return  # "works in Tallinn" says it already
        towns = [o for p, o in places if p == "in"]
        towns += [o for p, at in places if p != "in" for q, o in prep_objects(at) if q == "in"]
        for town in towns:
            if town.pos_ == "PROPN" and not is_time(town):
                self.add(entity, "works_in", self.reader.value(town), plan=plan)
                return

    def best_object(self, verb: Token, found: Triplet) -> str:
        """The value the lexicon's relation points at, read from the parse: a name that is
        the verb's object ("joined Unbabel in March"), else a place or organisation after a
        preposition, else the object noun or what its own preposition names ("a trip to
        Paris", "the CEO of X")."""
        obj = child(verb, "dobj", "attr", "oprd", "acomp")
        if found.relation == "lives_in" and verb.lemma_ in MOVING:
            # "Tayla's moved to Orange, loves it, rang Deb": where one moved to, not a name
            # the tagger hung on the verb (a named place: not "to a bigger spot")
            gone_to = [o for p, o in prep_objects(verb) if p in ("to", "into")]
            gone_to = [o for o in gone_to if o.pos_ == "PROPN" and not is_time(o)]
            if gone_to:
                return self.reader.value(gone_to[0])
        if obj is not None and obj.pos_ == "PROPN":
            return self.reader.value(obj)
        if obj is not None and found.relation == "member_of" and obj.lower_ in TEAM_WORDS:
            return self.reader.value(obj)  # "joined a football team at work": the team
        if obj is not None and obj.lemma_ in GENERIC_OBJECTS:
            named = [c for c in children(obj, "compound") if c.pos_ == "PROPN"]
            if named:  # "took the Deloitte offer", "the Stripe job"
                return self.reader.name_of(named[-1])
            # ("got a weekend job at the cinema in the mall": the job's own place first)
            at = [o for p, o in prep_objects(obj) if p in ("at", "with") and not is_time(o)]
            if at and found.relation == "works_for" and prep_objects(verb):
                return self.reader.value(at[0])  # (not the verb's own "in the mall")
            if not prep_objects(obj):
                obj = None
        offered = obj is not None and obj.lemma_ == "offer"
        givers = [o for p, o in prep_objects(obj) if p == "from"] if offered else []
        if givers:  # "accepted an offer from a small startup, Verdia": the one who offered
            names = [t for t in givers[0].subtree if t.i > givers[0].i and t.pos_ == "PROPN"]
            return self.reader.name_of(names[0]) if names else self.reader.value(givers[0])
        # Prepositions of the verb first, then those inside its phrases ("works as a nurse
        # at St Mary's": at hangs off nurse), not those of a clause of its own ("took a job
        # at a firm, designing drainage in Ramtha").
        objects = prep_objects(verb) + phrase_preps(verb)
        # where one was let go from is the value of a job that ended
        preps = VALUE_PREPS + (("from",) if found.negated else ())
        preferred = [o for p, o in objects if p in preps and not is_time(o)]
        if found.relation == "lives_in":
            # "we live in a tiny apartment in Brno": the home's town is where one lives
            preferred = [home_place(o, lived=True) or o for o in preferred]
            # ("live in a flat in Sant'Egidio" with the town hung on the verb: the town)
            home = {o.i for o in preferred if o.lemma_.lower() in DWELLINGS and not o.is_title}
            if any(o.is_title and o.i > o.sent.start for o in preferred if o.i not in home):
                preferred = [o for o in preferred if o.i not in home]
        # "I live in Vesturbær with my partner Gunnar", "play bass in a band with Nino": who
        # it is done with is company, not the place or group the relation points at.
        company = [o for p, o in objects if p == "with" and is_person(o)]
        if found.relation == "lives_in":  # ("I live with Yanis in a flat in Mouans-Sartoux")
            company += [o for p, o in objects if p == "with"]
        placed = [o for o in preferred if o not in company]
        there = any(c.lower_ == "there" and c.dep_ == "advmod" for c in verb.children)
        if there and not placed and self.reader.last_place:
            return self.reader.last_place  # "lives there with his wife Yumi": there, not Yumi
        preferred = placed or preferred
        # A noun named by a name ("the CUF clinic") is a name too, nearer the verb than a
        # place inside it ("... in Belém").
        if found.negated:  # what was left is the mine, not its town ("laid off at the mine in X")
            preferred = [o for o in preferred if not placed_in(o, preferred)] or preferred
        named = [o for o in preferred if is_named(o)]
        # "LPP in Ljubljana", "a startup in Singapore called Parcelwise": the town of a named
        # employer is not the employer
        named = [o for o in named if not placed_in(o, named)] or named
        where = [o for o in named if placed_in(o, preferred) and called(o) is None]
        workplace = preferred[0] if preferred and not is_named(preferred[0]) else None
        if found.relation == "works_for" and where and where[0].head.head == workplace:
            # "started at a bakery in Higashi Chaya": the bakery is the employer, the name is
            # its town; both are said, as the user said them
            return f"{self.reader.value(preferred[0])} in {self.reader.value(where[0])}"
        for candidate in named or preferred:
            return self.reader.value(candidate)
        if obj is not None:
            inner = [
                o
                for p, o in prep_objects(obj)
                if p in ("of", "at", "for", "with", "to", "in") and not is_time(o)
            ]
            return self.reader.value(inner[0] if inner else obj)
        # ("starting at the end of August": the edge of a time the lexicon took for the value)
        edge = [o for _, o in objects if o.lower_ in TIME_EDGES and is_time(o)]
        return "" if any(o.lower_ == found.object.lower() for o in edge) else found.object


# prepositions whose object may be the value a lexicon relation points at
VALUE_PREPS = ("to", "at", "for", "with", "in", "into", "of", "by", "on")
CLAUSES = ("advcl", "conj", "ccomp", "parataxis", "relcl")


def phrase_preps(verb: Token) -> list[tuple[str, Token]]:
    """The prepositions and their objects inside a verb's own phrases ("works as a nurse at
    St Mary's": at hangs off nurse), not inside the clauses hung on it."""
    words = [t for c in verb.children if c.dep_ not in CLAUSES for t in c.subtree]
    return [po for t in words for po in prep_objects(t)]


def is_named(token: Token) -> bool:
    """A name, a noun named by one ("the CUF clinic") or given one ("a startup called
    Parcelwise")."""
    modifier = child(token, "compound", "nmod")
    return (
        token.pos_ == "PROPN"
        or (modifier is not None and modifier.pos_ == "PROPN")
        or called(token) is not None
    )


def placed_in(token: Token, candidates: list[Token]) -> bool:
    """The place a preposition "in" gives another of the candidates ("a startup in
    Singapore")."""
    prep = token.head
    return prep.dep_ == "prep" and prep.lower_ == "in" and prep.head in candidates

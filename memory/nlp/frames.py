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

from dataclasses import dataclass

from lemminflect import getLemma

from memory.nlp.facts import Triplet
from memory.nlp.parse import Span, Token, child, children
from memory.nlp.reader import (
    ACQUIRE,
    ACQUIRING,
    ASPECT_VERBS,
    DEICTIC,
    GENERIC_OBJECTS,
    KEPT,
    LEAVE_VERBS,
    LOSS_VERBS,
    NAMING_VERBS,
    PLAN_VERBS,
    STOP_VERBS,
    SUBJECTS,
    THIRD_PERSON,
    TIME_UNITS,
    TIME_WORDS,
    Reader,
    called,
    contrastive,
    dropped_subject,
    is_day,
    is_plan,
    is_time,
    lexicon_reading,
    negated,
    prep_objects,
)


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
            if self.met(token):
                # "had dinner with Pedro tonight. he ...", "saw Rui at the gym, he's ...": a
                # person met or seen is who a later pronoun may name, in the order said.
                self.reader.remember([self.reader.name_of(token)])
            if called(token) is not None:
                self.named_origin(called(token))
            if token.pos_ == "PROPN" and token.dep_ == "pobj" and token.head.lower_ in ("in", "to"):
                self.reader.last_place = self.reader.value(token)
            verbal = token.pos_ in ("VERB", "AUX") and token.dep_ not in ("aux", "auxpass")
            # The tagger sometimes reads a verb as a noun ("Mary and Bob work at UPS").
            if verbal or (token.dep_ == "ROOT" and children(token, "nsubj")):
                self.predicate(token)
            elif token.dep_ == "appos" and token.pos_ == "PROPN":
                self.apposition(token)
            elif self.unattached_name(token) is not None:
                # "my girlfriend Inês is a nurse" parsed with the role hanging off the verb:
                # an owned role noun followed by a name that depends on neither is still
                # that name's role.
                name = self.unattached_name(token)
                self.add(self.reader.owner(token), f"role:{self.reader.role(token)}", name)
        return self.frames

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        if subject and relation:
            self.frames.append(Frame(subject, relation, value, **kw))
            # The person spoken of last, for "he"/"she" later in the same message: a named
            # role's holder ("my flatmate's called Euan, he's a nurse"), else the subject.
            person = value if relation.startswith("role:") or relation == "is_called" else ""
            if relation.startswith("role:") and person[:1].isupper():
                self.reader.learn_gender(person, relation.removeprefix("role:"))
            self.reader.remember([person if person[:1].isupper() else subject])

    def apposition(self, name: Token) -> None:
        """ "my sister Ana", "Tom, Ana's husband": the name fills the owner's role."""
        head = name.head
        owner = self.reader.owner(head)
        # "we're going to buy an electric car, probably a Renault Zoe": the name is as
        # planned as the predicate it hangs from.
        verb = next((a for a in name.ancestors if a.pos_ in ("VERB", "AUX")), None)
        plan = verb is not None and (
            is_plan(verb) or (verb.dep_ in ("xcomp", "advcl") and is_plan(verb.head))
        )
        if head.pos_ == "NOUN" and owner:
            role = f"role:{self.reader.role(head)}"
            self.add(owner, role, self.reader.name_of(name), plan=plan)
        elif head.pos_ == "PROPN":
            role = name  # "Tom, Ana's husband" parses the other way round
            owner = self.reader.owner(role)
            if owner and role.pos_ == "NOUN":
                self.add(owner, f"role:{self.reader.role(role)}", self.reader.name_of(head))

    def named_origin(self, name: Token) -> None:
        """ "a guy called Jorge from Sintra": what is said of the name where it is given."""
        for prep, obj in prep_objects(name.head):
            if obj.pos_ == "PROPN":
                relation = self.place_relation(prep, obj)
                self.add(self.reader.name_of(name), relation, self.reader.value(obj))

    @staticmethod
    def met(token: Token) -> bool:
        """A name in an object position that places do not take: the object of a verb or of
        "with", or a name joined to one ("with Pedro and Marta")."""
        if token.pos_ != "PROPN" or token.dep_ in ("compound", "flat") or is_time(token):
            return False
        head = token
        while head.dep_ == "conj" and head.head is not head:
            head = head.head
        if head.dep_ == "dobj":
            # Not a word inside a name ("Escola Básica do Restelo" parses "do" as a verb).
            verb = head.head
            inside = verb.i > 0 and verb.doc[verb.i - 1].pos_ == "PROPN" and verb.is_lower
            return verb.pos_ == "VERB" and not inside
        if head.dep_ == "oprd":  # "a guy called Jorge"
            return head.head.lemma_ in NAMING_VERBS
        return head.dep_ == "pobj" and head.head.lower_ == "with"

    def unattached_name(self, token: Token) -> str | None:
        if token.pos_ != "NOUN" or child(token, "poss") is None or token.dep_ == "appos":
            return None
        if token.i + 1 >= len(token.doc) or not self.reader.owner(token):
            return None
        name = token.doc[token.i + 1]
        if name.pos_ != "PROPN" or name.head is token or token.head is name:
            return None
        if name.dep_ not in SUBJECTS or token.dep_ in SUBJECTS:
            return None
        return self.reader.name_of(name)

    def jobs(self, verb: Token, subject: Token, plan: bool) -> None:
        """ "moved to Glasgow for a new job at Skyscanner": a job at a name is an employer,
        wherever it hangs in the sentence."""
        for token in verb.subtree:
            if token.lemma_ not in GENERIC_OBJECTS or token is verb:
                continue
            for prep, obj in prep_objects(token):
                if prep in ("at", "with", "for") and obj.pos_ == "PROPN":
                    self.add(
                        self.reader.entity(subject), "works_for", self.reader.value(obj), plan=plan
                    )

    def predicate(self, verb: Token) -> None:
        subjects = self.reader.subjects(verb)
        fragment = verb.dep_ == "ROOT" or dropped_subject(verb)
        if not subjects and fragment and verb.tag_ in ("VBG", "VBD", "VBN"):
            subjects = [verb]  # "Starting at KPMG on Monday": a fragment is about the speaker
        if not subjects:
            return
        comp = child(verb, "xcomp")
        if comp is not None and verb.lemma_ in ASPECT_VERBS and child(comp, "dobj") is not None:
            return  # "stopped learning German": the xcomp is the predicate
        if verb.dep_ == "xcomp" and verb.head.lemma_ in ASPECT_VERBS and not child(verb, "dobj"):
            return  # "stopped running": the aspect verb's habit frame has it
        neg, plan = negated(verb), is_plan(verb)
        if verb.dep_ in ("xcomp", "advcl") and is_plan(verb.head):
            plan = True  # "is coming to stay with us in December"
        if verb.dep_ == "xcomp" and verb.head.lemma_ in PLAN_VERBS | ASPECT_VERBS:
            # "I don't plan to move"; "I stopped learning German" ends learning German.
            neg = neg or negated(verb.head) or verb.head.lemma_ in STOP_VERBS
        for subject in subjects:
            if verb.lemma_ not in ("get", "take", "accept", "start", "land") and not neg:
                self.jobs(verb, subject, plan)
            if self.naming(verb, subject, neg):
                continue
            if verb.lemma_ == "be" and self.copula(verb, subject, neg, plan):
                continue
            if self.possession(verb, subject, neg, plan):
                continue
            if verb.lemma_ in ASPECT_VERBS and self.habit(verb, subject, neg, plan):
                continue
            if verb.lemma_ in LEAVE_VERBS and self.departure(verb, subject, plan):
                continue
            if self.acquisition(verb, subject, plan):
                continue
            found = lexicon_reading(*self.lemmas(verb))
            if found is not None and found.relation != "is_called":
                self.from_lexicon(verb, subject, found, neg, plan)
                continue
            if (verb.lemma_ in LOSS_VERBS or verb.lemma_ == "run") and self.loss(verb, subject):
                continue
            if verb.lemma_ == "turn":  # "Priya turned 7 yesterday"
                years = next((c for c in verb.children if c.pos_ == "NUM"), None)
                if years is not None and years.text.isdigit():
                    self.add(self.reader.entity(subject), "age", years.text, plan=plan)
                    continue
            self.verbal(verb, subject, neg, plan)
        self.scheduled(verb, neg, plan)

    def scheduled(self, verb: Token, neg: bool, plan: bool) -> None:
        """ "booked the dentist for Monday", "signed up for a pottery class on Thursdays":
        the thing booked is on that day, a slot of its own that "the pottery class is on
        Wednesdays, not Thursdays" corrects; "found a flat in Arroios": the flat is there."""
        things = [child(verb, "dobj")] + [o for p, o in prep_objects(verb) if p == "for"]
        # A word with an article is a thing even where the tagger said adjective ("a flat").
        nominal = [t for t in things if t is not None and (t.pos_ == "NOUN" or child(t, "det"))]
        thing = nominal[0] if nominal else None
        if thing is None or is_time(thing) or neg:
            return
        held = prep_objects(verb) + prep_objects(thing)
        days = [o for p, o in held if p in ("on", "for") and is_day(o)]
        if days:
            self.add(self.reader.value(thing), "be_on", self.reader.value(days[0]), plan=plan)
        places = [(p, o) for p, o in held if p in ("in", "at") and o.pos_ == "PROPN"]
        if places and not is_time(places[0][1]) and thing.lemma_ not in GENERIC_OBJECTS:
            prep, place = places[0]
            self.add(self.reader.value(thing), f"be_{prep}", self.reader.value(place), plan=plan)

    def naming(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "My dog is called Rex": the owner's role `dog` holds Rex."""
        name = child(verb, "oprd", "attr")
        if verb.lemma_ not in NAMING_VERBS or name is None or verb.tag_ != "VBN":
            return False
        owner = self.reader.owner(subject)
        if owner is None and subject.pos_ == "NOUN" and child(subject, "det") is None:
            owner = self.reader.speaker  # chat drops the "my": "new manager is called Duarte"
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
        wrong = attr is not None and attr.i and contrastive(attr.doc[attr.i - 1])
        if attr is not None and (child(attr, "neg") or wrong) and prep_objects(verb):
            attr = None  # "he's from Mafra, not Sintra": the wrong value, not the predicate
        if attr is not None and self.age(attr, subject, neg):
            return True
        if attr is not None and attr.pos_ == "ADJ":
            # "I'm allergic to penicillin", "Ana is married to Tom": the adjective and its
            # preposition are the slot.
            held = prep_objects(attr)
            if held:
                prep, obj = held[0]
                entity = reader.entity(subject)
                relation = f"is_{attr.lemma_.lower()}_{prep}"
                for _, value in held:
                    self.add(entity, relation, reader.value(value), negated=neg, plan=plan)
                return True
        if attr is not None and attr.tag_ == "VBN" and not prep_objects(attr):
            # "Dad is retired", "I'm not married": the state is its verb's slot, as "dad
            # retired last year" says it.
            entity = reader.entity(subject)
            self.add(entity, attr.lemma_.lower(), "", negated=neg, plan=plan)
            return True
        named = child(subject, "appos") is not None  # "My brother Tom is a teacher"
        if attr is not None:
            # "My manager is Daniel", "my dog's name is Rex", "Daniel is my manager".
            owned = None if named else self.owned_role(subject)
            name = attr.pos_ == "PROPN" or called(attr) is not None
            bare = subject.tag_ == "NN" and not child(subject, "det") and not is_time(attr)
            if owned is None and name and bare:
                # Chat drops the "my": "landlord is Mr. Tavares", "singer is Filipa".
                owned = reader.speaker, f"role:{reader.role(subject)}"
            if owned:
                # "my maid of honour is my cousin Beatriz": the name, not the relation
                value = reader.entity(attr) if child(attr, "appos") is not None else None
                value = value or reader.value(attr)
                # "My clients are Lidl and Vodafone": each listed name holds the role.
                listed = [
                    c
                    for c in attr.children
                    if c.dep_ == "conj" and (c.pos_ == "PROPN" or called(c) is not None)
                ]
                multi = bool(listed)
                self.add(owned[0], owned[1], value, negated=neg, plan=plan, multi=multi)
                for other in listed:
                    self.add(owned[0], owned[1], reader.value(other), negated=neg, multi=multi)
                return True
            owned = self.owned_role(attr)
            if owned and (subject.pos_ in ("PROPN", "PRON") or named):
                self.add(owned[0], owned[1], reader.entity(subject), negated=neg, plan=plan)
                return True
        found = lexicon_reading(*self.lemmas(verb))
        if found is not None and found.relation not in ("is_called",):
            self.from_lexicon(verb, subject, found, neg, plan)
            return True
        if attr is not None:
            entity = reader.entity(subject)
            self.add(entity, "is", reader.kind(attr), negated=neg, plan=plan, multi=True)
            for prep, obj in prep_objects(attr):  # "a teacher in Cardiff", "a dev at Feedzai"
                relation = self.place_relation(prep, obj)
                if prep in ("at", "for", "with") and obj.pos_ == "PROPN":
                    relation = "works_for"  # a job at a name, whatever kind of name NER saw
                self.add(entity, relation, reader.value(obj), negated=neg, plan=plan)
            return True
        places = prep_objects(verb)
        if places:
            prep, obj = places[0]
            relation = self.place_relation(prep, obj)
            self.add(reader.entity(subject), relation, reader.value(obj), negated=neg, plan=plan)
            return True
        return False

    def age(self, attr: Token, subject: Token, neg: bool) -> bool:
        """ "Maria is 4", "he's 23 years old": a number said of a person is their age."""
        number = attr if attr.pos_ == "NUM" else None
        if attr.lemma_ in ("old", "year") and number is None:
            number = next((t for t in attr.subtree if t.pos_ == "NUM"), None)
        if number is None or not number.text.isdigit():
            return False
        self.add(self.reader.entity(subject), "age", number.text, negated=neg)
        return True

    def place_relation(self, prep: str, obj: Token) -> str:
        """ "I'm at Unbabel" is where I work; "Ana is in Porto" is where she lives."""
        if is_time(obj):
            return f"be_{prep}"
        if prep in ("at", "with", "for"):
            return "works_for"
        if prep == "in" and obj.pos_ == "PROPN":
            return "lives_in"
        return f"be_{prep}"

    def owned_role(self, token: Token) -> tuple[str, str] | None:
        """(owner, role:<noun>) for "my manager", "Ana's husband", "my dog's name"."""
        if token.pos_ not in ("NOUN",):
            return None
        role = self.reader.role(token)
        inner = child(token, "poss")
        if role == "name" and inner is not None and inner.lower_ in THIRD_PERSON | {"its"}:
            if self.reader.last_thing:  # "We got a puppy. Her name is Luna."
                return self.reader.last_thing[0], f"role:{self.reader.last_thing[1]}"
        owner = self.reader.owner(token)
        if not owner:
            return None
        if role == "name" and inner is not None and inner.pos_ == "NOUN":
            # "my dog's name is Rex": the dog is the role, its name the value.
            outer = self.reader.owner(inner)
            if outer:
                return outer, f"role:{self.reader.role(inner)}"
        if role == "name":
            return owner, "is_called"
        return owner, f"role:{role}"

    def possession(self, verb: Token, subject: Token, neg: bool, plan: bool = False) -> bool:
        """ "I have a dog named Rex", "we adopted a cat called Tofu", "I have two kids"."""
        obj = child(verb, "dobj")
        if obj is not None and obj.pos_ == "PROPN" and verb.lemma_ in ACQUIRE | {"have"}:
            # Misparsed "adopted a parrot called Kiwi": the kind hangs off the name.
            kind = next((c for c in obj.children if c.pos_ == "NOUN"), None)
            if kind is not None:
                role = f"role:{self.reader.role(kind)}"
                name = self.reader.name_of(obj)
                self.add(self.reader.entity(subject), role, name, multi=True, plan=plan)
                return True
        if obj is None or obj.pos_ != "NOUN" or obj.lemma_ in GENERIC_OBJECTS:
            return False
        named = any(a.lemma_ in NAMING_VERBS for a in children(obj, "acl")) or child(obj, "appos")
        if verb.lemma_ not in ("have", "adopt") and not (
            verb.lemma_ in ACQUIRE and (named or obj.lemma_ in KEPT)
        ):
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
            if named is None and thing is obj and thing.lemma_ in KEPT:
                # "got a cat that same year, Pixel": the name trails the verb's phrase
                trailing = [c for c in children(verb, "npadvmod", "appos") if c.i > thing.i]
                named = next((c for c in trailing if c.pos_ == "PROPN"), None)
            role = self.reader.role(thing)
            self.reader.last_thing = (owner, role)
            if named is None:  # "I have two kids", "we got a puppy"
                self.add(owner, "has", self.reader.value(thing), negated=neg, multi=True, plan=plan)
            else:  # "two cats, Pepper and Salt"
                for name in [named, *[c for c in named.children if c.dep_ == "conj"]]:
                    value = self.reader.value(name)
                    self.add(owner, f"role:{role}", value, negated=neg, multi=True, plan=plan)
        return True

    def habit(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "I quit smoking", "I started running": the activity is the slot, on or off."""
        gerund = child(verb, "dobj", "xcomp")
        if gerund is None or not (gerund.tag_ == "VBG" or gerund.lower_.endswith("ing")):
            return False
        if child(gerund, "dobj") is not None:
            return False  # "stopped learning German": the xcomp frame carries the object
        activity = gerund.lemma_.lower()
        if gerund.tag_ != "VBG":  # "quit smoking" is often tagged as a noun
            activity = (getLemma(gerund.lower_, upos="VERB") or (activity,))[0]
        stopped = verb.lemma_ in STOP_VERBS
        entity = self.reader.entity(subject)
        self.add(entity, activity, "", negated=neg != stopped, plan=plan)
        return True

    def departure(self, verb: Token, subject: Token, plan: bool) -> bool:
        """ "I left Feedzai" ends a job, "we left Lisbon" ends living there: which one is
        told by what kind of name was left."""
        obj = child(verb, "dobj")
        if obj is not None and obj.pos_ == "NOUN":
            return self.left_thing(verb, subject, obj, plan)
        if obj is None or obj.pos_ != "PROPN":
            return False
        # Whether a job or a home was left is not in the words ("left Feedzai", "left
        # Lisbon"); the update step retires whatever current fact holds this value, whatever
        # its relation, and the departure is kept as the end of a job.
        relation = "works_for"
        value = self.reader.value(obj)
        entity = self.reader.entity(subject)
        self.add(entity, relation, value, negated=True, plan=plan)
        for prep, target in prep_objects(verb):  # "leaves the BBC for Sky News"
            if prep in ("for", "to") and target.pos_ == "PROPN":
                self.add(entity, relation, self.reader.value(target), plan=plan)
        return True

    def left_thing(self, verb: Token, subject: Token, obj: Token, plan: bool) -> bool:
        """ "Nuno quit the band", "Bia quit ballet", "I left my job at KPMG": what the subject
        held that value by (member, player, employee) ends, whatever slot it is in."""
        entity = self.reader.entity(subject)
        if obj.lemma_ in GENERIC_OBJECTS:
            named = [o for p, o in prep_objects(obj) if p in ("at", "with", "for")]
            named = [o for o in named if o.pos_ == "PROPN"]
            if not named:
                return False
            self.add(entity, "works_for", self.reader.value(named[0]), negated=True, plan=plan)
            return True
        if plan:
            return False  # "is quitting the band next month": today's membership holds
        self.frames.append(Frame(entity, "", self.reader.value(obj), True))
        if child(obj, "det", "poss") is None and obj.lemma_ not in KEPT:
            # "Bia quit ballet": an activity named bare is also a habit that ends, in the
            # slot "Bia does ballet" or "Bia swims" keeps it.
            self.frames.append(Frame(entity, obj.lemma_.lower(), "", True))
        return True

    def acquisition(self, verb: Token, subject: Token, plan: bool) -> bool:
        """ "Burnley have signed Nathan Redmond", "Google hired Ana": the one signed or
        hired is the subject of the fact, the one who signed its value."""
        relation = ACQUIRING.get(verb.lemma_)
        obj = child(verb, "dobj")
        if relation is None or obj is None or subject.pos_ != "PROPN":
            return False
        person = obj if obj.pos_ == "PROPN" else child(obj, "appos", "compound")
        if person is None or person.pos_ != "PROPN":
            return False  # "signed a contract": the lexicon reads that
        self.add(self.reader.name_of(person), relation, self.reader.entity(subject), plan=plan)
        return True

    def loss(self, verb: Token, subject: Token) -> bool:
        """ "We gave Tofu to my parents", "Rex died": a member leaves the owner's set."""
        away = any(c.lower_ == "away" for c in verb.children)
        if verb.lemma_ in ("die", "pass") or (away and verb.lemma_ in ("run", "pass", "fly")):
            self.frames.append(Frame(self.reader.speaker, "", self.reader.value(subject), True))
            return True
        obj = child(verb, "dobj")
        if obj is None or obj.lemma_ == "way":  # "we parted ways with Northwind"
            obj = next((o for p, o in prep_objects(verb) if p in ("with", "from", "of")), None)
        if obj is None or is_time(obj):
            return False
        named = [c for c in obj.children if c.dep_ == "compound" and c.pos_ == "PROPN"]
        obj = named[-1] if obj.pos_ == "NOUN" and named else obj  # "my Netflix subscription"
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
        there = next((k for k, t in enumerate(words) if t.lower_ == "there"), None)
        if there is not None and words[there].dep_ == "advmod" and self.reader.last_place:
            # "He's moving there in June": there is the place named last ("in Munich").
            lemmas[there : there + 1] = ["to", self.reader.last_place]
            tags[there : there + 1] = ["TO", "NNP"]
        return lemmas, tags

    def from_lexicon(self, verb: Token, subject: Token, found: Triplet, neg, plan) -> None:
        value = self.best_object(verb, found)
        entity = self.reader.entity(subject)
        if value and set(value.lower().split()) <= TIME_WORDS | TIME_UNITS | DEICTIC:
            # "Sam and I got engaged last night": a time is when, never the value; the one
            # the subject is joined with is ("Sam" for "I").
            joined = [s for s in self.reader.subjects(verb) if s.i != subject.i]
            value = self.reader.entity(joined[0]) if joined else ""
        negated_now = found.negated or neg
        self.add(entity, found.relation, value, negated=negated_now, plan=plan)
        for prep, obj in prep_objects(verb):
            if prep == "as" and found.relation == "works_for":  # "works as a nurse at X"
                self.add(entity, "works_as", self.reader.kind(obj), negated=negated_now)
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
        # Prepositions of the verb first, then those inside its phrases ("works as a nurse
        # at St Mary's": at hangs off nurse).
        inner = [po for t in verb.subtree if t is not verb for po in prep_objects(t)]
        preferred = [
            o
            for p, o in prep_objects(verb) + inner
            if p in ("to", "at", "for", "with", "in", "of", "by", "on") and not is_time(o)
        ]
        # A noun named by a name ("the CUF clinic") is a name too, nearer the verb than a
        # place inside it ("... in Belém").
        named = [
            o
            for o in preferred
            if o.pos_ == "PROPN"
            or child(o, "compound", "nmod")
            and child(o, "compound", "nmod").pos_ == "PROPN"
        ]
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
        entity = self.reader.entity(subject)
        prt = child(target, "prt")
        relation = target.lemma_.lower() + (f"_{prt.lower_}" if prt is not None else "")
        if relation == "have":
            relation = "has"  # one slot for what is had, however the object was read
        if obj is not None:
            for value in [obj, *[c for c in obj.children if c.dep_ == "conj"]]:
                if called(value) is not None:  # "brought home a hamster called Bolacha"
                    role = f"role:{self.reader.role(value)}"
                    self.add(entity, role, self.reader.value(value), negated=neg, multi=True)
                    continue
                self.add(entity, relation, self.reader.value(value), negated=neg, plan=plan)
            return
        places = [(p, o) for p, o in prep_objects(target) if not is_time(o)]
        moved = [(p, o) for p, o in places if p in ("to", "into")]
        if moved and any(p == "from" for p, _ in places):
            # "switched from the mobile team to the payments team": the value is where the
            # subject went; where they came from is that slot's value no longer.
            for _, old in (po for po in places if po[0] == "from"):
                self.add(entity, f"{relation}_to", self.reader.value(old), negated=True)
            places = moved
        if places:
            prep, obj = places[0]
            value = self.reader.value(obj)
            self.add(entity, f"{relation}_{prep}", value, negated=neg, plan=plan)
        elif target.pos_ == "VERB" and target.lemma_ not in ("be", "have", "do", "get"):
            self.add(entity, relation, "", negated=neg, plan=plan)  # "I run", "she quit"

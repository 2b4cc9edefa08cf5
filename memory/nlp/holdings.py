"""Frames of what someone holds, gets, leaves or loses, and when a thing is on: "I have a dog
named Rex", "we gave Tofu to my parents", "Bia quit ballet", "booked the dentist for Monday".
A part of memory.nlp.frames.SentenceFrames, kept apart for its size."""

from dataclasses import dataclass

from lemminflect import getLemma

from memory.nlp.casing import english_nouns, english_words, is_first_name
from memory.nlp.counted import name_opening_next, names_after, things_after
from memory.nlp.intro import agent
from memory.nlp.lists import listed_things
from memory.nlp.members import thing_phrase
from memory.nlp.parse import Token, child, children
from memory.nlp.parted import parted_thing
from memory.nlp.predicates import called, listed_gender
from memory.nlp.reader import (
    ACQUIRE,
    ACQUIRING,
    ANIMATE,
    FIRST_PERSON,
    GENERIC_OBJECTS,
    KEPT,
    LOSS_VERBS,
    NAMING_VERBS,
    STOP_VERBS,
    SUBJECTS,
    Reader,
    is_day,
    is_time,
    prep_objects,
)
from memory.nlp.things import said_before
from memory.nlp.words import ANIMALS, CHILDREN, COLLECTIVES, MULTI_ROLES

# Verbs by which someone or something joins what the user has.
HAVING = {"have", "take", "hire", "get", "adopt", "foster", "welcome", "recruit", "add", "keep"}
# Verbs of taking someone on to work, and the words for someone that say no more than that
# ("hired a young guy, Jesús": an employee).
HIRING = {"hire", "employ", "recruit", "take"}
SOMEONE = {"guy", "girl", "lad", "lass", "person", "man", "woman", "boy", "kid", "bloke", "chap"}
# Words for those one works for, which are firms as often as people.
PATRONS = {"client", "customer", "buyer", "sponsor", "supplier", "account", "partner", "tenant"}
# Verbs by which a group the user is in gives itself someone ("we elected a new chairman").
CHOOSING = {"elect", "appoint", "choose", "pick", "vote"}


def looks_named(token: Token) -> bool:
    """A name, also typed in lower case ("dana and yerlan"): a proper noun, or a word the
    names list knows as a first name."""
    if token.pos_ == "PROPN":
        return True
    return (
        token.is_alpha and token.pos_ in ("NOUN", "ADJ") and bool(listed_gender(token.text.title()))
    )


def clause_after(colon: Token) -> bool:
    """ "big news at training: Kwabena is the new vice-captain": a colon before a clause
    of its own (a subject and its finite verb) labels no list."""
    opening = colon.doc[colon.i + 1 : min(colon.i + 4, colon.sent.end)]
    return any(
        t.dep_ in ("nsubj", "nsubjpass") and t.head.tag_ in ("VBZ", "VBD", "VBP", "MD")
        for t in opening
    )  # (not "2 chilli plants, mint, and a money tree Xiaoyu gave me")


@dataclass(frozen=True)
class Frame:
    subject: str
    relation: str
    value: str
    negated: bool = False
    plan: bool = False
    multi: bool = False
    text: str = ""
    past: bool = False  # held once and no longer ("used to live in Wellington")
    sole: bool = False  # a role said as one person's ("the captain is Baraka", "... is Juma now")


# What ties two parties, so that ending it ends the other party's place in the speaker's life.
TIES = {"contract", "partnership", "deal", "membership", "subscription", "relationship", "lease"}
TIES |= {"engagement", "collaboration", "account", "agreement"}


DONE_NOW = {"finally", "already", "just", "yesterday", "today"}


def done_now(verb: Token) -> bool:
    """ "We sell the Peugeot finally", "I give my old bike to my nephew yesterday": a present
    tense said of one thing of one's own, with a word that says it is done, is a past told
    as non-native speakers often tell it; a habit is of things in general."""
    obj = child(verb, "dobj")
    if obj is None or not any(c.lemma_.lower() in ("the", "my", "our") for c in obj.children):
        return False
    return any(c.lower_ in DONE_NOW for c in verb.children if c.dep_ in ("advmod", "npadvmod"))


def put_to_death(put: Token) -> bool:
    """ "had to put Waylon down", "had to be put to sleep" (said kindly, the same end); not
    "put the baby to sleep"."""
    if any(c.lower_ == "down" for c in put.children):
        return True
    had_to = put.head.lemma_ == "have" or bool(children(put, "auxpass"))
    return had_to and any(c.lower_ == "sleep" for c in children(put, "advcl", "xcomp"))


# Verbs of what someone thinks: a loss said under them is an opinion ("thinks I've lost it").
OPINION = {"think", "reckon", "believe", "feel", "suspect", "joke"}


class HoldingFrames:
    """What SentenceFrames reads of possession, loss, habits and schedules."""

    reader: Reader
    frames: list[Frame]

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        raise NotImplementedError  # SentenceFrames.add

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
        # ("teach physics at Ridgeview High": a bare subject is not where a place is)
        bare = thing.pos_ == "NOUN" and child(thing, "det", "poss") is None
        if (
            places
            and not is_time(places[0][1])
            and thing.lemma_ not in GENERIC_OBJECTS
            and not bare
        ):
            prep, place = places[0]
            self.add(self.reader.value(thing), f"be_{prep}", self.reader.value(place), plan=plan)

    def possession(self, verb: Token, subject: Token, neg: bool, plan: bool = False) -> bool:
        """ "I have a dog named Rex", "we adopted a cat called Tofu", "I have two kids"."""
        obj = child(verb, "dobj")
        if obj is not None and obj.pos_ == "PROPN" and verb.lemma_ in ACQUIRE | {"have"}:
            # Misparsed "adopted a parrot called Kiwi": the kind hangs off the name (or off
            # "called", which hangs off the name)
            kind = next((t for t in obj.subtree if t.pos_ == "NOUN" and t.i < obj.i), None)
            if kind is not None:
                role = f"role:{self.reader.role(kind)}"
                name = self.reader.name_of(obj)
                self.add(self.reader.entity(subject), role, name, multi=True, plan=plan)
                return True
        if obj is None or obj.pos_ != "NOUN" or obj.lemma_ in GENERIC_OBJECTS:
            return False
        named = naming_clause(obj) or name_apposed(obj)
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
                    if n.pos_ != "PRON"  # "a cat ..., named him kaya": not "him"
                ),
                None,
            )
            named = named or name_apposed(thing)
            if named is None and thing == obj:
                # "got a cat that same year, Pixel": the name trails the verb's phrase; of
                # anything had, a name right after it ("a retired greyhound, Lola") names it
                trailing = [c for c in children(verb, "npadvmod", "appos") if c.i > thing.i]
                trailing = [c for c in trailing if thing.lemma_ in KEPT and c.pos_ == "PROPN"]
                named = next(iter(trailing), None) or apposed_name(thing)
            if named is None and thing == obj:
                # "we have twins Esi and Ekow": the names parsed as a second object
                second = [*children(verb, "dobj"), *children(thing, "dobj")]
                second = [o for o in second if o.i > thing.i and o.pos_ == "PROPN"]
                named = second[0] if second else None
            role = self.reader.role(thing)
            self.reader.last_thing = (owner, role)
            # "two labs, Duke and Moose": as many names as the count says, whatever was had
            listed = names_after(thing) if named is None and child(thing, "nummod") else []
            for name in listed:  # (and how many, as said: "I have 3 grandchildren")
                self.add(owner, f"role:{role}", name.name, negated=neg, multi=True, plan=plan)
            if named is None and not listed and thing.lemma_ in ANIMALS | CHILDREN:
                opened = name_opening_next(thing)  # "Got a dog too. Bruno, from the shelter."
                if opened:
                    self.add(owner, f"role:{role}", opened, negated=neg, multi=True, plan=plan)
                    continue
            things = things_after(thing) if named is None and not listed else []
            for value in things:  # "two car. A Dacia Logan, ..., and a small Ford Transit van"
                self.add(owner, f"role:{role}", value, negated=neg, multi=True, plan=plan)
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
        instead = child(gerund, "xcomp") or child(verb, "advcl")
        if stopped and not neg and instead is not None and instead.pos_ == "VERB":
            # "has given up teaching to write textbooks": what is done now, in its place
            done = child(instead, "dobj")
            value = self.reader.value(done) if done is not None else ""
            self.add(entity, instead.lemma_.lower(), value, plan=plan)
        if gerund.pos_ != "VERB" and child(gerund, "det", "poss") is not None:
            # "Kinga stopped the shopping": a chore, which others do ("Bartek does it now")
            self.add(entity, "do", gerund.lower_, negated=neg != stopped, plan=plan)
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
        if plan:  # "I'm leaving Google in June": there until then
            self.add(entity, relation, value)
        self.add(entity, relation, value, negated=True, plan=plan)
        for prep, target in prep_objects(verb):  # "leaves the BBC for Sky News"
            if prep in ("for", "to") and target.pos_ == "PROPN":
                self.add(entity, relation, self.reader.value(target), plan=plan)
        return True

    def left_thing(self, verb: Token, subject: Token, obj: Token, plan: bool) -> bool:
        """ "Nuno quit the band", "Bia quit ballet", "I left my job at KPMG": what the subject
        held that value by (member, player, employee) ends, whatever slot it is in."""
        entity = self.reader.entity(subject)
        if not plan and entity != self.reader.speaker and verb.tag_ in ("VBD", "VBN"):
            self.reader.leavers.append(entity)  # "Sandrine has left the agency": replaceable
        for other in children(obj, "conj"):  # "left the company AND the team"
            if other.lemma_.lower() in COLLECTIVES and not plan:
                self.frames.append(Frame(entity, "", self.reader.value(other), True))
        if obj.lemma_ in GENERIC_OBJECTS:
            # (a name after "at", "with" or "for"; a place after "at": "her job at the bookstore")
            said = prep_objects(obj) + prep_objects(verb)
            named = [
                o
                for p, o in said
                if p in ("at", "with", "for")
                and (o.pos_ == "PROPN" or o.pos_ == "NOUN" and p == "at")
            ]
            # ("stop the bookstore job": the place said before the job names it)
            named += [c for c in obj.lefts if c.dep_ == "compound" and c.pos_ in ("NOUN", "PROPN")]
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
        if relation == "works_for" and obj is not None and obj.pos_ == "PROPN":
            if subject.i == verb.i or subject.lower_ in FIRST_PERSON:  # "hired Mia for ..."
                self.add(self.reader.speaker, "role:employee", self.reader.name_of(obj), multi=True)
                return True
        if relation is None or obj is None or subject.pos_ != "PROPN":
            return False
        person = obj if obj.pos_ == "PROPN" else child(obj, "appos", "compound")
        if person is None or person.pos_ != "PROPN":
            return False  # "signed a contract": the lexicon reads that
        self.add(self.reader.name_of(person), relation, self.reader.entity(subject), plan=plan)
        return True

    def members(self, verb: Token, subject: Token, plan: bool) -> bool:
        """ "took on two apprentices, dana and yerlan", "we have two cats, Mochi and Pufu":
        each name listed after a noun for whom or what the user has holds that role."""
        obj = child(verb, "dobj")
        if obj is None or obj.pos_ != "NOUN" or verb.lemma_ not in HAVING | CHOOSING:
            return False
        if subject.i != verb.i and subject.lower_ not in FIRST_PERSON:
            return False  # (a fragment's subject is its verb: "took on two apprentices")
        listed = [t for t in obj.subtree if t.dep_ in ("conj", "appos")]
        # (the parser may hang the list from the verb: "took on two interns, tomasz and greta")
        listed += [t for c in children(verb, "conj") for t in c.subtree if t.dep_ == "conj"]
        listed += [c for c in children(verb, "conj") if c.pos_ != "VERB"]
        names = [t for t in dict.fromkeys(listed) if looks_named(t)]
        # ("we keep one cow, Lakhi, and a dog called Tiger": a second thing named its own way)
        kinds = [(t, called(t)) for t in dict.fromkeys(listed) if t.pos_ == "NOUN" and called(t)]
        for kind, name in kinds:
            role = f"role:{self.reader.role(kind)}"
            self.add(self.reader.speaker, role, self.reader.name_of(name), plan=plan, multi=True)
        if not names:
            return bool(kinds)
        role = f"role:{self.reader.role(obj)}"
        # "a new chairman, Mr Phiri" takes the place of the one before; "an apprentice,
        # Ayoub" may join the others
        new = any(c.lower_ == "new" for c in children(obj, "amod"))
        sole = new and len(names) == 1 and obj.tag_ == "NN" and obj.lemma_ not in MULTI_ROLES
        for name in names:
            name = self.reader.name_of(name)
            self.add(self.reader.speaker, role, name, plan=plan, multi=not sole, sole=sole)
        return True

    def labelled_list(self, colon: Token) -> None:
        """ "private pupils at the moment: Bruno, Kasia and Femi", "kids: noor is 7 and sami
        is 4", "our dogs: a beagle called Pepper and ...": a plural noun set before a colon
        labels the names listed after it; each holds that role of the label's owner (the
        speaker when no one owns it). A list of things is read by `listed_things`."""
        label = list_label(colon)
        if label is None:
            return
        owner = self.reader.owner(label) or self.reader.speaker
        # ("committee: me, Mr Horváth and Tomáš": a group lists its members, as "the committee
        # is ..." does)
        group = label.lemma_.lower() in COLLECTIVES
        role = f"role:{label.lemma_.lower() if group else self.reader.role(label)}"
        hired = label.dep_ == "dobj" and label.head.lemma_ in ("hire", "employ", "recruit")
        if hired and label.lemma_.lower() in SOMEONE | {"people"}:
            role = "role:employee"  # "I hired two persons: Iñaki and Chloé"
        # of people or pets: "languages: English, Hindi" lists no one
        anyone = label.lemma_.lower() in ANIMATE
        plural = (label.tag_ == "NNS" or group) and label.lower_ not in NOT_LABELS
        # (a name no list knows is still a name where no English word is: "Pihla")
        listed = listed_names(colon, capitalised=anyone)
        names = [n for n in listed if anyone or is_first_name(n.text) or foreign(n)]
        if names and plural and not anyone:
            # ("Sponsors: Harbour Bakery, Kestrel Motors": firms, named in English words too)
            names = listed
        # one person's post, labelled: "Driver: Tomek.", "Commander: Zbigniew"
        post = not plural and (anyone or agent(label.lower_)) and len(names) == 1
        names = names if plural or post else []  # ("garden update: rosemary" names no one)
        for name in names:
            self.add(owner, role, self.reader.name_of(name), multi=not post, sole=post)
        if not names and not clause_after(colon):
            self.listed_things(colon, label, owner, role)
        elif plural and not post and (not anyone or label.lemma_.lower() in PATRONS):
            # ("Hotel Belval, Café Kinnen, and the theatre in Dudelange": things too)
            said = {n.i for n in names}
            for item in listed_things(colon):
                if not any(t.i in said for t in item):
                    self.add(owner, role, item.text, multi=True)

    def listed_things(self, colon: Token, label: Token, owner: str, role: str) -> None:
        """ "teach 3 classes: wheel, hand-building and raku": what the verb does to each
        item; "main clients: a hotel chain, ..." each holds the plural label's role;
        "my quiver: a longboard, a shortboard ..." each is had."""
        verb = label.head if label.dep_ == "dobj" else None
        if verb is not None and verb.lemma_ not in HAVING | {"own"}:
            relation = verb.lemma_.lower()
        elif label.tag_ == "NNS" and label.lower_ not in NOT_LABELS:
            relation = role
        else:
            relation = "has"
        items = listed_things(colon)
        if any(t.text[:1].isupper() and is_first_name(t.text) for t in items):
            return  # "my team: Ana, Rui and Marta" lists people, not things
        for item in items:
            self.add(owner, relation, item.text, multi=True)

    def ended_tie(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "Fábrica stopped the contract", "the gym ended our membership": a name that ends
        the tie it had with the speaker leaves whatever slot held it (a client, a gym)."""
        obj = child(verb, "dobj")
        if neg or plan or obj is None or obj.lemma_ not in TIES or subject.pos_ != "PROPN":
            return False
        if verb.lemma_ not in STOP_VERBS | LOSS_VERBS | {"end", "terminate", "break"}:
            return False
        poss = child(obj, "poss")
        others = [o for p, o in prep_objects(obj) + prep_objects(verb) if p == "with"]
        if (poss is not None and poss.lower_ not in ("our", "my")) or any(
            o.lower_ not in ("me", "us") for o in others
        ):
            return False  # "Ana ended her relationship with Tom" is not a tie to the speaker
        self.frames.append(Frame(self.reader.speaker, "", self.reader.value(subject), True))
        return True

    def lost(self, subject: Token) -> None:
        """ "Rex died", "the Lakshmi is gone": no longer had, by its owner ("his Pulsar
        finally died" is his loss, not the speaker's)."""
        owner = self.reader.owner(subject) if child(subject, "poss") is not None else None
        self.frames.append(
            Frame(owner or self.reader.speaker, "", self.reader.value(subject), True)
        )

    def parted_with(self, verb: Token, thing: Token) -> bool:
        """ "The Passat is sold", "ps5 sold.": no longer had by its owner (parted.py)."""
        gone = parted_thing(verb, thing)
        if gone is not None:
            self.lost(gone)
        return gone is not None

    def loss(self, verb: Token, subject: Token, plan: bool = False) -> bool:
        """ "We gave Tofu to my parents", "Rex died": a member leaves the owner's set."""
        if verb.dep_ == "ccomp" and verb.head.lemma_ in OPINION:
            return False  # "Mum thinks I've lost the plot": what someone thinks, no loss
        if plan:
            return False  # "we've decided to sell the Lakshmi": still ours until it is sold
        if self.parted_with(verb, subject):
            return True
        away = any(c.lower_ == "away" for c in verb.children)
        # "the f150's gone", "beam's gone": gone, not gone somewhere
        gone = verb.lower_ == "gone" and any(c.lemma_ == "be" for c in verb.children)
        gone = gone and not prep_objects(verb) and not child(verb, "advmod")
        fled = away and verb.lemma_ in ("run", "pass", "fly")
        if verb.lemma_ in ("die", "pass") or gone or fled:
            self.lost(subject)
            return True
        buried = child(verb, "dobj") if verb.lemma_ == "bury" and verb.tag_ == "VBD" else None
        if buried is not None and (buried.pos_ in ("PROPN", "PRON") or child(buried, "poss")):
            # "Oyen got hit by a car :( we buried him": one buried is dead; "him" is the
            # last one named as a clause's subject
            if buried.pos_ != "PRON":
                self.lost(buried)
                return True
            before = buried.doc[: buried.i]
            named = [t for t in before if t.dep_ in SUBJECTS and t.pos_ == "PROPN"]
            if named:
                self.frames.append(
                    Frame(self.reader.speaker, "", self.reader.value(named[-1]), True)
                )
            return True
        if verb.tag_ in ("VBZ", "VBP") and not done_now(verb):
            return False  # "I sell char kway teow", "she gives lessons": a habit, no loss
        put_down = verb.lemma_ == "put" and put_to_death(verb)
        if verb.lemma_ not in LOSS_VERBS and not put_down:  # ("had to put Waylon down")
            return False  # "Karim runs a spice stall" loses nothing
        if put_down and children(verb, "auxpass"):  # "our old dog Rua had to be put down"
            self.frames.append(Frame(self.reader.speaker, "", self.reader.entity(subject), True))
            return True
        obj = child(verb, "dobj")
        job = obj is not None and obj.lemma_ in GENERIC_OBJECTS and verb.lemma_ == "give"
        if job and self.left_thing(verb, subject, obj, False):
            return True  # "gave up her job at the bookstore"
        if verb.lemma_ in HANDED_BACK and (obj is None or obj.lemma_.lower() in GIVEN_EVENTS):
            return False  # "returned from Paris", "returned my call": nothing had is gone
        if obj is None or obj.lemma_ == "way":  # "we parted ways with Northwind"
            obj = next((o for p, o in prep_objects(verb) if p in ("with", "from", "of")), None)
        as_role = any(p == "as" for p, _ in prep_objects(verb))
        if obj is not None and obj.lower_ == "them" and as_role:
            # "the jazz festival is cancelled ..., so we've lost them as a client": the one
            # the sentence spoke of, whose place as a client ends
            spoken = [t for t in verb.doc[verb.sent.start : verb.i] if t.dep_ in SUBJECTS]
            spoken = [t for t in spoken if t.pos_ in ("NOUN", "PROPN")]
            obj = spoken[-1] if spoken else None
        if obj is not None and obj.lower_ == "it":
            obj = said_before(verb)  # "got rid of the sony!! sold it to a student"
        if obj is None or is_time(obj):
            return False
        if verb.lemma_ == "give" and obj.lemma_.lower() in GIVEN_EVENTS:
            return False  # "Shathi gave birth to a boy", "gave a talk": nothing was had
        named = [c for c in obj.children if c.dep_ == "compound" and c.pos_ == "PROPN"]
        obj = named[-1] if obj.pos_ == "NOUN" and named else obj  # "my Netflix subscription"
        given = child(verb, "dative")
        if given is not None and given.lower_ in ("me", "us"):
            return True  # "Hemi's mum gave us her old dog": ours now (animals.py), not lost
        if obj.lower_ in ("me", "us") and verb.lemma_ != "give":
            # "Burleigh Tire dropped us", "he left me": who drops the speaker is no longer
            # one of theirs, and someone may take their place ("X stepped in")
            gone = thing_phrase(subject, self.reader.entity(subject))  # ("a brewery in X")
            self.frames.append(Frame(self.reader.speaker, "", gone, True))
            self.reader.leavers.append(gone)
            return True
        lost = thing_phrase(obj, self.reader.value(obj))  # ("lost the theatre in Roeselare")
        self.frames.append(Frame(self.reader.entity(subject), "", lost, True))
        return True


# Verbs that lose a thing only when they take it as their object ("returned the honda").
HANDED_BACK = {"return", "surrender"}
# What is given without being had before: "give" then only names the act.
GIVEN_EVENTS = {"birth", "talk", "speech", "presentation", "lecture", "advice", "hand", "ride"}
GIVEN_EVENTS |= {"lift", "chance", "try", "call", "hug", "update", "tour", "interview", "notice"}

# chat words before a colon that label nothing ("my quiver lol:", "garden update:")
NOT_LABELS = {"lol", "haha", "lmao", "update", "updates", "news", "list", "moment", "now"}


def list_label(colon: Token) -> Token | None:
    """The noun that labels a list after a colon: the last one before it in its sentence
    ("3 baristas" after "I own a coffee place in Lviv,"; "quiver" in "my quiver lol:")."""
    before = [t for t in colon.sent if t.i < colon.i]
    comma = next((t.i for t in before if t.text == ","), None)
    if comma is not None and comma + 1 < colon.i and colon.doc[comma + 1].pos_ == "SCONJ":
        # "The goats, since you'll hear about them a lot: ...": an aside before the colon
        before = [t for t in before if t.i < comma]
    # ("Committee: me, ...": a noun opening the message, capitalised, read as a name)
    nouns = [t for t in before if t.pos_ == "NOUN" or opening_noun(t)]
    nouns = [t for t in nouns if not is_time(t)]  # ("6 years. Commander: Zbigniew")
    # "garden update:" labels nothing but what is had
    label = next((t for t in reversed(nouns) if t.lower_ not in NOT_LABELS), None)
    label = label or (nouns[-1] if nouns else None)
    if label is None:
        return None
    counted = label.dep_ in SUBJECTS and child(label, "nummod") is not None
    # ("my birds rn:": chat's "right now" is read as a verb)
    verbs = [t for t in before if t.i > label.i and t.lower_ not in ("rn", "atm")]
    if any(t.pos_ in ("VERB", "AUX") for t in verbs) and not counted:
        # "I told them what I want: ..." is no label; "3 kids are placed with us: ..." is
        return None
    if any(t.dep_ in SUBJECTS and t.head == label for t in before):
        return None
    return label


def opening_noun(token: Token) -> bool:
    return token.i == token.sent.start and token.pos_ == "PROPN" and token.lower_ in english_nouns()


def foreign(token: Token) -> bool:
    return token.pos_ == "PROPN" and token.lower_ not in english_words()


def listed_names(colon: Token, *, capitalised: bool = False) -> list[Token]:
    """The names an item of the list after a colon starts with: "Bruno, Kasia and Femi";
    "noor is 7 and sami is 4"; not a name inside an item ("a beagle from Lyon"). With
    `capitalised` (a list of pets or people), a capitalised word is a name too ("goats:
    Hazel, Bramble and Clover", which the tagger reads as adjectives)."""
    items = []
    for token in colon.doc[colon.i + 1 :]:  # (the parser often starts a sentence after it)
        if token.text in (".", "!", "?", ";", "\n"):
            break
        items.append(token)
    names = []
    for token in items:
        named = looks_named(token) or (
            capitalised and token.text[:1].isupper() and token.pos_ in ("NOUN", "ADJ", "ADV")
        )
        if not named or token.dep_ in ("compound", "pobj", "poss", "amod"):
            continue
        # (an item's first word may be a title or a word said of the name: "Mrs Nagy",
        # "young Pim")
        # (the colon itself may hang on the first name: "a lot: Dolly, Peck and Mabel")
        # (only the words right before it in its own phrase: a name at the root of the
        # parse has the label itself in its subtree, "Regular clients: Hotel Belval, ...")
        inside = {t.i for t in token.subtree if not t.is_punct}
        start = token.i
        while start - 1 in inside:
            start -= 1
        if start == colon.i + 1 or token.doc[start - 1].text in (",", "and", "&"):
            names.append(token)  # the first word of an item
        elif token.doc[token.i - 1].lower_ in ("called", "named"):
            names.append(token)  # "a beagle called Pepper"
    return names


def apposed_name(thing: Token) -> Token | None:
    """ "a retired greyhound, Lola, she ...": a name set off by commas right after the
    phrase names it, wherever the parser hung it (an adverb, a modifier of the next verb)."""
    doc = thing.doc
    i = thing.right_edge.i + 2
    if i >= len(doc) or doc[i - 1].text != "," or is_time(doc[i]):
        return None  # "a meeting, Tuesday"
    name = doc[i]
    if name.pos_ != "PROPN" and not (name.text[:1].isupper() and is_first_name(name.text)):
        return None
    return name if i + 1 == len(doc) or doc[i + 1].is_punct else None


def name_apposed(thing: Token) -> Token | None:
    """The name set beside a thing had ("a retired greyhound, Lola", "a second cat, a grey
    boy called Fulgi"), not a word on it ("a 2014 silverado, 180k km")."""
    found = child(thing, "appos")
    if found is None or any(t.like_num for t in found.subtree):
        return None
    if found.pos_ == "PROPN" or found.text[:1].isupper():
        return found
    # "a second cat, a grey boy called Fulgi": a word for it, and its name
    return found if naming_clause(found) else None


def naming_clause(token: Token) -> bool:
    """Whether a clause names the word: "a grey boy called Fulgi", "a dog named Rex"."""
    return any(a.lemma_ in NAMING_VERBS for a in children(token, "acl"))

"""What a copula says: "my manager is Daniel", "I'm allergic to penicillin", "Ana is in
Porto", "I'm at Unbabel", "the flat is me, Giulia and Marco". A part of
memory.nlp.frames.SentenceFrames, kept apart for its size."""

from dataclasses import replace

from memory.nlp.endings import unknown_word
from memory.nlp.holdings import PATRONS, Frame, looks_named
from memory.nlp.homes import HOMES, home_place
from memory.nlp.intro import agent
from memory.nlp.lists import listed_things
from memory.nlp.marks import NOW_ADVERBS, held_before
from memory.nlp.members import (
    conjuncts,
    counted_names,
    group_members,
    names_with_their_part,
    run_on_names,
    thing_phrase,
)
from memory.nlp.parse import Token, child, children
from memory.nlp.posts import edge_of_spell
from memory.nlp.predicates import TIME_UNITS, listed_gender, negated, title_gender
from memory.nlp.pronouns import name_like
from memory.nlp.reader import (
    ANIMATE,
    FIRST_PERSON,
    GENERIC_OBJECTS,
    PEOPLE,
    Reader,
    called,
    contrastive,
    is_time,
    lexicon_reading,
    prep_objects,
)
from memory.nlp.words import COLLECTIVES, STAFF

# What a role is held as: "the new captain", "the acting head"; and what describes whoever
# holds it instead ("the first woman guide", "the only nurse").
HELD_NOW = {"new", "current", "acting", "interim", "present"}
# A rank before a post makes it one post of a team, said bare: "Dwayne is chief pilot".
RANKS = {"chief", "head", "vice", "deputy"}
ORDINALS = {"first", "second", "third", "last", "only", "best", "youngest", "oldest"}
FAVOURITE = {"favourite", "favorite", "fave", "fav", "favourites", "favorites"}


class CopulaFrames:
    """What SentenceFrames reads of a copula and its complement."""

    reader: Reader
    frames: list[Frame]

    def group_listed(self, subject: Token, attr: Token, plan: bool) -> bool:
        """ "the carers this month are Precious and Kyle", "crew is me, Rob and Kyle", "started
        a team with the lads. It's me, Sunil and Kofi": each person listed after a group of the
        speaker's (unowned, it is still theirs) is one of that group; the speaker, listed too,
        is not their own member."""
        if subject.lower_ in ("it", "that"):  # the group the message named just before
            before = [t for t in subject.doc[: subject.i] if t.lemma_.lower() in COLLECTIVES]
            subject = before[-1] if before else subject
        noun = subject.lemma_.lower()
        members = group_members(attr)
        others = [m for m in members if m.lower_ not in FIRST_PERSON]
        # ("the regulars are Algis, Rūta and Pavel": a plural word no list has, for people
        # when those listed are names, two at least known as someone's by name or title;
        # "our guild is me, Kenji and Lucía": any word, with the speaker among them)
        known = [m for m in others if _someone(m)]
        named = len(known) >= 2 and all(m.pos_ == "PROPN" or m in known for m in others)
        people = noun in PEOPLE | STAFF or agent(noun) or named
        with_me = named and len(others) < len(members)
        group = noun in COLLECTIVES or subject.tag_ == "NNS" and people or with_me
        determiner = child(subject, "det", "poss")
        ours = ("the", "my", "our", "a", "an") if subject.i < attr.i - 2 else ("the", "my", "our")
        if not group or determiner is not None and determiner.lower_ not in ours:
            return False
        if not members:
            return False
        # (a team is asked by its noun: "five-a-side team" is "the team")
        role = noun if noun in COLLECTIVES else self.reader.role(subject)
        counted = counted_names(attr, others)
        for member in others:
            value = self.reader.value(member)
            for name in counted.get(member.i) or run_on_names(member) or [value]:
                self.add(self.reader.speaker, f"role:{role}", name, plan=plan, multi=True)
            for place in (o for p, o in prep_objects(member) if p == "from"):
                self.add(value, "be_from", self.reader.value(place))  # "Kenji from Sapporo"
        return True

    def things_listed(self, verb: Token, subject: Token, plan: bool) -> bool:
        """ "our regular customers are the hotel in Ostend, an antiques dealer called Mrs
        Verhaeghe and the theatre in Roeselare": a plural word for things, or for those one
        works for, lists each item said after the verb, read off the words (the parser hangs
        such lists anywhere, the owner's role too)."""
        noun = subject.lemma_.lower()
        if subject.tag_ != "NNS" or subject.i > verb.i or noun in ANIMATE and noun not in PATRONS:
            return False
        owned = self.owned_role(subject)
        items = [i for i in listed_things(verb) if any(t.pos_ in ("NOUN", "PROPN") for t in i)]
        if owned is None or len(items) < 2:
            return False
        for item in items:
            self.add(owned[0], owned[1], item.text, plan=plan, multi=True)
        return True

    def now_it_is(self, verb: Token, subject: Token, attr: Token) -> bool:
        """ "I was on amlodipine and now it's ramipril": "it" is the slot the clause before
        filled; the new value holds it now and the one before is past."""
        if subject.lower_ not in ("it", "that") or attr.pos_ not in ("NOUN", "PROPN"):
            return False
        denied = [f for f in self.frames if f.negated and f.value and not f.plan]
        if denied and contrasted(verb):
            # "the new in-charge is not Nyaboke, it is Sister Moraa": what "it" is, is what
            # the clause before denied the slot was
            last = denied[-1]
            sole = last.relation.startswith("role:")
            self.add(last.subject, last.relation, self.reader.value(attr), sole=sole)
            return True
        if verb.dep_ != "conj" or not any(c.lower_ == "now" for c in verb.children):
            return False
        before = [f for f in self.frames if f.value and not f.negated and not f.plan]
        before = [f for f in before if f.relation not in ("is", "age", "has")]
        if not before:
            return False
        last = before[-1]
        self.frames[self.frames.index(last)] = replace(last, past=True)
        self.add(last.subject, last.relation, self.reader.value(attr))
        return True

    def title_held(self, verb: Token, subject: Token, attr: Token, neg: bool, plan: bool) -> None:
        """ "Pani Nowak is not administrator anymore", "Emmanuel is the new captain": a role
        said of someone named, with "the" or bare and of no one's, is the speaker's, which
        they hold or left (and "the new one" after it is that role). Bare and neither ended
        nor dated, it says what they are ("he is widower"), no role."""
        article = child(attr, "det")
        # ("his nephew Yeison is the foreman": the one named beside who they are to someone)
        apposed = [a for a in children(subject, "appos") if a.pos_ == "PROPN"]
        subject = apposed[0] if subject.pos_ == "NOUN" and apposed else subject
        # (a post in lower case the tagger took for a name is a noun: "deputy cox")
        noun = attr.tag_ == "NN" or attr.tag_ == "NNP" and attr.is_lower
        if not (subject.pos_ == "PROPN" or name_like(subject)) or not noun:
            return
        if child(attr, "poss") is not None:
            return
        if any(c.dep_ in ("relcl", "acl") or c.lower_ in ORDINALS for c in attr.children):
            return  # "the first woman guide we hired" describes her
        dated = any(c.lower_ in HELD_NOW | RANKS for c in attr.lefts) or any(
            c.lower_ in NOW_ADVERBS for c in verb.children
        )
        if prep_objects(attr) or lifeless(attr) and not (a_person(subject) or dated):
            return  # ("Lisbon is the capital")
        if article.lower_ != "the" if article is not None else not (neg or dated):
            return
        self.reader.last_role = self.reader.speaker, f"role:{self.reader.role(attr)}"
        # "the new captain", "chief pilot"; bare, as said: "not administrator"
        sole = article is not None or any(c.lower_ in RANKS for c in attr.lefts)
        self.add(
            *self.reader.last_role, self.reader.entity(subject), negated=neg, plan=plan, sole=sole
        )

    def back_on(self, verb: Token, subject: Token, plan: bool) -> bool:
        """ "he's back on deliveries from this week": a duty done again, and so no longer by
        whoever did it meanwhile (pipeline.duties)."""
        if not any(c.lower_ == "back" for c in verb.children):
            return False
        duty = next((o for p, o in prep_objects(verb) if p == "on"), None)
        if duty is None or duty.pos_ != "NOUN" or is_time(duty) or lifeless(subject):
            return False
        self.add(self.reader.entity(subject), "do", self.reader.value(duty), plan=plan, sole=True)
        return True

    def belongs(self, subject: Token, attr: Token, neg: bool, plan: bool) -> bool:
        """ "The blue room is Miss Nowak's now", "the red car was Tom's": the thing is had by
        the one whose it is said to be."""
        owned = any(c.tag_ == "POS" for c in attr.children) and subject.pos_ == "NOUN"
        if not owned or not (attr.pos_ == "PROPN" or name_like(attr)):
            return False
        whose = self.reader.name_of(attr)
        self.add(whose, "has", self.reader.value(subject), negated=neg, plan=plan)
        return True

    def copula(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        if edge_of_spell(subject):
            return True  # "Kyle's last day was friday": read as a spell (persons.py)
        attr = child(verb, "attr", "acomp") or stranded_name(verb)
        # "from next week my coach is Tom": a fronted phrase leaves the parser two subjects
        # and no complement; the one after the verb is the complement
        doubled = children(verb, "nsubj")
        if attr is None and len(doubled) == 2 and doubled[0].i < verb.i < doubled[1].i:
            if subject == doubled[1]:
                return True  # read with the first subject
            attr = doubled[1]
        reader = self.reader
        if attr is not None and attr.lower_ in ("what", "who"):
            return False
        wrong = attr is not None and attr.i and contrastive(attr.doc[attr.i - 1])
        if attr is not None and (child(attr, "neg") or wrong) and prep_objects(verb):
            attr = None  # "he's from Mafra, not Sintra": the wrong value, not the predicate
        if self.home(verb, subject, attr, neg, plan):
            return True
        if attr is None and not neg and self.back_on(verb, subject, plan):
            return True
        if attr is not None and self.belongs(subject, attr, neg, plan):
            return True
        if attr is not None and not neg and self.now_it_is(verb, subject, attr):
            return True
        if attr is not None and self.age(attr, subject, neg):
            return True
        if attr is not None and self.own_name(attr, subject, neg):
            return True
        if attr is not None and not neg and self.group_listed(subject, attr, plan):
            return True
        if attr is not None and not neg and self.things_listed(verb, subject, plan):
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
            if attr.lower_ == "gone" and not neg and not plan and subject.pos_ == "PROPN":
                self.lost(subject)  # "Lakshmi is gone, the buyer took her away"
                return True
            someone = subject.lower_ in ("he", "she") and reader.pronoun(subject.lower_)
            if attr.lower_ == "gone" and not neg and not plan and someone:
                # "Leo's family moved to great falls so he's gone": out of the user's life,
                # and someone may take his place ("juniper took over the hawks")
                self.frames.append(Frame(reader.speaker, "", someone, True))
                reader.leavers.append(someone)
                return True
            # "Dad is retired", "I'm not married": the state is its verb's slot, as "dad
            # retired last year" says it.
            entity = reader.entity(subject)
            self.add(entity, attr.lemma_.lower(), "", negated=neg, plan=plan)
            return True
        named = child(subject, "appos") is not None  # "My brother Tom is a teacher"
        if attr is not None:
            # "My manager is Daniel", "my dog's name is Rex", "Daniel is my manager".
            owned = None if named else self.owned_role(subject)
            # (a name the tagger took for an adjective is a name: "is not Nyaboke")
            name = attr.pos_ == "PROPN" or called(attr) is not None or name_like(attr)
            bare = subject.tag_ in ("NN", "NNS") and not is_time(attr)
            # (one holder: "the captain is Baraka", or a change said "now": "my captain is
            # Juma now")
            sole = the_holder(subject, attr) or any(c.lower_ == "now" for c in verb.children)
            bare = bare and (child(subject, "det") is None or sole)
            # ("Saoirse is our new cox": an owned word is the role, whatever its tag)
            if owned is None and name and bare and child(attr, "poss") is None:
                # Chat drops the "my": "landlord is Mr. Tavares", "singer is Filipa".
                owned = reader.speaker, f"role:{reader.role(subject)}"
            if owned and described(attr) and subject.lemma_.lower() in PEOPLE:
                owned = None  # "my dad is a retired miner": what he is, not his name
            # "my cat is sick", "Ana's wedding was lovely": how, not who; a favourite is
            # what it is ("my favourite colour is green")
            favourite = any(c.lower_ in FAVOURITE for c in subject.lefts)
            if owned and attr.pos_ == "ADJ" and not name and not favourite:
                owned = None
            if owned:
                # "my maid of honour is my cousin Beatriz": the name, not the relation
                value = reader.entity(attr) if child(attr, "appos") is not None else None
                value = value or reader.value(attr)
                # "My clients are Lidl and Vodafone": each listed name holds the role.
                # ("dara, ines and a lad called tomasz": each joined to the one before)
                listed = [c for c in conjuncts(attr) if c.pos_ == "PROPN" or called(c) is not None]
                # ("are wyatt for the foxes, maya for the ravens and leo for the hawks")
                listed = listed or names_with_their_part(attr)
                run_on = run_on_names(attr)
                multi = bool(listed or run_on)
                kw = {"past": True} if held_before(subject) else {"plan": plan, "multi": multi}
                for each in run_on or [value]:
                    self.add(owned[0], owned[1], each, negated=neg, sole=sole, **kw)
                for other in listed:
                    other = called(other) or other
                    said = thing_phrase(other, reader.value(other))
                    if other.pos_ == "PROPN" and not other.is_lower:
                        said = said[:1].upper() + said[1:]  # ("... and leo for the hawks")
                    self.add(owned[0], owned[1], said, negated=neg, multi=multi)
                return True
            owned = self.owned_role(attr)
            # ("Tamsin is my boss now": the tagger may take a name it does not know for a noun)
            if owned and (subject.pos_ in ("PROPN", "PRON") or named or looks_named(subject)):
                self.add(owned[0], owned[1], reader.entity(subject), negated=neg, plan=plan)
                return True
            self.title_held(verb, subject, attr, neg, plan)
        found = lexicon_reading(*self.lemmas(verb))
        if found is not None and found.relation not in ("is_called",):
            self.from_lexicon(verb, subject, found, neg, plan)
            return True
        if attr is not None:
            entity = reader.entity(subject)
            self.add(entity, "is", reader.kind(attr), negated=neg, plan=plan, multi=True)
            # "a teacher in Cardiff", "a dev at Feedzai" (the parser may hang the place off
            # the verb: "I'm a florist in Soweto, i sell ...")
            places = [(p, o) for p, o in prep_objects(verb) if o.pos_ == "PROPN"]
            # ("i'm an accountant at a mid-size firm", the firm hung on "'m": where one works)
            job = attr.pos_ == "NOUN" and agent(attr.lower_)
            places += [
                (p, o) for p, o in prep_objects(verb) if job and p == "at" and o.pos_ == "NOUN"
            ]
            # (and deeper, where the tagger broke the attribute up: "a whale watching guide
            # in Ponta Delgada" is read as "a whale" that watches a guide in Ponta Delgada)
            inner = [t for t in attr.subtree if t != attr and t.dep_ != "pobj"]
            places += [
                (p, o) for t in inner for p, o in prep_objects(t) if p == "in" and o.pos_ == "PROPN"
            ]
            for prep, obj in prep_objects(attr) + places:
                if is_time(obj) or obj.lemma_.lower() in TIME_UNITS:
                    continue  # "a joiner, for fifteen years": how long, not where
                relation = self.place_relation(prep, obj)
                if prep in ("at", "for", "with") and obj.pos_ == "PROPN":
                    relation = "works_for"  # a job at a name, whatever kind of name NER saw
                self.add(entity, relation, reader.value(obj), negated=neg, plan=plan)
            if not neg:  # "a nurse at the hospital in Tamale": the town one works in
                self.work_town(attr, entity, plan)
            for acl in children(attr, "acl"):  # "an irish guy living in Berlin"
                homes = [o for p, o in prep_objects(acl) if p == "in" and not is_time(o)]
                if acl.lemma_ in ("live", "base") and homes:
                    self.add(entity, "lives_in", reader.value(homes[0]), negated=neg, plan=plan)
            return True
        # ("I am back in Pokhara with my wife": the place hangs from "back", and is where one
        # is, more than whom one is with)
        places = prep_objects(verb) + [
            po
            for c in verb.children
            if c.dep_ == "advmod" or c.dep_ == "prep" and c.lower_ in ("off", "away")
            for po in prep_objects(c)
        ]  # ("she's off to Paris": the parser may make "off" a preposition)
        # ("she is off to Buenos Aires in March", "the wedding is here in kozhikode in
        # december": a town before when; "the wedding is on 14 December at a hall" is when)
        named = any(p in ("to", "in") and not is_time(o) and town_like(o) for p, o in places)
        places = sorted(places, key=lambda po: (po[0] == "with", named and is_time(po[1])))
        # "Sofia is with us since Sunday": living with the user now (not "Mwila has been
        # with me since 2016", years on a ward)
        now = verb.tag_ in ("VBZ", "VBP") and not children(verb, "aux")
        with_us = any(p == "with" and o.lower_ in ("us", "me") for p, o in places)
        if with_us and now and not neg and not lifeless(subject):
            entity = reader.entity(subject)
            if entity != reader.speaker:
                self.add(reader.speaker, "role:housemate", entity, multi=True, plan=plan)
                return True
        if places:
            prep, obj = places[0]
            relation = self.place_relation(prep, obj)
            if prep == "to" and obj.pos_ == "PROPN" and not neg:
                # "she's off to Buenos Aires", "I'm off to Lisbon next week": going there
                plan = plan or verb.tag_ in ("VBZ", "VBP")
            home = home_place(obj) if prep == "in" and obj.lemma_.lower() in HOMES else None
            if home is not None:  # "we're in the flat in al dahariz": where we live
                obj, relation = home, "lives_in"
            entity = reader.entity(subject)
            owner = reader.owner(subject) if child(subject, "poss") is not None else None
            if subject.lemma_.lower() in GENERIC_OBJECTS and owner:
                entity = owner  # "his job is at the province": where he works
            elif relation == "lives_in" and lifeless(subject):
                relation = "be_in"  # "his school is in Nyamagana": a thing lives nowhere
            denied = [f for f in self.frames if f.negated and f.relation == relation]
            if subject.lower_ == "it" and denied and contrasted(verb):
                entity = denied[-1].subject  # "it's not on Monday, it's on Tuesday"
            self.add(entity, relation, reader.value(obj), negated=neg, plan=plan)
            return True
        return False

    def place_relation(self, prep: str, obj: Token) -> str:
        """ "I'm at Unbabel" is where I work; "Ana is in Porto" is where she lives."""
        if is_time(obj):
            return f"be_{prep}"
        if prep == "to" and obj.pos_ == "PROPN":
            return "travels_to"
        if prep == "as" and agent(obj.lower_):
            return "works_as"  # "he's freelancing as an accountant"
        company = prep == "with" and obj.lemma_.lower() in PEOPLE | {"people", "person"}
        if prep in ("at", "with", "for") and not company:  # ("a godsend with the kids")
            return "works_for"
        if prep == "in" and (obj.pos_ == "PROPN" or obj.text[:1].isupper()):
            return "lives_in"  # (the tagger calls some towns nouns: "a nurse in Leeds")
        return f"be_{prep}"


def town_like(token: Token) -> bool:
    """A name, or a word in lower case English does not have ("in kozhikode")."""
    return token.pos_ == "PROPN" or unknown_word(token)


def stranded_name(verb: Token) -> Token | None:
    """ "new foreman is Piotr, younger guy, seems alright": the parser makes the name the
    subject of the clause after it and leaves "is" with no complement; the name right
    after the copula is its complement."""
    after = verb.doc[verb.i + 1] if verb.i + 1 < len(verb.doc) else None
    if after is None or after.pos_ != "PROPN" or after.dep_ not in ("nsubj", "nsubjpass"):
        return None
    clause = after.head
    return after if clause.dep_ in ("ccomp", "conj", "advcl") and clause.head == verb else None


def the_holder(role: Token, name: Token) -> bool:
    """ "the organist is old Des Kerr", "the head is mr joensen": a role said with "the" and
    held by someone named is the speaker's, like one said bare ("landlord is Mr. Tavares");
    "the capital is Oslo" names no one."""
    article = child(role, "det")
    if article is None or article.lower_ != "the" or not (name.pos_ == "PROPN" or name_like(name)):
        return False
    dated = any(c.lower_ in HELD_NOW for c in role.lefts)  # "the new in-charge"
    return not lifeless(role) or dated or a_person(name)


def contrasted(verb: Token) -> bool:
    """Whether a copula follows a denied one in its sentence ("X is not A, it is B")."""
    before = [c for c in verb.children if c.dep_ in ("ccomp", "conj", "parataxis") and c.i < verb.i]
    if verb.dep_ in ("conj", "parataxis") and verb.head.i < verb.i:
        before.append(verb.head)
    return any(c.lemma_ == "be" and negated(c) for c in before)


def a_person(name: Token) -> bool:
    """A name said with a title or a first name the names list knows."""
    said = " ".join(t.text for t in [*(t for t in name.lefts if t.dep_ == "compound"), name])
    return bool(title_gender(said) or listed_gender(said))


def described(attr: Token) -> bool:
    """An attribute said with "a"/"an" ("a retired miner") says what someone is, not who."""
    article = child(attr, "det")
    indefinite = article is not None and article.lower_ in ("a", "an")
    return attr.pos_ == "NOUN" and indefinite and called(attr) is None


def lifeless(token: Token) -> bool:
    """A thing, not someone: "his school" (not "my teacher", "the dog")."""
    lemma = token.lemma_.lower()
    return token.pos_ == "NOUN" and lemma not in ANIMATE and not agent(lemma)


def _someone(token: Token) -> bool:
    said = token.text if token.dep_ != "appos" else token.head.text
    return bool(listed_gender(said) or title_gender(f"{child(token, 'compound') or ''} {said}"))

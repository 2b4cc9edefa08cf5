"""What a sentence says of people: their names and ages, the people the user lives with,
and where they work when a job is named anywhere in it. A part of
memory.nlp.frames.SentenceFrames, kept apart for its size."""

import re

from memory.nlp.casing import english_words, is_first_name
from memory.nlp.holdings import Frame
from memory.nlp.intro import agent
from memory.nlp.parse import Token, child, children
from memory.nlp.posts import BUSINESSES
from memory.nlp.reader import (
    ANIMATE,
    GENERIC_OBJECTS,
    Reader,
    called,
    is_time,
    listed_gender,
    prep_objects,
)
from memory.nlp.words import NUMBER_NAMES, PEOPLE

LIVING = {"live", "flat", "share", "rent", "stay"}
# Places of work a job is had in, named by their kind ("a job in a sushi shop").
WORKPLACES = BUSINESSES | {"hospital", "clinic", "bank", "hotel", "factory", "warehouse"}
WORKPLACES |= {"supermarket", "pharmacy", "kitchen", "library", "call", "centre", "center"}
# what one is doing where one lives, said after one's name ("residing in Mysuru")
HOMING = {"live", "reside", "base", "stay", "settle"}
SOON = {"finally", "already", "just", "officially"}  # said of a move in, not where to


def age_beside(name: Token) -> str:
    """ "Leo who's 7 and Maria who's 4", "eirik (9)", "aysel 10 and murad 6": a number right
    after a person's first name is their age, however the parser attached it."""
    if name.pos_ != "PROPN" or not (listed_gender(name.text) or _introduced(name)):
        return ""
    after = [t for t in name.doc[name.i + 1 : name.i + 4] if t.text not in ("(", ",")]
    if after[:2] and after[0].lower_ == "who" and after[1].lemma_ == "be":
        after = after[2:]  # "who's 7"
    if not after or not after[0].text.isdigit() or not 0 < int(after[0].text) < 110:
        return ""
    following = after[0].doc[after[0].i + 1] if after[0].i + 1 < len(name.doc) else None
    if following is not None and following.pos_ == "NOUN" and following.lemma_ != "year":
        return ""  # "Ana 3 times a week", "Rui 2 kids": a count of something else
    return after[0].text


def _introduced(name: Token) -> bool:
    """ "an apprentice, Tayla, 17, from Uralla", "my new apprentice is Tayla, 17": a name
    given to someone who holds a role, with a number set off by commas after it."""
    if not any(c.dep_ == "appos" and c.tag_ == "CD" for c in name.children):
        return False
    held = name.head if name.dep_ == "appos" else child(name.head, "nsubj")
    if name.dep_ not in ("appos", "attr") or held is None or held.pos_ != "NOUN":
        return False
    return held.lemma_.lower() in ANIMATE or agent(held.lower_)


def origin_beside(name: Token) -> Token | None:
    """ "Tayla, 17, from Uralla": where someone comes from, said after their age (call it
    where age_beside() found one)."""
    # (the parser may hang the place on the age: "Bob, 23, from Leeds")
    ages = [c for c in name.children if c.dep_ == "appos" and c.tag_ == "CD"]
    places = [o for t in (name, *ages) for p, o in prep_objects(t) if p == "from"]
    places = [o for o in places if o.pos_ == "PROPN"]
    return places[0] if places else None


def job_beside(number: Token) -> Token | None:
    """ "I'm 34, a nurse at the county hospital", "im 41, bus driver in leeds": the job said
    right after one's age, however the parser hung it."""
    near = [*number.children, *number.head.children]
    for token in near:
        if token.i > number.i and token.dep_ in ("appos", "dep", "npadvmod", "conj"):
            if token.pos_ == "NOUN" and agent(token.lower_):
                return token
    return None


def said_of(subject: Token) -> list[Token]:
    """Whom a relative "who" stands for: the noun it hangs from, or the names beside that
    noun ("the twins Lucía and Martina, who are 11"); `subject` itself otherwise."""
    if subject.lower_ not in ("who", "that") or subject.head.dep_ != "relcl":
        return [subject]
    noun = subject.head.head
    names = [a for a in children(noun, "appos") if a.pos_ == "PROPN"]
    names += [c for n in names for c in children(n, "conj") if c.pos_ == "PROPN"]
    return names or [noun]


class PersonFrames:
    """What SentenceFrames reads of people."""

    reader: Reader
    frames: list[Frame]

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        raise NotImplementedError  # SentenceFrames.add

    def own_name(self, attr: Token, subject: Token, neg: bool) -> bool:
        """ "I'm Callum": the speaker's name, by which they may speak of themselves."""
        if subject.lower_ != "i" or attr.pos_ != "PROPN" or neg:
            return False
        if any(prep != "from" for prep, _ in prep_objects(attr)):
            return False  # ("I'm Elena from Ohrid": where from is read by its own frame)
        name = self.reader.name_of(attr)
        first = name.split()[0]
        # a name the list may not know ("I am Rasa"), but no word ("I'm Canadian")
        known = is_first_name(first) or first.lower() not in english_words()
        if not known or len(name.split()) > 2:
            return False  # "I'm Canadian", "I'm Team Mies"
        self.add(self.reader.speaker, "is_called", name)
        # "I'm Elena from Ohrid"; "I'm Nahuel, 31, from Salta" (the parser hangs that "from"
        # and the age on the verb or the name)
        verb = attr.head
        places = [*prep_objects(attr), *((p, o) for p, o in prep_objects(verb) if p == "from")]
        # ("im kayla, hygienist at bright smiles": the parser may hang the job on the verb)
        loose = [d for d in children(verb, "dep", "conj") if d.i > attr.i and agent(d.lower_)]
        for noun in [*children(attr, "appos"), *loose]:  # "I'm Ana, a nurse from Porto"
            if noun.pos_ == "NOUN" and not child(noun, "nummod"):  # "Tom, 3 kids": no job
                self.add(self.reader.speaker, "is", self.reader.kind(noun), multi=True)
                places += [(p, o) for p, o in prep_objects(noun) if p == "from"]
                for _, place in ((p, o) for p, o in prep_objects(noun) if p in ("at", "for")):
                    self.add(self.reader.speaker, "works_for", self.reader.value(place))
        for _, place in places:
            if not is_time(place):
                self.add(self.reader.speaker, "be_from", self.reader.value(place))
        ages = [*children(attr, "appos"), *children(verb, "npadvmod")]
        age = next((t for t in ages if t.text.isdigit() and 0 < int(t.text) < 110), None)
        if age is not None:
            self.add(self.reader.speaker, "age", age.text)
        self.introduced(attr)
        self.reader.aliases.add(name)
        return True

    def introduced(self, name: Token) -> None:
        """What is said of oneself after one's name: "I am K. Venkataramana, ..., aged 71
        years, residing in Mysuru"."""
        for acl in children(name, "acl"):
            if acl.lemma_ in HOMING:
                for prep, place in prep_objects(acl):
                    if prep == "in" and not is_time(place):
                        self.add(self.reader.speaker, "lives_in", self.reader.value(place))
            number = next((t for t in acl.subtree if t.like_num and t.text.isdigit()), None)
            if acl.lemma_ == "age" and number is not None:
                self.add(self.reader.speaker, "age", number.text)

    def age(self, attr: Token, subject: Token, neg: bool) -> bool:
        """ "Maria is 4", "he's 23 years old": a number said of a person is their age."""
        number = attr if attr.pos_ == "NUM" else None
        if attr.lemma_ in ("old", "year") and number is None:
            number = next((t for t in attr.subtree if t.pos_ == "NUM"), None)
        if number is None or not (number.text.isdigit() or number.lower_ in NUMBER_NAMES):
            return False
        years = number.text  # as said: "the twins are twelve"
        if subject.pos_ == "NOUN" and subject.lemma_.lower() not in ANIMATE:
            return False  # "the rent is 950": a number of a thing is not its age
        if subject.lower_ in ("we", "they") and attr.lemma_ not in ("old", "year"):
            return False  # "so we are 19 now": how many, not how old
        # "Tomás, who is 8", "the twins Lucía and Martina, who are 11"
        for each in said_of(subject):
            if each != subject:
                self.add(self.reader.entity(each), "age", years, negated=neg)
        entity = self.reader.entity(subject)
        self.add(entity, "age", years, negated=neg)
        job = job_beside(number)
        if job is not None:  # "i'm 58, marine engineer on the ferries": what one is, too
            self.add(entity, "is", self.reader.kind(job), negated=neg, multi=True)
            for prep, place in prep_objects(job):
                if prep == "at" and not is_time(place):
                    self.add(entity, "works_for", self.reader.value(place), negated=neg)
        return True

    def flat_is(self, verb: Token, subject: Token) -> bool:
        """ "the flat on via Etnea is me, Giulia (law), Marco and Sofia": whoever a home is
        said to be, beside the speaker, is a housemate."""
        home = subject.lower_ in ("flat", "house", "apartment", "place", "houseshare")
        me = child(verb, "attr")
        if verb.lemma_ != "be" or not home or me is None or me.lower_ not in ("me", "us"):
            return False
        names = [
            t
            for t in verb.sent
            if t.i > me.i
            and t.dep_ in ("appos", "conj", "attr")
            and (t.pos_ == "PROPN" or t.text[:1].isupper() and is_first_name(t.text))
        ]
        for name in names:
            self.add(self.reader.speaker, "role:housemate", self.reader.name_of(name), multi=True)
        return bool(names)

    def home_listed(self, token: Token) -> None:
        """ "i live in a 4 person flat in leipzig now. me, ines, tobi and rasmus": a list
        of the speaker and names, with no verb, after a sentence of where the speaker
        lives, says who lives there."""
        doc = token.doc
        opening = (
            token.i == token.sent.start and token.i + 1 < len(doc) and doc[token.i + 1].text == ","
        )
        if token.lower_ not in ("me", "us") or token.i + 1 >= len(doc):
            return
        if not opening and not at_home_is(token):
            return
        before = doc[token.i - 1].sent if opening and token.i > 0 else None
        if before is not None and not any(
            t.lemma_.lower() in LIVING and t.pos_ == "VERB" for t in before
        ):
            return
        # (read off the words, not the parse, which makes verbs of "marten and sander")
        for word in doc[token.i + 2 : token.sent.end]:
            if word.lower_ in (",", "and", "&", "+", "(", ")") or word.like_num:
                continue
            if word.lower_ in ("my", "our") or word.lemma_.lower() in PEOPLE | {"two", "three"}:
                continue  # "my husband fadi and our two, lara (18) and ziad (15)"
            if not word.is_alpha or not (word.pos_ == "PROPN" or is_first_name(word.text)):
                break  # ("rasmus who is literally never home": a clause about the last one)
            name = word.text[:1].upper() + word.text[1:]
            self.add(self.reader.speaker, "role:housemate", name, multi=True)

    def took_room(self, verb: Token, subject: Token) -> bool:
        """ "a turkish guy called Kemal took his room", "Ana moved into Jess's room": who
        took a housemate's room is a housemate."""
        room = child(verb, "dobj")
        if verb.lemma_ == "move":
            room = next((o for p, o in prep_objects(verb) if p == "into"), None)
        if verb.lemma_ not in ("take", "get", "move") or room is None or room.lemma_ != "room":
            return False
        owner = child(room, "poss")
        if owner is None or owner.lower_ in ("my", "our"):
            return False  # "took my room": no one new
        person = self.reader.value(subject)
        if not person[:1].isupper():
            return False
        self.add(self.reader.speaker, "role:housemate", person, multi=True)
        return True

    def housemates(self, verb: Token, subjects: list[Token], plan: bool = False) -> None:
        """ "I live in a shared house with Sindre, Hannah and Jonas", "flatting on castle st
        with Mia, Jaz and a guy called Finn": the people lived with are housemates (a
        partner named by role, "with my boyfriend Toomas", is that role already)."""
        people = [self.reader.entity(s) for s in subjects]
        if people and people != [self.reader.speaker]:  # (none said: "Just moved into ...")
            # "my dad has lived with us since mum died": whoever lives with the user
            shared = [o for p, o in prep_objects(verb) if p == "with" and o.lower_ in ("us", "me")]
            if (verb.lemma_ == "live" or open_stay(verb)) and shared:
                # ("Sofia will come to live with us", "he's staying with us while he figures
                # out what's next")
                plan = plan and not open_stay(verb)  # (said in the progressive: now)
                for person in people:
                    if person != self.reader.speaker:
                        self.add(
                            self.reader.speaker, "role:housemate", person, multi=True, plan=plan
                        )
            return
        if plan:
            return
        inner = [
            po for t in verb.subtree if t == verb or t.dep_ == "pobj" for po in prep_objects(t)
        ]
        if not any(prep == "with" for prep, _ in inner):
            inner += stray_with(verb)
        for prep, obj in inner:
            if prep != "with":
                continue
            listed = [called(p) or p for p in [obj, *[c for c in obj.subtree if c.dep_ == "conj"]]]
            listed += after_comma(obj)  # ("with two girls from my office, Kavya and Shruti")
            # a person named by role ("with my husband Martín and his mom Elena") too
            roled = [named(p) for p in listed if named(p) != p]
            listed = [named(p) for p in listed]
            names = [p for p in listed if p.pos_ == "PROPN" or p in roled]
            # one known first name makes a list of names people ("Mia, Jaz and ... Finn"),
            # as does a name said with its role ("with my wife Eleni")
            if roled or any(listed_gender(self.reader.name_of(p)) for p in names):
                for name in names:
                    value = self.reader.value(name)
                    self.add(self.reader.speaker, "role:housemate", value, multi=True)

    def proposed(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "Tom proposed to me last night!!", "SIONE PROPOSED. ... and i said yes": one who
        proposed to someone (the user, when the user says they said yes) is their partner
        now, engaged (not "proposed a toast", "proposed a new rota")."""
        if verb.lemma_ != "propose" or neg or child(verb, "dobj", "xcomp", "ccomp") is not None:
            return False
        if subject.pos_ != "PROPN" and subject.lower_ not in PEOPLE:
            return False
        to = [o for p, o in prep_objects(verb) if p == "to"]
        if to:
            target = self.reader.entity(to[0])
        elif ACCEPTED.search(verb.doc.text):
            target = self.reader.speaker
        else:
            return False
        proposer = self.reader.entity(subject)
        if proposer == target:
            return False
        self.add(target, "partner_of", proposer)
        self.add(proposer, "partner_of", target)
        return True

    def moved_in(self, verb: Token, subjects: list[Token]) -> None:
        """ "Arun's brother Vineeth moved in with us for a bit", "Ines moved in this
        morning": who moved in with the speaker, or just moved in, lives with them."""
        doc = verb.doc
        into = doc[verb.i + 1] if verb.i + 1 < len(doc) else None
        if into is None or into.lower_ != "in" or into.head != verb:
            return
        if any(not is_time(o) for o in children(into, "pobj")):
            return  # "moved in the spring" is a time; "moved in Leith" a place
        places = [(p, o) for p, o in prep_objects(verb) if p not in ("in", "for")]
        if any(p != "with" or o.lower_ not in ("us", "me") for p, o in places):
            return  # "moved in with her boyfriend", "moved in to a flat in Leith"
        if any(c.dep_ == "advmod" and c != into and c.lower_ not in SOON for c in verb.children):
            return  # "moved in next door", "moved in upstairs"
        for subject in subjects:
            person = self.reader.entity(subject)
            if person != self.reader.speaker:
                self.add(self.reader.speaker, "role:housemate", person, multi=True)

    def offered(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "I've been offered a job at the geological survey", "a dive centre on Pemba
        offered me the head instructor job", "KPMG offered me a position as an auditor": the
        job is the one to come (a plan), unless the message turns it down."""
        job = child(verb, "dobj")
        if verb.lemma_ != "offer" or neg or job is None or job.lemma_ not in GENERIC_OBJECTS:
            return False
        if any(t.lemma_ in ("decline", "refuse") or t.lower_ == "down" for t in verb.doc):
            return True  # "... but I turned it down": nothing to come
        passive = bool(children(verb, "auxpass"))
        taker = subject if passive else child(verb, "dative")
        if taker is None:
            return False
        who = self.reader.entity(taker)
        places = [o for p, o in prep_objects(job) + prep_objects(verb) if p in ("at", "with")]
        # "a job at the survey"; else who offered it ("KPMG offered me ..."), if said
        employer = places[0] if places else (None if passive else subject)
        if employer is not None and employer.pos_ != "PRON":
            self.add(who, "works_for", self.reader.value(employer), plan=True)
        named = [t for t in job.lefts if t.dep_ == "compound"]  # "the head instructor job"
        said_as = [o for p, o in prep_objects(job) + prep_objects(verb) if p == "as"]
        if named:
            post = job.doc[min(t.left_edge.i for t in named) : job.i].text
            self.add(who, "works_as", post, plan=True)
        elif said_as:  # "a position as a junior auditor"
            self.add(who, "works_as", self.reader.value(said_as[0]), plan=True)
        return True

    def jobs(self, verb: Token, subject: Token, plan: bool) -> None:
        """ "moved to Glasgow for a new job at Skyscanner": a job at a name is an employer,
        wherever it hangs in the sentence."""
        for token in verb.subtree:
            if token.lemma_ not in GENERIC_OBJECTS or token == verb or token.pos_ == "VERB":
                continue  # ("I don't work at Lidl anymore, I'm at Aldi": "work" is a verb)
            # "a job in the pharmacy at the CHUL", "got a job ... at the CHUL, hospital
            # pharmacy": at whatever the job's phrase, or the verb that got it, names
            inner = [po for t in token.subtree for po in prep_objects(t)]
            if token.dep_ == "dobj" and token.head == verb:
                inner += prep_objects(verb)
            for prep, obj in inner[:4]:
                named = obj if obj.pos_ == "PROPN" else child(obj, "nmod", "compound")
                if prep in ("at", "with", "for") and named is not None and named.pos_ == "PROPN":
                    entity = self.reader.entity(subject)
                    self.add(entity, "works_for", self.reader.value(named), plan=plan)
                    return
            # "got part time job in sushi shop in Chadstone": a shop named by its kind, where
            # no name was said ("a job in the pharmacy at the Western General")
            shops = [
                o for p, o in inner[:4] if p in ("at", "in") and o.lemma_.lower() in WORKPLACES
            ]
            if shops:
                self.add(
                    self.reader.entity(subject), "works_for", self.reader.value(shops[0]), plan=plan
                )
                return


# Words by which a stay is a visit, over by a time said ("staying with us for the weekend").
VISIT = {"for", "until", "till", "over", "tonight", "weekend", "night", "week", "weeks", "days"}


def open_stay(verb: Token) -> bool:
    """ "bikash is staying with us": a stay with no end said is living there for now."""
    if verb.lemma_ != "stay" or verb.tag_ != "VBG":
        return False
    return not any(t.lower_ in VISIT for t in verb.subtree)


def at_home_is(me: Token) -> bool:
    """ "at home it's me, my husband fadi and our two", "at home in kathmandu it's just me,
    mummy and buwa now": who is at home, listed after the speaker."""
    verb = me.head
    if me.dep_ != "attr" or verb.lemma_ != "be" or me.doc[me.i + 1].text != ",":
        return False
    home = [o for p, o in prep_objects(verb) if p == "at" and o.lower_ == "home"]
    subject = child(verb, "nsubj")
    return bool(home) and subject is not None and subject.lower_ in ("it", "that")


def named(person: Token) -> Token:
    """The name of a person said by role ("my husband Martín"), else the token itself."""
    name = child(person, "appos") if person.pos_ == "NOUN" else None
    after = person.doc[person.i + 1] if person.i + 1 < len(person.doc) else None
    if name is None and person.pos_ == "NOUN" and person.lemma_.lower() in PEOPLE:
        # ("with my wife Eleni", the name parsed as an adverb of the verb)
        stray = after is not None and after.dep_ in ("advmod", "npadvmod")
        stray = stray and (after.pos_ == "PROPN" or after.text[:1].isupper() and after.is_alpha)
        name = after if stray else None
    return name if name is not None else person


def stray_with(verb: Token) -> list[tuple[str, Token]]:
    """ "I live in Narva-Jõesuu, near the sea, with my wife Marina and our son Artur, he is
    7": a "with" the parser hung on a later clause, said after the verb with no verb
    between."""
    for token in verb.sent[verb.i - verb.sent.start + 1 :]:
        if token.pos_ in ("VERB", "AUX"):
            return []
        if token.lower_ == "with" and child(token, "pobj") is not None:
            return [("with", child(token, "pobj"))]
    return []


# "and i said yes": a proposal the user accepted
ACCEPTED = re.compile(r"\b(?:i|we)\s+said\s+yes\b", re.I)


def after_comma(people: Token) -> list[Token]:
    """The names a plural word for people is followed by, after a comma: "two girls from my
    office, Kavya and Shruti" (the parser may hang them on the office)."""
    if people.tag_ != "NNS":
        return []
    after = [t for t in people.subtree if t.i > people.i]
    comma = next((t.i for t in after if t.lower_ in (",", ":")), None)
    if comma is None:
        return []
    # (the first name after the comma may hang on any word before it: "from lycée, Inès")
    return [t for t in after if t.i > comma and t.pos_ == "PROPN" and t.dep_ in ("appos", "conj")]

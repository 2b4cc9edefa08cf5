"""Endings: a predicate whose meaning is that something held no longer does, whatever slot
held it ("gave up on the violin", "dropped out of his law degree", "retired from the bank",
"ditched the pottery course", "Ines and I broke up").

An ending is a negated frame on the value with no slot of its own; the update step retires
every current fact of the same owner holding that value (memory.pipeline.guard
.negates_value), so "plays the violin", "studies law" and "works at the bank" end without a
rule for each. A container noun ("law degree", "chess club", "pottery course") ends what it
contains too: "dropped out of his law degree" ends studying law.
"""

from collections.abc import Callable

from memory.nlp.casing import english_words
from memory.nlp.holdings import TIES, Frame, looks_named
from memory.nlp.parse import Token, child, children
from memory.nlp.reader import FIRST_PERSON, GENERIC_OBJECTS, Reader, is_time, prep_objects

# Verbs that end what their object was to the subject, alone or with a particle.
ENDING_VERBS = {"quit", "drop", "ditch", "abandon", "cancel", "resign", "retire", "finish"}
ENDING_VERBS |= {"discontinue", "unsubscribe"}
# ... and what is swapped, traded, stopped or deleted is no longer had or done ("swapped the
# subaru for a hilux", "ayanda stopped piano", "deleted instagram")
DIRECT = {"stop", "swap", "trade", "delete", "uninstall", "unsubscribe"}
ENDING_VERBS |= DIRECT | {"leave"}
HABITUAL = {"always", "usually", "often", "sometimes", "constantly", "keep"}
EXCHANGING = {"swap", "trade", "exchange"}  # "traded my honda for a vespa": the vespa is had
ENDING_PHRASES = {
    ("give", "up"),
    ("drop", "out"),
    ("pull", "out"),
    ("back", "out"),
    ("opt", "out"),
    ("move", "out"),
    ("walk", "away"),
    ("step", "down"),
    ("sign", "off"),  # "signed off the ship"
    ("stand", "down"),
    ("hand", "in"),  # "handed in my driving licence"
    ("hand", "back"),
    ("call", "off"),  # "we called the trip off"
}
# Leaving with nothing left named: the one who leaves is gone from where they were.
LEAVING = {("move", "out"), ("quit", ""), ("drop", "out"), ("walk", "out"), ("step", "down")}
LEAVING |= {("leave", "")}  # "yerlan left last week" (not "she left for work")
LEAVING |= {("retire", "")}  # "my foreman Tadeusz retired last friday"
# Two people parting: the tie between them ends ("Ines and I broke up", "we split up").
PARTING = {("break", "up"), ("split", "up"), ("divorce", ""), ("separate", "")}
# Nouns that hold an activity or subject named by their modifier.
CONTAINERS = {
    "degree",
    "course",
    "class",
    "classes",
    "lesson",
    "lessons",
    "club",
    "team",
    "group",
    "program",
    "programme",
    "studies",
    "membership",
    "subscription",
}
# What is handed in without being given up ("handed in my notice", "... my thesis").
SUBMITTED = {"notice", "resignation", "thesis", "essay", "assignment", "homework", "application"}
TARGET_PREPS = ("on", "of", "from", "with", "out")
PARTICLES = ("out", "up", "away", "down", "off", "in")


class EndingFrames:
    reader: Reader
    frames: list[Frame]
    new_home: Callable[[Token, str], None]  # VerbFrames.new_home

    def ending(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        phrase = (verb.lemma_.lower(), particle(verb))
        done = [o for p, o in prep_objects(verb) if p == "with"] if verb.lower_ == "done" else []
        if done and not (neg or plan):  # "done with kofe tash since last friday"
            entity = self.reader.entity(subject)
            self.frames.extend(
                Frame(entity, "", v, True) for v in ended_values(done[0], self.reader)
            )
            return True
        if not (neg or plan) and phrase[0] == "go" and lives_elsewhere(verb):
            return self.left(verb, subject)
        if neg or not (phrase[0] in ENDING_VERBS or phrase in ENDING_PHRASES | PARTING):
            return False
        if plan:
            return False  # "Clara is moving out next spring": nothing has ended yet
        if phrase[0] == "finish" and verb.tag_ == "VBG":
            return False  # "she's finishing her PhD": not finished yet
        entity = self.reader.entity(subject)  # (resolves he/she, which parting reads too)
        if phrase in PARTING:
            return self.parting(verb, subject)
        post = post_left(verb)
        if post is not None and not (phrase[0] in DIRECT or phrase in EXCHANGING):
            return self.left_post(entity, post)
        target = ended_target(verb)
        if phrase[0] in DIRECT and (target is None or target.dep_ != "dobj"):
            return False  # "stopped at the shop on the way home" ends nothing
        if phrase[0] in DIRECT and target.lemma_.lower() in TIES:
            return False  # "Fábrica stopped the contract": the other party goes (holdings)
        if phrase[0] == "leave" and target is None and gone_for(verb):
            return self.left(verb, subject)
        if phrase[0] == "leave" and (target is not None or prep_objects(verb)):
            return False  # "left the band" (holdings), "left for work", "left at five"
        if target is None and phrase in LEAVING:
            # ("Carmen moved out on Sunday": when, not where from)
            untimed = [o for _, o in prep_objects(verb) if not is_time(o)]
            return self.left(verb, subject) and not untimed
        if target is None or is_time(target) or target.lower_ in FIRST_PERSON:
            return False
        if any(c.lower_ in HABITUAL for c in verb.children):
            return False  # "i always swap them": what one tends to do ends nothing
        if target.lemma_.lower() in GENERIC_OBJECTS | SUBMITTED:
            return False  # "quit my job at the bank": the lexicon reads the employer
        for value in ended_values(target, self.reader):
            self.frames.append(Frame(entity, "", value, True))
        if phrase == ("move", "out"):
            self.new_home(verb, entity)
        if phrase[0] in EXCHANGING:
            # what was given was had until now ("what bike did I have before the vespa?")
            for value in ended_values(target, self.reader)[:1]:
                self.frames.append(Frame(entity, "has", value, multi=True, past=True))
            for obj in (o for p in children(verb, "prep") if p.lower_ == "for" for o in p.children):
                if obj.dep_ == "pobj":
                    self.frames.append(Frame(entity, "has", self.reader.value(obj), multi=True))
        self.reader.remember([entity])  # "Mateo dropped out of law, he wants ...": he is Mateo
        return True

    def left(self, verb: Token, subject: Token) -> bool:
        """ "Ben moved out", "Josh quit", "mrvica went to live with my coworker": whoever
        left is no longer in the speaker's life in the role they held (a flatmate, a player,
        a pet), as when a pet dies. Only once done: "Walt is finally retiring" has not left
        yet."""
        if subject.lower_ in FIRST_PERSON or verb.tag_ not in ("VBD", "VBN"):
            return False
        if not (looks_named(subject) or self.reader.pronoun(subject.lower_)):
            return False
        entity = self.reader.entity(subject)
        self.frames.append(Frame(self.reader.speaker, "", entity, True))
        self.reader.remember([entity])  # "Walt retired. he's moving ..." is Walt
        self.reader.leavers.append(entity)
        return True

    def left_post(self, entity: str, post: Token) -> bool:
        """ "aunty rewa stepped down as coach", "Dwayne resigned as chief pilot": the post
        ends, both as what the leaver works as and as the speaker's role they filled; they
        stay in the speaker's life otherwise (still a player, a pilot, an aunt)."""
        value = self.reader.value(post)
        self.frames.append(Frame(entity, "works_as", value, True))
        if entity != self.reader.speaker:
            self.frames.append(Frame(self.reader.speaker, f"role:{value.lower()}", entity, True))
        self.reader.remember([entity])
        self.reader.leavers.append(entity)  # "... rachel is taking over": in their place
        return True

    def parting(self, verb: Token, subject: Token) -> bool:
        """ "Ines and I broke up", "I broke up with Tom", "we split up" (the partner spoken
        of): each one's tie to the other ends."""
        together = [subject, *[c for c in subject.children if c.dep_ == "conj"]]
        if verb.dep_ == "conj" and verb.head.pos_ in ("PROPN", "NOUN") and verb.head.i < subject.i:
            together.append(verb.head)  # "Ines and I broke up" parsed with Ines as the head
        together += [
            o
            for p in children(verb, "prep")
            if p.lower_ == "with"
            for o in children(p, "pobj")
            if not is_time(o)
        ]
        speaker = self.reader.speaker
        others = [t for t in together if t.lower_ not in FIRST_PERSON]
        if len(others) == len(together):
            return False  # two other people parting: no tie of the speaker's ends
        for other in others:
            self.frames.append(Frame(speaker, "", self.reader.value(other), True))
        return bool(others)


def particle(verb: Token) -> str:
    """The verb's particle, also where the parser took it for a preposition ("dropped out
    of X" with "of X" hanging from "out")."""
    prt = child(verb, "prt")
    if prt is not None:
        return prt.lower_
    # (or for an adverb: "Lotte moved out yesterday" parses "out" as one)
    loose = [
        p
        for p in children(verb, "prep", "advmod")
        if p.lower_ in PARTICLES and not child(p, "pobj") and p.i == verb.i + 1
    ]
    return loose[0].lower_ if loose else ""


def gone_for(verb: Token) -> bool:
    """ "Soren has now left for Calgary": gone from the speaker's life (not "left for work",
    a habit; "left for the airport" says no one is gone; "left for Paris at 8" is a trip)."""
    places = prep_objects(verb)
    # ("lara left for montpellier": a town in lower case, a word English does not have)
    named = any(p == "for" and (o.pos_ == "PROPN" or bare_place(o)) for p, o in places)
    return named and not any(is_time(o) for _, o in places)


# Where people go every day, said bare after "to" or "for": no town ("left for work").
ROUTINE = {"work", "school", "college", "uni", "university", "home", "lunch", "dinner", "bed"}
ROUTINE |= {"church", "class", "practice", "training", "holiday", "vacation", "breakfast"}
ROUTINE |= {"town", "hospital", "court", "office", "mass", "prayers", "shopping", "market"}


def unknown_word(token: Token) -> bool:
    """A word in lower case that may be a town: one English does not have ("montpellier")."""
    return token.is_alpha and token.lower_ not in english_words()


def bare_place(token: Token) -> bool:
    """What one leaves for, said bare, that is no daily round: "left for glasgow", not "left
    for work" (the tagger calls some towns in lower case nouns)."""
    if not token.is_alpha or token.lower_ in ROUTINE or children(token, "det", "poss"):
        return False
    return unknown_word(token) or token.pos_ in ("NOUN", "PROPN")


def post_left(verb: Token) -> Token | None:
    """The post one leaves, said with "as" ("stepped down as coach", "quit as treasurer")."""
    posts = [o for p, o in prep_objects(verb) if p == "as" and o.pos_ in ("NOUN", "PROPN")]
    # ("stepped down as dht": an unknown word after "as" parsed as an adverbial clause)
    posts += [
        c
        for c in verb.children
        if c.dep_ in ("advcl", "advmod", "acomp") and any(a.lower_ == "as" for a in c.lefts)
    ]
    return posts[0] if posts and not is_time(posts[0]) else None


def ended_target(verb: Token) -> Token | None:
    """What is ended: the object, else the object of "on"/"of"/"from" ("gave up on X",
    "dropped out of X", "retired from X")."""
    obj = child(verb, "dobj")
    if obj is not None:
        return obj
    preps = children(verb, "prep")
    # ("moved out of the flat on Sunday": "of" may hang from "out"; "on Sunday" is when)
    loose = [q for c in children(verb, "prt", "advmod") for q in children(c, "prep")]
    for prep in preps + [q for p in preps for q in children(p, "prep")] + loose:
        if prep.lower_ in TARGET_PREPS:
            found = child(prep, "pobj")
            if found is not None and not is_time(found):
                return found
    return None


def ended_values(target: Token, reader: Reader) -> list[str]:
    """The value as said, and for a container ("law degree") what it contains ("law")."""
    values = [reader.value(target)]
    # ("cancelled Crave and Netflix": each thing listed ended)
    values += [
        reader.value(c) for c in target.children if c.dep_ == "conj" and c.pos_ == target.pos_
    ]
    if target.lemma_.lower() in CONTAINERS:
        mods = [c for c in target.lefts if c.dep_ in ("compound", "amod", "nmod")]
        if mods:
            values.append(target.doc[mods[0].i : target.i].text)
    return values


def lives_elsewhere(verb: Token) -> bool:
    """ "mrvica went to live with my coworker sanja": gone to live with someone else."""
    live = next(
        (c for c in verb.children if c.dep_ in ("xcomp", "advcl") and c.lemma_ == "live"), None
    )
    return live is not None and any(c.dep_ == "prep" and c.lower_ == "with" for c in live.children)

""" "Who is going to Oslo with me?", "Who am I travelling with now?", "Who is staying with
Nico and me now?", "Who comes to game night now?": who is with the user, on a trip, at a place
they stay, in their home or in a group, read from the user's own words in the order told.

A party is told as a list with the user in it ("me, Tomas and Ieva", "so we are three now:
Lukas, Mira and me"), which says who is in it now; it grows by someone coming along ("kári is
joining us", "elín wants to come too", "he'll sleep at kiprono's with us", "my cousin sofía
is sleeping on our sofa") and shrinks by someone leaving it ("elín flew home", "raúl had to go
back to córdoba", "Matas doesn't want to come", "elaine's pulled out of crete"). The facts
read from each message keep only some of these, so the messages are read again here, each
sentence by its parse. Of a trip or a place asked ("to Oslo"), someone joins only in a message
that names it; a list of the party is read there or where it is said with "we are" or "it's"
("so it's me priya and deepa now"), and one of the party may leave in any message ("hana has
to drop out"). The party answers a trip where the facts' readers leave some of it out; who
lives with the user or is in a group with them is theirs unless they know nothing."""

import re
from dataclasses import dataclass, field

from memory import selectors
from memory.nlp.parse import Token, child, children, parse
from memory.nlp.persons import after_comma
from memory.pipeline.dates import MONTH_NAMES
from memory.pipeline.handovers import first_word, named
from memory.pipeline.question import Evidence
from memory.pipeline.speech import join

# The verbs of being somewhere with someone, asked ("Who is going to Oslo with me?") and told.
MOVES = {"go", "come", "travel", "fly", "stay", "live", "join", "sleep", "be", "move", "tour"}
JOINING = {"join", "come", "stay", "sleep", "arrive", "live", "move", "fly", "travel", "go"}
ALONG = {"too", "instead", "along", "also"}  # ("elín wants to come too")
AWAY = {"back", "home", "out", "away"}  # ("elín flew home", "raúl had to go back")
LEAVING = {"leave", "quit", "bail"}  # ("jules bailed")
BESIDE = {"with", "besides", "beside", "except", "from", "than"}  # "apart from", "other than"
LISTING = {",", "and", "&", "+", "plus"}
SELF = {"i", "me"}
TRIPS = {"go", "come", "travel", "fly", "stay", "sleep", "join", "tour"}  # (not "live", "be")
AT = {"in", "from", "at", "via"}  # (a name after these is a place: "in Harrogate")
# Verbs asked of who is in a group or comes to an event ("Who comes to game night now?",
# "Who is in my arisan besides me?"); not "live": homes are the facts' readers'.
GATHERING = {"come", "go", "be", "play", "join"}
HOMES = {"house", "flat", "home", "place", "apartment", "room", "moment"}
READ_AT_MOST = 400  # messages, the newest before the question


@dataclass
class Asked:
    # the trip or place asked ("oslo"), or the words of the group asked ("game", "night"); none
    # for "Who am I travelling with?"
    places: set[str]
    left_out: set[str] = field(default_factory=set)  # "besides me", "apart from Rachel"
    verb: str = ""  # "live", "go", "stay"
    group: bool = False  # asked of a group or an event: "Who comes to game night now?"


def asked(question: str) -> Asked | None:
    """Whether a question asks who is with the user, and where."""
    doc = parse(question)
    if not doc or doc[0].lower_ != "who":
        return None
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_ not in MOVES:
        return None
    left_out: set[str] = set()
    places: set[str] = set()
    group: set[str] = set()
    for prep in (t for t in doc if t.dep_ == "prep"):
        said = [t for t in prep.subtree if t is not prep]
        if prep.lower_ in BESIDE and any(t.lower_ in SELF for t in said):
            left_out |= {first_word(t.text) for t in said if named(t) or t.pos_ == "NOUN"}
        elif prep.lower_ in ("to", "at", "in", "for") and prep.head == root:
            places |= {t.lower_ for t in said if t.pos_ == "PROPN"}
            group |= group_words(said)
    subject = child(root, "nsubj")
    asked_by_user = (
        subject is not None and subject.lower_ == "i" and any(t.lower_ == "with" for t in doc)
    )  # ("Who am I travelling with now?")
    # ("Who's on bass for the tour now?" asks who holds a place in it, not who is in it)
    other = [
        p for p in children(root, "prep") if p.lower_ not in BESIDE | {"to", "at", "in", "for"}
    ]
    if group and not places and not other and root.lemma_ in GATHERING:
        return Asked(group, left_out | SELF, root.lemma_, group=True)
    if not left_out & SELF and not asked_by_user:
        return None
    return Asked(places, left_out | SELF, root.lemma_)


def group_words(said: list[Token]) -> set[str]:
    """The words of a group or event asked: "game night" of "to game night", "arisan" of "in
    my arisan"; none of a place, a home or a time ("to Lisbon", "in the house", "in May")."""
    nouns = [t for t in said if t.pos_ == "NOUN" and t.dep_ in ("pobj", "compound")]
    if not nouns or any(t.pos_ == "PROPN" or t.lemma_.lower() in HOMES for t in said):
        return set()
    if any(t.lower_ in MONTH_NAMES or t.lemma_.lower() in ("moment", "time") for t in said):
        return set()
    return {t.lower_ for t in nouns}


@dataclass(frozen=True)
class Party:
    """The party read here, for an answer and for `overrules` to weigh."""

    names: list[str]
    trip: bool  # asked of a trip, a stay or a group ("go", "come", "stay"), not a home

    @property
    def text(self) -> str:
        return join([n[:1].upper() + n[1:] for n in self.names]) + "."


def answer(evidence: Evidence) -> Party | None:
    intent = evidence.intent
    question = asked(intent.text)
    if question is None or intent.wants_past or intent.anchor or intent.yes_no:
        return None
    messages = selectors.told_before(user_id=evidence.user_id, at=evidence.asked_at)
    party: dict[str, str] = {}
    heard = False
    places: set[str] = set()  # (names said as places: "in Harrogate" is no one)
    # (the newest messages only: each is parsed, and a party is told again when it changes)
    newest = list(messages.order_by("-id")[:READ_AT_MOST])
    for message in reversed(newest):
        words = set(re.findall(r"[^\W\d_]+", message.text.lower()))
        of_place = not question.places or bool(question.places & words)
        if question.group:  # (every word of it: "night" alone is no "game night")
            of_place = question.places <= words | {w.rstrip("s") for w in words}
        heard |= of_place and bool(question.places)
        doc = parse(message.text)
        places |= {first_word(t.text) for t in doc if t.dep_ == "pobj" and t.head.lower_ in AT}
        read_message(doc, party, of_place=of_place, group=question.group)
    if question.places and not heard:
        return None
    members = [n for k, n in party.items() if not left_out(k, question.left_out | places)]
    weighed = question.verb in TRIPS or question.group
    return Party(members, weighed) if members else None


def overrules(party: Party, said: str | None) -> bool:
    """Whether the party read here answers rather than what the facts' readers said: where
    those leave some of it out (sentences listed, "I don't know", one that speaks of
    something else: "Change for Oslo.", one of three: "Lachlan."). Of who lives with the
    user or is in a group with them, theirs stands where they answer at all: a guest
    "staying with us for the weekend" is no one who lives there."""
    if not said or said.startswith("- "):
        return True
    if not party.trip:
        return said == "I don't know."
    words = set(re.findall(r"[^\W\d_]+", said.lower()))
    return not all(w in words for n in party.names for w in re.findall(r"[^\W\d_]+", n.lower()))


def left_out(key: str, names: set[str]) -> bool:
    # ("rach" told, "Rachel" asked)
    if key in names:
        return True
    return any(key.startswith(n) or n.startswith(key) for n in names if len(n) > 2)


def read_message(doc, party: dict[str, str], *, of_place: bool, group: bool = False) -> None:
    """The party's changes a message tells, applied in order. (A list is read over the
    message, not its sentences: the parser may split "me" from "birta and jónas booked it".)
    Of a group, a list that names it need not name the user ("regulars so far: trevor,
    gurpreet and amanda")."""
    lists = party_lists(doc, with_me=not (group and of_place))
    # (one of the party named: "so she's not coming. but yanis wants to come" is of it)
    spoken_of = of_place or any(first_word(t.text) in party for t in doc)
    for sent in doc.sents:
        for run in (r for r in lists if sent.start <= r[-1].i < sent.end):
            if of_place or we_are(sent):
                party.clear()
                party.update({first_word(t.text): t.text for t in run + along(run)})
        read_sentence(sent, party, of_place=of_place, spoken_of=spoken_of)


def read_sentence(sent, party: dict[str, str], *, of_place: bool, spoken_of: bool = False) -> None:
    """Who comes along and who leaves, as a sentence tells; of a message that does not name
    the place asked, only who of the party leaves ("hana has to drop out"), and who comes
    where it speaks of one of the party and the coming names no place of its own."""
    for verb in sent:
        if verb.pos_ not in ("VERB", "AUX"):
            continue
        people = subjects(verb)
        if any(m.lower_ in ("if", "unless") for c in children(verb, "advcl") for m in c.children):
            continue  # ("she's not coming if he does": not said to happen)
        if leaves(verb):
            for person in people:
                party.pop(first_word(person.text), None)
        elif joins(verb) and of_place or spoken_of and party and joins_bare(verb):
            people += [o for p in children(verb, "prep") if p.lower_ == "with" for o in p.children]
            for person in people:
                if member(person) and person.lower_ not in SELF:
                    party.setdefault(first_word(person.text), person.text)


def party_lists(doc, *, with_me: bool = True) -> list[list[Token]]:
    """The names of each list with the user in it ("me birta and jónas", "Lukas, Mira and
    me"), a list ending at the name after its "and" ("Me, Ieva and Matas, Tomas must work");
    without `with_me`, any list of names ("Dewi, Fitri, Anggun and Maya")."""
    found: list[list[Token]] = []
    run: list[Token] = []
    closing = False  # (an "and" said: the next name ends the list)
    for token in list(doc) + [None]:
        if token is not None and (token.lower_ in SELF or member(token)):
            run.append(token)
            if not closing:
                continue
        elif token is not None and run and token.lower_ in LISTING:
            closing = closing or token.lower_ != ","
            run.append(token)
            continue
        if with_user(run) or not with_me and listed(run) and introduced(run):
            found.append([t for t in run if t.lower_ not in SELF | LISTING])
        run, closing = [], False
    return found


def along(run: list[Token]) -> list[Token]:
    """ "Tom and I booked Crete, with his sister Ana": one said to be with those listed, by
    the verb they are the subject of."""
    verbs = {t.head for t in run if t.dep_ in ("nsubj", "conj")}
    verbs = {v.head if v.dep_ != "ROOT" and v.pos_ not in ("VERB", "AUX") else v for v in verbs}
    preps = [p for v in verbs for p in children(v, "prep") if p.lower_ == "with"]
    return [name_said(o) for p in preps for o in p.children if member(name_said(o))]


def introduced(run: list[Token]) -> bool:
    """A list said as who is in it: after a colon ("regulars so far: trevor, gurpreet and
    amanda") or with "with" ("playing with Ana, Rui and Tiago"); not those a sentence is
    about ("amanda and luc are splitting up")."""
    first = run[0]
    before = first.doc[first.i - 1] if first.i > first.sent.start else None
    return before is not None and before.lower_ in (":", "with")


def listed(run: list[Token]) -> bool:
    """Three names or more, or two joined by "and": a list, not a name said twice."""
    names = {t.lower_ for t in run if t.lower_ not in LISTING}
    joined = any(t.lower_ in LISTING - {","} for t in run)
    return len(names) >= 3 or len(names) == 2 and joined


def with_user(run: list[Token]) -> bool:
    """A list of names with the user in it, said as a list ("omg i'm" is none)."""
    words = {t.lower_ for t in run}
    # ("me marc karim jules": names typed after "me" with nothing between them)
    bare = bool(run) and run[0].lower_ in SELF and len(words - SELF) >= 2 and not words & LISTING
    return bool(words & SELF and (words & (LISTING - {","}) or bare) and words - SELF - LISTING)


NOT_PEOPLE = {"omg", "lol", "ok", "haha"}  # (weekdays are no name to `named` either)


def member(token: Token) -> bool:
    """A name that may be of one of the party: no weekday ("to eldoret friday") or month."""
    if token.lower_ in MONTH_NAMES:
        return False
    return named(token) and token.pos_ != "VERB" and token.lower_ not in NOT_PEOPLE


def we_are(sent) -> bool:
    """ "so we are three now: ...", "so it's me priya and deepa now": the party said as such,
    whatever the message names."""
    subjects = (child(t, "nsubj") for t in sent if t.lemma_ == "be")
    return any(s is not None and s.lower_ in ("we", "it") for s in subjects)


def subjects(verb: Token) -> list[Token]:
    """Who does it: its subject and those said with it, through "and" and a verb above
    ("Lerato drove down and is staying with us", "raúl had to go back"); "he" as the one named
    before it in its sentence ("my brother euan said he and morag would come")."""
    doer = verb
    while not children(doer, "nsubj", "nsubjpass") and doer.dep_ in ("conj", "xcomp"):
        doer = doer.head
    found = children(doer, "nsubj", "nsubjpass")
    found += [c for f in found for c in f.conjuncts]
    people = []
    for person in found:
        if person.lower_ == "they":  # ("Des and Wendy said they'd come instead")
            said = [t for t in verb.sent if t.i < person.i and t.dep_ == "nsubj" and member(t)]
            people += [said[-1], *said[-1].conjuncts] if said else []
            continue
        if person.lower_ in ("he", "she"):
            person = (
                last_named(verb.doc[person.sent.start : person.i])
                or last_named(verb.doc[: person.i])
                or person
            )
        people.extend(names_said(person))
    return [p for p in people if member(p)]


def last_named(span) -> Token | None:
    """The one "he" or "she" speaks of: the last named, a doer first ("My cousin Luis said
    he would come", "dan's on kenya airways ... he'll sleep at kiprono's with us")."""
    named_ = [t for t in span if member(t) and t.pos_ == "PROPN"]
    doers = [t for t in named_ if t.dep_ in ("nsubj", "nsubjpass") or t.head.dep_ == "nsubj"]
    return (doers or named_ or [None])[-1]


def name_said(person: Token) -> Token:
    """The name said with a kin word: "Luis" of "my cousin Luis", "Ana" of "his sister Ana"."""
    return next((c for c in person.children if c.dep_ == "appos" and named(c)), person)


def names_said(person: Token) -> list[Token]:
    """Those a plural word names after a comma: "my best friends from lycée, Inès and
    Bastien" (the parser may join the names to the place before them)."""
    if member(person) or person.tag_ != "NNS":
        return [name_said(person)]
    return [t for t in after_comma(person) if member(t)] or [person]


def negated(verb: Token) -> bool:
    """ "elaine still not coming", "Matas doesn't want to come"."""
    above = verb.head if verb.dep_ == "xcomp" else verb
    return child(verb, "neg") is not None or child(above, "neg") is not None


def leaves(verb: Token) -> bool:
    """Leaving the party: "elín flew home", "raúl had to go back", "Ana pulled out of
    Crete", "Matas doesn't want to come"."""
    if verb.lemma_ in LEAVING:
        return True
    away = {c.lower_ for c in verb.children if c.dep_ in ("advmod", "prt")}
    out = away | {c.lower_ for c in children(verb, "prep")}  # (parsed either way)
    if verb.lemma_ in ("pull", "drop") and "out" in out:
        return True
    if verb.lemma_ in ("go", "fly", "head", "move", "travel", "step") and away & AWAY:
        return True  # ("luc's stepping back from game night")
    if verb.lemma_ == "be" and "out" in away:
        return True  # ("Anggun is out from arisan")
    return verb.lemma_ in JOINING and negated(verb)


def joins_bare(verb: Token) -> bool:
    """ "yanis wants to come", "harj is joining", "Lusi takes her place": coming along said
    with no place or company of its own (of the party the message speaks of)."""
    if verb.lemma_ == "take" and any(o.lemma_ in ("place", "spot") for o in children(verb, "dobj")):
        return True  # (one leaving, another taking their place)
    if verb.lemma_ not in ("come", "join") or negated(verb):
        return False
    return not children(verb, "prep", "dobj", "prt") and not children(verb, "advmod")


def joins(verb: Token) -> bool:
    """Coming along: with the user ("staying with us", "joining us", "on our sofa"), or too,
    or instead; or arriving."""
    if verb.lemma_ not in JOINING or negated(verb):
        return False
    if verb.lemma_ == "arrive" or any(c.lower_ in ALONG for c in children(verb, "advmod")):
        return True
    if verb.lemma_ == "join" and any(c.lower_ in ("us", "me") for c in children(verb, "dobj")):
        return True
    for prep in children(verb, "prep"):
        for thing in prep.children:
            if thing.lower_ in ("us", "me") and prep.lower_ == "with":
                return True
            if any(c.lower_ in ("our", "my") for c in children(thing, "poss")):
                return True  # ("sleeping on our sofa")
    return False

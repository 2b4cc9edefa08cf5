"""Predicates read off a dependency parse: whether one is negated or planned, times and
days, names given in passing ("a guy called Jorge"), a name's gender, the relation lexicon's
reading. memory.nlp.reader reads entities and values with these; memory.nlp.frames builds
facts."""

import functools
import re

import gender_guesser.detector

from memory.nlp.clauses import Clause
from memory.nlp.facts import Triplet, lexicon_relation
from memory.nlp.parse import Span, Token, child, children

FUTURE_WORDS = {"tomorrow", "next", "soon", "later", "upcoming", "coming"}
PLAN_VERBS = {"plan", "intend", "hope", "want", "aim", "mean", "expect", "decide", "schedule"}
# ("Teresa offered to do her shopping": offered, not yet doing it)
PLAN_VERBS |= {"offer", "promise", "suppose"}  # ("is supposed to take over from May")
NAMING_VERBS = {"call", "name"}
MONTH_NAMES = (
    "january february march april may june july august september october november december"
).split()
MONTHS = MONTH_NAMES + "jan feb mar apr jun jul aug sep sept oct nov dec".split()
WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday weekend".split()
# How chat shortens a weekday ("mon/wed", "tues+thurs"); "sat" and "sun" are words as well.
SHORT_DAYS = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3}
SHORT_DAYS |= {"thurs": 3, "fri": 4, "sat": 5, "sun": 6}
LOOSE_DAYS = {"sat", "sun"}  # (a weekday only beside another day)
# Words between the days of one list ("tues and thurs", "mon/wed", "Wednesday and Friday").
DAY_JOINERS = {"and", "&", "+", "/", ",", "or", "n"}
TIME_WORDS = set(MONTHS + WEEKDAYS) | {"today", "tomorrow", "yesterday", "tonight"}
# Holidays name a time of year too ("moving to atlanta after christmas")
TIME_WORDS |= {"christmas", "xmas", "easter", "thanksgiving", "ramadan", "eid", "diwali"}
TIME_WORDS |= {"hanukkah", "halloween", "carnival", "carnaval"}
TIME_WORDS |= {"atm", "rn"}  # chat for "at the moment", "right now"
TIME_UNITS = {
    "week",
    "month",
    "year",
    "morning",
    "evening",
    "night",
    "summer",
    "winter",
    "spring",
    "autumn",
    "fall",
    "semester",
    "term",
    "season",
    "day",
    "weekend",
    "afternoon",
    "decade",
}
DEICTIC = {"last", "next", "this", "every", "coming", "past", "that"}
# Words that keep a progressive in the past or present: not a plan.
PAST_TIME = {"last", "ago", "yesterday", "since", "past", "now", "currently", "already"}


TITLES = {"mr": "m", "mrs": "f", "ms": "f", "miss": "f", "sir": "m", "lady": "f"}
# (and the titles of other languages chat mixes in: "Pani Nowak", "Señora Ruiz")
TITLES |= {"pan": "m", "pani": "f", "herr": "m", "frau": "f", "señor": "m", "señora": "f"}
TITLES |= {"senhor": "m", "senhora": "f", "monsieur": "m", "madame": "f", "signora": "f"}


@functools.cache
def _names() -> gender_guesser.detector.Detector:
    return gender_guesser.detector.Detector(case_sensitive=False)


def listed_names() -> list[str]:
    """Every first name of the names list, in lower case."""
    return list(_names().names)


NAME_GENDERS = {"male": "m", "mostly_male": "m", "female": "f", "mostly_female": "f"}


def listed_gender(person: str) -> str:
    """The usual gender of a first name found in the names list, else ""."""
    first = person.split()[0] if person.split() else ""
    if not first[:1].isupper() or "'s" in person:
        return ""
    return NAME_GENDERS.get(_names().get_gender(first), "")


def title_gender(person: str) -> str:
    """The gender a title before a name says ("mr joensen", "Pani Nowak"), else ""."""
    words = person.replace(".", " ").split()
    return TITLES.get(words[0].lower(), "") if len(words) > 1 else ""


def written_as_name(person: str) -> bool:
    """Capitalised, or typed in lower case after a title ("mr joensen")."""
    return person[:1].isupper() or bool(title_gender(person))


def name_gender(person: str) -> str:
    """The gender a name itself suggests, weakest of all evidence (a role or a pronoun said
    of the person wins): a title ("Mrs. Lopes"), else the first name's usual gender in
    gender-guesser's international list, else the ending of a Romance first name ("Marta",
    "Pedro"), which Portuguese, Spanish and Italian names mostly follow."""
    words = person.replace(".", " ").split()
    if not words or "'s" in person:
        return ""
    first = words[0].lower()
    titled = title_gender(person)
    if titled:
        return titled
    if len(words) > 1 and first in ("dr", "prof"):
        return ""
    if not words[0][:1].isupper():
        return ""
    known = listed_gender(person)
    if known:
        return known
    if len(first) > 2 and first.isalpha():
        return {"a": "f", "o": "m"}.get(first[-1], "")
    return ""


def dropped_subject(predicate: Token) -> bool:
    """A finite clause that opens the sentence without its subject ("also started climbing
    with Bruno, he's ..."): chat drops the "I", so it is not the next clause's subject."""
    # "driving for Schneider now, ... Werner was grinding me down": a sentence opened by
    # an -ing verb is what the speaker is doing
    opening = predicate.tag_ == "VBG" and predicate.i == predicate.sent.start
    return (
        # ("lost Café Kinnen, they closed": the parser may hang it as the next clause's object)
        predicate.dep_ in ("advcl", "ccomp")
        and (predicate.dep_ == "advcl" or predicate.i == predicate.sent.start)
        # (the tagger may call it a participle: "signed up for a pottery class, do you ...")
        and (predicate.tag_ == "VBD" or participle(predicate) or opening)
        and predicate.i < predicate.head.i
        and not children(predicate, "mark", "aux")
    )


def taken_up(verb: Token) -> bool:
    """ "took up knitting", "picked up the guitar": begun, as "started" says."""
    up = any(c.dep_ == "prt" and c.lower_ == "up" for c in verb.children)
    return up and verb.lemma_ in ("take", "pick")


def participle(token: Token) -> bool:
    """A past participle with no agent ("signed up for ...", not "signed by Benfica")."""
    return token.tag_ == "VBN" and not children(token, "agent")


def called(token: Token) -> Token | None:
    """The name a noun is given where it is said: "a coffee brand called Fábrica", "a guy
    named Jorge"."""
    if token.pos_ != "NOUN":
        return None
    for acl in children(token, "acl"):
        if acl.lemma_ in NAMING_VERBS:
            # ("a 3rd cat ..., named him kaya": the name, not the "him" before it)
            # (a capitalised name the tagger took for a noun is a name: "called Lukas")
            names = [
                c
                for c in children(acl, "oprd", "dobj", "attr")
                if c.pos_ == "PROPN" or c.pos_ == "NOUN" and c.text[:1].isupper()
            ]
            if names:
                return names[0]
    return None


def contrastive(neg: Token) -> bool:
    """ "from Mafra, not Sintra", "on tuesday not monday": a "not" that names the wrong
    value after the right one negates nothing."""
    doc = neg.doc
    if neg.lower_ != "not" or neg.i == 0 or neg.i + 1 >= len(doc):
        return False
    after, before = doc[neg.i + 1], doc[neg.i - 1]
    if before.text == "," and after.pos_ == "ADP" and after.i + 1 < len(doc):
        after = doc[after.i + 1]  # "at Lidl now, not at Aldi anymore"
    if before.text == ",":
        owned = ("my", "our", "his", "her", "their", "the", "a", "an")
        if after.lower_ in owned and after.i + 1 < len(doc):
            after = doc[after.i + 1]  # "..., not my uncle", "a nurse now, not a carer anymore"
            return after.pos_ in ("NOUN", "PROPN")
        # ("servente, not serventino anymore": a word the tagger knows not, ended after it)
        ended = after.i + 1 < len(doc) and doc[after.i + 1].lower_ == "anymore"
        return after.pos_ in ("PROPN", "NUM") or after.is_title or ended
    # "the class is on tuesday not monday", "gio is 7 not 6": a value said right before it,
    # after the predicate, and one of the same kind after it
    if after.pos_ == "DET" and neg.i + 2 < len(doc):
        after = doc[neg.i + 2]  # "a dog not a cat"
    # (wherever the parser hangs the "not": on the right value, "is bronwen not bethan", or
    # on the wrong one)
    verbs = [a for a in [neg.head, *neg.head.ancestors] if a.pos_ in ("VERB", "AUX")]
    valued = before.pos_ in ("NOUN", "PROPN", "NUM") and (not verbs or before.i > verbs[0].i)
    return valued and after.pos_ in ("NOUN", "PROPN", "NUM")


def negated(predicate: Token) -> bool:
    # "I am servente now, not serventino anymore": the "anymore" ends the value after a
    # contrasting "not", not the value said first
    contrasts = [t.i for t in predicate.sent if t.lower_ == "not" and contrastive(t)]
    for c in predicate.children:
        if contrastive(c):
            continue
        if contrasts and c.lower_ in ("anymore", "longer") and c.i > contrasts[0]:
            continue
        if c.dep_ == "neg" or c.lower_ in ("never", "anymore"):
            return True
        if c.lower_ == "longer" and any(g.lower_ == "no" for g in c.children):
            return True
        if c.dep_ in ("aux", "auxpass") and any(g.dep_ == "neg" for g in c.children):
            return True  # "my brother Joost isn't married": the parser hung "n't" on "is"
    return False


WILL = {"will", "'ll", "shall"}


def auxiliaries(verb: Token) -> set[str]:
    """The verb's auxiliaries, in lower case ("won't" is "wo" and "n't" to the tokenizer)."""
    return {"will" if a.lower_ == "wo" else a.lower_ for a in children(verb, "aux", "auxpass")}


def is_plan(predicate: Token) -> bool:
    """A future or planned change: "will start", "is moving next month", "plans to move"."""
    auxes = auxiliaries(predicate)
    if not auxes and predicate.dep_ == "conj" and not children(predicate, "nsubj"):
        # "They're selling the flat and moving to the Algarve": the joined verb shares the
        # first one's auxiliaries (past a noun the parser may have joined it to); one with a
        # subject of its own has its own tense ("has got a job ... and she moves in June").
        head = predicate.head
        head = head.head if head.pos_ not in ("VERB", "AUX") else head
        auxes = auxiliaries(head)
    if auxes & WILL:
        return True
    # ("decided to sell the house and move to Yuma": the joined verb is planned too)
    planned = predicate.head if predicate.dep_ == "conj" else predicate
    if planned.dep_ == "xcomp" and planned.head.lemma_ in PLAN_VERBS | {"go"}:
        return planned.head.lemma_ != "go" or planned.head.tag_ == "VBG"
    if planned.dep_ in ("xcomp", "advcl") and planned.lemma_ in ("be", "become") and "to" in auxes:
        # "studies to be a forest engineer", "training to become a nurse": aimed at, not yet
        return planned.head.lemma_ in ("study", "train", "learn", "prepare", "retrain")
    if planned.dep_ == "ccomp" and "to" in auxes and planned.head.lemma_ in WISHING:
        # "Hassan wants me to join his boat", "wants me to come and stay at her B&B":
        # wished for, not done
        return True
    if (
        predicate.dep_ == "ccomp"
        and predicate.head.lemma_ in PLAN_VERBS
        and predicate.i > predicate.head.i
    ):
        # "decided we're getting a dog", "we've agreed we'll sell": decided, not done (a
        # clause before the verb is no complement of it: "new manager is Lakshmi, she wants
        # an update every evening")
        return predicate.tag_ not in ("VBD", "VBN") or bool(auxes & FUTURE_AUX)
    if "to" in auxes and planned.dep_ == "xcomp" and planned.head.lower_ in PRESENT_AUX:
        return True  # "she and Stuart are to move to Lockerbie": arranged, not done
    if starts_later(predicate, auxes):
        return True
    fragment = predicate.dep_ == "ROOT" and not children(predicate, "nsubj")
    # "is getting married"; "is being transferred to theatre from Monday"
    progressive = predicate.tag_ == "VBG" or bool(auxes & {"getting", "being"})
    # "dad's an engineer at the port, retiring in september": the bare participle hangs
    # from a present-tense clause
    aside = predicate.dep_ == "advcl" and not auxes
    aside = aside and (predicate.head.tag_ in ("VBZ", "VBP") or not children(predicate, "nsubj"))
    if progressive and (auxes & PRESENT_AUX or fragment or aside):
        words = {t.lower_ for t in predicate.subtree}
        if words & PAST_TIME:
            return False  # "is working there since 2019", "was moving last week"
        # ("we're moving to Kigali after the wedding": a time told by an event to come)
        after = any(_after_event(t) for t in predicate.subtree) and not words & NOW_WORDS
        # ("I'm leaving the CIUSSS", "Hemi is leaving :(": an announced going, not gone yet)
        leaving = predicate.lemma_ in LEAVING_SOON and bool(auxes & PRESENT_AUX)
        # (with a time to come in the message: "... handing in my notice Monday"; "I'm
        # leaving Boots. got a job at the Western General" is gone already)
        leaving = leaving and any(
            t.lower_ in FUTURE_WORDS | {"notice", "soon", "from"}
            or t.lower_ in MONTH_NAMES
            or t.lower_ in WEEKDAYS
            for t in predicate.doc
        )
        return (
            bool(words & FUTURE_WORDS)
            or (leaving and not words & NOW_WORDS)
            or after
            or any(is_time(t) and not recurring(t) and not _ends(t) for t in predicate.subtree)
        )
    return False


def _ends(time: Token) -> bool:
    """ "is playing bass for us until August": a time that says when it ends, not when it
    starts (it holds now)."""
    return time.head.lower_ in ("until", "till", "til", "through") and time.dep_ == "pobj"


def going_to(verb: Token) -> bool:
    """ "is going to move", "we're going to sell": "going" only says the verb after it is to
    come (is_plan reads that verb as planned); it is no predicate of its own."""
    if verb.lemma_ != "go" or verb.tag_ != "VBG":
        return False
    comp = child(verb, "xcomp")
    return comp is not None and comp.pos_ in ("VERB", "AUX") and child(comp, "aux") is not None


PRESENT_AUX = {"is", "am", "are", "'s", "'m", "'re"}
LEAVING_SOON = {"leave", "quit", "retire"}
FUTURE_AUX = {"will", "'ll", "shall", "would", "'d"}
WISHING = PLAN_VERBS | {"ask", "need", "push", "urge", "encourage", "beg", "like", "tell"}
NOW_WORDS = {"now", "currently", "nowadays", "days", "today", "tonight"}
# What comes after every day ("working after school"), not once ("after the wedding").
ROUTINES = {"school", "work", "class", "classes", "dinner", "lunch", "breakfast", "hours"}


def _after_event(token: Token) -> bool:
    if token.lower_ not in ("after", "once") or token.dep_ not in ("prep", "mark"):
        return False
    event = child(token, "pobj")
    return event is None or event.lower_ not in ROUTINES


STARTING_VERBS = {"start", "begin", "commence", "open"}
# Changes English tells in the simple present when they are timetabled: "she moves there in
# December", "he goes in February to Graz", "Aisha moves over to kayaks from August".
SCHEDULED_VERBS = STARTING_VERBS | {"move", "go", "leave", "relocate", "transfer", "shift"}
SCHEDULED_VERBS |= {"emigrate", "retire", "quit", "join", "marry", "finish", "graduate"}
# What one is given to hold from a day on ("a new job for September").
POSITIONS = {"job", "role", "position", "post", "contract", "placement", "internship"}


def starts_later(predicate: Token, auxes: set[str]) -> bool:
    """A state or event that begins at a time to come: "I'm head of maths from October",
    "she starts in Launceston next year", "got a job at the CHUL, starting 2 June"."""
    # ("she says I can work at her stall from February": allowed from then, not yet)
    present = predicate.tag_ in ("VBZ", "VBP") or bool(auxes & (PRESENT_AUX | {"can"}))
    if present and not auxes & {"have", "has", "'ve"}:
        # (the parser may hang it off the place: "superintendent at an estate in X from August")
        held = [t for t in predicate.subtree if t.dep_ in ("attr", "pobj", "dobj")]
        # (not a thing's year: "we have a camper from 1998" is how old it is, where "a new
        # job from 2027" is when it begins)
        things = [
            t
            for t in held
            if t.dep_ == "dobj"
            and t.lemma_ not in POSITIONS
            and not any(c.lower_ == "new" for c in t.children)
        ]
        had = predicate.lemma_ in ("have", "own") and things
        aged = (
            {o.i for t in (predicate, *things) for _, o in _preps(t) if o.like_num}
            if had
            else set()
        )
        times = [o for t in (predicate, *held) for p, o in _preps(t) if p == "from"]
        if any(_later(o) and o.i not in aged for o in times):
            return True  # not "from today": that is now
        if predicate.lemma_ in SCHEDULED_VERBS and predicate.tag_ in ("VBZ", "VBP"):
            return _comes_later(predicate)  # the course starts in February
        if amount_moves(predicate) and predicate.tag_ in ("VBZ", "VBP"):
            return _comes_later(predicate)  # "my rent goes up to 900 next month"
    bare = predicate.tag_ == "VB" and predicate.dep_ == "ROOT" and not auxes
    if bare and predicate.lemma_ in STARTING_VERBS and not children(predicate, "nsubj"):
        return _comes_later(predicate)  # "start in ICU at SJOG on 2 june", said in chat
    # (or from what the job got is said with: "got a job lined up at the zoo, starting ...")
    said_with = [g for d in children(predicate, "dobj") for g in children(d, "acl")]
    for c in [*predicate.children, *(g for a in said_with for g in a.children)]:
        if c.dep_ == "advcl" and c.lemma_ in STARTING_VERBS and c.tag_ == "VBG":
            return _comes_later(c)  # "..., starting 2 June"
        if c.dep_ == "dobj" and c.lemma_ in POSITIONS:  # "got a new job for September"
            if any(p == "for" and _later(o) for p, o in _preps(c)):
                return True
    return False


START_WORDS = {"start", "starts", "starting", "begin", "begins", "beginning"}


# Verbs an amount changes by on its own: "rent rises", "my hours dropped".
AMOUNT_MOVING = {"rise", "increase", "drop", "fall", "double"}


def amount_moves(verb: Token) -> bool:
    """ "goes up", "rises", "drops": an amount changing by itself."""
    if verb.lemma_ in AMOUNT_MOVING:
        return True
    return verb.lemma_ == "go" and any(c.lower_ in ("up", "down") for c in verb.children)


def later_start(sent: Span) -> bool:
    """ "starts in may", "begins next week", "I start in August": a sentence that is only a
    start to come, said right after what it is the start of ("got a job at the hospital!!
    starts in may")."""
    return _start_to_come(sent.root, said_by_pronoun=True)


def start_within(sent: Span) -> bool:
    """ "took a job at a firm in Ramtha, starts july 1st": the start to come said as a
    clause of the same sentence."""
    return any(_start_to_come(t) for t in sent if t.dep_ in ("conj", "parataxis"))


def _start_to_come(root: Token, said_by_pronoun: bool = False) -> bool:
    # (a sentence of its own may say who starts: "I start in August"; within the sentence
    # that told the job, "she's been at the pharmacy ... she starts at the hospital" is
    # another job)
    said_by = children(root, "nsubj", "nsubjpass")
    if root.lower_ not in START_WORDS or said_by and not said_by_pronoun:
        return False
    if any(s.pos_ != "PRON" for s in said_by):
        return False
    if said_by and any(not is_time(o) for _, o in _preps(root)):
        return False  # "she starts at the hospital on 1 december" tells a job of its own
    obj = child(root, "dobj")
    if obj is not None:  # "starting 2nd of june": the parser takes the date for an object
        return is_time(obj) or any(is_time(t) for t in obj.subtree)
    return _comes_later(root)


def _preps(token: Token) -> list[tuple[str, Token]]:
    return [(c.lower_, o) for c in token.children if c.dep_ == "prep" for o in children(c, "pobj")]


def _later(time: Token) -> bool:
    """A time that, said with a present tense, is to come: a month, a year, "next week", a
    day of the month; not "today", and not a weekday (from Monday to Friday is a habit)."""
    low = time.lower_
    if low in ("today", "now", "tonight") or low.rstrip("s") in WEEKDAYS:
        return False
    nexts = {c.lower_ for c in time.children}
    if "this" in nexts and low in TIME_UNITS:
        return False  # "driver is Bartek from this week": the week has begun
    if nexts & {"last", "past"} or "ago" in nexts:
        return False  # "my mother lives with us from last autumn": begun already
    return is_time(time) or (low in TIME_UNITS and bool(nexts & FUTURE_WORDS))


def _comes_later(predicate: Token) -> bool:
    said = own_subtree(predicate)
    words = {t.lower_ for t in said}
    if words & PAST_TIME:
        return False
    return bool(words & FUTURE_WORDS) or any(_later(t) and not recurring(t) for t in said)


def own_subtree(predicate: Token) -> list[Token]:
    """The words of a predicate's own clause: not those of another clause hung from it ("We
    move there on 1 October, now is much packing": the "now" is the packing's)."""
    out = [predicate]
    for c in predicate.children:
        clause = c.pos_ in ("VERB", "AUX") and c.dep_ in ("dep", "conj", "parataxis", "ccomp")
        if not clause:
            out.extend(c.subtree)
    return out


def recurring(token: Token) -> bool:
    """A time that comes back ("on Thursdays", "every Sunday", "at weekends"): what happens
    then is a habit, not a plan."""
    low = token.lower_
    every = any(c.lower_ in ("every", "each") for c in token.children)
    return every or (low.endswith("s") and (low[:-1] in WEEKDAYS or low[:-1] in TIME_UNITS))


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
        # ("a firm, like KPMG": the preposition "like" compares, it is no liking)
        if tags[k] in ("IN", "TO", "RP") and lemmas[k] != "like":
            found = lexicon(lemmas[: verb + 1] + lemmas[k:], tags[: verb + 1] + tags[k:])
            if found is not None:
                return found
    return None


# the edges of a time said as a noun: "the end of May", "the start of the season"
TIME_EDGES = {"end", "beginning", "start", "middle"}
ORDINAL_DAY = re.compile(r"(?:[12]?\d|3[01])(?:st|nd|rd|th)")


def is_time(token: Token) -> bool:
    """Whether a word names a time ("May", "Friday", "2019", "next week", "yesterday")."""
    low = token.lower_
    if low in TIME_WORDS or (low.isdigit() and len(low) == 4 and low[:2] in ("19", "20")):
        return True
    if low.endswith("s") and low[:-1] in WEEKDAYS:
        return True  # "on Thursdays": every Thursday
    if token.dep_ == "pobj" and ORDINAL_DAY.fullmatch(low):
        return True  # "started on the 1st"
    if token.dep_ == "pobj" and low in TIME_UNITS and child(token, "det") is not None:
        return True  # "in the summer", "at the weekend"
    if low == "time" and token.dep_ == "pobj":
        return True  # "for the first time", "at the time", "in no time"
    if low in TIME_EDGES and token.dep_ == "pobj":
        of = [o for p, o in prep_objects(token) if p == "of"]
        return bool(of) and (is_time(of[0]) or of[0].lower_ in TIME_UNITS)  # "end of May"
    return low in TIME_UNITS and any(c.lower_ in DEICTIC for c in token.children)


def is_day(token: Token) -> bool:
    """A day or a date an event is on: "Monday", "Thursdays", "the 21st", "June 14"."""
    low = token.lower_.removesuffix("s")
    return low in WEEKDAYS or low in MONTHS or low in ("today", "tomorrow")


# Adverbs of direction the parser hangs a verb's preposition from: "moved here from Pärnu",
# "came back from Lyon", "moved up here from Dar".
DIRECTIONS = {"here", "there", "back", "up", "down", "over", "away", "home"}


def prep_objects(predicate: Token) -> list[tuple[str, Token]]:
    out = []
    preps = children(predicate, "prep", "agent", "dative")
    for adverb in children(predicate, "advmod"):
        if adverb.lower_ in DIRECTIONS:
            preps += children(adverb, "prep")
            preps += [p for a in children(adverb, "advmod") for p in children(a, "prep")]
    for prep in preps:
        for obj in children(prep, "pobj"):
            out.append((prep.lower_, obj))
            out.extend((prep.lower_, c) for c in obj.children if c.dep_ == "conj")
        # "I'm into climbing": a bare gerund is the thing, as "into rock climbing" is
        out.extend((prep.lower_, g) for g in children(prep, "pcomp") if bare_gerund(g))
    return out


def bare_gerund(token: Token) -> bool:
    return token.tag_ == "VBG" and not list(token.children)


def conj_verb(token: Token) -> bool:
    """A verb joined to a verb that the tagger read as a noun: "I live in Hobart and work
    as a deckhand" (no article or owner, a preposition after it, and a verb by its spelling)."""
    from memory.nlp.casing import known_as

    if token.pos_ != "NOUN" or token.dep_ != "conj" or token.head.pos_ != "VERB":
        return False
    if any(c.dep_ in ("det", "poss", "amod", "compound", "nummod") for c in token.children):
        return False
    return bool(children(token, "prep")) and known_as(token.lower_, "VERB")


def weekday_of(word: str) -> int | None:
    """The weekday a word names, Monday 0 ("Thursdays", "thurs", "Sunday's"), or None."""
    low = word.lower().removesuffix("'s")
    bare = low.removesuffix("s") if low.endswith("days") or low[:-1] in SHORT_DAYS else low
    if bare in WEEKDAYS[:7]:
        return WEEKDAYS.index(bare)
    return SHORT_DAYS.get(bare)

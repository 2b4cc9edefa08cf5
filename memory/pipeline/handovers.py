"""How a post in a group is handed on, read from one sentence's parse: whom the post word
is said of ("Our captain is Selorm", "the boys chose Edem" after "a vote for a new captain",
"len mcallister got elected president", "thiago takes over as coordinator", "bartek took
over coordinating", "marisol runs it now", "Now Kowalczyk leader"), who stepped down,
resigned or left, and from when a post to come is held ("Mori-san will become the new head"
in a message that says "in April"). A part of memory.pipeline.officers, kept apart for its
size."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from memory.nlp.casing import english_words
from memory.nlp.parse import Token, child, children, governing_verb
from memory.nlp.predicates import is_plan
from memory.nlp.words import COLLECTIVES
from memory.pipeline.dates import MONTH_WORDS, said_in

# The posts, by the word for them and by the verb of doing them ("coordinates the volunteers").
POSTS = {"captain", "president", "head", "coordinator", "organizer", "director", "leader"}
POSTS |= {"manager", "coach", "conductor", "trainer", "secretary", "treasurer", "chair", "boss"}
# (and the posts one holds for someone: "my physio", "Ava's teacher")
POSTS |= {"physio", "teacher", "tutor", "instructor", "therapist", "dentist", "carer", "nanny"}
SAME_POST = {"organiser": "organizer", "chairman": "chair", "chairwoman": "chair"}
SAME_POST |= {"physiotherapist": "physio", "psychologist": "therapist", "caregiver": "carer"}
SAME_POST |= {"chairperson": "chair", "captaincy": "captain", "presidency": "president"}
POST_VERBS = {"coordinate": "coordinator", "organise": "organizer", "organize": "organizer"}
POST_VERBS |= {"direct": "director", "manage": "manager", "chair": "chair", "head": "head"}
POST_VERBS |= {
    "captain": "captain",
    "coach": "coach",
    "conduct": "conductor",
    "preside": "president",
}
POST_VERBS |= {"lead": "leader", "train": "trainer"}
# Verbs of a post held for someone, asked of one ("Who taught me cello?"), that otherwise say
# a job: "Ruwani teaches maths at Hillwood College".
SERVING_VERBS = {"teach": "teacher", "tutor": "tutor"}
# Verbs of running a group whatever its post is called: "marisol runs it now".
RUNNING = {"run", "lead", "head"}
STOPPING = {"stop", "quit", "finish", "cease"}
CHOOSING = {"choose", "elect", "vote", "pick", "appoint", "name", "nominate", "select"}
ENDING = {"resign", "quit", "retire", "leave"}
ENDING_PARTICLES = {"step": "down", "hand": "over", "give": "up", "stand": "down"}
TITLES = {"mr", "mrs", "ms", "dr", "rev", "madam", "miss", "sir", "coach", "auntie", "uncle"}
TITLES |= {"san", "kun", "chan", "sama", "sensei"}  # ("Mori-san": the name is Mori)
DAYS = {"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"}
DAYS |= {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
NOT_NAMES = {"VERB", "AUX", "ADP", "DET", "CCONJ", "SCONJ", "PART", "NUM", "PRON", "ADV"}


@dataclass(frozen=True)
class Told:
    holder: str  # the name as said ("len mcallister")
    at: datetime  # when the message was said, or when a post to come is taken
    ended: bool = False  # stepped down, resigned, left


def read_sentence(
    sent, post: str, group: set[str], said_at: datetime, told: list[Told], owner: str | None = None
):
    """The post's holders a sentence tells, and the endings of holders already told; of
    `owner`'s post only ("i" for the user's own) when one is asked."""
    found: list[Told] = []
    known = {first_word(t.holder) for t in told}
    for token in sent:
        if not of_post(token, post, group) or of_other_group(token, group):
            continue
        if of_other_owner(token, owner):
            continue
        people = holders(token)
        verb = governing_verb(token)
        # ("Mrs Adeyemi is not director anymore", "Mireia stops coaching me": one who left it)
        denied = verb is not None and child(verb, "neg") is not None
        denied = denied or token.dep_ == "xcomp" and token.head.lemma_ in STOPPING
        for person in people:
            at = taken_at(person, sent, said_at)
            if at is not None:
                found.append(Told(name_of(person), at, ended=denied))
        named_here = known | {first_word(t.holder) for t in found}
        verbless = token.dep_ in ("ROOT", "dep")  # ("Now Fujiwara leader", no clause read)
        if not people and verbless and any(unknown(t, named_here) for t in sent if t != token):
            found.append(Told("", said_at))  # ("Now Fujiwara leader": said in words unread)
        elif not people and wanted(token):
            found.append(Told("", said_at))  # ("So we need a new director": no one holds it)
    known |= {first_word(t.holder) for t in found}
    posted = any(of_post(t, post, group) for t in sent)
    for token in sent:
        if not ends(token, posted=posted):
            continue
        subjects = children(token, "nsubj", "nsubjpass")
        if not subjects and token.dep_ == "acl" and named(token.head):
            subjects = [token.head]  # ("Tanja left in March, her replacement is Bogdan")
        for person in subjects:
            who = name_of(person) if named(person) else last_named(told, person)
            at = taken_at(person, sent, said_at)  # ("in April he will hand over")
            if who and first_word(who) not in known and posted and found and at is not None:
                # ("Pieter retired, the new manager is Els": the one who left held it)
                found.insert(0, Told(who, at - timedelta(seconds=1)))
                known.add(first_word(who))
            if who and first_word(who) in known and at is not None:
                found.append(Told(who, at, ended=True))
                # ("she will hand over to Rui": the one handed to takes it)
                given = [o for p in children(token, "prep") if p.lower_ == "to" for o in p.children]
                found += [Told(name_of(o), at) for o in given if named(o)]
    return found


CLAUSES = {"ccomp", "advcl", "conj", "relcl", "parataxis"}


def of_other_owner(token: Token, owner: str | None) -> bool:
    """ "Lily has Ms Nguyen", "my teacher" asked as Ava's teacher: the post of someone
    other than the one asked of ("his", "her" may be theirs)."""
    whose = child(token, "poss")
    if owner is None or whose is None or whose.lower_ in ("his", "her", "their", "our"):
        return False
    said = "i" if whose.lower_ in ("my", "me") else first_word(whose.text)
    return said != owner


KINDS_OF_PERSON = {"guy", "woman", "man", "chap", "lady", "girl", "boy", "bloke", "fellow", "one"}


def called(token: Token) -> Token:
    """The name of one said as "a woman called Imogen", "a guy named Mateo"."""
    if token.lemma_.lower() not in KINDS_OF_PERSON:
        return token
    for verb in children(token, "acl"):
        if verb.lemma_ in ("call", "name"):
            name = child(verb, "oprd", "attr", "dobj", "xcomp", "npadvmod")
            if name is not None:
                return name
    return token


SEEKING = {"need", "look", "search", "seek", "want", "find"}


def wanted(token: Token) -> bool:
    """ "we need a new director", "looking for a new coach": the post is left open."""
    verb = governing_verb(token)
    new = any(c.lower_ == "new" for c in children(token, "amod"))
    return new and verb is not None and verb.lemma_ in SEEKING and child(verb, "neg") is None


def of_other_group(token: Token, group: set[str]) -> bool:
    """Whether the post is said in its clause of a group other than the one asked ("Our
    allotment committee: Pat is chair", asked of the choir): a group said with words of its
    own; not "Ngozi moved to another club, so we voted for a new captain", nor "the team
    voted a new captain" asked of Isar Discs."""
    verb = governing_verb(token) or token
    said, stack = [], [verb]
    while stack:  # the clause's words, not those of another clause in it
        word = stack.pop()
        said.append(word)
        stack += [c for c in word.children if c.dep_ not in CLAUSES or token in c.subtree]
    words = {w.lemma_.lower() for w in said}
    groups = [w for w in said if w.lemma_.lower() in COLLECTIVES - group]
    named = [g for g in groups if children(g, "compound", "amod", "poss")]
    return bool(named) and not words & group


def other_kind(token: Token, group: set[str]) -> bool:
    """ "funeral director", "managing director" asked as the choir's director: a word said
    with the post that the question does not say makes it another post."""
    said = [c for c in token.children if c.dep_ in ("compound", "amod") and c.is_alpha]
    # (a name said with it is its holder: "Now Kowalczyk leader")
    return any(c.lemma_.lower() not in group | PLAIN and not named(c) for c in said)


# Words said with a post that leave it the same post.
PLAIN = {"new", "old", "current", "first", "last", "our", "the", "club", "team", "woman", "man"}
PLAIN |= {"female", "male", "young", "interim", "permanent", "official"}


def other_post(token: Token) -> bool:
    """ "assistant coach", "vice captain": a post beside the one its noun names."""
    if any(c.lower_ in SECONDS for c in token.children if c.dep_ in ("compound", "amod")):
        return True
    # ("vice-president", split by the tokeniser)
    return token.i > 1 and token.nbor(-1).text == "-" and token.nbor(-2).lower_ in SECONDS


SECONDS = {"assistant", "vice", "deputy", "co", "junior", "associate", "acting", "former", "ex"}


def of_post(token: Token, post: str, group: set[str]) -> bool:
    """Whether a word speaks of the post: its noun, its verb, or running the group."""
    lemma = token.lemma_.lower()
    if other_post(token) or other_kind(token, group):
        return False
    if token.i > 1 and token.nbor(-1).text == "-" and token.nbor(-2).lower_ not in group:
        return False  # ("Parent-teacher meetings")
    if token.pos_ in ("NOUN", "PROPN") and SAME_POST.get(lemma, lemma) == post:
        return True
    # ("took over coordinating", which the parser may read as a noun)
    doing = [verb.rstrip("e") for verb, noun in POST_VERBS.items() if noun == post]
    if token.tag_ == "VBG" or token.lower_.endswith("ing"):
        if any(token.lower_.startswith(stem) for stem in doing):
            return True
    if token.pos_ != "VERB":
        return False
    if POST_VERBS.get(lemma) == post:
        return True
    thing = child(token, "dobj")
    return (
        lemma in RUNNING and thing is not None and (thing.lower_ == "it" or thing.lemma_ in group)
    )


def unknown(token: Token, known: set[str]) -> bool:
    """Someone named who holds no post yet: the post may be theirs in words unread."""
    return token.pos_ == "PROPN" and named(token) and first_word(token.text) not in known


def holders(token: Token) -> list[Token]:
    """Whom the post word is said of, by the sentence's structure."""
    head = token.head
    found: list[Token] = []
    if token.dep_ in ("nsubj", "nsubjpass") and head.lemma_ in ("be", "become"):
        found = children(head, "attr", "appos", "acomp")  # "the head is Ishida-san"
    elif token.dep_ == "dobj" and head.lemma_ in ("have", "get", "need", "find", "hire"):
        found = []  # ("Mum has a new carer now, Lorraine": Mum is the one cared for)
    elif token.dep_ in ("attr", "oprd", "acomp", "xcomp", "dobj"):
        # "Mirela is new head"
        found = children(head, "nsubj", "nsubjpass") or children(head, "dobj")
    elif token.dep_ == "pobj" and head.lower_ == "as":
        owner = head.head  # "thiago takes over as coordinator", "meeting with Mori-san as head"
        met = [o for p in children(owner, "prep") if p.lower_ == "with" for o in p.children]
        if owner.lemma_ in CHOOSING:  # ("the boys chose me as captain")
            found = children(owner, "dobj", "nsubjpass")
        else:
            found = [owner] if named(owner) else children(owner, "nsubj", "nsubjpass", "dobj")
            found += met  # ("Nadia has been confirmed as permanent head")
    elif token.dep_ == "compound" and named(head):
        found = [head]  # "captain Selorm"
    elif token.dep_ == "appos" and named(head):
        found = [head]  # "Selorm, our captain"
    if token.pos_ == "VERB":
        doer = token
        while not children(doer, "nsubj") and doer.dep_ in ("xcomp", "pcomp", "conj"):
            doer = doer.head  # "bartek took over coordinating"
        found = children(doer, "nsubj")
        if not any(named(person(f)) for f in found) and token.i > 0:
            found = [token.doc[token.i - 1]]  # ("... had twins marisol runs it now")
    found += [c for c in token.children if c.dep_ == "appos"]  # "our captain, Selorm"
    if not found and token.pos_ == "NOUN":  # ("Now Kowalczyk leader", no verb said)
        found = [c for c in token.children if c.dep_ == "compound" and c.pos_ == "PROPN"]
    if not found:  # ("a new director since last week: Jorge Sancho")
        found = named_after_colon(token)
    after = token.nbor() if token.i + 1 < len(token.doc) else None
    if not found and after is not None and after.lemma_ == "be" and not children(after, "nsubj"):
        # ("Back to school and Aoife's new teacher is Mrs Feeney", the post misread as joined
        # to "school": the "is" that follows it has no subject of its own)
        found = children(after, "attr")
    found = [called(f) for f in found]  # ("My teacher is a young woman called Imogen")
    if not found:  # ("physio started, it's a clinic in laureles, a guy called Mateo")
        found = [c for c in (called(t) for t in token.sent if t.lemma_ in KINDS_OF_PERSON)]
        found = [f for f in found if f.pos_ == "PROPN"][:1]
    # ("A young man, Mr Ota, ... has become treasurer": the one named beside him)
    found = [next((c for c in f.children if c.dep_ == "appos" and named(c)), f) for f in found]
    found = [person(f) for f in found if named(person(f))]
    if not found:  # "a vote for a new captain and the boys chose Edem"
        for verb in token.sent:
            if verb.lemma_ in CHOOSING and verb.pos_ == "VERB":
                found += [c for c in children(verb, "dobj", "nsubjpass") if named(c)]
            if verb.lemma_ == "be" and child(verb, "nsubj") is not None:
                # ("the team voted a new captain, it is Tobias")
                if child(verb, "nsubj").lower_ in ("it", "that", "this"):
                    found += [c for c in children(verb, "attr") if named(c)]
    if token.tag_ != "NNS":
        return found  # ("Mr Alan Metcalfe (chairman), Mrs Dorothy Harker, ...": one chair)
    return found + [c for f in found for c in children(f, "conj") if named(c)]


def named_after_colon(token: Token) -> list[Token]:
    """The name said right after a colon that follows the post word in its sentence."""
    rest = [t for t in token.sent if t.i > token.i]
    colon = next((i for i, t in enumerate(rest) if t.text == ":"), None)
    if colon is None:
        return []
    names = []
    for word in rest[colon + 1 :]:
        if not (word.pos_ == "PROPN" and named(word)):
            break
        names.append(word)
    return names[-1:]


def taken_at(person: Token, sent, said_at: datetime) -> datetime | None:
    """When the post is theirs: when said, or from the month said of a post to come ("Mori-san
    will become the new head" in a message that says "in April"); None if no time is said."""
    # ("His daughter Ingvild ... takes over": the verb of the one named beside the holder)
    verb = person.head if person.head.pos_ in ("VERB", "AUX") else governing_verb(person)
    if verb is None:
        return said_at
    planned = is_plan(verb)
    month = month_said(said_in(sent, said_at) or (said_in(sent.doc[:], said_at) if planned else ""))
    if not planned:
        # ("takes over as managing director from April": the present of what is to come)
        later = month and month != said_at.month and verb.tag_ in ("VBZ", "VBP")
        return first_of(month, said_at) if later else said_at
    return first_of(month, said_at) if month else None


def month_said(date: str | None) -> int:
    """The month a date said names ("in April", "on 20 May 2026"), or 0."""
    words = (date or "").lower().split()
    return next((MONTH_WORDS[w[:3]] for w in words if w[:3] in MONTH_WORDS), 0)


def first_of(month: int, said_at: datetime) -> datetime:
    """The first day of the month said, the next one of its name."""
    year = said_at.year + (month < said_at.month)
    return said_at.replace(year=year, month=month, day=1, hour=0, minute=0)


def ends(token: Token, *, posted: bool = False) -> bool:
    """ "stepped down", "resigned", "hand over the head position", "is leaving"; and, in a
    sentence that speaks of the post, "done" or "finished" ("gary's done coaching")."""
    lemma = token.lemma_.lower()
    if posted and token.lower_ in ("done", "finished") and children(token, "nsubj", "nsubjpass"):
        return True
    if token.pos_ != "VERB":
        return False
    particle = child(token, "prt")
    return lemma in ENDING or (
        particle is not None and ENDING_PARTICLES.get(lemma) == particle.lower_
    )


def person(token: Token) -> Token:
    """The name of one said with an honorific after it: "Mori" of "Mori-san"."""
    if token.lower_ in TITLES:
        return next((c for c in token.children if c.dep_ == "compound"), token)
    return token


def named(token: Token) -> bool:
    """A person's name: said as a name, or a word no dictionary has ("dženan"); or the user."""
    if token.lower_ in ("i", "me"):
        return True  # ("they made me captain")
    if token.pos_ in NOT_NAMES or not token.is_alpha or token.lower_ in TITLES | DAYS:
        return False  # (nor "Mon Wed Fri", said after a physio's name)
    if token.pos_ == "PROPN":
        return True
    # ("A young man, Mr Ota": "man" is a first name too, and a word)
    return token.lower_ not in english_words() and token.lemma_.lower() not in english_words()


def name_of(token: Token) -> str:
    """The whole name said: "len mcallister", "Madam Dzifa Agbeko", "Mori-san"."""
    # (a title before it is kept, "Mr Phiri"; one after it is not: "Mori" of "Mori-san")
    parts = [c for c in token.lefts if c.dep_ in ("compound", "flat") and c.is_alpha]
    parts += [token] + [c for c in token.rights if c.dep_ in ("flat",)]
    return " ".join(p.text for p in parts)


def last_named(told: list[Told], pronoun: Token) -> str:
    """ "he resigned" after the holder was named: one named before it in its sentence
    ("Richard looks younger since he stepped down"), else the holder told last."""
    if pronoun.lower_ not in ("he", "she"):
        return ""
    before = [t for t in pronoun.sent if t.i < pronoun.i and t.pos_ == "PROPN" and named(t)]
    return name_of(before[-1]) if before else told[-1].holder if told else ""


def first_word(name: str) -> str:
    """The first word of a name that is no title: "raghavan" of "Mr. Raghavan"."""
    words = [w.strip(".").lower() for w in name.split()]
    word = next((w for w in words if w and w not in TITLES), "")
    return "i" if word == "me" else word

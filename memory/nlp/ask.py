"""What a question asks, read from the same dependency parse as statements: the entity, the
slot and (for yes/no) the value, so that a question meets the facts its statement made.

The statement-shaped reading of memory.nlp.questions (the relation lexicon over a question
turned back into a statement) stays the base; the parse adds what it cannot see: slots owned
by someone ("What is my dog's name?", "Who is Ana's husband?"), copulas ("Am I still
vegetarian?"), sets ("What pets do I have?"), the speaker as subject, and "when".
"""

import re
from dataclasses import replace

from memory.nlp.anchors import event_anchor
from memory.nlp.asked import GOING_TO, asked_plainly, verb_of, will_do
from memory.nlp.heldby import by_duty, common_noun, held_here, in_charge, in_group
from memory.nlp.intro import agent
from memory.nlp.marks import NOW_ADVERBS
from memory.nlp.parse import Token, child, children, parse
from memory.nlp.predicates import is_time
from memory.nlp.providers import PROVIDING, SERVED, service
from memory.nlp.questions import QuestionIntent, parse_question, unwrap
from memory.nlp.reader import (
    ANIMALS,
    CHILDREN,
    NAMING_VERBS,
    ROLE_SYNONYMS,
    SIBLINGS,
    STAFF,
    Reader,
    lexicon_reading,
    prep_objects,
)
from memory.nlp.relations import ROLE_NOUNS
from memory.nlp.slotwords import OF_PLACES, commute_asked, getting_around, measured, possessing
from memory.nlp.words import PEOPLE, VEHICLES

# Questions whose owned noun is the slot asked ("What is my dog's name?", "Who is my
# manager?", "What's my sister called?", "What pets do I have?"); with any other verb the
# owned noun is the entity asked about ("Where does my brother live?").
OWNING_VERBS = {"be", "call", "name", "have"}
# The young of an animal is one of its kind ("what's my cat called?" of a kitten).
YOUNG = {"kitten": "cat", "puppy": "dog", "pup": "dog", "foal": "horse", "calf": "cow"}
YOUNG |= {"lamb": "sheep", "chick": "chicken", "duckling": "duck", "bunny": "rabbit"}
# Role nouns that name a person the user told of as a role ("my partner is Jamie").
PERSON_ROLES = {"partner", "girlfriend", "boyfriend", "spouse", "unmarried partner"}

# Words that name a set of roles rather than one ("What pets do I have?").
OFFSPRING = CHILDREN | {"twin", "triplet"}  # "we have twins Esi and Ekow"
CATEGORIES = {
    "pet": ANIMALS,
    "animal": ANIMALS,
    "child": OFFSPRING,
    "kid": OFFSPRING,
    "sibling": SIBLINGS,
    "employee": STAFF,
    "staff": STAFF,
    "crew": STAFF,  # (a crew is who works for the user: "Hired Dan" puts Dan on it)
}


def one_of(root: Token) -> str | None:
    """ "Which (one) of my kids is expecting?" -> "Who is expecting?": the group named says
    where to look, the predicate what is asked."""
    who = child(root, "nsubj", "nsubjpass")
    if who is None or not (who.lower_ in ("which", "who") or child(who, "det") is not None):
        return None
    if who.lower_ not in ("which", "who") and child(who, "det").lower_ != "which":
        return None
    of = next((c for c in who.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    group = child(of, "pobj") if of is not None else None
    if group is None:
        return None
    if who.lower_ not in ("which", "who", "one") and group.tag_ != "NNS":
        return None  # "Which part of Freiburg is my studio in?" asks a place, not a person
    rest = root.doc[who.right_edge.i + 1 :].text
    return f"who {rest}" if rest.strip(" ?") else None  # (in lower case: "Who" is no name)


# A time that means "now" at a question's end is no part of what is asked ("what hobbies do I
# have these days?" asks no "day").
NOWADAYS = re.compile(
    r"\b(?:these days|nowadays|at the moment|at present|right now|for now|lately)(?=\W*$)", re.I
)
# "Who do I drive for now?": the "for" is the wh-word's own, only "now" is the time.
FOR_WHOM = re.compile(r"^\s*(?:who|whom|what|which)\b.*\bfor(?= now\W*$)", re.I)


# "where's Ali from?": the contraction said whole, which the question readers take apart
WH_IS = re.compile(r"^(\s*(?:where|who|how|when))['’]s\b", re.I)
# "what's Lorraine's husband's name?": "what is" (memory.pipeline.expect reads it so)
WHAT_IS = re.compile(r"^(\s*what)['’]s\b", re.I)
# "what's my son doing these days?": "what is", where the progressive ends the question
WHAT_IS_DOING = re.compile(
    r"^(\s*what)['’]s\b(?=(?:\s+[\w'’]+){1,3}?\s+\w+ing"
    r"(?:\s+(?:these days|nowadays|now|lately|at the moment))?\s*[?.!]*\s*$)",
    re.I,
)


# "who's on bin duty now?", "who was on the cooking rota?": who does it (the duty's noun is
# what is done: "rasmus does the bins")
# ("in our flat": where the rota is, which the duty's doers are not told by)
ON_DUTY = re.compile(
    r"^(\s*who)\s+(is|was)\s+on\s+(?:the\s+)?(?!(?:my|our|your|his|her|their|the)\b)"
    r"([a-z-]+)\s+(?:duty|rota)\b"
    r"(?:\s+(?:in|at|for)\s+(?:our|my|the)\s+[a-z]+)?"
    # ("who is on the watering rota with me?" asks who is in the group)
    r"(?=\s*(?:now|today|these days|this week|at the moment)?\s*[?.!]*\s*$)",
    re.I,
)


def _duty(match: re.Match) -> str:
    done = "does" if match.group(2).lower() == "is" else "did"
    return f"{match.group(1)} {done} the {match.group(3)}"


def as_duty(text: str) -> str:
    """ "who's on bin duty in our flat now?" -> "who does the bin now?" (asked so from the
    start: the question's vector, too, is of what is done)."""
    said = WH_IS.sub(r"\1 is", text)
    return ON_DUTY.sub(_duty, said) if ON_DUTY.search(said) else text


def read_question(text: str, *, speaker: str) -> QuestionIntent:
    text = as_duty(asked_plainly(text))
    text = WH_IS.sub(r"\1 is", text)
    text = WHAT_IS_DOING.sub(r"\1 is", text)
    text = GOING_TO.sub(will_do, text)
    now = NOWADAYS.sub("now", text) if not FOR_WHOM.match(text) else text
    intent = household(_read_question(now, speaker=speaker), speaker)
    role = (intent.relation or "").removeprefix("role:")
    mine = intent.subject in (None, speaker)
    if role != intent.relation and mine and intent.wh == "where" and FROM_END.search(text):
        # "Where's my apprentice from?" asks where the apprentice comes from, not who it is
        intent = replace(intent, subject=f"{speaker}'s {role}", relation="from", object=None)
    if role != intent.relation and mine and WITH_END.search(text) and role not in PEOPLE:
        # "Who is my car insurance with?": the company the thing is with ("my car insurance
        # is with Aviva", the thing's `works_for`), not a person in that role
        intent = provided(intent, speaker, role)
    *served, company = role.split() or [""]
    served = served if served and served[-1] in SERVED else []  # (not "regular suppliers")
    if role != intent.relation and mine and served and company in PROVIDING:
        # "Who is our internet provider now?": whom the internet is with
        intent = provided(intent, speaker, " ".join(served))
    intent = replace(intent, relation=verb_of(intent.relation))
    if intent.wh == "where" and intent.relation in MOVING and not intent.yes_no:
        # "Where is Maria moving (in July)?": where she will live ("in July" is no particle)
        intent = replace(intent, relation="lives_in")
    if (intent.relation or "").endswith("_after") and intent.wants_order:
        # "who looks after sales now?": the verb's particle, no time after sales
        intent = replace(intent, wants_order=False, anchor=None)
    subject = intent.subject
    parts = subject.split(" and ") if subject else []
    ours = any(p.strip().lower() in ("i", "me", "we", speaker.lower()) for p in parts)
    if len(parts) > 1 and intent.relation and not intent.yes_no and not ours:
        # "where do flor and martin live?": what is told of two is told of each (the facts
        # of "X and Y moved" are one per person), so the first one named answers for both
        subject = parts[0].strip() or subject
        if "'s " in parts[-1]:  # "Tarik and Lejla's dad" is the dad of both
            subject = parts[-1].strip()
    return replace(intent, subject=subject, anchor=event_anchor(intent.anchor))


def provided(intent: QuestionIntent, speaker: str, thing: str) -> QuestionIntent:
    """The question as asking whom the user's `thing` is with (its `works_for`)."""
    subject = f"{speaker}'s {service(thing)}"
    return replace(intent, subject=subject, relation="works_for", object=None)


def _read_question(text: str, *, speaker: str) -> QuestionIntent:
    base = parse_question(text, speaker=speaker)
    doc = parse(unwrap(text).rstrip(" ?.!") + "?")
    reader = Reader(speaker=speaker)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return base
    verb = child(root, "nsubj")
    if root.lemma_ == "be" and verb is not None and verb.tag_ == "VBG" and child(verb, "nsubj"):
        root = verb  # "When is my mum retiring?" parsed with "is" as the root
    habit = habitual(root)
    if habit:  # "Did I use to smoke?" asks "Did I smoke?" of the past
        return replace(read_question(habit, speaker=speaker), text=text, wants_past=True)
    among = one_of(root)
    if among:  # "Which of my supervisors replies to emails at 2am?" asks who does
        return read_question(among, speaker=speaker)
    if not base.yes_no and getting_around(root):  # "What do I use to get around now?"
        subject = child(root, "nsubj")
        if subject is not None:
            return replace(base, subject=reader.entity(subject), relation="drive", object=None)
    if not base.yes_no and commute_asked(root):  # "How do I get to work these days?"
        subject = child(root, "nsubj")
        if subject is not None:
            return replace(base, subject=reader.entity(subject), relation="commute_by")
    doing = child(root, "xcomp")
    if doing is not None and doing.lemma_ == "do" and root.doc[0].lower_ == "what":
        # "What did I start doing at the club?" asks what is done there, not a job there
        return replace(base, relation=None, object=None)
    owning = root.lemma_ in OWNING_VERBS or possessing(root)
    duty = by_duty(root, reader)
    if duty:  # ("who looks after the money?" asks of no time "after" the money)
        return replace(
            base, subject=duty[0], relation=duty[1], object=None, anchor=None, wants_order=False
        )
    owned = held_here(root, reader) or in_charge(root, reader) or in_group(root, reader)
    owned = owned or aged(doc, reader) or (owned_slot(doc, reader) if owning else None)
    owned = owned or called_role(root, reader)
    found = (
        owned
        or copular(root, reader)
        or occupation(root, reader)
        or verbal(root, reader)
        or holding(root, reader)
    )
    if found is None:
        if base.yes_no and base.relation in PLACED and base.object is None:
            # "Does Ana still live on Elm Street?": the lexicon knew the verb, not the place
            return replace(base, object=placed_value(root, reader, base.subject or ""))
        return base
    subject, relation, value = found
    relation = measured(relation)
    # A wh-question's own words are not a value to match ("What is my cat's name?").
    obj = value if value is not None else (base.object if base.yes_no else None)
    if base.yes_no and obj is None:
        obj = asked_value(root, reader)
    past = base.wants_past and relation != "age"  # "How old is she?" is about now
    return replace(base, subject=subject, relation=relation, object=obj, wants_past=past)


HOUSEHOLD = {"live_with", "stay_with", "move_in", "move_in_with"}
MOVING = {"move", "move_in", "relocate", "emigrate", "move_out"}
FROM_END = re.compile(r"\bfrom\s*[?.!]*\s*$", re.I)
WITH_END = re.compile(r"\bwith(?: now| at the moment)?\s*[?.!]*\s*$", re.I)
WHICH_KIND = re.compile(r"\s*(?:which|what)\s+(\w+)", re.I)
WITH_ME = re.compile(r"\bwith (?:me|us)\b", re.I)
# ("Who lives in our home in Narva now?": the user's home, wherever it is named)
OUR_HOME = re.compile(r"\b(?:our|my) (?:home|house|flat|apartment|place)\b", re.I)
FOR_ME = re.compile(r"\bfor (?:me|us)\b", re.I)


def household(intent: QuestionIntent, speaker: str) -> QuestionIntent:
    """ "Who lives with me?", "Who do I live with now?", "Does Elena still live with us?":
    who lives with the user are the user's housemates (`role:housemate`, which "we share a
    flat with X" and "X moved in with us" fill)."""
    if intent.relation == "works_for" and (
        intent.object == speaker or FOR_ME.search(intent.text) and intent.subject != speaker
    ):
        return employs(intent, speaker)
    kind = (intent.relation or "").removeprefix("has_")
    if kind in CATEGORIES and intent.subject is None and WITH_ME.search(intent.text):
        # "which pets live with me and dan now?": the pets the user has
        return replace(intent, subject=speaker, relation=f"role:{kind}", object=None)
    home = intent.relation == "lives_in" and (
        (intent.object or "").startswith(f"{speaker}'s ") or OUR_HOME.search(intent.text)
    )
    # ("Who lives at home with me now?": with the user, wherever the home is said)
    home = home or intent.relation == "lives_in" and WITH_ME.search(intent.text)
    if home and intent.subject is None and not intent.yes_no:
        # "who lives in my república now?": the people the user lives with, not the user
        return replace(intent, subject=speaker, relation="role:housemate", object=None)
    if intent.relation not in HOUSEHOLD:
        return intent
    which = WHICH_KIND.match(intent.text)
    if which and which.group(1).lower().rstrip("s") in CATEGORIES:
        # "which animals live with me now?": the pets, not the people in the house
        role = f"role:{which.group(1).lower()}"
        return replace(intent, subject=speaker, relation=role, object=None)
    # "Who moved in with us?" (not "which children are living with us?", a kind asked)
    with_me = intent.subject is None and WITH_ME.search(intent.text) and not which
    if (
        intent.subject == speaker
        or with_me
        or (intent.subject is None and intent.object == speaker)
    ):
        return replace(intent, subject=speaker, relation="role:housemate", object=None)
    if intent.yes_no and intent.subject and WITH_ME.search(intent.text):
        return replace(intent, subject=speaker, relation="role:housemate", object=intent.subject)
    return intent


def employs(intent: QuestionIntent, speaker: str) -> QuestionIntent:
    """ "Who works for me?", "Does Murat still work for me?": the user's staff, whatever
    role each was hired into (`role:employee` covers them all)."""
    if intent.subject is None:
        return replace(intent, subject=speaker, relation="role:employee", object=None)
    return replace(intent, subject=speaker, relation="role:employee", object=intent.subject)


def habitual(root: Token) -> str | None:
    """ "Did I use to live in Porto?" -> "Did I live in Porto?": "used to" says a habit or
    state of the past; the question without it asks the slot itself."""
    comp = child(root, "xcomp")
    to = child(comp, "aux") if comp is not None else None
    if root.lemma_ != "use" or comp is None or to is None or to.lower_ != "to":
        return None
    if root.tag_ == "VBG":
        return None  # "What am I using to get to work now?": a means, no habit
    if any(a.lower_ in ("do", "does") for a in children(root, "aux")):
        return None  # "What do I use to get around?": a means, now
    return "".join(t.text_with_ws for t in root.doc if t not in (root, to)).strip()


PLACED = {"lives_in", "works_for"}  # slots whose value is where one is


def placed_value(root: Token, reader: Reader, subject: str) -> str | None:
    """The object of a yes/no predicate's first preposition ("on Elm Street", "on a ship"),
    when it is not whom the question is about."""
    place = _first_placed(root)
    value = reader.value(place) if place is not None else None
    if value is None or set(value.lower().split()) & set(subject.lower().split()):
        return None
    return value


def asked_value(root: Token, reader: Reader) -> str | None:
    """What a yes/no question asks to be held: the predicate's object, or the object of its
    first preposition ("Does Sam still work at the restaurant?" -> restaurant)."""
    obj = child(root, "dobj", "attr")
    if obj is None or obj.pos_ not in ("NOUN", "PROPN"):
        obj = _first_placed(root)
    return reader.value(obj) if obj is not None else None


def _first_placed(root: Token) -> Token | None:
    """The noun after a predicate's first preposition that has one ("on Elm Street")."""
    return next((o for _, o in prep_objects(root) if o.pos_ in ("NOUN", "PROPN")), None)


def owned_slot(doc, reader: Reader) -> tuple[str, str, str | None] | None:
    """ "What is my dog's name?", "Who is my manager?", "What's my sister called?",
    "What pets do I have?", "Do I have a dog?"."""
    given = next((n for t in doc if (n := name_given(t, reader))), None)
    if given is not None:
        return given
    for token in doc:
        named = name_of_thing(token, reader)
        if named is not None:
            return named
        if not common_noun(token) or not person_owned(token):
            continue
        owner = reader.owner(token)
        if child(token, "appos") is not None:
            continue  # "my sister Ana": the question is about Ana
        said = child(token.head, "acomp", "attr", "oprd")
        if token.dep_ == "nsubj" and said is not None and said.tag_ not in ("WP", "WDT"):
            continue  # "Is my mum retired?": something said of the role's holder
        doing = child(token.head, "xcomp")
        if token.dep_ == "nsubj" and doing is not None and doing.tag_ == "VBG":
            continue  # "What is my brother studying now?" (parsed with "is" as the verb)
        # ("Is Lotte still my housemate?" is parsed with the role as an apposition)
        if owner and token.dep_ in ("nsubj", "nsubjpass", "attr", "dobj", "pobj", "appos"):
            role = reader.role(token)
            held = token.head.head if token.dep_ == "pobj" and token.head.lower_ == "of" else None
            if held is not None and held.pos_ == "NOUN" and held.lower_ in OF_PLACES:
                # "who's the head of my school?": my school's head is my head teacher
                role = ROLE_SYNONYMS.get(held.lower_, held.lower_)
            inner = child(token, "poss")
            if role == "name" and inner is not None and inner.pos_ == "NOUN":
                role = reader.role(inner)
                owner = reader.owner(inner) or owner
            if role == "name":
                return owner, "is_called", None
            if role in ROLE_NOUNS and role not in PERSON_ROLES:  # "my employer": where I work
                return owner, ROLE_NOUNS[role], None
            # "Is Clara still my neighbour?", "Is Tiago one of my kids?": the name the
            # question is about is the value asked.
            root = token.sent.root
            named = child(root, "nsubj") if root.lemma_ == "be" else None
            named = named if named is not None and token not in named.ancestors else None
            value = reader.name_of(named) if named is not None and named.pos_ == "PROPN" else None
            return owner, f"role:{role}", value
        if token.dep_ == "dobj" and possessing(token.head):
            subject = child(token.head, "nsubj")
            if subject is not None:
                role = reader.role(token)
                # ("what car have we got now?": the one vehicle had is the one driven)
                one_vehicle = role in VEHICLES and token.tag_ != "NNS"
                return reader.entity(subject), "drive" if one_vehicle else f"role:{role}", None
    return None


def called_role(root: Token, reader: Reader) -> tuple[str, str, None] | None:
    """ "What's Dafydd's wife called?": the name of whoever fills an owned role."""
    passive = root.tag_ == "VBN" or child(root, "auxpass") is not None
    held = child(root, "nsubjpass", "nsubj")
    named = child(held, "acl") if held is not None and root.lemma_ == "be" else None
    if named is not None and named.lemma_ in NAMING_VERBS and named.tag_ == "VBN":
        passive = True  # "what's the new apprentice called?" parsed with "called" on the noun
    elif root.lemma_ not in NAMING_VERBS or not passive:
        return None
    poss = child(held, "poss") if held is not None else None
    article = child(held, "det") if held is not None else None
    if held is not None and poss is None and article is not None and article.lower_ == "the":
        # "what's the new apprentice called?": one of the user's people, by "the"
        if held.pos_ == "NOUN" and (held.lemma_.lower() in PEOPLE | STAFF or agent(held.lower_)):
            return reader.speaker, f"role:{reader.role(held)}", None
    if held is None or held.pos_ != "NOUN" or poss is None:
        return None
    # (a name the tagger took for a verb, "Hamed's wife", is still the owner's name)
    owner = reader.owner(held) if poss.pos_ in ("PRON", "NOUN", "PROPN") else poss.text
    return (owner, f"role:{reader.role(held)}", None) if owner else None


def name_of_thing(token: Token, reader: Reader) -> tuple[str, str, None] | None:
    """ "What's the name of my sister's dog?", "... of the greyhound we adopted?": the name
    of a thing owned, whoever owns it by a possessive or by the clause that says who has it."""
    of = child(token, "prep") if token.lemma_ == "name" else None
    thing = child(of, "pobj") if of is not None and of.lower_ == "of" else None
    if thing is None or thing.pos_ != "NOUN":
        return None
    owner = reader.owner(thing)
    clause = child(thing, "relcl")
    who = child(clause, "nsubj") if clause is not None and owner is None else None
    if who is not None and who.pos_ in ("PRON", "PROPN"):
        owner = reader.entity(who)  # "the greyhound we adopted": ours
    return (owner, f"role:{reader.role(thing)}", None) if owner else None


def name_given(token: Token, reader: Reader) -> tuple[str, str, None] | None:
    """ "What did we name the dinghy?", "What did I call my sourdough starter?": the name the
    namer gave a thing is the namer's role of that kind, as "we named her Second Wind" is
    read."""
    if token.lemma_ not in NAMING_VERBS or token.tag_ == "VBN":
        return None  # "What's it called?" asks what "it" is called
    things = [c for c in token.children if c.dep_ in ("dobj", "oprd") and c.pos_ == "NOUN"]
    namer = child(token, "nsubj")
    if not things or namer is None or not any(c.tag_ in ("WP", "WDT") for c in token.children):
        return None
    thing = things[-1]
    owner = reader.owner(thing) or reader.entity(namer)
    return owner, f"role:{reader.role(thing)}", None


def occupation(root: Token, reader: Reader) -> tuple[str, str, str | None] | None:
    """ "What does Tom do?", "What do I do for a living?": the job."""
    subject = child(root, "nsubj")
    asks = child(root, "dobj")
    if root.lemma_ != "do" or subject is None or asks is None or asks.lower_ != "what":
        return None
    return reader.entity(subject), "works_as", None


def holding(root: Token, reader: Reader) -> tuple[str, str, str | None] | None:
    """ "Does Rosa still have Pantufa?": whoever is asked about, a named thing had is the
    value asked, answered by the facts that hold it."""
    subject = child(root, "nsubj")
    obj = child(root, "dobj")
    if root.lemma_ != "have" or subject is None or obj is None or obj.pos_ != "PROPN":
        return None
    return reader.entity(subject), "have", reader.value(obj)


def person_owned(token: Token) -> bool:
    """ "my dog", "Ana's husband", "my dog's name" - not "women's tennis" inside a name."""
    poss = child(token, "poss")
    if poss is None:
        return token.dep_ == "dobj"  # "What pets do I have?"
    if poss.pos_ in ("PRON", "PROPN"):
        return True
    return poss.pos_ == "NOUN" and child(poss, "poss") is not None


def aged(doc, reader: Reader) -> tuple[str, str, None] | None:
    """ "How old is Kurt turning?", "how old will my mum be in May?": the age asked of
    whoever follows "how old", whatever verb the parser hung them on."""
    if len(doc) < 3 or doc[0].lower_ != "how" or doc[1].lower_ != "old":
        return None
    # ("turning", which the tagger may take for a noun, is what they do, not who)
    named = [t for t in doc[2:] if t.pos_ in ("PROPN", "NOUN", "PRON") and t.tag_ != "VBG"]
    named = [t for t in named if not (t.pos_ == "NOUN" and t.lower_.endswith("ing"))]
    # ("how old is my granddaughter Ioana": the one the clause is about, by name)
    who = next((t for t in named if t.dep_ == "nsubj"), named[0] if named else None)
    if who is None or is_time(who) or who.dep_ not in ("nsubj", "compound", "poss"):
        return None
    return reader.entity(who), "age", None


def copular(root: Token, reader: Reader) -> tuple[str, str, str | None] | None:
    """ "Am I vegetarian?", "Is Ana a nurse?": the `is` slot with the asked value."""
    first = root.doc[0]
    misread = root.tag_ not in ("VBG", "VBN") and root.lemma_ != "be"  # not "Was I fired?"
    if misread and first.lemma_ == "be" and first.head == root and first.dep_ in ("punct", "aux"):
        # "Was I vegetarian before?" is parsed with the adjective as its root
        subject = child(root, "nsubj")
        return (reader.entity(subject), "is", root.text) if subject is not None else None
    if root.lemma_ != "be":
        return None
    value = child(root, "acomp") or child(root, "attr")  # "What am I allergic to?"
    subject = child(root, "nsubj") or (child(value, "nsubj") if value is not None else None)
    subjects = [c for c in root.children if c.dep_ == "nsubj"]
    asked = [c for c in subjects if any(d.tag_ in ("WDT", "WP") for d in c.children)]
    stranded = [c for c in root.children if c.dep_ == "prep" and not list(c.children)]
    if value is None and len(subjects) == 2 and asked and stranded:
        # "What blood pressure tablet am I on?" is parsed with two subjects: the asked one
        # is the complement
        value, subject = asked[0], next(c for c in subjects if c != asked[0])
    if value is not None and subject is not None and value.lower_ == "old":
        return reader.entity(subject), "age", None  # "How old is Maria?"
    if value is not None and subject is not None and value.lower_ in ("much", "many"):
        owner = reader.owner(subject) if subject.pos_ == "NOUN" else None
        if owner:  # "How much is my rent now?" asks what "my rent is 700" holds
            return owner, f"role:{reader.role(subject)}", None
    if value is not None and value.pos_ == "ADJ" and subject is not None:
        prep = child(value, "prep")  # "What am I allergic to?", "Am I allergic to nuts?"
        if prep is not None:
            asked = child(prep, "pobj")
            named = reader.value(asked) if asked is not None else None
            return reader.entity(subject), f"is_{value.lemma_.lower()}_{prep.lower_}", named
    if subject is None or value is None or value.lower_ in ("what", "who", "where"):
        return None
    if child(value, "prep") is not None or value.pos_ == "PROPN":
        return None  # "Is X a member of Y": the relation lexicon reads those
    if stranded and any(c.tag_ in ("WDT", "WP") for c in value.children):
        # "What medication am I on now?": what the subject is on, as "I'm on ramipril" says
        return reader.entity(subject), f"be_{stranded[0].lower_}", None
    if value.tag_ == "VBN":  # "Is my mum retired?": the verb's slot, as statements store it
        return reader.entity(subject), value.lemma_.lower(), None
    return reader.entity(subject), "is", reader.value(value)


# What "how much" asks of without naming a slot: "How much money do I make?"
UNCOUNTED = {"money", "time", "cash"}


def verbal(root: Token, reader: Reader) -> tuple[str, str, str | None] | None:
    """Questions about the speaker: "Where do I work now?", "What instrument am I
    learning?", "When did I start at Unbabel?"."""
    subject = child(root, "nsubj", "nsubjpass")
    mine = subject is not None and (
        subject.lower_ in ("i", "we", "me") or reader.owner(subject) == reader.speaker
    )
    if not mine:
        return None  # third parties: the statement-shaped reading handles their names
    amount = child(root, "dobj")
    # (the tagger may take an unknown drug for an adverb: "how much levothyroxine")
    if amount is not None and amount.pos_ != "PRON" and amount.lemma_ not in UNCOUNTED:
        if any(c.lower_ == "much" for c in amount.children):
            # "How much amlodipine am I taking?" asks what "my amlodipine" holds, as "How
            # much is my rent?" does
            role = reader.role(amount).removeprefix("much ")
            return reader.entity(subject), f"role:{role}", None
    # ("What medication am I on now?": "now" says when, not what is asked)
    words = [t for t in root.subtree if t.i >= root.i and t.dep_ not in ("punct",)]
    words = [t for t in words if not (t.dep_ == "advmod" and t.lower_ in NOW_ADVERBS)]
    lemmas = [t.lemma_.lower() if t.pos_ != "PROPN" else t.text for t in words]
    tags = [t.tag_ if t is not root or t.tag_.startswith("VB") else "VBP" for t in words]
    found = lexicon_reading(lemmas, tags)
    where = any(t.lower_ == "where" for t in root.doc)
    # ("Where have I started going?": where one goes, not where one started)
    begun = child(root, "xcomp") if root.lemma_ in ("start", "begin", "keep") else None
    verb = [begun.lemma_.lower()] if begun is not None else lemmas[:1]
    for prep in ("to", "in", "at") if found is None and where else ():
        # "Where am I travelling?": the place word stands for the preposition's object
        found = lexicon_reading([*verb, prep, "X"], [tags[0], "IN", "NNP"])
        if found is not None:
            break
    if found is not None:
        value = next(
            (
                reader.value(o)
                for p, o in prep_objects(root)
                if o.pos_ == "PROPN" and p not in ("before", "after", "since", "until")
            ),
            None,
        )
        return reader.entity(subject), found.relation, value
    comp = child(root, "xcomp")
    target = comp if comp is not None and root.lemma_ in ("start", "begin", "keep") else root
    prt = child(target, "prt")
    relation = target.lemma_.lower() + (f"_{prt.lower_}" if prt is not None else "")
    obj = child(target, "dobj")
    if obj is None:
        places = prep_objects(target)
        if places:
            relation = f"{relation}_{places[0][0]}"
    if root.lemma_ in ("be", "do", "have") and obj is None and not prep_objects(target):
        return None
    # "Do I still have Mimi?", "Did I sell the Golf?": a named object is the value asked
    # about, which the facts holding it answer whatever slot they are in.
    named = obj if obj is not None and obj.pos_ == "PROPN" else None
    return reader.entity(subject), relation, reader.value(named) if named is not None else None


def category_roles(relation: str | None) -> set[str]:
    """The roles a category question covers: "role:pet" -> dogs, cats ...; else its own."""
    if not relation or not relation.startswith("role:"):
        return set()
    role = relation.removeprefix("role:")
    head = role.split()[-1]
    for name in (head, head.rstrip("s")):
        if name in CATEGORIES:
            return CATEGORIES[name] | {role}
    return {role}

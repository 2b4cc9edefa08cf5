"""What a person says of themselves without a verb, the way people open a chat: "hey.
paramedic in kampala, with a private ambulance service", "31, data analyst at Grab since
2022", "welder at the shipyard in gdańsk". The fragment is read as "I'm a paramedic in
kampala, ..." when it starts with a noun for someone who does something (an agent noun, by
its ending or a short list) followed by where or for whom."""

import re

from memory.nlp.parse import parse
from memory.nlp.profile import profile_said

# Agent nouns by their ending: teacher, translator, florist, librarian, paramedic, engineer.
AGENT = re.compile(r"(er|or|ist|ian|ant|ent|eer|ic|man|woman|smith|wright|yst|hand)$")
# Common words with those endings that name no one.
NOT_AGENTS = frozenset(
    "winter summer water dinner number weather paper letter order corner door floor colour "
    "color mirror error center centre power river tower border chapter cancer computer "
    "other mother father brother sister daughter partner hour year career matter member "
    "weekend event moment parent client present comment apartment department restaurant "
    "plant giant music clinic traffic picnic topic panic mosaic fabric public arctic "
    "garden sweater shower flower burger butter finger after never over under ever man woman "
    "human".split()
)
# Jobs whose names carry no agent ending.
JOBS = frozenset(
    "nurse chef cook guide lead vet physio sparky tradie barista nanny pilot clerk judge "
    "coach medic midwife intern dev model surgeon dentist sommelier ranger physician "
    "architect analyst chemist pharmacist paralegal tutor trainee apprentice postdoc "
    "freelancer contractor consultant accountant lawyer attorney mechanic plumber "
    "electrician carpenter farmer fisherman welder baker butcher cashier waiter waitress "
    "bartender barber hairdresser stylist tailor potter poet writer editor designer "
    "photographer journalist reporter researcher scientist professor lecturer teacher "
    "student librarian cleaner driver courier gardener nanny carer caregiver "
    "volunteer officer soldier sailor captain skipper diver firefighter paramedic "
    "rn gp emt".split()
)
PLACES = ("at", "in", "for", "with", "on")
HOMED = {"living", "based"}
GREETINGS = re.compile(
    r"^\s*((hi|hey|hello|hiya|yo|morning|evening|quick intro)\b[^.!?:~]*?(?:[.!?:,~]+|$)\s*"
    r"|(ok|so|well|um)\b[.!?:,~]*\s*)+",  # a filler goes alone: "so im youssef, 34"
    re.I,
)
SEGMENT = re.compile(r"(?<=[.!])\s+")  # not after "?": "my sister? nurse at St James"


# "Callum here", "casey.", "Liis, 30, I co-founded ...": a first name opening a message
# (also said with "I'm": "i'm Lucia, sommelier at Bodega Alto Cielo")
# ("I am" in the languages chat mixes in too: "soy kevin", "je suis Aline", "ich bin Jonas")
I_AM = r"i'm|im|i am|soy|sou|je suis|ich bin|sono|jestem"
NAMED = re.compile(
    rf"^(?:(?P<said>{I_AM}|my name is|my name's) )?"
    r"(?P<name>[^\W\d_]{3,})(?P<here> here)?"
    r"(?P<origin> from [^\W\d_][^\W\d_'-]*(?: [^\W\d_][^\W\d_'-]*)?)?(?P<end>\s*(?:[,.:!]|$))",
    re.I,
)
HELLO = re.compile(
    rf"^(?!(?:{I_AM}|my name)\b)"
    r"(?P<word>[^\W\d_]+)(?: (?!here\b)[^\W\d_]+)?\s*[,!]\s*",
    re.I,
)
SAID_OF_THEM = {"is", "was", "has", "had", "works", "lives", "does", "says", "and"}
AGE = re.compile(r"^(?P<age>[1-9]\d?)(?P<end>\s*[,.!]|$)")
AGED = re.compile(r"^[,\s]*(?P<age>[1-9]\d?)\s*,\s*(?P<rest>\S.*)$", re.S)


# "Namaste from Rishikesh!", "greetings from sunny Crete": a hello sent from a place says
# where the speaker is
HELLO_FROM = re.compile(
    r"^\s*(?:(?:hello|hi|hey|greetings|namaste|hola|bonjour|ciao|salut|aloha|kia ora|"
    r"salam|merhaba|ola|olá|hallo|hej)\s+)+from\s+(?:sunny\s+|rainy\s+|beautiful\s+)?"
    r"(?P<place>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)\s*(?P<end>[!.]+|$)",
    re.I,
)


def said_of_self(text: str) -> str:
    """`text` with each verbless self-description said as "I'm a ..."."""
    text = profile_said(HELLO_FROM.sub(_here, text, count=1))
    parts = SEGMENT.split(text)
    named = _named(parts)
    if named != parts:
        parts = SEGMENT.split(" ".join(named))
    changed = [_as_self(part) for part in parts]
    return " ".join(changed) if changed != parts or named != SEGMENT.split(text) else text


def _here(found: re.Match) -> str:
    place = found["place"]
    if not place[:1].isupper():
        return found[0]  # ("hi from me": no place)
    return f"I arrived in {place}{found['end'] or '.'} "  # (a visit: home is kept)


def _named(parts: list[str]) -> list[str]:
    """The message's opening name said as "I'm <name>", and an age right after it as "I'm
    <age>" ("hey. casey. 42. head brewer at ...")."""
    out = list(parts)
    for index, part in enumerate(parts[:3]):
        body = GREETINGS.sub("", part)
        hello = HELLO.match(body)  # "salut, camille, ...", "kia ora, aroha here"
        if hello is not None and (" " in hello[0].strip() or not _first_name(hello["word"])):
            body = body[hello.end() :]
        found = NAMED.match(body)
        if found is None or not _introduces(found, body):
            if len(body.split()) > 2:
                return out  # the message says something else first
            continue
        if _greeting(found, body, parts[index + 1 : 3]):
            continue  # "salam. khalid, 33, ...": the word alone was a hello
        lead = part[: len(part) - len(body)]
        rest = body[found.end() :].strip()
        name = found["name"][:1].upper() + found["name"][1:]
        if found["origin"]:  # "elena from ohrid, me and my mum run ..."
            name += found["origin"]
        aged = AGED.match(rest)
        job = _as_self(aged["rest"]) if aged else ""
        if aged and job != aged["rest"]:
            # "jess, 34, RN at the uni hospital": the age, then what she does on its own
            out[index] = f"{lead}I'm {name}. I'm {aged['age']}. {job}"
        elif rest[:1].isdigit():  # "kai, 29, from gothenburg"
            out[index] = f"{lead}I'm {name}, {rest}"
        else:  # "camille, neonatal nurse at the CHU": what she does is said on its own
            out[index] = f"{lead}I'm {name}. {rest}".strip()
        after = parts[index + 1] if index + 1 < len(parts) else ""
        age = AGE.match(after.strip())
        if age:  # "34, welder at the shipyard": the age, then what they do on its own
            rest = after.strip()[age.end() :].strip()
            out[index + 1] = f"I'm {age['age']}." + (f" {rest}" if rest else "")
        return out
    return out


def _greeting(found: re.Match, body: str, after: list[str]) -> bool:
    """A lone word ("salam.", "szia.") is a hello, not a name, when the next part
    introduces someone ("so im youssef, 34, ...", "khalid, 33, from salalah")."""
    if found["said"] or found["here"] or body[found.end() :].strip():
        return False
    for part in after:
        body = GREETINGS.sub("", part)
        named = NAMED.match(body)
        if named is not None and _introduces(named, body):
            return True
    return False


def _introduces(found: re.Match, body: str) -> bool:
    """ "riley here", "casey." alone, or "kai, 29, ...", "camille, neonatal nurse at ...": a
    name said of oneself, not someone addressed ("Ana, can you help me?")."""
    from memory.nlp.casing import english_words

    name = found["name"]
    if found["origin"] and (_first_name(name) or found["said"]):
        return True  # "elena from ohrid", "im neema from mwanza"
    if found["here"]:
        return _first_name(name) or name.lower() not in english_words()
    # "i'm Abena, a pharmacist": a capitalised word said after "I'm" is a name the list
    # may not know
    rest = [w.strip(",.").lower() for w in body[found.end() :].split()]
    # ("im youssef, 34": a word said after "im" and before an age is a name too)
    aged = bool(rest) and rest[0].isdigit()
    # ("im neema, research assistant at ...": a word no dictionary knows, said after "im"
    # and before what someone does, is a name too)
    unknown = name.lower() not in english_words()
    said = found["said"] is not None and (name[:1].isupper() or aged or unknown)
    if not (_first_name(name) or said):
        return False
    if not rest:
        return True
    if rest[0].isdigit() and rest[1:2] and rest[1] in SAID_OF_THEM:
        return False  # "Tom, 34, is my brother"
    return any(w.isdigit() or agent(w) or w in HOMED for w in rest[:3])


def _first_name(word: str) -> bool:
    from memory.nlp.casing import first_names
    from memory.nlp.predicates import listed_gender

    return word.lower() in first_names() or bool(listed_gender(word.capitalize()))


# "no longer a smoker, officially.", "... as of today 💪 no longer a smoker": what one is no
# longer, said without "I am", at the start of a segment or after a mark that is no word
NO_LONGER = re.compile(r"(?:^|(?<=[^\w\s,'’] ))(?=(?:no longer|not) an? [^\W\d_])", re.I)


def _as_self(segment: str) -> str:
    found = NO_LONGER.search(segment)
    if found and not verbed(segment[found.start() :]):
        return segment[: found.start()] + "I am " + segment[found.start() :]
    body = GREETINGS.sub("", segment)
    body = re.sub(r"^\d{1,3}\s*,\s*", "", body)  # "31, data analyst at Grab"
    doc = parse(body)
    place = next((t for t in doc if t.lower_ in PLACES), None)
    if len(doc) < 3 or place is None or place.i == 0 or place.i > 4:
        return segment
    head = doc[place.i - 1]
    # what comes after the first comma past the place is another clause ("a pharmacist in
    # Kumasi, i run the dispensary")
    end = next((t.i for t in doc[place.i :] if t.text in (",", ";", "-", "—")), len(doc))
    # no finite verb but the head itself, which the tagger may take for one ("team lead")
    # (a relative clause's verb says what a thing does: "at a company that makes bikes")
    described = {w.i for t in doc if t.dep_ in ("relcl", "acl") for w in t.subtree}
    finite = ("VBD", "VBZ", "VBP", "MD")
    if any(t.tag_ in finite and t.i != head.i and t.i not in described for t in doc[:end]):
        return segment  # "Sven likes playing chess on Sundays" says what Sven does
    said_article = doc[0].lower_ in ("a", "an")  # "a pharmacist in Kumasi"
    lead = doc[1 : head.i] if said_article else doc[: head.i]
    # (a lower-case word the tagger took for a name is no one's: "tram driver in szeged")
    if any(t.pos_ in ("PRON", "DET") or named(t) or verb(t) for t in lead):
        return segment  # "my sister's a nurse", "the nurse at St James": someone else
    # "irish guy living in Berlin": someone who lives somewhere, if not someone who works
    homed = head.lower_ in HOMED and head.i > 0 and doc[head.i - 1].pos_ == "NOUN"
    if not head.is_alpha or head.is_stop or not (agent(head.lower_) or homed):
        return segment
    # (a place the tagger took for a verb, "in szeged", is still a place)
    verbs = [t for t in doc[place.i : min(place.i + 6, end)] if t.pos_ in ("VERB", "AUX")]
    if any(t.dep_ != "pobj" and t.i not in described for t in verbs):
        return segment
    if said_article:
        return segment[: len(segment) - len(body)] + f"I'm {body}"
    article = "an" if body[:1].lower() in "aeiou" else "a"
    return segment[: len(segment) - len(body)] + f"I'm {article} {body}"


def verbed(clause: str) -> bool:
    """Whether the words up to the first mark that ends a clause have a verb."""
    for token in parse(clause):
        if token.is_punct and token.text in ",;:.!?—-":
            return False
        if token.pos_ in ("VERB", "AUX"):
            return True
    return False


def verb(token) -> bool:
    """A verb before the job ("love being a nurse"), not a noun the tagger took for one
    ("call center agent")."""
    return token.tag_ == "VB" and token.dep_ != "compound"


def named(token) -> bool:
    return token.pos_ == "PROPN" and token.text[:1].isupper()


def agent(word: str) -> bool:
    if word in JOBS:
        return True
    # (an ending alone, on a word that is an adjective too, names a state: "pregnant")
    if AGENT.search(word) is None or word in NOT_AGENTS or adjectival(word):
        return False
    return _agentive(word.lower())


def _agentive(word: str) -> bool:
    """An "-or" ending on a word no dictionary knows is a name ("maribor"); an "-er" one is
    someone who does what its stem says ("groomer", "sharemilker")."""
    from memory.nlp.casing import english_words

    known = english_words()
    if word in known or "-" in word or not word.endswith(("er", "or")):
        return True
    stem = word[:-2]
    if word.endswith("or"):
        return False
    tails = {stem[i:] for i in range(max(len(stem) - 3, 1))} | {stem, stem[:-1]}
    return any(len(t) >= 3 and t in known for t in tails)


def adjectival(word: str) -> bool:
    """Whether the dictionary knows a word as an adjective at all ("pregnant", "vegetarian")."""
    from memory.nlp.casing import known_as

    return known_as(word, "ADJ")


def adjective(word: str) -> bool:
    """A word the dictionary knows only as an adjective ("decent", "jealous"; "patient" and
    "pregnant" are nouns too to lemminflect)."""
    from lemminflect import getAllLemmas

    kinds = getAllLemmas(word)
    return "ADJ" in kinds and "NOUN" not in kinds

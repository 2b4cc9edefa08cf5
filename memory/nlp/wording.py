"""Frames back into English: a fact's own sentence when it is stored, and answers that speak
to the user as "you" (never by username) and of others in the third person."""

import re

from lemminflect import getInflection

from memory.nlp.intro import agent
from memory.nlp.words import ANIMATE, COLLECTIVES, member_of

# Canonical relations as (verb lemma, the words after it).
PHRASES = {
    "works_for": ("work", "at"),
    "lives_in": ("live", "in"),
    "member_of": ("play", "for"),
    "member_of_party": ("belong", "to"),
    "partner_of": ("be", "with"),
    "travels_to": ("be", "going to"),  # a trip is said as under way: "is going to Brazil"
    "studies_at": ("study", "at"),
    "works_in": ("work", "in"),
    "likes": ("like", ""),
    "dislikes": ("dislike", ""),
    "employment_status": ("be", ""),
    "is": ("be", ""),
    "has": ("have", ""),
    "works_as": ("work", "as"),
    "age": ("be", ""),
    "is_called": ("be", "called"),
    "holds_position": ("hold", "the position of"),
    "ate": ("eat", ""),
    "drank": ("drink", ""),
}
PLAN_VERBS = {"lives_in": ("move", "to"), "works_for": ("start", "at"), "travels_to": ("go", "to")}
# what a planned end of a slot is said as: "you are going to leave Google" (a job is more
# often said to end than not to start)
PLANNED_ENDS = {"works_for": ("leave", "")}
IRREGULAR = {
    ("be", 2): "are",
    ("be", 3): "is",
    ("have", 3): "has",
    ("be", "past2"): "were",
    ("be", "past3"): "was",
}


def phrase(relation: str) -> tuple[str, str]:
    """(verb lemma, rest) for any stored relation: canonical, title or `<verb>_<prep>`."""
    if relation in PHRASES:
        return PHRASES[relation]
    if relation.startswith(("is_", "be_")):  # "is_allergic_to", "be_in": be + the rest
        return "be", relation.partition("_")[2].replace("_", " ")
    if relation.endswith("_of") and relation not in ("member_of",):
        title = relation.removesuffix("_of").replace("_", " ")
        title = title.upper() if len(title) <= 3 else title
        return "be", f"the {title} of"
    verb, _, rest = relation.partition("_")
    return verb or "be", rest.replace("_", " ")


def inflect(verb: str, person: int, past: bool = False) -> str:
    if past:
        key = (verb, f"past{person}")
        return IRREGULAR.get(key) or (getInflection(verb, tag="VBD") or (verb + "ed",))[0]
    if (verb, person) in IRREGULAR:
        return IRREGULAR[(verb, person)]
    if person == 2:
        return verb
    return (getInflection(verb, tag="VBZ") or (verb + "s",))[0]


# Roles said of a group more than of one ("my parents"): who "they" names (memory.nlp.reader)
# and how they are said back ("your parents live in Tavira").
GROUP_ROLES = {"parent", "grandparent", "folk", "twin", "in-law"}


def of_group(role: str) -> bool:
    """Whether a role ("parent", "wife's parent") is said of a group ("my parents")."""
    words = role.split()
    return bool(words) and words[-1] in GROUP_ROLES


def owner_phrase(subject: str, speaker: str) -> tuple[str, int]:
    """ "alice" -> ("you", 2), "alice's dog" -> ("your dog", 3), "Ana" -> ("Ana", 3)."""
    if subject.lower() == speaker.lower():
        return "you", 2
    prefix = f"{speaker}'s ".lower()
    if subject.lower().startswith(prefix):
        role = subject[len(prefix) :]
        if of_group(role):  # "your parents live"
            plural = (getInflection(role.split()[-1], tag="NNS") or (role + "s",))[0]
            return "your " + " ".join([*role.split()[:-1], plural]), 2
        return "your " + role, 3
    return subject, 3


def owned_thing(subject: str) -> bool:
    """ "alice's car insurance", "alice's electricity": a thing of someone's, not a person."""
    _, sep, noun = subject.rpartition("'s ")
    last = noun.split()[-1].lower() if sep and noun.split() else ""
    return bool(last) and last not in ANIMATE and not agent(last)


def clause(
    *,
    subject: str,
    relation: str,
    value: str,
    speaker: str = "",
    negated: bool = False,
    past: bool = False,
) -> str:
    """One sentence for a triplet, e.g. ("alice", "works_for", "Unbabel") -> "you work at
    Unbabel" when alice is speaking, "alice works at Unbabel" otherwise."""
    plan = relation.startswith("plan:")
    relation = relation.removeprefix("not:").removeprefix("plan:")
    who, person = owner_phrase(subject, speaker) if speaker else (subject, 3)
    if speaker:  # "stay with alice" said to alice is "stay with you"
        value = second_person(value, speaker)
    if relation.startswith("role:"):
        role = relation.removeprefix("role:")
        if who == "you":
            owner = "your"
        elif who.lower().startswith("your "):
            owner = who + "'s"
        else:
            owner = f"{who}'s"
        verb = ("was" if past else "is") + (" not" if negated else "")
        if plan and value:  # "Ms Hansen is going to be your head", after who is now
            return f"{value} is going to be {owner} {role}"
        if role in COLLECTIVES and value:  # "Jonas is on your team"
            return f"{value} {verb} {member_of(role)} {owner} {role}"
        if owner != "your" and value:
            # the name first: "Pickle is Rory's hamster" answers "what's Rory's hamster
            # called?" before it names Rory again
            return f"{value} {verb} {owner} {role}"
        return f"{owner} {role} {verb} {value}".strip()
    verb, rest = PLAN_VERBS.get(relation, phrase(relation)) if plan else phrase(relation)
    if plan and negated and relation in PLANNED_ENDS:
        verb, rest = PLANNED_ENDS[relation]
    if relation == "member_of" and not plan and in_group(value):
        verb, rest = "be", "in the"  # "you are in the community choir", not "play for"
    if relation == "works_as" and doing(value):
        verb, rest = "do", ""  # "you do ceramics", not "work as ceramics"
    if relation == "works_for" and owned_thing(subject):
        verb, rest = "be", "with"  # "your car insurance is with Aviva", not "works at"
    tail = " ".join(w for w in (rest, value) if w)
    if plan:
        be = inflect("be", person)
        if negated and relation not in PLANNED_ENDS:
            be += " not"  # "you are not going to move to Madrid"
        return f"{who} {be} going to {verb} {tail}".strip()
    if negated:
        if verb == "be":
            return f"{who} {inflect('be', person, past)} not {tail}".strip()
        do = "did" if past else ("do" if person == 2 else "does")
        return f"{who} {do} not {verb} {tail}".strip()
    return f"{who} {inflect(verb, person, past)} {tail}".strip()


def in_group(value: str) -> bool:
    from memory.nlp.facts import leisure  # (facts reads wording's relations)

    return leisure(value) and not value.lower().startswith(("the ", "a "))


_VERB_AFTER = {"is": "are", "was": "were", "has": "have", "does": "do"}


def second_person(text: str, speaker: str) -> str:
    """A stored sentence about the speaker, said to them: "alice's dog is Rex" -> "your dog is
    Rex", "alice works at X" -> "you work at X". Other people's names stay."""
    if not speaker:
        return text
    name = re.escape(speaker)
    text = re.sub(rf"\b{name}'s\b", "your", text, flags=re.I)

    def you(match: re.Match) -> str:
        verb = match.group(1)
        if not verb:
            return "you"
        low = verb.lower()
        if low in _VERB_AFTER:
            return "you " + _VERB_AFTER[low]
        if low.endswith("s") and not low.endswith("ss"):
            return "you " + _base(low)
        return "you " + verb

    return re.sub(rf"\b{name}\b(?:\s+(\w+))?", you, text, flags=re.I)


def _base(verb: str) -> str:
    from lemminflect import getLemma

    found = getLemma(verb, upos="VERB")
    return found[0] if found else verb


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def first_person(text: str, speaker: str) -> str:
    """A fact's stored sentence as its speaker would say it ("alice lives in Faro" -> "I lives
    in Faro", "alice's mother ..." -> "my mother ..."): read again by the parser, which knows
    "I" but not a lowercase username, and embedded so, since questions are asked in the first
    person and a username is no word the embedding model knows ("who wants the heating at
    25?" is 0.30 from "<random username>'s mother wants 25", 0.38 from "alice's ...", 0.49
    from "my ...")."""
    if not speaker:
        return text  # (an empty name would match between every two words)
    name = re.escape(speaker)
    text = re.sub(rf"\b{name}'s\b", "my", text, flags=re.I)
    return re.sub(rf"\b{name}\b", "I", text, flags=re.I)


def doing(job: str) -> bool:
    """A job said as what one does, not as one who does it: "ceramics", "photography" (not
    "nurse", "head of maths", "CEO")."""
    words = job.split()
    return bool(words) and job.islower() and "of" not in words and not agent(words[-1])


def to_owner(text: str, speaker: str) -> str:
    """A stored sentence said to its speaker: "alice's sister Ana ..." -> "your sister Ana
    ...", "I moved" -> "you moved"."""
    from memory.pipeline.speech import to_you  # (speech reads wording)

    return to_you(second_person(text, speaker))


# what the owner types back in the second person, as the stored sentence has it
_FROM_OWNER = [(r"\byou(?:'re| are)\b", "{name} is"), (r"\byour\b", "{name}'s")]
_FROM_OWNER += [(r"\byou\b", "{name}")]


def from_owner(text: str, speaker: str) -> str:
    """A sentence the owner edited as shown ("you work at Faro") with them named again
    ("alice work at Faro"), which the parser reads as the speaker's (first_person)."""
    for pattern, said in _FROM_OWNER:
        text = re.sub(pattern, said.format(name=speaker), text, flags=re.I)
    return text

"""A service moved to another company: "we switched the electricity to EDF", "renewed the car
insurance but moved it to Direct Line", "changed my phone contract to Three". Who provides a
thing of the user's is said as the thing being "with" them ("our electricity is with
Octopus", the slot `works_for` of the thing); a switch of the thing itself gives that slot
its new value, which retires the old one. A part of memory.nlp.frames.SentenceFrames, kept
apart for its size."""

from memory.nlp.casing import english_words
from memory.nlp.holdings import Frame
from memory.nlp.homes import HOMES
from memory.nlp.parse import Token, child
from memory.nlp.persons import WORKPLACES
from memory.nlp.reader import Reader, prep_objects
from memory.nlp.words import PEOPLE

# The words for one service, said as the one the questions ask by ("Who is my phone
# provider?" after "ported my number to Fido").
SERVICES = {"number": "phone", "sim": "phone", "mobile": "phone", "cell": "phone"}
SERVICES |= {"broadband": "internet", "wifi": "internet", "fibre": "internet", "fiber": "internet"}
# What a company provides, and what it is called as the one providing it: "my phone
# provider", "our energy supplier" (not "my regular suppliers").
SERVED = set(SERVICES) | set(SERVICES.values()) | {"energy", "electricity", "gas", "water"}
SERVED |= {"insurance", "mortgage", "tv", "cable", "pension", "bank", "card", "contract"}
PROVIDING = {"provider", "supplier", "company", "carrier", "network", "insurer", "operator"}


def service(thing: str) -> str:
    """ "broadband" -> "internet", "number" -> "phone"; "car insurance" stays."""
    return SERVICES.get(thing.lower(), thing.lower())


# Verbs by which a thing goes from one provider to another.
SWITCHING = {"switch", "move", "change", "transfer", "swap", "port"}
# Things that are somewhere, which a move takes to another place, not another company.
SITED = HOMES | WORKPLACES | {"studio", "office", "stall", "business", "practice", "workshop"}
SITED |= {"stuff", "furniture", "sofa", "car", "van", "boat", "horse", "caravan", "plot"}


class ProviderFrames:
    reader: Reader
    frames: list[Frame]

    def add(self, subject: str, relation: str, value: str, **kw) -> None: ...

    def switched_provider(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        if verb.lemma_ not in SWITCHING or neg:
            return False
        to = [o for p, o in prep_objects(verb) if p == "to"]
        # ("switched internet to Converge": the parser may read "to Converge" as a verb)
        to += [c for c in verb.children if c.dep_ in ("advcl", "xcomp") and to_name(c)]
        thing = child(verb, "dobj")
        if thing is not None and thing.lower_ == "it":
            thing = object_before(thing)  # "renewed the car insurance but moved it to ..."
        if not to or thing is None or thing.pos_ != "NOUN" or thing.lemma_.lower() in PEOPLE:
            return False
        if thing.lemma_.lower() in SITED:
            return False  # ("moving the studio from Ciudad Vieja to Cordón": where it is)
        if any(p == "from" for p, _ in prep_objects(verb)):
            return False  # ("switched the dog's food from Purina to Royal Canin": a switch
            # of values, which the change frames read in the slot that held the old one)
        whose = child(thing, "poss")
        if whose is not None and whose.lower_ not in ("my", "our"):
            return False  # (someone else's thing)
        company = to[0]
        if not (company.text[:1].isupper() or company.lower_ not in english_words()):
            return False  # ("moved the sofa to the attic": a place in the house, no company)
        if company.lower_ in ("me", "us", "him", "her"):
            return False
        owner = self.reader.entity(subject)
        if owner != self.reader.speaker:
            return False
        kind = " ".join(t.lower_ for t in thing.lefts if t.dep_ == "compound")
        holder = f"{owner}'s {(kind + ' ' if kind else '')}{service(thing.lemma_)}"
        name = self.reader.value(company).removeprefix("to ")  # (of a name read as a verb)
        self.add(holder, "works_for", name, plan=plan)
        return True


def to_name(token: Token) -> bool:
    """ "to Converge" read as an infinitive: a capitalised "verb" after "to"."""
    return token.text[:1].isupper() and any(a.lower_ == "to" for a in token.children)


def object_before(pronoun: Token) -> Token | None:
    """The thing an object "it" stands for: the nearest noun object said before it in its
    sentence. (things.said_before reads any noun of the message before a verb, which for a
    service would also take a noun from an earlier sentence.)"""
    for token in reversed(pronoun.sent[: pronoun.i - pronoun.sent.start]):
        if token.dep_ == "dobj" and token.pos_ == "NOUN":
            return token
    return None

"""How a question's words name the slot it asks, where they differ from a statement's: "the
head of my school" is my head teacher, "my amlodipine dose" what the amlodipine is, "has my
mother got" what she has, "How do I get to work?" how one goes there."""

from memory.nlp.parse import Token, children
from memory.nlp.reader import prep_objects
from memory.nlp.verbs import GOING

# Roles held at a place of one's own: "the head of my school", "the manager of my team".
OF_PLACES = {"head", "principal", "director", "manager", "boss", "captain", "owner", "chair"}


# Nouns that name how much of a thing there is: "my amlodipine dose" is what the amlodipine
# is ("increased the amlodipine to 10 mg").
MEASURES = {"dose", "dosage", "amount", "quantity", "level"}


def measured(relation: str) -> str:
    """ "role:amlodipine dose" -> "role:amlodipine"; any other relation as it is."""
    words = relation.removeprefix("role:").split()
    if not relation.startswith("role:") or len(words) < 2 or words[-1] not in MEASURES:
        return relation
    return "role:" + " ".join(words[:-1])


def commute_asked(root: Token) -> bool:
    """ "How do I get to work?", "What do I ride to work?": how one goes to work."""
    work = [c for c in children(root, "xcomp", "advcl") if c.lemma_ == "work"]
    work += [o for p, o in prep_objects(root) if p == "to" and o.lemma_ == "work"]
    return root.lemma_ in GOING and bool(work)


def getting_around(root: Token) -> bool:
    """ "What do I use to get around now?", "how does Ana get about?": what one drives or
    rides (the vehicle slots), not where one goes."""
    doc = root.doc
    about = ("around", "about", "round")
    return any(
        t.lemma_ == "get" and any(c.lower_ in about for c in t.children) for t in doc
    ) and any(t.lower_ in ("what", "how", "which") for t in doc[:2])


def possessing(verb: Token) -> bool:
    """ "have", and "have got" ("Which animals has my mother got now?")."""
    got = verb.lemma_ == "get" and any(a.lemma_ == "have" for a in children(verb, "aux"))
    return verb.lemma_ == "have" or got

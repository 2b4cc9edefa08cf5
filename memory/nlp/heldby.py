"""Questions of who holds a role where the user is, or is in one of the user's groups:
"who's head now?", "who's the in-charge on our ward?", "who is in charge of my ward?",
"who's on my crew now?". A part of memory.nlp.ask, kept apart for its size."""

from memory.nlp.casing import english_nouns
from memory.nlp.parse import Token, child, children
from memory.nlp.reader import Reader, prep_objects
from memory.nlp.slotwords import OF_PLACES
from memory.nlp.words import COLLECTIVES


def held_here(root: Token, reader: Reader) -> tuple[str, str, None] | None:
    """ "who's head now?", "who's the in-charge on our ward?", "who's the head at my
    school?": a role asked with "the" or bare is the speaker's (as "the head is mr joensen"
    is read), and a place it is held at is where, not whose ("my school" is no role)."""
    who = child(root, "nsubj")
    # (a hyphenated role the tagger took for an adjective: "who's vice-captain now?")
    held = child(root, "attr") or next((c for c in children(root, "acomp") if "-" in c.text), None)
    if held is not None and held.lower_ == "who":
        # "Who is the treasurer?", "Who are the carers now?": parsed with the role as the
        # subject, or as a second complement
        other = [c for c in children(root, "attr") if c != held]
        who, held = held, who if who is not None else next(iter(other), None)
    if root.lemma_ != "be" or who is None or who.lower_ != "who" or held is None:
        return None
    article = child(held, "det")
    hyphenated = "-" in held.text and held.text[:1].islower()
    # ("who are the regulars now?": several hold it)
    if not (common_noun(held) and held.tag_ in ("NN", "NNS") or hyphenated) or child(held, "poss"):
        return None
    if article is not None and article.lower_ != "the":
        return None
    places = [o for p, o in prep_objects(held) + prep_objects(root) if p in ("at", "on", "in")]
    of = [o for p, o in prep_objects(held) if p == "of"]
    # (the owner may hang on a compound: "our tenants association")
    whose = [reader.owner(t) for t in (*of[:1], *children(of[0], "compound"))] if of else []
    if reader.speaker in whose and held.lower_ not in OF_PLACES:
        # "who's the treasurer of our tenants association?": the speaker's treasurer
        return reader.speaker, f"role:{reader.role(held).split(' of ')[0]}", None
    if of:
        return None  # "who's the head of my school?" (owned_slot)
    owner = reader.owner(places[0]) if places else None
    return owner or reader.speaker, f"role:{reader.role(held)}", None


def in_charge(root: Token, reader: Reader) -> tuple[str, str, None] | None:
    """ "who is in charge of my ward?": the user's in-charge ("our in-charge is Sister
    Kerubo"), whatever the place is."""
    who = child(root, "nsubj")
    if root.lemma_ != "be" or who is None or who.lower_ != "who":
        return None
    if any(p == "in" and o.lower_ == "charge" for p, o in prep_objects(root)):
        return reader.speaker, "role:in-charge", None
    return None


def in_group(root: Token, reader: Reader) -> tuple[str, str, None] | None:
    """ "who's on my crew now?", "who plays in our band?": who is in a group of the
    speaker's (or of the one who owns it) is that group's set ("the crew is Rob and Kyle")."""
    who = child(root, "nsubj")
    if who is None or who.lower_ != "who":
        return None
    role = child(root, "attr")
    if role is not None and child(role, "poss") is not None:
        return None  # "who is my deputy on the night team?" asks for the deputy
    for prep, group in prep_objects(root):
        if prep in ("on", "in") and group.lemma_.lower() in COLLECTIVES:
            article = child(group, "det", "poss")
            role = f"role:{group.lemma_.lower()}"  # (as the group was told: by its noun)
            if article is None or article.lower_ in ("the", "my", "our"):
                return reader.speaker, role, None
            owner = reader.owner(group)
            return (owner, role, None) if owner else None
    return None


def common_noun(token: Token) -> bool:
    """A noun, or an English noun in lower case that the tagger took for a name after a
    wh-word ("what van have we got now?")."""
    if token.pos_ == "NOUN":
        return True
    return token.pos_ == "PROPN" and token.text.islower() and token.lower_ in english_nouns()


# Posts asked by what their holder does ("who keeps the accounts?" asks for the treasurer):
# the duty's noun, said as the object of a verb of looking after.
DUTIES = dict.fromkeys(
    ("money", "accounts", "books", "bookkeeping", "finances", "funds", "treasury"), "treasurer"
)
TENDING = {"keep", "do", "handle", "manage", "run", "mind", "look", "take", "oversee", "hold"}


def by_duty(root: Token, reader: Reader) -> tuple[str, str, None] | None:
    """ "Who keeps the cooperative's accounts now?", "who looks after the club's money?",
    "who does the bookkeeping?": the speaker's holder of the post that does it."""
    who = child(root, "nsubj")
    if who is None or who.lower_ != "who" or root.lemma_ not in TENDING:
        return None
    objects = [*children(root, "dobj")]
    objects += [o for p, o in prep_objects(root) if p in ("after", "of", "care")]
    objects += [o for c in children(root, "dobj") if c.lower_ == "care" for _, o in prep_objects(c)]
    post = next((DUTIES[o.lower_] for o in objects if o.lower_ in DUTIES), None)
    return (reader.speaker, f"role:{post}", None) if post else None

"""Things that leave their owner without the owner as the subject: "The Passat is sold, to
Frau Gruber's grandson", "my bike got stolen", "Activa sold to a college boy for 28k", "ps5
sold." (the passive, or chat's headline with its auxiliary left out), and a sale still under
way ("we are buying a condo and selling the Winnebago"), which loses nothing yet."""

from memory.nlp.casing import is_first_name
from memory.nlp.intro import agent
from memory.nlp.parse import Token, child, children, governing_verb
from memory.nlp.reader import is_time, prep_objects
from memory.nlp.things import said_before
from memory.nlp.words import LOSS_VERBS, PEOPLE

# Verbs whose passive says a thing left its owner ("the Passat is sold", "bike got nicked").
PARTED = {"sell", "steal", "scrap", "donate", "rehome", "repossess", "total", "nick", "pawn"}
PARTED |= {"auction", "tow", "confiscate", "impound", "trade"}
# Every verb by which a thing had leaves, said with its owner as subject or not.
PARTING = LOSS_VERBS | PARTED


def parted_thing(verb: Token, thing: Token) -> Token | None:
    """The thing `verb` says was sold, stolen or scrapped, with `thing` its subject said in
    the passive or as a headline; None where the clause says no such loss."""
    if verb.lemma_ not in PARTED or verb.tag_ not in ("VBD", "VBN"):
        return None
    if child(verb, "dobj") is not None or children(verb, "neg"):
        return None  # ("Ana sold her car" is read as an act; "not sold yet")
    if any(p == "to" and o.lower_ in ("me", "us") for p, o in prep_objects(verb)):
        return None  # ("the house was sold to us"): ours now
    passive = thing.dep_ == "nsubjpass"
    # ("Activa sold to a college boy", "ps5 sold.": no auxiliary, no one who sold)
    bare = thing.dep_ == "nsubj" and not children(verb, "aux", "auxpass")
    headline = verb.dep_ == "acl" and verb.head == thing and thing.dep_ == "ROOT"
    if not (passive or bare or headline):
        return None
    if thing.lower_ == "it":
        return said_before(verb)  # "took the old van to a dealer, it sold in a day"
    if thing.pos_ == "PRON" or thing.lemma_.lower() in PEOPLE or agent(thing.lower_):
        return None  # ("I was sold a dud", "the boss got stolen from")
    if is_time(thing) or (bare and is_first_name(thing.text)):
        return None  # ("Ana sold to a collector": she sold something)
    return thing


def in_progress(verb: Token) -> bool:
    """A progressive ("are selling", "are buying a condo and selling the van"): under way."""
    if verb.tag_ != "VBG":
        return False
    head = verb
    if verb.dep_ == "conj":  # (the parser may join it to the other verb's object)
        head = governing_verb(verb) or verb
    return head.tag_ == "VBG" and any(a.lemma_ == "be" for a in children(head, "aux"))

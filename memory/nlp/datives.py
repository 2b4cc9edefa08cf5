"""Whom something is given or made for, said before what it is: "I have made her a thick
blanket", "knitted him a scarf". The parser at times reads such a pair as a clause ("her a
thick blanket", with "her" its subject) or as two objects; a pipeline component (parse.model)
sets them right, the receiver as a dative and the thing as the object, before any frame reads
the sentence."""

from spacy.tokens import Doc

from memory.nlp.parse import children

# Verbs that take whom something is for before what it is ("made her a blanket").
GIVING_TO = {"make", "give", "buy", "send", "bring", "knit", "bake", "cook", "sew", "build"}
# (not "find" or "get": "my mother found us an apartment" is read as ours by other frames)
GIVING_TO |= {"lend", "write", "sell", "pay", "show", "teach", "hand"}
RECEIVERS = {"me", "us", "him", "her", "them"}


def double_objects(doc: Doc) -> Doc:
    """ "I have made her a thick blanket": whom it is for, then what; the parser at times
    reads "her a thick blanket" as a clause with "her" its subject."""
    for token in doc[1:-1]:
        verb = doc[token.i - 1]
        if verb.pos_ != "VERB" or verb.lemma_ not in GIVING_TO:
            continue
        if token.lower_ not in RECEIVERS and token.pos_ != "PROPN":
            continue
        # ("made her a blanket" read as a clause; "knitted him a scarf" as two objects)
        if token.dep_ == "nsubj":
            thing = token.head
            clause = thing.dep_ in ("ccomp", "xcomp", "npadvmod", "attr")
        else:
            later = [c for c in children(verb, "dobj") if c.i > token.i]
            thing = later[0] if later else token
            clause = token.dep_ == "dobj" and thing is not token
        if not clause or thing.pos_ != "NOUN" or thing.i <= token.i or thing.head != verb:
            continue
        if not made_thing(thing):
            continue  # "made me head baker", "made him a manager": what one was made
        token.head, token.dep_ = verb, "dative"
        thing.dep_ = "dobj"
    return doc


def made_thing(thing) -> bool:
    """A thing given or made ("a thick blanket", "new bikes"), not a post someone is made
    ("head baker", "a manager")."""
    from memory.nlp.intro import agent
    from memory.nlp.words import PEOPLE, STAFF

    if agent(thing.lower_) or thing.lemma_.lower() in PEOPLE | STAFF:
        return False
    return thing.tag_ == "NNS" or any(c.dep_ in ("det", "poss", "nummod") for c in thing.children)

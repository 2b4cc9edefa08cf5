"""What an "it" stands for when a thing is lost, swapped or changed: "the ride on the TVS
was killing me so i swapped it for a CB125", "got rid of the sony!! sold it to a student",
"started me on 50 mcg ... and has just upped it to 75 mcg". Things are named before the
"it" that stands for them, so the last one named is taken, passing over what cannot be had:
times, people and doers, amounts, places gone to."""

from memory.nlp.intro import agent
from memory.nlp.parse import Token, children
from memory.nlp.reader import PEOPLE, is_time

NOUNS = ("NOUN", "PROPN")


def said_before(verb: Token) -> Token | None:
    """The thing an "it" after `verb` stands for: the last noun said before it in the
    message that is no time, no place gone to and no person."""
    for token in reversed(verb.doc[: verb.i]):
        if token.pos_ not in NOUNS or token.dep_ in ("compound", "poss"):
            continue
        if is_time(token) or token.ent_type_ in ("PERSON", "GPE") or token.lemma_ in PEOPLE:
            continue
        if agent(token.lower_) or children(token, "nummod"):
            continue  # "the endocrinologist", "50 mcg": a doer or an amount is no thing had
        if token.dep_ == "pobj" and token.head.lower_ in ("to", "from", "into"):
            continue
        return token
    return None

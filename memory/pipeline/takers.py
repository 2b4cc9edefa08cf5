"""Who takes a post in words other than the post's own, in a sentence that speaks of the
post or of one who held it: "so now i'm with a woman called Daniela" (after "mateo moved to
a clinic in envigado"), "they gave the job to Agnieszka" (after "Kasia applied"), "her
replacement is Bogdan", "Bogdan replaced Tanja". A part of memory.pipeline.officers, beside
memory.pipeline.handovers (the post's own words)."""

from datetime import datetime

from memory.nlp.parse import Token, child, children
from memory.pipeline.handovers import Told, called, first_word, name_of, named, of_post, person


def taken(sent, post: str, group: set[str], said_at: datetime, told: list[Told]) -> list[Told]:
    """The post's new holders a sentence tells in such words."""
    known = {first_word(t.holder) for t in told}
    posted = any(of_post(t, post, group) for t in sent)
    if not posted and not any(first_word(t.text) in known for t in sent if named(t)):
        return []
    found = now_with(sent, known) + given_post(sent) + successors(sent, known)
    return [Told(name_of(p), said_at) for p in found]


def now_with(sent, known: set[str]) -> list[Token]:
    """ "so now i'm with a woman called Daniela" after the holder moved away, "I've switched
    cello teachers and I'm now with Martin": the one the user is with now, in a sentence
    that speaks of the post or of one who held it."""
    found = []
    for verb in sent:
        subject = child(verb, "nsubj")
        if verb.lemma_ != "be" or subject is None or subject.lower_ != "i":
            continue
        for prep in children(verb, "prep"):
            found += [person(o) for o in prep.children if prep.lower_ == "with"]
    found = [called(f) for f in found]
    return [f for f in found if named(f) and first_word(f.text) not in known]


JOBS = {"job", "post", "position", "role", "place", "spot"}


def given_post(sent) -> list[Token]:
    """ "they gave the job to Agnieszka" (after "Kasia applied"): the one given the post,
    in a sentence that speaks of it or of one who held it."""
    found = []
    for verb in sent:
        thing = child(verb, "dobj")
        if verb.lemma_ not in ("give", "offer") or thing is None or thing.lemma_ not in JOBS:
            continue
        to = [o for p in children(verb, "prep", "dative") if p.lower_ == "to" for o in p.children]
        found += [o for o in to + children(verb, "dative") if named(o)]
    return found


def successors(sent, known: set[str]) -> list[Token]:
    """ "her replacement is Bogdan", "Bogdan replaced Tanja": one who took the post of one
    who held it."""
    found = []
    for token in sent:
        if token.lemma_ in ("replacement", "successor") and token.dep_ == "nsubj":
            found += children(token.head, "attr") if token.head.lemma_ == "be" else []
        thing = child(token, "dobj")
        if token.lemma_ == "replace" and thing is not None and first_word(thing.text) in known:
            found += children(token, "nsubj")
    return [f for f in found if named(f) and f.lower_ not in ("i", "me")]

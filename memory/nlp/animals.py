"""Named animals that join the user wherever the sentence says so, whatever its verb: "I live
in Roker with my wife and a fat tabby called Biscuit", "Hemi's mum gave us her old dog
Rangi", "we got Aroha a rabbit called Pipi", "my dog tuck". A part of
memory.nlp.frames.SentenceFrames, kept apart for its size.

Verbs of having ("have", "adopt", holdings.possession) are read there; this reads the animal
and its name first, then asks whose it is: the user's when "my"/"our" says so, when I or we
are the subject of the verb that brings it, when it is given to us, or when we live with it."""

from memory.nlp.casing import is_first_name
from memory.nlp.holdings import name_apposed
from memory.nlp.parse import Token, child, children
from memory.nlp.predicates import NAMING_VERBS
from memory.nlp.reader import Reader
from memory.nlp.words import ACQUIRE, ANIMALS, CHILDREN, FIRST_POSSESSIVE

# Verbs that bring an animal to whoever is their subject ("we got", "I took in") or, with a
# dative, to whoever it is given ("gave us her old dog").
BRINGING = ACQUIRE | {"have", "keep", "take", "inherit", "foster", "find", "bring", "give"}
GIVING = {"give", "bring", "hand", "leave"}
US = {"i", "we", "me", "us"}


def _naming_after(animal: Token) -> Token | None:
    """ "a fat tabby called Biscuit" with "called" hung on the verb: the name said right after
    the animal's phrase."""
    doc, i = animal.doc, animal.right_edge.i + 1
    if i + 1 >= len(doc) or doc[i].lemma_ not in NAMING_VERBS:
        return None
    name = doc[i + 1]
    return name if name.pos_ == "PROPN" or name.text[:1].isupper() else None


def animal_name(animal: Token) -> Token | None:
    """The name said of an animal: "called/named X" (wherever the parser hung it), "her old
    dog Rangi" (set beside it), "my dog Tuck" (the name as the phrase's head)."""
    for acl in children(animal, "acl"):
        if acl.lemma_ in NAMING_VERBS:
            named = [c for c in children(acl, "oprd", "attr", "dobj") if c.pos_ != "PRON"]
            if named:
                return named[0]
    found = _naming_after(animal) or name_apposed(animal)
    if found is not None:
        return found
    head = animal.head
    if animal.dep_ == "compound" and head.i == animal.i + 1:
        # ("my dog Tuck", "our cat Miso"; not "dog food", "cat sitter")
        if head.pos_ == "PROPN" or (head.text[:1].isupper() and is_first_name(head.text)):
            return head
    return None


def _verb_of(token: Token) -> tuple[Token | None, str]:
    """The verb the animal's phrase is an object of (through "and" and asides), and how: "dobj",
    "dative" or "with"."""
    while token.dep_ == "conj" or token.dep_ == "appos" and token.head.pos_ == "NOUN":
        token = token.head
    if token.dep_ == "pobj" and token.head.lower_ == "with":
        verb = token.head.head
        return (verb, "with") if verb.pos_ in ("VERB", "AUX") else (None, "")
    if token.dep_ in ("dobj", "dative") and token.head.pos_ == "VERB":
        return token.head, token.dep_
    if token.dep_ == "npadvmod" and token.head.pos_ == "VERB" and child(token.head, "dobj"):
        return token.head, "dobj"  # "taken a cat from the rescue, a tabby called ..."
    return None, ""


def ours(animal: Token, phrase: Token) -> bool:
    """Whether the animal is the user's as the sentence tells it."""
    poss = child(animal, "poss") or child(phrase, "poss")
    verb, how = _verb_of(phrase)
    if verb is not None and verb.lemma_ in GIVING:
        to = child(verb, "dative") or next(
            (p for p in children(verb, "prep") if p.lower_ == "to"), None
        )
        to = child(to, "pobj") if to is not None and to.dep_ == "prep" else to
        if to is not None:
            return to.lower_ in US
    if poss is not None:
        return poss.lower_ in FIRST_POSSESSIVE
    if verb is None:
        return False
    subject = child(verb, "nsubj")
    living_with = how == "with" and verb.lemma_ in ("live", "stay", "share")
    brought = (how == "dobj" and verb.lemma_ in BRINGING) or living_with
    return brought and subject is not None and subject.lower_ in US


class AnimalFrames:
    reader: Reader

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        raise NotImplementedError  # SentenceFrames.add

    def named_animal(self, token: Token) -> None:
        """An animal said with its name, the user's as the sentence tells it: the user's
        pet of that kind (one of several: "role:cat" holds each cat)."""
        if token.pos_ != "NOUN" or token.lemma_.lower() not in ANIMALS:
            return
        name = animal_name(token)
        if name is None or name.lower_ in US:
            return
        phrase = name if token.dep_ == "compound" and name.i == token.head.i else token
        if not ours(token, phrase):
            return
        role = f"role:{token.lemma_.lower()}"  # (the kind: not "fat tabby", "old dog")
        self.add(self.reader.speaker, role, self.reader.name_of(name), multi=True)

    def named_since(self, token: Token) -> None:
        """ "got a new bird!! peregrine tiercel, named him sultan": "named him X" after a
        sentence that had a pet or a child names the one just had."""
        if token.lemma_ not in ("name", "call") or self.reader.last_thing is None:
            return
        him = child(token, "dobj")
        name = child(token, "oprd")
        if him is None or him.lower_ not in ("him", "her", "it") or name is None:
            return
        owner, role = self.reader.last_thing
        if name.pos_ == "PROPN" and role.removesuffix("s") in ANIMALS | CHILDREN:
            self.add(owner, f"role:{role}", self.reader.name_of(name), multi=True)

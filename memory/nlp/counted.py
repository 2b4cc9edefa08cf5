"""Groups counted, then named: "2 kids, baraka 8 and zawadi 5", "we have two kids, Baraka
and Neema", "two cats, mochi and tofu", "two kids harper (7) and ollie (4)".

The parser hangs such names in many shapes (appositions, conjuncts, compounds, a number read
as the name's object), so the names are read off the words after the counted noun: name,
optional age, separator, until a word that is neither. Each name holds the noun's role for
the speaker (or the noun's owner), and an age said beside it is that person's age."""

from dataclasses import dataclass

from memory.nlp.casing import english_words
from memory.nlp.parse import Token, child, sentence_after
from memory.nlp.predicates import TIME_WORDS, called
from memory.nlp.words import ANIMALS, PEOPLE, ROLE_SYNONYMS

SEPARATORS = {",", "and", "plus", "&", "+", ":", "-", "–"}
BRACKETS = {"(", ")"}


@dataclass(frozen=True)
class Named:
    name: str
    age: str = ""


def counted(token: Token) -> bool:
    """A plural role or animal noun with a count ("2 kids", "two cats"), an owner ("my
    kids") or opening its sentence ("roomies Arjun + Karthik")."""
    said = ROLE_SYNONYMS.get(token.lower_, token.lemma_.lower())  # ("roomies": "roomy")
    if token.tag_ != "NNS" or said not in PEOPLE | ANIMALS:
        return False
    # ("roomies Arjun + Karthik": chat drops the "my" at the start of a sentence)
    opening = token.is_sent_start and child(token, "det") is None
    return _number(token) is not None or child(token, "poss") is not None or bool(opening)


def _name(token: Token, numbered: bool) -> bool:
    """A name: capitalised, or a word no dictionary holds; with a count to check the list
    against, any word that is no common little word ("two cats, mochi and tofu")."""
    word = token.text
    if not word.isalpha() or len(word) < 2 or token.lower_ in PEOPLE | ANIMALS:
        return False
    if token.pos_ == "PROPN" or word[:1].isupper():
        return True
    if numbered:
        # (not what the counted ones did: "the two new kids started today")
        # (a name the tagger took for a verb is a bare form or a noun-like tag: "baraka")
        closed = ("AUX", "DET", "ADP", "PRON")
        told = token.tag_ in ("VBD", "VBN", "VBZ", "VBG")
        return (
            not (token.is_stop or told)
            and token.pos_ not in closed
            and token.lower_ not in TIME_WORDS
        )
    return word.lower() not in english_words()


def names_after(token: Token) -> list[Named]:
    """The names (with ages) listed right after the counted noun; none unless the list is
    all names, two at least, or as many as the count says."""
    doc = token.doc
    expected = _count(token)
    found: list[Named] = []
    i = token.i + 1
    while i < len(doc):
        word = doc[i]
        if word.text in SEPARATORS or word.text in BRACKETS:
            i += 1
            continue
        clause = i + 1 < len(doc) and doc[i + 1].pos_ in ("AUX", "VERB") and doc[i + 1].is_lower
        if clause or not _name(word, expected is not None):
            break  # ("..., tofu is the old lady": a sentence about one of them begins)
        name = word.text[:1].upper() + word.text[1:]
        i += 1
        while i < len(doc) and doc[i].text in BRACKETS:
            i += 1
        age = ""
        if i < len(doc) and doc[i].like_num and doc[i].text.isdigit():
            age = doc[i].text
            i += 1
        found.append(Named(name, age))
    if not found:
        return []
    if expected is not None and expected != len(found):
        return []  # "two kids, Ana's at uni": not a list of the two
    return found if expected is not None or len(found) > 1 else []


NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _number(token: Token) -> Token | None:
    """The word that counts the noun: its number, or a number right before it."""
    number = child(token, "nummod")
    if number is None and token.i and token.doc[token.i - 1].like_num:
        number = token.doc[token.i - 1]
    return number


def _count(token: Token) -> int | None:
    number = _number(token)
    if number is None:
        return None
    text = number.lower_
    return int(text) if text.isdigit() else NUMBERS.get(text)


def things_after(token: Token) -> list[str]:
    """ "We have two car. A Dacia Logan, old one from 2008, and a small Ford Transit van":
    the named things the next sentence lists, with no verb of its own, when there are as many
    as the count says (each by its proper name and what follows it: "Ford Transit van")."""
    expected = _count(token)
    sent = sentence_after(token)
    if expected is None or expected < 2 or sent is None:
        return []
    if sent.root.pos_ not in ("NOUN", "PROPN"):
        return []
    # (the parser hangs the items as conjuncts or appositions of one another, at any depth,
    # but never inside a phrase of their own: "older than me")
    items = [t for t in sent if t.dep_ in ("ROOT", "conj", "appos") and not _in_phrase(t)]
    items = [t for t in items if t.pos_ in ("NOUN", "PROPN")]  # ("old one from 2008")
    named = []
    for item in items:
        parts = [t for t in item.lefts if t.dep_ == "compound" and t.pos_ == "PROPN"]
        if not parts and item.pos_ != "PROPN":
            return []
        start = min([item.i, *[t.i for t in parts]])
        named.append(item.doc[start : item.i + 1].text)
    return named if len(named) == expected else []


def _in_phrase(token: Token) -> bool:
    return any(a.dep_ in ("prep", "pobj", "relcl", "acl") for a in token.ancestors)


def name_opening_next(token: Token) -> str:
    """ "Got a dog too. Bruno, from the shelter, some kind of pointer.": the name that opens
    the next sentence, set off by a comma or standing alone, names the one thing just had."""
    sent = sentence_after(token)
    if _count(token) is not None or sent is None:
        return ""
    words = [t for t in sent if not t.is_punct]
    opening = [t for t in sent if t.pos_ == "NOUN" and t.left_edge.i == sent.start]
    name = called(opening[0]) if opening else None
    after = sent.doc[name.i + 1] if name is not None and name.i + 1 < len(sent.doc) else None
    if name is not None and (after is None or after.text in (",", ".", "!")):
        # ("adopted a third cat! an old ginger tom called Bram, he ...": the one had,
        # described, set off from what the sentence goes on to say)
        return name.text
    if not words or not words[0].text[:1].isupper() or not _name(words[0], False):
        return ""
    after = sent.doc[words[0].i + 1] if words[0].i + 1 < len(sent.doc) else None
    alone = after is None or after.text in (",", ".", "!", "(") or after.i >= sent.end
    return words[0].text if alone and words[0].dep_ in ("ROOT", "npadvmod", "appos") else ""

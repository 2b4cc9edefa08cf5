"""The names a copula's complement lists: "the crew is me, Rob and Kyle", "four kids Tane Aroha
Lily and Kaden", "patrol leaders are wyatt for the foxes, maya for the ravens and leo for the
hawks", "my crew is moses brenda kato aisha and tom". A part of memory.nlp.copula, kept apart
for its size: each reads the parse of one complement and returns the names it lists."""

from memory.nlp.casing import is_first_name
from memory.nlp.parse import Token, child, children
from memory.nlp.pronouns import looks_named
from memory.nlp.reader import ANIMATE, FIRST_PERSON, called
from memory.nlp.words import NUMBER_NAMES


def _named(token: Token) -> Token:
    """ "the boy Dominykas": the name said after a word for someone, else the word."""
    name = child(token, "appos")
    someone = token.pos_ == "NOUN" and token.lemma_.lower() in ANIMATE
    return name if someone and name is not None and name.pos_ == "PROPN" else token


def group_members(attr: Token) -> list[Token]:
    """The people a complement lists ("me, Rob and Kyle", "Precious in the mornings and a
    lad called Kyle"): empty unless every item is a name, someone called one, or "me"."""
    # ("Hemi, Tama, Rangi and old Jock": the parser may hang the second name as an apposition)
    joined = [t for a in children(attr, "appos") if a.pos_ == "PROPN" for t in (a, *conjuncts(a))]
    items = [called(t) or _named(t) for t in (attr, *conjuncts(attr), *joined)]
    if len(items) < 2:
        return []
    # (a word written with a capital inside the sentence is a name there: "Precious")
    if all(t.lower_ in FIRST_PERSON or looks_named(t) or t.i and t.is_title for t in items):
        return items
    return []


def conjuncts(token: Token) -> list[Token]:
    """The words joined to `token` by "and" or commas, however the parser chained them."""
    found = [c for c in token.children if c.dep_ == "conj"]
    return [t for c in found for t in (c, *conjuncts(c))]


def counted_names(attr: Token, members: list[Token]) -> dict[int, list[str]]:
    """ "four kids Tane Aroha Lily and Kaden": when the words of the names listed are as many
    as the count said, each word is a name (the parser joined three into one)."""
    count = next((c for c in attr.children if c.dep_ == "nummod"), None)
    wanted = NUMBER_NAMES.get(count.lower_, 0) if count is not None else 0
    if count is not None and count.text.isdigit():
        wanted = int(count.text)
    parts = {
        m.i: [c for c in m.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"] + [m]
        for m in members
    }
    if not wanted or sum(map(len, parts.values())) != wanted or len(parts) == wanted:
        return {}
    return {i: [t.text for t in words] for i, words in parts.items()}


def names_with_their_part(name: Token) -> list[Token]:
    """The names after `name` in its sentence that each open a part of a list ("wyatt for
    the foxes, maya for the ravens and leo for the hawks"), when `name` has its own part:
    the parser hangs such names anywhere."""
    after = name.doc[name.i + 1 : name.sent.end]
    if not after or after[0].lower_ not in ("for", "on", "in", "at", "with"):
        return []
    opening = [
        t for t in after if t.pos_ == "PROPN" and t.i > 0 and t.doc[t.i - 1].lower_ in (",", "and")
    ]
    return opening if all(is_first_name(t.text) for t in opening) else []


def run_on_names(name: Token) -> list[str]:
    """ "my crew is moses brenda kato aisha and tom": first names typed one after another
    without commas, which the parser joins into one long name, are each a name."""
    parts = [c for c in name.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"] + [name]
    if len(parts) < 3 or not all(is_first_name(t.text) for t in parts):
        return []
    return [t.text for t in parts]


# Prepositions whose phrase is part of what a listed thing is called: "a brewery in
# Deventer", "the university of applied sciences" (not "a hotel with a pool").
NAMING_PREPS = ("in", "of")


def thing_phrase(token: Token, value: str) -> str:
    """`value` (the noun as the reader says it) with the phrase that tells which one it is:
    "brewery in Deventer", "university of applied sciences"."""
    if token.pos_ != "NOUN" and not (token.pos_ == "PROPN" and token.is_lower):
        return value
    prep = next((c for c in token.rights if c.dep_ == "prep"), None)
    if prep is None or prep.lower_ not in NAMING_PREPS or prep.i != token.i + 1:
        return value
    # (up to a next item the parser hung inside the phrase: "in Hexham and the council")
    cut = min([t.i for t in prep.subtree if t.dep_ in ("cc", "conj")], default=len(token.doc))
    words = [t for t in prep.subtree if t.i < cut]
    phrase = token.doc[prep.i : words[-1].i + 1].text
    if phrase.lower() in value.lower():
        return value  # (a name's reading has it already: "university of applied sciences")
    if any(t.pos_ in ("VERB", "AUX", "PRON") for t in words):
        return value
    if prep.lower_ == "in" and not any(t.pos_ == "PROPN" for t in words):
        return value  # ("a shop in town" is a shop)
    return f"{value} {phrase}"

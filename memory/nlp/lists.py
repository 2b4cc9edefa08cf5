"""The things a list after a colon names: "my quiver: a 9'2 longboard, a 6'0 shortboard and
a 7'6 funboard for lessons", "veranda update: frangipani, two staghorn ferns, a lime tree and
a pot of basil", "teach 3 classes: wheel for beginners, hand-building, and a kids class".

The parser hangs such lists in many shapes (appositions, conjuncts, a new root), so the items
are cut at the list's own separators and each is read for its noun phrase: what comes after
the article or count, up to the preposition, verb or clause that describes it."""

from memory.nlp.parse import Span, Token

SEPARATORS = {",", "and", "plus", "&", ";", "+"}
ENDS = {".", "!", "?", "\n"}
# "a pot of basil", "a couple of ferns": the thing is what the measure is of
MEASURES = {"pot", "bag", "box", "bunch", "jar", "tub", "pair", "couple", "lot", "bottle"}
MEASURES |= {"tray", "crate", "pack", "handful", "row", "bed"}
# Nouns of amount whose "of" says what is meant ("a bit of guitar", "a couple of trucks")
AMOUNTS = {"bit", "lot", "lots", "couple", "few", "little", "bunch", "ton", "tons", "load", "loads"}
# where an item's noun phrase ends ("wheel for beginners", "a pot that keeps dying")
CUTS = {"ADP", "VERB", "AUX", "PRON", "SCONJ", "CCONJ", "ADV"}
NAMING = {"called", "named"}


def listed_things(colon: Token) -> list[Span]:
    """The noun phrase of each item after `colon`; none when an item is not a noun phrase
    ("news: Ana is pregnant, Rui quit"), for then the list is of sentences, not things."""
    items: list[list[Token]] = [[]]
    for token in colon.doc[colon.i + 1 :]:
        if token.text in ENDS:
            break
        if token.lower_ in SEPARATORS:
            items.append([])
        else:
            items[-1].append(token)
    phrases = [thing(item) for item in items if item]
    if len(phrases) < 2 or any(p is None for p in phrases):
        return []
    return [p for p in phrases if p is not None]


def thing(tokens: list[Token]) -> Span | None:
    doc = tokens[0].doc
    named = next((k for k, t in enumerate(tokens) if t.lower_ in NAMING), None)
    if named is not None:  # "a boutique in Jakarta called Rumah Kain"
        name = [t for t in tokens[named + 1 :] if t.pos_ == "PROPN"]
        if name:
            return doc[name[0].i : name[-1].i + 1]
    start = 0
    while start < len(tokens) and (
        tokens[start].pos_ in ("DET", "NUM", "PUNCT") or tokens[start].like_num
    ):
        start += 1  # "a", "two", "9'2", "twelve-"
    end = start
    while end < len(tokens) and tokens[end].pos_ not in CUTS:
        end += 1
    placed = tokens[end : end + 2]
    named = len(placed) == 2 and (placed[1].pos_ == "PROPN" or placed[1].is_title)
    if named and placed[0].lower_ == "in":
        end += 2  # "the theatre in Dudelange": which theatre is part of what it is
    measure = end > start and tokens[end - 1].lemma_.lower() in MEASURES | AMOUNTS
    if end < len(tokens) and tokens[end].lower_ == "of" and not measure:
        end += 1  # "the university of applied sciences" (not "a pot of basil", read below)
        while end < len(tokens) and tokens[end].pos_ not in CUTS:
            end += 1
    phrase = [t for t in tokens[start:end]]
    while phrase and phrase[-1].is_punct:
        phrase.pop()
    if not phrase or phrase[0].pos_ not in ("NOUN", "PROPN", "ADJ", "X"):
        return None
    if len(phrase) > 1 and not any(t.pos_ in ("NOUN", "PROPN") for t in phrase):
        return None  # (a lone word in a list is a noun, whatever the tagger said: "rosemary")
    rest = tokens[end:]
    if phrase[-1].lemma_.lower() in MEASURES and len(rest) > 1 and rest[0].lower_ == "of":
        return thing(rest[1:])  # "a pot of basil"
    return doc[phrase[0].i : phrase[-1].i + 1]


def measured(token: Token, measures: set[str] = MEASURES) -> Token:
    """What a measure holds ("a pot of thyme": thyme), else the token itself."""
    if token.lemma_.lower() in measures:
        for prep in token.children:
            if prep.lower_ == "of":
                held = [c for c in prep.children if c.dep_ == "pobj"]
                if held:
                    return held[0]
    return token

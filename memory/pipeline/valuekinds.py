"""What kind of thing a stored value is, read off its words: a vehicle ("a 2014 silverado",
"Ford F-150"), a job ("a nurse", not "Dutch"), a thing of a kind ("basil" is a plant, by the
embedding model where no word says so)."""

import re
from collections.abc import Callable

from memory import embeddings
from memory.nlp.casing import english_nouns, english_words
from memory.nlp.intro import adjective, agent
from memory.nlp.predicates import TIME_UNITS
from memory.nlp.words import VEHICLES

NUMBER_WORDS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
NUMBER_WORDS |= {"one", "some", "several", "many", "few", "lots"}
KIND_OF = 0.37  # cosine similarity of a thing's name to a kind it is one of ("basil", "plant")
# ... of a noun to "occupation": "nurse" 0.47, "chef" 0.40, "midwife" 0.38; "noise" 0.24,
# "fine" 0.19, "okay" 0.17 (a word ending as a doer's does is a job already: "thatcher")
OCCUPATION = 0.3


def is_kind(value: str, kind: str, *, alike: float = KIND_OF) -> bool:
    """Whether `value` names a `kind` of thing: "lime tree" a plant, not "cargo bike"."""
    vectors = embeddings.embed_said([value, kind])
    return float(vectors[value] @ vectors[kind]) >= alike


def vehicle(value: str) -> bool:
    """Whether a thing had is a vehicle: one of the words for one, or a make and model
    ("Kymco Many 110", "Ford F-150"), which is a name."""
    words = value.split()
    # (a model year before it says a car too: "a 2014 silverado")
    year = len(words) > 1 and re.fullmatch(r"(19[5-9]|20[0-3])\d", words[0]) is not None
    named = any(w.lower() in VEHICLES for w in words) or any(w[:1].isupper() for w in words)
    # (a make or model typed in lower case is no English word: "a hilux", "the pajero")
    named = named or any(w.isalpha() and w.lower() not in english_words() for w in words)
    return named or year


def says_job(value: str, said: Callable[[], str] = str) -> bool:
    """ "a nurse", "an engineer", "paramedic": someone's job, not a trait ("Dutch", "tired").
    `said` gives the text it was said in, read only where a single noun leaves it open."""
    words = value.split()
    if len(words) != 1:
        # ("you were eight years on a trawler": how long, not what)
        counted = words[0].isdigit() or words[0].lower() in NUMBER_WORDS
        if not words or counted or words[-1].lower().rstrip("s") in TIME_UNITS:
            return False
        # ("a junior ux researcher", "head of sales"; not "a couple", "a big fan")
        heads = {"head", "chief", "lead", "deputy"}  # "head of sales"
        return any(agent(w.lower()) or w.lower() in heads for w in words) or words[-1][:1].isupper()
    word = words[0]
    # (a word that is an adjective too says a state: "pregnant", "retired")
    if agent(word.lower()):
        return True
    if not (word.islower() and word in english_nouns() and not adjective(word)):
        return False
    # ("Mere is fine", "there is always noise": a noun that is no one's work, unless it was
    # said as one is a notary, with its article; the model puts "notary" at 0.20)
    if is_kind(word, "occupation", alike=OCCUPATION):
        return True
    return re.search(rf"\ban? {re.escape(word)}\b", said(), re.I) is not None

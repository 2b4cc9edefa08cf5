"""How many, how much, how long, how old: the number said of what the question counts.

"How many men work under Murugan?" is answered by "Murugan has 14 men under him", "how much
is my rent?" by "rent is 1600 zł", "How long is Hasan's gravyer aged?" by "aged 10 months",
"how old is fatma?" by "Fatma, 25, ...". No slot holds such numbers (they are said as a
count beside a noun, a price beside a currency, an age beside a name), so the messages
behind the statements closest to the question are read again, with their repairs made.

A number answers when it is said of the asked thing: beside the counted noun ("how many
flats": "18 flats"), as a sum of money or beside the asked noun or verb ("how much rent",
"how much do I charge"), as a span of time ("how long": "16 years"), or as the age of whom
the question asks. The newest such number holds (a change or a correction says it again);
one said as a plan ("from October 2500 zł") is not yet held, and the value a change is
"from" is the one held before it. A question of the past takes the value held before the
newest. Nothing said of the asked thing: None, and the other readers answer.
"""

import re
from dataclasses import dataclass
from datetime import datetime

from memory import nlp, selectors
from memory.nlp.corrections import SAYING, kind
from memory.nlp.parse import Span, Token, governing_verb, parse
from memory.nlp.predicates import is_plan
from memory.nlp.repair import corrects_earlier as corrects
from memory.nlp.words import NUMBER_NAMES
from memory.pipeline.amend import put_right
from memory.pipeline.dated import messages
from memory.pipeline.expect import counted_stem
from memory.pipeline.guard import owned_by
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.slots import MONTH_NUMBER
from memory.pipeline.speech import sentence

ASKED = re.compile(r"\bhow (many|much|long|old)\b", re.I)
# ... a price asked in other words ("What does a sweater cost now?", "what's the fee")
COSTS = re.compile(
    r"\bwhat (?:does|do|did|will) .+ cost\b|\bwhat(?:'s| is| was| are) (?:the|my|our) "
    r"(?:price|cost|fee|rate|charge)s?\b",
    re.I,
)
# Units a span of time is counted in (predicates.TIME_UNITS holds times of day and year).
SPANS = {"year", "month", "week", "day", "hour", "minute", "decade", "season", "yr"}
SYMBOLS = ("$", "€", "£")  # written before the number, often as a token of their own
CURRENCY = {*SYMBOLS, "¥", "₹", "zł", "rm", "kr", "r", "ksh", "tl"}
MONEY_WORDS = {"dollar", "euro", "pound", "buck", "quid", "rand", "peso", "zloty", "denar"}
MONEY_WORDS |= {"dirham", "rupee", "lakh", "crore", "shilling", "kwacha", "naira", "cedi"}
MONEY_WORDS |= {"krone", "kroner", "krona", "kronor", "crown", "koruna", "korun", "złoty"}
MONEY_WORDS |= {"real", "reais", "lira", "lei", "leu", "forint", "yen", "yuan", "won", "baht"}
MONEY_WORDS |= {"ringgit", "franc", "riyal", "rial", "taka", "dinar", "birr", "tenge", "lari"}
MONEY_WORDS |= {"dong", "rupiah", "hryvnia", "ruble", "rouble", "sol", "quetzal", "colón"}
# What a count may leave unsaid: people, and the units a number is given in.
IMPLIED = {nlp.stem(w) for w in "person people folk member guest time unit piece item".split()}
IMPLIED |= {nlp.stem(w) for w in "hectare acre kilo kg km mile metre meter litre liter".split()}
# What a sum of money is, said or not ("how much money did I borrow?": "a loan of 50k").
PRICED = {nlp.stem(w) for w in "money cash time".split()}
ONCE = {"once", "twice", "thrice"}
PERIOD = re.compile(r"\b(?:a|an|per|each|every) (day|week|month|year|night|fortnight)\b", re.I)
WORD = re.compile(r"[^\W_][\w'-]*")
MENTIONS_READ = 500  # the newest messages searched for a counted noun
NUMBER = re.compile(r"^[$€£]?\d[\d.,]*(k|m)?$", re.I)
# Words of a question that do not say what is counted or of whom.
ASKING = {"how", "many", "much", "long", "old", "now", "currently", "still", "right", "moment"}
ASKING |= {"do", "does", "did", "is", "are", "was", "were", "be", "have", "has", "get"}
FIRST_PERSON = {"i", "me", "my", "we", "our", "us", "i'm", "im"}
PAST = re.compile(r"\b(before|used to|previously|originally|at first)\b", re.I)
FUTURE = re.compile(r"\b(will|going to|gonna|from (?:next|\w+ \d|\d|[A-Z]\w+))\b")
# ("How many units did dad start on?": the first value, not the one before the newest)
FIRST = re.compile(
    r"\b(?:start(?:ed|s)? (?:on|at|with|out)|at first|originally|initially|to begin with)\b", re.I
)


@dataclass(frozen=True)
class Asked:
    how: str  # many, much, long or old
    noun: str  # the stem of the counted or priced noun ("man" for "how many men")
    noun_as_said: str  # its stem as the question says it ("men")
    words: frozenset[str]  # stems of the question's other content words
    subject: str  # whom it asks about ("" for the user)
    past: bool
    future: bool
    period: str = ""  # "day" in "how many times a day"
    first: bool = False  # the first value asked ("did dad start on")


@dataclass(frozen=True)
class Said:
    value: str
    said_at: datetime
    order: int
    held: str  # "now", "before" (what a change was from) or "plan" (not held yet)
    shared: int = 0  # the question's words its sentence says


def asked(evidence: Evidence) -> Asked | None:
    intent = evidence.intent
    found = ASKED.search(intent.text)
    priced = COSTS.search(intent.text) if found is None else None
    if found is None and priced is None or intent.yes_no:
        return None
    how = found.group(1).lower() if found is not None else "much"
    doc = parse(intent.text.rstrip(" ?.!") + "?")
    after = [t for t in doc if found is not None and t.idx > found.end() - 1 and not t.is_punct]
    noun = said_as = ""
    if how in ("many", "much") and after and after[0].pos_ == "NOUN":
        noun = counted_stem(after[0].lemma_)
        said_as = nlp.stem(after[0].lower_)
    subject = intent.subject or ""
    if subject and owned_by(evidence.speaker, subject):
        subject = ""
    named = {w.lower() for w in subject.split()}
    words = {
        nlp.stem(t.lemma_.lower())
        for t in doc
        if t.is_alpha
        and not t.is_stop
        and t.lower_ not in ASKING | FIRST_PERSON | named
        and t.pos_ in ("NOUN", "VERB", "PROPN", "ADJ")
    }
    past = intent.wants_past or bool(PAST.search(intent.text))
    future = bool(FUTURE.search(intent.text))
    period = PERIOD.search(intent.text)
    return Asked(
        how,
        noun,
        said_as,
        frozenset(words - {noun}),
        subject,
        past,
        future,
        period.group(1).lower() if period else "",
        bool(FIRST.search(intent.text)),
    )


def answer(evidence: Evidence, kinds: tuple[str, ...] = ("many", "much", "long")) -> str | None:
    """ "14 men." for "How many men work under Murugan?", or None. An age is asked of this
    reader only after the slots: an age stored as a fact ("I'm Callum, 34", then "Callum is
    35 today") is read with whom the user calls themselves."""
    question = asked(evidence)
    if question is None or question.how not in kinds or not evidence.facts:
        return None
    said = sorted(read(evidence, question), key=lambda s: (s.said_at, s.order))
    now = [s for s in said if s.held == "now"]
    held = [s for s in said if s.held != "plan"]
    if question.first and held:
        return sentence(held[0].value)
    if question.past:
        newest = now[-1].value.lower() if now else ""
        earlier = [s for s in said if s.held != "plan" and s.value.lower() != newest]
        return sentence(earlier[-1].value) if earlier else None
    plans = [s for s in said if s.held == "plan"]
    closer = max((s.shared for s in plans), default=0) > max((s.shared for s in now), default=0)
    if question.future or question.how == "much" and closer:
        # ("decided to knit mittens as well, at 350 kroner a pair": a price set for what is
        # to come is the price asked when none said of the thing asked holds now)
        now = plans or now
    return sentence(now[-1].value) if now else None


def never_counted(evidence: Evidence) -> bool:
    """ "How many vans does Gintaras have?" of a memory where no van was ever said: nothing
    can answer it, whatever else was said of Gintaras."""
    question = asked(evidence)
    if question is None or question.how not in ("many", "much") or not question.noun:
        return False
    if question.noun in IMPLIED | PRICED or question.noun.rstrip("s") in SPANS:
        return False  # ("the Swiss group of 9" counts people without saying so)
    # ("How much rent do I pay?" where no rent was ever said: nothing can answer it)
    return not mentioned(evidence, question)


def mentioned(evidence: Evidence, question: Asked) -> bool:
    """Whether any message of the user's before the question says the counted noun."""
    rows = selectors.said_before(user_id=evidence.user_id, at=evidence.asked_at)
    for text in rows.order_by("-sent_at").values_list("text", flat=True)[:MENTIONS_READ]:
        if {question.noun, question.noun_as_said} & _stems(text):
            return True
    return False


def _stems(text: str) -> set[str]:
    words = WORD.findall(text.lower())
    return {nlp.stem(w) for w in words} | {counted_stem(w) for w in words}


def read(evidence: Evidence, question: Asked) -> list[Said]:
    out: list[Said] = []
    order = 0
    for text, said_at in told(evidence, question):
        for sent in parse(text).sents:
            shared = len(question.words & {nlp.stem(t.lemma_.lower()) for t in sent})
            for token in sent:
                order += 1
                value = of_asked(token, sent, question)
                if value:
                    out.append(Said(value, said_at, order, _held(token, said_at), shared))
    return out


def told(evidence: Evidence, question: Asked) -> list[tuple[str, datetime]]:
    """The messages behind the statements closest to the question, and the newest that name
    whom it asks about or the counted noun (a correction may have left no statement of its
    own: "oops. earlier i said freja was 8, she's 9"), each as meant."""
    found: dict[str, datetime] = {}
    read_ids = set()
    for fact in messages(evidence):
        message = fact.source_message
        read_ids.add(fact.source_message_id)
        at = (message.sent_at if message else None) or fact.created_at
        found.setdefault(source(fact), at)
        if message is not None and (put_right(message) is None or corrects(message.text)):
            # a correction's own words say the new value ("it's 16 students not 17", where
            # the message it put right says "from 12 students to 16")
            found.setdefault(message.text, at)
    words = {w.lower() for w in question.subject.split()} | {question.noun_as_said} - {""}
    newest = selectors.newest_said_before(
        user_id=evidence.user_id, at=evidence.asked_at, besides=read_ids
    )
    for message in newest:
        if words & (_stems(message.text) | set(WORD.findall(message.text.lower()))):
            # (a message that puts an earlier one right is read in its own words)
            text = put_right(message) or message.text
            found.setdefault(text, message.sent_at or message.created_at)
    return list(found.items())


def of_asked(token: Token, sent: Span, question: Asked) -> str:
    """The number `token` says with its unit ("14 men", "$275"), when it is said of what the
    question asks; else ""."""
    if question.how == "many" and question.noun == "time" and token.lower_ in ONCE:
        # "carers come twice a day", for "how many times a day": the same period, if asked
        period = [t.lower_ for t in token.doc[token.i + 1 : token.i + 3]]
        same = not question.period or question.period in period
        return token.text if same and not _set_aside(token) else ""
    if not _number(token) or _set_aside(token):
        return ""
    unit = _unit(token)
    unit_stem = counted_stem(unit.lemma_) if unit is not None else ""
    stems = {nlp.stem(t.lemma_.lower()) for t in sent if t.is_alpha}
    if _named(question.subject) and not _names(sent.doc[:], question.subject):
        return ""  # (the message names whom it asks: "Hasan ... Very good cheese, aged 10 months")
    if question.how == "many":
        verb = governing_verb(token)
        # ("how many runs did I score?": "I scored 64", the count said by the verb asked)
        done = unit is None and token.text[:1].isdigit() and verb is not None
        done = done and verb.pos_ == "VERB"
        done = done and nlp.stem(verb.lemma_.lower()) in question.words - {""}
        if not question.noun or unit_stem != question.noun and not done:
            return ""
    elif question.how == "long":
        if unit is None or unit.lemma_.lower().rstrip("s") not in SPANS:
            return ""
        if not question.words & stems:
            return ""
    elif question.how == "much":
        money = _money(token, unit)
        verb = governing_verb(token)
        # ("puruhá pays 110": a plain number is a sum when the question's verb says it)
        paid = verb is not None and nlp.stem(verb.lemma_.lower()) in question.words
        paid = paid and token.text[:1].isdigit() and (unit is None or unit_stem == question.noun)
        if not (money or paid or question.noun and question.noun == unit_stem):
            return ""  # ("she rents one room" says no rent)
        if not (question.words | {question.noun}) & stems - {""}:
            return ""
    elif not _age(token, unit, question):
        return ""
    return _phrase(token, unit)


def _set_aside(token: Token) -> bool:
    """ "7 not 6", "$120 a trip vs $80", "earlier i said freja was 8": a number said as the
    wrong one, as the one compared against, or as what the user says they said."""
    before = token.doc[max(token.i - 2, 0) : token.i]
    if any(t.lower_ in ("not", "vs", "versus", "than") for t in before[-1:]):
        return True
    if [t.lower_ for t in before] == ["instead", "of"]:
        return True
    verb = governing_verb(token)
    said = verb.head if verb is not None and verb.dep_ == "ccomp" else None
    return (
        said is not None
        and said.lemma_ in SAYING
        and any(c.dep_ == "nsubj" and c.lower_ == "i" for c in said.children)
    )


def _number(token: Token) -> bool:
    if token.ent_type_ in ("ORDINAL", "TIME") or ":" in token.text:
        return False
    if re.fullmatch(r"\d+(?:st|nd|rd|th|am|pm)", token.lower_):
        return False  # ("the 5th", "7pm"; not "three", "thirty")
    if re.fullmatch(r"(19|20)\d\d", token.text):
        return False  # a year
    if token.lower_ in SCALES and token.i and token.nbor(-1).like_num:
        return False  # (the "million" of "15 million dong" is part of the 15)
    return bool(NUMBER.match(token.text)) or (token.like_num and token.is_alpha)


SCALES = {"hundred", "thousand", "million", "billion", "lakh", "crore"}


def _unit(token: Token) -> Token | None:
    """The noun a number counts: its head ("14 men", "2500 zł") or, for a number the parser
    made the head, the noun after it; for "40" in "40 to 45 denars", the range's."""
    if token.dep_ == "quantmod" and token.head.like_num:
        return _unit(token.head)
    if token.dep_ in ("nummod", "quantmod") and token.head.pos_ in ("NOUN", "PROPN"):
        return token.head
    following = token.nbor(1) if token.i + 1 < len(token.doc) else None
    if following is not None and following.pos_ == "NOUN" and following.head == token:
        return following
    return None


def _money(token: Token, unit: Token | None) -> bool:
    before = token.nbor(-1).text.lower() if token.i else ""
    words = {unit.lower_, unit.lemma_.lower()} if unit is not None else set()
    return (
        token.ent_type_ == "MONEY"
        or before in CURRENCY
        or bool(words & (CURRENCY | MONEY_WORDS))
        or token.text[:1] in SYMBOLS
        or token.lower_.endswith("k")
    )


def _age(token: Token, unit: Token | None, question: Asked) -> bool:
    """An age: "Fatma, 25", "Nikau turns 10", "Can is 33", "25 years old", of whom is asked."""
    years = int(token.text) if token.text.isdigit() else NUMBER_NAMES.get(token.lower_, 0)
    if not 0 < years < 120:
        return False
    if token.i and token.nbor(-1).lower_ in ("the", "a", "this", "that", "only"):
        return False  # "he's the one feeding it"
    counted = unit is not None and (unit.tag_ == "NNS" or unit.lemma_.lower() in SPANS)
    if counted and unit.lemma_.lower() != "year":
        return False  # "6 cats", "3 months" ("7 not 6 btw" is an age all the same)
    head = token.head
    verb = governing_verb(token) or head
    subject = [c for c in verb.children if c.dep_ == "nsubj"]
    if question.subject:
        named = {w.lower() for w in question.subject.split()}
        beside = head.lower_ in named and token.dep_ in ("appos", "npadvmod", "nummod", "amod")
        # ("her half-brother Malik, who is seven": the "who" is Malik)
        if verb.dep_ == "relcl" and any(c.lower_ == "who" for c in subject):
            # (or the name beside the noun it hangs on: "his sister Killa, who is five")
            subject += [verb.head, *(c for c in verb.head.children if c.dep_ == "appos")]
        said_of = verb.lemma_ in ("be", "turn", "age") and any(
            c.lower_ in named or _refers(c, named) for c in subject
        )
        return beside or said_of
    return verb.lemma_ in ("be", "turn") and any(c.lower_ in FIRST_PERSON for c in subject)


def _refers(pronoun: Token, named: set[str]) -> bool:
    """ "earlier i said freja was 8, she's 9": "she" is the name said last before it."""
    if pronoun.lower_ not in ("he", "she"):
        return False
    names = [t for t in pronoun.doc[: pronoun.i] if t.pos_ == "PROPN"]
    return bool(names) and names[-1].lower_ in named


def _named(subject: str) -> bool:
    """Whether whom the question asks about is named (a person, not "the riad")."""
    return any(w[:1].isupper() for w in subject.split())


def _names(sent: Span, subject: str) -> bool:
    named = {w.lower() for w in subject.split() if w[:1].isupper() or len(w) > 2}
    return bool(named & {t.lower_ for t in sent})


def _held(token: Token, said_at: datetime) -> str:
    """ "raised from 40 to 45": 40 was held before, 45 is held now; "will go from 40 to 45"
    or "45 from 1 March": 40 is held now and 45 is a plan."""
    planned = _planned(token, said_at)
    head = token.head.head if token.head.text in SYMBOLS else token.head
    if _range_end(token):
        return "plan" if planned else "now"  # (the end of a range hangs on its "from")
    if _range_start(token) or head.lower_ == "from":
        return "now" if planned else "before"
    return "plan" if planned else "now"


def _range_start(token: Token) -> bool:
    """ "40" in "from 40 to 45" (the parser hangs it on 45)."""
    following = [t for t in token.doc[token.i + 1 : token.i + 4] if t.text not in SYMBOLS]
    return len(following) >= 2 and following[0].lower_ == "to" and following[1].like_num


def _range_end(token: Token) -> bool:
    """ "45" in "from 40 to 45"."""
    before = [t for t in token.doc[max(token.i - 3, 0) : token.i] if t.text not in SYMBOLS]
    return len(before) >= 2 and before[-1].lower_ == "to" and before[-2].like_num


def _planned(token: Token, said_at: datetime) -> bool:
    verb = governing_verb(token)
    if verb is None:
        return False
    if is_plan(verb):
        return True
    # "from October 2500 zł", "raise the bread to 45 denars from 1 March": a change to come;
    # told in the past tense it has come ("went up to 45 from 1 March"), unless the month
    # named is still ahead ("offered us their second farm from 1 june, 250 cows", in April)
    month = _from_month(token.sent)
    if month is None:
        return False
    return verb.tag_ != "VBD" or month > said_at.month


def _from_month(sent: Span) -> int | None:
    """The month a "from <date>" in the sentence names (0 for a weekday), or None."""
    for t in sent[:-2]:
        if t.lower_ != "from":
            continue
        for w in sent.doc[t.i + 1 : t.i + 3]:
            if kind(w.text) == "weekday":
                return 0
            if kind(w.text) == "month":
                return MONTH_NUMBER.get(w.lower_, 0)
    return None


def _phrase(token: Token, unit: Token | None) -> str:
    before = token.nbor(-1) if token.i else None
    text = token.text
    if before is not None and before.text in SYMBOLS:
        text = before.text + text
    if unit is not None and unit.i == token.i + 1 or unit is not None and _range_start(token):
        text = f"{text} {unit.text}"
    return text

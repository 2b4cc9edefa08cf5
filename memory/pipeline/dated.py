"""When something happened or is to happen, read off the clause of the user's own messages
that tells it: "When did Kayla marry Troy?" is answered by "Kayla got remarried last weekend"
(said on 2 August: late July), "When is Dana's baby due?" by "dana is pregnant!! due in
january", "What month is my knee surgery now?" by "my surgery got pushed back to May".

The messages behind the statements closest to the question (and those about whom it asks)
are read again as said, with their repairs made. A sentence tells the event asked when it
has the question's verb (or one close in meaning) or shares two of its words; its date is the
one its words give (`memory.pipeline.dates.said_in`), else, for something that has happened,
the day the message was sent (counted back by "yesterday", "last week"). A plan with no date
tells no date. Of the sentences that tell it equally well the newest wins (a reschedule or a
correction says it again), or the first said when the question asks what was "first" set.
Nothing told: None, and the fact-based readers answer.
"""

import re
from dataclasses import dataclass, replace
from datetime import datetime

from memory import nlp, selectors
from memory.models import Fact
from memory.nlp.endings import ENDING_VERBS
from memory.nlp.moves import RESCHEDULING
from memory.nlp.parse import Span, Token, child, children, governing_verb, parse
from memory.nlp.predicates import WEEKDAYS, is_plan, negated
from memory.nlp.questions import unwrap
from memory.nlp.words import ACQUIRE, LOSS_VERBS
from memory.pipeline import aligned, expect
from memory.pipeline.dates import MONTH, MONTH_NAMES, said_in
from memory.pipeline.guard import owned_by
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.roles import ARRIVING, SKIP_DEPS, content, verb_match, verb_of
from memory.pipeline.speech import day, sentence

# Questions of a beginning, which "since <date>" answers ("When did I move to Medellín?").
STARTING = {"start", "begin", "move", "join", "get", "become", "meet", "take_up", "open"}
NOT_YET = "I don't know of it happening yet; you told me of it only as a plan."
READ = 10  # the statements closest to the question whose messages are read again
# Words of a "when" question that do not name the event.
NOT_EVENT = {"when", "what", "which", "month", "year", "day", "date", "time", "now", "again"}
NOT_EVENT |= {"exactly", "first", "originally", "still", "good"}  # ("split for good")
NOT_EVENT |= MONTH_NAMES | set(WEEKDAYS)  # "What day in July is the closing?"


@dataclass(frozen=True)
class Event:
    verb: str  # the question's predicate ("marry", "fall_through"; "be" for "is X due")
    words: frozenset[str]  # stems of the question's other content words
    subject: str | None  # who it is about
    first: bool  # "first booked for": the first date said, not the latest
    thing: str = ""  # the event a light verb has ("surgery" in "have my knee surgery")


@dataclass(frozen=True)
class Told:
    score: float
    said_at: datetime
    order: int  # position among everything read, for ties within a message
    date: str | None  # None: told as to come, with no date
    stated: bool  # the words gave the date (not the day the message was sent)
    planned: bool = False  # told as still to come ("we're getting married in june")
    weekday: str = ""  # the day of the week the sentence names ("rolled my ankle on thurs")


def answer(evidence: Evidence) -> str | None:
    """ "On 24 September 2025." / "In January 2026." for a "when" question, or None."""
    intent = evidence.intent
    if intent.wh != "when" or intent.anchor or intent.yes_no:
        return None
    event = asked(intent.text, speaker=evidence.speaker, subject=intent.subject)
    if event is None:
        return None
    if re.search(r"\bwhat time\b", intent.text, re.I):
        return clock(evidence, event)
    # "When is Dana's baby due?" asks a date said; "When did we split up?" may be answered
    # by the day it was told
    done = not expect.asks_schedule(intent.text)
    heard = told(evidence, event)
    found = [t for t in heard if t.date and (t.stated or done)]
    if found:  # (read once for all: every fact of a message carries the same text)
        later = said_right(evidence)
        found = [put_right_later(t, later) for t in found]
    if not found:
        # only told as still to come, or as a maybe ("we might adopt a dog"): no day yet
        return NOT_YET if heard and done else None
    best = max(t.score for t in found)
    tied = [t for t in found if t.score == best]
    # (of two that fit as well, the one whose words give the date: "I open it in 2019", not
    # the day "took a loan to open a second café" was said)
    if done:  # (what was only to come, last; a year gone by said in words, first)
        tied = [t for t in tied if not t.planned] or tied
        tied = [t for t in tied if said_before(t)] or tied
        if event.verb in STARTING:  # "from july 7", not the day "4 weeks as ..." was said
            tied = [t for t in tied if t.stated] or tied
    pick = min if event.first else max
    chosen = pick(tied, key=lambda t: (t.said_at, t.order))
    if WHAT_DAY.search(intent.text) and chosen.weekday:
        # "What day did I roll my ankle?" after "rolled it on thurs" (or "not thurs, tuesday")
        return sentence(f"on {put_right_day(chosen, later)}")
    return sentence(chosen.date)


WHAT_DAY = re.compile(r"\b(?:what|which) day\b", re.I)
# A day of the week as typed: "thurs", "weds", "tue", "Sunday".
# ("sat", "sun", "wed" are words too: only the clipped forms no word shares)
WEEKDAY_SAID = re.compile(
    r"\b(tues|weds|thur|thurs)\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.I,
)
WEEKDAY_NAMES = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()


def weekday_of(text: str) -> str:
    """The day of the week a sentence names, said in full ("thurs": "Thursday"), or ""."""
    found = WEEKDAY_SAID.search(text)
    if found is None:
        return ""
    said = (found.group(1) or found.group(2)).lower()
    return next((d for d in WEEKDAY_NAMES if d.lower().startswith(said[:3])), "")


def put_right_day(said: Told, later: list[tuple[datetime, str, str]]) -> str:
    """The weekday as a later message put it right ("not thurs, tuesday")."""
    for at, right, wrong in later:
        if at > said.said_at and weekday_of(wrong) == said.weekday and weekday_of(right):
            return weekday_of(right)
    return said.weekday


# "Which month are Eleni and I flying ...?" asks when, and parses as "when" does (the
# parser makes "month" the subject and "Eleni" an adjective).
WHEN_NOUN = re.compile(r"^\s*(?:in |on )?(?:which|what) (?:month|year|day|date|week) ", re.I)


def asked(text: str, *, speaker: str, subject: str | None) -> Event | None:
    doc = parse(WHEN_NOUN.sub("When ", unwrap(text)).rstrip(" ?.!") + "?")
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    if root.lemma_ == "be":  # ("When are Eleni and I flying ...?" parsed as "are Eleni")
        root = next((c for c in root.children if c.dep_ == "conj" and c.tag_ == "VBG"), root)
    verb = verb_of(root) if root.pos_ in ("VERB", "AUX") else "be"
    first = any(t.lower_ in ("first", "originally", "original") for t in doc)
    # the user's own name is no word of the event ("When did I move?")
    mine = subject is None or owned_by(speaker, subject) and "'s" not in subject
    words = frozenset(
        nlp.stem(t.lower_)
        for t in doc
        if telling(t)
        and t.i != root.i
        and t.lower_ not in NOT_EVENT
        and not (mine and t.lower_ in ("i", "me", "we", "us"))
    )
    if not words and verb in ("be", "have", "do", "get"):
        return None  # "When was it?": nothing to find
    obj = child(root, "dobj")
    thing = nlp.stem(obj.lower_) if obj is not None and verb in LIGHT_VERBS else ""
    return Event(verb, words, subject, first, thing)


def told(evidence: Evidence, event: Event) -> list[Told]:
    out: list[Told] = []
    order = 0
    for text, said_at, fact in read_again(evidence, event):
        before: set[str] = set()
        earlier: set[str] = set()
        moved_first = False
        # who each clause is about, pronouns resolved ("She starts on the 1st of May": Inês)
        who = {c.predicate.i: c.subject for c in aligned.read(text, fact, evidence.speaker)}
        for sent in parse(text).sents:
            order += 1
            score, plan = fit(event, sent, before, who)
            date = said_in(sent, said_at)
            # (a sentence giving a date of its own may name what it is of earlier in the
            # message: "Shruti got engaged!!! ... she is over the moon ... wedding is in
            # November", "we buy a house in Penampang!! ... move in end of June"; not one
            # with a person of its own: "Jia Hui's also starting an MBA in august")
            if score <= 0 and date and earlier - before and not names_someone(sent):
                score, plan = fit(event, sent, before | earlier, who)
            if score <= 0 and date and moved_first and event.verb == "be":
                score = 3.0  # ("the trip is moved. Not May anymore, now it is 10 to 12 June")
            # (only a move that gives no date of its own: "my surgery got pushed back to May.
            # ... So Arizona in April is back on" dates the surgery in May)
            # (nor one whose month the parse missed: "pushed back to May.")
            undated = not date and not moved_in_time(event, sent) and not MONTH.search(sent.text)
            moved_first = moved_first or (undated and bool(moving_asked(event, sent)))
            before = stems(sent)
            earlier |= before
            if score <= 0:
                continue
            if fact is None and not date:
                continue  # (a message read again for its name tells a date in words or none)
            if date and dated_elsewhere(event, sent, said_at):
                score /= 2
            told_as = date or (None if plan else f"on {day(said_at)}")
            told = Told(score, said_at, order, told_as, bool(date), plan, weekday_of(sent.text))
            # ("I open it in 2019", said in 2025: a day gone by is no plan)
            out.append(replace(told, planned=plan and not said_before(told)))
    return out


CLOCK = re.compile(r"\b(\d{1,2}(?::\d\d)?\s?(?:am|pm)|\d{1,2}:\d\d|noon|midnight)\b", re.I)


def clock(evidence: Evidence, event: Event) -> str | None:
    """ "What time does my early shift start?": the time of day the sentence telling it
    says, not one set aside ("sorry 6am, not 7am"); the newest of equals."""
    best: tuple | None = None
    for k, fact in enumerate(messages(evidence)):
        for sent in parse(source(fact)).sents:
            score, _ = fit(event, sent, set())
            taken = {
                m.group(1).lower().strip(".,;:!?")  # ("not 7am." sets 7am aside)
                for m in re.finditer(r"\bnot\s+(\S+)", sent.text, re.I)
            }
            times = [t for t in CLOCK.findall(sent.text) if t.lower() not in taken]
            if score > 0 and times:
                rank = (score, fact.created_at, -k)
                if best is None or rank > best[0]:
                    best = (rank, times[0])
    if best is None:
        return None
    said = best[1]
    for fact in evidence.facts:  # "sorry 6am, not 7am" said later puts it right
        put_right = re.search(rf"({CLOCK.pattern}),?\s+not\s+{re.escape(said)}", source(fact), re.I)
        if put_right and fact.created_at >= best[0][1]:
            said = put_right.group(1)
    return sentence(f"at {said}")


PUT_RIGHT = re.compile(r"\b(\w+),? not (?:in |on |the )?(\w+)", re.I)
# "not thurs, tuesday": the word denied first, then the right one.
DENIED_FIRST = re.compile(r"\bnot (?:in |on |the )?(\w+), (?:it was |it's |its )?(\w+)", re.I)


def said_right(evidence: Evidence) -> list[tuple[datetime, str, str]]:
    """(when, right, wrong) for each "X, not Y" said in the messages the evidence came from,
    as said (not put right), once per message."""
    out, seen = [], set()
    for fact in evidence.facts:
        message = fact.source_message
        key = ("message", fact.source_message_id) if message is not None else ("fact", fact.pk)
        if key in seen:
            continue
        seen.add(key)
        at = (message.sent_at if message is not None else None) or fact.created_at
        text = message.text if message is not None else fact.text
        out += [(at, right, wrong) for right, wrong in PUT_RIGHT.findall(text)]
        out += [(at, right, wrong) for wrong, right in DENIED_FIRST.findall(text)]
    return out


def put_right_later(said: Told, later: list[tuple[datetime, str, str]]) -> Told:
    """The date as a later message put it right ("the shop was opened in 1986, not 1987")."""
    words = said.date.split() if said.date else []
    for at, right, wrong in later:
        if at <= said.said_at or right.lower() == wrong.lower():
            continue
        if wrong.lower() in (w.lower() for w in words):
            date = " ".join(right if w.lower() == wrong.lower() else w for w in words)
            return replace(said, date=date)
    return said


def years_before(told: Told) -> bool:
    """Whether the words gave a year before the one it was said in ("I open it in 2019")."""
    year = re.search(r"\b(\d{4})$", told.date or "") if told.stated else None
    return year is not None and int(year.group(1)) < told.said_at.year


def said_before(told: Told) -> bool:
    """Whether the words gave a day gone by when it was said: a year before ("in 2019") or a
    day before ("last week": "on 21 May 2025"), not a month that may be to come."""
    day = re.fullmatch(r"on (\d{1,2}) (\w+) (\d{4})", told.date or "") if told.stated else None
    if day is not None:
        try:
            when = datetime.strptime(" ".join(day.groups()), "%d %B %Y").date()
        except ValueError:
            return False
        return when < told.said_at.date()
    return years_before(told)


def read_again(evidence: Evidence, event: Event) -> list[tuple[str, datetime, Fact | None]]:
    """The messages behind the statements closest to the question, then the newest that name
    whom it asks about by name, which may have left no statement of their own ("Paddy passed
    in 2019, it'll be seven years in March")."""
    out: list[tuple[str, datetime, Fact | None]] = []
    read_ids = set()
    for fact in messages(evidence):
        message = fact.source_message
        read_ids.add(fact.source_message_id)
        said_at = (message.sent_at if message is not None else None) or fact.created_at
        out.append((source(fact), said_at, fact))
    name = event.subject if event.subject and event.subject[:1].isupper() else ""
    if not name or owned_by(evidence.speaker, name):
        return out
    named = re.compile(rf"\b{re.escape(name)}\b")
    newest = selectors.newest_said_before(
        user_id=evidence.user_id, at=evidence.asked_at, besides=read_ids
    )
    for message in newest:
        if named.search(message.text):
            out.append((message.text, message.sent_at or message.created_at, None))
    return out


def messages(evidence: Evidence) -> list[Fact]:
    """One statement per message: those closest to the question, then those about whom it
    asks."""
    seen: set[int | str] = set()
    out = []
    for fact in aligned.nearest(evidence, READ):
        key = fact.source_message_id or fact.text
        if key not in seen:
            seen.add(key)
            out.append(fact)
    return out


def stems(sent: Span) -> set[str]:
    return {nlp.stem(t.lower_) for t in sent if telling(t)}


def telling(token: Token) -> bool:
    """A content word, counting those the stop list holds that name an event ("due")."""
    if token.pos_ in ("NOUN", "ADJ") and token.is_stop and token.dep_ not in SKIP_DEPS:
        return token.lower_ not in NOT_EVENT
    if token.pos_ == "PROPN" and token.dep_ == "poss":
        return True  # "Dana's baby": Dana is told of with it
    return content(token)


def fit(
    event: Event, sent: Span, before: set[str], who: dict[int, str] | None = None
) -> tuple[float, bool]:
    """How well a sentence tells the event asked (0: not at all), and whether it tells it
    as still to come. A clause with the question's verb must share its words in the clause
    ("cancelled my spanish course, field season is starting" does not tell when Spanish
    started); otherwise the sentence must share two of them, the sentence before it in the
    message counting for half ("dana is pregnant!! due in january"), and the message before
    it for a sentence that gives a date of its own and names no one (`told`)."""
    words = stems(sent)
    # the event named by its noun counts as one of its words ("gunnar's start is the 16th")
    named = any(t.pos_ == "NOUN" and t.lemma_ == event.verb for t in sent)
    own = len(words & event.words) + named
    shared = own + len((before - words) & event.words) / 2 if own else 0
    if completed(event, sent):
        return 3.0, False  # ("grommets done yesterday!" tells when Finn got his grommets)
    if event.verb == "be" and not event.first and moved_in_time(event, sent):
        return 3.0, False  # ("trip pushed to march 6-8" tells when the Tremblant trip is)
    best, plan = 0.0, False
    for token in sent:
        if token.pos_ not in ("VERB", "AUX", "ADJ") or token.dep_ in ("aux", "auxpass"):
            continue
        match = verb_match(event.verb, verb_of(token)) if event.verb != "be" else 0.0
        if match and ARRIVING >= {event.verb, token.lemma_} and event.verb != token.lemma_:
            # "Salwa came in 2010" tells when she started; "Mrs Russo comes out on Fridays"
            # does not: another verb of arriving tells a start only with its date
            match = match if said_in(doc_span(token), NOW) else 0.0
        if not match:
            continue
        if negated(token):
            return 0.0, False  # "we didn't adopt her after all": no day it happened
        clause = {nlp.stem(t.lower_) for t in own_words(token) if telling(t)}
        clause |= {nlp.stem(w) for w in nlp.tokenize((who or {}).get(token.i, ""))}
        # ("accepted the Shopee offer! starting in march.": the sentence before says where)
        near = len(clause & event.words) + len((before - clause) & event.words) / 2
        if (near or not event.words) and match + near > best:
            best, plan = match + near, unreal(token)
    if best:
        return best, plan
    if event.verb in STARTING | ACQUIRE | ARRIVING and any(ends_asked(t, event) for t in sent):
        # "when did I get the scooter?" is not told by "sold scooter", nor "when did Aoife
        # arrive in Buenos Aires?" by "Aoife has left Buenos Aires": the sentence names the
        # thing as it ended
        return 0.0, False
    if own >= len(event.words) and since(sent) and event.verb in STARTING:
        # "living in laureles in medellín since last october": when that began (when all
        # the question names is said: "the pharmacy ... since 2019" is not "the hospital
        # pharmacy")
        return 1.5 + own, False
    unreal_here = any(unreal(t) for t in sent if t.pos_ in ("VERB", "AUX"))
    if shared >= 1.5:
        return float(shared), unreal_here
    if event.thing and any(
        t.pos_ in ("NOUN", "PROPN") and nlp.stem(t.lower_) == event.thing for t in sent
    ):
        # "When did I have my knee surgery?": a light verb says nothing; the event is its
        # noun ("Doctor says surgery in May")
        return 1.0, unreal_here
    return 0.0, False


# Verbs that name no event of their own: "have surgery", "get a tattoo", "do the course".
LIGHT_VERBS = {"have", "get", "do", "undergo"}
GONE_WELL = {"fine", "well", "ok", "okay", "great", "smoothly", "perfectly"}


def completed(event: Event, sent: Span) -> bool:
    """A sentence saying the thing asked was done ("Left eye done yesterday", "the surgery
    went fine"), of a question whose verb says nothing of its own ("When did Finn get his
    grommets?", "When did I have my left eye done?")."""
    if event.verb not in LIGHT_VERBS:
        return False
    wanted = event.words | {event.thing}
    for token in sent:
        went = token.lemma_ == "go" and any(c.lower_ in GONE_WELL for c in token.children)
        done = token.lemma_ == "do" and token.tag_ == "VBN" and token.dep_ == "acl"
        # ("Surgery finished, 6 hours."; not "finn finished his course of amoxicillin")
        over = token.lemma_ in ("finish", "complete") and token.tag_ in ("VBD", "VBN")
        if not (went or done or over) or negated(token):
            continue
        thing = token.head if done else child(token, "nsubj", "nsubjpass")
        if over and thing is not None and child(token, "dobj") is not None:
            continue  # (what one finished is its object, not its subject)
        if thing is not None and nlp.stem(thing.lower_) in wanted:
            return True
    return False


def names_someone(sent: Span) -> bool:
    """Whether a sentence has a person of its own as a subject ("Jia Hui's also starting")."""
    return any(t.dep_ == "nsubj" and t.pos_ in ("PROPN", "PRON") for t in sent)


def dated_elsewhere(event: Event, sent: Span, said_at: datetime) -> bool:
    """Whether the date a sentence gives belongs to another clause than the one naming the
    thing asked ("Shruti is moving out end of April to save money for the wedding" does not
    tell when the wedding is; "the wedding is in November" does)."""
    if event.verb != "be":
        return False
    whose = {nlp.stem(w) for w in nlp.tokenize(event.subject or "")}
    thing = event.words - whose  # (the wedding, not whose it is: "Ines" may be read as a noun)
    named = [t for t in sent if t.pos_ == "NOUN" and nlp.stem(t.lower_) in thing]
    verbs = [v for v in (governing_verb(t) for t in named) if v is not None]
    return bool(verbs) and not any(said_in(doc_span(v), said_at) for v in verbs)


TO = ("to", "till", "until")


def moved_in_time(event: Event, sent: Span) -> bool:
    """A sentence moving the thing asked to another date ("trip pushed to march 6-8", "they
    moved the meeting to Thursday"), of a question asking when it is ("When is the Tremblant
    trip now?"): it says the date again, whatever else the question names."""
    for token in moving_asked(event, sent):
        # (the parser may hang "to June" on "back": "pushed back to June")
        heads = [token, *children(token, "advmod", "prt")]
        preps = [p for h in heads for p in children(h, "prep") if p.lower_ in TO]
        to = [o for p in preps for o in children(p, "pobj")]
        if any(said_in(doc_span(o), NOW) for o in to):
            return True
    return False


NOW = datetime(2000, 1, 1)  # (said_in only tells whether a clause gives a date at all)


def moving_asked(event: Event, sent: Span) -> list[Token]:
    """The verbs of a sentence that move the thing asked in time ("the trip is moved")."""
    return [
        token
        for token in sent
        if token.pos_ == "VERB"
        and token.lemma_ in RESCHEDULING
        and not negated(token)
        and any(
            nlp.stem(t.lower_) in event.words for t in children(token, "nsubj", "nsubjpass", "dobj")
        )
    ]


def doc_span(token: Token) -> Span:
    """The clause of `token`, as a span of its own words."""
    words = own_words(token)
    return token.doc[min(t.i for t in words) : max(t.i for t in words) + 1]


def ends_asked(token: Token, event: Event) -> bool:
    """A verb by which what is asked ended or was given up ("sold the scooter"; not "quit
    my job" beside "started ceramics full time")."""
    lemma = token.lemma_.lower()
    if token.pos_ != "VERB" or lemma not in LOSS_VERBS | ENDING_VERBS or negated(token):
        return False
    return bool({nlp.stem(t.lower_) for t in token.subtree if t.i != token.i} & event.words)


def own_words(predicate: Token) -> list[Token]:
    """The clause's words with its subject ("their dad Einar and I divorced in 2021")."""
    said = [t for c in predicate.children if c.dep_ in aligned.SUBJECTS for t in c.subtree]
    return aligned.own(predicate) + said


def since(sent: Span) -> bool:
    return any(t.lower_ == "since" for t in sent)


def unreal(predicate: Token) -> bool:
    """Still to come, or only maybe: "will start", "is moving", "we might adopt a dog"."""
    maybe = any(a.tag_ == "MD" and a.lower_ not in ("will", "'ll") for a in predicate.children)
    return maybe or is_plan(predicate)

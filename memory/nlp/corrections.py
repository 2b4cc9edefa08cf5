"""Which value a correction puts right, and which it says was wrong: "Tuesday the 28th, not
Thursday", "last Sunday of the month, not first", "scratch that about Connewitz ... it'll be
Lindenau", "I said Monday earlier but it's Wednesday", "sorry, it's the 21st"."""

import re
from functools import lru_cache

from memory.nlp.parse import Span, Token, child, children
from memory.nlp.predicates import LOOSE_DAYS, weekday_of
from memory.nlp.predicates import MONTHS as MONTH_NAMES
from memory.nlp.words import SORRY_ELSEWHERE

# The wrong value of a correction that does not name it ("sorry, it's the 21st").
LAST_SAID = "\x00last said"

NOMINAL = ("PROPN", "NOUN", "NUM")
ONCE = {"once", "twice", "thrice"}  # how often, said as an adverb
CONTENT = (*NOMINAL, "ADJ")
# Words that open a correction and are no value ("sorry", "oops", "no wait").
EDITING = {"sorry", "oops", "actually", "wait", "no", "ok", "okay", "oh", "ah", "ugh", "well"}
EDITING |= {"correction", "typo", "sry", "soz", "argh", "hmm", "pardon"} | SORRY_ELSEWHERE
ERRING = {"mistake", "error", "wrong", "confused", "misread", "mixed"}
WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
MONTHS = frozenset(MONTH_NAMES)  # ("feb 12", put right as "march 9": a month for a month)
ORDINAL = re.compile(r"^(\d+(st|nd|rd|th)|first|second|third|fourth|fifth|last|next)$", re.I)
# "scratch that about X", "forget what I said about X": X is what was wrong
RETRACTING = {"scratch", "forget", "ignore", "disregard", "strike"}
SAYING = {"say", "write", "type", "tell"}
LONGEST = 4  # words in a value named after "not"
# "I must correct myself", "let me correct that" ("correct" alone may agree: "that's correct")
CORRECTING = re.compile(r"\bcorrect (?:myself|that|this|what I said)\b", re.I)


def shape(value: str) -> str:
    """What kind of value it is, as written: a number or date ("21st", "June 14"), a name,
    or words."""
    if any(c.isdigit() for c in value):
        return "number"
    return "name" if value[:1].isupper() else "words"


def kind(value: str) -> str:
    """A finer kind for lining up the two sides of a correction: a weekday goes with a
    weekday, a month with a month, an ordinal with an ordinal."""
    words = value.lower().split()
    # ("*tues and thurs" puts right "mon and wed"; "sat" and "sun" are words as well)
    if words and weekday_of(words[-1]) is not None and words[-1] not in LOOSE_DAYS:
        return "weekday"
    if words and (words[-1] in MONTHS or words[0] in MONTHS):
        return "month"
    if words and ORDINAL.match(words[0]):
        return "ordinal"
    return "number" if any(c.isdigit() for c in value) else "other"


def restated(sent: Span, value_of) -> str:
    """ "it's the 21st", "that's June 21", "it'll be Lindenau": a name, number or date
    restated with no slot of its own ("it's been a long day" restates nothing)."""
    for verb in sent:
        subject = child(verb, "nsubj")
        # "it's actually Wednesday": the parser may take a day for an adverb of time
        attr = child(verb, "attr", "npadvmod")
        if verb.lemma_ != "be" or subject is None or attr is None:
            continue
        value = value_of(attr)
        if subject.lower_ in ("it", "that") and attr.pos_ in NOMINAL and shape(value) != "words":
            return value
    return ""


CLEFT_FOCUS = re.compile(
    r"\bit(?:'s| is| was) (?:the |a |an |my |our )?([\w'-]+(?: [\w'-]+){0,2}?) (?:who|that)\b", re.I
)


def contrast(sent: Span) -> tuple[str, str] | None:
    """ "X, not Y" / "not Y, X" / "X rather than Y": (X, Y), the right value and the wrong.
    Y is what follows "not"; X is the words of the same kind said beside it ("Tuesday" for
    "Thursday", "last" for "first"), chosen by kind and then by closeness in meaning."""
    renamed = actually_named(sent)
    if renamed is not None:
        return renamed
    for token in sent:
        # ("it wasn't 6 months, it's 12": the contracted "not" of a copula said again)
        denied_copula = token.lower_ == "n't" and token.head.lemma_ == "be"
        cue = (
            token.lower_ == "not"
            or denied_copula
            or (token.lower_ == "than" and token.i and token.nbor(-1).lower_ == "rather")
        )
        if not cue:
            continue
        wrong = _run_after(sent, token)
        if not wrong:
            # "not" negating a verb: "I do not work there"; or a thing done denied, then
            # said again ("Rosa did not break the wrist, it is the shoulder")
            denied = _denied_thing(sent, token) if _cued(sent) else None
            if denied is not None:
                return denied
            continue
        before = [t for t in sent if t.i < token.i and t.pos_ not in ("PUNCT", "CCONJ")]
        owned = [t for t in before if t.i < token.sent.start]
        if any(t.lower_ in ERRING for t in owned):
            # ("Ah, I made a mistake. Not Saturday, it is Sunday": the sentence before only
            # owns to the error)
            before = [t for t in before if t.i >= token.sent.start]
        # ("Sorry, not the pharmacy, the optician": an editing term is no value set against)
        following = sent.doc[wrong[-1].i + 1] if wrong[-1].i + 1 < len(sent.doc) else None
        if all(t.lower_ in EDITING for t in before) and following is not None:
            # (the right value then follows in the same sentence, "..., the optician"; a
            # list said again in the next one is read whole: repair._list_for_list)
            before = [] if following.text == "," else before
        if token.lower_ == "than":
            before = before[:-1]
        cued = _cued(sent)
        adjacent = None
        after = [t for t in sent if t.i > wrong[-1].i]
        if before and before[-1].lemma_ == "be" and any(t.lemma_ == "be" for t in after):
            # "my school is not Deltion, it is Landstede": the "not" denies the copula, and
            # the right value is said after it, as the copula's again
            before = []
        if before and (before[-1].pos_ in CONTENT or cued):
            candidates = _spans([t for t in before if t.i < wrong[0].i])
            if candidates and candidates[-1][-1].i == before[-1].i:
                adjacent = _text(candidates[-1])
            if _named(wrong) and candidates and not any(t.pos_ in NOMINAL for t in candidates[-1]):
                continue  # "sorry im so tired, not Kabah!! its Sayil": no name set against it
        elif not before or cued:
            # "not Monday, Tuesday": the right value comes after the wrong one, in the same
            # sentence when it has one ("..., it's the Lannemezan festival. Bagnères is the
            # one who said maybe": the next sentence speaks of the wrong one)
            near = _spans([t for t in after if t.sent.start == token.sent.start])
            candidates = near or _spans(after)
        else:
            continue
        # "it's the bakery who wants payroll, not the dental clinic": a cleft's focus is
        # what the "not" is set against
        focus = CLEFT_FOCUS.search(sent.doc[sent.start : token.i].text)
        right = focus.group(1) if focus else _closest(_text(wrong), candidates, adjacent)
        if not cued and not any(t.pos_ in NOMINAL for t in wrong):
            continue  # "vegetarian, not vegan" may be a change as well as a correction
        if right:
            return right, _text(wrong)
    return None


ACTUALLY_NAMED = re.compile(r"\b([A-Z][\w-]+)(?:'s|’s) actually ([A-Z][\w-]+)\b")


def actually_named(sent: Span) -> tuple[str, str] | None:
    """ "Bradley's actually Brendan": one name said to be another, with "actually", puts the
    first right (Brendan, Bradley)."""
    said = ACTUALLY_NAMED.search(sent.text)  # (the parser reads the "'s" as a possessive)
    if said is not None:
        return said.group(2), said.group(1)
    for token in sent:
        if token.lemma_ != "be" or not any(c.lower_ == "actually" for c in token.children):
            continue
        subject, attr = child(token, "nsubj"), child(token, "attr")
        if subject is None or attr is None or subject.pos_ != "PROPN" or attr.pos_ != "PROPN":
            continue
        if child(attr, "det") is None and not child(token, "neg"):
            return attr.text, subject.text
    return None


def retracted(sent: Span) -> str:
    """ "scratch that about Connewitz", "I said Monday earlier but ...": the value the user
    takes back, when the sentence names no "not"."""
    for token in sent:
        if token.lemma_.lower() in RETRACTING:
            about = [c for c in token.subtree if c.dep_ == "pobj" and c.head.lower_ == "about"]
            if about and about[0].pos_ in NOMINAL:
                return about[0].text
        if token.lemma_.lower() in SAYING and token.pos_ == "VERB":
            subject = child(token, "nsubj")
            said = [c for c in token.children if c.dep_ in ("dobj", "npadvmod", "attr")]
            said = [c for c in said if c.pos_ in NOMINAL]
            nxt = token.nbor(1) if token.i + 1 < len(token.doc) else None
            if not said and nxt is not None and nxt.pos_ == "PROPN" and nxt.head == token:
                said = [nxt]  # "i said Çeşme, it's Foça" parsed with Çeşme a second subject
            if said and subject is not None and subject.lower_ == "i":
                return said_of(token, said[0]).text
    return ""


def said_of(verb: Token, said: Token) -> Token:
    """ "i said hina's at boots": the value said of someone, not who it was said of (the
    parser reads "hina's" as the thing said, and "at boots" as said where)."""
    if not any(c.dep_ == "case" and c.lower_ in ("'s", "is") for c in said.children):
        return said
    held = [o for p in children(verb, "prep") for o in children(p, "pobj") if o.i > said.i]
    return next((o for o in held if o.pos_ in NOMINAL), said)


def _cued(sent: Span) -> bool:
    return cued(sent.text)


def cued(text: str) -> bool:
    """Whether the words say a correction ("sorry", "typo", "I meant"): "vegetarian, not
    vegan" alone may be a change as well."""
    from memory.nlp.reader import CORRECTION_CUES

    if CORRECTING.search(text):
        return True
    return bool(set(re.findall(r"[^\W\d_]+", text.lower())) & CORRECTION_CUES)


def _run_after(sent: Span, cue: Token) -> list[Token]:
    """The words of a value right after "not" ("not late night", "not the 23rd")."""
    out: list[Token] = []
    for t in sent:
        # ("not the 23rd", "not my left": the value after its determiner)
        if t.i <= cue.i or (not out and (t.pos_ == "DET" or t.tag_ == "PRP$")):
            continue
        if (t.pos_ not in CONTENT and t.lower_ not in ONCE) or len(out) == LONGEST:
            break
        out.append(t)
    return out


def _denied_thing(sent: Span, cue: Token) -> tuple[str, str] | None:
    """ "did not break the wrist, it is the shoulder": (shoulder, wrist), the thing said of
    a denied verb again as the focus of "it is" after it."""
    thing = child(cue.head, "dobj") if cue.head.pos_ == "VERB" else None
    if thing is None:
        return None
    after = [t for t in sent if t.i > thing.i and t.lemma_ == "be"]
    said = [
        a
        for t in after
        if any(s.lower_ in ("it", "that") for s in children(t, "nsubj"))
        for a in children(t, "attr")
        if a.pos_ in NOMINAL
    ]
    if not said:
        return None
    runs = _spans([*said[0].subtree])
    return _text(runs[-1] if runs else [said[0]]), thing.text


def _named_doing(token: Token) -> bool:
    """ "not hockey, curling": a doing said on its own, with nothing done and no doer, names
    the activity (the tagger reads it as a verb)."""
    return token.tag_ == "VBG" and not children(token, "nsubj", "dobj", "aux", "prep")


def _spans(tokens: list[Token]) -> list[list[Token]]:
    """The runs of content words ("the drive time show" -> "drive time show")."""
    runs: list[list[Token]] = []
    for t in tokens:
        if (
            t.pos_ in CONTENT
            and (not t.is_stop or kind(t.text) != "other")
            or t.like_num
            or _named_doing(t)
        ):
            if runs and runs[-1][-1].i == t.i - 1:
                runs[-1].append(t)
            else:
                runs.append([t])
    return runs


def _closest(wrong: str, runs: list[list[Token]], adjacent: str | None = None) -> str:
    """A weekday for a weekday, an ordinal for an ordinal, found inside a run ("last" in
    "last Sunday"); otherwise the whole run closest in meaning ("drive time show" for "late
    night": single words are too short for the embedding model to compare)."""
    if kind(wrong) != "other":
        same = [t.text for run in runs for t in run if kind(t.text) == kind(wrong)]
        same = [c for c in same if c.lower() != wrong.lower()]
        if same:
            return same[-1]  # the one said nearest the wrong value
    if wrong.lower() in ONCE:  # "three times a week not twice": how often for how often
        often = [_text(run) for run in runs if any(t.lower_ in ONCE | {"times"} for t in run)]
        if often:
            return often[-1]
    if _number_word(wrong):  # "two days off after nights, not four": a number for a number
        numbers = [t.text for run in runs for t in run if t.like_num]
        numbers = [n for n in numbers if n.lower() != wrong.lower()]
        if numbers:
            return numbers[-1]
    candidates = [_text(run) for run in runs if _text(run).lower() != wrong.lower()]
    if adjacent is not None and adjacent.lower() != wrong.lower():
        return adjacent  # "it's Rex, not Max"
    if len(candidates) <= 1:
        return candidates[0] if candidates else ""
    return max(candidates, key=lambda c: similarity(wrong, c))


@lru_cache(maxsize=1024)
def similarity(a: str, b: str) -> float:
    from memory import embeddings

    left, right = embeddings.embed_many([a.lower(), b.lower()])
    return float(left @ right)


NUMBER_WORDS = set("one two three four five six seven eight nine ten eleven twelve".split())


def _number_word(text: str) -> bool:
    return text.isdigit() or text.lower() in NUMBER_WORDS


def _named(tokens) -> bool:
    return any(t.pos_ == "PROPN" or t.like_num for t in tokens)


def _text(tokens) -> str:
    return " ".join(t.text for t in tokens)

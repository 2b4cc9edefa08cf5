"""Which value said before a repair's value stands for (memory.nlp.repair): the same words
around a different number ("11 rooms" for "9 rooms"), a name of the same last words ("Leith
St" for "Castle St"), one of the same kind (a weekday, a day of the month), the word in the
same place of the same kind of clause, else the closest in spelling or meaning. Each takes
the earlier text's parse (`old`) and a run of the repair's content words, and returns
(wrong, right) or None."""

import re
import unicodedata
from difflib import SequenceMatcher

from memory.nlp.corrections import CONTENT, kind, shape, similarity
from memory.nlp.parse import Span, Token

ALIKE = 0.6  # spelling or meaning at which an "other" value stands for the repaired one


def same_unit(old, run: list[Token]) -> tuple[str, str] | None:
    """ "11 rooms" for "9 rooms", "8 lbs 2 oz" for "7 lbs 2 oz": the same words around
    different numbers."""
    units = [t.lower_ for t in run if not t.like_num and kind(t.text) == "other"]
    if not units or len(units) == len(run):
        return None
    for start in range(len(old)):
        piece = old[start : start + len(run)]
        if len(piece) < len(run):
            break
        shape = [t.lower_ for t in piece if not t.like_num and kind(t.text) == "other"]
        if shape == units and piece.text.lower() != text_of(run).lower():
            return piece.text, text_of(run)
    return None


def same_head(old, run: list[Token]) -> tuple[str, str] | None:
    """ "Leith St" for "Castle St", "Sunrise Language Centre" for "Sunset Language Centre":
    a name of the same last words, said whole, stands for the one said before."""
    if len(run) < 2 or not run[0].text[:1].isalnum():
        return None
    tail = [t.lower_ for t in run[1:]]
    pieces = [old[start : start + len(run)] for start in range(len(old) - len(run) + 1)]
    pieces = [
        p for p in pieces if [t.lower_ for t in p[1:]] == tail and p[0].lower_ != run[0].lower_
    ]
    # ("the RIGHT knee" puts right "the left knee", not the "the knee" said before it)
    worded = [p for p in pieces if p[0].pos_ not in ("DET", "PRON", "ADP")]
    found = (worded or pieces)[:1]
    return (found[0].text, text_of(run)) if found else None


TITLES = {"mr", "mrs", "ms", "miss", "dr", "prof", "sir", "mx", "mister", "madam"}


def same_title(old, run: list[Token]) -> tuple[str, str] | None:
    """ "its mr Venter for maths" for "maths teacher is mr Botha": a name said with the
    title of one said before stands for it."""
    if len(run) < 2 or run[0].lower_.rstrip(".") not in TITLES:
        return None
    title = run[0].lower_.rstrip(".")
    for t in old:
        after = old[t.i + 1] if t.i + 1 < len(old) else None
        if t.lower_.rstrip(".") == title and after is not None and after.lower_ != run[1].lower_:
            if after.pos_ == "PROPN" or after.text[:1].isupper():
                return f"{t.text} {after.text}", text_of(run)
    return None


def same_kind(old, run: list[Token], repair: Span) -> tuple[str, str] | None:
    """A weekday for a weekday, an ordinal or a number for one: the last said of its kind
    ("June 21" for "June 14": the month is the same, the day is what changed)."""
    for token in run:
        wanted = _class(word_of(token))
        if wanted == "other" and not token.like_num:
            continue
        if wanted == "other":
            wanted = "number"  # "sixteen" for "fourteen"
        said = [t for t in old if _value_class(t) == wanted and number(t) != number(token)]
        if kind(word_of(token)) == "ordinal":
            # "the 16th" stands for a day ("2 march"), not a count ("slept 5 hours")
            said = [t for t in said if t.text[-2:].isalpha() or _of_month(t)]
        if not said:
            continue
        # the one said of the same thing as the repair, if it names one ("meant 9 for migo")
        named = {t.lower_ for t in repair if t.is_alpha and not t.is_stop and len(t) > 2}
        near = [t for t in said if named & {w.lower_ for w in t.sent if abs(w.i - t.i) <= 3}]
        # (not one said in a reason given: "moving to wednesdays because the hall's booked on
        # thursdays. wait no ... it's TUESDAYS" mends wednesdays)
        told = [t for t in said if not _in_reason(t)]
        return (near or told or said)[-1].text, word_of(token)
    return None


REASONS = {"because", "since", "cause", "cos", "coz", "as"}


def _in_reason(token: Token) -> bool:
    """Whether a word is in a clause said as the reason for another ("because ...")."""
    return any(
        a.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in REASONS for c in a.children)
        for a in token.ancestors
    )


def _value_class(t: Token) -> str:
    """A token's class for lining up values, a number spelled out counted as a number."""
    found = _class(t.text)
    return "number" if found == "other" and t.like_num and t.is_alpha else found


def _of_month(t: Token) -> bool:
    """ "2 march", "march 2": a number beside a month is a day of it."""
    near = [t.doc[i] for i in (t.i - 1, t.i + 1, t.i + 2) if 0 <= i < len(t.doc)]
    return any(kind(w.text) == "month" for w in near)


def _class(word: str) -> str:
    found = kind(word)
    return "number" if found in ("number", "ordinal") or word.isdigit() else found


def number_of(word: str) -> str:
    return re.sub(r"(?<=\d)(st|nd|rd|th)$", "", word.lower())


def number(t: Token) -> str:
    """ "14th" and "14" are one day."""
    return number_of(word_of(t))


def same_role(old, run: list[Token], holders: set[str] = frozenset()) -> tuple[str, str] | None:
    """ "she's a lawyer ... scratch that, she's a paralegal": the word in the same place of
    the same kind of clause (here what "be" says of someone)."""
    head = next((t for t in run if t.head not in run), run[-1])
    if head.dep_ not in ("attr", "dobj", "pobj", "appos", "nsubj") or head.pos_ == "NUM":
        return None
    same = [
        t
        for t in old
        if t.dep_ == head.dep_
        and t.head.lemma_ == head.head.lemma_
        and t.pos_ in CONTENT
        and t.lower_ != head.lower_
        and shape(t.text) == shape(head.text)  # a date for a date, not for "fish quotas"
        and (head.dep_ != "pobj" or t.head.lower_ == head.head.lower_)
    ]
    if not same:
        return None
    near = [t for t in same if any(w.lower_ in holders for w in t.doc[max(t.i - 3, 0) : t.i])]
    wrong = (near or same)[-1]
    # the wrong value's own modifiers go with it ("a lawyer", "leyla khanim")
    # (its own: "a physio at the county hospital" is not "physio county")
    words = [w for w in wrong.subtree if w.dep_ in ("compound", "amod", "flat") and w.head == wrong]
    words = sorted([*words, wrong], key=lambda w: w.i)
    return " ".join(w.text for w in words), text_of(run)


def alike(old, run: list[Token]) -> tuple[str, str] | None:
    """ "maša" for "mass", "paralegal" for "lawyer": the value closest in spelling or in
    meaning, if close enough."""
    right = text_of(run)
    best, score = None, ALIKE
    for t in old:
        if t.pos_ not in CONTENT or t.is_stop or t.lower_ == right.lower():
            continue
        spelled = SequenceMatcher(None, _folded(t.text), _folded(right)).ratio()
        meant = similarity(t.text, right) if spelled < ALIKE else 0.0
        if max(spelled, meant) > score:
            best, score = t, max(spelled, meant)
    return (best.text, right) if best is not None else None


def last_name(old, run: list[Token]) -> tuple[str, str] | None:
    """ "a woman called Maureen... no, Siobhan": a name alone puts right the name said last."""
    if not all(t.pos_ == "PROPN" for t in run):
        return None
    right = text_of(run)
    names: list[list[Token]] = []
    for t in old:
        if t.pos_ != "PROPN":
            continue
        if names and names[-1][-1].i == t.i - 1:
            names[-1].append(t)
        else:
            names.append([t])
    names = [n for n in names if text_of(n).lower() != right.lower()]
    return (text_of(names[-1]), right) if names else None


def _folded(word: str) -> str:
    """ "maša" -> "masa": a letter's accent is not a different spelling to a typist."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if c.isascii())


def word_of(t: Token) -> str:
    return t.text.lstrip("*")


def text_of(tokens) -> str:
    return " ".join(word_of(t) for t in tokens)

"""Self-repair: a person types a value, then an editing term ("sorry", "I mean", "wait no",
"typo", "*"), then the value they meant. The repair replaces the value it stands for in what
was said before (the reparandum), in the same message or the one before it:

    "we're diving on wednesday now... sorry, thursday not wednesday"
        -> "we're diving on thursday now..."
    "we pay 2150 for the house ... wait no, i got that wrong, it's 2350"  -> "... 2350 ..."
    "climbed with mass ... ugh autocorrect, i meant maša"                 -> "... with maša ..."

What the wrong value is comes from structure, not phrasing: a value named after "not"; else
the value of the same kind (a weekday for a weekday, a number with the same unit words), else
the one closest in spelling or meaning."""

import re
import unicodedata
from dataclasses import dataclass
from difflib import SequenceMatcher

from memory.nlp.corrections import CONTENT, contrast, kind, retracted, shape, similarity
from memory.nlp.parse import Span, Token, parse

CUES = {
    "sorry",
    "oops",
    "actually",
    "correction",
    "typo",
    "autocorrect",
    "wait",
    "scratch",
    "misspoke",
    "rephrase",
    "ignore",
    "wrong",
    "mistake",
}
MEANING = {"mean", "meant"}
TRAILING = {"actually"}  # may follow the value it puts right: "the 16th actually"
FILLERS = {"lol", "ugh", "no", "oh", "ok", "okay", "haha", "lmao", "omg", "hmm", "um", "uh"}
FILLERS |= {"yeah", "well", "so", "bad", "earlier", "that", "it", "i", "my", "the", "a"}
ALIKE = 0.6  # spelling or meaning at which an "other" value stands for the repaired one


@dataclass(frozen=True)
class Repair:
    text: str  # what was said before the editing term, put right
    wrong: str
    right: str


def repaired(text: str, before: str = "") -> Repair | None:
    """`text` put right by its own repair, or (when it repairs nothing of its own) `before`,
    the message said before it; None when there is no repair or nothing it stands for."""
    if not has_cue(text):
        return None
    doc = parse(text)
    cue = first_cue(doc)
    if cue is None:
        return None
    repair = repair_span(doc, cue)
    # ("lol no, that was wrong, it's 11 rooms": nothing before the cue is a value to repair)
    said_first = any(
        _value(t) and t.pos_ not in ("AUX", "PRON", "DET") for t in doc[: repair.start]
    )
    if repair.start > 0 and said_first and doc[: repair.start].text.strip(" .,-—–!?"):
        found = replace_in(doc[: repair.start].text, repair, own=True)
        if found:
            rest = doc[repair.end :].text
            return Repair(text=f"{found[0]} {rest}".strip(), wrong=found[1], right=found[2])
    if before:
        found = replace_in(before, repair)
        if found:
            return Repair(text=found[0], wrong=found[1], right=found[2])
    return None


def meant(text: str) -> str:
    """What a message says once its own repairs are made: what answers quote and read dates
    from, as the facts were read from it."""
    fixed = repaired(text)
    return fixed.text if fixed is not None else text


def corrects_earlier(text: str) -> bool:
    """Whether a message may put right one said before ("*thursdays", "typo earlier:
    aruzhan"): its own words then say less than the facts read again from the earlier one.
    A message telling that something ended ("Actually I left Feedzai last week, now I'm at
    Unbabel") is news, not a repair: what held before did hold."""
    from memory.nlp.marks import ended_clauses

    return has_cue(text) and repaired(text) is None and not ended_clauses(text)


def has_cue(text: str) -> bool:
    words = set(re.findall(r"[a-z]+", text.lower()))
    if words & (CUES | MEANING) or re.search(r"(^|\s)\*\w", text):
        return True
    if "not" in words and any(_set_against(t) for t in parse(text) if t.lower_ == "not"):
        return True  # "1650 not 1750", "les Carcajous* not castors"
    return re.search(r"(\.\.|[—–,-])\s*(no\b\s*[,—–-]|not\s)", text.lower()) is not None


def first_cue(doc) -> Token | None:
    for t in doc:
        low = t.lower_
        if low in CUES or t.text.startswith("*") and len(t.text) > 1:
            return t
        if low in MEANING and (t.i == 0 or t.nbor(-1).lower_ in ("i", ",", "...", "—", ".")):
            return t.nbor(-1) if t.i and t.nbor(-1).lower_ == "i" else t
        if low == "*" and t.i + 1 < len(doc):
            return t
        if low == "not" and _set_against(t):
            return t.sent[0]  # the value said first is the one meant
        if low in ("no", "not") and _between_pauses(t):
            return t  # "leyla khanim — no, it's leila"; "friday the 26th... not friday — saturday"
    return None


def _set_against(t: Token) -> bool:
    """ "1650 not 1750", "les Carcajous* not castors": a sentence that is only a value set
    against another, with no verb of its own, puts right what was said of the second."""
    before = [w for w in t.sent if w.i < t.i and not w.is_punct and w.text != "*"]
    after = t.nbor(1) if t.i + 1 < t.sent.end else None
    if not before or after is None or not _value(after):
        return False
    if any(w.pos_ in ("VERB", "AUX") for w in before):
        return False
    return all(_value(w) or w.lower_ in FILLERS | CUES for w in before) and any(map(_value, before))


def _between_pauses(t: Token) -> bool:
    after = t.i + 1 < len(t.doc) and (t.lower_ == "not" or t.nbor(1).is_punct)
    return t.i > 0 and t.nbor(-1).text in ("...", "—", "–", "-", ",", "..") and after


def repair_span(doc, cue: Token) -> Span:
    """The words that say the right value: from the editing term to the end of its sentence;
    when the term ends the sentence ("the 16th actually"), the sentence before it."""
    sent = cue.sent
    said_before = [t for t in doc[sent.start : cue.i] if _value(t)]
    follows = cue.i + 1 >= sent.end or cue.nbor(1).is_punct
    if said_before and follows and cue.lower_ in TRAILING:
        return doc[sent.start : cue.i + 1]  # "gunnar's start is the 16th actually, ..."
    end = sent.end
    if end < len(doc):
        # "sorry, Envigado! not Sabaneta.", "sorry i said law. it's economics": the value
        # set against the other is said in the next sentence
        following = doc[end].sent
        words = [t for t in following if not t.is_punct]
        if retracted(sent) or words and words[0].lower_ in ("not", "no"):
            end = following.end
    # "it's 11 rooms — we opened the two on the roof terrace": a quantity said before a
    # dash is the value; what follows is the why ("the spays moved — it's fridays" is not)
    dash = next((t.i for t in doc[cue.i : end] if t.text in ("—", "–", ";")), None)
    before_dash = doc[cue.i + 1 : dash] if dash is not None else []
    if any(t.like_num and t.i + 1 < dash and t.nbor(1).pos_ == "NOUN" for t in before_dash):
        end = dash
    return doc[cue.i : end]


def _value(t: Token) -> bool:
    word = _word(t)
    if not word or t.lower_ in FILLERS | CUES | MEANING:
        return False
    if not any(c.isalnum() for c in t.text):
        return False  # (a full stop the tagger took for a name)
    if len(word.strip(".")) == 1 and word[0].isalpha():
        return False  # "aruzhan, with an h": a letter spelled out is no value
    return t.pos_ in CONTENT or t.like_num or kind(word) != "other"


def replace_in(said: str, repair: Span, *, own: bool = False) -> tuple[str, str, str] | None:
    """`said` with the values the repair stands for replaced: (new text, wrong, right); a
    repair may put several right ("Saturday, the 27th" for "Friday the 26th")."""
    # ("the winery is in Colonia actually, not Carmelo": the "not" may follow the cue)
    pair = contrast(repair) or contrast(repair.sent)
    pairs: list[tuple[str, str]] = []
    if pair and _named(said, pair[1]):
        pairs.append((pair[1], pair[0]))
    old = parse(said)
    runs = values(repair)
    # "gunnar's start is the 16th actually": who or what the value is of is not the value,
    # but it tells which of the earlier values is meant ("a winery in Carmelo")
    holders = {t.lower_ for r in runs if _holder(r) for t in r}
    runs = [r for r in runs if not _holder(r)] or runs
    for run in runs:
        if pairs and any(_number(t) == _number_of(pairs[0][1]) for t in run):
            continue  # ("route 27 not 22": the 27 is put in already)
        found = same_unit(old, run) or same_head(old, run)
        found = found or same_kind(old, run, repair) or same_role(old, run, holders)
        if found and found[0].lower() not in {w.lower() for w, _ in pairs}:
            pairs.append(found)
    if not pairs:
        found = taken_back(said, repair, runs)
        pairs = [found] if found else []
    if not pairs:
        found = next((f for f in (alike(old, run) for run in runs) if f), None)
        pairs = [found] if found else []
    if not pairs and own and len(runs) == 1:
        # (in the same breath only: an earlier message's last name may be anyone's)
        found = last_name(old, runs[0])
        pairs = [found] if found else []
    if not pairs:
        return None
    for wrong, right in pairs:
        said = _substitute(said, wrong, right)
    return said, pairs[0][0], pairs[0][1]


def _holder(run: list[Token]) -> bool:
    head = next((t for t in run if t.head not in run), run[-1])
    if head.pos_ not in ("NOUN", "PROPN") or any(t.like_num for t in run):
        return False  # a number is a value, whatever the parser hung it on ("wyatt's 11")
    return head.dep_ in ("nsubj", "nsubjpass", "poss") and head.head.pos_ in ("AUX", "NOUN")


def values(repair: Span) -> list[list[Token]]:
    """Runs of content words in the repair, not the editing terms nor what follows "not"
    ("not friday — saturday": saturday)."""
    runs: list[list[Token]] = [[]]
    skipping = False
    for t in repair:
        if t.lower_ == "not":
            skipping = True
        if not _value(t):
            if t.pos_ in ("PUNCT", "CCONJ"):
                skipping = False
            runs.append([])
            continue
        if not skipping:
            runs[-1].append(t)
    return [r for r in runs if r]


def taken_back(said: str, repair: Span, runs: list[list[Token]]) -> tuple[str, str] | None:
    """ "sorry i said law. it's economics": the value the user says they said is the wrong
    one, the next value said after it the right one."""
    wrong = retracted(repair)
    if not wrong or not _named(said, wrong):
        return None
    said = next((t for t in repair if t.text == wrong.split()[0]), None)
    if said is None:
        return None
    after = [r for r in runs if r[0].i > said.i and _text(r).lower() != wrong.lower()]
    # "I said Bedford but the house is in Dartmouth": a name for a name, a number for a number
    alike = [r for r in after if any(_sort(t) == _sort(said) for t in r)]
    found = (alike or after)[:1]
    return (wrong, _text(found[0])) if found else None


def _sort(token: Token) -> str:
    return "number" if token.like_num else "name" if token.pos_ == "PROPN" else "word"


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
        if shape == units and piece.text.lower() != _text(run).lower():
            return piece.text, _text(run)
    return None


def same_head(old, run: list[Token]) -> tuple[str, str] | None:
    """ "Leith St" for "Castle St", "Sunrise Language Centre" for "Sunset Language Centre":
    a name of the same last words, said whole, stands for the one said before."""
    if len(run) < 2 or not run[0].text[:1].isalnum():
        return None
    tail = [t.lower_ for t in run[1:]]
    for start in range(len(old) - len(run) + 1):
        piece = old[start : start + len(run)]
        if [t.lower_ for t in piece[1:]] == tail and piece[0].lower_ != run[0].lower_:
            return piece.text, _text(run)
    return None


def same_kind(old, run: list[Token], repair: Span) -> tuple[str, str] | None:
    """A weekday for a weekday, an ordinal or a number for one: the last said of its kind
    ("June 21" for "June 14": the month is the same, the day is what changed)."""
    for token in run:
        wanted = _class(_word(token))
        if wanted == "other" and not token.like_num:
            continue
        said = [t for t in old if _class(t.text) == wanted and _number(t) != _number(token)]
        if kind(_word(token)) == "ordinal":
            # "the 16th" stands for a day ("2 march"), not a count ("slept 5 hours")
            said = [t for t in said if t.text[-2:].isalpha() or _of_month(t)]
        if not said:
            continue
        # the one said of the same thing as the repair, if it names one ("meant 9 for migo")
        named = {t.lower_ for t in repair if t.is_alpha and not t.is_stop and len(t) > 2}
        near = [t for t in said if named & {w.lower_ for w in t.sent if abs(w.i - t.i) <= 3}]
        return (near or said)[-1].text, _word(token)
    return None


def _of_month(t: Token) -> bool:
    """ "2 march", "march 2": a number beside a month is a day of it."""
    near = [t.doc[i] for i in (t.i - 1, t.i + 1, t.i + 2) if 0 <= i < len(t.doc)]
    return any(kind(w.text) == "month" for w in near)


def _class(word: str) -> str:
    found = kind(word)
    return "number" if found in ("number", "ordinal") or word.isdigit() else found


def _number_of(word: str) -> str:
    return re.sub(r"(?<=\d)(st|nd|rd|th)$", "", word.lower())


def _number(t: Token) -> str:
    """ "14th" and "14" are one day."""
    return re.sub(r"(?<=\d)(st|nd|rd|th)$", "", _word(t).lower())


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
    words = [w for w in wrong.subtree if w.dep_ in ("compound", "amod", "flat") or w == wrong]
    return " ".join(w.text for w in words), _text(run)


def alike(old, run: list[Token]) -> tuple[str, str] | None:
    """ "maša" for "mass", "paralegal" for "lawyer": the value closest in spelling or in
    meaning, if close enough."""
    right = _text(run)
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
    right = _text(run)
    names: list[list[Token]] = []
    for t in old:
        if t.pos_ != "PROPN":
            continue
        if names and names[-1][-1].i == t.i - 1:
            names[-1].append(t)
        else:
            names.append([t])
    names = [n for n in names if _text(n).lower() != right.lower()]
    return (_text(names[-1]), right) if names else None


def _folded(word: str) -> str:
    """ "maša" -> "masa": a letter's accent is not a different spelling to a typist."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if c.isascii())


def as_word(value: str) -> re.Pattern:
    """`value` said as a word or words of its own, in any case ("tuesday", not "tuesdays");
    a number also with the unit typed onto it ("7" in "7am", "20" in "20th")."""
    if value.isdigit():
        return re.compile(rf"(?<![\w.]){value}(?=(?:am|pm|st|nd|rd|th|h|k)?(?!\w))", re.I)
    return re.compile(rf"(?<!\w){re.escape(value)}(?!\w)", re.I)


def _named(said: str, value: str) -> bool:
    return as_word(value).search(said) is not None


def _substitute(said: str, wrong: str, right: str) -> str:
    """`wrong` replaced by `right` ("the drive time show", not "the drive time show show")."""
    # every mention before the repair stands for the same mistake
    out = as_word(wrong).sub(right, said)
    last = re.escape(right.split()[-1])
    return re.sub(rf"\b({last})\s+{last}\b", r"\1", out, flags=re.I)


def _word(t: Token) -> str:
    return t.text.lstrip("*")


def _text(tokens) -> str:
    return " ".join(_word(t) for t in tokens)

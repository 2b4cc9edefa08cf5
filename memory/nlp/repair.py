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
from dataclasses import dataclass

from memory.nlp.casing import truecased
from memory.nlp.corrections import CONTENT, CORRECTING, SAYING, contrast, kind, retracted
from memory.nlp.likeness import (
    alike,
    last_name,
    number,
    number_of,
    same_head,
    same_kind,
    same_role,
    same_unit,
    text_of,
    word_of,
)
from memory.nlp.parse import Span, Token, child, parse
from memory.nlp.predicates import contrastive
from memory.nlp.words import SORRY_ELSEWHERE

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
    "pardon",
} | SORRY_ELSEWHERE
MEANING = {"mean", "meant"}
TRAILING = {"actually"}  # may follow the value it puts right: "the 16th actually"
FILLERS = {"lol", "ugh", "no", "oh", "ok", "okay", "haha", "lmao", "omg", "hmm", "um", "uh"}
FILLERS |= {"nope", "nah"}
FILLERS |= {"yeah", "well", "so", "bad", "earlier", "that", "it", "i", "my", "the", "a"}
FILLERS |= {"hang", "hold"}  # "no hang on, it's the 16th"
REFUSALS = {"no", "nah", "nope"}
# "no hang on", "hold on": a pause to check, before the value meant
HOLDING = re.compile(r"\b(?:hang|hold) on\b", re.I)
# "No, I've looked again and it's the 8th", "Nah, Wednesday 11th": a sentence that opens by
# refusing what was said
REFUSING = re.compile(r"(?:^|[.!?]\s+)(?:no|nah|nope)\s*[,.!—–-]", re.I)


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
    said = repair.start
    while said > 0 and doc[said - 1].lower_ in FILLERS | REFUSALS:
        said -= 1  # ("No sorry, 10 months": the "no" goes with the repair)
    # ("Before I write Broa is a cat, is wrong": what the user wrote before, reported, is
    # put right where it was said, in the earlier message)
    reported = any(
        t.lemma_.lower() in SAYING
        and child(t, "nsubj") is not None
        and child(t, "nsubj").lower_ == "i"
        for t in doc[:said]
    )
    if said > 0 and said_first and not (reported and before) and doc[:said].text.strip(" .,-—–!?"):
        found = replace_in(doc[:said].text, repair, own=True)
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
    if CORRECTING.search(text) or HOLDING.search(text):
        return True
    if REFUSING.search(text) and any(t.lower_ in REFUSALS and _refuses(t) for t in parse(text)):
        return True
    if words & {"said", "saying", "wrote", "typed"} and any(map(_doubted, parse(text))):
        return True  # "i said 40 bs for tutoring? it's 45"
    if "not" in words and any(_set_against(t) for t in parse(text) if t.lower_ == "not"):
        return True  # "1650 not 1750", "les Carcajous* not castors"
    return re.search(r"(\.\.|[—–,-])\s*(no\b\s*[,—–-]|not\s)", text.lower()) is not None


def first_cue(doc) -> Token | None:
    cue = _first_cue(doc)
    # "wait i said the school is in kotagede?? it's in Bantul": the doubted words are the cue
    doubted = next((t for t in cue.sent if t.i > cue.i and _doubted(t)), None) if cue else None
    return doubted or cue


def _first_cue(doc) -> Token | None:
    for t in doc:
        low = t.lower_
        if low == "wrong" and t.dep_ == "amod" and child(t.head, "det") is not None:
            continue  # "calling her the wrong name": said of something, no editing term
        if low in CUES or t.text.startswith("*") and len(t.text) > 1:
            return t
        if low in MEANING and (t.i == 0 or t.nbor(-1).lower_ in ("i", ",", "...", "—", ".")):
            return t.nbor(-1) if t.i and t.nbor(-1).lower_ == "i" else t
        if low == "*" and t.i + 1 < len(doc):
            return t
        if _doubted(t):
            return t
        if low == "not" and _set_against(t):
            return t.sent[0]  # the value said first is the one meant
        if low == "not" and contrastive(t) and _value(t.doc[t.i - 1]):
            return t.sent[0]  # "his wife is bronwen not bethan": the sentence puts it right
        if low == "not" and _opens(t):
            return t  # "ok not friday, it's saturday the 17th"
        if low in ("no", "not") and _between_pauses(t):
            return t  # "leyla khanim — no, it's leila"; "friday the 26th... not friday — saturday"
        if t.lemma_.lower() == "correct" and CORRECTING.match(t.doc[t.i :].text):
            # "I must correct myself: it is Thursday the 20th" (the repair is the sentence)
            before = [w for w in t.sent if w.i < t.i]
            return t.sent[0] if all(w.pos_ in ("PRON", "AUX", "PART") for w in before) else t
        if low in ("hang", "hold") and t.i + 1 < len(doc) and t.nbor(1).lower_ == "on":
            return t.nbor(-1) if t.i and t.nbor(-1).lower_ in REFUSALS else t
        if low in REFUSALS and _refuses(t):
            return t
    return None


def _refuses(t: Token) -> bool:
    """A "no" opening its sentence, before a pause, in a sentence that then says a date or
    a number ("No, I've just looked at the letter again and it's the 8th"): the user takes
    back a value of that kind. ("No, I don't have kids" says no such value.)"""
    opens = all(w.is_punct or w.lower_ in FILLERS for w in t.sent if w.i < t.i)
    # (a full stop after it ends the refusal: "no. asahikawa = 14th" says the value apart)
    paused = t.i + 1 < len(t.doc) and t.nbor(1).is_punct
    rest = []
    for w in t.doc[t.i + 2 :]:  # to the full stop, wherever the parser ended the sentence
        if w.text in (".", "!", "?"):
            break
        rest.append(w)
    dated = [w.like_num or kind(w.text) != "other" for w in rest]
    if paused and t.nbor(1).text in ".!?":
        # "no. june 14. wrong email": a sentence that is only a date or a number
        return opens and bool(rest) and all(dated)
    return opens and paused and any(dated)


def _doubted(t: Token) -> bool:
    """ "i said mo's a bard? nope, warlock", "i keep saying cousin, she's his niece": the
    user doubting their own words (said, then asked about, or said over and over)."""
    if t.lemma_.lower() not in SAYING - {"tell"} or t.pos_ != "VERB":
        return False
    if any(c.dep_ == "nsubj" and c.lower_ == "i" for c in t.children):
        return any(w.text.startswith("?") for w in t.sent if w.i > t.i)
    return t.head.lemma_ == "keep" and any(c.lower_ == "i" for c in t.head.children)


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


def _opens(t: Token) -> bool:
    """A "not" that opens its sentence (after fillers at most), before a value."""
    before = [w for w in t.sent if w.i < t.i]
    following = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    return (
        following is not None
        and _value(following)
        and all(w.is_punct or w.lower_ in FILLERS for w in before)
    )


def _between_pauses(t: Token) -> bool:
    after = t.i + 1 < len(t.doc) and (t.lower_ == "not" or t.nbor(1).is_punct)
    return t.i > 0 and t.nbor(-1).text in ("...", "—", "–", "-", ",", "..") and after


def repair_span(doc, cue: Token) -> Span:
    """The words that say the right value: from the editing term to the end of its sentence;
    when the term ends the sentence ("the 16th actually"), the sentence before it."""
    sent = cue.sent
    said_before = [t for t in doc[sent.start : cue.i] if _value(t)]
    last = cue.i + 1 if cue.lower_ == "i" and cue.i + 1 < sent.end else cue.i  # "I mean"
    follows = last + 1 >= sent.end or doc[last + 1].is_punct
    if said_before and follows and (cue.lower_ in TRAILING or last > cue.i):
        # "gunnar's start is the 16th actually, ...", "Tuesday. Wednesday, I mean."
        return doc[sent.start : last + 1]
    end = sent.end
    if end < len(doc):
        # "sorry, Envigado! not Sabaneta.", "sorry i said law. it's economics": the value
        # set against the other is said in the next sentence
        following = doc[end].sent
        words = [t for t in following if not t.is_punct]
        asked = _doubted(cue) and any(t.text.startswith("?") for t in doc[cue.i : sent.end])
        # (a sentence the parser split before "and": "No, I've looked again and it's the 8th")
        split = words and words[0].pos_ == "CCONJ" and sent[-1].text not in (".", "!", "?")
        # ("sorry im so tired, not Kabah!! its Sayil this season": the wrong value only)
        nots = [t for t in sent if t.lower_ == "not" and t.i > cue.i]
        # ("les Carcajous* not castors": an asterisk marks the value said before it)
        wrong_only = bool(nots) and not cue.text.startswith("*")
        wrong_only = wrong_only and not any(
            t.pos_ in ("PROPN", "NUM") for t in doc[cue.i + 1 : nots[0].i]
        )
        if retracted(sent) or asked or split or words and words[0].lower_ in ("not", "no"):
            end = following.end
        elif wrong_only and any(t.pos_ in ("PROPN", "NUM") for t in following):
            end = following.end
        elif not any(_value(t) for t in doc[cue.i + 1 : sent.end] if t.lower_ not in CUES):
            end = following.end  # "I tell you something wrong before. I study in Hue, ..."
        elif all(t.is_punct or t.lower_ in FILLERS | CUES | MEANING for t in sent):
            end = following.end  # "Oh sorry! I mean N5": the cue is a sentence of its own
        elif cue.lower_ in ("sorry", "pardon", "mistake") and not any(
            _value(t) and t.pos_ != "VERB" for t in doc[cue.i + 1 : sent.end]
        ):
            end = following.end  # "Sorry, I made mistake. Monday and Friday."
    # "it's 11 rooms — we opened the two on the roof terrace": a quantity said before a
    # dash is the value; what follows is the why ("the spays moved — it's fridays" is not)
    dash = next((t.i for t in doc[cue.i : end] if t.text in ("—", "–", ";")), None)
    before_dash = doc[cue.i + 1 : dash] if dash is not None else []
    if any(t.like_num and t.i + 1 < dash and t.nbor(1).pos_ == "NOUN" for t in before_dash):
        end = dash
    return doc[cue.i : end]


def _value(t: Token) -> bool:
    word = word_of(t)
    if not word or t.lower_ in FILLERS | CUES | MEANING:
        return False
    if not any(c.isalnum() for c in t.text):
        return False  # (a full stop the tagger took for a name)
    if len(word.strip(".")) == 1 and word[0].isalpha():
        return False  # "aruzhan, with an h": a letter spelled out is no value
    return t.pos_ in CONTENT or t.like_num or kind(word) != "other"


def listed(run: list[Token]) -> bool:
    """Whether a value is said in a list with others ("Monday and Friday")."""
    head = next((t for t in run if t.head not in run), run[-1])
    return head.dep_ == "conj" or any(c.dep_ == "conj" for c in head.children)


def _sentence_of(doc, words: str) -> int:
    """Where in `doc` the sentence saying `words` starts (-1 if none says them)."""
    low = words.lower()
    return next((s.start for s in doc.sents if low in s.text.lower()), -1)


def replace_in(said: str, repair: Span, *, own: bool = False) -> tuple[str, str, str] | None:
    """`said` with the values the repair stands for replaced: (new text, wrong, right); a
    repair may put several right ("Saturday, the 27th" for "Friday the 26th")."""
    # ("the winery is in Colonia actually, not Carmelo": the "not" may follow the cue)
    doubted = _doubted_pair(repair) if _doubted(repair[0]) else None
    if doubted:
        if not _named(said, doubted[0]):
            return None
        return _substitute(said, *doubted), doubted[0], doubted[1]
    pair = contrast(repair) or contrast(repair.sent)
    pairs: list[tuple[str, str]] = []
    wrong_said = _said_as(said, pair[1]) if pair else None
    if wrong_said:
        pairs.append((wrong_said, pair[0]))
    elif pair and not own:
        return None  # ("Malik is seven, not six" of a message that never said six)
    elif own and _negated_elsewhere(repair, said):
        return None  # "i had timur wrong, he's not from osh": osh was said in another message
    old = parse(said)
    runs = values(repair)
    end = _contrast_end(repair)
    if pairs and end is not None:
        # "it is Dr Obi not Dr Okafor, Dr Okafor is the one who did my cataract in 2019":
        # "X not Y" says what was wrong; what follows it is why, not more repairs
        runs = [r for r in runs if r[0].i < end]
    # "gunnar's start is the 16th actually": who or what the value is of is not the value,
    # but it tells which of the earlier values is meant ("a winery in Carmelo")
    said_runs = runs  # (an echo reads them all: "its Sayil this season, Kabah was last year")
    holders = {t.lower_ for r in runs if _holder(r) for t in r}
    runs = [r for r in runs if not _holder(r)] or runs
    # ("Monday and Thursday" put right as "Monday and Friday": Monday is said again, not put
    # right)
    kept = [
        r
        for r in runs
        if not (listed(r) and re.search(rf"\b{re.escape(text_of(r))}\b", said, re.I))
    ]
    runs = kept or runs
    runs = [part for run in runs for part in _date_parts(run)]
    echo = echoed(said, said_runs, repair) if not pairs else None
    pairs += [echo] if echo else []
    for run in runs if not echo else []:
        if pairs and any(number(t) == number_of(pairs[0][1]) for t in run):
            continue  # ("route 27 not 22": the 27 is put in already)
        found = same_unit(old, run) or same_head(old, run)
        found = found or same_kind(old, run, repair) or same_role(old, run, holders)
        if found and pairs and _sentence_of(old, found[0]) != _sentence_of(old, pairs[0][0]):
            continue  # ("seda moved to the state hospital in kanuni": one repair, one place)
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


def _date_parts(run: list[Token]) -> list[list[Token]]:
    """ "Wednesday 11th" puts right a weekday and a day ("Thursday 12th"): each part of a
    date is a value of its own kind."""
    kinds = [kind(word_of(t)) for t in run]
    if len(run) > 1 and all(k != "other" for k in kinds) and len(set(kinds)) == len(kinds):
        return [[t] for t in run]
    if len(run) > 1 and "other" in kinds and {"weekday", "month"} & set(kinds):
        # "it's the Wednesday Maura brings the shopping": the day is the value, and the name
        # the parser joined to it is who it is of
        dated = [t for t, k in zip(run, kinds, strict=True) if k in ("weekday", "month")]
        return [dated, [t for t in run if t not in dated]]
    return [run]


def _contrast_end(repair: Span) -> int | None:
    """Where "X not Y" ends, in a repair that says the right value before the wrong one
    (None for "not Y, X", whose right values follow)."""
    for t in repair:
        if t.lower_ != "not" or t.i + 1 >= repair.end:
            continue
        if not any(_value(w) for w in repair if w.i < t.i):
            return None
        after = [w for w in repair if w.i > t.i + 1]
        stop = next((w.i for w in after if w.is_punct or w.pos_ in ("VERB", "AUX")), None)
        return stop if stop is not None else repair.end
    return None


def _negated_elsewhere(repair: Span, said: str) -> bool:
    """Whether the repair names what was wrong ("not from Graz") and `said` does not."""
    negation = next((t for t in repair if t.lower_ == "not"), None)
    if negation is None:
        return False
    wrong = []
    for t in repair[negation.i - repair.start + 1 :]:
        if t.is_punct or t.pos_ in ("VERB", "AUX"):
            break
        if t.pos_ in ("NOUN", "PROPN", "NUM") and _value(t):
            wrong.append(t)
    return bool(wrong) and not any(_named(said, w.text) for w in wrong)


def _doubted_pair(repair: Span) -> tuple[str, str] | None:
    """ "said 40 bs for tutoring? it's 45": (wrong, right), the value said before the
    question mark and the first said after it, of the same sort (a number for a number)."""
    asked = next((t.i for t in repair if t.text.startswith("?")), None)
    if asked is None:
        return None
    runs = values(repair)
    said = [r for r in runs if r[-1].i < asked]
    after = [r for r in runs if r[0].i > asked]
    if not said or not after:
        return None
    right = after[0]
    if right[0].like_num:
        numbers = [t for r in said for t in r if t.like_num]
        return (numbers[-1].text, right[0].text) if numbers else None
    # the value in the same place ("is in Ostend?? it's in Bruges"), else of the same sort
    same = [r for r in said if r[-1].dep_ == right[-1].dep_ and r[-1].head.pos_ == "ADP"]
    same = same or [r for r in said if _sort(r[-1]) == _sort(right[-1])]
    return text_of((same or said)[-1]), text_of(right)


def echoed(said: str, runs: list[list[Token]], repair: Span) -> tuple[str, str] | None:
    """ "camila's from temuco. wait no, osorno, temuco is where her boyfriend is from": a
    value said before, said again after the new one to say what it really is, is the wrong
    one; the new value, said first, is the right one."""
    # (the first value that names something: "sorry im so tired, not Kabah!! its Sayil")
    first = next((r for r in runs if any(t.pos_ in ("PROPN", "NOUN", "NUM") for t in r)), [])
    if not first or _named(said, text_of(first)):
        return None
    # (in the same sentence, and a name or a noun: "she'd be annoyed" after "aruzhan, with
    # an h" says no value again)
    for token in first[-1].sent[first[-1].i + 1 - first[-1].sent.start :]:
        if token.pos_ not in ("PROPN", "NOUN") or token.i >= repair.end:
            continue
        if token.is_alpha and not first[0].like_num and _named(said, token.text):
            if token.dep_ in ("nsubj", "nsubjpass"):  # said again as what the clause is about
                return token.text, text_of(first)
    return None


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
    after = [r for r in runs if r[0].i > said.i and text_of(r).lower() != wrong.lower()]
    # "I said Bedford but the house is in Dartmouth": a name for a name, a number for a number
    alike = [r for r in after if any(_sort(t) == _sort(said) for t in r)]
    found = (alike or after)[:1]
    return (wrong, text_of(found[0])) if found else None


def _sort(token: Token) -> str:
    return "number" if token.like_num else "name" if token.pos_ == "PROPN" else "word"


def as_word(value: str) -> re.Pattern:
    """`value` said as a word or words of its own, in any case ("tuesday", not "tuesdays");
    a number also with the unit typed onto it ("7" in "7am", "20" in "20th")."""
    if value.isdigit():
        return re.compile(rf"(?<![\w.]){value}(?=(?:am|pm|st|nd|rd|th|h|k)?(?!\w))", re.I)
    return re.compile(rf"(?<!\w){re.escape(value)}(?!\w)", re.I)


def _named(said: str, value: str) -> bool:
    return as_word(value).search(said) is not None


def _said_as(said: str, value: str) -> str | None:
    """`value` as `said` has it, in the singular or plural ("wednesdays not tuesdays" puts
    right "tuesday arvos"), or None."""
    if _named(said, value):
        return value
    other = value[:-1] if value.lower().endswith("s") else f"{value}s"
    return other if len(other) > 2 and _named(said, other) else None


def _substitute(said: str, wrong: str, right: str) -> str:
    """`wrong` replaced by `right` ("the drive time show", not "the drive time show show")."""
    # every mention before the repair stands for the same mistake; a name put right is a
    # name too ("hired an apprentice, yassine" put right by "its ayoub not yassine")
    cased = truecased(said)  # (same length: offsets hold)

    def put(found: re.Match) -> str:
        name = cased[found.start()].isupper() and right.islower()
        return " ".join(w.capitalize() for w in right.split()) if name else right

    out = as_word(wrong).sub(put, said)
    last = re.escape(right.split()[-1])
    out = re.sub(rf"\b({last})\s+{last}\b", r"\1", out, flags=re.I)
    first = re.escape(right.split()[0])  # "a Cessna 206" put right by "a Cessna 210"
    return re.sub(rf"\b{first}\s+({first}\b)", r"\1", out, flags=re.I)

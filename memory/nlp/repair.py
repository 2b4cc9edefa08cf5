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
from memory.nlp.corrections import ACTUALLY_NAMED, SAYING, contrast, cued, kind, retracted
from memory.nlp.likeness import (
    alike,
    last_name,
    number,
    number_of,
    same_head,
    same_kind,
    same_role,
    same_title,
    same_unit,
    text_of,
    word_of,
)
from memory.nlp.parse import Span, Token, child, parse
from memory.nlp.predicates import DAY_JOINERS, LOOSE_DAYS, TIME_UNITS, weekday_of
from memory.nlp.repaircues import (
    FILLERS,
    REFUSALS,
    doubted,
    first_cue,
    has_cue,
    repair_span,
    righted_next,
    value_word,
)
from memory.nlp.text import spoken_marks


@dataclass(frozen=True)
class Repair:
    text: str  # what was said before the editing term, put right
    wrong: str
    right: str


def repaired(text: str, before: str = "") -> Repair | None:
    """`text` put right by its own repair, or (when it repairs nothing of its own) `before`,
    the message said before it; None when there is no repair or nothing it stands for."""
    if not has_cue(text) or ACTUALLY_NAMED.search(text):
        return None  # ("Bradley's actually Brendan": a name said before, put right)
    doc = parse(text)
    cue = first_cue(doc)
    if cue is None:
        return None
    repair = repair_span(doc, cue)
    later = _cue_after_report(doc, repair)
    found = _put_right(doc, repair_span(doc, later), before) if later is not None else None
    return found or _put_right(doc, repair, before)


def _put_right(doc, repair: Span, before: str) -> Repair | None:
    """What the repair span puts right: the message's own words before it, else `before`."""
    # ("lol no, that was wrong, it's 11 rooms": nothing before the cue is a value to repair)
    said_first = any(
        value_word(t) and t.pos_ not in ("AUX", "PRON", "DET") for t in doc[: repair.start]
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
        # ("Dóra is not dentist, she is dental hygienist ... I translated wrong": the message
        # denies the wrong value itself; it puts right one said before)
        if found and not _denied(doc[:said].text, found[1]):
            rest = doc[repair.end :].text
            return Repair(text=f"{found[0]} {rest}".strip(), wrong=found[1], right=found[2])
    if before:
        found = replace_in(before, repair)
        if found:
            return Repair(text=found[0], wrong=found[1], right=found[2])
    return None


def _denied(text: str, wrong: str) -> bool:
    said = rf"\b(?:not|n't)\s+(?:the\s+|a\s+|an\s+)?{re.escape(wrong)}\b"
    return re.search(said, text, re.I) is not None


def _cue_after_report(doc, repair: Span) -> Token | None:
    """ "I must correct myself. I told you Luka is a pilot in Bar. That is wrong: he moved to
    Kotor": a repair that only reports what the user said is followed by the one that puts it
    right."""
    reported = any(
        t.lemma_.lower() in SAYING and (s := child(t, "nsubj")) is not None and s.lower_ == "i"
        for t in repair
    )
    if not reported or repair.end >= len(doc):
        return None
    return first_cue(doc[repair.end :])


def meant(text: str) -> str:
    """What a message says once its own repairs are made: what answers quote and read dates
    from, as the facts were read from it."""
    text = spoken_marks(text)
    fixed = repaired(text)
    return fixed.text if fixed is not None else text


def corrects_earlier(text: str) -> bool:
    """Whether a message may put right one said before ("*thursdays", "typo earlier:
    aruzhan"): its own words then say less than the facts read again from the earlier one.
    A message telling that something ended ("Actually I left Feedzai last week, now I'm at
    Unbabel") is news, not a repair: what held before did hold."""
    from memory.nlp.marks import ended_clauses

    if not has_cue(text) or repaired(text) is not None:
        return False
    # ("three days free, not four. Four was the old schedule": a value put right, whatever
    # the message then says ended)
    return not ended_clauses(text) or (cued(text) and contrast(parse(text)[:]) is not None)


def _without_echo(right: str, wrong: str, said: str) -> str:
    """ "three days free, not four" of "then four days free": the right value without the
    words it shares with what followed the wrong one ("three", not "three days free"); and
    "it wasn't 6 months, it's 12": a number for a number, in the wrong one's unit."""
    counted = wrong.split()
    if len(counted) > 1 and counted[0].isdigit() and right.isdigit():
        return " ".join([right, *counted[1:]])
    found = re.search(rf"\b{re.escape(wrong)}\b", said, re.I)
    words = right.split()
    after = said[found.end() :].lstrip().lower() if found else ""
    for k in range(1, len(words)):
        if after.startswith(" ".join(words[k:]).lower()):
            return " ".join(words[:k])
    return right


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
    said_doubted = _doubted_pair(repair) if doubted(repair[0]) else None
    if said_doubted:
        if not _named(said, said_doubted[0]):
            return None
        return _substitute(said, *said_doubted), said_doubted[0], said_doubted[1]
    pair = contrast(repair) or contrast(repair.sent)
    pairs: list[tuple[str, str]] = []
    wrong_said = _said_as(said, pair[1]) if pair else None
    if wrong_said:
        pairs.append((wrong_said, _without_echo(pair[0], wrong_said, said)))
    elif pair and not own:
        return None  # ("Malik is seven, not six" of a message that never said six)
    elif own and _negated_elsewhere(repair, said):
        return None  # "i had timur wrong, he's not from osh": osh was said in another message
    old = parse(said)
    runs = values(repair)
    end = _contrast_end(repair)
    copula = any(t.lower_ in ("not", "n't") and t.head.lemma_ == "be" for t in repair)
    if pairs and copula:
        runs = []  # "it wasn't 6 months, it's 12": the one value denied and said again
    elif pairs and end is not None:
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
    listed_again = (
        None if pairs else _days_for_days(said, repair) or _list_for_list(said, repair, said_runs)
    )
    if listed_again:
        return listed_again
    echo = echoed(said, said_runs, repair) if not pairs else None
    pairs += [echo] if echo else []
    # ("sorry i said 480 before, it's 450 a week": the value said to have been said is the
    # wrong one, whatever other value of its kind the message holds)
    back = taken_back(said, repair, runs) if not pairs else None
    pairs += [back] if back else []
    for run in runs if not (echo or back) else []:
        if pairs and any(number(t) == number_of(pairs[0][1]) for t in run):
            continue  # ("route 27 not 22": the 27 is put in already)
        found = same_unit(old, run) or same_head(old, run) or same_title(old, run)
        found = found or same_kind(old, run, repair) or same_role(old, run, holders)
        if found and pairs and _sentence_of(old, found[0]) != _sentence_of(old, pairs[0][0]):
            continue  # ("seda moved to the state hospital in kanuni": one repair, one place)
        if found and _again(found):
            continue  # ("saturday double is tylers. mine's friday": the wrong one said again)
        if found and found[0].lower() not in {w.lower() for w, _ in pairs}:
            pairs.append(found)
    pairs = [p for p in pairs if not _again(p)]
    if not pairs:
        found = next((f for f in (alike(old, run) for run in runs) if f and not _again(f)), None)
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


def _again(pair: tuple[str, str]) -> bool:
    """Whether a value "put right" is the wrong one said again ("saturdays", "saturday")."""
    return pair[0].lower().rstrip("s") == pair[1].lower().rstrip("s")


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
        if not any(value_word(w) for w in repair if w.i < t.i):
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
        if t.pos_ in ("NOUN", "PROPN", "NUM") and value_word(t):
            wrong.append(t)
    return bool(wrong) and not any(_named(said, w.text) for w in wrong)


def _doubted_pair(repair: Span) -> tuple[str, str] | None:
    """ "said 40 bs for tutoring? it's 45": (wrong, right), the value said before the
    question mark and the first said after it, of the same sort (a number for a number)."""
    asked = next((t.i for t in repair if t.text.startswith("?")), None)
    if asked is None and righted_next(repair[0]):
        asked = repair[0].sent.end - 1  # "I wrote that he studies in Milan. It is Turin."
    if asked is None:
        return None
    runs = values(repair)
    said = [r for r in runs if r[-1].i < asked]
    after = [r for r in runs if r[0].i > asked]
    # ("I said she's due in june right? my bad, she's due in july": "due" is said again)
    again = {text_of(r).lower() for r in said}
    after = [r for r in after if text_of(r).lower() not in again]
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
        if token.head.lemma_ != "be" and _sort(token) != _sort(first[0]):
            continue  # ("i meant the trombone, luka would kill me": Luka is no instrument)
        if token.is_alpha and not first[0].like_num and _named(said, token.text):
            if token.dep_ in ("nsubj", "nsubjpass"):  # said again as what the clause is about
                return token.text, text_of(first)
    return None


def _list_for_list(
    said: str, repair: Span, said_runs: list[list[Token]]
) -> tuple[str, str, str] | None:
    """ "not September and October. October and November": a list denied whole and said
    again as a list of as many: the list put right where it was said (new text, the first
    wrong value not said again, what stands in its place)."""
    denied = [text_of(r) for r in values(repair, denied=True)]
    right = [text_of(r) for r in said_runs]
    if len(denied) < 2 or len(right) != len(denied) or not all(_named(said, d) for d in denied):
        return None
    again = {r.lower() for r in right}
    wrong = [d for d in denied if d.lower() not in again]
    if not wrong:
        return None
    joined = r"\s*(?:,|and|or|&|\+)?\s*".join(as_word(d).pattern for d in denied)
    found = re.search(joined, said, re.I)
    if found is None:
        return None
    joiner = " and " if " and " in found[0] else ", "
    text = said[: found.start()] + joiner.join(right) + said[found.end() :]
    told = {d.lower() for d in denied}
    return text, wrong[0], next(r for r in right if r.lower() not in told)


def day_runs(words: list[str]) -> list[list[int]]:
    """Where runs of weekdays are said in `words` ("mon and wed", "tues+thurs"), by index."""
    runs: list[list[int]] = []
    for i, word in enumerate(words):
        if weekday_of(word) is None or word.lower() in LOOSE_DAYS:
            continue
        between = words[runs[-1][-1] + 1 : i] if runs else None
        if between is not None and all(w.lower() in DAY_JOINERS for w in between):
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _days_for_days(said: str, repair: Span) -> tuple[str, str, str] | None:
    """ "volleyball practice mon and wed. wait sorry *tues and thurs": a list of weekdays
    said first in a repair puts right a list of as many said before, whole (new text, the
    first wrong day, the first right one). What follows the list in the repair may name the
    wrong days again ("*tues and thurs, mon/wed was summer camp")."""
    mine = [t.text for t in repair]
    first = next(iter(day_runs(mine)), [])
    found = list(re.finditer(r"[A-Za-z]+|[&+/,]", said))
    for run in reversed(day_runs([m[0] for m in found])):
        if len(run) < 2 or len(run) > len(first):
            continue
        days = [mine[i] for i in first[: len(run)]]
        wanted = [weekday_of(d) for d in days]
        had = [weekday_of(found[i][0]) for i in run]
        if had == wanted:
            continue
        start, end = found[run[0]].start(), found[run[-1]].end()
        wrong = next(found[i][0] for i in run if weekday_of(found[i][0]) not in wanted)
        right = next(d for d in days if weekday_of(d) not in had)
        return said[:start] + " and ".join(days) + said[end:], wrong, right
    return None


def _holder(run: list[Token]) -> bool:
    head = next((t for t in run if t.head not in run), run[-1])
    if head.pos_ not in ("NOUN", "PROPN") or any(t.like_num for t in run):
        return False  # a number is a value, whatever the parser hung it on ("wyatt's 11")
    return head.dep_ in ("nsubj", "nsubjpass", "poss") and head.head.pos_ in ("AUX", "NOUN")


def values(repair: Span, *, denied: bool = False) -> list[list[Token]]:
    """Runs of content words in the repair, not the editing terms nor what follows "not"
    ("not friday — saturday": saturday); with `denied`, only what follows "not"."""
    runs: list[list[Token]] = [[]]
    skipping = False
    for t in repair:
        if t.lower_ == "not":
            skipping = True
        if not value_word(t):
            # ("not September and October. October and November": a list is denied whole)
            if t.pos_ == "PUNCT" or t.pos_ == "CCONJ" and t.lower_ not in ("and", "or"):
                skipping = False
            runs.append([])
            continue
        relative = t.lower_ in ("last", "next", "this") and t.head.lower_ in TIME_UNITS
        if runs[-1] and (relative or t.lower_ in ("yesterday", "today", "tomorrow")):
            runs.append([])  # ("moved to Viseu last year": the place, then when)
        if skipping == denied:
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
    # ("i told u sofia's in cagliari?? ... MARTA is in cagliari, sofia is in sassari": the
    # value said again of the one it was said of)
    whose = [t for t in repair if t.i < said.i and any(c.dep_ == "case" for c in t.children)]
    doc = repair.doc
    again = [t for t in doc if whose and t.i > said.i and t.lower_ == whose[-1].lower_]
    if again:
        said, runs = again[0], values(doc[again[0].i : again[0].sent.end])
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
        said_right = " ".join(w.capitalize() for w in right.split()) if name else right
        # ("289k" put right by "298k": the unit typed on stays once)
        unit = re.search(r"(?<=\d)[^\W\d_]+$", said_right)
        if unit and said[found.end() :].lower().startswith(unit[0].lower()):
            return said_right[: unit.start()]
        return said_right

    out = as_word(wrong).sub(put, said)
    last = re.escape(right.split()[-1])
    out = re.sub(rf"\b({last})\s+{last}\b", r"\1", out, flags=re.I)
    first = re.escape(right.split()[0])  # "a Cessna 206" put right by "a Cessna 210"
    return re.sub(rf"\b{first}\s+({first}\b)", r"\1", out, flags=re.I)

"""A quoted sentence that answers a question about now says the present value first.

When no slot decides a question, the answer quotes what the user said. A change is often said
old value first ("moved our payments from Paypal to dLocal", "changed phone, the Samsung was
broken, now a Xiaomi"), and an answer that names the old value first reads as if it were still
true. These reorderings keep every word the user said and put the present one first."""

import re

from memory.nlp.parse import Doc, child, parse
from memory.nlp.predicates import TIME_UNITS, TIME_WORDS

# "from Paypal to dLocal", within one clause
FROM_TO = re.compile(r"\bfrom (?P<old>[^,;.!?()]+?) (?P<to>to|into) (?P<new>[^,;.!?()]+)", re.I)
# "..., now a Xiaomi": the clause after a comma that opens with "now"
NOW_CLAUSE = re.compile(r"^(?P<before>.+?)\s*[,;:–-]+\s*now,? (?P<now>[^.;!?]+)[.!]?$", re.I)


def _timed(words: str) -> bool:
    """Whether a span says a time or an amount ("from 9 to 5", "from Monday to Friday",
    "from 20 to 15 mg"), where the order of the two is no change of value."""
    tokens = re.findall(r"[\w']+", words.lower())
    return any(t in TIME_WORDS or t in TIME_UNITS or t[:1].isdigit() for t in tokens)


# where the new value's words end: "to the cardiac ward | from this month"
AFTER_VALUE = re.compile(r" (?:from|since|in|on|at|for|because|and|but|with|after|when) ", re.I)


def _to_first(match: re.Match, doc: Doc) -> str:
    old, new = match.group("old"), match.group("new")
    end = AFTER_VALUE.search(new)
    new, rest = (new[: end.start()], new[end.start() :]) if end else (new, "")
    if _timed(old) or _timed(new) or not _two_places(doc, match):
        return match.group(0)
    return f"to {new} (from {old}){rest}"


def _two_places(doc: Doc, match: re.Match) -> bool:
    """Whether "from A to B" is two prepositions with their objects, not a verb between
    ("a distributor from Monterrey came to taste") or a purpose ("from Leeds to be near")."""
    tokens = {t.idx: t for t in doc}
    start, to = tokens.get(match.start()), tokens.get(match.start("to"))
    if start is None or to is None:
        return False
    if start.dep_ != "prep" or child(start, "pobj") is None:
        return False
    # ("to" may be misread as a verb's: "from ICU to cardiac ward", "cardiac" taken for a verb)
    after = doc[to.i + 1] if to.i + 1 < len(doc) else to
    return after.lemma_ != "be" and not any(t.pos_ in ("VERB", "AUX") for t in doc[start.i : to.i])


def present_first(text: str) -> str:
    """ "Moved your payments from Paypal to dLocal." -> "Moved your payments to dLocal (from
    Paypal)."; "Changed phone, Samsung was broken, now Xiaomi." -> "Now Xiaomi; changed phone,
    Samsung was broken." Each line of a list on its own."""
    return "\n".join(_line(line) for line in text.split("\n"))


def _line(line: str) -> str:
    bullet = "- " if line.startswith("- ") else ""
    body = line.removeprefix(bullet)
    if FROM_TO.search(body):
        doc = parse(body)
        body = FROM_TO.sub(lambda m: _to_first(m, doc), body)
    return bullet + " ".join(_now_first(s) for s in SENTENCE_END.split(body))


SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _now_first(sentence: str) -> str:
    now = NOW_CLAUSE.match(sentence)
    if now is None or len(now.group("now").split()) > 8:
        return sentence
    before = now.group("before")
    return f"Now {now.group('now').strip()}; {before[:1].lower()}{before[1:]}."

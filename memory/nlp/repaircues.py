"""Where a self-repair starts and what it covers: the editing term ("sorry", "I mean",
"wait no", "typo", "*", a refusal that opens a sentence) and the span after it that holds the
value meant (memory.nlp.repair puts it in place of the value it stands for). A part of
memory.nlp.repair, kept apart for its size."""

import re

from memory.nlp.corrections import CONTENT, CORRECTING, SAYING, kind, retracted
from memory.nlp.likeness import word_of
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


TAGS = {"right", "ok", "okay", "yeah", "yes", "no", "correct", "true"}


def value_word(t: Token) -> bool:
    """A word that may be a value put right: content, a number, a day; no editing term."""
    word = word_of(t)
    if not word or t.lower_ in FILLERS | CUES | MEANING:
        return False
    if not any(c.isalnum() for c in t.text):
        return False  # (a full stop the tagger took for a name)
    if len(word.strip(".")) == 1 and word[0].isalpha():
        return False  # "aruzhan, with an h": a letter spelled out is no value
    if t.lower_ in TAGS and t.i + 1 < len(t.doc) and t.nbor().text.startswith("?"):
        return False  # ("i told you she's due in august right?": a tag asking, no value)
    return t.pos_ in CONTENT or t.like_num or kind(word) != "other"


def has_cue(text: str) -> bool:
    words = set(re.findall(r"[^\W\d_]+", text.lower()))
    if words & (CUES | MEANING) or re.search(r"(^|\s)\*\w", text):
        return True
    if CORRECTING.search(text) or HOLDING.search(text):
        return True
    if REFUSING.search(text) and any(t.lower_ in REFUSALS and _refuses(t) for t in parse(text)):
        return True
    if words & {"said", "saying", "wrote", "typed"} and any(map(doubted, parse(text))):
        return True  # "i said 40 bs for tutoring? it's 45"
    if "not" in words and any(_set_against(t) for t in parse(text) if t.lower_ == "not"):
        return True  # "1650 not 1750", "les Carcajous* not castors"
    return PAUSED_NOT.search(text.lower()) is not None


# "..., not X" after a pause sets X against what was said, unless what follows "not" compares
# or hedges ("such polite young people, not like my grandson", ", not bad", ", not sure").
NOT_HEDGES = "like|unlike|only|even|just|as|so|too|that|bad|sure|much|really|quite|yet"
NOT_SETTING = rf"not\s(?!(?:{NOT_HEDGES})\b)"
PAUSED_NOT = re.compile(rf"(\.\.|[—–,-])\s*(no\b\s*[,—–-]|{NOT_SETTING})")


# What follows "sorry" when it apologises and goes on with the news ("walking home sorry so
# my uncle ...", "sorry anyway ...") instead of putting a value right.
GOING_ON = {"so", "anyway", "anyways", "btw"}


def apology(cue: Token) -> bool:
    """ "sorry" said as an apology for what goes on after it."""
    if cue.lower_ != "sorry" or cue.i + 1 >= len(cue.doc):
        return False
    return cue.nbor(1).lower_ in GOING_ON


def first_cue(doc) -> Token | None:
    cue = _first_cue(doc)
    # "wait i said the school is in kotagede?? it's in Bantul": the doubted words are the cue
    words = next((t for t in cue.sent if t.i > cue.i and doubted(t)), None) if cue else None
    # (unless the value meant comes first: "no wait sundays, i keep saying saturday")
    if words is not None and any(value_word(w) for w in cue.doc[cue.i + 1 : words.i]):
        return cue
    return words or cue


def _first_cue(doc) -> Token | None:
    for t in doc:
        low = t.lower_
        if low == "wrong" and t.dep_ == "amod" and child(t.head, "det") is not None:
            continue  # "calling her the wrong name": said of something, no editing term
        if low in CUES and apology(t):
            continue  # "dictating this walking home sorry so my uncle ...": no value put right
        if low in CUES or t.text.startswith("*") and len(t.text) > 1:
            return t
        if low == "bad" and t.i > 0 and t.nbor(-1).lower_ == "my":
            return t  # ("my bad, she's due in september")
        if low in MEANING and (t.i == 0 or t.nbor(-1).lower_ in ("i", ",", "...", "—", ".")):
            return t.nbor(-1) if t.i and t.nbor(-1).lower_ == "i" else t
        if low == "*" and t.i + 1 < len(doc):
            return t
        if doubted(t):
            return t
        if low == "not" and _set_against(t):
            return t.sent[0]  # the value said first is the one meant
        if low == "not" and contrastive(t) and value_word(t.doc[t.i - 1]):
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


def doubted(t: Token) -> bool:
    """ "i said mo's a bard? nope, warlock", "i keep saying cousin, she's his niece": the
    user doubting their own words (said, then asked about, or said over and over)."""
    if t.lemma_.lower() not in SAYING - {"tell"} or t.pos_ != "VERB":
        return False
    if any(c.dep_ == "nsubj" and c.lower_ == "i" for c in t.children):
        return any(w.text.startswith("?") for w in t.sent if w.i > t.i) or righted_next(t)
    return t.head.lemma_ == "keep" and any(c.lower_ == "i" for c in t.head.children)


def righted_next(t: Token) -> bool:
    """ "I wrote that Erion studies in Milan. It is Turin.": what the user said they said is
    followed by a short sentence that only says what it is."""
    end = t.sent.end
    if t.tag_ != "VBD" or end >= len(t.doc):
        return False
    words = [w for w in t.doc[end].sent if not w.is_punct]
    if not 2 < len(words) <= 6 or words[0].lower_ not in ("it", "that", "its", "it's"):
        return False
    return words[1].lemma_ == "be" or words[0].lower_ in ("its", "it's")


def _set_against(t: Token) -> bool:
    """ "1650 not 1750", "les Carcajous* not castors": a sentence that is only a value set
    against another, with no verb of its own, puts right what was said of the second."""
    # (the clause of the "not": "i looked again, it is group 8 not 9")
    pause = max((w.i for w in t.sent if w.i < t.i and w.text in ",;:"), default=t.sent.start - 1)
    before = [w for w in t.sent if pause < w.i < t.i and not w.is_punct and w.text != "*"]
    after = t.nbor(1) if t.i + 1 < t.sent.end else None
    if not before or after is None or not value_word(after):
        return False
    # ("it is group 8 not 9", "its 8 not 9": a value said, only "it is" before it)
    before = before[it_is(before) :]
    if not before or any(w.pos_ in ("VERB", "AUX") for w in before):
        return False
    return all(value_word(w) or w.lower_ in FILLERS | CUES for w in before) and any(
        map(value_word, before)
    )


def it_is(words: list[Token]) -> int:
    """How many words open with "it is" ("it is", "it's", "that was", "its" typed as one)."""
    if len(words) > 1 and words[0].lower_ in ("it", "that") and words[1].lemma_ == "be":
        return 2
    return 1 if words and words[0].lower_ in ("its", "thats") else 0


def _opens(t: Token) -> bool:
    """A "not" that opens its sentence (after fillers at most), before a value."""
    before = [w for w in t.sent if w.i < t.i]
    following = t.doc[t.i + 1] if t.i + 1 < len(t.doc) else None
    return (
        following is not None
        and value_word(following)
        and all(w.is_punct or w.lower_ in FILLERS for w in before)
    )


def _between_pauses(t: Token) -> bool:
    after = t.i + 1 < len(t.doc) and (t.lower_ == "not" or t.nbor(1).is_punct)
    return t.i > 0 and t.nbor(-1).text in ("...", "—", "–", "-", ",", "..") and after


def repair_span(doc, cue: Token) -> Span:
    """The words that say the right value: from the editing term to the end of its sentence;
    when the term ends the sentence ("the 16th actually"), the sentence before it."""
    sent = cue.sent
    said_before = [t for t in doc[sent.start : cue.i] if value_word(t)]
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
        asked = doubted(cue) and (
            any(t.text.startswith("?") for t in doc[cue.i : sent.end]) or righted_next(cue)
        )
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
        elif not any(value_word(t) for t in doc[cue.i + 1 : sent.end] if t.lower_ not in CUES):
            end = following.end  # "I tell you something wrong before. I study in Hue, ..."
        elif all(t.is_punct or t.lower_ in FILLERS | CUES | MEANING for t in sent):
            end = following.end  # "Oh sorry! I mean N5": the cue is a sentence of its own
        elif cue.lower_ in ("sorry", "pardon", "mistake") and not any(
            value_word(t) and t.pos_ != "VERB" for t in doc[cue.i + 1 : sent.end]
        ):
            end = following.end  # "Sorry, I made mistake. Monday and Friday."
    # "it's 11 rooms — we opened the two on the roof terrace": a quantity said before a
    # dash is the value; what follows is the why ("the spays moved — it's fridays" is not)
    dash = next((t.i for t in doc[cue.i : end] if t.text in ("—", "–", ";")), None)
    before_dash = doc[cue.i + 1 : dash] if dash is not None else []
    if any(t.like_num and t.i + 1 < dash and t.nbor(1).pos_ == "NOUN" for t in before_dash):
        end = dash
    return doc[cue.i : end]

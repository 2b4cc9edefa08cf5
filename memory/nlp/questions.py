"""What a question asks: its subject, relation and object (as a triplet query), whether it is
yes/no, and whether it asks about the past or the order of events."""

import re
from dataclasses import dataclass

from memory.nlp.clauses import Clause, _resolve, _subject_before, retag
from memory.nlp.facts import lexicon_relation, match_relation
from memory.nlp.relations import ROLE_NOUNS
from memory.nlp.text import pos_tag, stem, tokenize

WH = {"who", "what", "where", "when", "which", "why", "how", "whose", "whom"}
AUX = {
    "is",
    "are",
    "was",
    "were",
    "do",
    "does",
    "did",
    "has",
    "have",
    "had",
    "can",
    "could",
    "will",
    "would",
    "should",
    "am",
}
BE = {"is", "are", "was", "were", "am"}
# Words that end a question without being part of its object ("Is Bob at Pfizer now?").
TRAILING = {"now", "still", "anymore", "currently", "today", "again"}
WRAPPERS = re.compile(
    r"^(?:(?:do|did) you (?:still )?(?:remember|know|recall)|(?:can|could|would) you "
    r"(?:please )?(?:tell me|remind me)|(?:please )?(?:tell|remind|show) me|i(?: wonder| am "
    r"wondering|'m wondering| want to know| would like to know|'d like to know)|any idea|"
    r"let me know)\s+(?:(?:if|whether) you (?:still )?(?:know|remember)\s+)?(?:if |whether )?",
    re.I,
)
PAST = re.compile(
    r"\b(before|used to|previously|earlier|originally|formerly|in the past|"
    r"at first|did .+ plan|was .+ before|past|former|old)\b",
    re.I,
)
ORDER = re.compile(
    # ("first name", "last name" ask a name, not an order)
    r"\b((?:first|last)(?! name)|latest|most recent|when did|in what order|order|"
    r"(?:before|after) (?:the|my|his|her|a|an) )",
    re.I,
)
# "what does Zosia do after school?": a time of every day, not an event to order by
ROUTINES = ("school", "work", "class", "dinner", "lunch", "breakfast", "practice", "church")
# the last "before"/"after" is the one that orders ("Who looked after Ma Dolly before Nalini?")
ANCHOR = re.compile(
    r"^.*\b(?:before|after) (?:the |my |his |her |a |an )?([\w' -]+?)\??$", re.I | re.S
)
CONNECTOR = re.compile(r"^.*\b(before|after)\b", re.I | re.S)


def asks_after(text: str) -> bool:
    """Whether a question orders by what came after ("Who joined after Tânia left?"), not
    before; "Who looked after Ma Dolly before Nalini?" asks before."""
    found = CONNECTOR.search(text)
    return found is not None and found.group(1).lower() == "after"


STOP = {
    "the",
    "a",
    "an",
    "is",
    "are",
    "do",
    "does",
    "did",
    "what",
    "who",
    "where",
    "when",
    "which",
    "how",
    "of",
    "to",
    "in",
    "at",
    "on",
    "for",
    "i",
    "you",
    "my",
    "me",
}


@dataclass(frozen=True)
class QuestionIntent:
    text: str
    subject: str | None
    relation: str | None
    object: str | None
    wh: str | None
    yes_no: bool
    wants_past: bool
    wants_order: bool
    anchor: str | None
    keywords: list[str]


# "what day's Ella's netball?": the "'s" after a wh-word's noun is "is", which the parser
# otherwise reads as the noun's possessive ("the day of Ella's netball")
WH_NOUN_IS = re.compile(r"^((?:what|which) [^\W\d_]+)['’]s\b", re.I)


def unwrap(text: str) -> str:
    """ "Do you remember where I live?" -> "where I live?" """
    stripped = text.strip()
    unwrapped = WH_NOUN_IS.sub(r"\1 is", WRAPPERS.sub("", stripped, count=1).lstrip())
    return unwrapped if unwrapped.strip() else stripped


LEADING_PREPS = {"in", "at", "on", "for", "from", "with", "since", "by", "to"}


def parse_question(text: str, *, speaker: str) -> QuestionIntent:
    core = unwrap(text).rstrip(" ?.!")
    tokens = tokenize(core)
    words, tags, _ = _resolve(tokens, [t for _, t in pos_tag(tokens)], speaker, None)
    tags = _names(words, retag(words, tags))
    lowered = [w.lower() for w in words]
    wh = lowered[0] if lowered and lowered[0] in WH else None
    if wh is None and len(lowered) > 1 and lowered[0] in LEADING_PREPS and lowered[1] in WH:
        wh = lowered[1]  # "In which month did I ...?", "At what age ...?"
    yes_no = wh is None and bool(lowered) and lowered[0] in AUX
    subject, relation, obj = _triplet(words, tags, wh)
    anchor = None
    found = ANCHOR.search(core)
    if found and not found.group(1).lower().startswith(("that", "this") + ROUTINES):
        anchor = found.group(1).strip()
    keywords = [stem(w) for w in lowered if w.isalnum() and w not in STOP]
    return QuestionIntent(
        text=text,
        subject=subject,
        relation=relation,
        object=obj or None,
        wh=wh,
        yes_no=yes_no,
        wants_past=asks_past(core),
        wants_order=bool(ORDER.search(core)) or anchor is not None,
        anchor=anchor,
        keywords=keywords,
    )


# Tenses that ask of a time gone by: "old" alone says so only with one of them ("what was my
# old car?"), not "who repairs the old carpets these days?" nor "who's got Jo's old room?".
PAST_TENSE = re.compile(r"\b(was|were|did|had|used)\b", re.I)


def asks_past(core: str) -> bool:
    marks = {m.group(1).lower() for m in PAST.finditer(core)}
    return bool(marks - {"old"}) or bool(marks and PAST_TENSE.search(core))


def _names(words: list[str], tags: list[str]) -> list[str]:
    """Inside a question a capitalised word is part of a name: the tagger reads unusual names
    as verbs or adjectives ("Tomkins", "Chalk", "Fighting Eagles")."""
    return [
        "NNP" if k and word[:1].isupper() and word != "I" and not t.startswith("NNP") else t
        for k, (word, t) in enumerate(zip(words, tags, strict=True))
    ]


# Adverbs the statement-shaped reading may leave inside a subject.
ADVERBS = {"still", "ever", "currently", "really", "now", "already", "actually", "even", "also"}


def _triplet(words: list[str], tags: list[str], wh: str | None):
    subject, relation, obj = _read(words, tags, wh)
    if subject:  # "Am I still a member of X": an adverb between the subject and the rest
        kept = [w for w in subject.split() if w.lower() not in ADVERBS]
        subject = " ".join(kept) or subject
    if relation == "member_of" and wh and "party" in (w.lower() for w in words[1:4]):
        relation = "member_of_party"  # "What political party is X a member of?"
    return subject, relation, obj


def _read(words: list[str], tags: list[str], wh: str | None):
    """Turn the question back into a statement and parse it like one."""
    i = 0
    if wh:
        i = 1
        while i < len(words) and tags[i] in ("NN", "NNS", "JJ") and words[i].lower() not in AUX:
            i += 1  # "what sports team", "which company"
    asked = words[1:i]  # the wh-phrase's nouns: what the question wants ("government position")
    aux = words[i] if i < len(words) and words[i].lower() in AUX else None
    rest_words, rest_tags = (words[i + 1 :], tags[i + 1 :]) if aux else (words[i:], tags[i:])
    if aux and aux.lower() in BE:
        found = _role_of(rest_words) or _copular(aux, rest_words, rest_tags)
        if found:
            return found
    subject, body, body_tags = _split_verbal(aux, rest_words, rest_tags)
    clause = Clause(subject=subject, body=body, tags=body_tags)
    if not body or clause.verb_at is None:
        return _join(subject), None, None
    found = _lexical(clause)
    if found is None and asked:
        # "What position does X hold?": put the wh-phrase back where its answer would stand.
        tags = body_tags + ["NN"] * len(asked)
        found = _lexical(Clause(subject=subject, body=body + asked, tags=tags))
        found = (found[0], None) if found else None
    if found:
        return _join(subject), found[0], found[1]
    triplet = match_relation(clause)
    relation = triplet.relation if triplet.relation not in ("is", "be") else None
    return _join(subject), relation, triplet.object


def _role_of(rest: list[str]):
    """ "(Who is) the employer of X": a noun naming the object of X's relation."""
    text = " ".join(w.lower() for w in rest)
    for noun, relation in ROLE_NOUNS.items():
        found = re.match(rf"(?:the |an? )?(?:current |new )?{noun} of ", text)
        if found:
            subject = rest[len(found.group(0).split()) :]
            return _join(subject), relation, None
    return None


def _copular(aux: str, rest: list[str], tags: list[str]):
    """ "Is <name> a member of Y?": the name ends where a predicate the lexicon knows begins.
    Trying each article as the split point does not trust the tagger with unusual names."""
    for k, word in enumerate(rest):
        if k == 0 or word.lower() not in ("a", "an", "the"):
            continue
        found = _lexical(Clause(subject=rest[:k], body=[aux, *rest[k:]], tags=["VBZ", *tags[k:]]))
        if found:
            return _join(rest[:k]), found[0], found[1]
    return None


def _lexical(clause: Clause) -> tuple[str, str | None] | None:
    """(relation, object) when the relation lexicon reads the clause; the object runs to the
    end of the question ("Mayor of Nashville, Tennessee"), less trailing adverbs."""
    text, offsets = clause.lemma_text()
    triplet = lexicon_relation(clause, text, offsets)
    if triplet is None:
        return None
    obj = triplet.object
    first = obj.split()[0] if obj else None
    if first in clause.body:
        start = clause.body.index(first)
        tail, tail_tags = clause.body[start:], clause.tags[start:]
        while tail and (tail_tags[-1] == "RB" or tail[-1].lower() in TRAILING):
            tail, tail_tags = tail[:-1], tail_tags[:-1]
        obj = _join(tail) or obj
    return triplet.relation, obj or None


def _split_verbal(aux, rest_words: list[str], rest_tags: list[str]):
    verb = next((k for k, t in enumerate(rest_tags) if t.startswith("VB") or t == "MD"), None)
    if verb == 0 or not rest_words:
        subject_words: list[str] = []  # "Who works at Pfizer", "Who is the coach of X"
        cut = 0
    elif verb is None:
        cut = 0  # "Is A. J. Pollock a member of X": the subject is the leading name
        while cut < len(rest_words) and (
            rest_tags[cut].startswith("NNP") or rest_tags[cut] == "POS"
        ):
            cut += 1
        subject_words = rest_words[:cut]
        if aux and aux.lower() in ("do", "does", "did") and cut < len(rest_words):
            # "Does <name> hold ...": after do-support the next word is the verb, whatever
            # the tagger made of it.
            rest_tags = [*rest_tags[:cut], "VB", *rest_tags[cut + 1 :]]
    else:
        cut = verb
        while cut > 0 and rest_tags[cut - 1] == "RB":  # "Is Bob still employed"
            cut -= 1
        subject_words = _subject_before(rest_words, rest_tags, cut) or rest_words[:cut]
    body, body_tags = rest_words[cut:], rest_tags[cut:]
    if aux and aux.lower() not in ("do", "does", "did"):
        body, body_tags = [aux, *body], ["VBZ", *body_tags]
    return subject_words, body, body_tags


def _join(words: list[str]) -> str | None:
    from memory.nlp.text import detokenize

    text = detokenize(words).strip()
    return text or None

"""Sentences into clauses with a resolved subject and a verb group.

First person becomes the speaker ("I" -> "alice", "my" -> "alice's"); he/she/his/her become
the last person named, when there is one; coordinated verb phrases share their subject
("Brandon cancelled X and is going to Y" -> two clauses about Brandon).
"""

from dataclasses import dataclass, field

from lemminflect import getInflection

from memory.nlp.entities import members
from memory.nlp.text import detokenize, lemma, pos_tag, sentences, tokenize

DAYS_AROUND = {"today", "tomorrow", "yesterday", "tonight"}
NP_TAGS = {"DT", "JJ", "JJR", "JJS", "NN", "NNS", "NNP", "NNPS", "CD", "POS", "PRP$"}
SKIP_IN_LEMMAS = {
    "not",
    "n't",
    "never",
    "still",
    "also",
    "just",
    "really",
    "currently",
    "now",
    "already",
    "finally",
    "recently",
    "officially",
    "longer",
    "anymore",
    "again",
}
NEGATIONS = {"not", "n't", "never"}
CHANGE_WORDS = {
    "instead",
    "now",
    "switched",
    "moved",
    "cancelled",
    "canceled",
    "quit",
    "left",
    "fired",
    "hired",
    "joined",
    "new",
    "anymore",
    "longer",
}
FIRST_PERSON = {"i", "me", "myself"}
THIRD_PERSON = {"he", "him", "she", "they", "them", "himself", "herself"}
CONTRACTIONS = {"'m": "am", "'re": "are", "'ve": "have", "'ll": "will", "'d": "would"}


@dataclass
class Clause:
    subject: list[str]
    body: list[str]
    tags: list[str]
    plural_subject: bool = False
    lemmas: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lemmas = [lemma(w, t) for w, t in zip(self.body, self.tags, strict=True)]

    @property
    def verb_at(self) -> int | None:
        return next((i for i, t in enumerate(self.tags) if _is_verb(t)), None)

    def named(self) -> str:
        """ "a dog named Rex" -> "Rex" """
        for i, word in enumerate(self.body[:-1]):
            if word.lower() in ("named", "called") and self.tags[i + 1].startswith("NNP"):
                run = [
                    w
                    for w, t in zip(self.body[i + 1 :], self.tags[i + 1 :], strict=True)
                    if t.startswith("NNP")
                ]
                return " ".join(run)
        return ""

    @property
    def negated(self) -> bool:
        words = [w.lower() for w in self.body]
        text = " ".join(words)
        return bool(NEGATIONS & set(words)) or "no longer" in text

    @property
    def changes(self) -> bool:
        return bool(CHANGE_WORDS & {w.lower() for w in self.body})

    def lemma_text(self):
        first = self.verb_at or 0
        kept = [
            (i, lem)
            for i, lem in enumerate(self.lemmas)
            if i >= first and lem not in SKIP_IN_LEMMAS
        ]
        kept = [(i, lem) for i, lem in kept if self.tags[i] not in (",", ".", ":")]
        text = " ".join(lem for _, lem in kept)
        starts = []
        position = 0
        for _, lem in kept:
            starts.append(position)
            position += len(lem) + 1

        def offset(char: int) -> int:
            for (index, _), start in zip(kept, starts, strict=True):
                if start >= char:
                    return index
            return len(self.body)

        return text, offset

    def object_after(self, index: int) -> str:
        words: list[str] = []
        for word, tag in zip(self.body[index:], self.tags[index:], strict=True):
            if words and word.lower() in DAYS_AROUND:
                break  # "let go from Parcelwise today": when, not what
            if tag in NP_TAGS or (word in ("of", "&", "-") and words and words[-1][:1].isupper()):
                words.append(word)
            elif words or tag not in ("TO", "RB"):
                break
        while words and words[-1] in ("of", "&", "-"):
            words.pop()
        while words and (words[0].lower() in ("the", "a", "an") or words[0].endswith("'s")):
            words.pop(0)
            if words and words[0] == "'s":
                words.pop(0)
        return detokenize(words)

    def proper_inside(self, start: int, end: int) -> str:
        run = [
            w
            for w, t in zip(self.body[start:end], self.tags[start:end], strict=True)
            if t.startswith("NNP")
        ]
        return " ".join(run)

    def is_particle(self, index: int) -> bool:
        return index < len(self.tags) and self.tags[index] in ("RP", "IN", "TO")

    def subject_text(self) -> str:
        return detokenize(self.subject)

    def subjects(self) -> list[str]:
        text = self.subject_text()
        parts = members(text)
        if len(parts) > 1 and all(p[:1].isupper() or p.islower() for p in parts):
            return parts
        return [text]

    def sentence_for(self, subject: str) -> str:
        body = list(self.body)
        singular = " and " not in subject and subject.lower() not in ("we", "they", "you")
        if body and singular:
            body[0] = _third_person(body[0], self.tags[0])
        return detokenize([subject, *body]).rstrip(" .!;")


def _third_person(word: str, tag: str) -> str:
    lowered = word.lower()
    fixed = {"am": "is", "are": "is", "were": "was", "have": "has", "do": "does"}.get(lowered)
    if fixed:
        return fixed
    if tag == "VBP" and lemma(word, "VB") == lowered:
        inflected = getInflection(lowered, tag="VBZ")
        return inflected[0] if inflected else word
    return word


def _resolve(tokens: list[str], tags: list[str], speaker: str, last: str | None):
    """First person -> speaker, third person -> the last named person (if any)."""
    out_words: list[str] = []
    out_tags: list[str] = []
    first_person = False
    for word, tag in zip(tokens, tags, strict=True):
        low = word.lower()
        if low in CONTRACTIONS:
            out_words.append(CONTRACTIONS[low])
            out_tags.append(tag)
        elif low in FIRST_PERSON and tag == "PRP":
            out_words.append(speaker)
            out_tags.append("NNP")
            first_person = True
        elif low == "my":
            out_words += [speaker, "'s"]
            out_tags += ["NNP", "POS"]
        elif last and low in THIRD_PERSON and tag == "PRP":
            out_words.append(last)
            out_tags.append("NNP")
        elif last and low in ("his", "her") and tag == "PRP$":
            out_words += [last, "'s"]
            out_tags += ["NNP", "POS"]
        else:
            out_words.append(word)
            out_tags.append(tag)
    return out_words, out_tags, first_person


def _is_verb(tag: str) -> bool:
    return tag.startswith("VB") or tag == "MD"


def _subject_before(words: list[str], tags: list[str], verb: int) -> list[str]:
    """The noun phrase right before the verb (news sentences open with long adverbials)."""
    start = verb
    while start > 0 and (tags[start - 1] in NP_TAGS or (words[start - 1] == "and" and start > 1)):
        start -= 1
    while start < verb and words[start] == "and":
        start += 1
    subject = words[start:verb]
    while subject and subject[0].lower() in ("and", "the", "a", "an"):
        subject = subject[1:]
    # "alice 's sister Ana" -> "Ana": a name after a possessive noun names the person.
    if "'s" in subject:
        tail = subject[subject.index("'s") + 1 :]
        names = [w for w in tail if w[:1].isupper()]
        if names and tail and tail[-1][:1].isupper():
            subject = [w for w in tail if w[:1].isupper()]
    return subject


BASE_VERBS = (
    "live work play like love enjoy eat drink move go travel fly quit leave join study own have "
    "marry date visit plan hate reside relocate sign lead manage teach write cook read "
    "buy sell start stop want need prefer adopt"
).split()


def _verb_forms() -> dict[str, str]:
    from lemminflect import getAllInflections

    forms: dict[str, str] = {}
    for base in BASE_VERBS:
        for tag, words in getAllInflections(base, upos="VERB").items():
            for word in words:
                forms.setdefault(word, tag)
    return forms


_FORMS: dict[str, str] = {}


def retag(words: list[str], tags: list[str]) -> list[str]:
    """Fix the tagger's commonest slip on short chat sentences: "Anna works at Pfizer" tags
    "works" as a plural noun. A known verb form right after a name or noun becomes a verb."""
    if not _FORMS:
        _FORMS.update(_verb_forms())
    fixed = list(tags)
    for i, (word, tag) in enumerate(zip(words, tags, strict=True)):
        form = _FORMS.get(word.lower())
        if not form or tag.startswith("VB") or i == 0:
            continue
        before = fixed[i - 1]
        after = fixed[i + 1] if i + 1 < len(fixed) else "."
        if before in ("NNP", "NNPS", "PRP", "NN", "NNS") and after in (
            "IN",
            "DT",
            "NNP",
            "NNPS",
            "TO",
            "RB",
            ".",
            "NN",
            "NNS",
            "PRP$",
            "CD",
            ",",
        ):
            fixed[i] = form
    return fixed


def clauses_of(text: str, *, speaker: str, last_person: str | None = None) -> list[Clause]:
    found: list[Clause] = []
    last = last_person
    for sentence in sentences(text):
        tokens = tokenize(sentence)
        words, tags, _ = _resolve(tokens, [t for _, t in pos_tag(tokens)], speaker, last)
        tags = retag(words, tags)
        for clause in split_clauses(words, tags):
            found.append(clause)
            names = [w for w in clause.subject if w[:1].isupper() and w != speaker]
            if names and len(members(clause.subject_text())) == 1:
                last = clause.subject_text()
    return found


def verb_groups(tags: list[str]) -> list[int]:
    """Where verb groups start: "is going to go" is one group, "quit ... and is going" two."""
    starts = []
    for i, tag in enumerate(tags):
        if not _is_verb(tag):
            continue
        prev = tags[i - 1] if i else ""
        prev2 = tags[i - 2] if i > 1 else ""
        if _is_verb(prev) or prev == "TO" or (prev == "RB" and _is_verb(prev2)):
            continue
        if tag in ("VBN", "VBG") and prev in ("NN", "NNS"):
            continue  # "a dog named Rex": a participle describing a noun
        starts.append(i)
    return starts


LINKERS = {"and", "but", ",", ";", "then", "so", "or"}
RELATIVE = {"WDT", "WP", "WP$"}


def split_clauses(words: list[str], tags: list[str]) -> list[Clause]:
    clauses: list[Clause] = []
    starts = verb_groups(tags)
    subject: list[str] = []
    for n, verb in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(words)
        begin = verb
        while begin > 0 and (tags[begin - 1] == "RB" or words[begin - 1].lower() in ("no",)):
            begin -= 1
        before = tags[begin - 1] if begin else ""
        if before in RELATIVE:
            continue  # "a process that has become ...": not a statement of its own
        linked = begin > 0 and words[begin - 1].lower() in LINKERS
        own = [] if linked and subject else _subject_before(words, tags, begin)
        if own:
            subject = own
        elif not (begin == 0 or words[begin - 1].lower() in LINKERS) or not subject:
            continue
        body_end = _body_end(words, tags, begin, end, starts, n)
        clauses.append(_clause(subject, words[begin:body_end], tags[begin:body_end]))
    return [c for c in clauses if c.body and c.subject]


def _body_end(words, tags, begin, end, starts, n) -> int:
    """A clause ends where the next one's subject (or linking word) begins."""
    if n + 1 >= len(starts):
        return end
    cut = end
    while cut > begin and (
        tags[cut - 1] == "RB"
        or tags[cut - 1] in NP_TAGS
        or words[cut - 1].lower() in LINKERS
        or tags[cut - 1] in RELATIVE
    ):
        cut -= 1
        if words[cut].lower() in LINKERS or tags[cut] in RELATIVE:
            break
    return max(cut, begin + 1)


def _clause(subject: list[str], body: list[str], tags: list[str]) -> Clause:
    while body and (tags[-1] in (",", ".", ":") or body[-1].lower() in LINKERS):
        body, tags = body[:-1], tags[:-1]
    plural = "and" in subject
    return Clause(subject=subject, body=list(body), tags=list(tags), plural_subject=plural)

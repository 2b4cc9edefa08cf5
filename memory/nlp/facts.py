"""Atomic facts from statements: clauses, first person and pronouns resolved, each parsed into
a (subject, relation, object) triplet with the relation lexicon of memory.nlp.relations."""

from dataclasses import dataclass

from memory.nlp.clauses import Clause, clauses_of
from memory.nlp.relations import (
    RULES,
    TITLE_RULE,
    relation_is_single_valued,
    title_relation,
)
from memory.nlp.text import pos_tag, sentences, tokenize

TEAM_WORDS = {"team", "club", "fc", "united", "city", "athletic", "rovers", "sox"}
# What one joins for the joy of it, not as an employer ("joined the university choir"), and
# may belong to several of at once.
LEISURE_GROUPS = {"choir", "chorus", "band", "orchestra", "ensemble", "gym", "league", "society"}
LEISURE_GROUPS |= {"class", "course", "group", "squad", "troupe", "classes", "lessons"}
TEAM_WORDS |= LEISURE_GROUPS


def leisure(value: str) -> bool:
    return bool(value) and value.lower().split()[-1] in LEISURE_GROUPS


@dataclass(frozen=True)
class ParsedFact:
    text: str
    subject: str
    relation: str
    object: str
    negated: bool
    ends_previous: bool
    single_valued: bool
    # Said as a correction ("Actually ..., not X"): a replaced value was never true.
    correction: bool = False
    corrects: str = ""  # the wrong value this fact replaces ("Rex" in "Max, not Rex")
    # Said of the past ("I used to live in Wellington", "moved from Tampines"): stored, and
    # false from the start; it retires nothing but the same fact still held as true.
    past: bool = False
    # A role said with "the" ("the captain is Baraka", "Emmanuel is the new captain") or a
    # holder said "now" ("my captain is Juma now"): one person holds it, so a new holder
    # takes it from the one before.
    sole: bool = False


@dataclass(frozen=True)
class Triplet:
    relation: str
    object: str
    negated: bool
    ends_previous: bool
    extra: tuple[tuple[str, str], ...] = ()


def match_relation(clause: Clause) -> Triplet | None:
    """Find the clause's relation in its verb group; None when no verb at all."""
    if clause.verb_at is None:
        return None
    text, offsets = clause.lemma_text()
    return lexicon_relation(clause, text, offsets) or _fallback(clause, text, offsets)


def lexicon_relation(clause: Clause, text: str, offsets) -> Triplet | None:
    """The relation lexicon's reading of the clause (a title or a rule), or None."""
    negated = clause.negated
    title = TITLE_RULE.match(text)
    if title:
        obj = clause.object_after(offsets(title.end()))
        former = (title.group("mod") or "").strip() in ("former", "outgoing")
        return Triplet(title_relation(title.group("title")), obj, negated or former, True)
    for rule in RULES:
        found = rule.pattern.match(text)
        if not found:
            continue
        obj = rule.fixed_object or clause.object_after(offsets(found.end()))
        if rule.relation.startswith("has_"):
            obj = clause.named() or obj or found.group(0).split()[-1]
        if rule.relation == "travels_to" and rule.negated and not obj:
            obj = clause.proper_inside(offsets(0), offsets(found.end()))
        relation = rule.relation
        if relation == "member_of" and "party" in obj.lower():
            relation = "member_of_party"
        elif relation == "member_of" and text.startswith("join") and not _team_like(obj):
            relation = "works_for"
        if relation == "is_called" and not obj:
            continue
        negated_now = negated != rule.negated if rule.negated else negated
        return Triplet(relation, obj, negated_now, rule.ends_previous or clause.changes, rule.also)
    return None


def _team_like(obj: str) -> bool:
    words = obj.lower().split()
    return any(w in TEAM_WORDS for w in words) or (bool(words) and obj.split()[-1].endswith("s"))


def _fallback(clause: Clause, text: str, offsets) -> Triplet:
    """Unknown verbs: the verb lemma (with its particle) is the relation."""
    words = text.split()
    skip = 0
    while skip < len(words) - 1 and words[skip] in ("be", "have", "do", "will", "would", "can"):
        skip += 1
    verb = words[skip] if words else "be"
    relation = verb
    end = len(" ".join(words[: skip + 1]))
    if skip + 1 < len(words) and clause.is_particle(offsets(end + 1)):
        relation = f"{verb}_{words[skip + 1]}"
        end = len(" ".join(words[: skip + 2]))
    relation = "is" if relation == "be" else relation
    return Triplet(relation, clause.object_after(offsets(end)), clause.negated, clause.changes)


def extract_facts(text: str, *, speaker: str, last_person: str | None = None) -> list[ParsedFact]:
    """Atomic facts of every sentence; a sentence no clause could be parsed from is kept whole
    (relation "") so that nothing the user said is dropped."""
    facts: list[ParsedFact] = []
    last = last_person
    for sentence in sentences(text):
        found = _sentence_facts(sentence, speaker, last)
        if found:
            last = next((f.subject for f in found if f.subject[:1].isupper()), last)
        else:
            subject = first_name(sentence)
            found = [ParsedFact(sentence.rstrip(" ."), subject, "", "", False, False, False)]
        facts.extend(found)
    return facts


def first_name(sentence: str) -> str:
    """The first run of proper nouns: who a sentence we could not parse is most likely about."""
    run: list[str] = []
    for word, tag in pos_tag(tokenize(sentence)):
        if tag.startswith("NNP") and word[:1].isupper():
            run.append(word)
        elif run:
            break
    return " ".join(run)


def _sentence_facts(text: str, speaker: str, last_person: str | None) -> list[ParsedFact]:
    facts: list[ParsedFact] = []
    for clause in clauses_of(text, speaker=speaker, last_person=last_person):
        triplet = match_relation(clause)
        if triplet is None:
            continue
        for subject in clause.subjects():
            facts.append(_fact(clause.sentence_for(subject), subject, triplet))
            for relation, obj in triplet.extra:
                sentence = f"{subject} is {obj}"
                facts.append(ParsedFact(sentence, subject, relation, obj, False, True, True))
    return facts


def _fact(sentence: str, subject: str, triplet: Triplet) -> ParsedFact:
    return ParsedFact(
        text=sentence,
        subject=subject,
        relation=triplet.relation,
        object=triplet.object,
        negated=triplet.negated,
        ends_previous=triplet.ends_previous,
        single_valued=relation_is_single_valued(triplet.relation),
    )

"""The question pipeline's evidence: triplet lookups (RET-LLM), similar facts (ERASE), and
facts behind the contexts of the question's concept neighbourhood (RecallM). Reads only."""

import re
from dataclasses import dataclass, field, replace
from datetime import datetime

from django.db.models import Q
from django.utils import timezone
from spacy.lang.en.stop_words import STOP_WORDS

from chatbot.models import Message
from memory import embeddings, graph, nlp, selectors
from memory.models import Fact, FactTruth, MemoryState
from memory.nlp import ask
from memory.nlp.parse import parse
from memory.nlp.words import DUTY_VERBS, WORKING
from memory.pipeline import amend, retrieve
from memory.pipeline.guard import base_relation, doer_noun

MIN_SIMILARITY = 0.35
PRONOUNS = {"he", "she", "they", "him", "her", "them"}
RECENT_MESSAGES = 2000  # searched for the name of the question's subject


@dataclass
class Evidence:
    intent: nlp.QuestionIntent
    speaker: str = ""
    facts: list[Fact] = field(default_factory=list)  # best first, current and past
    scores: dict[int, float] = field(default_factory=dict)
    triplet_ids: set[int] = field(default_factory=set)
    history: dict[int, list[FactTruth]] = field(default_factory=dict)
    best_similarity: float = 0.0  # of the closest fact by meaning, whatever its slot
    similarity: dict[int, float] = field(default_factory=dict)  # per fact, by meaning
    asked_at: datetime | None = None  # when the question was asked (plans come due)
    holders: list[Fact] = field(default_factory=list)  # facts whose value a yes/no names
    firsts: dict[str, Fact] = field(default_factory=dict)  # "X or Y": each one's first mention
    user_id: int = 0  # whose memory (readers that look past the evidence ask it)

    @property
    def current(self) -> list[Fact]:
        return [f for f in self.facts if f.is_true]

    @property
    def past(self) -> list[Fact]:
        return [f for f in self.facts if not f.is_true]


# What one drives or rides is what one has of a vehicle ("bought a used Skoda Octavia").
VEHICLE_SLOTS = {"drive", "ride"}
# ("looked at a Hilux, ended up going with a Prado": a vehicle chosen is the one had)
ACQUIRED = ("has", "buy", "get", "own", "lease", "choose", "pick", "go_with", "opt_for")
ACQUIRED += ("settle_on", "settle_for", "plump_for")


def employer_slots(relation: str) -> list[str]:
    """ "Who do I drive for now?" is asked by whom one works for, and the other way round."""
    if relation == "works_for":
        return [f"{verb}_for" for verb in sorted(WORKING - {"work"})]
    verb, _, prep = relation.partition("_")
    return ["works_for"] if prep == "for" and verb in WORKING else []


def noun_role(relation: str) -> list[str]:
    """The role named by a slot's verb, which is a noun too: "majors in psych", then "my
    major is criminology" (`major_in`, `role:major`)."""
    verb = relation.partition("_")[0]
    return [f"role:{verb}"] if verb.isalpha() and verb not in ("is", "has", "be") else []


def slot_relations(relation: str) -> list[str]:
    """The stored relations that answer a question's slot: the slot itself, its negation and
    plans, and for a category ("pets") every role it covers and what is simply had."""
    roles = ask.category_roles(relation)
    bases = [relation, *(f"role:{r}" for r in roles)]
    kind = relation.removeprefix("role:")
    bases += [f"role:{young}" for young, grown in ask.YOUNG.items() if grown == kind]
    if relation == "works_as":
        bases.append("is")  # "What does Tom do?" - "Tom is a teacher"
    if roles:
        bases.append("has")
    if relation in VEHICLE_SLOTS:  # "What car do I drive?": the one bought or got
        bases.extend(ACQUIRED)
    bases.extend(employer_slots(relation))
    bases.extend(noun_role(relation))
    related = [r for b in bases for r in (b, f"not:{b}", f"plan:{b}")]
    verb = open_verb(relation)
    return [*related, f"not:{verb}"] if verb else related


def open_verb(relation: str) -> str | None:
    """The verb of an open `<verb>_<prep>` slot ("swim_at" -> "swim"): "I'm not swimming
    anymore" ends swimming anywhere. None for the lexicon's slots and roles."""
    from memory.nlp.wording import PHRASES

    verb, sep, _ = relation.partition("_")
    if not sep or relation in PHRASES or relation.startswith(("role:", "is_", "be_", "plan:")):
        return None
    return verb or None


def bare_verb(relation: str) -> bool:
    """A slot that is a verb alone ("promote", "swim"), not the lexicon's nor a role."""
    from memory.nlp.wording import PHRASES

    return relation.isalpha() and relation not in PHRASES and relation not in ("is", "has")


TO_COME = re.compile(r"\b(?:is|are|'s|'re)\s+(?:\w+ing)\b|\bwill\b|\bgoing to\b", re.I)


def triplet_matches(user_id: int, intent: nlp.QuestionIntent) -> list[Fact]:
    rows = Fact.objects.filter(user_id=user_id).select_related("source_message")
    relation = intent.relation
    if intent.subject:
        keys = retrieve.subject_keys(user_id=user_id, subject=intent.subject)
        rows = rows.filter(subject_key__in=keys)
        if relation:
            wanted = Q(relation__in=slot_relations(relation))
            if relation.startswith("role:"):
                # "my younger brother Luís" is my brother: a role said with a modifier
                # fills the plain role.
                role = relation.removeprefix("role:")
                for prefix in ("role:", "not:role:", "plan:role:"):
                    wanted |= Q(relation__startswith=prefix, relation__endswith=f" {role}")
                head = role.split()[-1]
                if head != role:  # "my hockey team" asks my team when that is all I said
                    wanted |= Q(relation__in=slot_relations(f"role:{head}"))
            elif bare_verb(relation):
                # "When did I get promoted?" asks the act whatever it was to or at
                # ("got promoted to senior editor": `promote_to`).
                for prefix in ("", "not:", "plan:"):
                    wanted |= Q(relation__startswith=f"{prefix}{relation}_")
                if relation in WORKING:  # "where do I teach?" is where one works
                    wanted |= Q(relation__in=slot_relations("works_for"))
            elif intent.wh == "what" and open_verb(relation):
                # "what does ben want in the greenhouse?" asks what is wanted ("he wants
                # peppers"), wherever the place said
                verb = open_verb(relation)
                wanted |= Q(relation__in=[verb, f"plan:{verb}"])
            rows = rows.filter(wanted)
        return list(rows.order_by("-id")[:50])
    if relation and intent.object and intent.wh == "who" and relation.isalpha():
        # "Who buys our oil now?": those whose role is to buy ("our buyers are ..."), whom
        # no word of the question names
        doers = rf"^role:(.* )?{doer_noun(relation)}$"
        found = list(rows.filter(relation__regex=doers, is_true=True).order_by("-id")[:50])
        if found:
            return found
    if relation and intent.object:
        # ("who's moving to Gozo?" asks a plan as well: "she is moving to Gozo in september")
        plans = [f"plan:{relation}"] if TO_COME.search(intent.text) else []
        # ("Who runs the machines?" after "Joost handles the machines")
        alike = sorted(DUTY_VERBS - {relation}) if relation in DUTY_VERBS else []
        rows = rows.filter(relation__in=[relation, f"not:{relation}", *plans, *alike])
        return [f for f in rows.order_by("-id")[:500] if nlp.same_entity(f.object, intent.object)]
    if relation:
        return list(rows.filter(relation=relation).order_by("-id")[:50])
    return []


def about(user_id: int, subject: str | None) -> list[tuple[Fact, float]]:
    """Facts about the subject whatever their relation (a triplet we did not expect, or none),
    and facts from messages that name the subject elsewhere ("X signed Bob"): the answer
    judges by the latest of them when no triplet answers the question."""
    last = nlp.entity_key(subject or "").split()[-1:]
    if not last or len(last[0]) < 3:
        return []
    rows = Fact.objects.filter(user_id=user_id).select_related("source_message")
    own = rows.filter(subject_last__in=last).order_by("-id")[:20]
    # A substring search over every message the user ever sent would grow with the memory;
    # the recent ones bound it (and "the latest of them" is what the answer uses).
    recent = Message.objects.filter(user_id=user_id, role=Message.Role.USER).order_by("-id")
    naming = recent.values("id")[:RECENT_MESSAGES]
    named = rows.filter(source_message__in=naming, source_message__text__icontains=last[0])
    return [(f, 0.5) for f in own] + [(f, 0.3) for f in named.order_by("-id")[:20]]


def graph_facts(user_id: int, text: str) -> list[int]:
    stems = [c.stem for c in nlp.concepts(text)]
    clock = MemoryState.objects.filter(user_id=user_id).values_list("clock", flat=True).first()
    ranked = graph.related_concepts(
        graph=graph.age.graph_name(user_id), stems=stems, clock=clock or 0
    )
    ids: list[int] = []
    for concept in ranked:
        for line in concept.contexts:
            ids.extend(line.get("facts", []))
    return ids[-40:]


_CHOICE = re.compile(r"([\w'.-]+(?: [\w'.-]+){0,6}),? or ([\w'.-]+(?: [\w'.-]+){0,6})\s*\??$")


# "Did I buy the new scooter before or after the civet got the hens?": two events in order
BEFORE_OR_AFTER = re.compile(
    r"^\s*(?:did|was|were|had|has|have)\s+(?P<one>.+?)\s+(?:before or after|after or before)"
    r"\s+(?P<other>.+?)\s*\??\s*$",
    re.I,
)


def alternatives(question: str) -> list[str]:
    """ "Which did I start first, Dutch or piano?" -> ["Dutch", "piano"]; "Did I sell the
    car before or after the move?" -> ["I sell the car", "the move"]."""
    ordered = BEFORE_OR_AFTER.match(question)
    if ordered is not None:
        return [ordered["one"], ordered["other"]]
    found = _CHOICE.search(question.strip())
    if not found:
        return []
    # what follows a colon ("Which came first: Anh's bike room petition or ..."), else the
    # words nearest "or"
    before = question.strip()[: found.end(1)]
    left = before.split(":")[-1].split() if ":" in before else before.split(",")[-1].split()[-2:]
    left = [w for w in left if w.lower() not in ("first", "earlier", "before", "the", "a")]
    right = [w for w in found.group(2).split() if w.lower() not in ("first", "earlier")]
    return [" ".join(part) for part in (left, right) if part]


def first_mention(user_id: int, option: str) -> Fact | None:
    """The first fact that tells of one side of "X or Y": its words as said, else every name
    in it and the lemmas of its other words ("Mihkel leaving" for "Mihkel is leaving the
    studio", "me selling my bass" for "sold my old bass")."""
    rows = Fact.objects.filter(user_id=user_id).select_related("source_message")
    # (as said, else its last two words: "knee operation" of "Ron's knee operation")
    for said in dict.fromkeys([option, " ".join(option.split()[-2:])]):
        first = rows.filter(text__icontains=said).order_by("created_at", "pk").first()
        if first is not None:
            return first
    words = [t for t in parse(option) if t.is_alpha and not t.is_stop and t.pos_ != "PRON"]
    names = [t.text for t in words if t.pos_ == "PROPN"]
    wanted = {t.lemma_.lower() for t in words if t.pos_ != "PROPN"}
    if not words or not names and not wanted:
        return None
    named, told = rows, rows
    for name in names:
        named = named.filter(text__icontains=name)
        # (named in the message, if not in the fact: "petition for a bike room ..., Anh
        # started it" for "Anh's bike room petition")
        told = told.filter(source_message__text__icontains=name)
    found, half = _sharing(named, wanted)
    if found is None and names:
        found, _ = _sharing(told, wanted)
    # ("starting a new language" is "an evening course of Japanese": by meaning, before a
    # fact that shares half the words by chance, "the new shop")
    return found or by_meaning(user_id, option, names) or half


def _sharing(rows, wanted: set[str]) -> tuple[Fact | None, Fact | None]:
    """The first of `rows` whose lemmas hold all of `wanted`, and the first holding half."""
    half = None
    for fact in rows.order_by("created_at", "pk")[:60]:
        said = {t.lemma_.lower() for t in parse(fact.text)}
        if wanted <= said:
            return fact, half
        if half is None and len(wanted & said) * 2 >= len(wanted):
            half = fact
    return None, half


OPTION_RELATED = 0.3  # cosine at which a fact tells of one side of "X or Y"


def by_meaning(user_id: int, option: str, names: list[str]) -> Fact | None:
    vector = embeddings.embed_many([option])[0]
    near = selectors.similar_facts(
        user_id=user_id, vector=vector, limit=5, min_similarity=OPTION_RELATED, current_only=False
    )
    named = [f for f, _ in near if all(n.lower() in f.text.lower() for n in names)]
    return named[0] if named else None


SAID_BEFORE = 8  # messages read back from the first that named X, for "before X"


def said_before(user_id: int, anchor: str) -> list[Fact]:
    """The facts of the few messages said just before the one that first named `anchor`:
    what X took the place of was said there (memory.pipeline.replaced)."""
    name = re.sub(r"^(the|my|our|a|an)\s+", "", anchor.strip(), flags=re.I)
    mine = Message.objects.filter(user_id=user_id, role=Message.Role.USER)
    first = mine.filter(text__icontains=name).order_by("pk").only("pk").first()
    if first is None:
        return []
    earlier = list(mine.filter(pk__lt=first.pk).order_by("-pk").values_list("pk", flat=True))
    rows = Fact.objects.filter(user_id=user_id, source_message_id__in=earlier[:SAID_BEFORE])
    return list(rows.select_related("source_message"))


def with_told_names(user_id: int, text: str) -> str:
    """The question with the names the user told of in capitals, as they were read in the
    statements ("where does baraka live?"): a lower-case name alone reads as a noun."""
    words = {w for w in NAME_WORD.findall(text) if w.islower() and w not in STOP_WORDS}
    told = selectors.told_names(user_id=user_id, keys=sorted(words))
    if not told:
        return text
    return NAME_WORD.sub(lambda m: m[0].capitalize() if m[0] in told else m[0], text)


NAME_WORD = re.compile(r"\b[^\W\d_]{3,}\b")  # a word that may be a name


def gather(*, user_id: int, text: str, speaker: str, at: datetime | None = None) -> Evidence:
    # The question's vector is computed on the model's thread while the question is read and
    # the triplet lookups run; embedding it where it is used made the answer wait for it.
    text = ask.as_duty(text)
    pending = embeddings.embed_soon([text])
    intent = ask.read_question(with_told_names(user_id, text), speaker=speaker)
    if intent.subject and intent.subject.lower() in PRONOUNS:
        # "Where did they live before Tavira?": the person spoken of last, as in statements
        person = selectors.last_person(user_id=user_id, speaker=speaker)
        intent = replace(intent, subject=person or intent.subject)
    if intent.subject:  # "my brother" is Tom when the user said so
        intent = replace(
            intent, subject=retrieve.named_role(user_id=user_id, subject=intent.subject)
        )
    evidence = Evidence(
        intent=intent, speaker=speaker, asked_at=at or timezone.now(), user_id=user_id
    )
    scores: dict[int, float] = {}
    by_id: dict[int, Fact] = {}
    for fact in triplet_matches(user_id, intent):
        by_id[fact.pk] = fact
        scores[fact.pk] = scores.get(fact.pk, 0.0) + 2.0
        evidence.triplet_ids.add(fact.pk)
    vector = embeddings.collect(pending)[0]
    for fact, similarity in selectors.similar_facts(
        user_id=user_id, vector=vector, limit=10, current_only=False
    ):
        evidence.best_similarity = max(evidence.best_similarity, similarity)
        evidence.similarity[fact.pk] = similarity
        if similarity >= MIN_SIMILARITY:
            by_id.setdefault(fact.pk, fact)
            scores[fact.pk] = scores.get(fact.pk, 0.0) + similarity
    for fact, score in about(user_id, intent.subject):
        by_id.setdefault(fact.pk, fact)
        scores[fact.pk] = scores.get(fact.pk, 0.0) + score
    if intent.anchor and (intent.wants_past or intent.wants_order):
        for fact in said_before(user_id, intent.anchor):
            by_id.setdefault(fact.pk, fact)
            scores[fact.pk] = scores.get(fact.pk, 0.0) + 0.2
    linked = [i for i in graph_facts(user_id, text) if i not in by_id]
    for fact in Fact.objects.filter(user_id=user_id, pk__in=linked).select_related(
        "source_message"
    ):
        by_id[fact.pk] = fact
        scores[fact.pk] = scores.get(fact.pk, 0.0) + 0.3
    if intent.yes_no and intent.object:
        key = nlp.entity_key(intent.object)
        rows = Fact.objects.filter(user_id=user_id, object_key=key).order_by("-id")[:10]
        evidence.holders = list(rows.select_related("source_message"))
    for option in alternatives(text):
        first = first_mention(user_id, option)
        if first is not None:
            evidence.firsts[option] = first
    relation = intent.relation
    for fact in by_id.values():
        if relation and base_relation(fact.relation) == relation:
            scores[fact.pk] += 0.5
    ordered = sorted(by_id.values(), key=lambda f: (-scores[f.pk], -f.pk))
    ids = [f.pk for f in ordered[:60]] + [f.pk for f in evidence.holders]
    history = selectors.truth_history(fact_ids=ids)

    def kept(fact: Fact) -> bool:
        return not selectors.withdrawn(history.get(fact.pk, []))

    ordered = [f for f in ordered[:60] if kept(f)]
    evidence.holders = [f for f in evidence.holders if kept(f)]
    evidence.facts = ordered
    amend.prefetch([*ordered, *evidence.holders, *evidence.firsts.values()], speaker)
    evidence.scores = scores
    evidence.history = history
    return evidence

"""What of a kind: "What car did we buy?" asks for the car, whatever verb told it ("we bought
our first car, a used Toyota Corolla" is read as the speaker's car, `role:car`). When the
question's own slot holds no value of that kind ("two dresses" were bought too), the
subject's role of that noun answers.

What a thing is like: "What genre is my reading group?" asks for the word that describes the
group where it was told ("kicking off a sci-fi reading group"): a modifier of the same noun
whose meaning is close to the asked noun's (a genre, a colour, a flavour), not "new" or "local".
"""

import re

from memory import embeddings
from memory.models import Fact
from memory.nlp import same_entity, stem, tokenize
from memory.nlp.parse import Token, parse
from memory.nlp.words import VEHICLES
from memory.pipeline import expect
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import join, sentence, speak
from memory.pipeline.valuekinds import vehicle


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    relation = intent.relation or ""
    if intent.yes_no or intent.wh not in ("what", "which") or not relation:
        return None
    if relation.startswith("role:") or intent.wants_past or intent.anchor:
        return None
    wanted = expect.expected(intent.text)
    if wanted is None or wanted.kind != "noun":
        return None
    held = [f for f in evidence.facts if f.is_true and role_of(f) == wanted.noun]
    held = [f for f in held if same_entity(f.subject, intent.subject or evidence.speaker)]
    slot = [f for f in evidence.facts if f.pk in evidence.triplet_ids]
    if not held and not slot:
        return headed(evidence, wanted.noun)
    if not held or any(wanted.noun in stems(f.object) for f in slot):
        return None  # the slot says it ("bought a Corolla"), or nothing of that kind is held
    many = plural(intent.text, wanted.noun)
    if many:
        return listed(many, held + bought(evidence, wanted.noun, held))
    newest = max(held, key=lambda f: (f.truth_since, f.pk))
    return sentence(speak(newest, evidence.speaker))


AHEAD = re.compile(r"\b(?:going to|gonna|will|'ll|shall|from|next|plan|planning)\b", re.I)
# Words that say which one of a kind nobody could tell apart by them.
EMPTY_MODIFIERS = {"a", "an", "the", "new", "old", "first", "last", "next", "current", "other"}
EMPTY_MODIFIERS |= {"big", "small", "little", "nice", "good", "great", "another", "same"}


def headed(evidence: Evidence, noun: str) -> str | None:
    """ "Which show do I present?" after "I do the afternoon drive show" and "From May I'm
    moving to the breakfast show": no slot of the question's verb is held, but a value of the
    kind asked is, said of the subject; what holds now, not what is planned."""
    if plural(evidence.intent.text, noun) or AHEAD.search(evidence.intent.text):
        # ("which students ...?": the members of a set, which slots list; "which boat am I
        # going to command?": what is planned)
        return None
    subject = evidence.intent.subject or evidence.speaker
    if not same_entity(subject, evidence.speaker):
        # (of the user's own life only: of others, what is told in the news of them may be
        # old or of another team, "What sports team is Red Walters a member of?")
        return None
    asked = set(tokenize(evidence.intent.text.lower()))
    kind = [
        f
        for f in of_kind(evidence.facts, noun)
        # (a word besides the kind's that the question does not say: "got a job", "a night
        # class" for "what night class ...?" say nothing)
        if set(f.object.lower().split()[:-1]) - EMPTY_MODIFIERS - asked
        and same_entity(f.subject, subject)
    ]
    if not kind:
        return None
    newest = max(kind, key=lambda f: (f.truth_since, f.pk))
    return sentence(speak(newest, evidence.speaker))


def of_kind(facts: list[Fact], noun: str) -> list[Fact]:
    """The facts holding now a value whose last word is of `noun` ("stand mixer": mixer)."""
    return [
        f
        for f in facts
        if f.is_true
        and not f.relation.startswith(("not:", "plan:"))
        and f.object
        and stem(f.object.split()[-1].lower()) == noun
    ]


def plural(question: str, noun: str) -> str:
    """ "Which cars do I own?" asks for every one held: the plural asked ("cars"), or ""."""
    said = (t for t in parse(question) if t.tag_ == "NNS" and stem(t.lemma_.lower()) == noun)
    return next((t.lower_ for t in said), "")


# What brings a vehicle into the user's hands, said with its make ("I buy a Skoda Octavia").
GOT = {"buy", "has", "get", "drive", "own"}


def bought(evidence: Evidence, noun: str, held: list[Fact]) -> list[Fact]:
    """Vehicles got since and told by make, not by the word for them: one of the set asked."""
    if noun not in {stem(v) for v in VEHICLES}:
        return []
    subject = evidence.intent.subject or evidence.speaker
    return [
        f
        for f in evidence.facts
        if f.is_true
        and f.relation.split("_")[0] in GOT
        and same_entity(f.subject, subject)
        and f.object[:1].isupper()
        and vehicle(f.object)
        and not any(same_entity(f.object, h.object) for h in held)
    ]


def listed(plural: str, facts: list[Fact]) -> str:
    names = dict.fromkeys(f.object for f in sorted(facts, key=lambda f: (f.created_at, f.pk)))
    return sentence(f"your {plural} are {join(list(names))}")


def role_of(fact: Fact) -> str | None:
    """The stem of the noun a role fact holds ("role:first car" -> "car")."""
    if not fact.relation.startswith("role:"):
        return None
    return stem(fact.relation.split()[-1].removeprefix("role:"))


def stems(text: str) -> set[str]:
    return {stem(w) for w in tokenize(text.lower())}


MODIFIERS = ("amod", "compound", "nmod")
DESCRIBES = 0.4  # a modifier word's closeness to the asked noun ("colour": "red" 0.75, "new" 0.32)


def described(evidence: Evidence) -> str | None:
    """ "What genre is my reading group?" -> "It's a sci-fi reading group."."""
    intent = evidence.intent
    if intent.yes_no or intent.wh not in ("what", "which") or intent.wants_past:
        return None
    asked = described_noun(intent.text)
    if asked is None:
        return None
    noun, thing = asked
    facts = [f for f in evidence.facts if f.is_true]
    if any(c.dep_ == "poss" for c in thing.children):
        # the thing's owner is whom its facts are about ("my reading group": mine)
        owner = (intent.subject or "").split("'s ")[0] or evidence.speaker
        # ("our car" was read as the Skoda it is: the Skoda's holder owns it)
        kind = stem(thing.lemma_.lower())
        owners = {owner} | {
            f.subject for f in facts if role_of(f) == kind and same_entity(f.object, owner)
        }
        facts = [f for f in facts if any(same_entity(f.subject, o) for o in owners)]
    for fact in sorted(facts, key=lambda f: (f.created_at, f.pk), reverse=True):
        for token in parse(source(fact)):
            if token.lemma_.lower() != thing.lemma_.lower() or token.pos_ != "NOUN":
                continue
            said = modifier(token, noun, intent.text)
            if said:
                return sentence(f"it's a {said}")
    return None


def described_noun(question: str) -> tuple[str, Token] | None:
    """("genre", the token "group") for "What genre is my reading group?", if the wh-word's
    noun is one whose values describe (a genre, a colour) and the question asks it of a
    thing named by a common noun."""
    doc = parse(question.strip().rstrip(" ?.!") + "?")
    wh = next((t for t in doc if t.tag_ in ("WDT", "WP") and t.dep_ == "det"), None)
    if wh is None or stem(wh.head.lemma_.lower()) not in expect.DESCRIPTIVE:
        return None
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_ != "be":
        return None
    # ("what flavour was the cake?" parses the cake as the attribute, as the genre is)
    things = [t for t in root.children if t.dep_ in ("nsubj", "attr") and t != wh.head]
    if len(things) != 1 or things[0].pos_ != "NOUN":
        return None
    return wh.head.lemma_.lower(), things[0]


def modifier(token: Token, noun: str, question: str) -> str:
    """The words before `token` that describe it as `noun` asks, with it: "sci-fi reading
    group"; "" if none does."""
    asked = {stem(w) for w in tokenize(question)}
    named = [c for c in token.children if c.dep_ == "appos"]  # "a new car, a red Skoda"
    for said in named:
        words = modifier(said, noun, question)
        if words:
            return words
    # (modifiers of modifiers too: "horror" of "a horror book club" hangs from "book")
    mods = [c for c in token.subtree if c.dep_ in MODIFIERS and c.i < token.i]
    mods = [c for c in mods if stem(c.lower_) not in asked and not c.like_num]
    if not mods:
        return ""
    start = min(c.left_edge.i for c in mods)
    words = [t.text for t in mods if t.is_alpha]
    vectors = embeddings.embed_many([noun, *words])
    if max(float(vectors[0] @ v) for v in vectors[1:]) < DESCRIBES:
        return ""
    return token.doc[start : token.i + 1].text


def told_elsewhere(evidence: Evidence, hits: list[Fact]) -> bool:
    """ "What class did I sign up for?": the slot's facts ("played for Tractorul", read as
    the same joining) name no class, and a statement with the question's verb names one of
    a kind ("signed up for a pottery class"): that statement answers, not the slot."""
    wanted = expect.expected(evidence.intent.text)
    if wanted is None or wanted.kind != "noun" or not wanted.noun or not hits:
        return False
    if any(wanted.noun in stems(source(f)) for f in hits):
        return False
    verbs = {t.lemma_.lower() for t in parse(evidence.intent.text) if t.pos_ == "VERB"}
    if not verbs:
        return False
    for fact in evidence.facts:
        if not fact.is_true or fact in hits or wanted.noun not in stems(source(fact)):
            continue
        for token in parse(source(fact)):
            if stem(token.lower_) != wanted.noun or token.pos_ != "NOUN":
                continue
            kinds = [c for c in token.children if c.dep_ in MODIFIERS and c.is_alpha]
            verb = next((a for a in token.ancestors if a.pos_ == "VERB"), None)
            if kinds and verb is not None and verb.lemma_.lower() in verbs:
                return True
    return False

"""What of a kind: "What car did we buy?" asks for the car, whatever verb told it ("we bought
our first car, a used Toyota Corolla" is read as the speaker's car, `role:car`). When the
question's own slot holds no value of that kind ("two dresses" were bought too), the
subject's role of that noun answers."""

from memory.models import Fact
from memory.nlp import same_entity, stem, tokenize
from memory.pipeline import expect
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence, speak


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
    if not held or any(wanted.noun in stems(f.object) for f in slot):
        return None  # the slot says it ("bought a Corolla"), or nothing of that kind is held
    newest = max(held, key=lambda f: (f.truth_since, f.pk))
    return sentence(speak(newest, evidence.speaker))


def role_of(fact: Fact) -> str | None:
    """The stem of the noun a role fact holds ("role:first car" -> "car")."""
    if not fact.relation.startswith("role:"):
        return None
    return stem(fact.relation.split()[-1].removeprefix("role:"))


def stems(text: str) -> set[str]:
    return {stem(w) for w in tokenize(text.lower())}

"""Memory commands typed in chat: "What do you remember about X?" and "Forget X"."""

from chatbot.models import Message
from memory import embeddings, nlp, selectors, services
from memory.engines.base import UpdateResult
from memory.models import Fact, Operation
from memory.nlp import wording
from memory.pipeline import retrieve
from memory.pipeline.answer import since, until
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence
from memory.services import Provenance

MIN_SIMILARITY = 0.5


def facts_about(*, user_id: int, topic: str, current_only: bool) -> list[Fact]:
    """Facts whose subject or object is `topic`, or that are close to it in meaning."""
    keys = retrieve.subject_keys(user_id=user_id, subject=topic)
    rows = Fact.objects.filter(user_id=user_id)
    if current_only:
        rows = rows.filter(is_true=True)
    found = {f.pk: f for f in rows.filter(subject_key__in=keys).order_by("id")[:100]}
    object_key = nlp.entity_key(topic)
    if object_key:
        for fact in rows.filter(object_key=object_key).order_by("id")[:100]:
            found.setdefault(fact.pk, fact)
    vector = embeddings.embed(topic)
    for fact, _ in selectors.similar_facts(
        user_id=user_id,
        vector=vector,
        limit=10,
        min_similarity=MIN_SIMILARITY,
        current_only=current_only,
    ):
        found.setdefault(fact.pk, fact)
    return sorted(found.values(), key=lambda f: (f.created_at, f.pk))


def recall(*, message: Message, topic: str) -> UpdateResult:
    facts = facts_about(user_id=message.user_id, topic=topic, current_only=False)
    history = selectors.truth_history(fact_ids=[f.pk for f in facts])
    facts = [f for f in facts if not selectors.withdrawn(history[f.pk])]
    if not facts:
        return UpdateResult(meta={"reply": f"I don't remember anything about {topic} yet."})
    evidence = Evidence(intent=None, facts=facts, speaker=message.user.get_username())
    evidence.history = history
    now = [f"- {sentence(since(f, evidence.speaker))}" for f in facts if f.is_true]
    before = [f"- {sentence(until(evidence, f))}" for f in facts if not f.is_true]
    parts = [f"What I remember about {topic}:", *now]
    if before:
        parts += ["No longer true:", *before]
    return UpdateResult(meta={"reply": "\n".join(parts)})


def forget(*, message: Message, topic: str, backend: str) -> UpdateResult:
    facts = facts_about(user_id=message.user_id, topic=topic, current_only=True)
    why = Provenance(
        step="command.forget",
        backend=backend,
        cause=message,
        at=message.sent_at,
        reason=f"the user asked to forget {topic!r}",
    )
    for fact in facts:
        services.judge_fact(fact=fact, operation=Operation.FORGET, why=why)
    speaker = message.user.get_username()  # (said back as "you", never by username)
    lines = [f"Forgot: {wording.second_person(f.text.rstrip('.'), speaker)}." for f in facts]
    reply = " ".join(lines) if lines else f"I had nothing current about {topic} to forget."
    return UpdateResult(lines=lines, meta={"reply": reply})

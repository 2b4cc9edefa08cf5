"""The "vector database" baseline of RecallM and ERASE: store every update sentence as a fact,
answer with the most similar stored sentences. No truth maintenance, by design."""

from collections.abc import AsyncIterator
from concurrent.futures import Future

from asgiref.sync import sync_to_async
from django.conf import settings

from chatbot.models import Message
from memory import embeddings, nlp, selectors, services
from memory.engines.base import Engine, UpdateResult
from memory.models import Backend
from memory.nlp import wording
from memory.services import Provenance


class VectorBaselineEngine(Engine):
    name = "vector-baseline"
    backend = Backend.BASELINE

    def prepare_update(self, *, message: Message, text: str) -> Future:
        return embeddings.embed_soon(nlp.sentences(text))

    def update(
        self, *, message: Message, text: str, t: int, prepared: Future | None = None
    ) -> UpdateResult:
        sentences = nlp.sentences(text)
        vectors = embeddings.collect(prepared or embeddings.embed_soon(sentences))
        why = Provenance(
            step="baseline.store", backend=self.backend, cause=message, at=message.sent_at, t=t
        )
        for sentence, vector in zip(sentences, vectors, strict=True):
            services.add_fact(user=message.user, text=sentence, why=why, embedding=vector)
        return UpdateResult(lines=[f"Stored: {s}" for s in sentences])

    async def answer(self, *, message: Message, text: str) -> AsyncIterator[str]:
        vector = await sync_to_async(embeddings.embed)(text)
        found = await sync_to_async(selectors.similar_facts)(
            user_id=message.user_id, vector=vector, limit=settings.ANSWER_MAX_FACTS
        )
        if not found:
            yield "I don't know that yet."
            return
        yield "Here is what I remember:"
        for fact, _similarity in found:
            yield f"\n- {fact.text} ({fact.created_at:%Y-%m-%d})"

    def command(self, *, message: Message, command: str, arg: str) -> UpdateResult:
        vector = embeddings.embed(arg)
        found = selectors.similar_facts(
            user_id=message.user_id,
            vector=vector,
            limit=settings.ANSWER_MAX_FACTS,
            min_similarity=settings.ERASE_SIMILARITY,
        )
        if command == "recall":
            speaker = message.user.get_username()
            lines = [f"- {wording.second_person(f.text, speaker)}" for f, _ in found]
            reply = "\n".join(["About " + arg + ":", *lines]) if lines else "I don't know that yet."
            return UpdateResult(meta={"reply": reply})
        why = Provenance(
            step="baseline.forget", backend=self.backend, cause=message, at=message.sent_at
        )
        for fact, _ in found:
            services.judge_fact(fact=fact, operation="forget", why=why)
        speaker = message.user.get_username()  # (said back as "you", never by username)
        lines = [f"Forgot: {wording.second_person(f.text, speaker)}" for f, _ in found]
        return UpdateResult(lines=lines, meta={"reply": " ".join(lines) or "Nothing to forget."})

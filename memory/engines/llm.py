"""The LLM engine: the offline pipeline with its language steps done by an OpenAI-compatible
model (memory/llm/). Any step the model cannot do (HTTP error, timeout, invalid JSON twice)
falls back to the offline step for that message, and the reply and the edit log say so.

Cost: a question the offline router recognises is exactly one call (its streamed answer); a
message that may tell something is one call (routing and extraction together), plus one for
the verdicts when related facts exist, plus one for rewrites only when a fact made false may
still be partly true."""

from collections.abc import AsyncIterator
from contextlib import aclosing

from asgiref.sync import sync_to_async
from django.conf import settings

from chatbot.models import Message
from memory import nlp
from memory.engines.base import UpdateResult
from memory.engines.offline import OfflineEngine
from memory.llm import client, prompts
from memory.llm.session import LLMSession
from memory.llm.steps import LLMSteps
from memory.models import Backend
from memory.pipeline import answer as offline_answer
from memory.pipeline import question
from memory.pipeline.question import Evidence
from memory.pipeline.update import Prepared, UpdatePipeline, split_speaker
from memory.services import Provenance

UPDATE_STEPS = ["erase.add", "erase.verdict", "erase.rewrite", "recallm.revise"]
SCREENED = ("question", "chitchat", "command")


class LLMUpdatePipeline(UpdatePipeline):
    """The shared pipeline; an edit decided offline because the model failed says so in its
    reason, next to whatever the rule's own reason was."""

    steps: LLMSteps

    def why(self, step: str, reason: str = "") -> Provenance:
        note = self.steps.session.note(step)
        if note:
            reason = f"{note}. {reason}" if reason else note
        return super().why(step, reason)


def statements_of(evidence: Evidence, limit: int = 20) -> list[dict]:
    return [
        {
            "text": f.text,
            "is_true": f.is_true,
            "history": [
                {"at": f"{h.at:%Y-%m-%d}", "value": h.value} for h in evidence.history.get(f.pk, [])
            ],
        }
        for f in evidence.facts[:limit]
    ]


class LLMEngine(OfflineEngine):
    name = "llm"
    backend = Backend.LLM

    def __init__(self) -> None:
        super().__init__()
        self.session = LLMSession()  # engines are made per message (memory.engine.engine_for)
        self.steps = LLMSteps(self.session)

    def route(self, text: str, *, speaker: str = "the user") -> nlp.Route:
        # The offline router screens first: questions, small talk and memory commands cost no
        # routing call (a question is then exactly one call, its answer). Whatever may tell
        # something goes to the model, which routes it and extracts its facts in one call.
        screened = nlp.route(text)
        if screened.kind in SCREENED:
            return screened
        speaker, body = split_speaker(text, speaker)  # as the update pipeline will
        plan = self.steps.plan(body, speaker)
        if plan is None:
            self.session.fell_back("route", self.session.fallbacks["erase.add"])
            return screened
        if plan.route == "chitchat":
            return nlp.Route(kind="chitchat", reply=plan.reply or "Okay.")
        asked = plan.question or (text if plan.route == "question" else "")
        told = text if plan.route in ("update", "both") else ""
        return nlp.Route(kind=plan.route, update_text=told, question_text=asked)

    def update(
        self, *, message: Message, text: str, t: int, prepared: Prepared | None = None
    ) -> UpdateResult:
        if len(text) > settings.CHAT_MAX_MESSAGE_CHARS:
            raise ValueError("update text too long")
        result = LLMUpdatePipeline(message=message, t=t, steps=self.steps).run(text, prepared)
        offline = self.session.summary(UPDATE_STEPS)
        if offline:
            result.lines.append(f"({offline[0].upper()}{offline[1:]}.)")
            result.meta["fallback_steps"] = [s for s in UPDATE_STEPS if s in self.session.fallbacks]
        return result

    def usage(self) -> dict:
        return self.session.as_meta()

    async def answer(self, *, message: Message, text: str) -> AsyncIterator[str]:
        username = await sync_to_async(lambda: message.user.get_username())()
        speaker, text = split_speaker(text, username)
        evidence = await sync_to_async(question.gather)(
            user_id=message.user_id, text=text, speaker=speaker
        )
        self.session.answered = True
        if self.session.unavailable:  # it already failed during this message
            self.session.fell_back("answer", self.session.unavailable)
            yield offline_reply(evidence, self.session.unavailable)
            return
        messages = prompts.answer(
            text, statements_of(evidence), asked_on=f"{message.sent_at:%Y-%m-%d}"
        )
        produced = False
        try:
            stream = client.stream_text(
                messages, model=settings.LLM_MODEL, meter=self.session.meter
            )
            # aclosing: when the reader goes away, the HTTP stream closes now, not at GC.
            async with aclosing(stream) as tokens:
                async for token in tokens:
                    produced = True
                    yield token
        except client.LLMError as exc:
            self.session.fell_back("answer", exc.reason)
            if produced:
                yield f"\n\n(The model stopped mid-answer: {exc.reason}. From memory:)\n"
                yield offline_answer.compose(evidence)
                return
            yield offline_reply(evidence, exc.reason)


def offline_reply(evidence: Evidence, reason: str) -> str:
    return f"{offline_answer.compose(evidence)}\n\n(Answered offline: {reason}.)"

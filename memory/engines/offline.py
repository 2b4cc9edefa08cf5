"""The default engine: RecallM graph + ERASE facts + RET-LLM triplets, no LLM."""

from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async

from chatbot.models import Message
from memory.engines.base import Engine, UpdateResult
from memory.models import Backend
from memory.pipeline import answer, commands, ondate, question
from memory.pipeline.offline import OfflineSteps
from memory.pipeline.update import Prepared, prepare, run_update, split_speaker


class OfflineEngine(Engine):
    name = "offline"
    backend = Backend.OFFLINE

    def __init__(self) -> None:
        self.steps = OfflineSteps()

    def prepare_update(self, *, message: Message, text: str) -> Prepared:
        return prepare(message=message, text=text, steps=self.steps)

    def update(
        self, *, message: Message, text: str, t: int, prepared: Prepared | None = None
    ) -> UpdateResult:
        return run_update(message=message, text=text, t=t, steps=self.steps, prepared=prepared)

    def compose_answer(self, *, message: Message, text: str) -> str:
        speaker, text = split_speaker(text, message.user.get_username())

        def ask(text: str) -> str:
            evidence = question.gather(
                user_id=message.user_id, text=text, speaker=speaker, at=message.sent_at
            )
            return answer.compose(evidence)

        # ("Is my surgery on April 9?" is answered by when it is)
        return ondate.answer(text, ask) or ask(text)

    async def answer(self, *, message: Message, text: str) -> AsyncIterator[str]:
        from memory.engine import tokens_of

        reply = await sync_to_async(self.compose_answer)(message=message, text=text)
        for token in tokens_of(reply):
            yield token

    def command(self, *, message: Message, command: str, arg: str) -> UpdateResult:
        if command == "recall":
            return commands.recall(message=message, topic=arg)
        if command == "forget":
            return commands.forget(message=message, topic=arg, backend=self.backend)
        raise ValueError(f"unknown memory command {command!r}")

"""Test helpers that drive the real pipeline (no mocks): store a message, run it, collect."""

from datetime import UTC, datetime, timedelta

from asgiref.sync import async_to_sync

from chatbot import services
from chatbot.models import Conversation, Message
from memory.events import Done, Failed, MemoryChanged, Routed, Token


def triplets(text: str, people=()) -> set[tuple[str, str, str]]:
    """The (subject, relation, object) of each fact `text` says, spoken by "me"."""
    from memory.nlp.statements import extract

    return {(f.subject, f.relation, f.object) for f in extract(text, speaker="me", people=people)}


def said(text: str, people=()) -> set[tuple[str, str, str, bool]]:
    """The (subject, relation, object, negated) of each fact `text` says, spoken by "me"."""
    from memory.nlp.statements import extract

    return {
        (f.subject, f.relation, f.object, f.negated)
        for f in extract(text, speaker="me", people=people)
    }


class Reply:
    def __init__(self) -> None:
        self.text = ""
        self.route = ""
        self.changes: list[str] = []
        self.done: Done | None = None
        self.failed: Failed | None = None
        self.tokens = 0
        self.message: Message | None = None
        self.reply: Message | None = None


async def asay(
    user, text: str, *, conversation=None, at: datetime | None = None, force_route=None
) -> Reply:
    from asgiref.sync import sync_to_async

    if conversation is None:
        conversation = await sync_to_async(_conversation)(user)
    message = await sync_to_async(services.store_user_message)(
        conversation=conversation, text=text, sent_at=at
    )
    result = Reply()
    result.message = message
    async for reply, event in services.run_message(message=message, force_route=force_route):
        result.reply = reply
        if isinstance(event, Token):
            result.text += event.text
            result.tokens += 1
        elif isinstance(event, Routed):
            result.route = event.kind
        elif isinstance(event, MemoryChanged):
            result.changes.extend(event.lines)
        elif isinstance(event, Done):
            result.done = event
        elif isinstance(event, Failed):
            result.failed = event
    result.text = result.text.strip()
    return result


def say(user, text: str, **kwargs) -> Reply:
    """Synchronous wrapper: async_to_sync sends the pipeline's database work back to this
    thread, so it shares the test's transaction (and its rollback)."""
    return async_to_sync(asay)(user, text, **kwargs)


def _conversation(user) -> Conversation:
    return Conversation.objects.filter(user=user).first() or Conversation.objects.create(user=user)


def seed_long_recall(user, *, facts: int = 100, words: int = 28) -> None:
    """Facts about Bob whose recall ("What do you remember about Bob?") is a long reply:
    `facts` lines of about `words` words (100 x 28 is over 3,000 tokens)."""
    from memory import nlp, services
    from memory.models import Backend
    from memory.services import Provenance

    tail = " ".join(f"word{k}" for k in range(words))
    for n in range(facts):
        services.add_fact(
            user=user,
            text=f"Bob collects item {n} {tail}",
            triplet=("Bob", "collects", f"item {n} {tail}"),
            keys=(nlp.entity_key("Bob"), f"item {n}"),
            why=Provenance(step="test.seed", backend=Backend.STAFF),
        )


class Chat:
    """One user telling and asking in turn, each message later than the one before, through
    the real chat entry point. Every reply must be routed as said and never name the user."""

    START = datetime(2025, 3, 1, tzinfo=UTC)

    def __init__(
        self,
        user,
        *,
        tell_step: timedelta = timedelta(days=7),
        ask_step: timedelta = timedelta(days=1),
    ) -> None:
        self.user, self.now = user, self.START
        self.tell_step, self.ask_step = tell_step, ask_step

    def tell(self, *texts: str, route: tuple[str, ...] = ("update", "both")) -> None:
        for text in texts:
            self.now += self.tell_step
            reply = say(self.user, text, at=self.now)
            assert reply.failed is None, reply.failed
            assert reply.route in route, (text, reply.route)

    def tell_on(self, day: str, text: str) -> None:
        """`text` sent at noon on `day` ("2025-08-02"), for answers that count from it."""
        self.now = datetime.fromisoformat(day).replace(hour=12, tzinfo=UTC) - self.tell_step
        self.tell(text)

    def ask(self, question: str) -> str:
        self.now += self.ask_step
        reply = say(self.user, question, at=self.now)
        assert reply.route == "question", (question, reply.route)
        assert self.user.username not in reply.text
        return reply.text

    def ask_on(self, day: str, question: str) -> str:
        """`question` asked at noon on `day`, for plans whose day has come by then."""
        self.now = datetime.fromisoformat(day).replace(hour=12, tzinfo=UTC) - self.ask_step
        return self.ask(question)

    def facts(self, *, true: bool = True) -> set[tuple[str, str, str]]:
        from memory.models import Fact

        rows = Fact.objects.filter(user=self.user, is_true=true)
        return {(f.subject, f.relation, f.object) for f in rows}

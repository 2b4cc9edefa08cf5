"""The one entry point the chat (websocket, CLI, replay) calls for every stored user message.

respond() routes the message, applies its update part under the per-user lock in one
transaction, then streams the answer. It never raises: failures become a Failed event, and the
user's message stays stored so it can be retried.
"""

import logging
import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.db import DatabaseError, transaction
from django.utils import timezone

from chatbot.models import Message
from memory import nlp, services
from memory.engines import get_engine
from memory.engines.base import Engine, UpdateResult
from memory.events import Done, Event, Failed, MemoryChanged, Routed, Token
from memory.models import MemoryState
from memory.nlp import wording
from memory.nlp.text import spoken_marks

logger = logging.getLogger(__name__)
_UPDATE_ROUTES = (Message.Route.UPDATE, Message.Route.BOTH)


def engine_for(message: Message) -> Engine:
    """The engine that writes this user's memory. Loads the user with it, which every step
    then finds on the message instead of querying it again."""
    state, _ = MemoryState.objects.select_related("user").get_or_create(user_id=message.user_id)
    message.user = state.user
    return get_engine(state.engine or None)


def warm_up() -> None:
    """Load the parser, tagger and embedding model now (a worker starting), not during a
    user's first message, which otherwise waited seconds for them."""
    from memory import embeddings
    from memory.engines.offline import OfflineEngine
    from memory.nlp import parse
    from memory.nlp.predicates import name_gender

    OfflineEngine().route("I moved to Lisbon last week. Where do I live now?", speaker="you")
    parse.parse_entities("When did I move to Lisbon?")
    name_gender("Lisbon")  # reads the names list once
    embeddings.embed("I moved to Lisbon.")


def tokens_of(text: str) -> Iterator[str]:
    """Split a finished reply into word-sized tokens (whitespace kept) for streaming."""
    yield from re.findall(r"\S+\s*|\s+", text)


def apply_update(
    *, message: Message, engine: Engine, prepared: object | None = None
) -> UpdateResult:
    """Apply the update part of `message` once, in order, atomically with its audit edits.
    `prepared` is engine.prepare_update()'s work on this message's text, if any."""
    with transaction.atomic():
        services.lock_user_memory(user_id=message.user_id)
        # Earlier routed-but-unapplied updates of this user go first, so that memory changes in
        # message order even when two tabs send at once. This message is among them unless it
        # was applied already (a retry or replay), which then changes nothing.
        pending = (
            Message.objects.filter(
                user_id=message.user_id,
                role=Message.Role.USER,
                route__in=_UPDATE_ROUTES,
                applied_at__isnull=True,
                id__lte=message.id,
            )
            .exclude(status=Message.Status.FAILED, id__lt=message.id)
            .order_by("id")
            .values_list("id", flat=True)
        )
        result = None
        for row_id in pending:  # usually just this message, which the caller already holds
            if row_id == message.pk:
                result = _apply_locked(message, engine, prepared)
            else:
                result = _apply_locked(Message.objects.get(pk=row_id), engine, None)
        if result is None:
            message.refresh_from_db(fields=["applied_at", "meta"])
            return UpdateResult(lines=message.meta.get("changes", []), meta={"replayed": True})
        return result


def _apply_locked(message: Message, engine: Engine, prepared: object | None) -> UpdateResult:
    t = services.advance_clock(user_id=message.user_id)
    text = message.meta.get("update_text", "")
    with services.batched_rows():
        result = engine.update(message=message, text=text, t=t, prepared=prepared)
    message.applied_at = timezone.now()
    message.meta = {**message.meta, "changes": result.lines, "t": t, **result.meta}
    message.save(update_fields=["applied_at", "meta"])
    return result


def run_command(*, message: Message, engine: Engine, plan) -> UpdateResult:
    """Memory commands typed in chat; "forget" writes, so it takes the same lock as updates."""
    with transaction.atomic():
        services.lock_user_memory(user_id=message.user_id)
        return engine.command(message=message, command=plan.command, arg=plan.command_arg or "")


def _forced(text: str, kind: str) -> nlp.Route:
    """Replays know what a line is (a dataset turn is a statement, a probe a question)."""
    text = spoken_marks(text)
    # a turn that also asks something ("... Do I need an eTA for Canada?") tells only its
    # other sentences, as the chat's own routing would take them
    told = nlp.told_part(text) if kind in _UPDATE_ROUTES else text
    return nlp.Route(
        kind=kind,
        update_text=told if kind in _UPDATE_ROUTES else "",
        question_text=text if kind == Message.Route.QUESTION else "",
    )


def _start(
    message: Message, engine: Engine | None, force_route: str | None
) -> tuple[Engine, nlp.Route, object | None]:
    """Everything before the memory lock, in one trip to the database thread: the engine, the
    route (stored on the message, which apply_update's order check reads), and the update's
    preparation, begun before the route is saved so that the embedding model is already
    running while the database works."""
    engine = engine or engine_for(message)
    if force_route:
        plan = _forced(message.text, force_route)
    else:
        plan = engine.route(message.text, speaker=message.user.get_username())
    prepared = None
    if plan.kind in _UPDATE_ROUTES:
        prepared = engine.prepare_update(message=message, text=plan.update_text)
    message.route = plan.kind
    message.meta = {
        **message.meta,
        "update_text": plan.update_text,
        "question_text": plan.question_text,
        "engine": engine.name,
        **({"forced": True} if force_route else {}),
    }
    message.save(update_fields=["route", "meta"])
    return engine, plan, prepared


async def respond(
    *, message: Message, engine: Engine | None = None, force_route: str | None = None
) -> AsyncIterator[Event]:
    """Handle one stored user message, yielding routing, tokens, memory changes, done/failed.
    `force_route` ("update" or "question") skips routing, for replays of labelled data."""
    started = time.perf_counter()
    try:
        engine, plan, prepared = await sync_to_async(_start)(message, engine, force_route)
        yield Routed(plan.kind)
        meta: dict = {"engine": engine.name, "backend": engine.backend}
        if plan.kind == Message.Route.CHITCHAT:
            for token in tokens_of(plan.reply or "Hello!"):
                yield Token(token)
        if plan.kind == Message.Route.COMMAND:
            result = await sync_to_async(run_command)(message=message, engine=engine, plan=plan)
            yield MemoryChanged(result.lines)
            for token in tokens_of(result.meta.pop("reply", "")):
                yield Token(token)
            meta.update(result.meta)
        if plan.kind in _UPDATE_ROUTES:
            result = await sync_to_async(apply_update)(
                message=message, engine=engine, prepared=prepared
            )
            meta.update(result.meta)
            yield MemoryChanged(result.lines)
            summary = summarise_changes(result.lines, message.user.get_username())
            if plan.kind == Message.Route.BOTH:
                summary += "\n\n"
            for token in tokens_of(summary):
                yield Token(token)
        if plan.kind in (Message.Route.QUESTION, Message.Route.BOTH):
            async for token in engine.answer(message=message, text=plan.question_text):
                yield Token(token)
        meta.update(engine.usage())
        meta["latency_ms"] = round((time.perf_counter() - started) * 1000, 1)
        yield Done(meta=meta)
    except Exception as exc:  # reported to the user; the stored message can be retried
        logger.exception("message %s failed", message.pk)
        # A database that is down may be back for the next attempt; a bug will not be.
        yield Failed(error=_describe(exc), retryable=isinstance(exc, DatabaseError))


SUMMARY_LIMIT = 4  # more changes than this are counted in the reply, listed under it


def summarise_changes(lines: list[str], speaker: str = "") -> str:
    """The reply to an update, said to the user; a long paste is counted, not recited (the
    changes themselves still go out as the MemoryChanged event and are stored)."""
    if not lines:
        return "Noted. Nothing new to remember."
    if len(lines) > SUMMARY_LIMIT:
        counts = Counter(line.split(":", 1)[0] for line in lines)
        parts = [f"{n} {kind.lower()}" for kind, n in counts.most_common()]
        return f"Noted {len(lines)} changes ({', '.join(parts)})."
    return "Noted. " + " ".join(wording.second_person(line, speaker) for line in lines)


def _describe(exc: Exception) -> str:
    if isinstance(exc, DatabaseError):
        return "The memory database is not reachable right now. Your message is saved; retry it."
    return f"Something went wrong while handling your message ({type(exc).__name__}). Retry it."

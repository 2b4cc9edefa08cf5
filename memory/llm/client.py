"""Talking to an OpenAI-compatible endpoint: JSON calls with validation and one retry, and
streamed answers. Every call is metered (calls, tokens, milliseconds) for the reply's meta."""

import json
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from functools import cache

import openai
from django.conf import settings


class LLMError(Exception):
    """The model could not be used for this step (HTTP error, timeout, invalid output)."""


@dataclass
class Meter:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    ms: float = 0.0
    failures: list[str] = field(default_factory=list)
    estimated: bool = False

    def add(self, usage, started: float, chunks: int = 0) -> None:
        self.calls += 1
        self.ms += (time.perf_counter() - started) * 1000
        if usage is not None:
            self.prompt_tokens += usage.prompt_tokens or 0
            self.completion_tokens += usage.completion_tokens or 0
        elif chunks:
            # Some servers (llama.cpp) send no usage on streams; each delta is about a token.
            self.completion_tokens += chunks
            self.estimated = True

    def as_meta(self) -> dict:
        return {
            "llm_calls": self.calls,
            "tokens": self.prompt_tokens + self.completion_tokens,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "llm_ms": round(self.ms, 1),
            **({"tokens_estimated": True} if self.estimated else {}),
        }


def configured() -> bool:
    return bool(settings.LLM_BASE_URL and settings.LLM_MODEL)


@cache
def _sync_client(base_url: str, api_key: str, timeout: float) -> openai.OpenAI:
    # Retries are ours (one, on invalid output); transport retries would hide timeouts.
    return openai.OpenAI(base_url=base_url, api_key=api_key, timeout=timeout, max_retries=0)


def _options() -> tuple[str, str, float]:
    if not configured():
        raise LLMError("no LLM endpoint is configured (LLM_BASE_URL, LLM_MODEL)")
    return settings.LLM_BASE_URL, settings.LLM_API_KEY, settings.LLM_TIMEOUT


def sync_client() -> openai.OpenAI:
    return _sync_client(*_options())


def async_client() -> openai.AsyncOpenAI:
    """A fresh client per stream: an async client's connection pool belongs to the event loop
    it was first used in, and replays and the CLI run each message in a loop of its own."""
    base_url, api_key, timeout = _options()
    return openai.AsyncOpenAI(base_url=base_url, api_key=api_key, timeout=timeout, max_retries=0)


def chat_json(
    messages: list[dict], *, model: str, validate: Callable[[dict], dict], meter: Meter
) -> dict:
    """One JSON-mode completion, validated; one retry on invalid output, then LLMError."""
    sync = sync_client()
    problem = ""
    for attempt in range(2):
        prompt = (
            messages
            if attempt == 0
            else [
                *messages,
                {
                    "role": "user",
                    "content": f"Your last answer was invalid ({problem}). "
                    "Answer again with JSON only, following the schema.",
                },
            ]
        )
        started = time.perf_counter()
        try:
            response = sync.chat.completions.create(
                model=model,
                messages=prompt,
                response_format={"type": "json_object"},
                temperature=0,
                max_tokens=settings.LLM_MAX_TOKENS,
            )
        except openai.OpenAIError as exc:
            meter.failures.append(type(exc).__name__)
            raise LLMError(f"{type(exc).__name__}: {exc}") from exc
        meter.add(response.usage, started)
        try:
            return validate(json.loads(response.choices[0].message.content or ""))
        except (ValueError, KeyError, TypeError) as exc:
            problem = str(exc)[:200]
    meter.failures.append("invalid JSON")
    raise LLMError(f"invalid output twice: {problem}")


async def stream_text(messages: list[dict], *, model: str, meter: Meter) -> AsyncIterator[str]:
    """Yield the answer's text as the endpoint streams it. Closing this generator (the
    websocket went away) closes the HTTP stream, which cancels the request upstream."""
    streaming = async_client()
    started = time.perf_counter()
    try:
        stream = await streaming.chat.completions.create(
            model=model,
            messages=messages,
            stream=True,
            temperature=0.2,
            stream_options={"include_usage": True},
        )
    except openai.OpenAIError as exc:
        meter.failures.append(type(exc).__name__)
        await streaming.close()
        raise LLMError(f"{type(exc).__name__}: {exc}") from exc
    usage = None
    finished = False
    chunks = 0
    try:
        async for chunk in stream:
            usage = chunk.usage or usage
            for choice in chunk.choices:
                finished = finished or choice.finish_reason is not None
                if choice.delta and choice.delta.content:
                    chunks += 1
                    yield choice.delta.content
        if not finished:  # the connection closed before the model said it was done
            meter.failures.append("truncated stream")
            raise LLMError("the stream broke off before the answer was finished")
    except openai.OpenAIError as exc:
        meter.failures.append(type(exc).__name__)
        raise LLMError(f"the stream broke off: {type(exc).__name__}") from exc
    finally:
        await stream.close()
        await streaming.close()
        meter.add(usage, started, chunks)

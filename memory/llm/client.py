"""Talking to an OpenAI-compatible endpoint: validated JSON calls with one retry, and streamed
answers. Every call is metered (calls, tokens, milliseconds) for the reply's meta.

Failures become two kinds of LLMError: Unavailable (HTTP error, timeout, refused connection,
no endpoint configured) and InvalidOutput (the answer did not fit its schema twice). A refused
connection, a timeout, a 5xx or a 429 also opens a process-wide breaker for LLM_RETRY_AFTER
seconds, so that while the endpoint is down each message goes offline at once instead of
waiting for its own timeout.
"""

import json
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from functools import cache
from typing import TypeVar

import openai
from django.conf import settings
from pydantic import BaseModel

from chatbot import metrics
from memory.llm import schemas

T = TypeVar("T", bound=BaseModel)


class LLMError(Exception):
    """The model could not be used for this step: `reason` says why, in words for the user;
    `detail`, for the edit log, says what exactly was wrong."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason} ({detail})" if detail else reason)
        self.reason = reason
        self.detail = detail


class Unavailable(LLMError):
    """The endpoint did not answer usefully: later steps of the message should not try it."""


class InvalidOutput(LLMError):
    """The endpoint answered, twice, with something that does not fit the schema."""


@dataclass
class Meter:
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    ms: float = 0.0
    estimated: bool = False
    failed: int = 0  # requests that got no usable HTTP answer (timeouts, errors)
    by_step: dict[str, int] = field(default_factory=dict)

    def add(
        self, usage, started: float, chunks: int = 0, step: str = "", prompt_chars: int = 0
    ) -> None:
        self.calls += 1
        if step:
            self.by_step[step] = self.by_step.get(step, 0) + 1
        self.ms += (time.perf_counter() - started) * 1000
        tokens_before = (self.prompt_tokens, self.completion_tokens)
        if usage is not None:
            self.prompt_tokens += usage.prompt_tokens or 0
            self.completion_tokens += usage.completion_tokens or 0
        elif chunks:
            # Some servers (llama-cpp-python) send no usage on streams: a delta is about a
            # token, and English runs about four characters to a token.
            self.completion_tokens += chunks
            self.prompt_tokens += prompt_chars // 4
            self.estimated = True
        # The process-wide Prometheus counters (chatbot.metrics) get the same increments.
        metrics.count_llm_call(
            step=step,
            prompt_tokens=self.prompt_tokens - tokens_before[0],
            completion_tokens=self.completion_tokens - tokens_before[1],
        )

    def as_meta(self) -> dict:
        return {
            "llm_calls": self.calls,
            "tokens": self.prompt_tokens + self.completion_tokens,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "llm_ms": round(self.ms, 1),
            **({"llm_steps": dict(self.by_step)} if self.by_step else {}),
            **({"tokens_estimated": True} if self.estimated else {}),
            **({"llm_failed_calls": self.failed} if self.failed else {}),
        }


class _Breaker:
    """Process-wide memory of an endpoint outage (one daphne process, several sockets)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.until = 0.0
        self.reason = ""

    def check(self) -> None:
        with self.lock:
            left = self.until - time.monotonic()
            if left > 0:
                raise Unavailable(f"{self.reason}; next try in {left:.0f} s")

    def trip(self, reason: str) -> None:
        with self.lock:
            self.until = time.monotonic() + settings.LLM_RETRY_AFTER
            self.reason = reason

    def reset(self) -> None:
        with self.lock:
            self.until, self.reason = 0.0, ""


breaker = _Breaker()

# Models that refuse sampling options (OpenAI's reasoning models reject temperature and
# max_tokens); learnt from their first 400 and remembered for the process.
_plain_models: set[str] = set()


def forget_endpoint_state() -> None:
    """Forget outages and learnt model quirks (tests, or after reconfiguring)."""
    breaker.reset()
    _plain_models.clear()


def configured() -> bool:
    return bool(settings.LLM_BASE_URL and settings.LLM_MODEL)


def _options() -> tuple[str, str, float]:
    if not configured():
        raise Unavailable("no LLM endpoint is configured (LLM_BASE_URL, LLM_MODEL)")
    return settings.LLM_BASE_URL, settings.LLM_API_KEY, settings.LLM_TIMEOUT


@cache
def _sync_client(base_url: str, api_key: str, timeout: float) -> openai.OpenAI:
    # Retries are ours (one, on invalid output); transport retries would hide timeouts.
    return openai.OpenAI(base_url=base_url, api_key=api_key, timeout=timeout, max_retries=0)


def sync_client() -> openai.OpenAI:
    return _sync_client(*_options())


def async_client() -> openai.AsyncOpenAI:
    """A fresh client per stream: an async client's connection pool belongs to the event loop
    it was first used in, and replays and the CLI run each message in a loop of its own."""
    base_url, api_key, timeout = _options()
    return openai.AsyncOpenAI(base_url=base_url, api_key=api_key, timeout=timeout, max_retries=0)


def failure(exc: openai.OpenAIError) -> Unavailable:
    """Name the failure for the user, and open the breaker when the endpoint looks down."""
    if isinstance(exc, openai.APITimeoutError):
        reason = f"the model did not answer within {settings.LLM_TIMEOUT:g} s"
    elif isinstance(exc, openai.APIConnectionError):
        reason = "the model server could not be reached"
    elif isinstance(exc, openai.APIStatusError):
        reason = f"the model server answered HTTP {exc.status_code}"
    else:
        reason = f"the model call failed ({type(exc).__name__})"
    status = exc.status_code if isinstance(exc, openai.APIStatusError) else 0
    down = isinstance(exc, openai.APIConnectionError) or status >= 500 or status == 429
    metrics.count_llm_failure(_failure_kind(exc, status))
    if down:
        breaker.trip(reason)
    return Unavailable(reason)


def _failure_kind(exc: openai.OpenAIError, status: int) -> str:
    """A short, bounded label for the metrics (never the error's text)."""
    if isinstance(exc, openai.APITimeoutError):
        return "timeout"
    if isinstance(exc, openai.APIConnectionError):
        return "connection"
    if status:
        return "http_429" if status == 429 else f"http_{status // 100}xx"
    return "other"


def _sampling(model: str, **options) -> dict:
    return {} if model in _plain_models else options


def _refuses_sampling(exc: openai.OpenAIError, model: str) -> bool:
    text = str(exc)
    refused = isinstance(exc, openai.BadRequestError) and model not in _plain_models
    if refused and ("temperature" in text or "max_tokens" in text):
        _plain_models.add(model)
        return True
    return False


def _complete(sync: openai.OpenAI, *, model: str, messages: list[dict], schema: type[T]):
    def create():
        return sync.chat.completions.create(
            model=model,
            messages=messages,
            response_format=schemas.response_format(schema, settings.LLM_JSON_MODE),
            **_sampling(model, temperature=0, max_tokens=settings.LLM_MAX_TOKENS),
        )

    try:
        return create()
    except openai.OpenAIError as exc:
        if not _refuses_sampling(exc, model):
            raise
        return create()


def _retry_prompt(messages: list[dict], answer: str, problem: str) -> list[dict]:
    return [
        *messages,
        {"role": "assistant", "content": answer[:2000]},
        {
            "role": "user",
            "content": f"That answer was invalid ({problem}). "
            "Answer again with one JSON object only, exactly in the shape asked for.",
        },
    ]


def chat_json(
    messages: list[dict], *, schema: type[T], model: str, meter: Meter, step: str = ""
) -> T:
    """One JSON-mode completion validated against `schema`; one retry on invalid output."""
    sync = sync_client()
    breaker.check()
    prompt, problem = messages, ""
    for _attempt in range(2):
        started = time.perf_counter()
        try:
            response = _complete(sync, model=model, messages=prompt, schema=schema)
        except openai.OpenAIError as exc:
            meter.failed += 1
            raise failure(exc) from exc
        meter.add(response.usage, started, step=step)
        content, cut = "", False
        try:
            content = response.choices[0].message.content or ""
            cut = response.choices[0].finish_reason == "length"
            return schemas.parse(schema, json.loads(content))
        except (ValueError, IndexError, AttributeError, TypeError) as exc:
            problem = "it was cut off at the token limit: be brief" if cut else ""
            problem = problem or schemas.problem(exc)
            prompt = _retry_prompt(messages, content, problem)
    metrics.count_llm_failure("invalid_output")
    raise InvalidOutput("the model's answer was invalid twice", problem)


async def _open_stream(streaming: openai.AsyncOpenAI, *, model: str, messages: list[dict]):
    def create():
        return streaming.chat.completions.create(
            model=model,
            messages=messages,
            stream=True,
            stream_options={"include_usage": True},
            **_sampling(model, temperature=0.2),
        )

    try:
        return await create()
    except openai.OpenAIError as exc:
        if not _refuses_sampling(exc, model):
            raise
        return await create()


async def stream_text(
    messages: list[dict], *, model: str, meter: Meter, step: str = "answer"
) -> AsyncIterator[str]:
    """Yield the answer's text as the endpoint streams it. Closing this generator (the
    websocket went away) closes the HTTP stream, which cancels the request upstream."""
    breaker.check()
    streaming = async_client()
    started = time.perf_counter()
    try:
        stream = await _open_stream(streaming, model=model, messages=messages)
    except openai.OpenAIError as exc:
        meter.failed += 1
        await streaming.close()
        raise failure(exc) from exc
    usage, finished, chunks = None, False, 0
    try:
        async for chunk in stream:
            usage = chunk.usage or usage
            for choice in chunk.choices:
                finished = finished or choice.finish_reason is not None
                if choice.delta and choice.delta.content:
                    chunks += 1
                    yield choice.delta.content
        if not finished:  # the body ended before the model said it was done
            metrics.count_llm_failure("stream_broken")
            raise Unavailable("the model's stream broke off")
    except openai.OpenAIError as exc:
        raise failure(exc) from exc
    finally:
        await stream.close()
        await streaming.close()
        chars = sum(len(m["content"]) for m in messages)
        meter.add(usage, started, chunks, step=step, prompt_chars=chars)

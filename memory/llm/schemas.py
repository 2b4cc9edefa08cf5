"""The JSON each structured call must return, as pydantic models (pydantic comes with openai).

Validation is strict about shape (a list where an object belongs is invalid, and is retried) and
forgiving about what models get almost right: null for an empty string, "make false" for
"make_false", an over-long reasoning (clipped, not refused). Field order puts the reasoning
before the decision, so a model that writes in order reasons first. `response_format` turns a
model into what the configured server understands (LLM_JSON_MODE).
"""

import re
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints
from pydantic import ValidationError as ValidationError


def _clip(limit: int):
    def clip(value: object) -> object:
        if value is None:
            return ""
        return value.strip()[:limit] if isinstance(value, str) else value

    return BeforeValidator(clip)


def Text(limit: int, *, required: bool = False):  # noqa: N802 (a type factory)
    return Annotated[
        str,
        StringConstraints(min_length=1 if required else 0, max_length=limit),
        _clip(limit),
    ]


def _relation(value: object) -> object:
    if value is None:
        return ""
    if not isinstance(value, str):
        return value
    return re.sub(r"[^a-z0-9_:]+", "_", value.strip().lower()).strip("_")[:80]


def _choice(value: object) -> object:
    if not isinstance(value, str):
        return value
    return re.sub(r"[\s-]+", "_", value.strip().lower())


Choice = BeforeValidator(_choice)


class Strict(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ExtractedFact(Strict):
    text: Text(1000, required=True)
    subject: Text(200) = ""
    relation: Annotated[str, StringConstraints(max_length=80), BeforeValidator(_relation)] = ""
    object: Text(300) = ""
    negated: bool = False


class RoutePlan(Strict):
    reasoning: Text(500) = ""
    route: Annotated[Literal["update", "question", "both", "chitchat"], Choice]
    facts: list[ExtractedFact] = Field(default_factory=list, max_length=20)
    question: Text(1000) = ""
    reply: Text(1000) = ""


class VerdictRow(Strict):
    fact_id: int
    reasoning: Text(500) = ""
    verdict: Annotated[Literal["reinforce", "no_change", "make_false"], Choice]


class Verdicts(Strict):
    verdicts: list[VerdictRow] = Field(max_length=60)


class RewriteRow(Strict):
    fact_id: int
    reasoning: Text(500) = ""
    fact: ExtractedFact


class Rewrites(Strict):
    rewrites: list[RewriteRow] = Field(max_length=30)


class Revision(Strict):
    reasoning: Text(500) = ""
    sentences: list[Text(500, required=True)] = Field(min_length=1, max_length=30)


T = TypeVar("T", bound=BaseModel)


def parse(schema: type[T], data: object) -> T:
    """The validated answer; raises ValidationError (a ValueError) when it does not fit."""
    return schema.model_validate(data)


def problem(exc: Exception) -> str:
    """A short account of what was wrong, for the retry prompt and the log."""
    if isinstance(exc, ValidationError):
        return "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'answer'}: {e['msg']}"
            for e in exc.errors()[:3]
        )
    return str(exc)[:200]


def outbound_schema(schema: type[BaseModel]) -> dict:
    """The schema as sent to the server: every property required (a grammar then emits them in
    order, reasoning first; llama.cpp puts optional ones last), no extra properties, and no
    maximum string lengths (long bounds make large grammars; the validator clips instead)."""

    def tighten(node: object) -> object:
        if isinstance(node, dict):
            node = {
                k: tighten(v) for k, v in node.items() if k not in ("title", "default", "maxLength")
            }
            if node.get("type") == "object" and "properties" in node:
                node["required"] = list(node["properties"])
                node["additionalProperties"] = False
            return node
        if isinstance(node, list):
            return [tighten(v) for v in node]
        return node

    return tighten(schema.model_json_schema())


def response_format(schema: type[BaseModel], mode: str) -> dict:
    """json_object works everywhere (the prompt describes the shape); json_schema is OpenAI's
    structured output (also vLLM, Ollama, LM Studio, llama.cpp's llama-server);
    json_object_schema is the inline form of llama-cpp-python's server, whose grammar then
    constrains every token, which is what makes tiny models produce valid JSON."""
    if mode == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {"name": schema.__name__, "schema": outbound_schema(schema)},
        }
    if mode == "json_object_schema":
        return {"type": "json_object", "schema": outbound_schema(schema)}
    return {"type": "json_object"}

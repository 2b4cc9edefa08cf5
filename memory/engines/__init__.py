"""Memory engines. Each one routes, applies updates and answers questions for one user.

- offline: RecallM concept graph + ERASE facts with truth history + RET-LLM triplets, symbolic.
- vector-baseline: the "vector database" baseline both papers compare against.
- llm: the offline pipeline's steps done by an OpenAI-compatible model (memory/llm/).
"""

from django.conf import settings

from memory.engines.base import Engine

ENGINE_NAMES = ("offline", "vector-baseline", "llm")


def get_engine(name: str | None = None) -> Engine:
    name = name or settings.MEMORY_ENGINE
    if name == "vector-baseline":
        from memory.engines.baseline import VectorBaselineEngine

        return VectorBaselineEngine()
    if name == "offline":
        from memory.engines.offline import OfflineEngine

        return OfflineEngine()
    if name == "llm":
        from memory.engines.llm import LLMEngine

        return LLMEngine()
    raise ValueError(f"unknown memory engine {name!r}; choose one of {', '.join(ENGINE_NAMES)}")

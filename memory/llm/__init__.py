"""The LLM backend: any OpenAI-compatible endpoint does the language steps (memory.engines.llm)."""

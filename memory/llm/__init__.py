"""The LLM backend: any OpenAI-compatible endpoint does the language steps of the memory
pipelines (the engine is memory.engines.llm).

- client.py: the `openai` client (sync for the update transaction, async for streamed answers),
  JSON calls validated with one retry, metering, and the outage breaker.
- schemas.py: the JSON each structured call must return (pydantic), and how to ask for it.
- prompts.py: every prompt, with the version recorded on the edits it causes.
- session.py: one message's use of the model (meter, steps that fell back and why).
- steps.py: the update pipeline's steps (route+extract, verdicts, rewrites, context revision).
"""

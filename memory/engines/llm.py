"""The LLM engine: the offline pipeline with its language steps done by an OpenAI-compatible
model. Any step the model cannot do (HTTP error, timeout, invalid JSON twice) falls back to
the offline step for that message, and the reply and the edit log say so."""

from collections.abc import AsyncIterator

from asgiref.sync import sync_to_async
from django.conf import settings

from chatbot.models import Message
from memory import nlp
from memory.engines.offline import OfflineEngine
from memory.llm import prompts
from memory.llm.client import LLMError, Meter, chat_json, stream_text
from memory.models import Backend, Fact
from memory.pipeline import answer as offline_answer
from memory.pipeline import question
from memory.pipeline.offline import OfflineSteps
from memory.pipeline.steps import Rewrite, StepInfo, Verdict
from memory.pipeline.update import split_speaker

VERSIONS = {
    "llm.extract": prompts.ROUTE_EXTRACT_VERSION,
    "erase.add": prompts.ROUTE_EXTRACT_VERSION,
    "erase.verdict": prompts.VERDICTS_VERSION,
    "erase.rewrite": prompts.REWRITE_VERSION,
    "recallm.revise": prompts.REVISION_VERSION,
}


def parsed(fact: dict) -> nlp.ParsedFact:
    return nlp.ParsedFact(
        text=fact["text"],
        subject=fact["subject"],
        relation=fact["relation"],
        object=fact["object"],
        negated=fact["negated"],
        ends_previous=fact["negated"],
        single_valued=nlp.relation_is_single_valued(fact["relation"]),
    )


class LLMSteps:
    """Steps for the update pipeline; `fallbacks` names the steps done offline instead."""

    def __init__(self, engine: "LLMEngine") -> None:
        self.engine = engine
        self.offline = OfflineSteps()
        self.fallbacks: dict[str, str] = {}

    def info(self, step: str) -> StepInfo:
        if step in self.fallbacks or (step == "erase.add" and "llm.extract" in self.fallbacks):
            return StepInfo(backend=Backend.OFFLINE, model_name="nltk-rules (LLM fallback)")
        if step in VERSIONS:
            return StepInfo(
                backend=Backend.LLM,
                model_name=settings.LLM_UPDATE_MODEL,
                prompt_version=VERSIONS[step],
            )
        return StepInfo(backend=Backend.LLM, model_name=settings.LLM_UPDATE_MODEL)

    def extract(self, text: str, *, speaker: str) -> list[nlp.ParsedFact]:
        plan = self.engine.plan_for(text, speaker)
        if plan is None:
            self.fallbacks["llm.extract"] = self.engine.last_error
            return self.offline.extract(text, speaker=speaker)
        return [parsed(f) for f in plan["facts"]] or self.offline.extract(text, speaker=speaker)

    def judge(self, new: list[nlp.ParsedFact], related: list[list[Fact]]) -> list[Verdict]:
        shown = {f.pk: (i, f) for i, facts in enumerate(related) for f in facts}
        if not shown:
            return []
        listing = [(pk, f.text, f"{f.truth_since:%Y-%m-%d}") for pk, (_, f) in shown.items()]
        if self.engine.down:
            self.fallbacks["erase.verdict"] = self.engine.last_error
            return self.offline.judge(new, related)
        try:
            data = chat_json(
                prompts.verdicts([n.text for n in new], listing),
                model=settings.LLM_UPDATE_MODEL,
                validate=prompts.validate_verdicts,
                meter=self.engine.meter,
            )
        except LLMError as exc:
            self.engine.down, self.engine.last_error = True, str(exc)
            self.fallbacks["erase.verdict"] = str(exc)
            return self.offline.judge(new, related)
        verdicts = []
        for row in data["verdicts"]:
            if row["fact_id"] in shown:  # only facts the model was shown
                index, fact = shown[row["fact_id"]]
                verdicts.append(Verdict(fact, row["verdict"], row["reasoning"], index))
        return verdicts

    def rewrite(self, new, made_false: list[Fact], still_true: list[Fact]) -> list[Rewrite]:
        # Only a fact about several things can be partly true after being made false.
        candidates = [f for f in made_false if " and " in f.text or "," in f.text]
        if not candidates:
            return []
        if self.engine.down:
            self.fallbacks["erase.rewrite"] = self.engine.last_error
            return self.offline.rewrite(new, made_false, still_true)
        try:
            data = chat_json(
                prompts.rewrite(
                    [n.text for n in new],
                    [(f.pk, f.text) for f in candidates],
                    [f.text for f in still_true],
                ),
                model=settings.LLM_UPDATE_MODEL,
                validate=prompts.validate_rewrite,
                meter=self.engine.meter,
            )
        except LLMError as exc:
            self.fallbacks["erase.rewrite"] = str(exc)
            return self.offline.rewrite(new, made_false, still_true)
        by_id = {f.pk: f for f in candidates}
        return [
            Rewrite(by_id[r["fact_id"]], parsed(r["fact"]), r["reasoning"])
            for r in data["rewrites"]
            if r["fact_id"] in by_id
        ]

    def summarise_context(self, label: str, contexts: list[dict]) -> list[str] | None:
        """RecallM's context revision by the model; None lets the symbolic revision run."""
        if self.engine.down:
            self.fallbacks["recallm.revise"] = self.engine.last_error
            return None
        try:
            data = chat_json(
                prompts.context_revision(
                    label, [c["text"] for c in contexts], settings.RECALLM_CONTEXT_LIMIT
                ),
                model=settings.LLM_UPDATE_MODEL,
                validate=prompts.validate_revision,
                meter=self.engine.meter,
            )
        except LLMError as exc:
            self.fallbacks["recallm.revise"] = str(exc)
            return None
        return data["sentences"]


class LLMEngine(OfflineEngine):
    name = "llm"
    backend = Backend.LLM

    def __init__(self) -> None:
        super().__init__()
        self.meter = Meter()
        self.plans: dict[str, dict | None] = {}
        self.last_error = ""
        self.down = False
        self.notes: list[str] = []
        self.steps = LLMSteps(self)

    def plan_for(self, text: str, speaker: str) -> dict | None:
        """Routing and extraction come from one call, cached for this message."""
        if text not in self.plans and self.down:
            return None  # one failure per message is enough: no second timeout
        if text not in self.plans:
            try:
                self.plans[text] = chat_json(
                    prompts.route_extract(text, speaker),
                    model=settings.LLM_UPDATE_MODEL,
                    validate=prompts.validate_route_extract,
                    meter=self.meter,
                )
            except LLMError as exc:
                self.last_error = str(exc)
                self.down = True
                self.plans[text] = None
        return self.plans[text]

    def route(self, text: str, *, speaker: str = "the user") -> nlp.Route:
        # The offline router screens first: questions, small talk and memory commands cost no
        # routing call (a question is then exactly one call, its answer); whatever may tell
        # something goes to the model, which routes and extracts facts in the same call.
        screened = nlp.route(text)
        if screened.kind in ("question", "chitchat", "command"):
            return screened
        plan = self.plan_for(text, speaker)
        if plan is None:
            self.notes.append(f"routing done offline ({self.last_error})")
            return nlp.route(text)
        if plan["route"] == "chitchat":
            return nlp.Route(kind="chitchat", reply=plan["reply"] or "Hello!")
        questions = plan["question"] or (text if plan["route"] == "question" else "")
        updates = text if plan["route"] in ("update", "both") else ""
        return nlp.Route(kind=plan["route"], update_text=updates, question_text=questions)

    def update(self, *, message: Message, text: str, t: int):
        result = super().update(message=message, text=text, t=t)
        for step, error in self.steps.fallbacks.items():
            self.notes.append(f"{step} done offline ({error})")
        if self.steps.fallbacks:
            result.lines.append("(The language model was unavailable: done offline.)")
        return result

    def usage(self) -> dict:
        meta = self.meter.as_meta()
        if self.notes:
            meta["fallback"] = "; ".join(dict.fromkeys(self.notes))
        return meta

    async def answer(self, *, message: Message, text: str) -> AsyncIterator[str]:
        speaker, text = split_speaker(
            text, await sync_to_async(lambda: message.user.get_username())()
        )
        evidence = await sync_to_async(question.gather)(
            user_id=message.user_id, text=text, speaker=speaker
        )
        statements = [
            {
                "text": f.text,
                "is_true": f.is_true,
                "history": [
                    {"at": f"{h.at:%Y-%m-%d}", "value": h.value}
                    for h in evidence.history.get(f.pk, [])
                ],
            }
            for f in evidence.facts[:20]
        ]
        if self.down:
            self.notes.append(f"answer done offline ({self.last_error})")
            yield offline_answer.compose(evidence)
            yield "\n\n(Answered offline: the language model is unavailable right now.)"
            return
        produced = False
        try:
            async for token in stream_text(
                prompts.answer(text, statements), model=settings.LLM_MODEL, meter=self.meter
            ):
                produced = True
                yield token
        except LLMError as exc:
            self.notes.append(f"answer done offline ({exc})")
            if produced:
                yield "\n\n(The model stopped mid-answer.)"
                return
            yield offline_answer.compose(evidence)
            yield "\n\n(Answered offline: the language model is unavailable right now.)"

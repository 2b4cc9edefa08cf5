"""The update pipeline's language steps done by the model (memory.pipeline.steps.Steps).

Each step is at most one call for the whole message. A step the model cannot do (endpoint
down, invalid output twice) runs the offline rule instead, for this message only, and the
session records why; the edit log and the reply then say so. Verdicts only ever name facts the
model was shown, and the pipeline still guards every "make false" (memory.pipeline.guard).
"""

from collections.abc import Sequence

from django.conf import settings

from memory import nlp
from memory.llm import prompts, schemas
from memory.llm.session import LLMSession
from memory.models import Backend, Fact
from memory.pipeline.guard import base_relation, same_subject_and_relation
from memory.pipeline.offline import OfflineSteps, split_members
from memory.pipeline.steps import Rewrite, StepInfo, Verdict

_FIRST_PERSON = {"i", "me", "my", "myself", "the user", "user"}


def to_parsed(fact: schemas.ExtractedFact, speaker: str) -> nlp.ParsedFact:
    subject = speaker if fact.subject.lower() in _FIRST_PERSON else fact.subject
    relation = base_relation(fact.relation)
    return nlp.ParsedFact(
        text=fact.text,
        subject=subject,
        relation=relation,
        object=fact.object,
        negated=fact.negated,
        ends_previous=fact.negated,
        single_valued=nlp.relation_is_single_valued(relation),
    )


def triplet_of(fact: Fact) -> str:
    relation = fact.relation.replace("not:", "not ")
    return f"({fact.subject} | {relation} | {fact.object})"


def shown_facts(related: list[list[Fact]]) -> dict[int, tuple[int, Fact]]:
    """Every retrieved fact once, with the first new fact it was retrieved for."""
    shown: dict[int, tuple[int, Fact]] = {}
    for index, facts in enumerate(related):
        for fact in facts:
            shown.setdefault(fact.pk, (index, fact))
    return shown


def judged_against(new: list[nlp.ParsedFact], fact: Fact, default: int) -> int:
    """Which new fact a verdict is about: the one with the fact's subject and relation."""
    for index, parsed in enumerate(new):
        if same_subject_and_relation(parsed, fact):
            return index
    return default


def worth_rewriting(fact: Fact, new: list[nlp.ParsedFact]) -> bool:
    """ERASE's second round only where something can remain true: a fact about several
    things, or one ended indirectly (nothing new states its subject and relation). A value
    simply replaced ("Paris" -> "Brazil") leaves nothing to rewrite, and costs no call."""
    several = len(split_members(fact.subject)) > 1 or len(split_members(fact.object)) > 1
    superseded = any(same_subject_and_relation(n, fact) for n in new)
    return several or not superseded


class LLMSteps:
    def __init__(self, session: LLMSession) -> None:
        self.session = session
        self.offline = OfflineSteps()
        self.plans: dict[tuple[str, str], schemas.RoutePlan | None] = {}
        self.speaker = ""

    def info(self, step: str) -> StepInfo:
        if step in self.session.fallbacks:
            return StepInfo(backend=Backend.OFFLINE, model_name="nltk-rules (LLM fallback)")
        if step in prompts.STEP_VERSIONS:
            return StepInfo(
                backend=Backend.LLM,
                model_name=settings.LLM_UPDATE_MODEL,
                prompt_version=prompts.STEP_VERSIONS[step],
            )
        return self.offline.info(step)  # the concept graph is symbolic with every engine

    def plan(self, text: str, speaker: str) -> schemas.RoutePlan | None:
        """Routing and extraction from one call, kept for the rest of the message."""
        key = (speaker, text)
        if key not in self.plans and None in self.plans.values():
            return None  # it failed once for this message: no second try on other words
        if key not in self.plans:
            self.plans[key] = self.session.structured(
                "erase.add", prompts.route_extract(text, speaker), schemas.RoutePlan
            )
        return self.plans[key]

    def extract(
        self,
        text: str,
        *,
        speaker: str,
        last_person: str | None = None,
        people: Sequence[tuple[str, str]] = (),
    ) -> list[nlp.ParsedFact]:
        self.speaker = speaker
        plan = self.plan(text, speaker)
        if plan is None:
            return self.offline.extract(text, speaker=speaker)
        facts = [to_parsed(f, speaker) for f in plan.facts]
        if facts:
            return facts
        # Never drop what the rules can see: the model found nothing, the rules may.
        found = self.offline.extract(text, speaker=speaker)
        if found:
            self.session.fell_back("erase.add", "the model extracted no facts")
        return found

    def judge(self, new: list[nlp.ParsedFact], related: list[list[Fact]]) -> list[Verdict]:
        shown = shown_facts(related)
        if not shown:
            return []  # nothing related: no verdict call
        listing = [
            (pk, fact.text, triplet_of(fact), f"{fact.truth_since:%Y-%m-%d}")
            for pk, (_, fact) in shown.items()
        ]
        data = self.session.structured(
            "erase.verdict", prompts.verdicts(new, listing), schemas.Verdicts
        )
        if data is None:
            return self.offline.judge(new, related)
        verdicts = []
        for row in data.verdicts:
            if row.fact_id not in shown:
                continue  # a fact the model was not shown is never touched
            index, fact = shown[row.fact_id]
            index = judged_against(new, fact, index)
            reason = row.reasoning or f"the model's verdict: {row.verdict}"
            verdicts.append(Verdict(fact, row.verdict, reason, index))
        return verdicts

    def rewrite(
        self, new: list[nlp.ParsedFact], made_false: list[Fact], still_true: list[Fact]
    ) -> list[Rewrite]:
        candidates = {f.pk: f for f in made_false if worth_rewriting(f, new)}
        if not candidates:
            return []
        data = self.session.structured(
            "erase.rewrite",
            prompts.rewrite(
                [n.text for n in new],
                [(pk, f.text) for pk, f in candidates.items()],
                [f.text for f in still_true if f.pk not in candidates],
            ),
            schemas.Rewrites,
        )
        if data is None:
            return self.offline.rewrite(new, made_false, still_true)
        rewrites = []
        for row in data.rewrites:
            old = candidates.get(row.fact_id)
            if old is None or nlp.entity_key(row.fact.text) == nlp.entity_key(old.text):
                continue  # not a fact that became false, or the false fact said again
            rewrites.append(Rewrite(old, to_parsed(row.fact, self.speaker), row.reasoning))
        return rewrites

    def summarise_context(self, label: str, contexts: list[dict]) -> list[str] | None:
        """RecallM's context revision by the model; None lets the symbolic revision run."""
        target = max(1, settings.RECALLM_CONTEXT_LIMIT // 2)
        data = self.session.structured(
            "recallm.revise",
            prompts.context_revision(label, [c["text"] for c in contexts], target),
            schemas.Revision,
        )
        return data.sentences[:target] if data else None

"""The measuring stand-in (tests/llm/rules_model.py) must keep answering every prompt of
memory/llm/prompts.py in its schema, or cost measurements silently turn into fallbacks."""

import json

from memory import nlp
from memory.llm import prompts, schemas
from tests.llm.rules_model import respond


def ask(messages: list[dict], **options) -> str:
    return respond({"model": "rules", "messages": messages, **options})


def test_it_routes_and_extracts_like_the_rules():
    plan = schemas.parse(
        schemas.RoutePlan, json.loads(ask(prompts.route_extract("I live in Lisbon.", "lena")))
    )
    assert plan.route == "update"
    assert [(f.subject, f.object) for f in plan.facts] == [("lena", "Lisbon")]


def test_it_judges_only_the_facts_it_is_shown():
    new = nlp.ParsedFact(
        "Brandon is going to Brazil", "Brandon", "travels_to", "Brazil", False, False, True
    )
    shown = [
        (7, "Brandon is going to Paris", "(Brandon | travels_to | Paris)", "2025-03-03"),
        (8, "Anna likes jazz", "(Anna | likes | jazz)", "2025-03-03"),
    ]
    answer = schemas.parse(schemas.Verdicts, json.loads(ask(prompts.verdicts([new], shown))))
    assert {(r.fact_id, r.verdict) for r in answer.verdicts} == {
        (7, "make_false"),
        (8, "no_change"),
    }


def test_it_revises_rewrites_and_answers_in_shape():
    revision = json.loads(ask(prompts.context_revision("Brandon", ["a.", "b.", "c."], 2)))
    assert schemas.parse(schemas.Revision, revision).sentences == ["b.", "c."]
    rewrites = json.loads(ask(prompts.rewrite(["x"], [(1, "y")], [])))
    assert schemas.parse(schemas.Rewrites, rewrites).rewrites == []
    statements = [{"text": "lena lives in Lisbon", "is_true": True, "history": []}]
    answer = ask(prompts.answer("Where?", statements, asked_on="2025-03-03"), stream=True)
    assert answer == "lena lives in Lisbon."

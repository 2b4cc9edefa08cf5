"""A stand-in "model" that answers every prompt of memory/llm/prompts.py with the offline
rules (routing, extraction, ERASE verdicts; no rewrites; the latest context sentences; an
answer made of the true statements), over the scripted OpenAI-compatible server.

It is not a language model: it measures what the LLM engine's call policy costs (calls and
prompt sizes per update and per question) with a model that always answers validly and
extracts what the rules extract. Token counts are the server's estimate (characters / 4).

    RECOLLECT_PGDATA=... python -m tests.llm.rules_model --port 18432
"""

import argparse
import json
import re
import time

TRIPLET = re.compile(r"\(([^|()]*) \| ([^|()]*) \| ([^|()]*)\)")
STORED = re.compile(r"^\[(\d+)\] (.*?) \(([^|()]*) \| ([^|()]*) \| ([^|()]*)\) \(true since")


def _parsed(text: str, subject: str, relation: str, obj: str):
    from memory import nlp

    negated = relation.startswith("not ")
    relation = relation.removeprefix("not ")
    return nlp.ParsedFact(
        text, subject, relation, obj, negated, negated, nlp.relation_is_single_valued(relation)
    )


def route_extract(system: str, message: str) -> dict:
    from memory import nlp

    speaker = re.search(r"The person is '([^']*)'", system).group(1)
    plan = nlp.route(message)
    kind = plan.kind if plan.kind != "command" else "update"
    facts = (
        nlp.extract_facts(plan.update_text or message, speaker=speaker)
        if kind
        in (
            "update",
            "both",
        )
        else []
    )
    return {
        "reasoning": "rules",
        "route": kind,
        "facts": [
            {
                "text": f.text,
                "subject": f.subject,
                "relation": f.relation,
                "object": f.object,
                "negated": f.negated,
            }
            for f in facts
        ],
        "question": plan.question_text,
        "reply": plan.reply or "",
    }


def verdicts(user: str) -> dict:
    from memory.models import Fact
    from memory.pipeline.offline import judge_one

    new_part, stored_part = user.split("\n\nStored facts:\n")
    new = []
    for line in new_part.splitlines()[1:]:
        match = TRIPLET.search(line)
        if match:
            new.append(_parsed(line[2 : match.start()].strip(), *match.groups()))
    rows = []
    for line in stored_part.splitlines():
        match = STORED.match(line)
        if not match:
            continue
        fid, text, subject, relation, obj = match.groups()
        fact = Fact(text=text, subject=subject, relation=relation.replace("not ", "not:"))
        fact.object = obj
        verdict = next(
            (v for v in (judge_one(n, fact, 0) for n in new) if v.operation != "no_change"),
            None,
        )
        operation, reason = (verdict.operation, verdict.reason) if verdict else ("no_change", "")
        rows.append({"fact_id": int(fid), "reasoning": reason, "verdict": operation})
    return {"verdicts": rows}


def respond(body: dict) -> str:
    system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
    if body.get("stream"):  # the answer: the statements that are true now
        true = [
            line[2:].split(" [TRUE NOW")[0] for line in user.splitlines() if "[TRUE NOW" in line
        ]
        return ". ".join(true[-3:]) + "." if true else "I don't know that yet."
    if system.startswith("You maintain"):
        return json.dumps(route_extract(system, user))
    if system.startswith("You keep a knowledge base"):
        return json.dumps(verdicts(user))
    if system.startswith("Some stored facts"):
        return json.dumps({"rewrites": []})
    limit = int(re.search(r"at most (\d+)", system).group(1))
    lines = [re.sub(r"^\d+\. ", "", line) for line in user.splitlines()]
    return json.dumps({"reasoning": "latest", "sentences": lines[-limit:]})


def main() -> None:
    import django

    django.setup()
    from tests.llm import openai_server

    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=18432)
    port = parser.parse_args().port
    server, script = openai_server.serve(port=port)
    script.responder = respond
    print(f"rules model on http://127.0.0.1:{server.server_port}/v1", flush=True)
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatbot.settings")
    main()

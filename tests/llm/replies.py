"""What the scripted model answers, in the shapes the prompts ask for."""


def extraction(*facts, route="update", question="", reply="") -> dict:
    """facts: (text, subject, relation, object, negated) tuples."""
    return {
        "reasoning": "scripted",
        "route": route,
        "facts": [
            {"text": t, "subject": s, "relation": r, "object": o, "negated": n}
            for t, s, r, o, n in facts
        ],
        "question": question,
        "reply": reply,
    }


def verdicts(*rows) -> dict:
    """rows: (fact_id, verdict, reasoning) tuples."""
    return {"verdicts": [{"fact_id": i, "reasoning": r, "verdict": v} for i, v, r in rows]}

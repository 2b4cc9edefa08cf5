"""A role said by its initials: "my assistant scoutmaster is dave" and, a month later, "dave is
stepping down as asm". People who hold a role with a long name shorten it once everyone knows
it, so a short role word that spells the initials of a role of several words the user has
already named is that role: the change is filed under the role's name, where "who's my
assistant scoutmaster now?" finds it. A word that could be two roles is left as said."""

import re
from dataclasses import replace

from memory import nlp
from memory.models import Fact
from memory.pipeline.guard import slot_name

# "asm", "spl", "GP": two to five letters, said as one word.
SHORT = re.compile(r"^[a-z]{2,5}$")


def spelled_out(
    parsed: list[nlp.ParsedFact], *, user_id: int, speaker: str
) -> list[nlp.ParsedFact]:
    """`parsed` with each role (or post held: "works_as") named by initials said by the
    role's whole name."""
    short = {s for p in parsed if (s := _short(p)) is not None}
    if not short:
        return parsed
    names = _roles(user_id)
    whole = {s: found[0] for s in short if len(found := [n for n in names if _spells(s, n)]) == 1}
    if not whole:
        return parsed
    out = []
    for p in parsed:
        word = _short(p)
        if word not in whole:
            out.append(p)
        elif p.relation == "works_as":
            out.append(replace(p, object=whole[word]))
        else:
            prefix = p.relation[: len(p.relation) - len(slot_name(p.relation))]
            out.append(replace(p, relation=f"{prefix}role:{whole[word]}"))
    return out


def _short(p: nlp.ParsedFact) -> str | None:
    word = p.object if p.relation == "works_as" else slot_name(p.relation).removeprefix("role:")
    if p.relation != "works_as" and not slot_name(p.relation).startswith("role:"):
        return None
    word = word.lower()
    return word if SHORT.match(word) else None


def _roles(user_id: int) -> list[str]:
    relations = (
        Fact.objects.filter(user_id=user_id, relation__startswith="role:")
        .values_list("relation", flat=True)
        .distinct()[:200]
    )
    return [r.removeprefix("role:") for r in relations if " " in r]


def _spells(short: str, role: str) -> bool:
    words = [w for w in re.split(r"[\s-]+", role.lower()) if w and w != "of"]
    return len(words) == len(short) and "".join(w[0] for w in words) == short

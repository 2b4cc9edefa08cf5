"""The user's people said by their role, filed under their name when the role has one.

"My mother Rosa is 81" and, a month later, "my mother she does not drive anymore": the second
is about Rosa, so it is filed under Rosa, where "Does Rosa still drive?" and "Is my mother
still driving?" (a question's role is read as its holder) both find it. Only a role one
person holds now is read so: "my sister" with two sisters named stays as said.

The other way round, a named one lost with no owner said ("Chiquita the canary died") is lost
by whoever has it ("My mother has two canaries, Pío and Chiquita"), when that is one person
and not the user."""

from collections import Counter
from dataclasses import replace

from memory import nlp
from memory.models import Fact
from memory.nlp.casing import is_first_name
from memory.nlp.predicates import title_gender
from memory.nlp.words import COLLECTIVES

# What the fact says of the role itself, not of its holder ("my manager is Ingrid" names
# who holds it; "my sister's name is Ana" too).
NAMING = {"is", "is_called", "name"}


def named(parsed: list[nlp.ParsedFact], *, user_id: int, speaker: str) -> list[nlp.ParsedFact]:
    """`parsed` with each fact about one of the speaker's roles ("me's mother") said of the
    person who holds that role now, when one person does."""
    owner = f"{speaker}'s "
    roles = {
        p.subject.removeprefix(owner)
        for p in parsed
        if p.subject.startswith(owner) and p.relation not in NAMING
    }
    roles = {r for r in roles if r.isalpha()}  # one word: "mother", not "mother's cat"
    if not roles:
        return parsed
    holders = {role: holder(user_id=user_id, speaker=speaker, role=role) for role in roles}
    out = []
    for p in parsed:
        role = p.subject.removeprefix(owner) if p.subject.startswith(owner) else ""
        name = holders.get(role, "")
        if name and p.relation not in NAMING:
            p = replace(p, subject=name)
        out.append(p)
    return out


def holder(*, user_id: int, speaker: str, role: str) -> str:
    """The one person who holds `role` of the speaker's now, or ""."""
    rows = Fact.objects.filter(
        user_id=user_id,
        is_true=True,
        subject_key=nlp.entity_key(speaker),
        relation=f"role:{role}",
    ).values_list("object", flat=True)[:3]
    names = {nlp.entity_key(name): name for name in rows}
    (name,) = names.values() if len(names) == 1 else ("",)
    return name if name[:1].isupper() else ""


def lost(parsed: list[nlp.ParsedFact], *, user_id: int, speaker: str) -> list[nlp.ParsedFact]:
    """`parsed` with each loss the parse gave the speaker, of a named one only someone else
    has, given to that one."""
    out = []
    for p in parsed:
        mine = same_key(p.subject, speaker)
        if mine and p.negated and not p.relation and p.object[:1].isupper():
            p = replace(p, object=whole_name(user_id=user_id, value=p.object))
            owner = owner_of(user_id=user_id, value=p.object)
            if owner and nlp.entity_key(owner) != nlp.entity_key(speaker):
                p = replace(p, subject=owner)
        out.append(p)
    return out


def whole_name(*, user_id: int, value: str) -> str:
    """ "Sold the Dacia!" after "a Dacia Logan": the one held thing whose name `value` begins,
    by that name; `value` as said when none or several do."""
    key = nlp.entity_key(value)
    if not key or Fact.objects.filter(user_id=user_id, is_true=True, object_key=key).exists():
        return value
    held = Fact.objects.filter(user_id=user_id, is_true=True, relation__startswith="role:")
    rows = held.filter(object_key__startswith=f"{key} ").values_list("object", flat=True)[:5]
    names = {nlp.entity_key(r): r for r in rows}
    return next(iter(names.values())) if len(names) == 1 else value


def owner_of(*, user_id: int, value: str) -> str:
    """Who has `value` now by a role ("Pío is Rosa's canary"), when that is one owner."""
    rows = Fact.objects.filter(
        user_id=user_id,
        is_true=True,
        object_key=nlp.entity_key(value),
        relation__startswith="role:",
    ).values_list("subject", flat=True)[:3]
    owners = {nlp.entity_key(s): s for s in rows}
    return next(iter(owners.values())) if len(owners) == 1 else ""


def joined(
    parsed: list[nlp.ParsedFact], *, speaker: str, latest: list[tuple[str, str, str]]
) -> list[nlp.ParsedFact]:
    """`parsed` with each "X joined" that names no group ("a new lady has joined, Irena")
    said as X being one of the group the speaker spoke of last: a role of the speaker's named
    by a word for a group ("crew"), or one several people hold ("the regulars are Algis,
    Rūta and Pavel"). `latest`: the user's latest facts, newest first
    (selectors.latest_facts)."""
    if not any(p.relation == "member_of" and not p.object for p in parsed):
        return parsed
    # (of people: "role:club" holding the hall the club meets in is no group one joins)
    mine = [
        r for s, r, v in latest if r.startswith("role:") and same_key(s, speaker) and someone(v)
    ]
    held = Counter(mine)
    group = next((r for r in mine if r[5:] in COLLECTIVES or held[r] > 1), "")
    out = []
    for p in parsed:
        if p.relation == "member_of" and not p.object and group and not p.negated:
            p = replace(p, subject=speaker, relation=group, object=p.subject, single_valued=False)
        out.append(p)
    return out


def someone(value: str) -> bool:
    """A value that names a person: a first name, or a title before a name."""
    words = value.split()
    return bool(words) and (is_first_name(words[0]) or bool(title_gender(value)))


def same_key(a: str, b: str) -> bool:
    """The same entity exactly ("Kenji", "kenji"), not a name said shorter."""
    return nlp.entity_key(a) == nlp.entity_key(b)

"""Kin of kin: "What are my grandchildren called?" when the user told of their children and
of their children's children ("my daughter Gifty", then "Gifty had a baby girl, Abena"), but
never called anyone their grandchild. A grandchild is a child's child, a granddaughter a
child's daughter; each is read from the role facts as stored, newest state only."""

from memory import selectors
from memory.nlp import same_entity
from memory.nlp.words import CHILDREN
from memory.pipeline.guard import owned_by
from memory.pipeline.marital import SPOUSES
from memory.pipeline.question import Evidence
from memory.pipeline.speech import join, sentence

PARTNERS = SPOUSES | {"partner"}
OWN_CHILDREN = CHILDREN | {"stepson", "stepdaughter", "twin"}
# the grand-role asked -> the roles a child's child holds for that child
GRAND = {
    "grandchild": OWN_CHILDREN,
    "grandkid": OWN_CHILDREN,
    "grandchildren": OWN_CHILDREN,
    "grandkids": OWN_CHILDREN,
    "grandbaby": OWN_CHILDREN,
    "granddaughter": {"daughter", "girl"},
    "grandson": {"son", "boy"},
}


def answer(evidence: Evidence) -> str | None:
    """ "Your grandchildren are Isla, Fraser and Morag.", or None when no child of the
    user's has a child told."""
    intent = evidence.intent
    asked = (intent.relation or "").removeprefix("role:")
    if asked not in GRAND or intent.yes_no:
        return None
    if not owned_by(evidence.speaker, intent.subject or evidence.speaker):
        return None
    user = evidence.user_id
    children = selectors.role_holders(user_id=user, owner=evidence.speaker, roles=OWN_CHILDREN)
    names: list[str] = []
    # a child's child may be told as their spouse's ("our son Hiroshi ... his wife Yumi",
    # then "Yumi had the baby, a boy")
    parents = [c.object for c in children]
    for child in children:
        spouses = selectors.role_holders(user_id=user, owner=child.object, roles=PARTNERS)
        parents += [s.object for s in spouses]
    for parent in parents:
        for grand in selectors.role_holders(user_id=user, owner=parent, roles=GRAND[asked]):
            if not any(same_entity(grand.object, n) for n in names):
                names.append(grand.object)
    if not names:
        return None
    if len(names) > 1:
        return sentence(f"your {plural(asked)} are {join(names)}")
    return sentence(f"your {singular(asked)} is {names[0]}")


def plural(word: str) -> str:
    return {"grandchild": "grandchildren", "grandchildren": "grandchildren"}.get(
        word, word if word.endswith("s") else f"{word}s"
    )


def singular(word: str) -> str:
    return {"grandchildren": "grandchild", "grandkids": "grandkid"}.get(word, word)

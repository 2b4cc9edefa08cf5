"""Where someone of the user's household lives when only their move is told: "our son Ren is
moving to Tokyo in september" after "kenji, sapporo" -> Ren lives in Sapporo until then. A
spouse, a child or a flatmate lives where the user does unless something says otherwise; a
fiancé, a girlfriend or a parent may not, so they are not assumed to."""

from memory import nlp
from memory.models import Fact

HOUSEHOLD = {"wife", "husband", "partner", "spouse", "son", "daughter", "child", "kid"}
HOUSEHOLD |= {"flatmate", "housemate", "roommate", "stepson", "stepdaughter"}


def shared_home(*, user_id: int, speaker: str, person: str) -> str:
    """The user's home, if `person` is of their household; "" otherwise."""
    mine = nlp.entity_key(speaker)
    roles = Fact.objects.filter(
        user_id=user_id,
        subject_key=mine,
        object_key=nlp.entity_key(person),
        relation__startswith="role:",
        is_true=True,
    ).values_list("relation", flat=True)
    if not any(r.removeprefix("role:").split()[-1] in HOUSEHOLD for r in roles):
        return ""
    home = (
        Fact.objects.filter(user_id=user_id, subject_key=mine, relation="lives_in", is_true=True)
        .order_by("-truth_since", "-pk")
        .first()
    )
    return home.object if home is not None else ""

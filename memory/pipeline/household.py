"""Where someone of the user's household lives when only their move is told: "our son Ren is
moving to Tokyo in september" after "kenji, sapporo" -> Ren lives in Sapporo until then. A
spouse, a child or a flatmate lives where the user does unless something says otherwise; a
fiancé, a girlfriend or a parent may not, so they are not assumed to."""

from memory import selectors

HOUSEHOLD = {"wife", "husband", "partner", "spouse", "son", "daughter", "child", "kid"}
HOUSEHOLD |= {"flatmate", "housemate", "roommate", "stepson", "stepdaughter"}


def shared_home(*, user_id: int, speaker: str, person: str) -> str:
    """The user's home, if `person` is of their household; "" otherwise."""
    roles = selectors.held_roles(user_id=user_id, owner=speaker, person=person)
    if not any(r.removeprefix("role:").split()[-1] in HOUSEHOLD for r in roles):
        return ""
    home = selectors.latest_held(user_id=user_id, subject=speaker, relation="lives_in")
    return home.object if home is not None else ""

"""Where someone lives when only their move is told: "our son Ren is moving to Tokyo in
september" after "kenji, sapporo" -> Ren lives in Sapporo until then. A spouse, a child or a
flatmate lives where the user does unless something says otherwise; a fiancé, a girlfriend or
a parent may not, so they are not assumed to. Where they said they are from says it too;
and someone the user tells of moving away, with no home of their own ever told, is taken to
live near the user until then (`home_before_move` says that this is only a guess, and the
answer says so)."""

from memory import selectors
from memory.pipeline.placenames import names_place

HOUSEHOLD = {"wife", "husband", "partner", "spouse", "son", "daughter", "child", "kid"}
HOUSEHOLD |= {"flatmate", "housemate", "roommate", "stepson", "stepdaughter"}
HOUSEHOLD |= {"neighbour", "neighbor"}  # (next door is the same town)


def shared_home(*, user_id: int, speaker: str, person: str) -> str:
    """The user's home, if `person` is of their household; "" otherwise."""
    roles = selectors.held_roles(user_id=user_id, owner=speaker, person=person)
    if not any(r.removeprefix("role:").split()[-1] in HOUSEHOLD for r in roles):
        return ""
    return user_home(user_id=user_id, speaker=speaker)


def user_home(*, user_id: int, speaker: str) -> str:
    """Where the user lives: the home told, else the town they said they are from ("kevin,
    26, from iquitos"), which an introduction says of where one lives, else the town they
    said they work in; "" if none."""
    for relation in ("lives_in", "be_from"):
        home = selectors.latest_held(user_id=user_id, subject=speaker, relation=relation)
        if home is not None and home.object:
            return home.object
    # ... else the town they said they do things in ("i build guitars in dunedin"): people
    # mostly live where they work
    for fact in selectors.held_in(user_id=user_id, subject=speaker):
        # (a town one works in was a name to the tagger, whatever its case: "in mwanza")
        named = fact.object[:1].isupper() or fact.relation == "works_in"
        if named and names_place(fact):
            return fact.object
    return ""


def guessed_home(evidence) -> str | None:
    """ "where do I live?" when no home was told: where the user works or does things ("a
    research assistant at the institute in mwanza"), and for one of their household where
    the user lives; None when nothing says."""
    from memory.models import Fact
    from memory.nlp import entity_key
    from memory.pipeline.speech import sentence, speak

    intent, speaker = evidence.intent, evidence.speaker
    if not speaker or not intent.subject or intent.wants_past or intent.wh != "where":
        return None
    person = intent.subject
    if entity_key(person) == entity_key(speaker):
        home = user_home(user_id=evidence.user_id, speaker=speaker)
    else:
        home = shared_home(user_id=evidence.user_id, speaker=speaker, person=person)
    if not home:
        return None
    if home.islower():  # a town the tagger named, written in lower case: "in mwanza"
        home = home.title()
    said = speak(Fact(subject=person, relation="lives_in", object=home), speaker)
    return sentence(f"{said}, as far as I know")


def home_before_move(*, user_id: int, speaker: str, plan, told: list) -> tuple[str, bool]:
    """Where the one who plans `plan` (a "plan:lives_in" fact) lives until they move, and
    whether that is only a guess; ("", False) when nothing says. `told` is what was told of
    them (selectors.told_of)."""
    person = plan.subject
    origin = [f for f in told if f.is_true and f.relation == "be_from" and f.object]
    if origin:  # "elena from ohrid, ..." said of oneself: where one lives, until a move
        return origin[-1].object, False
    came = [f for f in told if f.is_true and visited_from(f.relation) and f.object]
    if came:  # "goce and tanja came down from skopje for easter": from where they live
        return came[-1].object, False
    if person == speaker:
        # ("still glazing tiles at the factory here in castellón": where they are until then)
        here = selectors.latest_held(user_id=user_id, subject=speaker, relation="be_in")
        named = here is not None and here.object[:1].isupper()
        return (here.object if named else ""), False
    shared = shared_home(user_id=user_id, speaker=speaker, person=person)
    if shared:
        return shared, False
    if any(f.relation.endswith("lives_in") for f in told if f.pk != plan.pk):
        return "", False  # a home of their own was told (and ended): no guess
    if work_town(told):
        return "", False  # where they work says it (slots.until says so)
    home = user_home(user_id=user_id, speaker=speaker)
    return home, bool(home)


VISITING = {"come", "visit", "fly", "drive", "travel", "pop", "head"}


def visited_from(relation: str) -> bool:
    """ "came down from", "visited from", "flew in from": a visit comes from home."""
    verb, _, rest = relation.partition("_")
    return verb in VISITING and rest.endswith("from")


def work_town(told) -> str:
    """The town someone works in ("Rasmus works at Bolt in Tallinn"), "" if not told."""
    towns = [f for f in told if f.is_true and f.relation == "works_in" and f.object]
    return towns[-1].object if towns else ""


def works_at(told: list, value: str) -> bool:
    """Whether `value` is where the one `told` is about works."""
    from memory.nlp import entity_key

    key = entity_key(value)
    # ("Farfetch" is where one works after "works at Farfetch in Braga")
    return any(f.relation == "works_for" and entity_key(f.object).startswith(key) for f in told)


def work_said(person: str, told: list, speaker: str) -> str:
    """ "Rasmus works in Tallinn": where one who plans a move works, said as that (where
    they live is not told), or ""."""
    from memory.models import Fact
    from memory.pipeline.speech import speak

    town = work_town(told)
    like = Fact(subject=person, relation="works_in", object=town)
    return speak(like, speaker) if town else ""

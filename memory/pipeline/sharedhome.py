""" "Where does Mama live now?" after "Mama is now with us": one who came to live with the user
lives where the user does. The facts keep the move as a housemate of the user ("Mama is now
with us", "my dad has lived with us since mum died") and the user's home as theirs, so the
answer is read off both: where the user lives, when living with the user is newer than any
home told of the one asked."""

import re

from memory import nlp, selectors
from memory.models import Fact
from memory.nlp.words import KIN, ROLE_SYNONYMS
from memory.pipeline.guard import slot_name
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    asked = intent.subject or ""
    if slot_name(intent.relation or "") != "lives_in" or intent.yes_no or intent.wants_past:
        return None
    if intent.wh != "where":
        return None  # ("who lives in our house now?" is the housemates' question)
    if not asked or nlp.same_entity(asked, evidence.speaker) or intent.anchor:
        return None
    said_as = {w for w in re.findall(r"[^\W\d_]+", asked.lower()) if len(w) > 2}
    role = ROLE_SYNONYMS.get(asked.lower(), asked.lower())
    if role in KIN:  # ("Mama" asked: the user's mother)
        asked = f"{evidence.speaker}'s {role}"
        said_as.add(role)
    theirs = [f for f in selectors.told_of(user_id=evidence.user_id, subject=asked) if f.is_true]
    together = _with_user(evidence, asked, theirs)
    if together is None:
        return None
    home = selectors.latest_held(
        user_id=evidence.user_id, subject=evidence.speaker, relation="lives_in"
    )
    if home is None or home.created_at > together.created_at and _moved_apart(home):
        return None
    since = [f for f in theirs if f.created_at > together.created_at]
    if any(f.relation == "lives_in" or went(f) for f in since):
        return None  # (a home of their own said since, or a going: "he went back to Bagé")
    if spoken_of_since(evidence, together, said_as):
        return None  # (what was said of them since may be a going no fact kept)
    # (a place kept as typed in lower case is said as a name: "tartu")
    place = home.object.title() if home.object.islower() else home.object
    return sentence(f"{_said(asked, evidence.speaker)} lives with you in {place}")


def _with_user(evidence: Evidence, asked: str, theirs: list[Fact]) -> Fact | None:
    """The newest fact still held that the one asked lives with the user (not a plan), of
    the user's housemates or of `theirs`, the facts held of the one asked."""
    held = selectors.role_holders(
        user_id=evidence.user_id, owner=evidence.speaker, roles={"housemate"}
    )
    mates = [f for f in held if nlp.same_entity(f.object, asked)]
    lived = [
        f
        for f in theirs
        if f.relation == "live_with" and nlp.same_entity(f.object, evidence.speaker)
    ]
    found = mates + lived
    return max(found, key=lambda f: (f.created_at, f.pk)) if found else None


GOING = {"go", "move", "leave", "return", "head", "fly", "relocate", "emigrate"}


def spoken_of_since(evidence: Evidence, together: Fact, said_as: set[str]) -> bool:
    """Whether a message after the one telling they live with the user names them again:
    the telling is then not known to be the last word ("caio trancou o curso, he went back
    to bagé" kept no fact of his going)."""
    if together.source_message is None:
        return True
    told = selectors.told_before(user_id=evidence.user_id, at=evidence.asked_at)
    later = told.filter(sent_at__gt=together.source_message.sent_at).values_list("text", flat=True)
    return any(said_as & set(re.findall(r"[^\W\d_]+", text.lower())) for text in later)


def went(fact: Fact) -> bool:
    """A going told of them ("went back to Bagé", "moved out", "left for Chile")."""
    return slot_name(fact.relation).split("_")[0] in GOING


def _moved_apart(home: Fact) -> bool:
    """Whether the user's home was told after as a move of their own (then the one asked may
    not have come along)."""
    return home.source_message is not None and "move" in home.source_message.text.lower()


def _said(person: str, speaker: str) -> str:
    owner, sep, role = person.partition("'s ")
    return f"your {role}" if sep and nlp.same_entity(owner, speaker) else person

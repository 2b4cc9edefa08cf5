""" "Where do Tom and Priya live?" when nothing said puts Tom anywhere: "I don't know", not
every sentence that names him beside a town ("Tom's trip to Adelaide is off"). Someone is
placed by a slot of where they live, are, stay or go (a plan or an old one too), by living
with the user, or by a sentence kept whole that names them with a word of living."""

import re

from memory.models import Fact
from memory.nlp import entity_key, same_entity
from memory.nlp.casing import english_words
from memory.pipeline.guard import slot_name
from memory.pipeline.names import source
from memory.pipeline.question import Evidence

# Slots that put someone somewhere ("Carol is in Adelaide", "flew out to Taipei").
PLACING = {"lives_in", "be_in", "based_in", "stay_in", "stay_at", "located_in", "arrive_in"}
PLACING |= {"travels_to", "live_with", "stay_with", "works_in", "be_at", "be_from", "come_from"}
PLACING |= {"leave_for", "go_to", "head_to", "fly_to", "come_to"}
# Verbs whose slots say a home, whatever their preposition ("move_to", "settle_in").
HOMING = ("live", "move", "stay", "settle", "relocate", "emigrate", "return", "shift")
# Words of a sentence that may say where someone lives, kept whole when no slot read it.
LIVING_WORDS = re.compile(
    r"\b(?:liv\w*|moved?|moving|home|house|flat|apartment|based|settled)\b", re.I
)
# ... or a named place said after "in", "at" or "from" ("with him in Rostock", "(from Dresden)").
AT_PLACE = re.compile(r"\b(?:in|at|from) (\w+)")
PRONOUNS = {"he", "she", "they", "him", "her", "them"}


def home_never_told(evidence: Evidence) -> bool:
    intent = evidence.intent
    subject = intent.subject or ""
    if intent.relation != "lives_in" or intent.yes_no or intent.wh != "where" or not subject:
        return False
    if same_entity(subject, evidence.speaker) or subject.lower() in PRONOUNS:
        return False
    rows = Fact.objects.filter(user_id=evidence.user_id)
    relations = rows.filter(subject_key=entity_key(subject)).values_list("relation", flat=True)
    for relation in relations:
        slot = slot_name(relation)
        if slot in PLACING or slot.startswith(HOMING):
            return False
    housemates = rows.filter(relation__endswith="role:housemate", object_key=entity_key(subject))
    if housemates.exists():
        return False  # living with the user, where the user lives
    # (a role by its word: "sam's at his sister's in Lunenburg" says where the sister is)
    name = subject.lower().split()[-1]  # ("the kids' mum": "mum")
    return not any(
        name in source(f).lower() and (LIVING_WORDS.search(source(f)) or at_place(source(f)))
        for f in evidence.facts
    )


def at_place(text: str) -> bool:
    """A town said after "in", "at" or "from": a name, or a word English does not have
    ("out in oranmore")."""
    words = english_words()
    return any(w[:1].isupper() or w.lower() not in words for w in AT_PLACE.findall(text))

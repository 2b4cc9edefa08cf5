""" "Who runs the choir now?" after "Helen stepped down, the new director is Marcus": who
runs, leads or coaches a group is whoever holds its leading role now (director, leader,
coach, chair ...), though no one was said to "run" it. Of several such roles, the one said
beside the group asked about ("the choir") answers; the newest holder of it, if it was
handed on. A question of the past or one whose verb a fact holds is left to the slots."""

from memory import nlp
from memory.models import Fact
from memory.nlp import entity_key
from memory.nlp.parse import parse
from memory.nlp.words import COLLECTIVES
from memory.pipeline.guard import slot_name
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence, speak

# Verbs of leading a group, and the roles that do it.
LEADING = {"run", "lead", "direct", "conduct", "manage", "coach", "chair", "head", "organise"}
LEADING |= {"organize", "captain", "train"}
LEADERS = {"director", "leader", "head", "chair", "chairman", "chairwoman", "chairperson"}
LEADERS |= {"coach", "manager", "organiser", "organizer", "conductor", "captain", "president"}
LEADERS |= {"convenor", "coordinator", "trainer", "boss", "secretary"}


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    verb = (intent.relation or "").split("_")[0]
    if intent.wh != "who" or intent.yes_no or intent.wants_past or verb not in LEADING:
        return None
    if intent.subject is not None:
        return None  # ("who does Ana coach?" asks whom)
    if not any(t.pos_ == "VERB" and t.lemma_ in LEADING for t in parse(intent.text)):
        return None  # ("Who is the head of state?": a noun, no one leading a group of ours)
    rows = Fact.objects.filter(user_id=evidence.user_id).filter(relation__regex=r"^(role:|is$)")
    said = [f for f in rows.order_by("pk") if role_of(f) and role_of(f).split()[-1] in LEADERS]
    if not said:
        return None
    if any(slot_name(f.relation) == intent.relation for f in evidence.facts if f.is_true):
        return None  # ("Helen runs the choir": the verb's own fact answers)
    group = (intent.object or "").split()[-1:] or [""]
    beside = [f for f in said if group[0] and group[0].lower() in source(f).lower()]
    # (else a role said of no other group: "the new director is Marcus", not "our
    # committee: Pat is chair" for the choir)
    unplaced = [f for f in said if not set(nlp.tokenize(source(f).lower())) & COLLECTIVES]
    chosen = beside or unplaced
    if not chosen:
        return None
    role = role_of(chosen[-1])
    holders = [f for f in chosen if role_of(f) == role and f.is_true]
    if not holders:
        return None
    owner = entity_key(holders[-1].subject)
    holders = [f for f in holders if entity_key(f.subject) == owner]
    word = role.split()[-1]
    later = [f for f in evidence.facts if f.pk > holders[-1].pk and word in source(f).lower()]
    if any(f.source_message_id != holders[-1].source_message_id for f in later):
        return None  # ("Sato stop leader ... Now Fujiwara leader": said since, in words unread)
    return sentence(speak(holders[-1], evidence.speaker))


def role_of(fact: Fact) -> str:
    """The leading role a fact says: "director" of `role:director`, "chair" of "Pat is
    chair" (the slot `is`, whose value is the role)."""
    if fact.relation == "is":
        return fact.object.lower().removeprefix("the ").removeprefix("a ")
    return slot_name(fact.relation).removeprefix("role:")

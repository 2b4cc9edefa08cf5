"""Guarded invalidation, applied to every engine's "make false" verdicts.

A stored fact may only be made false by new information about the same subject and relation
(a single-valued relation changing value, or a negation of that relation), or when the new
text explicitly negates or cancels something the fact states. Anything else is downgraded to
"no change", so a confused model or rule cannot erase unrelated memories.
"""

import re

from memory import nlp
from memory.models import Fact
from memory.nlp.words import (
    ANIMALS,
    COLLECTIVES,
    HELPERS,
    LEAVE_VERBS,
    LOSS_VERBS,
    QUITTING,
    STAFF,
    WORKING,
)

CUES = (
    "no longer",
    "not anymore",
    "any more",
    "anymore",
    "quit",
    "cancel",
    "instead",
    "moved out",
    "broke up",
    "fired",
    "left",
    "resigned",
    "stopped",
    "ended",
    "not ",
    "n't",
    "never",
    "former",
)


def base_relation(relation: str) -> str:
    return relation.removeprefix("not:")


def slot_name(relation: str) -> str:
    """The slot a relation fills, whether negated or planned ("not:plan:lives_in" -> lives_in)."""
    return base_relation(relation).removeprefix("plan:")


def same_subject_and_relation(new: nlp.ParsedFact, fact: Fact) -> bool:
    return (
        bool(new.subject and fact.subject)
        and nlp.same_entity(new.subject, fact.subject)
        and base_relation(new.relation) == base_relation(fact.relation)
    )


def explicitly_negates(text: str, fact: Fact) -> bool:
    lowered = text.lower()
    if not any(cue in lowered for cue in CUES):
        return False
    mentioned = [part for part in (fact.object, fact.subject) if part]
    return any(
        re.search(rf"\b{re.escape(part.lower())}\b", lowered) for part in mentioned if len(part) > 2
    )


def negates_value(new: nlp.ParsedFact, fact: Fact) -> bool:
    """A negated frame naming the fact's value for the same owner ("we gave Tofu away",
    "I left Feedzai"), whatever relation the fact holds it by."""
    if not (new.negated and new.object and fact.object):
        return False
    owned = owned_by(new.subject or fact.subject, fact.subject)
    said, held = nlp.entity_key(new.object), nlp.entity_key(fact.object)
    # ("moved out of Mellanby": "Mellanby Hall"; "left the Golf": "VW Golf")
    named = said == held or held.endswith(f" {said}") or held.startswith(f"{said} ")
    named = named or of_kind(fact, new.object)
    named = named or (" " not in said and nlp.same_entity(said, held))  # "quit tims"
    return owned and bool(said) and named


def of_kind(fact: Fact, kind: str) -> bool:
    """Whether a fact names one of a kind given up: "we gave the goldfish away" ends "Nemo
    is my goldfish" (`role:goldfish`)."""
    return fact.relation in kind_roles(kind)


def kind_roles(kind: str) -> set[str]:
    """The role relations naming one of a kind ("the goldfish", "the cats"): `role:goldfish`,
    `role:cat`; none for no kind."""
    key = nlp.entity_key(kind)
    return {f"role:{key}", f"role:{key.removesuffix('s')}"} if key else set()


def owned_by(owner: str, subject: str) -> bool:
    """ "alice" owns facts about alice and about "alice's dog"."""
    return nlp.same_entity(owner, subject) or nlp.entity_key(subject).startswith(
        nlp.entity_key(owner) + " "
    )


JOB_ENDED = {"works_for", "works_at", "works_as"}
# The roles someone holds for the user by their job, which end when the job does ("my
# brother" does not).
WORK_ROLES = {"manager", "boss", "supervisor", "colleague", "coworker", "head", "director"}
WORK_ROLES |= {"lead", "foreman", "principal", "headteacher", "teacher", "coach", "trainer"}
WORK_ROLES |= {"instructor", "tutor", "carer", "caregiver", "nanny", "cleaner", "gp", "doctor"}
WORK_ROLES |= {"dentist", "therapist", "physio", "mentor", "chef", "assistant", "deputy"}


# Roles held by being in a group, or by working for the user or with them.
MEMBERS = WORK_ROLES | COLLECTIVES | STAFF
# What one comes along to, said as what was stopped ("stopped his lessons"), and who comes
# to them (not who gives them: the teacher who stops a choir's lessons is still one's own).
SESSIONS = {"lessons", "classes", "sessions", "training", "course"}
LEARNERS = {"student", "pupil", "learner", "trainee", "client", "member", "player"}
# Roles held by coming along (to a club, a class, a house): who stops coming no longer holds
# them ("Algis does not come any more" ends "the regulars are Algis, ..."); kin and friends
# stay what they are.
ATTENDING = MEMBERS | HELPERS | LEARNERS | {"regular", "volunteer", "customer", "guest"}
COMING = {"come", "attend", "show", "turn", "visit"}
# (as whole slots: a departure says nothing after the verb)
DEPARTURES = QUITTING | {"step_down"}
WORKPLACES = {"agency", "company", "firm", "club", "job", "practice", "business", "service"}


def stops_role(new: nlp.ParsedFact, fact: Fact) -> bool:
    """ "gary's done coaching" ends "Gary is my coach": the one who stopped doing something
    held the role of its doer (coach, teacher, manager, driver), or lost the job the role
    was held by."""
    role = fact.relation
    if rehomed(new, fact):
        return True
    gone = departed(new)
    if not ((new.negated or gone) and role.startswith("role:")):
        return False
    if not (new.subject and nlp.same_entity(new.subject, fact.object)):
        return False
    noun, did = role_noun(role), base_relation(new.relation)
    if gone:
        return noun in ATTENDING
    if new.object:
        # "Kyle has left the agency", "Jonas quit the team": who left the group or the
        # place they were in it by is out of it
        left = new.object.lower().split()[-1]
        if did == "" and noun in LEARNERS and left in SESSIONS:
            return True  # "Yonas stopped his lessons": my student no more
        return did == "" and noun in MEMBERS and left in {noun} | COLLECTIVES | WORKPLACES
    # "Trond got let go": who lost their job is no one's manager there any more
    stopped_coming = slot_name(new.relation).split("_")[0] in COMING and noun in ATTENDING
    stopped_coming = stopped_coming and "plan:" not in new.relation
    return doer(noun, did) or (did in JOB_ENDED and noun in WORK_ROLES) or stopped_coming


def rehomed(new: nlp.ParsedFact, fact: Fact) -> bool:
    """ "Nube goes to live with my mother in Xàtiva": a pet said to live somewhere is no
    longer the user's (one does not tell where one's own cat lives), and a housemate said to
    live somewhere no longer lives with the user."""
    if new.negated or base_relation(new.relation) != "lives_in" or "plan:" in new.relation:
        return False
    if not fact.relation.startswith("role:") or not fact.relation.removeprefix("role:"):
        return False
    noun = role_noun(fact.relation)
    pet = noun in ANIMALS or noun.rstrip("s") in ANIMALS or noun == "pet"
    # ("My mother moved to live with my sister in Sillamäe": no longer one's housemate)
    housemate = noun == "housemate" and bool(new.object)
    housemate = housemate and not nlp.same_entity(new.object, fact.subject)  # ("with us")
    return (pet or housemate) and bool(new.subject) and nlp.same_entity(new.subject, fact.object)


def departed(new: nlp.ParsedFact) -> bool:
    """ "Mr Kowal left on Friday": gone, with nothing said left, from what he came to."""
    return not (new.negated or new.object) and new.relation in DEPARTURES


def job_place(relation: str) -> bool:
    """A slot that says where someone works by what they do there ("teach_at", "cook_for")."""
    verb, _, prep = relation.partition("_")
    return verb in WORKING and prep in ("at", "for", "in")


def ends_job(new: nlp.ParsedFact) -> bool:
    """ "not working for now", "lost her job": a job ended, with no employer named."""
    return new.negated and not new.object and base_relation(new.relation) in JOB_ENDED


def ends_job_place(new: nlp.ParsedFact, fact: Fact) -> bool:
    """The places one worked at by what one did there ("teaches science at Girls' High")
    end with the job."""
    if not ends_job(new):
        return False
    same = bool(new.subject) and nlp.same_entity(new.subject, fact.subject)
    return same and not fact.relation.startswith("not:") and job_place(fact.relation)


def gives_up(relation: str) -> bool:
    """A slot of giving something up or leaving ("plan:sell", "not:plan:quit"), by its verb."""
    return slot_name(relation).split("_")[0] in LOSS_VERBS | LEAVE_VERBS


def role_noun(relation: str) -> str:
    """The last word of a role: "role:work laptop" -> "laptop", "role:coach" -> "coach"."""
    return relation.removeprefix("role:").split()[-1]


def doer(noun: str, verb: str) -> bool:
    """Whether `noun` names whoever does `verb`: the verb itself ("coach"), or it with -er,
    -r or -or, its last consonant doubled or not ("teacher", "manager", "runner")."""
    if not verb.isalpha() or len(verb) < 3:
        return False
    return noun == verb or re.fullmatch(doer_noun(verb), noun) is not None


def doer_noun(verb: str) -> str:
    """The pattern of the "-er" nouns for one who does `verb` (see `doer`)."""
    return rf"{re.escape(verb)}{re.escape(verb[-1])}?(?:er|r|or)"


def may_make_false(*, new: list[nlp.ParsedFact], text: str, fact: Fact) -> bool:
    return any(
        same_subject_and_relation(n, fact) or negates_value(n, fact) or stops_role(n, fact)
        for n in new
    ) or explicitly_negates(text, fact)

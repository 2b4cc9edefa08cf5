""" "Who chairs the parish council now?", "Who manages The Pine Loft?": a post asked by what
its holder does. What was told named the post ("Mrs Harker is now chairman", "new manager
here will be Linh"), which is a role; the verb's doer nouns (chair: chairman, chairperson;
manage: manager) say which. The holder is the newest one of those roles that still holds."""

import re

from django.db.models import Q
from lemminflect import getInflection

from memory import nlp, selectors
from memory.models import Fact
from memory.nlp.casing import english_words, is_first_name
from memory.nlp.holdings import PATRONS
from memory.nlp.parse import child, parse
from memory.nlp.text import sentences
from memory.pipeline.question import Evidence
from memory.pipeline.slots import has_happened
from memory.pipeline.speech import join, sentence

# Verbs whose doer is named by the verb itself ("Who coaches the juniors?": the coach), or by
# another word than "-er".
DOER_NOUNS = {
    "chair": ("chair", "chairman", "chairwoman", "chairperson"),
    "coach": ("coach", "head coach"),
    "captain": ("captain", "skipper"),
    "skipper": ("skipper", "captain"),
    "host": ("host",),
    "cook": ("cook", "chef", "head chef"),
    "head": ("head",),
    "lead": ("leader", "lead"),
    "run": ("manager", "owner"),
    "nurse": ("nurse",),
    "guide": ("guide",),
    "referee": ("referee",),
    "supervise": ("supervisor",),
    "direct": ("director",),
    "edit": ("editor",),
    "conduct": ("conductor",),
    "instruct": ("instructor",),
}
NOT_POSTS = {"be", "have", "do", "get", "go", "live", "like", "love", "want", "know", "say"}


def doer_nouns(verb: str) -> tuple[str, ...]:
    """The nouns for one who does `verb`: its own list, else the "-er" noun ("manage":
    "manager", "teach": "teacher", "train": "trainer")."""
    if verb in DOER_NOUNS:
        return DOER_NOUNS[verb]
    if verb.endswith("e"):
        return (f"{verb}r",)
    doubled = (getInflection(verb, "VBG") or [""])[0].removesuffix("ing")
    return tuple(dict.fromkeys((f"{verb}er", f"{doubled}er"))) if doubled else (f"{verb}er",)


def post_of(relation: str) -> str:
    """ "plan:role:manager of gym" -> "manager"."""
    return relation.removeprefix("plan:").removeprefix("role:").split(" of ")[0]


def asked_doer(question: str) -> str | None:
    """The verb of "who <verb>s <something>?", when "who" is its subject."""
    doc = parse(question)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ != "VERB" or root.lemma_ in NOT_POSTS:
        return None
    who = child(root, "nsubj")
    if who is None or who.lower_ != "who" or child(root, "dobj") is None:
        return None
    return root.lemma_.lower()


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if intent.yes_no or intent.wants_past or intent.anchor or intent.wh != "who":
        return None
    verb = asked_doer(intent.text)
    if verb is None:
        return None
    nouns = doer_nouns(verb)
    # a post held ("Huy is my manager", "the manager of my gym is Dario"), to come ("will
    # be"), or worked as ("Linh is doing great as manager")
    posts = Q(relation="works_as", object__in=nouns)
    for noun in nouns:
        for prefix in ("role:", "plan:role:"):
            posts |= Q(relation__startswith=f"{prefix}{noun}")
    held = Fact.objects.filter(posts, user_id=evidence.user_id, is_true=True).exclude(object="")
    # ("new manager here will be Linh" from January, asked in February: Linh)
    holding = [
        f
        for f in held.order_by("-truth_since", "-pk")[:20]
        if (f.relation == "works_as" or post_of(f.relation) in nouns)
        and (not f.relation.startswith("plan:") or has_happened(f, evidence.asked_at))
    ]
    if not holding:
        return None
    fact = holding[0]
    if post_of(fact.relation) in PATRONS:
        # "who buys our oil now?": every buyer the user has ("a deli in Kifisia", ...)
        same = [f for f in holding if f.relation == fact.relation]
        held = dict.fromkeys(f.object for f in sorted(same, key=lambda f: (f.created_at, f.pk)))
        return sentence(join(list(held)))
    holder = fact.subject if fact.relation == "works_as" else fact.object
    if nlp.same_entity(holder, evidence.speaker) or not named(holder):
        return None  # ("the new owner is a Frenchwoman, Madame Marchand": the sentence says)
    # (a message that told of the post and was read, "from June the new manager will be
    # Hana", has said what it says)
    read = {f.source_message_id for f in held[:50]}
    if said_since(evidence, fact, nouns, holder, read):
        return None  # ("Now Fujiwara leader.": a newer word on the post, which no slot holds)
    return sentence(holder)


def named(holder: str) -> bool:
    """Whether a holder is said by name, not by a common noun ("Frenchwoman")."""
    first = holder.split()[0].lower()
    return is_first_name(first) or first not in english_words() or len(holder.split()) > 1


def said_since(
    evidence: Evidence, fact: Fact, nouns: tuple[str, ...], holder: str, read: set
) -> bool:
    """Whether a message newer than the holder's fact, and not one of those `read`, says
    the post of someone else."""
    rows = selectors.said_before(user_id=evidence.user_id, at=evidence.asked_at)
    rows = rows.exclude(pk__in=[pk for pk in read if pk is not None])
    post = re.compile(rf"\b(?:{'|'.join(map(re.escape, nouns))})\b", re.I)
    holder_names = {w.lower() for w in holder.split()}
    for text in rows.filter(sent_at__gt=fact.truth_since).values_list("text", flat=True)[:50]:
        for said in sentences(text):
            if post.search(said) and other_names(said) - holder_names:
                return True
    return False


def other_names(said: str) -> set[str]:
    """The capitalised words of a sentence that are no English word: names."""
    words = re.findall(r"[^\W\d_][\w'’-]*", said)[1:]
    known = english_words()
    return {w.lower() for w in words if w[:1].isupper() and w.lower() not in known}

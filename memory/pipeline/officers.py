""" "Who is the team captain now?", "Who was head of the house council before Mirela?", "Is
Mr. Raghavan still the RWA president?": who holds a post in a group, read from the user's own
words about the post, in the order told.

A post is handed on in many shapes, and the facts read from each message keep only some of
them. So the messages that speak of the post are read again here, each sentence by its parse
(memory.pipeline.handovers): whom the post word is said of, who stepped down, resigned or
left. The holder now is the newest one told who has not left since; one said to take the
post later ("will become", with a month said) holds it from that month. Of a group's several
posts only the one asked is read, and a post said of another group ("Our allotment
committee: Pat is chair", asked of the choir) is left out. Questions of one's own ("Who is my
coach?") are left to the roles."""

import re
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q

from chatbot.models import Message
from memory.nlp.marks import FINISHED_IS
from memory.nlp.parse import parse
from memory.nlp.wording import capitalise
from memory.pipeline.amend import put_right
from memory.pipeline.handovers import (
    CHOOSING,
    POST_VERBS,
    POSTS,
    RUNNING,
    SAME_POST,
    Told,
    first_word,
    named,
    other_post,
    read_sentence,
)
from memory.pipeline.question import Evidence


@dataclass(frozen=True)
class Held:
    """An answer read here, with what it was read from (which `overrules` weighs)."""

    text: str
    post: str  # the post as read ("chair" of "chairman")
    told: list[Told]  # its handings on, a post to come among them
    due: list[Told]  # those that hold by the time of the question


def answer(evidence: Evidence) -> Held | None:
    intent = evidence.intent
    if intent.yes_no:
        return still_holds(evidence)
    if intent.wh != "who":
        return None
    asked = post_asked(intent.text)
    if asked is None:
        return None
    post, group = asked
    told = history(evidence.user_id, post, group, evidence.asked_at)
    if not told:
        return None
    word = post_word(intent.text, post)  # (said as asked: "Who is our chairman?")
    due = due_by(told, evidence.asked_at)
    if intent.anchor:
        text = before(due, intent.anchor, word)
    elif intent.wants_past:
        text = None
    else:
        text = holder_now(due, word)
        coming = [t for t in told if t not in due and not t.ended]
        if text and coming:  # "Ishida is the head now; Mori takes over in April."
            month = coming[-1].at.strftime("%B")
            text = f"{text[:-1]}; {said(coming[-1].holder)} takes over in {month}."
    return Held(text, post, told, due) if text else None


def due_by(told: list[Told], asked_at: datetime | None) -> list[Told]:
    """What was told to hold by the time of the question (a post to come, from its month)."""
    return [t for t in told if asked_at is None or t.at <= asked_at]


ASKED_DEPS = {"attr", "nsubj", "ROOT", "appos", "acomp"}


def post_asked(question: str) -> tuple[str, set[str]] | None:
    """The post a question asks the holder of, and the other words naming its group: "Who
    coordinates the volunteers at the shelter?" -> ("coordinator", {"volunteer", "shelter"})."""
    doc = parse(question)
    post = None
    if any(t.dep_ == "poss" and t.lower_ != "our" for t in doc):
        return None  # ("Who is my coach?", "Who coaches Oisín's team?": one's own, read as roles)
    for token in doc:
        if other_post(token):
            return None  # ("Who is the assistant coach?")
        word = SAME_POST.get(token.lemma_.lower(), token.lemma_.lower())
        # (the post is what is asked: "Who helps me coach the team?" asks a helper)
        if token.pos_ in ("NOUN", "PROPN") and word in POSTS and token.dep_ in ASKED_DEPS:
            post = word
        elif token.pos_ == "VERB" and token.lemma_.lower() in POST_VERBS and token.dep_ == "ROOT":
            post = POST_VERBS[token.lemma_.lower()]
    if post is None:
        return None
    # (and the words said with the post: "managing" of "Who is the managing director?")
    said = {t.lemma_.lower() for t in doc if t.pos_ in ("NOUN", "PROPN", "ADJ")}
    said |= {t.lemma_.lower() for t in doc if t.dep_ in ("amod", "compound")}
    return post, said - {post, "who", "now"}


def overrules(held: Held, said: str | None, evidence: Evidence) -> bool:
    """Whether the holder read here answers rather than what the facts' readers said: for
    "before X" and "still", for an answer that names no one (a list of sentences, "I don't
    know"), and for one that names someone who has left the post since; not where the
    facts' readers name the same holder (their words stand) or someone this reading never
    saw hold it (they read a handing on in words this one does not: "Bogdan took over from
    Halina")."""
    intent = evidence.intent
    if intent.yes_no or intent.anchor or not said or said == "I don't know.":
        return True
    if said.startswith("- "):
        return True  # (sentences listed: no one named as the holder)
    holder = current(held.due)
    words = set(re.findall(r"[^\W\d_]+", said.lower()))
    now = first_word(holder.holder) if holder is not None else ""
    if now and (now in words or now == "i" and "you" in words):
        return False
    if any(first_word(t.holder) in words for t in held.told if t.holder):
        return True  # (one who has left it since)
    # someone this reading never saw hold it: the facts' readers stand if the messages name
    # them after the holder read here was told ("Bogdan took over from Halina")
    names = {w.lower() for w in re.findall(r"\b[A-Z][^\W\d_]+", said)} - {"your", "you", "it"}
    return holder is not None and not named_since(evidence, holder.at, names, held.post)


# Words of a post handed on that name no post: "Bogdan took over from Halina".
HANDING = {"over", "new", "replace", "replaced", "replaces", "place", "instead", "successor"}


def named_since(evidence: Evidence, since: datetime, names: set[str], post: str) -> bool:
    """Whether a message of the user's after `since` names one of `names` with the post or
    a word of handing it on."""
    later = Message.objects.filter(user_id=evidence.user_id, role=Message.Role.USER)
    later = later.exclude(route=Message.Route.QUESTION).filter(sent_at__gt=since)
    if evidence.asked_at is not None:
        later = later.filter(sent_at__lt=evidence.asked_at)
    for message in later:
        words = set(re.findall(r"[^\W\d_]+", message.text.lower()))
        handed = words & HANDING or any(w.startswith(post[:5]) for w in words)
        if names & words and handed:
            return True
    return False


def post_word(question: str, post: str) -> str:
    """The post's word as the question says it: "chairman", not "chair"."""
    said = (t.lemma_.lower() for t in parse(question) if t.pos_ in ("NOUN", "PROPN"))
    return next((w for w in said if SAME_POST.get(w, w) == post), post)


def history(user_id: int, post: str, group: set[str], asked_at: datetime | None) -> list[Told]:
    """Every handing on of the post told before the question, oldest first: who took it,
    who left it (a post to come, at the time it is taken)."""
    stems = {post[:6]} | {verb[:6] for verb, noun in POST_VERBS.items() if noun == post}
    stems |= {word[:6] for word, same in SAME_POST.items() if same == post} | RUNNING
    wanted = Q()
    for stem in stems | CHOOSING | {"step", "resign", "quit", "retire", "hand", "leav"}:
        wanted |= Q(text__icontains=stem)
    messages = Message.objects.filter(user_id=user_id, role=Message.Role.USER).filter(wanted)
    messages = messages.exclude(route=Message.Route.QUESTION)  # (the question itself)
    if asked_at is not None:
        messages = messages.filter(sent_at__lt=asked_at)
    told: list[Told] = []
    for message in messages.order_by("id"):
        # ("gary's done coaching": the "'s" is "is", which the parser reads as a possessive)
        text = FINISHED_IS.sub(r"\1 is ", put_right(message) or message.text)
        for sent in parse(text).sents:
            told += read_sentence(sent, post, group, message.sent_at, told)
    return told


def said(name: str) -> str:
    if name.lower() in ("i", "me"):
        return "you"
    return " ".join(w if not w.islower() else w.capitalize() for w in name.split())


def is_said(name: str, post: str, *, past: bool = False) -> str:
    """ "Edem is the captain", "you are the captain" (the user is spoken to)."""
    verb = ("was" if past else "is") if said(name) != "you" else ("were" if past else "are")
    return f"{said(name)} {verb} the {post}"


def still_holds(evidence: Evidence) -> Held | None:
    """ "Is Mr. Raghavan still the RWA president?" after "Mrs. Lakshmi Iyer is our new
    president": no, and who holds it now."""
    intent = evidence.intent
    asked = post_asked(intent.text)
    if asked is None or "still" not in intent.text.lower().split():
        return None
    # (whom it asks of, named in it: "is gary still our coach?" is read as of the user's)
    asked_of = next((first_word(t.text) for t in parse(intent.text) if named(t)), "")
    if asked_of in ("", "i"):
        return None  # (the user's own posts are read by the slots)
    post, group = asked
    told = history(evidence.user_id, post, group, evidence.asked_at)
    due = due_by(told, evidence.asked_at)
    word = post_word(intent.text, post)
    theirs = [t for t in due if first_word(t.holder) == asked_of]
    if theirs and theirs[-1].ended:  # ("gary's done coaching")
        text = capitalise(f"no, {is_said(theirs[-1].holder, word)} no longer.")
        return Held(text, post, told, due)
    holder = current(due)
    if holder is None:
        return None
    now = capitalise(f"{is_said(holder.holder, word)} now.")
    yes = first_word(holder.holder) == asked_of
    return Held(f"Yes. {now}" if yes else f"No. {now}", post, told, due)


def current(told: list[Told]) -> Told | None:
    """The newest holder who has not left since; None if the last one left and no one was
    told after them."""
    holder = None
    for event in sorted(told, key=lambda t: t.at):
        if not event.holder:
            holder = None  # (spoken of since in words unread: left to the slots)
        elif not event.ended:
            holder = event
        elif holder is not None and first_word(event.holder) == first_word(holder.holder):
            holder = None
    return holder


def holder_now(told: list[Told], post: str) -> str | None:
    holder = current(told)  # (none: left to the slots)
    return capitalise(f"{is_said(holder.holder, post)} now.") if holder else None


def before(told: list[Told], anchor: str, post: str) -> str | None:
    """ "Who was captain before Edem?": the holder told last before Edem first held it."""
    first = first_word(anchor)
    taken = [t for t in sorted(told, key=lambda t: t.at) if not t.ended and t.holder]
    start = next((i for i, t in enumerate(taken) if first_word(t.holder) == first), None)
    if start is None:
        return None
    earlier = [t for t in taken[:start] if first_word(t.holder) != first]
    if not earlier:
        return None
    return capitalise(f"{is_said(earlier[-1].holder, post, past=True)} before {said(anchor)}.")

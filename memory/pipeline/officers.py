""" "Who is the team captain now?", "Who was head of the house council before Mirela?", "Is
Mr. Raghavan still the RWA president?": who holds a post in a group, read from the user's own
words about the post, in the order told.

A post is handed on in many shapes, and the facts read from each message keep only some of
them. So the messages that speak of the post are read again here, each sentence by its parse
(memory.pipeline.handovers): whom the post word is said of, who stepped down, resigned or
left. The holder now is the newest one told who has not left since; one said to take the
post later ("will become", with a month said) holds it from that month. Of a group's several
posts only the one asked is read, and a post said of another group ("Our allotment
committee: Pat is chair", asked of the choir) is left out. A post held for someone ("Who is
my physio now?", "Who was Ava's teacher before Mr Doyle?") is read of theirs only: not "Dan's
physio" asked as the user's."""

import re
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q

from chatbot.models import Message
from memory import selectors
from memory.nlp.marks import FINISHED_IS
from memory.nlp.parse import parse
from memory.nlp.repaircues import has_cue
from memory.nlp.wording import capitalise
from memory.pipeline.amend import put_right
from memory.pipeline.handovers import (
    CHOOSING,
    POST_VERBS,
    POSTS,
    RUNNING,
    SAME_POST,
    SERVING_VERBS,
    Told,
    first_word,
    named,
    other_post,
    read_sentence,
)
from memory.pipeline.question import Evidence
from memory.pipeline.takers import taken


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
    post, group, owner = asked
    told = history(evidence.user_id, post, group, evidence.asked_at, owner)
    if not told:
        return None
    word = post_word(intent.text, post, owner)  # (said as asked: "Who is our chairman?")
    due = due_by(told, evidence.asked_at)
    if intent.anchor:
        since = first_named(evidence, intent.anchor)
        text = before(due, intent.anchor, word, since)
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


def post_asked(question: str) -> tuple[str, set[str], str | None] | None:
    """The post a question asks the holder of, the other words naming its group, and whose
    post it is if it is someone's: "Who coordinates the volunteers at the shelter?" ->
    ("coordinator", {"volunteer", "shelter"}, None); "Who is my physio now?" -> ("physio",
    set(), "i")."""
    doc = parse(question)
    post = None
    owner = asked_of(doc)
    for token in doc:
        if other_post(token):
            return None  # ("Who is the assistant coach?")
        word = SAME_POST.get(token.lemma_.lower(), token.lemma_.lower())
        # (the post is what is asked: "Who helps me coach the team?" asks a helper)
        if token.pos_ in ("NOUN", "PROPN") and word in POSTS and token.dep_ in ASKED_DEPS:
            if token.tag_ == "NNS":
                return None  # ("Who are the section leaders?": several, read as a set)
            post = word
        elif token.pos_ == "VERB" and token.lemma_.lower() in POST_VERBS and token.dep_ == "ROOT":
            post = POST_VERBS[token.lemma_.lower()]
        elif token.lemma_.lower() in SERVING_VERBS and token.dep_ == "ROOT" and owner:
            post = SERVING_VERBS[token.lemma_.lower()]
    if post is None:
        return None
    # (and the words said with the post: "managing" of "Who is the managing director?")
    said = {t.lemma_.lower() for t in doc if t.pos_ in ("NOUN", "PROPN", "ADJ")}
    said |= {t.lemma_.lower() for t in doc if t.dep_ in ("amod", "compound")}
    return post, said - {post, "who", "now"}, owner


def asked_of(doc) -> str | None:
    """Whose post a question asks: "i" of "my physio" and "who taught me", "ava" of "Ava's
    teacher"; None of a group's ("our captain", "the head of school")."""
    for token in doc:
        if token.dep_ == "poss" and token.lower_ not in ("our", "their"):
            return "i" if token.lower_ == "my" else first_word(token.text)
        if token.lower_ == "me" and token.dep_ in ("dative", "dobj"):
            return "i"
    return None


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
    # (theirs names another who held it: "Teodor got a job in Gdansk, so now you're with a
    # woman called Halszka"; one to take it later may be named: "... is going to be")
    others = {first_word(t.holder) for t in held.due if t.holder} - {now}
    if now and (now in words or now == "i" and "you" in words) and not others & words:
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
    later = selectors.told_before(user_id=evidence.user_id, at=evidence.asked_at)
    for message in later.filter(sent_at__gt=since):
        words = set(re.findall(r"[^\W\d_]+", message.text.lower()))
        handed = words & HANDING or any(w.startswith(post[:5]) for w in words)
        handed = handed or has_cue(message.text)  # ("wait no its mr Venter for maths")
        if names & words and handed:
            return True
    return False


def post_word(question: str, post: str, owner: str | None = None) -> str:
    """The post as the question says it, with whose it is: "the chairman" (not "chair"),
    "your physio", "Ava's teacher"."""
    said = (t.lemma_.lower() for t in parse(question) if t.pos_ in ("NOUN", "PROPN"))
    word = next((w for w in said if SAME_POST.get(w, w) == post), post)
    whose = "the" if owner is None else "your" if owner == "i" else f"{owner.capitalize()}'s"
    return f"{whose} {word}"


def history(
    user_id: int, post: str, group: set[str], asked_at: datetime | None, owner: str | None = None
) -> list[Told]:
    """Every handing on of the post told before the question, oldest first: who took it,
    who left it (a post to come, at the time it is taken). The messages read are those that
    speak of the post or of leaving one, and then those that name one who held it ("mateo
    moved to a clinic in envigado, so now i'm with a woman called Daniela")."""
    stems = {post[:6]} | {verb[:6] for verb, noun in POST_VERBS.items() if noun == post}
    stems |= {word[:6] for word, same in SAME_POST.items() if same == post} | RUNNING
    wanted = Q()
    for stem in stems | CHOOSING | {"step", "resign", "quit", "retire", "hand", "leav"}:
        wanted |= Q(text__icontains=stem)
    messages = selectors.told_before(user_id=user_id, at=asked_at)  # (not the question)
    read = list(messages.filter(wanted).order_by("id"))
    told = read_messages(read, post, group, owner)
    names = {first_word(t.holder) for t in told if t.holder} - {"i"}
    naming = Q()
    for name in (n for n in names if len(n) > 2):
        naming |= Q(text__icontains=name)
    if not naming:
        return told
    more = list(messages.filter(naming).exclude(id__in=[m.id for m in read]))
    if not more:
        return told
    return read_messages(sorted(read + more, key=lambda m: m.id), post, group, owner)


def read_messages(messages: list, post: str, group: set[str], owner: str | None) -> list[Told]:
    told: list[Told] = []
    when: dict[Told, datetime] = {}  # (when the message telling each was said)
    last_at = None  # (when the last message that told a holder was said)
    for message in messages:
        # ("gary's done coaching": the "'s" is "is", which the parser reads as a possessive)
        text = FINISHED_IS.sub(r"\1 is ", put_right(message) or message.text)
        found: list[Told] = []
        for sent in parse(text).sents:
            found += read_sentence(sent, post, group, message.sent_at, told + found, owner)
            found += taken(sent, post, group, message.sent_at, told + found)
        if owner == "i":  # (one's own physio is not oneself: "I love teaching the first years")
            found = [t for t in found if first_word(t.holder) != "i"]
        if has_cue(message.text) and any(not t.ended for t in found):
            # ("wait I was wrong. Kasia applied but they gave the job to Agnieszka"): the
            # holders the message before told, and this one does not, never held it
            # (one who left it then did hold it: "Pieter retired, the new manager is Els")
            kept = {first_word(t.holder) for t in found}
            kept |= {first_word(t.holder) for t in told if when[t] == last_at and t.ended}
            told = [t for t in told if when[t] != last_at or first_word(t.holder) in kept]
        told += found
        when |= {t: message.sent_at for t in found}
        last_at = message.sent_at if found else last_at
    return told


def said(name: str) -> str:
    if name.lower() in ("i", "me"):
        return "you"
    return " ".join(w if not w.islower() else w.capitalize() for w in name.split())


def is_said(name: str, post: str, *, past: bool = False) -> str:
    """ "Edem is the captain", "you are the captain" (the user is spoken to), of `post` said
    with whose it is ("the captain")."""
    verb = ("was" if past else "is") if said(name) != "you" else ("were" if past else "are")
    return f"{said(name)} {verb} {post}"


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
    post, group, owner = asked
    if owner is not None:
        return None  # ("Is Sigrun still my manager?": one's own, read by the roles)
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


def first_named(evidence: Evidence, name: str) -> Message | None:
    """The user's message that first names someone."""
    told = selectors.told_before(user_id=evidence.user_id, at=None)
    return told.filter(text__icontains=first_word(name)).order_by("sent_at").first()


def before(told: list[Told], anchor: str, post: str, since: Message | None) -> str | None:
    """ "Who was captain before Edem?": the holder told last before Edem first held it; or,
    where Edem is never read to hold it, the one the message first naming Edem names too
    ("Mrs Patel is going on maternity leave, a Mr Doyle is covering Ava's class")."""
    first = first_word(anchor)
    taken = [t for t in sorted(told, key=lambda t: t.at) if not t.ended and t.holder]
    start = next((i for i, t in enumerate(taken) if first_word(t.holder) == first), None)
    fallback = start is None and since is not None
    if fallback:
        start = next((i for i, t in enumerate(taken) if t.at >= since.sent_at), len(taken))
    if start is None:
        return None
    earlier = [t for t in taken[:start] if first_word(t.holder) != first]
    if fallback and earlier and first_word(earlier[-1].holder) not in since.text.lower():
        return None
    if not earlier:
        return None
    return capitalise(f"{is_said(earlier[-1].holder, post, past=True)} before {said(anchor)}.")

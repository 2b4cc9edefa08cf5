"""A correction of something said in an earlier message ("*thursdays", "typo earlier:
aruzhan", "hold on, dad's at the customs office, not the port"): the earlier message is put
right (memory.nlp.repair) and read again, and the facts it gave that hold the wrong value
were never true. The earlier sentence carries the slot the correction leaves out, whatever
its shape ("rehearsals are wednesdays" -> "rehearsals are thursdays")."""

import re
from dataclasses import dataclass

from django.db.models import Q

from chatbot.models import Message
from memory.models import Fact, FactTruth, Operation
from memory.nlp import repair
from memory.nlp.parse import parse
from memory.nlp.repaircues import CUES, FILLERS
from memory.nlp.wording import first_person
from memory.nlp.words import DENIALS

LOOKED_BACK = 5  # the user's latest messages a correction may be about
# ... and further back, those that say a name or number the correction says again ("I said
# the academy is in Dunsan-dong, sorry, that's wrong", a dozen messages on)
FAR_BACK = 20


@dataclass(frozen=True)
class Amended:
    text: str  # the earlier message, put right
    wrong: str
    right: str
    facts: list[Fact]  # the current facts of that message that hold the wrong value
    said: Message | None = None  # the earlier message, whose facts these are again


def earlier_repaired(*, message: Message, text: str) -> Amended | None:
    """The newest of the user's last few messages that `text` puts right, put right; None
    when `text` corrects nothing said before (or corrects itself: memory.nlp.statements)."""
    if not repair.corrects_earlier(text):
        return None
    earlier = (
        Message.objects.filter(
            user_id=message.user_id, role=message.role, pk__lt=message.pk, applied_at__isnull=False
        )
        .order_by("-pk")
        .only("pk", "text")[:FAR_BACK]
    )
    # (the names and numbers the correction says, not its editing terms: "Sorry", "Actually")
    repeated = {w for w in re.findall(r"[\w'-]+", text) if w[:1].isupper() or w[:1].isdigit()}
    repeated = {w for w in repeated if w.lower() not in CUES | FILLERS}
    for k, said in enumerate(earlier):
        if k >= LOOKED_BACK and not any(
            re.search(rf"\b{re.escape(w)}\b", said.text) for w in repeated
        ):
            continue
        fixed = repair.repaired(text, before=said.text)
        if fixed is None:
            continue
        named = repair.as_word(fixed.wrong)
        facts = list(
            Fact.objects.filter(user_id=message.user_id, source_message=said, is_true=True)
        )
        # (the value may be in the sentence only: "lessons on tuesday evenings"; a message
        # whose facts none of them name it is read again whole)
        wrong = [f for f in facts if named.search(f.object) or named.search(f.text)]
        return Amended(
            text=fixed.text, wrong=fixed.wrong, right=fixed.right, facts=wrong or facts, said=said
        )
    return None


def put_right(message: Message) -> str | None:
    """What a message says as meant: its own repairs made, and a later message's correction
    of it applied; for a message that corrects an earlier one, that earlier message put
    right (None when it is not known). The corrections come from the audit trail, read for
    an answer's facts at once by `prefetch` (an answer may be composed where the database
    is not to be called); without it, only the message's own repairs."""
    known = getattr(message, "_put_right", False)
    if known is not False:
        return known
    return None if repair.corrects_earlier(message.text) else repair.meant(message.text)


def prefetch(facts: list[Fact], speaker: str = "") -> None:
    """Find, in one query, the corrections linking the messages of `facts` to others; and
    keep each fact's sentence as its speaker told it, for a statement no message gives back
    (names.source): the stored one holds the user's name, and how the tagger reads a name
    (a replay's is random) must not decide what the statement offers."""
    for fact in facts:
        fact._as_told = first_person(fact.text, speaker)
    messages: dict[int, list[Message]] = {}
    for fact in facts:
        if fact.source_message is not None:
            messages.setdefault(fact.source_message_id, []).append(fact.source_message)
    if not messages:
        return
    retracted = FactTruth.objects.filter(operation=Operation.RETRACT).exclude(cause_message=None)
    rows = retracted.filter(
        Q(fact__source_message__in=messages) | Q(cause_message__in=messages)
    ).values_list(
        "fact__source_message", "fact__source_message__text", "cause_message", "cause_message__text"
    )
    later: dict[int, str] = {}  # a message -> the text of the message that corrected it
    earlier: dict[int, str] = {}  # a correcting message -> the text of the one it corrected
    for source, source_text, cause, cause_text in rows:
        if source == cause:
            continue
        later.setdefault(source, cause_text)
        earlier.setdefault(cause, source_text)
    for pk, copies in messages.items():
        said = _put_right(copies[0], later.get(pk), earlier.get(pk))
        for message in copies:
            message._put_right = said


def _put_right(message: Message, corrected_by: str | None, corrects: str | None) -> str | None:
    if repair.corrects_earlier(message.text):
        fixed = repair.repaired(message.text, before=corrects) if corrects else None
        return fixed.text if fixed is not None else None
    said = repair.meant(message.text)
    fixed = repair.repaired(corrected_by, before=said) if corrected_by else None
    return fixed.text if fixed is not None else said


class Quoted:
    """What a correcting message says of its wrong value: quoted ("i said the school is in
    kotagede??", "not ilemela, his school is in nyamagana") or told of something else
    ("ilemela is where we live"). A fact of the message holding the wrong value is the quote,
    no news, unless a sentence tells it plainly and no quoting sentence names whom the fact
    is about."""

    QUOTING = sorted(DENIALS - {"n't"}) + ["say", "said", "wrote", "typed", "meant"]
    SAYING = re.compile(rf"\b(?:{'|'.join(QUOTING)})\b|n't\b|\?", re.I)
    FIRST_PERSON = {"i", "we", "me", "us", "my", "our"}
    THIRD_PERSON = {"he", "she", "they", "him", "her", "his", "their", "them"}

    def __init__(self, body: str, wrong: str, speaker: str) -> None:
        self.speaker = speaker
        said = [s.text for s in parse(body).sents if repair.as_word(wrong).search(s.text)]
        self.quoting = [s for s in said if self.SAYING.search(s)]
        self.told = len(self.quoting) < len(said)

    def by(self, subject: str) -> bool:
        """Whether a fact about `subject` holding the wrong value is the message's quote."""
        if not self.told:
            return True
        if subject == self.speaker:
            words = self.FIRST_PERSON
        else:
            # (someone else may be quoted as "he" or "she": "he works by the port gate")
            words = {w.lower() for w in re.findall(r"[^\W\d_]+", subject)} | self.THIRD_PERSON
        return any(words & set(re.findall(r"[^\W\d_]+", s.lower())) for s in self.quoting)

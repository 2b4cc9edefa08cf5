"""A correction of something said in an earlier message ("*thursdays", "typo earlier:
aruzhan", "hold on, dad's at the customs office, not the port"): the earlier message is put
right (memory.nlp.repair) and read again, and the facts it gave that hold the wrong value
were never true. The earlier sentence carries the slot the correction leaves out, whatever
its shape ("rehearsals are wednesdays" -> "rehearsals are thursdays")."""

from dataclasses import dataclass

from chatbot.models import Message
from memory.models import Fact
from memory.nlp import repair

LOOKED_BACK = 5  # the user's latest messages a correction may be about


@dataclass(frozen=True)
class Amended:
    text: str  # the earlier message, put right
    wrong: str
    right: str
    facts: list[Fact]  # the current facts of that message that hold the wrong value


def earlier_repaired(*, message: Message, text: str) -> Amended | None:
    """The newest of the user's last few messages that `text` puts right, put right; None
    when `text` corrects nothing said before (or corrects itself: memory.nlp.statements)."""
    if not repair.has_cue(text) or repair.repaired(text) is not None:
        return None
    earlier = (
        Message.objects.filter(
            user_id=message.user_id, role=message.role, pk__lt=message.pk, applied_at__isnull=False
        )
        .order_by("-pk")
        .only("pk", "text")[:LOOKED_BACK]
    )
    for said in earlier:
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
        return Amended(text=fixed.text, wrong=fixed.wrong, right=fixed.right, facts=wrong or facts)
    return None

"""What a question's "before X" is before, when X is told as an event.

"What was Darius's job before he started driving trucks?" is before "driving trucks", and
"Where did I live before I moved to Leicester?" before "Leicester": the value the event
brought is what the facts hold, while the clause that tells the event ("he started ...")
names a verb of change no fact says. Only a move (its destination) and a start or a change
of state (what was started, become or switched to) are read so; any other clause ("before I
retired", "before I opened my practice") stays as the question says it.
"""

from memory.nlp.parse import Token, child, parse
from memory.nlp.predicates import prep_objects

MOVES = {"move", "come", "go", "relocate", "emigrate", "return", "transfer", "head"}
STARTS = {"start", "begin", "become", "switch", "take", "join", "get"}
TOWARDS = {"to", "into"}  # where a move went ("went full time at the stall" went nowhere)
INTO = TOWARDS | {"at", "as"}  # what a start began ("started at the bakery", "as a cook")
# leading words of a value that no fact's value starts with
LEADING = {"the", "a", "an", "my", "his", "her", "our", "their", "your", "new"}


def event_anchor(anchor: str | None) -> str | None:
    """The value an event anchor brought ("driving trucks", "Leicester"), else the anchor."""
    if not anchor or len(anchor.split()) < 2:
        return anchor
    root = next((t for t in parse(anchor) if t.dep_ == "ROOT"), None)
    if root is None or root.pos_ != "VERB":
        return anchor
    value = None
    if root.lemma_ in MOVES:
        value = destination(root, TOWARDS)
    elif root.lemma_ in STARTS:
        value = child(root, "xcomp", "acomp", "attr", "oprd", "dobj") or destination(root, INTO)
    if value is None or value.pos_ in ("PRON", "NUM"):  # "before the fox got one"
        return anchor
    return phrase(value)


def destination(verb: Token, preps: set[str]) -> Token | None:
    # (prep_objects reads "coming back to Chennai", the place hung from "back", too)
    return next((obj for prep, obj in prep_objects(verb) if prep in preps), None)


def phrase(token: Token) -> str:
    words = [t for t in token.subtree]
    while words and words[0].lower_ in LEADING:
        words = words[1:]
    return " ".join(t.text for t in words) or token.text

"""Frames of a value that changed, said with its old and new value or the new one alone:
"changing my major from law to geography", "rent goes up from 600 to 690", "the doctor
changed the painkiller to acetaminophen". The thing changed names the slot (the owner's
`role:<noun>`); the value after "to" holds it now, the one after "from" held it before. A
part of memory.nlp.frames.SentenceFrames, kept apart for its size."""

from memory.nlp.casing import known_as
from memory.nlp.holdings import Frame
from memory.nlp.marks import CHANGING
from memory.nlp.parse import Token, child, children
from memory.nlp.predicates import AMOUNT_MOVING
from memory.nlp.reader import PEOPLE, Reader, is_time, prep_objects
from memory.nlp.things import said_before

# Verbs a number or a setting changes by: "rent went up from 600 to 690".
AMOUNT_CHANGING = AMOUNT_MOVING | {"raise", "jump", "climb", "bump", "cut", "reduce", "lower"}
AMOUNT_CHANGING |= {"shift", "grow", "shrink", "up"}  # ("upped it to 75 mcg")


def changed_ends(verb: Token, slot: Token) -> dict[str, Token | str] | None:
    """{"from": A, "to": B} of "from A to B" said of a change, None without both. The parser
    may hang both ends on the slot ("switched her night bottle from A to B"); two numbers it
    reads as one range ("from 30 to 35 euro") are read off the words."""
    said = [*prep_objects(verb), *prep_objects(slot)]
    prt = child(verb, "prt")  # "went up from 600 to 690"
    said += prep_objects(prt) if prt is not None else []
    said += [(p, o) for _, obj in said for p, o in prep_objects(obj)]  # "from 600 to 690"
    ends: dict[str, Token | str] = {}
    for prep, obj in said:
        if prep in ("from", "to") and not is_time(obj):
            ends.setdefault(prep, obj)
    return ends if len(ends) == 2 else numbers_changed(verb)


# Verbs that turn a thing into a new value with "to" alone: "changed the painkiller to X".
REPLACING = {"change", "switch"}


def unknown_after_to(token: Token) -> bool:
    """A word after "to" that the tagger read as a verb and no dictionary knows as one."""
    to = child(token, "aux")
    if token.pos_ != "VERB" or to is None or to.lower_ != "to" or len(list(token.children)) > 1:
        return False
    return not known_as(token.lower_, "VERB")


def value_misread(verb: Token) -> bool:
    """ "changed the painkiller to acetaminophen": the value after "to", taken for a verb,
    is no predicate of its own (ChangeFrames.changed_into reads it)."""
    return unknown_after_to(verb) and verb.head.lemma_ in REPLACING


def amount(token: Token) -> bool:
    """A value with a number in it: "10mg", "€470", "35 euro"."""
    return any(t.like_num for t in token.subtree)


def said_to(verb: Token) -> list[tuple[str, Token]]:
    """The verb's prepositions and their objects, with those of its particle ("went up to");
    the parser may hang the number on "up" with "to" as its modifier ("up to €470")."""
    said = prep_objects(verb) + [("to", o) for o in verb.children if to_number(o)]
    for part in verb.children:
        if part.dep_ == "prt" or part.dep_ == "advmod" and part.lower_ in ("up", "down"):
            said += prep_objects(part) + [("to", o) for o in part.children if to_number(o)]
    return said


def to_number(token: Token) -> bool:
    """A number the parser read with "to" as its modifier ("up to €470")."""
    return token.like_num and any(c.dep_ == "quantmod" and c.lower_ == "to" for c in token.children)


def numbers_changed(verb: Token) -> dict[str, Token | str] | None:
    """ "from 40 to 30 a week", "from 30 to 35 euro": the number after "from" and the one
    after "to" (with its unit, if one follows), in the verb's own words."""
    words = [t for t in verb.subtree if t.i > verb.i]
    for k, word in enumerate(words[:-3]):
        start, to, end = words[k + 1], words[k + 2], words[k + 3]
        if word.lower_ != "from" or not start.like_num or to.lower_ != "to" or not end.like_num:
            continue
        unit = words[k + 4] if k + 4 < len(words) else None
        if unit is not None and unit.head == end or unit is not None and unit.dep_ == "pobj":
            return {"from": start.text, "to": f"{end.text} {unit.text}"}
        return {"from": start.text, "to": end.text}
    return None


class ChangeFrames:
    """What SentenceFrames reads of a change of value."""

    reader: Reader
    frames: list[Frame]

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        raise NotImplementedError  # SentenceFrames.add

    def slot_changed(self, verb: Token, slot: Token, entity: str) -> bool:
        """ "changing my major from law to geography", "switched our shift from nights to
        days", "raising my rate from 30 to 35": the object names the slot, "to" its value
        now, "from" the one before."""
        if verb.lemma_ not in CHANGING | AMOUNT_CHANGING:
            return False
        if slot.lower_ == "it":  # "I'm on levothyroxine ... has just upped it to 75 mcg"
            slot = said_before(verb)
        elif child(slot, "poss", "det") is None:
            return False
        if slot is None or slot.pos_ != "NOUN":
            return False
        ends = changed_ends(verb, slot)
        if ends is None:
            return self.changed_into(verb, slot)
        self.changed_to(self.reader.owner(slot) or entity, slot, ends)
        return True

    def changed_into(self, verb: Token, slot: Token) -> bool:
        """ "the doctor changed the painkiller to acetaminophen", "increased the amlodipine
        to 10mg": only the value now is said; the thing changed is its owner's, else the
        speaker's (whose chat it is)."""
        if verb.lemma_ not in REPLACING | AMOUNT_CHANGING or slot.lemma_.lower() in PEOPLE:
            return False
        new = [o for p, o in prep_objects(verb) if p == "to" and not is_time(o)]
        if verb.lemma_ not in REPLACING:
            # "increased the amlodipine to 10mg", "bumped my rate to 35": an amount only
            new = [o for o in new if amount(o)]
        # ("changed the painkiller to acetaminophen": the tagger takes an unknown word after
        # "to" for a verb)
        new += [c for c in children(verb, "advcl", "xcomp") if unknown_after_to(c)]
        if not new or new[0].pos_ not in ("NOUN", "PROPN", "NUM") and not unknown_after_to(new[0]):
            return False
        owner = self.reader.owner(slot) or self.reader.speaker
        value = new[0].text if new[0].pos_ == "VERB" else self.branded(new[0])
        self.add(owner, f"role:{self.reader.role(slot)}", value)
        return True

    def amount_changed(self, verb: Token, slot: Token, plan: bool) -> bool:
        """ "rent goes up from 600 to 690", "my hours dropped from 40 to 30": the subject
        names the slot (the speaker's, unless someone's is said), "to" its value now."""
        if verb.lemma_ not in CHANGING | AMOUNT_CHANGING or slot.pos_ != "NOUN":
            return False
        if slot.lemma_.lower() in PEOPLE or child(verb, "dobj") is not None:
            return False  # "my sister moved from Braga to Porto" is a move, read elsewhere
        owner = self.reader.owner(slot) or self.reader.speaker
        ends = changed_ends(verb, slot)
        if ends is None:
            # "rent went up to €470": the new amount alone
            new = [o for p, o in said_to(verb) if p == "to" and amount(o)]
            if not new:
                return False
            value = self.reader.value(new[0]).removeprefix("to ")  # ("up to €470")
            self.add(owner, f"role:{self.reader.role(slot)}", value, plan=plan)
            return True
        self.changed_to(owner, slot, ends, plan)
        return True

    def changed_to(self, owner: str, slot: Token, ends: dict, plan: bool = False) -> None:
        role = f"role:{self.reader.role(slot)}"
        said = (ends["from"], ends["to"])
        old, new = (e if isinstance(e, str) else self.branded(e) for e in said)
        if not plan:
            self.add(owner, role, old, past=True)
        self.add(owner, role, new, plan=plan)

    def branded(self, token: Token) -> str:
        """A value with the name it is sold under: "Bellamy's organic", not "organic"."""
        maker = child(token, "poss")
        if maker is not None and maker.pos_ == "PROPN":
            return token.doc[maker.i : token.i + 1].text
        return self.reader.value(token)

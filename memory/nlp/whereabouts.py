"""Where people go and arrive, said with the verb of the journey: "Aoife landed in Buenos
Aires on Tuesday", "she has gone over the mountains to Santiago in Chile", "Tom reached Lima",
"she's off to Buenos Aires in March". Arriving is being there (`arrive_in`, which the
whereabouts answer reads); going is a trip to the place (`travels_to`), done or to come. A
part of memory.nlp.frames.SentenceFrames, kept apart for its size."""

from memory.nlp.endings import bare_place, gone_for, unknown_word
from memory.nlp.holdings import Frame
from memory.nlp.parse import Token, child
from memory.nlp.reader import Reader, is_time, prep_objects

# Verbs of arriving somewhere: "landed in Tokyo", "got in to Heathrow", "reached Lima".
ARRIVING = {"arrive", "land", "reach"}
# Verbs of a journey to a place, said with "to" ("flew to Oslo", "has gone over the
# mountains to Santiago"), or with "for" after leaving ("left for Rome last night").
GOING = {"go", "head", "fly", "travel", "drive", "sail"}


def named_place(token: Token, reader: Reader) -> bool:
    """A name that can be a place: written as a name, not a time, not a person known to
    the message ("went to Ana": a visit to someone, not a place)."""
    if is_time(token) or token.lower_ in ("me", "us", "him", "her", "them", "home"):
        return False
    # ("left for montpellier": in lower case, a word English does not have)
    named = token.pos_ == "PROPN" or token.text[:1].isupper()
    named = named or unknown_word(token)
    return named and reader.name_of(token) not in reader.people


class WhereaboutsFrames:
    reader: Reader
    frames: list[Frame]

    def add(self, subject: str, relation: str, value: str, **kw) -> None: ...

    def journey(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """Arrived somewhere, or gone to a place: where the subject is (or will be)."""
        lemma = verb.lemma_.lower()
        said = prep_objects(verb)
        if lemma in ARRIVING:
            places = [o for p, o in said if p in ("in", "at", "to")]
            if lemma == "reach" and child(verb, "dobj") is not None:
                places.insert(0, child(verb, "dobj"))
            relation = "arrive_in"
        elif lemma in GOING or (lemma == "leave" and child(verb, "dobj") is None):
            # (the place gone to, wherever it is said: not "over the mountains")
            places = [o for p, o in said if p == "to" or (p == "for" and lemma == "leave")]
            relation = "travels_to"
        else:
            return False
        if any(c.lower_ == "back" for c in verb.children):
            return False  # "went back to Lyon": home again, which the relation lexicon reads
        places = [o for o in places if named_place(o, self.reader)]
        if lemma == "leave":  # ("left for glasgow": bare, in lower case)
            places = places or [o for p, o in said if p == "for" and bare_place(o)]
        if not places:
            return False
        if lemma == "leave" and gone_for(verb) and not plan:
            relation = "lives_in"  # "lara left for montpellier": moved away, not a trip
        if lemma in GOING and left_a_town(verb):
            relation = "lives_in"  # "she leaves Stuttgart and goes to Munich in July": a move
        entity = self.reader.entity(subject)
        self.add(entity, relation, self.reader.value(places[0]), negated=neg, plan=plan)
        return lemma != "leave"  # ("Soren left for Calgary": gone from the user's life too)


def left_a_town(verb: Token) -> bool:
    """Whether the clause joined to `verb` leaves a named place ("leaves Stuttgart and goes
    to Munich", "left Oslo and flew to Bergen")."""
    joined = [verb.head] if verb.dep_ == "conj" else []
    joined += [c for c in verb.children if c.dep_ == "conj"]
    for other in joined:
        left = child(other, "dobj")
        if other.lemma_ == "leave" and left is not None and left.pos_ == "PROPN":
            return True
    return False

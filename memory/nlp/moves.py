"""Moves told without a new home of their own: a home to be moved out of is lived in until
then, one who moves in with others lives where they do, a home signed for is the signer's to
come, and an event moved in time is on its new date. A part of memory.nlp.frames (with
memory.nlp.homes), kept apart for its size."""

from memory.nlp.homes import DWELLINGS, HOME_NOUNS, MOVING, home_place, named, someones
from memory.nlp.parse import Token, child, children, governing_verb
from memory.nlp.reader import PEOPLE, Reader, is_time, prep_objects

# What one signs for a home ("signed a lease on a flat in Leith").
LEASES = {"lease", "contract", "tenancy", "rental", "agreement"}
# What moves an event in time ("pushed to March", "postponed till June").
RESCHEDULING = {"move", "push", "postpone", "reschedule", "delay", "bring", "shift", "change"}


class MoveFrames:
    """What SentenceFrames reads of moves told without a new home."""

    reader: Reader

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        raise NotImplementedError  # SentenceFrames.add

    def moved_in_time(self, verb: Token, thing: Token, neg: bool, plan: bool) -> bool:
        raise NotImplementedError  # HomeFrames.moved_in_time

    def moving_in_with(self, verb: Token, subject: Token, plan: bool) -> bool:
        """ "he's moving back in with mom and dad in laval for now": one who moves in with
        others lives where they do, the place said after them."""
        if verb.lemma_ not in MOVING or not any(
            c.lower_ == "in" for c in children(verb, "prt", "advmod")
        ):
            return False
        hosts = [o for p, o in prep_objects(verb) if p == "with"]
        held = [t for h in hosts for t in h.subtree if t.dep_ == "pobj" and t.head.lower_ == "in"]
        places = [t for t in held if named(t) and not is_time(t)]
        if not places:
            return False
        self.add(self.reader.entity(subject), "lives_in", self.reader.value(places[0]), plan=plan)
        return False  # (who it is with is read too)

    def place_left(self, home: Token) -> str:
        """ "the newtown flat", "the flat in Leith", "laureles": the place of a home left."""
        return self.reader.value(home_place(home) or home)

    def moving_out(self, verb: Token, subject: Token, plan: bool) -> bool:
        """ "they move out of the newtown flat on 1 april", "we're moving out of our place in
        Leith in May": a home to be left, with no new one said, is lived in until then."""
        if not plan or verb.lemma_ not in MOVING:
            return False
        out = [c for c in verb.children if c.lower_ == "out"]
        homes = [o for c in [verb, *out] for p, o in prep_objects(c) if p == "of"]
        homes = [h for h in homes if not is_time(h) and (home_place(h) or named(h))]
        homes = [h for h in homes if not someones(h)]
        if not homes:
            return False
        self.add(self.reader.entity(subject), "lives_in", self.place_left(homes[0]))
        return False  # (the lexicon reads the leaving)

    def signed_for(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "we signed a lease on a flat in Leith", "signed the contract for the house in
        Nõmme": a home signed for is where the signer is to live (memory.pipeline.realised
        makes it held once they move)."""
        obj = child(verb, "dobj")
        if verb.lemma_ != "sign" or neg or obj is None or obj.lemma_.lower() not in LEASES:
            return False
        # (the parser hangs "on a flat in Leith" on the verb as often as on the lease)
        said = [t for t in verb.subtree if t.i != obj.i and governing_verb(t) == verb]
        # (a home must be said: "signed a contract with Enea Astoria, a pro team in Poland"
        # is a job)
        if not any(t.lemma_.lower() in DWELLINGS | {"bedroom", "bed"} for t in said):
            return False
        places = [p for p in (home_place(t) for t in said) if p is not None]
        places += [t for t in said if t.dep_ == "pobj" and t.head.lower_ == "in" and named(t)]
        if not places:
            return False
        self.add(self.reader.entity(subject), "lives_in", self.reader.value(places[0]), plan=True)
        return True

    def rescheduled(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "trip pushed to march 6-8", "the party got moved to March 3rd", "the wedding was
        postponed till June": an event moved in time is on its new date."""
        if verb.lemma_ not in RESCHEDULING or child(verb, "dobj") is not None:
            return False
        if subject.pos_ != "NOUN" or subject.lemma_.lower() in PEOPLE | HOME_NOUNS:
            return False
        return self.moved_in_time(verb, subject, neg, plan)

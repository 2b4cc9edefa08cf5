"""Atomic facts from a dependency parse: every predicate with its subject becomes a frame
(entity, slot, value, polarity, time), whatever the sentence's shape.

- Entities: "I"/"we" are the speaker; "my sister" is "<speaker>'s sister"; "my sister Ana" is
  Ana (and a fact that Ana is the speaker's sister); he/she/they are the last person named.
- Slots come from the predicate: a role noun owned by someone ("my manager is Daniel", "Ana's
  husband is Tom", "a dog named Rex") is the slot `role:<noun>`; a verb with its particle and
  preposition is read by the relation lexicon ("works at", "joined", "moved to" -> canonical
  relations) and otherwise kept as `<verb>_<prep>`; a copula with an adjective or a bare noun
  is the slot `is` ("I'm vegetarian", "Ana is a nurse").
- Polarity and time: negation ("not", "never", "no longer", "anymore", "left", "quit") makes a
  negated fact; a future or planned change ("is moving next month", "will start in May",
  "plans to") is a plan (`plan:<slot>`), which does not replace today's value.
- Corrections ("Actually it's Max, not Rex") name the wrong value; the update step finds the
  fact holding it and corrects it.
"""

from lemminflect import getAllLemmas

from memory.nlp.animals import AnimalFrames
from memory.nlp.casing import is_first_name
from memory.nlp.changes import ChangeFrames, value_misread
from memory.nlp.copula import CopulaFrames
from memory.nlp.endings import EndingFrames
from memory.nlp.events import EventFrames
from memory.nlp.holdings import HIRING, SOMEONE, Frame, HoldingFrames
from memory.nlp.homes import HomeFrames, home_place
from memory.nlp.intro import agent
from memory.nlp.jobtalk import BareJobFrames
from memory.nlp.marks import over_until, told_earlier, used_to
from memory.nlp.members import thing_phrase
from memory.nlp.moves import MoveFrames
from memory.nlp.naming import MOVE_VERBS, NamingFrames
from memory.nlp.parse import Span, Token, child, children
from memory.nlp.parted import PARTING, in_progress
from memory.nlp.persons import LIVING, PersonFrames, age_beside, origin_beside
from memory.nlp.posts import PostFrames, edge_of_spell
from memory.nlp.predicates import (
    TIME_UNITS,
    TIME_WORDS,
    conj_verb,
    going_to,
    taken_up,
    written_as_name,
)
from memory.nlp.providers import ProviderFrames
from memory.nlp.reader import (
    ASPECT_VERBS,
    FIRST_PERSON,
    GENERIC_OBJECTS,
    LEAVE_VERBS,
    PLAN_VERBS,
    STOP_VERBS,
    THIRD_PERSON,
    Reader,
    called,
    is_plan,
    is_time,
    lexicon_reading,
    listed_gender,
    negated,
    prep_objects,
)
from memory.nlp.verbs import VerbFrames
from memory.nlp.whereabouts import WhereaboutsFrames
from memory.nlp.words import NUMBER_NAMES, PEOPLE, QUITTING, STAND_INS, WORKING

# What a "would" says of one's wishes ("I'd love to move"), which is no mere supposition.
WISHED = {"like", "love", "prefer", "want", "rather", "hate"}


# Verbs of a duty someone does for a household or a business ("Kofi does the deliveries"),
# and the words by which one takes it on from whoever did it ("ben's doing them now").
DUTIES = {"do", "handle", "drive", "cook", "clean", "run", "mind", "manage", "cover", "open"}
DUTIES |= {"close", "take_over"}
NOW_ON = {"now", "instead", "nowadays"}
# Verbs by which someone or something new comes in ("got the yacht club instead").
GOT_INSTEAD = {"get", "take", "hire", "sign", "win", "land", "find", "pick", "add", "gain"}


def hypothetical(verb: Token) -> bool:
    """ "callum would kill me", "she might quit", "we could move": supposed, not told."""
    modal = [a for a in children(verb, "aux") if a.tag_ == "MD"]
    supposed = any(a.lower_ in ("would", "'d", "might", "could") for a in modal)
    return supposed and verb.lemma_ not in WISHED


def at_a_name(place: Token) -> bool:
    """A place with a name: "Ridgeview High", "the école secondaire du Rivage"."""
    return place.pos_ == "PROPN" or any(c.pos_ == "PROPN" for c in place.children)


# Verbs of leaving, by the verb of the slot ("step_down", "transfer_to"): who does one may be
# replaced later in the message.
LEAVING = QUITTING | {"step", "transfer"}


# Verbs of meeting someone, who may be the "she" of what follows.
MEETING = {"meet", "see", "visit", "run", "bump", "call", "phone", "ring", "text", "message"}


class SentenceFrames(
    NamingFrames,
    HoldingFrames,
    EventFrames,
    EndingFrames,
    VerbFrames,
    HomeFrames,
    MoveFrames,
    PersonFrames,
    PostFrames,
    BareJobFrames,
    CopulaFrames,
    ChangeFrames,
    AnimalFrames,
    WhereaboutsFrames,
    ProviderFrames,
):
    """The frames of one sentence, read predicate by predicate."""

    def __init__(self, sent: Span, reader: Reader) -> None:
        self.sent = sent
        self.reader = reader
        self.frames: list[Frame] = []
        self.past_now = False  # the predicate being read is said of the past
        self.they: list[str] = []  # whom the "they" being read stands for, if several

    def read(self) -> list[Frame]:
        for token in self.sent:
            if self.met(token) or self.known_person(token):
                # "had dinner with Pedro tonight. he ...", "saw Rui at the gym, he's ...",
                # "News from Hamza: he ...": a person met, seen or spoken of before is who a
                # later pronoun may name, in the order said.
                self.reader.remember([self.reader.name_of(token)])
            elif self.accompanied(token):  # "came up with his wife, ... she runs a shop"
                # (and the one whose she is: "met Ronald's mother ... he wants to ...")
                owner = self.reader.owner(token)
                named = [owner] if owner and owner[:1].isupper() and " " not in owner else []
                self.reader.remember([*named, self.reader.entity(token)])
            if called(token) is not None:
                self.named_origin(called(token))
            if token.pos_ == "PROPN" and token.dep_ == "pobj" and token.head.lower_ in ("in", "to"):
                self.reader.last_place = self.reader.value(token)
            home = home_place(token)
            if home is not None:
                self.reader.last_home = self.reader.last_place = self.reader.value(home)
            verbal = token.pos_ in ("VERB", "AUX") and token.dep_ not in ("aux", "auxpass")
            verbal = verbal and token.i not in self.reader.values
            # The tagger sometimes reads a verb as a noun ("Mary and Bob work at UPS").
            if verbal or (token.dep_ == "ROOT" and children(token, "nsubj")) or conj_verb(token):
                self.predicate(token)
            elif token.dep_ == "appos" and token.pos_ == "PROPN":
                self.apposition(token)
            elif token.dep_ == "appos" and token.pos_ == "NOUN":
                self.role_apposed(token)
            elif self.unattached_name(token) is not None:
                # "my girlfriend Inês is a nurse" parsed with the role hanging off the verb:
                # an owned role noun followed by a name that depends on neither is still
                # that name's role.
                name = self.unattached_name(token)
                self.add(self.reader.owner(token), f"role:{self.reader.role(token)}", name)
            if token.text == ":":
                self.labelled_list(token)
            self.studies_misread(token)
            if token.lemma_ == "propose" and token.dep_ == "acl" and token.head.pos_ == "PROPN":
                self.proposed(token, token.head, False)  # ("SIONE PROPOSED", read as a name's)
            self.named_group(token)
            self.named_fragment(token)
            self.taken_on_named(token)
            self.new_one_named(token)
            self.sent_instead(token)
            self.new_home_said(token)
            self.owned_home(token, home)
            self.home_listed(token)
            self.moved_bare(token)
            self.here_in(token)
            self.named_animal(token)
            self.named_since(token)
            self.titled_alone(token)
            titled = self.reader.titled_role(token)
            if titled is not None:  # "landlord Mr Deng came round"
                self.reader.remember([titled[0]])  # ("Ishida and wife Yumiko ... he carves")
                self.add(titled[0], titled[1], self.reader.name_of(token))
            self.first_spell(token)
            self.last_spell(token)
            years = age_beside(token)
            if years:
                self.add(self.reader.entity(token), "age", years)
                home = origin_beside(token)
                if home is not None:
                    self.add(self.reader.entity(token), "be_from", self.reader.value(home))
        self.jobs_told_bare()
        return self.frames

    def known_person(self, token: Token) -> bool:
        """A name earlier messages spoke of as a person, said in a headline with no verb of
        its own ("News from Hamza: he ...", "Update on Gran."): who a pronoun after it
        names."""
        if token.pos_ != "PROPN" or token.dep_ != "pobj":
            return False
        top = next((a for a in token.ancestors if a.pos_ in ("NOUN", "PROPN")), None)
        if top is None or not (top.dep_ == "dep" or top.dep_ == "ROOT"):
            return False
        return self.reader.name_of(token) in self.reader.known

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        if value and not any(c.isalnum() for c in value):
            return  # the tagger took a full stop for a name ("in Dundee. used to ...")
        if value and value.lower() in ("the", "a", "an", "this", "that", "my", "our"):
            return  # a phrase the parser cut after its article ("picked for the under 8s ...")
        if relation == "works_for" and value[:1].isdigit():
            return  # "started as a deckhand at 16": an age, not an employer
        if relation.removeprefix("role:") in TIME_UNITS:
            return  # "Volunteer, 6 years. Commander: Zbigniew": no one is a year
        if relation.startswith("role:") and relation.split()[-1].removeprefix("role:") in SOMEONE:
            if any(t.lemma_ in HIRING and t.pos_ == "VERB" for t in self.sent):
                relation = "role:employee"  # "we hire young guy, Jesús, for the press"
        if relation == "age" and subject.lower() in TIME_WORDS:
            return  # "starting April 7": a day, not an age
        if relation in ("lives_in", "works_for") and subject.lower().rstrip("s") in TIME_WORDS:
            return  # "Thursday is the day I visit my sister in Sandsend": no one lives there
        if subject and relation:
            kw.setdefault("past", self.past_now and not kw.get("negated"))
            self.frames.append(Frame(subject, relation, value, **kw))
            if subject in self.they:  # ("they" said of two people: the others too)
                others = [o for o in self.they if o != subject and o != value]
                self.frames += [Frame(o, relation, value, **kw) for o in others]
            said = not kw.get("negated") and not kw.get("plan")
            if relation.split("_")[0] in LEAVING and said:
                self.reader.leavers.append(subject)  # "Sorina quit": someone may replace her
            stand_in = (
                relation.removeprefix("role:") in STAND_INS and subject == self.reader.speaker
            )
            if stand_in and said and self.reader.leavers:
                # "Sindre transferred to Narvik. replacement is Ali": Ali replaces Sindre
                self.frames.append(Frame(value, "replace", self.reader.leavers[-1]))
            # The person spoken of last, for "he"/"she" later in the same message: a named
            # role's holder ("my flatmate's called Euan, he's a nurse"), else the subject.
            person = value if relation.startswith("role:") or relation == "is_called" else ""
            # ("the evening one is Mehmet. He comes from Turkey": whoever a name says)
            person = person or (value if relation == "is" and is_first_name(value) else "")
            named = written_as_name(person)
            if relation.startswith("role:") and named:
                self.reader.learn_gender(person, relation.removeprefix("role:"))
            self.reader.remember([person if named else subject])

    @staticmethod
    def accompanied(token: Token) -> bool:
        """Someone of someone's, unnamed, come along with ("with his wife") or met ("I met
        Ronald's mother at the market, she sells matooke")."""
        if token.pos_ != "NOUN" or child(token, "poss") is None:
            return False
        if token.dep_ == "dobj":
            return token.head.lemma_ in MEETING and token.lemma_.lower() in PEOPLE
        return token.dep_ == "pobj" and token.head.lower_ == "with"

    def predicate(self, verb: Token) -> None:
        if verb.dep_ == "acl" and self.born(verb, verb.head, False):
            return  # "baby girl born tonight": born, with no verb around it
        if verb.dep_ == "acl" and self.parted_with(verb, verb.head):
            return  # "ps5 sold.": sold, with no verb around it
        subjects = self.reader.said_by(verb)
        if not subjects and verb.dep_ == "advcl" and verb.tag_ == "VBG":
            # "took in a kitten, calling her Mrvica": who does the clause it hangs from
            subjects = self.reader.said_by(verb.head)
        if (
            not subjects
            and verb.dep_ in ("ccomp", "acomp")
            and verb.tag_ == "VBD"
            and verb.i > verb.head.i
        ):
            # "I'm Ben, 33, spent ten years as a line cook": a list of what one is and did
            subjects = self.reader.said_by(verb.head)
        if not subjects or hypothetical(verb):
            return
        comp = child(verb, "xcomp")
        if comp is not None and verb.lemma_ in ASPECT_VERBS and child(comp, "dobj") is not None:
            return  # "stopped learning German": the xcomp is the predicate
        if verb.dep_ == "xcomp" and verb.head.lemma_ in ASPECT_VERBS and not child(verb, "dobj"):
            return  # "stopped running": the aspect verb's habit frame has it
        if verb.lemma_ == "use" and used_to(child(verb, "xcomp")):
            return  # "I used to live in X": the xcomp is the predicate, said of the past
        if going_to(verb):
            return  # "Ana is going to move to Madrid": the xcomp is the predicate, planned
        if value_misread(verb):
            return  # "changed the painkiller to acetaminophen": a value, not a verb
        self.past_now = used_to(verb) or over_until(verb) or told_earlier(verb)
        neg, plan = negated(verb), is_plan(verb)
        if verb.dep_ in ("xcomp", "advcl") and is_plan(verb.head):
            plan = True  # "is coming to stay with us in December"
        if verb.dep_ == "xcomp" and going_to(verb.head):
            neg = neg or negated(verb.head)  # "I'm not going to move to Madrid"
        if verb.dep_ == "xcomp" and verb.head.lemma_ in WISHED:
            # "I'd love to move to Spain": wished for, not done
            plan = plan or any(a.tag_ == "MD" for a in children(verb.head, "aux"))
        if verb.dep_ == "xcomp" and verb.head.lemma_ in PLAN_VERBS | ASPECT_VERBS:
            # "I don't plan to move"; "I stopped learning German" ends learning German.
            neg = neg or negated(verb.head) or verb.head.lemma_ in STOP_VERBS
        # ("moved into a flat in Velachery with two girls from my office": lived with)
        moved_into = verb.lemma_ in ("move", "shift") and any(
            p == "into" for p, _ in prep_objects(verb)
        )
        # (not with asides in brackets, which break the list: "with joaquín (argentine,
        # ski instructor), saoirse (irish) and ben")
        moved_into = moved_into and not any(t.text == "(" for t in verb.sent)
        if (verb.lemma_ in LIVING or moved_into) and not neg:
            self.housemates(verb, subjects, plan)
        if verb.lemma_ == "move" and not neg and not plan:
            self.moved_in(verb, subjects)
        together = [s for s in subjects if s.pos_ == "PROPN" or s.lower_ in PEOPLE]
        if len(subjects) > 1 and len(together) == len(subjects):
            self.reader.pair = [self.reader.entity(s) for s in subjects]
        for subject in subjects:
            # ("mum and ray arrived! they're renting in Nightcliff": both of them)
            they = subject.lower_ == "they" and self.reader.entity(subject) in self.reader.pair
            self.they = self.reader.pair if they else []
            hired = verb.lemma_ in ("get", "take", "accept", "start", "land")
            if not neg and (not hired or lexicon_reading(*self.lemmas(verb)) is None):
                self.jobs(verb, subject, plan)  # (the lexicon reads "got a job at X")
            if self.proposed(verb, subject, neg):
                continue
            if self.naming(verb, subject, neg) or self.appointed(verb, subject, neg, plan):
                continue
            if self.took_post(verb, subject, neg, plan):
                continue
            self.took_over(verb, subject, neg, plan)
            self.handed_over(verb, subject, neg, plan)
            if self.spent(verb, subject, neg, plan):
                continue
            if self.offered(verb, subject, neg):
                continue
            if self.transferred(verb, subject, neg, plan):
                continue
            self.lives_and(verb, subject, neg, plan)
            if self.moved_home(verb, subject, neg, plan) or self.rented(verb, subject, neg, plan):
                continue
            if self.signed_for(verb, subject, neg):
                continue
            self.course_in(verb, subject, neg, plan)
            if self.lessons(verb, subject, neg, plan) or self.studied(verb, subject, neg, plan):
                continue
            if self.work_done(verb, subject, neg, plan):
                continue
            if self.birth(verb, subject, neg):
                continue
            self.bought_home(verb, subject, neg)
            if not plan and (self.perished(verb, subject, neg) or self.swapped(verb, subject)):
                continue
            # ("going to trade the Myvi for an Ativa": the Myvi is had until then)
            told_ahead = plan and verb.dep_ == "xcomp" and not neg
            if told_ahead and self.swapped(verb, subject, plan=True):
                continue
            if not neg and (self.flat_is(verb, subject) or self.took_room(verb, subject)):
                continue
            if verb.lemma_ == "be" and self.copula(verb, subject, neg, plan):
                continue
            if self.possession(verb, subject, neg, plan):
                continue
            if not neg and self.amount_changed(verb, subject, plan):
                continue
            aspect = verb.lemma_ in ASPECT_VERBS or taken_up(verb)  # "took up knitting"
            if aspect and self.habit(verb, subject, neg, plan):
                continue
            if self.journey(verb, subject, neg, plan):
                continue
            if self.switched_provider(verb, subject, neg, plan):
                continue
            leaving = verb.lemma_ in LEAVE_VERBS or verb.lemma_ == "stop" and job_object(verb)
            leaving = leaving or stepped_off(verb)
            if leaving and self.departure(verb, subject, plan):
                continue
            if self.ending(verb, subject, neg, plan):
                continue
            if not (neg or plan):
                self.got_instead(verb, subject)
            if self.acquisition(verb, subject, plan) or self.members(verb, subject, plan):
                continue
            if self.joined(verb, subject, neg, plan):
                continue
            if self.rescheduled(verb, subject, neg, plan):
                continue
            found = lexicon_reading(*self.lemmas(verb))
            if found is not None and found.relation != "is_called":
                self.from_lexicon(verb, subject, found, neg, plan)
                continue
            losing = verb.lemma_ in PARTING | {"run", "put", "go", "bury"}
            # ("we are buying a condo and selling the Winnebago": ours until it is sold)
            plan = plan or verb.lemma_ in PARTING and in_progress(verb)
            if losing and self.loss(verb, subject, plan):
                continue
            if self.ended_tie(verb, subject, neg, plan):
                continue
            if verb.lemma_ == "turn":  # "Priya turned 7 yesterday"
                years = next((c for c in verb.children if c.pos_ == "NUM"), None)
                said = years.lower_ if years is not None else ""
                age = said if said.isdigit() else str(NUMBER_NAMES.get(said, ""))
                if age:  # ("Sofía turned seven yesterday")
                    self.add(self.reader.entity(subject), "age", age, plan=plan)
                    continue
            self.verbal(verb, subject, neg, plan)
        self.scheduled(verb, neg, plan)

    def joined(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "a new lady has joined, Irena": someone joined, with no group named; the update
        gives them the group the user spoke of last (holders.joined)."""
        if verb.lemma_ != "join" or subject.i == verb.i or subject.lower_ in FIRST_PERSON:
            return False
        held = [o for p, o in prep_objects(verb) if p == "as" and o.pos_ == "NOUN"]
        if held and child(verb, "dobj") is None:
            # "my cousin Meron joined as student this week": one more of the user's students
            role = f"role:{self.reader.role(held[0])}"
            self.add(self.reader.speaker, role, self.reader.entity(subject), plan=plan, multi=True)
            return True
        if child(verb, "dobj", "prep") is not None:
            return False
        self.add(self.reader.entity(subject), "member_of", "", negated=neg, plan=plan)
        return True

    def got_instead(self, verb: Token, subject: Token) -> None:
        """ "Lost Café Kinnen, they closed. Got the new yacht club in Remich instead.": what is
        got "instead" takes the place of the one just lost (memory.pipeline.successors)."""
        instead = any(c.lower_ == "instead" for c in verb.children)
        obj = child(verb, "dobj")
        if not instead or obj is None or verb.lemma_ not in GOT_INSTEAD or not self.reader.leavers:
            return
        if self.reader.entity(subject) == self.reader.speaker:
            value = thing_phrase(obj, self.reader.value(obj))
            self.frames.append(Frame(value, "replace", self.reader.leavers[-1]))

    def role_said_before(self, token: Token) -> tuple[str, str] | None:
        owned = [
            t
            for t in token.doc[: token.i]
            if t.pos_ == "NOUN" and child(t, "poss") is not None and t.lower_ not in ("one", "name")
        ]
        owner = self.reader.owner(owned[-1]) if owned else None
        return (owner, f"role:{self.reader.role(owned[-1])}") if owner else None

    def owned_role(self, token: Token) -> tuple[str, str] | None:
        """(owner, role:<noun>) for "my manager", "Ana's husband", "my dog's name"."""
        if token.lower_ == "one" and child(token, "amod") is not None:
            # "my previous landlord was Mr Okafor, the new one is Mrs Lund": the role said last
            # (or only named: "our social worker changed ... the new one is mr vasiliu")
            return self.reader.last_role or self.role_said_before(token)
        if token.pos_ != "NOUN" and not (token.pos_ == "PROPN" and token.is_lower):
            return None  # (a lower-case "PROPN" is a noun the tagger misread: "new housemate")
        if edge_of_spell(token):
            return None  # "Kyle's last day was friday" is a spell (persons.py), not a role
        role = self.reader.role(token)
        inner = child(token, "poss")
        if role == "name" and inner is not None and inner.lower_ in THIRD_PERSON | {"its"}:
            if self.reader.last_thing:  # "We got a puppy. Her name is Luna."
                return self.reader.last_thing[0], f"role:{self.reader.last_thing[1]}"
        owner = self.reader.owner(token)
        if not owner:
            return None
        if role == "name" and inner is not None and inner.pos_ == "NOUN":
            # "my dog's name is Rex": the dog is the role, its name the value.
            outer = self.reader.owner(inner)
            if outer:
                return outer, f"role:{self.reader.role(inner)}"
        if role == "name":
            # "my neighbour brings me soup, his name is Pavel": the neighbour is Pavel
            holder, _, held = owner.rpartition("'s ")
            return (holder, f"role:{held}") if holder and held else (owner, "is_called")
        self.reader.last_role = owner, f"role:{role}"
        return self.reader.last_role

    def given_up(self, verb: Token, entity: str, relation: str, plan: bool = False) -> bool:
        """ "switched from the mobile team to the payments team", "changing my major from law
        to geography": the value is where the subject went; where they came from is that
        slot's value no longer."""
        places = [(p, o) for p, o in prep_objects(verb) if not is_time(o)]
        left = [o for p, o in places if p == "from"]
        if verb.lemma_ in MOVE_VERBS and left and not plan:  # "moved here from Rennes in 2023"
            self.add(entity, "lives_in", self.reader.value(left[0]), past=True)
        elif verb.lemma_ in MOVE_VERBS and left and not negated(verb):
            # "they intend to move from Brno to Olomouc in the spring": Brno is home till then
            self.add(entity, "lives_in", self.reader.value(left[0]))
        if not any(p in ("to", "into") for p, _ in places):
            return False
        for old in left if not plan else []:  # a move to come leaves nothing yet
            self.add(entity, f"{relation}_to", self.reader.value(old), negated=True)
        return bool(left)

    def verbal(self, verb: Token, subject: Token, neg: bool, plan: bool) -> None:
        obj = child(verb, "dobj", "attr", "oprd", "acomp") or lone_word(verb)
        if obj is not None and obj.lower_ == "it" and verb.lemma_ == "do":
            obj = chore_before(verb) or obj  # "Kinga stopped the shopping and Bartek does it"
        target = verb
        entity = self.reader.entity(subject)
        prt = child(target, "prt")
        relation = target.lemma_.lower() + (f"_{prt.lower_}" if prt is not None else "")
        if relation == "have":
            relation = "has"  # one slot for what is had, however the object was read
        if obj is not None and self.thing_moved(target, neg, plan):
            return
        if obj is not None and self.slot_changed(target, obj, entity):
            return
        if obj is not None:
            for value in [obj, *[c for c in obj.children if c.dep_ == "conj"]]:
                if called(value) is not None:  # "brought home a hamster called Bolacha"
                    role = f"role:{self.reader.role(value)}"
                    self.add(entity, role, self.reader.value(value), negated=neg, multi=True)
                    # ... and what was brought is a hamster, as said
                    self.add(entity, relation, value.text, negated=neg, plan=plan)
                    continue
                # ("ben's doing the deliveries now": a duty one person does, taken on)
                sole = relation in DUTIES and any(c.lower_ in NOW_ON for c in target.children)
                value_said = self.reader.value(value)
                self.add(entity, relation, value_said, negated=neg, plan=plan, sole=sole)
            self.given_up(target, entity, relation, plan)
            # "sharing a flat with two Germans": who or what the act was with is a slot too
            for prep, other in prep_objects(target):
                # not an organisation ("finalising a deal with FC Barcelona" says nothing
                # the membership slots do not): a person, or a common noun
                named = other.pos_ == "PROPN" and not listed_gender(self.reader.name_of(other))
                if prep in ("with", "for", "to") and not is_time(other) and not named:
                    value = self.reader.value(other)
                    self.add(entity, f"{relation}_{prep}", value, negated=neg, plan=plan)
                elif prep == "at" and relation in WORKING and at_a_name(other):
                    # "I teach physics at Ridgeview High": where one works by what one does
                    value = self.reader.value(other)
                    self.add(entity, f"{relation}_at", value, negated=neg, plan=plan)
            return
        places = [(p, o) for p, o in prep_objects(target) if not is_time(o)]
        jobs = [o for p, o in places if p == "as" and agent(o.lower_)]
        if jobs:  # "he's freelancing as an accountant", "started as a deckhand at 16"
            self.add(entity, "works_as", self.reader.kind(jobs[0]), negated=neg, plan=plan)
            places = [(p, o) for p, o in places if p != "as"]
        moved = [(p, o) for p, o in places if p in ("to", "into")]
        if self.given_up(target, entity, relation, plan):
            places = moved
        if places:
            prep, obj = places[0]
            value = self.reader.value(obj)
            self.add(entity, f"{relation}_{prep}", value, negated=neg, plan=plan)
        elif jobs:
            return
        elif target.pos_ == "VERB" and target.lemma_ not in ("be", "have", "do", "get"):
            self.add(entity, relation, "", negated=neg, plan=plan)  # "I run", "she quit"


def chore_before(verb: Token) -> Token | None:
    """The chore a "does it" stands for: the last "-ing" noun said before it ("stopped the
    shopping", "offered to do the cooking")."""
    for token in reversed(verb.doc[: verb.i]):
        ing = token.pos_ in ("NOUN", "ADJ") and token.lower_.endswith("ing")  # ("the ironing")
        if ing and token.dep_ in ("dobj", "pobj"):
            return token
    return None


def job_object(verb: Token) -> bool:
    """ "had to stop the bookstore job": a verb of stopping whose object is a job."""
    obj = child(verb, "dobj")
    return obj is not None and obj.lemma_ in GENERIC_OBJECTS


def lone_word(verb: Token) -> Token | None:
    """ "I started keto": an unknown word the tagger took for a verb after another verb, which
    is that verb's object."""
    comp = child(verb, "xcomp")
    if comp is None or list(comp.children) or comp.tag_ not in ("VBN", "VB"):
        return None
    return comp if "VERB" not in getAllLemmas(comp.lower_) else None


def stepped_off(verb: Token) -> bool:
    """ "stepped off the committee", "stood down from the board": left, as "left" says."""
    if verb.lemma_ not in ("step", "stand"):
        return False
    particles = {c.lower_ for c in verb.children if c.dep_ in ("prt", "prep")}
    return bool(particles & {"off", "down"})

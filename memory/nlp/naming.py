"""Frames that name people and things: "my sister Ana", "a guy called Jorge from Sintra",
"two part-timers, Kyle and Marisol", "my dog is called Rex", "we named the puppy Max",
"she's named it Pickle" (the thing said before takes the name: renamed.with_names), and the
names met along the way that a later "he" or "she" may stand for."""

from memory.nlp.casing import english_nouns, is_first_name
from memory.nlp.counted import counted, name_opening_next, names_after
from memory.nlp.holdings import Frame
from memory.nlp.intro import agent
from memory.nlp.parse import Span, Token, child, children, governing_verb
from memory.nlp.posts import SPELLS
from memory.nlp.predicates import name_gender
from memory.nlp.pronouns import looks_named, name_like
from memory.nlp.reader import (
    FIRST_PERSON,
    NAMING_VERBS,
    PEOPLE,
    SUBJECTS,
    Reader,
    is_plan,
    is_time,
    prep_objects,
)
from memory.nlp.renamed import GIVEN, GIVEN_TO, given
from memory.nlp.words import COLLECTIVES, STAFF, THIRD_PERSON

# prepositions that take places ("the gym by Vefa"), not people met
PLACE_PREPS = {"in", "at", "near", "from", "of", "by", "behind", "opposite", "outside", "past"}
MOVE_VERBS = {"move", "relocate", "emigrate"}
TRAVEL_VERBS = {"go", "fly", "travel", "drive", "come", "return", "head", "get", "be", "trip"}


# Posts that are no agent noun nor a word for kin ("Pekka (my deputy, 64)").
POSITIONS = {"deputy", "captain", "cox", "chair", "secretary", "tenant", "lodger", "skipper"}
POSITIONS |= {"lead", "head", "chief", "vice-captain", "treasurer", "flatmate", "housemate"}


class NamingFrames:
    """Mixed into SentenceFrames (frames.py), whose `add`, `reader` and `sent` these use."""

    sent: Span
    reader: Reader
    frames: list[Frame]

    def role_apposed(self, role: Token) -> None:
        """ "Pekka (my deputy, 64)", "Ines, our treasurer, ...": an owned role set beside a
        name is the name's."""
        name = role.head
        if child(role, "poss") is None or not (name.pos_ == "PROPN" or looks_named(name)):
            return
        owner = self.reader.owner(role)
        # (of a word for someone: "Nando's (my treat)" names no one's role)
        someone = role.lemma_.lower() in PEOPLE | STAFF or agent(role.lower_)
        if owner and (someone or role.lower_ in POSITIONS):
            self.add(owner, f"role:{self.reader.role(role)}", self.reader.name_of(name))

    def apposition(self, name: Token) -> None:
        """ "my sister Ana", "Tom, Ana's husband": the name fills the owner's role."""
        head = name.head
        self.successor(name)
        owner = self.reader.owner(head)
        clause = governing_verb(head)
        mine = clause is not None and any(
            s.lower_ in ("i", "we") for s in children(clause, "nsubj")
        )
        # ("started working with a running coach, dolores": chat drops the "I")
        mine = mine or clause is not None and self.reader.said_by(clause) == [clause]
        if owner is None and mine and head.lemma_.lower() in PEOPLE:
            owner = self.reader.speaker  # "now I train with a new coach, Ifeoma"
        # "we're going to buy an electric car, probably a Renault Zoe": the name is as
        # planned as the predicate it hangs from.
        verb = governing_verb(name)
        plan = verb is not None and (
            is_plan(verb) or (verb.dep_ in ("xcomp", "advcl") and is_plan(verb.head))
        )
        # ("our son Ren is moving to Tokyo": who does the planned thing is no plan)
        # (nor is one of those who do it: "he and his wife Bethan are coming up")
        doer = head.dep_ in SUBJECTS or head.dep_ == "conj" and head.head.dep_ in SUBJECTS
        plan = plan and not doer
        # ("my nan Edna": a role the tagger took for a name)
        role_word = head.pos_ == "NOUN" or child(head, "poss") is not None and head.lower_ in PEOPLE
        if role_word and owner:
            held = self.reader.role(head)
            # ("new committee member: Zoltán" joins the others on it)
            self.add(
                owner,
                f"role:{held}",
                self.reader.name_of(name),
                plan=plan,
                multi=held in COLLECTIVES,
            )
        elif head.pos_ == "PROPN":
            role = name  # "Tom, Ana's husband" parses the other way round
            owner = self.reader.owner(role)
            if owner and role.pos_ == "NOUN":
                self.add(owner, f"role:{self.reader.role(role)}", self.reader.name_of(head))

    def named_origin(self, name: Token) -> None:
        """ "a guy called Jorge from Sintra": what is said of the name where it is given."""
        for prep, obj in prep_objects(name.head):
            if obj.pos_ == "PROPN":
                relation = self.place_relation(prep, obj)
                self.add(self.reader.name_of(name), relation, self.reader.value(obj))

    @staticmethod
    def met(token: Token) -> bool:
        """A name in an object position that places do not take: the object of a verb or of
        "with", or a name joined to one ("with Pedro and Marta")."""
        if token.pos_ != "PROPN" or token.dep_ in ("compound", "flat") or is_time(token):
            return False
        head = token
        while head.dep_ in ("conj", "appos") and head.head != head:
            head = head.head  # "with Pedro and Marta", "married an English fellow, Graham"
        if head.dep_ == "dobj":
            # Not a word inside a name ("Escola Básica do Restelo" parses "do" as a verb).
            verb = head.head
            inside = verb.i > 0 and verb.doc[verb.i - 1].pos_ == "PROPN" and verb.is_lower
            inside = inside and not children(verb, "nsubj")  # ("Reena married ...": a verb)
            return verb.pos_ == "VERB" and not inside
        if head.dep_ == "oprd":  # "a guy called Jorge"
            return head.head.lemma_ in NAMING_VERBS
        if head.dep_ == "pobj" and head.head.dep_ == "agent":
            return True  # who did it: "donations collected by Mrs Ooi, she is ..."
        if head.dep_ != "pobj" or head.head.lower_ in PLACE_PREPS:
            return False
        if head.head.lower_ == "with":
            return True
        # "remarried last weekend, to Troy. he's ...": a first name after another preposition,
        # but not where one goes ("moved to Florence")
        going = head.head.lower_ == "to" and head.head.head.lemma_ in MOVE_VERBS | TRAVEL_VERBS
        return not going and bool(name_gender(token.text))

    def named_fragment(self, token: Token) -> None:
        """ "got a puppy!! a grey girl called Sol": a sentence that is only "a <noun>
        called <Name>" names the thing said before it, as "we called her Sol" would."""
        if token.dep_ != "ROOT" or token.pos_ != "NOUN" or child(token, "det") is None:
            return
        if child(token, "det").lower_ not in ("a", "an"):
            return
        acl = next((c for c in children(token, "acl") if c.lemma_ in NAMING_VERBS), None)
        name = child(acl, "oprd") if acl is not None else None
        if name is not None and name.pos_ == "PROPN":
            self.add("it", GIVEN, self.reader.name_of(name))

    def taken_on_named(self, token: Token) -> None:
        """ "Taking on an apprentice. Tayla, 17, from Uralla.": a sentence without a verb
        that is a name and an age names the someone the sentence before took on unnamed."""
        det = child(token, "det")
        if token.dep_ == "dobj" and token.pos_ == "NOUN" and det is not None:
            someone = token.lemma_.lower() in PEOPLE or agent(token.lower_)
            said = children(token.head, *SUBJECTS)
            ours = not said or said[0].lower_ in FIRST_PERSON
            if det.lower_ in ("a", "an") and someone and ours and not children(token, "appos"):
                self.reader.last_unnamed = self.reader.speaker, f"role:{self.reader.role(token)}"
            return
        if token.dep_ != "ROOT" or self.reader.last_unnamed is None:
            return
        ages = [c for c in token.children if c.dep_ == "appos" and c.tag_ == "CD"]
        verbless = not any(t.pos_ in ("VERB", "AUX") for t in self.sent)
        if not ages or not verbless or not (token.pos_ == "PROPN" or name_like(token)):
            return
        owner, role = self.reader.last_unnamed
        self.reader.last_unnamed = None
        name = self.reader.name_of(token)
        self.add(owner, role, name, multi=True)
        if ages[0].text.isdigit() and 0 < int(ages[0].text) < 110:
            self.add(name, "age", ages[0].text)
        for prep, place in prep_objects(token):
            if prep == "from" and place.pos_ == "PROPN":
                self.add(name, "be_from", self.reader.value(place))

    def new_one_named(self, token: Token) -> None:
        """ "New student from today, Mekdes, she is a nurse": a new one of the user's people,
        said without a verb, and their name after a comma, is one more holder of that role."""
        if token.pos_ != "NOUN" or not any(c.lower_ == "new" for c in children(token, "amod")):
            return
        # (or read as a subject beside the pronoun that follows the name: "..., Chenda, she")
        doubled = token.dep_ == "nsubj" and len(children(token.head, "nsubj")) > 1
        opened = name_opening_next(token) if token.dep_ == "nsubj" else ""
        if opened and not child(token, "poss", "det") and token.lemma_.lower() in STAFF | PEOPLE:
            # "New apprentice starts Monday. Bradley. Knows nothing.": named next
            self.add(self.reader.speaker, f"role:{self.reader.role(token)}", opened, multi=True)
            return
        if token.dep_ not in ("ROOT", "dep", "npadvmod") and not doubled:
            return
        if child(token, "poss", "det"):
            return
        if not (token.lemma_.lower() in PEOPLE or agent(token.lower_)):
            return
        doc = token.doc
        for t in doc[token.i + 1 : min(token.i + 9, token.sent.end)]:
            if t.pos_ in ("VERB", "AUX"):
                return  # "new student started today": the verb's reading has it
            if doc[t.i - 1].text == "," and (t.pos_ == "PROPN" or name_like(t)):
                name = self.reader.name_of(t)
                self.add(self.reader.speaker, f"role:{self.reader.role(token)}", name, multi=True)
                self.reader.remember([name])
                return

    def named_group(self, token: Token) -> None:
        """ "two part-timers, Kyle and Marisol": a group of the speaker's people named in a
        sentence without a verb, as "my part-timers are Kyle and Marisol" would be; and a
        counted group named after its noun ("we have 2 kids, baraka 8 and zawadi 5")."""
        if counted(token):
            listed = names_after(token)
            owner = self.reader.owner(token) if child(token, "poss") else self.reader.speaker
            holder = child(token.head, *SUBJECTS) if token.dep_ == "dobj" else None
            if holder is not None and holder.lower_ not in FIRST_PERSON:
                return  # "She has two dogs, Rex and Max": hers, as holdings reads them
            for named in listed:
                self.add(owner, f"role:{self.reader.role(token)}", named.name, multi=True)
                if named.age:
                    self.add(named.name, "age", named.age)
            if listed:
                return
        if token.dep_ != "ROOT" or token.tag_ != "NNS" or token.lemma_ in SPELLS:
            return
        if any(t.pos_ in ("VERB", "AUX") for t in self.sent) or child(token, "poss"):
            return
        names = [c for c in token.children if c.dep_ in ("conj", "appos") and c.pos_ == "PROPN"]
        names += [c for n in names for c in n.subtree if c.dep_ == "conj" and c.pos_ == "PROPN"]
        if len(names) < 2:
            return
        role = f"role:{self.reader.role(token)}"
        for name in dict.fromkeys(names):
            self.add(self.reader.speaker, role, self.reader.name_of(name), multi=True)

    def titled_alone(self, token: Token) -> None:
        """ "coach is gary. assistant lorne. goalie kyle": a sentence of a role typed in lower
        case and a first name, nothing else, names the speaker's one in that role."""
        sent = token.sent
        words = [t for t in sent if not t.is_punct]
        if token.dep_ != "ROOT" or len(words) != 2 or words[1] != token:
            return
        role = words[0]
        if not (role.is_lower and role.is_alpha and role.dep_ in ("compound", "amod", "nmod")):
            return
        if not is_first_name(token.text) or role.lower_ not in english_nouns():
            return
        name = token.text[:1].upper() + token.text[1:]  # (not with the role: "assistant Lorne")
        self.add(self.reader.speaker, f"role:{self.reader.role(role)}", name)

    def unattached_name(self, token: Token) -> str | None:
        if token.pos_ != "NOUN" or child(token, "poss") is None or token.dep_ == "appos":
            return None
        if token.i + 1 >= len(token.doc) or not self.reader.owner(token):
            return None
        name = token.doc[token.i + 1]
        if name.pos_ != "PROPN" or name.head == token or token.head == name:
            return None
        if name.dep_ not in SUBJECTS or token.dep_ in SUBJECTS:
            return None
        return self.reader.name_of(name)

    def successor(self, name: Token) -> None:
        """ "Mihaela quit ... agency sent a new girl, Roxana", "put a woman in his place, the
        Licenciada Rocío Andrade": someone new takes the place of who left (said before in
        the message) or of whose place is named; the update gives them what that one did
        (successors.py)."""
        head = name.head
        new = any(c.lower_ == "new" for c in children(head, "amod"))
        verb = governing_verb(head)
        place = (
            next((o for p, o in prep_objects(verb) if o.lemma_ == "place"), None) if verb else None
        )
        whose = child(place, "poss") if place is not None else None
        left = self.reader.owner(place) if whose is not None else None
        if left is None and new and self.reader.leavers:
            left = self.reader.leavers[-1]
        if left and left != self.reader.speaker:
            self.add(self.reader.name_of(name), "replace", left)

    def sent_instead(self, name: Token) -> None:
        """ "Sandrine has left the agency ... they are sending a Nadia instead": someone
        named as coming "instead" takes the place of who left, said before in the message;
        "a young man called Gentian comes in her place" takes the place of whose it is."""
        holder, new = name, self.reader.name_of(name)
        if name.dep_ == "oprd" and name.head.dep_ == "acl":
            holder = name.head.head  # "a young man called Gentian"
        elif name.dep_ == "appos":
            holder = name.head  # "our cousin Odete will do the baking in her place"
        if name.pos_ != "PROPN" or holder.dep_ not in ("dobj", "nsubj", "nsubjpass", "attr"):
            return
        verb = governing_verb(holder)
        if verb is None:
            return
        # (the parser may hang "in her place" on what is done: "do the baking in her place")
        done = [po for thing in children(verb, "dobj") for po in prep_objects(thing)]
        place = next((o for p, o in prep_objects(verb) + done if o.lemma_ == "place"), None)
        whose = child(place, "poss") if place is not None else None
        if whose is not None and whose.lower_ in THIRD_PERSON and holder.dep_ == "nsubj":
            # ("his place" is bound to the clause's own subject: the place is of the one
            # spoken of before, or of who left)
            said = [p for p in self.reader.people if p != new and p != self.reader.speaker]
            left = (said or self.reader.leavers or [None])[-1]
            # ("Zita will do the salting in her place until Anita is back": not yet)
            later = any(a.lower_ in ("will", "'ll") for a in children(verb, "aux"))
        elif any(c.lower_ == "instead" for c in children(verb, "advmod")):
            left = (self.reader.leavers or [None])[-1]
            later = False  # ("are sending a Nadia instead, from Monday": the one who comes)
        else:
            return
        if left and left not in (new, self.reader.speaker) and name_like(name):
            self.add(new, "replace", left, plan=later)

    def naming(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "My dog is called Rex": the owner's role `dog` holds Rex."""
        if self.gave_name(verb, subject, neg):
            return True
        name = child(verb, "oprd", "attr")
        if verb.lemma_ not in NAMING_VERBS or name is None or verb.tag_ != "VBN":
            return False
        if any(c.lower_ == "being" for c in verb.children):
            return True  # "she hates being called a physio": no name, how one likes to be called
        if subject.lower_ in ("i", "we") and not children(verb, "nsubj", "nsubjpass"):
            return False  # "I co-founded a studio in Tallinn called Moss Rabbit": the studio
        owner = self.reader.owner(subject)
        if owner is None and subject.pos_ == "NOUN" and child(subject, "det") is None:
            owner = self.reader.speaker  # chat drops the "my": "new manager is called Duarte"
        value = self.reader.value(name)
        if owner and subject.pos_ == "NOUN":
            role = self.reader.role(subject)
            if role == "name":  # "my name is ..." is handled by the copula
                return False
            self.add(owner, f"role:{role}", value, negated=neg)
        else:
            self.add(self.reader.entity(subject), "is_called", value, negated=neg)
        return True

    def gave_name(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "we named the puppy Max": the namer's puppy is Max. "she's named it Pickle": the
        thing said before is (renamed.with_names gives the name to it); "they call me Bex":
        the speaker is called Bex."""
        found = given(verb)
        if found is None:
            return False
        thing, name = found
        if thing.lower_ in GIVEN_TO:
            self.add("it", GIVEN, name, negated=neg)
        elif thing.pos_ == "PRON":
            self.add(self.reader.entity(thing), "is_called", name, negated=neg)
        else:
            owner = self.reader.owner(thing) or self.reader.entity(subject)
            self.add(owner, f"role:{self.reader.role(thing)}", name, negated=neg)
        return True

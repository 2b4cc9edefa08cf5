"""Frames of what happens to people and things in someone's life: a child born ("had a
little girl on Thursday!! Róisín"), a thing that died or was replaced ("basil's finally
dead", "replaced it with a curry leaf"), lessons taken ("started hungarian lessons"). A part
of memory.nlp.frames.SentenceFrames, kept apart for its size."""

from memory.nlp.casing import english_words, inflected, is_first_name
from memory.nlp.holdings import Frame
from memory.nlp.lists import measured
from memory.nlp.parse import Token, child, children, sentence_after
from memory.nlp.predicates import name_gender
from memory.nlp.reader import FIRST_PERSON, STOP_VERBS, Reader, is_time, prep_objects
from memory.nlp.things import NOUNS, said_before

# what was born, as the role the child holds of its parents
BORN = {"girl": "daughter", "boy": "son", "baby": "child", "twins": "child", "son": "son"}
BORN |= {"daughter": "daughter", "triplets": "child"}
# the words that say only whether a child born is a girl or a boy
SEXED = {"girl", "boy"}
# the verbs a child is had with: "had a little girl", "delivered a baby boy", "welcomed a son"
BEARING = {"have", "deliver", "welcome"}

# "hungarian lessons", "a pottery course": what is learnt is the word before them
LESSONS = {"lesson", "class", "course", "lessons", "classes"}
LESSON_WORDS = {"evening", "night", "morning", "online", "new", "weekly", "private", "group"}
LESSON_WORDS |= {"first", "free", "extra", "few", "some", "more", "beginner", "intro"}


# What a course of study leads to ("doing his plumbing cert", "doing a masters").
QUALIFICATIONS = {"cert", "certificate", "degree", "diploma", "masters", "phd", "apprenticeship"}
QUALIFICATIONS |= {"doctorate", "course", "qualification", "bachelor", "foundation"}
# What says a thing done is one's work ("doing ceramics full time").
PAID = ("full time", "full-time", "part time", "part-time", "for a living", "professionally")
# Work done at home, said as "-ing" nouns like fields of study ("doing the ironing").
CHORES = {"shopping", "cooking", "cleaning", "washing", "ironing", "hoovering", "babysitting"}
CHORES |= {"gardening", "painting", "running", "swimming", "training", "fundraising"}
# Endings of the names of fields of study ("nursing", "horticulture", "biology", "physics",
# "midwifery", "physiotherapy", "journalism").
FIELD_ENDINGS = ("ing", "ology", "ics", "ure", "ry", "omy", "phy", "ine", "apy", "ism", "acy")


def paid(verb: Token) -> bool:
    return any(w in verb.sent.text.lower() for w in PAID)


def _discipline(word: str) -> bool:
    return len(word) > 5 and word.endswith(FIELD_ENDINGS) and word not in CHORES


class EventFrames:
    """What SentenceFrames reads of births, deaths, replacements and lessons."""

    reader: Reader
    frames: list[Frame]

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        raise NotImplementedError  # SentenceFrames.add

    def birth(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "Declan and Megan had a little girl on Thursday!! Róisín.", "my sister had twins!!
        Ivy and June", "we had a baby boy, Mateo": the child born is the parents' child,
        named beside it or in the bare names said right after."""
        if self.born(verb, subject, neg):
            return True
        baby = borne(verb)
        done = verb.tag_ == "VBD" or verb.tag_ == "VBN" and child(verb, "aux") is not None
        if not done or neg or baby is None:  # ("had", "has given birth to")
            return False
        kind = BORN.get(baby.lemma_.lower()) or BORN.get(baby.lower_)
        if kind is None:
            return False
        names = [c for c in baby.children if c.dep_ == "appos"]
        names += [n for c in children(baby, "acl") for n in children(c, "oprd")]
        # "gave birth to a boy on Friday, Zayan": the name hung on the day said after it
        names += [n for _, day in prep_objects(verb) for n in children(day, "appos")]
        names += [c for c in children(verb, "npadvmod", "appos", "dep") if c.i > baby.i]
        lead = named_next(verb)  # "had the baby! A girl, Iris, born ...": the next sentence
        # "had the baby on 12 December, a boy, ...": a word for the child says which
        sexed = [n for n in names + lead if n.pos_ == "NOUN" and n.lower_ in SEXED]
        if kind == "child" and sexed:
            kind = BORN[sexed[0].lower_]
        # (a name no list knows is still written as one: no "last night", no "a boy")
        names = [n for n in names if n.pos_ == "PROPN" and name_gender(n.text)] or [
            n for n in names[:1] if n.text[:1].isupper() and not is_time(n)
        ]
        if not names:
            names = [t for t in lead if t.pos_ == "PROPN" and t.dep_ != "compound"]
        names += [c for n in names for c in n.children if c.dep_ == "conj"]
        parent = self.reader.entity(subject)
        for name in dict.fromkeys(names):
            self.add(parent, f"role:{kind}", self.reader.name_of(name), multi=True)
        if not names and sexed and verb.lemma_ == "have":
            # "had the baby, a boy, his name is Sota": a boy is had; a name said later in
            # the message is his (frames.owned_role)
            self.add(parent, "has", sexed[0].lower_, multi=True)
            self.reader.last_thing = (parent, kind)
            return True
        if not names and verb.lemma_ != "have":
            # "delivered a baby girl ..., they named her Abena": the name given later in the
            # message goes to what was had (renamed.with_names)
            self.add(parent, "has", kind, multi=True)
        return bool(names) or verb.lemma_ != "have"

    def born(self, verb: Token, baby: Token, neg: bool) -> bool:
        """ "our baby girl was born tonight", "baby girl born tonight": the owner has a
        daughter (chat drops the "our"), so a name given next ("we're calling her Aisha")
        names the user's daughter."""
        if verb.lemma_ != "bear" or verb.tag_ != "VBN" or neg or baby.pos_ != "NOUN":
            return False
        kind = BORN.get(baby.lemma_.lower())
        if kind is None:
            return False
        owner = self.reader.owner(baby) if child(baby, "poss") is not None else None
        if owner is None and child(baby, "det") is not None:
            return False  # "a baby was born on the train": no one's told
        self.add(owner or self.reader.speaker, "has", kind, multi=True)
        return True

    def lessons(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "started hungarian lessons", "taking piano classes", "signed up for a pottery
        course": what the lessons are in is what the subject learns (stopped, no more).
        Where they are held is no employer ("started a pottery class at the town hall")."""
        read = False
        held = [child(verb, "dobj")] + [o for p, o in prep_objects(verb) if p == "for"]
        for lesson in held:
            if lesson is None or lesson.lemma_.lower() not in LESSONS:
                continue
            said = [c for c in lesson.lefts if c.dep_ in ("compound", "amod", "nmod")]
            said = [c for c in said if c.lower_ not in LESSON_WORDS and not c.like_num]
            if said:
                ended = verb.lemma_ in STOP_VERBS
                subject_of = self.reader.entity(subject)
                self.add(subject_of, "learn", said[-1].text, negated=neg != ended, plan=plan)
                read = True
        return read

    def course_in(self, verb: Token, subject: Token, neg: bool, plan: bool) -> None:
        """ "Jens has started an evening course in bookkeeping", "doing a diploma in
        horticulture": the field of a course taken is what one studies (beside what else
        the sentence tells of the course)."""
        course = child(verb, "dobj")
        if course is None or course.lemma_.lower() not in QUALIFICATIONS | {"class"}:
            return
        # (the parser hangs the field on the verb as often, right after the course)
        held = prep_objects(course) + [
            (p, o) for p, o in prep_objects(verb) if o.head.i == course.i + 1
        ]
        fields = [o for p, o in held if p in ("in", "on") and (o.pos_ == "NOUN" or _tongue(o))]
        if not fields or is_time(fields[0]):
            return
        field = fields[0]
        start = min([field.i, *[c.i for c in field.lefts if c.dep_ in ("compound", "amod")]])
        said = field.doc[start : field.i + 1].text
        past = verb.tag_ == "VBD" and verb.lemma_ not in ("start", "begin", "enrol", "join")
        self.add(self.reader.entity(subject), "study", said, negated=neg, plan=plan, past=past)

    def studied(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "she's doing nursing here", "he's doing his plumbing cert", "studies engineering in
        milano" (the tagger took the field for a verb): what one is doing as a course of study
        is what one studies. Not a chore ("doing the cooking") nor a pastime ("doing yoga")."""
        field = None
        obj = child(verb, "dobj")
        if verb.lemma_ == "do" and obj is not None and obj.pos_ == "NOUN" and not paid(verb):
            course = {obj.lemma_.lower(), obj.lower_} & QUALIFICATIONS
            bare = child(obj, "det") is None and child(obj, "poss") is None
            field = obj if course or bare and _discipline(obj.lower_) else None
        elif verb.lemma_ == "study" and obj is not None and obj.pos_ in ("NOUN", "PROPN", "VERB"):
            # "my brother studies history at Durham": the field, as well as where
            bare = child(obj, "det") is None or obj.lemma_.lower() in QUALIFICATIONS
            field = obj if bare and not is_time(obj) else None
        elif verb.lemma_ in ("study", "learn") and obj is None:
            done = child(verb, "xcomp")  # "studies engineering in milano"
            if done is not None and done.tag_ == "VBG" and not children(done, "dobj", "nsubj"):
                field = done
                self.reader.values.add(done.i)
        if field is None:
            return False
        who = self.reader.entity(subject)
        # ("she was doing her masters in leeds in 2021": studied then, not now)
        past = verb.tag_ == "VBD" or any(a.lower_ in ("was", "were") for a in verb.lefts)
        start = min([field.i, *[c.i for c in field.lefts if c.dep_ in ("compound", "amod")]])
        end = field.i + 1
        subject_of = [o for p, o in prep_objects(field) if p == "in" and o.pos_ == "NOUN"]
        if subject_of:
            end = subject_of[0].i + 1  # "a masters in history"
        said = field.doc[start:end].text
        self.add(who, "study", said, negated=neg, plan=plan, past=past and not plan)
        for prep, place in prep_objects(field) + prep_objects(verb):
            if prep in ("in", "at") and place.pos_ == "PROPN":
                self.add(who, "studies_at", self.reader.value(place), negated=neg, plan=plan)
        return True

    def studies_misread(self, token: Token) -> None:
        """ "Amara studies law at UCL", "my cousin Amara studies nursing in Leeds": the
        tagger reads "studies" after a name as a plural noun ("Amara Studies", a subject);
        the name is who studies, the noun after it what, the place after that where."""
        misread = token.tag_ == "NNS" or token.dep_ in ("compound", "appos")
        if token.lower_ != "studies" or not misread or token.i == 0:
            return
        name = token.doc[token.i - 1]
        # (an unfamiliar name may be read as an adjective: "Itziar studies chemistry")
        english = name.lower_ in english_words() or inflected(name.lower_)
        english = english and not is_first_name(name.text)  # ("Jack studies law")
        if not name.is_title or english or name.dep_ not in ("compound", "nsubj", "amod"):
            return  # ("Gender studies courses": a field of study)
        after = [token.head, *token.children]
        studied = [t for t in after if t.i > token.i and t.pos_ in ("NOUN", "PROPN", "VERB")]
        if not studied:
            return
        subject = self.reader.entity(name)
        subject_of = studied[0]
        value = " ".join(t.text for t in subject_of.lefts if t.i > token.i) + " " + subject_of.text
        self.add(subject, "study", value.strip())
        places = [o for p, o in prep_objects(subject_of) if p in ("at", "in") and not is_time(o)]
        if places:
            self.add(subject, "studies_at", self.reader.value(places[0]))

    def perished(self, verb: Token, subject: Token, neg: bool) -> bool:
        """ "basil's finally dead", "the frangipani didn't survive the trip": a thing or
        animal had is had no more."""
        state = child(verb, "acomp")
        dead = verb.lemma_ == "be" and not neg and state is not None and state.lower_ == "dead"
        if not (dead or (verb.lemma_ == "survive" and neg)) or subject.pos_ == "PRON":
            return False
        self.frames.append(Frame(self.reader.speaker, "", self.reader.value(subject), True))
        return True

    def swapped(self, verb: Token, subject: Token, plan: bool = False) -> bool:
        """ "replaced the basil with a curry leaf", "swapped the Golf for a Polo", "traded in
        the Myvi for an Ativa": the new thing is had in the old one's place. Of a swap to
        come, the old one is still had and the new one is planned."""
        if verb.lemma_ not in ("replace", "swap", "trade", "exchange"):
            return False
        if subject.i != verb.i and subject.lower_ not in FIRST_PERSON:
            return False
        new = [o for p, o in prep_objects(verb) if p in ("with", "for") and o.pos_ in NOUNS]
        if not new:
            return False
        # ("traded in the Myvi": the parser may take the particle for a preposition)
        old = child(verb, "dobj") or next((o for p, o in prep_objects(verb) if p == "in"), None)
        if old is not None and old.lower_ == "it":
            old = said_before(verb)  # "... on the TVS was killing me so i swapped it for ..."
        speaker = self.reader.speaker
        if old is not None and old.pos_ in ("NOUN", "PROPN"):
            if plan:
                self.add(speaker, "has", self.reader.value(old), multi=True)
            else:
                self.frames.append(Frame(speaker, "", self.reader.value(old), True))
        self.add(speaker, "has", self.reader.value(measured(new[0])), multi=True, plan=plan)
        return True


def named_next(verb: Token) -> list[Token]:
    """The words the sentence after `verb`'s opens with when they only name a child: the
    names ("... on Thursday!! Róisín."), or a girl or boy and then names ("A girl, Iris,
    born last Thursday"); nothing when that sentence says something else."""
    said = sentence_after(verb)
    lead: list[Token] = []
    for token in said if said is not None else []:
        if token.is_punct and not (token.text == "," and _sexed_only(lead)):
            break
        lead.append(token)
    words = [t for t in lead if not t.is_punct and t.pos_ != "DET"]
    if not all(t.pos_ in ("PROPN", "CCONJ") or t.lower_ in SEXED for t in words):
        return []
    return words


def _sexed_only(lead: list[Token]) -> bool:
    return bool(lead) and lead[-1].lower_ in SEXED and all(t.pos_ == "DET" for t in lead[:-1])


def borne(verb: Token) -> Token | None:
    """The child a verb of bearing says was born: "had a girl", "delivered a baby boy",
    "gave birth to a boy"; None for any other verb."""
    if verb.lemma_ in BEARING:
        return child(verb, "dobj")
    birth = child(verb, "dobj")
    if verb.lemma_ != "give" or birth is None or birth.lower_ != "birth":
        return None
    return next((o for p, o in prep_objects(verb) if p == "to"), None)


# "a night class in Italian": a language is a field of study, not a place
TONGUE_ENDINGS = ("ian", "ish", "ese", "ch", "ic", "ean")
TONGUES = {"greek", "thai", "hindi", "urdu", "latin", "swahili", "hebrew", "tagalog", "german"}


def _tongue(token: Token) -> bool:
    word = token.lower_
    return token.pos_ in ("PROPN", "ADJ") and (word.endswith(TONGUE_ENDINGS) or word in TONGUES)

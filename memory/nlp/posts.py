"""What a sentence says of posts and spells: a post taken, appointed to or taken over from
someone ("accepted the chief pilot role", "was made deputy director", "took over the library
from Stan"), and a spell in a job or at a workplace ("first week as head chef", "spent
fifteen years as a bank clerk"). A part of memory.nlp.frames.SentenceFrames, kept apart for
its size."""

from memory.nlp.endings import particle
from memory.nlp.holdings import Frame
from memory.nlp.parse import Token, child, children
from memory.nlp.pronouns import looks_named, name_like
from memory.nlp.reader import Reader, called, is_time, prep_objects

# "accepted the chief pilot role", "took over the treasurer job": a post taken
TAKING = {"accept", "take", "assume", "land", "inherit", "fill"}
POSTS = {"role", "job", "position", "post"}
# "handed the treasurer job over to Hugo", "passed the captaincy on to Ama"
HANDING = {"hand", "pass", "give"}
# Verbs by which someone is given a post ("was made deputy director", "got promoted to ...").
APPOINTING = {"make", "name", "appoint", "elect", "promote", "vote", "crown"}
# Verbs of being in charge: said "now" after someone left, in the place of who left.
LEADING = {"run", "manage", "lead", "head"}
# What one runs and can hand on whole ("handed the shop over to Nadia").
BUSINESSES = {"shop", "business", "boutique", "firm", "stall", "farm", "store", "café", "cafe"}
BUSINESSES |= {"restaurant", "bakery", "salon", "pub", "garage", "workshop", "studio", "bar"}
# "first week at X", "three weeks at Verdia"
SPELLS = {"day", "week", "month", "year", "shift", "term", "semester", "season"}


class PostFrames:
    reader: Reader
    frames: list[Frame]

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        raise NotImplementedError  # SentenceFrames.add

    def took_post(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "Marie-Claude has accepted the chief pilot role", "Kofi took over the treasurer
        job": the post named before "role" or "job" is what the subject now works as, and
        the speaker's (one holder: the one before them no longer holds it)."""
        obj = child(verb, "dobj")
        if verb.lemma_ not in TAKING or obj is None or obj.lemma_.lower() not in POSTS:
            return False
        named = [c for c in obj.lefts if c.dep_ in ("compound", "amod", "nmod")]
        named = [c for c in named if c.lower_ not in ("new", "old", "full", "part", "same")]
        if not named:
            return False  # "took the job": which job, the lexicon reads ("at the port")
        post = obj.doc[named[0].i : obj.i].text
        who = self.reader.entity(subject)
        self.add(who, "works_as", post, negated=neg, plan=plan)
        if who != self.reader.speaker:
            role = f"role:{post.lower()}"
            self.add(self.reader.speaker, role, who, negated=neg, plan=plan, sole=True)
        return True

    def took_over(self, verb: Token, subject: Token, neg: bool, plan: bool) -> None:
        """ "Beryl has taken over the library from Stan", "Noor took over from Dave", "took
        over Dave's class": the one taken over from is replaced (successors.py hands on what
        they held), and ran what was taken over until now, which the new one runs."""
        # ("Otter Creek Pizza stepped in", "Marnie stepped up": into the place of who left)
        stepped = verb.lemma_ == "step" and particle(verb) in ("in", "up")
        # ("mr pocock's retired!!! his daughter tamsin runs the firm now": in his place)
        now = verb.lemma_ in LEADING and any(c.lower_ == "now" for c in verb.children)
        taken = verb.lemma_ == "take" and particle(verb) == "over"
        post = next((o for p, o in prep_objects(verb) if p == "as"), None)
        if taken and not neg and post is not None and child(post, "poss") is not None:
            # "Olena takes over as my deputy from December": the post is hers, from then
            role = f"role:{self.reader.role(post)}"
            holder = self.reader.name_of(subject) if looks_named(subject) else None
            holder = holder or self.reader.entity(subject)
            self.add(
                self.reader.owner(post) or self.reader.speaker, role, holder, plan=plan, sole=True
            )
        # (who this sentence said is gone: "so hes gone :( juniper took over the hawks")
        gone = [f.value for f in self.frames if f.negated and not f.relation and f.value]
        gone = [g for g in gone if g[:1].isupper() or g.lower() in ("he", "she")]
        leavers = self.reader.leavers + [g for g in gone if g not in self.reader.leavers]
        if neg or plan or not (stepped or taken or now and leavers):
            return
        obj = child(verb, "dobj")
        before = next((o for p, o in prep_objects(verb) if p == "from"), None)
        if before is None and obj is not None and child(obj, "poss") is not None:
            before = child(obj, "poss")  # "took over Dave's class"
            obj = obj if obj.lemma_.lower() not in POSTS else None
        # ("rachel (wyatt's mom) is taking over": the one named, not who she is to someone)
        new = self.reader.name_of(subject) if looks_named(subject) else self.reader.entity(subject)
        if subject.is_lower and subject.pos_ in ("NOUN", "PROPN") and not list(subject.children):
            new = new[:1].upper() + new[1:]  # a name typed in lower case: "juniper took over"
        if before is None and leavers:
            # "Mr Moyo has retired ..., so my nephew Sipho has taken over the books", "Dave
            # is stepping down as asm ... Rachel is taking over"
            old = leavers[-1]
        elif before is None or not (before.pos_ == "PROPN" or name_like(before) or called(before)):
            return
        else:
            old = self.reader.value(before)
        if old in (new, self.reader.speaker):
            return
        self.add(new, "replace", old)
        if obj is not None:
            self.add(old, "run", self.reader.value(obj), past=True)
            self.add(new, "run", self.reader.value(obj))

    def handed_over(self, verb: Token, subject: Token, neg: bool, plan: bool) -> None:
        """ "she handed treasurer over to Hugo", "Ken passed the captain job on to Ama": the
        one handed to holds the post now, the speaker's (one holder), in the hander's place."""
        from memory.nlp.intro import agent

        if neg or verb.lemma_ not in HANDING or particle(verb) not in ("over", "on", None):
            return
        post = child(verb, "dobj")
        to = next((o for p, o in prep_objects(verb) if p == "to"), None)
        if to is not None and not (to.pos_ == "PROPN" or name_like(to)):
            to = child(to, "appos") or to  # "to her daughter Nadia"
        if post is None or to is None or not (to.pos_ == "PROPN" or name_like(to)):
            return
        named = post.lemma_.lower() in POSTS and [c for c in post.lefts if c.dep_ == "compound"]
        if post.lemma_.lower() in BUSINESSES:
            # "she's handed the boutique over to her daughter Nadia": Nadia runs it now
            place = self.reader.value(post)
            self.add(self.reader.entity(subject), "run", place, past=True)
            self.add(self.reader.name_of(to), "run", place, plan=plan)
            return
        if not (agent(post.lower_) or named):
            return  # "handed the keys over to Hugo": no post
        title = post.doc[named[0].i : post.i].text if named else post.lower_
        # (the post alone passes: what else the hander holds is still theirs)
        role = f"role:{title.lower()}"
        self.add(self.reader.speaker, role, self.reader.value(to), plan=plan, sole=True)

    def appointed(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "Aline was made deputy director of the library", "got promoted to head
        librarian", "was elected captain": the post is what the subject now works as."""
        if verb.lemma_ not in APPOINTING or verb.tag_ != "VBN" or not children(verb, "auxpass"):
            return False
        post = child(verb, "oprd", "attr", "dobj")
        if post is None:
            post = next((o for p, o in prep_objects(verb) if p in ("to", "as")), None)
        if post is None:
            # "promoted to head librarian" parsed as "to head (verb) librarian"
            comp = child(verb, "xcomp")
            obj = child(comp, "dobj") if comp is not None and child(comp, "aux") else None
            if obj is not None and obj.pos_ == "NOUN":
                value = obj.doc[comp.i : obj.i + 1].text
                self.add(self.reader.entity(subject), "works_as", value, negated=neg, plan=plan)
                return True
        if post is None or post.pos_ != "NOUN":
            return False  # "named after his grandfather", "was named Rex"
        value = self.reader.value(post)
        self.add(self.reader.entity(subject), "works_as", value, negated=neg, plan=plan)
        return True

    def spent(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "I spent fifteen years as a bank clerk", "spent six years in the lab of the
        Walvis Bay municipality": a spell counted in a post or at a workplace is a job held
        then (over, said in the past tense; "have spent" still holds); a spell in a town
        is a home."""
        spell = child(verb, "dobj", "npadvmod")  # ("spent ten years as a line cook")
        if neg or verb.lemma_ != "spend" or spell is None or spell.lemma_ not in SPELLS:
            return False
        who = self.reader.entity(subject)
        over = verb.tag_ == "VBD"
        found = False
        for prep, obj in prep_objects(verb):
            if is_time(obj):
                continue
            if prep == "as":
                self.add(who, "works_as", self.reader.kind(obj), plan=plan, past=over)
            elif prep in ("in", "at") and obj.ent_type_ == "GPE":
                self.add(who, "lives_in", self.reader.value(obj), plan=plan, past=over)
            elif prep in ("in", "at", "with", "for"):
                owner = next((o for p, o in prep_objects(obj) if p == "of"), None)
                value = self.reader.value(owner if owner is not None else obj)
                self.add(who, "works_for", value, plan=plan, past=over)
            else:
                continue
            found = True
        return found

    def first_spell(self, token: Token) -> None:
        """ "first day at Los Sauces was yesterday", "first month as head chef", "ploy's
        first week as co-owner": a first spell at a place or in a post starts working there
        or as that, for the spell's owner (the speaker when no one is named)."""
        if token.lemma_ not in SPELLS:
            return
        first = any(c.lower_ == "first" for c in token.children)
        # "three weeks at Verdia", "6 years at Jubilee": a spell counted, said without a verb
        counted = any(c.dep_ == "nummod" for c in token.children) and not any(
            t.pos_ in ("VERB", "AUX") for t in token.sent
        )
        if not first and not counted:
            return
        who = self.reader.owner(token) or self.reader.speaker
        ahead = any(t.lower_ in ("tomorrow", "next", "will") for t in token.sent)
        posts = len(self.frames)
        # ("as head winemaker" may hang off the place: "first weeks in Molinos as ...")
        inner = [t for t in token.subtree if t.lower_ == "as" and t.head != token]
        for said in [*token.children, *inner]:
            # "as head chef"; "as coxswain" is parsed as a clause marked by "as"
            marked = said.dep_ == "advcl" and any(c.lower_ == "as" for c in said.children)
            if said.lower_ == "as" and said.dep_ == "prep" or marked and said.pos_ == "NOUN":
                words = [t for t in said.subtree if t.dep_ not in ("det", "poss", "mark")]
                words = [t for t in words if t.lower_ != "as"]
                if words:  # the whole post: "co-owner", "head chef"
                    post = token.doc[words[0].i : words[-1].i + 1].text
                    self.add(who, "works_as", post, plan=ahead)
        as_post = len(self.frames) > posts  # "first weeks in Molinos as head winemaker"
        for prep, obj in prep_objects(token):
            named = obj if obj.pos_ == "PROPN" else child(obj, "compound", "poss")
            if is_time(obj):
                continue
            if named is None or named.pos_ != "PROPN":
                # "first week at the survey": the workplace by a common name (the job
                # planned, as realised.py reads it)
                if prep == "at" and obj.pos_ == "NOUN" and child(obj, "det") is not None:
                    self.add(who, "works_for", self.reader.value(obj), plan=ahead)
                continue
            if prep == "at" or prep == "in" and as_post:
                self.add(who, "works_for", self.reader.value(obj), plan=ahead)

    def last_spell(self, token: Token) -> None:
        """ "Kyle's last day was friday": Kyle has left, as "Kyle left" says; "my last day at
        Fortech was the 30th": the speaker no longer works there. Only once it is over (a
        last day to come is a plan the message says no more of)."""
        if token.lemma_ not in SPELLS or not any(c.lower_ == "last" for c in token.children):
            return
        verb = token.head
        if token.dep_ not in ("nsubj", "nsubjpass") or verb.lemma_ != "be" or verb.tag_ != "VBD":
            return
        who = self.reader.owner(token)
        if who is None:
            return
        if who != self.reader.speaker:
            self.frames.append(Frame(self.reader.speaker, "", who, True))
            return
        for prep, obj in prep_objects(token):
            if prep == "at" and obj.pos_ == "PROPN":
                self.add(who, "works_for", self.reader.value(obj), negated=True)


def edge_of_spell(token: Token) -> bool:
    """ "first day", "last week": the start or end of a spell somewhere."""
    return token.lemma_ in SPELLS and any(c.lower_ in ("first", "last") for c in token.children)

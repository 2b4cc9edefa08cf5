"""Homes and moves: where a home is ("a house in Risskov", "the Ahodwo house"), a move that
names no place going to the home the message named, a thing moved ("moving the studio to
Cordón"), a home rented or bought. A part of memory.nlp.frames.SentenceFrames, kept apart
for its size."""

from memory.nlp.casing import is_first_name
from memory.nlp.parse import Token, child, children, governing_verb, sentence_after
from memory.nlp.predicates import is_plan
from memory.nlp.reader import PEOPLE, Reader, is_time, prep_objects
from memory.nlp.words import ROLE_SYNONYMS

MOVE_PREPS = ("to", "into", "from")
# What one moves when one moves home ("we moved house", "moving flats").
HOME_NOUNS = {"house", "home", "flat", "flats", "apartment", "place", "stuff", "thing", "city"}
# What a home is called, for the place it is in ("a house in Risskov", "the Ahodwo house").
DWELLINGS = {"house", "home", "flat", "apartment", "rowhouse", "townhouse", "bungalow", "cottage"}
DWELLINGS |= {"condo", "villa", "farmhouse", "cabin", "studio", "room", "place", "unit"}
DWELLINGS |= {"bedsit", "loft", "duplex", "dorm", "houseboat"}
# Places one lives on that are workplaces as often ("a farm in Wales"): a home only when
# one is said to live there ("we live on a little veg farm outside antigonish").
LIVED_ON = {"farm", "ranch", "vineyard", "croft", "smallholding", "estate", "boat", "island"}
MOVING = {"move", "relocate", "emigrate", "shift"}
# what one rents to live in
HOMES = DWELLINGS - {"studio"}
# Verbs of getting a home to live in ("got a flat in Leith", "took a room in Hackney"); one
# found is often still to move into ("found a farmhouse ..., we'll live there from spring").
GOT_HOME = ("get", "take")
# Words that make a home one does not live in now ("their holiday flat", "my old house").
NOT_LIVED_IN = {"holiday", "summer", "weekend", "beach", "second", "old", "former", "previous"}
NOT_LIVED_IN |= {"first", "childhood", "dream", "future", "new", "rental", "investment"}
# What one does to a home that says more than living in it (read by their own frames).
# (those given up are lived in until done: "selling their house in X", not "sold")
HOME_CHANGES = {"buy", "purchase", "find", "rent", "get", "take", "view", "visit", "inherit"}
HOME_CHANGES |= {"let", "build", "want", "need", "look", "like", "love", "miss", "clean"}
# Homes said as someone's own ("their house in X"); "her home near Nyeri" is where her family
# is as often, and a room or a place is no whole home.
OWNED_HOMES = HOMES - {"home", "room", "place"}


def home_place(token: Token, *, lived: bool = False) -> Token | None:
    """The named place a home noun says it is in: "a house in Risskov", "a flat in Zuoying",
    "the Ahodwo house"; None for any other word."""
    # (opening a sentence, the tagger may take it for a name: "Condo in the Beltline.")
    opening = token.pos_ == "PROPN" and token.i == token.sent.start
    # (or an adjective, after a preposition: "live in a flat in Sant'Agnello", or hung on a
    # noun before it: "a 4 person flat in leipzig" is read as a flat kind of person)
    nominal = token.pos_ == "NOUN" or token.pos_ == "ADJ" and token.dep_ in ("pobj", "amod")
    if token.lemma_.lower() not in DWELLINGS | LIVED_ON:
        mistaken = [c for c in token.rights if c.dep_ == "amod" and c.lemma_.lower() in DWELLINGS]
        return home_place(mistaken[0]) if mistaken and token.pos_ == "NOUN" else None
    homes = DWELLINGS | LIVED_ON if lived else DWELLINGS
    if not (nominal or opening) or token.lemma_.lower() not in homes:
        return None
    # (the parser hangs the place off the verb as often: "bought a cottage in Portobello")
    held = prep_objects(token) + (prep_objects(token.head) if token.dep_ == "dobj" else [])
    for prep, obj in held:
        # ("a flat in Brno": a name mid-sentence, whatever the tagger made of it)
        titled = obj.is_title and obj.i > obj.sent.start
        # ("a little veg farm outside antigonish": just outside is where one lives)
        if prep in ("in", "at", "outside", "near") and (named(obj) or titled) and not is_time(obj):
            return obj
    # ("the newtown flat": the tagger may take a name in lower case for an adjective)
    names = [c for c in token.children if c.dep_ in ("compound", "amod") and named(c)]
    names = [c for c in names if c.dep_ == "compound" or c.tag_ not in ("VBN", "VBD")]
    return names[-1] if names else None


def someones(home: Token) -> bool:
    """ "moving out of bunica's", "out of my mum's": someone's home, not a place's name."""
    if any(c.dep_ == "case" for c in home.children) or home.lower_ in PEOPLE:
        return True
    return ROLE_SYNONYMS.get(home.lower_, home.lower_) in PEOPLE


def given_up_home(verb: Token) -> bool:
    """ "sell", "rent out", "let out", "move out of": a home its owner is to leave."""
    out = any(c.lower_ == "out" for c in verb.children)
    return verb.lemma_ in ("sell", "leave") or out and verb.lemma_ in ("rent", "let", *MOVING)


def named(token: Token) -> bool:
    """A name, also typed in lower case: "envigado" is no English word; "leipzig" is in the
    parser's word list, but no English word inflects it as a noun does."""
    from memory.nlp.casing import english_words, inflected

    if token.pos_ == "PROPN":
        return True
    word = token.lower_
    unknown = word not in english_words() or not inflected(word)
    return token.is_lower and token.is_alpha and unknown and not token.is_stop


# Words of a stay away from home: "here in Rome" on a holiday says nothing of one's home.
AWAY = {"holiday", "vacation", "trip", "visit", "conference", "tour", "hotel", "honeymoon"}


def place_next(token: Token) -> str:
    """A place name that opens the sentence after `token`'s, set off by a comma."""
    sent, doc = sentence_after(token), token.doc
    if sent is None or sent.start + 1 >= len(doc) or doc[sent.start + 1].text != ",":
        return ""
    place = sent[0]
    person = place.ent_type_ == "PERSON" or is_first_name(place.text)
    return place.text if place.pos_ == "PROPN" and not person else ""


class HomeFrames:
    """What SentenceFrames reads of homes and moves."""

    reader: Reader

    def add(self, subject: str, relation: str, value: str, **kw) -> None:
        raise NotImplementedError  # SentenceFrames.add

    def new_home_said(self, token: Token) -> None:
        """ "i MOVED. ... new flat in Tabor, across the river", "Condo in the Beltline. 1
        bed.": a home said without a verb, opening its sentence, is where the speaker lives
        now."""
        before = token.doc[token.sent.start : token.i]
        # (the sentence opens with it: the parser may hang "new" on "cheaper")
        if len(before) > 2 or any(t.pos_ not in ("ADJ", "DET", "NUM") for t in before):
            return
        if any(t.lower_ in ("a", "an", "the") for t in before) and before[:1].text != "new":
            return  # ("A flat in Leith would be nice")
        if any(t.pos_ in ("VERB", "AUX") for t in token.sent) or child(token, "poss"):
            return  # ("his new flat in X" is his)
        if any(p == "for" for p, _ in prep_objects(token)):
            return  # ("flat in Leith for my mum")
        place = home_place(token)
        if place is not None:
            self.add(self.reader.speaker, "lives_in", self.reader.value(place))

    def lives_and(self, verb: Token, subject: Token, neg: bool, plan: bool) -> None:
        """ "Sabine lives and works in Wismar", "he lives and breathes football in Leeds": a
        bare "lives" shares the place of the verb joined to it."""
        if verb.lemma_ != "live" or neg or prep_objects(verb) or child(verb, "dobj", "advmod"):
            return
        joined = [c for c in verb.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")]
        for other in joined:
            held = prep_objects(other) + [
                po for o in children(other, "dobj") for po in prep_objects(o)
            ]
            places = [o for p, o in held if p == "in" and named(o) and not is_time(o)]
            if places:
                self.add(
                    self.reader.entity(subject), "lives_in", self.reader.value(places[0]), plan=plan
                )
                return

    def owned_home(self, token: Token, place: Token | None) -> None:
        """ "they are selling their house in Leominster", "Ana's flat in Brno has a leak":
        someone's own home in `place` (its home_place) is where they live, until a move
        says otherwise; not one bought, rented, left or sold (other frames read those), nor
        a second home."""
        poss = child(token, "poss")
        if place is None or poss is None or token.lemma_.lower() not in OWNED_HOMES:
            return
        if any(c.lower_ in NOT_LIVED_IN for c in token.children):
            return  # ("their holiday flat in Algarve", "my old house in Ipswich")
        if token.dep_ == "pobj" and token.head.lower_ in ("to", "into"):
            return  # ("moving back to his flat in Sopot": where one is going, not is)
        verb = governing_verb(token)
        # ("his house in Bantama will be rented out": lived in until it is)
        given_up = verb is not None and is_plan(verb) and given_up_home(verb)
        if verb is not None and verb.lemma_ in HOME_CHANGES and not given_up:
            return  # bought, rented, sold or left: not simply lived in
        past = verb is not None and verb.tag_ in ("VBD", "VBN") and not given_up
        if past and verb.lemma_ not in ("be", "have"):
            return  # ("moved out of our flat in Brno", "sold their house": said of then)
        if any(c.dep_ == "neg" for c in (verb.children if verb is not None else ())):
            return
        owners = self.home_owners(token, poss, verb)
        for owner in owners:
            self.add(owner, "lives_in", self.reader.value(place))

    def home_owners(self, token: Token, poss: Token, verb: Token | None) -> list[str]:
        """Who "their"/"our" home is: the verb's subjects when they are named ("She and her
        husband Graham are selling their house"), else whose the reader says it is."""
        if poss.lower_ in ("their", "our") and verb is not None and token.dep_ == "dobj":
            subject = child(verb, "nsubj")
            if subject is not None and subject.lower_ not in ("they", "we"):
                said = [subject, *(c for c in subject.subtree if c.dep_ == "conj")]
                owners = [self.reader.entity(s) for s in said]
                return [o for o in owners if o[:1].isupper() or o == self.reader.speaker]
        owner = self.reader.owner(token)
        return [owner] if owner else []

    def moved_bare(self, token: Token) -> None:
        """ "Moved house. Esch to Bettembourg.": a place to a place, with no verb, after a
        sentence of the speaker moving, is where they moved from and to."""
        sent = token.sent
        if token != sent.root or token.pos_ != "PROPN" or token.i == 0:
            return
        if any(t.pos_ in ("VERB", "AUX") for t in sent):
            return
        to = [o for p, o in prep_objects(token) if p == "to" and o.pos_ == "PROPN"]
        before = token.doc[sent.start - 1].sent
        movers = [t for t in before if t.lemma_.lower() in MOVING and t.pos_ == "VERB"]
        moving = any(
            child(t, "nsubj") is None or child(t, "nsubj").lower_ in ("i", "we") for t in movers
        )
        if not to or not moving:
            return
        self.add(self.reader.speaker, "lives_in", self.reader.value(to[0]))
        start = min([token.i, *[c.i for c in token.lefts if c.dep_ in ("compound", "flat")]])
        left = token.doc[start : token.i + 1].text  # (not "Esch to Bettembourg", a name's run)
        self.add(self.reader.speaker, "lives_in", left, past=True)

    def here_in(self, token: Token) -> None:
        """ "still glazing tiles at the factory here in castellón", "the weather here in
        Tartu": where the speaker is, said by the way (not on a trip). Said as where they
        are, not where they live: "the faculty here in Kotor" is said from Dobrota, a
        village on its bay, where they do live."""
        doc = token.doc
        if token.lower_ != "here" or token.i + 2 >= len(doc) or doc[token.i + 1].lower_ != "in":
            return
        place = doc[token.i + 2]
        if place.pos_ != "PROPN" or any(t.lemma_.lower() in AWAY for t in token.sent):
            return
        # ("here in Thunder Bay": the words of its name after the first)
        while place.i + 1 < len(doc) and doc[place.i + 1].dep_ == "compound":
            place = doc[place.i + 1]
        while place.i + 1 < len(doc) and doc[place.i + 1].pos_ == "PROPN":
            place = doc[place.i + 1]
        self.add(self.reader.speaker, "be_in", doc[token.i + 2 : place.i + 1].text)

    def moved_thing(self, verb: Token, relation: str) -> Token | None:
        """The thing a move verb moved, where it is not the subject's home: "moving the shop
        from Osu to East Legon", "the council moved our stalls to New Lane"."""
        obj = child(verb, "dobj")
        moving = verb.lemma_ in ("move", "relocate", "transfer", "shift")
        if not moving or obj is None or obj.pos_ != "NOUN":  # not "lived there all her life"
            return None
        preps = [c.i for c in verb.children if c.dep_ == "prep" and c.lower_ in MOVE_PREPS]
        if preps and obj.i > min(preps):
            return None  # "moved from Tampines to a flat in Punggol, so free babysitting"
        if obj.lemma_ in HOME_NOUNS or obj.lemma_ in PEOPLE or obj.lower_ in PEOPLE:
            return None  # "we moved house", "moved my mum to a care home"
        return obj

    def thing_moved(self, verb: Token, neg: bool, plan: bool) -> bool:
        """ "we're moving the studio from Ciudad Vieja to Cordón in August": where the studio
        is (going to be); where it was is past only once it has moved."""
        thing = self.moved_thing(verb, "")
        if thing is not None and self.moved_in_time(verb, thing, neg, plan):
            return True
        places = [(p, o) for p, o in prep_objects(verb) if not is_time(o)]
        to = [self.reader.value(o) for p, o in places if p in ("to", "into")]
        if not to and any(c.lower_ == "there" for c in verb.children) and self.reader.last_place:
            to = [self.reader.last_place]  # "found a house in Urla. moving the studio there"
        if thing is None or not to:
            return False
        entity = self.reader.entity(thing)
        self.add(entity, "be_in", to[0], negated=neg, plan=plan)
        for prep, old in places:
            if prep == "from" and not neg:  # there until the move, if it is to come
                self.add(entity, "be_in", self.reader.value(old), past=not plan)
        return True

    def moved_in_time(self, verb: Token, thing: Token, neg: bool, plan: bool) -> bool:
        """ "we've moved rehearsals to Tuesday and Friday nights", "they moved the meeting
        to Thursday": when the thing is (said as "the meeting is on Thursday" is)."""
        # (the parser may hang the time on the thing: "moved rehearsals to Tuesday")
        times = [(p, o) for p, o in prep_objects(verb) + prep_objects(thing) if is_time(o)]
        to = [o for p, o in times if p in ("to", "till", "until")]
        if not to:
            return False
        entity = self.reader.entity(thing)
        when = to[0].doc[to[0].left_edge.i : to[0].right_edge.i + 1]
        said = " ".join(t.text for t in when if t.dep_ not in ("det", "prep", "poss"))
        self.add(entity, "be_on", said, negated=neg, plan=plan)
        return True

    def transferred(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "they're moving me from auto over to property claims starting April 7": someone
        moving the speaker is a transfer at work, not a new home; what they are moved to is
        what they work in (from the day said), what they are moved from what they worked in."""
        obj = child(verb, "dobj")
        if neg or verb.lemma_ not in MOVING or obj is None or obj.lower_ not in ("me", "us"):
            return False
        if subject.lower_ in ("i", "we") or subject.i == verb.i:
            return False
        places = [(p, o) for p, o in prep_objects(verb) if not is_time(o)]
        places += [(p, o) for c in children(verb, "advmod", "prt") for p, o in prep_objects(c)]
        to = [o for p, o in places if p in ("to", "into") and o.pos_ in ("NOUN", "PROPN")]
        if not to:
            return False
        self.add(self.reader.speaker, "works_in", self.reader.value(to[0]), plan=plan)
        for old in (o for p, o in places if p == "from"):
            self.add(self.reader.speaker, "works_in", self.reader.value(old), past=not plan)
        return True

    def moved_home(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "we signed for a house in Risskov!!! moving in february", "got the keys to the
        Ahodwo house ... moved": a move that says no place goes to the home the message
        named. (A move with a place of its own is the lexicon's: "moving to Inverness".)"""
        if neg:
            return False
        leaving = any(c.lower_ in ("out", "from") for c in verb.children)
        for prep, home in prep_objects(verb):  # "settled into the envigado flat"
            place = home_place(home) if prep in ("in", "into") and not leaving else None
            after = home.doc[home.i + 1] if home.i + 1 < len(home.doc) else None
            if place is None and prep == "into" and named(home) and after is not None:
                place = home if after.lower_ in DWELLINGS else None  # (a flat read as "flat")
            if verb.lemma_ in MOVING | {"settle"} and place is not None:
                entity = self.reader.entity(subject)
                self.add(entity, "lives_in", self.reader.value(place), plan=plan)
                return True
        if self.moving_in_with(verb, subject, plan):
            return True
        if not self.reader.last_home:
            return self.moving_out(verb, subject, plan)
        there = any(c.lower_ == "there" for c in verb.children)
        if verb.lemma_ == "live" and there and not prep_objects(verb):  # "we'll live there"
            self.add(self.reader.entity(subject), "lives_in", self.reader.last_home, plan=plan)
            return True
        if verb.lemma_ not in MOVING:
            return False
        places = [(p, o) for p, o in prep_objects(verb) if not is_time(o)]
        left = [self.place_left(o) for p, o in places if p in ("of", "from") and not someones(o)]
        out = [c for c in verb.children if c.lower_ == "out"]  # "out of laureles"
        left += [self.place_left(o) for c in out for _, o in prep_objects(c) if not someones(o)]
        if len(places) > len(left) or self.reader.last_home in left:
            return False  # "moving in with Joaquín", "moved to Tolhuin"
        if any(c.lower_ in ("there", "here", "away", "back") for c in verb.children):
            return False  # "there" is read by the lexicon
        if not left and any(c.lower_ == "out" for c in verb.children):
            return False  # "moved out" leaves; "moving out of laureles" leaves for the home
        obj = child(verb, "dobj")
        if obj is not None and obj.lemma_.lower() not in HOME_NOUNS:
            return False  # "moved the meeting": not a home
        entity = self.reader.entity(subject)
        self.add(entity, "lives_in", self.reader.last_home, plan=plan)
        for old in left:  # "moving out of laureles": lived in no more, once moved
            if plan:  # (and lived in until then)
                self.add(entity, "lives_in", old)
            self.add(entity, "lives_in", old, negated=True, plan=plan)
        return True

    def bought_home(self, verb: Token, subject: Token, neg: bool) -> None:
        """ "i'm buying a house in Weaverville, closing march 28", "we bought a cottage in
        Portobello": a home bought is where its buyer is to live (from the day said, or
        once a later message says they moved: memory.pipeline.realised)."""
        obj = child(verb, "dobj")
        if verb.lemma_ not in ("buy", "purchase", "find") or neg or obj is None:
            return
        if obj.lemma_.lower() not in HOMES:
            return
        place = home_place(obj)
        # ("We found the flat! Poruba, 3+1, fifth floor": the place opens the next sentence)
        where = self.reader.value(place) if place is not None else place_next(obj)
        if where:  # (what was bought is read as well, by the other frames)
            self.add(self.reader.entity(subject), "lives_in", where, plan=True)

    def rented(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "we rent in Bantama", "renting a flat in Zuoying", "sharing a house in Sakina with
        two other guides", "she and rhodri got a little flat in llanelli": where the renter
        lives."""
        if verb.lemma_ not in ("rent", "share", *GOT_HOME) or neg:
            return False
        obj = child(verb, "dobj")
        if verb.lemma_ in GOT_HOME:
            # (the tagger may read "a little flat" as an adjective); one got for someone else
            # is theirs ("got a flat in Leith for my mum")
            obj = obj or next((c for c in children(verb, "acomp") if c.lower_ in HOMES), None)
            if obj is None or any(p == "for" for p, _ in prep_objects(verb)):
                return False
            # ("got a flat in Abando from february": lived in from then)
            plan = plan or any(p == "from" and is_time(o) for p, o in prep_objects(verb))
        if obj is None and verb.lemma_ == "share" or obj is not None and obj.lemma_ not in HOMES:
            return False  # "I rent a studio in Alsancak" to work in
        held = prep_objects(verb) + (prep_objects(obj) if obj is not None else [])
        places = [o for p, o in held if p in ("in", "at") and o.pos_ == "PROPN" and not is_time(o)]
        if not places:
            return False
        self.add(self.reader.entity(subject), "lives_in", self.reader.value(places[0]), plan=plan)
        return True

    def home(self, verb: Token, subject: Token, attr: Token | None, neg: bool, plan: bool) -> bool:
        """ "home is Šiška now", "Porto is home", "my home is in Braga": where its owner
        lives (the owner of "home", or the speaker when no one is named)."""
        pairs = [(subject, attr), (attr, subject)]
        pairs += [(subject, o) for p, o in prep_objects(verb) if p == "in"]
        for home, place in pairs:
            if home is None or place is None or home.lemma_.lower() != "home":
                continue
            if place.pos_ != "PROPN" or is_time(place):
                continue
            owner = self.reader.owner(home) or self.reader.speaker
            self.add(owner, "lives_in", self.reader.value(place), negated=neg, plan=plan)
            return True
        return False

    def new_home(self, verb: Token, entity: str) -> None:
        """ "I moved out of Kalamaja, into a wooden house in Nõmme": where they moved to."""
        for prep, obj in prep_objects(verb):
            named = [t for t in obj.subtree if t.pos_ == "PROPN" and t.dep_ == "pobj"]
            if prep in ("into", "to") and (obj.pos_ == "PROPN" or named):
                home = obj if obj.pos_ == "PROPN" else named[-1]
                self.add(entity, "lives_in", self.reader.value(home))

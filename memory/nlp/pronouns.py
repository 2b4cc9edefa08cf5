"""Who a pronoun names, for the Reader of one message (reader.py): he and she by the
genders the text shows, they by the latest group ("my parents"), his and her by their own
clause's subject first, and never a person named in the pronoun's own clause."""

from collections.abc import Sequence

from memory.nlp.entities import same_entity
from memory.nlp.parse import Token, child, governing_verb, sentence_after
from memory.nlp.predicates import (
    is_time,
    listed_gender,
    name_gender,
    title_gender,
    written_as_name,
)
from memory.nlp.words import FEMININE, GENDERED, HELPERS, PEOPLE, STAFF, SUBJECTS, THIRD_PERSON

# How a clause hangs from an earlier one of its sentence ("..., so he's staying", "says he'll").
JOINED = {"conj", "advcl", "ccomp"}
# "they" and its forms, which a group of people takes before any one person.
GROUP_PRONOUNS = {"they", "them", "their", "theirs"}
# The gender `know` is given for a group of people ("my parents").
GROUP = "group"


class Pronouns:
    """Mixed into Reader, whose fields these read and keep up to date."""

    speaker: str
    last_person: str | None
    people: list[str]
    gender: dict[str, str]
    things: set[str]
    aliases: set[str]
    groups: list[str]
    known: set[str]  # persons spoken of in earlier messages
    said_here: set[str]  # persons this message has spoken of so far

    def pronoun(self, word: str, besides: frozenset[str] = frozenset()) -> str | None:
        """Who he/she/his/her/they names: the most recent person the text has not shown to
        be of the other gender ("my cousin Sara and her husband Paulo. She's a dentist and
        he's a pilot"); saying "she" shows it for later."""
        want = FEMININE.get(word.lower())
        if want is None:
            group = word.lower() in GROUP_PRONOUNS and self.groups
            return self.groups[-1] if group else self.last_person
        # (never the speaker's own name: "I am Hiroshi ... her name is Ms Kubota")
        others = self.things | self.aliases | besides
        candidates = [p for p in reversed(self.people) if p not in others]
        shown = {p: self.gender.get(p) or listed_gender(p) or title_gender(p) for p in candidates}
        # A person known to be of that gender (shown, or a listed first name) first ("Tariq
        # says Oslo is expensive. He's ..." is Tariq: a capitalised word no names list has
        # is as often a place as a person), then anyone not known to be of the other.
        person = next((p for p in candidates if shown[p] == want), None)
        # ... but the person this message just spoke of, whom earlier messages showed to be a
        # person, before one only spoken of before ("baraka got a scholarship ... he leaves
        # in january" after "joseph teaches maths" the day before; a name's ending is only a
        # guess, "Baraka" is a boy's name)
        # (of those who can be one: "Tebogo and his girlfriend Naledi ... He": Tebogo)
        latest = next((p for p in candidates if shown[p] in (None, "", want)), None)
        here = self.said_here
        # (known by a name said shorter too: "Ingeniero Quezada" is "Ingeniero Paúl Quezada")
        known = latest in self.known or any(same_entity(latest, k) for k in self.known if latest)
        if latest in here and known and not shown[latest] and person not in here:
            person = latest
        person = person or next(
            (p for p in candidates if not shown[p] and name_gender(p) in ("", want)), None
        )
        if person is None and self.gender.get(self.last_person) not in (None, want):
            # ("Ishida and wife Yumiko. She makes tassels, he carves": a name's ending is a
            # guess, the other person's shown gender is not)
            person = next((p for p in candidates if not shown[p]), None)
        if person is None:
            last = self.last_person if self.last_person not in self.aliases else None
            # ("Mia ... he's lovely": not Mia, whom the text showed to be a woman; a names
            # list is no proof, "Nino" is a man's name in Italy and a woman's in Georgia)
            shown_last = last and self.gender.get(last)
            if shown_last and shown_last != want:
                return None
            if last:
                self.gender[last] = want  # saying "she" shows it for later
            return last
        self.gender[person] = want
        return person

    def spliced(self, pronoun: Token) -> str | None:
        """ "Instead we get Ola, he was in Tyttebær before": a name ending the clause before
        a comma, and a subject pronoun starting the next, is who it is (unless the text showed
        that name to be of the other gender)."""
        doc, i = pronoun.doc, pronoun.i
        want = FEMININE.get(pronoun.lower_)
        if want is None or pronoun.dep_ not in SUBJECTS or i < 2 or doc[i - 1].text != ",":
            return None
        before = doc[i - 2]
        # (a name the tagger took for an adjective too: "we get Ola, he ...")
        if not (before.pos_ == "PROPN" or name_like(before)) or is_time(before):
            return None
        from memory.nlp.casing import is_first_name

        if before.dep_ == "pobj":
            return None  # ("lives alone in Coimbra, she's 91", "mate on the Þórsnes, she")
        name = self.name_of(before)
        shown = self.gender.get(name) or listed_gender(name) or title_gender(name)
        if shown not in (None, "", want) or name in self.things | self.aliases:
            return None
        if name not in self.people and not listed_gender(name) and not is_first_name(name):
            return None  # (a person the text or the names list knows, "we get Ola, he ...")
        self.gender[name] = want
        return name

    def dislocated(self, pronoun: Token) -> str | None:
        """ "Thảo she don't live with us anymore", "my husband he works at the port": the
        person said right before a subject pronoun, hung on its verb, is who it is."""
        if pronoun.dep_ not in SUBJECTS or pronoun.i == 0:
            return None
        before = pronoun.doc[pronoun.i - 1]
        if before.text == "," and pronoun.i > 1:
            # "New student from today, Chenda, she come from Pailin": a name, not a noun
            # ("better hours, he'll be home")
            before = pronoun.doc[pronoun.i - 2]
            if not (before.pos_ == "PROPN" or name_like(before)):
                return None
        # ("My uncle Piet, he is in Ghent": the name in apposition to what hangs on the verb)
        hung = before.head if before.dep_ == "appos" and before.pos_ == "PROPN" else before
        if hung.head != pronoun.head or hung.dep_ not in ("npadvmod", "dep", "nsubj", "advmod"):
            return None
        # ("my mama", tagged a cry; "Oanh", tagged an adverb)
        owned = child(before, "poss") is not None and before.lower_ in PEOPLE
        named = not owned and (before.pos_ == "PROPN" or name_like(before))
        common = before.pos_ == "NOUN" and before.dep_ != "advmod"
        if not (owned or named or common) or is_time(before):
            return None
        person = self.name_of(before) if named else self.entity(before)
        self.remember([person])
        return person

    def paired(self, token: Token) -> str | None:
        """ "had Hemi and Georgia over, he brought a pavlova and she brought wine": two
        people just named together, then "he" and "she": what the text shows of their
        genders decides, else the order they were named in (as people tell them)."""
        want = FEMININE.get(token.lower_)
        pair = named_pair(token)
        if want is None or pair is None:
            return None
        first, second = (self.name_of(t) for t in pair)
        known = {p: self.gender.get(p) or listed_gender(p) for p in (first, second)}
        if known[first] and known[second] and known[first] != known[second]:
            return first if known[first] == want else second
        if bool(known[first]) != bool(known[second]):
            # one shown ("Hamada and wife Sachiko. She ..., he ..."): the other is the other
            shown = first if known[first] else second
            other = second if shown == first else first
            person = shown if known[shown] == want else other
            self.gender[person] = want
            return person
        # (the parser may end the sentence at a comma: "She's doing X, he's doing Y")
        following = sentence_after(token)
        end = following.end if following is not None else token.sent.end
        after = [t for t in token.doc[:end] if t.i > pair[1].i and t.lower_ in ("he", "she")]
        if {FEMININE[t.lower_] for t in after} != {"m", "f"}:
            return None  # one of them spoken of: the usual reading
        person = first if token.i == after[0].i or FEMININE[after[0].lower_] == want else second
        self.gender[person] = want
        return person

    def know(self, people: Sequence[tuple[str, str]]) -> None:
        """Persons spoken of in earlier messages, oldest first, with their shown gender. The
        user's own people ("my mum") stay the latest when they were named last."""
        own = self.last_person if self.last_person and "'s " in self.last_person else None
        for person, gender in people:
            if gender == GROUP:  # ("my parents" said before: "they" next)
                self.groups.append(person)
                continue
            if person in self.people:
                self.people.remove(person)
            self.people.append(person)
            self.known.add(person)
            if gender:
                self.gender.setdefault(person, gender)
        if own:
            self.people.remove(own)
            self.people.append(own)
        if self.people:
            self.last_person = self.people[-1]

    def learn_gender(self, person: str, role: str) -> None:
        """ "her husband Paulo": Paulo is a man; "my mum": the mother is a woman."""
        # the role's own word, before a name said with it ("dad ray")
        words = role.split(" of ")[0].split() if role else []
        head = next((w for w in reversed(words) if w in GENDERED), "")
        if head and person:
            self.gender[person] = GENDERED[head]

    def co_named(self, pronoun: Token) -> frozenset[str]:
        """Who a subject "he" or "she" cannot be: a person named in its own clause ("he
        coaches Wyatt's team" is not Wyatt, who would have been "his own team")."""
        if pronoun.dep_ not in SUBJECTS:
            return frozenset()
        verb = pronoun.head
        return frozenset(
            self.name_of(t)
            for t in verb.subtree
            if t.pos_ == "PROPN"
            and t.dep_ not in ("compound", "flat")
            and governing_verb(t) == verb
            and not headline(t, pronoun)
        )

    def earlier_subject(self, pronoun: Token) -> str | None:
        """A subject "he"/"she" in a clause joined to an earlier one of its sentence is that
        clause's person if they may be of its gender: "jhon had a fight with his landlord so
        he's staying with us", "Marko says he'll sing" (the subject carries on, as people
        tell; the latest person named is the fallback)."""
        want = FEMININE.get(pronoun.lower_)
        if want is None or pronoun.dep_ not in SUBJECTS:
            return None
        clause = pronoun.head
        while clause.dep_ in JOINED and clause.head.i < pronoun.i:
            clause = clause.head
            subject = child(clause, *SUBJECTS)
            person = self.person_named(subject) if subject is not None else None
            if person is None or person in self.things:
                continue
            shown = self.gender.get(person) or listed_gender(person)
            if shown == want or (not shown and name_gender(person) in ("", want)):
                self.gender[person] = want
                return person
            return None  # the other gender: someone else, the latest fitting person
        return None

    def person_named(self, subject: Token) -> str | None:
        """The person a clause's subject names, if it names one by name."""
        named = child(subject, "appos") if subject.pos_ == "NOUN" else subject
        if named is None and looks_named(subject):
            named = subject  # a name the tagger took for a noun ("Tomasz and his ...")
        if named is not None and named.pos_ == "PROPN" and named.lower_ not in THIRD_PERSON:
            return self.person_of(named)
        if named is not None and looks_named(named):
            return self.name_of(named)
        return None

    def person_of(self, named: Token) -> str:
        """Who a name is: "Grandpa" said as a name is the speaker's grandfather ("Grandpa
        will move in with his partner": the grandfather's partner)."""
        from memory.nlp.reader import bare_kin

        return self.entity(named) if bare_kin(named) else self.name_of(named)

    def conjoined_owner(self, poss: Token) -> str | None:
        """ "my dad ray and his wife linda", "Tom and his girlfriend Mia": his is the one
        named first in the pair, unless the text showed them to be of the other gender."""
        noun = poss.head
        first = noun.head if noun.dep_ == "conj" else None
        if first is None or first.i > poss.i or first.pos_ not in ("NOUN", "PROPN"):
            return None
        person = self.person_named(first)
        if person is None and first.pos_ == "NOUN" and child(first, "poss") is not None:
            person = self.entity(first)  # "my brother and his wife"
        if person is None or person in self.things:
            return None
        shown = self.gender.get(person) or listed_gender(person)
        want = FEMININE.get(poss.lower_)
        return None if want and shown and shown != want else person

    def clause_subject(self, poss: Token) -> str | None:
        """ "Nino came for the harvest with her husband Giorgi": a his/her after its own
        clause's named subject is that person's, unless the text showed them to be of the
        other gender."""
        joined = self.conjoined_owner(poss)
        if joined is not None:
            return joined
        verb = governing_verb(poss)
        while verb is not None and verb.dep_ == "xcomp" and child(verb, *SUBJECTS) is None:
            verb = verb.head  # "Latifa has begun bringing her daughter": Latifa's
        subject = child(verb, *SUBJECTS) if verb is not None else None
        if subject is None or subject.i > poss.i or subject in poss.ancestors:
            return None
        if verb.lemma_ == "be" and poss.head.dep_ == "attr":
            return None  # "Maureen is her sister": someone else's
        named = child(subject, "appos") if subject.pos_ == "NOUN" else subject
        if named is None or named.pos_ != "PROPN":
            return None
        person = self.person_of(named)
        want = FEMININE.get(poss.lower_)
        shown = self.gender.get(person)
        return None if person in self.things or (want and shown and shown != want) else person

    def remember(self, subjects: list[str]) -> None:
        for subject in subjects:
            if not subject or subject == self.speaker or subject in self.things | self.aliases:
                continue
            whose, _, thing = subject.rpartition("'s ")
            if whose and not (PEOPLE | STAFF | HELPERS) & set(thing.split()):
                subject = whose  # "Grandad's birthday is Sunday, he turns 90": Grandad
            owner, _, role = subject.partition("'s ")
            if role and (PEOPLE | STAFF | HELPERS) & set(role.split()):
                # "my mum ... she", "my parents ... they", "he and his wife came. she's ..."
                person = subject
                self.learn_gender(person, role)
            elif written_as_name(subject):
                person = owner
            else:
                continue
            if person == self.speaker:
                continue  # ("Me's cleaner" is no one to call "she")
            self.last_person = person
            self.said_here.add(person)
            if person in self.people:
                self.people.remove(person)
            self.people.append(person)


# Words said before a name, in lower case too ("aunty rewa", "mr bhandari", "uncle sione").
NAME_TITLES = {"mr", "mrs", "ms", "miss", "dr", "aunty", "auntie", "aunt", "uncle", "nana"}
NAME_TITLES |= {"granny", "grandma", "grandpa", "cousin", "pastor", "father", "sister"}


def headline(name: Token, pronoun: Token) -> bool:
    """A name in a fragment before the clause, which the parser could not attach: "News
    from Hamza: he leaves Bordeaux!" tells of Hamza."""
    fragment = next((a for a in name.ancestors if a.head == pronoun.head), name)
    return fragment.dep_ == "dep" and fragment.i < pronoun.i


def name_like(token: Token) -> bool:
    """A capitalised word that is a first name or no English word, however it was tagged; in
    lower case, a word that is no English word after a title ("aunty rewa")."""
    from memory.nlp.casing import english_words, is_first_name

    if not token.text[:1].isupper():
        titled = any(c.lower_.rstrip(".") in NAME_TITLES for c in token.lefts)
        return titled and token.is_alpha and token.lower_ not in english_words()
    return is_first_name(token.text) or token.lower_ not in english_words()


def looks_named(token: Token) -> bool:
    """A capitalised noun that is a first name or no English word ("Tomasz")."""
    return token.pos_ in ("NOUN", "PROPN") and name_like(token)


def named_pair(token: Token) -> tuple[Token, Token] | None:
    """The last two names joined by "and" before `token` in its sentence or the three before
    ("marco and ilaria are together now?? since when?? he studies ... and she's doing ...")."""
    start = token.sent.start
    for _ in range(3):
        start = token.doc[max(start - 1, 0)].sent.start
    before = token.doc[start : token.i]
    pairs = [
        (t.head, t)
        for t in before
        if t.dep_ == "conj"
        and (t.pos_ == "PROPN" or looks_named(t))
        # (a name the tagger does not know is a noun to it: "Tayla and Brendan")
        and (t.head.pos_ == "PROPN" or looks_named(t.head))
        and any(c.lower_ == "and" for c in t.head.children)
    ]
    return pairs[-1] if pairs else None

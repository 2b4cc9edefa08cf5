"""What someone does, studies or comes from, when nothing said tells it: "What does Tomaž
do for work?" after "gf is Ana, she's a physio ... my best friend Tomaž is the one who
introduced us" is "I don't know", not Ana's job and not every sentence that names Tomaž. A
job counts as told of someone when a job slot holds it for them, when a "she"/"he" that
could be them says it, or when they are the subject of a clause that says an activity; what
they study, when a study word is said of them; where they are from, when a slot of origin
holds it or a sentence naming them says "from"."""

import re
from collections.abc import Sequence

from memory.models import Fact
from memory.nlp import entity_key, same_entity, sentences, tokenize
from memory.nlp.casing import is_first_name
from memory.nlp.parse import child, children, governing_verb, parse
from memory.nlp.posts import BUSINESSES, SPELLS
from memory.nlp.predicates import name_gender
from memory.nlp.reader import FEMININE
from memory.nlp.words import NEUTRAL_ROLES, PEOPLE, ROLE_SYNONYMS
from memory.pipeline.aligned import activity
from memory.pipeline.guard import owned_by
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.slots import earns_by, slot_of
from memory.pipeline.valuekinds import says_job


def never_told(evidence: Evidence) -> bool:
    """Whether the question asks what someone does, studies or comes from, and nothing said
    of them could say it."""
    return job_never_told(evidence) or study_never_told(evidence) or origin_never_told(evidence)


# What a question asks of a person itself: where they work or live, what they do or study.
HELD_BY_SOMEONE = {"works_for", "works_as", "works_in", "works_at", "lives_in", "study"}
HELD_BY_SOMEONE |= {"studies_at", "age", "is_called"}


def holder_never_told(evidence: Evidence) -> bool:
    """ "Where does Kofi's wife work?" when no wife of Kofi's was ever spoken of: "I don't
    know", not what is known of Kofi."""
    subject = evidence.intent.subject or ""
    owner, sep, role = subject.partition("'s ")
    if not sep or role not in PEOPLE or same_entity(owner, evidence.speaker):
        return False
    if evidence.intent.relation not in HELD_BY_SOMEONE or evidence.intent.yes_no:
        return False  # ("when is Dana's baby due?" asks of Dana, not of a baby named)
    if "'s " in owner:
        return False  # ("my sister's husband": a role of a role, read by the holders)
    rows = Fact.objects.filter(user_id=evidence.user_id)
    if rows.filter(subject_key=entity_key(subject)).exists():
        return False
    kinds = {role, NEUTRAL_ROLES.get(role, role), ROLE_SYNONYMS.get(role, role)}
    theirs = rows.filter(subject_key=entity_key(owner))
    if theirs.filter(relation__in=[f"role:{k}" for k in kinds]).exists():
        return False
    if NEUTRAL_ROLES.get(role) == "spouse" and theirs.filter(relation="partner_of").exists():
        return False
    # (said in words no fact kept: "Kofi came with his wife")
    return not any(
        role in source(f).lower() and owner.lower() in source(f).lower() for f in evidence.facts
    )


def job_never_told(evidence: Evidence) -> bool:
    """ "What does Øystein do?" when nothing said of him could say what he does (his coming
    over for waffles does not): "I don't know", and no statement close in words either."""
    intent = evidence.intent
    if intent.relation != "works_as" or intent.yes_no or not intent.subject:
        return False
    # (the user's own job is read by meaning; "my mum" is someone else)
    if same_entity(evidence.speaker, intent.subject) or pastime(intent.text):
        return False
    return not any(tells_job(f, intent.subject, evidence.speaker) for f in evidence.facts)


STUDY_SLOTS = {"study", "studies_at", "major", "studies"}
# A change said with no study word, which may say what someone studies now.
SWITCHES = {"switch_to", "change_to", "transfer_to", "swap_to"}
# Words that say what someone studies, said of them ("Thảo's degree", "Fern studies law").
STUDY_WORDS = {"study", "major", "degree", "course", "masters", "master", "phd", "diploma"}
STUDY_WORDS |= {"apprenticeship", "student", "university", "uni", "college", "school"}


def study_never_told(evidence: Evidence) -> bool:
    """ "What is Thảo studying?" when nothing said of her says what she studies ("Tín
    studies welding, he sleeps in Thảo's old room" does not): "I don't know"."""
    intent = evidence.intent
    if intent.relation not in STUDY_SLOTS or intent.yes_no or not intent.subject:
        return False
    if same_entity(evidence.speaker, intent.subject):
        return False
    return not any(tells_study(f, intent.subject) for f in evidence.facts)


def tells_study(fact: Fact, subject: str) -> bool:
    """A study slot of theirs, or a sentence with a study word said of them (they are its
    clause's subject or its owner) or of a "she"/"he" that could be them."""
    if slot_of(fact) in STUDY_SLOTS and same_entity(fact.subject, subject):
        return True
    if slot_of(fact) in SWITCHES and same_entity(fact.subject, subject):
        return True  # "Radu switched from law to architecture": what he studies, in words
    text = source(fact)
    first = tokenize(subject.lower())[:1]
    if not first or first[0] not in text.lower():
        return False
    doc = parse(text)
    named = next((t.i for t in doc if t.lower_ == first[0]), len(doc))

    def them(token) -> bool:  # "my niece Fern": Fern, by the name said with the role
        return any(t.lower_ == first[0] for t in token.subtree if t.dep_ in NAMING or t == token)

    for token in doc:
        if token.lemma_.lower() not in STUDY_WORDS or only_a_student(token):
            continue
        if token.dep_ == "compound" and only_a_student(token.head):
            continue  # ("university" of "university student": where, not what)
        owner = token if token.dep_ == "poss" else child(token, "poss")
        if owner is not None and them(owner):
            return True
        verb = token if token.pos_ in ("VERB", "AUX") else governing_verb(token)
        said = children(verb, "nsubj", "nsubjpass") if verb is not None else []
        if said and them(said[0]):
            return True
        gender = FEMININE.get(said[0].lower_) if said else None
        if gender and named < said[0].i and not named_between(doc, named, said[0].i, gender, first):
            return name_gender(subject) in ("", gender)
    return False


NAMING = ("appos", "compound", "conj")


def only_a_student(token) -> bool:
    """ "Haruto is university student" says that he studies, not what: a student whose only
    words are of where ("university", "college"); "a law student" says what."""
    if token.lemma_.lower() != "student":
        return False
    said = [c for c in token.children if c.dep_ in ("compound", "amod", "nmod")]
    return all(c.lemma_.lower() in STUDY_WORDS for c in said)


ORIGIN = re.compile(r"^\s*where(?:'s| is| was| does| did)?\b.*\bfrom\s*\??\s*$", re.I)
ORIGIN_WORDS = ("from", "born", "grow", "raise")


def origin_never_told(evidence: Evidence) -> bool:
    """ "Where is Ali from?" when nothing said of Ali says where he comes from ("replacement
    is Ali, starts 3 march", told beside where Sindre went): "I don't know"."""
    intent = evidence.intent
    subject = intent.subject or ""
    if intent.yes_no or not subject or not ORIGIN.search(intent.text):
        return False
    if owned_by(evidence.speaker, subject) or not subject[:1].isupper():
        return False
    name = tokenize(subject.lower())[:1]
    for fact in evidence.facts:
        said = slot_of(fact)
        if any(word in said for word in ORIGIN_WORDS) and same_entity(fact.subject, subject):
            return False
        for sent in sentences(source(fact).lower()):
            if name and name[0] in tokenize(sent) and re.search(r"\bfrom\b", sent):
                return False  # a sentence naming them may say it ("... to stay, from X")
    return True


def pastime(question: str) -> bool:
    """ "What does Zosia do after school?", "... on weekends", "... for fun": what someone
    does at a time or for a reason other than work asks no job."""
    for token in parse(question):
        if token.lemma_ != "do" or token.dep_ in ("aux", "auxpass"):
            continue
        for prep in children(token, "prep"):
            if any(o.pos_ == "PROPN" for o in prep.children):
                continue  # ("for work in Dubai": a place, not a time)
            # "after school", "on weekends", "for fun"; not "for work", "for a living"
            # ("these days" is no preposition: still work)
            if prep.lower_ != "for" or any(o.lemma_ not in WORK_WORDS for o in prep.children):
                return True
    return False


WORK_WORDS = {"work", "living", "job", "money", "income"}


JOB_SLOTS = {"works_as", "works_at", "works_for", "employment_status", "teach", "study"}


def tells_job(fact: Fact, subject: str, speaker: str) -> bool:
    """Whether a fact may say what `subject` does: a job slot or "is a vet" said of them, or
    of another person in a message that names them (a "she" may have been read as someone
    else), or a sentence about them kept whole (what it says was not read)."""
    slot = slot_of(fact)
    named = subject.lower() in source(fact).lower()
    if fact.relation.startswith("not:"):
        return False  # "Ken is not a churchgoer" says what he is not, no trade
    if slot in STUDY_SLOTS and same_entity(fact.subject, subject):
        return False  # "she was doing her masters in leeds": what she studied, no job
    owned = fact.object.lower().split()[-1:]
    if slot in ("has", "run", "own") and owned and owned[0] in BUSINESSES:
        # "she has small business, selling injera": a business of one's own is one's work
        return same_entity(fact.subject, subject)
    if earns_by(fact) and same_entity(fact.subject, subject):
        return True  # "he drives a taxi in Durban", "she sells matooke at the market"
    if not slot:  # "Claire's first week as deputy head done"
        return named and may_say_job(source(fact), subject)
    job = slot in JOB_SLOTS or (slot == "is" and fact.object.lower().startswith(("a ", "an ")))
    if not job and fact.object and same_entity(fact.subject, subject) and slot.isalpha():
        # "my cousin Aoife drives a bus": a trade said with a verb of its own, named in the
        # message or only in the clause read ("... and she runs a B&B")
        return may_say_job(source(fact), subject) or (
            may_say_job(fact.text, subject) and said_as_read(fact)
        )
    unread = fact.subject.lower() in ("he", "she", "they")
    if not job and unread and names_thing(fact.object) and subject.lower() in source(fact).lower():
        # "her husband terry ... he drove road trains": a "he" left unread may be them
        return said_by_pronoun(source(fact), fact.object, subject)
    if not job or owned_by(speaker, fact.subject):
        return False
    # (people are often typed in lower case: "ingvild's a nurse now")
    thing = fact.subject.lower() in ("it", "this", "that", "there", "")
    if same_entity(fact.subject, subject):
        return True
    if not named or thing:
        return False
    said = source(fact)
    return said_by_pronoun(said, fact.object, subject) or may_say_job(said, subject)


def names_thing(value: str) -> bool:
    """Whether a value read may name a trade: a noun ("road trains"), not "more" of "he
    earns more"."""
    words = [t for t in parse(value) if t.is_alpha]
    return bool(words) and words[-1].pos_ in ("NOUN", "PROPN")


def said_as_read(fact: Fact) -> bool:
    """Whether the clause read says its verb as the message did: a clause is stored in the
    present ("Carol beats you at cribbage" of "Carol beat me"), which tells a trade only
    when it was said so ("... and she runs a B&B")."""
    verbs = [t.lower_ for t in parse(fact.text) if t.pos_ in ("VERB", "AUX")]
    said = set(tokenize(source(fact).lower()))
    return bool(verbs) and all(v in said for v in verbs)


def may_say_job(text: str, subject: str) -> bool:
    """Whether a sentence kept whole may say what `subject` does: they are the subject of a
    clause that says an activity or what they are, or the sentence names a post beside them
    ("Claire's first week as deputy head"); "padel with Tomaž on thursdays" does not."""
    # (someone's role is named by its word: "Ronald's mother sells matooke" is the mother's)
    first = tokenize(subject.lower())[-1:] if "'s " in subject else tokenize(subject.lower())[:1]
    for token in parse(text):
        if not first or token.lower_ != first[0]:
            continue
        if token.dep_ == "poss" and works_as_owned(token.head):
            return True  # "Claire's first week as deputy head", not "tyler's truck"
        # ("Anders, a carpenter", not a list of names: "it is Anders, me, Viktor and Jonas")
        # ("kuba (my bf)" names whom he is to the user, no trade)
        if any(
            c.dep_ == "appos" and c.pos_ == "NOUN" and c.lemma_ not in PEOPLE
            for c in token.children
        ):
            return True
        verb = token.head if token.dep_ in ("nsubj", "nsubjpass") else None
        done = activity(verb) if verb is not None else None
        if done is not None and present(verb) and done.lemma_.lower() not in NO_TRADE:
            return True
        if verb is not None and verb.lemma_ == "do" and verb.tag_ == "VBG" and child(verb, "dobj"):
            return True  # "jasur still doing yandex taxi nights"
    return False


# What one "is" or "has" that says no trade: "he is so good boy", "Nico is home".
NO_TRADE = PEOPLE | {"boy", "girl", "man", "woman", "guy", "person", "lady", "home", "angel"}
NO_TRADE |= {"have", "own"}  # ("he has his own plan"; a business owned is read apart)


# What one's own may say one's work: "Claire's new job", "Ade's shift", "Bola's salon".
WORK_OWNED = {"job", "work", "shift", "post", "role", "career", "business", "company", "firm"}
WORK_OWNED |= {"shop", "practice", "salon", "restaurant", "office", "clinic", "boss"}
WORK_OWNED |= SPELLS  # ("Claire's first week at Deloitte")


def works_as_owned(thing) -> bool:
    """Whether someone's `thing` may say their work: a post said beside it ("Claire's first
    week as deputy head") or a thing of work; not "tyler's truck" nor "Juho's mother"."""
    if thing.lemma_.lower() in PEOPLE:
        return False
    return thing.lemma_.lower() in WORK_OWNED or any(
        c.dep_ == "prep" and c.lower_ == "as" for c in thing.children
    )


def present(verb) -> bool:
    """What one does is said in the present ("Tess brought her new boyfriend", "Gustavo was
    crying" are events), and not of one's own things ("rides her yamaha everywhere")."""
    past = verb.tag_ == "VBD" or any(a.tag_ == "VBD" for a in children(verb, "aux"))
    thing = next(iter(children(verb, "dobj")), None)
    return not past and (thing is None or not children(thing, "poss"))


def said_by_pronoun(text: str, value: str, subject: str) -> bool:
    """Whether the job was said of a "she"/"he" who may have been read as someone else and
    could be `subject`, not of someone named: "my best friend Tomaž is ... she's a physio"
    tells nothing of Tomaž's job; "Tomaž and Ana came over, he's a physio" might."""
    words = tokenize(value.lower())
    if not words:
        return True
    doc = parse(text)
    name = tokenize(subject.lower())[:1]
    named_at = next((t.i for t in doc if name and t.lower_ == name[0]), len(doc))
    for token in doc:
        if token.lower_ != words[-1]:
            continue
        # ("he's a seaman": the copula the noun is said by, which may be tagged no verb)
        verb = token.head if token.dep_ == "attr" else governing_verb(token)
        said = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")] if verb else []
        if said and name and said[0].lower_ == name[0]:
            return True  # "tiago's a pharmacist", read as the brother's
        if said and (said[0].pos_ != "PRON" or said[0].i < named_at):
            return False  # said of someone named, or of a "she" before they were named
        gender = FEMININE.get(said[0].lower_, "") if said else ""
        if gender and named_between(
            doc, last_named(doc, said[0], name), said[0].i, gender, tokenize(subject.lower())
        ):
            return False  # "Tomos and his brother Idris came over, he's ...": Idris
        return not gender or name_gender(subject) in ("", gender)
    return True


def last_named(doc, pronoun, name: Sequence[str]) -> int:
    """Where the person was last named before the pronoun ("kuya renz (andrea's bf). renz is
    sooo loud, he's a seaman": the second "renz"), else where the text ends."""
    return max((t.i for t in doc[: pronoun.i] if name and t.lower_ == name[0]), default=len(doc))


def named_between(doc, start: int, end: int, gender: str, own: Sequence[str] = ()) -> bool:
    """Whether someone who may be "he" or "she" (`gender`) is named between the person asked
    about and the pronoun (at `end`): the pronoun then names the nearer one, as extraction
    read it."""
    # (one named again beside the pronoun is someone else: "She taught Arabic, whereas
    # Samira is a pharmacist")
    beside = {t.lower_ for t in doc[end].sent if t.i != end}
    beside |= set(own)  # their own name ("Madame Bennani")
    for token in doc[start + 1 : end]:
        name = token.text.capitalize()
        person = name_gender(name) == gender or is_first_name(name) and not name_gender(name)
        if token.pos_ == "PROPN" and person and token.lower_ not in beside:
            return True
    return False


def earned_living(evidence: Evidence, facts: list[Fact]) -> list[Fact]:
    """ "What does Ronald's mother do?" with no job told, but "she sells matooke at the
    market": what they do for a living in a verb of its own, not "she is very proud"."""
    intent = evidence.intent
    if intent.relation != "works_as" or not intent.subject:
        return []
    if same_entity(evidence.speaker, intent.subject):
        return []  # (the user's own work is read by meaning: "I own way too many bikes")
    slot = [f for f in facts if f.pk in evidence.triplet_ids]
    if any(slot_of(f) != "is" or says_job(f.object, lambda f=f: source(f)) for f in slot):
        return []
    return [f for f in evidence.facts if earns_by(f) and same_entity(f.subject, intent.subject)][:1]

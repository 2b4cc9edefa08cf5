"""What someone does, when nothing said tells it: "What does Tomaž do for work?" after
"gf is Ana, she's a physio ... my best friend Tomaž is the one who introduced us" is "I
don't know", not Ana's job and not every sentence that names Tomaž. A job counts as told of
someone when a job slot holds it for them, when a "she"/"he" that could be them says it, or
when they are the subject of a clause that says an activity."""

from memory.models import Fact
from memory.nlp import same_entity, tokenize
from memory.nlp.parse import children, governing_verb, parse
from memory.nlp.predicates import name_gender
from memory.nlp.reader import FEMININE
from memory.pipeline.aligned import activity
from memory.pipeline.guard import owned_by
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.slots import slot_of


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


def pastime(question: str) -> bool:
    """ "What does Zosia do after school?", "... on weekends", "... for fun": what someone
    does at a time or for a reason other than work asks no job."""
    for token in parse(question):
        if token.lemma_ != "do" or token.dep_ in ("aux", "auxpass"):
            continue
        for prep in children(token, "prep"):
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
    if not slot:  # "Claire's first week as deputy head done"
        return named and may_say_job(source(fact), subject)
    job = slot in JOB_SLOTS or (slot == "is" and fact.object.lower().startswith(("a ", "an ")))
    if not job and fact.object and same_entity(fact.subject, subject) and slot.isalpha():
        # "my cousin Aoife drives a bus": a trade said with a verb of its own
        return may_say_job(source(fact), subject)
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


def may_say_job(text: str, subject: str) -> bool:
    """Whether a sentence kept whole may say what `subject` does: they are the subject of a
    clause that says an activity or what they are, or the sentence names a post beside them
    ("Claire's first week as deputy head"); "padel with Tomaž on thursdays" does not."""
    first = tokenize(subject.lower())[:1]
    for token in parse(text):
        if not first or token.lower_ != first[0]:
            continue
        if token.dep_ == "poss" or any(c.dep_ == "appos" for c in token.children):
            return True
        verb = token.head if token.dep_ in ("nsubj", "nsubjpass") else None
        # (what one does is said in the present: "Tess brought her new boyfriend" is an
        # event, not a job)
        if verb is not None and activity(verb) is not None and verb.tag_ != "VBD":
            return True
    return False


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
        verb = governing_verb(token)
        said = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")] if verb else []
        if said and name and said[0].lower_ == name[0]:
            return True  # "tiago's a pharmacist", read as the brother's
        if said and (said[0].pos_ != "PRON" or said[0].i < named_at):
            return False  # said of someone named, or of a "she" before they were named
        gender = FEMININE.get(said[0].lower_, "") if said else ""
        return not gender or name_gender(subject) in ("", gender)
    return True

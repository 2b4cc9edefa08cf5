"""A job told without a verb: "ESTÁGIO at Metalúrgica Schmitz!!! starts june 2", "new gig at
the harbour office", "first week at Crux climbing gym done". The parser hangs these in many
shapes (a root noun, a subordinate "at", a subject of "done"), so they are read off the
words: a word for a job, or a first day or week, then "at" and the name of the place, up to
the first word that is no part of a name."""

from memory.nlp.parse import Span, Token, child
from memory.nlp.reader import Reader

JOB_NOUNS = {"job", "gig", "internship", "estágio", "estagio", "placement", "apprenticeship"}
JOB_NOUNS |= {"position", "contract", "traineeship", "residency", "post"}
FIRSTS = {"first", "second", "1st", "2nd"}
SPELLS = {"day", "days", "week", "weeks", "month", "shift", "shifts"}
# a first day at school is a pupil's, not a job
SCHOOLS = {"school", "uni", "university", "college", "kindergarten", "nursery", "class"}
# where a place's name ends
ENDS = {"PUNCT", "VERB", "AUX", "ADP", "CCONJ", "SCONJ", "PRON", "ADV", "SYM", "NUM"}


def job_places(sent: Span) -> list[tuple[Token, Span]]:
    """(the job word, the place it is at) for each job said without a verb in `sent`."""
    out = []
    for token in sent:
        at = token.nbor(1) if token.i + 1 < sent.end else None
        if at is None or at.lower_ != "at":
            continue
        first = token.i > sent.start and token.nbor(-1).lower_ in FIRSTS
        if not (token.lower_ in JOB_NOUNS or (token.lower_ in SPELLS and first)):
            continue
        words = []
        for word in sent.doc[at.i + 1 : sent.end]:
            if word.pos_ in ENDS or (words and word.tag_ == "VBN"):
                break
            words.append(word)
        while words and words[0].pos_ == "DET":
            words.pop(0)
        if words and not (first and words[-1].lower_ in SCHOOLS):
            out.append((token, sent.doc[words[0].i : words[-1].i + 1]))
    return out


class BareJobFrames:
    """Mixed into SentenceFrames (frames.py), whose `add`, `reader` and `sent` these use."""

    sent: Span
    reader: Reader

    def jobs_told_bare(self) -> None:
        """ "ESTÁGIO at Metalúrgica Schmitz!!!", "first week at Crux climbing gym done"."""
        for job, place in job_places(self.sent):
            if job.dep_ in ("dobj", "attr", "pobj") and job.head.pos_ in ("VERB", "AUX", "ADP"):
                continue  # "got a job at the bank": the verb's frame reads it
            owner = self.reader.owner(job) if child(job, "poss") is not None else None
            self.add(owner or self.reader.speaker, "works_for", place.text)

    def work_done(self, verb: Token, subject: Token, neg: bool, plan: bool) -> bool:
        """ "im doing ceramics full time", "I do photography for a living": what one does
        for work is one's job, as "I'm a potter" is."""
        obj = child(verb, "dobj")
        if verb.lemma_ != "do" or obj is None or not for_work(verb):
            return False
        entity = self.reader.entity(subject)
        self.add(entity, "works_as", self.reader.value(obj), negated=neg, plan=plan)
        return True


def for_work(verb: Token) -> bool:
    """Whether a verb is said to be done as one's work: "full time", "part-time", "for a
    living", "professionally"."""
    for token in verb.children:
        if token.lemma_ == "time" and any(c.lower_ in ("full", "part") for c in token.children):
            return True
        if token.lower_ == "for" and any(c.lower_ == "living" for c in token.children):
            return True
        if token.lower_ in ("professionally", "freelance"):
            return True
    return False

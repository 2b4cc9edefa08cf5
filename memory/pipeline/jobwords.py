"""Whether a question asks for a job ("What does Kiri do for a living?"), and whether a word
of work in a statement is said of the one asked: "councillor Nora Hegarty" is Nora's job, not
Aoife's, though the message names both; "she teaches at the lycée" may be whom it asks."""

from memory.nlp import stem
from memory.nlp.intro import agent
from memory.nlp.parse import Doc, Token, child
from memory.nlp.reader import prep_objects

# "for work", "for a living": what someone does for these is their job
FOR_WORK = {"work", "living", "job", "money", "career"}


def asks_job(doc: Doc) -> bool:
    """ "What does Kiri do for work?", "what's Tomasz doing for a living?": a job is asked
    (not "what does Léa do on Saturdays?", which asks a pastime)."""
    doing = [t for t in doc if t.lemma_ == "do" and t.dep_ in ("ROOT", "xcomp", "ccomp")]
    return any(
        o.lemma_.lower() in FOR_WORK for d in doing for p, o in prep_objects(d) if p == "for"
    )


# Words that say what someone does for work without naming a trade ("works at the port",
# "got a job", "retired last year")
WORK_WORDS = {"work", "job", "employ", "hire", "career", "retire", "unemployed", "freelance"}
WORK_WORDS |= {"intern", "internship", "shift", "business", "company", "firm", "office"}
# ... or by the verb of a trade ("she taught Arabic at the lycée", "he drives a taxi")
TRADES = {"teach", "drive", "run", "own", "manage", "cook", "nurse", "farm", "coach", "sell"}
WORK_WORDS |= TRADES
HELD_TRADES = {"run", "own", "manage", "sell"}


def job_of_asked(token: Token, asked: set[str]) -> bool:
    """Whether a word of work is said of the one asked: "councillor Nora Hegarty" is Nora's
    job, not Aoife's, though the message names both."""
    if token.dep_ in ("compound", "appos") and token.head.pos_ == "PROPN":
        return stem(token.head.lower_) in asked
    named = [c for c in token.children if c.dep_ in ("appos", "compound") and c.pos_ == "PROPN"]
    named += [c for c in token.children if c.dep_ == "appos"]
    if named:  # ("my local councillor nora hegarty")
        return any(stem(t.lower_) in asked for c in named for t in c.subtree)
    if token.lemma_ in TRADES and token.pos_ == "VERB":
        # a trade's verb says it with what is done or where ("runs a café", "teaches at
        # the lycée"); "running are Mrs Ramos and ..." stands for an election
        # ("will not run again in the June election": one runs, owns or sells a thing)
        said = ("dobj",) if token.lemma_ in HELD_TRADES else ("dobj", "prep")
        if not any(c.dep_ in said for c in token.children):
            return False
    if agent(token.lower_) and token.dep_ in ("dobj", "pobj") and token.head.lower_ != "as":
        return False  # whom one emailed or spoke to ("talked to the manager") is another
    return not _of_another(token, asked)


def _of_another(token: Token, asked: set[str]) -> bool:
    """Whether a word is said of someone the question does not ask about: its clause's
    subject is another name, or the user where another is asked ("she teaches", a "he"
    or a name the tagger missed may be whom it asks)."""
    node = token
    while node.pos_ not in ("VERB", "AUX") and node.head.i != node.i:
        node = node.head
    who = child(node, "nsubj", "nsubjpass")
    if who is None:
        return False
    teller = child(node.head, "nsubj", "npadvmod") if node.dep_ == "ccomp" else None
    if who.lower_ in ("he", "she") and teller is not None and teller.pos_ == "PROPN":
        who = teller  # ("Marge announced she's stepping down as president": Marge)
    if who.lower_ in ("i", "we"):
        return not asked & {"i", "me", "my", "we"}
    named = [who, *(c for c in who.children if c.dep_ == "conj")]
    return who.pos_ == "PROPN" and not any(stem(t.lower_) in asked for t in named)

"""Whether what a yes/no asks has ended since, by the grammar of the newest statement about
its subject that shares a word of the question ("keto is over for me", "we let Dolores go",
"so they won't be doing the picks anymore"), whatever slot the ending was or was not read
into."""

import re

from memory import nlp
from memory.nlp.marks import ended_clauses, new_clauses
from memory.pipeline.guard import owned_by
from memory.pipeline.leaving import asked_stems, stems
from memory.pipeline.names import mentions, source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import quote, sentence

CHECKED = 20  # the best-ranked facts: each is said back as its sentence to be read


def ended_since(evidence: Evidence) -> str | None:
    """ "Am I still on keto?" after "keto is over for me"; "Are we going to Vis in August?"
    after "the Vis trip fell through": the newest statement about the subject that shares
    a word of what is asked says, in its grammar, that it ended (memory.nlp.marks), so no -
    whatever slot the ending was or was not read into."""
    intent = evidence.intent
    if intent.wants_past:
        return None
    asked = asked_stems(intent.text, intent.subject or evidence.speaker)
    if not asked:
        return None
    subject = intent.subject or evidence.speaker
    about = [
        f
        for f in evidence.facts[:CHECKED]
        if owned_by(subject, f.subject)
        or mentions(source(f), subject)
        or owned_by(evidence.speaker, subject)
    ]
    said = {f.pk: quote(f, evidence.speaker) for f in about}
    # someone else gone ("tuan's gone back to Hue") is gone from all they were asked about
    who = set() if owned_by(evidence.speaker, subject) else stems(subject)
    sharing = [f for f in about if asked & stems(said[f.pk]) or _departs(said[f.pk], who)]
    if not sharing:
        return None
    newest = max(f.created_at for f in sharing)
    for fact in (f for f in sharing if f.created_at == newest):
        # the whole message: "biscoito escaped and never came back. I think he's gone"
        text = source(fact)
        ended = ended_clauses(text)
        told = any(_ends_asked(clause, text, asked) or _departs(clause, who) for clause in ended)
        # "used to play guitar badly, now I play it in a band": it holds again
        # (not "he will not be president anymore ... now Selim is president": another's)
        again = any(
            asked & stems(c) and _of_subject(c, who) for c in new_clauses(text) if c not in ended
        )
        if told and not again:
            return f"No, not anymore. {sentence(said[fact.pk])}"
    return None


PRONOUNS = {"he", "she", "it", "they", "him", "her", "them"}
# ("we let Dolores go", "she was fired": only ended clauses are read for these)
DEPARTING = {"gone", "go", "left", "died", "passed", "moved", "fired", "sacked", "dismissed"}
NO_LONGER = {"anymore", "longer", "not"}


def _ends_asked(clause: str, text: str, asked: set[str]) -> bool:
    """The ended clause names what is asked, or says it with a pronoun after the sentence
    named it ("luma got out and hasn't come back. I think she's gone")."""
    if asked & stems(clause):
        return True
    at = text.lower().find(clause.lower())  # (the parse puts back a name's capital)
    # ("desi's given up being vegan": the clause read is "Desi's given up"; what was given
    # up follows it in the same phrase)
    if at >= 0 and asked & stems(re.split(r"[,.;!?]", text[at:], maxsplit=1)[0]):
        return True
    words = set(nlp.tokenize(clause.lower()))
    before = text[: max(at, 0)]
    return bool(words & PRONOUNS) and bool(asked & stems(before))


def _of_subject(clause: str, who: set[str]) -> bool:
    """Whether a clause may be about the asked subject: the user (`who` empty) is anyone
    said, another must be named or said by a pronoun."""
    words = set(nlp.tokenize(clause.lower()))
    return not who or who <= stems(clause) or bool(words & PRONOUNS)


def _departs(clause: str, who: set[str]) -> bool:
    words = set(nlp.tokenize(clause.lower()))
    # ("Wilber is not with us anymore": no longer with the user, in any of their roles)
    apart = {"with"} <= words and bool(words & {"us", "me", "you"}) and bool(words & NO_LONGER)
    return bool(who) and who <= stems(clause) and (bool(words & DEPARTING) or apart)

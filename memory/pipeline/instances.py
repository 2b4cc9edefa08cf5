"""Which one of a kind: "Which stand mixer did I order?" after "just ordered a stand mixer off
Argos, the Kenwood Chef". The slot holds only the kind ("stand mixer"), which repeats the
question; the name is said beside it, after a comma ("the Kenwood Chef", "the SUNUV one"),
wherever the parser hung it (on "Argos", on the verb)."""

from memory.nlp import stem
from memory.nlp.parse import Token, parse
from memory.pipeline.names import source
from memory.pipeline.question import Evidence
from memory.pipeline.speech import sentence
from memory.pipeline.typed import of_kind

NEAR = 8  # tokens after the kind's noun in which its name may follow


def answer(evidence: Evidence) -> str | None:
    intent = evidence.intent
    if intent.yes_no or intent.wh not in ("what", "which") or intent.wants_past:
        return None
    noun = asked_noun(intent.text)
    if not noun:
        return None
    # (a value that names no make or brand: "uv/led nail lamp")
    kind = [f for f in of_kind(evidence.facts, noun) if f.object.islower()]
    for fact in sorted(kind, key=lambda f: (f.truth_since, f.pk), reverse=True):
        name = name_beside(source(fact), noun)
        if name:
            return sentence(name)
    return None


def asked_noun(question: str) -> str:
    """The stem of the noun a "which"/"what" question starts with ("which stand mixer")."""
    doc = parse(question.rstrip(" ?.!") + "?")
    start = next((t.i for t in doc[:2] if t.lower_ in ("which", "what")), None)
    if start is None:
        return ""
    noun = None
    for token in doc[start + 1 : start + 4]:  # ("stand" in "which stand mixer" read a verb)
        if token.pos_ in ("AUX", "PRON", "ADP", "PUNCT"):
            break
        if token.pos_ == "NOUN":
            noun = token
        elif noun is not None:
            break
    return stem(noun.lemma_.lower()) if noun is not None else ""


def name_beside(text: str, noun: str) -> str | None:
    """ "the Kenwood Chef" in "ordered a stand mixer off Argos, the Kenwood Chef, £299"."""
    for sent in parse(text).sents:
        heads = [t for t in sent if t.pos_ == "NOUN" and stem(t.lemma_.lower()) == noun]
        for head in heads:
            said = _after_comma(head, sent.end, noun)
            if said:
                return said
    return None


def _after_comma(head: Token, end: int, noun: str) -> str | None:
    doc = head.doc
    for i in range(head.i + 1, min(head.i + NEAR, end - 2)):
        if doc[i].text != "," or doc[i + 1].lower_ != "the":
            continue
        j = i + 2
        while j < end and (doc[j].pos_ == "PROPN" or doc[j].text.isupper() and doc[j].is_alpha):
            j += 1
        if j == i + 2:
            return None  # ("a lamp, the one everyone has": no name)
        if j < end and (doc[j].lower_ == "one" or stem(doc[j].lemma_.lower()) == noun):
            j += 1
        return doc[i + 1 : j].text
    return None

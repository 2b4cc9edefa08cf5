"""Run-on chat, dictated or typed without stops ("Viktor does orienteering on sundays he is
really good at it", "I live in Ouidah with my grandmother Afi she is 79"): a subject pronoun
and its finite verb right after a complete clause start a sentence of their own, as a
speaker's pause would. The parser alone hangs the second clause from a word of the first
("sundays he is good" read as one noun phrase's relative clause), and every reader after it
loses the clause's subject.

A parser component that runs before the parser, on the tagger's tags only; so does
`names_opening`, which gives a first name that opens a clause the tag of one."""

from spacy.tokens import Doc, Token

from memory.nlp.casing import is_first_name
from memory.nlp.parse import BREAKS as CLAUSE_BREAKS
from memory.nlp.parse import FINITE, SUBJECTS, SUBORDINATE

# Pronouns that only ever start a clause (not "you": "thank you she said"; not "it": "love
# it" ends one as often)
OPENING = SUBJECTS - {"you"}
# Tags of a word a clause may end with before a new subject.
ENDING = {"NN", "NNS", "NNP", "NNPS", "CD", "RB", "JJ", "RP"}
# Words after which a pronoun opens a clause that belongs to them ("since she is", "so I
# think", "the day we met", "more than he is").
BINDING = SUBORDINATE | {"that", "than", "where", "why", "how", "whether", "and", "but", "or"}
BINDING |= {"nor", "then", "now", "also", "too"}
BINDING |= {"day", "time", "way", "moment", "week", "year", "night", "morning", "first"}
# Adverbs that open the clause of the pronoun after them.
LEADING = {"now", "then", "later", "today", "yesterday", "tomorrow", "also"}
# Verbs whose clause follows them without a "that" ("told Hannah she'd always liked me").
SAYING = {"tell", "tells", "told", "say", "says", "said", "think", "thinks", "thought", "know"}
SAYING |= {"knows", "knew", "hope", "hopes", "hoped", "hear", "heard", "guess", "reckon", "mean"}
SAYING |= {"meant", "feel", "felt", "believe", "realised", "realized", "promised", "warned"}
SAYING |= {"asked", "texted", "messaged", "msgd", "wrote", "swear", "bet", "wish", "means"}
SAYING |= {"reminded", "admitted", "explained", "decided", "agreed", "saw", "noticed"}
SAYING |= {"turns", "turned", "seems", "seemed", "figured", "learned", "learnt", "found"}
# Words that open a clause bound to the one after it ("when I was there I walked"; "so"
# opens the next clause as often: "ok so I'm Aroha I'm an arborist")
SUBORDINATING = SUBORDINATE - {"so"}
# Words that open a clause bound to the one after it.
OPENING_BOUND = set(SUBORDINATING)
# ... and a relative clause ("a cake which of course I couldn't eat")
OPENING_BOUND |= {"which", "that", "who", "whom", "whose", "what", "where"}
# ... and a clause joined on whose subject comes late ("so from 1 May I am skipper")
OPENING_BOUND |= {"so", "and", "but", "or", "then"}
BREAKS = CLAUSE_BREAKS | {".", "!", "?"}
SHORTEST = 4  # words of the clause before, with its finite verb


def run_ons(doc: Doc) -> Doc:
    start = 0
    for token in doc[1:-1]:
        before = doc[token.i - 1]
        if before.text in BREAKS or token.is_sent_start:
            start = token.i
            continue
        owned = _owned_subject(token)
        if not owned and not _opens_clause(token):
            continue
        # ("until 2023 now I am back in Pokhara": the new clause starts at its adverb)
        first = token
        if before.lower_ in LEADING and token.i - 2 > start:
            first, before = before, doc[token.i - 2]
        said = doc[start : first.i]
        if len(said) < SHORTEST or not any(t.tag_ in FINITE for t in said):
            continue  # ("the flat we rented ...": no clause before it to end)
        # ("good at it his coach Annika says": an object pronoun ends a clause too)
        ending = before.tag_ in ENDING or (owned and before.lower_ in ("it", "them"))
        if not ending or before.lower_ in BINDING:
            continue
        if any(t.lower_ in SAYING for t in doc[max(start, first.i - 3) : first.i]):
            continue  # ("she told hannah she'd always liked me": what was told)
        if _asked(doc, token.i):
            continue  # ("what's the name of the car we bought last year?": one question)
        if any(t.lower_ in SUBORDINATING for t in said[:3]):
            continue  # ("back when I was at the post office I walked everywhere")
        finite = max(t.i for t in said if t.tag_ in FINITE)
        if any(t.lower_ in OPENING_BOUND for t in doc[finite : first.i]):
            continue  # ("since my operation in January I have a carer": its main clause)
        first.is_sent_start = True
        start = first.i
    return doc


def _asked(doc: Doc, i: int) -> bool:
    """The sentence going on at `i` ends in a question mark."""
    end = next((t for t in doc[i:] if t.text in (".", "!", "?")), None)
    return end is not None and end.text == "?"


OWNERS = {"my", "his", "her", "our", "their"}
NAMING = {"NN", "NNS", "NNP", "NNPS", "JJ", "POS"}


def _owned_subject(token: Token) -> bool:
    """ "his coach Annika says", "my sister's husband is": an owner's word for someone, at
    most four words, then a finite verb."""
    if token.lower_ not in OWNERS:
        return False
    for word in token.doc[token.i + 1 : token.i + 6]:
        if word.tag_ in ("VBZ", "VBD", "MD") or word.lower_ in ("is", "was", "are", "were"):
            return word.i > token.i + 1
        if word.tag_ not in NAMING:
            return False
    return False


def _opens_clause(token: Token) -> bool:
    """ "he is", "she's", "we do", "I am": a subject pronoun and a finite verb, not a
    relative clause without its "that" ("the car he bought was ...": a second finite verb
    follows the first at once)."""
    if token.lower_ not in OPENING or token.i + 2 >= len(token.doc):
        return False
    verb, after = token.doc[token.i + 1], token.doc[token.i + 2]
    if verb.tag_ not in FINITE or after.is_punct:
        return False  # ("the name of the greyhound we adopted?": a relative clause)
    return not (verb.tag_ in ("VBD", "VBZ", "VBP") and after.tag_ in ("VBZ", "VBD", "MD"))


def names_opening(doc: Doc) -> Doc:
    """ "Raj looks after the garden", "Femke handles the ovens": the tagger, meeting a name
    it does not know at the start of a sentence, takes it for an adverb, and the parser then
    leaves the verb with no subject. A listed first name (no English word) before a finite
    verb is tagged as the name it is."""
    for token in doc[:-1]:
        opens = token.i == 0 or doc[token.i - 1].text in BREAKS or token.is_sent_start
        if not opens or token.tag_ not in ("RB", "JJ", "NN", "VB") or not token.text.istitle():
            continue
        if doc[token.i + 1].tag_ in ("VBZ", "VBD") and is_first_name(token.text):
            token.tag_ = "NNP"
    return doc

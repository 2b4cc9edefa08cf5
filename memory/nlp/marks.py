"""The clauses of a sentence that its grammar marks as telling what held before, or what
holds now in place of something else, whatever the words of the slot.

Past: "I used to ski when I was a salaryman in Otaru", "back when I was in the navy", "before
that I drove a school bus", "we lived in Nogales till 2010", "my old bike was a Gazelle", "he
finally quit the recording studio", "since the factory closed", "switched from a big firm in
Istanbul to a studio here". A past question ("what did I do before?") that no slot answers is
best answered by such a clause: it names the earlier value itself, where a sentence merely
close in meaning names whatever holds now as often.

New: "he drives a petit taxi in the city now", "joined the university choir instead", "they
moved me to route 6 from today", "the surgery got pushed back to May", "the new spot is near
the mall". Asked what holds now, the latest such clause names the value that replaced the
one a slot may still hold, where the slot reading missed the change.
"""

import re

from memory.nlp.endings import (
    ENDING_PHRASES,
    ENDING_VERBS,
    EXCHANGING,
    PARTING,
    lives_elsewhere,
    particle,
)
from memory.nlp.intro import agent
from memory.nlp.parse import Token, child, parse
from memory.nlp.predicates import WILL, auxiliaries, is_plan
from memory.nlp.reader import is_time, prep_objects
from memory.nlp.words import PEOPLE

# Adverbs of a verb or clause that place it before now ("before that", "previously").
EARLIER_ADVERBS = {"before", "previously", "formerly", "originally", "once", "ago", "back"}
EARLIER_ADVERBS |= {"prior"}  # "prior to that, I spent six years in the lab"
# Modifiers of a noun that make it a thing of the past ("my old bike", "her ex").
EARLIER_MODIFIERS = {"old", "former", "previous", "ex", "last", "late"}
# Verbs whose subject or object stopped being what it was ("the factory closed", "lost his
# job", "sold the Golf"), beside the endings the extractor reads.
LOSING = {"close", "lose", "sell", "shut", "fold", "die", "pass", "retire", "graduate", "rid"}
LOSING |= {"kill", "steal", "scrap", "donate", "rehome", "dump", "divorce", "end", "total"}
LOSING_PHRASES = {("give", "away"), ("move", "away"), ("put", "down")}
# "switched from A to B": A is what held before.
CHANGING = {"switch", "change", "move", "transfer", "go", "convert", "upgrade", "downgrade"}
# Adverbs that say a state holds now, in place of another ("now", "instead", "these days").
NOW_ADVERBS = {"now", "currently", "nowadays", "instead", "anymore"}
NEW_MODIFIERS = {"new", "current", "latest"}
# Verbs that start something or move it to a new value ("joined the choir", "switched to
# days", "pushed back to May", "moved me to route 6").
STARTING = {"start", "begin", "join", "open", "become", "hire", "promote", "take", "adopt"}
MOVING = CHANGING | {"push", "postpone", "reschedule", "delay", "bring", "put", "shift"}
# Clauses of their own: what they say is not said of the past by the marker.
OTHER_CLAUSES = {"ccomp", "advcl", "conj", "parataxis"}
# What is said of a thing that has ended ("keto is over for me").
FINISHED = {"over", "finished", "done", "cancelled", "canceled"}
# Past participles the tagger reads as adjectives.
ENDED = {"closed", "shut", "gone", "finished", "sold", "retired", "dead"}
# ... of which these say the thing is no more even as a present state ("she's gone").
GONE = {"gone", "dead"}


def used_to(verb: Token | None) -> bool:
    """ "used to live", "used to be a lawyer": a state or habit of the past."""
    if verb is None or verb.dep_ != "xcomp" or verb.head.lemma_ != "use":
        return False
    to = child(verb, "aux")
    if to is None or to.lower_ != "to":
        return False
    used = verb.head
    # "..., used to be a lawyer" is tagged a participle too; "is used to" / "was used to
    # make" (accustomed, passive) have an auxiliary
    return used.tag_ == "VBD" or (used.tag_ == "VBN" and not child(used, "aux", "auxpass"))


def over_until(verb: Token) -> bool:
    """ "I lived in Wellington until 2022" (or "till 2022"): a past state with its end said."""
    if verb.tag_ != "VBD":
        return False
    return any(p in ("until", "till") and is_time(o) for p, o in prep_objects(verb))


def told_earlier(verb: Token) -> bool:
    """ "Before that I was a postman", "previously worked at X", "back when I was in the
    navy": a state said of an earlier time (not "moved here two years ago": an event)."""
    for c in verb.children:
        if c.lower_ == "when" and c.i > 0 and c.doc[c.i - 1].lower_ == "back":
            return True
        if c.lower_ == "before" and c.dep_ == "mark" and verb.dep_ == "advcl":
            # "she cooked on ships before she joined BAS": the joining came after, and holds
            # (but "Before I had only the Vespa, imagine ...": "before" for "until now")
            if verb.head.tag_ in ("VBD", "VBN"):
                continue
        if c.lower_ != "ago" and c.lower_ != "back" and _earlier_adverb(c):
            return True
        # "she cooked on cruise ships for eight years before she joined BAS": what was done
        # before something else happened is over (and the joining is not)
        if c.dep_ == "advcl" and verb.tag_ == "VBD" and child(c, "mark") is not None:
            if child(c, "mark").lower_ == "before" and c.tag_ in ("VBD", "VBP", "VBN"):
                return True
    return False


def past_clauses(text: str) -> list[str]:
    """The clauses of `text` said of an earlier state or of its end, each as its words:
    "the team is called Os Tortinhos now, someone complained the old name was rude" -> ["the
    old name was rude"] (what held before is said there, if anywhere)."""
    return _marked_clauses(text, _marks)


def _marked_clauses(text: str, marks) -> list[str]:
    clauses: list[str] = []
    for sent in parse(text).sents:
        for token in sent:
            if marks(token):
                words = _words(_clause(token), token)
                if words not in clauses:
                    clauses.append(words)
    return clauses


def new_clauses(text: str) -> list[str]:
    """The clauses of `text` said of what holds now in place of something else: "swapped
    the subaru for an old hilux" gives "an old hilux", what is had now."""
    return _exchanged(text) + _marked_clauses(text, _marks_new)


def _exchanged(text: str) -> list[str]:
    return [
        _subtree_text(prep_object)
        for token in parse(text)
        if token.lemma_.lower() in EXCHANGING and token.tag_ in ("VBD", "VBN")
        for prep_object in _for_objects(token)[:1]
    ]


def _for_objects(verb: Token) -> list[Token]:
    """What the verb's object was swapped for, wherever the parser hung the "for"."""
    heads = [verb, *(c for c in verb.children if c.dep_ == "dobj")]
    return [o for h in heads for p, o in prep_objects(h) if p == "for" and not is_time(o)]


def _subtree_text(token: Token) -> str:
    """The phrase up to its own prepositions ("an old hilux", not "... for the winters")."""
    cut = next((t.i for t in token.subtree if t.dep_ == "prep" and t.i > token.i), None)
    kept = [t for t in token.subtree if cut is None or t.i < cut]
    return "".join(t.text_with_ws for t in kept).strip(" ,.;")


def _marks_new(token: Token) -> bool:
    word = token.lower_
    if word in NOW_ADVERBS and token.dep_ in ("advmod", "npadvmod"):
        return token.head.tag_ not in ("VBD",) or word == "instead"  # not "I now saw"
    if word == "days" and any(c.lower_ == "these" for c in token.children):
        return True  # "these days"
    if word == "today" and token.head.lower_ == "from":
        return True  # "from today"
    if word in NEW_MODIFIERS and _modifies_noun(token):
        return True
    if word == "now" and token.dep_ in ("pobj", "pcomp") and token.head.lower_ == "for":
        return True  # "freelancing as an accountant for now"
    if token.pos_ != "VERB" or token.tag_ not in ("VBD", "VBN"):
        return False
    lemma = token.lemma_.lower()
    if lemma in STARTING:
        return True
    # "to" may hang from the particle: "pushed back to May"
    near = [
        g for c in token.children if c.dep_ in ("prep", "prt", "advmod") for g in (c, *c.children)
    ]
    return lemma in MOVING and any(t.lower_ in ("to", "into") for t in near)


def ended_clauses(text: str) -> list[str]:
    """The clauses of `text` that say something ended ("keto is over for me", "quit the
    choir", "the trip fell through", "used to sing"): not those that only place a thing
    earlier ("a former minister", "previous experience", "before that"), which say nothing
    of whether what the clause tells still holds."""
    return _marked_clauses(FINISHED_IS.sub(r"\1 is ", text), _marks_end)


# "keto's over", "the trip's cancelled": the "'s" is "is" (the parser reads a possessive)
FINISHED_IS = re.compile(
    rf"\b([^\W\d_][\w-]*)'s (?=(?:{'|'.join(sorted(FINISHED | {'off'}))})\b)", re.I
)


def _marks(token: Token) -> bool:
    return _marks_end(token) or _earlier_adverb(token) or _earlier_modifier(token)


def _off(token: Token) -> bool:
    """ "juniper can come off the fluoxetine", "she's fully off the meds now", "weaning her
    off": no longer on what she took (not "a day off", "turned off the light")."""
    if token.lower_ != "off":
        return False
    # ("the chief was off sick", "a day off": away for a while, nothing given up)
    taken = any(c.dep_ == "pobj" for c in token.children)
    return token.head.lemma_ == "wean" or taken and token.head.lemma_ in ("be", "come", "stay")


def _marks_end(token: Token) -> bool:
    if token.pos_ in ("VERB", "AUX") and (used_to(token) or over_until(token)):
        return True
    if _over(token) or _no_more(token) or _no_longer(token) or _off(token):
        return True
    if token.lower_ in GONE and token.dep_ in ("acomp", "ROOT", "conj", "ccomp", "advcl"):
        # "I think she's gone", "tuan's gone back to Hue"; not "gone to the shop"
        back = any(c.lower_ in ("back", "home") for c in token.children)
        return back or not any(c.dep_ == "prep" for c in token.children)
    if token.pos_ == "VERB" and token.tag_ in ("VBD", "VBN") and _ends(token):
        # ("is being transferred to theatre from Monday": not yet)
        return not _present_state(token) and not is_plan(token)
    if token.pos_ == "VERB" and _narrated(token) and _ends(token):
        return not is_plan(token)
    if token.lemma_ == "go" and token.dep_ in ("ccomp", "xcomp") and token.head.lemma_ == "let":
        return True  # "we had to let Bosun go"
    if (
        token.lower_ in GONE
        and token.pos_ == "NOUN"
        and any(
            c.dep_ == "poss" and c.i + 1 < len(c.doc) and c.nbor().tag_ == "POS"
            for c in token.children
        )
    ):
        return True  # "the skoda's gone": the parser read the "'s" as a possessive
    if token.lemma_ == "go" and token.tag_ == "VBD" and _went_to_someone(token):
        return True  # "the Hiace went to a young surfer from Riverton": sold or given
    # "since the factory closed" (the tagger took "closed" for an adjective)
    return token.lower_ in ENDED and token.pos_ == "ADJ" and not _present_state(token)


def _clause(token: Token) -> Token:
    """The predicate whose clause the marker belongs to: the nearest verb at or above it
    ("used to ski": "used"; "my old bike was a Gazelle": "was")."""
    # ("the renault is gone": a participle after "is" says the state of the copula's subject)
    node = token.head if used_to(token) or token.dep_ == "acomp" else token
    after = token.nbor() if token.i + 1 < len(token.doc) else token
    if token.lower_ == "back" and after.lower_ == "when":
        node = after.head  # "back when I was in the navy": the when-clause says it
    while node.pos_ not in ("VERB", "AUX") or node.dep_ in ("aux", "auxpass"):
        if node.head.i == node.i:  # the root (a new Token object each time)
            break
        node = node.head
    return node


def _words(predicate: Token, marker: Token) -> str:
    """The predicate's clause, without the other clauses hanging from it ("someone
    complained the old name was rude" of "the team is called Os Tortinhos now, someone
    complained ...")."""
    # "traded the Peugeot for a Skoda": what it was traded for is had, not ended
    swapped = predicate.lemma_ in EXCHANGING
    dropped = {
        t.i
        for c in predicate.children
        if c.dep_ in OTHER_CLAUSES and not (c.left_edge.i <= marker.i <= c.right_edge.i)
        for t in c.subtree
    }
    if swapped:
        dropped |= {t.i for o in _for_objects(predicate) for t in o.head.subtree}
    kept = [t for t in predicate.subtree if t.i not in dropped]
    while kept and (kept[-1].dep_ in ("cc", "punct") or kept[-1].is_space):
        kept.pop()  # "... way better pay and" of "..., and the kids are awake"
    return "".join(t.text_with_ws for t in kept).strip(" ,.;")


def _over(token: Token) -> bool:
    """ "keto is over for me", "curling is finished for me", "the trip fell through"."""
    if token.lower_ in FINISHED:
        said_of = token.dep_ in ("acomp", "advmod", "prt") and token.head.lemma_ == "be"
        if said_of or child(token, "auxpass") is not None:
            return True
    if called_off(token):
        return True
    return token.lemma_ == "fall" and any(c.lower_ == "through" for c in token.children)


def called_off(token: Token) -> bool:
    """ "the wedding is off", "Andrew's hosting is off": a thing planned, called off (not
    "she's off to Spain", "he's off sick", "off the meds")."""
    if token.lower_ != "off" or token.dep_ not in ("acomp", "advmod", "prt"):
        return False
    if token.head.lemma_ != "be" or any(c.dep_ == "pobj" for c in token.children):
        return False
    subject = child(token.head, "nsubj")
    after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    if after is not None and (after.lower_ in ("to", "sick", "work") or after.pos_ == "ADJ"):
        return False
    return subject is not None and subject.pos_ == "NOUN"


def _no_more(token: Token) -> bool:
    """ "no more cigarettes", "no more futsal for me"."""
    if token.lower_ != "more" or token.i == 0:
        return False
    than = token.i + 1 < len(token.doc) and token.doc[token.i + 1].lower_ == "than"
    return token.doc[token.i - 1].lower_ == "no" and not than  # not "no more than ten"


def _no_longer(token: Token) -> bool:
    """ "nino's no longer with the band", "I'm not vegan anymore": what the negated clause
    says held until now."""
    if token.lower_ == "longer":
        no = any(c.lower_ == "no" for c in token.children) or (
            token.i > 0 and token.doc[token.i - 1].lower_ == "no"
        )
        return no and not _to_come(token.head)
    any_more = token.lower_ == "more" and token.i > 0 and token.doc[token.i - 1].lower_ == "any"
    if token.lower_ == "anymore" or any_more:
        head = token.head
        return any(c.dep_ == "neg" for c in head.children) and not _to_come(head)
    return False


def _to_come(head: Token) -> bool:
    """ "Tomás will no longer come in the mornings from November", "she won't need you
    Tuesdays anymore": an end still to come, so nothing has ended yet (but "I've decided
    I'm no longer taking German groups" ends them now, and so does "so they won't be doing
    the picks anymore", a will with no time it starts from)."""
    if head.pos_ not in ("VERB", "AUX"):
        return False
    going = head.dep_ == "xcomp" and head.head.lemma_ == "go" and head.head.tag_ == "VBG"
    timed = _timed(head) or any(is_time(c) for c in head.children)  # ("need me Tuesdays")
    return bool(auxiliaries(head) & WILL) and timed or going


def _narrated(verb: Token) -> bool:
    """A verb with no auxiliary telling what happened in the present ("Hervé goes back to
    the cooperative", "Burak leave the restaurant"); "Mairi is retiring" has an auxiliary,
    and "Rab moving to Oban" none, and both are still to come."""
    if any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return False
    habit = any(t.lower_ in HABITUAL for t in verb.sent)  # ("she quits at five every day")
    # ("her erasmus ends in february": a present with a time is one set for then)
    finite = verb.tag_ in ("VBZ", "VBP") and verb.dep_ in ("ROOT", "conj", "ccomp")
    return finite and not habit and not _timed(verb)


def _timed(verb: Token) -> bool:
    """Whether a verb is given a time ("from November", "in february", "Tuesdays")."""
    return any(is_time(o) for _, o in prep_objects(verb)) or any(
        c.dep_ == "npadvmod" and is_time(c) for c in verb.children
    )


HABITUAL = {"every", "always", "usually", "often", "sometimes", "never", "normally", "daily"}


def _present_state(token: Token) -> bool:
    """ "The shop is closed on Mondays": a state now, not an ending."""
    if token.dep_ == "acomp" and token.head.tag_ in ("VBZ", "VBP"):
        return True
    return any(c.dep_ == "auxpass" and c.tag_ in ("VBZ", "VBP") for c in token.children)


def _earlier_adverb(token: Token) -> bool:
    """ "before that", "previously", "two years ago", "back when I was in the navy"; not
    "before the match" said of what comes next ("I'll call before the match")."""
    word = token.lower_
    if word not in EARLIER_ADVERBS or token.dep_ not in ("advmod", "prep", "mark", "npadvmod"):
        return False
    head = token.head
    if word == "back":  # "back when", "back in 2019", "back then"; not "came back"
        return any(c.lower_ in ("when", "in", "then") for c in token.children) or (
            token.i + 1 < len(token.doc) and token.doc[token.i + 1].lower_ in ("when", "then")
        )
    if word == "once":
        return head.tag_ == "VBD"  # "I once lived", not "once I finish"
    return head.tag_ in ("VBD", "VBN") or (word == "before" and _that_or_then(token))


def _that_or_then(token: Token) -> bool:
    obj = child(token, "pobj")
    return obj is not None and obj.lower_ in ("that", "then", "this")


def _earlier_modifier(token: Token) -> bool:
    """ "my old bike", "his former boss", "ex-husband"; not "last night", "late December"
    (times)."""
    if is_time(token.head):
        return False
    return token.lower_ in EARLIER_MODIFIERS and _modifies_noun(token)


def held_before(noun: Token) -> bool:
    """ "my old bike was a Gazelle", "my previous landlord was Mr Okafor": the value is one
    of the past (an "old friend" still is a friend)."""
    said = {c.lower_ for c in noun.children if c.dep_ in ("amod", "compound")}
    if noun.lemma_.lower() in PEOPLE:
        said.discard("old")
    return bool(said & EARLIER_MODIFIERS)


def _modifies_noun(token: Token) -> bool:
    """An adjective on a noun; at the start of a sentence the tagger may take it for a
    name ("New sternman's a fella called Ahmed": a compound)."""
    if token.dep_ == "compound":  # but "New Lane", "New York" are names
        return token.head.pos_ == "NOUN"
    return token.dep_ == "amod" and token.head.pos_ in ("NOUN", "PROPN")


def _ends(verb: Token) -> bool:
    """An ending told in the past: "quit the studio", "gave up the tours", "the factory
    closed", "switched from law"."""
    lemma = verb.lemma_.lower()
    loose = {c.lower_ for c in verb.children if c.dep_ in ("advmod", "prt")}
    preps = {p for p, _ in prep_objects(verb)}
    if any((lemma, word) in LOSING_PHRASES for word in loose):
        return True  # "gave away the piano" ("away" read as an adverb)
    if lemma == "leave":
        # "Lisbeth left", "left the band"; not "left for work at 8" or "left at six"
        return not any(c.dep_ == "prep" and c.lower_ in ("for", "at", "to") for c in verb.children)
    if lemma in ENDING_VERBS | LOSING or (lemma, particle(verb)) in ENDING_PHRASES | PARTING:
        return True  # ("mercy and i broke up": what held between them ended)
    if lemma == "go" and lives_elsewhere(verb):
        return True
    given = child(verb, "dobj")
    if lemma == "give" and given is not None and given.lower_ != "birth" and "to" in preps:
        return True  # "gave Tofu to my parents"
    if lemma == "hand" and (particle(verb) == "over" or "over" in loose):
        return True  # "handed over the youth group"
    if lemma in CHANGING:
        return any(c.dep_ == "prep" and c.lower_ == "from" for c in verb.children)
    return False


def _went_to_someone(verb: Token) -> bool:
    """A thing that "went to" a person changed hands; a person who went to someone visited."""
    said = [c for c in verb.children if c.dep_ == "nsubj"]
    if not said or said[0].pos_ not in ("NOUN", "PROPN") or said[0].lemma_.lower() in PEOPLE:
        return False
    if said[0].pos_ == "PROPN" and said[0].ent_type_ == "PERSON":
        return False
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "to"):
        for whom in (c for c in prep.children if c.dep_ == "pobj"):
            owned = any(c.dep_ == "poss" for c in whom.children)
            if whom.lemma_.lower() in PEOPLE or agent(whom.lower_) or owned and whom.pos_ == "NOUN":
                return True
    return False

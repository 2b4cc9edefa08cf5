"""A message into atomic facts: each sentence's frames (memory.nlp.frames), with corrections
("Actually it's Max, not Rex"), duplicates dropped, and each fact's own sentence."""

import re
from collections.abc import Sequence
from dataclasses import replace

from memory.nlp.casing import english_nouns, is_first_name, with_known_names
from memory.nlp.corrections import LAST_SAID, contrast, restated, retracted
from memory.nlp.facts import ParsedFact
from memory.nlp.fragments import bare_roles, jobs_now, named_after, with_speaker
from memory.nlp.frames import DUTIES, Frame, SentenceFrames
from memory.nlp.intro import said_of_self
from memory.nlp.parse import Span, child, parse, parse_entities
from memory.nlp.predicates import MONTH_NAMES, WEEKDAYS, later_start, name_gender, start_within
from memory.nlp.reader import CORRECTION_CUES, MULTI_ROLES, THIRD_PERSON, Reader
from memory.nlp.relations import relation_is_single_valued
from memory.nlp.renamed import GIVEN, named_next, with_names
from memory.nlp.repair import repaired
from memory.nlp.text import spoken_marks
from memory.nlp.wording import clause
from memory.nlp.words import DENIALS, PEOPLE

JOBS = {"works_for", "works_as"}  # what a job said with its start to come holds from then


def sentence_text(frame: Frame, sentence: str, speaker: str, last: str | None = None) -> str:
    """A fact's own sentence, about its subject in the third person ("alice works at X"):
    what its embedding, the audit log and My memory show."""
    if not frame.relation or not frame.value:
        # a person the sentence does not name was read from its "he"/"she" ("he wants to
        # keep gigging" is Rob's, whoever was named last)
        person = frame.subject
        if person[:1].isupper() and "'s " not in person and person not in sentence:
            last = person
        return resolve_first_person(sentence, speaker, last)
    relation = f"plan:{frame.relation}" if frame.plan else frame.relation
    return clause(
        subject=frame.subject, relation=relation, value=frame.value, negated=frame.negated
    )


def resolve_first_person(sentence: str, speaker: str, last_person: str | None = None) -> str:
    """The user's words with "I"/"my" replaced by the speaker (and he/she by the person last
    named), for facts kept whole."""
    out = []
    doc = parse(sentence)
    # "she thinks he uses too much salt": two people, and the one named last is at most one
    # of them, so neither pronoun is replaced
    both = {"he", "she"} <= {t.lower_ for t in doc}
    for token in doc:
        low = token.lower_
        if low in ("i", "me", "myself", "we", "us"):
            word = speaker
        elif low in ("he", "she") and last_person and not both:
            word = last_person
        elif low in ("my", "our"):
            word = f"{speaker}'s"
        elif low in ("'m", "am", "'re") and token.i and token.nbor(-1).lower_ in ("i", "we"):
            word = " is"
        elif low == "'ve" and token.i and token.nbor(-1).lower_ in ("i", "we"):
            word = " has"
        else:
            word = token.text
        out.append(word + token.whitespace_)
    return "".join(out).strip().rstrip(".!").strip()


MARKUP = re.compile(r"</?[A-Za-z][^<>]{0,60}>")
# Laughter typed into a sentence is no word of it; the parser takes "dead lol" for a noun.
# Laughter and chat asides ("btw", "tbh") say nothing of what happened; the parser takes
# them for nouns ("gio is 7 not 6 btw": "btw" read as what Gio is).
LAUGHTER = re.compile(r"\s*\b(?:lol|lmao|rofl|haha(?:ha)*|hehe|btw|tbh|ngl|imo|fyi)\b", re.I)
EXPLETIVES = {"it", "this", "that", "there", "what", "who", "which"}
# Values that only point at something said elsewhere ("can't keep paying this", "Maria loves
# it"): a fact holding one says nothing on its own and would answer questions it cannot.
POINTERS = {"these", "those", "them", "one", "much", "many"}


# Kinds of names (spaCy's labels) that "he", "she" and "they" never stand for.
NOT_PEOPLE = {"GPE", "LOC", "ORG", "FAC", "NORP", "PRODUCT", "WORK_OF_ART", "LANGUAGE", "EVENT"}


LEAD_CUE = re.compile(
    r"^\s*(?:(?:oh|ah|ugh|hmm|ok|okay)[\s,]+)?"
    r"(?:(?:wait,? no|no,? wait)\s*[,:!.\-—]*\s+"  # ("wait no it was ...": said in one breath)
    r"|(?:wait,? no|no,? wait|sorry|pardon|actually|oops|correction|my bad|hold on|scratch that)"
    r"\s*[,:!.\-—]+\s*)",  # ("correction on Thor, he's ...": the cue is part of the sentence)
    re.I,
)


# Contractions typed without the apostrophe ("im at the hydropower station now", "she doesnt
# work there"): the tagger splits "im" into "i" and a verb "m" it cannot read. Only forms
# that are no other English word ("ill", "were", "its", "wont" and "id" are left alone).
BARE_CONTRACTIONS = {
    "im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't",
    "cant": "can't", "isnt": "isn't", "wasnt": "wasn't", "arent": "aren't",
    "werent": "weren't", "havent": "haven't", "hasnt": "hasn't", "hadnt": "hadn't",
    "couldnt": "couldn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't",
    "thats": "that's", "whats": "what's", "theyre": "they're", "youre": "you're",
    "hes": "he's", "shes": "she's", "theyve": "they've", "weve": "we've",
}  # fmt: skip
BARE = re.compile(r"\b(" + "|".join(BARE_CONTRACTIONS) + r")\b", re.I)


def apostrophes(text: str) -> str:
    """`text` with contractions typed without their apostrophe written with it."""

    def put(found: re.Match) -> str:
        word = BARE_CONTRACTIONS[found[0].lower()]
        return word if found[0][:1].islower() or word[:1].isupper() else word.capitalize()

    return BARE.sub(put, text)


# "it was my cousin Narek who lent the kiln": the cleft said plainly ("my cousin Narek lent
# the kiln"), so the one who did it is the verb's subject, not "it"
CLEFT = re.compile(r"\bit(?: was|'s| is) ((?:[\w'-]+ ){0,3}?[\w'-]+) (?:who|that) (?=[a-z])", re.I)


# "From March Joost goes down to four days": the parser reads "March Joost" as one name; a
# comma after a fronted month or day keeps them apart
_WHEN = "|".join([*MONTH_NAMES, *(d for d in WEEKDAYS if d != "weekend")])
FRONTED_TIME = re.compile(
    rf"(?:^|(?<=[.!?] ))((?:from|since|until|in|by|on) (?:{_WHEN}))(?= [A-Z][a-z]+ [a-z])", re.I
)


# "back in Pokhara for good": for ever, not for a firm called Good
FOR_GOOD = re.compile(r"\bfor good\b(?! (?:reason|cause|money|measure|people)\b)", re.I)


# "ilemela is where we live", "Leeds is where my sister works": the place said plainly after
# the verb ("we live in ilemela"), so that it is the verb's place, not the subject's kind
WHERE_CLEFT = re.compile(
    r"\b(?!(?:that|this|it|here|there|which)\b)((?:[\w'-]+ ){0,2}?[\w'-]+) (?:is|was|'s) "
    r"where ((?:my |our |his |her )?[\w'-]+) ([a-z]+)\b(?! (?:in|at|to|from)\b)",
    re.I,
)


# chat's shorthand for small words ("lessons w/ an old jazz guy", "w/o her", "b/c")
SHORTHAND = {"w/o": "without", "w/": "with", "b/c": "because", "bc": "because", "abt": "about"}
SHORT = re.compile(r"(?<![\w/])(w/o|w/|b/c|bc|abt)(?=\s|\w|$)", re.I)
# ... and a bare lower-case "w" between words ("a curling league w dale")
BARE_W = re.compile(r"(?<=\s)w(?=\s+(?:[^\W\d_]|\d+\s+[^\W\d_]))")
# ... and a bare "n" between words for "and" ("osian n jess", "me n dylan")
BARE_N = re.compile(r"(?<=[^\W\d_]\s)n(?=\s+[^\W\d_])")
# ... and "r" for "are" ("me n dylan r done")
BARE_R = re.compile(r"(?<=[^\W\d_]\s)r(?=\s+[^\W\d_])")
# ... and "+" between words for "and" ("2 cats (biscuit + waffles)", "mon + wed nights")
PLUS = re.compile(r"(?<=[^\W\d_])\s*\+\s*(?=[^\W\d_])")


# Words that open a sentence to say how it fits the talk, not what happened ("long story
# short i handed in my notice", "anyway, we moved"): the parser takes them for its subject.
DISCOURSE = re.compile(
    r"(?:^|(?<=[.!?]\s))(?:(?:to cut a )?long story short|anyways?|so yeah|fun fact|side note|"
    r"in other news|oh and|quick update)\b\s*[,:!-]?\s*(?=\w)"
    # "bad news: quit the football team", "Big change: the committee moved ...": a label
    # for what follows, not its subject
    r"|(?:^|(?<=[.!?]\s))(?:(?:big|good|bad|sad|great|small|quick|exciting|huge|happy|some)\s+)?"
    r"(?:news|update|change|announcement)\s*[:!—-]+\s*(?=\w)",
    re.I,
)


# "Steph (girlfriend) came over", "Jamie (Steph's brother)": a role in brackets after a name
BRACKETED_ROLE = re.compile(
    r"\b(?P<name>[A-Z][^\W\d_]+) \((?P<owner>(?:my|our|[A-Z][^\W\d_]+'s) )?"
    r"(?P<role>(?:[^\W\d_]+ )?(?P<head>[^\W\d_]+))\)"
)


# "Hazel (the boss), Bramble (the greedy one)": a description in brackets after a name, which
# the parser would join to the list; the name is what the list says.
BRACKETED_ASIDE = re.compile(r"\b([A-Z][^\W\d_]+) \((?:the|a|an) [^()\n]{1,40}\)")


def role_before_name(found: re.Match) -> str:
    """ "Steph (girlfriend)" said as "my girlfriend Steph", which the parser reads as a role;
    another word in brackets after a name is an aside the parser would join to the name
    ("Dana (guitar) and Rob (bass)"): left out."""
    head = found["head"].lower()
    if head not in PEOPLE and head.removesuffix("s") not in PEOPLE:
        return found["name"] if not found["owner"] else found[0]
    return f"{found['owner'] or 'my '}{found['role']} {found['name']}"


def plainly(text: str) -> str:
    """`text` with its contractions, chat shorthand and clefts said plainly, as extraction
    reads it."""
    text = BRACKETED_ASIDE.sub(r"\1", DISCOURSE.sub("", text))
    text = BRACKETED_ROLE.sub(role_before_name, text)
    unshort = BARE_W.sub("with", SHORT.sub(lambda m: SHORTHAND[m[1].lower()] + " ", text))
    unshort = PLUS.sub(" and ", BARE_R.sub("are", BARE_N.sub("and", unshort)))
    unshort = FRONTED_TIME.sub(r"\1, ", FOR_GOOD.sub("permanently", unshort))
    text = CLEFT.sub(r"\1 ", apostrophes(re.sub(r" {2,}", " ", unshort)))
    return done_doing(WHERE_CLEFT.sub(r"\2 \3 in \1", text))


# "good news: got the job", "big change: moved to ...": a short label before a colon
LABEL = re.compile(r"(?:^|(?<=[.!?]\s))(?P<label>(?:[^\W\d_]+\s){0,2}[^\W\d_]+):\s+(?=\w)")


def unlabelled(text: str) -> str:
    """`text` with a label that opens a sentence said as a sentence of its own when what
    follows starts with a verb, so that the clause after it is the speaker's ("good news:
    got the job at KTU" is not the news's job); a labelled list ("languages: malayalam,
    english") keeps its label."""

    def apart(found: re.Match) -> str:
        rest = text[found.end() :]
        first = parse(rest[:80])[0]
        if first.pos_ == "VERB" and first.tag_ in ("VBD", "VBN", "VBG", "VBZ", "VBP"):
            return found["label"] + ". "
        return found[0]

    return LABEL.sub(apart, text)


CONTRACTED_IS = re.compile(
    r"\b([A-Z][\w-]*)'s (?=(?:the|a|an|not|now|still|also|all|in|at|from|with|on|my|our|his|her|"
    r"their|going|moving|getting)\b)"
    # of any noun, before a word only a predicate starts with ("basil's finally dead")
    r"|\b([A-Za-z][\w-]*)'s (?=(?:finally|already|officially|definitely|totally|really|"
    r"actually|apparently|probably)\b)"
    # of any word, before an article or a possessive, which no possessive precedes
    # ("aroha's a teacher", "bethan's our cousin", typed in lower case)
    r"|\b([A-Za-z][\w-]*)'s (?=(?:the|a|an|my|our|his|their|not)\b)"
    # before an -ing word that a place, a time or a particle follows ("kyle's leaving in june")
    r"|\b([A-Za-z][\w-]*)'s (?=[a-z]+ing (?:in|on|to|at|from|for|with|next|this|tomorrow|"
    r"tonight|soon|back|out|away|home|over|up|down|off)\b)"
    # of any word, before "from" or "still", which follow no possessive ("camila's from
    # temuco", "the dog's still at the vet")
    r"|\b([A-Za-z][\w-]*)'s (?=(?:from|still)\b)"
)

# The predicate before a name whose "'s" is then a possessive ("the room is Miss Nowak's now").
OWNED_AFTER = re.compile(
    r"\b(?:is|was|are|were|be|been|remains?|became|becomes)\s+(?:\w+\.?\s+)?$", re.I
)


def _contracted_is(found: re.Match) -> str:
    if OWNED_AFTER.search(found.string[: found.start()]):
        return found.group(0)
    return f"{next(g for g in found.groups() if g)} is "


# "jack's quit swimming", "mum's started yoga": before a participle of a change, "has"
CONTRACTED_HAS = re.compile(
    r"\b(?!(?:that|it|this|there|here|what|who|where|let)'s)([A-Za-z][\w-]*)'s "
    r"(?=(?:quit|left|moved|started|stopped|joined|finished|sold|bought|"
    r"got|been|taken|lost|given|retired|switched|dropped|signed|decided)\b)",
    re.I,
)

# before a word that only describes ("jovana's pregnant!!", "aizada's lowkey jealous")
DESCRIBED = re.compile(r"\b([A-Za-z][\w-]*)'s ([a-z]+|\d+)\b(?!'s)(\W*)(\w*)")
HEDGES = {"lowkey", "highkey", "kinda", "sorta", "so", "super", "pretty", "very", "too"}
# ... and what is said of something gone or come ("the f150's gone", "beam's back")
HEDGES |= {"gone", "done", "over", "back", "dead", "sold", "broken", "finished", "away"}


def describing(word: str) -> bool:
    """An adjective that is no noun as well ("pregnant", "engaged"; not "old", "sick") or is
    compared ("worse", "bigger"), or a verb's -ing form that is no noun ("karthik's leaving
    end of oct"; not "Ana's wedding")."""
    from lemminflect import getAllLemmas

    kinds = getAllLemmas(word)
    if word.endswith("ing"):
        return "VERB" in kinds and "NOUN" not in kinds
    if word not in kinds.get("ADJ", (word,)):
        return True  # a comparative: "her shift pattern's worse than mine"
    return "ADJ" in kinds and word not in english_nouns()


# "gary's done coaching", "i'm done doing nights": done with a habit is having stopped it
DONE_DOING = re.compile(
    r"\b(?:is|am|are|was|were|'s|'m|'re) (?:(?:all|so|totally|finally|officially) )?done "
    r"(?=[a-z]+ing\b)",
    re.I,
)


# "me n dylan r done", "Ana and I are over": a couple that is done has broken up
DONE_TOGETHER = re.compile(
    r"\b(?:(?:me|i) and (?P<a>[^\W\d_]+)|(?P<b>[^\W\d_]+) and (?:me|i)) "
    r"(?:are|'re) (?:(?:so|totally|officially|properly) )?(?:done|over|finished)\b"
    r"(?! with| \w+ing)",
    re.I,
)


def done_doing(text: str) -> str:
    text = DONE_TOGETHER.sub(lambda m: f"I broke up with {m['a'] or m['b']}", text)
    return DONE_DOING.sub(lambda m: (" " if m[0].startswith("'") else "") + "stopped ", text)


def described_is(text: str) -> str:
    def said(m: re.Match) -> str:
        word, following = m.group(2), m.group(4).lower()
        if word.endswith("ing") and not m.group(3).strip() and following in ("is", "was"):
            return m.group(0)  # ("Andrew's hosting is off": his hosting, a thing said of)
        noun_next = not m.group(3).strip() and following in english_nouns()
        # (a verb's -ing form whatever follows: "karthik's leaving end of oct")
        describes = describing(word) and (word.endswith("ing") or not noun_next)
        if word in HEDGES or word.isdigit() or describes:
            return f"{m.group(1)} is {word}{m.group(3)}{m.group(4)}"
        return m.group(0)

    return DESCRIBED.sub(said, text)


def extract(
    text: str,
    *,
    speaker: str,
    last_person: str | None = None,
    people: Sequence[tuple[str, str]] = (),
) -> list[ParsedFact]:
    """Every atomic fact of `text`, one per frame, de-duplicated within the message.
    `people` are the persons spoken of before, oldest first, each with the gender its roles
    show ("m", "f" or ""), so that "he" and "she" can go to different people."""
    reader = Reader(speaker=speaker, last_person=last_person)
    reader.know(people)
    text = with_known_names(spoken_marks(text), [person for person, _ in people])
    # "on wednesday now... sorry, thursday not wednesday": what was meant is read
    fixed = repaired(text)
    # "hey. paramedic in kampala": what people say of themselves without a verb
    text = named_after(named_next(plainly(fixed.text if fixed is not None else text)))
    text = said_of_self(unlabelled(bare_roles(jobs_now(with_speaker(text)))))
    # "wait no, Unai's the firefighter": the cue marks the message a correction; the parser
    # reads what follows better without it.
    cued = LEAD_CUE.match(text) is not None
    text = LEAD_CUE.sub("", text) if cued else text
    # "Unai's the firefighter": a possessive is never followed by an article, so "'s" is "is"
    text = CONTRACTED_IS.sub(_contracted_is, text)
    text = CONTRACTED_HAS.sub(r"\1 has ", text)  # "jack's quit swimming"
    text = described_is(text)  # "jovana's pregnant!!" ("gary's done coaching": plainly)
    # Markup pasted into chat is not what the user says ("<b>bold</b> jazz" is bold jazz).
    doc = parse(re.sub(r"[ \t]{2,}", " ", MARKUP.sub(" ", LAUGHTER.sub("", text))))
    if THIRD_PERSON & {t.lower_ for t in doc}:
        # only a message with he/she/they needs to know which names are not people (the
        # recogniser nearly doubles a parse's time)
        named = parse_entities(doc.text).ents
        # (the recogniser takes unfamiliar first names for organisations: a known first
        # name stays a person)
        # nor does a name said after a word for someone ("my daughter Soo-ah")
        called = {t.idx for t in doc if t.dep_ == "appos" and t.head.lower_ in PEOPLE}
        reader.things = {
            e.text
            for e in named
            if e.label_ in NOT_PEOPLE
            and not name_gender(e.text)
            and not any(t.idx in called for t in e)
        }
    # A correction can straddle the parser's sentences ("it's amoxicillin I'm allergic to,
    # not penicillin"), so it is read over the whole message.
    contrasted = contrast(doc[:]) or taken_back(doc[:], reader)
    right, wrong = contrasted or ("", "")
    out: list[ParsedFact] = []
    seen: set[tuple] = set()
    sents = list(doc.sents)
    for i, sent in enumerate(sents):
        before = reader.last_person
        # the wrong value is dropped where the correction says it, not where another
        # sentence holds it of something else ("not ilemela, his school is in nyamagana.
        # ilemela is where we live")
        denied = contrasted and any(t.lower_ in DENIALS for t in sent)
        frames = [
            f
            for f in SentenceFrames(sent, reader).read()
            if (
                f.subject.lower() not in EXPLETIVES | CORRECTION_CUES
                or f.relation in ("is_called", GIVEN)
            )
            and f.value.lower() not in EXPLETIVES | POINTERS
            and not (denied and f.value.lower() == wrong.lower() and not f.negated)
        ]
        # (someone gone from the user's life, whom a later sentence's newcomer may replace:
        # "so hes gone :( noor took over the tenors")
        reader.leavers += [
            f.value
            for f in frames
            if f.negated
            and not f.relation
            and f.value[:1].isupper()
            and f.value not in reader.leavers
        ]
        if (i + 1 < len(sents) and later_start(sents[i + 1])) or start_within(sent):
            # "got a job at the hospital!! starts in may": the job is to come
            frames = [replace(f, plan=True) if f.relation in JOBS else f for f in frames]
        # ("Ola finally moved out!! she and rhodri ...": a name that is a sentence's subject is
        # who the next "she" is, whatever frame it gave)
        # (and so is "my mum" in "my mum is with us now. she ...", whom no frame has as its
        # subject)
        named = [t for t in sent if t.dep_ == "nsubj" and t.head.dep_ == "ROOT"]
        named = [t for t in named if t.pos_ == "PROPN" or t.lower_ in PEOPLE and child(t, "poss")]
        # ("Grandpa will move in with his partner": the speaker's grandfather)
        people = [reader.person_of(t) if t.pos_ == "PROPN" else reader.entity(t) for t in named]
        reader.remember(people)
        # (a role's owner is not who the sentence was about: "Martín's sister Florencia came
        # with her boyfriend Gonzalo. he's ..." is Gonzalo, the holder remembered as said)
        reader.remember([f.subject for f in frames if not f.relation.startswith("role:")])
        correction = bool({t.lower_ for t in sent} & CORRECTION_CUES or contrasted or cued)
        for frame in frames:
            key = (
                frame.subject.lower(),
                frame.relation,
                frame.value.lower(),
                frame.negated,
                frame.past,
            )
            if key in seen:
                continue
            seen.add(key)
            fact = to_fact(frame, sent.text.strip(), speaker, correction, before)
            if contrasted and frame.value == right:
                fact = replace(fact, corrects=wrong)
            out.append(fact)
        said = restated(sent, reader.value) if correction and not contrasted else ""
        if said:
            # "oh no wait, it's the 21st": the value said last, of the same kind, was wrong.
            fact = to_fact(Frame("", "", said), sent.text.strip(), speaker, True)
            out.append(replace(fact, corrects=LAST_SAID))
        elif not frames and sent.text.strip(" .!?") and not (contrasted and right in sent.text):
            # Nothing could be framed: keep the sentence whole, about the first name in it.
            names = [t for t in sent if t.pos_ == "PROPN"]
            about = reader.name_of(names[0]) if names else ""
            frame = Frame(about or before or "", "", "")
            out.append(to_fact(frame, sent.text.strip(), speaker, False, before))
    out = ended_here(with_names(out))
    if contrasted and not any(f.corrects for f in out):
        # "Actually it's Max, not Rex" names no slot for Max: the update step takes the slot
        # of the fact that held Rex.
        fact = to_fact(Frame("", "", right), doc.text.strip(), speaker, True)
        out.append(replace(fact, corrects=wrong))
    return out


def as_speaker(facts: list[ParsedFact], *, speaker: str, names: Sequence[str]) -> list[ParsedFact]:
    """Facts about a name the speaker gave themselves in an earlier message ("I'm Callum",
    then "Callum here again, turned 35") are about the speaker."""
    names = [n for n in names if n and n != speaker and is_first_name(n.split()[0])]
    if not names:
        return facts
    out = []
    for fact in facts:
        for name in names:
            if fact.subject == name or fact.subject.startswith(f"{name}'s "):
                fact = replace(fact, subject=speaker + fact.subject[len(name) :])
        out.append(fact)
    return out


def taken_back(doc: Span, reader: Reader) -> tuple[str, str] | None:
    """ "scratch that about Connewitz ... it'll be Lindenau": (Lindenau, Connewitz)."""
    wrong = retracted(doc)
    right = restated(doc, reader.value) if wrong else ""
    return (right, wrong) if right and right.lower() != wrong.lower() else None


def to_fact(
    frame: Frame, sentence: str, speaker: str, correction: bool, last: str | None = None
) -> ParsedFact:
    relation = frame.relation
    if frame.plan and relation:
        relation = f"plan:{relation}"
    single = not frame.multi and single_valued(relation) and not frame.past
    return ParsedFact(
        text=sentence_text(frame, sentence, speaker, last),
        subject=frame.subject,
        relation=relation,
        object=frame.value,
        negated=frame.negated,
        ends_previous=single,
        single_valued=single,
        correction=correction,
        past=frame.past,
        # (a duty taken on is one doer's, however many duties each does: pipeline.duties)
        sole=frame.sole and (single or relation in DUTIES),
    )


def ended_here(facts: list[ParsedFact]) -> list[ParsedFact]:
    """ "my foreman Tadeusz retired last friday": a person whose leaving the same message
    tells held what it named of them until then; those facts are said of the past."""
    gone = {f.object.lower() for f in facts if f.negated and not f.relation and f.object}
    return [
        replace(f, past=True)
        if f.relation.startswith("role:") and not f.negated and f.object.lower() in gone
        else f
        for f in facts
    ]


def single_valued(relation: str) -> bool:
    if relation.startswith("plan:"):
        return False
    if relation.startswith("role:"):
        role = relation.removeprefix("role:")
        head = role.split(" of ")[0].split()[-1]
        return head not in MULTI_ROLES
    return relation_is_single_valued(relation)

"""Answers that decide: the question's slot (entity + relation) against the facts that fill
it. One value for a single-valued slot (with a plan or the previous value where it helps), every
current member for a set, the date for "when", the previous value for "before"."""

import copy
import re
from datetime import datetime, timedelta

from memory import selectors
from memory.models import Fact
from memory.nlp import ask, entity_key, same_entity, stem, tokenize
from memory.nlp.parse import parse
from memory.nlp.statements import single_valued
from memory.nlp.wording import owner_phrase
from memory.nlp.words import ANIMATE, COLLECTIVES, PEOPLE
from memory.pipeline import expect, household, typed
from memory.pipeline.dates import MONTHS, dated_beside, on_date, stated_date
from memory.pipeline.earlier import earlier_by_meaning
from memory.pipeline.guard import base_relation, gives_up, owned_by, slot_name
from memory.pipeline.names import source
from memory.pipeline.placenames import WORKPLACES, names_place
from memory.pipeline.question import (
    ACQUIRED,
    VEHICLE_SLOTS,
    WORKING,
    Evidence,
    bare_verb,
    employer_slots,
    noun_role,
)
from memory.pipeline.speech import (
    day,
    happened,
    in_group,
    join,
    sentence,
    speak,
    speak_all,
)
from memory.pipeline.valuekinds import NUMBER_WORDS, is_kind, says_job, vehicle

RELATED = 0.33  # cosine similarity at which a stored fact is about what was asked


def slot_of(fact: Fact) -> str:
    return slot_name(fact.relation)


def slot_set(relation: str) -> set[str]:
    roles = {f"role:{r}" for r in ask.category_roles(relation)} | {relation}
    if relation == "works_as":
        roles.add("is")
    if relation in VEHICLE_SLOTS:
        roles.update(ACQUIRED)
    roles.update(employer_slots(relation))
    roles.update(noun_role(relation))
    return roles


def fills(fact: Fact, roles: set[str], *, many: bool = False) -> bool:
    """Whether a fact fills the asked slot: its own relation, or for a category ("pets")
    something had whose noun is in it ("alice has a puppy")."""
    slot = slot_of(fact)
    if slot == "is" and "works_as" in roles:
        # ("Hugo is Dutch" says nothing of his job)
        return says_job(fact.object, lambda: source(fact))
    if slot in ACQUIRED and roles & VEHICLE_SLOTS:
        return vehicle(fact.object)
    if slot in roles:
        return True
    if slot.startswith("role:") and any(
        r.startswith("role:") and " " in r and r.split()[-1] == slot.removeprefix("role:")
        for r in roles
    ):
        return True  # "my hockey team" is my team when that is all I said
    if any(bare_verb(r) and slot.startswith(f"{r}_") for r in roles):
        return True  # "got promoted to senior editor" fills "when did I get promoted?"
    if slot.startswith("role:") and any(
        r.startswith("role:") and slot.endswith(" " + r.removeprefix("role:")) for r in roles
    ):
        return True  # "younger brother" fills "brother"
    kinds = {r.removeprefix("role:") for r in roles if r.startswith("role:")}
    if slot.startswith("role:") and ask.YOUNG.get(slot.removeprefix("role:")) in kinds:
        return True  # "calling him Rafiki" of a kitten: my cat is Rafiki
    if slot != "has" or not fact.object:
        return False
    words = fact.object.lower().split()
    head = words[-1].rstrip("s")
    if len(kinds) > 1:
        return head in kinds
    if not many:
        return False  # "What is my PhD in?" asks no kind of thing had
    if words[0].isdigit() or words[0] in NUMBER_WORDS:
        return False  # "we have three cats" counts them; the names are the members
    # "a longboard" is a board, "staghorn ferns" are ferns: a compound's head is its kind;
    # what no word shows ("frangipani" is a plant), the embedding model may
    return any(len(k) > 3 and head.endswith(k) or is_kind(fact.object, k) for k in kinds)


NEWEST = re.compile(r"\b(newest|latest|most recent)\b", re.I)


def answer(evidence: Evidence) -> str | None:
    """The decided answer, or None when the question's slot has no fact (the caller then
    falls back to what is known about the subject)."""
    intent = evidence.intent
    relation = intent.relation
    if not relation or intent.yes_no:
        return None
    roles = slot_set(relation)
    if intent.wh == "where" and relation in WORKING:
        # "where do I teach?": where one works, however it was said ("got the job at the KTU
        # prep school", "teach at Ridgeview"), not what one teaches
        roles = WORKPLACES | {f"{relation}_{prep}" for prep in ("at", "in", "for")}
    many = asks_many(intent)
    hits = [
        f for f in evidence.facts if f.pk in evidence.triplet_ids and fills(f, roles, many=many)
    ]
    if intent.wh == "when" and intent.object:  # "When did I start at KPMG?": that value
        hits = [f for f in hits if entity_key(f.object) == entity_key(intent.object)]
    if intent.wh == "where":
        # "where do I teach?" is not "english"; "where do we live?" is not "house"
        hits = [f for f in hits if names_place(f)]
    if " " in relation and any(f.is_true and slot_of(f) == relation for f in hits):
        # "who are the patrol leaders?": a post of several words asked is that post, not a
        # longer one held by its own holder ("senior patrol leader")
        asked = relation.removeprefix("role:")
        hits = [f for f in hits if not slot_of(f).endswith(f" {asked}")]
    if not hits:
        return household.guessed_home(evidence) if relation == "lives_in" else None
    if typed.told_elsewhere(evidence, hits):
        return None
    if relation in VEHICLE_SLOTS:  # what was bought is what is driven, the newest only
        hits = [driven(f, relation) for f in hits]
    speaker = evidence.speaker
    newest = sorted(hits, key=lambda f: (f.truth_since, f.pk), reverse=True)
    now = [f for f in newest if f.is_true and not f.relation.startswith(("not:", "plan:"))]
    plans = [f for f in newest if f.is_true and f.relation.startswith("plan:")]
    past = [f for f in newest if not f.is_true and not f.relation.startswith(("not:", "plan:"))]
    # (a value told again in other words is one value: "Bronwen" from the correction and
    # from the message it put right)
    now = distinct(now, asked=relation)
    if NEWEST.search(intent.text):
        now = now[:1]  # "who is my newest student?": the one who came last, not them all
    given_up = dropped_by_plan(evidence)  # "I'm dropping chemistry after the summer"
    past += [f for f in now if entity_key(f.object) in given_up]
    now = [f for f in now if entity_key(f.object) not in given_up]
    # a plan that came true ("moving in february", then "moved!!") is the value it planned
    plans = [p for p in plans if entity_key(p.object) not in {entity_key(f.object) for f in now}]
    if now and single_valued(relation):
        # a plan told before the value held now began came true or was given up ("moving to
        # the Algarve in the summer", then "they're in Tavira now!")
        began = now[0]
        plans = [
            p
            for p in plans
            if p.created_at >= began.truth_since or p.source_message_id == began.source_message_id
        ]
    done = [p for p in plans if has_happened(p, evidence.asked_at)]
    if done:
        # A plan whose day has come ("Dr. Cardoso will be my supervisor from January",
        # asked in February) is what holds now; what held before it is the past.
        plans = [p for p in plans if p not in done]
        if single_valued(relation):
            past = [f for f in now if f.truth_since <= done[0].created_at] + past
            now = [f for f in now if f.truth_since > done[0].created_at]
        now = [as_done(p) for p in done] + now
    if intent.wh == "when":
        candidates = now or past or plans
        if not candidates:
            return None  # only negations fill the slot: nothing happened to date
        target = candidates[0]
        # "what day do I play five-a-side?": the day it happens, not the day it was said
        said = expect.said_day(target, times=True) if expect.asks_schedule(intent.text) else None
        if said and said.lower() not in intent.text.lower():
            return sentence(said)
        dated = dated_beside(evidence, [target])  # "her wedding is set for 14 June"
        if target in plans and dated is target and not stated_date(target):
            return sentence(f"{speak(target, speaker)}: you told me on {day(target.created_at)}")
        return on_date(dated)
    # (a job said as what one is, "I'm an electrician", is the same one job)
    kinds = roles - {"is"} if relation == "works_as" else roles
    # (one employer at a time, whether one works, teaches or drives for it)
    # (and "majors in psych" is the same one slot as "my major is criminology")
    nouns = noun_role(relation)
    one = len(kinds - set(employer_slots(relation)) - set(nouns)) <= 1
    named = [r for r in nouns if single_valued(r) and any(f.relation == r for f in now)]
    single = (single_valued(relation) or bool(named)) and one and not many
    if single and relation == "works_as":
        # a job said as what one is ("i'm a deckhand") is not retired by the slot's newer
        # value ("first week as coxswain"): the older one is the job before
        latest = [f for f in now if f.source_message_id == now[0].source_message_id] if now else []
        past = sorted([f for f in now if f not in latest] + past, key=lambda f: -f.pk)
        now = latest
    single = single or relation in VEHICLE_SLOTS
    if intent.wants_past or (intent.wants_order and intent.anchor):
        # A value before another is a change of a single value; for things that accumulate
        # ("what did I eat before the banana") the order of events answers.
        if single:
            return before(evidence, now, past)
        if not past and len(now) > 1 and intent.wants_past:
            # An open slot holding several values ("flies for TAP", later "flies for
            # Ryanair"): what came before the newest is the earlier one.
            return before(evidence, now[:1], now[1:])
        return None
    group = relation.removeprefix("role:")
    if single and intent.subject and not (group in COLLECTIVES and len(now) > 1):
        # (a group holds all who are in it, told at once or one by one: "new committee
        # member: Zoltán" joins the others)
        if not now:
            return no_longer(evidence, past, plans)
        together = [f for f in now if f.source_message_id == now[0].source_message_id]
        if len(together) > 1:  # "two interns, tomasz and greta": listed, they hold together
            return sentence(speak_all(together, speaker))
        text = speak(now[0], speaker, past=asked_done(intent) and happened(now[0]))
        if plans and ASKS_AHEAD.search(intent.text):
            # "Where is Maria moving?": what is to come answers; what holds till then after
            return ahead_first(text, speak(plans[0], speaker))
        if plans:
            text = and_then(text, speak(plans[0], speaker))
        return sentence(text)
    if not now:
        return no_longer(evidence, past, plans)
    if intent.wh == "who" and not intent.subject and not relation.startswith("role:"):
        return who_did(now, speaker, intent.text)  # "who stormed out of dinner?": Felix did
    counted = re.match(r"\s*how many\b", intent.text, re.I) is not None
    if group in COLLECTIVES and not counted and intent.subject:
        # "who's on my crew?": the crew and those who work for the user, each named once
        names = list(dict.fromkeys(f.object for f in now if f.relation.startswith("role:")))
        if names:
            who = owner_phrase(intent.subject, speaker)[0]
            return sentence(in_group(names, "your" if who == "you" else f"{who}'s", group))
    return sentence(speak_all(now, speaker, counted=counted, past=asked_done(intent)))


def distinct(facts: list[Fact], *, asked: str = "") -> list[Fact]:
    """The first of each value told of the same subject in the same slot; and of a role
    asked ("who are our pilots?"), each holder once, in the role asked rather than a narrower
    one that fills it too ("chief pilot")."""
    seen: set[tuple] = set()
    kept = []
    for fact in facts:
        key = (fact.subject.lower(), fact.relation, entity_key(fact.object))
        if key not in seen:
            seen.add(key)
            kept.append(fact)
    if not asked.startswith("role:"):
        return kept
    # ("got a new bird, named him sultan": the bird had is Sultan, not one more besides)
    noun = stem(asked.removeprefix("role:").split()[-1])
    named = any(f.relation == asked for f in kept)
    kept = [f for f in kept if not (named and f.relation == "has" and stem(f.object) == noun)]
    exact = {(f.subject.lower(), entity_key(f.object)) for f in kept if f.relation == asked}
    return [
        f
        for f in kept
        if f.relation == asked or (f.subject.lower(), entity_key(f.object)) not in exact
    ]


def who_did(now: list[Fact], speaker: str, question: str) -> str:
    """Whoever does what was asked, by name, in the question's tense: "Felix did.", "Emi and
    Daisuke do."."""
    names = list(dict.fromkeys("you" if f.subject == speaker else f.subject for f in now))
    done = any(t.tag_ == "VBD" for t in parse(question))
    verb = "did" if done else ("does" if len(names) == 1 and names != ["you"] else "do")
    return sentence(f"{join(names)} {verb}")


def asks_many(intent) -> bool:
    """ "What plants do I have?": a role asked in the plural is a set, whatever its noun."""
    relation = intent.relation or ""
    if not relation.startswith("role:"):
        return False
    head = relation.removeprefix("role:").split(" of ")[0].split()[-1]
    return re.search(rf"\b{re.escape(head)}e?s\b", intent.text, re.I) is not None


def asked_done(intent) -> bool:
    """ "What did Sarah open?" is answered as asked, in the past ("Sarah opened salon")."""
    return not intent.wants_past and re.search(r"\bdid\b", intent.text, re.I) is not None


# Slots that name one attribute of whoever is asked about: a role held for them ("Joana's
# husband", "my dog"), their age or their name, with the words that say them. Facts about
# the same person that never say the attribute do not answer it, however close in meaning.
ATTRIBUTES = {
    "age": {"old", "age", "aged", "born", "birthday", "turn"},
    "is_called": {"name", "named", "call", "called"},
}


def attribute_words(roles: set[str]) -> set[str] | None:
    """The stems that say an attribute slot, or None for a slot that is not one."""
    words: set[str] = set()
    for role in roles:
        if role in ATTRIBUTES:
            words |= ATTRIBUTES[role]
        elif role.startswith("role:"):
            words.add(role.removeprefix("role:").split(" of ")[0].split()[-1])
        else:
            return None
    return {stem(w) for w in words}


def _of(fact: Fact, subject: str) -> bool:
    return owned_by(subject, fact.subject) or subject.lower() in source(fact).lower()


def says(fact: Fact, stems: set[str]) -> bool:
    message = fact.source_message
    text = f"{fact.text} {message.text if message is not None else ''}"
    return bool(stems & {stem(w) for w in tokenize(text)})


def driven(fact: Fact, relation: str) -> Fact:
    """A vehicle had, said as driven or ridden."""
    return relabelled(fact, relation) if base_relation(fact.relation) in ACQUIRED else fact


def relabelled(fact: Fact, relation: str) -> Fact:
    """The fact said in another slot (a copy: the stored fact is not changed)."""
    copied = copy.copy(fact)
    copied.relation = relation
    return copied


def as_done(plan: Fact) -> Fact:
    """The plan said as what now holds (a copy: the stored fact is not changed)."""
    return relabelled(plan, plan.relation.removeprefix("plan:"))


def dropped_by_plan(evidence: Evidence) -> set[str]:
    """The values a plan to give them up has ended by the time asked: "going to drop
    chemistry next term", asked after the term began."""
    return {
        entity_key(f.object)
        for f in evidence.facts
        if f.is_true
        and f.object
        and f.relation.startswith("plan:")
        and gives_up(f.relation)
        and has_happened(f, evidence.asked_at)
    }


def has_happened(plan: Fact, at: datetime | None) -> bool:
    """Whether the day a plan was given for has come by `at`: "from January", "in May",
    "next month", "next week", "tomorrow", "in 2026" said on the day the plan was told. A plan
    with no day said never comes true by itself."""
    due = due_date(plan)
    return due is not None and at is not None and at >= due


MONTH_NUMBER = {
    name: number
    for number, month in enumerate((m.lower() for m in MONTHS), start=1)
    for name in (month, month[:3], "sept" if month == "september" else month)
}


def due_date(plan: Fact) -> datetime | None:
    """The day a plan's own words give: those of the sentence naming its value, else of the
    whole message ("found a house in Urla. moving the studio there in september")."""
    from memory.nlp.parse import parse
    from memory.pipeline.update import split_speaker

    message = plan.source_message
    if message is None:
        return None
    _, body = split_speaker(message.text, "")
    doc = parse(body)
    words = [t.lower_ for t in doc]
    words_of_value = [w for w in plan.object.lower().split() if w not in ("a", "an", "the")]
    if words_of_value:  # the sentence that names the plan's value
        key = words_of_value[0]
        sentence = next((s for s in doc.sents if key in s.text.lower()), None)
        if sentence is not None:
            due = said_due([t.lower_ for t in sentence], plan.created_at)
            if due is not None:
                return due
    return said_due(words, plan.created_at)


def said_due(words: list[str], said: datetime) -> datetime | None:
    for i, word in enumerate(words):
        previous = words[i - 1] if i else ""
        month = MONTH_NUMBER.get(word)
        if month and not (word == "may" and previous not in ("in", "from", "by", "of")):
            if month == said.month:  # "moving in June" said in June: by the month's end
                return said.replace(day=1, hour=0, minute=0) + timedelta(days=31)
            year = said.year + (1 if month < said.month else 0)
            return said.replace(year=year, month=month, day=1, hour=0, minute=0)
        if word.isdigit() and len(word) == 4 and word[:2] in ("19", "20"):
            return said.replace(year=int(word), month=1, day=1, hour=0, minute=0)
        if previous == "next" and word in ("week", "month", "year"):
            days = {"week": 7, "month": 31, "year": 366}[word]
            return said + timedelta(days=days)
        if word == "tomorrow":
            return said + timedelta(days=1)
    return None


def spoken_of(facts: list[Fact], owner: str, relation: str) -> bool:
    """Whether a fact about the role's holder was said where a name is given ("Orla's child
    arrived, a little girl called Saoirse"): then that sentence may name them."""
    from memory.nlp import stem
    from memory.nlp.parse import parse
    from memory.nlp.reader import ROLE_SYNONYMS

    role = relation.removeprefix("role:")
    held = {entity_key(f"{owner}'s {r}") for r in (role, ROLE_SYNONYMS.get(role, role))}
    about = [f for f in facts if entity_key(f.subject) in held]
    return any(expect.names(parse(source(f)), stem(role)) for f in about)


NAME_ASKED = re.compile(r"\b(name|called)\b", re.I)


def unanswered(evidence: Evidence) -> bool:
    """A question whose slot nothing fills, when nothing else can answer it either: about the
    user's own life with nothing close in meaning, or about anyone's attribute (a role, an
    age, a name) that no fact even mentions. "I don't know" beats reciting whatever else is
    known about them."""
    intent = evidence.intent
    if not intent.relation or intent.yes_no or not intent.subject or not evidence.speaker:
        return False
    roles = slot_set(intent.relation)
    many = asks_many(intent)
    if any(fills(f, roles, many=many) for f in evidence.facts if f.pk in evidence.triplet_ids):
        return False
    if intent.relation.startswith("role:") and NAME_ASKED.search(intent.text):
        # "What's my mum's name?": only a fact naming who fills the role names them, not a
        # sentence that mentions mum and someone else's name
        owner = entity_key(intent.subject)
        if not spoken_of(evidence.facts, intent.subject, intent.relation):
            return not any(
                fills(f, roles, many=many) and entity_key(f.subject) == owner
                for f in evidence.facts
            )
    stems = attribute_words(roles)
    # of someone else, only what is said where they are named counts: "very old already,
    # 16" of a cat says nothing of how old Kelvin is
    own = owned_by(evidence.speaker, intent.subject)
    told = [f for f in evidence.facts if own or _of(f, intent.subject)]
    if intent.relation == "works_as" and any(earns_by(f) for f in told):
        return False  # "What does Ronald's mother do?" - "she sells matooke at the market"
    if stems is not None and not any(says(f, stems) for f in told):
        return True
    # something close in meaning may answer what the slot reading missed
    return owned_by(evidence.speaker, intent.subject) and evidence.best_similarity < RELATED


# Verbs of a living made other than by a job's name.
EARNING = {"sell", "run", "manage", "farm", "breed", "trade", "drive", "teach", "tailor"}
EARNING |= {"deliver", "nurse", "guide", "coach", "present", "consult", "freelance"}


def earns_by(fact: Fact) -> bool:
    """ "she sells matooke", "he drives a taxi": a trade; not a sale to come ("is selling
    her place")."""
    if not fact.is_true or "plan:" in fact.relation:
        return False
    return slot_name(fact.relation).split("_")[0] in EARNING and bool(fact.object)


def before(evidence: Evidence, now: list[Fact], past: list[Fact]) -> str:
    speaker = evidence.speaker
    anchor = evidence.intent.anchor or ""
    earlier = [f for f in past if not anchor or entity_key(f.object) != entity_key(anchor)]
    if not earlier:
        said = earlier_by_meaning(evidence, now[:1])
        if said is not None:
            return said
        text = "I don't know of anything earlier."
        return text + (" " + sentence("now " + speak(now[0], speaker)) if now else "")
    text = sentence(f"before that, {speak(earlier[0], speaker, past=True)}")
    if now and not anchor:
        text += " " + sentence("now " + speak(now[0], speaker))
    return text


def no_longer(evidence: Evidence, past: list[Fact], plans: list[Fact]) -> str | None:
    speaker = evidence.speaker
    if plans:
        now = until(evidence, plans[0])
        if any(entity_key(f.object) in entity_key(now) for f in left(evidence, past)):
            # ("quit tims ... starting at the bookshelf cafe next week": the job said before
            # has ended; only the one to come is said)
            now = ""
        return sentence(and_then(now, speak(plans[0], speaker)))
    if past:
        had = speak(past[0], speaker, past=True)
        now = replaced_by(evidence, past[0])
        return sentence(f"{now}; before that {had}" if now else f"not anymore: {had}")
    return None


def left(evidence: Evidence, past: list[Fact]) -> list[Fact]:
    """The values of `past` said to be left ("quit tims": a thing given up, `not:`), not
    only made false by a plan ("have to give notice at base", read as not working there:
    the job holds until the new one starts)."""
    quits = [f for f in evidence.facts if f.is_true and f.relation == "not:"]
    return [
        f
        for f in past
        if f.object and any(same_entity(q.object, f.object) for q in quits if q.object)
    ]


def replaced_by(evidence: Evidence, old: Fact) -> str:
    """What took the place of a value that ended, where no slot holds it ("sold the XTZ
    ... and bought a Royal Enfield Himalayan" -> "you ride Royal Enfield Himalayan")."""
    from memory.pipeline import replaced

    # (a thing's role may pass to what was got after it, "my a52 died so i bought an iphone
    # 13"; a person's is told by its own readers)
    role = slot_of(old).removeprefix("role:")
    if ":" in role or role in PEOPLE | ANIMATE or evidence.intent.wants_past:
        return ""
    return held(old, replaced.value_after(evidence, old), evidence.speaker)


def until(evidence: Evidence, plan: Fact) -> str:
    """What holds until a plan happens, said where no slot holds it: "Anjali is moving to
    Kochi" after "my cousin Anjali, a nurse in Bangalore" -> "Anjali lives in Bangalore"."""
    from memory.pipeline import replaced

    if not plan.object or ":" in slot_of(plan):
        return ""  # a role to be filled ("my new car will be a Zoe") says nothing of now
    value = replaced.value_before(evidence, plan.object, plan, mine=True)
    if slot_of(plan) != "lives_in":
        return held(plan, value, evidence.speaker)
    told = selectors.told_of(user_id=plan.user_id, subject=plan.subject)  # read once, here
    if value and household.works_at(told, value):
        value = ""  # "works at Farfetch in Braga": Farfetch is no home
    if not value and evidence.speaker:
        value, guessed = household.home_before_move(
            user_id=plan.user_id, speaker=evidence.speaker, plan=plan, told=told
        )
        if guessed:  # only where the user lives: said as what it is
            return f"{held(plan, value, evidence.speaker)} (near you, as far as I know)"
        if not value:  # where they work, said as that: "Rasmus works in Tallinn"
            return household.work_said(plan.subject, told, evidence.speaker)
    return held(plan, value, evidence.speaker)


def held(like: Fact, value: str, speaker: str) -> str:
    """`value` said in `like`'s slot as what holds ("you ride Royal Enfield Himalayan"), or
    "" for no value."""
    if not value:
        return ""
    return speak(Fact(subject=like.subject, relation=slot_of(like), object=value), speaker)


# A question about what is to come ("Where is Ana moving?", "Where will she live?").
ASKS_AHEAD = re.compile(r"\b(?:will|going to|gonna|moving|planning|about to)\b|'ll\b", re.I)


def ahead_first(now: str, plan: str) -> str:
    """ "Maria is going to move to Munich. Until then, Maria lives in Stuttgart." """
    now = sentence(now)
    return f"{sentence(plan)} Until then, {'you ' + now[4:] if now.startswith('You ') else now}"


def and_then(now: str, plan: str) -> str:
    """ "Luís lives in Coimbra" + "Luís is going to move to Munich" -> "Luís lives in
    Coimbra and is going to move to Munich"; either alone as it is."""
    if not now:
        return plan
    said, then = now.split(" "), plan.split(" ")
    same = 0  # the words naming whom both are about ("Your sister Ana")
    while same < min(len(said), len(then)) - 1 and said[same] == then[same]:
        same += 1
    if same:
        return f"{now} and {' '.join(then[same:])}"
    return f"{now}; {plan}"

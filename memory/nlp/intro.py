"""What a person says of themselves without a verb, the way people open a chat: "hey.
paramedic in kampala, with a private ambulance service", "31, data analyst at Grab since
2022", "welder at the shipyard in gdańsk". The fragment is read as "I'm a paramedic in
kampala, ..." when it starts with a noun for someone who does something (an agent noun, by
its ending or a short list) followed by where or for whom."""

import re

from memory.nlp.parse import parse

# Agent nouns by their ending: teacher, translator, florist, librarian, paramedic, engineer.
AGENT = re.compile(r"(er|or|ist|ian|ant|ent|eer|ic|man|woman|smith|wright|yst)$")
# Common words with those endings that name no one.
NOT_AGENTS = frozenset(
    "winter summer water dinner number weather paper letter order corner door floor colour "
    "color mirror error center centre power river tower border chapter cancer computer "
    "other mother father brother sister daughter partner hour year career matter member "
    "weekend event moment parent client present comment apartment department restaurant "
    "plant giant music clinic traffic picnic topic panic mosaic fabric public arctic "
    "garden sweater shower flower burger butter finger after never over under ever".split()
)
# Jobs whose names carry no agent ending.
JOBS = frozenset(
    "nurse chef cook guide lead vet physio sparky tradie barista nanny pilot clerk judge "
    "coach medic midwife intern dev model surgeon dentist sommelier ranger physician "
    "architect analyst chemist pharmacist paralegal tutor trainee apprentice postdoc "
    "freelancer contractor consultant accountant lawyer attorney mechanic plumber "
    "electrician carpenter farmer fisherman welder baker butcher cashier waiter waitress "
    "bartender barber hairdresser stylist tailor potter poet writer editor designer "
    "photographer journalist reporter researcher scientist professor lecturer teacher "
    "student librarian cleaner driver courier gardener nanny carer caregiver "
    "volunteer officer soldier sailor captain skipper diver firefighter paramedic".split()
)
PLACES = ("at", "in", "for", "with", "on")
GREETINGS = re.compile(
    r"^\s*((hi|hey|hello|hiya|yo|morning|evening|ok|so|well|um|quick intro)\b[^.!?:]*?"
    r"(?:[.!?:,]+|$)\s*)+",
    re.I,
)
SEGMENT = re.compile(r"(?<=[.!])\s+")  # not after "?": "my sister? nurse at St James"


def said_of_self(text: str) -> str:
    """`text` with each verbless self-description said as "I'm a ..."."""
    parts = SEGMENT.split(text)
    changed = [_as_self(part) for part in parts]
    return " ".join(changed) if changed != parts else text


def _as_self(segment: str) -> str:
    body = GREETINGS.sub("", segment)
    body = re.sub(r"^\d{1,3}\s*,\s*", "", body)  # "31, data analyst at Grab"
    doc = parse(body)
    place = next((t for t in doc if t.lower_ in PLACES), None)
    if len(doc) < 3 or place is None or place.i == 0 or place.i > 4:
        return segment
    head = doc[place.i - 1]
    # no finite verb but the head itself, which the tagger may take for one ("team lead")
    if any(t.tag_ in ("VBD", "VBZ", "VBP", "MD") and t.i != head.i for t in doc):
        return segment  # "Sven likes playing chess on Sundays" says what Sven does
    if any(t.pos_ in ("PRON", "DET", "PROPN") or t.tag_ == "VB" for t in doc[: head.i]):
        return segment  # "my sister's a nurse", "the nurse at St James": someone else
    if not head.is_alpha or head.is_stop or not agent(head.lower_):
        return segment
    if any(t.pos_ in ("VERB", "AUX") and t.i > place.i for t in doc[: place.i + 6]):
        return segment
    article = "an" if body[:1].lower() in "aeiou" else "a"
    return segment[: len(segment) - len(body)] + f"I'm {article} {body}"


def agent(word: str) -> bool:
    return word in JOBS or (AGENT.search(word) is not None and word not in NOT_AGENTS)

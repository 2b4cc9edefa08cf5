"""A profile typed as a list, the way some people open a chat: "Hydrologist, 41, Rovaniemi.",
"Boatbuilder. 38. Esperance WA.", "Nurse, 29, Leeds". Each short item is one thing said of
oneself by its kind: a number is an age, a noun for someone who does something a job, a
capitalised place (a word no dictionary knows, or one the recogniser takes for a place in
the message) the town one lives in. The list is read as sentences ("I'm a hydrologist. I'm
41. I live in Rovaniemi.") only when it holds an age and a job or a place, so that "Tom, 34,
is my brother" stays as said."""

import re

from memory.nlp.parse import parse_entities

# an item: up to three words, then a comma or a full stop (or the message's end)
ITEM = re.compile(r"\s*(?P<item>[^\W_][\w'’-]*(?: [\w'’-]+){0,2})\s*(?P<end>[,.!]+|$)")
OPENING = re.compile(
    r"^\s*(?:(?:hi|hey|hello|hiya|yo|morning|evening|salut|hola|ciao|bonjour|hallo|hej|ola|olá)"
    r"\b[^.!?,]*[.!?,]+\s*)+",
    re.I,
)
# words no item of a profile has: "hired an apprentice, Kwesi, 19" tells of someone else
SAID_WITH = {"a", "an", "the", "my", "our", "his", "her", "their", "hired", "new"}
# what a profile says one is, capitalised like a town ("Nurse, 33, Single.")
STATES = {"single", "married", "divorced", "widowed", "retired", "engaged", "separated"}
STATES |= {"unemployed", "pregnant", "vegan", "vegetarian"}


def profile_said(text: str) -> str:
    """`text` with an opening profile list said as sentences about the speaker."""
    from memory.nlp.intro import SAID_OF_THEM

    lead = OPENING.match(text)
    start = lead.end() if lead else 0
    said: list[str] = []
    kinds: set[str] = set()
    at = start
    while at < len(text):
        found = ITEM.match(text, at)
        if found is None:
            break
        kind = _kind(found["item"], text)
        if kind is not None and kind[0] == "home" and not said:
            kind = None  # (a town comes after what one is: "Salut!" opening is no town)
        if kind is None:
            if found["item"].split()[0].lower() in SAID_OF_THEM:
                return text  # "Tom, 34, is my brother": the list was about Tom
            break
        kinds.add(kind[0])
        said.append(kind[1])
        at = found.end()
    if "age" not in kinds or not kinds & {"job", "home"}:
        return text
    return f"{text[:start]}{' '.join(said)} {text[at:].strip()}".strip()


def _kind(item: str, text: str) -> tuple[str, str] | None:
    """(kind, sentence) of one item of a profile list; None when it is none of them."""
    from memory.nlp.casing import english_words
    from memory.nlp.intro import _first_name, agent

    words = item.split()
    if any("'" in w or "’" in w for w in words):
        return None  # "I'm Camille": a sentence, not an item
    if len(words) == 1 and re.fullmatch(r"[1-9]\d", item):
        return "age", f"I'm {item}."
    if agent(words[-1].lower()) and not {w.lower() for w in words} & SAID_WITH:
        article = "an" if item[:1].lower() in "aeiou" else "a"
        return "job", f"I'm {article} {item.lower()}."
    first = words[0]
    if not all(w[:1].isupper() for w in words) or first.lower() in STATES:
        return None
    if len(words) == 1 and _first_name(first):
        return "name", f"I'm {item}."
    if first.lower() not in english_words() or _place(first, text):
        return "home", f"I live in {item}."
    return None


def _place(word: str, text: str) -> bool:
    """Whether the recogniser takes the word for a place where it was said ("Leeds")."""
    return any(e.label_ in ("GPE", "LOC") and word in e.text for e in parse_entities(text).ents)

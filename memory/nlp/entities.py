"""Fuzzy identity of people and organisations: "A. J. Pollock" = "AJ Pollock" = "Pollock"."""

import re
from functools import lru_cache

_ARTICLES = {"the", "a", "an"}
# Words people say clipped, keyed one way ("my physio is on Thursdays" is the physiotherapy
# asked about)
CLIPPED = dict.fromkeys(("physiotherapy", "physiotherapist", "physiotherapists"), "physio")
CLIPPED |= dict.fromkeys(("university", "universities"), "uni")
CLIPPED |= dict.fromkeys(("veterinarian", "veterinary", "veterinarians"), "vet")
CLIPPED |= dict.fromkeys(("laboratory", "laboratories"), "lab")
CLIPPED |= dict.fromkeys(("examination", "examinations"), "exam")
CLIPPED |= dict.fromkeys(("rehabilitation",), "rehab")
CLIPPED |= dict.fromkeys(("gymnasium",), "gym")
CLIPPED |= dict.fromkeys(("kindergarten", "kindy", "kinder"), "kindergarten")


@lru_cache(maxsize=8192)  # called for every pair the update and question steps compare
def entity_key(name: str) -> str:
    """Lowercase, no punctuation or articles, initials joined ("A. J." -> "aj")."""
    text = name.lower().replace("’", "'")
    text = re.sub(r"'s\b", "", text)
    text = re.sub(r"\b([a-z])\.\s*(?=[a-z]\.)", r"\1", text)
    words = [CLIPPED.get(w, w) for w in re.split(r"[^\w]+", text) if w and w not in _ARTICLES]
    return " ".join(words)


def members(name: str) -> list[str]:
    """ "Mary and Bob" -> ["Mary", "Bob"]; a single name -> [name]."""
    parts = [p.strip() for chunk in name.split(",") for p in re.split(r"\band\b|&", chunk)]
    return [p for p in parts if p]


def same_entity(a: str, b: str) -> bool:
    if not a or not b:
        return False
    ka, kb = entity_key(a), entity_key(b)
    if not ka or not kb:
        return False
    if ka == kb:
        return True
    ma, mb = members(a), members(b)
    if len(ma) > 1 or len(mb) > 1:
        return any(same_entity(x, y) for x in ma for y in mb if (x, y) != (a, b))
    ta, tb = ka.split(), kb.split()
    short, long_ = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
    # A shorter name naming the same thing: its words all appear, and it ends the same way
    # ("Pollock" ~ "AJ Pollock", "Mariners" ~ "Seattle Mariners"), not "alice" ~ "alice sister".
    clipped = [w for w in (ta, tb) if len(w) == 1]
    if any(w[0] == f"{other[0]}s" and len(other[0]) > 2 for w in clipped for other in (ta, tb)):
        # a shop or a firm said as people do, its first word and an "s" ("quit tims" for
        # Tim Hortons, "sainsburys" for Sainsbury)
        return True
    return set(short) <= set(long_) and short[-1] == long_[-1]

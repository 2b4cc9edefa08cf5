"""Whether a stored value can say where: "where do I teach?" is not answered by "english",
nor "where do we live?" by "house" (values the parser read off "teach english", "live in a
house"); a name, a word no dictionary holds ("nyalenda"), a place one works at ("the
bakery") or a word for a place ("the port") can."""

from memory.models import Fact
from memory.nlp import tokenize
from memory.nlp.casing import inflected
from memory.pipeline.guard import slot_name

# Common words that are places on their own ("at the port", "in town").
PLACE_WORDS = {"port", "town", "city", "village", "harbour", "harbor", "hospital", "airport"}
PLACE_WORDS |= {"farm", "mine", "factory", "mill", "countryside", "suburbs", "centre", "center"}
WORKPLACES = {"works_for", "works_at", "be_at"}  # "works at the bakery": a bakery is a place


def names_place(fact: Fact) -> bool:
    """Whether a value can say where: a name ("Nyalenda", "flat in benfica"), a place one
    works at ("the bakery"), or a word for a place, not a bare common word ("lives in
    house", "teaches english")."""
    words = [w for w in tokenize(fact.object) if w.isalpha()]
    if any(w[:1].isupper() or not inflected(w.lower()) for w in words):
        return True
    if slot_name(fact.relation) in WORKPLACES:
        return True
    return any(w.lower() in PLACE_WORDS for w in words)

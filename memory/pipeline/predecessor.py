""" "Who did the deliveries before Iván?", "Who was the tenor soloist before Tobias?": the
one who did what the person named does, or held their post, before them. The person named
is the subject of an act ("Iván does the deliveries") or the holder of a role ("the new tenor
is Tobias"); whoever was said to do the same act, or hold the same role, before that was
said, is the answer: the latest of them."""

from memory import nlp
from memory.models import Fact
from memory.nlp.likeness import TITLES
from memory.pipeline.doers import post_of
from memory.pipeline.question import Evidence
from memory.pipeline.speech import as_asked, sentence

# Slots that say what someone is or has, not an act or a post that passes from one to another.
NOT_PASSED = {"is", "has", "age", "is_called", "lives_in", "be_from", "replace", ""}


def same_person(said: str, asked: str) -> bool:
    """ "mrs harker" is "dorothy harker": one name with a title, the other with a first name."""
    if not said or not asked:
        return False
    if said == asked:
        return True
    one, other = said.split(), asked.split()
    titled = one[0] in TITLES or other[0] in TITLES
    return titled and one[-1] == other[-1]


def _words(fact: Fact) -> set[str]:
    said = f"{fact.relation.removeprefix('role:')} {fact.object}".replace("_", " ")
    return {nlp.stem(w) for w in nlp.tokenize(said) if w.isalpha()}


def before(evidence: Evidence, anchor: str) -> str | None:
    asked = set(evidence.intent.keywords) - {nlp.stem(w) for w in nlp.tokenize(anchor)}
    key = nlp.entity_key(anchor)
    last = key.split()[-1] if key else ""
    rows = Fact.objects.filter(user_id=evidence.user_id).exclude(relation__startswith="plan:")
    rows = rows.exclude(relation__startswith="not:").exclude(relation__in=NOT_PASSED)
    done = rows.filter(subject_key__endswith=last).exclude(object="").order_by("created_at")
    done = [f for f in done[:40] if same_person(f.subject_key, key)]
    held = rows.filter(object_key__endswith=last, relation__startswith="role:")
    held = [f for f in held.order_by("created_at")[:40] if same_person(f.object_key, key)]
    # the fact that says most of what is asked ("chief pilot", not "pilot")
    told = sorted(done + held, key=lambda f: -len(asked & _words(f)))
    best = len(asked & _words(told[0])) if told else 0
    for fact in [f for f in told if best and len(asked & _words(f)) == best]:
        if fact in done:  # the same act, by someone else, said earlier
            same = rows.filter(relation=fact.relation, object_key=fact.object_key)
            same = same.exclude(subject_key=fact.subject_key)
            names = "subject"
        else:  # the same post, held by someone else, said earlier
            same = rows.filter(relation=fact.relation, subject_key=fact.subject_key)
            same = same.exclude(object_key=fact.object_key)
            names = "object"
        earlier = same.filter(created_at__lte=fact.created_at).exclude(pk=fact.pk)
        found = earlier.order_by("-created_at", "-pk").first()
        if found is not None and getattr(found, names):
            shown = as_asked(evidence, anchor)
            return sentence(f"it was {getattr(found, names)} before {shown}")
    held_before = post_left(asked, key, rows) if not best else None
    if not held_before:
        return None
    return sentence(f"it was {held_before} before {as_asked(evidence, anchor)}")


def post_left(asked: set[str], key: str, rows) -> str | None:
    """ "Who was president before Aurélie?" when no fact holds Aurélie's post ("Aurélie new
    president"): the last holder of a post of the words asked who no longer holds it."""
    posts = rows.filter(relation__startswith="role:", is_true=False).exclude(object="")
    said = [
        f for f in posts.order_by("-truth_since", "-pk")[:40] if not same_person(f.object_key, key)
    ]
    # the post's own noun is asked ("president" of "club president")
    named = [f for f in said if _post_noun(f) in asked]
    return named[0].object if named else None


def _post_noun(fact: Fact) -> str:
    words = post_of(fact.relation).split()
    return nlp.stem(words[-1]) if words else ""

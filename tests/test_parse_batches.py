"""Statements an answer reads are parsed in one batch (memory.nlp.parse.parse_all)."""

from memory.nlp import parse as parses

TEXTS = [
    "Marta defended her thesis today! she's Dr. Marta now.",
    "Your coworker Pedro Lima switched from the mobile team to the payments team.",
    "we moved to Porto in 2019, then my sister Ana moved in with us",
    "Sold the octavia last week, amra's yaris does the job + you walk everywhere anyway.",
]


def _reading(doc) -> list[tuple]:
    return [(t.text, t.tag_, t.dep_, t.head.i, t.lemma_, t.ent_type_) for t in doc]


def test_a_batch_gives_the_parses_one_at_a_time_would():
    one_by_one = [_reading(parses.model()(parses._prepared(t))) for t in TEXTS]
    parses.parse_all([f"{t} " for t in TEXTS], entities=True)
    assert [_reading(parses.parse_entities(f"{t} ")) for t in TEXTS] == one_by_one


def test_a_batch_parse_is_what_later_readers_get():
    texts = [f"{t}  " for t in TEXTS]
    parses.parse_all(texts)
    first = [parses.parse(t) for t in texts]
    parses.parse_all(texts)  # nothing left to parse: the same docs stay
    assert all(parses.parse(t) is doc for t, doc in zip(texts, first, strict=True))
    # without entities, as parse() reads them; the entity cache is another one
    assert not any(t.ent_type_ for doc in first for t in doc)
    assert parses.parse_entities(texts[1]) is not first[1]


def test_the_cache_forgets_the_least_recently_used():
    cache = parses._Parses(2)
    a, b, c = (parses.parse(t) for t in TEXTS[:3])
    cache.put("a", a)
    cache.put("b", b)
    assert cache.get("a") is a  # now the most recently used
    cache.put("c", c)
    assert cache.get("b") is None
    assert cache.get("a") is a and cache.get("c") is c

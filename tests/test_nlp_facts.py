"""Atomic facts and question intents from the offline NLP (no database)."""

import socket

import pytest

from memory.nlp import (
    concepts,
    entity_key,
    extract_facts,
    parse_question,
    relation_is_single_valued,
    same_entity,
)


def triplets(text: str, speaker: str = "alice"):
    return [
        (f.subject, f.relation, f.object, f.negated) for f in extract_facts(text, speaker=speaker)
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("I live in Lisbon.", ("alice", "lives_in", "Lisbon", False)),
        ("I moved to Berlin.", ("alice", "lives_in", "Berlin", False)),
        ("I don't live in Rome anymore.", ("alice", "lives_in", "Rome", True)),
        ("Anna works at Pfizer.", ("Anna", "works_for", "Pfizer", False)),
        ("Carlos works for Pfizer.", ("Carlos", "works_for", "Pfizer", False)),
        ("Dev is employed by Pfizer.", ("Dev", "works_for", "Pfizer", False)),
        ("Mary no longer works at UPS.", ("Mary", "works_for", "UPS", True)),
        ("Bob was hired at Cisco.", ("Bob", "works_for", "Cisco", False)),
        ("Brandon is going to Paris on vacation.", ("Brandon", "travels_to", "Paris", False)),
        ("AJ Pollock is a member of the Mariners", ("AJ Pollock", "member_of", "Mariners", False)),
        ("Tom plays for the Red Sox.", ("Tom", "member_of", "Red Sox", False)),
        (
            "John Harbaugh was named head coach of the Ravens.",
            ("John Harbaugh", "head_coach_of", "Ravens", False),
        ),
        (
            "Gary Kelly is the CEO of Southwest Airlines.",
            ("Gary Kelly", "ceo_of", "Southwest Airlines", False),
        ),
        ("My sister Ana lives in Montreal.", ("Ana", "lives_in", "Montreal", False)),
        ("My brother ate chicken.", ("alice's brother", "ate", "chicken", False)),
        ("I ate a salad.", ("alice", "ate", "salad", False)),
        ("Brandon has a dog named Rex.", ("Brandon", "has_pet", "Rex", False)),
        ("I love jazz.", ("alice", "likes", "jazz", False)),
        ("Bob is unemployed.", ("Bob", "employment_status", "unemployed", False)),
    ],
)
def test_it_parses_a_triplet(text, expected):
    assert expected in triplets(text)


def test_it_splits_coordinated_subjects():
    facts = extract_facts("Mary and Bob work at UPS.", speaker="alice")
    assert [(f.subject, f.text) for f in facts] == [
        ("Mary", "Mary works at UPS"),
        ("Bob", "Bob works at UPS"),
    ]


def test_it_splits_coordinated_verb_phrases_and_marks_the_cancellation():
    facts = extract_facts(
        "Brandon cancelled his Paris trip and is going to Brazil instead.", speaker="alice"
    )
    assert [(f.subject, f.relation, f.object, f.negated) for f in facts] == [
        ("Brandon", "travels_to", "Paris", True),
        ("Brandon", "travels_to", "Brazil", False),
    ]
    assert all(f.ends_previous for f in facts)


def test_quitting_ends_the_job_and_sets_the_status():
    assert triplets("Bob quit his job.") == [
        ("Bob", "works_for", "", True),
        ("Bob", "employment_status", "unemployed", False),
    ]


def test_hiring_also_means_employed():
    assert ("Bob", "employment_status", "employed", False) in triplets("Bob was hired at Cisco.")


def test_first_person_becomes_the_speaker_with_agreement():
    (fact,) = extract_facts("I live in Lisbon.", speaker="alice")
    assert fact.text == "alice lives in Lisbon"


def test_pronouns_resolve_to_the_last_person_named():
    facts = extract_facts("Brandon moved to Oslo. He works at Equinor.", speaker="alice")
    assert ("Brandon", "works_for", "Equinor") in [(f.subject, f.relation, f.object) for f in facts]


def test_news_sentences_yield_their_main_triplet():
    text = (
        "After a long physical exam that made headlines this month, "
        "Lee Park is a member of the Seattle Mariners"
    )
    assert ("Lee Park", "member_of", "Seattle Mariners", False) in triplets(text)


def test_a_sentence_without_a_parse_is_kept_whole():
    facts = extract_facts("Rain, rain, and more rain.", speaker="alice")
    assert len(facts) == 1
    assert facts[0].relation == ""
    assert "rain" in facts[0].text


def test_relations_are_single_or_multi_valued():
    assert relation_is_single_valued("lives_in")
    assert relation_is_single_valued("travels_to")
    assert relation_is_single_valued("not:works_for")
    assert not relation_is_single_valued("likes")
    assert not relation_is_single_valued("has_child")


@pytest.mark.parametrize(
    "question, subject, relation, obj",
    [
        ("Where is Brandon going on vacation?", "Brandon", "travels_to", None),
        ("Where did Brandon plan to go before?", "Brandon", "travels_to", None),
        ("Who are employed by Pfizer?", None, "works_for", "Pfizer"),
        ("Who works at Pfizer?", None, "works_for", "Pfizer"),
        ("Where do I live?", "alice", "lives_in", None),
        ("Is Brandon still employed?", "Brandon", "employment_status", "employed"),
        ("What did I eat before the banana?", "alice", "ate", None),
        ("What sports team is A. J. Pollock a member of?", "A. J. Pollock", "member_of", None),
        (
            "Is A. J. Pollock a member of Chicago White Sox?",
            "A. J. Pollock",
            "member_of",
            "Chicago White Sox",
        ),
        ("Who is the head coach of the Ravens?", None, "head_coach_of", "Ravens"),
        ("Does Anna live in Lisbon?", "Anna", "lives_in", "Lisbon"),
        ("Where does my sister Ana live?", "Ana", "lives_in", None),
        ("Do you remember where I live?", "alice", "lives_in", None),
        ("Tell me where I work", "alice", "works_for", None),
    ],
)
def test_it_parses_a_question(question, subject, relation, obj):
    intent = parse_question(question, speaker="alice")
    assert (intent.subject, intent.relation, intent.object) == (subject, relation, obj)


def test_it_tells_yes_no_past_and_order_questions():
    assert parse_question("Is Bob employed?", speaker="a").yes_no
    assert not parse_question("Where does Bob work?", speaker="a").yes_no
    assert parse_question("Where did Brandon plan to go before?", speaker="a").wants_past
    assert not parse_question("Where is Brandon going?", speaker="a").wants_past
    ordered = parse_question("What did I eat before the banana?", speaker="a")
    assert ordered.wants_order and ordered.anchor == "banana"
    assert parse_question("What did I eat first?", speaker="a").wants_order


@pytest.mark.parametrize(
    "a, b, same",
    [
        ("A. J. Pollock", "AJ Pollock", True),
        ("Pollock", "AJ Pollock", True),
        ("the Mariners", "Seattle Mariners", True),
        ("Paris", "Brazil", False),
        ("alice's sister", "alice", False),
        ("Mary and Bob", "Mary", True),
        ("Bob Smith", "Rob Smith", False),
    ],
)
def test_it_matches_entities(a, b, same):
    assert same_entity(a, b) is same


def test_entity_keys_ignore_case_articles_and_initial_dots():
    assert entity_key("The A. J. Pollock") == entity_key("aj pollock") == "aj pollock"


def test_concepts_use_stems_as_keys_and_keep_labels():
    found = concepts("I flew to Paris with my cats.")
    assert [(c.label, c.stem, c.proper) for c in found] == [
        ("Paris", "pari", True),
        ("cats", "cat", False),
    ]


def test_it_works_without_a_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("no network in this test")

    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    assert triplets("Zoe lives in Quito.") == [("Zoe", "lives_in", "Quito", False)]

"""People named in passing: "her daughter" after a verb that begins another, a birth told in
the perfect, "assistant lorne" with no verb, "has got" asking what someone has. Real parse,
real database; the sentences are written for these tests and are in no eval set."""

import pytest

from tests.helpers import triplets

pytestmark = pytest.mark.django_db(transaction=True)


def test_her_after_a_verb_that_begins_another_is_the_subjects(db):
    told = triplets("Grażyna has started bringing her son Kuba to the allotment")
    assert ("Grażyna", "role:son", "Kuba") in told, told


def test_a_birth_told_in_the_perfect_names_the_child(db):
    told = triplets("Milena has given birth to a baby girl, Hana, on Tuesday!")
    assert ("Milena", "role:daughter", "Hana") in told, told


def test_a_role_and_a_first_name_alone_name_the_speakers_one(db):
    told = {(s, r, o.lower()) for s, r, o in triplets("new season. keeper maddie. physio tom")}
    assert ("me", "role:keeper", "maddie") in told, told
    assert ("me", "role:physio", "tom") in told, told


def test_a_greeting_and_a_name_name_no_role(db):
    assert not any(r.startswith("role:") for _s, r, _o in triplets("thanks Tom"))


def test_what_someone_has_got_asks_what_they_have(chat):
    chat.tell("my neighbour Dolores has two goats, Pepa and Lola")
    said = chat.ask("What animals has Dolores got?")
    assert "Pepa" in said and "Lola" in said, said


def test_a_name_before_a_role_with_no_apostrophe_is_its_owner(db):
    told = triplets("Minh sister is Lan, and Tuan wife is Hoa.")
    assert ("Minh", "role:sister", "Lan") in told, told
    assert ("Tuan", "role:wife", "Hoa") in told, told


def test_a_role_said_with_a_word_before_it_is_still_the_speakers(db):
    assert ("me", "role:team captain", "Ade") in triplets("team captain is Ade")


def test_chat_shorthand_n_and_r_are_and_and_are(db):
    from memory.nlp.statements import plainly

    assert plainly("me n dylan r done") == "I broke up with dylan"
    assert plainly("a house w 3 others") == "a house with 3 others"


def test_a_couple_that_is_done_has_broken_up(chat):
    chat.tell("my boyfriend is Kofi, we met at uni")
    chat.tell("me n kofi r done. properly this time.")
    assert chat.ask("Am I still with Kofi?").startswith("No")


def test_the_head_of_my_school_is_my_headteacher_whatever_the_word(chat):
    chat.tell("I teach music at Kestrel Academy. Our headmaster is Mr Dlamini.")
    chat.tell("big news: our new headmistress, Mrs Naidoo, started on Monday")
    assert "Naidoo" in chat.ask("Who's the head of my school now?")


def test_nan_is_a_grandmother(db):
    assert ("me", "role:grandmother", "Edna") in triplets("my nan Edna is 94 today")

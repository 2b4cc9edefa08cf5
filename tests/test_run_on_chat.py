"""Chat as people type it: clauses run on with commas, names in lower case, an "I" left
out, events told as "before he started driving buses", homes told as "moved up here from X"
or "X is where we live", jobs told as "doing ceramics full time". The sentences are not in
any eval set."""

import pytest

from memory.nlp.anchors import event_anchor
from memory.nlp.ask import read_question
from memory.nlp.parse import parse
from memory.nlp.questions import asks_after, parse_question
from memory.pipeline.question import with_told_names
from tests.helpers import triplets


@pytest.mark.parametrize(
    ("anchor", "value"),
    [
        ("he started driving buses", "driving buses"),
        ("I moved to Ghent", "Ghent"),
        ("coming back to Tallinn", "Tallinn"),
        ("she switched to nursing", "nursing"),
        ("I became a foreman", "foreman"),
        # no move and no start: the clause stays as said
        ("I went part time at the shop", "I went part time at the shop"),
        ("I retired", "I retired"),
        ("the fox took one", "the fox took one"),
    ],
)
def test_it_reads_an_event_anchor_as_the_value_it_brought(db, anchor, value):
    assert event_anchor(anchor) == value


def test_the_last_before_or_after_is_the_one_that_orders():
    intent = parse_question("Who looked after the dog before Selin?", speaker="me")
    assert intent.anchor == "Selin"
    assert not asks_after(intent.text)
    assert asks_after("Who joined the band after Tomás left?")


def test_a_comma_splice_is_two_sentences_but_a_cue_is_not(db):
    assert len(list(parse("we got the keys on friday, we love the flat already").sents)) == 2
    assert len(list(parse("when I got home, I cooked dinner").sents)) == 1
    assert len(list(parse("I met Jakob at the gym, ugh autocorrect, I meant Jakub").sents)) == 1


def test_a_move_here_from_a_place_leaves_that_home(db):
    told = {(s, r, o.lower()) for s, r, o in triplets("moved up here from tartu 2 yrs ago")}
    assert ("me", "move_from", "tartu") in told


def test_a_wish_someone_has_for_the_user_is_no_fact(db):
    told = triplets("my uncle Femi wants me to join his tailoring shop in Ibadan")
    assert any(f[1] == "plan:works_for" for f in told), told
    assert not any(f[1] == "works_for" for f in told), told


def test_what_one_does_full_time_is_a_job(db):
    told = triplets("since june im doing woodwork full time, selling stools at the market")
    assert ("me", "works_as", "woodwork") in told


def test_an_opening_like_long_story_short_is_not_the_subject(db):
    told = triplets("long story short i handed in my notice at the call centre")
    assert any(f[1] == "works_for" and "call centre" in f[2] for f in told), told


def test_a_place_said_as_where_we_live_is_our_home(db):
    assert ("me", "lives_in", "Ilemela") in triplets("ilemela is where we live lol")
    assert not any(f[2] == "that" for f in triplets("that's where I met her"))


def test_a_ward_someone_moved_me_to_is_no_home(db):
    told = triplets("they moved me to paediatrics this week")
    assert not any(f[1] == "lives_in" for f in told), told


def test_a_thing_is_in_a_place_and_lives_nowhere(db):
    assert ("school", "be_in", "Bantry") in triplets("his school is in Bantry")


def test_a_present_tense_without_its_i_is_the_speakers(db):
    told = triplets("originally from Ho. share a flat in Osu with two nurses")
    assert ("me", "lives_in", "Osu") in told


def test_a_name_beside_a_person_word_names_them(db):
    assert ("me", "role:apprentice", "Kwesi") in triplets("hired an apprentice, Kwesi, 19")


def test_a_number_beside_a_thing_bought_is_no_name(db):
    told = triplets("bought a 2012 hilux off a farmer, 200k km, runs fine")
    assert not any(f[1].startswith("role:") for f in told), told


def test_a_baby_born_and_named_is_the_users_child(chat):
    chat.tell("baby boy born this morning, we're calling him Kofi. exhausted but so happy")
    assert "Kofi" in chat.ask("What is my son called?")


def test_a_name_asked_in_lower_case_is_the_name_told(chat):
    # ("baraka" is in the lemmatiser's word list and in no list of first names)
    chat.tell("my nephews Amani and Baraka are staying with us this summer")
    chat.tell("Baraka lives in Arusha with his mum the rest of the year")
    answer = chat.ask("where does baraka live")
    assert "Arusha" in answer, answer
    cased = with_told_names(chat.user.pk, "where does baraka live")
    assert cased == "where does Baraka live"
    assert read_question(cased, speaker="me").subject == "Baraka"
    assert read_question("where does baraka live", speaker="me").subject is None


def test_where_one_teaches_is_where_one_works(chat):
    chat.tell("I teach maths to year 9")
    chat.tell("got the job at Hillcrest Academy, starting in september")
    chat.tell_on("2026-10-10", "first weeks at Hillcrest Academy done, the kids are lovely")
    answer = chat.ask_on("2026-10-12", "where do i teach now")
    assert "Hillcrest" in answer and "maths" not in answer, answer


def test_a_job_done_is_said_as_done(chat):
    chat.tell("quit the bank in march. im doing pottery full time now")
    assert chat.ask("What do I do for work now?") == "You do pottery."


def test_before_he_started_a_new_job_is_the_job_he_had(chat):
    chat.tell("my husband Darko is a forklift driver at the port")
    chat.tell("Darko changed jobs, he's driving buses for the city now")
    answer = chat.ask("What was Darko's job before he started driving buses?")
    assert "forklift" in answer, answer


def test_a_home_left_is_where_one_lived_before(chat):
    chat.tell("started my masters at Lund uni, moved up here from Malmö in august")
    answer = chat.ask("where did i live before Lund?")
    assert "Malmö" in answer, answer


def test_someone_who_came_from_a_place_lives_there_until_they_move(chat):
    chat.tell("Ivo and his wife Lea came down from Split for the weekend")
    chat.tell("Lea is moving to Zagreb in the spring for a new job")
    answer = chat.ask("Where does Lea live?")
    assert "Split" in answer and "Zagreb" in answer, answer


def test_the_town_of_a_job_says_where_someone_is_until_they_move(chat):
    chat.tell("my boyfriend Tiago works at Farfetch in Braga, he takes the train up twice a week")
    chat.tell("Tiago is moving to Porto in May, he got permission to work remote")
    answer = chat.ask("Where does Tiago live?")
    assert "works in Braga" in answer and "Porto" in answer, answer


def test_a_clefts_focus_is_the_right_value(chat):
    chat.tell("The dental clinic wants me to do their payroll from July")
    chat.tell("sorry, I wrote wrong, it's the bakery who wants payroll, not the dental clinic")
    facts = chat.facts()
    assert any(f[0] == "bakery" for f in facts), facts
    assert not any(f[0] == "payroll" for f in facts), facts

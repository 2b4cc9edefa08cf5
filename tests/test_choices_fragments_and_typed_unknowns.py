"""Vehicles chosen rather than bought, names said as a sentence of their own, a change quoted
with its old value first, and questions whose kind of answer (a job, an age) nothing told
holds. Real parse, real database; the sentences are written for these tests and are in no
eval set."""

import pytest

from memory.nlp.nowfirst import present_first
from tests.helpers import said

pytestmark = pytest.mark.django_db(transaction=True)


def roles(text: str) -> set[tuple[str, str]]:
    return {(r, o) for _s, r, o, neg in said(text) if r.startswith("role:") and not neg}


def test_a_vehicle_one_ended_up_going_with_is_the_one_driven(chat):
    chat.tell("i drive a beat up mitsubishi pajero")
    chat.tell("looked at a few utes and ended up going with a navara, traded the pajero in")
    assert chat.ask("What car am I driving now?").lower().startswith("you drive navara")


def test_a_car_asked_with_have_got_is_the_one_had_last(chat):
    chat.tell("We had an old Ford Ka for years.")
    chat.tell("We sold the Ka in spring and bought a Skoda Fabia.")
    assert "Fabia" in chat.ask("what car have we got now?")


def test_a_chosen_holiday_is_no_vehicle(chat):
    chat.tell("I drive a Renault Clio.")
    chat.tell("We went with Marta to the lake on Sunday.")
    assert "Clio" in chat.ask("What am I driving now?")


def test_names_said_after_a_short_sentence_are_its_nouns(db):
    assert roles("Three cats. Mochi, Tofu and Pip.") >= {
        ("role:cat", "Mochi"),
        ("role:cat", "Tofu"),
        ("role:cat", "Pip"),
    }
    assert roles("Got a kitten. Fenna.") == {("role:kitten", "Fenna")}


def test_a_word_after_a_short_sentence_is_no_name(db):
    assert not roles("Dinner with my cousin. Lovely.")


def test_someone_who_moved_out_on_a_day_is_no_longer_a_housemate(chat):
    chat.tell("I share a flat with two flatmates, Oona and Piet.")
    chat.tell("Piet moved out on Saturday.")
    assert "Piet" not in chat.ask("Who are my flatmates now?")


def test_a_change_quoted_says_the_new_value_first():
    assert present_first("Switched my energy from Octopus to Ovo.") == (
        "Switched my energy to Ovo (from Octopus)."
    )
    assert present_first("Changed banks, Monzo was a pain, now Starling.") == (
        "Now Starling; changed banks, Monzo was a pain."
    )


def test_times_and_amounts_from_one_to_another_keep_their_order():
    assert present_first("I work from 9 to 5.") == "I work from 9 to 5."
    assert present_first("The dose went from 20 to 40 mg.") == "The dose went from 20 to 40 mg."


def test_a_job_asked_of_someone_whose_job_was_never_told_is_unknown(chat):
    chat.tell("My neighbour Ilkka was so pleased he mowed my lawn too, what a guy.")
    assert chat.ask("What does Ilkka do for work?").startswith("I don't know")


def test_an_age_asked_of_a_number_that_is_no_age_is_unknown(chat):
    chat.tell("My nephew Sindre is in year 9 now and plays the trumpet.")
    assert chat.ask("How old is Sindre?").startswith("I don't know")


def test_an_age_said_beside_a_name_answers(chat):
    chat.tell("The grandkids are Oskar, 7, and Liv, 4.")
    assert "7" in chat.ask("How old is Oskar?")


def test_a_car_traded_in_is_no_longer_had(db):
    told = said("We traded in the Corsa for a Kia Picanto.")
    assert ("me", "", "Corsa", True) in told, told
    assert ("me", "has", "Kia Picanto", False) in told, told


def test_a_car_to_be_traded_in_is_still_the_one_had(chat):
    chat.tell("I'm going to trade the Corsa for a Kia Picanto in the spring.")
    assert chat.ask("Do I still have the Corsa?").startswith("Yes")


def test_a_diet_said_over_with_a_contraction_has_ended(chat):
    chat.tell("Started paleo in January because my brother swore by it.")
    chat.tell("Paleo's over. Three weeks of it was plenty.")
    assert chat.ask("Am I still doing paleo?").startswith("No")


def test_a_pet_one_had_to_let_go_is_no_longer_had(chat):
    chat.tell("We have an old greyhound called Juno.")
    chat.tell("We had to let Juno go on Friday, she was fifteen.")
    assert chat.ask("Do we still have Juno?").startswith("No")


def test_a_past_tense_opening_a_sentence_is_the_speakers(db):
    assert ("me", "start", "pilates", False) in said("Started pilates last month.")


def test_an_unknown_word_after_started_is_what_was_started(db):
    assert ("me", "start", "keto", False) in said("I started keto.")


def test_a_job_told_as_now_in_its_own_words_answers_what_someone_does(chat):
    chat.tell("My cousin Bruno works at the bakery on Rua Nova.")
    chat.tell("Bruno quit the bakery, he's hauling timber for Sonae now.")
    assert "Sonae" in chat.ask("What's Bruno doing for work now?")


def test_an_age_right_after_a_name_answers(chat):
    chat.tell("my daughter and her husband have two, Ellie 6 and Tom 3")
    assert "6" in chat.ask("how old is Ellie?")


def test_a_trip_said_last_does_not_answer_what_one_drives(chat):
    chat.tell("I drive a Renault Clio.")
    chat.tell("Drove up to the lake with Marta on Sunday.")
    chat.tell("We went to the lake again today, lovely now in autumn.")
    assert "Clio" in chat.ask("What am I driving now?")


def test_what_one_is_using_to_get_somewhere_is_asked_of_now(db):
    from memory.nlp.ask import read_question

    assert not read_question("What am I using to get to work now?", speaker="me").wants_past
    assert read_question("Did I use to drive to work?", speaker="me").wants_past


def test_a_new_person_named_last_is_no_answer_to_where_one_works(chat):
    chat.tell("I work at a logistics firm called Dachser.")
    chat.tell("Left Dachser last month, now I'm at Kuehne+Nagel.")
    chat.tell("New supervisor is called Marek.")
    assert "Kuehne" in chat.ask("Where do I work now?")


def test_a_change_said_with_now_in_other_words_still_answers(chat):
    chat.tell("My aunt Greta lives in Tampere.")
    chat.tell("Greta's all settled in Porvoo now, she loves the old town.")
    assert "Porvoo" in chat.ask("Where does Greta live now?")


def test_when_a_thing_was_got_is_not_when_it_was_sold(chat):
    chat.tell_on("2025-04-02", "Bought a moped, a cheap Chinese one. Sold the bicycle.")
    chat.tell_on("2025-10-11", "Sold the moped. Only the van now.")
    assert "April" in chat.ask("When did I get the moped?")


def test_shifting_to_a_town_is_moving_there(db):
    told = said("My nephew Baraka is shifting to Mwanza with his mum in August.")
    assert ("Baraka", "plan:lives_in", "Mwanza", False) in told, told
    assert not any(r == "lives_in" for _s, r, _o, _n in said("She shifted to night shifts."))


def test_a_contracted_has_before_a_change_is_read_as_has(db):
    told = said("Ollie's quit the chess club, too many tournaments.")
    assert any(neg and "chess club" in o for _s, _r, o, neg in told), told


def test_the_newest_sentence_about_someone_else_does_not_answer_for_a_friend(chat):
    chat.tell("My friend Nacho works at the Teatro Municipal.")
    chat.tell("Oh and I adopted a second cat now, a grey idiot I named Pulpo.")
    assert "Teatro" in chat.ask("Where does Nacho work now?")


def test_someone_no_longer_with_us_no_longer_does_what_they_did_for_us(chat):
    chat.tell("My neighbour's son Tomek does the deliveries for my bakery on Saturdays.")
    chat.tell("Tomek is not with us anymore, he moved to Gdynia for university.")
    assert chat.ask("Does Tomek still do my deliveries?").startswith("No")


def test_a_listed_name_no_names_list_knows_is_still_listed(db):
    told = roles("I have two lodgers: Otto, he studies law, and Tuuli, she is a baker.")
    assert {("role:lodger", "Otto"), ("role:lodger", "Tuuli")} <= told, told

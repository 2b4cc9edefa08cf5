"""How the update side reads what people tell it in their own words: statements joined to
questions, pronouns across messages, names given in passing, corrections that restate a value,
activities given up. Through the real chat entry point (real database, no mocks)."""

from datetime import timedelta

import pytest

from tests.helpers import Chat, say


@pytest.fixture
def chat(alice):
    return Chat(alice, tell_step=timedelta(days=1), ask_step=timedelta(hours=1))


def test_a_statement_before_a_question_at_a_comma_is_stored(chat):
    chat.tell(
        "signed up for a pottery class on Thursdays, do you think I'll be terrible?",
        route=("both",),
    )
    assert ("pottery class", "be_on", "Thursdays") in chat.facts()


def test_a_condition_before_a_question_is_not_stored(chat):
    reply = say(chat.user, "If I move to Porto, where will I live?", at=Chat.START)
    assert reply.route == "question"


def test_a_fragment_opening_with_a_past_verb_is_a_statement(chat):
    chat.tell("had dinner with Pedro tonight", route=("update",))


def test_he_and_she_go_to_the_right_person_in_a_later_message(chat):
    chat.tell(
        "dinner with my cousin Sara and her husband Paulo tonight. "
        "She's a dentist and he's a pilot with TAP",
        "he flies to Brazil twice a month, she hates it",
    )
    assert ("Paulo", "travels_to", "Brazil") in chat.facts()


def test_a_person_met_in_the_sentence_is_who_he_names(chat):
    chat.tell("saw Rui at the gym, he's training for the Lisbon marathon")
    assert any(subject == "Rui" for subject, _, _ in chat.facts())


def test_a_guy_called_jorge_is_jorge_and_his_origin_can_be_corrected(chat):
    chat.tell(
        "we're redoing the kitchen, contractor is a guy called Jorge from Sintra",
        "he's from Mafra actually, not Sintra",
    )
    assert ("alice", "role:contractor", "Jorge") in chat.facts()
    assert ("Jorge", "be_from", "Mafra") in chat.facts()
    assert ("Jorge", "be_from", "Sintra") in chat.facts(true=False)


def test_the_day_a_thing_is_booked_for_is_corrected(chat):
    chat.tell("I booked the dentist for Monday at 10", "sorry, I meant Tuesday, not Monday")
    assert ("dentist", "be_on", "Tuesday") in chat.facts()
    assert ("dentist", "be_on", "Monday") in chat.facts(true=False)


def test_a_correction_that_only_restates_a_date_replaces_the_last_date(chat):
    chat.tell("booked the venue, the wedding is June 14", "wait no, sorry, it's June 21")
    assert ("wedding", "is", "June 21") in chat.facts()
    assert ("wedding", "is", "June 14") in chat.facts(true=False)


def test_a_pet_named_after_the_verb_phrase_is_corrected(chat):
    chat.tell("we got a cat that same year, Pixel", "PIXIE. not Pixel. autocorrect hates my cat")
    assert chat.ask("What's our cat's name?").startswith("Your cat is PIXIE")


def test_quitting_an_activity_ends_it(chat):
    chat.tell("our son Rui does judo and our daughter Bia does ballet", "Bia quit ballet")
    assert chat.ask("Does Bia still do ballet?").startswith("No")


def test_moving_there_is_a_plan_to_live_in_the_place_named(chat):
    chat.tell("Luís got an offer from Siemens in Munich! He's moving there in June")
    assert ("Luís", "plan:lives_in", "Munich") in chat.facts()


def test_an_opening_clause_without_subject_is_the_users(chat):
    chat.tell("also started climbing with my coworker Bruno, he's way better than me")
    assert ("alice", "climb", "") in chat.facts()
    assert ("alice", "role:coworker", "Bruno") in chat.facts()


def test_switching_from_one_team_to_another(chat):
    chat.tell("my coworker Pedro Lima switched from the mobile team to the payments team")
    assert ("Pedro Lima", "switch_to", "payments team") in chat.facts()
    assert ("Pedro Lima", "not:switch_to", "mobile team") in chat.facts()


def test_engaged_last_night_is_engaged_to_the_other_subject(chat):
    chat.tell("Sam and I got engaged last night!!!")
    facts = chat.facts()
    assert ("alice", "partner_of", "Sam") in facts
    assert not any(value == "last night" for _, _, value in facts)


def test_he_and_she_after_two_names_follow_the_names(chat):
    chat.tell(
        "had dinner with Pedro and Marta tonight. He just got promoted, she's finishing her PhD"
    )
    facts = chat.facts()
    assert ("Pedro", "promote", "") in facts
    assert ("Marta", "finish", "PhD") in facts


def test_a_move_joined_to_another_verb_in_the_summer_is_a_plan(chat):
    chat.tell(
        "My parents have lived in Lisbon their whole lives",
        "They're selling the flat and moving to the Algarve in the summer",
    )
    assert "Lisbon" in chat.ask("Where do my parents live?").split(".")[0]
    assert ("alice's parent", "plan:lives_in", "Algarve") in chat.facts()


def test_moving_to_a_day_moves_a_schedule_not_a_home(chat):
    chat.tell("I live in Lisbon", "back playing, but we moved to Thursdays now")
    facts = chat.facts()
    assert ("alice", "lives_in", "Lisbon") in facts
    assert ("alice", "be_on", "Thursdays") in facts


def test_a_client_that_stops_the_contract_is_no_longer_a_client(chat):
    chat.tell(
        "I'm a freelance illustrator, my clients right now are Penguin Portugal and a small "
        "coffee brand called Fábrica",
        "Fábrica stopped the contract, they went with an agency",
    )
    assert ("alice", "role:client", "Penguin Portugal") in chat.facts()
    assert ("alice", "role:client", "Fábrica") in chat.facts(true=False)

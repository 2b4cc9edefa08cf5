"""Posts held for someone ("my physio", "Ava's teacher", "my manager") handed on in the
user's own words, and repairs owned to in words the reader did not know ("my bad", "I made a
mistake"). Real parse, real database; the sentences are written for these tests and are in
no eval set."""

import pytest

from tests.helpers import Chat

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_reads_a_physio_named_as_a_guy_called_someone(chat):
    chat.tell("my physio is at the sports clinic by the river, a guy called Teodor, twice a week")
    chat.tell(
        "teodor got a job in Gdansk, so now i'm with a woman called Halszka at the same clinic"
    )
    now = chat.ask("Who is my physio now?")
    assert "Halszka" in now and "Teodor" not in now
    assert chat.ask("Who was my physio before Halszka?").startswith("Teodor")


def test_it_does_not_take_another_persons_physio_for_the_users(chat):
    chat.tell("My physio is Ingrid, she is strict but fair.")
    chat.tell("Dan's physio is Marek, they play padel together.")
    answer = chat.ask("Who is my physio now?")
    assert "Ingrid" in answer and "Marek" not in answer


def test_it_does_not_read_another_users_physio(chat, bob):
    Chat(bob).tell("My physio is Ingrid, she is strict but fair.")
    chat.tell("I started physio this week.")
    assert "Ingrid" not in chat.ask("Who is my physio now?")


def test_a_holder_before_one_named_in_other_words_is_the_one_before(chat):
    chat.tell("Noor's teacher is Mrs Haddad and Sami has Mr Lindqvist, who he loves.")
    chat.tell("Mrs Haddad broke her hip, so a Ms Oyelaran is covering Noor's class until summer.")
    answer = chat.ask("Who was Noor's teacher before Ms Oyelaran?")
    assert "Haddad" in answer and "Lindqvist" not in answer


def test_a_holder_taken_back_by_a_repair_never_held_the_post(chat):
    chat.tell("Big news at work: Pieter retired, the new manager is Els.")
    chat.tell("I was wrong. Els applied but they gave the job to Margriet from Utrecht.")
    now = chat.ask("Who is my manager now?")
    assert "Margriet" in now and "Els" not in now
    assert chat.ask("Who was my manager before Margriet?").startswith("Pieter")


def test_the_user_is_not_their_own_teacher(chat):
    chat.tell("I started violin. My teacher is a young woman called Saoirse.")
    chat.tell("I love teaching my own pupils at school, but being the pupil is humbling.")
    chat.tell("Saoirse moved away, so I switched violin teachers and I'm now with Declan.")
    assert chat.ask("Who taught me violin before Declan?").startswith("Saoirse")


def test_my_bad_puts_right_what_was_told(chat):
    chat.tell("my cousin Lerato is expecting, due in june!")
    chat.tell("hang on, I said Lerato is due in june right? my bad, she's due in july")
    answer = chat.ask("When is Lerato due?")
    assert "July" in answer and "June" not in answer


def test_a_sentence_owning_to_a_mistake_is_not_the_value(chat):
    chat.tell("From May I will also coach the under-12s on Tuesday.")
    chat.tell("Oh, I made a mistake. Not Tuesday, it is Thursday evening.")
    answer = chat.ask("Which day will I coach the under-12s?")
    assert "Thursday" in answer and "Mistake" not in answer


def test_it_answers_who_is_on_the_trip_after_one_drops_out_and_one_joins(chat):
    chat.tell("ok it's booked!! me, Selin and Baran to Lisbon for a week in June")
    chat.tell("sad news, Baran has to drop out, his exams got moved to that week")
    chat.tell("but Selin's brother Emre is joining us in Lisbon, he lives in Porto anyway")
    answer = chat.ask("Who is going to Lisbon with me?")
    assert "Selin" in answer and "Emre" in answer and "Baran" not in answer


def test_it_answers_who_is_staying_with_the_user_now(chat):
    chat.tell("Our niece Aroha drove up from Napier and is staying with us for a month.")
    chat.tell(
        "Aroha went back to Napier yesterday. My aunt Mere arrived from Gisborne with Hine, "
        "her friend, so they're both staying with us for now."
    )
    answer = chat.ask("Who is staying with me now?")
    assert "Mere" in answer and "Hine" in answer and "Aroha" not in answer


def test_it_leaves_out_those_the_question_names(chat):
    chat.tell("Tom and I booked Crete for May, with his sister Ana.")
    chat.tell(
        "Ana pulled out of Crete, her knee is bad. My cousin Luis said he would come instead."
    )
    answer = chat.ask("Who is coming to Crete apart from Tom and me?")
    assert "Luis" in answer and "Tom" not in answer and "Ana" not in answer


def test_a_party_told_as_we_are_is_the_party_now(chat):
    chat.tell("I sing in a band, The Wrens. Ola plays guitar, Kasia bass, Piotr drums.")
    chat.tell(
        "Piotr played his last gig with us on Friday. so we are three now: Ola, Kasia and me."
    )
    answer = chat.ask("Who is in The Wrens with me now?")
    assert "Ola" in answer and "Kasia" in answer and "Piotr" not in answer


def test_it_does_not_read_another_users_trip(chat, bob):
    Chat(bob).tell("me, Selin and Baran booked Lisbon for June")
    chat.tell("I booked Lisbon for June, on my own this time.")
    answer = chat.ask("Who is going to Lisbon with me?")
    assert "Selin" not in answer and "Baran" not in answer


def test_a_thing_said_to_be_done_tells_when_it_was_had(chat):
    chat.tell_on("2026-02-05", "ENT today: Finn needs grommets, Finn's waiting list is 10 weeks.")
    chat.tell_on("2026-04-15", "grommets done yesterday! he ate three ice lollies")
    answer = chat.ask_on("2026-05-01", "In which month did Finn get his grommets?")
    assert "April" in answer and "February" not in answer

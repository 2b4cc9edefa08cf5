"""Who holds a post in a group now and before ("the girls picked Folake" as captain), a
trade never told ("Lukas (my husband)" names no job), and a service switched to a company
asked as its provider. Real parse, real database; the sentences are written for these tests
and are in no eval set."""

import pytest

from tests.helpers import Chat

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_answers_the_captain_chosen_by_a_vote(chat):
    chat.tell("Our captain is Ngozi, she plays in defence.")
    chat.tell(
        "Ngozi moved to another club, so we voted for a new captain and the girls picked Folake."
    )
    now = chat.ask("Who is the captain now?")
    assert "Folake" in now and "Ngozi" not in now
    assert chat.ask("Who was captain before Folake?").startswith("Ngozi")


def test_a_post_to_come_is_taken_in_its_month(chat):
    chat.tell_on("2025-02-01", "The chair of our residents' committee is Haddad.")
    chat.tell_on("2025-02-10", "In June Haddad will hand over to Ines, she is very organised.")
    assert chat.ask_on("2025-03-01", "Who is the chair of the committee?").startswith("Haddad")
    later = chat.ask_on("2025-07-01", "Who is the chair of the committee now?")
    assert later.startswith("Ines")


def test_it_reads_a_post_taken_over_by_a_verb(chat):
    chat.tell("The coordinator at the food bank is Priti.")
    chat.tell("Priti is stepping down, she got a job in Leeds. Olek took over coordinating.")
    answer = chat.ask("Who coordinates the food bank now?")
    assert "Olek" in answer and "Priti" not in answer
    assert chat.ask("Who was the coordinator before Olek?").startswith("Priti")


def test_a_post_in_another_group_is_not_the_one_asked(chat):
    chat.tell("The chess club president is Ravi. Ravi asked Mei to run the junior program.")
    answer = chat.ask("Who is the president of the chess club now?")
    assert "Ravi" in answer and "Mei" not in answer


def test_the_user_may_hold_the_post(chat):
    chat.tell("Our team captain was Dineo until this season.")
    chat.tell("Dineo retired, and at the meeting they chose me as captain!")
    assert chat.ask("Who is the team captain now?").startswith("You")


def test_it_does_not_read_another_users_posts(chat, bob):
    Chat(bob).tell("Our captain is Zanele, she never misses training.")
    assert "Zanele" not in chat.ask("Who is the captain now?")


def test_a_relation_said_beside_a_name_is_no_trade(chat):
    chat.tell("Lukas (my husband) is obsessed with the new puppy, he carries her everywhere.")
    assert chat.ask("What does Lukas do for a living?") == "I don't know."


def test_being_a_good_son_is_no_trade(chat):
    chat.tell("My son Tavita sent money for his granny's operation, he is so good boy.")
    assert chat.ask("What does Tavita do for work in Auckland?") == "I don't know."


def test_being_a_student_does_not_say_what_is_studied(chat):
    chat.tell("Rangi is university student and he helps with the dog walks.")
    assert chat.ask("What is Rangi studying at university?") == "I don't know."


def test_a_switch_whose_company_parses_as_a_verb_names_the_company(chat):
    chat.tell("We had Fibrelink but it kept dropping.")
    chat.tell("Finally we switched internet to Skyline, 40 a month for 500mbps.")
    assert "Skyline" in chat.ask("Who is our internet provider now?")


def test_a_number_ported_is_the_phone_provider(chat):
    chat.tell("Ported my number to Voxi yesterday, took ten minutes.")
    assert "Voxi" in chat.ask("Who is my phone provider now?")


def test_it_says_no_when_someone_no_longer_holds_a_post(chat):
    chat.tell("Our tenants' association: the president is Mr. Odhiambo, very strict.")
    chat.tell("Elections done. Odhiambo did not stand again; Mrs. Wanjiru is our new president.")
    answer = chat.ask("Is Mr. Odhiambo still the association president?")
    assert answer.startswith("No") and "Wanjiru" in answer


def test_being_done_with_a_post_ends_it(chat):
    chat.tell("coach is teo. assistant is ben.")
    chat.tell("teo's done coaching, his knees. ben runs the practices now")
    assert chat.ask("is teo still our coach?").startswith("No")


def test_coming_off_a_medicine_ends_it(chat):
    chat.tell("The vet put our dog Mishka on gabapentin for her hips.")
    chat.tell("Vet says Mishka can come off the gabapentin, we're weaning her off this week.")
    assert chat.ask("Is Mishka still on gabapentin?").startswith("No")


def test_a_post_said_without_a_verb_names_its_new_holder(chat):
    chat.tell("The leader of our walking group is Marta.")
    chat.tell("Marta knee bad. Now Kowalczyk leader.")
    assert chat.ask("Who is the leader of the walking group now?").startswith("Kowalczyk")


def test_a_post_of_another_kind_is_not_the_one_asked(chat):
    chat.tell("My brother Tomek is a funeral director in Gdynia.")
    chat.tell("The director of our choir is Halina, she is strict but kind.")
    answer = chat.ask("Who is the director of the choir now?")
    assert "Halina" in answer and "Tomek" not in answer


def test_a_post_taken_from_a_month_to_come_is_not_held_yet(chat):
    chat.tell_on("2025-03-03", "The boss at the surveying firm is Arne.")
    chat.tell_on("2025-03-10", "Arne retires in June. His son Leif takes over as boss from July.")
    before = chat.ask_on("2025-04-01", "Who is the boss at the firm?")
    assert "Arne" in before and before.find("Leif") in (-1, *range(before.find("Arne"), 999))
    later = chat.ask_on("2025-07-15", "Who is the boss at the firm now?")
    assert "Leif" in later and "Arne" not in later


def test_a_holder_named_after_a_colon_takes_the_post(chat):
    chat.tell("Our coach is Darius, he is great with the kids.")
    chat.tell("Darius got a job in Vilnius, so we need a new coach.")
    chat.tell("New coach since Monday: Tomas Kairys. Very strict.")
    now = chat.ask("Who is the coach now?")
    assert "Tomas Kairys" in now and "Darius" not in now
    assert chat.ask("Who was coach before Tomas?").startswith("Darius")

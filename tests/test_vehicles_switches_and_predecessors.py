"""Vehicles had as a set, changes typed as arrows, a slot's verb and its noun ("majors in",
"my major"), names clipped to a first word, a home left by the first word of its name, and
what came before a name. Real parse, real database; the sentences are written for these
tests and are in no eval set."""

import pytest

from memory.nlp.parse import arrows_said
from tests.helpers import Chat

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_vehicles_had_are_those_got_less_those_gone(chat):
    chat.tell("We have a Fiat Ducato camper from 2004 and my husband Piet drives a Renault Clio.")
    chat.tell("We sold the camper to a couple from Ghent last week.")
    chat.tell("I bought a cargo bike for the school run, a Babboe.")
    chat.tell("Piet's nephew Joris came and took the Clio today, it's his now.")
    chat.tell("We bought a Kia Niro from a dealer in Leuven.")
    answer = chat.ask("What vehicles do we have now?")
    assert "Kia Niro" in answer and "Babboe" in answer  # the cargo bike
    assert "Ducato" not in answer and "Clio" not in answer


def test_cars_asked_are_not_the_bikes(chat):
    chat.tell("I own a Mazda 3 and I just bought an e-bike for commuting.")
    answer = chat.ask("Which cars do I own?")
    assert "Mazda" in answer and "bike" not in answer
    assert "bike" in chat.ask("Which bikes do I have?")


def test_a_thing_from_a_year_is_had_now_not_planned(chat):
    chat.tell("We have a Land Rover Defender from 1997, it never dies.")
    assert "Defender" in chat.ask("What vehicles do I have?")


def test_another_users_vehicles_are_not_listed(chat, bob):
    Chat(bob).tell("I bought a Volvo XC40 last month.")
    chat.tell("I bought a Honda Jazz last month.")
    answer = chat.ask("Which cars do I own?")
    assert "Jazz" in answer and "Volvo" not in answer


def test_an_arrow_between_two_values_is_a_change():
    assert arrows_said("changed jobs!! sales -> marketing. boss is nice") == (
        "changed jobs!! changed from sales to marketing. boss is nice"
    )
    assert arrows_said("we moved leeds -> york") == "we moved from leeds to york"
    route = "road trip: Oslo → Bergen → Ålesund"
    assert arrows_said(route) == route  # a route, not a change


def test_a_major_switched_by_an_arrow_is_the_major_now(chat):
    chat.tell("hi! im noor, second year, majoring in sociology")
    chat.tell("switched my major!! sociology -> economics. my advisor signed it off")
    answer = chat.ask("What am I majoring in now?")
    assert "economics" in answer and not answer.startswith("You major in sociology")


def test_a_workplace_clipped_to_its_first_word_is_left(chat):
    chat.tell("i work at sainsbury local by the station on saturdays")
    chat.tell("quit sainsburys. the rota was a joke. starting at the garden centre next week")
    assert chat.ask("Do I still work at Sainsbury Local?").startswith("No")
    answer = chat.ask("Where do I work?")
    assert "garden centre" in answer and "Sainsbury" not in answer


def test_a_home_left_by_the_first_word_of_its_name_ends(chat):
    chat.tell("I live in Carrow Hall with two guys from my course.")
    chat.tell("I have moved out of Carrow!! I got a studio in Eaton now.")
    answer = chat.ask("Where do I live now?")
    assert "Eaton" in answer and not answer.startswith("You live in Carrow")


def test_a_name_before_a_name_is_what_it_replaced(chat):
    chat.tell("My weekend team is Kingsbury Rovers, I play left back.")
    chat.tell("We lost the cup semi by 3 goals, my knee is killing me.")
    chat.tell("Big change: leaving Kingsbury Rovers for Harrow Athletic, they train on Tuesdays.")
    chat.tell("First game for Harrow Athletic today, we drew 1-1.")
    answer = chat.ask("Which team did I play for before Harrow Athletic?")
    assert "Kingsbury" in answer and "goals" not in answer


def test_a_count_said_by_the_verb_asked_is_the_count(chat):
    chat.tell("We lost the derby by 3 goals but I scored 2, first time all season.")
    assert chat.ask("How many goals did I score in the derby?") == "2."


def test_the_weekday_a_thing_happened_is_said_as_put_right(chat):
    chat.tell("twisted my wrist on weds at climbing. physio says rest for 2 wks")
    chat.tell("not weds, monday. it was the monday session")
    assert chat.ask("What day did I twist my wrist?") == "On Monday."


def test_it_is_one_value_not_another_puts_the_earlier_right(chat):
    chat.tell("Booked the ferry to Mull, 14 June, cabin 21.")
    chat.tell("I checked the email again, it is cabin 12 not 21.")
    answer = chat.ask("Which cabin am I in on the ferry?")
    assert "12" in answer and "21" not in answer


def test_a_role_asked_now_is_not_answered_by_any_sentence_saying_now(chat):
    chat.tell("I share a flat with Ama and Kojo, both from Kumasi.")
    chat.tell("Kojo moved out. New flatmate is Efua, she's a nurse.")
    chat.tell("My tandem partner Yaw has exams now, so no tandem this week.")
    answer = chat.ask("Who are my flatmates now?")
    assert "Efua" in answer and "Ama" in answer and "Yaw" not in answer


def test_a_things_model_year_is_not_when_it_was_bought(chat):
    chat.tell("bought a 2016 transit off a farmer near Ennis, needs a bit of work")
    assert "2016" not in chat.ask("When did I buy the van?")

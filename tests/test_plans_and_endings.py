"""A change told for a day to come is a plan until that day ("I'm head of maths from
October", "the course starts in February", "retiring in September", "got a job there,
starting 2 June"); an ending told in other words than a slot's ("no longer with the band",
"I think she's gone", "got rid of cable", "frost killed both plants", "he's gone back to
Hue") answers a "still" question with no. Real parse, real database, through the chat entry
point; the sentences are written for these tests and are in no eval set."""

from datetime import timedelta

import pytest

from memory.nlp.marks import ended_clauses

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("Bruno's no longer with the choir, he moved to Porto", "no longer with the choir"),
        ("I don't eat meat anymore", "don't eat meat anymore"),
        ("the hamster escaped last week. I think he's gone", "he's gone"),
        ("finally got rid of the landline", "got rid of the landline"),
        ("the storm killed my tomato plants", "killed my tomato plants"),
        ("Yusuf's gone back to Izmir", "gone back to Izmir"),
    ],
)
def test_it_finds_an_ending_told_in_other_words(text, clause):
    assert any(clause in said for said in ended_clauses(text))


@pytest.mark.parametrize(
    "text",
    [
        "she's gone to the bakery for bread",  # out, not gone for good
        "no more than ten people came",
        "more coffee, please",
    ],
)
def test_an_errand_or_a_quantity_is_no_ending(text):
    assert ended_clauses(text) == []


def test_a_role_from_a_month_to_come_is_not_held_before_it(chat):
    chat.tell("big news: I'm head of science from September!")
    assert chat.ask("Am I head of science?").startswith("No, not yet")
    chat.now += timedelta(days=200)
    assert chat.ask("Am I head of science?").startswith("Yes")


def test_a_course_that_starts_later_has_not_started(chat):
    chat.tell("got into the sign language course at the college! the course starts in May")
    assert chat.ask("Have I started the sign language course?").startswith("No, not yet")


def test_a_planned_retirement_leaves_the_job_held_until_then(chat):
    chat.tell("my uncle Tomás is a pilot with Iberia, retiring in November.")
    assert chat.ask("Is my uncle retired?").startswith("No, not yet")
    assert chat.ask("Does my uncle work for Iberia?").startswith("Yes")


def test_a_job_starting_on_a_day_to_come_is_a_plan_until_then(chat):
    chat.tell("got a job at Vodafone, starting 2 June")
    assert "going to" in chat.ask("Where do I work now?")
    chat.now += timedelta(days=120)
    assert chat.ask("Where do I work now?") == "You work at Vodafone."


def test_a_weekday_span_is_a_habit_not_a_plan_or_an_old_value(chat):
    chat.tell("I work at the garden centre from Monday to Friday")
    assert chat.ask("Where do I work?") == "You work at garden centre."
    assert not any(obj == "Monday" for _, _, obj in chat.facts(true=False))


def test_someone_no_longer_in_a_group_is_not_still_in_it(chat):
    chat.tell("I sing in a choir with Bruno and Inês, Tuesdays at the parish hall")
    chat.tell("Bruno's no longer with the choir, he moved to Porto for work")
    assert chat.ask("Is Bruno still in the choir?").startswith("No")


def test_a_pet_told_gone_with_a_pronoun_is_not_still_had(chat):
    chat.tell("we have a hamster called Biscoito")
    chat.tell("biscoito escaped from his cage a week ago and never came back. I think he's gone")
    assert chat.ask("Do we still have Biscoito?").startswith("No")


def test_someone_gone_back_home_no_longer_lives_with_us(chat):
    chat.tell("my nephew Yusuf moved in with us for the summer")
    chat.tell("Yusuf's gone back to Izmir, the house is so quiet")
    assert chat.ask("Does Yusuf still live with us?").startswith("No")


def test_a_service_got_rid_of_is_not_still_had(chat):
    chat.tell("we pay for a landline we never use")
    chat.tell("finally got rid of the landline, 30 euros a month for nothing")
    assert chat.ask("Do we still have the landline?").startswith("No")


def test_a_thing_moved_is_where_it_was_moved_not_the_mover(chat):
    chat.tell("we moved the workshop from Alcântara to Marvila last month")
    assert ("workshop", "be_in", "Marvila") in chat.facts()
    assert not any(rel == "lives_in" for _, rel, _ in chat.facts())


def test_a_thing_to_be_moved_stays_where_it_is_until_its_day(chat):
    chat.tell("I run a little bakery in Baixa")
    chat.tell("we're moving the bakery from Baixa to Rua Augusta in August, the rent doubled")
    assert "Baixa" in chat.ask("Where is my bakery?")
    chat.now += timedelta(days=200)
    assert "Rua Augusta" in chat.ask("Where is my bakery now?")


def test_a_move_to_come_gives_up_nothing_yet(chat):
    chat.tell("I play for Leixões. I'm transferring from Leixões to Boavista next month")
    assert ("alice", "member_of", "Leixões") in chat.facts()  # still, until then


def test_my_thing_is_where_it_was_last_said_to_be_and_a_move_counts_from_its_day(chat):
    chat.tell("I run a small bike repair shop in Arroios")
    chat.tell("moving the shop from Arroios to Penha de França next month, the rent doubled")
    before = chat.ask("Where is my shop?")
    assert before.startswith("Your shop is in Arroios") and "Penha de França" in before
    chat.now += timedelta(days=90)
    assert chat.ask("Where is my shop now?") == "Your shop is in Penha de França."


def test_what_something_was_swapped_for_is_what_is_had_now(chat):
    chat.tell("I drive a 2009 Skoda Octavia")
    chat.tell("swapped the skoda for a little electric Renault Zoe for the city")
    answer = chat.ask("What car do I drive now?")
    assert "Zoe" in answer and "Skoda" not in answer.title()


@pytest.mark.parametrize(
    "text", ["home is Matosinhos now, boxes everywhere", "Matosinhos is home now"]
)
def test_home_said_of_a_place_is_where_i_live(chat, text):
    chat.tell("I live in Ermesinde")
    chat.tell(text)
    assert chat.ask("Where do I live now?") == "You live in Matosinhos."


def test_someone_moving_out_later_still_lives_here_until_then(chat):
    chat.tell("I share a flat in Arroios with my friend Beatriz")
    chat.tell("beatriz is moving out at the end of June, she got a job in Braga")
    assert chat.ask("Does Beatriz still live with me?").startswith("Yes")
    chat.now += timedelta(days=200)
    assert chat.ask("Does Beatriz still live with me?").startswith("No")


def test_which_of_a_group_asks_who_of_them(chat):
    chat.tell(
        "my bosses are Marta Leal and Rui Sousa. she answers emails at midnight, he never does"
    )
    assert "Marta" in chat.ask("Which of my bosses answers emails at midnight?")


def test_an_age_said_of_someone_else_is_not_theirs(chat):
    chat.tell("my neighbour Ilídio says no more parties on the terrace")
    chat.tell("our cat Miau died last night, very old already, 17")
    assert chat.ask("How old is Ilídio?") == "I don't know."

"""Sentences whose grammar says they tell the past ("used to", "back when", "before that",
"till 2015", "my old car", "since the mill closed") or what holds now in place of something
else ("now", "instead", "from Monday", "switched to", "the new one"). Asked about the past or
about now, such a sentence answers where no slot reading caught the change. Real parse, real
database, through the chat entry point; the sentences are written for these tests and are in
no eval set."""

import pytest

from memory.nlp.marks import new_clauses, past_clauses


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("before that I taught maths in Leiria for ten years", "taught maths in Leiria"),
        ("back when I was at the post office I walked everywhere", "at the post office"),
        ("we lived in Aveiro till 2015, then came south", "lived in Aveiro till 2015"),
        ("my old car was a battered Fiat Punto", "old car was a battered Fiat Punto"),
        ("he drives for Uber since the mill closed", "since the mill closed"),
        ("used to sing in a choir in Braga", "used to sing in a choir in Braga"),
    ],
)
def test_it_finds_the_clause_said_of_the_past(text, clause):
    assert any(clause in said for said in past_clauses(text))


@pytest.mark.parametrize(
    "text",
    [
        "I live in Faro.",
        "The café is closed on Mondays.",  # a state now, not an ending
        "I'll ring you before the game.",  # "before" what comes next
        "she came back yesterday",  # not "back when"
    ],
)
def test_present_and_future_sentences_are_not_past(text):
    assert past_clauses(text) == []


def test_the_past_clause_leaves_out_what_holds_now():
    clauses = past_clauses("the choir is called Vozes now, someone said the old name was awful")
    assert any("old name" in clause for clause in clauses)
    assert not any("Vozes" in clause for clause in clauses)


@pytest.mark.parametrize(
    ("text", "clause"),
    [
        ("she gave up nursing, she paints murals now", "she paints murals now"),
        ("hurt my knee, took up swimming instead", "took up swimming instead"),
        ("they put me on the night desk from today", "night desk"),
        ("the hearing got moved back to June", "moved back to June"),
        ("switched to the early bus last week", "switched to the early bus"),
    ],
)
def test_it_finds_the_clause_said_of_a_new_state(text, clause):
    assert any(clause in said for said in new_clauses(text))


def test_a_job_given_up_answers_what_came_before(chat):
    chat.tell("I'm a carpenter in Tavira, mostly boats.", "Before that I was a postman in Olhão.")
    reply = chat.ask("What did I do before carpentry?")
    assert "postman" in reply and "carpenter" not in reply


def test_someone_elses_ended_job_answers_where_they_worked(chat):
    chat.tell("My brother Rui is a cook in Lagos.")
    chat.tell("Rui drives a taxi now since the restaurant in Portimão closed.")
    reply = chat.ask("Where did Rui work before?")
    assert "restaurant" in reply


def test_a_home_with_its_end_year_is_where_the_user_lived(chat):
    chat.tell("we lived in Setúbal till 2019, then moved to Évora for the kids' school")
    reply = chat.ask("Where did we live before Évora?")
    assert "Setúbal" in reply


def test_a_change_said_with_now_answers_what_holds_now(chat):
    chat.tell("My friend Inês works as a pharmacist in Coimbra.")
    chat.tell("Went for a walk by the river, lovely day.")
    chat.tell("Inês left the pharmacy, she teaches yoga in the old town now.")
    reply = chat.ask("What does Inês do now?")
    assert "yoga" in reply and "pharmacist" not in reply


def test_an_older_now_is_overtaken_by_a_later_change(chat):
    chat.tell("I'm doing night shifts now at the depot.")
    chat.tell("They moved me to day shifts this week, finally.")
    reply = chat.ask("What shifts do I work now?")
    assert "day shift" in reply and "night" not in reply


def test_a_slot_that_agrees_keeps_its_own_words(chat):
    chat.tell("Our singer is Marta.", "Marta quit, her cousin Joana is our new singer.")
    assert chat.ask("Who is our singer now?") == "Your singer is Joana."


def test_nothing_related_and_marked_means_no_answer_from_it(chat):
    chat.tell("I used to play the trumpet in a brass band.")
    assert chat.ask("Where did my sister live before?") == "I don't know."


def test_a_marker_in_a_sentence_without_a_verb_is_read():
    # climbing from "old" reaches a root that is a noun: the climb must stop there
    assert past_clauses("my old bike, a rusty Gazelle!") == ["my old bike, a rusty Gazelle"]


def test_an_ending_told_in_any_words_answers_still_with_no(chat):
    chat.tell("I'm on a sugar-free diet since January.")
    chat.tell("the sugar-free diet is over for me, birthday cake won")
    assert chat.ask("Am I still on the sugar-free diet?").startswith("No")


def test_a_plan_that_fell_through_answers_no(chat):
    chat.tell("We booked a cabin in Gerês for the first week of May.")
    chat.tell("the Gerês cabin fell through, the owner double-booked it")
    assert chat.ask("Are we going to Gerês in May?").startswith("No")


def test_someone_elses_ending_answers_no(chat):
    chat.tell("My neighbour Carla sings in the church choir.")
    chat.tell("Carla quit the church choir, she says the new conductor is a tyrant.")
    assert chat.ask("Does Carla still sing in the choir?").startswith("No")


def test_something_taken_up_again_is_still_done(chat):
    chat.tell("I used to play the cello badly, now I play the cello in an orchestra.")
    assert chat.ask("Do I still play the cello?").startswith("Yes")


def test_last_night_is_a_time_not_an_ending(chat):
    chat.tell("My brother works at the harbour office.")
    chat.tell("My brother's birthday dinner was last night, lovely.")
    assert chat.ask("Does my brother still work at the harbour office?").startswith("Yes")


def test_what_came_before_the_first_thing_told_is_answered_not_crashed(chat):
    # the order-of-events reader once lost its own helper to a variable of the same name
    chat.tell("my supervisor is Prof. Lima, he never answers emails")
    chat.tell("Lima is moving to Brazil, so Dr. Sousa will be my supervisor from January")
    chat.tell("first meeting with Sousa today, she wants weekly updates")
    reply = chat.ask("Who supervised me before Sousa?")
    assert "Lima" in reply and reply.index("Lima") < reply.index("Sousa")

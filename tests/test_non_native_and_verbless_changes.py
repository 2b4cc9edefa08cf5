"""Changes told the way people type them: a present tense for a past ("we sell the car
finally"), a name said again as "she", "it" for the thing swapped, "no longer a smoker" with
no verb. Real parse, real database; the sentences are written for these tests and are in no
eval set."""

import pytest

from tests.helpers import said as told

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_present_tense_with_finally_sells_the_thing(db):
    assert ("me", "", "Renault", True) in told("We sell the Renault finally, now we have a Kia")


def test_a_present_tense_of_things_in_general_is_a_trade(db):
    assert not any(negated for *_rest, negated in told("I sell cakes at the market"))


def test_a_name_said_again_as_she_is_who_the_clause_is_about(db):
    facts = told("Oanh she don't live with us anymore, she rent a room near the port")
    assert ("Oanh", "live_with", "me", True) in facts, facts


def test_it_swapped_for_something_is_the_thing_named_before(db):
    facts = told("the commute on the Vespa was killing me so i swapped it for a Yamaha NMAX")
    assert ("me", "", "Vespa", True) in facts, facts
    assert ("me", "has", "NMAX", False) in facts or ("me", "has", "Yamaha NMAX", False) in facts


@pytest.mark.parametrize(
    "text", ["no longer a smoker, officially.", "two months clean 💪 no longer a smoker"]
)
def test_no_longer_something_without_a_verb_is_said_of_the_speaker(text):
    assert ("me", "is", "a smoker", True) in told(text)


def test_what_one_sold_is_no_longer_had(chat):
    chat.tell("My car is a Renault Clio, my wife she use it more than me")
    chat.tell("We sell the Renault finally. Now we have a Kia Picanto")
    assert chat.ask("Do we still have the Renault?").startswith("No")


def test_someone_who_no_longer_lives_with_us_does_not(chat):
    chat.tell("my husband's sister Oanh lives with us, she studies nursing")
    chat.tell("Oanh she don't live with us anymore, she rent a room near the port")
    assert chat.ask("Does Oanh still live with us?").startswith("No")


def test_what_is_said_of_my_mother_is_said_of_her_by_name(chat):
    chat.tell("My mother Ilse is 79 and still sharp")
    chat.tell("my mother doesn't drive anymore, her eyes")
    assert chat.ask("Does Ilse still drive?").startswith("No")


def test_a_role_two_people_hold_is_not_filed_under_either(chat):
    chat.tell("My sister is Wiebke. My other sister is Frauke.")
    chat.tell("my sister moved to Kiel last week")
    assert "Kiel" not in chat.ask("Where does Frauke live?")


def test_a_counted_group_someone_else_has_is_theirs(db):
    facts = told("My aunt Bożena is 70. She has two budgies, Kiki and Lolek")
    assert ("Bożena", "role:budgie", "Kiki", False) in facts, facts
    assert not any(s == "me" and r.startswith("role:budgie") for s, r, _o, _n in facts), facts


def test_which_animals_someone_has_got_lists_those_left(chat):
    chat.tell("My aunt Bożena is 70. She has two budgies, Kiki and Lolek")
    chat.tell("my aunt she has a cat now too, she calls him Felek")
    chat.tell("Sad news, Lolek the budgie died on Sunday")
    said = chat.ask("Which animals has my aunt got now?")
    assert "Kiki" in said and "Felek" in said and "Lolek" not in said, said

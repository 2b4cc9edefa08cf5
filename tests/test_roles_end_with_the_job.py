"""A role someone holds for the user ends when they stop doing it or lose the job it is held
by; a family role does not. Real parse, real database; the sentences are written for these
tests and are in no eval set."""

import pytest

from tests.helpers import said

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    "text", ["Dieter's done coaching. his knees", "Dieter is done coaching, he says"]
)
def test_being_done_doing_something_is_having_stopped_it(text):
    told = said(text)
    assert ("Dieter", "coach", "", True) in told, told


def test_a_coach_who_is_done_coaching_is_no_longer_the_coach(chat):
    chat.tell("our coach is Dieter, the assistant is Paul")
    chat.tell("dieter's done coaching. his knees. paul's running practice now")
    assert chat.ask("Is Dieter still our coach?").startswith("No")


def test_a_manager_who_got_let_go_is_no_longer_the_manager(chat):
    chat.tell("my manager is Sigrun, she's been there forever")
    chat.tell("Sigrun got let go on monday, nobody saw it coming")
    assert chat.ask("Is Sigrun still my manager?").startswith("No")


def test_a_brother_who_lost_his_job_is_still_a_brother(chat):
    chat.tell("my brother is Anders, he drives for a haulage firm")
    chat.tell("Anders got laid off on monday")
    assert chat.ask("Who is my brother?").startswith("Your brother is Anders")

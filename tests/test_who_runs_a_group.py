""" "Who runs the choir now?" answered by the group's leading role (director, chair, coach)
where no one was said to "run" it, the role said beside the group asked about first. Real
parse, real database; the sentences are written for these tests and are in no eval set."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_answers_who_runs_a_group_by_its_new_director(chat):
    chat.tell("I sing in the Holy Cross choir. Brigid runs it.")
    chat.tell("Brigid stepped down as director, the new director is Tomasz.")
    answer = chat.ask("Who runs the choir now?")
    assert "Tomasz" in answer and "Brigid" not in answer


def test_it_answers_by_the_role_said_beside_the_group_asked(chat):
    chat.tell("I sing in the Holy Cross choir. The new director is Tomasz.")
    chat.tell("Our allotment committee: Femi is chair, Ruth is treasurer.")
    assert "Femi" in chat.ask("Who runs the committee?")
    assert "Tomasz" in chat.ask("Who runs the choir now?")


def test_it_keeps_a_runner_said_with_the_verb(chat):
    chat.tell("Our new director is Tomasz.")
    chat.tell("Ines runs the book club.")
    assert "Ines" in chat.ask("Who runs the book club?")

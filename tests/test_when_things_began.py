"""When something began or came: the sentence that names all of it, not one that shares a
word and says "since"; the day a thing was had, not the day it was wished for. Real parse,
real database; the sentences are written for these tests and are in no eval set."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_start_is_dated_by_the_sentence_naming_the_whole_place(chat):
    chat.tell_on("2025-01-10", "I'm a nurse at the Linden clinic, where I have worked since 2018.")
    chat.tell_on(
        "2025-03-02", "Leaving Linden! From the first of May I will be working in the city clinic."
    )
    chat.tell_on("2025-05-20", "Three weeks at the city clinic now, calmer than I feared.")
    assert "May" in chat.ask("When did I start at the city clinic?")


def test_when_a_pet_came_is_not_when_it_was_wished_for(chat):
    chat.tell_on("2025-02-03", "My son wants a rabbit, I said maybe later.")
    chat.tell_on("2025-06-14", "ok he won, now we have a rabbit, Bolo, grey with one floppy ear.")
    assert "June" in chat.ask("When did the rabbit arrive?")

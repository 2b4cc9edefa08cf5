"""How people open a chat ("hey. paramedic in kampala"), what does not answer "what does X
do?", and a statement said in words close to the question when no slot decides. Real parse,
real database, through the chat entry point; the sentences are not in any eval set."""

import pytest

from memory.nlp.intro import said_of_self


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("hey there. nurse at the children's hospital in Gent.", "I'm a nurse at"),
        ("hello! 52, electrician in Tallinn, mostly houses", "I'm an electrician in Tallinn"),
        ("morning. translator for a film studio, remote", "I'm a translator for"),
        # an article, and another clause after the comma, still leave a self-description
        ("good evening! i'm Tsholo, a florist in Soweto, i sell at markets", "I'm a florist in"),
        ("hi~ sound engineer in Lagos, mostly gospel", "I'm a sound engineer in Lagos"),
        ("hey, orla, kiwi expat living in Porto, Bonfim", "I'm a kiwi expat living in Porto"),
    ],
)
def test_a_verbless_self_description_is_read_as_the_users(text, said):
    assert said in said_of_self(text)


@pytest.mark.parametrize(
    "text",
    [
        "snow day at the school!",
        "dinner at my mum's tonight",
        "my sister? nurse at St James",
        "the nurse at the clinic was lovely",
        "Tom at work is annoying",
    ],
)
def test_a_fragment_about_something_else_is_left_as_said(text):
    assert said_of_self(text) == text


def test_it_answers_where_the_user_works_from_a_verbless_intro(chat):
    chat.tell("hi! welder at a shipyard in Szczecin, mostly night shifts these days")
    assert "shipyard" in chat.ask("where do I work?")


def test_it_does_not_know_the_job_of_someone_only_mentioned(chat):
    chat.tell(
        "my friend Bogdan came over for dinner and we watched the match",
        "my neighbour Ilse is a retired pharmacist",
    )
    assert chat.ask("what does Bogdan do for a living?") == "I don't know."
    assert "pharmacist" in chat.ask("what does Ilse do?")


def test_a_close_statement_answers_what_no_slot_decided(chat):
    chat.tell("Jonah and I are thinking of moving to Tasmania next winter, somewhere quiet")
    assert "Tasmania" in chat.ask("where are we thinking of moving?")


@pytest.mark.parametrize(
    "text",
    ["Sven likes playing chess on Sundays.", "Uma enjoys hiking in the mountains."],
)
def test_a_sentence_with_its_own_verb_is_not_an_introduction(text):
    assert said_of_self(text) == text


def test_an_intro_says_where_the_user_lives(chat):
    chat.tell("good evening! i'm Tsholo, a florist in Soweto, i sell at markets on weekends")
    assert "Soweto" in chat.ask("Which city do I live in?")


def test_living_or_based_somewhere_is_where_one_lives(chat):
    chat.tell("hi, I'm an irish guy living in Lyon, teaching english to engineers")
    assert (chat.user.username, "lives_in", "Lyon") in chat.facts()
    chat.tell("my sister Aoife is a nurse based in Galway")
    assert ("Aoife", "lives_in", "Galway") in chat.facts()


def test_a_place_in_a_job_the_tagger_broke_up_is_still_where_one_lives(chat):
    chat.tell("olá, nuno. whale watching guide in Ponta Delgada, i speak four languages")
    assert (chat.user.username, "lives_in", "Ponta Delgada") in chat.facts()

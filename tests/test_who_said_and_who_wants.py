"""Who said, told or wants something, when the sentence says "she" or "he" after naming two
people. Real parse, real database; the sentences are written for these tests and are in no
eval set."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_who_said_something_names_the_person_she_stands_for(chat):
    chat.tell(
        "Priya and Tomasz (my two leads) reviewed my code today, "
        "she said my code was the cleanest in the team"
    )
    assert chat.ask("Who said my code was the cleanest?").startswith("Priya")


def test_who_wants_something_names_him_of_two_people_in_one_sentence(chat):
    chat.tell(
        "Marta and Olek argued all night, she wants to sell the cabin, "
        "he wants to keep renting the cabin out to tourists"
    )
    assert chat.ask("Who wants to keep renting out the cabin?").startswith("Olek")
    assert chat.ask("Who wants to sell the cabin?").startswith("Marta")


def test_who_told_someone_something_is_read_from_a_pronoun_named_before(chat):
    chat.tell("my neighbour Gwen is 91 and still gardens every day")
    chat.tell("she told my son that she would teach him to prune the roses")
    assert chat.ask("Who said they would teach my son to prune roses?").startswith("Gwen")


def test_who_said_is_i_dont_know_when_no_one_said_it(chat):
    chat.tell("Priya and Tomasz reviewed my code today, she said my code was the cleanest")
    assert "don't know" in chat.ask("Who said my flat was the cleanest?")


@pytest.mark.parametrize(
    ("told", "question"),
    [
        (
            "my flatmate Tomos and his brother Idris came over, he's just started at the bank",
            "What does Tomos do for work?",
        ),
        ("Linh still rides her yamaha everywhere, even in the rain", "What does Linh do for work?"),
        ("Juho's mother gave me a pot of mint for the balcony", "What does Juho do for a living?"),
        ("Gustavo was crying all the time at the graduation", "What does Gustavo do for work?"),
    ],
)
def test_a_job_no_sentence_tells_is_not_known(chat, told, question):
    chat.tell(told)
    assert chat.ask(question) == "I don't know."


def test_a_job_told_of_the_person_named_last_is_still_theirs(chat):
    chat.tell("my flatmate Tomos and his brother Idris came over, he's just started at the bank")
    assert "bank" in chat.ask("Where does Idris work?")


def test_what_someone_studies_is_not_known_from_anothers_studies(chat):
    chat.tell("my cousin Bao stays with us now, he studies welding, he sleeps in Mai's old room")
    assert chat.ask("What is Mai studying?") == "I don't know."


def test_what_someone_studies_is_read_from_a_sentence_about_them(chat):
    chat.tell("my niece Roisin just started at uni, she's doing law")
    assert "law" in chat.ask("What is Roisin studying?")


def test_where_someone_is_from_is_not_a_place_they_work_on(chat):
    chat.tell("Tariq's first week done. quiet guy, good on the crane")
    assert chat.ask("Where is Tariq from?") == "I don't know."


def test_where_someone_is_from_is_not_where_another_went(chat):
    chat.tell("Ivar transferred to the Tromsø depot. replacement is Tariq, starts 3 march")
    assert chat.ask("Where's Tariq from?") == "I don't know."


def test_where_someone_is_from_is_read_when_told(chat):
    chat.tell("Kari and Jonas are together. she's from Tromsø, he's from Bergen")
    assert "Bergen" in chat.ask("Where's Jonas from?")


def test_where_someone_is_from_may_be_said_in_a_sentence_naming_them(chat):
    chat.tell("Rhian's parents are coming to stay in may, from Aberaeron. her dad's had a knee op")
    assert "Aberaeron" in chat.ask("Where are Rhian's parents from?")


def test_a_from_said_of_someone_else_in_the_message_says_nothing(chat):
    chat.tell("supervisor is Cláudia, she's from Blumenau. her boss Otto never smiles")
    assert chat.ask("Where is Otto from?") == "I don't know."

"""Things sold, stolen or scrapped said in the passive or as chat's headline ("The Peugeot is
sold", "xbox sold."), a sale still under way, someone's own house in a place as where they
live, "lives and works in", the value had before X rather than the word for its kind, and a
job asked where nothing says one. Real parse, real database; the sentences are written for
these tests and are in no eval set."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    "had, parted, asked",
    [
        ("I have an old Peugeot 206.", "The Peugeot is sold, to a student from Lyon.", "Peugeot"),
        ("I have an Xbox and a bike.", "xbox sold. switch now", "Xbox"),
        ("My car is a Corolla.", "Corolla sold to a neighbour for 3k", "Corolla"),
        ("I ride a Brompton to work.", "my Brompton got stolen outside the library", "Brompton"),
    ],
)
def test_a_thing_sold_or_stolen_in_the_passive_is_no_longer_had(chat, had, parted, asked):
    chat.tell(had)
    assert chat.ask(f"Do I still have the {asked}?").startswith("Yes")
    chat.tell(parted)
    assert chat.ask(f"Do I still have the {asked}?").startswith("No")


def test_a_thing_being_sold_is_still_had(chat):
    chat.tell("We have a campervan, a 2011 Hymer.")
    chat.tell("We are buying a flat and selling the campervan.")
    assert chat.ask("Do we still have the campervan?").startswith("Yes")
    chat.tell("The campervan is sold to a couple from Utrecht.")
    assert chat.ask("Do we still have the campervan?").startswith("No")


def test_someones_own_house_in_a_town_is_where_they_live_until_they_move(chat):
    chat.tell(
        "My brother Tomas and his wife Ilse are selling their house in Deventer and want "
        "to move to Zwolle next year."
    )
    answer = chat.ask("Where does Tomas live?")
    assert answer.index("Deventer") < answer.index("Zwolle")
    assert "Deventer" in chat.ask("Where does Ilse live?")


def test_an_old_home_is_not_where_one_lives(chat):
    chat.tell("Our old flat in Haarlem had mould everywhere.")
    assert "Haarlem" not in chat.ask("Where do I live?")


def test_lives_and_works_in_says_where_one_lives(chat):
    chat.tell("My cousin Beatriz lives and works in Evora.")
    assert "Evora" in chat.ask("Where does Beatriz live?")


def test_the_value_had_before_is_named_not_the_word_for_its_kind(chat):
    chat.tell("my moped is a 2015 Vespa, red")
    chat.tell("bought a Piaggio Liberty last week")
    chat.tell("Vespa sold to my nephew")
    answer = chat.ask("Which moped did I have before the Liberty?")
    assert "Vespa" in answer and "moped" not in answer.lower()


@pytest.mark.parametrize(
    "told",
    [
        "My neighbour Ilona is fine after the fall.",
        "My friend Ilona lives in Gdynia with her boyfriend.",
    ],
)
def test_a_job_is_not_read_into_what_says_none(chat, told):
    chat.tell(told)
    assert "don't know" in chat.ask("What does Ilona do for a living?")


def test_a_job_told_is_still_the_answer(chat):
    chat.tell("My friend Oskar lives in Gdynia with his girlfriend. He is a crane operator.")
    assert "crane operator" in chat.ask("What does Oskar do for a living?")


def test_a_thing_stolen_before_the_new_one_came_is_what_was_had_before(chat):
    chat.tell("I live in Ghent and ride a Vespa to work.")
    chat.tell("my vespa got nicked outside the gym. police say wait")
    chat.tell("gave up on the vespa. bought a Honda PCX from my cousin")
    answer = chat.ask("What scooter did I have before the Honda?").lower()
    assert "vespa" in answer and "ghent" not in answer


def test_selling_ones_home_is_no_trade(chat):
    chat.tell("My aunt Greta is selling her flat in Bruges and moving in with us.")
    assert "don't know" in chat.ask("What does Greta do for work?")


def test_a_job_said_with_its_article_is_a_job_whatever_the_model_thinks(chat):
    chat.tell("My stepmother Alina came to my match. She's a notary and my dad fixes lifts.")
    assert "notary" in chat.ask("What does Alina do?")


def test_riding_is_no_loss(chat):
    # (the lemmatiser reads "riding" as "rid", as in "got rid of")
    chat.tell("my brother Kato visited on sunday. he's riding a boda now since the brewery closed.")
    assert "boda" in chat.ask("What does Kato do now?").lower()


def test_a_thing_bought_after_the_last_one_died_takes_its_place(chat):
    chat.tell("my phone is a Moto G54")
    chat.tell("the g54 finally died so i bought a refurb Pixel 7 from a guy at work")
    answer = chat.ask("what phone have i got now?")
    assert answer.index("Pixel") < answer.index("G54")


def test_where_one_moved_to_is_the_home_not_a_name_the_tagger_hung_on_the_verb(chat):
    chat.tell("Our neighbour's girl Kirra lives with her mum in Dubbo.")
    chat.tell("And Kirra's moved to Bathurst, loves it, rang Jo once in three weeks")
    answer = chat.ask("Where's Kirra living now?")
    assert answer.startswith("Kirra lives in Bathurst")


def test_a_house_moved_to_is_not_where_one_lives_yet(chat):
    chat.tell("My father lives with us in Gdynia since the winter.")
    chat.tell("my dad's moving back to his flat in Elblag in the spring, says we're too loud")
    assert chat.ask("Does my dad live with us?").startswith("Yes")

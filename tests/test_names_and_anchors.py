"""Chat typed in lower case, the user's own name and age, jobs said with "as", and "what
came before X". Real parse, real database, through the chat entry point; the sentences are
written for these tests and are in no eval set."""

import pytest

from memory.models import Fact, Operation
from memory.nlp.casing import truecased
from memory.nlp.intro import said_of_self


@pytest.mark.parametrize(
    ("text", "cased"),
    [
        ("my husband karim runs a stall", "my husband Karim runs a stall"),
        ("i'm off to see ingvild", "I'm off to see Ingvild"),
        ("i will mark the rose", "I will mark the rose"),  # names that are English words
    ],
)
def test_it_capitalises_names_and_i_and_nothing_else(text, cased):
    assert truecased(text) == cased
    assert len(truecased(text)) == len(text)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("morning! riley here, paramedic with EHS in halifax", "I'm Riley."),
        ("jambo! kai, 29, from gothenburg.", "I'm Kai, 29"),
        ("hey. casey. 42. head brewer at a brewery in asheville", "I'm 42."),
    ],
)
def test_an_opening_name_is_read_as_the_users_own(text, said):
    assert said in said_of_self(text)


@pytest.mark.parametrize(
    "text", ["Ana, can you help me?", "Tom, 34, is my brother", "hi! paris was lovely"]
)
def test_a_name_spoken_to_or_about_is_not_the_users(text):
    assert "I'm" not in said_of_self(text)


def test_a_lower_case_name_fills_its_role(chat):
    chat.tell("my wife ingvild runs a bakery in the old town")
    assert chat.ask("who is my wife?") == "Your wife is Ingvild."


def test_running_a_business_loses_nothing(chat):
    chat.tell("We have a dog named Pip.", "my husband Karim runs a spice stall in the souk")
    assert chat.ask("Do we still have Pip?").startswith("Yes")


def test_the_users_own_name_and_age_are_the_users(chat):
    chat.tell("hi! I'm Callum, 34, I live in Battery Point in Hobart")
    chat.tell("Callum is 35 today, feeling old")
    assert chat.ask("how old am I?") == "You are 35."
    reply = chat.ask("what's my name?")
    assert "Callum" in reply and "35" not in reply


def test_a_job_said_with_as_is_what_they_do(chat):
    chat.tell("I work as a radiographer at the Royal Infirmary")
    assert "radiographer" in chat.ask("what do I do for work?")
    chat.tell("my brother Ruslan lost his job at the bank. he's freelancing as a bookkeeper")
    assert "bookkeeper" in chat.ask("what does Ruslan do now?")


def test_handing_in_notice_ends_the_job(chat):
    chat.tell("I work at Harbour Ferries.", "handed in my notice at Harbour Ferries today!!")
    assert chat.ask("Do I still work at Harbour Ferries?").startswith("No")


def test_a_place_moved_out_of_is_what_came_before(chat):
    chat.tell("I moved out of Kalamaja, into a wooden house in Nõmme with my boyfriend")
    assert chat.ask("where did I live before Nõmme?") == "It was Kalamaja before Nõmme."


def test_a_place_moved_from_is_the_earlier_home(chat):
    chat.tell("salut, camille, neonatal nurse at the CHU in nantes. moved here from rennes")
    assert "rennes" in chat.ask("Where did I live before Nantes?").lower()


def test_from_a_to_b_says_what_came_before_b(chat):
    chat.tell("changing my major from law to geography!! law was killing me")
    answer = chat.ask("what did I study before geography?")
    assert answer == "Your major was law before geography."


def test_a_number_after_a_name_is_their_age(chat):
    chat.tell("We have two kids, Tomasz who's 9 and Zofia who's 5")
    assert chat.ask("how old is Zofia?") == "Zofia is 5."


def test_a_job_got_at_a_named_place_is_where_they_work(chat):
    chat.tell("I'm leaving Boots. got a job in the pharmacy at the Western General")
    assert chat.ask("Where do I work now?") == "You work at Western General."


def test_moving_out_of_one_place_into_another_moves_home(chat):
    chat.tell("we moved out of our flat in Leith into a house in Portobello")
    assert chat.ask("where do we live?") == "You live in Portobello."


def test_my_job_is_what_i_work_as_and_a_trait_is_no_job(chat):
    chat.tell("I work as a sound engineer.", "my neighbour Hugo is Dutch")
    assert "sound engineer" in chat.ask("what's my job?")
    assert chat.ask("what's Hugo's job?") == "I don't know."


def test_a_swap_of_two_jobs_retracts_both_wrong_ones(chat):
    chat.tell("my girlfriend Oihane is a nurse and her brother Iker is a chef")
    chat.tell("wait no, Iker's the nurse and Oihane's the chef. I always mix them up")
    assert "chef" in chat.ask("What does Oihane do?")
    assert "nurse" in chat.ask("What does Iker do?")
    wrong = Fact.objects.get(user=chat.user, subject="Oihane", object="a nurse")
    assert wrong.history.last().operation == Operation.RETRACT


def test_a_correction_of_a_day_said_only_in_the_sentence_replaces_it(chat):
    chat.tell("also started pottery lessons on tuesday evenings, my friend got me into it")
    chat.tell("*wednesday evenings, not tuesday")
    assert chat.ask("What evening are my pottery lessons?").lower().count("tuesday") == 0


def test_people_lived_with_are_housemates_listed_together(chat):
    chat.tell("I live in a shared house in Gràcia with Oriol, Neus and Pau")
    assert chat.ask("who are my housemates?") == "Your housemates are Oriol, Neus and Pau."


def test_a_pet_put_down_is_no_longer_had(chat):
    chat.tell("we have two cats: Miso (tabby) and Tofu (black)")
    chat.tell("had to put Miso down, he was 17. awful week")
    assert chat.ask("Do we still have Miso?").startswith("No")


def test_which_came_first_finds_each_side_by_its_words(chat):
    chat.tell("Sven is leaving the band, he got a job in Oslo")
    chat.tell("Ingrid is going full time at the studio from Monday!")
    reply = chat.ask("Which happened first, Sven leaving or Ingrid going full time?")
    assert reply.startswith("Sven leaving first")


def test_what_came_before_may_be_a_statement_told_before_it(chat):
    chat.tell("my husband Luke coaches football at Bowie High, it's all he talks about")
    chat.tell("Luke got the head coach job at Westlake!! starts in august")
    assert "Bowie High" in chat.ask("where did Luke coach before Westlake?")


def test_a_name_right_after_what_was_adopted_names_it(chat):
    chat.tell("we adopted a retired racing greyhound, nelly, she sleeps all day")
    assert "Nelly" in chat.ask("What is our greyhound called?")
    assert "Nelly" in chat.ask("What's the name of the greyhound we adopted?")


def test_the_name_of_a_pet_is_asked_with_of(chat):
    chat.tell("I have a parrot called Kiko.")
    assert "Kiko" in chat.ask("What is the name of my parrot?")
    assert "Kiko" in chat.ask("What's my parrot's name?")
    assert chat.ask("What is the name of my brother's parrot?") == "I don't know."

"""Posts taken, left and handed on ("stepped down as coach", "accepted the chief pilot role",
"took over the library from Stan", "Commander: Zbigniew."), spells counted in a past job
("spent fifteen years as a bank clerk before I quit"), ages said in a relative clause or in
words, a gendered role asked of a neutral one ("my granddaughter" of "my grandchildren"),
and dates told in a message that left no statement of its own ("Paddy passed in 2019").
Real parse, real database; the sentences are written for these tests and are in no eval
set."""

import pytest

from memory.nlp import repair
from memory.nlp.intro import agent

pytestmark = pytest.mark.django_db(transaction=True)


def test_stepping_down_as_coach_ends_the_coach_and_the_new_one_holds_it(chat):
    chat.tell("our coach is aunty mere, the captain is Hine.")
    chat.tell("aunty mere stepped down as coach, her knee is bad. new coach is Tomasi.")
    assert chat.ask("Who is our coach?").startswith("Your coach is Tomasi")
    assert "aunty mere" in chat.ask("Who was our coach before Tomasi?")
    assert chat.ask("Who is our captain?").startswith("Your captain is Hine")


def test_resigning_as_a_post_is_no_longer_working_as_it(chat):
    chat.tell("Our treasurer is Gaspard.")
    chat.tell("Gaspard resigned as treasurer last night.")
    answer = chat.ask("Who is our treasurer?")
    assert not answer.startswith("Your treasurer is Gaspard")


def test_a_post_accepted_is_held_and_the_one_before_is_the_past(chat):
    chat.tell("Our pilots are Ingrid, Mateus and Pavel; Mateus is chief pilot.")
    chat.tell("Ingrid has accepted the chief pilot role, effective today.")
    assert chat.ask("Who is our chief pilot?").startswith("Your chief pilot is Ingrid")
    assert "Mateus" in chat.ask("Who was chief pilot before Ingrid?")
    pilots = chat.ask("Who are our pilots?")
    assert pilots.count("Ingrid") == 1 and "Pavel" in pilots


def test_taking_over_from_someone_hands_on_what_they_held(chat):
    chat.tell("Our choir director is Halina. She also runs the Thursday rehearsals.")
    chat.tell("Bogdan took over from Halina this month.")
    assert chat.ask("Who is our choir director?").startswith("Your choir director is Bogdan")
    assert chat.ask("Who was our choir director before Bogdan?").startswith("Halina")


def test_what_was_taken_over_from_someone_was_theirs_before(chat):
    chat.tell("Edith has taken over the parish newsletter from a chap called Norris.")
    assert chat.ask("Who runs the parish newsletter?").startswith("Edith")
    assert chat.ask("Who did the newsletter before Edith?").startswith("Norris")


def test_a_labelled_post_names_its_one_holder(chat):
    chat.tell("Rescue team, 4 years. Leader: Ondrej. Medic: Vesna.")
    assert chat.ask("Who is our leader?").startswith("Your leader is Ondrej")
    assert chat.ask("Who is our medic?").startswith("Your medic is Vesna")


def test_a_post_held_from_this_week_holds_now(chat):
    chat.tell("Driver: Kasper.")
    chat.tell("Vote is done. Driver is Leif from this week.")
    assert chat.ask("Who is our driver?").startswith("Your driver is Leif")


def test_a_spell_in_a_post_before_another_is_a_past_job(chat):
    chat.tell(
        "I run a small upholstery shop in Ghent. I spent twelve years as a postman before "
        "I quit and retrained."
    )
    assert "postman" in chat.ask("What did I do for a living before the upholstery?")


def test_a_spell_at_a_workplace_prior_to_that_is_where_one_worked_before(chat):
    chat.tell("I'm an analyst at the port authority in Durban.")
    chat.tell(
        "Prior to that, I spent five years in the planning office of the eThekwini municipality."
    )
    assert chat.ask("Where do I work?").startswith("You work at port authority")
    assert "eThekwini municipality" in chat.ask("Where did I work before the port authority?")


def test_what_was_done_for_years_before_joining_somewhere_is_over(chat):
    chat.tell("Brigid is our cook at the lodge.")
    chat.tell("Brigid told me she cooked on trawlers for six years before she joined Lodgeworks.")
    assert chat.ask("Does Brigid still cook on trawlers?").startswith("No")


def test_ages_said_in_a_relative_clause_are_each_persons(chat):
    chat.tell("My pupils are Oskar, who is 9, and the twins Ada and Ella, who are 13.")
    assert chat.ask("How old is Ella?").startswith("Ella is 13")
    assert chat.ask("How old is Oskar?").startswith("Oskar is 9")


def test_an_age_said_in_words_is_an_age(chat):
    chat.tell("My nephew Ruben is eleven.")
    assert "eleven" in chat.ask("How old is Ruben?")


def test_a_granddaughter_is_the_grandchild_whose_name_says_she_is_a_girl(chat):
    chat.tell("My grandchildren are Thomas and Sophie.")
    chat.tell("Sophie is 7 and Thomas is 10.")
    assert chat.ask("How old is my granddaughter?").startswith("Sophie is 7")
    assert chat.ask("How old is my grandson?").startswith("Thomas is 10")


def test_a_wife_asked_is_the_one_married(chat):
    chat.tell("My son Idris is married with Noor since three years.")
    chat.tell("Noor teaches chemistry at the lycée.")
    assert "chemistry" in chat.ask("What does my son Idris's wife teach?")


def test_a_wife_said_with_someone_else_is_theirs(chat):
    chat.tell("Hamada and wife Sachiko. She paints the lanterns, he builds the frames.")
    assert chat.ask("Who builds the frames?").startswith("Hamada")
    assert not chat.ask("Who is my wife?").startswith("Your wife is Sachiko")


def test_a_year_told_in_a_message_without_a_statement_answers_when(chat):
    chat.tell("my husband Desmond passed.")
    chat.tell("Desmond passed in 2016, it'll be ten years in April.")
    assert chat.ask("What year did Desmond die?") == "In 2016."


def test_a_start_is_told_by_the_verb_of_coming(chat):
    chat.tell("We have three bakers: Iva, Petra and Zora. Petra came in 2012 and Zora last year.")
    assert chat.ask("What year did Petra start at the bakery?") == "In 2012."


def test_a_start_date_said_beats_the_day_a_spell_was_counted(chat):
    chat.tell("passed. shift supervisor from august 4. nights only.")
    chat.tell("3 weeks as shift supervisor. more money, more stress.")
    assert "August" in chat.ask("What month did I start as shift supervisor?")


def test_a_bare_no_before_a_date_puts_the_date_right(db):
    fixed = repair.repaired("no. march 9. wrong letter.", "dentist appointment feb 12.")
    assert fixed is not None and fixed.text == "dentist appointment march 9."


def test_a_name_the_parser_joined_to_a_weekday_is_not_put_right(db):
    fixed = repair.repaired(
        "sorry, it's the Thursday Oona does the school run.",
        "My sister Oona lives in Cork and she does the school run on a Tuesday.",
    )
    assert fixed is not None
    assert "My sister Oona" in fixed.text and "on a Thursday" in fixed.text


def test_an_ending_alone_on_a_word_no_dictionary_knows_is_no_job(db):
    assert not agent("maribor")
    assert agent("groomer") and agent("surveyor") and agent("teacher")


def test_a_value_said_after_only_the_wrong_one_puts_it_right(db):
    fixed = repair.repaired(
        "argh sorry im half asleep, not Tulum!! its Cobá this month, Tulum was in spring.",
        "this month im guiding at Tulum, mostly school groups",
    )
    assert fixed is not None and fixed.text == "this month im guiding at Cobá, mostly school groups"


def test_a_repair_announced_in_a_sentence_of_its_own_is_the_next_sentence(db):
    fixed = repair.repaired(
        "I tell you something wrong before. I trained in Daegu, not Busan. In Busan I did "
        "only the placement.",
        "I am a physio in Ulsan. I trained in Busan ten years ago.",
    )
    assert fixed is not None and "I trained in Daegu ten years ago" in fixed.text


def test_what_i_wrote_before_is_put_right_where_i_wrote_it(db):
    fixed = repair.repaired(
        "Before I write Miso is a dog, is wrong, my english! Miso is a ferret.",
        "At home I have Pico, a old parrot, and Miso, she is a dog.",
    )
    assert (
        fixed is not None
        and fixed.text == "At home I have Pico, a old parrot, and Miso, she is a ferret."
    )


def test_a_model_put_right_with_its_make_keeps_one_make(db):
    fixed = repair.repaired(
        "oh I got something wrong earlier it's a Piper 28 that I fly not a 32",
        "I fly students out to the coast in a little Piper 32 that is older than me",
    )
    assert fixed is not None and "in a little Piper 28 that" in fixed.text


def test_someone_who_has_left_for_a_town_is_gone_from_the_team(chat):
    chat.tell("Our guides are Aroha, Wiremu and Callum.")
    chat.tell("Callum did his last walk on Sunday and has now left for Dunedin.")
    assert chat.ask("Is Callum still one of our guides?").startswith("No")
    assert chat.ask("Who are our guides?") == "Your guides are Aroha and Wiremu."


def test_one_who_took_over_from_someone_retiring_does_what_they_did(chat):
    chat.tell("Mr Okafor does our payroll on Fridays.")
    chat.tell(
        "Mr Okafor has retired and moved to Enugu, so my cousin Adaeze has taken over the payroll."
    )
    assert chat.ask("Is Mr Okafor still doing the payroll?").startswith("No")
    assert "Adaeze" in chat.ask("Who does the payroll?")


def test_found_a_work_at_a_place_is_working_there(chat):
    chat.tell("Yusuf has leave the garage. He found a work at a hotel in Antalya, better salary.")
    assert "Antalya" in chat.ask("Where does Yusuf work?")


def test_old_said_of_a_thing_asks_of_now_not_of_the_past(db):
    from memory.nlp.ask import read_question

    assert not read_question("Who repairs the old bikes these days?", speaker="u").wants_past
    assert read_question("What was my old car?", speaker="u").wants_past


def test_a_new_home_said_without_a_verb_after_a_shouted_move_is_the_home(chat):
    chat.tell("i live in a flat in Brezovica, near the lake.")
    chat.tell(
        "also i MOVED. sold my old sofa to pay the deposit lol. new flat in Trnovo, way cheaper."
    )
    assert chat.ask("Where do I live now?").startswith("You live in Trnovo")
    assert "Brezovica" in chat.ask("Where did I live before?")


def test_before_said_for_until_now_makes_what_was_had_the_past(chat):
    chat.tell("I go to my clients on my Lambretta.")
    chat.tell("I bought a Fiat Doblò for the deliveries. Before I had only the Lambretta, imagine.")
    assert chat.ask("What do I drive these days?") == "You drive Fiat Doblò."


def test_being_moved_at_work_is_no_new_home(chat):
    chat.tell("I live in Truro. I work for an insurer, mostly motor claims.")
    chat.tell("news at work: they're moving me from motor over to marine claims starting June 2")
    assert chat.ask("Where do I live?").startswith("You live in Truro")
    facts = chat.facts()
    assert any(r == "plan:works_in" and o == "marine claims" for _, r, o in facts)
    assert not any(r == "age" for _, r, _ in facts)  # ("June 2" is a day)

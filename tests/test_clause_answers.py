"""Answers read at question time from the clauses of what was said (memory/pipeline/aligned.py),
and lower-case names that WordNet also lists (memory/nlp/casing.py). Sentences written for
these tests, through the real chat entry point and the real parser."""

import pytest

from memory.nlp.casing import truecased


def test_what_someone_did_is_read_from_the_clause_about_them(chat):
    chat.tell(
        "my cousin rafael and his girlfriend sarah came for lunch. he's driving trams now "
        "and she opened a bookshop in the old town"
    )
    answer = chat.ask("What did Sarah open?")
    assert "bookshop" in answer and "trams" not in answer


def test_what_someone_does_is_their_clause_not_their_partners(chat):
    chat.tell(
        "spent the weekend at my brother tiago's place. tiago's a pharmacist in the hospital "
        "and his wife marta teaches yoga at a studio downtown"
    )
    assert "yoga" in chat.ask("What does Marta do?")
    assert "pharmacist" in chat.ask("What does Tiago do?")


def test_what_i_play_is_read_from_my_own_clause(chat):
    chat.tell("work is fine. i also play trumpet in a brass band with some old school friends")
    answer = chat.ask("What do I play in the band?")
    assert answer.startswith("You") and "trumpet" in answer


def test_a_negated_clause_answers_nothing(chat):
    chat.tell("my friend lucas doesn't drive a car, he hates traffic")
    answer = chat.ask("What does Lucas drive?")
    assert answer == "I don't know." or "n't drive" in answer


def test_a_pronoun_with_no_one_to_name_is_never_the_answer(chat):
    chat.tell("he's grounded for a week after the football broke a window")
    assert chat.ask("Who is grounded?") != "He."


@pytest.mark.parametrize("name", ["sarah", "david", "maria", "moses", "anna"])
def test_common_first_names_typed_in_lower_case_are_names(db, name):
    assert truecased(f"my friend {name} came over") == f"my friend {name.title()} came over"


@pytest.mark.parametrize("word", ["will", "rose", "mark", "grace", "souk", "kinda", "max"])
def test_english_words_that_are_also_names_stay_as_typed(db, word):
    assert truecased(f"the {word} is here") == f"the {word} is here"


def test_names_listed_after_a_label_hold_its_role(chat):
    chat.tell("i teach piano. private pupils at the moment: Bruno, Kasia and Femi")
    answer = chat.ask("Who are my private pupils?")
    assert all(name in answer for name in ("Bruno", "Kasia", "Femi"))


def test_a_labelled_list_of_clauses_gives_each_name(chat):
    chat.tell("kids: noor is 7 and sami is 4")
    answer = chat.ask("What are my kids' names?")
    assert "Noor" in answer and "Sami" in answer


def test_a_colon_with_no_plural_label_lists_no_one(chat):
    chat.tell("reminder: call Dmitri about the van")
    assert ("alice", "role:reminder", "Dmitri") not in chat.facts()


def test_a_role_asked_with_a_modifier_finds_the_plain_role(chat):
    chat.tell("I play goalie in a beer league, my team is called Les Loups")
    assert "Les Loups" in chat.ask("What's my hockey team called?")


def test_someone_who_moved_out_is_no_longer_a_housemate(chat):
    chat.tell("i share a house in Leith with Oonagh and Callum")
    chat.tell("oonagh moved out yesterday, the house is so quiet")
    assert chat.ask("Is Oonagh still one of my housemates?").startswith("No")


def test_someone_who_retired_no_longer_holds_their_role(chat):
    chat.tell("my supervisor Gunnhild runs the night shift")
    chat.tell("my supervisor Gunnhild retired last week, we had cake")
    assert chat.ask("Is Gunnhild still my supervisor?").startswith("No")


def test_a_job_whose_start_is_said_next_is_a_plan(chat):
    chat.tell("my wife Ingrid works from home as a translator")
    chat.tell("ingrid got a job at the county hospital!! starts in october. so proud")
    assert chat.ask("Does Ingrid work at the county hospital yet?").startswith("No")


def test_who_moved_in_with_me_lives_with_me_until_they_move_out(chat):
    chat.tell("my cousin Desmond moved in with us for a few weeks, he's between flats")
    assert "Desmond" in chat.ask("Who lives with me?")
    chat.tell("desmond moved out on sunday, the spare room is free again")
    assert chat.ask("Does Desmond still live with us?").startswith("No")


def test_people_lived_with_by_role_are_housemates(chat):
    chat.tell("I live in Ermesinde with my husband Rodrigo and his dad Abílio")
    answer = chat.ask("Who do I live with?")
    assert "Rodrigo" in answer


def test_when_someone_retired_is_the_time_said_with_it(chat):
    chat.tell("my head of department is Mr. Antunes, a bit old school")
    chat.tell("Antunes retired at the end of October, Mrs. Lopes took over the department")
    assert "October" in chat.ask("When did Antunes retire?")


def test_who_works_for_me_are_the_people_i_hired_in_any_role(chat):
    chat.tell("opened my own barbershop! hired two apprentices, Kemal and Ivo")
    chat.tell("hired Ludmila for the front desk. she is great with clients")
    answer = chat.ask("Who works for me?")
    assert "Kemal" in answer and "Ludmila" in answer


def test_someone_let_go_no_longer_works_for_me(chat):
    chat.tell("hired two apprentices, Kemal and Ivo")
    chat.tell("Ivo quit yesterday, he's moving to Split")
    assert chat.ask("Does Ivo still work for me?").startswith("No")


def test_a_name_the_parser_strands_after_is_still_the_role(chat):
    chat.tell(
        "my foreman Arvo retired last friday. new foreman is Priit, younger guy, seems alright"
    )
    assert chat.ask("Who's my foreman?").startswith("Your foreman is Priit")


def test_a_question_ending_in_a_preposition_asks_what_it_governs(chat):
    chat.tell("work update: i'm on the payments team now, so i sit with Pedro")
    answer = chat.ask("Which team am I on?")
    assert answer.startswith("You") and "payments" in answer


def test_what_city_someone_lives_in_is_read_from_the_slot(chat):
    chat.tell("my cousin Ana lives in Porto with her two cats")
    assert "Porto" in chat.ask("What city does Ana live in?")


def test_a_plan_answers_a_question_asked_of_what_is_to_come(chat):
    chat.tell("big week coming. my uncle Tomas is bringing the boat over on friday")
    assert "Tomas" in chat.ask("Who is bringing the boat over?")


def test_a_job_said_of_someone_named_before_is_not_a_later_friends(chat):
    chat.tell(
        "gf is Ana, she's a physio at a sports clinic in Siska. my best friend Tomaz is the "
        "one who introduced us, at his 30th",
        "weekly sports report: futsal on mondays, padel with Tomaz on thursdays",
    )
    assert chat.ask("What does Tomaz do for work?") == "I don't know."


def test_what_a_child_does_after_school_is_no_job(chat):
    chat.tell("zosia started basketball on tuesdays, she loves it")
    assert "basketball" in chat.ask("What does Zosia do after school?")


def test_a_question_in_the_past_is_answered_in_the_past(chat):
    chat.tell(
        "my brother moses and his wife sarah visited sunday. he's riding a boda now since the "
        "factory closed, and she opened a salon in wandegeya. proud of them both"
    )
    assert "opened" in chat.ask("What did Sarah open?")

"""Pastimes asked as a set (memory/pipeline/pastimes.py), things named in the clause after
them (memory/nlp/renamed.py), jobs found or offers taken, and questions ending in a time that
means "now". Sentences written for these tests, through the real chat entry point and the
real parser."""


def test_hobbies_are_the_activities_still_kept_up(chat):
    chat.tell_on("2025-02-01", "I've been swimming since university, three mornings a week")
    chat.tell_on("2025-03-10", "started climbing with my colleague Ines, we go on thursdays")
    chat.tell_on("2025-04-02", "took up knitting over the winter, my scarves are lumpy")
    answer = chat.ask("What are my hobbies?")
    assert all(a in answer for a in ("swimming", "climbing", "knitting")), answer
    chat.tell_on("2025-06-20", "I stopped swimming, the pool closed for repairs")
    answer = chat.ask("What hobbies do I have these days?")
    assert "climbing" in answer and "knitting" in answer and "swimming" not in answer, answer
    assert "swimming" in chat.ask("What hobby did I use to have?")


def test_a_class_or_choir_joined_is_a_pastime_not_an_employer(chat):
    chat.tell("I work at the port authority, mostly night shifts")
    chat.tell("joined the city choir last month, we sing on mondays")
    chat.tell("also signed up for a pottery class on saturdays")
    answer = chat.ask("Where do I work?")
    assert "port authority" in answer and "choir" not in answer, answer
    answer = chat.ask("What do I do for fun?")
    assert "choir" in answer and "pottery" in answer and "port" not in answer, answer


def test_a_verb_with_no_object_is_no_pastime_unless_said_as_one(chat):
    chat.tell("I was so scared before the exam, do you think I passed?")
    assert chat.ask("What are my hobbies?") == "I don't know."


def test_someone_elses_hobbies_are_theirs(chat):
    chat.tell("my brother Tomasz started fencing in March")
    chat.tell("I've been cycling to work for years")
    answer = chat.ask("What are Tomasz's hobbies?")
    assert "fencing" in answer and "cycling" not in answer, answer


def test_a_place_named_in_the_next_clause_is_the_place(chat):
    chat.tell(
        "i'm an accountant at a mid-size firm, like KPMG but smaller. it's called Harlow & Finch"
    )
    facts = chat.facts()
    assert (chat.user.username, "works_for", "Harlow & Finch") in facts
    assert not any(r == "likes" for _s, r, _o in facts)  # "like KPMG" compares
    assert "Harlow & Finch" in chat.ask("Where do I work?")


def test_a_pet_named_after_it_is_got_is_the_pets_name(chat):
    chat.tell("we got a puppy last week, she's called Miso")
    assert (chat.user.username, "role:puppy", "Miso") in chat.facts()
    assert "Miso" in chat.ask("What's my puppy called?")


def test_a_name_with_nothing_to_name_is_kept_as_said(chat):
    chat.tell("it's called Hope")
    assert not any(r == "is_called" for _s, r, _o in chat.facts())


def test_a_job_found_or_an_offer_taken_is_the_new_employer(chat):
    chat.tell_on("2025-01-10", "working at a rosticceria near the station on weekends")
    chat.tell_on("2025-03-02", "quit the rosticceria, found a job at a gelateria by the harbour")
    assert "gelateria" in chat.ask("Where do I work now?")
    chat.tell_on("2025-09-01", "took the Deloitte offer, starting oct 6")
    answer = chat.ask_on("2025-11-01", "Where do I work now?")
    assert "Deloitte" in answer, answer
    answer = chat.ask_on("2025-11-01", "Where did I work before Deloitte?")
    assert "gelateria" in answer, answer


def test_being_into_something_is_liking_it(chat):
    chat.tell("my nephew is really into skateboarding")
    chat.tell("I'm into climbing")
    facts = chat.facts()
    assert (chat.user.username, "likes", "climbing") in facts


def test_a_job_before_an_event_is_the_job_held_before_it(chat):
    chat.tell_on("2025-01-10", "my wife Dara is a receptionist at the Hilton")
    chat.tell_on("2025-02-14", "finally ditched the old scooter, got a cargo bike instead")
    chat.tell_on("2025-04-05", "Dara got promoted to events manager!! so proud")
    answer = chat.ask("What was Dara's job before the promotion?")
    assert "receptionist" in answer or "Hilton" in answer, answer
    assert "scooter" not in answer and "bike" not in answer, answer


def test_a_pronoun_said_back_is_named_only_when_it_is_the_subject():
    from memory.pipeline.speech import name_the_pronoun

    assert name_the_pronoun("he just got promoted", "Pedro") == "Pedro just got promoted"
    # "she and Andriy argue": she is someone else, not Andriy twice
    said = "she and Andriy argue about the heating every evening"
    assert name_the_pronoun(said, "Andriy") == said


def test_a_number_after_a_noun_is_part_of_the_value(chat):
    chat.tell("I'm on route 14 this month, mostly farms")
    assert (chat.user.username, "be_on", "route 14") in chat.facts()


def test_words_typed_without_an_apostrophe_are_said_back_to_you():
    from memory.pipeline.speech import to_you

    assert to_you("Im a certified Q grader now") == "you're a certified Q grader now"


def test_a_childs_activities_are_the_ones_still_kept_up(chat):
    chat.tell("my son Emil does scouts on fridays")
    chat.tell("Emil started handball this autumn, he loves it")
    chat.tell("Emil quit scouts, too many knots")
    answer = chat.ask("What are Emil's hobbies now?")
    assert "handball" in answer and "scouts" not in answer, answer


def test_a_word_that_describes_is_no_pastime(chat):
    chat.tell("bought a used Skoda instead, boring but it starts every morning")
    chat.tell("started bouldering with my brother Felix, my forearms are on fire")
    answer = chat.ask("What hobby have I taken up?")
    assert "bouldering" in answer and "boring" not in answer, answer


def test_a_sentence_with_he_and_she_names_neither_as_the_last_person():
    from memory.nlp.statements import resolve_first_person

    said = resolve_first_person("she thinks he uses too much salt", "alice", "Takumi")
    assert "Takumi" not in said
    assert resolve_first_person("he retired last year", "alice", "Takumi").startswith("Takumi")


def test_who_did_something_is_answered_by_name(chat):
    chat.tell("Lena and Felix had a huge argument at dinner, he stormed out and she cried")
    assert chat.ask("Who stormed out of dinner?") == "Felix did."


def test_a_relative_said_to_be_a_something_is_described_not_named(chat):
    chat.tell("my dad is a retired miner from Petroșani")
    assert chat.ask("What's my dad's name?") == "I don't know."
    assert "miner" in chat.ask("What does my dad do?")


def test_a_correction_may_name_the_wrong_value_by_its_first_words(chat):
    chat.tell("I present the late night show on Sunrise FM")
    chat.tell("sorry, it's the drive time show, not late night. 4 to 7pm")
    facts = chat.facts()
    assert any("drive time" in o for _s, _r, o in facts), facts
    assert not any("late night" in o for _s, _r, o in facts), facts


def test_the_same_thing_told_twice_is_said_once(chat):
    chat.tell("we have a son, Kofi, he's 4 and runs the house")
    chat.tell("sorry i meant Kofi is 5!! he turned 5 in january, i keep forgetting")
    assert chat.ask("How old is Kofi?") == "Kofi is 5."

"""A wh-question wants an answer of a kind (a place, a number, a name, a day, the noun it
asks about): where no slot decides it, only a statement holding one answers, and a present
"when" is the day the statement gives. Through the real chat entry point, real database."""


def test_an_attribute_no_statement_gives_is_not_known(chat):
    chat.tell("We finally bought a Toyota Yaris, picked it up on Saturday.")
    assert chat.ask("What colour is the Yaris?") == "I don't know."


def test_a_number_no_statement_gives_is_not_known(chat):
    chat.tell("I do yoga at a studio near the river every Thursday.")
    assert chat.ask("How much does my yoga studio cost?") == "I don't know."


def test_a_name_no_statement_gives_is_not_known(chat):
    chat.tell("My neighbour Olga just adopted two kittens!")
    assert chat.ask("What are the kittens called?") == "I don't know."


def test_a_statement_naming_the_asked_thing_still_answers(chat):
    chat.tell("I sing in a choir called Vozes do Rio, we meet on Mondays.")
    assert "Vozes do Rio" in chat.ask("What choir am I in?")


def test_a_present_when_is_the_day_the_statement_gives(chat):
    chat.tell(
        "I joined a chess club, it meets on Fridays.",
        "oops, the chess club meets on Thursdays, not Fridays.",
    )
    assert chat.ask("When does my chess club meet?") == "On Thursdays."


def test_the_users_own_sentence_is_said_back_as_you(chat):
    chat.tell("I coach a kids' team of three: Bruna, Caio and Davi.")
    answer = chat.ask("Who is on my team?")
    assert answer.startswith("You coach") and "Bruna" in answer


def test_an_earlier_value_said_in_other_words_answers_before(chat):
    chat.tell(
        "my uncle Rui is a mechanic with Iberia, twenty years now",
        "we had a barbecue at his place in Sintra",
        "Rui changed jobs, he's fixing planes for KLM now",
    )
    answer = chat.ask("Which airline did Rui work for before?")
    assert "Iberia" in answer and answer.index("Iberia") < (answer + "KLM").index("KLM")


def test_used_to_asks_the_past_of_the_slot(chat):
    chat.tell("I gave up coffee last month, my sleep is so much better")
    assert chat.ask("Did I use to drink coffee?").startswith("Yes")


def test_was_i_before_finds_a_state_that_ended(chat):
    chat.tell("I'm a smoker, sadly.", "I'm not a smoker anymore, six months clean!")
    assert chat.ask("Was I a smoker before?").startswith("Yes")


def test_a_negation_without_a_value_ends_the_whole_slot(chat):
    chat.tell("I swim at the club pool on Sundays.", "I'm not swimming anymore, my shoulder hurts.")
    assert chat.ask("Do I still swim at the club pool?").startswith("No")


def test_a_when_about_someone_doing_something_reads_their_verb(chat):
    chat.tell("my dad is retiring in September, he can't wait")
    assert "September" in chat.ask("When is my dad retiring?")

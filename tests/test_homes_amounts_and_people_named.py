"""Where someone lives when only where they work was told, amounts changed with "to" alone,
people named in brackets or in lower case, and what "before X" may be. Real parse, real
database; the sentences are written for these tests and are in no eval set."""

import pytest

from memory.nlp.statements import extract
from tests.helpers import triplets

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_introduction_with_a_lower_case_name_says_the_job_and_town(db):
    told = triplets("im wanjiru, lab technician at the water institute in nakuru.")
    assert ("me", "is_called", "Wanjiru") in told, told
    assert ("me", "works_in", "nakuru") in told, told


def test_a_job_said_with_is_gives_the_town_one_works_in(db):
    told = triplets("My brother is a baker at a bakery in Tartu")
    assert ("me's brother", "works_in", "Tartu") in told, told


def test_where_the_user_works_answers_where_they_and_their_children_live(chat):
    chat.tell("im wanjiru, lab technician at the institute in nakuru. 2 kids, Otieno and Akinyi")
    assert chat.ask("Where do I live?").startswith("You live in Nakuru"), "user"
    assert chat.ask("Where does Otieno live?").startswith("Otieno lives in Nakuru"), "child"


def test_where_a_friend_lives_is_not_guessed_from_the_users_work(chat):
    chat.tell("im wanjiru, lab technician at the water institute in nakuru.")
    chat.tell("my friend Halima is a lawyer")
    assert "Nakuru" not in chat.ask("Where does Halima live?")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("the doctor increased my metformin to 1000mg", ("me", "role:metformin", "1000mg")),
        ("my landlord bumped the rent to 820", ("me", "role:rent", "820")),
        ("they lowered my hourly rate to 19 euro", ("me", "role:hourly rate", "19 euro")),
    ],
)
def test_an_amount_changed_to_a_number_is_the_things_value_now(text, fact):
    assert fact in triplets(text), triplets(text)


def test_a_change_to_something_that_is_no_amount_is_not_an_amount(db):
    told = triplets("we raised the fence to the neighbours' height")
    assert not any(r.startswith("role:") for _s, r, _o in told), told


def test_how_much_of_a_thing_asks_what_it_is_now(chat):
    chat.tell("my GP put me on metformin, 500mg a day")
    chat.tell("she increased the metformin to 1000mg last week")
    assert "1000" in chat.ask("How much metformin am I taking now?")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Kezia (girlfriend) drove up from Leeds", ("me", "role:girlfriend", "Kezia")),
        ("Ollie (Kezia's brother) is a roofer", ("Kezia", "role:brother", "Ollie")),
        ("We ate at Nando's (my treat) on Friday", None),
    ],
)
def test_a_role_in_brackets_after_a_name_is_that_persons_role(text, fact):
    told = triplets(text)
    if fact is None:
        assert not any(r.startswith("role:") for _s, r, _o in told), told
    else:
        assert fact in told, told


def test_a_lower_case_name_said_before_is_the_person_and_takes_he(db):
    people = [("Otieno", ""), ("Akinyi", "f"), ("Jabari", "m")]
    told = triplets("otieno won a place at a school in kisumu!! he starts in january", people)
    assert ("Otieno", "plan:start", "") in told, told
    assert not any(s == "Jabari" for s, _r, _o in told), told


def test_a_day_said_last_is_no_one_a_pronoun_could_name(chat):
    chat.tell("Back at the depot Sunday the 9th, not Saturday.")
    chat.tell("Priya (flatmate) came back from Dundee. She's a pharmacist")
    assert "pharmacist" in chat.ask("What does Priya do?")


def test_a_past_form_opening_a_fragment_is_past(db):
    told = triplets("Got a 2017 Octavia off a guy in Derby.")
    assert ("me", "get", "2017 Octavia") in told, told


def test_what_came_before_is_what_the_message_gave_up_first_not_an_idiom_after(chat):
    chat.tell("I drive a Fiesta.")
    chat.tell("Sold the Fiesta to my neighbour. Got a 2017 Octavia. Dad thinks I've lost the plot.")
    answer = chat.ask("What did I drive before the Octavia?")
    assert "Fiesta" in answer and "plot" not in answer, answer


def test_people_listed_after_a_bare_plural_are_the_users(db):
    told = triplets("moved in last week. housemates are Oisin, Freya and a guy called Lukas")
    for name in ("Oisin", "Freya", "Lukas"):
        assert ("me", "role:housemate", name) in told, told


def test_a_pet_put_to_sleep_leaves_the_set_but_a_baby_put_to_sleep_does_not(db):
    assert ("me", "", "Biscuit") in triplets("we had to put Biscuit to sleep on Friday")
    told = triplets("I put the baby to sleep at 8")
    assert not any(r == "" and o == "baby" for _s, r, o in told), told


def test_a_yes_no_about_a_value_the_slot_no_longer_holds_is_no(chat):
    chat.tell("I bought a new phone, a Pixel 8; the old Moto finally died on the bus.")
    answer = chat.ask("Is the Moto still my phone?")
    assert answer.startswith("No"), answer
    assert chat.ask("Is the Pixel my phone?").startswith("Yes")


def test_a_parents_job_never_told_is_not_known_but_a_siblings_told_one_is(chat):
    chat.tell("my sister Ana is a nurse in Leeds")
    chat.tell("my mum keeps nagging me about ringing more")
    assert chat.ask("What does my mum do for a living?") == "I don't know."
    assert "nurse" in chat.ask("What does my sister do?")


def test_an_amount_that_went_up_to_a_number_is_the_amount_now(chat):
    chat.tell("my rent is 610 a month")
    chat.tell("landlord is a pain, the rent went up to €655 in March")
    assert "655" in chat.ask("How much rent am I paying these days?")


def test_what_came_before_a_value_is_said_where_its_kind_is_named(chat):
    chat.tell(
        "started the night shift thing, my ward is oncology. tired of being asked for my opinion"
    )
    chat.tell("they moved me to the cardiology ward last week")
    answer = chat.ask("Which ward was I on before cardiology?")
    assert "oncology" in answer.lower() and "opinion" not in answer, answer


def test_names_joined_to_a_counted_noun_name_what_is_had(db):
    told = triplets("my uncle Femi has two greyhounds, Blaze and Comet, and a parrot")
    assert ("Femi", "role:greyhound", "Blaze") in told, told
    assert ("Femi", "role:greyhound", "Comet") in told, told


def test_a_move_to_come_leaves_the_home_asked_about_held_for_now(chat):
    chat.tell("my neighbour Agnes lives in Dundee")
    chat.tell("Agnes is moving to Perth in the autumn to be near her daughter")
    assert chat.ask("Does Agnes still live in Dundee?").startswith("Yes, for now")


def test_an_amount_that_goes_up_next_month_is_a_plan(db):
    assert ("me", "plan:role:rent", "900") in triplets("my rent goes up to 900 next month")
    assert ("me", "role:rent", "900") in triplets("my rent went up to 900 last month")


def test_a_correction_of_a_word_beside_a_noun_left_out_puts_that_word_right(chat):
    chat.tell("I slipped on the ice and broke my left ankle")
    chat.tell("I must correct myself: it is my right ankle, not my left.")
    answer = chat.ask("Which ankle did I break?")
    assert "right" in answer and "left" not in answer, answer


@pytest.mark.parametrize(
    "text",
    [
        "Bronagh had to stop the bakery job",
        "Bronagh quit the bakery job",
        "Bronagh gave up her job at the bakery",
    ],
)
def test_a_job_named_by_its_place_and_given_up_ends_work_there(text):
    assert ("Bronagh", "works_for", "bakery") in {
        (f.subject, f.relation, f.object) for f in extract(text, speaker="me") if f.negated
    }


def test_someone_elses_thing_that_died_is_their_loss_not_the_users(db):
    told = triplets(
        "lent the van to Tadhg (his Transit finally died) and bought a Berlingo", [("Tadhg", "m")]
    )
    assert ("Tadhg", "", "Transit") in told, told
    assert ("me", "", "Transit") not in told, told


def test_when_an_event_happened_is_the_date_told_for_it_in_another_message(chat):
    chat.tell("my sister Orla is getting married to her boyfriend Cathal")
    chat.tell("busy month at work, two deadlines")
    chat.tell("Orla's wedding is set for 14 June in Galway")
    assert "June" in chat.ask("When did Orla get married?")


def test_a_kind_of_place_asked_without_in_asks_where_the_thing_is(chat):
    chat.tell("my friend Saoirse found a unit in Fortitude Valley for her studio")
    assert "Fortitude Valley" in chat.ask("What suburb is the unit Saoirse found?")


def test_a_trade_said_with_a_verb_answers_what_someone_does_and_an_event_does_not(chat):
    chat.tell("my cousin Aoife drives a bus")
    chat.tell("Christmas at my aunt's. Tess brought her new boyfriend, Omar.")
    assert "bus" in chat.ask("What does Aoife do for work?")
    assert chat.ask("What does Tess do for work?") == "I don't know."


def test_still_in_a_band_held_as_played_in_is_not_read_as_the_town(chat):
    chat.tell("fiddler in Sligo, I play in a band called The Curlews")
    assert chat.ask("Am I still in The Curlews?").startswith("Yes")
    assert chat.ask("Am I still in Boston?").startswith("No")


def test_a_flat_got_in_a_town_is_where_they_live_and_one_got_for_someone_else_is_not(db):
    told = triplets(
        "she and Cai got a little flat in Porthmadog near the harbour", [("Ffion", "f")]
    )
    assert ("Cai", "lives_in", "Porthmadog") in told, told
    assert not any(r == "lives_in" for _s, r, _o in triplets("got a flat in Leith for my mum"))

"""Who lives with the user when a list follows where they live, a home pointed at ("this flat")
that is no new home, a farm outside a town, things listed after a plural word or a colon (firms
and places as well as names) and the one got "instead" of one lost, a pet named in the next
sentence, and a duty someone does "now" or is "back on". Real parse, real database; the
sentences are written for these tests and are in no eval set."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_list_after_where_i_live_says_who_lives_with_me(chat):
    chat.tell("so i live in a 3 person flat in tartu now. me, liis, marten and sander")
    answer = chat.ask("Who do I live with?")
    assert all(name in answer for name in ("Liis", "Marten", "Sander"))
    assert "Tartu" in chat.ask("Where does Liis live?")


def test_a_home_pointed_at_is_no_new_home(chat):
    chat.tell("I live in a flat in Dundee with two others.")
    chat.tell("I moved into this flat in March 2023, the others came later.")
    assert "Dundee" in chat.ask("Where do I live?")
    assert not any(r == "lives_in" and o.lower() == "flat" for _s, r, o in chat.facts())


def test_living_on_a_farm_outside_a_town_is_living_there(chat):
    chat.tell("We live on a small sheep farm outside Brecon with my parents.")
    assert "Brecon" in chat.ask("Where do I live?")


def test_working_on_a_farm_is_no_home(chat):
    chat.tell("My sister works on a farm in Wales.")
    assert not any(r == "lives_in" for _s, r, _o in chat.facts())


def test_a_plural_word_for_things_lists_each_thing(chat):
    chat.tell("Our biggest customers are the golf club, a bakery in Hexham and the county council.")
    answer = chat.ask("Who are our biggest customers?")
    assert "bakery in Hexham" in answer and "county council" in answer
    chat.tell("The bakery in Hexham dropped us, they found someone cheaper.")
    answer = chat.ask("Who are our biggest customers?")
    assert "Hexham" not in answer and "county council" in answer


def test_a_colon_list_of_firms_keeps_the_items_that_are_no_names(chat):
    chat.tell(
        "Regular suppliers at the moment: Kessler Timber, Jansen Glas, and the sawmill in Vaals."
    )
    answer = chat.ask("Who are my regular suppliers?")
    assert all(x in answer for x in ("Kessler Timber", "Jansen Glas", "sawmill in Vaals"))


def test_one_got_instead_of_one_lost_takes_its_place(chat):
    chat.tell(
        "Regular suppliers at the moment: Kessler Timber, Jansen Glas, and the sawmill in Vaals."
    )
    chat.tell("Lost Kessler Timber, they closed. Got the quarry in Kerkrade instead.")
    answer = chat.ask("Who are my regular suppliers now?")
    assert "quarry in Kerkrade" in answer and "Kessler" not in answer


def test_a_label_said_right_now_in_chat_still_labels_the_list(chat):
    chat.tell("my horses rn: Juniper (grey mare), Sorrel and Pip")
    answer = chat.ask("Which horses do I have?")
    assert all(name in answer for name in ("Juniper", "Sorrel", "Pip"))


def test_named_him_after_getting_a_pet_names_that_pet(chat):
    chat.tell("my horses: Juniper and Sorrel")
    chat.tell("got a new horse!! Welsh cob, named him otto. he is a bit nervous")
    answer = chat.ask("Which horses do I have?")
    assert "Otto" in answer and "you have horse" not in answer.lower()


def test_a_pet_described_and_called_in_the_next_sentence_is_that_pet(chat):
    chat.tell("dogs: Mabel and Fig.")
    chat.tell("adopted a third dog from the shelter! a scruffy terrier called Moss, he's deaf")
    answer = chat.ask("Which dogs do I have now?")
    assert "Moss" in answer and "third" not in answer


def test_a_duty_done_now_by_someone_else_is_no_longer_done_by_the_one_before(chat):
    chat.tell("Ayesha does the laundry for the whole house.")
    chat.tell("Ayesha sprained her ankle so Idris is doing the laundry now.")
    assert chat.ask("Who does the laundry now?") == "Idris."
    chat.tell("Her ankle is fine and Ayesha is back on the laundry from this week.")
    assert chat.ask("Who does the laundry now?") == "Ayesha."


def test_doing_a_duty_without_now_takes_it_from_no_one(chat):
    chat.tell("Ayesha does the laundry on Mondays.")
    chat.tell("Idris does the laundry on Fridays.")
    doers = {s for s, r, o in chat.facts() if r == "do" and "laundry" in o}
    assert doers == {"Ayesha", "Idris"}


def test_a_car_bought_second_hand_is_the_car_not_a_hand(chat):
    chat.tell("I got a second hand Kia Ceed last week.")
    assert not any(o == "hand" or o == "second hand" for _s, _r, o in chat.facts())
    assert "Kia Ceed" in chat.ask("What car did I get?")


def test_a_move_told_as_a_place_to_a_place_after_moving_is_that_move(chat):
    chat.tell("I live in Ettelbruck with my husband.")
    chat.tell("Moved house. Ettelbruck to Mersch. Husband wanted to be near his mum.")
    assert chat.ask("Where do I live now?") == "You live in Mersch."
    assert "Ettelbruck" in chat.ask("Where did I live before Mersch?")


def test_a_past_verb_opening_a_sentence_is_read_as_a_verb_not_a_name(chat):
    chat.tell("Regular suppliers at the moment: Kessler Timber and Jansen Glas.")
    chat.tell("Lost Jansen Glas, they went bust.")
    assert not any(s.startswith("Lost") for s, _r, _o in chat.facts())
    assert "Jansen" not in chat.ask("Who are my regular suppliers now?")


def test_someone_supposed_to_take_a_duty_over_later_has_not_taken_it_yet(chat):
    chat.tell("Piet does the cutting in our workshop.")
    chat.tell(
        "Piet will retire in the autumn. Joris is supposed to take over the cutting from October."
    )
    assert chat.ask("Who does the cutting in our workshop?") == "Piet."


def test_who_is_on_a_duty_asks_who_does_it_now(chat):
    chat.tell("We have a rota in our flat. Mateus does the recycling and Bea does the bathroom.")
    chat.tell("new deal: Bea took over the recycling, Mateus does the bathroom instead.")
    assert chat.ask("Who's on recycling duty in our flat now?") == "Bea."
    assert ("Bea", "not:do", "bathroom") in chat.facts()


def test_a_plural_list_with_a_name_called_among_places_keeps_each_item(chat):
    chat.tell(
        "Our regular customers are the hotel in Bruges, an art dealer called Mrs Claes "
        "and the museum in Ypres."
    )
    answer = chat.ask("Who are our regular customers?")
    assert all(x in answer for x in ("hotel in Bruges", "Mrs Claes", "museum in Ypres"))


def test_who_does_what_a_set_of_patrons_does_lists_them_all(chat):
    chat.tell(
        "Our buyers are three: a deli in Patras, a bakery in Corinth and a taverna in Nafplio."
    )
    answer = chat.ask("Who buys our honey now?").lower()
    assert all(x in answer for x in ("deli in patras", "bakery in corinth", "taverna in nafplio"))


def test_a_field_of_a_course_is_what_is_studied(chat):
    chat.tell("My son Tiago has started a night course in bookkeeping, he loves it.")
    assert chat.ask("What is Tiago studying?") == "Tiago studies bookkeeping."


def test_them_lost_as_a_client_is_the_one_the_sentence_spoke_of(chat):
    chat.tell("Our main clients are the film festival, a brewery in Leuven and the city library.")
    chat.tell(
        "Bad news: the film festival is cancelled because of budget cuts, "
        "so we've lost them as a client."
    )
    answer = chat.ask("Who are our main clients now?")
    assert "festival" not in answer and "brewery in Leuven" in answer


def test_someone_hired_by_a_word_for_anyone_is_an_employee(chat):
    chat.tell("We hired a young guy, Mateo, for the bakery ovens, he learns fast.")
    assert "Mateo" in chat.ask("Who works for me now?")
    chat.tell("My neighbour's lad Joe is 12.")
    assert "Joe" not in chat.ask("Who works for me now?")

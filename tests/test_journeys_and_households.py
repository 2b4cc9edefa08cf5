"""Where people go and arrive ("landed in Quito", "has gone over the hills to Cusco", "is
off to Oslo in May", "left for valparaíso"), who lives in the user's home ("will come to live
with us", "is with us since Sunday", "at home it's me, ..."), a pronoun after a headline
("News from Omar: he ..."), a day moved to ("to Friday the 13th"), a job in a shop or spent
as a cook, and "I don't know" where nothing said places someone or says their work. Real
parse, real database; the sentences are written for these tests and are in no eval set."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_takes_a_landing_as_where_someone_is(chat):
    chat.tell("My nephew Cillian lives in Galway.")
    chat.tell("Cillian landed in Quito on Monday, first time in South America.")
    assert "Quito" in chat.ask("Where is Cillian now?")


def test_it_takes_the_place_gone_to_not_the_way_there(chat):
    chat.tell("My nephew Cillian lives in Galway.")
    chat.tell("Cillian has gone over the hills to Cusco in Peru and is working in a bar there.")
    answer = chat.ask("Where is Cillian now?")
    assert "Cusco" in answer and "hills" not in answer


def test_it_reads_being_off_to_a_town_as_a_trip_to_come_not_a_place_called_may(chat):
    chat.tell("My sister Ines is off to Oslo in May.")
    facts = chat.facts()
    assert ("Ines", "plan:travels_to", "Oslo") in facts
    assert not any(f[1] == "be_in" for f in facts)


def test_it_does_not_date_an_arrival_by_the_leaving(chat):
    chat.tell("My nephew Cillian lives in Galway.")
    chat.tell_on("2025-04-10", "Cillian landed in Quito on Tuesday.")
    chat.tell_on("2025-08-20", "Cillian has left Quito already, he got bored.")
    answer = chat.ask("When did Cillian arrive in Quito?")
    assert "April" in answer and "August" not in answer


def test_it_takes_a_he_after_news_from_someone_as_that_someone(chat):
    chat.tell("My brother Omar lives in Nantes. He cooks in a bistro.")
    chat.tell("My cousin Leila is engaged to Yannick, he is from Dakar.")
    chat.tell("News from Omar: he left Nantes! He found a better job in Lille.")
    facts = chat.facts()
    assert ("Omar", "lives_in", "Nantes") not in facts
    assert not any(f[0] == "Yannick" and f[2] == "Nantes" for f in facts)


def test_it_keeps_someone_coming_to_live_with_us_as_a_plan_until_they_are_here(chat):
    chat.tell("I live in Patras with my wife Despina.")
    chat.tell("Despina's brother Stavros will come to live with us after the summer.")
    assert "Stavros" not in chat.ask("Who lives with me?")
    chat.tell("Stavros is with us since Sunday, he has the small room.")
    answer = chat.ask("Who lives in my house now?")
    assert "Stavros" in answer and "Despina" in answer


def test_it_does_not_take_years_with_someone_as_living_together(chat):
    chat.tell("On my shift I have two nurses. Chipo has been with me since 2015.")
    assert not any(f[1] == "role:housemate" for f in chat.facts())


def test_it_takes_someone_staying_with_us_as_living_with_us_but_not_a_weekend_guest(chat):
    chat.tell("my brother Ravi is back from Muscat, he's staying with us while he looks for work")
    chat.tell("my aunt Padma is staying with us for the weekend")
    answer = chat.ask("Who lives with me?")
    assert "Ravi" in answer and "Padma" not in answer


def test_it_reads_who_is_at_home_from_a_list_after_me(chat):
    chat.tell("at home it's me, my husband tomasz and our two, ola (12) and kuba (9).")
    answer = chat.ask("Who lives at home with me now?")
    assert all(name in answer for name in ("Tomasz", "Ola", "Kuba"))


def test_it_answers_who_moved_in_with_us_from_the_household(chat):
    chat.tell("my husband's dad Henryk has moved in with us, he's in the spare room.")
    assert "Henryk" in chat.ask("Who has moved in with us?")


def test_it_takes_leaving_for_a_town_in_lower_case_as_moving_out(chat):
    chat.tell("at home it's me, my husband tomasz and our two, ola (19) and kuba (15).")
    chat.tell("ola left for valparaíso yesterday, i cried at the airport.")
    assert "valparaíso" in chat.ask("Where does Ola live now?").lower()
    assert "Ola" not in chat.ask("Who lives at home with me now?")


def test_it_does_not_know_where_someone_lives_when_nothing_placed_them(chat):
    chat.tell("Our son Bram and his wife Noor had a baby girl last night.")
    chat.tell("Bram's trip to Lisbon is off, Noor can't fly with the baby.")
    assert chat.ask("Where do Bram and Noor live?") == "I don't know."


def test_it_does_not_take_someones_truck_as_their_work(chat):
    chat.tell("i deliver for marco's pizza 4 nights a week")
    chat.tell("civic is dead. transmission. borrowing my brother kieran's truck for deliveries")
    chat.tell("signed up for anatomy in the summer. kieran says i'll faint at the first cadaver")
    assert chat.ask("What does my brother Kieran do for work?") == "I don't know."


def test_it_reads_which_month_as_when_with_two_people_asking():
    from memory.pipeline.dated import asked

    event = asked("Which month are Despina and I flying to Lima?", speaker="alice", subject=None)
    assert event is not None and event.verb == "fly"


def test_it_takes_leaving_one_town_and_going_to_another_as_a_move(chat):
    chat.tell("My daughter Katrin lives in Hamburg.")
    chat.tell("Katrin called. She has a new job, she leaves Hamburg and goes to Leipzig in July.")
    assert ("Katrin", "plan:lives_in", "Leipzig") in chat.facts()


def test_it_answers_where_someone_is_moving_with_the_move_first(chat):
    chat.tell("My daughter Katrin lives in Hamburg.")
    chat.tell("Katrin is moving to Leipzig in July.")
    answer = chat.ask("Where is Katrin going to live?")
    assert answer.index("Leipzig") < answer.index("Hamburg")
    answer = chat.ask("Where does Katrin live?")
    assert answer.index("Hamburg") < answer.index("Leipzig")


def test_it_keeps_a_kind_asked_of_those_living_with_us(chat):
    chat.tell("At present we have two children with us: Nell, who is nine, and her brother Ash.")
    answer = chat.ask("Which children are living with us now?")
    assert "Nell" in answer and "Ash" in answer


def test_it_dates_a_day_moved_to_ahead_and_by_its_weekday(chat):
    chat.tell_on("2026-01-05", "My dentist appointment is on Tuesday the 10th.")
    chat.tell_on("2026-03-05", "Dentist moved my appointment to Friday the 13th.")
    assert "13 March" in chat.ask("When is my dentist appointment?")


def test_it_reads_a_spell_of_years_as_a_job_held_then(chat):
    chat.tell("context. ben, 33, spent ten years as a line cook, burned out completely")
    assert ("alice", "works_as", "a line cook") in chat.facts(true=True) | chat.facts(true=False)


def test_it_reads_a_job_in_a_shop_as_where_one_works(chat):
    chat.tell("I got part time job in sushi shop in Chadstone, weekends.")
    assert "sushi shop" in chat.ask("Where do I work?")

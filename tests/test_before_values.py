"""What a value took the place of, when no slot holds it (memory/pipeline/replaced.py): the
thing said earlier in the same place of a clause, of the same kind, about the same person;
and what holds until a plan happens. Sentences written for these tests, through the real
chat entry point."""


def test_the_winery_before_is_the_one_i_worked_at_not_my_friends(chat):
    chat.tell(
        "hola! i'm Lucia, sommelier at Bodega Alto Cielo, just outside Mendoza.",
        "my friend Romina over at Bodega Piedra Negra is sleeping at the winery, harvest is mad",
        "big news: i accepted an offer from Bodega Los Sauces in Maipu!! i start may 5",
        "first day at Los Sauces was yesterday. the cellar is gorgeous",
    )
    answer = chat.ask("Which winery was I at before Los Sauces?")
    assert "Alto Cielo" in answer and "Piedra Negra" not in answer


def test_the_job_before_a_promotion_is_the_role_said_before(chat):
    chat.tell(
        "konbanwa lol. i'm Kenji, 34, line cook at a ramen shop in Hakata.",
        "staying in Hakata, the owner offered me head chef!!",
        "first month as head chef. Yui says i talk about broth in my sleep now",
    )
    assert "line cook" in chat.ask("What was my job before head chef?")


def test_the_workplace_before_is_where_i_was(chat):
    chat.tell(
        "hi! geologist at a uranium mine near Swakopmund, my family is in Windhoek",
        "i've been offered a job at the geological survey in Windhoek!! starting june",
        "first week at the survey done. home every single night",
    )
    assert "uranium mine" in chat.ask("Where did I work before the geological survey?")


def test_a_plan_answers_with_what_holds_until_then(chat):
    chat.tell(
        "my younger brother Luis just finished his engineering degree in Coimbra",
        "Luis got an offer from Siemens in Munich! He's moving there in June",
    )
    answer = chat.ask("Where does Luis live?")
    assert answer.index("Coimbra") < answer.index("Munich"), answer


def test_a_first_day_somewhere_is_working_there(chat):
    chat.tell(
        "sommelier at Bodega Alto Cielo, love it mostly",
        "big news: accepted an offer from Bodega Los Sauces!! gonna miss the team",
        "first day at Los Sauces was yesterday. the cellar is gorgeous",
    )
    answer = chat.ask("Where do I work now?")
    assert answer.startswith("You") and "Los Sauces" in answer and "Alto Cielo" not in answer


def test_a_first_week_in_a_post_is_the_post(chat):
    chat.tell(
        "deckhand on the Likoni ferry, six years now",
        "first week as coxswain done. my old friend Juma took my deckhand spot",
    )
    assert "coxswain" in chat.ask("What's my job now?")


def test_what_replaced_an_ended_value_answers_now(chat):
    chat.tell(
        "i ride a Yamaha XTZ to work, traffic in this city is a nightmare",
        "sold the XTZ to Camilo (his Pulsar finally died lol) and bought a Royal Enfield "
        "Himalayan, been wanting one forever",
    )
    answer = chat.ask("What bike do I ride now?")
    assert answer.startswith("You ride Royal Enfield Himalayan"), answer


def test_an_ended_value_with_nothing_after_it_stays_ended(chat):
    chat.tell("I drive a Golf", "we sold the Golf last week")
    assert chat.ask("What car do I drive now?").startswith("Not anymore")

"""Days asked as days: "what day is choir?" is answered by the weekday the user gave, a date
keeps the weekday said with it, and a day put right later stands for a day, not for a count
said nearby (memory/pipeline/dates.py, answer.scheduled, memory/nlp/repair.py). Sentences
written for these tests, through the real chat entry point and the real parser."""


def test_what_day_asks_the_weekday_told_not_the_day_of_telling(chat):
    chat.tell_on("2025-03-03", "signed up for a pottery class!! the sessions are on wednesdays")
    answer = chat.ask("What day is my pottery class?")
    assert "Wednesday" in answer and "March" not in answer


def test_a_weekday_put_right_answers_what_day(chat):
    chat.tell_on("2025-04-01", "joined a five-a-side team, we play mondays at the leisure centre")
    chat.tell_on("2025-04-04", "scratch that, the games are fridays. i misread the group chat")
    answer = chat.ask("what day do I play five-a-side?")
    assert "Friday" in answer and "Monday" not in answer


def test_a_date_keeps_the_weekday_it_was_told_with(chat):
    chat.tell_on("2025-11-02", "the school fair is on saturday the 15th, i run the cake stall")
    answer = chat.ask("When is the school fair?")
    assert "Saturday" in answer and "15" in answer


def test_a_weekday_set_aside_is_not_said_with_the_date(chat):
    chat.tell_on(
        "2025-12-01", "our office party is thursday the 18th... not thursday, friday the 19th"
    )
    answer = chat.ask("What day is the office party?")
    assert "Friday" in answer and "Thursday" not in answer


def test_a_day_of_the_month_put_right_moves_the_date_not_a_count(chat):
    chat.tell_on("2025-09-02", "my brother Ravi starts at the depot on 6 october, finally")
    chat.tell_on("2025-09-09", "long week, i've done 3 night shifts in a row and the van broke")
    chat.tell_on("2025-09-12", "ravi's start is the 20th actually, they moved it back")
    answer = chat.ask("Which day in October does Ravi start?")
    assert "20" in answer and "6 October" not in answer


def test_the_thing_a_value_is_of_is_not_taken_for_the_value(chat):
    chat.tell_on("2025-05-01", "my sister's wedding is on 14 june in Braga")
    chat.tell_on("2025-05-03", "dinner with mum was a disaster, the whole evening was about money")
    chat.tell_on("2025-05-05", "the wedding date is the 21st actually, the venue double booked")
    answer = chat.ask("What day in June is my sister's wedding?")
    assert "21" in answer and "14" not in answer


def test_joining_a_team_does_not_end_a_choir(chat):
    chat.tell("i joined the community choir last month, we sing at the old church")
    chat.tell("also joined a five-a-side football team at work!")
    assert chat.ask("Am I still in the choir?").startswith("Yes")
    assert "team" in chat.ask("Which team do I play for?")


def test_a_class_started_at_a_hall_is_no_job_there(chat):
    chat.tell("i work at the Royal Infirmary, nights mostly")
    chat.tell("started a pottery class at the community hall, it's on wednesdays")
    answer = chat.ask("Where do I work?")
    assert "Infirmary" in answer and "hall" not in answer


def test_moving_after_an_event_to_come_is_a_plan(chat):
    chat.tell_on("2025-01-10", "i live in Huye with my fiancée Aline")
    chat.tell_on("2025-06-01", "we're moving to Kigali after the wedding, can't wait")
    answer = chat.ask("Which town do I live in?")
    assert "Huye" in answer and not answer.startswith("Kigali")


def test_working_after_school_is_no_plan(chat):
    chat.tell("i'm working at the bakery after school these days")
    assert "bakery" in chat.ask("Where do I work?")


def test_changing_a_slot_from_one_value_to_another(chat):
    chat.tell_on("2025-02-01", "second year at otago, doing law")
    chat.tell_on("2025-04-01", "big news, i'm changing my major from law to geography")
    answer = chat.ask("What's my major now?")
    assert "geography" in answer and "law" not in answer
    assert "law" in chat.ask("What was my major before geography?")

"""Corrections said inside the sentence they put right: "on thursday not tuesday" (the "not"
names the wrong value, it negates nothing), "it was my aunt Vera who ..., not my gran" (a
cleft, with "wait no" and no comma), "Luka is 9 not 8 btw" (a chat aside is no value).
Sentences written for these tests, through the real chat entry point and the real parser."""


def test_not_after_the_value_names_the_wrong_one(chat):
    chat.tell("my yoga class is on thursday not tuesday, the studio changed it")
    facts = chat.facts()
    assert ("be_on", "thursday") in {(r, o.lower()) for s, r, o in facts if "yoga" in s}
    assert not any(r.startswith("not:") for _, r, _ in facts)


def test_a_cleft_correction_names_who_did_it(chat):
    chat.tell("my uncle lent me his old drill for the shelves")
    chat.tell("wait no it was my neighbour dario who lent me the drill, not my uncle")
    answer = chat.ask("Who lent me the drill?").lower()
    # (the wrong one may be said back as wrong, after the right one)
    assert "dario" in answer and (
        "uncle" not in answer or answer.index("dario") < answer.index("uncle")
    )


def test_an_age_put_right_with_an_aside(chat):
    chat.tell("my sister came over with her son luka, he's 8 and wants to be a pilot")
    chat.tell("luka is 9 not 8 btw, his birthday was in june")
    assert "9" in chat.ask("How old is Luka?")

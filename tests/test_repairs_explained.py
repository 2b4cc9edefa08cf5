"""Self-repairs that explain themselves: the right value, then a sentence saying why the
wrong one was said ("Thursday is my wife's yoga day"), a repair that runs on with news after
a comma, "pardon" as an editing term, and a repair that names one place, not every place of
the same kind in the message it puts right. Real parse; the sentences are in no eval set."""

import pytest

from memory.nlp.repair import repaired
from memory.nlp.statements import extract

pytestmark = pytest.mark.django_db


def test_a_value_said_again_is_not_the_one_put_right():
    fixed = repaired(
        "Sorry, I made a mistake. Tuesday and Saturday. Friday is my son's swim day.",
        "My piano lessons are twice a week, Tuesday and Friday.",
    )
    assert fixed is not None and (fixed.wrong, fixed.right) == ("Friday", "Saturday")
    assert "Tuesday and Saturday" in fixed.text


def test_pardon_is_an_editing_term():
    fixed = repaired(
        "Pardon, it is in June. May is only the deadline to register.",
        "The driving test is in May.",
    )
    assert fixed is not None and (fixed.wrong, fixed.right) == ("May", "June")


def test_a_repair_puts_right_one_place_not_every_place_of_its_kind():
    fixed = repaired(
        "wait i said farum but Mette moved to the state hospital in Aarhus last year",
        "I teach at a school in Vejle. Mette is a nurse at Farum hospital.",
    )
    assert fixed is not None and "school in Vejle" in fixed.text
    assert "nurse at state hospital" in fixed.text.lower()


def test_a_repair_then_news_after_a_comma_keeps_the_news_apart():
    facts = extract(
        "my cousin Ilse is a baker at the market. oh wait no she's a butcher, she'd laugh at me",
        speaker="me",
    )
    said = {(f.subject, f.relation, f.object) for f in facts}
    assert ("Ilse", "is", "a butcher") in said, said
    assert not any(o == "a baker" for _s, _r, o in said), said


def test_a_name_set_against_another_puts_right_the_message_before():
    fixed = repaired(
        "so tired. his wife is maren not marit!! marit's our cousin. i keep using the wrong "
        "name in my head",
        "my brother Sindre rang, he and his wife Marit are coming up for the weekend",
    )
    assert fixed is not None and (fixed.wrong, fixed.right) == ("Marit", "Maren")
    assert "weekend" in fixed.text  # "the wrong name" is said of a name, no editing term


def test_the_days_said_together_are_all_the_answer(chat):
    chat.tell("My piano teacher is Mrs. Sato, twice a week, Tuesday and Saturday.")
    # (a weekly habit may be said back in the plural: memory.pipeline.weekly)
    said = chat.ask("Which days do I see my piano teacher?")
    assert said in ("On Tuesday and Saturday.", "On Tuesdays and Saturdays.")

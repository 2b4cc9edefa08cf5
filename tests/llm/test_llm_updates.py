"""Memory updates decided by the model, end to end into Postgres, against a local server that
speaks the OpenAI protocol, scripted per test."""

from datetime import UTC, datetime

import pytest

from memory import age
from memory.models import EditKind, Fact, FactTruth, MemoryEdit
from tests.helpers import say
from tests.llm.replies import extraction, verdicts

MONDAY = datetime(2025, 3, 3, 9, tzinfo=UTC)
FRIDAY = datetime(2025, 3, 7, 18, tzinfo=UTC)


@pytest.mark.django_db
def test_an_update_is_one_call_and_the_model_extracts_the_facts(llm, llm_user):
    llm.json(extraction(("lena lives in Lisbon", "I", "lives in", "Lisbon", False)))
    reply = say(llm_user, "I live in Lisbon, by the river.")
    assert len(llm.chats()) == 1
    request = llm.chats()[0]
    assert request["response_format"] == {"type": "json_object"}
    assert "'lena'" in request["messages"][0]["content"], "the prompt names the speaker"
    assert request["messages"][1]["content"] == "I live in Lisbon, by the river."
    fact = Fact.objects.get(user=llm_user)
    assert (fact.text, fact.subject, fact.relation, fact.backend) == (
        "lena lives in Lisbon",
        "lena",
        "lives_in",
        "llm",
    )
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.FACT_ADDED)
    assert (edit.backend, edit.prompt_version, edit.model_name) == (
        "llm",
        "route-extract/2",
        "scripted-model",
    )
    assert reply.done.meta["llm_calls"] == 1 and reply.done.meta["tokens"] > 0
    assert reply.done.meta["llm_steps"] == {"erase.add": 1}
    assert "Added: you live in Lisbon." in reply.text


@pytest.mark.django_db
def test_the_model_makes_a_cancelled_plan_false_in_one_more_call(llm, llm_user):
    llm.json(extraction(("Brandon is going to Paris", "Brandon", "travels_to", "Paris", False)))
    say(llm_user, "Brandon is going to Paris.", at=MONDAY)
    paris = Fact.objects.get(user=llm_user)
    llm.json(
        extraction(
            ("Brandon is not going to Paris", "Brandon", "travels_to", "Paris", True),
            ("Brandon is going to Brazil", "Brandon", "travels_to", "Brazil", False),
        )
    )
    llm.json(verdicts((paris.pk, "make_false", "Brandon cancelled the Paris trip")))
    reply = say(llm_user, "Brandon cancelled Paris, he goes to Brazil.", at=FRIDAY)

    assert len(llm.chats()) == 3, "two calls for the second update, no rewrite call"
    assert reply.done.meta["llm_calls"] == 2
    shown = llm.prompt(2)
    assert f"[{paris.pk}] Brandon is going to Paris (Brandon | travels_to | Paris)" in shown
    assert "Brandon is going to Brazil (Brandon | travels_to | Brazil)" in shown
    paris.refresh_from_db()
    assert not paris.is_true
    history = list(FactTruth.objects.filter(fact=paris).order_by("at"))
    assert [(h.value, h.at, h.operation) for h in history] == [
        (True, MONDAY, "add"),
        (False, FRIDAY, "make_false"),
    ]
    assert history[1].backend == "llm"
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.FACT_MADE_FALSE)
    assert (edit.fact_id, edit.reason, edit.prompt_version, edit.model_name) == (
        paris.pk,
        "Brandon cancelled the Paris trip",
        "erase-verdicts/2",
        "scripted-model",
    )
    now = Fact.objects.get(user=llm_user, is_true=True, relation="travels_to")
    assert now.object == "Brazil"
    assert "Updated: Brandon" in reply.text and "Brazil" in reply.text


@pytest.mark.django_db
def test_a_reinforced_fact_gets_a_true_row_instead_of_a_copy(llm, llm_user):
    llm.json(extraction(("lena works for Pfizer", "lena", "works_for", "Pfizer", False)))
    say(llm_user, "I work for Pfizer.", at=MONDAY)
    pfizer = Fact.objects.get(user=llm_user)
    llm.json(extraction(("lena works for Pfizer", "lena", "works_for", "Pfizer", False)))
    llm.json(verdicts((pfizer.pk, "reinforce", "says the same again")))
    say(llm_user, "I still work for Pfizer.", at=FRIDAY)
    assert Fact.objects.filter(user=llm_user).count() == 1
    assert list(FactTruth.objects.filter(fact=pfizer).values_list("value", "operation")) == [
        (True, "add"),
        (True, "reinforce"),
    ]
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.FACT_REINFORCED)
    assert (edit.reason, edit.prompt_version) == ("says the same again", "erase-verdicts/2")


@pytest.mark.django_db
def test_the_model_rewrites_what_stays_true_of_a_shared_fact(llm, llm_user):
    llm.json(
        extraction(("Anna and Brandon live in Rome", "Anna and Brandon", "lives_in", "Rome", False))
    )
    say(llm_user, "Anna and Brandon live in Rome.", at=MONDAY)
    shared = Fact.objects.get(user=llm_user)
    llm.json(
        extraction(
            ("Brandon does not live in Rome", "Brandon", "lives_in", "Rome", True),
            ("Brandon lives in Lisbon", "Brandon", "lives_in", "Lisbon", False),
        )
    )
    llm.json(verdicts((shared.pk, "make_false", "Brandon moved out of Rome")))
    llm.json(
        {
            "rewrites": [
                {
                    "fact_id": shared.pk,
                    "reasoning": "only Brandon moved; Anna still lives in Rome",
                    "fact": {
                        "text": "Anna lives in Rome",
                        "subject": "Anna",
                        "relation": "lives_in",
                        "object": "Rome",
                        "negated": False,
                    },
                }
            ]
        }
    )
    reply = say(llm_user, "Brandon moved out of Rome to Lisbon.", at=FRIDAY)

    assert reply.done.meta["llm_steps"] == {"erase.add": 1, "erase.verdict": 1, "erase.rewrite": 1}
    rewrite_prompt = llm.prompt(3)
    assert f"[{shared.pk}] Anna and Brandon live in Rome" in rewrite_prompt
    shared.refresh_from_db()
    assert not shared.is_true
    anna = Fact.objects.get(user=llm_user, subject="Anna")
    assert (anna.text, anna.is_true, anna.relation) == ("Anna lives in Rome", True, "lives_in")
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.FACT_REWRITTEN)
    assert (edit.fact_id, edit.prompt_version, edit.reason) == (
        shared.pk,
        "erase-rewrite/2",
        "only Brandon moved; Anna still lives in Rome",
    )
    assert edit.after["rewritten_as"] == "Anna lives in Rome"


@pytest.mark.django_db
def test_a_rewrite_that_restates_the_false_fact_is_ignored(llm, llm_user):
    llm.json(
        extraction(("Anna and Brandon live in Rome", "Anna and Brandon", "lives_in", "Rome", False))
    )
    say(llm_user, "Anna and Brandon live in Rome.")
    shared = Fact.objects.get(user=llm_user)
    llm.json(extraction(("Brandon lives in Lisbon", "Brandon", "lives_in", "Lisbon", False)))
    llm.json(verdicts((shared.pk, "make_false", "Brandon moved out")))
    same = {
        "text": shared.text,
        "subject": shared.subject,
        "relation": "lives_in",
        "object": "Rome",
    }
    llm.json({"rewrites": [{"fact_id": shared.pk, "reasoning": "r", "fact": same}]})
    say(llm_user, "Brandon moved out of Rome to Lisbon.")
    assert not Fact.objects.filter(user=llm_user, text=shared.text, is_true=True).exists()
    assert not MemoryEdit.objects.filter(user=llm_user, kind=EditKind.FACT_REWRITTEN).exists()


@pytest.mark.django_db
def test_the_guard_refuses_a_make_false_on_an_unrelated_or_unshown_fact(llm, llm_user):
    llm.json(extraction(("lena lives in Lisbon", "lena", "lives_in", "Lisbon", False)))
    say(llm_user, "I live in Lisbon.")
    lisbon = Fact.objects.get(user=llm_user)
    llm.json(extraction(("Brandon likes jazz", "Brandon", "likes", "jazz", False)))
    say(llm_user, "Brandon likes jazz.")
    other = Fact.objects.get(user=llm_user, subject="Brandon")
    llm.json(extraction(("lena enjoys living in Lisbon", "lena", "enjoys", "Lisbon", False)))
    llm.json(
        verdicts(
            (lisbon.pk, "make_false", "bogus"),
            (other.pk, "make_false", "never shown to the model"),
        )
    )
    say(llm_user, "I enjoy living in Lisbon.")
    assert f"[{lisbon.pk}]" in llm.prompt(3) and f"[{other.pk}]" not in llm.prompt(3)
    lisbon.refresh_from_db()
    other.refresh_from_db()
    assert lisbon.is_true and other.is_true
    assert not MemoryEdit.objects.filter(user=llm_user, kind=EditKind.FACT_MADE_FALSE).exists()
    assert FactTruth.objects.filter(fact=lisbon).count() == 1


@pytest.mark.django_db
def test_a_speaker_prefixed_message_is_still_one_call(llm, llm_user):
    llm.json(extraction(("Gina lost her job at the bank", "Gina", "works_for", "bank", True)))
    reply = say(llm_user, "Gina: I lost my job at the bank.")
    assert len(llm.chats()) == 1
    assert "'Gina'" in llm.chats()[0]["messages"][0]["content"]
    assert llm.chats()[0]["messages"][1]["content"] == "I lost my job at the bank."
    assert reply.done.meta["llm_calls"] == 1
    assert Fact.objects.get(user=llm_user).relation == "not:works_for"


@pytest.mark.django_db
def test_the_model_routes_small_talk_without_storing_anything(llm, llm_user):
    llm.json(extraction(route="chitchat", reply="Glad to hear it!"))
    reply = say(llm_user, "The weather is lovely for a walk, my friend.")
    assert reply.route == "chitchat"
    assert reply.text == "Glad to hear it!"
    assert not Fact.objects.filter(user=llm_user).exists()
    assert len(llm.chats()) == 1


@pytest.mark.django_db
def test_a_message_that_tells_and_asks_is_one_call_each(llm, llm_user):
    llm.json(
        extraction(
            ("lena lives in Oslo", "lena", "lives_in", "Oslo", False),
            route="both",
            question="Where does lena live?",
        )
    )
    llm.text("You live in Oslo.")
    reply = say(llm_user, "I moved to Oslo. Where do I live now?")
    assert reply.route == "both"
    assert Fact.objects.get(user=llm_user).object == "Oslo"
    assert reply.done.meta["llm_steps"] == {"erase.add": 1, "answer": 1}
    assert llm.chats()[1]["stream"] is True
    assert "Question: Where does lena live?" in llm.prompt(1)
    assert "lena lives in Oslo [TRUE NOW" in llm.prompt(1)
    assert reply.text.endswith("You live in Oslo.")


@pytest.mark.django_db
def test_a_question_is_exactly_one_streamed_call_with_truth_history(llm, llm_user):
    llm.json(extraction(("Brandon is going to Paris", "Brandon", "travels_to", "Paris", False)))
    say(llm_user, "Brandon is going to Paris.", at=MONDAY)
    paris = Fact.objects.get(user=llm_user)
    llm.json(extraction(("Brandon is going to Brazil", "Brandon", "travels_to", "Brazil", False)))
    llm.json(verdicts((paris.pk, "make_false", "new destination")))
    say(llm_user, "Brandon goes to Brazil instead.", at=FRIDAY)
    asked = len(llm.chats())
    llm.text("Brandon is going to Brazil; Paris was cancelled.")
    reply = say(llm_user, "Where is Brandon going?")
    assert len(llm.chats()) == asked + 1
    request = llm.chats()[-1]
    assert request["stream"] is True
    prompt = llm.prompt(-1)
    assert "true when read in chronological order" in prompt
    assert (
        "Brandon is going to Paris [NO LONGER TRUE; history: 2025-03-03: true; 2025-03-07: false]"
        in prompt
    )
    assert "Brandon is going to Brazil [TRUE NOW; history: 2025-03-07: true]" in prompt
    assert prompt.index("going to Paris") < prompt.index("going to Brazil"), "chronological"
    assert reply.text == "Brandon is going to Brazil; Paris was cancelled."
    assert reply.tokens > 3, "streamed token by token"
    assert reply.done.meta["llm_calls"] == 1
    assert reply.done.meta["answer_prompt"] == "answer/2"
    assert reply.reply.meta["tokens"] > 0 and reply.reply.meta["latency_ms"] > 0


@pytest.mark.django_db
def test_the_model_revises_a_context_that_grew_too_long(llm, llm_user, settings):
    settings.RECALLM_CONTEXT_LIMIT = 2
    llm.json(extraction(("Brandon visited Oslo", "Brandon", "visited", "Oslo", False)))
    say(llm_user, "Brandon visited Oslo.")
    oslo = Fact.objects.get(user=llm_user)
    llm.json(extraction(("Brandon visited Rome", "Brandon", "visited", "Rome", False)))
    llm.json(verdicts((oslo.pk, "no_change", "another visit")))
    say(llm_user, "Brandon visited Rome.")
    llm.json(extraction(("Brandon lives in Lima", "Brandon", "lives_in", "Lima", False)))
    llm.json({"reasoning": "latest first", "sentences": ["Brandon lives in Lima now."]})
    say(llm_user, "Brandon lives in Lima.")
    assert "at most 1 short standalone sentences" in llm.prompt(-1)
    rows = age.cypher(
        age.graph_name(llm_user.pk),
        "MATCH (c:Concept) WHERE c.stem = 'brandon' RETURN c.contexts",
        columns=("c",),
    )
    assert [c["text"] for c in rows[0][0]] == ["Brandon lives in Lima now."]
    edit = MemoryEdit.objects.get(user=llm_user, kind=EditKind.CONTEXT_REVISED)
    assert (edit.step, edit.backend, edit.prompt_version) == (
        "recallm.revise",
        "llm",
        "context-revision/2",
    )
    graph_edit = MemoryEdit.objects.filter(user=llm_user, step="recallm.graph").first()
    assert graph_edit.backend == "offline", "the concept graph is built by the rules"


@pytest.mark.django_db
def test_a_configured_embedding_model_keeps_its_vectors_apart(llm, llm_user, settings):
    from memory import embeddings, selectors

    llm.json(extraction(("lena lives in Lisbon", "lena", "lives_in", "Lisbon", False)))
    say(llm_user, "I live in Lisbon.")
    local = Fact.objects.get(user=llm_user)
    assert local.vector.embed_model == "all-MiniLM-L6-v2-onnx-int8"
    settings.LLM_EMBEDDING_MODEL = "scripted-embedder"
    llm.json(extraction(("lena works at Pfizer", "lena", "works_for", "Pfizer", False)))
    say(llm_user, "I work at Pfizer.")
    remote = Fact.objects.get(user=llm_user, object="Pfizer")
    assert remote.vector.embed_model == "remote:scripted-embedder"
    embedding_calls = [r for r in llm.requests if "input" in r]
    assert embedding_calls and embedding_calls[0]["dimensions"] == 384
    found = selectors.similar_facts(
        user_id=llm_user.pk, vector=embeddings.embed("Lisbon"), limit=10
    )
    assert [f.vector.embed_model for f, _ in found] == ["remote:scripted-embedder"]

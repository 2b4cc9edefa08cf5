"""The offline engine's language steps: NLTK-based extraction and symbolic ERASE verdicts."""

from collections.abc import Sequence
from dataclasses import replace

from lemminflect import getInflection, getLemma

from memory import nlp
from memory.models import Backend, Fact
from memory.nlp import corrections, statements
from memory.nlp.facts import leisure
from memory.nlp.words import BLOOD
from memory.pipeline.guard import (
    base_relation,
    ends_job_place,
    of_kind,
    owned_by,
    role_noun,
    stops_role,
)
from memory.pipeline.steps import Rewrite, StepInfo, Verdict


def objects_match(a: str, b: str) -> bool:
    return bool(a and b) and (nlp.entity_key(a) == nlp.entity_key(b) or nlp.same_entity(a, b))


def said_back(short: str, held: str) -> bool:
    """Whether a common noun says a value back by its own words ("the mill" for "olive
    oil mill outside sfax"): in lower case, every word of it among the value's."""
    words = [w for w in short.lower().split() if w not in ("the", "a", "an", "my", "our")]
    return bool(words) and short.islower() and set(words) <= set(held.lower().split())


def said_short(short: str, held: str) -> bool:
    """Whether a name says a value back by its first words ("the Cégep" for "Cégep de
    Trois-Rivières")."""
    from memory.nlp.casing import english_words

    words = [w for w in short.split() if w.lower() not in ("the", "a", "an", "my", "our")]
    whole = held.split()
    # (a word of English is no name: "Governor" cut from "Governor of the Turks and Caicos
    # Islands" is not "Governor of Anguilla" said shorter)
    return (
        bool(words)
        and words[0][:1].isupper()
        and not all(w.lower() in english_words() for w in words)
        and len(words) < len(whole)
        and [w.lower() for w in whole[: len(words)]] == [w.lower() for w in words]
    )


def alike(a: str, b: str) -> bool:
    """Two values of one kind, so that one may be said to correct the other: two weekdays,
    two numbers, two jobs ("a firefighter", "a cop"), two names."""
    if corrections.kind(a) != "other" or corrections.kind(b) != "other":
        return corrections.kind(a) == corrections.kind(b)
    articles = ("a ", "an ")
    return corrections.shape(a) == corrections.shape(b) or (
        a.lower().startswith(articles) and b.lower().startswith(articles)
    )


def listed_together(new: nlp.ParsedFact, facts: list[Fact]) -> bool:
    """Whether the slot was once told with several values at once ("took on two
    apprentices, dana and yerlan"): it holds several, so a new one joins them."""
    told: dict[int, set[str]] = {}
    for fact in facts:
        same = fact.relation == new.relation and nlp.same_entity(fact.subject, new.subject)
        if same and fact.object and fact.source_message_id is not None:
            told.setdefault(fact.source_message_id, set()).add(fact.object.lower())
    return any(len(values) > 1 for values in told.values())


def judge_one(new: nlp.ParsedFact, fact: Fact, index: int) -> Verdict:
    def verdict(operation: str, reason: str) -> Verdict:
        return Verdict(fact=fact, operation=operation, reason=reason, new_index=index)

    relation = base_relation(new.relation)
    if ends_job_place(new, fact):
        return verdict("make_false", f"{new.subject} no longer works, so not there either")
    if stops_role(new, fact):
        held = fact.relation.removeprefix("role:")
        reason = f"{new.subject} stopped ({relation}), so is no longer the {held}"
        return verdict("make_false", reason)
    if new.past:
        # Said of the past: it ends only the same fact still held as true, nothing else.
        same = nlp.same_entity(new.subject, fact.subject) and relation == fact.relation
        if same and objects_match(new.object, fact.object):
            return verdict("make_false", "said to be over")
        return verdict("no_change", "said of the past")
    if (
        new.negated
        and new.object
        and not new.relation.startswith("plan:")  # ("will leave Toulouse": there until then)
        and (
            objects_match(new.object, fact.object)
            or said_short(new.object, fact.object)  # "moved out of Mellanby" (Hall)
            or of_kind(fact, new.object)
            # ("the brewery dropped us": one of the set "a brewery in Deventer")
            or not relation
            and fact.relation.startswith("role:")
            and said_back(new.object, fact.object)
        )
    ):
        owner = not new.subject or owned_by(new.subject, fact.subject)
        if not relation and role_noun(fact.relation) in BLOOD:
            return verdict("no_change", "kin stay kin whoever leaves")
        if (
            owner
            and not fact.relation.startswith("not:")
            and relation != base_relation(fact.relation)
        ):
            return verdict(
                "make_false", f"{new.object} is no longer {nlp.relation_label(fact.relation)}"
            )
    if not (new.subject and nlp.same_entity(new.subject, fact.subject)):
        if nlp.entity_key(new.text) == nlp.entity_key(fact.text):
            return verdict("reinforce", "restates the same sentence")
        return verdict("no_change", "different subject")
    if relation != base_relation(fact.relation):
        return verdict("no_change", "different relation")
    fact_negated = fact.relation.startswith("not:")
    same_object = objects_match(new.object, fact.object)
    if new.negated == fact_negated:
        if same_object or (new.negated and not new.object):
            return verdict("reinforce", "states the same again")
        # (a value listed with others holds beside them: "two interns, tomasz and greta")
        # (a role said with "the" or "now" is one person's: "Emmanuel is the new captain")
        single = (nlp.relation_is_single_valued(relation) or new.sole) and new.single_valued
        # (one team at a time, but a new team does not end the pottery class)
        single = single and not (relation == "member_of" and leisure(fact.object))
        if not new.negated and new.object and single and said_short(new.object, fact.object):
            return verdict("reinforce", f"{new.object!r} is {fact.object!r} said shorter")
        if not new.negated and new.object and single:
            return verdict(
                "make_false",
                f"{nlp.relation_label(relation)} holds one value at a time: "
                f"{new.object!r} replaces {fact.object!r}",
            )
        wrong = not new.corrects or objects_match(new.corrects, fact.object)
        if (
            not new.negated
            and new.object
            and new.correction
            and wrong
            and alike(new.object, fact.object)
        ):
            # (only the value put right: "aruzhan, not aruzan" leaves Dana an apprentice)
            # "wait no, Unai's the firefighter and Maite's the cop": what was said was wrong
            return verdict("retract", f"corrected: {new.object!r}, not {fact.object!r}")
        return verdict("no_change", "another value of a relation that accumulates")
    if new.negated:
        if same_object or not new.object or not fact.object:
            return verdict("make_false", "the new message negates it")
        if said_back(new.object, fact.object):  # "left the mill": the olive oil mill
            return verdict("make_false", f"the new message negates it ({new.object!r})")
        return verdict("no_change", "negates a different value")
    if same_object or not fact.object or nlp.relation_is_single_valued(relation):
        return verdict("make_false", "the negation no longer holds")
    return verdict("no_change", "negation was about a different value")


def _agree(text: str, plural_subject: str, singular_subject: str) -> str:
    """Swap a coordinated subject for one person and make the verb agree ("work" -> "works")."""
    if not text.startswith(plural_subject):
        return text.replace(plural_subject, singular_subject, 1)
    rest = text[len(plural_subject) :].split(" ")
    if len(rest) > 1 and rest[1]:
        verb = rest[1]
        irregular = {"are": "is", "have": "has", "were": "was", "do": "does"}
        if verb.lower() in irregular:
            rest[1] = irregular[verb.lower()]
        elif getLemma(verb.lower(), upos="VERB")[:1] == (verb.lower(),):
            rest[1] = (getInflection(verb.lower(), tag="VBZ") or (verb,))[0]
    return singular_subject + " ".join(rest)


def split_members(subject: str) -> list[str]:
    parts = [p.strip() for chunk in subject.split(",") for p in chunk.split(" and ")]
    return [p for p in parts if p]


class OfflineSteps:
    backend = Backend.OFFLINE

    def info(self, step: str) -> StepInfo:
        return StepInfo(backend=self.backend, model_name="nltk-rules")

    def extract(
        self,
        text: str,
        *,
        speaker: str,
        last_person: str | None = None,
        people: Sequence[tuple[str, str]] = (),
    ) -> list[nlp.ParsedFact]:
        return statements.extract(text, speaker=speaker, last_person=last_person, people=people)

    def judge(self, new: list[nlp.ParsedFact], related: list[list[Fact]]) -> list[Verdict]:
        verdicts = []
        for index, (parsed, facts) in enumerate(zip(new, related, strict=True)):
            if listed_together(parsed, facts):
                parsed = replace(parsed, single_valued=False)
            verdicts.extend(judge_one(parsed, fact, index) for fact in facts)
        return verdicts

    def rewrite(
        self, new: list[nlp.ParsedFact], made_false: list[Fact], still_true: list[Fact]
    ) -> list[Rewrite]:
        """ERASE's second round, symbolically: a false fact about several people stays true
        for the people the new information did not concern."""
        rewrites = []
        for fact in made_false:
            members = split_members(fact.subject)
            if len(members) < 2:
                continue
            concerned = {m for m in members for n in new if nlp.same_entity(m, n.subject)}
            remaining = [m for m in members if m not in concerned]
            if not concerned or not remaining:
                continue
            subject = " and ".join(remaining)
            text = (
                _agree(fact.text, fact.subject, subject)
                if len(remaining) == 1
                else (fact.text.replace(fact.subject, subject, 1))
            )
            parsed = nlp.ParsedFact(
                text=text,
                subject=subject,
                relation=fact.relation,
                object=fact.object,
                negated=fact.relation.startswith("not:"),
                ends_previous=False,
                single_valued=nlp.relation_is_single_valued(base_relation(fact.relation)),
            )
            reason = (
                f"still true for {subject}; the new information concerned {', '.join(concerned)}"
            )
            rewrites.append(Rewrite(old=fact, new=parsed, reason=reason))
        return rewrites

"""The update pipeline: one user message (already routed as an update) into memory.

Runs inside memory.engine.apply_update's transaction and per-user lock, so every fact, truth
row, graph change and audit edit of a message commits together or not at all.
"""

import re
from concurrent.futures import Future
from dataclasses import dataclass, replace

from django.conf import settings

from chatbot.models import Message
from memory import embeddings, graph, nlp, selectors, services
from memory.engines.base import UpdateResult
from memory.models import EditKind, Fact, MemoryEdit, Operation
from memory.nlp import corrections, repair, statements, wording
from memory.nlp.casing import english_words, is_first_name
from memory.nlp.pronouns import GROUP
from memory.nlp.reader import GENDERED
from memory.pipeline import (
    amend,
    duties,
    guard,
    holders,
    initials,
    realised,
    retrieve,
    successors,
)
from memory.pipeline.guard import base_relation, departed, ends_job, may_make_false
from memory.pipeline.steps import Steps, Verdict
from memory.services import Provenance

_SPEAKER = re.compile(r"^([A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,2}):\s+(.+)$", re.S)


# Predicates that say a correction without naming the slot corrected.
SLOTLESS = {"", "mean", "say", "is", "be"}


def split_speaker(text: str, default: str) -> tuple[str, str]:
    """Transcripts prefix each turn with its speaker ("Gina: I lost my job")."""
    match = _SPEAKER.match(text)
    if match is None or labels_list(match.group(1)):
        return default, text
    return match.group(1), match.group(2)


def labels_list(said: str) -> bool:
    """ "Committee: me, Mr Horváth ...", "Band: aya vox, ren gtr": an English word that is
    no one's first name labels what follows; it is not who speaks."""
    word = said.split()[0]
    low = word.lower()
    # ("Sponsors: Lock 21 Brewing, ...": a plural the word list has in the singular)
    known = low in english_words() or low.endswith("s") and low[:-1] in english_words()
    return known and not is_first_name(word)


def stored_relation(parsed: nlp.ParsedFact) -> str:
    relation = base_relation(parsed.relation)
    return f"not:{relation}" if parsed.negated else relation


def keys_of(parsed: nlp.ParsedFact) -> tuple[str, str]:
    return nlp.entity_key(parsed.subject), nlp.entity_key(parsed.object)


@dataclass(frozen=True)
class Prepared:
    """The part of an update that reads no memory: who spoke, what they said, the new facts
    in it, and their embedding (under way on the model's thread). Made before the user's
    memory lock is taken, so the model runs while the lock and order checks are."""

    text: str  # the update text as routed, speaker prefix included
    speaker: str
    body: str
    parsed: list[nlp.ParsedFact]
    vectors: Future


def prepare(*, message: Message, text: str, steps: Steps) -> Prepared:
    if len(text) > settings.CHAT_MAX_MESSAGE_CHARS:
        raise ValueError("update text too long")
    speaker, body = split_speaker(text, message.user.get_username())
    parsed = extract_in_context(steps, user_id=message.user_id, speaker=speaker, text=body)
    user = message.user.get_username()
    pending = embeddings.embed_soon([wording.first_person(p.text, user) for p in parsed])
    return Prepared(text=text, speaker=speaker, body=body, parsed=parsed, vectors=pending)


def extract_in_context(
    steps: Steps, *, user_id: int, speaker: str, text: str
) -> list[nlp.ParsedFact]:
    """The facts of `text`, read with what the user said last: the person a "he" names, the
    people spoken of before, and the names the user gave themselves."""
    recent = selectors.latest_facts(user_id=user_id, speaker=speaker)
    last = selectors.pick_last_person(recent.subjects, speaker)
    people = recent_people(user_id=user_id, speaker=speaker, latest=recent.latest)
    parsed = steps.extract(text, speaker=speaker, last_person=last, people=people)
    parsed = statements.as_speaker(parsed, speaker=speaker, names=recent.names)
    parsed = realised.moves(parsed, user_id=user_id, speaker=speaker)
    parsed = realised.switched(parsed, user_id=user_id, said=text)
    parsed = holders.named(parsed, user_id=user_id, speaker=speaker)
    parsed = holders.lost(parsed, user_id=user_id, speaker=speaker)
    parsed = holders.joined(parsed, speaker=speaker, latest=recent.latest)
    parsed = initials.spelled_out(parsed, user_id=user_id, speaker=speaker)
    parsed = successors.handed_on(parsed, user_id=user_id, speaker=speaker)
    parsed = duties.taken_on(parsed, user_id=user_id, speaker=speaker)
    return realised.jobs(parsed, user_id=user_id, speaker=speaker)


def recent_people(
    *, user_id: int, speaker: str, latest: list[tuple[str, str, str]]
) -> list[tuple[str, str]]:
    """The persons of the user's latest facts (`latest`: selectors.latest_facts()), oldest
    first, each with the gender a role shows ("Sara's husband is Paulo": Paulo is a man):
    subjects, and the people who fill a role. Facts of one message are ordered as said. One
    more indexed read, whatever the memory's size."""
    found: list[str] = []
    for subject, relation, value in latest:
        # a role's holder, or a first name that is a value ("married Oskar"), but not a name
        # the user goes by ("I am Kenji ... her name is Mrs Ono" is not about Kenji)
        named = value if relation.startswith("role:") or is_first_name(value) else ""
        named = "" if relation == "is_called" and holders.same_key(subject, speaker) else named
        if not relation and not value and subject and not is_first_name(subject.split()[0]):
            # a sentence kept whole is filed under its first name, which may be a place
            # ("Home on leave in Carlisle"): a person only if it is a first name
            subject = ""
        for person in (named, subject):
            if selectors.named_person(person, speaker) and person not in found:
                found.append(person)
    # the latest group the user spoke of ("my parents"), for a "they" (reader.GROUP)
    groups = [s for s, _r, _v in latest if wording.of_group(s.partition("'s ")[2])]
    people = [(p, gender) for p, gender in genders_of(user_id, found)][::-1]
    return [(groups[0], GROUP), *people] if groups else people


def genders_of(user_id: int, people: list[str]) -> list[tuple[str, str]]:
    """Each person with the gender a role they fill shows, or ""."""
    keys = {nlp.entity_key(p): p for p in people}
    shown: dict[str, str] = {}
    roles = Fact.objects.filter(user_id=user_id, object_key__in=list(keys))
    for relation, key in roles.filter(relation__startswith="role:").values_list(
        "relation", "object_key"
    )[:50]:
        head = relation.removeprefix("role:").split(" of ")[0].split()[-1]
        gender = GENDERED.get(head, "")
        if gender and key in keys:
            shown.setdefault(keys[key], gender)
    return [(p, shown.get(p, "")) for p in people]


def last_said_like(*, user_id: int, value: str) -> list[Fact]:
    """ "sorry, it's the 21st": the newest current fact whose value is of the same kind as
    the one restated (a date for a date, a name for a name), among the last few said."""
    rows = Fact.objects.filter(user_id=user_id, is_true=True).exclude(object="")
    for fact in rows.order_by("-truth_since", "-pk")[:8]:
        if (
            corrections.shape(fact.object) == corrections.shape(value)
            and fact.object.lower() != value.lower()
        ):
            return [fact]
    return []


class UpdatePipeline:
    def __init__(self, *, message: Message, t: int, steps: Steps) -> None:
        self.message = message
        self.user = message.user
        self.t = t
        self.steps = steps
        self.lines: list[str] = []
        # facts read again from an earlier message put right: the message they are said in
        self.said_in: dict[int, Message] = {}

    def why(self, step: str, reason: str = "") -> Provenance:
        info = self.steps.info(step)
        return Provenance(
            step=step,
            backend=info.backend,
            cause=self.message,
            at=self.message.sent_at,
            t=self.t,
            reason=reason[:2000],
            model_name=info.model_name,
            prompt_version=info.prompt_version,
        )

    def run(self, text: str, prepared: Prepared | None = None) -> UpdateResult:
        if prepared is None or prepared.text != text:
            prepared = prepare(message=self.message, text=text, steps=self.steps)
        parsed, text = prepared.parsed, prepared.body
        vectors = embeddings.collect(prepared.vectors)
        parsed, vectors = self.apply_corrections(parsed, vectors, prepared)
        same = [self.same_slot(p) for p in parsed]
        related = [
            retrieve.related_facts(user_id=self.user.pk, vector=v, same=s)
            for v, s in zip(vectors, same, strict=True)
        ]
        verdicts = self.steps.judge(parsed, related)
        restated, made_false = self.apply_verdicts(parsed, verdicts, text)
        still_true = [f for facts in related for f in facts if f.is_true]
        self.apply_rewrites(parsed, made_false, still_true)
        added = self.add_new(parsed, vectors, restated, made_false)
        self.update_graph(text, added)
        return UpdateResult(lines=self.lines)

    def same_slot(self, parsed: nlp.ParsedFact) -> list[Fact]:
        """Stored facts the new one may confirm or replace: same subject and relation, and for
        a negation the facts holding the negated value ("we gave Tofu away")."""
        found = retrieve.same_subject_and_relation(user_id=self.user.pk, new=parsed)
        if parsed.negated and parsed.object and not parsed.relation.startswith("plan:"):
            # ("she will leave Toulouse in September": she lives there until then)
            held = retrieve.holding_value(user_id=self.user.pk, value=parsed.object)
            found += [f for f in held if f not in found]
        moved = base_relation(parsed.relation) == "lives_in" and not parsed.negated
        if (parsed.negated or departed(parsed) or moved) and parsed.subject:
            # "gary's done coaching", "Mr Kowal left on Friday": the roles he holds ("my coach
            # is Gary", "the committee is ... Mr Kowal") may end
            held = retrieve.holding_value(user_id=self.user.pk, value=parsed.subject)
            found += [f for f in held if f not in found and f.relation.startswith("role:")]
        if parsed.subject and ends_job(parsed):
            # "not working for now": where she worked by what she did there ends too
            places = retrieve.job_places(user_id=self.user.pk, subject=parsed.subject)
            found += [f for f in places if f not in found]
        return found

    def apply_corrections(self, parsed: list[nlp.ParsedFact], vectors: list, prepared: Prepared):
        """ "*thursdays", "Actually it's Max, not Rex": the earlier message that said it is
        put right and read again (memory.pipeline.amend); failing that, the fact that held
        Rex was never true (retracted, so its history says so) and Max takes its slot."""
        amended = amend.earlier_repaired(message=self.message, text=prepared.body)
        if amended is not None:
            again = self.read_again(amended, prepared.speaker)
            # what the correction itself says of the value is in the message read again, and
            # what it quotes of the wrong one is no news ("i said the school is in kotagede??")
            wrong = repair.as_word(amended.wrong)
            quoted = amend.Quoted(prepared.body, amended.wrong, prepared.speaker)
            kept = [
                (p, v)
                for p, v in zip(parsed, vectors, strict=True)
                if p.subject
                and base_relation(p.relation) not in {"", "mean", "say"}
                and not (wrong.search(p.object) and quoted.by(p.subject))
            ]
            vectors_again = self.embed_many([a.text for a in again])
            return [*again, *(p for p, _ in kept)], [*vectors_again, *(v for _, v in kept)]
        out, out_vectors = [], []
        for p, vector in zip(parsed, vectors, strict=True):
            if p.corrects == corrections.LAST_SAID:
                wrong = last_said_like(user_id=self.user.pk, value=p.object)
                p = replace(p, corrects=wrong[0].object if wrong else "")
            p, vector = self.correct_slot(p, vector)
            out.append(p)
            out_vectors.append(vector)
        return out, out_vectors

    def embed_many(self, texts: list[str]):
        """Facts' sentences embedded as the user would say them (wording.first_person)."""
        user = self.user.get_username()
        return embeddings.embed_many([wording.first_person(t, user) for t in texts])

    def read_again(self, amended: amend.Amended, speaker: str) -> list[nlp.ParsedFact]:
        reason = f"corrected by the user: {amended.right}, not {amended.wrong}"
        for old in amended.facts:
            services.judge_fact(
                fact=old, operation=Operation.RETRACT, why=self.why("erase.correct", reason)
            )
        self.lines.append(f"Corrected: {amended.wrong} → {amended.right}.")
        again = extract_in_context(
            self.steps, user_id=self.user.pk, speaker=speaker, text=amended.text
        )
        # (what the re-read facts put right is the wrong value, no other value of the slot)
        again = [replace(a, correction=True, corrects=a.corrects or amended.wrong) for a in again]
        if amended.said is not None:
            self.said_in.update({id(a): amended.said for a in again})
        return again

    def correct_slot(self, p: nlp.ParsedFact, vector):
        wrong = retrieve.holding_value(user_id=self.user.pk, value=p.corrects) if p.corrects else []
        if p.subject:
            wrong = [f for f in wrong if guard.owned_by(p.subject, f.subject)] or wrong
        if not wrong and p.corrects and base_relation(p.relation) in SLOTLESS:
            return self.correct_sentence(p, vector)
        if not wrong:
            return p, vector
        old = wrong[0]
        self.retract_corrected(old, p)
        # "I meant Rex, not Max" names no slot of its own: Rex takes Max's.
        if base_relation(p.relation) in SLOTLESS:
            relation = base_relation(old.relation)
            text = wording.clause(subject=old.subject, relation=relation, value=p.object)
            p = replace(p, text=text, subject=old.subject, relation=relation, single_valued=False)
            vector = self.embed_many([text])[0]
        return p, vector

    def retract_corrected(self, old: Fact, p: nlp.ParsedFact) -> None:
        """The fact that held the wrong value was never true (its history says so)."""
        reason = f"corrected by the user: {p.object}, not {p.corrects}"
        services.judge_fact(
            fact=old, operation=Operation.RETRACT, why=self.why("erase.correct", reason)
        )
        self.lines.append(f"Corrected: {p.corrects} → {p.object}.")

    def correct_sentence(self, p: nlp.ParsedFact, vector):
        """ "*wednesday evenings, not tuesday" when no fact holds Tuesday as its value but
        the latest that says it ("started pottery lessons on tuesday evenings"): that fact
        was never true as said; it holds again with the sentence put right."""
        said = retrieve.saying_value(user_id=self.user.pk, value=p.corrects)
        if p.corrects == corrections.LAST_SAID or not said:
            return p, vector
        old = said[0]
        self.retract_corrected(old, p)
        text = repair.as_word(p.corrects).sub(p.object, old.text)
        p = replace(p, text=text, subject=old.subject, relation=old.relation, object=old.object)
        return replace(p, single_valued=False), self.embed_many([text])[0]

    def apply_verdicts(self, parsed, verdicts: list[Verdict], text: str):
        restated: set[int] = set()
        made_false: list[Fact] = []
        done: set[int] = set()
        for verdict in verdicts:
            fact = verdict.fact
            if verdict.operation == "no_change" or fact.pk in done:
                continue
            if verdict.operation == "reinforce":
                services.judge_fact(
                    fact=fact,
                    operation=Operation.REINFORCE,
                    why=self.why("erase.verdict", verdict.reason),
                )
                restated.add(verdict.new_index)
                self.lines.append(f"Already known: {sentence(fact.text)}")
            elif verdict.operation in ("make_false", "retract"):
                if not may_make_false(new=parsed, text=text, fact=fact):
                    continue  # guarded: see memory.pipeline.guard
                retract = verdict.operation == "retract"
                services.judge_fact(
                    fact=fact,
                    operation=Operation.RETRACT if retract else Operation.MAKE_FALSE,
                    why=self.why("erase.correct" if retract else "erase.verdict", verdict.reason),
                )
                made_false.append(fact)
                self.lines.append(describe_change(fact, parsed))
            done.add(fact.pk)
        return restated, made_false

    def apply_rewrites(self, parsed, made_false: list[Fact], still_true: list[Fact]) -> None:
        if not made_false:
            return
        for rewrite in self.steps.rewrite(parsed, made_false, still_true):
            why = self.why("erase.rewrite", rewrite.reason)
            services.record_edit(
                user=self.user,
                kind=EditKind.FACT_REWRITTEN,
                why=why,
                fact=rewrite.old,
                before=rewrite.old.snapshot(),
                after={**rewrite.old.snapshot(), "rewritten_as": rewrite.new.text},
            )
            new = rewrite.new
            services.add_fact(
                user=self.user,
                text=new.text,
                why=why,
                triplet=(new.subject, stored_relation(new), new.object),
                keys=keys_of(new),
            )
            self.lines.append(f"Rewrote: {rewrite.old.text.rstrip('.')} → {sentence(new.text)}")

    def add_new(self, parsed, vectors, restated: set[int], made_false: list[Fact]) -> list[Fact]:
        added = []
        why = self.why("erase.add")
        for index, (p, vector) in enumerate(zip(parsed, vectors, strict=True)):
            if index in restated or (p.past and ended_here(p, made_false)):
                continue
            fact = services.add_fact(
                user=self.user,
                text=p.text,
                why=why,
                embedding=vector,
                triplet=(p.subject, stored_relation(p), p.object),
                keys=keys_of(p),
                said_in=self.said_in.get(id(p)),
            )
            added.append(fact)
            if p.past:  # "I used to live in Wellington": true once, false from the start
                services.judge_fact(
                    fact=fact,
                    operation=Operation.MAKE_FALSE,
                    why=self.why("erase.past", "said of the past"),
                )
                self.lines.append(f"Noted, as over: {sentence(p.text)}")
                continue
            replaced = any(
                base_relation(f.relation) == base_relation(p.relation) for f in made_false
            )
            if not replaced:
                self.lines.append(f"Added: {sentence(p.text)}")
        return added

    def false_among(self, ids: set[int]) -> set[int]:
        # Truth is checked here, not in SQL: asked for false facts, the planner walked all of
        # the user's false facts (hundreds) instead of looking up the few ids.
        rows = Fact.objects.filter(user=self.user, pk__in=ids).values_list("pk", "is_true")
        return {pk for pk, is_true in rows if not is_true}

    def update_graph(self, text: str, added: list[Fact]) -> None:
        name = graph.ensure_user_graph(self.user.pk)
        at = self.message.sent_at.isoformat()
        mentions = []
        # Markup pasted into chat is not a concept ("</b>", "script"): tags are dropped first.
        for sentence in nlp.sentences(statements.MARKUP.sub(" ", text)):
            concepts = [(c.stem, c.label) for c in nlp.concepts(sentence)]
            facts = [f.pk for f in added if _overlaps(f.text, sentence)]
            mentions.append((concepts, graph.ContextLine(sentence, self.t, at, facts)))
        edits = graph.record_sentence_concepts(
            graph=name,
            mentions=mentions,
            t=self.t,
            false_facts=self.false_among,
            summarise=getattr(self.steps, "summarise_context", None),
        )
        why = self.why("recallm.graph")
        revised = self.why("recallm.revise")
        services.record_edits(
            MemoryEdit(
                user=self.user,
                kind=e.kind,
                target=e.target[:300],
                before=e.before,
                after=e.after,
                cause_message=self.message,
                step=w.step,
                backend=w.backend,
                model_name=w.model_name,
                prompt_version=w.prompt_version,
            )
            for e in edits
            for w in [revised if e.kind == "context_revised" else why]
        )


def ended_here(parsed: nlp.ParsedFact, made_false: list[Fact]) -> bool:
    """A past fact that this message already made false where it was held as true."""
    return any(
        f.relation == parsed.relation and nlp.entity_key(f.object) == nlp.entity_key(parsed.object)
        for f in made_false
    )


def sentence(text: str) -> str:
    """One full stop at the end, whatever the fact's text ended with."""
    return text.rstrip(" .") + "."


def describe_change(old: Fact, parsed: list[nlp.ParsedFact]) -> str:
    """ "Updated: Brandon vacation plan Paris → Brazil" when a new value replaced the old one."""
    relation = base_relation(old.relation)
    for new in parsed:
        if (
            not new.negated
            and base_relation(new.relation) == relation
            and nlp.same_entity(new.subject, old.subject)
            and old.object
            and not old.relation.startswith("not:")
        ):
            if relation.startswith("role:"):  # "Updated: your captain Baraka → Emmanuel."
                role = relation.removeprefix("role:")
                return f"Updated: {old.subject}'s {role} {old.object} → {new.object}."
            label = nlp.relation_label(relation)
            return f"Updated: {old.subject} {label} {old.object} → {new.object}."
    return f"No longer true: {sentence(old.text)}"


def _overlaps(fact_text: str, sentence: str) -> bool:
    """Whether a fact came from this sentence (shares most of its content words)."""
    words = {w.lower() for w in nlp.tokenize(fact_text) if len(w) > 3}
    found = {w.lower() for w in nlp.tokenize(sentence)}
    return bool(words) and len(words & found) / len(words) >= 0.5


def run_update(
    *, message: Message, text: str, t: int, steps: Steps, prepared: Prepared | None = None
) -> UpdateResult:
    return UpdatePipeline(message=message, t=t, steps=steps).run(text, prepared)

"""RecallM's concepts: the nouns of a sentence, merged by Porter stem, displayed as written."""

from dataclasses import dataclass

from memory.nlp.clauses import retag
from memory.nlp.text import pos_tag, stem, tokenize

# Nouns too vague to be worth a vertex of their own.
STOP_NOUNS = {
    "thing",
    "things",
    "lot",
    "lots",
    "time",
    "times",
    "way",
    "ways",
    "bit",
    "kind",
    "sort",
    "stuff",
    "something",
    "anything",
    "everything",
    "nothing",
    "someone",
    "anyone",
    "everyone",
    "day",
    "today",
    "yesterday",
    "tomorrow",
    "week",
    "year",
    "month",
    "people",
}


@dataclass(frozen=True)
class Concept:
    label: str
    stem: str
    proper: bool


def concepts(sentence: str) -> list[Concept]:
    words = tokenize(sentence)
    tagged = list(zip(words, retag(words, [t for _, t in pos_tag(words)]), strict=True))
    found: list[Concept] = []
    seen: set[str] = set()
    run: list[tuple[str, str]] = []

    def flush() -> None:
        if not run:
            return
        proper = any(tag.startswith("NNP") for _, tag in run)
        words = [w for w, _ in run] if proper else [run[-1][0]]  # compound names stay whole
        label = " ".join(words)
        key = " ".join(stem(w) for w in words)
        if key not in seen and label.lower() not in STOP_NOUNS and any(c.isalnum() for c in label):
            seen.add(key)
            found.append(Concept(label=label, stem=key, proper=proper))
        run.clear()

    for word, tag in tagged:
        if (
            tag.startswith("NN")
            and word.isprintable()
            and len(word) > 1
            or (tag.startswith("NN") and word.isalpha())
        ):
            if run and run[-1][1].startswith("NNP") != tag.startswith("NNP"):
                flush()
            run.append((word, tag))
        else:
            flush()
    flush()
    return found

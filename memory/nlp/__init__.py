"""Offline language processing: sentences, POS tags, stems, concepts, routing, atomic facts as
triplets, question intents and fuzzy entity matching. No network, no model downloads."""

from memory.nlp.concepts import Concept, concepts
from memory.nlp.entities import entity_key, members, same_entity
from memory.nlp.facts import ParsedFact, extract_facts
from memory.nlp.questions import QuestionIntent, parse_question
from memory.nlp.relations import relation_is_single_valued, relation_label
from memory.nlp.routing import Route, route, told_part
from memory.nlp.text import pos_tag, sentences, stem, tokenize

__all__ = [
    "Concept",
    "ParsedFact",
    "QuestionIntent",
    "Route",
    "concepts",
    "entity_key",
    "extract_facts",
    "members",
    "parse_question",
    "pos_tag",
    "relation_is_single_valued",
    "relation_label",
    "route",
    "told_part",
    "same_entity",
    "sentences",
    "stem",
    "tokenize",
]

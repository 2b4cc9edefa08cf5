"""Unrelated updates to put between the statements of a scenario, as the papers do."""

import itertools

_PEOPLE = ["Ivy", "Omar", "Priya", "Quentin", "Rosa", "Sven", "Tariq", "Uma", "Viktor", "Wen"]
_TEMPLATES = [
    "{p} likes playing chess on Sundays.",
    "{p} has a cat named Pixel.",
    "{p} enjoys hiking in the mountains.",
    "{p} is learning to play the violin.",
    "{p} collects old stamps.",
    "{p} has a friend called Lior.",
    "{p} loves spicy noodles.",
    "{p} reads science fiction novels.",
]


def fillers(count: int) -> list[str]:
    combos = itertools.cycle(itertools.product(_TEMPLATES, _PEOPLE))
    return [template.format(p=person) for template, person in itertools.islice(combos, count)]

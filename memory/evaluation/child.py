"""Entry points for bench.build_memory's child process. Nothing of the project is imported at
the top: a spawned child loads this module to find the functions before Django is set up."""

import os
from typing import TYPE_CHECKING

import django

if TYPE_CHECKING:
    from memory.evaluation.bench import Built


def start(database_env: dict[str, str]) -> None:
    os.environ.update(database_env)  # the parent's database (under tests, the test one)
    django.setup()


def build(size: int, users: int) -> "Built":
    from memory.evaluation.bench import build_here

    return build_here(size, users)

"""Keep the README's results in step with the commands that measure them.

A generated block sits between `<!-- results:NAME -->` and `<!-- /results:NAME -->`; the
commands rewrite only what is between those two lines, so the README's numbers are never typed
by hand.
"""

from pathlib import Path


class MissingBlock(ValueError):
    """The README has no block of that name to replace."""


def splice(readme: Path, name: str, text: str) -> None:
    start, end = f"<!-- results:{name} -->", f"<!-- /results:{name} -->"
    content = readme.read_text(encoding="utf-8")
    if start not in content or end not in content:
        raise MissingBlock(f"{readme} has no {start} … {end} block")
    head, rest = content.split(start, 1)
    _old, tail = rest.split(end, 1)
    readme.write_text(f"{head}{start}\n{text.strip()}\n{end}{tail}", encoding="utf-8")

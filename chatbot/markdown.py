"""Bot replies as Markdown: lists, emphasis and code read as such in the page.

markdown-it-py renders CommonMark with raw HTML disabled (any tag in the text is shown as
text), and nh3 then keeps only the tags a reply needs: two independent guards, because a reply
quotes what users (or a model) wrote.
"""

from functools import cache

import nh3
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

TAGS = {
    "p",
    "br",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "code",
    "pre",
    "blockquote",
    "a",
    "h1",
    "h2",
    "h3",
    "h4",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "del",
}


@cache
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


def render(text: str) -> SafeString:
    html = _parser().render(text or "")
    clean = nh3.clean(html, tags=TAGS, attributes={"a": {"href"}}, url_schemes={"http", "https"})
    return mark_safe(clean)  # noqa: S308 - sanitised by nh3 just above

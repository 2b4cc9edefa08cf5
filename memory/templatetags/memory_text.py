"""A fact's stored sentence as the My memory page shows it to its owner: "you work at
Unbabel", not "<username> works at Unbabel" (the username is no word a person says)."""

from django import template

from memory.nlp import wording

register = template.Library()


@register.filter
def to_owner(text: str, username: str) -> str:
    said = wording.to_owner(text, username)
    return said[:1].upper() + said[1:]

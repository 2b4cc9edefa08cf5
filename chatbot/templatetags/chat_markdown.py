from django import template

from chatbot import markdown

register = template.Library()


@register.filter(name="markdown")
def markdown_filter(text: str):
    return markdown.render(text)

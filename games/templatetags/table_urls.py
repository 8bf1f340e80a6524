"""Tags for the table's regions, which are rendered for every seat on every move.

{% cached_url %} is {% url %}: the same name and arguments always give the same path (for one
script prefix and language), and reverse() took half of the seats region's rendering time.
{{ lines|newest_first }} is the move log's items, newest first, escaped as autoescape would: a
template loop (or format_html) over a round's lines cost ten times as much, for every viewer.

    {% load table_urls %}{% cached_url 'table_act' match.pk %}
"""

import html
from functools import lru_cache

from django import template
from django.urls import get_script_prefix, reverse
from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import get_language

register = template.Library()


@register.simple_tag
def cached_url(name: str, *args) -> str:
    return _reverse(name, args, get_script_prefix(), get_language())


@lru_cache(maxsize=16384)  # a dozen paths per table open somewhere
def _reverse(name: str, args: tuple, script_prefix: str, language: str | None) -> str:
    return reverse(name, args=args)  # the key's language: for i18n_patterns, should they come


@register.filter
def newest_first(lines) -> str:
    items = [
        f"<li>{line}</li>" if isinstance(line, SafeData) else _item(str(line))
        for line in reversed(lines)
    ]
    return mark_safe("".join(items))  # noqa: S308 (each item escaped as autoescape would)


@lru_cache(maxsize=16384)  # a line stays in the log all round, for every viewer
def _item(line: str) -> str:
    return f"<li>{html.escape(line)}</li>"

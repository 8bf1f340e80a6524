"""{% cached_url %}: {% url %} for the table's regions, which are rendered for every seat on every
move. The same name and arguments always give the same path (for one script prefix and
language), and reverse() took half of the seats region's rendering time.

    {% load table_urls %}{% cached_url 'table_act' match.pk %}
"""

from functools import lru_cache

from django import template
from django.urls import get_script_prefix, reverse
from django.utils.translation import get_language

register = template.Library()


@register.simple_tag
def cached_url(name: str, *args) -> str:
    return _reverse(name, args, get_script_prefix(), get_language())


@lru_cache(maxsize=16384)  # a dozen paths per table open somewhere
def _reverse(name: str, args: tuple, script_prefix: str, language: str | None) -> str:
    return reverse(name, args=args)  # the key's language: for i18n_patterns, should they come

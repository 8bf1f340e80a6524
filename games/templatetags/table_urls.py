"""{% cached_url %}: {% url %} for the table's regions, which are rendered for every seat on every
move. The same name and arguments always give the same path (for one script prefix), and
reverse() took half of the seats region's rendering time.

    {% load table_urls %}{% cached_url 'table_act' match.pk %}
"""

from functools import lru_cache

from django import template
from django.urls import get_script_prefix, reverse

register = template.Library()


@register.simple_tag
def cached_url(name: str, *args) -> str:
    return _reverse(name, args, get_script_prefix())


@lru_cache(maxsize=16384)  # a dozen paths per table open somewhere
def _reverse(name: str, args: tuple, script_prefix: str) -> str:
    return reverse(name, args=args)

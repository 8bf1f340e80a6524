"""The Jinja2 environment of the table's regions (`*.jinja` in each app's jinja2/ folder).

A table's regions are rendered for its viewers on every move, and Jinja2, which compiles a
template to Python code, renders them two to three times faster than Django's engine
(benchmarks/README.md). Pages stay Django templates and take the regions as rendered HTML
({% include_jinja %} puts a Jinja2 piece, as Dame's board, into a page).

What a Django template loads with {% load library %}, a region has as a namespace of the same
name: {% cached_url 'table' match.pk %} is {{ table_urls.cached_url('table', match.pk) }}, and
the libraries' filters are filters ({{ lines|newest_first }}). Words are translated by Django's
own gettext, as the `_`, `gettext`, `ngettext` and `pgettext` functions: {{ _("Players") }},
{{ ngettext("%(n)s card", "%(n)s cards", n) % {"n": n} }}, with the message ids the Django
templates used (`make makemessages` collects them: games/management/commands/makemessages.py).
"""

from __future__ import annotations

import sysconfig
from importlib import import_module
from pathlib import Path

from django.conf import settings
from django.template import defaultfilters
from django.template.backends.django import get_installed_libraries
from django.utils import translation
from jinja2 import ChainableUndefined, Environment


def environment(**options) -> Environment:
    options["extensions"] = [*options.get("extensions", ()), "jinja2.ext.i18n"]
    # As in Django's templates, a value that is not there (or an attribute of one) is nothing.
    options["undefined"] = ChainableUndefined
    env = Environment(**options)
    env.install_gettext_callables(
        translation.gettext,
        translation.ngettext,
        newstyle=False,  # newstyle %-formats every string, even one meant for the browser's JS
        pgettext=translation.pgettext,
        npgettext=translation.npgettext,
    )
    env.filters["date"] = defaultfilters.date
    env.globals.update(table_macros())
    for name, module in _own_libraries().items():
        env.globals[name] = module
        env.filters.update(module.register.filters)
    return env


def table_macros() -> dict:
    """region() and move_form(), the plumbing of a game's regions (games/macros.py)."""
    from games.macros import GLOBALS  # the site's apps are not loaded when this module is

    return GLOBALS


def _own_libraries() -> dict:
    """The site's own template tag libraries (not those of Django or installed packages)."""
    installed = {Path(sysconfig.get_path(key)).resolve() for key in ("purelib", "platlib")}
    own = {}
    for name, path in get_installed_libraries().items():
        module = import_module(path)
        where = Path(module.__file__).resolve()
        if where.is_relative_to(settings.BASE_DIR) and not any(
            map(where.is_relative_to, installed)
        ):
            own[name] = module
    return own


def compile_all() -> int:
    """Compile every region template now (a server process does, before its first table):
    else the first moves after a start wait while each is compiled. Returns how many."""
    from django.template import engines

    env = engines["jinja2"].env
    names = env.list_templates(extensions=["jinja"])
    for name in names:
        env.get_template(name)
    return len(names)

"""Django's makemessages, which also collects the words of the Jinja2 templates (`*.jinja`: the
table's regions, korsaren_site/jinja.py): their _(), gettext(), ngettext() and pgettext() calls
are found by Jinja2's own parser and handed to xgettext as Python, as Django does with its own
templates' tags.

    manage.py makemessages -e html,txt,py,jinja -l de
"""

from django.core.management.commands import makemessages
from django.template import engines
from jinja2.ext import GETTEXT_FUNCTIONS, extract_from_ast


class BuildFile(makemessages.BuildFile):
    @property
    def is_jinja(self) -> bool:
        return self.translatable.file.endswith(".jinja")

    def preprocess(self) -> None:
        if not self.is_jinja:
            return super().preprocess()
        with open(self.path, encoding="utf-8") as fp:
            source = fp.read()
        with open(self.work_path, "w", encoding="utf-8") as fp:
            fp.write(python_calls(source))


def python_calls(source: str) -> str:
    """The template's message calls as lines of Python, each on its line in the template (so
    that xgettext's references point at the template's lines)."""
    lines = [""] * (source.count("\n") + 1)
    tree = engines["jinja2"].env.parse(source)
    for lineno, function, message in extract_from_ast(tree, GETTEXT_FUNCTIONS):
        strings = message if isinstance(message, tuple) else (message,)
        args = [repr(s) for s in strings if s is not None]
        if function in ("ngettext", "npgettext"):
            args.append("1")  # the count: any number
        name = "gettext" if function == "_" else function
        lines[lineno - 1] += f"{name}({', '.join(args)}); "
    return "\n".join(lines)


class Command(makemessages.Command):
    build_file_class = BuildFile

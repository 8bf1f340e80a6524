"""{% include_jinja %}: a Jinja2 template (the table's regions and their pieces are Jinja2:
korsaren_site/jinja.py) inside a Django page, as {% include %} would put it there.

    {% load jinja %}{% include_jinja "games/board/grid.jinja" board=diagram.board %}
"""

from django import template

from games.rendering import render_region

register = template.Library()


@register.simple_tag(takes_context=True)
def include_jinja(context, template_name: str, **extra) -> str:
    """The template rendered with the page's context and `extra`, as HTML."""
    return render_region(template_name, {**context.flatten(), **extra})

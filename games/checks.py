"""The start-up check of every installed game's web part (`manage.py check`, and every start of
the site): each member of its presenter that has no usable default, each template it names and
each region template, so that a game that lacks one is told so by name before anyone sits down
(docs/web-part.md lists them all)."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.core.checks import Error, register
from django.template import TemplateDoesNotExist, engines

from games import registry
from games.plugin import GameConfig, Presenter

# The presenter's templates: which engine renders each (the table's regions and what they
# include are Jinja2, `.jinja`; pages and their pieces are Django templates, `.html`).
TEMPLATES = {
    "board_template": "django",
    "moves_template": "jinja2",
    "result_template": "django",
    "replay_template": "django",
}
# Members whose default cannot play a game.
REQUIRED = ("name", "tagline", "picture", "board_template", "moves_template", "replay_template")


def _error(config: GameConfig, text: str, number: int) -> Error:
    return Error(
        f"{config.slug}: {text}",
        hint="docs/web-part.md lists what a game's presenter gives.",
        obj=type(config.presenter),
        id=f"games.E{number:03d}",
    )


def _template_exists(engine: str, name: str) -> bool:
    try:
        engines[engine].get_template(name)
    except TemplateDoesNotExist:
        return False
    return True


def presenter_errors(config: GameConfig) -> list[Error]:
    """What is missing from one game's web part."""
    from games.rendering import PLATFORM_REGIONS, template_name

    presenter, game, errors = config.presenter, config.game, []
    for member in REQUIRED:
        if not getattr(presenter, member):
            errors.append(_error(config, f"its presenter sets no {member}.", 1))
    if type(presenter).parse_move is Presenter.parse_move:
        errors.append(_error(config, "its presenter has no parse_move: no move can be made.", 2))
    for member, engine in TEMPLATES.items():
        name = getattr(presenter, member)
        if name and not _template_exists(engine, name):
            errors.append(_error(config, f"{member} {name!r} is not a {engine} template.", 3))
    if game.traits.optional_moves and not presenter.optional_template:
        errors.append(_error(config, "it has optional moves but no optional_template.", 4))
    if presenter.optional_template and not _template_exists("jinja2", presenter.optional_template):
        name = presenter.optional_template
        errors.append(_error(config, f"optional_template {name!r} is not a jinja2 template.", 3))
    for region in presenter.regions:
        name = template_name(config.slug, region)
        if region in PLATFORM_REGIONS:
            errors.append(_error(config, f"its region {region!r} is one of the platform's.", 5))
        elif not _template_exists("jinja2", name):
            errors.append(_error(config, f"its region {region!r} has no template {name}.", 3))
    for region in set(presenter.shared_regions) - set(presenter.regions) - set(PLATFORM_REGIONS):
        errors.append(_error(config, f"shared_regions names {region!r}, which is no region.", 5))
    if not _template_exists("django", f"{config.slug}/rules.html"):
        errors.append(_error(config, f"it has no rules page {config.slug}/rules.html.", 3))
    from games.plugin import COMPONENTS

    for name in set(presenter.components) - set(COMPONENTS):
        errors.append(_error(config, f"components names {name!r}, which is not one.", 6))
    for member in ("picture", "stylesheet"):
        path = getattr(presenter, member)
        if path and not finders.find(path):
            errors.append(_error(config, f"{member} {path!r} is not a static file.", 6))
    if set(presenter.bot_names()) != set(game.bots.levels):
        errors.append(_error(config, "bot_names() does not name every bot level.", 7))
    if presenter.seat_names and len(presenter.seat_names) < max(game.player_counts):
        errors.append(_error(config, "seat_names has fewer names than the game has seats.", 8))
    return errors


@register("games")
def check_games(app_configs=None, **kwargs) -> list[Error]:
    return [error for config in registry.all_games() for error in presenter_errors(config)]

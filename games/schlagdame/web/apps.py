from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class SchlagdameConfig(GameConfig):
    """Schlagdame's lobby entry, ratings and rules page: Dame's engine (misère, SD1) and Dame's
    web part (games.dame.web), with its own words."""

    default = True
    name = "games.schlagdame.web"
    label = "schlagdame"
    verbose_name = _("Schlagdame")
    engine = "games.schlagdame"
    presenter_class = "games.dame.web.presenter.SchlagdamePresenter"

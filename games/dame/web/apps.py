from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class DameConfig(GameConfig):
    default = True
    name = "games.dame.web"
    label = "dame"
    verbose_name = _("Dame")
    engine = "games.dame"
    presenter_class = "games.dame.web.presenter.DamePresenter"

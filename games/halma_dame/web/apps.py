from django.utils.translation import gettext_lazy as _

from games.plugin import GameConfig


class HalmaDameConfig(GameConfig):
    default = True
    name = "games.halma_dame.web"
    label = "halma_dame"
    verbose_name = _("Halma-Dame")
    engine = "games.halma_dame"
    presenter_class = "games.halma_dame.web.presenter.HalmaDamePresenter"

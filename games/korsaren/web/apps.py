from games.plugin import GameConfig


class KorsarenConfig(GameConfig):
    default = True
    name = "games.korsaren.web"
    label = "korsaren"
    verbose_name = "Korsaren"
    engine = "games.korsaren"
    presenter_class = "games.korsaren.web.presenter.KorsarenPresenter"

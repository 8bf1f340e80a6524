from games.plugin import GameConfig


class SnapConfig(GameConfig):
    default = True
    name = "tests.optional_game.web"
    label = "snap"
    verbose_name = "Snap"
    engine = "tests.optional_game.snap"
    presenter_class = "tests.optional_game.web.presenter.SnapPresenter"

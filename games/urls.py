from importlib.util import find_spec

from django.urls import include, path

from games import history_views, registry, views

urlpatterns = [
    path("play/", views.play, name="play"),
    path("play/tables/", views.lobby_tables, name="lobby_tables"),
    path("rules/", views.rules_index, name="rules"),
    path("waiting/", views.waiting, name="waiting"),
    path("games/<slug:game>/rules/", views.rules, name="game_rules"),
    path("leaderboard/", history_views.leaderboard, name="leaderboard"),
    path("leaderboard/<slug:game>/", history_views.leaderboard, name="game_leaderboard"),
    path("matches/", history_views.my_matches, name="my_matches"),
    path("players/<str:username>/", history_views.player, name="player"),
    path("matches/<id:match_id>/", history_views.match_detail, name="match_detail"),
    path("matches/<id:match_id>/verify/", history_views.match_verify, name="match_verify"),
    path("matches/<id:match_id>/export.json", history_views.match_export, name="match_export"),
    path(
        "matches/<id:match_id>/rounds/<id:number>/",
        history_views.round_replay,
        name="round_replay",
    ),
    path("tables/<id:match_id>/", views.table, name="table"),
    path("tables/<id:match_id>/join/", views.table_join, name="table_join"),
    path("tables/<id:match_id>/leave/", views.table_leave, name="table_leave"),
    path("tables/<id:match_id>/bots/", views.table_add_bot, name="table_add_bot"),
    path(
        "tables/<id:match_id>/bots/<id:position>/remove/",
        views.table_remove_bot,
        name="table_remove_bot",
    ),
    path("tables/<id:match_id>/start/", views.table_start, name="table_start"),
    path("tables/<id:match_id>/act/", views.table_act, name="table_act"),
    path("tables/<id:match_id>/take-back/", views.table_take_back, name="table_take_back"),
    path("tables/<id:match_id>/rematch/", views.table_rematch, name="table_rematch"),
    path("tables/<id:match_id>/mute/<id:user_id>/", views.table_mute, name="table_mute"),
]

# A game's own endpoints (Korsaren's lay-down preview), from its web app's urls.py if it has one.
urlpatterns += [
    path("", include(f"{config.name}.urls"))
    for config in registry.all_games()
    if find_spec(f"{config.name}.urls")
]

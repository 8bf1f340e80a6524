"""{% player_record user %}: a player's record in each game they played (rating, chart,
statistics) on any page."""

from django import template

from games import history, registry

register = template.Library()


@register.inclusion_tag("games/partials/player_stats.html")
def player_record(user) -> dict:
    games = history.games_played(user) or registry.slugs()[:1]
    records = []
    for game in games:
        stats = history.player_stats(user, game)
        records.append({"stats": stats, "chart": history.rating_chart(stats)})
    return {"records": records}


@register.filter
def round_name(presenter, number) -> str:
    """{{ presenter|round_name:n }}: round n in the game's word (Presenter.round_words)."""
    return presenter.round_name(number)

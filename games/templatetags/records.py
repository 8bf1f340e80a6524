"""{% player_record user %}: a player's record in each game they played (rating, chart,
statistics) on any page."""

from django import template

from games import history, registry
from games.seat_names import names_of_seats

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
def seat_names(seats) -> list[str]:
    """{% for name in match.seats.all|seat_names %}: the seats' names in seat order, two bots
    of one level told apart ("Deckhand 1", "Deckhand 2")."""
    return [name for _, name in sorted(names_of_seats(seats).items())]


@register.filter
def round_name(presenter, number) -> str:
    """{{ presenter|round_name:n }}: round n in the game's word (Presenter.round_words)."""
    return presenter.round_name(number)

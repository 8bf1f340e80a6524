"""{% player_record user %}: a player's record (rating, chart, statistics) on any page."""

from django import template

from games import history

register = template.Library()


@register.inclusion_tag("games/partials/player_stats.html")
def player_record(user) -> dict:
    stats = history.player_stats(user)
    return {"stats": stats, "chart": history.rating_chart(stats)}

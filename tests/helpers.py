"""Small helpers shared by the site's tests."""

import re

import redis
from allauth.account.models import EmailAddress
from django.conf import settings

from accounts.models import User

PASSWORD = "Long-enough-Passw0rd"


def make_user(
    username: str = "anne",
    email: str = "anne@example.com",
    password: str = PASSWORD,
    *,
    verified: bool = True,
    **fields,
) -> User:
    """A user with a (verified) primary e-mail address, as after a completed sign-up."""
    user = User.objects.create_user(username=username, email=email, password=password, **fields)
    EmailAddress.objects.create(user=user, email=email, primary=True, verified=verified)
    return user


def full_table(game: str, seed: str):
    """A started match of `game` with a person in each of its most seats, and who sits where
    ({position: user})."""
    from games import registry, services

    seats = max(registry.get(game).game.player_counts)
    users = [make_user(f"p{i}", f"p{i}@example.com") for i in range(seats)]
    match = services.create_table(
        users[0], game=game, seat_count=seats, turn_seconds=86400, rated=False, private=False
    )
    for user in users[1:]:
        services.join_table(user, match.pk)
    services.start_match(users[0], match.pk, seed=seed)
    return match, {s.position: s.user for s in match.seats.select_related("user")}


def link_in(body: str, path: str) -> str:
    """The path of the first link in an e-mail body that starts with `path`."""
    match = re.search(rf"https?://[^/\s]+({re.escape(path)}\S*)", body)
    assert match, f"no link to {path} in:\n{body}"
    return match.group(1)


def cache_keys() -> list[bytes]:
    """The keys this test session's cache holds in Redis (its own KEY_PREFIX)."""
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    return list(redis.Redis.from_url(settings.REDIS_URL).scan_iter(f"{prefix}:*"))


def same_page(response) -> str:
    """A page's HTML without what differs from one response to the next and says nothing: the
    session's CSRF token (masked afresh each time) and the address asked for (the language
    menu's "next"). For comparing two 404 pages."""
    html = response.content.decode()
    pattern = r'(csrfmiddlewaretoken" value="|"X-CSRFToken": "|name="next" value=")[^"]+'
    return re.sub(pattern, r"\1", html)

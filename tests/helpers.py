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

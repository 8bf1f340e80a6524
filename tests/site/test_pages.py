import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("home", "Sign up to play"),
        ("rules", "Korsaren"),
        ("game_rules korsaren", "Setting sail"),
        ("account_login", "Sign In"),
        ("account_signup", "Sign Up"),
        ("account_reset_password", "Password Reset"),
    ],
)
def test_pages_render_in_the_site_layout(client, name, text):
    name, *args = name.split()
    response = client.get(reverse(name, args=args))
    page = response.content.decode()
    assert response.status_code == 200
    assert text in page
    assert 'class="site-nav"' in page  # allauth's pages too use our base layout
    for link in ("play", "leaderboard", "rules"):
        assert f'href="{reverse(link)}"' in page
    assert "vendor/htmx/htmx.min.js" in page
    assert "vendor/htmx-ext-ws/ws.min.js" in page


def test_rules_cover_the_whole_game(client):
    page = client.get(reverse("game_rules", args=["korsaren"])).content.decode()
    for term in ("pier", "stock", "discard pile", "Prisoners", "Crew", "Stowaways", "limit"):
        assert term in page
    for section in ("deal", "turn", "set-sail", "attach", "scoring", "end", "sweep", "online"):
        assert f'id="{section}"' in page
    # The example of setting sail is pictured as the engine lays it down (R5): the blue
    # prisoners, the orange and violet crew without the second 2, the stowaways, the limit 5.
    figure = page.split('id="set-sail"', 1)[1].split("<figure>", 1)[1].split("</figure>", 1)[0]
    groups = [re.findall(r'data-card="([a-z]+-\d+)"', dd) for dd in figure.split("<dd>")[1:]]
    assert groups == [
        ["blue-4", "blue-9", "blue-11"],
        ["orange-1", "orange-2", "orange-7", "orange-8", "violet-3", "violet-10"],
        ["green-1", "violet-2", "grey-2"],
    ]
    assert "the limit is 5." in figure


def test_navigation_for_a_signed_in_player(client, django_user_model):
    user = django_user_model.objects.create_user("anne", display_name="Captain Anne")
    client.force_login(user)
    page = client.get(reverse("home")).content.decode()
    assert "Captain Anne" in page
    assert reverse("account_logout") in page
    assert "Find a table" in page


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Content-Type"].startswith("text/plain")


def test_healthz_reports_a_missing_redis(client, settings):
    from korsaren_site.processes import free_port

    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.content == b"unavailable: redis"


def test_vendored_htmx_is_served_by_the_app(client):
    response = client.get("/static/vendor/htmx/htmx.min.js")
    assert response.status_code == 200
    assert "javascript" in response["Content-Type"]


def test_error_pages_are_the_sites_own_in_the_visitors_language(client, settings, rf):
    """Issue 18, point 12: with DEBUG off, a missing page is ours (layout, language), and the
    500 page renders without context processors or the database."""
    from django.utils import translation
    from django.views.defaults import server_error

    settings.DEBUG = False
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="de")
    page = response.content.decode()
    assert response.status_code == 404
    assert 'class="site-nav"' in page and "Seite nicht gefunden" in page
    assert "img/favicon.svg" in page
    with translation.override("fr"):
        response = server_error(rf.get("/"))
    page = response.content.decode()
    assert response.status_code == 500
    assert "Un problème est survenu" in page and 'lang="fr"' in page and "site.css" in page
    assert client.get("/favicon.ico")["Location"].endswith("img/favicon.svg")

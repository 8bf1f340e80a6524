"""Hidden information (issue 8, RULES.md R10): a human plays with bots; every byte the human's
seat is sent — socket frames, move responses, table pages, lay-down previews — names only cards
that seat could see at that version of the table. CI plays a few rounds;
HIDDEN_ROUNDS=1000 pytest tests/security/test_hidden_information.py is the 1,000-round run."""

from __future__ import annotations

import os
import random

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import services
from games.korsaren import ANNULLED, ATTACH, DISCARD, SCORED, legal_actions, seats_to_act, view
from games.models import Match
from korsaren_site.asgi import application
from tests.games.cards_seen import cards_shown, version_of
from tests.games.tables import open_table
from tests.helpers import make_user
from tests.korsaren.engine.helpers import cards_in

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = int(os.environ.get("HIDDEN_ROUNDS", "3"))
BOTS = ("deckhand", "boatswain", "deckhand")


def form_of(action) -> dict:
    """The move form the table's buttons and panel send for an engine action."""
    d = action.to_dict()
    form = {"action": d["action"]}
    if "from" in d:
        form["source"] = d["from"]
    for key in ("card", "crew", "cards"):
        if key in d:
            form[key] = d[key]
    return form


class Seen:
    """Everything sent to the human's seat, checked against what it may see."""

    def __init__(self, match: Match, seat: int) -> None:
        self.seat = seat
        self.states = {match.version: match.engine_state}
        self.revealed: set[str] = set()  # laid-down hands of rounds already scored (public)
        self.messages = self.bytes = 0
        self.leaks: list[tuple[int, set[str]]] = []

    def record(self, match: Match) -> None:
        state = match.engine_state
        self.states[match.version] = state
        if state.round.phase == SCORED:
            self.revealed |= cards_in(view(state, None)["laydowns"])

    def check(self, html: str, version: int | None = None) -> None:
        version = version_of(html) if version is None else version
        version = max(self.states) if version is None else version
        allowed = cards_in(view(self.states[version], self.seat)) | self.revealed
        leaked = cards_shown(html) - allowed
        if leaked:
            self.leaks.append((version, leaked))
        self.messages += 1
        self.bytes += len(html.encode())


def play_and_watch(rounds: int, seed: int) -> tuple[Seen, int]:
    """Play `rounds` complete rounds (new matches as needed); returns what was seen and how
    many rounds were completed."""
    rng = random.Random(seed)
    human = make_user(f"human{seed}", f"human{seed}@example.com")
    client = Client()
    client.force_login(human)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    headers = {"HTTP_HX_REQUEST": "true"}
    done = 0
    seen = None

    async def watch() -> None:
        nonlocal done, seen
        while done < rounds:
            match = await sync_to_async(new_match)(human, rng)
            seat = await sync_to_async(lambda m=match: m.seats.get(user=human).position)()
            seen = seen or Seen(match, seat)
            seen.seat = seat
            seen.states = {match.version: match.engine_state}
            comm = WebsocketCommunicator(
                application,
                f"/ws/tables/{match.pk}/",
                headers=[(b"origin", b"http://localhost"), (b"cookie", cookie)],
            )
            assert (await comm.connect(timeout=10))[0]
            await frames_until(comm, match.version, seen)
            page = await sync_to_async(client.get)(f"/tables/{match.pk}/")
            seen.check(page.content.decode())
            while done < rounds:
                match = await sync_to_async(Match.objects.get)(pk=match.pk)
                if not match.is_active:
                    break
                state = match.engine_state
                if state.round.phase in (SCORED, ANNULLED):
                    done += 1
                    await sync_to_async(services.take_server_step)(match.pk, match.version)
                elif seat in seats_to_act(state):
                    await sync_to_async(human_move)(client, match, seat, state, rng, seen, headers)
                else:
                    bot = next(s for s in seats_to_act(state) if s != seat)
                    await sync_to_async(services.play_bot_turn)(match.pk, bot, match.version)
                match = await sync_to_async(Match.objects.get)(pk=match.pk)
                await sync_to_async(seen.record)(match)
                await frames_until(comm, match.version, seen)
            await comm.disconnect()

    async_to_sync(watch)()
    return seen, done


def new_match(human, rng: random.Random) -> Match:
    match = open_table(human, seats=4, turn_seconds=86400, rated=False)
    for level in BOTS:
        services.add_bot(human, match.pk, level)
    return services.start_match(human, match.pk, seed=f"hidden-{rng.random()}")


def human_move(client, match, seat, state, rng, seen: Seen, headers: dict) -> None:
    actions = legal_actions(state, seat)
    if state.round.phase == DISCARD:
        # Look at the lay-down preview now and then (the "Set sail" button's request).
        if rng.random() < 0.1:
            card = rng.choice(state.round.hands[seat])
            preview = client.get(f"/tables/{match.pk}/laydown/", {"card": card}, **headers)
            seen.check(preview.content.decode(), match.version)
        sail = [a for a in actions if a.to_dict()["action"] == "sail"]
        plain = [a for a in actions if a not in sail]
        actions = sail if not plain or rng.random() < 0.08 else plain
    if state.round.phase == ATTACH and rng.random() < 0.5:
        preview = client.get(f"/tables/{match.pk}/laydown/", **headers)
        seen.check(preview.content.decode(), match.version)
    action = rng.choice(actions)
    response = client.post(
        f"/tables/{match.pk}/act/", {"version": match.version, **form_of(action)}, **headers
    )
    assert response.status_code == 200, response.content[:300]
    match.refresh_from_db()
    seen.record(match)
    seen.check(response.content.decode())


async def frames_until(comm, version: int, seen: Seen) -> None:
    while True:
        frame = await comm.receive_from(timeout=20)
        seen.check(frame)
        if version_of(frame) == version:
            return


def test_no_byte_sent_to_a_seat_shows_a_card_it_could_not_see(settings):
    settings.KORSAREN_MOVE_RATE = 10**9
    seen, rounds = play_and_watch(ROUNDS, seed=int(os.environ.get("HIDDEN_SEED", "1")))
    print(f"hidden information: {rounds} rounds, {seen.messages} messages, {seen.bytes} bytes")
    assert rounds == ROUNDS
    assert seen.messages > 20 * ROUNDS
    assert not seen.leaks, seen.leaks[:5]

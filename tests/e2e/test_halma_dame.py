"""Halma-Dame in Chromium: a whole game against the Novice by clicks, from the start to the
result panel; an end game in which White is blocked and passes automatically (HD5) until Black
rebuilds the army (HD4); a chain of jumps entered on the platform's board square by square and
ended early by choosing its landing square again (HD3, HD6: "a chain of jumps is entered by
clicking its squares in order and confirmed (or simply ended) by the player"). With
HALMA_SCREENSHOTS=<folder> it also draws screenshots (desktop and 360 px phone, English and
German)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Browser, Page, expect

from games import services
from games.halma_dame import GAME
from games.halma_dame.state import board_from_dict
from games.models import Match
from tests.e2e.test_accessibility import beside_playwright
from tests.helpers import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def wait_for_turn(page: Page) -> list[str]:
    for _ in range(600):
        if moves := (page.locator(".board-grid").get_attribute("data-moves") or "").split():
            return moves
        page.wait_for_timeout(50)
    raise AssertionError("the turn never came back")


def wait_for_turn_or_end(page: Page) -> list[str]:
    """The legal moves once it is the player's turn, or [] once the result panel is up."""
    for _ in range(600):
        if page.locator("#round-result h2").count():
            return []
        if moves := (page.locator(".board-grid").get_attribute("data-moves") or "").split():
            return moves
        page.wait_for_timeout(50)
    raise AssertionError("neither the turn nor the end came")


def clicks_for(move: str, moves: list[str]) -> list[str]:
    """The squares to click to play `move` (docs/board.md; static/js/board.js's choose(), done
    over again here): the stone, then each landing square in turn, and the last one once more
    where the chain could go on from it (every prefix of a chain is a move of its own, HD3,
    RG3). Fails if the board would play another move."""
    routes = [m.split("-") for m in moves]
    path = move.split("-")
    out, selected = [path[0]], [path[0]]
    while True:
        cands = [r for r in routes if len(r) > len(selected) and r[: len(selected)] == selected]
        if selected == path:
            assert move in moves and cands, move  # waits here: choosing it again ends the move
            return out + [path[-1]]
        sq = path[len(selected)]
        out.append(sq)
        ending = [r for r in cands if r[-1] == sq]
        through = [r for r in cands if r[len(selected)] == sq]
        may_go_on = any(len(r) > len(selected) + 1 for r in through) and any(
            len(r) == len(selected) + 1 for r in ending
        )
        if len(ending) == 1 and not may_go_on:
            assert ending[0] == path, (move, ending[0])
            return out
        if len(through) == 1:
            assert through[0] == path, (move, through[0])
            return out
        selected.append(sq)


def play_by_clicks(page: Page, move: str, moves: list[str]) -> None:
    """Enter `move` on the board and wait for it in the table's log."""
    log = page.locator("#table-log li")
    lines = log.count()
    for sq in clicks_for(move, moves):
        page.locator(f"#sq-{sq}").click()
    expect(page.locator("#table-log")).to_contain_text(move)
    expect(log).not_to_have_count(lines)


def start_against_novice(user, options: dict | None = None, stones: dict | None = None):
    """A table of `user` (Black, seat 0) against the Novice, started; from `stones` (Black to
    move) instead of the start if given."""
    made = []

    def start() -> None:
        match = services.create_table(
            user, game=GAME.slug, seat_count=2, turn_seconds=86400, rated=True, private=False,
            options=options, seat=0,
        )  # fmt: skip
        services.add_bot(user, match.pk, "novice")
        match = services.start_match(user, match.pk)
        if stones is not None:
            match.state = GAME.dump(GAME.position(board_from_dict(stones), 0))
            match.save(update_fields=["state"])
        made.append(match)

    beside_playwright(start)
    return made[0]


def open_table(browser: Browser, site: str, user, match) -> Page:
    client = Client()
    client.force_login(user)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site}
    context = browser.new_context(locale="en-GB", reduced_motion="reduce")
    context.add_cookies([cookie])
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{site}/tables/{match.pk}/")
    return page


def furthest(moves: list[str]) -> str:
    """The test's player, Black: the move that takes a stone furthest forward (HD3), the first
    such in the list."""
    return max(moves, key=lambda m: int(m.split("-")[-1][1]) - int(m[1]))


def test_a_whole_game_against_the_novice_by_clicks(browser: Browser, asgi_live_server, worker):
    """From the start to the result panel: every move of Black (the furthest forward) entered
    on the board by clicks (chains landing square by landing square), the Novice answering;
    then the record. A game has at most 104 moves (HD5)."""
    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    match = start_against_novice(anne)
    page = open_table(browser, site, anne, match)
    for _ in range(60):
        moves = wait_for_turn_or_end(page)
        if not moves:
            break
        play_by_clicks(page, furthest(moves), moves)
    result = page.locator("#round-result")
    expect(result.locator("h2")).to_contain_text(re.compile(r" wins$|^Draw$"))
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    state = GAME.load(match.state)
    assert state.end_reason in ("home", "stuck")
    if state.end_reason == "home":
        expect(result).to_contain_text("has rebuilt the army on the other side")
    else:
        expect(result).to_contain_text("Neither player can move")
    page.get_by_role("link", name="The match record").click()
    # A line per move, and one per automatic pass (HD6: every pass said).
    expect(page.locator(".board-record li")).to_have_count(match.moves.count() + sum(state.passes))
    page.context.close()


def test_an_end_game_in_which_white_passes(browser: Browser, asgi_live_server, worker):
    """White's last free stone walks into a corner it cannot leave (a5-b4, then a3 or c3: its
    other seven fill its target area but for h2), so White passes automatically after each of
    Black's moves (HD5) until Black, who began with a chain c3-e5-g7 (HD3), rebuilds the army
    and wins (HD4)."""
    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    black = "a7 b8 d8 f8 h8 c3 d4 f6"
    white = "a1 c1 e1 g1 b2 d2 f2 a5"
    stones = {sq: "b" for sq in black.split()} | {sq: "w" for sq in white.split()}
    match = start_against_novice(anne, stones=stones)
    page = open_table(browser, site, anne, match)
    log = page.locator("#table-log")
    for n, move in enumerate(("c3-e5-g7", "f6-e7", "d4-c5", "c5-d6", "d6-c7")):
        play_by_clicks(page, move, wait_for_turn(page))
        if n == 2:  # White's stone is stuck on a3 or c3 now: no move, an automatic pass
            expect(log).to_contain_text("White cannot move and passes.")
            expect(page.locator("#table-status")).to_contain_text("White cannot move and passes.")
    expect(log).to_contain_text("White a5-b4")
    result = page.locator("#round-result")
    expect(result.locator("h2")).to_contain_text("anne (Black) wins")
    expect(result).to_contain_text("anne (Black) has rebuilt the army on the other side.")
    state = GAME.load(Match.objects.get(pk=match.pk).state)
    assert state.end_reason == "home" and tuple(state.passes) == (0, 2)
    page.context.close()


def test_chains_of_jumps_by_clicks(browser: Browser, asgi_live_server, worker):
    site = asgi_live_server.url
    anne = make_user("anne", "anne@example.com")
    made = []

    def start() -> None:
        match = services.create_table(
            anne, game="halma_dame", seat_count=2, turn_seconds=86400, rated=True,
            private=False, seat=0,
        )  # fmt: skip
        services.add_bot(anne, match.pk, "novice")
        match = services.start_match(anne, match.pk)
        # Black to move: c3 may jump d4 to e5 and go on over f6 to g7, or stop on e5 (HD3).
        stones = {"c3": "b", "a1": "b", "e3": "b", "d4": "w", "f6": "w", "h8": "w", "b8": "w"}
        match.state = GAME.dump(GAME.position(board_from_dict(stones), 0))
        match.save(update_fields=["state"])
        made.append(match)

    beside_playwright(start)
    match = made[0]
    client = Client()
    client.force_login(anne)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": site}
    context = browser.new_context(locale="en-GB", reduced_motion="reduce")
    context.add_cookies([cookie])
    page = context.new_page()
    page.goto(f"{site}/tables/{match.pk}/")
    assert {"c3-e5", "c3-e5-g7"} <= set(wait_for_turn(page))
    page.locator("#sq-c3").click()
    page.locator("#sq-e5").click()
    expect(page.locator("#sq-e5")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#sq-g7")).to_have_class(re.compile("sq--target"))
    expect(page.locator("[data-board-say]")).to_contain_text("e5 reached")
    shots = os.environ.get("HALMA_SCREENSHOTS")
    if shots:
        _screenshots(browser, cookie, page.url, Path(shots))
    page.locator("#sq-e5").click()  # again: the move ends here
    expect(page.locator("#table-log")).to_contain_text("1. Black c3-e5")

    # The turn comes back after the bot's answer (or at once if White has to pass, HD5).
    assert wait_for_turn(page)
    context.close()


def _screenshots(browser: Browser, cookie: dict, url: str, out: Path) -> None:
    """The table with a chain under way (c3, then e5 chosen): desktop and phone, English and
    German."""
    out.mkdir(parents=True, exist_ok=True)
    views = {
        "desktop": {"viewport": {"width": 1280, "height": 900}},
        "phone": {"viewport": {"width": 360, "height": 760}, "device_scale_factor": 2},
    }
    for view, locale in (("desktop", "en-GB"), ("phone", "en-GB"), ("desktop", "de-DE")):
        context = browser.new_context(**views[view], locale=locale, reduced_motion="reduce")
        context.add_cookies([cookie])
        shot = context.new_page()
        shot.goto(url, wait_until="networkidle")
        shot.locator("#sq-c3").click()
        shot.locator("#sq-e5").click()
        width = shot.evaluate("document.documentElement.scrollWidth")
        assert width <= views[view]["viewport"]["width"], f"{view}: {width} px wide"
        suffix = "-de" if locale != "en-GB" else ""
        shot.screenshot(path=str(out / f"halma-{view}-light{suffix}.png"), full_page=True)
        context.close()

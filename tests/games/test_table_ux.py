"""Issue 18: Korsaren's table as a new player finds it (the set-sail panel, the closer's lay-down,
the move log, sweeps, the ranking, the pier's last card, the words in every language)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from games import services
from games.korsaren import ATTACH, seats_to_act
from games.models import Match
from games.rendering import render_regions, table_context
from tests.helpers import PASSWORD

from .tables import open_table, started, users_by_seat

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def client_for(client, user):
    client.login(username=user.username, password=PASSWORD)
    return client


def on_turn(match: Match):
    match.refresh_from_db()
    seat = seats_to_act(match.engine_state)[0]
    return seat, users_by_seat(match)[seat]


def change_state(match: Match, change) -> None:
    """Rewrite the match's state (as a test fixture: a deal the test needs)."""
    state = match.engine.load(match.state)
    change(state)
    match.state = match.engine.dump(state)
    match.save(update_fields=["state"])


def give(state, seat: int, cards: list[str]) -> None:
    """Swap `cards` into the seat's hand from wherever they lie, keeping every card once."""
    r = state.round
    hand = r.hands[seat]
    spare = [c for c in hand if c not in cards]
    for card in cards:
        if card in hand:
            continue
        out = spare.pop()
        for pile in [*r.hands, r.pier, r.discard, r.stock]:
            if card in pile:
                pile[pile.index(card)] = out
                break
        hand[hand.index(out)] = card


def regions(match: Match, user, language: str = "en") -> dict[str, str]:
    match = Match.objects.get(pk=match.pk)
    with translation.override(language):
        return render_regions(table_context(match, user))


def test_the_set_sail_panel_names_its_card_and_can_be_cancelled(client, players):
    """Point 1: the panel carries the card it will discard (table.js asks for it again when
    another card is chosen) and a Cancel."""
    anne, bob = players[:2]
    match = started(anne, [bob])
    seat, user = on_turn(match)
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)
    hand = Match.objects.get(pk=match.pk).engine_state.round.hands[seat]
    client_for(client, user)
    url = reverse("table_laydown", args=[match.pk])
    for card in hand[:2]:
        html = client.get(url, {"card": card}, **HTMX).content.decode()
        assert f'name="card" value="{card}"' in html
        assert 'data-kind="sail"' in html and "data-closes-panel" in html and "Cancel" in html


def test_while_opponents_attach_the_closers_lay_down_lies_face_up(players):
    """Point 2, R6: prisoners, crew and stowaways of the closer are on the table for everyone."""
    anne, bob, cleo = players[:3]
    match = started(anne, [bob, cleo])
    seat, user = on_turn(match)
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)
    match.refresh_from_db()
    card = match.engine_state.round.hands[seat][0]
    services.play(match.pk, user, {"action": "sail", "card": card, "crew": []}, match.version)
    match.refresh_from_db()
    state = match.engine_state
    assert state.round.phase == ATTACH
    laydown = state.round.laydowns[seat]
    for viewer in (anne, bob, cleo):
        centre = regions(match, viewer)["center"]
        assert f"{user.public_name} set sail with a limit of {laydown.limit}" in centre
        for c in [*laydown.prisoners, *laydown.stowaways]:
            assert f'data-card="{c}"' in centre


def test_the_move_log_shows_the_newest_move_first(players):
    """Point 3: the newest moves are at the top of the box, never below its fold."""
    anne, bob = players[:2]
    match = started(anne, [bob])
    seat, user = on_turn(match)
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)
    match.refresh_from_db()
    card = match.engine_state.round.hands[seat][0]
    services.play(match.pk, user, {"action": "discard", "card": card}, match.version)
    log = regions(match, anne)["log"]
    assert "reversed" in log
    assert log.index("discarded") < log.index("from the stock")


def test_a_sweep_is_explained_and_the_ranking_is_numbered_once(players):
    """Points 4 and 7, R9: who swept, that it ends the match, and places numbered once."""
    anne, bob = players[:2]
    match = started(anne, [bob])
    seat, user = on_turn(match)
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)
    match.refresh_from_db()

    def sweep_hand(state):
        r = state.round
        crew = next(c for c in ("red", "blue", "green") if c != r.pier_colour)
        prisoner = next(
            f"{r.pier_colour}-{n}" for n in range(1, 12) if r.pier[0] != f"{r.pier_colour}-{n}"
        )
        give(state, seat, [f"{crew}-{n}" for n in range(1, 12)] + [prisoner])
        sweep_hand.wanted = {f"{crew}-{n}" for n in range(1, 12)} | {prisoner}
        sweep_hand.crew = crew

    change_state(match, sweep_hand)
    match.refresh_from_db()
    hand = match.engine_state.round.hands[seat]
    (discard,) = [c for c in hand if c not in sweep_hand.wanted]
    action = {"action": "sail", "card": discard, "crew": [sweep_hand.crew]}
    services.play(match.pk, user, action, match.version)
    other = users_by_seat(match)[1 - seat]
    services.play(match.pk, other, {"action": "attach", "cards": [], "crew": []}, 0)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    result = regions(match, anne)["result"]
    assert f"A sweep by {user.public_name}" in result
    assert "wins the match at once" in result
    assert '<li value="1">' in result and "1. " not in result


def test_the_last_card_of_the_pier_warns_that_it_annuls_the_round(client, players):
    """Point 8, R4."""
    anne, bob = players[:2]
    match = started(anne, [bob])
    seat, user = on_turn(match)
    assert "annuls the round" not in regions(match, user)["actions"]

    def one_pier_card(state):
        state.round.stock.extend(state.round.pier[1:])
        del state.round.pier[1:]

    change_state(match, one_pier_card)
    actions = regions(match, user)["actions"]
    assert "taking it annuls the round" in actions
    assert 'aria-describedby="pier-last-note"' in actions


def test_the_panels_refusals_and_the_pier_tag_are_in_the_players_language(client, players):
    """Points 5 and 6: no English engine message in the panel; "next" as a label."""
    anne, bob = players[:2]
    match = started(anne, [bob])
    seat, user = on_turn(match)
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, 0)
    hand = Match.objects.get(pk=match.pk).engine_state.round.hands[seat]
    user.preferred_language = "de"
    user.save()
    client_for(client, user)
    url = reverse("table_laydown", args=[match.pk])
    three = {"card": hand[0], "crew": ["red", "blue", "green"], "crew_sent": 1}
    html = client.get(url, three, **HTMX).content.decode()
    assert "höchstens zwei Farben" in html and "at most two" not in html
    tags = {"de": "nächste", "it": "prossima", "fr": "suivante", "es": "siguiente"}
    for language, word in tags.items():
        assert word in regions(match, user, language)["center"]


def test_timed_out_moves_are_marked_and_the_player_is_warned_before_a_bot_takes_over(
    client, players
):
    """Point 9, R10: the log says which moves the timer played; before the third timeout the
    player reads that a bot takes over at the next."""
    anne, bob = players[:2]
    match = started(anne, [bob], turn_seconds=30)
    absent, user = on_turn(match)
    other = users_by_seat(match)[1 - absent]
    for strike in (1, 2):
        Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        assert services.sweep_timeouts() == 1
        match.refresh_from_db()
        log = regions(match, other)["log"]
        assert log.count("(played by the turn timer)") == 2 * strike  # draw and discard
        actions = regions(match, user)["actions"]
        assert "the turn timer played for you" in actions
        assert ("If it runs out once more, a bot takes over your seat" in actions) == (strike == 2)
        assert "turn timer played for you" not in regions(match, other)["actions"]
        seat, mover = on_turn(match)
        services.play(match.pk, mover, {"action": "draw", "from": "stock"}, match.version)
        match.refresh_from_db()
        card = match.engine_state.round.hands[seat][0]
        services.play(match.pk, mover, {"action": "discard", "card": card}, match.version)
    # Moving again clears the count and the warning.
    services.play(match.pk, user, {"action": "draw", "from": "stock"}, match.version + 1)
    assert "turn timer played for you" not in regions(match, user)["actions"]
    assert "(played by the turn timer)" in regions(match, user)["log"]
    # The record's replay says it too, for those moves only.
    replay = reverse("round_replay", args=[match.pk, 1])
    assert "(played by the turn timer)" in client.get(replay, {"move": 1}).content.decode()
    assert "(played by the turn timer)" not in client.get(replay, {"move": 3}).content.decode()


def test_a_finished_table_leads_to_the_record_a_rematch_and_the_lobby(client, players):
    """Point 10: generic for every game; a rematch keeps the game, options and bots."""
    anne, bob = players[:2]
    match = started(anne, [bob], bots=["boatswain"], rated=False)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    client_for(client, bob)
    page = client.get(match.get_absolute_url()).content.decode()
    assert reverse("match_detail", args=[match.pk]) in page and reverse("play") in page
    assert "Rematch" in page and 'id="chat-form"' not in page
    r = client.post(reverse("table_rematch", args=[match.pk]), **HTMX)
    new = Match.objects.get(rematch_of=match)
    assert r["HX-Redirect"] == new.get_absolute_url()
    assert (new.game, new.seat_count, new.rated, new.options) == (
        "korsaren",
        3,
        False,
        match.options,
    )
    assert new.created_by == bob and new.status == Match.Status.OPEN
    assert sorted(s.bot_level for s in new.seats.all()) == ["", "boatswain"]
    # Anne finds the rematch on the finished table and joins it; asking twice changes nothing.
    client_for(client, anne)
    assert "Join the rematch" in client.get(match.get_absolute_url()).content.decode()
    assert services.rematch(anne, match.pk) == new
    assert services.rematch(anne, match.pk) == new
    assert new.seats.count() == 3 and Match.objects.filter(rematch_of=match).count() == 1
    assert "Go to the rematch" in client.get(match.get_absolute_url()).content.decode()
    # A spectator gets the record and the lobby, no rematch; a running match offers none.
    client.logout()
    page = client.get(match.get_absolute_url()).content.decode()
    assert "The match record" in page and "Rematch" not in page
    with pytest.raises(services.ServiceError):
        services.rematch(players[2], match.pk)
    running = started(anne, [bob])
    with pytest.raises(services.Conflict):
        services.rematch(anne, running.pk)


def test_a_table_request_without_a_session_is_told_so_not_redirected_silently(client, players):
    """Point 11: an htmx request's XHR would follow the redirect to the sign-in page and drop
    it; it gets a 401, which the page explains (#session-notice). A plain form still goes to
    the sign-in page."""
    anne, bob = players[:2]
    match = started(anne, [bob])
    client_for(client, anne)
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'id="session-notice"' in page and "suspended your account" in page
    client.logout()
    for name in ("table_act", "table_take_back", "table_leave"):
        r = client.post(reverse(name, args=[match.pk]), {"version": 0}, **HTMX)
        assert r.status_code == 401 and "session has ended" in r.content.decode()
    laydown = client.get(reverse("table_laydown", args=[match.pk]), **HTMX)
    assert laydown.status_code == 401
    assert client.post(reverse("table_act", args=[match.pk])).status_code == 302
    assert not match.moves.exists()


def test_after_moderator_actions_the_record_agrees_with_itself(client, players):
    """Point 14: an aborted match stays in My matches, shows its seed on its record as at its
    table, and its table no longer talks of setting sail or of bots playing seats; a voided
    match no longer says "rated"."""
    from moderation import services as moderation

    anne, bob, staff = players[:3]
    match = started(anne, [bob], seed="aborted-seed")
    match.seats.filter(user=bob).update(bot_level="deckhand", abandoned=True)
    moderation.abort_match(staff, match, "server trouble")
    client_for(client, anne)
    mine = client.get(reverse("my_matches")).content.decode()
    assert f'data-match="{match.pk}"' in mine and "aborted" in mine
    assert (
        f'data-match="{match.pk}"'
        not in client.get(reverse("my_matches"), {"result": "lost"}).content.decode()
    )
    record = client.get(reverse("match_detail", args=[match.pk])).content.decode()
    assert "aborted-seed" in record and "revealed when the match is over" not in record
    assert "not rated" in record and "A moderator ended this match: server trouble" in record
    assert "being played" not in record and "not finished: the match was ended" in record
    # Issue 28.20: a table ended before it started says so, and nothing about seeds or rounds.
    never = open_table(anne, [bob], seats=3)
    moderation.abort_match(staff, never, "spam")
    record = client.get(reverse("match_detail", args=[never.pk])).content.decode()
    assert "It never started" in record
    assert "seed" not in record and "Round 1" not in record and "penalty cards" not in record
    assert client.post(reverse("match_verify", args=[match.pk])).status_code == 200
    table = client.get(match.get_absolute_url()).content.decode()
    assert "aborted-seed" in table
    assert "a prisoner if you set sail now" not in table and "played by the" not in table

    finished = started(anne, [bob], seed="voided")
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED, seed="voided")
    moderation.void_ratings(staff, Match.objects.get(pk=finished.pk), "collusion")
    for url in (reverse("match_detail", args=[finished.pk]), finished.get_absolute_url()):
        page = client.get(url).content.decode()
        assert "voided by a moderator" in page and "· rated" not in page

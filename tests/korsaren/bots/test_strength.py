"""Statistical sanity of the levels (the full measurements are the tournament's job)."""

from __future__ import annotations

from .helpers import play_match


def test_boatswain_beats_deckhand_clearly_more_often_than_not():
    """Paired: each seed is played from both seats. A shared first place counts half."""
    wins = 0.0
    matches = 0
    for deal in range(30):
        for levels in (["boatswain", "deckhand"], ["deckhand", "boatswain"]):
            state, _ = play_match(levels, seed=f"strength-{deal}")
            winners = state.winners
            wins += sum(1 / len(winners) for s in winners if levels[s] == "boatswain")
            matches += 1
    assert wins / matches > 0.6

"""Scoring a deal, the games and the rubber (WH6-WH9), as pure functions of the counts."""

from __future__ import annotations

from .cards import RANKS
from .state import HONOUR_COUNT, TARGETS, Match, team_of

HONOUR_VALUES = {3: 2, 4: 4, 5: 6}  # WH7: honours held by one team -> points


def honours_held(hands: list[list[str]], trump: str | None, variant: str) -> list[int]:
    """WH7: the top trumps each team holds as dealt; [0, 0] in American whist and no-trump."""
    count = HONOUR_COUNT[variant]
    if trump is None or count == 0:
        return [0, 0]
    honours = {r + trump for r in RANKS[-count:]}
    held = [0, 0]
    for seat, hand in enumerate(hands):
        held[team_of(seat)] += sum(card in honours for card in hand)
    return held


def game_value(loser_points: int, target: int) -> int:
    """WH9: treble if the losers had nothing, double below half the target, else single."""
    if loser_points == 0:
        return 3
    return 2 if 2 * loser_points < target else 1


def deal_points(
    tricks: list[int], held: list[int], points: list[int], variant: str
) -> tuple[list[int], list[int], int | None]:
    """WH6-WH8: (odd-trick points, honour points scored, the team that won a game or None).

    Tricks score first; a game won by tricks ends the deal's scoring (no honours by either
    team); honours that would reach the target are not scored at all (WH7 Decided)."""
    target = TARGETS[variant]
    odd = [max(0, t - 6) for t in tricks]
    for team in (0, 1):
        if points[team] + odd[team] >= target:
            return odd, [0, 0], team
    honour = [0, 0]
    for team in (0, 1):
        value = HONOUR_VALUES.get(held[team], 0)
        if value and points[team] + odd[team] + value < target:
            honour[team] = value
    return odd, honour, None


def score_deal(match: Match) -> None:
    """Score the deal just finished into `match` (a copy the caller owns): points, a game won,
    the rubber's end (WH9), and a line on the score sheet."""
    deal = match.deal
    odd, honour, game_winner = deal_points(
        deal.tricks, deal.honours_held, match.points, match.variant
    )
    points = [p + o + h for p, o, h in zip(match.points, odd, honour, strict=True)]
    game = None
    if game_winner is not None:
        value = game_value(points[1 - game_winner], match.target)
        game = {"winner": game_winner, "points": points, "value": value}
        match.completed_games.append(game)
        match.games_won[game_winner] += 1
        match.game_points[game_winner] += value
        match.points = [0, 0]  # WH8: points beyond the target lapse; both start again at 0
        if match.games_won[game_winner] == 2:  # WH9: the best of three games
            match.winner = game_winner
    else:
        match.points = points
    deal.result = {
        "tricks": deal.tricks[:],
        "odd_tricks": odd,
        "honours_held": deal.honours_held[:],
        "honour_points": honour,
        "points": match.points[:],
        "game": game,
        "rubber_over": match.winner is not None,
    }
    match.sheet.append(
        {
            "round": deal.round,
            "number": deal.number,
            "dealer": deal.dealer,
            "trump": deal.trump,
            **deal.result,
            "games_won": match.games_won[:],
            "game_points": match.game_points[:],
        }
    )

"""A double-dummy solver: with all four hands known, the most tricks a team can take from a
position against best defence. Alpha-beta over cards, a transposition table at the start of each
trick (the value of the rest depends only on the hands left and who leads), and only one card
of each run of touching cards (equal in play once the cards between them are gone)."""

from __future__ import annotations

from .cards import SUIT_MASKS
from .sim import above, winning_index


class NodeLimit(Exception):
    """The search ran past its node budget."""


class Solver:
    def __init__(self, trump: int, team: int, node_limit: int = 10**9) -> None:
        self.trump = trump
        self.team = team
        self.table: dict[tuple, tuple[int, int]] = {}
        self.nodes = 0
        self.node_limit = node_limit

    def value(self, hands: list[int], leader: int, trick: list[int]) -> int:
        """Tricks `team` takes from here (the current trick included) with best play."""
        remaining = (hands[0] | hands[1] | hands[2] | hands[3]).bit_count()
        total = (remaining + len(trick)) // 4
        return self._search(list(hands), leader, list(trick), -1, total + 1)

    def _search(self, hands: list[int], leader: int, trick: list[int], alpha: int, beta: int):
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise NodeLimit
        n = len(trick)
        if n == 4:
            winner = (leader + winning_index(trick, self.trump)) % 4
            won = 1 if winner % 2 == self.team else 0
            if not hands[winner]:
                return won
            return won + self._search(hands, winner, [], alpha - won, beta - won)
        key = None
        if n == 0:
            left = hands[leader].bit_count()
            if alpha >= left:
                return left
            if beta <= 0:
                return 0
            key = (hands[0], hands[1], hands[2], hands[3], leader)
            bounds = self.table.get(key)
            if bounds is not None:
                low, high = bounds
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
            lo_bound, hi_bound = 0, left
        seat = (leader + n) % 4
        maximise = seat % 2 == self.team
        best = -1 if maximise else 99
        a, b = alpha, beta
        for card in self._moves(hands, seat, trick):
            bit = 1 << card
            hands[seat] ^= bit
            trick.append(card)
            v = self._search(hands, leader, trick, a, b)
            trick.pop()
            hands[seat] |= bit
            if maximise:
                if v > best:
                    best = v
                    if v > a:
                        a = v
            else:
                if v < best:
                    best = v
                    if v < b:
                        b = v
            if a >= b:
                break
        if key is not None:
            low, high = self.table.get(key, (lo_bound, hi_bound))
            if best <= alpha:
                high = min(high, best)
            elif best >= beta:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best

    def _moves(self, hands: list[int], seat: int, trick: list[int]) -> list[int]:
        """One card per run of touching cards, in a cutting order: when following, the cheapest
        card that wins the trick so far first, then the lowest; when leading, high cards first."""
        hand = hands[seat]
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for card in trick:
            live |= 1 << card
        legal = hand
        if trick:
            follow = hand & SUIT_MASKS[trick[0] // 13]
            if follow:
                legal = follow
        reps = []
        m = legal
        while m:
            low = m & -m
            card = low.bit_length() - 1
            m ^= low
            higher = above(live & SUIT_MASKS[card // 13], card)
            if higher and (higher & -higher) & hand:
                continue  # the next live card of the suit is ours too: same value
            reps.append(card)
        if len(reps) < 2:
            return reps
        if not trick:
            reps.reverse()
            return reps
        w = winning_index(trick, self.trump)
        best = trick[w]

        def beats(card: int) -> bool:
            s = card // 13
            return card > best if s == best // 13 else s == self.trump

        winners = [c for c in reps if beats(c)]
        losers = [c for c in reps if not beats(c)]
        if w == len(trick) - 2:  # the partner is winning: low cards first
            return losers + winners
        return winners + losers

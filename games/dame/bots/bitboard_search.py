"""The grandmaster's alpha-beta over bitboards (bitboard.py), for both goals.

Negamax with principal-variation search and late-move reductions, iterative deepening within a
time (or, without a clock, a node) budget, a transposition table on Zobrist hashes, move
ordering (the table's move, captures of kings, killer moves, the history heuristic) and a
quiescence search over captures: a capture is compulsory (DA4), so a position where one is
pending is never judged as it stands, and a lone forced capture costs no depth. The rules'
ends are exact: a seat without a move loses (Dame) or wins (Schlagdame, SD1), checked before
repetition and the twenty-move rule (DA7, DA6).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from .bitboard import BIT, FAR, VALID, bits, can_capture, can_move, captures, quiet_moves

WIN = 1_000_000
WON = WIN - 1000  # scores beyond this are forced wins or losses
KING_PLIES_DRAW = 40  # DA6
EXACT, LOWER, UPPER = 0, 1, 2
NEXT_DEPTH_SHARE = 0.45  # a new depth starts only before this share of the time is spent
CHECK_EVERY = 1023  # a look at the clock every 1024 nodes
LMR_DEPTH = 3  # late-move reductions from this depth on
# A lone forced capture costs no depth: the nominal depth drops by about a ply, but it sees the
# shots (a man given so that a capture is forced) and beat the old grandmaster 83% to 71% without
EXTEND = True

# Zobrist keys per piece kind and square bit, from a fixed public seed: [seat] men, kings.
_keys = Random("dame:zobrist")
ZOBRIST_MEN = tuple({b: _keys.getrandbits(64) for b in BIT} for _ in range(2))
ZOBRIST_KINGS = tuple({b: _keys.getrandbits(64) for b in BIT} for _ in range(2))
ZOBRIST_BLACK = _keys.getrandbits(64)


def zobrist(white: int, black: int, kings: int, seat: int) -> int:
    h = ZOBRIST_BLACK if seat else 0
    for side, pieces in ((0, white), (1, black)):
        for b in bits(pieces):
            h ^= ZOBRIST_KINGS[side][b] if kings & b else ZOBRIST_MEN[side][b]
    return h


def hash_after(h: int, kings: int, seat: int, move) -> int:
    """The hash once seat plays move (kings: before the move)."""
    frm, to, cap = move
    if kings & frm:
        h ^= ZOBRIST_KINGS[seat][frm] ^ ZOBRIST_KINGS[seat][to]
    else:
        h ^= ZOBRIST_MEN[seat][frm]
        h ^= ZOBRIST_KINGS[seat][to] if to & FAR[seat] else ZOBRIST_MEN[seat][to]
    if cap:
        men, kings_of = ZOBRIST_MEN[1 - seat], ZOBRIST_KINGS[1 - seat]
        while cap:
            b = cap & -cap
            cap ^= b
            h ^= kings_of[b] if kings & b else men[b]
    return h ^ ZOBRIST_BLACK


class OutOfTime(Exception):
    pass


class Search:
    def __init__(
        self,
        evaluate: Callable[[int, int, int, int], int],
        misere: bool,
        earlier: list[int] = (),
        deadline: float | None = None,
        clock: Callable[[], float] | None = None,
        max_nodes: int | None = None,
        contempt: int = 0,
    ) -> None:
        self.evaluate = evaluate
        self.misere = misere
        self.seen = list(earlier)  # hashes of earlier positions that can still recur (DA6)
        self.deadline = deadline
        self.clock = clock
        self.max_nodes = max_nodes
        self.contempt = contempt  # a draw counts this much against the searching side
        self.nodes = 0
        self.depth_reached = 0
        self.table: dict[int, tuple] = {}
        self.killers: dict[int, list] = {}
        self.history: dict[tuple, int] = {}

    # --- Driving ----------------------------------------------------------------------------------

    def iterate(self, position, king_plies: int, root_moves: list, max_depth: int):
        """Deepen from 1 to max_depth until the budget runs out; the best move and score of the
        deepest search that finished (or of a move proven better in an unfinished one)."""
        white, black, kings, seat = position
        self.root_seat = seat
        h = zobrist(white, black, kings, seat)
        self.seen.append(h)
        best, score = root_moves[0], 0
        order = list(root_moves)
        started = self.clock() if self.clock else 0.0
        for depth in range(1, max_depth + 1):
            self.partial = None
            try:
                score, best, order = self._root(position, h, king_plies, depth, order)
            except OutOfTime:
                if self.partial is not None:
                    best = self.partial
                break
            self.depth_reached = depth
            if abs(score) >= WON or len(order) == 1:
                break  # a forced result, or nothing to choose
            if self.deadline is not None and (
                self.clock() - started > NEXT_DEPTH_SHARE * (self.deadline - started)
            ):
                break  # the next depth would most likely not finish
            if self.max_nodes is not None and self.nodes * 3 > self.max_nodes:
                break
        return best, score

    def _root(self, position, h, king_plies, depth, order):
        white, black, kings, seat = position
        alpha, beta = -WIN, WIN
        scored = []
        best = order[0]
        for i, move in enumerate(order):
            score = self._child(white, black, kings, seat, h, king_plies, move, depth - 1,
                                alpha, beta, 1, i == 0)  # fmt: skip
            scored.append((score, i, move))
            if score > alpha:
                alpha, best = score, move
                if i:
                    self.partial = move
        scored.sort(key=lambda t: (-t[0], t[1]))
        return alpha, best, [m for _, _, m in scored]

    def _child(self, white, black, kings, seat, h, kp, move, depth, alpha, beta, ply, first):
        """Score of move for the side playing it, by PVS: a null window unless first."""
        frm, to, cap = move
        child_h = hash_after(h, kings, seat, move)
        if seat == 0:
            cw, cb = (white ^ frm) | to, black & ~cap
        else:
            cw, cb = white & ~cap, (black ^ frm) | to
        if kings & frm:
            ck = ((kings ^ frm) | to) & ~cap
            ckp = 0 if cap else kp + 1
        else:
            ck = (kings | to if to & FAR[seat] else kings) & ~cap
            ckp = 0
        seen = self.seen
        seen.append(child_h)  # not popped after OutOfTime: the search is over then
        if first:
            score = -self.negamax(cw, cb, ck, 1 - seat, child_h, ckp, depth, -beta, -alpha, ply)
        else:
            score = -self.negamax(cw, cb, ck, 1 - seat, child_h, ckp, depth, -alpha - 1, -alpha,
                                  ply)  # fmt: skip
            if alpha < score < beta:
                score = -self.negamax(cw, cb, ck, 1 - seat, child_h, ckp, depth, -beta, -alpha,
                                      ply)  # fmt: skip
        seen.pop()
        return score

    # --- The search proper ----------------------------------------------------------------------

    def _tick(self) -> None:
        if self.deadline is not None and self.clock() > self.deadline:
            raise OutOfTime
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfTime

    def negamax(self, white, black, kings, seat, h, kp, depth, alpha, beta, ply) -> int:
        self.nodes += 1
        if not self.nodes & CHECK_EVERY:
            self._tick()
        own, opp = (white, black) if seat == 0 else (black, white)
        empty = VALID & ~(white | black)
        men, own_kings = own & ~kings, own & kings
        if depth <= 0 and not can_capture(men, own_kings, opp, empty):
            if not can_move(white, black, kings, seat):
                return WIN - ply if self.misere else ply - WIN  # DA7 / SD1, before the draws
            if kp and (kp >= KING_PLIES_DRAW or self._repeated(h, kp)):
                return self._draw(seat)
            return self.evaluate(white, black, kings, seat)
        moves = captures(men, own_kings, opp, empty)
        capture = bool(moves)
        if not capture:
            moves = quiet_moves(men, own_kings, empty, seat)
            if not moves:
                return WIN - ply if self.misere else ply - WIN
        if kp and (kp >= KING_PLIES_DRAW or self._repeated(h, kp)):
            return self._draw(seat)
        if depth < 0:
            depth = 0

        table = self.table
        entry = table.get(h)
        tt_move = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_move = entry
            if e_depth >= depth:
                if e_score >= WON:
                    e_score -= ply
                elif e_score <= -WON:
                    e_score += ply
                if e_flag == EXACT:
                    return e_score
                if e_flag == LOWER and e_score >= beta:
                    return e_score
                if e_flag == UPPER and e_score <= alpha:
                    return e_score

        if len(moves) > 1:
            moves = self._order(moves, tt_move, capture, kings, ply)
        # A lone forced capture costs no depth (bounded: every capture takes a piece).
        child = depth if capture and len(moves) == 1 and EXTEND else depth - 1
        alpha0 = alpha
        best_score, best_move = -WIN, moves[0]
        killers = self.killers.get(ply, ())
        for i, move in enumerate(moves):
            if (
                i >= 3
                and depth >= LMR_DEPTH
                and not capture
                and move not in killers
                and move != tt_move
            ):
                # Late-move reduction: a quiet move ordered late is first searched a ply less.
                score = self._child(white, black, kings, seat, h, kp, move, child - 1, alpha,
                                    alpha + 1, ply + 1, False)  # fmt: skip
                if score > alpha:
                    score = self._child(white, black, kings, seat, h, kp, move, child, alpha,
                                        beta, ply + 1, False)  # fmt: skip
            else:
                score = self._child(white, black, kings, seat, h, kp, move, child, alpha, beta,
                                    ply + 1, i == 0)  # fmt: skip
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not capture:
                            self._remember_cutoff(move, ply, depth)
                        break

        stored = best_score
        if stored >= WON:
            stored += ply
        elif stored <= -WON:
            stored -= ply
        flag = UPPER if best_score <= alpha0 else LOWER if best_score >= beta else EXACT
        table[h] = (depth, flag, stored, best_move)
        return best_score

    def _repeated(self, h: int, kp: int) -> bool:
        """Whether the position occurred before in the current run of king moves (DA6: in the
        search, a first repetition already counts as the draw it leads to)."""
        seen = self.seen
        n = len(seen)
        return h in seen[max(0, n - 1 - kp) : n - 1]

    def _draw(self, seat: int) -> int:
        return -self.contempt if seat == self.root_seat else self.contempt

    # --- Move ordering --------------------------------------------------------------------------

    def _order(self, moves: list, tt_move, capture: bool, kings: int, ply: int) -> list:
        if capture:  # all take the same number (DA4): those taking kings first

            def key(m):
                return 1 << 30 if m == tt_move else (m[2] & kings).bit_count()
        else:
            killers = self.killers.get(ply, ())
            history = self.history

            def key(m):
                if m == tt_move:
                    return 1 << 30
                if m in killers:
                    return (1 << 29) - killers.index(m)
                return history.get(m, 0)

        return sorted(moves, key=key, reverse=True)

    def _remember_cutoff(self, move, ply: int, depth: int) -> None:
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self.history[move] = self.history.get(move, 0) + depth * depth

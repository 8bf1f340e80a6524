"""Alpha-beta search over Position, for both goals.

Negamax with principal-variation search, iterative deepening within a time (or, without a
clock, a node) budget, a transposition table on Zobrist hashes, move ordering (the table's
move, then killer moves and the history heuristic) and a quiescence search that plays forced
captures out (a capture is compulsory, DA4, so a position where one is pending is never judged
as it stands). The rules' ends are exact: a seat without a move loses (Dame) or wins
(Schlagdame, SD1), checked before repetition and the twenty-move rule (DA7).
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules import KING, legal_moves
from .position import Position

WIN = 1_000_000
WON = WIN - 1000  # scores beyond this are forced wins or losses
KING_PLIES_DRAW = 40  # DA6
EXACT, LOWER, UPPER = 0, 1, 2
CHECK_EVERY = 256  # nodes between looks at the clock


class OutOfTime(Exception):
    pass


class Search:
    def __init__(
        self,
        pos: Position,
        evaluate: Callable,
        misere: bool,
        deadline: float | None = None,
        clock: Callable[[], float] | None = None,
        max_nodes: int | None = None,
        quiescence: bool = True,
        contempt: int = 0,
    ) -> None:
        self.pos = pos
        self.evaluate = evaluate
        self.misere = misere
        self.deadline = deadline
        self.clock = clock
        self.max_nodes = max_nodes
        self.quiescence = quiescence
        self.root_side = pos.side
        self.contempt = contempt  # a draw counts this much against the searching side
        self.nodes = 0
        self.table: dict[int, tuple] = {}
        self.killers: dict[int, list] = {}
        self.history: dict[tuple[int, int], int] = {}

    # --- Driving ------------------------------------------------------------------------------

    def iterate(self, max_depth: int, root_moves: list, budget_share: float = 0.45):
        """Deepen from 1 to max_depth until the budget runs out; the best move and score of the
        last finished depth, and that depth."""
        best, score, done = root_moves[0], 0, 0
        order = list(root_moves)
        started = self.clock() if self.clock else 0.0
        for depth in range(1, max_depth + 1):
            try:
                score, best, order = self.root(depth, order)
            except OutOfTime:
                break
            done = depth
            if abs(score) >= WON:
                break  # a forced result is found: deeper cannot change it
            if self.clock and self.deadline is not None:
                spent = self.clock() - started
                if started + spent / budget_share > self.deadline:
                    break  # the next depth would most likely not finish
            if self.max_nodes is not None and self.nodes * 3 > self.max_nodes:
                break
        return best, score, done

    def root(self, depth: int, order: list):
        """Search every root move; the score, the best move and the moves best first."""
        alpha, beta = -WIN, WIN
        scored = []
        best = order[0]
        for i, move in enumerate(order):
            self.pos.make(move)
            if i == 0:
                score = -self.negamax(depth - 1, -beta, -alpha, 1)
            else:
                score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1)
                if alpha < score < beta:
                    score = -self.negamax(depth - 1, -beta, -score, 1)
            self.pos.unmake()
            scored.append((score, i, move))
            if score > alpha:
                alpha, best = score, move
        scored.sort(key=lambda t: (-t[0], t[1]))
        return alpha, best, [m for _, _, m in scored]

    # --- The search proper ----------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            if self.deadline is not None and self.clock() > self.deadline:
                raise OutOfTime
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise OutOfTime

    def _draw(self) -> int:
        return -self.contempt if self.pos.side == self.root_side else self.contempt

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        pos = self.pos
        moves = legal_moves(pos.board, pos.side)
        if not moves:  # DA7 / SD1, before the draws
            return WIN - ply if self.misere else ply - WIN
        if pos.king_plies and (pos.repeated() or pos.king_plies >= KING_PLIES_DRAW):
            return self._draw()
        forced = bool(moves[0][1])
        if depth <= 0 and not (forced and self.quiescence):
            return self.evaluate(pos.board, pos.side)
        depth = max(depth, 0)

        key = pos.hash
        entry = self.table.get(key)
        tt_path = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_path = entry
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
            moves = self._order(moves, tt_path, ply)
        alpha0 = alpha
        best_score, best_path = -WIN, None
        for i, move in enumerate(moves):
            pos.make(move)
            # Forced moves and captures are not counted against the depth once depth is out.
            child = depth - 1 if depth > 0 else 0
            if i == 0:
                score = -self.negamax(child, -beta, -alpha, ply + 1)
            else:
                score = -self.negamax(child, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self.negamax(child, -beta, -score, ply + 1)
            pos.unmake()
            if score > best_score:
                best_score, best_path = score, move[0]
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not move[1]:
                            self._remember_cutoff(move, ply, depth)
                        break

        stored = best_score
        if stored >= WON:
            stored += ply
        elif stored <= -WON:
            stored -= ply
        flag = UPPER if best_score <= alpha0 else LOWER if best_score >= beta else EXACT
        self.table[key] = (depth, flag, stored, best_path)
        return best_score

    # --- Move ordering ------------------------------------------------------------------------

    def _order(self, moves: list, tt_path, ply: int) -> list:
        killers = self.killers.get(ply, ())
        history = self.history
        board = self.pos.board
        king = KING[self.pos.side]

        def key(move):
            path = move[0]
            if path == tt_path:
                return -10_000_000
            if move[1]:  # captures: those taking kings first
                return -1_000_000 - sum(board[sq] in "WB" for sq in move[1])
            if path in killers:
                return -500_000
            bonus = 0 if board[path[0]] == king else 1  # men first: kings drift
            return -history.get((path[0], path[-1]), 0) - bonus

        return sorted(moves, key=key)

    def _remember_cutoff(self, move, ply: int, depth: int) -> None:
        path = move[0]
        killers = self.killers.setdefault(ply, [])
        if path not in killers:
            killers.insert(0, path)
            del killers[2:]
        k = (path[0], path[-1])
        self.history[k] = self.history.get(k, 0) + depth * depth

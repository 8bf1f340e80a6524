"""Iterative-deepening alpha-beta for the two-player board games without chance (Halma-Dame,
Räuber und Gendarm; any game whose bot can offer the small interface below).

A game hands the search a position it changes and restores in place:

    pos.hash            an int identifying the position (Zobrist), side to move included
    pos.moves()         the legal moves of the side to move (hashable), never empty unless the
                        game is over there
    pos.make(move), pos.unmake()
    pos.outcome(ply)    None while the game runs, else the score for the side to move (WIN - ply
                        for a win, ply - WIN for a loss, 0 for a draw), checked before moves()
    pos.evaluate()      a heuristic score for the side to move, well inside +-WON

Negamax with principal-variation search, a transposition table, killer moves and the history
heuristic, deepening from 1 until a time budget (with a caller's clock) or a node budget
(without one, so the choice is repeatable) runs out. Pure Python, no clock of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

WIN = 1_000_000
WON = WIN - 10_000  # scores beyond this are forced wins or losses
EXACT, LOWER, UPPER = 0, 1, 2
CHECK_EVERY = 256  # nodes between looks at the clock


class OutOfTime(Exception):
    pass


class Search:
    def __init__(
        self,
        pos: Any,
        deadline: float | None = None,
        clock: Callable[[], float] | None = None,
        max_nodes: int | None = None,
    ) -> None:
        self.pos = pos
        self.deadline = deadline
        self.clock = clock
        self.max_nodes = max_nodes
        self.nodes = 0
        self.table: dict[int, tuple] = {}
        self.killers: dict[int, list] = {}
        self.history: dict[Any, int] = {}

    def iterate(self, max_depth: int, root_moves: list, budget_share: float = 0.45):
        """Deepen from 1 to max_depth until the budget runs out: the best move and score of the
        last finished depth, and that depth (the first root move and 0 if none finished)."""
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
                break  # a forced result: deeper cannot change it
            if self.clock and self.deadline is not None:
                spent = self.clock() - started
                if started + spent / budget_share > self.deadline:
                    break  # the next depth would most likely not finish
            if self.max_nodes is not None and self.nodes * 3 > self.max_nodes:
                break
        return best, score, done

    def root(self, depth: int, order: list):
        """Every root move searched: the score, the best move and the moves best first."""
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

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            if self.deadline is not None and self.clock() > self.deadline:
                raise OutOfTime
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise OutOfTime

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        pos = self.pos
        over = pos.outcome(ply)
        if over is not None:
            return over
        if depth <= 0:
            return pos.evaluate()

        key = pos.hash
        entry = self.table.get(key)
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

        moves = pos.moves()
        if len(moves) > 1:
            moves = self._order(moves, tt_move, ply)
        alpha0 = alpha
        best_score, best_move = -WIN, None
        for i, move in enumerate(moves):
            pos.make(move)
            if i == 0:
                score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            else:
                score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self.negamax(depth - 1, -beta, -score, ply + 1)
            pos.unmake()
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._remember_cutoff(move, ply, depth)
                        break

        stored = best_score
        if stored >= WON:
            stored += ply
        elif stored <= -WON:
            stored -= ply
        flag = UPPER if best_score <= alpha0 else LOWER if best_score >= beta else EXACT
        self.table[key] = (depth, flag, stored, best_move)
        return best_score

    def _order(self, moves: list, tt_move, ply: int) -> list:
        killers = self.killers.get(ply, ())
        history = self.history

        def key(move):
            if move == tt_move:
                return -10_000_000
            if move in killers:
                return -500_000
            return -history.get(move, 0)

        return sorted(moves, key=key)

    def _remember_cutoff(self, move, ply: int, depth: int) -> None:
        killers = self.killers.setdefault(ply, [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]
        self.history[move] = self.history.get(move, 0) + depth * depth

"""A sparring partner for measuring the grandmaster (GAMES.md point 2), not a level offered on
the site: written apart from the bots, from DAME.md and SCHLAGDAME.md alone, the way a textbook
program plays. It knows the game only through the engine's public protocol (load, legal_actions,
apply, status, dump) and shares nothing with the other bots.

Plain iterative-deepening alpha-beta (negamax), the previous iteration's best move tried first
at the root, captures played out beyond the horizon (a capture is compulsory, DA4, so a position
where one is pending is not judged as it stands), and a textbook evaluation: a man 100, a king
300 (kings fly), 4 a rank for a man's advance, 6 for a man in the centre, 8 for a man still
guarding its back row. Schlagdame (SD1) turns the goal round: fewer pieces are better.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

from games.core.checkerboard import INDEX, relative_rank

MATE = 100_000
FIXED_DEPTH = 4  # without a clock: a fixed depth, so that tests are repeatable
CENTRE = {INDEX[s] for s in ("c3", "e3", "d4", "f4", "c5", "e5", "d6", "f6")}


class _Timeout(Exception):
    pass


def _game(slug: str):
    if slug == "schlagdame":
        from games.schlagdame import GAME
    else:
        from games.dame import GAME
    return GAME


def evaluate(board: str, seat: int, misere: bool) -> int:
    """The position for `seat` (board: the engine's dump, one cell per dark square)."""
    score = 0
    for sq, piece in enumerate(board):
        if piece == ".":
            continue
        owner = 0 if piece in "wW" else 1
        if misere:
            value = 100
        elif piece in "WB":
            value = 300
        else:
            rank = relative_rank(sq, owner)
            value = 100 + 4 * rank + (6 if sq in CENTRE else 0) + (8 if rank == 0 else 0)
        score += value if owner == seat else -value
    return -score if misere else score


class Sparring:
    def __init__(self, game, deadline, clock) -> None:
        self.game = game
        self.misere = game.misere
        self.deadline = deadline
        self.clock = clock

    def moves(self, state, seat) -> list[dict]:
        return [a for a in self.game.legal_actions(state, seat) if a["action"] == "move"]

    def negamax(self, state, seat: int, depth: int, alpha: int, beta: int, ply: int) -> int:
        if self.clock is not None and self.clock() > self.deadline:
            raise _Timeout
        status = self.game.status(state)
        if status.over:
            diff = status.scores[seat] - status.scores[1 - seat]  # 1, 0 or -1
            return int(diff * (MATE - ply))
        actions = self.moves(state, seat)
        children = None
        if depth <= 0:
            # Quiescence: go on only while the side to move must capture.
            first = self.game.apply(state, actions[0])
            before = self.pieces(state, 1 - seat)
            if self.pieces(first, 1 - seat) == before:
                return evaluate(self.game.dump(state)["board"], seat, self.misere)
            children = [first] + [self.game.apply(state, a) for a in actions[1:]]
        best = -MATE * 2
        for i, action in enumerate(actions):
            child = children[i] if children else self.game.apply(state, action)
            score = -self.negamax(child, 1 - seat, depth - 1, -beta, -alpha, ply + 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def pieces(self, state, seat: int) -> int:
        board = self.game.dump(state)["board"]
        return sum(board.count(p) for p in ("wW" if seat == 0 else "bB"))


def choose(
    view: dict,
    rng: Random,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> str:
    moves = list(view["legal_moves"])
    if len(moves) == 1:
        return moves[0]
    game = _game(view["game"])
    seat = view["to_move"]
    board = ["."] * 32
    for name, piece in view["board"].items():
        board[INDEX[name]] = piece
    state = game.load(
        {
            "board": "".join(board),
            "to_move": seat,
            "plies": view["plies"],
            "king_plies": view["king_plies"],
            "history": view["positions"],
            "last_move": None,
            "last_captured": [],
            "result": None,
            "end_reason": None,
            "winners": [],
        }
    )
    budget = 0.5 if time_budget is None else time_budget
    search = Sparring(game, clock() + budget if clock else None, clock)
    rng.shuffle(moves)
    order = [{"seat": seat, "action": "move", "move": m} for m in moves]
    best = order[0]
    for depth in range(1, 64 if clock else FIXED_DEPTH + 1):
        try:
            alpha, scored = -MATE * 2, []
            for action in order:
                child = game.apply(state, action)
                score = -search.negamax(child, 1 - seat, depth - 1, -MATE * 2, -alpha, 1)
                scored.append((score, action))
                alpha = max(alpha, score)
        except _Timeout:
            break
        scored.sort(key=lambda t: -t[0])  # stable: the earlier of equals first
        order = [a for _, a in scored]
        best = order[0]
        search.depth = depth
        if abs(scored[0][0]) > MATE // 2:
            break
    return best["move"]


class WithSparring:
    """The site's levels and "sparring", for the shared tournament harness (Setup.bots)."""

    def __init__(self, bots) -> None:
        self.bots = bots
        self.levels = tuple(bots.levels) + ("sparring",)

    def choose(self, level, view, rng, time_budget=None, clock=None) -> dict:
        if level != "sparring":
            return self.bots.choose(level, view, rng, time_budget, clock)
        move = choose(view, rng, time_budget, clock)
        return {"seat": view["seat"], "action": "move", "move": move}

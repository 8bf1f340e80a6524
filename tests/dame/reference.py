"""A second, deliberately plain statement of DA3-DA5 for the property tests to check the engine
against: boards are dicts {(file, rank): piece} with 0-based coordinates, nothing precomputed,
every capture sequence enumerated square by square, slow and obvious."""

from __future__ import annotations

DIAGONALS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]


def name(f: int, r: int) -> str:
    return "abcdefgh"[f] + str(r + 1)


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


def from_names(pieces: dict[str, str]) -> dict:
    return {("abcdefgh".index(sq[0]), int(sq[1]) - 1): p for sq, p in pieces.items()}


def legal_moves(board: dict, seat: int) -> list[str]:
    own = "wW" if seat == 0 else "bB"
    sequences: list[tuple[list, int]] = []
    for start, piece in board.items():
        if piece in own:
            capture_sequences(board, start, start, [start], frozenset(), sequences)
    if sequences:  # DA4: compulsory, and only the largest
        most = max(n for _, n in sequences)
        return sorted("-".join(name(*sq) for sq in path) for path, n in sequences if n == most)
    return sorted(quiet_moves(board, seat))


def capture_sequences(board, start, sq, path, taken, out) -> None:
    piece = board[start]
    enemy = "bB" if piece in "wW" else "wW"

    def free(square):  # the start square is empty once the piece has left it (DA4)
        return on_board(*square) and (square not in board or square == start)

    went_on = False
    for df, dr in DIAGONALS:
        x, y = sq[0] + df, sq[1] + dr
        if piece.isupper():  # a flying king crosses empty squares first
            while free((x, y)):
                x, y = x + df, y + dr
        victim = (x, y)
        if not on_board(*victim) or victim not in board or victim == start:
            continue
        if board[victim] not in enemy or victim in taken:
            continue  # own piece, or one already taken (it still blocks)
        x, y = x + df, y + dr
        while free((x, y)):
            went_on = True
            capture_sequences(board, start, (x, y), path + [(x, y)], taken | {victim}, out)
            if piece.islower():
                break  # a man lands right behind the piece
            x, y = x + df, y + dr
    if not went_on and taken:
        out.append((path, len(taken)))


def quiet_moves(board: dict, seat: int) -> list[str]:
    own = "wW" if seat == 0 else "bB"
    forward = 1 if seat == 0 else -1
    out = []
    for (f, r), piece in board.items():
        if piece not in own:
            continue
        for df, dr in DIAGONALS:
            if piece.islower() and dr != forward:
                continue
            x, y = f + df, r + dr
            while on_board(x, y) and (x, y) not in board:
                out.append(name(f, r) + "-" + name(x, y))
                if piece.islower():
                    break
                x, y = x + df, y + dr
    return out

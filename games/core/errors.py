"""The exceptions every engine raises.

An engine explains a refusal twice: in English for logs and scenario runners (`message`), and as
a `code` with `params` that the game's web layer turns into a sentence in the player's language
(so nothing parses English back). Params hold plain values (card ids, colours, numbers, seats).
"""

from __future__ import annotations


class GameError(Exception):
    pass


class MalformedAction(GameError, ValueError):
    """Not an action at all: wrong shape, unknown verb, card or square name."""


class IllegalAction(GameError):
    """A well-formed action the rules forbid in this state; the state is unchanged.

    `code` is a short stable name ("not_your_turn", "must_capture"), `rule` the rules file's
    section ("R4", "DA4"), `params` what the sentence needs."""

    def __init__(self, code: str, message: str, rule: str = "", **params) -> None:
        super().__init__(f"{rule}: {message}" if rule else message)
        self.code = code
        self.message = message
        self.rule = rule
        self.params = params

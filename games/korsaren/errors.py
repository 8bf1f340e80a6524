"""The engine's exceptions are the protocol's (games/core/errors.py): an illegal action carries a
code, the rule it breaks (RULES.md section) and the parameters of its sentence.

Codes: no_seed, match_over, no_such_seat, not_your_turn, closer_done, already_laid_down,
round_over, wrong_phase (params: what = draw | discard | sail | attach), pile_empty (pile),
not_in_hand (card), must_sail, round_not_over, too_many_colours, same_colour_twice,
pier_colour_crew (colour), attached_twice, wrong_colour_attached (card), number_in_crew
(number), same_number_attached, closer_attaches.
"""

from games.core.errors import GameError, IllegalAction, MalformedAction

KorsarenError = GameError

__all__ = ["IllegalAction", "KorsarenError", "MalformedAction"]

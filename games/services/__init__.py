"""The only code that changes a match (README, "How a move travels").

Every write locks the match row, checks who is acting and on which version of the table, applies
the game's engine (through the protocol: the services never name a game), persists the state
with its Move and Round rows, and only after the transaction commits tells the table's channel
group and queues the follow-up tasks (bot turns, server steps). Humans, bots and the turn timer
all come through here.
"""

from .errors import Conflict, NotAllowed, NotFound, ServiceError
from .lobby import (
    add_bot,
    bot_user,
    create_bot_match,
    create_table,
    join_table,
    leave_table,
    rematch,
    remove_bot,
    start_match,
)
from .notify import (
    LOBBY_GROUP,
    Change,
    committed_here,
    end_sockets,
    notify_chat,
    notify_mutes,
    session_tag,
    table_group,
    turns_group,
    user_group,
)
from .play import Outcome, play, play_bot_optional, play_bot_turn, take_server_step
from .timers import (
    TIMEOUTS_BEFORE_TAKEOVER,
    abort_match,
    hand_seats_to_bots,
    kick_stalled_matches,
    sweep_timeouts,
    take_seat_back,
)

__all__ = [
    "LOBBY_GROUP",
    "TIMEOUTS_BEFORE_TAKEOVER",
    "Conflict",
    "NotAllowed",
    "NotFound",
    "Outcome",
    "ServiceError",
    "abort_match",
    "add_bot",
    "bot_user",
    "Change",
    "committed_here",
    "create_bot_match",
    "create_table",
    "end_sockets",
    "hand_seats_to_bots",
    "join_table",
    "kick_stalled_matches",
    "leave_table",
    "notify_chat",
    "notify_mutes",
    "play",
    "play_bot_optional",
    "play_bot_turn",
    "rematch",
    "remove_bot",
    "session_tag",
    "start_match",
    "sweep_timeouts",
    "table_group",
    "take_seat_back",
    "take_server_step",
    "turns_group",
    "user_group",
]

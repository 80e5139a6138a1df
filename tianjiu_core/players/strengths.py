"""The engine players by name: the strengths a page or a benchmark may ask for.

``beginner`` is the greedy player (:mod:`.greedy`), ``club`` the club player (:mod:`.club`).
A player is a function ``SeatView -> Action`` for the seat to act.

>>> sorted(PLAYERS), player_for("club").__name__
(['beginner', 'club'], 'club_action')
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import NotationError
from ..tiengow.game import Action
from ..tiengow.view import SeatView
from .club import club_action
from .greedy import greedy_action

__all__ = ["PLAYERS", "player_for"]

Player = Callable[[SeatView], Action]

PLAYERS: dict[str, Player] = {
    "beginner": greedy_action,   # 初學: grabs what it can
    "club": club_action,         # 會所: keeps the 結 tile, 敦天, gives up a 棟 for a pair
}


def player_for(name: object) -> Player:
    """The player called ``name``; NotationError naming the known ones otherwise."""
    if not isinstance(name, str) or name not in PLAYERS:
        raise NotationError(f"unknown engine player {name!r}: use one of {', '.join(PLAYERS)}",
                            zh=f"沒有這種電腦玩家 {name!r}：可以用 {', '.join(PLAYERS)}")
    return PLAYERS[name]

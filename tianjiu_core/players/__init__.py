"""Computer players, each deciding from a :class:`~tianjiu_core.tiengow.view.SeatView`:
:mod:`.greedy` (*Beginner*, the greedy player the CLI, the bridge and mining use, and a
uniformly random one for property tests), :mod:`.club` (*Club*), :mod:`.strengths` (by name).  They sit above the solver so that stronger players can
use it.
"""

from __future__ import annotations

from .._lazy import lazy

_EXPORTS = {
    "greedy_action": ".greedy",
    "random_action": ".greedy",
    "unseen_tiles": ".greedy",
    "as_view": ".greedy",
    "club_action": ".club",
    "PLAYERS": ".strengths",
    "player_for": ".strengths",
}

__getattr__, __dir__ = lazy(__name__, globals(), _EXPORTS)
__all__ = list(_EXPORTS)

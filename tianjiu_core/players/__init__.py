"""Computer players: :mod:`.greedy` (the greedy player the CLI, the bridge and mining use, and a
uniformly random one for property tests).  They sit above the solver so that stronger players can
use it.
"""

from __future__ import annotations

from .._lazy import lazy

_EXPORTS = {
    "greedy_action": ".greedy",
    "random_action": ".greedy",
    "unseen_tiles": ".greedy",
}

__getattr__, __dir__ = lazy(__name__, globals(), _EXPORTS)
__all__ = list(_EXPORTS)

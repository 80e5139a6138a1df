"""The exact end-game solver: :mod:`.search` (open hands, every action valued for a hero seat)
and :mod:`.hidden` (the seat to act's view: every consistent deal, or a seeded sample);
:mod:`.slices` runs the open search in resumable slices that end in proven bounds.
Method and limits: docs/solver.md.  Its bridge ops are in :mod:`tianjiu_core.bridge.solver_ops`.
"""

from __future__ import annotations

from .._lazy import lazy

_EXPORTS = {
    "BudgetExceededError": ".search",
    "ActionValue": ".search",
    "Solution": ".search",
    "solve": ".search",
    "clear_caches": ".search",
    "DEFAULT_BUDGET": ".search",
    "HiddenActionValue": ".hidden",
    "HiddenSolution": ".hidden",
    "solve_hidden": ".hidden",
    "hidden_deals": ".hidden",
    "SliceSearch": ".slices",
    "SliceResult": ".slices",
    "ActionBounds": ".slices",
    "HiddenSliceSearch": ".slices",
    "HiddenSliceResult": ".slices",
}

__getattr__, __dir__ = lazy(__name__, globals(), _EXPORTS)
__all__ = list(_EXPORTS)

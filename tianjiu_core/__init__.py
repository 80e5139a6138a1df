"""tianjiu_core — the Tien Gow (天九) rules engine, on a tile table every game shares.

The public face: the names below are importable from here (``from tianjiu_core import Hand,
Rules, Position``) and loaded on first use, so ``import tianjiu_core`` — or importing the bridge —
loads nothing it does not need.  The layers, lowest first (a module imports only from its own
layer or below; ``tests/test_layers.py`` enforces it):

1. shared by every game on these tiles: :mod:`.errors`, :mod:`.tiles`, :mod:`.notation`,
   :mod:`.svg`, :mod:`.limits`, :mod:`.tomlw`, :mod:`.rng`
2. the games: :mod:`.tiengow` (and Pai Gow beside it)
3. :mod:`.solver`
4. :mod:`.players`
5. :mod:`.puzzles`, :mod:`.lessons`
6. :mod:`.bridge` (JSON for the browser)
7. :mod:`.cli` (``tianjiu …``)

>>> from tianjiu_core import Hand, Rules
>>> hand = Hand.from_seed(7, Rules()); len(hand.legal_actions()) > 0
True
"""

from __future__ import annotations

from ._lazy import lazy

__version__ = "0.1.0"

_EXPORTS = {
    # tiles and notation (spec §1)
    "Tile": ".tiles", "TILES": ".tiles", "FULL_SET": ".tiles", "CIVIL": ".tiles", "MILITARY": ".tiles",
    "parse_tiles": ".notation", "parse_tile": ".notation", "format_tiles": ".notation",
    "sort_tiles": ".notation", "parse_seat": ".notation", "SEATS": ".notation",
    "Rng": ".rng",
    # errors
    "TianJiuError": ".errors", "NotationError": ".errors", "AmbiguousTileError": ".errors", "TooLargeError": ".errors",
    "IllegalActionError": ".errors", "InconsistentPositionError": ".errors", "RulesError": ".errors",
    # Tien Gow (spec §2–§7b)
    "Rules": ".tiengow.rules", "PRESETS": ".tiengow.rules",
    "Play": ".tiengow.plays", "classify": ".tiengow.plays", "beats": ".tiengow.plays",
    "Finish": ".tiengow.scoring", "Settlement": ".tiengow.scoring", "settle": ".tiengow.scoring",
    "Wall": ".tiengow.deal", "deal": ".tiengow.deal", "shuffled_wall": ".tiengow.deal",
    "Hand": ".tiengow.game", "Action": ".tiengow.game",
    "Position": ".tiengow.position", "HandRecord": ".tiengow.record",
    # the solver
    "solve": ".solver.search", "Solution": ".solver.search", "BudgetExceededError": ".solver.search",
    "solve_hidden": ".solver.hidden", "HiddenSolution": ".solver.hidden",
    # puzzles
    "Puzzle": ".puzzles.model",
}

__getattr__, __dir__ = lazy(__name__, globals(), _EXPORTS)
__all__ = ["__version__", *_EXPORTS]

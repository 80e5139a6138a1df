"""Pai Gow (牌九) on the shared tile table (spec ``docs/spec/paigow-rules.md``).

Modules, lowest first: :mod:`.rules` (``PaiGowRules``, the options), :mod:`.hands` (two-tile
hands: class, points, order), :mod:`.setting` (four tiles set low / high; small and big Pai Gow
outcomes), :mod:`.house_ways` (house ways as data and their interpreter), :mod:`.analysis`
(every setting's EV against a house-way opponent; the optimal setting), :mod:`.edge` (the house
edge over every deal).  Every public name is importable from this package (loaded on first use).
"""

from __future__ import annotations

from .._lazy import lazy

_EXPORTS = {
    "PaiGowRules": ".rules",
    "HandValue": ".hands",
    "evaluate": ".hands",
    "player_wins": ".hands",
    "tile_rank": ".hands",
    "rank_table": ".hands",
    "Setting": ".setting",
    "settings": ".setting",
    "distinct_settings": ".setting",
    "big_outcome": ".setting",
    "small_outcome": ".setting",
    "HouseWay": ".house_ways",
    "HOUSE_WAYS": ".house_ways",
    "house_way": ".house_ways",
    "house_way_setting": ".house_ways",
    "wizard_rule_one_setting": ".house_ways",
    "Analysis": ".analysis",
    "analyse": ".analysis",
    "hand_counts": ".analysis",
    "EdgeRow": ".edge",
    "edge_table": ".edge",
    "PUBLISHED": ".edge",
}

__getattr__, __dir__ = lazy(__name__, globals(), _EXPORTS)
__all__ = list(_EXPORTS)

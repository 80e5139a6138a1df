"""Tien Gow (天九): the rules on the shared tile table (spec §2–§7b).

Modules, lowest first: :mod:`.rules` (the flat ``Rules`` options and presets), :mod:`.plays`
(the nine play classes, ``beats``), :mod:`.scoring` (settlement, bonuses), :mod:`.deal` (the
wall and the nine 牌頭 methods), :mod:`.game` (``Hand``: a hand played trick by trick),
:mod:`.position` (TOML positions for the solver and puzzles), :mod:`.record` (TOML hand
records), :mod:`.view` (``SeatView``: what one seat may see).  Every public name is also importable from this package (loaded on first use).
"""

from __future__ import annotations

from .._lazy import lazy

_EXPORTS = {
    "Rules": ".rules",
    "PRESETS": ".rules",
    "Play": ".plays",
    "PlayClass": ".plays",
    "PLAY_CLASSES": ".plays",
    "CLASS_NAMES": ".plays",
    "NotAPlayError": ".plays",
    "classify": ".plays",
    "try_classify": ".plays",
    "beats": ".plays",
    "captures_wen_zun": ".plays",
    "all_plays": ".plays",
    "Reason": ".plays",
    "why_not_a_play": ".plays",
    "Finish": ".scoring",
    "Item": ".scoring",
    "Settlement": ".scoring",
    "settle": ".scoring",
    "loser_units": ".scoring",
    "banker_factor": ".scoring",
    "finish_factor": ".scoring",
    "zun_money": ".scoring",
    "si_da_he_money": ".scoring",
    "settle_natural": ".scoring",
    "FINISH_LABELS": ".scoring",
    "Wall": ".deal",
    "shuffled_wall": ".deal",
    "METHODS": ".deal",
    "Method": ".deal",
    "parse_method": ".deal",
    "Deal": ".deal",
    "DealStep": ".deal",
    "first_banker": ".deal",
    "Action": ".game",
    "Hand": ".game",
    "HandResult": ".game",
    "TrickRecord": ".game",
    "find_natural": ".game",
    "NATURAL_NAMES": ".game",
    "Position": ".position",
    "FORMAT": ".position",
    "HandRecord": ".record",
    "SeatView": ".view",
    "mask_action": ".view",
}

__getattr__, __dir__ = lazy(__name__, globals(), _EXPORTS)
__all__ = list(_EXPORTS)

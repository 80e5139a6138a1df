"""Two-tile hands of Pai Gow (牌九): their class, points and order (spec "Points", "Hand order",
"Single-tile order", "Comparing hands").

A hand is two tiles of :mod:`tianjiu_core.tiles` (the one table).  :func:`evaluate` gives its
:class:`HandValue`; hands compare by :attr:`HandValue.key` (a tuple, higher wins), and a tie — a
copy (食夾棍) — goes to the banker (:func:`player_wins`).  :func:`rank_table` is the same order as
small integers for the counting in :mod:`.analysis` and :mod:`.edge`.

>>> from tianjiu_core.tiles import Tile
>>> v = evaluate(Tile.parse("66"), Tile.parse("45")); (v.cls, v.name_en, v.name_hant)
('wong', 'Teen Wong', '天王')
>>> evaluate(Tile.parse("12"), Tile.parse("15")).points    # 丁三 counts 3 or 6: 3+6 = 9
9
>>> player_wins(evaluate(Tile.parse("55"), Tile.parse("46")),
...             evaluate(Tile.parse("22"), Tile.parse("56")))   # 0 against 0: the banker's
False
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..tiles import TILES, Tile
from .rules import PaiGowRules

__all__ = ["HandValue", "evaluate", "player_wins", "tile_rank", "rank_table", "CLASS_NAMES",
           "GEE_JOON_CODES", "DEFAULT_RULES"]

DEFAULT_RULES = PaiGowRules()
GEE_JOON_CODES = ("12", "24")
"""丁三 and 二四: together the 至尊 pair; alone each may count 3 or 6."""

CLASS_NAMES: dict[str, tuple[str, str, str]] = {
    "supreme": ("至尊", "至尊", "Gee Joon (supreme pair)"),
    "pair": ("對子", "对子", "pair"),
    "wong": ("王", "王", "wong"),
    "gong": ("槓", "杠", "gong"),
    "high_nine": ("高九", "高九", "high nine"),
    "points": ("點數", "点数", "points"),
}
"""Hand class → (繁, 简, English), highest first."""

_LEVEL = {"supreme": 6, "pair": 5, "wong": 4, "gong": 3, "high_nine": 2, "points": 1}
_MILITARY_PAIR_STRENGTH = {9: 4, 8: 3, 7: 2, 5: 1}


def tile_rank(tile: Tile, rules: PaiGowRules = DEFAULT_RULES) -> int:
    """The single-tile order for tie-breaks, higher first (spec "Single-tile order").

    ``casino``: 天 16 … 銅錘六 6, 雜九 5, 雜八 4, 雜七 3, 雜五 2, 丁三 = 二四 = 1.
    ``seed004``: 天 17 … 銅錘六 7, 雜九 6, 雜八 5, 雜七 4, 二四 3, 雜五 2, 丁三 1.

    >>> tile_rank(Tile.parse("66")), tile_rank(Tile.parse("24")), tile_rank(Tile.parse("12"))
    (16, 1, 1)
    """
    if rules.tile_order == "casino":
        if tile.is_civil:
            return tile.strength + 5
        return {9: 5, 8: 4, 7: 3, 5: 2, 6: 1, 3: 1}[tile.value]
    if tile.is_civil:
        return tile.strength + 6
    return {9: 6, 8: 5, 7: 4, 6: 3, 5: 2, 3: 1}[tile.value]


@dataclass(frozen=True, slots=True)
class HandValue:
    """What two tiles make (spec "Hand order").

    tiles:  the two tiles, higher-ranked first (:func:`tile_rank`).
    cls:    ``supreme`` (至尊), ``pair`` (civil or military pair), ``wong`` (天王/地王),
            ``gong`` (天槓/地槓), ``high_nine`` (天高九/地高九, only with the option) or
            ``points``.
    points: 0–9, the points the hand counts (丁三/二四 as 3 or 6, whichever is better); a wong
            counts 1 and a gong 0 as points, but they rank by class.
    key:    comparison tuple, higher wins; equal keys are a copy (the banker's).
    name_hant, name_en, name_hans: e.g. ``雙天`` / ``pair of Teen`` / ``双天``, ``天王`` /
            ``Teen Wong``, ``9點（天）`` / ``9 (Teen high)`` / ``9点（天）``.
    """

    tiles: tuple[Tile, Tile]
    cls: str
    points: int
    key: tuple[int, int, int]
    name_hant: str
    name_en: str
    name_hans: str = ""

    @property
    def codes(self) -> tuple[str, str]:
        return (self.tiles[0].code, self.tiles[1].code)

    def __str__(self) -> str:
        return f"{self.tiles[0].code} {self.tiles[1].code}"


def _points(a: Tile, b: Tile, rules: PaiGowRules) -> int:
    va = (3, 6) if rules.gee_joon_wild and a.code in GEE_JOON_CODES else (a.points,)
    vb = (3, 6) if rules.gee_joon_wild and b.code in GEE_JOON_CODES else (b.points,)
    return max((x + y) % 10 for x in va for y in vb)


def _evaluate(a: Tile, b: Tile, rules: PaiGowRules) -> HandValue:
    if tile_rank(b, rules) > tile_rank(a, rules) or (
            tile_rank(b, rules) == tile_rank(a, rules) and b.index < a.index):
        a, b = b, a
    pts = _points(a, b, rules)
    codes = {a.code, b.code}

    def make(cls: str, key: tuple[int, int, int], hant: str, en: str, hans: str) -> HandValue:
        return HandValue((a, b), cls, pts, key, hant, en, hans)

    if codes == set(GEE_JOON_CODES):
        return make("supreme", (6, 0, 0), "至尊", "Gee Joon (supreme pair)", "至尊")
    if a is b and a.is_civil:
        return make("pair", (5, a.strength + 4, 0), f"雙{a.name_hant}", f"pair of {a.name_en}",
                    f"双{a.name_hans}")
    if (a.is_military and b.is_military and a.value == b.value and a is not b
            and a.value in _MILITARY_PAIR_STRENGTH):
        return make("pair", (5, _MILITARY_PAIR_STRENGTH[a.value], 0), f"雙{a.name_hant}",
                    f"pair of {a.name_en}", f"双{a.name_hans}")
    if a.code in ("66", "11"):
        heaven = a.code == "66"
        side, side_en = ("天", "Teen") if heaven else ("地", "Day")
        if b.points == 9 and b.is_military:
            return make("wong", (4, int(heaven), 0), f"{side}王", f"{side_en} Wong", f"{side}王")
        if b.points == 8 and b.code in ("44", "26", "35"):
            return make("gong", (3, int(heaven), 0), f"{side}槓", f"{side_en} Gong", f"{side}杠")
        if rules.high_nine_pairs and b.points == 7 and b.code in ("16", "25", "34"):
            return make("high_nine", (2, int(heaven), 0), f"{side}高九", f"{side_en} High Nine",
                        f"{side}高九")
    if pts == 0 and rules.zero_rule:
        return make("points", (1, 0, 0), "0點", "0 points", "0点")
    return make("points", (1, pts, tile_rank(a, rules)), f"{pts}點（{a.name_hant}）",
                f"{pts} ({a.name_en} high)", f"{pts}点（{a.name_hans}）")


@lru_cache(maxsize=16)
def _table(rules: PaiGowRules) -> tuple[HandValue, ...]:
    return tuple(_evaluate(a, b, rules) for a in TILES for b in TILES)


def evaluate(a: Tile, b: Tile, rules: PaiGowRules = DEFAULT_RULES) -> HandValue:
    """The :class:`HandValue` of the two tiles ``a`` and ``b`` (in either order).

    Two copies of a military face (which exist once) are not checked here; a caller that takes
    tiles from text checks copies when parsing (:func:`tianjiu_core.notation.parse_tiles`).
    """
    return _table(rules)[a.index * 21 + b.index]


def player_wins(player: HandValue, banker: HandValue) -> bool:
    """True when ``player`` outranks ``banker``; a copy (equal keys) is the banker's (食夾棍)."""
    return player.key > banker.key


@lru_cache(maxsize=16)
def rank_table(rules: PaiGowRules = DEFAULT_RULES) -> tuple[tuple[int, ...], int]:
    """``(ranks, levels)``: ``ranks[a * 21 + b]`` is the hand of faces ``a``, ``b``
    (:attr:`Tile.index`) as a dense integer 0 … ``levels - 1`` in the order of :attr:`HandValue.key`
    (equal keys, equal integers)."""
    values = _table(rules)
    keys = sorted({v.key for v in values})
    dense = {k: i for i, k in enumerate(keys)}
    return tuple(dense[v.key] for v in values), len(keys)

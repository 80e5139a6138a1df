"""Big Pai Gow (大牌九): four tiles set into a low (front) and a high (back) hand, and the
outcome against the banker's setting (spec "Big 牌九"); small Pai Gow (小牌九): two tiles
against two (spec "Small 牌九").

>>> from tianjiu_core.notation import parse_tiles
>>> [str(s) for s in settings(parse_tiles("22 15 56 36"))]   # seed 004's example
['22 15 / 56 36', '15 36 / 22 56', '22 36 / 56 15']
>>> s = settings(parse_tiles("22 15 56 36"))[1]; (s.low.name_hant, s.high.name_hant)
('5點（銅錘六）', '5點（板凳）')
>>> big_outcome(s, settings(parse_tiles("66 66 12 13"))[0])
'lose'
>>> [str(s) for s in distinct_settings(parse_tiles("66 66 36 12"))]   # 天 天: two splits are one
['36 12 / 66 66', '66 12 / 66 36']
>>> [str(s) for s in distinct_settings(parse_tiles("44 55 46 11"))]   # 梅, 紅頭十: 0 either way
['11 46 / 44 55', '55 46 / 11 44']
>>> [str(s) for s in distinct_settings(parse_tiles("36 45 66 12"))]   # 雜九 雜九: the same
['66 12 / 36 45', '45 12 / 66 36']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InconsistentPositionError
from ..tiles import Tile
from .hands import DEFAULT_RULES, HandValue, evaluate, player_wins
from .rules import PaiGowRules

__all__ = ["Setting", "settings", "distinct_settings", "same_setting", "big_outcome", "small_outcome", "check_hand", "SPLITS"]

SPLITS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))
"""The three ways to split four tiles (positions 0–3) into two pairs of two."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One way to set four tiles: ``low`` (front) and ``high`` (back) :class:`HandValue`, the
    high hand not below the low; ``split`` is its index in :data:`SPLITS` for the tiles as
    given."""

    low: HandValue
    high: HandValue
    split: int

    @property
    def tiles(self) -> tuple[Tile, Tile, Tile, Tile]:
        return (*self.low.tiles, *self.high.tiles)

    def __str__(self) -> str:
        return f"{self.low} / {self.high}"


def check_hand(tiles: Sequence[Tile], n: int = 4) -> tuple[Tile, ...]:
    """``tiles`` as a tuple when they are ``n`` tiles a 32-tile set can hold; else
    :class:`InconsistentPositionError` naming what is wrong."""
    tiles = tuple(tiles)
    if len(tiles) != n:
        raise InconsistentPositionError(
            f"a Pai Gow hand here is {n} tiles, not {len(tiles)}",
            zh=f"這裏的牌九一手是 {n} 張牌，不是 {len(tiles)} 張")
    for tile, count in Counter(tiles).items():
        if count > tile.copies:
            raise InconsistentPositionError(
                f"{count} × {tile.code} ({tile.name_hant}): a set has only {tile.copies}",
                zh=f"{count} 張{tile.name_hant}（{tile.code}）：一副牌只有 {tile.copies} 張")
    return tiles


def settings(tiles: Sequence[Tile], rules: PaiGowRules = DEFAULT_RULES) -> tuple[Setting, ...]:
    """The three settings of four tiles, in the order of :data:`SPLITS` (each oriented so the
    high hand is the higher; equal hands either way round).  Raises
    :class:`InconsistentPositionError` unless ``tiles`` are four tiles of one set."""
    t = check_hand(tiles)
    out = []
    for k, ((a, b), (c, d)) in enumerate(SPLITS):
        x, y = evaluate(t[a], t[b], rules), evaluate(t[c], t[d], rules)
        if y.key < x.key:
            x, y = y, x
        out.append(Setting(x, y, k))
    return tuple(out)


def same_setting(s: Setting) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """What makes two settings the same: the two hands' values (:attr:`HandValue.key`, low
    first).  Four tiles are four tiles: two splits whose hands compare alike win, lose and push
    against exactly the same opponents, as player and as banker, so they are one setting to
    choose — a face held twice (天 天 雜九 丁三: 天 雜九 / 天 丁三 either way), the two 雜九 36 and
    45, or two tiles of equal points where another tile decides (44 55 46 11: 地 with 梅 or with
    紅頭十 is 2 points either way, 人 with the other 8 points)."""
    return (s.low.key, s.high.key)


def distinct_settings(tiles: Sequence[Tile], rules: PaiGowRules = DEFAULT_RULES) -> tuple[Setting, ...]:
    """The settings of four tiles a player can tell apart: :func:`settings` without the repeats
    that a face held twice makes (天 天 雜九 丁三 splits into 天 雜九 / 天 丁三 in two ways, one
    setting; so do the two 雜九 36 and 45, and any two splits whose hands compare alike:
    :func:`same_setting`).  Three settings, or fewer when splits are alike; the first of
    equal ones is kept, with its ``split``."""
    out: list[Setting] = []
    seen: set[tuple[tuple[int, int, int], tuple[int, int, int]]] = set()
    for s in settings(tiles, rules):
        key = same_setting(s)
        if key not in seen:
            seen.add(key)
            out.append(s)
    return tuple(out)


def big_outcome(player: Setting, banker: Setting) -> str:
    """``"win"`` (both hands beat the banker's), ``"lose"`` (both lose; copies are the
    banker's) or ``"push"`` (one each)."""
    front = player_wins(player.low, banker.low)
    back = player_wins(player.high, banker.high)
    if front and back:
        return "win"
    if not front and not back:
        return "lose"
    return "push"


def small_outcome(player: HandValue, banker: HandValue) -> str:
    """Small Pai Gow: ``"win"`` or ``"lose"`` (a copy is the banker's)."""
    return "win" if player_wins(player, banker) else "lose"

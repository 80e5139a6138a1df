"""Shuffling, the wall and the nine dealing methods (牌頭) (spec §3).

**Shuffle (ours, stable everywhere).**  :func:`shuffled_wall` starts from
:data:`~tianjiu_core.tiles.FULL_SET` (table order: 天 天 地 地 … 丁三) and
shuffles it with :func:`tianjiu_core.rng.shuffled` (Fisher–Yates over
SplitMix64, documented there).  Dice are ``1 + below(6)`` from the same stream,
so every Python version and Pyodide give the same wall.

**The wall.**  32 tiles in 8 stacks (棟) of 4, numbered 1–8 from the thrower's
left; a :class:`Wall` lists stack 1 top to bottom, then stack 2, and so on.

**Who takes first.**  The thrower sits opposite the banker.  Counting
counter-clockwise with the thrower as 1, the dice total picks the first
taker; the others follow counter-clockwise (E→S→W→N).

**Methods** — each gives every seat 8 tiles; "1st" is the first taker:

============  ==================================================================
開邊左 / 開邊右  two stacks each from the left end (1+2, 3+4, 5+6, 7+8) or the right
              end (8+7, 6+5, 4+3, 2+1).  ``開邊`` alone means from the left.
輪棟          one stack each, twice round: 1st takes 1 and 5, 2nd 2 and 6, …
間棟          1st 1+3, 2nd 2+4, 3rd 5+7, 4th 6+8.
片面 (片皮)    each takes one horizontal layer: 1st the top layer of all 8 stacks,
              2nd the second layer, and so on.
挖心 (中掘)    1st the middle stacks 4+5, then outwards: 3+6, 2+7, 1+8.
切耳          1st the end stacks 1+8, then inwards: 2+7, 3+6, 4+5.
龍頭鳳尾       7 onto 1 and 8 onto 2; 1st takes the 8-high stack 1, 2nd stack 2,
              3rd 3+4, 4th 5+6.
雙翼齊飛       1 onto 4 and 8 onto 5; the row is 2 3 [4] [5] 6 7; shares in row
              order: 1st 2+3, 2nd 4, 3rd 5, 4th 6+7.
舞三獅         6 onto 1, 7 onto 3, 8 onto 5; the row is [1] 2 [3] 4 [5]; shares
              in row order, a 4-high stack pairing with the next 4-high one:
              1st 1, 2nd 2+4, 3rd 3, 4th 5.
============  ==================================================================

In the rearranged walls an 8-high stack is one seat's share (the moved stack
on top) and 4-high stacks are taken two per seat; shares go in row order from
the left, which is the reading we chose where the seeds leave it open.

>>> w = shuffled_wall(7); len(w.tiles), w.tiles[:4] == w.stack(1)
(32, True)
>>> d = deal(Wall.parse(" ".join(t.code for t in FULL_SET)), "間棟", (3, 4), banker=0)
>>> d.thrower, d.first, [s.stacks for s in d.steps]
(2, 0, [(1, 3), (2, 4), (5, 7), (6, 8)])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import InconsistentPositionError, NotationError
from ..rng import Rng, shuffled
from ..notation import SEATS, format_tiles, parse_tiles, sort_tiles
from ..tiles import FULL_SET, TILES, Tile

__all__ = ["Wall", "shuffled_wall", "METHODS", "Method", "parse_method", "deal", "Deal",
           "DealStep", "first_banker"]

@dataclass(frozen=True, slots=True)
class Wall:
    """The 32 tiles as 8 stacks of 4: stack 1 top→bottom, then stack 2, … (spec §3)."""

    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        if len(self.tiles) != 32:
            raise InconsistentPositionError(f"a wall has 32 tiles, not {len(self.tiles)}",
                                            zh=f"牌牆有 32 張牌，不是 {len(self.tiles)} 張")
        counts = Counter(self.tiles)
        for t in TILES:
            if counts[t] != t.copies:
                raise InconsistentPositionError(
                    f"a wall holds {t.copies} of {t.code} ({t.name_hant}), not {counts[t]}",
                    zh=f"牌牆應該有 {t.copies} 張 {t.code}（{t.name_hant}），不是 {counts[t]} 張")

    @staticmethod
    def parse(text: str) -> Wall:
        """32 tiles in wall order (codes or names); raises NotationError / InconsistentPositionError."""
        return Wall(parse_tiles(text))

    def stack(self, number: int) -> tuple[Tile, ...]:
        """Stack 1–8, top tile first."""
        return self.tiles[4 * (number - 1): 4 * number]

    def __str__(self) -> str:
        return format_tiles(self.tiles)

    def __repr__(self) -> str:
        return f"Wall.parse({str(self)!r})"


def shuffled_wall(seed: int | Rng) -> Wall:
    """The wall for ``seed`` (or drawn from ``rng``) by :func:`~tianjiu_core.rng.shuffled`
    of :data:`~tianjiu_core.tiles.FULL_SET`."""
    return Wall(tuple(shuffled(FULL_SET, seed if isinstance(seed, Rng) else Rng(seed))))


@dataclass(frozen=True, slots=True)
class Method:
    """A dealing method (牌頭): identifier, names and how the wall is split."""

    key: str
    name_hant: str
    name_hans: str
    name_en: str
    aliases: tuple[str, ...]
    moves: tuple[tuple[int, int], ...]      # (stack moved, stack it goes onto)
    shares: tuple[tuple[int, ...], ...]     # stacks of the 1st … 4th taker; () = layers

    def name(self, lang: str = "hant") -> str:
        return {"hant": self.name_hant, "hans": self.name_hans, "en": self.name_en}[lang]


METHODS: tuple[Method, ...] = (
    Method("kai_bian_left", "開邊左", "开边左", "Open from the left", ("開邊", "开边", "開邊(左)",
           "kai_bian", "kaibian", "left", "左"), (), ((1, 2), (3, 4), (5, 6), (7, 8))),
    Method("kai_bian_right", "開邊右", "开边右", "Open from the right", ("開邊(右)", "right", "右"),
           (), ((8, 7), (6, 5), (4, 3), (2, 1))),
    Method("lun_dong", "輪棟", "轮栋", "One stack each, twice round", ("一棟棟", "一栋栋"),
           (), ((1, 5), (2, 6), (3, 7), (4, 8))),
    Method("jian_dong", "間棟", "间栋", "Every other stack", (), (),
           ((1, 3), (2, 4), (5, 7), (6, 8))),
    Method("pian_mian", "片面", "片面", "Layer by layer", ("片皮", "大片"), (), ()),
    Method("wa_xin", "挖心", "挖心", "Dig out the heart", ("中掘",), (),
           ((4, 5), (3, 6), (2, 7), (1, 8))),
    Method("qie_er", "切耳", "切耳", "Cut the ears", (), (), ((1, 8), (2, 7), (3, 6), (4, 5))),
    Method("long_tou_feng_wei", "龍頭鳳尾", "龙头凤尾", "Dragon's head, phoenix's tail", (),
           ((7, 1), (8, 2)), ((1,), (2,), (3, 4), (5, 6))),
    Method("shuang_yi_qi_fei", "雙翼齊飛", "双翼齐飞", "Both wings fly",
           ("中掘兩邊飛", "中掘两边飞"), ((1, 4), (8, 5)), ((2, 3), (4,), (5,), (6, 7))),
    Method("wu_san_shi", "舞三獅", "舞三狮", "Three lions dance", (),
           ((6, 1), (7, 3), (8, 5)), ((1,), (2, 4), (3,), (5,))),
)
"""The nine 牌頭 (開邊 counted once per side), in the order the seeds list them."""

_METHOD_ALIASES = {}
for _m in METHODS:
    for _a in (_m.key, _m.name_hant, _m.name_hans, _m.name_en, *_m.aliases):
        _METHOD_ALIASES[_a.casefold()] = _m


def parse_method(text: str | Method) -> Method:
    """A method from its 繁/简 name or identifier (``間棟``, ``间栋``, ``jian_dong``).

    >>> parse_method("间栋").name_hant, parse_method("開邊").key
    ('間棟', 'kai_bian_left')
    """
    if isinstance(text, Method):
        return text
    m = _METHOD_ALIASES.get(str(text).strip().casefold())
    if m is None:
        raise NotationError(
            f"{text!r} is not a dealing method (牌頭); use one of "
            + ", ".join(m.name_hant for m in METHODS),
            zh=f"{text!r} 不是牌頭（派牌方法）；可以用：" + "、".join(m.name_hant for m in METHODS))
    return m


@dataclass(frozen=True, slots=True)
class DealStep:
    """One seat taking its share: ``stacks`` (wall numbers, after any moves) or ``layer`` (片面)."""

    seat: int
    stacks: tuple[int, ...]
    layer: int | None
    tiles: tuple[Tile, ...]

    def to_json(self) -> dict:
        return {"seat": SEATS[self.seat], "stacks": list(self.stacks), "layer": self.layer,
                "tiles": [t.code for t in self.tiles]}


@dataclass(frozen=True, slots=True)
class Deal:
    """A dealt wall: who threw, the dice, the first taker, the moves and each step.

    ``hands`` are the four holdings (E S W N), each sorted, 8 tiles.
    """

    wall: Wall
    method: Method
    dice: tuple[int, int]
    banker: int
    thrower: int
    first: int
    moves: tuple[tuple[int, int], ...]
    steps: tuple[DealStep, ...]
    hands: tuple[tuple[Tile, ...], ...]

    def to_json(self) -> dict:
        return {"wall": [t.code for t in self.wall.tiles], "method": self.method.name_hant,
                "method_key": self.method.key, "dice": list(self.dice),
                "banker": SEATS[self.banker], "thrower": SEATS[self.thrower],
                "first": SEATS[self.first], "moves": [list(m) for m in self.moves],
                "steps": [s.to_json() for s in self.steps],
                "hands": {SEATS[i]: [t.code for t in h] for i, h in enumerate(self.hands)}}


def dice_ok(dice: Sequence[object]) -> bool:
    """Whether ``dice`` is a throw of two dice: two whole numbers 1–6 (not bools)."""
    return len(dice) == 2 and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                                  for d in dice)


def _check_dice(dice: Sequence[int]) -> tuple[int, int]:
    dice = tuple(dice)
    if not dice_ok(dice):
        raise NotationError(f"dice must be two numbers 1–6, not {list(dice)!r}",
                            zh=f"骰子要是兩個 1–6 的數，不是 {list(dice)!r}")
    return dice  # type: ignore[return-value]


def deal(wall: Wall, method: str | Method, dice: Sequence[int], banker: int) -> Deal:
    """Deal ``wall`` by ``method`` after the thrower (opposite the banker) threw ``dice``.

    Returns a :class:`Deal` with every step, for animation and for the hands.
    Raises NotationError for an unknown method or bad dice.
    """
    method = parse_method(method)
    dice = _check_dice(dice)
    if not 0 <= banker < 4:
        raise NotationError(f"banker must be a seat 0–3, not {banker!r}",
                            zh=f"banker（莊家）要是座位 0–3，不是 {banker!r}")
    thrower = (banker + 2) % 4
    first = (thrower + sum(dice) - 1) % 4
    order = [(first + k) % 4 for k in range(4)]
    columns = {n: list(wall.stack(n)) for n in range(1, 9)}
    for moved, onto in method.moves:
        columns[onto] = columns.pop(moved) + columns[onto]
    steps: list[DealStep] = []
    if not method.shares:  # 片面: layer by layer
        for layer, seat in enumerate(order):
            steps.append(DealStep(seat, tuple(range(1, 9)), layer,
                                  tuple(columns[n][layer] for n in range(1, 9))))
    elif method.key == "lun_dong":  # one stack at a time, twice round
        for rnd in range(2):
            for k, seat in enumerate(order):
                n = method.shares[k][rnd]
                steps.append(DealStep(seat, (n,), None, tuple(columns[n])))
    else:
        for k, seat in enumerate(order):
            stacks = method.shares[k]
            steps.append(DealStep(seat, stacks, None,
                                  tuple(t for n in stacks for t in columns[n])))
    hands: list[list[Tile]] = [[], [], [], []]
    for step in steps:
        hands[step.seat].extend(step.tiles)
    assert all(len(h) == 8 for h in hands)
    return Deal(wall, method, dice, banker, thrower, first, method.moves, tuple(steps),
                tuple(sort_tiles(h) for h in hands))


def first_banker(rng: Rng) -> tuple[int, list[tuple[int, ...]]]:
    """The first banker: each seat throws two dice, highest total wins, ties throw again (spec §3).

    Returns the banker and every round of totals thrown (seats that did not
    throw in a re-throw round are 0).
    """
    contenders = [0, 1, 2, 3]
    rounds = []
    while True:
        totals = [0, 0, 0, 0]
        for seat in contenders:
            totals[seat] = sum(rng.dice())
        rounds.append(tuple(totals))
        best = max(totals)
        contenders = [s for s in contenders if totals[s] == best]
        if len(contenders) == 1:
            return contenders[0], rounds

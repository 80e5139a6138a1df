"""Expected values of the settings of four tiles against a house-way banker (or, when the
player banks, a house-way opponent), over every hand the 28 unseen tiles can make (spec
"Optimal way", "Banking and commission").

The opponent's hands are counted by *face multiset*: the 20,475 four-tile hands of 28 tiles
fall into a few thousand multisets, each weighted by how many physical hands it is
(a product of binomials), and each multiset's house-way setting is computed once per house way
and kept (:func:`opponent_table`).

>>> from tianjiu_core.notation import parse_tiles
>>> a = analyse(parse_tiles("66 44 12 35"))
>>> a.total, [round(s.ev, 4) for s in a.not_banking][:1] != [], a.optimal.split in (0, 1, 2)
(20475, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
import hashlib
import importlib
import importlib.resources
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path

from ..tiles import TILES, Tile
from .hands import DEFAULT_RULES, rank_table
from .house_ways import DEFAULT_HOUSE_WAY, HouseWay, house_way, house_way_setting
from .rules import PaiGowRules
from .setting import SPLITS, Setting, check_hand, distinct_settings, same_setting

__all__ = ["SettingValue", "Analysis", "analyse", "four_tile_multisets", "opponent_table",
           "hand_counts", "setting_ranks", "house_way_splits", "fingerprint", "write_table"]

COPIES = tuple(t.copies for t in TILES)


@lru_cache(maxsize=1)
def four_tile_multisets() -> tuple[tuple[tuple[int, int, int, int], int], ...]:
    """Every four-tile hand as a face multiset (sorted :attr:`Tile.index` tuple) with how many
    physical hands of a 32-tile set it is; the weights add up to C(32, 4) = 35,960."""
    out = []
    two = [COPIES[f] >= 2 for f in range(21)]
    for a in range(21):
        for b in range(a, 21):
            if b == a and not two[a]:
                continue
            for c in range(b, 21):
                if c == b and (b == a or not two[b]):
                    continue
                for d in range(c, 21):
                    if d == c and (c == b or not two[c]):
                        continue
                    m = (a, b, c, d)
                    w = 1
                    for i, f in enumerate(m):   # a face held once counts its copies
                        if (i == 0 or m[i - 1] != f) and (i == 3 or m[i + 1] != f):
                            w *= COPIES[f]
                    out.append((m, w))
    return tuple(out)


def hand_counts() -> dict[str, int]:
    """The counts of spec "Banking and commission": four- and two-tile deals, and distinct
    hands when the tiles of a pair are merged (civil twins; 36≡45, 26≡35, 25≡34, 14≡23, 12≡24:
    16 kinds)."""
    kind = {}
    for t in TILES:
        twin = {"45": "36", "35": "26", "34": "25", "23": "14", "24": "12"}.get(t.code, t.code)
        kind[t.index] = twin
    kind_copies: dict[str, int] = {}
    for t in TILES:
        kind_copies[kind[t.index]] = kind_copies.get(kind[t.index], 0) + t.copies
    kinds = sorted(kind_copies)

    def distinct(n: int) -> int:
        return sum(1 for m in combinations_with_replacement(kinds, n)
                   if all(m.count(k) <= kind_copies[k] for k in set(m)))

    return {"four_tile_deals": sum(w for _, w in four_tile_multisets()),
            "four_tile_distinct": distinct(4),
            "two_tile_deals": comb(32, 2), "two_tile_distinct": distinct(2),
            "face_multisets": len(four_tile_multisets()), "kinds": len(kinds)}


def setting_ranks(s: Setting, rules: PaiGowRules = DEFAULT_RULES) -> tuple[int, int]:
    """``(low, high)`` of a setting as dense ranks (:func:`~.hands.rank_table`)."""
    ranks, _ = rank_table(rules)
    lo, hi = s.low.tiles, s.high.tiles
    return ranks[lo[0].index * 21 + lo[1].index], ranks[hi[0].index * 21 + hi[1].index]


TABLE_MODULE = "house_way_table"
"""The generated module (beside this one) holding :func:`house_way_splits` of each house way
under the default rules, so the first analysis in a browser does not compute 8,130 settings."""

_ENGINE_FILES = ("rules.py", "hands.py", "setting.py", "house_ways.py", "analysis.py")


def fingerprint(way: HouseWay) -> str:
    """A hash of the house way's record and of the sources that decide its settings: a stored
    table is used only while it matches (else the settings are computed again)."""
    h = hashlib.sha256(repr(way).encode())
    # (through importlib.resources: the browser imports the engine from its wheel, a zip file)
    here = importlib.resources.files(__package__)
    try:
        for name in _ENGINE_FILES:
            h.update(here.joinpath(name).read_bytes())
    except OSError:          # sources not installed: no stored table can be trusted
        return ""
    return h.hexdigest()[:16]


def house_way_splits(way: HouseWay, rules: PaiGowRules = DEFAULT_RULES) -> str:
    """The house way's setting of every hand of :func:`four_tile_multisets`, in that order, as
    one character each: the index (0–2) in :data:`~.setting.SPLITS` of the tiles in that order."""
    return "".join(str(house_way_setting([TILES[i] for i in m], way, rules).split)
                   for m, _ in four_tile_multisets())


def _stored_splits(way: HouseWay, rules: PaiGowRules) -> str | None:
    if rules != DEFAULT_RULES:
        return None
    try:
        table = importlib.import_module(f"{__package__}.{TABLE_MODULE}")
    except ImportError:
        return None
    entry = table.SPLITS.get(way.key)
    if entry is None or not entry[0] or entry[0] != fingerprint(way):
        return None
    return entry[1]


@lru_cache(maxsize=8)
def opponent_table(way: HouseWay, rules: PaiGowRules = DEFAULT_RULES) -> tuple[tuple[int, int], ...]:
    """The dense ``(low, high)`` ranks of the house-way setting of each hand of
    :func:`four_tile_multisets`, in that order (read from the stored table when it matches
    :func:`fingerprint`, else computed)."""
    ranks, _ = rank_table(rules)
    splits = _stored_splits(way, rules) or house_way_splits(way, rules)
    pick = {str(k): ((a, b), (c, d)) for k, ((a, b), (c, d)) in enumerate(SPLITS)}
    out = []
    for (m, _), k in zip(four_tile_multisets(), splits):
        (a, b), (c, d) = pick[k]
        x = ranks[m[a] * 21 + m[b]]
        y = ranks[m[c] * 21 + m[d]]
        out.append((x, y) if x <= y else (y, x))
    return tuple(out)


def write_table(path: Path | None = None) -> Path:
    """Regenerate the stored table (``python -m tianjiu_core.paigow.analysis``): every house
    way of :data:`~.house_ways.HOUSE_WAYS` under the default rules."""
    from .house_ways import HOUSE_WAYS
    path = path or Path(__file__).resolve().with_name(f"{TABLE_MODULE}.py")
    lines = ['"""The house way\'s setting of each of the 8,130 four-tile face multisets, default rules.',
             "",
             "GENERATED by ``python -m tianjiu_core.paigow.analysis`` — do not edit.  Each entry is",
             "(fingerprint, splits): :func:`tianjiu_core.paigow.analysis.opponent_table` uses it only",
             "while the fingerprint matches the engine's sources, else computes the settings again.",
             '"""', "", "SPLITS = {"]
    for key, way in HOUSE_WAYS.items():
        splits = house_way_splits(way)
        lines.append(f"    {key!r}: ({fingerprint(way)!r},")
        for i in range(0, len(splits), 96):
            lines.append(f"        {splits[i:i + 96]!r}")
        lines[-1] += "),"
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@dataclass(frozen=True, slots=True)
class SettingValue:
    """One setting's result over every opponent hand: ``win``, ``lose``, ``push`` as
    probabilities, ``ev`` in stake units after commission (taken from a win)."""

    setting: Setting
    win: float
    lose: float
    push: float
    ev: float

    def to_json(self) -> dict:
        return {"low": list(self.setting.low.codes), "high": list(self.setting.high.codes),
                "win": self.win, "lose": self.lose, "push": self.push, "ev": self.ev}


@dataclass(frozen=True, slots=True)
class Analysis:
    """The settings of a hand against a house-way opponent.

    settings:    the distinct :class:`Setting` (:func:`~.setting.distinct_settings`: three, or two
                 when two splits make hands that compare alike, one setting), in the order
                 of :data:`~.setting.SPLITS`.
    not_banking, banking: a :class:`SettingValue` per setting (the player against a house-way
                 banker; the player as banker, winning copies, against a house-way opponent).
    house_way:   the index of the house way's setting; ``optimal`` / ``optimal_banking``: the
                 best setting by EV not banking / banking (ties: the lower index).
    total:       opponent hands counted (C(28, 4) = 20,475).
    """

    settings: tuple[Setting, ...]
    not_banking: tuple[SettingValue, ...]
    banking: tuple[SettingValue, ...]
    house_way: int
    optimal_index: int
    optimal_banking_index: int
    total: int
    way: HouseWay

    @property
    def optimal(self) -> Setting:
        return self.settings[self.optimal_index]

    @property
    def optimal_banking(self) -> Setting:
        return self.settings[self.optimal_banking_index]


def analyse(tiles: Sequence[Tile], way: HouseWay | str = DEFAULT_HOUSE_WAY,
            rules: PaiGowRules = DEFAULT_RULES) -> Analysis:
    """Every setting of four tiles against every hand of the 28 unseen tiles, set by the house
    way ``way``; see :class:`Analysis`.  Raises
    :class:`~tianjiu_core.errors.InconsistentPositionError` for tiles that are not four tiles of
    one set, :class:`~tianjiu_core.errors.RulesError` for an unknown house way."""
    way = house_way(way)
    tiles = check_hand(tiles)
    options = distinct_settings(tiles, rules)
    mine = [setting_ranks(s, rules) for s in options]
    ks = range(len(options))
    table = opponent_table(way, rules)
    left = list(COPIES)
    for t in tiles:
        left[t.index] -= 1
    wins = [0] * len(options)
    losses = [0] * len(options)
    bwins = [0] * len(options)
    blosses = [0] * len(options)
    total = 0
    for (m, _), (rl, rh) in zip(four_tile_multisets(), table):
        a, b, c, d = m
        if a == b:
            if b == c:
                w = comb(left[a], 3 + (c == d)) * (1 if c == d else left[d])
            elif c == d:
                w = comb(left[a], 2) * comb(left[c], 2)
            else:
                w = comb(left[a], 2) * left[c] * left[d]
        elif b == c:
            w = left[a] * (comb(left[b], 3) if c == d else comb(left[b], 2) * left[d])
        elif c == d:
            w = left[a] * left[b] * comb(left[c], 2)
        else:
            w = left[a] * left[b] * left[c] * left[d]
        if not w:
            continue
        total += w
        for k in ks:
            pl, ph = mine[k]
            if pl > rl and ph > rh:
                wins[k] += w
            elif pl <= rl and ph <= rh:
                losses[k] += w
            if pl >= rl and ph >= rh:
                bwins[k] += w
            elif pl < rl and ph < rh:
                blosses[k] += w
    c = rules.commission

    def values(win: list[int], lose: list[int]) -> tuple[SettingValue, ...]:
        return tuple(SettingValue(options[k], win[k] / total, lose[k] / total,
                                  (total - win[k] - lose[k]) / total,
                                  ((1 - c) * win[k] - lose[k]) / total) for k in ks)

    nb, bk = values(wins, losses), values(bwins, blosses)
    chosen = house_way_setting(tiles, way, rules)
    hw = next(k for k, s in enumerate(options) if same_setting(s) == same_setting(chosen))
    best = max(ks, key=lambda k: (nb[k].ev, -k))
    best_b = max(ks, key=lambda k: (bk[k].ev, -k))
    return Analysis(options, nb, bk, hw, best, best_b, total, way)


if __name__ == "__main__":  # pragma: no cover
    print(write_table())

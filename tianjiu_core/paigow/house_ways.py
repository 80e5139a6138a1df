"""House ways (莊家擺牌法): a casino's fixed rule for setting four tiles, kept as data.

Each :class:`HouseWay` is a record of tables — the exceptions it lists hand by hand, which pairs
it never splits and when it splits the others, its order for wong / gong / high nine, and which
of two general procedures sets every other hand — with the published source it was read from.
:func:`house_way_setting` interprets a record; a new house way is a new record in
:data:`HOUSE_WAYS` (spec "House ways to implement").

Tiles are named as the sources name them, by pip count (the casino names): ``teen`` 66, ``day``
11, ``gee`` 12 or 24, ``11`` 56, ``high10`` 55 / ``low10`` 46, ``9`` 36 or 45, ``high8`` 44 /
``low8`` 26 or 35, ``high7`` 16 / ``low7`` 25 or 34, ``high6`` 33 / ``low6`` 15, ``5`` 14 or 23,
``high4`` 13 / ``low4`` 22, plain ``10``, ``8``, ``7``, ``6``, ``4`` for either, ``teen/day`` for
either of those, ``any`` for any tile.  A 6 is 長三 or 銅錘六, never a 至尊 tile.  A pair is named
by its tiles' pips (``12`` = 雙天, ``2`` = 雙地, ``8`` = 雙人 or 雙雜八, ``gee`` = 至尊).

>>> from tianjiu_core.notation import parse_tiles
>>> str(house_way_setting(parse_tiles("22 15 56 36"), HOUSE_WAYS["nz"]))   # seed 004: 5 / 5
'15 36 / 22 56'
>>> str(house_way_setting(parse_tiles("66 66 36 56"), HOUSE_WAYS["canberra"]))  # rule A: 3 / wong
'66 56 / 66 36'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from ..errors import RulesError
from ..tiles import BY_CODE, Tile
from .hands import DEFAULT_RULES, HandValue, tile_rank
from .rules import PaiGowRules
from .setting import Setting, settings

__all__ = ["HouseWay", "Exception_", "HOUSE_WAYS", "DEFAULT_HOUSE_WAY", "house_way_setting",
           "house_way", "KINDS", "dominant_setting", "wizard_rule_one_setting"]

KINDS: dict[str, frozenset[str]] = {k: frozenset(v.split()) for k, v in {
    "teen": "66", "day": "11", "teen/day": "66 11", "gee": "12 24", "11": "56",
    "10": "55 46", "high10": "55", "low10": "46", "9": "36 45",
    "8": "44 26 35", "high8": "44", "low8": "26 35",
    "7": "16 25 34", "high7": "16", "low7": "25 34",
    "6": "33 15", "high6": "33", "low6": "15", "5": "14 23",
    "4": "13 22", "high4": "13", "low4": "22",
    "any": "66 11 44 13 55 33 22 56 46 16 15 36 45 26 35 25 34 24 14 23 12",
}.items()}
"""A house way's tile names → the pip codes they cover."""

# Thresholds "X or better" for a hand, as a minimum HandValue.key (points hands are (1, points,
# rank of the higher tile)); a special class (pair, wong, gong) is above every points hand.
_HIGH_NINE_TILE = "11"     # a high nine is a 9 whose higher tile is 地 or 天


@dataclass(frozen=True, slots=True)
class Exception_:
    """A hand a house way sets in a listed way: when the four tiles are ``tiles`` (names of
    :data:`KINDS`), one of the two hands is ``hand`` (two of those names).  ``no_pair``: only
    when the four tiles hold no pair."""

    tiles: tuple[str, str, str, str]
    hand: tuple[str, str]
    note: str
    no_pair: bool = False


@dataclass(frozen=True, slots=True)
class HouseWay:
    """One published house way as data (spec "House ways to implement").

    key, name_en, name_hant: how it is called (``nz``, ``canberra``).
    source:       where the rules were read, and what was interpreted where the text is unclear.
    exceptions:   hands set in a listed way, checked first, in order.
    never_split:  pair names (``4``, ``gee``…) always kept together.
    split_with:   ``(pair, (tile, tile))``: split that pair when the other two tiles are those.
    split_to_make: ``(pair, ((low, high), …))``: split when the split setting's low and high
                  reach one of the thresholds (see :func:`threshold`).
    keep_if_dominant: never split when keeping the pair gives both hands higher.
    special_order: the order of preference for ``high_nine``, ``gong``, ``wong`` (no pair held).
    special_guard: the low hand a special setting must reach (a threshold name) …
    special_fallback: … else ``"reverse"`` (take them in the reverse order, NZ) or
                  ``"max_high"`` (make the high hand as high as possible, Canberra).
    prefer_teen:  given the choice of 天 or 地 for the special hand, use 天.
    other:        the procedure for every other hand: ``"nz"`` (NZ "General Rules") or
                  ``"canberra"`` (Canberra "All Other Hands").
    """

    key: str
    name_en: str
    name_hant: str
    source: str
    exceptions: tuple[Exception_, ...] = ()
    never_split: tuple[str, ...] = ()
    split_with: tuple[tuple[str, tuple[str, str]], ...] = ()
    split_to_make: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    keep_if_dominant: bool = False
    special_order: tuple[str, ...] = ("high_nine", "gong", "wong")
    special_guard: str = "harmony3"
    special_fallback: str = "reverse"
    prefer_teen: bool = False
    other: str = "nz"

    def to_json(self) -> dict:
        return {"key": self.key, "name_en": self.name_en, "name_hant": self.name_hant,
                "source": self.source}


def _pairs(pair: str, *others: str) -> tuple[tuple[str, tuple[str, str]], ...]:
    return tuple((pair, tuple(o.split("+"))) for o in others)


_TEEN_DAY_SPLITS = ("9+11", "9+8", "9+7", "9+6", "9+5", "9+4", "8+8", "8+7", "8+6", "8+5", "8+4",
                    "7+7", "7+6", "7+5", "7+4", "6+6", "6+5", "6+4")

NEW_ZEALAND = HouseWay(
    key="nz", name_en="New Zealand", name_hant="紐西蘭",
    source=("Pai Gow Tiles House Way for New Zealand, as published by Wizard of Odds "
            "(wizardofodds.com/games/pai-gow-tiles/house-way/new-zealand/). Read: a \"6\" in the "
            "split tables is 長三 or 銅錘六 (not 二四); \"High Ranking Tiles\" read as: with equal "
            "points, a low hand of 7 or less takes the higher-ranked tile, else the high hand does."),
    never_split=("4", "5", "6", "10", "11"),
    split_with=(_pairs("gee", "6+6", "6+5", "6+4")
                + _pairs("12", *_TEEN_DAY_SPLITS) + _pairs("2", *_TEEN_DAY_SPLITS)
                + _pairs("9", "teen+day", "teen/day+10", "10+10")
                + _pairs("8", "teen+day", "teen/day+11", "teen/day+10", "11+10", "11+9", "10+10")
                + _pairs("7", "teen+day", "teen/day+11", "teen/day+10", "11+10", "10+10")),
    special_order=("high_nine", "gong", "wong"), special_guard="harmony3",
    special_fallback="reverse", prefer_teen=False, other="nz",
)

CANBERRA = HouseWay(
    key="canberra", name_en="Casino Canberra", name_hant="坎培拉賭場",
    source=("Pai Gow Tiles House Way from the Casino Canberra, as published by Wizard of Odds "
            "(wizardofodds.com/games/pai-gow-tiles/house-way/casino-canberra/). Read: exceptions "
            "A–I first; \"X/Y or better\" = low hand at least X points and high at least Y (a "
            "pair, wong or gong is better than any points); \"maximize the high\" after a "
            "special hand would leave a low 3 or less = the setting with the highest high hand."),
    exceptions=(
        Exception_(("teen", "teen", "9", "11"), ("teen", "11"), "A: 3 / wong"),
        Exception_(("high8", "high10", "11", "7"), ("high10", "7"), "B: 7 / 9"),
        Exception_(("gee", "6", "5", "teen/day"), ("gee", "6"), "C: 7 / 9"),
        Exception_(("gee", "4", "5", "any"), ("4", "5"), "D: a 9 of 4 + 5", no_pair=True),
        Exception_(("high8", "low8", "9", "low10"), ("high8", "9"), "E: high 7 / low 8"),
        Exception_(("high6", "low6", "gee", "7"), ("high6", "7"), "F: high 3 / low 9"),
        Exception_(("teen/day", "8", "9", "low4"), ("teen/day", "8"), "G: 3 / gong"),
        Exception_(("6", "11", "low6", "5"), ("low6", "5"), "H: low 1 / high 7"),
        Exception_(("high8", "low8", "9", "low4"), ("low8", "low4"), "I: low 2 / high 7"),
    ),
    never_split=("4", "5", "6", "10", "11", "gee"),
    split_to_make=(("2", (("6", "8"),)), ("12", (("6", "8"),)), ("9", (("9", "9"),)),
                   ("8", (("7", "9"), ("8", "8"))), ("7", (("7", "high_nine"),))),
    keep_if_dominant=True,
    special_order=("high_nine", "gong", "wong"), special_guard="high3",
    special_fallback="max_high", prefer_teen=True, other="canberra",
)

HOUSE_WAYS: dict[str, HouseWay] = {w.key: w for w in (NEW_ZEALAND, CANBERRA)}
"""Every house way by key; the first is the default."""

DEFAULT_HOUSE_WAY = "nz"


def house_way(name: object) -> HouseWay:
    """The house way called ``name`` (its key, any case); :class:`RulesError` otherwise."""
    if isinstance(name, HouseWay):
        return name
    if not isinstance(name, str) or name.strip().lower() not in HOUSE_WAYS:
        raise RulesError(f"unknown house way {name!r}; known: {', '.join(HOUSE_WAYS)}",
                         zh=f"不認得的莊家擺牌法 {name!r}；可用：{'、'.join(HOUSE_WAYS)}")
    return HOUSE_WAYS[name.strip().lower()]


def threshold(name: str, rules: PaiGowRules = DEFAULT_RULES) -> tuple[int, int, int]:
    """A threshold name → the least :attr:`HandValue.key` that reaches it: a digit ``"6"`` (any
    6-point hand or better), ``"high3"`` (3 points with 長三 or a higher tile), ``"harmony3"``
    (3 points with 和 or higher), ``"high_nine"`` (a 9 with 天 or 地)."""
    if name.isdigit():
        return (1, int(name), 0)
    if name == "high3":
        return (1, 3, tile_rank(BY_CODE["33"], rules))
    if name == "harmony3":
        return (1, 3, tile_rank(BY_CODE["13"], rules))
    if name == "high_nine":
        return (2, 0, 0) if rules.high_nine_pairs else (1, 9, tile_rank(BY_CODE[_HIGH_NINE_TILE], rules))
    raise RulesError(f"unknown house-way threshold {name!r}")


def _fits(tiles: Sequence[Tile], names: Sequence[str]) -> bool:
    """Can the tiles be matched one to one with the kind names?"""
    if not all(any(t.code in KINDS[n] for t in tiles) for n in names):
        return False
    return any(all(t.code in KINDS[n] for t, n in zip(perm, names))
               for perm in permutations(tiles))


def _special(hand: HandValue) -> str | None:
    """``wong``, ``gong`` or ``high_nine`` (天/地 with a 7) for such a hand, else None."""
    if hand.cls in ("wong", "gong", "high_nine"):
        return hand.cls
    codes = hand.codes
    if codes[0] in ("66", "11") and codes[1] in KINDS["7"]:
        return "high_nine"
    return None


def _pair_name(hand: HandValue) -> str:
    return "gee" if hand.cls == "supreme" else str(hand.tiles[0].points)


def _best(candidates: Sequence[Setting]) -> Setting:
    return max(candidates, key=lambda s: (s.low.key, s.high.key))


def dominant_setting(options: Sequence[Setting]) -> Setting | None:
    """The setting whose low and high hands are each at least those of every other, if any
    (the Wizard Way's first rule)."""
    for s in options:
        if all(s.low.key >= o.low.key and s.high.key >= o.high.key for o in options):
            return s
    return None


def house_way_setting(tiles: Sequence[Tile], way: HouseWay | str = DEFAULT_HOUSE_WAY,
                      rules: PaiGowRules = DEFAULT_RULES) -> Setting:
    """The setting the house way ``way`` gives four tiles (one of :func:`settings`).

    Raises :class:`~tianjiu_core.errors.InconsistentPositionError` unless the tiles are four
    tiles of one set, :class:`RulesError` for an unknown house way.
    """
    way = house_way(way)
    options = settings(tiles, rules)
    tiles = options[0].tiles
    # 1. hands the way lists one by one
    has_pair = any(h.cls in ("pair", "supreme") for s in options for h in (s.low, s.high))
    for ex in way.exceptions:
        if ex.no_pair and has_pair:
            continue
        if _fits(tiles, ex.tiles):
            rest = list(ex.tiles)
            for n in ex.hand:
                rest.remove(n)
            for s in options:
                for one, other in ((s.low, s.high), (s.high, s.low)):
                    if _fits(one.tiles, ex.hand) and _fits(other.tiles, rest):
                        return s
    # 2. pairs
    pair_settings = [s for s in options if s.low.cls in ("pair", "supreme")
                     or s.high.cls in ("pair", "supreme")]
    for s in pair_settings:
        if s.low.cls in ("pair", "supreme") and s.high.cls in ("pair", "supreme"):
            return _best([p for p in pair_settings if p.low.cls in ("pair", "supreme")
                          and p.high.cls in ("pair", "supreme")])
    if pair_settings:
        keep = _best(pair_settings)
        pair_hand = keep.high if keep.high.cls in ("pair", "supreme") else keep.low
        other_hand = keep.low if pair_hand is keep.high else keep.high
        name = _pair_name(pair_hand)
        splits = [s for s in options if s is not keep and s not in pair_settings]
        if name in way.never_split or not splits:
            return keep
        split = _best(splits)
        for pair, (a, b) in way.split_with:
            if pair == name and _fits(other_hand.tiles, (a, b)):
                return split
        for pair, targets in way.split_to_make:
            if pair != name:
                continue
            for low, high in targets:
                if split.low.key >= threshold(low, rules) and split.high.key >= threshold(high, rules):
                    if (way.keep_if_dominant and keep.low.key > split.low.key
                            and keep.high.key > split.high.key):
                        return keep
                    return split
        return keep
    # 3. wong, gong, high nine
    specials = [s for s in options if _special(s.low) or _special(s.high)]
    if specials:
        guard = threshold(way.special_guard, rules)

        def made(kind: str) -> list[Setting]:
            found = [s for s in specials if kind in (_special(s.low), _special(s.high))]
            if way.prefer_teen:
                teen = [s for s in found if any(_special(h) == kind and h.tiles[0].code == "66"
                                                for h in (s.low, s.high))]
                found = teen or found
            return found

        for kind in way.special_order:
            found = [s for s in made(kind) if s.low.key >= guard]
            if found:
                return _best(found)
        if way.special_fallback == "max_high":
            return max(options, key=lambda s: (s.high.key, s.low.key))
        for kind in reversed(way.special_order):
            found = made(kind)
            if found:
                return _best(found)
    # 4. every other hand
    if way.other == "canberra":
        return _other_canberra(options, rules)
    return _other_nz(options, rules)


def _tie_break(candidates: Sequence[Setting]) -> Setting:
    """Equal points either way: a high hand of 7 or less puts the high tile in the low hand,
    else in the high hand."""
    if max(s.high.points for s in candidates) <= 7:
        return max(candidates, key=lambda s: (s.low.key, s.high.key))
    return max(candidates, key=lambda s: (s.high.key, s.low.key))


def _other_nz(options: Sequence[Setting], rules: PaiGowRules) -> Setting:
    """NZ "General Rules": the most points in a low hand of harmony 3 or better; else the most
    points in the high hand if it reaches 8; else the most points in the low hand."""
    guard = threshold("harmony3", rules)
    good = [s for s in options if s.low.key >= guard]
    if good:
        top = max(s.low.points for s in good)
        return _tie_break_low([s for s in good if s.low.points == top])
    top_high = max(s.high.points for s in options)
    if top_high >= 8:
        return _tie_break([s for s in options if s.high.points == top_high])
    top = max(s.low.points for s in options)
    return _tie_break_low([s for s in options if s.low.points == top])


def _tie_break_low(candidates: Sequence[Setting]) -> Setting:
    """NZ "High Ranking Tiles": a low hand of 7 or less takes the highest-ranked tile."""
    if candidates[0].low.points <= 7:
        return max(candidates, key=lambda s: (s.low.key, s.high.key))
    return max(candidates, key=lambda s: (s.high.key, s.low.key))


def _other_canberra(options: Sequence[Setting], rules: PaiGowRules) -> Setting:
    """Canberra "All Other Hands": keep the settings with the most points in all; of those the
    highest low hand if it is at least a high 3; else the highest high hand if it is at least
    7; else the highest low hand; equal points broken by :func:`_tie_break`."""
    top = max(s.low.points + s.high.points for s in options)
    best = [s for s in options if s.low.points + s.high.points == top]
    low = max(best, key=lambda s: (s.low.key, s.high.key))
    if low.low.key >= threshold("high3", rules):
        pick = low
    else:
        high = max(best, key=lambda s: (s.high.key, s.low.key))
        pick = high if high.high.points >= 7 else low
    same = [s for s in best if (s.low.points, s.high.points) == (pick.low.points, pick.high.points)]
    return _tie_break(same)


def wizard_rule_one_setting(tiles: Sequence[Tile], way: HouseWay | str = DEFAULT_HOUSE_WAY,
                            rules: PaiGowRules = DEFAULT_RULES) -> Setting:
    """A player strategy: the Wizard Way's first rule — play a setting that is at least as high
    in both hands as every other — and the house way ``way`` otherwise.  (The rest of the Wizard
    Way, wizardofodds.com/games/pai-gow-tiles/strategy/wizard-way/, is not implemented: see
    docs/spec/paigow-rules.md.)"""
    options = settings(tiles, rules)
    return dominant_setting(options) or house_way_setting(tiles, way, rules)

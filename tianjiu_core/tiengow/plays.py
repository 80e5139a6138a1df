"""The nine play classes, ``classify()`` and ``beats()`` (spec §2).

A :class:`Play` is 1–4 tiles that form one of the nine classes.  A play can
only be beaten by a strictly higher play of the *same* class; equal never
beats.  The single cross-class exception is 擒尊: with ``wen_zun_capture`` a
pair of 高腳七 (16+16) beats a led 文尊 (15+15).

>>> p = classify(parse_tiles("66 66 36 45")); p.cls, p.name("hant"), p.name("en")
('four', '四天九', 'Four Teen Gow')
>>> beats(classify(parse_tiles("56 56")), classify(parse_tiles("55 55")))
True
>>> beats(classify(parse_tiles("11 26")), classify(parse_tiles("66 66")))
False
>>> classify(parse_tiles("66 11"))
Traceback (most recent call last):
...
tianjiu_core.tiengow.plays.NotAPlayError: 66 11 is not a play: two different civil tiles (天, 地) are not a pair
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ..errors import IllegalActionError
from ..notation import format_tiles, parse_tiles, sort_tiles
from .rules import Rules
from ..tiles import BY_CODE, TILES, Tile

__all__ = [
    "Play",
    "PlayClass",
    "PLAY_CLASSES",
    "CLASS_NAMES",
    "NotAPlayError",
    "classify",
    "try_classify",
    "beats",
    "captures_wen_zun",
    "all_plays",
    "Reason",
    "why_not_a_play",
]

PlayClass = Literal["civil_single", "military_single", "civil_pair", "military_pair",
                    "mixed_pair", "supreme", "three_civil", "three_military", "four"]

PLAY_CLASSES: tuple[str, ...] = ("civil_single", "military_single", "civil_pair",
                                 "military_pair", "mixed_pair", "supreme", "three_civil",
                                 "three_military", "four")

CLASS_NAMES: dict[str, tuple[str, str, str]] = {
    "civil_single": ("文", "文", "civil single"),
    "military_single": ("武", "武", "military single"),
    "civil_pair": ("文對", "文对", "civil pair"),
    "military_pair": ("武對", "武对", "military pair"),
    "mixed_pair": ("文武", "文武", "civil–military pair"),
    "supreme": ("至尊", "至尊", "supreme"),
    "three_civil": ("三文", "三文", "three civil"),
    "three_military": ("三武", "三武", "three military"),
    "four": ("四", "四", "four"),
}
"""繁, 简 and English name of each class."""

_LANG = {"hant": 0, "hans": 1, "en": 2}


class NotAPlayError(IllegalActionError):
    """Tiles that form none of the nine classes; the message says why."""


# The four "great" civil faces and their military partners (天九, 地八, 人七, 和五).
_PARTNER_VALUE: dict[str, int] = {"66": 9, "11": 8, "44": 7, "13": 5}
_GREAT = [BY_CODE[c] for c in _PARTNER_VALUE]
_GREAT_NAMES = {  # hant, hans, en — rank 4 (天九) … 1 (和五)
    "66": ("天九", "天九", "Teen Gow", 4),
    "11": ("地八", "地八", "Day Bot", 3),
    "44": ("人七", "人七", "Yun Chit", 2),
    "13": ("和五", "和五", "Gor Ng", 1),
}
_MILITARY_BY_VALUE: dict[int, tuple[Tile, ...]] = {}
for _t in TILES:
    if _t.is_military:
        _MILITARY_BY_VALUE.setdefault(_t.value, ()) 
        _MILITARY_BY_VALUE[_t.value] += (_t,)


@dataclass(frozen=True, slots=True)
class Play:
    """A legal play: its tiles (canonical order), class and rank within the class.

    ``rank`` is comparable only within ``cls`` (higher beats lower).
    ``wen_zun`` marks a 15+15 led as 文尊 (class ``supreme``).
    ``repr`` is a call that rebuilds it.
    """

    tiles: tuple[Tile, ...]
    cls: str
    rank: int
    wen_zun: bool = False

    @staticmethod
    def parse(text: str, rules: Rules | None = None) -> Play:
        """Classify the tiles named in ``text``; raises NotationError / NotAPlayError."""
        return classify(parse_tiles(text), rules)

    def __str__(self) -> str:
        return format_tiles(self.tiles)

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(t.code for t in self.tiles)

    def class_name(self, lang: str = "hant") -> str:
        """The class in 繁 / 简 / English (``文對`` / ``文对`` / ``civil pair``)."""
        return CLASS_NAMES[self.cls][_LANG[lang]]

    def name(self, lang: str = "hant") -> str:
        """The play's usual name: ``雙天``, ``天九``, ``至尊``, ``三武地八``, ``四和五`` …"""
        i = _LANG[lang]
        t0 = self.tiles[0]
        if self.cls in ("civil_single", "military_single"):
            return t0.name(lang)
        if self.cls == "civil_pair":
            return ("雙", "双", "Pair of ")[i] + t0.name(lang)
        if self.cls == "military_pair":
            return t0.name(lang) + ("對", "对", " pair")[i]
        if self.cls == "supreme":
            if self.wen_zun:
                return ("文尊", "文尊", "Civil Supreme")[i]
            return ("至尊", "至尊", "Gee Joon (Supreme)")[i]
        great = next(t for t in self.tiles if t.code in _PARTNER_VALUE)
        base = _GREAT_NAMES[great.code][i]
        if self.cls == "mixed_pair":
            return base
        prefix = {"three_civil": ("三文", "三文", "Three civil "),
                  "three_military": ("三武", "三武", "Three military "),
                  "four": ("四", "四", "Four ")}[self.cls][i]
        return prefix + base


@dataclass(frozen=True, slots=True)
class Reason:
    """Why some tiles are not a play: a stable ``code`` and the sentence in 繁體 and English."""

    code: str
    hant: str
    en: str


def why_not_a_play(tiles: Sequence[Tile]) -> Reason:
    """The reason ``tiles`` (which make no play) are not a play (spec §2), in two languages.

    >>> why_not_a_play(parse_tiles("66 11")).hant
    '兩張不同的文牌（天、地）不成對'
    """
    tiles = sort_tiles(tiles)
    n = len(tiles)
    names_en = ", ".join(t.name_hant for t in tiles)
    names_zh = "、".join(t.name_hant for t in tiles)
    if n == 0:
        return Reason("empty", "沒有選牌：一手牌有一至四張", "no tiles: a play has 1 to 4 tiles")
    if n > 4:
        return Reason("too_many", f"{n} 張：一手牌最多四張", f"{n} tiles: a play has 1 to 4 tiles")
    if n == 2:
        a, b = tiles
        if a.is_civil and b.is_civil:
            return Reason("civil_not_pair", f"兩張不同的文牌（{names_zh}）不成對",
                          f"two different civil tiles ({names_en}) are not a pair")
        if a.is_military and b.is_military:
            zun = next((t for t in tiles if t.code in ("24", "12")), None)
            if a.value == b.value:  # 24+24 or 12+12: only one such tile exists
                return Reason("military_not_pair",
                              f"{a.value} 點的武牌只有一張（{a.name_hant}），沒有 {a.value} 點的對子；"
                              "二四要配丁三，成為至尊",
                              f"there is only one military {a.value} ({a.name_hant}), so there is no pair "
                              f"of {a.value}s; 二四 goes with 丁三 as 至尊")
            zh = f"點數不同的武牌（{a.value} 點和 {b.value} 點）不成對"
            en = f"military tiles of different values ({a.value} and {b.value}) are not a pair"
            if zun is not None:
                mate = "丁三" if zun.code == "24" else "二四"
                zh += f"；{zun.name_hant}只可以配{mate}，成為至尊"
                en += f"; {zun.name_hant} goes only with {mate}, as 至尊"
            return Reason("military_not_pair", zh, en)
        return Reason("not_mixed_pair",
                      f"{names_zh}不成文武對：只有天配九、地配八、人配七、和配五",
                      f"{names_en} are not a civil–military pair: only 天+九, 地+八, 人+七 and 和+五 "
                      "go together")
    if n == 3:
        return Reason("not_three",
                      "三張只能是三文（天天九、地地八、人人七、和和五）或三武（天九九、地八八、人七七、和五五）",
                      "three tiles make a play only as 三文 (天天九, 地地八, 人人七, 和和五) "
                      "or 三武 (天九九, 地八八, 人七七, 和五五)")
    return Reason("not_four", "四張只能是天天九九、地地八八、人人七七或和和五五",
                  "four tiles make a play only as 天天九九, 地地八八, 人人七七 or 和和五五")


def _why_not(tiles: Sequence[Tile]) -> str:
    return why_not_a_play(tiles).en


def try_classify(tiles: Iterable[Tile], rules: Rules | None = None) -> Play | str:
    """The :class:`Play` these tiles make, or a sentence saying why they make none."""
    rules = rules or _DEFAULT_RULES
    tiles = sort_tiles(tiles)
    n = len(tiles)
    if n == 1:
        t = tiles[0]
        if t.is_civil:
            return Play(tiles, "civil_single", t.strength)
        rank = t.value
        if rules.zhizun_singles_lowest and t.code in ("24", "12"):
            rank = 2 if t.code == "24" else 1
        return Play(tiles, "military_single", rank)
    if n == 2:
        a, b = tiles
        if a.code == "24" and b.code == "12":
            return Play(tiles, "supreme", 0)
        if a is b and a.is_civil:
            if a.code == "15" and rules.wen_zun:
                return Play(tiles, "supreme", 0, wen_zun=True)
            return Play(tiles, "civil_pair", a.strength)
        if a.is_military and b.is_military and a.value == b.value and a.value in (9, 8, 7, 5):
            return Play(tiles, "military_pair", a.value)
        if a.is_civil and b.is_military and _PARTNER_VALUE.get(a.code) == b.value:
            return Play(tiles, "mixed_pair", _GREAT_NAMES[a.code][3])
        return _why_not(tiles)
    if n in (3, 4):
        counts = Counter(tiles)
        civil = [t for t in tiles if t.is_civil]
        military = [t for t in tiles if t.is_military]
        if civil and len(set(civil)) == 1 and civil[0].code in _PARTNER_VALUE:
            great = civil[0]
            value = _PARTNER_VALUE[great.code]
            if all(t.value == value for t in military) and all(c == 1 for t, c in counts.items()
                                                                  if t.is_military):
                rank = _GREAT_NAMES[great.code][3]
                if n == 3 and len(civil) == 2:
                    return Play(tiles, "three_civil", rank)
                if n == 3 and len(civil) == 1:
                    return Play(tiles, "three_military", rank)
                if n == 4 and len(civil) == 2:
                    return Play(tiles, "four", rank)
    return _why_not(tiles)


def classify(tiles: Iterable[Tile], rules: Rules | None = None) -> Play:
    """The :class:`Play` that ``tiles`` make (spec §2).

    Raises :class:`NotAPlayError` with the reason when they make none.

    >>> classify(parse_tiles("15 15")).name("en"), classify(parse_tiles("15 15"), Rules(wen_zun=False)).cls
    ('Civil Supreme', 'civil_pair')
    """
    tiles = tuple(tiles)
    result = try_classify(tiles, rules)
    if isinstance(result, str):
        raise NotAPlayError(f"{format_tiles(sort_tiles(tiles))} is not a play: {result}",
                            zh=f"{format_tiles(sort_tiles(tiles), 'hant')}不成牌型：{why_not_a_play(tiles).hant}")
    return result


def captures_wen_zun(best: Play, play: Play, rules: Rules | None = None) -> bool:
    """True when ``play`` is 16+16 taking a led 文尊 (擒尊, spec §6)."""
    rules = rules or _DEFAULT_RULES
    return (best.wen_zun and rules.wen_zun_capture and play.cls == "civil_pair"
            and play.tiles[0].code == "16")


def beats(best: Play, play: Play, rules: Rules | None = None) -> bool:
    """Does ``play`` beat ``best`` (the best play so far in the trick)?

    Strictly higher and the same class (spec §2); supreme plays are never
    beaten and never beat, except 擒尊 (16+16 over a 文尊 when
    ``wen_zun_capture``).  Whether the trick is already closed by a capture
    is the trick's business (:mod:`tianjiu_core.tiengow.game`), not this function's.

    >>> beats(Play.parse("15 15"), Play.parse("16 16"))
    True
    >>> beats(Play.parse("15 15"), Play.parse("16 16"), Rules(wen_zun_capture=False))
    False
    >>> beats(Play.parse("36"), Play.parse("45"))   # equal never beats
    False
    """
    if best.cls == "supreme":
        return captures_wen_zun(best, play, rules)
    return play.cls == best.cls and play.rank > best.rank


_DEFAULT_RULES = Rules()


def all_plays(rules: Rules | None = None) -> tuple[Play, ...]:
    """Every distinct play that a 32-tile set allows under ``rules``, by size then class.

    >>> len(all_plays()), sum(1 for p in all_plays() if p.cls == "four")
    (61, 4)
    """
    rules = rules or _DEFAULT_RULES
    return _all_plays(rules)


@lru_cache(maxsize=8)
def _all_plays(rules: Rules) -> tuple[Play, ...]:
    out = []
    for n in range(1, 5):
        for combo in itertools.combinations_with_replacement(TILES, n):
            if any(combo.count(t) > t.copies for t in combo):
                continue
            result = try_classify(combo, rules)
            if not isinstance(result, str):
                out.append(result)
    return tuple(out)

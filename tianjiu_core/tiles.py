"""THE tile table: 21 faces, 32 tiles (spec §1).

Every other module reads this table; none repeats it.  A :class:`Tile` is a
*face* — the two copies of 天 are equal tiles, as they are at the table.  The
21 tiles are singletons built once at import, in table order (strongest civil
first, then military from 九 down to 丁三); ``Tile.index`` is that order and is
what the solver and the bridge use as a small integer.

>>> Tile.parse("66")
Tile.parse('66')
>>> t = Tile.parse("15"); (t.name_hant, t.name_hans, t.name_en, t.suit, t.copies, t.points)
('銅錘六', '铜锤六', 'Look', 'civil', 2, 6)
>>> sum(t.copies for t in TILES), sum(t.copies for t in TILES if t.is_civil)
(32, 22)
>>> [t.code for t in TILES if t.value == 9]
['36', '45']
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal

from .errors import AmbiguousTileError, NotationError

__all__ = ["Tile", "TILES", "FULL_SET", "CIVIL", "MILITARY", "Suit"]

Suit = Literal["civil", "military"]

# One row a face, spec §1.  Columns:
#   code, 繁 name, 简 name, English (Cantonese), English meaning, Jyutping,
#   suit, copies, points, red pips, white pips,
#   繁 aliases, 简 aliases, English aliases.
# Civil rows are in civil order (天 high … 銅錘六 low); military rows are in
# military order, the two faces of one value side by side.
_TABLE: tuple[tuple, ...] = (
    ("66", "天", "天", "Teen", "Heaven", "tin1", "civil", 2, 12, 6, 6,
     ("天牌", "長六"), ("天牌", "长六"), ("Heaven", "Tin")),
    ("11", "地", "地", "Day", "Earth", "dei6", "civil", 2, 2, 2, 0,
     ("地牌", "長么"), ("地牌", "长么"), ("Earth", "Dei")),
    ("44", "人", "人", "Yun", "Man", "jan4", "civil", 2, 8, 8, 0,
     ("人牌", "長四"), ("人牌", "长四"), ("Man", "Yan", "Jan")),
    ("13", "和", "和", "Gor", "Harmony (Goose)", "wo4", "civil", 2, 4, 1, 3,
     ("鵝", "和牌", "鵝牌", "爺"), ("鹅", "和牌", "鹅牌", "爷"), ("Goose", "Harmony", "Wo", "Ngo")),
    ("55", "梅", "梅", "Mooy", "Plum", "mui4", "civil", 2, 10, 0, 10,
     ("梅花", "梅牌", "長五"), ("梅花", "梅牌", "长五"), ("Plum", "Mui")),
    ("33", "長三", "长三", "Chong", "Long three", "coeng4 saam1", "civil", 2, 6, 0, 6,
     ("長牌", "長衫"), ("长牌", "长衫"), ("Long three", "Cheung")),
    ("22", "板凳", "板凳", "Bon", "Bench", "baan2 dang3", "civil", 2, 4, 0, 4,
     ("長二", "板"), ("长二", "板"), ("Bench", "Baan")),
    ("56", "斧頭", "斧头", "Foo", "Axe", "fu2 tau4", "civil", 2, 11, 0, 11,
     ("虎頭", "斧"), ("虎头", "斧"), ("Axe", "Fu")),
    ("46", "紅頭十", "红头十", "Ping", "Red-head ten", "hung4 tau4 sap6", "civil", 2, 10, 4, 6,
     ("屏風", "紅頭", "四六"), ("屏风", "红头", "四六"), ("Red-head ten", "Red head", "Screen")),
    ("16", "高腳七", "高脚七", "Tit", "Long-leg seven", "gou1 goek3 cat1", "civil", 2, 7, 1, 6,
     ("高腳", "尖七", "七錐"), ("高脚", "尖七", "七锥"), ("Long-leg seven", "Long leg seven")),
    ("15", "銅錘六", "铜锤六", "Look", "Copper-hammer six", "tung4 ceoi4 luk6", "civil", 2, 6, 1, 5,
     ("伶冧六", "拎冧六", "零霖六", "銅錘", "伶冧", "零霖"),
     ("铜锤", "拎冧六", "伶冧六", "零霖六", "拎冧", "零霖"),
     ("Copper hammer six", "Copper-hammer six", "Ling lam luk")),
    ("36", "雜九", "杂九", "Chop Gow", "mixed nine", "zaap6 gau2", "military", 1, 9, 0, 9,
     ("九", "紮九", "武九"), ("九", "扎九", "武九"), ("Gow", "nine")),
    ("45", "雜九", "杂九", "Chop Gow", "mixed nine", "zaap6 gau2", "military", 1, 9, 4, 5,
     ("九", "紮九", "武九"), ("九", "扎九", "武九"), ("Gow", "nine")),
    ("26", "雜八", "杂八", "Chop Bot", "mixed eight", "zaap6 baat3", "military", 1, 8, 0, 8,
     ("八", "紮八", "武八"), ("八", "扎八", "武八"), ("Bot", "eight")),
    ("35", "雜八", "杂八", "Chop Bot", "mixed eight", "zaap6 baat3", "military", 1, 8, 0, 8,
     ("八", "紮八", "武八"), ("八", "扎八", "武八"), ("Bot", "eight")),
    ("25", "雜七", "杂七", "Chop Chit", "mixed seven", "zaap6 cat1", "military", 1, 7, 0, 7,
     ("七", "紮七", "武七"), ("七", "扎七", "武七"), ("Chit", "seven")),
    ("34", "雜七", "杂七", "Chop Chit", "mixed seven", "zaap6 cat1", "military", 1, 7, 4, 3,
     ("七", "紮七", "武七"), ("七", "扎七", "武七"), ("Chit", "seven")),
    ("24", "二四", "二四", "Gee Joon six", "Supreme six", "ji6 sei3", "military", 1, 6, 4, 2,
     ("大么", "大頭六", "大雞", "大雞六", "雜六", "紮六", "武六"),
     ("大么", "大头六", "大鸡", "大鸡六", "杂六", "扎六", "武六"),
     ("Big six", "Gee Joon 6")),
    ("14", "雜五", "杂五", "Chop Ng", "mixed five", "zaap6 ng5", "military", 1, 5, 5, 0,
     ("五", "紮五", "武五"), ("五", "扎五", "武五"), ("Ng", "five")),
    ("23", "雜五", "杂五", "Chop Ng", "mixed five", "zaap6 ng5", "military", 1, 5, 0, 5,
     ("五", "紮五", "武五"), ("五", "扎五", "武五"), ("Ng", "five")),
    ("12", "丁三", "丁三", "Gee Joon three", "Supreme three", "ding1 saam1", "military", 1, 3, 1, 2,
     ("細么", "么雞", "么雞三", "丁雞", "細雞", "雜三", "紮三", "武三"),
     ("细么", "么鸡", "么鸡三", "丁鸡", "细鸡", "杂三", "扎三", "武三"),
     ("Little three", "Gee Joon 3")),
)


PIP_GRID: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 1),),
    2: ((0, 0), (0, 2)),
    3: ((0, 2), (1, 1), (2, 0)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)),
}
"""Where the pips of a half sit on its 3×3 grid, (row, column), by pip count.

Rows count from the tile's *end*: row 0 is the outer edge of the half, row 2
the side next to the tile's middle.  As on real Chinese domino tiles, the 1
(one large red pip) and the 2 (two white pips side by side) sit at the very
end, leaving the middle of the tile empty; 3 is a diagonal, 4 a square, 5 a
quincunx, 6 two columns of three.  :meth:`Tile.pips` turns the bottom half
round (180°), so every tile reads the same either way up."""

LONG_THREE_HALF: tuple[tuple[int, int], ...] = ((0, 0), (0, 2), (2, 1))
"""長三 (33) is the one face drawn differently: each 3 is two pips side by side
at the end and one in the middle column near the centre, so the tile shows a
pair, two pips one above the other, and a pair — the "long" figure of its name."""


@dataclass(frozen=True, eq=False, slots=True)
class Tile:
    """One of the 21 tile faces (spec §1).

    Attributes
    ----------
    index:     0–20, table order (天 = 0 … 丁三 = 20); small-integer form.
    code:      canonical pip code, low half first (``"66"``, ``"13"``).
    low, high: the two pip halves (1–6).
    name_hant, name_hans, name_en: 繁 / 简 / Cantonese-English names.
    meaning_en: English gloss ("Heaven"); jyutping: Cantonese reading.
    suit:      ``"civil"`` (文) or ``"military"`` (武).
    copies:    2 for civil faces, 1 for military.
    points:    pip total (天 = 12).
    red, white: pip counts by colour (天 6/6, 人 8/0 …).
    strength:  single-tile order, higher beats lower *within a suit*; civil
               11 (天) … 1 (銅錘六); military = value (9 … 3).
    value:     military value 9, 8, 7, 6, 5, 3; 0 for civil tiles.
    aliases_hant, aliases_hans, aliases_en: every other spelling accepted.

    Tiles are singletons compared by identity; ``repr`` is a parse call.
    """

    index: int
    code: str
    low: int
    high: int
    name_hant: str
    name_hans: str
    name_en: str
    meaning_en: str
    jyutping: str
    suit: Suit
    copies: int
    points: int
    red: int
    white: int
    strength: int
    value: int
    aliases_hant: tuple[str, ...]
    aliases_hans: tuple[str, ...]
    aliases_en: tuple[str, ...]

    @property
    def is_civil(self) -> bool:
        """True for the 11 civil (文) faces."""
        return self.suit == "civil"

    @property
    def is_military(self) -> bool:
        """True for the 10 military (武) faces."""
        return self.suit == "military"

    @property
    def is_yao(self) -> bool:
        """True for the two 么 tiles, 丁三 (12) and 銅錘六 (15) — the lowest of each suit."""
        return self.code in ("12", "15")

    def pips(self) -> tuple[tuple[int, int, int, str], ...]:
        """Every pip as ``(half, row, col, colour)`` as drawn, the tile standing
        upright: half 0 is the top (the ``low`` digit), half 1 the bottom; rows
        and columns 0–2 on each half's 3×3 grid, row 0 at the top of the half,
        column 0 at the left; colour ``"red"`` or ``"white"``.

        Layouts come from :data:`PIP_GRID` (and :data:`LONG_THREE_HALF` for
        長三); the bottom half is the top layout turned 180°.  1 and 4 pips are
        red; 天 has three red and three white pips in each half — the left
        column of the top half and, turned round, the right column of the bottom
        half.  The counts agree with the table's red/white columns (spec §1).

        >>> sum(p[3] == "red" for p in Tile.parse("66").pips()), len(Tile.parse("66").pips())
        (6, 12)
        >>> Tile.parse("12").pips()
        ((0, 0, 1, 'red'), (1, 2, 2, 'white'), (1, 2, 0, 'white'))
        """
        out = []
        for half, n in enumerate((self.low, self.high)):
            cells = LONG_THREE_HALF if self.code == "33" else PIP_GRID[n]
            for row, col in cells:
                if n in (1, 4) or (self.code == "66" and col == 0):
                    colour = "red"
                else:
                    colour = "white"
                if half == 1:
                    row, col = 2 - row, 2 - col
                out.append((half, row, col, colour))
        return tuple(out)

    def name(self, lang: str = "hant") -> str:
        """Display name in ``"hant"`` (繁), ``"hans"`` (简) or ``"en"``.

        >>> Tile.parse("56").name("hans"), Tile.parse("56").name("en")
        ('斧头', 'Foo')
        """
        if lang in ("hant", "zh-Hant", "zh_hant", "zh"):
            return self.name_hant
        if lang in ("hans", "zh-Hans", "zh_hans"):
            return self.name_hans
        if lang == "en":
            return self.name_en
        raise ValueError(f"unknown language {lang!r}: use 'hant', 'hans' or 'en'")

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile.parse({self.code!r})"

    def __lt__(self, other: Tile) -> bool:
        """Table order (天 first); used for canonical sorting, not for beating."""
        return self.index < other.index

    def __reduce__(self) -> tuple:
        return (_tile_at, (self.index,))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: dict) -> Tile:
        return self

    @staticmethod
    def parse(text: str) -> Tile:
        """One tile from a pip code or a name that names exactly one face.

        Raises :class:`~tianjiu_core.errors.NotationError` (or its subclass
        ``AmbiguousTileError`` for ``雜九`` and the like).

        >>> Tile.parse("天牌") is Tile.parse("66") is Tile.parse("teen")
        True
        """
        key = alias_key(text)
        if len(key) == 2 and key.isdigit():
            tile = BY_CODE.get("".join(sorted(key)))
            if tile is None:
                raise NotationError(
                    f"{text!r} is not a tile: pip halves run from 1 to 6 (e.g. 66, 13)",
                    zh=f"「{text}」不是牌：每邊的點數由 1 到 6（例如 66、13）")
            return tile
        faces = ALIASES.get(key)
        if faces is None:
            raise NotationError(
                f"{text!r} is not a tile code or name (try a pip code such as 66, or a name "
                "such as 天 / Teen)",
                zh=f"「{text}」不是牌的寫法或名字（可以寫點數如 66，或名字如 天）")
        if len(faces) > 1:
            codes = [TILES[i].code for i in sorted(faces)]
            raise AmbiguousTileError(
                f"{text!r} is ambiguous: it names {' or '.join(codes)}; write the pip code", codes,
                zh=f"「{text}」可以是 {' 或 '.join(codes)}：請寫點數，例如 {codes[0]}")
        return TILES[next(iter(faces))]


def _build() -> tuple[Tile, ...]:
    tiles = []
    civil_rank = 11
    for index, row in enumerate(_TABLE):
        (code, hant, hans, en, meaning, jp, suit, copies, points, red, white,
         al_hant, al_hans, al_en) = row
        low, high = int(code[0]), int(code[1])
        if suit == "civil":
            strength, value = civil_rank, 0
            civil_rank -= 1
        else:
            strength = value = points
        tiles.append(Tile(index, code, low, high, hant, hans, en, meaning, jp, suit,
                          copies, points, red, white, strength, value,
                          tuple(al_hant), tuple(al_hans), tuple(al_en)))
    return tuple(tiles)


TILES: tuple[Tile, ...] = _build()
"""All 21 faces in table order."""

CIVIL: tuple[Tile, ...] = tuple(t for t in TILES if t.is_civil)
MILITARY: tuple[Tile, ...] = tuple(t for t in TILES if t.is_military)
BY_CODE: dict[str, Tile] = {t.code: t for t in TILES}
FULL_SET: tuple[Tile, ...] = tuple(t for t in TILES for _ in range(t.copies))
"""The 32 tiles of a set, in table order (天 天 地 地 … 丁三)."""


def alias_key(name: str) -> str:
    """A name as :data:`ALIASES` stores it: NFKC, case-folded, hyphens as spaces, one space
    between words (``"Red-head  ten"`` → ``"red head ten"``)."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().replace("-", " ").split())


def _build_aliases() -> dict[str, frozenset[int]]:
    table: dict[str, set[int]] = {}
    for t in TILES:
        for name in (t.code, t.name_hant, t.name_hans, t.name_en, t.meaning_en, t.jyutping,
                     *t.aliases_hant, *t.aliases_hans, *t.aliases_en):
            key = alias_key(name)
            if key:
                table.setdefault(key, set()).add(t.index)
    return {k: frozenset(v) for k, v in table.items()}


ALIASES: dict[str, frozenset[int]] = _build_aliases()
"""Every spelling of the table (codes, 繁/简/English names, meanings, Jyutping, aliases) keyed
by :func:`alias_key` → the indices of the faces it names (``"九"`` names two)."""


def _tile_at(index: int) -> Tile:
    return TILES[index]


def tile_by_code(code: str) -> Tile:
    """The face with this exact canonical pip code; :class:`NotationError` otherwise."""
    try:
        return BY_CODE[code]
    except KeyError:
        raise NotationError(f"no tile has pip code {code!r}", zh=f"沒有點數寫法是 {code!r} 的牌") from None


def _check_table() -> None:
    assert len(TILES) == 21 and len(FULL_SET) == 32
    for t in TILES:
        assert t.low <= t.high and t.points == t.low + t.high, t
        assert t.red + t.white == t.points, t
        assert t.copies == (2 if t.is_civil else 1), t
        assert sum(p[3] == "red" for p in t.pips()) == t.red, t


_check_table()

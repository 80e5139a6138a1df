"""The tile table against spec §1, row by row."""

from __future__ import annotations

import copy
import pickle

import pytest

from tianjiu_core.errors import NotationError
from tianjiu_core.tiles import CIVIL, FULL_SET, MILITARY, TILES, Tile, tile_by_code

# spec §1, copied by hand: code, 繁, 简, English, suit, copies, points, red, white
SPEC_TABLE = [
    ("66", "天", "天", "Teen", "civil", 2, 12, 6, 6),
    ("11", "地", "地", "Day", "civil", 2, 2, 2, 0),
    ("44", "人", "人", "Yun", "civil", 2, 8, 8, 0),
    ("13", "和", "和", "Gor", "civil", 2, 4, 1, 3),
    ("55", "梅", "梅", "Mooy", "civil", 2, 10, 0, 10),
    ("33", "長三", "长三", "Chong", "civil", 2, 6, 0, 6),
    ("22", "板凳", "板凳", "Bon", "civil", 2, 4, 0, 4),
    ("56", "斧頭", "斧头", "Foo", "civil", 2, 11, 0, 11),
    ("46", "紅頭十", "红头十", "Ping", "civil", 2, 10, 4, 6),
    ("16", "高腳七", "高脚七", "Tit", "civil", 2, 7, 1, 6),
    ("15", "銅錘六", "铜锤六", "Look", "civil", 2, 6, 1, 5),
    ("36", "雜九", "杂九", "Chop Gow", "military", 1, 9, 0, 9),
    ("45", "雜九", "杂九", "Chop Gow", "military", 1, 9, 4, 5),
    ("26", "雜八", "杂八", "Chop Bot", "military", 1, 8, 0, 8),
    ("35", "雜八", "杂八", "Chop Bot", "military", 1, 8, 0, 8),
    ("25", "雜七", "杂七", "Chop Chit", "military", 1, 7, 0, 7),
    ("34", "雜七", "杂七", "Chop Chit", "military", 1, 7, 4, 3),
    ("24", "二四", "二四", "Gee Joon six", "military", 1, 6, 4, 2),
    ("14", "雜五", "杂五", "Chop Ng", "military", 1, 5, 5, 0),
    ("23", "雜五", "杂五", "Chop Ng", "military", 1, 5, 0, 5),
    ("12", "丁三", "丁三", "Gee Joon three", "military", 1, 3, 1, 2),
]


@pytest.mark.parametrize("row", SPEC_TABLE, ids=[r[0] for r in SPEC_TABLE])
def test_every_row_matches_the_spec(row):
    code, hant, hans, en, suit, copies, points, red, white = row
    t = tile_by_code(code)
    assert (t.code, t.name_hant, t.name_hans, t.name_en, t.suit, t.copies, t.points, t.red,
            t.white) == row
    assert (t.low, t.high) == (int(code[0]), int(code[1]))


def test_table_order_and_counts():
    assert [t.code for t in TILES] == [r[0] for r in SPEC_TABLE]
    assert [t.index for t in TILES] == list(range(21))
    assert len(FULL_SET) == 32 and len(CIVIL) == 11 and len(MILITARY) == 10
    assert sum(t.copies for t in CIVIL) == 22 and sum(t.copies for t in MILITARY) == 10
    # FULL_SET is the table order with each civil face twice
    assert " ".join(t.code for t in FULL_SET[:4]) == "66 66 11 11"
    assert " ".join(t.code for t in FULL_SET[-4:]) == "24 14 23 12"


def test_single_tile_order():
    # civil: 天 > 地 > 人 > 和 > 梅 > 長三 > 板凳 > 斧頭 > 紅頭十 > 高腳七 > 銅錘六
    civil = sorted(CIVIL, key=lambda t: -t.strength)
    assert [t.name_hant for t in civil] == ["天", "地", "人", "和", "梅", "長三", "板凳", "斧頭",
                                            "紅頭十", "高腳七", "銅錘六"]
    assert [t.strength for t in civil] == list(range(11, 0, -1))
    # military: 九 > 八 > 七 > 六 (24) > 五 > 三 (12); both faces of a value are equal
    assert [t.value for t in MILITARY] == [9, 9, 8, 8, 7, 7, 6, 5, 5, 3]
    assert all(t.value == 0 for t in CIVIL)
    assert tile_by_code("36").strength == tile_by_code("45").strength


def test_yao_tiles_are_the_lowest_of_each_suit():
    assert [t.code for t in TILES if t.is_yao] == ["15", "12"]
    assert min(CIVIL, key=lambda t: t.strength).code == "15"
    assert min(MILITARY, key=lambda t: t.value).code == "12"


def test_pips_agree_with_the_colour_columns():
    for t in TILES:
        pips = t.pips()
        assert len(pips) == t.points
        assert sum(p[3] == "red" for p in pips) == t.red, t
        assert all(0 <= p[1] <= 2 and 0 <= p[2] <= 2 and p[0] in (0, 1) for p in pips)
    # "all white but one red pip" tiles (§6 例牌) are exactly these four
    assert sorted(t.code for t in TILES if t.red == 1) == ["12", "13", "15", "16"]
    assert sorted(t.code for t in TILES if t.red == 0) == ["22", "23", "25", "26", "33", "35",
                                                          "36", "55", "56"]


def test_names_in_three_languages():
    t = tile_by_code("46")
    assert (t.name(), t.name("hant"), t.name("hans"), t.name("en")) == ("紅頭十", "紅頭十", "红头十",
                                                                       "Ping")
    assert "屏風" in t.aliases_hant and "屏风" in t.aliases_hans
    look = tile_by_code("15")
    for spelling in ("伶冧六", "拎冧六", "零霖六"):
        assert spelling in look.aliases_hant + look.aliases_hans
    assert tile_by_code("24").aliases_hant[:2] == ("大么", "大頭六")
    assert "細么" in tile_by_code("12").aliases_hant
    assert "鵝" in tile_by_code("13").aliases_hant
    assert all(t.jyutping for t in TILES)
    with pytest.raises(ValueError, match="unknown language"):
        t.name("fr")


def test_bad_code():
    with pytest.raises(NotationError, match="no tile has pip code '77'"):
        tile_by_code("77")
    with pytest.raises(NotationError):
        tile_by_code("63")  # the canonical code is low half first


def test_tiles_are_singletons():
    t = Tile.parse("66")
    assert pickle.loads(pickle.dumps(t)) is t
    assert copy.copy(t) is t and copy.deepcopy([t])[0] is t
    assert repr(t) == "Tile.parse('66')" and str(t) == "66"
    assert sorted([tile_by_code("12"), tile_by_code("66")])[0].code == "66"

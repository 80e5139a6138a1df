"""Notation: pip codes, names in 繁/简/English, ambiguity, context, seats, round trips."""

from __future__ import annotations

import pytest

from tianjiu_core.errors import AmbiguousTileError, NotationError
from tianjiu_core.notation import (format_tiles, parse_seat, parse_tile, parse_tiles, seat_name,
                                   sort_tiles)
from tianjiu_core.tiles import FULL_SET, TILES


def codes(text, context=None):
    return format_tiles(parse_tiles(text, None if context is None else parse_tiles(context)))


@pytest.mark.parametrize("text,expected", [
    ("66 36", "66 36"),
    ("63", "36"),                        # halves in either order
    ("6-6 3:6", "66 36"),
    ("6636", "66 36"),                   # runs of digits split in twos
    ("66,36，45、12", "66 36 45 12"),
    ("天", "66"), ("天牌", "66"), ("Teen", "66"), ("teen", "66"), ("Heaven", "66"),
    ("地", "11"), ("人", "44"), ("和", "13"), ("鵝", "13"), ("鹅", "13"),
    ("梅", "55"), ("梅花", "55"), ("長三", "33"), ("长三", "33"), ("板凳", "22"),
    ("斧頭", "56"), ("斧头", "56"), ("紅頭十", "46"), ("屏風", "46"), ("屏风", "46"), ("Ping", "46"),
    ("Red-head ten", "46"), ("高腳七", "16"), ("高脚七", "16"), ("Tit", "16"),
    ("銅錘六", "15"), ("铜锤六", "15"), ("伶冧六", "15"), ("拎冧六", "15"), ("零霖六", "15"),
    ("Look", "15"),
    ("二四", "24"), ("大么", "24"), ("大頭六", "24"), ("大头六", "24"), ("Gee Joon six", "24"),
    ("丁三", "12"), ("細么", "12"), ("细么", "12"), ("么雞", "12"), ("Gee Joon three", "12"),
    ("tin1", "66"),                      # Jyutping
    ("天天九九", "66 66 36 45"),          # names without spaces; 九 九 can only be 36 and 45
    ("Teen Teen Chop Gow Chop Gow", "66 66 36 45"),
    ("長三長三", "33 33"),
    ("雜八 雜八", "26 35"),
    ("Ｔｅｅｎ", "66"),                   # full-width letters (NFKC)
])
def test_parse(text, expected):
    assert codes(text) == expected


def test_ambiguous_name_lists_the_candidates():
    with pytest.raises(AmbiguousTileError) as exc:
        parse_tiles("雜九")
    assert exc.value.candidates == ("36", "45")
    assert "'雜九' at position 0 is ambiguous: it names 36 or 45" in str(exc.value)
    with pytest.raises(AmbiguousTileError, match="'五' at position 1 .* 14 or 23"):
        parse_tiles("和五")
    with pytest.raises(AmbiguousTileError, match="Chop Bot"):
        parse_tiles("Chop Bot")


def test_context_makes_a_name_unique():
    assert codes("雜九", context="66 45 12") == "45"
    assert codes("天九", context="66 36 11") == "66 36"
    assert codes("和五", context="13 23") == "13 23"
    assert codes("雜七 雜七", context="25 34 66") == "25 34"
    # 九 twice fits only one assignment of the two single-copy faces
    assert codes("九 雜九") in ("36 45", "45 36")
    # context that holds both faces leaves the choice open
    with pytest.raises(AmbiguousTileError):
        parse_tiles("雜九", parse_tiles("36 45"))


@pytest.mark.parametrize("text,context,message", [
    ("77", None, "'77' at position 0 is not a tile: pip halves run from 1 to 6"),
    ("66 7", None, "'7' at position 3 has an odd number of digits"),
    ("66 zz", None, "'zz' at position 3 is not a tile code or name"),
    ("天天天", None, "3 × 66 (天) named, but a set of 32 tiles has only 2"),
    ("36 36", None, "2 × 36 (雜九) named, but a set of 32 tiles has only 1"),
    ("66", "11 13", "'66': 66 (天) is not among the tiles held (11 13)"),
    ("雜九", "66 11", "'雜九' at position 0 fits none of 36 or 45"),
    ("12 12", "12 66", "'12': 2 × 12 (丁三) named, but the tiles held (12 66) hold only 1"),
])
def test_errors_say_what_and_where(text, context, message):
    with pytest.raises(NotationError) as exc:
        parse_tiles(text, None if context is None else parse_tiles(context))
    assert message in str(exc.value)


def test_parse_tile_wants_exactly_one():
    assert parse_tile("天").code == "66"
    with pytest.raises(NotationError, match="expected one tile, got 2"):
        parse_tile("66 66")
    with pytest.raises(NotationError, match="expected one tile, got 0"):
        parse_tile("  ")


def test_token_lists_and_format():
    assert parse_tiles(["66", "36"]) == parse_tiles("66 36")
    tiles = parse_tiles("12 66 45 15")
    assert format_tiles(tiles) == "12 66 45 15"           # order as written
    assert format_tiles(sort_tiles(tiles)) == "66 15 45 12"  # table order
    assert format_tiles(tiles, "hant") == "丁三 天 雜九 銅錘六"
    assert format_tiles(tiles, "hans") == "丁三 天 杂九 铜锤六"
    assert format_tiles(tiles, "en") == "Gee Joon three Teen Chop Gow Look"


@pytest.mark.parametrize("lang", ["code", "hant", "hans", "en"])
def test_the_whole_set_round_trips(lang):
    text = format_tiles(FULL_SET, lang)
    assert parse_tiles(text, FULL_SET) == FULL_SET
    if lang == "code":
        assert parse_tiles(text) == FULL_SET


def test_every_alias_names_its_face():
    for t in TILES:
        for name in (t.code, t.name_hant, t.name_hans, t.name_en, t.meaning_en, t.jyutping,
                     *t.aliases_hant, *t.aliases_hans, *t.aliases_en):
            assert parse_tiles(name, (t,)) == (t,), (t.code, name)


def test_seats():
    assert [parse_seat(x) for x in ("E", "s", "西", "北家", "东", "South", 3)] == [0, 1, 2, 3, 0, 1, 3]
    assert [seat_name(2, lang) for lang in ("code", "hant", "hans", "en")] == ["W", "西", "西", "West"]
    with pytest.raises(NotationError, match="'X' is not a seat"):
        parse_seat("X")
    with pytest.raises(NotationError, match="out of range"):
        parse_seat(4)
    with pytest.raises(NotationError):
        parse_seat(True)  # type: ignore[arg-type]

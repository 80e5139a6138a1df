"""House ways as data: each published rule on a hand it names, for New Zealand and Casino
Canberra (spec "House ways to implement"), and the Wizard Way's first rule."""

from __future__ import annotations

import pytest

from tianjiu_core.errors import InconsistentPositionError, RulesError
from tianjiu_core.notation import parse_tiles
from tianjiu_core.paigow import HOUSE_WAYS, house_way, house_way_setting, settings
from tianjiu_core.paigow.house_ways import KINDS, wizard_rule_one_setting


def setting(text, way):
    s = house_way_setting(parse_tiles(text), way)
    return f"{' '.join(s.low.codes)} / {' '.join(s.high.codes)}"


@pytest.mark.parametrize("way", ["nz", "canberra"])
def test_seed_004_example_sets_five_five(way):
    # seed 004: 板凳, 零霖六, 斧頭, 雜九 — the house way plays 5 / 5 (零霖 5 in front)
    assert setting("22 15 56 36", way) == "15 36 / 22 56"


@pytest.mark.parametrize("way", ["nz", "canberra"])
def test_two_pairs_are_two_hands(way):
    assert setting("66 66 11 11", way) == "11 11 / 66 66"
    assert setting("12 24 36 45", way) == "36 45 / 24 12"     # 雙雜九 in front of 至尊


def test_nz_pair_tables():
    # Teen pair with 9 and 11: split (天王 and 天 + 斧頭 = 3)
    assert setting("66 66 36 56", "nz") == "66 56 / 66 36"
    # Teen pair with 9 and 10: not in the table, keep (雙天 + 9 + 10 = 9)
    assert setting("66 66 36 55", "nz") == "55 36 / 66 66"
    # never split 10s, even with teen and day
    assert setting("55 55 66 11", "nz") == "66 11 / 55 55"
    # nines split with teen and day: 天王 and 地王
    assert setting("36 45 66 11", "nz") == "11 45 / 66 36"
    # Gee Joon split with two non-pairing 6s: 9 / 9 (長三 high behind)
    assert setting("12 24 33 15", "nz") == "15 24 / 33 12"
    # …but kept with a 6 and a 7 (not in the table): 3 / 至尊
    assert setting("12 24 33 16", "nz") == "33 16 / 24 12"


def test_canberra_rules():
    # never split Gee Joon (NZ would, with two 6s)
    assert setting("12 24 33 15", "canberra") == "33 15 / 24 12"
    # pair rule B + rule 2: 12, 12, gee, 4 — splitting makes 6 / 8, keeping makes 7 / teen pair,
    # both higher: keep (the page's own example)
    assert setting("66 66 24 13", "canberra") == "13 24 / 66 66"
    # rule B: split 12s to make 6 / 8 or better: 天 + 9 (wong) and 天 + 雜七 (9): 9 / wong
    assert setting("66 66 36 25", "canberra") == "66 25 / 66 36"
    # rule C: split 9s to make 9 / 9 or higher — with teen and day: 地王 / 天王
    assert setting("36 45 66 11", "canberra") == "11 45 / 66 36"
    # exceptions: E (high 7 & low 8 with 人, 雜八, 9, 紅頭) and G (3 / gong)
    assert setting("44 26 36 46", "canberra") == "44 36 / 46 26"
    assert setting("66 26 36 22", "canberra") == "22 36 / 66 26"
    # high nine before gong before wong, with 天 preferred: 天高九 here over 天槓
    assert setting("66 16 44 55", "canberra") == "44 55 / 66 16"


def test_the_nz_special_order():
    # 天, 9, 雜七, 梅: high nine (天 + 7) leaves 9 + 10 = 9 in front (harmony 3 or better)
    assert setting("66 45 25 55", "nz") == "55 45 / 66 25"
    # 地, 9, 雜八, 丁三: gong before wong when the low hand is harmony 3 or better — 地槓 with
    # 9 + 丁三 as 6 = 5 in front (地王 would leave 雜八 + 丁三 = 4)
    assert setting("11 36 26 12", "nz") == "36 12 / 11 26"


def test_every_hand_gets_one_of_its_settings():
    from tianjiu_core.paigow.analysis import four_tile_multisets
    from tianjiu_core.tiles import TILES
    for m, _ in four_tile_multisets()[::97]:
        tiles = [TILES[i] for i in m]
        for way in HOUSE_WAYS:
            assert house_way_setting(tiles, way) in settings(tiles)


def test_wizard_rule_one_plays_a_dominant_setting():
    # the Wizard Way's example: 6-6, 6-6, 1-2, 1-3 — 7 / teen pair beats every alternative
    s = wizard_rule_one_setting(parse_tiles("66 66 12 13"), "canberra")
    assert (s.low.points, s.high.name_hant) == (7, "雙天")


def test_kinds_cover_every_face_once_in_any():
    from tianjiu_core.tiles import TILES
    assert KINDS["any"] == {t.code for t in TILES}
    for name in ("teen/day", "10", "8", "7", "6", "4"):
        parts = [k for k in KINDS if k.startswith(("high", "low")) and k.endswith(name)]
        if parts:
            assert KINDS[name] == frozenset().union(*(KINDS[p] for p in parts))


def test_errors():
    with pytest.raises(RulesError, match="unknown house way"):
        house_way("foxwoods")
    with pytest.raises(InconsistentPositionError, match="4 tiles, not 3"):
        house_way_setting(parse_tiles("66 66 11"), "nz")
    assert house_way(" NZ ") is HOUSE_WAYS["nz"]

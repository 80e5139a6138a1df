"""Two-tile hands of Pai Gow: the order of spec "Hand order", the tie-breaks of "Single-tile
order", the options, and the seed examples (seed 004, the Wizard of Odds counts)."""

from __future__ import annotations

import pytest

from tianjiu_core.errors import RulesError
from tianjiu_core.notation import parse_tiles
from tianjiu_core.paigow import PaiGowRules, evaluate, hand_counts, player_wins, settings
from tianjiu_core.paigow.hands import rank_table
from tianjiu_core.paigow.setting import big_outcome


def hand(text, rules=PaiGowRules()):
    return evaluate(*parse_tiles(text), rules)


# spec "Hand order", highest first: one example of every rung
LADDER = ["12 24", "66 66", "11 11", "44 44", "13 13", "55 55", "33 33", "22 22", "56 56",
          "46 46", "16 16", "15 15", "36 45", "26 35", "25 34", "14 23",
          "66 36", "11 45", "66 44", "11 26",
          # 9s by the higher tile: 天 (天高九), 地, 人, 和, 梅, 長三, 板凳, 斧頭, 紅頭十, 銅錘六
          "66 16", "11 25", "44 56", "13 14", "55 45", "33 24", "22 14", "56 26", "46 36", "15 12",
          "66 24", "13 24", "55 46"]   # 8 (天), 7 (和 with 二四 as 3), 0


def test_the_ladder_is_strictly_decreasing():
    values = [hand(h) for h in LADDER]
    for hi, lo in zip(values, values[1:]):
        assert hi.key > lo.key, (hi, lo)
    assert [v.cls for v in values[:21]] == (["supreme"] + ["pair"] * 15 + ["wong"] * 2
                                            + ["gong"] * 2 + ["points"])


def test_named_hands():
    assert hand("66 44").name_hant == "天槓"     # 人 44 is an 8 for 槓
    assert hand("11 44").name_en == "Day Gong"
    assert hand("11 36").name_hant == "地王"
    assert hand("45 11").tiles[0].code == "11"   # the higher tile first
    assert hand("55 55").name_hant == "雙梅"
    assert hand("26 35").name_en == "pair of Chop Bot"
    assert hand("44 26").cls == "points" and hand("44 26").points == 6   # 人 + 雜八: no pair
    assert hand("12 24").name_hant == "至尊"


def test_gee_joon_counts_3_or_6():
    assert hand("12 15").points == 9        # 3 + 6
    assert hand("24 15").points == 9        # 3 + 6, not 6 + 6 = 2
    assert hand("24 14").points == 8        # 3 + 5 (6 + 5 would be 1)
    old = PaiGowRules(gee_joon_wild=False)
    assert hand("24 15", old).points == 2 and hand("12 15", old).points == 9


def test_seed_004_song_two_three_every_way():
    # 「拎林六 長衫六 高腳七 … 大頭六 二三更」: face value only, every setting is 2 / 3
    tiles = parse_tiles("15 33 16 24")
    old = settings(tiles, PaiGowRules(gee_joon_wild=False))
    assert {(s.low.points, s.high.points) for s in old} == {(2, 3)}
    # with 二四 as 3 (today's rule) the hand sets 3 / 9
    new = settings(tiles)
    assert max((s.low.points, s.high.points) for s in new) == (3, 9)


def test_tie_break_by_the_higher_tile_seed_004():
    # seed 004: 板凳 + 斧頭 (5, 板凳 high) beats 雜九 + 零霖 (5, 零霖 high): 板凳 ranks higher
    assert player_wins(hand("22 56"), hand("36 15"))
    assert not player_wins(hand("36 15"), hand("22 56"))
    # a copy goes to the banker either way round
    assert not player_wins(hand("22 56"), hand("56 22"))


def test_military_faces_of_one_value_are_equal():
    a, b = hand("36 14"), hand("45 23")      # 4 points, 雜九 high, both
    assert a.key == b.key
    assert not player_wins(a, b) and not player_wins(b, a)


def test_high_nine_is_a_plain_nine_unless_the_option():
    assert hand("66 16").cls == "points" and player_wins(hand("66 16"), hand("13 23"))
    assert player_wins(hand("11 16"), hand("44 45"))          # 地 high beats 人 high
    assert not player_wins(hand("66 16"), hand("11 26"))      # a gong beats any 9
    opt = PaiGowRules(high_nine_pairs=True)
    assert hand("66 16", opt).cls == "high_nine"
    assert player_wins(hand("11 25", opt), hand("66 16"))     # option: 地高九 above every 9
    assert not player_wins(hand("11 25", opt), hand("11 26", opt))


def test_zero_rule():
    zero_a, zero_b = hand("55 46"), hand("56 36")
    assert zero_a.key == zero_b.key and not player_wins(zero_a, zero_b)
    off = PaiGowRules(zero_rule=False)
    assert player_wins(hand("55 46", off), hand("56 36", off))   # 梅 above 斧頭


def test_seed_004_tile_order_option():
    # 8 points each; the casino order has 二四 lowest (so 雜五 decides: a copy), seed 004's puts
    # 二四 (大雞) above 雜五
    assert hand("24 14").key == hand("23 12").key
    opt = PaiGowRules(tile_order="seed004")
    assert player_wins(hand("24 14", opt), hand("23 12", opt))
    assert player_wins(hand("24 25", opt), hand("12 16", opt)) is False   # civil still above


def test_counts_of_the_spec():
    c = hand_counts()
    assert (c["four_tile_deals"], c["four_tile_distinct"]) == (35960, 3620)
    assert (c["two_tile_deals"], c["two_tile_distinct"]) == (496, 136)
    assert c["kinds"] == 16


def test_rank_table_is_the_key_order():
    from tianjiu_core.tiles import TILES
    ranks, levels = rank_table()
    keys = {(a.index, b.index): evaluate(a, b).key for a in TILES for b in TILES}
    for (a, b), k in keys.items():
        for (c, d), k2 in list(keys.items())[::37]:
            r1, r2 = ranks[a * 21 + b], ranks[c * 21 + d]
            assert (r1 < r2) == (k < k2) and (r1 == r2) == (k == k2)
    assert max(ranks) == levels - 1


def test_big_pai_gow_seed_004_example():
    tiles = parse_tiles("22 15 56 36")
    got = [(s.low.points, s.high.points) for s in settings(tiles)]
    assert sorted(got) == [(0, 0), (3, 7), (5, 5)]
    five = next(s for s in settings(tiles) if s.low.points == 5)
    assert five.low.codes == ("15", "36") and five.high.codes == ("22", "56")   # 零霖 5 in front
    banker = next(s for s in settings(parse_tiles("11 13 44 23")) if s.high.cls == "gong")
    assert (banker.low.points, banker.high.name_hant) == (9, "地槓")
    assert big_outcome(five, banker) == "lose" and big_outcome(banker, five) == "win"
    assert big_outcome(five, five) == "lose"                   # copies both: the banker's
    three_seven = next(s for s in settings(tiles) if s.low.points == 3)
    assert big_outcome(three_seven, five) == "push"            # 3 < 5 in front, 7 > 5 behind


def test_rules_options_are_checked():
    with pytest.raises(RulesError, match="zero_rule"):
        PaiGowRules.from_dict({"zero_rule": 1})
    with pytest.raises(RulesError, match="unknown Pai Gow rules option"):
        PaiGowRules.from_dict({"zero": True})
    with pytest.raises(RulesError, match="tile_order"):
        PaiGowRules(tile_order="tiengow")
    with pytest.raises(RulesError, match="commission"):
        PaiGowRules(commission=True)
    assert PaiGowRules.from_dict(PaiGowRules().to_dict()) == PaiGowRules()

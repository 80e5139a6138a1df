"""Every bonus and special finish of spec §6, each triggered by real plays in a Hand.

Positions are written E S W N; ``dong`` are the 棟 won before the position.
Amounts are stake units; E is the banker unless said.  Each expected amount is
worked out in the comment beside it from spec §5–§6.
"""

from __future__ import annotations

import pytest

from tianjiu_core.tiengow.deal import Wall, deal
from tianjiu_core.tiengow.game import Hand, find_natural
from tianjiu_core.notation import parse_tiles
from tianjiu_core.tiengow.rules import Rules

E, S, W, N = range(4)


def rules_of(hand):
    return [i.rule for i in hand.result.settlement.items]


# ----------------------------------------------------------------- 賀尊

@pytest.mark.parametrize("streak,bonus,total", [
    # 2×m from each seat, m = 2: 4 each; final: 南 2 棟 → 2×2, 西 and 北 空棟 → 5×2
    (1, (12, -4, -4, -4), (36, -8, -14, -14)),
    # m = 4: 8 each; final 2×4 + 5×4 + 5×4
    (3, (24, -8, -8, -8), (72, -16, -28, -28)),
])
def test_he_zun_by_the_banker(position, play, streak, bonus, total):
    hand = position(["24 12 66", "11 33 55", "22 56 46", "16 15 14"], dong=(3, 2, 0, 0),
                    leader="E", streak=streak)
    play(hand, ["E: 24 12", "S: discard 11 33", "W: discard 22 56", "N: discard 16 15"])
    trick = hand.tricks[-1]
    assert trick.winner == E and trick.bonuses.payments == bonus
    assert {i.rule for i in trick.bonuses.items} == {"he_zun"}
    play(hand, ["E: 66", "S: discard 55", "W: discard 46", "N: discard 14"])
    r = hand.result
    assert r.bonuses.payments == bonus and r.dong == (6, 2, 0, 0)
    assert r.payments == total and sum(r.payments) == 0


def test_he_zun_by_a_non_banker_with_wen_zun(position, play):
    # 南 leads 文尊; the banker 東 (streak 2, m = 3) pays 2×3 = 6, the others 2
    hand = position(["11 33 55", "15 15 66", "22 56 46", "16 36 14"], dong=(3, 2, 0, 0),
                    leader="S", streak=2)
    play(hand, ["S: 15 15", "W: discard 22 56", "N: discard 36 14", "E: discard 11 33"])
    assert hand.tricks[-1].bonuses.payments == (-6, 10, -2, -2)
    assert hand.dong == (3, 4, 0, 0) and hand.leader == S
    # the English item names the 尊 as one of the two (it said "至尊 won a trick" for 15 15)
    item = hand.tricks[-1].bonuses.to_json()["items"][0]
    assert (item["rule_zh"], item["rule_en"]) == ("賀尊", "至尊 or 文尊 won a trick"), item


def test_he_zun_non_banker_wu_zun_banker_elsewhere(position, play):
    # banker 西 streak 1 (m = 2): 西 pays 4, 東 and 北 2 each
    hand = position(["11 33 55", "24 12 66", "22 56 46", "16 36 14"], dong=(3, 2, 0, 0),
                    leader="S", banker="W")
    play(hand, ["S: 24 12", "W: discard 22 56", "N: discard 36 14", "E: discard 11 33"])
    assert hand.tricks[-1].bonuses.payments == (-2, 8, -4, -2)


def test_he_zun_off(position, play):
    hand = position(["24 12 66", "11 33 55", "22 56 46", "16 15 14"], dong=(3, 2, 0, 0),
                    leader="E", rules={"he_zun": False})
    play(hand, ["E: 24 12", "S: discard 11 33", "W: discard 22 56", "N: discard 16 15"])
    assert hand.tricks[-1].bonuses.items == () and hand.dong == (5, 2, 0, 0)


# ----------------------------------------------------------------- 擒尊

def test_qin_zun_mid_hand(position, play):
    hand = position(["66 66 11", "15 15 12", "16 16 13", "44 44 55"], dong=(3, 2, 0, 0),
                    leader="S")
    play(hand, ["S: 15 15", "W: 16 16"])
    assert hand.bonuses.items == ()             # nothing is paid before the trick ends
    play(hand, ["N: discard 44 44", "E: discard 66 66"])
    trick = hand.tricks[-1]
    # the capturer 西 collects 尊錢: the banker 東 2×2, 南 (the 文尊 player) and 北 2 each
    assert trick.winner == W and trick.bonuses.payments == (-4, -2, 8, -2)
    assert {i.rule for i in trick.bonuses.items} == {"qin_zun"}
    assert hand.leader == W and hand.dong == (3, 2, 2, 0)


def test_qin_zun_without_he_zun_collects_nothing(position, play):
    hand = position(["66 66 11", "15 15 12", "16 16 13", "44 44 55"], dong=(3, 2, 0, 0),
                    leader="S", rules={"he_zun": False})
    play(hand, ["S: 15 15", "W: 16 16", "N: discard 44 44", "E: discard 66 66"])
    assert hand.tricks[-1].winner == W and hand.tricks[-1].bonuses.items == ()


def test_qin_zun_on_the_last_trick_the_wen_zun_player_pays_four_times(position, play):
    # 北 has no 棟 but the last trick has two tiles, so it may capture (spec §4)
    hand = position(["66 11", "15 15", "33 22", "16 16"], dong=(2, 2, 2, 0), leader="S")
    play(hand, ["S: 15 15", "W: discard 33 22", "N: 16 16", "E: discard 66 11"])
    r = hand.result
    assert r.finisher == N and r.dong == (2, 2, 2, 2)
    assert (r.finish.kind, r.finish.captured_from) == ("zun", S)
    assert r.settlement.finish == "zun_capture" and r.settlement.finish_factor == 4
    # 東 (banker) owes 2×2×4 = 16, 南 2×4 = 8, 西 2×4 = 8: 南 pays all 32
    assert r.settlement.payments == (0, -32, 0, 32)
    assert {i.payer for i in r.settlement.items} == {S}
    assert [i.on_behalf_of for i in r.settlement.items] == [E, None, W]
    assert r.bonuses.items == ()                # no 尊錢 on the last trick


def test_captured_last_wen_zun_without_bao_zun_is_a_plain_finish(position, play):
    hand = position(["66 11", "15 15", "33 22", "16 16"], dong=(2, 2, 2, 0), leader="S",
                    rules={"bao_zun": False})
    play(hand, ["S: 15 15", "W: discard 33 22", "N: 16 16", "E: discard 66 11"])
    assert hand.result.settlement.finish == "plain"
    assert hand.result.settlement.payments == (-4, -2, -2, 8)


# ----------------------------------------------------------------- 四大賀

FOURS = ["11 11 26 35 55", "66 66 36 45 33", "44 44 25 34 22", "13 13 14 23 56"]


@pytest.mark.parametrize("mult,expected", [(False, (12, -4, -4, -4)), (True, (24, -8, -8, -8))])
def test_si_da_he(position, play, mult, expected):
    hand = position(FOURS, dong=(3, 0, 0, 0), leader="E",
                    rules={"si_da_he_banker_multiplier": mult})
    play(hand, ["E: 11 11 26 35", "S: discard 66 66 36 45", "W: discard 44 44 25 34",
                "N: discard 13 13 14 23"])
    assert hand.tricks[-1].bonuses.payments == expected
    assert {i.rule for i in hand.tricks[-1].bonuses.items} == {"si_da_he"}


@pytest.mark.parametrize("mult,expected", [(False, (-4, 12, -4, -4)), (True, (-8, 16, -4, -4))])
def test_si_da_he_beaten_by_a_higher_four(position, play, mult, expected):
    hand = position(FOURS, dong=(3, 0, 0, 0), leader="E",
                    rules={"si_da_he_banker_multiplier": mult})
    play(hand, ["E: 11 11 26 35", "S: 66 66 36 45"])
    assert "W: 44 44 25 34" not in [str(a) for a in hand.legal_actions()]   # 四人七 is lower
    play(hand, ["W: discard 44 44 25 34", "N: discard 13 13 14 23"])
    assert hand.tricks[-1].winner == S and hand.tricks[-1].bonuses.payments == expected


def test_si_da_he_off(position, play):
    hand = position(FOURS, dong=(3, 0, 0, 0), leader="E", rules={"si_da_he": False})
    play(hand, ["E: 11 11 26 35", "S: discard 66 66 36 45", "W: discard 44 44 25 34",
                "N: discard 13 13 14 23"])
    assert hand.tricks[-1].bonuses.items == ()


# ----------------------------------------------------------------- 四大包

def test_si_da_bao(position, play):
    hand = position(["13 13 14 23", "55 55 33 33", "22 22 56 56", "46 46 16 16"],
                    dong=(2, 1, 1, 0), leader="E")
    play(hand, ["E: 13 13 14 23", "S: discard 55 55 33 33", "W: discard 22 22 56 56",
                "N: discard 46 46 16 16"])
    r = hand.result
    assert r.finish.kind == "four" and r.settlement.finish == "four"
    # banker 東 finishes, f = 4, m = 2: 南 3×2×4, 西 3×2×4, 北 空棟 5×2×4
    assert r.settlement.payments == (88, -24, -24, -40) and r.bonuses.items == ()


def test_si_da_bao_beaten_by_a_higher_four(position, play):
    hand = position(["13 13 14 23", "66 66 36 45", "22 22 56 56", "46 46 16 16"],
                    dong=(2, 1, 1, 0), leader="E")
    play(hand, ["E: 13 13 14 23", "S: 66 66 36 45", "W: discard 22 22 56 56",
                "N: discard 46 46 16 16"])
    r = hand.result
    assert r.finisher == S and r.finish.kind == "four" and r.finish.captured_from is None
    # 南 finishes with its own 四大包: 東 (banker, 2 棟) 2×2×4, 西 3×4, 北 5×4; no extra penalty
    assert r.settlement.payments == (-16, 48, -12, -20)


# ----------------------------------------------------------------- 么結 and 么雙擒四

def test_yao_finish_with_12(position, play):
    hand = position(["12", "66", "11", "36"], dong=(3, 2, 2, 0), leader="E")
    play(hand, ["E: 12", "S: discard 66", "W: discard 11", "N: discard 36"])   # 北 has no 棟
    r = hand.result
    assert r.finish.kind == "yao" and r.settlement.finish == "yao"
    # f = 2, m = 2: 2×2×2 + 2×2×2 + 5×2×2
    assert r.settlement.payments == (36, -8, -8, -20)


def test_yao_finish_with_15(position, play):
    hand = position(["23", "15", "14", "66"], dong=(2, 2, 3, 0), leader="S")
    play(hand, ["S: 15", "W: discard 14", "N: discard 66", "E: discard 23"])
    r = hand.result
    # 東 banker loser 2×2×2 = 8, 西 (3 棟) 1×2, 北 空棟 5×2
    assert r.settlement.finish == "yao" and r.settlement.payments == (-8, 20, -2, -10)


def test_yao_beaten_by_an_ordinary_tile_is_a_plain_finish(position, play):
    hand = position(["12", "66", "36", "11"], dong=(3, 2, 2, 0), leader="E")
    play(hand, ["E: 12", "S: discard 66", "W: 36", "N: discard 11"])
    r = hand.result
    assert r.finisher == W and r.finish.kind == "plain" and r.settlement.finish == "plain"
    assert r.settlement.payments == (-2, -2, 9, -5)   # 東 1×2, 南 2, 北 5


def test_yao_capture_12_by_24_with_a_beat_in_between(position, play):
    # 南 leads 丁三, 西 beats it with a 五, 北 takes it with 二四: still 擒
    hand = position(["66", "12", "14", "24"], dong=(2, 2, 2, 1), leader="S")
    play(hand, ["S: 12", "W: 14", "N: 24", "E: discard 66"])
    r = hand.result
    assert r.finisher == N and (r.finish.kind, r.finish.captured_from) == ("yao", S)
    assert r.settlement.finish == "yao_capture" and r.settlement.finish_factor == 4
    # 東 banker 2×2×4 = 16, 南 2×4 = 8, 西 2×4 = 8 — all paid by 南
    assert r.settlement.payments == (0, -32, 0, 32)


def test_yao_capture_15_by_16_banker_captures(position, play):
    # 西 leads 銅錘六, 北 discards, the banker 東 takes it with 高腳七
    hand = position(["16", "55", "15", "66"], dong=(2, 1, 3, 1), leader="W")
    play(hand, ["W: 15", "N: discard 66", "E: 16", "S: discard 55"])
    r = hand.result
    assert r.finisher == E and r.finish.captured_from == W
    # the banker finishes, m = 2, f = 4: 南 3×2×4 = 24, 西 1×2×4 = 8, 北 3×2×4 = 24: 西 pays 56
    assert r.settlement.payments == (56, 0, -56, 0)
    assert r.next_banker == E and r.next_streak == 2


def test_yao_capture_factor_two(position, play):
    hand = position(["66", "12", "14", "24"], dong=(2, 2, 2, 1), leader="S",
                    rules={"yao_capture_factor": 2})
    play(hand, ["S: 12", "W: discard 14", "N: 24", "E: discard 66"])
    assert hand.result.settlement.payments == (0, -16, 0, 16)


def test_yao_capture_ru_is_still_paid_by_the_finisher(position, play):
    hand = position(["66", "12", "14", "24"], dong=(0, 1, 5, 1), leader="S")
    play(hand, ["S: 12", "W: discard 14", "N: 24", "E: discard 66"])
    r = hand.result
    # 東 banker 空棟 5×2×4 = 40 and 南 3×4 = 12, both paid by 南; 西 入一 × 4 = 4 paid by 北
    assert r.settlement.payments == (0, -52, 4, 48)
    ru = next(i for i in r.settlement.items if i.rule == "ru_yi")
    assert (ru.payer, ru.payee, ru.amount) == (N, W, 4)


def test_yao_capture_off(position, play):
    hand = position(["66", "12", "14", "24"], dong=(2, 2, 2, 1), leader="S",
                    rules={"yao_capture": False})
    play(hand, ["S: 12", "W: discard 14", "N: 24", "E: discard 66"])
    assert hand.result.settlement.finish == "plain"
    assert hand.result.settlement.payments == (-4, -2, -2, 8)


# ----------------------------------------------------------------- 包尊

def test_bao_zun_wu_zun(position, play):
    hand = position(["24 12", "66 11", "55 33", "16 15"], dong=(2, 2, 2, 0), leader="E")
    play(hand, ["E: 24 12", "S: discard 66 11", "W: discard 55 33", "N: discard 16 15"])
    r = hand.result
    assert r.finish.kind == "zun" and r.settlement.finish == "zun"
    # f = 2, m = 2: 2×2×2 + 2×2×2 + 5×2×2; and no 尊錢 for the last trick
    assert r.settlement.payments == (36, -8, -8, -20) and r.bonuses.items == ()


def test_bao_zun_wen_zun_not_captured(position, play):
    hand = position(["66 11", "15 15", "55 33", "46 56"], dong=(2, 2, 2, 0), leader="S")
    play(hand, ["S: 15 15", "W: discard 55 33", "N: discard 46 56", "E: discard 66 11"])
    r = hand.result
    # 東 banker 2×2×2 = 8, 西 2×2 = 4, 北 5×2 = 10
    assert r.settlement.finish == "zun" and r.settlement.payments == (-8, 22, -4, -10)


# ----------------------------------------------------------------- 七支 / 八支

def test_qi_zhi_a_face_down_tian_counts_as_unseen(position, play):
    hand = position(["66 11", "66 33", "22 55", "56 46"], dong=(6, 0, 0, 0), leader="E")
    play(hand, ["E: 66", "S: discard 66", "W: discard 22", "N: discard 56",
                "E: 11", "S: discard 33", "W: discard 55", "N: discard 46"])
    r = hand.result
    assert r.dong == (8, 0, 0, 0) and not r.finish.guaranteed
    # 七支 f = 2; banker m = 2; each 空棟 loser 5×2×2 = 20
    assert r.settlement.finish == "qi_zhi" and r.settlement.payments == (60, -20, -20, -20)


def test_qi_zhi_relies_on_the_finish_rule(position, play):
    # 南 keeps its 天 but, with no 棟, may not beat the last 地
    hand = position(["66 11", "66 33", "22 55", "56 46"], dong=(6, 0, 0, 0), leader="E")
    play(hand, ["E: 66", "S: discard 33", "W: discard 22", "N: discard 56", "E: 11"])
    assert [str(a) for a in hand.legal_actions()] == ["S: discard 66"]
    play(hand, ["S: discard 66", "W: discard 55", "N: discard 46"])
    assert hand.result.settlement.finish == "qi_zhi"


def test_ba_zhi_when_every_higher_tile_was_shown(position, play):
    # the other 天 was shown face up earlier, so the last 地 could not be beaten
    hand = position(["66 11", "33 55", "22 56", "46 16"], dong=(6, 0, 0, 0), leader="E",
                    shown="66")
    play(hand, ["E: 66", "S: discard 33", "W: discard 22", "N: discard 46",
                "E: 11", "S: discard 55", "W: discard 56", "N: discard 16"])
    r = hand.result
    assert r.finish.guaranteed and r.settlement.finish == "ba_zhi"
    assert r.settlement.payments == (120, -40, -40, -40)   # 5×2×4 each


def test_ba_zhi_counts_the_finishers_own_face_down_lead_as_known(position, play):
    # 東 led its own 天 face down (lead_face_down); the other 天 was shown earlier, so only
    # 東 knows that no 天 is left: the last 地 is "guaranteed" (outside shown + the finisher's own)
    hand = position(["66 11", "56 46", "16 15", "36 45"], dong=(6, 0, 0, 0), leader="E",
                    shown="66", rules={"lead_face_down": True})
    play(hand, ["E: down 66", "S: discard 56", "W: discard 16", "N: discard 36",
                "E: 11", "S: discard 46", "W: discard 15", "N: discard 45"])
    assert hand.result.settlement.finish == "ba_zhi"


@pytest.mark.parametrize("last,why", [("66", "天 always qualifies"), ("36", "a 九 always qualifies"),
                                      ("12", "a 么 qualifies")])
def test_ba_zhi_last_single(position, play, last, why):
    others = {"66": "11", "36": "11", "12": "11"}[last]
    hand = position([f"55 {last}", "33 22", "56 46", f"16 {others}"], dong=(6, 0, 0, 0),
                    leader="E")
    play(hand, ["E: 55", "S: discard 33", "W: discard 56", "N: discard 16",
                f"E: {last}", "S: discard 22", "W: discard 46", f"N: discard {others}"])
    assert hand.result.settlement.finish == "ba_zhi", why


def test_ba_zhi_replaces_yao_finish(position, play):
    hand = position(["55 12", "33 22", "56 46", "16 24"], dong=(6, 0, 0, 0), leader="E")
    play(hand, ["E: 55", "S: discard 33", "W: discard 56", "N: discard 16",
                "E: 12", "S: discard 22", "W: discard 46", "N: discard 24"])
    r = hand.result
    assert r.finish.kind == "yao" and r.settlement.finish_factor == 4   # not 2 × 4


def test_ba_zhi_with_a_pair_zun_and_four(position, play):
    pair = position(["55 55", "33 22", "56 46", "16 24"], dong=(6, 0, 0, 0), leader="E")
    play(pair, ["E: 55 55", "S: discard 33 22", "W: discard 56 46", "N: discard 16 24"])
    assert pair.result.settlement.finish == "ba_zhi" and pair.result.settlement.finish_factor == 4
    zun = position(["24 12", "33 22", "56 46", "16 15"], dong=(6, 0, 0, 0), leader="E")
    play(zun, ["E: 24 12", "S: discard 33 22", "W: discard 56 46", "N: discard 16 15"])
    # 八支 × 2 for a 尊 finish = 8; 5×2×8 = 80 from each
    assert zun.result.settlement.finish_factor == 8
    assert zun.result.settlement.payments == (240, -80, -80, -80)
    four = position(["13 13 14 23", "33 22 55 55", "56 46 56 46", "16 24 16 15"],
                    dong=(4, 0, 0, 0), leader="E")
    play(four, ["E: 13 13 14 23", "S: discard 55 55 33 22", "W: discard 56 56 46 46",
                "N: discard 24 16 16 15"])
    assert four.result.settlement.finish_factor == 16   # 八支 × 4 for a four


def test_sweep_off(position, play):
    hand = position(["66 11", "66 33", "22 55", "56 46"], dong=(6, 0, 0, 0), leader="E",
                    rules={"sweep": False})
    play(hand, ["E: 66", "S: discard 66", "W: discard 22", "N: discard 56",
                "E: 11", "S: discard 33", "W: discard 55", "N: discard 46"])
    assert hand.result.settlement.finish == "plain"
    assert hand.result.settlement.payments == (30, -10, -10, -10)


# banker_ba_zhi_strict (seed 000): a whole hand from the deal position, the banker takes all 8
BANKER_SWEEP = ["66 66 11 11 44 44 13 36", "55 55 33 33 22 22 56 56", "46 46 16 16 15 15 13 45",
                "26 35 25 34 24 14 23 12"]


def sweep_with(position, leads, strict):
    hand = position(BANKER_SWEEP, rules={"banker_ba_zhi_strict": strict, "si_da_he": False})
    for lead in leads:
        hand.act(f"E: {lead}")
        for _ in range(3):
            hand.act(next(a for a in hand.legal_actions() if a.kind == "discard"))
    assert hand.result.dong == (8, 0, 0, 0)
    return hand.result.settlement.finish


@pytest.mark.parametrize("leads,default,strict", [
    # first lead 雙地, last a pair: 八支 either way
    (["11 11", "44 44", "13", "36", "66 66"], "ba_zhi", "ba_zhi"),
    # first lead 雙天: the strict banker rule makes it 七支
    (["66 66", "11 11", "44 44", "13", "36"], "ba_zhi", "qi_zhi"),
    # last single 九: always 八支 by default, but the strict rule wants 2+ tiles
    (["11 11", "44 44", "66 66", "13", "36"], "ba_zhi", "qi_zhi"),
])
def test_banker_ba_zhi_strict(position, leads, default, strict):
    assert sweep_with(position, leads, False) == default
    assert sweep_with(position, leads, True) == strict


def test_strict_rule_is_for_the_banker_only(position, play):
    # a non-banker sweeping with a last single 天 keeps its 八支
    hand = position(["55 66", "33 22", "56 46", "16 11"], dong=(6, 0, 0, 0), leader="E",
                    banker="S", rules={"banker_ba_zhi_strict": True})
    play(hand, ["E: 55", "S: discard 33", "W: discard 56", "N: discard 16",
                "E: 66", "S: discard 22", "W: discard 46", "N: discard 11"])
    assert hand.result.settlement.finish == "ba_zhi"


# ----------------------------------------------------------------- 例牌

# 開邊 from the left with the first taker 東: 東 1+2, 南 3+4, 西 5+6, 北 7+8
ONE_RED = ["55 55 33 33 22 22 56 13", "66 66 11 11 44 44 13 56", "46 46 16 16 15 15 36 45",
           "26 35 25 34 24 14 23 12"]
ALL_SET = ["66 66 11 11 44 44 13 36", "55 55 33 33 22 22 56 56", "13 46 16 15 45 26 35 25",
           "46 16 15 34 24 14 23 12"]
# dice that make 東 the first taker for each banker (the thrower sits opposite the banker)
DICE_FOR_EAST_FIRST = {E: (3, 4), S: (1, 1), W: (2, 3), N: (1, 3)}


def dealt(hands, banker, rules, streak=1):
    wall = Wall(parse_tiles(" ".join(hands)))
    d = deal(wall, "開邊左", DICE_FOR_EAST_FIRST[banker], banker)
    assert d.first == E and [sorted(h) for h in d.hands] == [sorted(parse_tiles(h)) for h in hands]
    return Hand.from_deal(d, Rules.from_dict(rules), streak)


def test_natural_one_red(play):
    hand = dealt(ONE_RED, W, None)
    r = hand.result
    assert hand.is_over and r.natural == "one_red" and r.finisher == E and r.dong == (0, 0, 0, 0)
    # 七支 f = 2; the banker 西 pays 5×2×2, the others 5×2
    assert r.settlement.finish == "natural_qi_zhi" and r.payments == (40, -10, -20, -10)
    assert (r.next_banker, r.next_streak) == (E, 1) and hand.legal_actions() == []


def test_natural_hands_none():
    hand = dealt(ONE_RED, W, {"natural_hands": "none"})
    assert not hand.is_over and hand.to_act == W


def test_natural_all_turn_order_after_the_banker():
    # banker 西: order 西 北 東 南, so 東's 七文 (七支) comes before 南's 八支 hand
    r = dealt(ALL_SET, W, {"natural_hands": "all"}).result
    assert (r.finisher, r.natural) == (E, "seven_civil") and r.payments == (40, -10, -20, -10)
    # with the default set neither hand is a natural
    assert not dealt(ALL_SET, W, None).is_over


def test_natural_all_banker_priority():
    # banker 南 holds the 八支 hand (all white, eight civil, four pairs): 5×2×4 = 40 from each
    r = dealt(ALL_SET, S, {"natural_hands": "all"}).result
    assert r.finisher == S and r.settlement.finish == "natural_ba_zhi"
    assert r.payments == (-40, 120, -40, -40) and (r.next_banker, r.next_streak) == (S, 2)
    # banker 東 with only a 七支 hand still beats 南's 八支: streak 2, m = 3 → 5×3×2 = 30 each
    r = dealt(ALL_SET, E, {"natural_hands": "all"}, streak=2).result
    assert (r.finisher, r.natural) == (E, "seven_civil") and r.payments == (90, -30, -30, -30)


def test_natural_empty_dong_units_four():
    r = dealt(ONE_RED, W, {"empty_dong_units": 4}).result
    assert r.payments == (32, -8, -16, -8)


@pytest.mark.parametrize("tiles,rules,expected", [
    ("55 55 33 33 22 22 56 13", "one_red", "one_red"),
    ("55 55 33 33 22 22 56 16", "one_red", "one_red"),
    ("55 55 33 33 22 22 56 12", "one_red", "one_red"),
    ("55 55 33 33 22 22 56 14", "one_red", None),          # 14 has five red pips
    ("55 55 33 33 22 22 13 16", "one_red", None),          # two red pips
    ("55 55 33 33 22 22 56 56", "one_red", None),          # all white is not in the default set
    ("55 55 33 33 22 22 56 56", "all", "all_white"),
    ("66 66 11 11 44 44 13 46", "all", "eight_civil"),
    ("36 45 26 35 25 34 14 23", "all", "eight_military"),
    ("66 66 11 11 44 44 13 36", "all", "seven_civil"),
    ("36 45 26 35 25 34 24 66", "all", "seven_military"),
    ("66 66 55 55 36 45 26 35", "all", "four_pairs"),
    ("66 66 15 15 36 45 26 35", "all", "four_pairs"),       # 15+15 is a civil pair here
    ("66 36 11 26 44 25 13 14", "all", None),                # 天九 地八 人七 和五 are not pairs
    ("66 66 55 55 36 45 24 12", "all", None),                # nor is 至尊
    ("66 66 55 55 36 45 26 33", "all", None),
    ("55 55 33 33 22 22 56 13", "none", None),
])
def test_find_natural(tiles, rules, expected):
    assert find_natural(parse_tiles(tiles), Rules(natural_hands=rules)) == expected

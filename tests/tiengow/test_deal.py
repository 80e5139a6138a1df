"""Shuffle, wall and the nine dealing methods (spec §3).

The expected hands below were worked out by hand from the method table in
``deal.py``'s docstring, for the wall built in table order (``FULL_SET``):

    stack 1: 66 66 11 11    stack 5: 46 46 16 16
    stack 2: 44 44 13 13    stack 6: 15 15 36 45
    stack 3: 55 55 33 33    stack 7: 26 35 25 34
    stack 4: 22 22 56 56    stack 8: 24 14 23 12

Layers (片面), top first: 66 44 55 22 46 15 26 24 / 66 44 55 22 46 15 35 14 /
11 13 33 56 16 36 25 23 / 11 13 33 56 16 45 34 12.

The banker is 東 unless said, so the thrower is 西 and, counting
counter-clockwise from 西 as 1, a dice total t gives the first taker
W N E S W N E S W N E S for t = 1 … 12.
"""

from __future__ import annotations

import pytest

from tianjiu_core.tiengow.deal import (METHODS, Rng, Wall, deal, first_banker, parse_method,
                               shuffled_wall)
from tianjiu_core.errors import InconsistentPositionError, NotationError
from tianjiu_core.tiengow.game import Hand
from tianjiu_core.notation import format_tiles, parse_tiles, sort_tiles
from tianjiu_core.tiles import FULL_SET

WALL = Wall(FULL_SET)
E, S, W, N = range(4)

STACK = {1: "66 66 11 11", 2: "44 44 13 13", 3: "55 55 33 33", 4: "22 22 56 56",
         5: "46 46 16 16", 6: "15 15 36 45", 7: "26 35 25 34", 8: "24 14 23 12"}

# method, dice, first taker, expected hands {seat: tiles}
CASES = [
    ("開邊左", (3, 4), E, {E: "66 66 11 11 44 44 13 13", S: "55 55 33 33 22 22 56 56",
                          W: "46 46 16 16 15 15 36 45", N: "26 35 25 34 24 14 23 12"}),
    ("開邊右", (2, 2), S, {S: "26 35 25 34 24 14 23 12", W: "46 46 16 16 15 15 36 45",
                          N: "55 55 33 33 22 22 56 56", E: "66 66 11 11 44 44 13 13"}),
    ("輪棟", (1, 1), N, {N: "66 66 11 11 46 46 16 16", E: "44 44 13 13 15 15 36 45",
                        S: "55 55 33 33 26 35 25 34", W: "22 22 56 56 24 14 23 12"}),
    ("間棟", (4, 5), W, {W: "66 66 11 11 55 55 33 33", N: "44 44 13 13 22 22 56 56",
                        E: "46 46 16 16 26 35 25 34", S: "15 15 36 45 24 14 23 12"}),
    ("片面", (3, 4), E, {E: "66 44 55 22 46 15 26 24", S: "66 44 55 22 46 15 35 14",
                        W: "11 13 33 56 16 36 25 23", N: "11 13 33 56 16 45 34 12"}),
    ("挖心", (6, 6), S, {S: "22 22 56 56 46 46 16 16", W: "55 55 33 33 15 15 36 45",
                        N: "44 44 13 13 26 35 25 34", E: "66 66 11 11 24 14 23 12"}),
    ("切耳", (5, 6), E, {E: "66 66 11 11 24 14 23 12", S: "44 44 13 13 26 35 25 34",
                        W: "55 55 33 33 15 15 36 45", N: "22 22 56 56 46 46 16 16"}),
    # 7 onto 1, 8 onto 2: [1] [2] 3 4 5 6
    ("龍頭鳳尾", (1, 2), E, {E: "66 66 11 11 26 35 25 34", S: "44 44 13 13 24 14 23 12",
                           W: "55 55 33 33 22 22 56 56", N: "46 46 16 16 15 15 36 45"}),
    # 1 onto 4, 8 onto 5: 2 3 [4] [5] 6 7
    ("雙翼齊飛", (1, 3), S, {S: "44 44 13 13 55 55 33 33", W: "66 66 11 11 22 22 56 56",
                           N: "46 46 16 16 24 14 23 12", E: "15 15 36 45 26 35 25 34"}),
    # 6 onto 1, 7 onto 3, 8 onto 5: [1] 2 [3] 4 [5]
    ("舞三獅", (2, 3), W, {W: "66 66 11 11 15 15 36 45", N: "44 44 13 13 22 22 56 56",
                         E: "55 55 33 33 26 35 25 34", S: "46 46 16 16 24 14 23 12"}),
]


@pytest.mark.parametrize("method,dice,first,hands", CASES, ids=[c[0] for c in CASES])
def test_method_on_a_fixed_wall(method, dice, first, hands):
    d = deal(WALL, method, dice, banker=E)
    assert (d.thrower, d.first, d.dice) == (W, first, dice)
    for seat, text in hands.items():
        assert format_tiles(d.hands[seat]) == format_tiles(sort_tiles(parse_tiles(text))), seat
    # the first step is the first taker's; every seat takes in counter-clockwise order
    assert d.steps[0].seat == first
    assert [s.seat for s in d.steps[:4]] == [(first + k) % 4 for k in range(4)]


def test_all_nine_methods_are_covered():
    assert {parse_method(c[0]).key for c in CASES} == {m.key for m in METHODS}
    assert len(METHODS) == 10  # 開邊 counted once per side


def test_steps_show_how_the_wall_is_taken():
    lun = deal(WALL, "輪棟", (1, 1), banker=E)   # N takes first
    assert [(s.seat, s.stacks) for s in lun.steps] == [
        (N, (1,)), (E, (2,)), (S, (3,)), (W, (4,)), (N, (5,)), (E, (6,)), (S, (7,)), (W, (8,))]
    assert format_tiles(lun.steps[0].tiles) == STACK[1]
    layers = deal(WALL, "片面", (3, 4), banker=E)
    assert [(s.seat, s.layer) for s in layers.steps] == [(E, 0), (S, 1), (W, 2), (N, 3)]
    assert format_tiles(layers.steps[1].tiles) == "66 44 55 22 46 15 35 14"   # in stack order
    dragon = deal(WALL, "龍頭鳳尾", (1, 2), banker=E)
    assert dragon.moves == ((7, 1), (8, 2))
    # the moved stack lies on top: stack 1 now reads 7's tiles, then 1's
    assert format_tiles(dragon.steps[0].tiles) == STACK[7] + " " + STACK[1]
    assert [s.stacks for s in dragon.steps] == [(1,), (2,), (3, 4), (5, 6)]
    lions = deal(WALL, "舞三獅", (2, 3), banker=E)
    assert [s.stacks for s in lions.steps] == [(1,), (2, 4), (3,), (5,)]
    wings = deal(WALL, "雙翼齊飛", (1, 3), banker=E)
    assert [s.stacks for s in wings.steps] == [(2, 3), (4,), (5,), (6, 7)]
    assert format_tiles(wings.steps[1].tiles) == STACK[1] + " " + STACK[4]


@pytest.mark.parametrize("total,first", list(zip(range(2, 13), [N, E, S, W, N, E, S, W, N, E, S])))
def test_dice_count_counter_clockwise_from_the_thrower(total, first):
    a = min(6, total - 1)
    assert deal(WALL, "開邊", (a, total - a), banker=E).first == first
    # banker 南: thrower 北 counts as 1
    assert deal(WALL, "開邊", (a, total - a), banker=S).first == (N + total - 1) % 4


def test_the_thrower_sits_opposite_the_banker():
    assert [deal(WALL, "間棟", (1, 1), banker=b).thrower for b in range(4)] == [W, N, E, S]


def test_method_names():
    assert parse_method("开边").key == "kai_bian_left" and parse_method("開邊(右)").key == "kai_bian_right"
    assert parse_method("一棟棟").key == "lun_dong" and parse_method("片皮").key == "pian_mian"
    assert parse_method("中掘").key == "wa_xin" and parse_method("中掘兩邊飛").key == "shuang_yi_qi_fei"
    assert parse_method("舞三狮").key == "wu_san_shi" and parse_method("jian_dong").name("en")
    with pytest.raises(NotationError, match="is not a dealing method"):
        parse_method("亂來")


@pytest.mark.parametrize("dice", [(0, 3), (3, 7), (3,), (1, 2, 3), (True, 2), ("3", 4)])
def test_bad_dice(dice):
    with pytest.raises(NotationError) as exc:
        deal(WALL, "間棟", dice, banker=E)
    assert str(exc.value) == f"dice must be two numbers 1–6, not {list(dice)!r}"   # a list, as given


def test_bad_banker_and_wall():
    with pytest.raises(NotationError, match="banker must be a seat"):
        deal(WALL, "間棟", (1, 1), banker=4)
    with pytest.raises(InconsistentPositionError, match="a wall has 32 tiles, not 31"):
        Wall(FULL_SET[1:])
    with pytest.raises(InconsistentPositionError, match=r"a wall holds 2 of 66 \(天\), not 3"):
        Wall(FULL_SET[:2] + FULL_SET[3:] + FULL_SET[:1])
    assert Wall.parse(str(WALL)) == WALL and repr(WALL).startswith("Wall.parse('66 66 11 11")


# ----------------------------------------------------------------- the documented shuffle

def _splitmix_wall(seed: int) -> tuple[list[str], list[int]]:
    """deal.py's module docstring, implemented again from the words alone."""
    mask = 2 ** 64 - 1
    state = seed

    def nxt():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return z ^ (z >> 31)

    def below(n):
        limit = (2 ** 64 // n) * n
        while (x := nxt()) >= limit:
            pass
        return x % n

    tiles = [t.code for t in FULL_SET]
    for i in range(31, 0, -1):
        j = below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles, [1 + below(6), 1 + below(6)]


@pytest.mark.parametrize("seed", [0, 1, 7, 2024, 2 ** 63 + 5, 2 ** 64 - 1])
def test_shuffle_is_the_documented_algorithm(seed):
    tiles, dice = _splitmix_wall(seed)
    assert [t.code for t in shuffled_wall(seed).tiles] == tiles
    hand = Hand.from_seed(seed, method="片面")
    assert hand.deal_info is not None and list(hand.deal_info.dice) == dice


def test_splitmix_reference_values():
    r = Rng(0)
    assert [r.next_u64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
                                                0x06C45D188009454F]
    for bad in (-1, 2 ** 64, 1.5, True, "7"):
        with pytest.raises(NotationError, match="seed must be an integer"):
            Rng(bad)  # type: ignore[arg-type]


def test_different_seeds_differ():
    assert len({str(shuffled_wall(s)) for s in range(50)}) == 50


class _ScriptedDice:
    def __init__(self, throws):
        self.throws = list(throws)

    def dice(self):
        return self.throws.pop(0)


def test_first_banker_highest_total_and_ties_throw_again():
    rng = _ScriptedDice([(5, 5), (6, 4), (2, 3), (1, 2),  # 東 and 南 tie on 10
                         (2, 2), (4, 5)])                   # only they throw again: 南 wins
    banker, rounds = first_banker(rng)  # type: ignore[arg-type]
    assert banker == S and rounds == [(10, 10, 5, 3), (4, 9, 0, 0)]
    assert rng.throws == []
    banker, rounds = first_banker(Rng(3))
    assert 0 <= banker < 4 and max(rounds[-1]) == rounds[-1][banker]

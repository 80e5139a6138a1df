"""Every worked example of spec §5 (and seed 001's list), through the API and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tianjiu_core.errors import InconsistentPositionError
from tianjiu_core.tiengow.scoring import Finish, settle

E, S, W, N = range(4)


def amount_for(loser_dong: int, *, loser_is_banker=False, finisher_is_banker=False, streak=1):
    """What loser B pays (positive) or is paid (negative) in a two-party example.

    A is the finisher (seat N, or E when A is the banker); B is the loser we
    look at; the other two seats take the remaining 棟 so the total is 8.
    """
    a, b = (E, S) if finisher_is_banker else (N, E if loser_is_banker else S)
    banker = E if (finisher_is_banker or loser_is_banker) else W
    others = [s for s in range(4) if s not in (a, b)]
    dong = [0, 0, 0, 0]
    dong[b] = loser_dong
    dong[a] = 2
    rest = 8 - loser_dong - 2
    dong[others[0]] = min(rest, 4)
    dong[others[1]] = rest - dong[others[0]]
    s = settle(banker=banker, banker_streak=streak, finisher=a, dong=dong)
    return -s.payments[b]


def test_example_1():
    s = settle(banker=E, banker_streak=1, finisher=N, dong=(1, 4, 0, 3))
    assert s.payments == (-6, 0, -5, 11)


def test_example_2():
    s = settle(banker=E, banker_streak=1, finisher=N, dong=(1, 5, 0, 2))
    assert s.payments == (-6, 1, -5, 10)


@pytest.mark.parametrize("dong,expected", [(0, 5), (6, -2), (4, 0)])
def test_example_3_non_banker(dong, expected):
    assert amount_for(dong) == expected


def test_example_4_banker_loser_ru_er_not_multiplied():
    assert amount_for(6, loser_is_banker=True, streak=2) == -2


@pytest.mark.parametrize("dong,streak,expected", [(1, 1, 6), (0, 1, 10), (0, 2, 15)])
def test_example_5_banker_loser(dong, streak, expected):
    assert amount_for(dong, loser_is_banker=True, streak=streak) == expected


@pytest.mark.parametrize("dong,streak,expected", [(0, 1, 10), (0, 2, 15), (3, 3, 4)])
def test_example_6_banker_finisher(dong, streak, expected):
    assert amount_for(dong, finisher_is_banker=True, streak=streak) == expected


def test_example_7_ru_yi_ru_chu_er():
    assert amount_for(5, finisher_is_banker=True) == -2


def test_items_name_the_rules():
    s = settle(banker=E, banker_streak=1, finisher=N, dong=(1, 5, 0, 2))
    by_loser = {i.on_behalf_of if i.on_behalf_of is not None else (i.payer if i.payee == N else i.payee): i
                for i in s.items}
    assert by_loser[E].rule == "dong" and by_loser[E].banker_factor == 2
    assert by_loser[S].rule == "ru_yi" and by_loser[S].payer == N and by_loser[S].amount == 1
    assert by_loser[W].rule == "empty_dong" and by_loser[W].amount == 5


@pytest.mark.parametrize("bad,msg", [
    (dict(dong=(1, 4, 0, 2)), "add up to 8"),
    (dict(dong=(1, 6, 0, 1)), "at least 2"),
    (dict(finisher=7), "seat"),
    (dict(banker_streak=0), "at least 1"),
])
def test_inconsistent_input_is_refused(bad, msg):
    args = dict(banker=E, banker_streak=1, finisher=N, dong=(1, 4, 0, 3)) | bad
    with pytest.raises(InconsistentPositionError, match=msg):
        settle(**args)


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "tianjiu_core", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_cli_settle_reproduces_example_1():
    req = {"banker": "E", "banker_streak": 1, "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3}}
    p = run_cli("settle", "--json", stdin=json.dumps(req))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["payments"] == {"E": -6, "S": 0, "W": -5, "N": 11}


def test_cli_settle_example_2_and_bad_input():
    req = {"banker": "E", "banker_streak": 1, "finisher": "N", "dong": {"E": 1, "S": 5, "W": 0, "N": 2}}
    p = run_cli("settle", "--json", stdin=json.dumps(req))
    assert json.loads(p.stdout)["payments"] == {"E": -6, "S": 1, "W": -5, "N": 10}
    req["dong"]["N"] = 1
    p = run_cli("settle", "--json", stdin=json.dumps(req))
    assert p.returncode == 2 and "add up to 8" in p.stderr
    req["dong"] = {"E": 1, "S": 5, "W": 0, "X": 2}
    p = run_cli("settle", "--json", stdin=json.dumps(req))
    assert p.returncode == 2 and "not a seat" in p.stderr


def test_special_finish_factors():
    # 么結 doubles; a sweep replaces it; 么雙擒四 makes the 么 player pay everything × 4
    dong = (1, 4, 0, 3)
    yao = settle(banker=E, banker_streak=1, finisher=N, dong=dong, finish=Finish("yao"))
    assert yao.payments == (-12, 0, -10, 22) and yao.finish == "yao"
    cap = settle(banker=E, banker_streak=1, finisher=N, dong=(1, 3, 1, 3),
                 finish=Finish("yao", captured_from=S))
    # E owes 3×2×4 = 24, S 1×4 = 4, W 3×4 = 12: all paid by S, the 么 player
    assert cap.payments == (0, -40, 0, 40) and cap.finish == "yao_capture"
    sweep = settle(banker=E, banker_streak=1, finisher=N, dong=(0, 0, 0, 8), finish=Finish("plain"))
    assert sweep.finish == "qi_zhi" and sweep.payments == (-20, -10, -10, 40)
    ba = settle(banker=E, banker_streak=1, finisher=N, dong=(0, 0, 0, 8), finish=Finish("yao"))
    assert ba.finish == "ba_zhi" and ba.payments == (-40, -20, -20, 80)
    zun_sweep = settle(banker=E, banker_streak=1, finisher=N, dong=(0, 0, 0, 8),
                       finish=Finish("zun", last_trick_tiles=2))
    assert zun_sweep.finish_factor == 8


# --------------------------------------------------------------------------- seed 001's list
# (A finishes, B loses; "做了 n 次庄" is the banker streak n) — every line of the seed's 范例

SEED_001 = [
    # loser 棟, B banker streak, A banker streak, B pays (negative: B is paid)
    (0, None, None, 5),      # B 输空戙: 5
    (6, None, None, -2),     # 入二
    (6, 2, None, -2),        # 入二, banker B not multiplied
    (4, None, None, 0),      # 归戙
    (1, 1, None, 6),         # 3×2
    (0, 1, None, 10),        # 5×2
    (0, 2, None, 15),        # 5×3
    (0, None, 1, 10),
    (0, None, 2, 15),
    (3, None, 3, 4),         # 1×4
    (5, None, 1, -2),        # 入一入出二
]


@pytest.mark.parametrize("dong,b_streak,a_streak,pays", SEED_001)
def test_seed_001_examples(dong, b_streak, a_streak, pays):
    if b_streak is not None:
        got = amount_for(dong, loser_is_banker=True, streak=b_streak)
    elif a_streak is not None:
        got = amount_for(dong, finisher_is_banker=True, streak=a_streak)
    else:
        got = amount_for(dong)
    assert got == pays


@pytest.mark.parametrize("dong,finisher,banker,streak", [
    ((1, 4, 0, 3), N, E, 1), ((1, 5, 0, 2), N, E, 1), ((0, 0, 2, 6), W, N, 4),
    ((2, 2, 2, 2), E, E, 7), ((6, 0, 0, 2), N, S, 2), ((0, 5, 1, 2), N, N, 1),
])
def test_every_settlement_sums_to_zero_and_names_each_loser(dong, finisher, banker, streak):
    for kind, captured in [("plain", None), ("yao", None), ("zun", None), ("four", None),
                           ("yao", (finisher + 1) % 4), ("zun", (finisher + 3) % 4)]:
        for guaranteed in (False, True):
            s = settle(banker=banker, banker_streak=streak, finisher=finisher, dong=dong,
                       finish=Finish(kind, captured, guaranteed))
            assert sum(s.payments) == 0
            losers = {i.on_behalf_of if i.on_behalf_of is not None else
                      (i.payer if i.payee == finisher else i.payee) for i in s.items}
            assert losers == {x for x in range(4) if x != finisher}


def test_empty_dong_units_four():
    from tianjiu_core.tiengow.rules import Rules

    s = settle(banker=E, banker_streak=1, finisher=N, dong=(1, 4, 0, 3),
               rules=Rules(empty_dong_units=4))
    assert s.payments == (-6, 0, -4, 10)


@pytest.mark.parametrize("finish,msg", [
    (Finish("big"), "finish kind must be plain, yao, zun or four"),
    (Finish("plain", captured_from=S), "kind must be yao or zun"),
    (Finish("yao", captured_from=N), "cannot capture its own"),
    (Finish("yao", captured_from=9), "captured_from must be a seat"),
    (Finish("plain", last_trick_tiles=5), "the last trick has 1–4 tiles"),
    (Finish("plain", last_trick_tiles="2"), "the last trick has 1–4 tiles"),  # type: ignore[arg-type]
])
def test_inconsistent_finish_is_refused(finish, msg):
    with pytest.raises(InconsistentPositionError, match=msg):
        settle(banker=E, banker_streak=1, finisher=N, dong=(1, 4, 0, 3), finish=finish)


@pytest.mark.parametrize("dong", [(1, 4, 0, 3, 0), (1, 4, -1, 4), (1, 4, 0, "3"), (0, 0, 0, 9)])
def test_bad_dong_is_refused(dong):
    with pytest.raises(InconsistentPositionError):
        settle(banker=E, banker_streak=1, finisher=N, dong=dong)


def test_every_item_explains_its_arithmetic_in_chinese_too():
    """The Play page shows an item's arithmetic in the page's language: ``detail`` is the
    English ("× banker 2"), ``detail_zh`` the 繁體 with no English word in it."""
    import re
    s = settle(banker=E, banker_streak=1, finisher=N, dong=(1, 4, 0, 3))
    banker_item = next(it for it in s.items if it.banker_factor != 1)
    assert "× banker 2" in banker_item.detail()
    assert "× 莊家倍數 2" in banker_item.detail_zh()
    for it in s.items:
        data = it.to_json()
        assert data["detail_zh"] == it.detail_zh() and not re.search(r"[A-Za-z]", data["detail_zh"]), data

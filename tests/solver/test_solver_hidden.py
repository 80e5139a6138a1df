"""Hidden hands (solve_hidden): exhaustive deals weighted right, seeded samples,
known discards, natural hands at the deal, bridge op and CLI."""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter

import pytest

from solver_helpers import brute_force
from tianjiu_core import bridge
from tianjiu_core.cli.main import main
from tianjiu_core.errors import InconsistentPositionError
from tianjiu_core.notation import parse_tiles, sort_tiles
from tianjiu_core.tiengow.position import Position
from tianjiu_core.solver import hidden_deals, solve, solve_hidden
from tianjiu_core.tiles import FULL_SET


def _position(hero_tiles: str, pool: str, dong=(3, 1, 1, 1), extra: str = "") -> Position:
    """東 to lead with ``hero_tiles``; the others hold ``pool`` (2 tiles each, in order),
    every other tile shown."""
    mine, rest = parse_tiles(hero_tiles), list(parse_tiles(pool))
    shown = list(FULL_SET)
    for t in list(mine) + rest:
        shown.remove(t)
    text = f"""
banker = "E"
leader = "E"
shown = "{' '.join(t.code for t in shown)}"
{extra}
[tiles]
E = "{hero_tiles}"
S = "{' '.join(t.code for t in rest[0:2])}"
W = "{' '.join(t.code for t in rest[2:4])}"
N = "{' '.join(t.code for t in rest[4:6])}"
[dong]
E = {dong[0]}
S = {dong[1]}
W = {dong[2]}
N = {dong[3]}
"""
    return Position.loads(text)


def test_exhaustive_equals_an_independent_average():
    """Every deal, weighted by the physical arrangements — compared with an average
    over all 720 orders of the six unseen tiles, each solved by the brute force."""
    pos = _position("66 14", "55 55 16 46 25 23")
    hand = pos.to_hand()
    hid = solve_hidden(hand)
    assert hid.exhaustive and hid.seed is None
    pool = list(parse_tiles("55 55 16 46 25 23"))
    deals = Counter()
    for perm in itertools.permutations(pool):
        deals[tuple(sort_tiles(perm[i:i + 2]) for i in (0, 2, 4))] += 1
    # 18 deals put both 梅 (55) in one seat, 72 orders split them (36 distinct deals)
    assert hid.total_deals == len(deals) == 18 + 36
    assert hid.deals == len(deals)
    sums: dict[str, float] = {}
    best: dict[str, float] = {}
    for holdings, w in deals.items():
        h = Position(**{**pos.__dict__, "holdings": (pos.holdings[0],) + holdings}).to_hand()
        vals = brute_force(h, 0, memo=True)
        top = max(v for _, v in vals)
        for a, v in vals:
            sums[a] = sums.get(a, 0) + w * v
            best[a] = best.get(a, 0) + (w if v == top else 0)
    total = sum(deals.values())
    for a in hid.actions:
        name = a.action.notation()
        assert a.expected_value == pytest.approx(sums[name] / total)
        assert a.best_share == pytest.approx(best[name] / total)
        assert a.min_value <= a.expected_value <= a.max_value


def test_sampling_is_seeded_and_reproducible():
    pos = _position("66 14", "55 55 16 46 25 23")
    hand = pos.to_hand()
    a = solve_hidden(hand, exhaustive_limit=10, samples=12, seed=5)
    b = solve_hidden(hand, exhaustive_limit=10, samples=12, seed=5)
    c = solve_hidden(hand, exhaustive_limit=10, samples=12, seed=6)
    assert not a.exhaustive and a.deals == 12 and a.seed == 5
    assert a.to_json()["actions"] == b.to_json()["actions"]
    da = hidden_deals(hand, samples=12, seed=5, exhaustive_limit=10)[0]
    dc = hidden_deals(hand, samples=12, seed=6, exhaustive_limit=10)[0]
    assert da != dc and c.deals == 12
    # every sampled deal uses exactly the unseen tiles
    for parts, w in da:
        assert w == 1 and sorted(t.index for p in parts for t in p) == sorted(
            t.index for t in parse_tiles("55 55 16 46 25 23"))


def test_known_discards_and_face_down_tiles():
    """Tiles the seat discarded itself are dealt to nobody; other unseen tiles may
    lie face down."""
    pos = _position("66 14", "55 55 16 46 25 23")
    hand = pos.to_hand()
    # pretend 12 and 26 were never shown: one of them was our own discard (known)
    shown = list(hand.shown)
    for t in parse_tiles("12 26"):
        shown.remove(t)
    from tianjiu_core.tiengow.game import Hand
    h2 = Hand(hand.rules, banker=0, holdings=hand.holdings, dong=hand.dong, leader=0,
              shown=shown)
    deals, exhaustive, total = hidden_deals(h2, known_discards=parse_tiles("12"))
    pool = Counter(t for parts, _ in deals for p in parts for t in p)
    assert parse_tiles("12")[0] not in pool and parse_tiles("26")[0] in pool
    # 7 unseen tiles, 6 dealt: the seventh is face down somewhere
    assert all(sum(len(p) for p in parts) == 6 for parts, _ in deals)
    with pytest.raises(InconsistentPositionError, match="seen 3 times"):
        hidden_deals(hand, known_discards=parse_tiles("66"))


def test_natural_hands_are_not_dealt_before_the_first_trick():
    """東 sees its 8 tiles; a deal giving another seat 全白一點紅 is impossible (the hand
    would have ended at the deal), so no such deal is drawn."""
    from tianjiu_core.tiengow.game import Hand, find_natural
    from tianjiu_core.tiengow.rules import Rules
    tiles = list(FULL_SET)
    mine = list(parse_tiles("66 66 11 11 44 44 13 13"))
    for t in mine:
        tiles.remove(t)
    hand = Hand(Rules(), banker=0, holdings=[mine, tiles[:8], tiles[8:16], tiles[16:24]])
    deals, exhaustive, _ = hidden_deals(hand, samples=200, seed=1)
    assert not exhaustive and len(deals) == 200
    assert all(find_natural(p, hand.rules) is None for parts, _ in deals for p in parts)
    # without the rule they do turn up in 200 draws of this pool
    hand_none = Hand(Rules(natural_hands="none"), banker=0, holdings=hand.holdings)
    loose = hidden_deals(hand_none, samples=200, seed=1)[0]
    assert any(find_natural(p, hand.rules) is not None for parts, _ in loose for p in parts)


def test_groups_are_equivalent_in_every_deal():
    pos = _position("36 45", "55 55 16 46 25 23", dong=(3, 1, 1, 1))
    hid = solve_hidden(pos.to_hand())
    g = {a.action.notation(): a.group for a in hid.actions}
    assert g["36"] == g["45"]          # the two 雜九 are one kind
    assert g["36 45"] != g["36"]


def test_bridge_and_cli_hidden(tmp_path):
    pos = _position("66 14", "55 55 16 46 25 23")
    r = bridge.handle({"op": "solve_hidden", "position": pos.dumps()})
    assert r["ok"], r
    res = r["result"]
    assert res["hero"] == "E" and res["exhaustive"] and res["deals"] == 54
    open_values = {a.action.notation(): a.value for a in solve(pos.to_hand()).actions}
    for a in res["actions"]:
        assert {"action", "expected_value", "best_share", "group", "value"} <= set(a)
        assert a["value"] == open_values[a["action"]]
    # unknown tiles: no open value
    text = pos.dumps().replace('W = "46 16"', 'W = "- -"')
    assert '- -' in text
    r = bridge.handle({"op": "solve_hidden", "position": text, "samples": 4})
    assert r["ok"] and "value" not in r["result"] and r["result"]["deals"] == 54
    # the command line
    f = tmp_path / "p.toml"
    f.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert main(["solve", str(f), "--hidden", "--json"], out) == 0
    assert json.loads(out.getvalue())["actions"] == r["result"]["actions"]
    out = io.StringIO()
    assert main(["solve", str(f), "--hidden"], out) == 0
    assert "every consistent deal" in out.getvalue()
    # open solving refuses unknown tiles, naming the field
    assert main(["solve", str(f)], io.StringIO()) == 2


def test_cli_open(tmp_path, capsys):
    pos = _position("66 14", "55 55 16 46 25 23")
    f = tmp_path / "p.toml"
    f.write_text(pos.dumps(), encoding="utf-8")
    out = io.StringIO()
    assert main(["solve", str(f), "--json"], out) == 0
    data = json.loads(out.getvalue())
    sol = solve(pos.to_hand())
    assert data["value"] == sol.value and data["hero"] == "E"
    assert [a["action"] for a in data["actions"]] == [a.action.notation() for a in sol.actions]
    out = io.StringIO()
    assert main(["solve", str(f), "--hero", "S"], out) == 0
    assert out.getvalue().startswith("hero S, E to act")
    assert main(["solve", str(f), "--budget", "2"], io.StringIO()) == 2
    assert "not solved within the budget" in capsys.readouterr().err

"""The solver on real deals (issue 14): ``benchmarks/deals.py``'s exactness check as a test.

Deals ``Hand.from_seed(seed)`` (hk rules) are played down by four Club players to a few tiles a
seat; every root action of the seat to lead is then played out along the solver's own line in
``Hand`` (its payments must equal the action's value), and every position on those lines is
solved again by the reference solver (every action's value and group must agree).  The default
run takes a few seconds; ``TIANJIU_SLOW=1`` checks seeds 1–20 at 5 tiles a seat (minutes).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from tianjiu_core.tiengow.rules import Rules

SLOW = bool(os.environ.get("TIANJIU_SLOW"))
_PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "deals.py"


def _deals():
    spec = importlib.util.spec_from_file_location("bench_deals", _PATH)
    mod = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_deals", mod)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


def test_deals_at_four_tiles_lines_and_reference_agree():
    deals = _deals()
    r = deals.run([1, 2, 3], 4, 1_000_000, Rules(), lines=True, ref_tiles=4, verbose=False)
    assert r["positions"] == r["solved"] == 3
    # the values of these deals' 4-tile positions (seat to lead, hk rules)
    assert [d["value"] for d in r["deals"]] == [-1, -1, -4]
    assert r["lines"] == 14 and r["reference_positions"] > 100
    assert r["disagreements"] == 0


def test_a_bonus_paid_on_a_line_counts_once():
    """Seed 1 at 5 tiles: the line after 北 leads 13 pays a 尊 bonus on the way (the check once
    counted it twice and reported −8 against the solver's right −6)."""
    deals = _deals()
    r = deals.run([1], 5, 1_000_000, Rules(), lines=True, ref_tiles=4, verbose=False)
    assert r["deals"][0]["value"] == -2 and r["lines"] == 6
    assert r["disagreements"] == 0


def test_deal_position_is_a_trick_boundary_with_the_asked_size():
    deals = _deals()
    hand = deals.deal_position(7, 5, Rules())
    assert hand.tiles_left == 5 and not hand.trick and not hand.is_over
    assert deals.parse_seeds("1-3,9") == [1, 2, 3, 9]


if SLOW:   # (minutes; defined only then, so that no run reports a skip)
    def test_deals_at_five_tiles_lines_and_reference_agree():
        deals = _deals()
        r = deals.run(list(range(1, 21)), 5, 5_000_000, Rules(), lines=True, ref_tiles=5,
                      verbose=False)
        assert r["solved"] == r["positions"] >= 19
        assert r["disagreements"] == 0

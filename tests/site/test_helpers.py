"""Helper engines (site/assets/tianjiu/helpers.js) in Chromium: a hidden-hand judgement that
needs many slices is split over the page's engine and a helper worker, and its answer is the
one engine's; a helper that cannot start leaves the main engine to finish alone, with the same
answer.  The positions are 4-tile leads of ``benchmarks/solver.py`` (seed 1, #1 and #2), as
their leader sees them: about 3.9 s and 1.2 s of CPython over 64 deals (the longer one, so that
the helper, whose engine starts with the judgement, has deals left to solve)."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from tianjiu_core import bridge

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from hidden_split import JUDGE, positions  # noqa: E402

LONG, POSITION = positions(3, seed=1, n=4)[1:3]


@lru_cache
def _want(long: bool = False) -> list:
    """What the engine says in CPython (every action: expected value, best share, group)."""
    r = bridge.handle({"op": "solve_hidden", "position": LONG if long else POSITION}, bridge.CLI)["result"]
    return [[a["action"], round(a["expected_value"], 4), round(a["expected_value"], 4),
             [round(a["best_share"], 4)] * 2, a["group"]] for a in r["actions"]]


def test_a_long_judgement_is_split_over_a_helper_and_answers_the_same(new_tab):
    tab = new_tab(helpers=1)
    tab.goto("play/")
    assert tab.wait_engine() == "ready"
    r = tab.page.evaluate(JUDGE, [LONG, 100])
    assert r["actions"] == _want(long=True)
    assert r["helpers"] == 1 and r["helped_deals"] > 0, r
    # the helper is a second engine worker, started for this judgement only
    names = tab.page.evaluate("performance.getEntriesByType('resource').map(e => e.name).filter(n => /worker\\.js\\?role=helper/.test(n)).length")
    assert names >= 1
    assert tab.problems() == []


def test_a_helper_that_cannot_start_leaves_the_main_engine_to_finish(new_tab):
    tab = new_tab(helpers=1)
    tab.page.route("**/worker.js?role=helper", lambda route: route.abort("failed"))
    tab.goto("play/")
    assert tab.wait_engine() == "ready"
    r = tab.page.evaluate(JUDGE, [POSITION, 100])
    assert r["actions"] == _want()
    assert r["helpers"] == 0 and r["helped_deals"] == 0, r
    assert [p for p in tab.problems() if "role=helper" not in p] == []


def test_no_helper_when_asked_for_none_or_for_a_live_hand(new_tab):
    """TIANJIU_HELPERS = 0 (the tests' default) and a judgement of a live hand (its tiles are in
    the main engine only: a helper could not be given them) are never split."""
    asks = """async (req) => {
      const e = window.__tianjiuEngine.api;
      if (req.new_hand) req = { hand_id: (await e.call("new_hand", req.new_hand)).hand_id };
      let r = await e.call("solve_hidden_start", { ...req, time_ms: 20 });
      const first = r;
      for (let i = 0; i < 3 && !r.complete; i++) r = await e.call("solve_continue", { search_id: r.search_id, time_ms: 50 });
      return { first, last: r,
               helpers: performance.getEntriesByType("resource").filter((x) => /role=helper/.test(x.name)).length };
    }"""
    for helpers, req in ((0, {"position": POSITION}), (1, {"new_hand": {"seed": 5, "humans": ["S"]}})):
        tab = new_tab(helpers=helpers)
        tab.goto("play/")
        assert tab.wait_engine() == "ready"
        r = tab.page.evaluate(asks, req)
        assert r["last"]["slices"] >= 2 and not r["first"]["complete"], r   # a judgement of several slices
        assert "helpers" not in r["first"] and "helpers" not in r["last"] and r["helpers"] == 0, r
        assert tab.problems() == []

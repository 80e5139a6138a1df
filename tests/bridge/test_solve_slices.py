"""The resumable solver ops (issue 14): ``solve_start`` / ``solve_continue`` round trips end
on ``solve``'s answer, searches are kept in a bounded LRU registry, an unknown id is an error
naming ``search_id``, and a live hand is refused (hidden information stays hidden)."""

from __future__ import annotations

import json

from tianjiu_core.bridge import BROWSER, CLI, handle, handle_json
from tianjiu_core.bridge import solver_ops
from tianjiu_core.solver.search import clear_caches
from tianjiu_core.tiengow.position import Position

ZHIZUN = Position.load("tests/solver/positions/zhizun_order.toml").to_dict()
P6 = {"tiles": {"E": "66 11 44 33 26 12", "S": "55 22 56 46 16 15", "W": "36 45 35 34 23 14",
                "N": "66 11 55 25 24 13"}, "dong": {"E": 1, "S": 1, "W": 0, "N": 0}, "leader": "E"}
# a 5-tile fixture entry (#5, 1,842 nodes): a few slices of 1 ms
P5 = next(json.loads(line)["position"] for line in open("tests/solver/fixture_values.jsonl")
          if json.loads(line)["id"] == 5)


def ask(req: dict, limits=BROWSER) -> dict:
    answer = json.loads(handle_json(json.dumps(req), limits))
    assert answer["ok"], answer
    return answer["result"]


def test_round_trip_ends_on_the_solve_answer():
    clear_caches()
    first = ask({"op": "solve_start", "position": P5, "time_ms": 1})
    assert set(first) == {"search_id", "hero", "to_act", "complete", "value", "actions", "nodes",
                          "slices", "ms", "slice_ms"}
    assert first["slices"] == 1 and isinstance(first["search_id"], int)
    r = first
    while not r["complete"]:
        before = {(a["action"]): (a["lo"], a["hi"]) for a in r["actions"]}
        r = ask({"op": "solve_continue", "search_id": first["search_id"], "time_ms": 1})
        for a in r["actions"]:
            lo, hi = before[a["action"]]
            assert lo <= a["lo"] <= a["hi"] <= hi
        assert r["slices"] < 1000
    assert r["slices"] > 1
    sol = ask({"op": "solve", "position": P5})
    assert [(a["action"], a["lo"], a["hi"], a["group"]) for a in r["actions"]] == [
        (a["action"], a["value"], a["value"], a["group"]) for a in sol["actions"]]
    assert r["value"] == [sol["value"], sol["value"]]
    # a complete search answers again at once, the same
    again = ask({"op": "solve_continue", "search_id": first["search_id"]})
    assert again["actions"] == r["actions"] and again["nodes"] == r["nodes"]


def test_hero_and_the_default_time():
    r = ask({"op": "solve_start", "position": ZHIZUN, "hero": "S"})
    assert r["hero"] == "S" and r["to_act"] == "E"
    for _ in range(200):   # (one default slice usually does it; a loaded machine may need more)
        if r["complete"]:
            break
        r = ask({"op": "solve_continue", "search_id": r["search_id"]})
    assert r["complete"]
    sol = ask({"op": "solve", "position": ZHIZUN, "hero": "S"})
    assert [a["lo"] for a in r["actions"]] == [a["value"] for a in sol["actions"]]
    assert r["value"] == [sol["value"], sol["value"]]


def test_the_registry_keeps_the_most_recently_used():
    first = ask({"op": "solve_start", "position": P6, "time_ms": 1})["search_id"]
    kept = first
    for _ in range(BROWSER.searches - 1):
        ask({"op": "solve_start", "position": ZHIZUN, "time_ms": 1})
    ask({"op": "solve_continue", "search_id": kept, "time_ms": 1})       # used: kept
    newest = ask({"op": "solve_start", "position": ZHIZUN, "time_ms": 1})["search_id"]
    assert newest > first
    assert len(solver_ops._SEARCHES) == BROWSER.searches
    assert kept in solver_ops._SEARCHES
    # one more start drops the least recently used: the oldest of the ZHIZUN searches
    oldest = next(iter(solver_ops._SEARCHES))
    ask({"op": "solve_start", "position": ZHIZUN, "time_ms": 1})
    err = handle({"op": "solve_continue", "search_id": oldest})
    assert not err["ok"] and err["error"]["type"] == "InconsistentPositionError"
    assert err["error"]["message"].startswith(f"search_id: no search {oldest} ")
    assert ask({"op": "solve_continue", "search_id": kept, "time_ms": 1})["search_id"] == kept


def test_bad_ids_and_times_name_their_field():
    for bad, kind in ((10 ** 12, "InconsistentPositionError"), (0, "NotationError"),
                      ("1", "NotationError"), (1.0, "NotationError"), (True, "NotationError"),
                      (2 ** 60, "NotationError"), (None, "NotationError")):
        err = handle({"op": "solve_continue", "search_id": bad})
        assert not err["ok"] and err["error"]["type"] == kind, (bad, err)
        assert err["error"]["message"].startswith("search_id:"), err
    err = handle({"op": "solve_continue"})
    assert err["error"]["message"].startswith("search_id: missing")
    for bad in (0, 101, 2.5, "50"):
        err = handle({"op": "solve_start", "position": ZHIZUN, "time_ms": bad})
        assert not err["ok"] and err["error"]["message"].startswith("time_ms:"), (bad, err)
    # the command line may ask for long slices
    assert ask({"op": "solve_start", "position": ZHIZUN, "time_ms": 5000}, CLI)["complete"]
    err = handle({"op": "solve_start", "position": ZHIZUN, "budget": 10})
    assert err["error"]["message"].startswith("budget: unknown field")


def test_a_live_hand_is_refused():
    """A page playing a hand may not see the other seats' tiles: open solving of a live hand
    is refused, whatever else the request says."""
    hid = ask({"op": "new_hand", "seed": 5})["hand_id"]
    for req in ({"op": "solve_start", "hand_id": hid},
                {"op": "solve_start", "hand_id": hid, "hero": "S", "time_ms": 50}):
        err = handle(req)
        assert not err["ok"] and err["error"]["type"] == "InconsistentPositionError", err
        assert "hidden" in err["error"]["message"]
    err = handle({"op": "solve_start", "hand_id": hid, "position": ZHIZUN})
    assert not err["ok"] and err["error"]["message"].startswith("position:")
    # a position with unknown tiles is not open either
    hidden = dict(ZHIZUN, tiles=dict(ZHIZUN["tiles"], S="- - -"))
    err = handle({"op": "solve_start", "position": hidden})
    assert not err["ok"] and err["error"]["type"] != "InternalError", err


P1 = open("puzzles/0001.toml", encoding="utf-8").read()


def test_hidden_slices_end_on_the_solve_hidden_answer():
    """solve_hidden_start + solve_continue: expected-value and best-share bounds that always
    hold the final numbers, ending on solve_hidden's (same deals, same groups)."""
    from tianjiu_core.puzzles import Puzzle
    pos = Puzzle.loads(P1).position.to_dict()
    want = ask({"op": "solve_hidden", "position": pos, "samples": 16, "seed": 2})
    clear_caches()
    r = ask({"op": "solve_hidden_start", "position": pos, "samples": 16, "seed": 2, "time_ms": 1})
    sid = r["search_id"]
    assert r["deals"] == 16 and not r["exhaustive"] and r["seed"] == 2
    while True:
        for a, w in zip(r["actions"], want["actions"]):
            assert a["lo"] - 1e-3 <= w["expected_value"] <= a["hi"] + 1e-3, (a, w)
            assert a["best_share"][0] - 1e-3 <= w["best_share"] <= a["best_share"][1] + 1e-3
        if r["complete"]:
            break
        r = ask({"op": "solve_continue", "search_id": sid, "time_ms": 1})
        assert r["slices"] < 2000
    assert r["deals_done"] == 16
    assert [(a["action"], a["lo"], a["hi"], a["best_share"], a["group"]) for a in r["actions"]] == [
        (a["action"], a["expected_value"], a["expected_value"], [a["best_share"]] * 2, a["group"])
        for a in want["actions"]]
    assert r["expected_value"] == [want["expected_value"]] * 2


def test_hidden_slices_of_a_live_hand_use_the_seat_view():
    """A live hand: answered for the person's seat to act, over deals of the tiles it cannot
    see (the same deals whatever the other seats really hold)."""
    state = ask({"op": "new_hand", "seed": 5})
    assert state["to_act"] == "S"
    r = ask({"op": "solve_hidden_start", "hand_id": state["hand_id"], "samples": 2, "time_ms": 20})
    assert r["hero"] == "S" and r["deals"] == 2
    assert [a["action"] for a in r["actions"]] == [a["text"] for a in state["legal"]]


def test_hidden_slices_split_over_two_engines_end_on_the_same_answer():
    """solve_hidden_start with part [k, 2] on each of two engines (here one registry, as two
    Web Workers would each hold one search), each slice's ``own`` deals passed to the other
    with solve_continue's ``deals``: both end on solve_hidden's answer."""
    from tianjiu_core.puzzles import Puzzle
    pos = Puzzle.loads(P1).position.to_dict()
    want = ask({"op": "solve_hidden", "position": pos, "samples": 16, "seed": 2})
    clear_caches()
    rs = [ask({"op": "solve_hidden_start", "position": pos, "samples": 16, "seed": 2,
               "time_ms": 1, "part": [k, 2]}) for k in range(2)]
    assert [r["part"] for r in rs] == [[0, 2], [1, 2]]
    sent: list[set] = [set(), set()]
    while not all(r["complete"] for r in rs):
        for k in range(2):
            new = [d for d in rs[1 - k]["own"] if d[0] not in sent[1 - k]]
            sent[1 - k] |= {d[0] for d in new}
            req = {"op": "solve_continue", "search_id": rs[k]["search_id"], "time_ms": 1}
            if new:
                req["deals"] = new
            rs[k] = ask(req)
            for a, w in zip(rs[k]["actions"], want["actions"]):
                assert a["lo"] - 1e-3 <= w["expected_value"] <= a["hi"] + 1e-3, (a, w)
        assert rs[0]["slices"] < 2000
    for r in rs:
        assert r["deals_done"] == 16
        assert [(a["action"], a["lo"], a["best_share"], a["group"]) for a in r["actions"]] == [
            (a["action"], a["expected_value"], [a["best_share"]] * 2, a["group"]) for a in want["actions"]]
    assert sent[0] and sent[1] and len(sent[0] | sent[1]) == 16


def test_split_fields_are_checked():
    """part and deals: wrong shapes name the field; a value another part could not have
    proven is refused without losing the search; deals only for a split hidden search."""
    from tianjiu_core.puzzles import Puzzle
    pos = Puzzle.loads(P1).position.to_dict()
    for bad in ([2, 2], [0, 0], [0, 17], [0], "0/2", [0.0, 2]):
        err = handle({"op": "solve_hidden_start", "position": pos, "samples": 4, "part": bad})
        assert not err["ok"] and err["error"]["message"].startswith("part:"), (bad, err)
    r = ask({"op": "solve_hidden_start", "position": pos, "samples": 4, "seed": 1, "part": [0, 2], "time_ms": 50})
    n = len(r["actions"])
    sid = r["search_id"]
    for bad in ("x", [[0, [0] * n]], [[0, [0] * (n + 1), [0] * (n + 1)]], [[0, [True] * n, [0] * n]],
                [[0, [0] * n, [0] * n], [0, [0] * n, [0] * n]], [[9, [0] * n, [0] * n]],
                [[0, [10 ** 6] * n, [0] * n]]):
        err = handle({"op": "solve_continue", "search_id": sid, "deals": bad})
        assert not err["ok"] and err["error"]["message"].startswith("deals"), (bad, err)
        assert err["error"]["type"] in ("NotationError", "InconsistentPositionError"), err
    r2 = ask({"op": "solve_continue", "search_id": sid, "time_ms": 1})   # the search is still there
    assert r2["search_id"] == sid and r2["part"] == [0, 2]
    open_id = ask({"op": "solve_start", "position": ZHIZUN, "time_ms": 1})["search_id"]
    err = handle({"op": "solve_continue", "search_id": open_id, "deals": []})
    assert not err["ok"] and err["error"]["message"].startswith("deals:"), err
    plain = ask({"op": "solve_hidden_start", "position": pos, "samples": 4, "time_ms": 1})
    assert "own" not in plain and "part" not in plain
    err = handle({"op": "solve_continue", "search_id": plain["search_id"], "deals": []})
    assert not err["ok"] and err["error"]["message"].startswith("deals: must be absent"), err
    # the message names the part that is wrong
    err = handle({"op": "solve_continue", "search_id": sid, "deals": [[0, [0] * n, [0] * (n + 1)]]})
    assert err["error"]["message"].startswith(f"deals[0][2]: must be {n} groups"), err
    err = handle({"op": "solve_continue", "search_id": sid, "deals": [["0", [0] * n, [0] * n]]})
    assert err["error"]["message"].startswith("deals[0][0]: must be a deal number"), err

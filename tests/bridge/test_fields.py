"""The bridge's field checks (issue 11): no coercion, bounded sizes, short messages naming
the field, and the limits table written once (bridge docstring = :mod:`tianjiu_core.limits`)."""

from __future__ import annotations

import json
import time

import pytest

from tianjiu_core import bridge
from tianjiu_core.bridge import handle, handle_json
from tianjiu_core.limits import BROWSER, CLI, limits_table

SWEEP = {"op": "settle", "banker": "E", "finisher": "E", "dong": {"E": 8, "S": 0, "W": 0, "N": 0}}
P1 = open("puzzles/0001.toml", encoding="utf-8").read()


def error(req):
    answer = handle(req)
    assert answer["ok"] is False, answer
    err = answer["error"]
    assert set(err) == {"type", "message", "message_zh"}, err
    assert err["message_zh"] or err["type"] != "NotationError", err
    assert len(err["message"]) < 400 and "\n" not in err["message"], err
    return err


def test_a_string_is_never_a_bool():
    # the example: "false" paid 八支 (×4, E +120) instead of 七支 (×2, E +60)
    plain = handle({**SWEEP, "finish": {"guaranteed": False}})["result"]
    assert plain["finish"] == "qi_zhi" and plain["payments"]["E"] == 60
    assert handle({**SWEEP, "finish": {"guaranteed": True}})["result"]["payments"]["E"] == 120
    err = error({**SWEEP, "finish": {"guaranteed": "false"}})
    assert err["message"] == "finish.guaranteed: must be true or false, not 'false'"
    assert err["message_zh"].startswith("finish.guaranteed：")
    assert error({"op": "lesson_check", "kind": "tile_name", "seed": 1, "answer": "x",
                  "reveal": "false"})["message"].startswith("reveal: must be true or false")


@pytest.mark.parametrize("req,field", [
    ({**SWEEP, "banker_streak": 2.9}, "banker_streak"),
    ({**SWEEP, "banker_streak": True}, "banker_streak"),
    ({**SWEEP, "banker_streak": "2"}, "banker_streak"),
    ({**SWEEP, "dong": {"E": 6.9, "S": 1, "W": 1, "N": 0}}, "dong.E"),
    ({**SWEEP, "dong": [8, 0, 0, 0]}, "dong"),
    ({**SWEEP, "dong": 8}, "dong"),
    ({"op": "hand_state", "hand_id": True}, "hand_id"),
    ({"op": "hand_state", "hand_id": 1.0}, "hand_id"),
    ({"op": "hand_state", "hand_id": "1"}, "hand_id"),
    ({"op": "new_hand", "banker_streak": 2.9}, "banker_streak"),
    ({"op": "deal", "dice": [3.0, 4]}, "dice"),
    ({"op": "lesson_trick", "n": True}, "n"),
])
def test_numbers_are_never_coerced(req, field):
    assert error(req)["message"].startswith(field + ":")


def test_a_live_hand_id_still_works():
    hid = handle({"op": "new_hand", "seed": 3})["result"]["hand_id"]
    assert handle({"op": "hand_state", "hand_id": hid})["result"]["hand_id"] == hid
    assert error({"op": "hand_state", "hand_id": 10 ** 9})["type"] == "InconsistentPositionError"


@pytest.mark.parametrize("req,field", [
    ({"op": "deal", "seed": 10 ** 5000}, "seed"),
    ({"op": "classify", "tiles": "66 " * 400_000}, "tiles"),
    ({"op": "classify", "tiles": ["66"] * 100_000}, "tiles"),
    ({"op": "deal", "method": "間" * 1_000_000}, "method"),
    ({"op": "solve_hidden", "position": P1, "samples": 10 ** 9}, "samples"),
    ({"op": "solve", "position": P1, "budget": 10 ** 9}, "budget"),
    ({"op": "puzzle_step", "toml": P1, "moves": ["46"] * 10_000, "move": "46"}, "moves"),
    ({"op": "puzzle_step", "toml": P1, "move": "4" * 1_000_000}, "move"),
    ({"op": "act", "hand_id": 1, "action": "66 " * 300_000}, "action"),
    ({"op": "daily_puzzle", "schedule": "x" * 1_000_000, "date": "2026-12-01"}, "schedule"),
])
def test_sizes_are_bounded_and_messages_short(req, field):
    t0 = time.perf_counter()
    err = error(req)
    assert time.perf_counter() - t0 < 0.5, req
    assert err["message"].startswith(field + ":"), err
    assert "6666666666666666666666666666666666666666666" not in err["message"]
    assert "66 66 66 66 66 66 66 66 66 66 66 66 66 66 66" not in err["message"]


def test_unknown_and_missing_fields_are_named():
    assert error({"op": "classify", "tiles": "66", "budjet": 5})["message"].startswith(
        "budjet: unknown field (this op reads: rules, tiles)")
    assert error({**SWEEP, "finish": {"kind": "plain", "gauranteed": True}})["message"].startswith(
        "finish.gauranteed: unknown field")
    assert error({"op": "classify"})["message"] == "tiles: missing: classify needs tiles like \"66 36\""
    assert error({"op": "classify", "tiles": "66 -"})["message"].startswith("tiles: '-'")


def test_every_answer_is_json():
    for text in ("", "[]", "null", '"op"', "1e999999", "9" * 5000, '{"op": "classify", "tiles": ' + "9" * 5000 + "}",
                 '{"op": "classify", "tiles": "' + "6" * 400_000 + '"}', "[" * 10_000):
        answer = json.loads(handle_json(text))
        assert answer["ok"] is False and len(answer["error"]["message"]) < 400, (text[:30], answer)


def test_input_too_large_is_named_so_not_notation():
    """A request too long or too deep is "too large" (TooLargeError, still a NotationError in
    Python): a page said "Notation not understood" for a request of 400,000 characters."""
    from tianjiu_core.errors import NotationError, TooLargeError
    from tianjiu_core.limits import check_depth
    for text, start in (('{"op": "classify", "tiles": "' + "6" * 400_000 + '"}', "request: longer than 300,000 characters"),
                        ("[" * 10_000, "request: nested deeper than 64 levels")):
        err = json.loads(handle_json(text))["error"]
        assert err["type"] == "TooLargeError" and err["message"].startswith(start), err
        assert err["message_zh"].startswith("請求："), err
    assert issubclass(TooLargeError, NotationError)
    with pytest.raises(TooLargeError, match="position: nested deeper than 64 levels"):
        check_depth("[" * 65, "position")
    # a field too long is still a malformed field (the field is named, the type unchanged)
    assert error({"op": "classify", "tiles": "6" * 5000})["type"] == "NotationError"


def test_solve_hidden_work_is_bounded():
    big = {"op": "solve_hidden", "position": P1, "samples": 64, "budget": BROWSER.budget}
    err = error(big)
    assert err["message"].startswith("budget: must be at most 80,000 nodes in all"), err
    ok = handle({"op": "solve_hidden", "position": P1, "samples": 8})
    assert ok["ok"], ok


@pytest.mark.parametrize("op", ["solve_hidden", "solve_hidden_start"])
def test_zero_samples_are_refused(op):
    """``samples`` is 1 – the limit: 0 was accepted and quietly sampled one deal."""
    err = error({"op": op, "position": P1, "samples": 0})
    assert err["message"] == "samples: must be a whole number 1–64, not 0", err


def test_cli_limits_are_larger():
    req = {"op": "solve", "position": P1, "budget": 10 ** 9}
    assert handle(req)["ok"] is False and handle(req, CLI)["ok"] is True


def test_the_limits_table_is_written_once():
    """The bridge's docstring lists exactly the limits of tianjiu_core.limits."""
    doc = bridge.__doc__
    for name, _, browser, cli in limits_table():
        row = next((line for line in doc.splitlines() if line.startswith(f"``{name}``")), None)
        assert row is not None, name
        cells = row.split()
        want_cli = "—" if cli >= 1 << 62 else f"{cli:,}"
        assert f"{browser:,}" in cells and want_cli in cells, (row, browser, cli)


def test_every_published_puzzle_is_within_the_browser_limits():
    import glob

    for path in sorted(glob.glob("puzzles/0*.toml")):
        text = open(path, encoding="utf-8").read()
        answer = handle({"op": "puzzle_load", "toml": text})
        assert answer["ok"], (path, answer)
        assert len(json.dumps({"op": "puzzle_step", "toml": text, "moves": [], "move": "x"})) < BROWSER.request_chars


def test_a_puzzle_answer_is_bounded_over_all_its_searches():
    """Each search of a puzzle answer has its ``budget``; ``puzzle_work`` bounds them all
    together (a long hostile puzzle ends in BudgetExceededError, not a busy worker), and the
    published puzzles fit well within the browser's."""
    from dataclasses import replace

    from tianjiu_core.puzzles.judging import clear_line_caches

    text = open("puzzles/0034.toml", encoding="utf-8").read()     # hidden: 64+ deals a judgement
    req = {"op": "puzzle_hint", "toml": text, "moves": []}
    clear_line_caches()
    small = handle(req, replace(BROWSER, puzzle_work=2_000))
    assert small["ok"] is False and small["error"]["type"] == "BudgetExceededError", small
    assert "2,000" in small["error"]["message"]
    clear_line_caches()
    assert handle(req)["ok"] is True
    assert handle(req, replace(CLI))["ok"] is True

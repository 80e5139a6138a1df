"""Property test (issue 11): start from a valid request of every op, change one field — a
wrong type, ``"false"`` as a string, a huge integer, a megabyte string, deep nesting, the
field left out, an unknown field added — and the bridge still answers: never an exception,
always a JSON answer of the documented shape with a short message, never ``ok: true`` for a
field the op must refuse, and within a time limit per example (hypothesis' deadline)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tianjiu_core.bridge import OP_MODULES, handle, handle_json

P1 = open("puzzles/0001.toml", encoding="utf-8").read()
SCHEDULE = open("puzzles/schedule.toml", encoding="utf-8").read()
POS = {"tiles": {"E": "16 15", "S": "16 46", "W": "46 12", "N": "15 24"},
       "dong": {"E": 3, "S": 2, "W": 1, "N": 0}, "leader": "W"}

P6 = {"tiles": {"E": "66 11 44 33 26 12", "S": "55 22 56 46 16 15", "W": "36 45 35 34 23 14",
                "N": "66 11 55 25 24 13"}, "dong": {"E": 1, "S": 1, "W": 0, "N": 0}, "leader": "E"}

NONE = type(None)
# field → (python types a valid value may have, required?)
STR, INT, BOOL = (str,), (int,), (bool,)


def _hand_id() -> int:
    return handle({"op": "new_hand", "seed": 5})["result"]["hand_id"]


def _finished_hand_id() -> int:
    """A finished hand: the person (S) always plays the engine's first legal action."""
    hid = handle({"op": "new_hand", "seed": 11, "humans": ["S"]})["result"]["hand_id"]
    for _ in range(40):
        state = handle({"op": "hand_state", "hand_id": hid})["result"]
        if state["result"] is not None:
            return hid
        handle({"op": "act", "hand_id": hid, "action": state["legal"][0]})
    raise AssertionError("the hand did not end")


def _search_id() -> int:
    """A resumable search that is not complete after its first slice (a 6-tile position)."""
    return handle({"op": "solve_start", "position": P6, "time_ms": 1})["result"]["search_id"]


FINISHED = _finished_hand_id()
RECORD = handle({"op": "hand_record", "hand_id": FINISHED})["result"]["toml"]


def test_an_action_as_legal_actions_gives_it_is_accepted():
    hid = handle({"op": "new_hand", "seed": 3, "humans": ["S"]})["result"]["hand_id"]
    legal = handle({"op": "legal_actions", "hand_id": hid})["result"]
    after = handle({"op": "act", "hand_id": hid, "action": legal[0]})
    assert after["ok"] and after["result"]["events"], after


def valid_requests() -> list[tuple[dict, dict]]:
    """(a valid request, its fields' specs) for every op."""
    hid = _hand_id()
    hid2 = _hand_id()
    return [
        ({"op": "version"}, {}),
        ({"op": "tiles"}, {}),
        ({"op": "methods"}, {}),
        ({"op": "rules", "rules": "hk"}, {"rules": ((str, dict, NONE), False)}),
        ({"op": "classify", "tiles": "66 66 36 45", "rules": {"preset": "hk", "wen_zun": False}},
         {"tiles": ((str, list), True), "rules": ((str, dict, NONE), False)}),
        ({"op": "beats", "best": "56 56", "play": ["55", "55"]},
         {"best": ((str, list), True), "play": ((str, list), True)}),
        ({"op": "settle", "banker": "E", "banker_streak": 2, "finisher": "N",
          "dong": {"E": 1, "S": 4, "W": 0, "N": 3},
          "finish": {"kind": "plain", "guaranteed": False, "last_trick_tiles": 1}},
         {"banker": ((str, int), True), "banker_streak": (INT, False), "finisher": ((str, int), True),
          "dong": ((dict,), True), "finish": ((dict, NONE), False)}),
        ({"op": "settle", "banker": "E", "finisher": "E", "dong": {"E": 8, "S": 0, "W": 0, "N": 0},
          "finish": {"guaranteed": True, "first_lead_top": False}},
         {"finish": ((dict, NONE), False)}),
        ({"op": "deal", "seed": 7, "method": "間棟", "dice": [3, 4], "banker": "S"},
         {"seed": (INT, False), "method": (STR, False), "dice": ((list, NONE), False),
          "banker": ((str, int), False)}),
        ({"op": "new_hand", "seed": 1, "humans": ["S", "N"], "banker": "E", "banker_streak": 1,
          "method": "間棟", "rules": "classic"},
         {"seed": (INT, False), "humans": ((list,), False), "banker": ((str, int), False),
          "banker_streak": (INT, False), "method": (STR, False), "rules": ((str, dict, NONE), False)}),
        ({"op": "hand_state", "hand_id": hid}, {"hand_id": (INT, True)}),
        ({"op": "legal_actions", "hand_id": hid}, {"hand_id": (INT, False)}),
        ({"op": "act", "hand_id": hid2, "action": "discard 11"},
         {"hand_id": (INT, True), "action": ((str, dict), True)}),
        ({"op": "undo", "hand_id": hid2}, {"hand_id": (INT, True)}),
        ({"op": "new_hand", "seed": 4, "keep": "hostile-1"}, {"keep": (STR, False)}),
        ({"op": "resume_hand", "keep": "hostile-1"}, {"keep": (STR, True)}),
        ({"op": "legal_actions", "position": POS}, {"position": ((str, dict), False)}),
        ({"op": "solve", "position": POS, "hero": "W", "budget": 10_000},
         {"position": ((str, dict), True), "hero": ((str, int, NONE), False), "budget": (INT, False)}),
        ({"op": "solve_hidden", "position": P1, "samples": 8, "seed": 3, "exhaustive_limit": 16,
          "budget": 2000},
         {"position": ((str, dict), True), "samples": (INT, False), "seed": (INT, False),
          "exhaustive_limit": (INT, False), "budget": (INT, False)}),
        ({"op": "solve_start", "position": POS, "hero": "W", "time_ms": 20},
         {"position": ((str, dict), True), "hero": ((str, int, NONE), False), "time_ms": (INT, False)}),
        ({"op": "solve_continue", "search_id": _search_id(), "time_ms": 20},
         {"search_id": (INT, True), "time_ms": (INT, False)}),
        ({"op": "solve_hidden_start", "position": P1, "samples": 8, "seed": 3, "exhaustive_limit": 16,
          "time_ms": 20},
         {"position": ((str, dict), True), "samples": (INT, False), "seed": (INT, False),
          "exhaustive_limit": (INT, False), "time_ms": (INT, False)}),
        ({"op": "puzzle_load", "toml": P1}, {"toml": (STR, True)}),
        ({"op": "puzzle_step", "toml": P1, "moves": [], "move": "46"},
         {"toml": (STR, True), "moves": ((list,), False), "move": ((str, dict), True)}),
        ({"op": "puzzle_values", "toml": P1, "moves": ["46"]},
         {"toml": (STR, True), "moves": ((list,), False)}),
        ({"op": "puzzle_hint", "toml": P1, "moves": []}, {"toml": (STR, True), "moves": ((list,), False)}),
        ({"op": "puzzle_solution", "toml": P1, "moves": []},
         {"toml": (STR, True), "moves": ((list,), False)}),
        ({"op": "puzzle_themes"}, {}),
        ({"op": "daily_puzzle", "schedule": SCHEDULE, "date": "2026-12-24"},
         {"schedule": (STR, True), "date": (STR, True)}),
        ({"op": "lesson_kinds"}, {}),
        ({"op": "lesson_question", "kind": "tile_name", "seed": 4},
         {"kind": (STR, True), "seed": (INT, True)}),
        ({"op": "lesson_check", "kind": "tile_name", "seed": 4, "answer": "55", "reveal": True},
         {"kind": (STR, True), "seed": (INT, True), "answer": ((str, list), True), "reveal": (BOOL, False)}),
        ({"op": "lesson_trick", "n": 1}, {"n": (INT, False)}),
        ({"op": "lesson_trick_play", "n": 0, "action": "66"}, {"n": (INT, False), "action": (STR, True)}),
        ({"op": "lesson_example", "id": "he_zun"}, {"id": (STR, True)}),
        ({"op": "first_banker", "seed": 9}, {"seed": (INT, False)}),
        ({"op": "hand_record", "hand_id": FINISHED, "seats": {"S": "me"}},
         {"hand_id": (INT, True), "seats": ((dict, NONE), False)}),
        ({"op": "replay_record", "toml": RECORD}, {"toml": (STR, True)}),
        ({"op": "record_position", "toml": RECORD, "trick": 2, "seat": "S", "view": True},
         {"toml": (STR, True), "trick": (INT, True), "seat": ((str, int), True), "view": (BOOL, False)}),
        ({"op": "new_hand", "seed": 2, "players": {"E": "club"}},
         {"players": ((str, dict), False)}),
        ({"op": "paigow_rank", "tiles": "66 45"}, {"tiles": ((str, list), True), "rules": ((dict, NONE), False)}),
        ({"op": "paigow_compare", "first": "66 44", "second": "11 26", "banker": "second"},
         {"first": ((str, list), True), "second": ((str, list), True), "banker": (STR, False),
          "rules": ((dict, NONE), False)}),
        ({"op": "paigow_set", "tiles": "66 44 12 35", "house_way": "nz"},
         {"tiles": ((str, list), True), "house_way": (STR, False), "rules": ((dict, NONE), False)}),
        ({"op": "paigow_edge", "house_way": "nz", "commissions": [0.05]},
         {"house_way": (STR, False), "commissions": ((list,), False), "rules": ((dict, NONE), False)}),
        ({"op": "paigow_house_ways"}, {}),
    ]


VALID = valid_requests()


def test_every_op_has_a_valid_request_that_is_answered():
    assert {r["op"] for r, _ in VALID} == set(OP_MODULES)
    for req, _ in VALID:
        answer = handle(req)
        assert answer["ok"] or req["op"] in ("act", "undo", "lesson_check", "paigow_edge"), (req["op"], answer)


MEGA = "ab" * 500_000


def _nested(depth: int) -> list:
    v: list = []
    for _ in range(depth):
        v = [v]
    return v


MUTATIONS = {
    "wrong type": st.sampled_from([[], {}, 1.5, 0.0, True, False, None, 7, -3, "x", ["66"], {"a": 1}]),
    "false string": st.just("false"),
    "huge int": st.one_of(st.integers(min_value=10 ** 20, max_value=10 ** 80), st.just(10 ** 5000),
                          st.just(-(10 ** 40))),
    "megabyte string": st.just(MEGA),
    "nesting": st.integers(min_value=65, max_value=3000).map(_nested),
    "missing": st.just(None),   # (the field is removed)
    "unknown field": st.just(None),
}


def _refused(kind: str, value, spec) -> bool:
    """Whether the op must refuse this change (else either answer may be right)."""
    types, required = spec
    if kind == "missing":
        return required
    if kind in ("megabyte string", "nesting", "huge int", "unknown field"):
        return True
    if isinstance(value, bool):
        return bool not in types
    return not any(isinstance(value, t) and not (t is int and isinstance(value, bool)) for t in types)


def _ask(req: dict) -> dict:
    """The answer through JSON text when the request has a JSON form, else the dict."""
    try:
        text = json.dumps(req, ensure_ascii=False)
    except (ValueError, RecursionError):   # an integer of > 4,300 digits, a deep list
        return json.loads(json.dumps(handle(req), ensure_ascii=False))
    out = handle_json(text)
    assert isinstance(out, str)
    return json.loads(out)


@settings(max_examples=1000, deadline=timedelta(seconds=10), derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_one_bad_field_never_breaks_the_bridge(data):
    req, specs = data.draw(st.sampled_from(VALID), label="request")
    kind = data.draw(st.sampled_from(sorted(MUTATIONS)), label="mutation")
    if kind != "unknown field" and not specs:
        kind = "unknown field"
    req = dict(req)
    if kind == "unknown field":
        req[data.draw(st.sampled_from(["budjet", "x", "op2", "Tiles", "a" * 100]))] = 1
        field, value, spec = None, None, None
    else:
        field = data.draw(st.sampled_from(sorted(specs)), label="field")
        value = data.draw(MUTATIONS[kind], label="value")
        spec = specs[field]
        if kind == "missing":
            req.pop(field, None)
        else:
            req[field] = value
    answer = _ask(req)
    assert set(answer) == {"ok", "result"} or set(answer) == {"ok", "error"}, answer
    if answer["ok"]:
        assert kind != "unknown field" and not _refused(kind, value, spec), (kind, field, answer)
        return
    err = answer["error"]
    assert set(err) == {"type", "message", "message_zh"}
    assert err["type"] != "InternalError", err
    assert isinstance(err["message"], str) and len(err["message"]) < 400 and "\n" not in err["message"], err
    assert "abababababababababababababababababababababab" not in err["message"]
    assert "[[[[[[[[[[" not in err["message"]
    if field is not None and kind not in ("missing",) and err["type"] == "NotationError":
        # a malformed field is named at the start of the message (or the whole request is, or
        # the document the field holds: "hand record is not valid TOML: …")
        assert err["message"].split(":")[0].split(".")[0].split("[")[0] in (field, "request", "position", "puzzle") \
            or err["message"].startswith("hand record") or field in err["message"][:80], (field, err)


@pytest.mark.parametrize("op", sorted(OP_MODULES))
def test_the_request_itself_may_be_anything(op):
    for bad in (None, [], "classify", 7, {"op": op, **{str(i): i for i in range(50)}}):
        answer = handle(bad) if not isinstance(bad, dict) else handle(bad)
        assert answer["ok"] is False and answer["error"]["type"] != "InternalError", (op, answer)

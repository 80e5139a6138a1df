"""A kept hand (``new_hand`` with ``keep``) outlives its engine: the host takes the kept
record after every request and hands it back to a new engine, where ``resume_hand`` brings
the hand back — same tiles, same turn, undo included — and answers with the seat view only."""

from __future__ import annotations

import json

import pytest

from tianjiu_core.bridge import handle, keep
from tianjiu_core.tiengow.record import HandRecord


def _restart(kept: dict) -> None:
    """A new engine: nothing in memory but what the host hands back."""
    keep._given.clear()
    keep.take_kept()
    assert keep.give_kept(json.dumps(kept)) == len(kept)


def _host(store: dict) -> None:
    """What worker.js does after each request: apply the changes to its storage."""
    for slot, text in json.loads(keep.take_kept()).items():
        if text is None:
            store.pop(slot, None)
        else:
            store[slot] = text


def test_a_hand_resumes_where_it_was_with_the_same_view_and_undo():
    keep.take_kept()   # (changes other tests left behind)
    store: dict = {}
    st = handle({"op": "new_hand", "seed": 21, "keep": "tab-a", "players": "club"})["result"]
    _host(store)
    for _ in range(3):   # three of South's actions, the engine players' replies after each
        st = handle({"op": "act", "hand_id": st["hand_id"], "action": st["legal"][-1]})["result"]
        _host(store)
    assert set(store) == {"tab-a"}
    before = {k: st[k] for k in ("holdings", "counts", "dong", "to_act", "legal", "trick", "banker")}
    # the kept entry is the record so far, the seats people play and the players' strength
    entry = json.loads(store["tab-a"])
    assert entry["humans"] == ["S"] and entry["players"] == {"E": "club", "W": "club", "N": "club"}
    assert len(HandRecord.loads(entry["record"]).replay().log) >= 3
    _restart(store)
    back = handle({"op": "resume_hand", "keep": "tab-a"})
    assert back["ok"], back
    got = back["result"]
    assert {k: got[k] for k in before} == before
    assert got["hand_id"] != st["hand_id"] and got["can_undo"] is True
    assert got["players"] == {"E": "club", "W": "club", "N": "club"}
    # only South's tiles: the others are counts (the record never reaches the answer)
    assert set(got["holdings"]) == {"S"} and "wall" not in json.dumps(got)
    # undo reaches back before the reload
    undone = handle({"op": "undo", "hand_id": got["hand_id"]})["result"]
    assert len(undone["holdings"]["S"]) >= len(got["holdings"]["S"])
    _host(store)
    assert json.loads(store["tab-a"])["record"] != entry["record"]


def test_a_finished_hand_is_forgotten_and_cannot_be_resumed():
    keep.take_kept()
    store: dict = {}
    st = handle({"op": "new_hand", "seed": 11, "keep": "tab-b"})["result"]
    _host(store)
    while st["result"] is None:
        st = handle({"op": "act", "hand_id": st["hand_id"], "action": st["legal"][0]})["result"]
        _host(store)
    assert store == {}
    _restart(store)
    err = handle({"op": "resume_hand", "keep": "tab-b"})["error"]
    assert err["type"] == "InconsistentPositionError"
    assert err["message"] == ("keep: no hand is kept under 'tab-b' (it is over, or this browser "
                              "keeps no data): start a new hand")


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"v": 2}', '{"v": 1, "record": "x = ", "humans": ["S"], "players": {}}',
    '{"v": 1, "humans": ["S"], "players": {}}',
])
def test_a_damaged_entry_is_refused_in_one_line_and_forgotten(text):
    _restart({"tab-c": text})
    err = handle({"op": "resume_hand", "keep": "tab-c"})["error"]
    assert err["type"] == "InconsistentPositionError"
    assert err["message"] == ("keep: the hand kept under 'tab-c' is damaged or from another "
                              "version: start a new hand")
    assert json.loads(keep.take_kept()) == {"tab-c": None}      # the host deletes it
    assert keep.get("tab-c") is None


def test_an_edited_entry_that_plays_an_illegal_action_is_refused():
    st = handle({"op": "new_hand", "seed": 8, "keep": "tab-d"})["result"]
    st = handle({"op": "act", "hand_id": st["hand_id"], "action": st["legal"][0]})["result"]
    entry = json.loads(keep.get("tab-d"))
    entry["record"] = entry["record"].replace('actions = [\n  "', 'actions = [\n  "W: 66",\n  "', 1)
    _restart({"tab-d": json.dumps(entry)})
    err = handle({"op": "resume_hand", "keep": "tab-d"})["error"]
    assert "is damaged" in err["message"]


def test_the_host_hands_back_only_well_formed_entries():
    keep._given.clear()
    assert keep.give_kept("garbage") == 0 and keep.give_kept("[1, 2]") == 0
    n = keep.give_kept(json.dumps({"ok": "{}", "bad slot": "{}", "x" * 41: "{}", "big": "a" * 20_001,
                                   "num": 3}))
    assert n == 1 and keep.get("ok") == "{}" and keep.get("big") is None
    assert keep.give_kept(json.dumps({f"s{i}": "{}" for i in range(40)})) == keep.MAX_SLOTS


def test_a_slot_name_is_checked():
    err = handle({"op": "new_hand", "keep": "../etc"})["error"]
    assert err["message"] == "keep: must be a slot name of A-Z a-z 0-9 _ - (1–40 characters), not '../etc'"
    assert handle({"op": "resume_hand"})["error"]["message"].startswith("keep: ")
    assert handle({"op": "new_hand", "keep": 5})["error"]["type"] == "NotationError"


def test_without_keep_nothing_is_handed_to_the_host():
    keep.take_kept()
    st = handle({"op": "new_hand", "seed": 3})["result"]
    handle({"op": "act", "hand_id": st["hand_id"], "action": st["legal"][0]})
    assert keep.take_kept() == "{}"


def test_a_kept_hand_that_is_not_the_one_the_page_expects_is_refused():
    """The page says what it expects (as new_hand was asked); an edited entry — North as the
    person, other players or rules — or another session's hand is refused and forgotten."""
    rules = {"preset": "hk", "lead_face_down": True}
    asked = {"rules": rules, "humans": ["S"], "players": "club", "banker": "W", "banker_streak": 2}
    handle({"op": "new_hand", "seed": 3, "keep": "tab-e", **asked})
    full = {"preset": "hk", **handle({"op": "rules", "rules": "hk"})["result"], "lead_face_down": True}
    assert handle({"op": "resume_hand", "keep": "tab-e", **asked, "rules": full})["ok"]
    for change, named in ((dict(humans=["N"]), "humans"), (dict(players="beginner"), "players"),
                          (dict(rules="classic"), "rules"), (dict(banker="E"), "banker"),
                          (dict(banker_streak=1), "banker_streak")):
        handle({"op": "new_hand", "seed": 3, "keep": "tab-e", **asked})
        err = handle({"op": "resume_hand", "keep": "tab-e", **asked, **change})["error"]
        assert err["message"] == (f"keep: the hand kept under 'tab-e' belongs to another session ({named} "
                                  "differ): start a new hand"), change
        assert keep.get("tab-e") is None


def test_resuming_in_the_same_engine_ends_the_copy_that_was_live():
    """A breaker's find: resume_hand while the kept hand was still live in this engine gave a
    second copy; playing it out, its record showed the whole deal, and the first copy went on
    with every tile known.  Now the first copy ends: its hand_id is unknown."""
    keep.take_kept()
    st = handle({"op": "new_hand", "seed": 5, "keep": "tab-e"})["result"]
    first = st["hand_id"]
    again = handle({"op": "resume_hand", "keep": "tab-e"})
    assert again["ok"], again
    err = handle({"op": "act", "hand_id": first, "action": st["legal"][0]})
    assert not err["ok"] and err["error"]["message"].startswith("hand_id"), err
    second = again["result"]["hand_id"]
    assert handle({"op": "act", "hand_id": second, "action": again["result"]["legal"][0]})["ok"]

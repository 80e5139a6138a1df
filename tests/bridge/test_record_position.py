"""``record_position`` (the Play page's review): the position before a seat acts in a trick of
a finished hand's record, which the solver ops take as it is."""

from __future__ import annotations

import pytest

from tianjiu_core.bridge import handle
from tianjiu_core.solver.search import solve
from tianjiu_core.tiengow.game import Hand
from tianjiu_core.tiengow.position import Position
from tianjiu_core.tiengow.record import HandRecord


@pytest.fixture(scope="module")
def played():
    hand = Hand.from_seed(3)
    while not hand.is_over:
        hand.act(hand.legal_actions()[-1])
    return hand


def test_each_trick_gives_the_position_before_the_seats_action(played):
    toml = HandRecord.from_hand(played).dumps()
    for number, trick in enumerate(played.tricks, 1):
        for seat_name in "ESWN":
            r = handle({"op": "record_position", "toml": toml, "trick": number, "seat": seat_name})
            assert r["ok"], r
            res = r["result"]
            mine = next(a for a in trick.actions if "ESWN"[a.seat] == seat_name)
            assert res["played"] == mine.notation() and res["trick"] == number
            hand = Position.from_dict(res["position"]).to_hand()
            assert "ESWN"[hand.to_act] == seat_name
            assert len(hand.holdings["ESWN".index(seat_name)]) == res["tiles_left"]
            assert any(a.notation() == mine.notation() for a in hand.legal_actions())
    # the solver ops take the position as it is
    last = handle({"op": "record_position", "toml": toml, "trick": len(played.tricks), "seat": "S"})["result"]
    pos = Position.from_dict(last["position"])
    assert solve(pos.to_hand(), pos.hero).value == handle(
        {"op": "solve", "position": last["position"], "hero": "S"})["result"]["value"]


def test_the_last_action_is_valued_at_what_the_hand_paid(played):
    """The last seat to act in the last trick ends the hand: the solver's value of what it
    played there is exactly what that seat was paid (settlement and bonuses)."""
    toml = HandRecord.from_hand(played).dumps()
    seat = played.tricks[-1].actions[-1].seat
    res = handle({"op": "record_position", "toml": toml, "trick": len(played.tricks), "seat": "ESWN"[seat]})["result"]
    ans = handle({"op": "solve", "position": res["position"], "hero": "ESWN"[seat]})["result"]
    value = {a["action"]: a["value"] for a in ans["actions"]}[res["played"]]
    assert value == played.result.payments[seat]


def test_bad_requests_name_the_field(played):
    toml = HandRecord.from_hand(played).dumps()
    r = handle({"op": "record_position", "toml": toml, "trick": 9, "seat": "S"})
    assert not r["ok"] and r["error"]["message"].startswith("trick:")
    r = handle({"op": "record_position", "toml": toml, "trick": 1, "seat": "Q"})
    assert not r["ok"] and r["error"]["message"].startswith("seat:")
    r = handle({"op": "record_position", "toml": "banker = 'E'", "trick": 1, "seat": "S"})
    assert not r["ok"] and r["error"]["type"] in ("NotationError", "InconsistentPositionError")
    if len(played.tricks) < 8:
        r = handle({"op": "record_position", "toml": toml, "trick": len(played.tricks) + 1, "seat": "S"})
        assert not r["ok"] and r["error"]["message"].startswith("trick: the record has no trick")


def test_a_record_saved_with_a_byte_order_mark_replays(played):
    """Windows Notepad starts UTF-8 files with a byte-order mark; TOML does not allow one."""
    toml = "\ufeff" + HandRecord.from_hand(played).dumps()
    r = handle({"op": "replay_record", "toml": toml})
    assert r["ok"], r
    assert r["result"]["result"]["payments"] == dict(zip("ESWN", played.result.payments))
    assert handle({"op": "record_position", "toml": toml, "trick": 1, "seat": "S"})["ok"]

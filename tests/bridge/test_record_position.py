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


def test_the_seats_view_hides_what_it_could_not_see_and_judges_as_from_its_chair(played):
    """``view: true``: the other holdings and their face-down discards in the trick become
    unknown, the seat's own earlier discards stay known; the hidden-hand judgement of that view
    equals the one the engine makes for a live hand from that chair (which sees the same)."""
    from tianjiu_core.solver import solve_hidden
    toml = HandRecord.from_hand(played).dumps()
    seen_hidden_discard = False
    for number in range(1, len(played.tricks) + 1):
        for seat_name in "ESWN":
            seat = "ESWN".index(seat_name)
            full = handle({"op": "record_position", "toml": toml, "trick": number, "seat": seat_name})["result"]
            res = handle({"op": "record_position", "toml": toml, "trick": number, "seat": seat_name,
                          "view": True})["result"]
            assert res["view"] is True and full["view"] is False and res["played"] == full["played"]
            open_pos, view = Position.from_dict(full["position"]), Position.from_dict(res["position"])
            assert view.hero == seat and view.holdings[seat] == open_pos.holdings[seat]
            for s in range(4):
                if s != seat:
                    assert view.holdings[s] == () and view.unknown[s] == len(open_pos.holdings[s])
            own = [t for rec in played.tricks[:number - 1] for a in rec.actions
                   if a.seat == seat and a.kind == "discard" for t in a.tiles]
            assert sorted(view.discarded[seat]) == sorted(own) and not any(
                view.discarded[s] for s in range(4) if s != seat)
            for a, b in zip(view.trick, open_pos.trick):
                if a.seat != seat and b.kind == "discard":
                    seen_hidden_discard = True
                    assert a.tiles == () and a.unknown == len(b.tiles)
                else:
                    assert a == b
            if number >= len(played.tricks) - 2 and seat_name in "SN":   # cheap: ≤ 3 tiles
                r = handle({"op": "solve_hidden_start", "position": res["position"], "time_ms": 100})["result"]
                while not r["complete"]:
                    r = handle({"op": "solve_continue", "search_id": r["search_id"], "time_ms": 100})["result"]
                live = solve_hidden(open_pos.to_hand(), known_discards=own)
                assert [(a["action"], a["lo"]) for a in r["actions"]] == [
                    (x.action.notation(), round(x.expected_value, 4)) for x in live.actions]
    assert seen_hidden_discard


def test_a_face_down_lead_by_another_seat_cannot_be_viewed():
    from tianjiu_core.tiengow.rules import Rules
    rules = Rules.from_dict({"preset": "hk", "lead_face_down": True})
    for seed in range(60):
        hand = Hand.from_seed(seed, rules)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.act(next((a for a in legal if a.kind == "down"), legal[0]))
        for number, trick in enumerate(hand.tricks, 1):
            if trick.actions[0].kind == "down":
                toml = HandRecord.from_hand(hand).dumps()
                follower = "ESWN"[trick.actions[1].seat]
                r = handle({"op": "record_position", "toml": toml, "trick": number, "seat": follower, "view": True})
                assert not r["ok"] and r["error"]["message"].startswith("position: trick:"), r
                assert "蓋牌" in r["error"]["message_zh"]
                leader = "ESWN"[trick.actions[0].seat]
                assert handle({"op": "record_position", "toml": toml, "trick": number, "seat": leader, "view": True})["ok"]
                return
    pytest.fail("no seed led face down")

"""Engine players decide from their seat's view only (issue 16): the same view with the hidden
tiles re-dealt gives the same decision; the bridge never sends another seat's hidden tiles."""

from __future__ import annotations

import json

import pytest

from tianjiu_core import bridge
from tianjiu_core.errors import NotationError
from tianjiu_core.players import PLAYERS, club_action, greedy_action, player_for
from tianjiu_core.rng import Rng
from tianjiu_core.tiengow.game import Hand
from tianjiu_core.tiengow.view import SeatView
from view_helpers import reshuffled


@pytest.mark.parametrize("name", sorted(PLAYERS))
@pytest.mark.parametrize("seed", [2, 9, 17])
def test_same_view_same_decision(name, seed):
    player = player_for(name)
    rng = Rng(100 + seed)
    hand = Hand.from_seed(seed)
    checked = 0
    while not hand.is_over:
        seat = hand.to_act
        mine = player(SeatView.of(hand, seat))
        other = reshuffled(hand, seat, rng)
        if other is not None and other.holdings != hand.holdings:
            assert player(SeatView.of(other, seat)) == mine
            checked += 1
        hand.act(mine)
    assert checked >= 10


def test_players_by_name_and_their_answers_are_legal():
    assert player_for("beginner") is greedy_action and player_for("club") is club_action
    with pytest.raises(NotationError, match="beginner, club"):
        player_for("expert")
    for seed in range(30):
        hand = Hand.from_seed(seed)
        while not hand.is_over:
            v = SeatView.of(hand, hand.to_act)
            a = club_action(v)
            assert a in v.legal
            hand.act(a)
        assert sum(hand.result.payments) == 0


def test_a_player_refuses_a_view_that_is_not_to_act():
    hand = Hand.from_seed(4)
    with pytest.raises(ValueError, match="not this seat's turn"):
        club_action(SeatView.of(hand, (hand.to_act + 1) % 4))


def _hidden_from(state: dict, seat: str) -> None:
    """The answer shows nothing of the other seats but counts, backs and face-up plays."""
    assert state["seat"] == seat and set(state["holdings"]) == {seat}
    actions = list(state["events"]) + list(state["trick"]) + [
        a for t in state["tricks"] for a in t["actions"]]
    for a in actions:
        if a["kind"] != "play" and a["seat"] != seat:
            assert a["tiles"] == [] and a["unknown"] >= 1, a
    if state["to_act"] != seat:
        assert state["legal"] == []


@pytest.mark.parametrize("players", ["beginner", "club"])
def test_bridge_answers_are_one_seat_view_until_the_end(players):
    r = bridge.handle({"op": "new_hand", "seed": 12, "humans": ["S"], "players": players})
    assert r["ok"], r
    state = r["result"]
    hid = state["hand_id"]
    answers = [state]
    while state["result"] is None:
        _hidden_from(state, "S")
        assert not bridge.handle({"op": "hand_record", "hand_id": hid})["ok"]
        assert bridge.handle({"op": "legal_actions", "hand_id": hid})["result"] == state["legal"]
        state = bridge.handle({"op": "act", "hand_id": hid, "action": state["legal"][-1]})["result"]
        answers.append(state)
    assert state["revealed"] and set(state["holdings"]) == set("ESWN") and set(state["dealt"]) == set("ESWN")
    assert all(a["tiles"] for t in state["tricks"] for a in t["actions"])
    assert state["players"] == {"E": players, "W": players, "N": players}
    rec = bridge.handle({"op": "hand_record", "hand_id": hid, "seats": {"S": "me"}})["result"]
    assert 'format = "tianjiu-hand/1"' in rec["toml"] and "me" in rec["toml"]
    # the hidden tiles of another seat never appear in an answer before the end, even in text
    dealt = state["dealt"]
    for st in answers[:-1]:
        blob = json.dumps({k: st[k] for k in ("holdings", "trick", "tricks", "events", "legal")})
        assert st["counts"]["E"] == len(dealt["E"]) - sum(
            len(a["tiles"]) + a["unknown"] for t in st["tricks"] for a in t["actions"] if a["seat"] == "E"
        ) - sum(len(a["tiles"]) + a["unknown"] for a in st["trick"] if a["seat"] == "E")
        assert '"holdings": {"S"' in blob


def test_undo_answers_the_view_too():
    state = bridge.handle({"op": "new_hand", "seed": 5, "humans": ["W"]})["result"]
    hid = state["hand_id"]
    after = bridge.handle({"op": "act", "hand_id": hid, "action": state["legal"][0]})["result"]
    back = bridge.handle({"op": "undo", "hand_id": hid})["result"]
    _hidden_from(after, "W") if after["result"] is None else None
    _hidden_from(back, "W")
    assert back["holdings"] == state["holdings"] and back["can_undo"] is False
    bad = bridge.handle({"op": "new_hand", "seed": 5, "humans": []})
    assert not bad["ok"] and "at least one seat" in bad["error"]["message"]
    bad = bridge.handle({"op": "new_hand", "seed": 5, "players": "expert"})
    assert not bad["ok"] and "expert" in bad["error"]["message"]


def test_a_hand_without_a_seed_is_dealt_from_the_engines_own_seed():
    """The Play page chose the seed and could deal the same tiles again with ``deal`` (every
    seat's hand); without ``seed`` the engine draws one and nothing in its answers tells it:
    the person's tiles are not those of any seed the page could try first (0, the old default),
    and ten hands are not all alike."""
    south = []
    while len(south) < 10:
        state = bridge.handle({"op": "new_hand", "humans": ["S"], "method": "間棟"})["result"]
        if state["result"] is not None:   # (a natural hand, 例牌, ends the hand at once: all shown)
            continue
        _hidden_from(state, "S")
        assert "seed" not in json.dumps(state)
        south.append(tuple(state["holdings"]["S"]))
    assert len(set(south)) > 1
    zero = bridge.handle({"op": "deal", "seed": 0, "method": "間棟"})["result"]["hands"]["S"]
    assert sum(1 for s in south if list(s) == [t for t in zero]) < 10


def test_first_banker_by_dice():
    r = bridge.handle({"op": "first_banker", "seed": 4})["result"]
    last = r["rounds"][-1]
    assert r["banker"] == max(last, key=last.get) and list(last.values()).count(last[r["banker"]]) == 1
    assert all(2 <= v <= 12 for v in r["rounds"][0].values())

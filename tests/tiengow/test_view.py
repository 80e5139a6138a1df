"""SeatView: what one seat sees (issue 16) — only its tiles, masked discards, all at the end."""

from __future__ import annotations

import pytest

from tianjiu_core.notation import parse_tiles
from tianjiu_core.players import greedy_action
from tianjiu_core.rng import Rng
from tianjiu_core.tiengow.game import Hand
from tianjiu_core.tiengow.view import SeatView
from tianjiu_core.errors import InconsistentPositionError
from view_helpers import reshuffled


def _play(hand: Hand, n: int) -> Hand:
    for _ in range(n):
        if hand.is_over:
            break
        hand.act(greedy_action(SeatView.of(hand, hand.to_act)))
    return hand


def test_a_seat_sees_its_tiles_and_counts_only():
    hand = Hand.from_seed(7)
    v = SeatView.of(hand, 2)
    assert v.tiles == hand.holdings[2] and v.holdings is None and v.dealt is None
    assert v.counts == (8, 8, 8, 8) and v.method == "間棟" and v.dice == hand.deal_info.dice
    j = v.to_json()
    assert set(j["holdings"]) == {"W"} and j["revealed"] is False and j["legal"] == []
    assert SeatView.of(hand, 0).to_json()["legal"] == [a.to_json() for a in hand.legal_actions()]
    with pytest.raises(InconsistentPositionError):
        SeatView.of(hand, 4)


def test_other_discards_are_backs_own_discards_are_known():
    # a hand where 南 and 西 discard face down in the first trick
    for seed in range(1, 60):
        hand = _play(Hand.from_seed(seed), 4)
        if not hand.is_over and any(a.kind == "discard" and a.seat != 0 for a in hand.tricks[0].actions):
            break
    else:
        pytest.skip("no discard found")
    first = hand.tricks[0].actions
    for viewer in range(4):
        v = SeatView.of(hand, viewer)
        for real, seen in zip(first, v.tricks[0].actions):
            if real.kind == "discard" and real.seat != viewer:
                assert seen.tiles == () and seen.unknown == real.size
                assert seen.to_json()["text"] == "discard " + " ".join(["-"] * real.size)
            else:
                assert seen == real
        mine = [t for a in first if a.seat == viewer and a.kind == "discard" for t in a.tiles]
        assert list(v.discarded) == mine
        assert set(v.to_json()["holdings"]) == {"ESWN"[viewer]}


def test_everything_is_revealed_when_the_hand_is_over():
    hand = _play(Hand.from_seed(5), 100)
    v = SeatView.of(hand, 1)
    assert v.is_over and v.holdings == hand.holdings and v.tricks == hand.tricks
    assert v.dealt == hand.deal_info.hands
    j = v.to_json()
    assert j["revealed"] and set(j["dealt"]) == set("ESWN") and j["result"]["payments"]


def test_own_discards_in_the_last_trick_are_counted_once():
    # a finished hand keeps its last trick in ``hand.trick`` as well as in ``hand.tricks``:
    # a discard there was listed twice (a user saw 二四 twice under "your discards")
    checked = 0
    for seed in range(40):
        hand = _play(Hand.from_seed(seed), 100)
        last = hand.tricks[-1].actions
        for viewer in range(4):
            mine = [t for r in hand.tricks for a in r.actions
                    if a.seat == viewer and a.kind != "play" for t in a.tiles]
            v = SeatView.of(hand, viewer)
            assert list(v.discarded) == mine, (seed, viewer)
            assert len(v.discarded) <= 8
            checked += any(a.seat == viewer and a.kind != "play" for a in last)
    assert checked, "no hand where a seat discards in the last trick"



@pytest.mark.parametrize("seed", [3, 8, 21, 34])
def test_hidden_tiles_reshuffled_give_the_same_view(seed):
    """The view depends on nothing the seat cannot see: re-deal the hidden tiles, same view."""
    rng = Rng(seed)
    hand = Hand.from_seed(seed)
    steps = 0
    while not hand.is_over and steps < 40:
        seat = hand.to_act
        other = reshuffled(hand, seat, rng)
        if other is not None:
            assert SeatView.of(other, seat) == SeatView.of(hand, seat)
            # a seat that is not to act sees the same too
            watcher = (seat + 1) % 4
            w = reshuffled(hand, watcher, rng)
            if w is not None:
                assert SeatView.of(w, watcher) == SeatView.of(hand, watcher)
        hand.act(greedy_action(SeatView.of(hand, seat)))
        steps += 1


def test_reshuffle_really_moves_tiles():
    hand = _play(Hand.from_seed(3), 5)
    rng = Rng(1)
    moved = 0
    for _ in range(10):
        other = reshuffled(hand, hand.to_act, rng)
        if other is not None and other.holdings != hand.holdings:
            moved += 1
    assert moved >= 8


def test_unseen_counts_own_discards_as_seen():
    hand = Hand(banker=0, holdings=[parse_tiles("66 12"), parse_tiles("25 24"),
                                    parse_tiles("33 55"), parse_tiles("22 56")],
                dong=[3, 1, 1, 1], leader=0)
    hand.act("66")
    hand.act("discard 25")
    v = SeatView.of(hand, 1)
    assert v.discarded == parse_tiles("25")
    t = parse_tiles("25")[0]
    assert v.unseen()[t] == t.copies - 1 and v.unseen(include_discards=False)[t] == t.copies

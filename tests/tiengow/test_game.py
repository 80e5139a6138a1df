"""A hand of play (spec §3–§4): legal actions, refusals, tricks, 結, options, undo, positions."""

from __future__ import annotations

import pytest

from tianjiu_core.errors import IllegalActionError, InconsistentPositionError, NotationError
from tianjiu_core.tiengow.game import Action, Hand
from tianjiu_core.notation import parse_tiles
from tianjiu_core.tiengow.rules import Rules

E, S, W, N = range(4)


def texts(actions):
    return [str(a) for a in actions]


# ----------------------------------------------------------------- legal actions

def test_a_dealt_hand_starts_with_the_banker():
    for banker in range(4):
        hand = Hand.from_seed(5, banker=banker, rules=Rules(natural_hands="none"))
        assert hand.to_act == hand.leader == banker
        assert [len(h) for h in hand.holdings] == [8, 8, 8, 8] and hand.dong == (0, 0, 0, 0)
        assert hand.tiles_left == 8 and not hand.trick and not hand.is_over


def test_leader_may_lead_every_play_of_one_to_four_tiles(position):
    hand = position(["66 66 36 45", "11 11 26 35", "44 44 25 34", "13 13 14 23"],
                    dong=(4, 0, 0, 0), leader="E")
    assert texts(hand.legal_actions()) == [
        "E: 66", "E: 36", "E: 45",
        "E: 66 66", "E: 66 36", "E: 66 45", "E: 36 45",
        "E: 66 66 36", "E: 66 66 45", "E: 66 36 45",
        "E: 66 66 36 45"]


def test_leader_may_not_lead_a_non_play_or_discard(position):
    hand = position(["66 11 13 15", "11 44 55 56", "66 44 33 16", "13 55 33 22"],
                    dong=(4, 0, 0, 0), leader="E")
    with pytest.raises(IllegalActionError, match="66 11 is not a play"):
        hand.act("E: 66 11")
    with pytest.raises(IllegalActionError, match="only followers discard"):
        hand.act("E: discard 66")
    with pytest.raises(IllegalActionError, match="needs the lead_face_down rule"):
        hand.act("E: down 66")


def test_followers_beat_with_the_same_class_strictly_higher_or_discard(position):
    hand = position(["33 15", "66 55", "11 33", "56 46"], dong=(4, 2, 0, 0), leader="E")
    hand.act("E: 33")
    assert texts(hand.legal_actions()) == ["S: 66", "S: 55", "S: discard 66", "S: discard 55"]
    hand.act("S: 55")
    # 長三 (W) no longer beats 梅; 地 does
    assert texts(hand.legal_actions()) == ["W: 11", "W: discard 11", "W: discard 33"]


@pytest.mark.parametrize("action,message", [
    ("S: 45", "Chop Gow is not higher than Chop Gow"),               # equal never beats
    ("S: 66", "Teen (civil single) cannot beat a military single"),  # other class
    ("S: 12", "Gee Joon three is not higher than Chop Gow"),
    ("W: discard 11", "it is S's turn, not W's"),                    # 上家不打，下家不墊
    ("S: 11", "S does not hold 11"),
    ("S: discard 45 66", "this trick takes 1 tile from each seat, not 2"),
    ("S: down 45", "only the leader may lead face down"),
])
def test_refusals_say_why(position, action, message):
    hand = position(["36 11 55", "45 66 12", "11 22 33", "33 13 56"], dong=(3, 2, 0, 0),
                    leader="E")
    hand.act("E: 36")
    before = hand.copy()
    with pytest.raises(IllegalActionError) as exc:
        hand.act(Action.parse(action))
    assert message in str(exc.value)
    assert hand == before and not hand.can(Action.parse(action))


def test_a_followers_non_play_is_refused_with_the_tiles_names_and_the_way_out(position):
    """A follower's two tiles that make no play were refused as "44 55 is not a play": the
    reason, naming the tiles, is given as for a lead, and so is what to do instead."""
    hand = position(["33 33 15", "44 55 66", "11 22 36", "13 56 45"], dong=(5, 0, 0, 0),
                    leader="E")
    hand.act("E: 33 33")
    with pytest.raises(IllegalActionError) as exc:
        hand.act("S: 44 55")
    assert str(exc.value) == ("44 55 is not a play: two different civil tiles (人, 梅) are not a pair "
                              "(discard them face down instead)"), str(exc.value)
    assert exc.value.message_zh == "人 梅不成牌型：兩張不同的文牌（人、梅）不成對（可以蓋着墊出）", exc.value.message_zh


def test_notation_for_tiles_not_held_is_a_notation_error(position):
    hand = position(["36 11 55", "45 66 12", "11 22 33", "33 13 56"], dong=(3, 2, 0, 0),
                    leader="E")
    hand.act("E: 36")
    with pytest.raises(NotationError, match=r"'11': 11 \(地\) is not among the tiles held \(66 45 12\)"):
        hand.act("11")


def test_supreme_is_only_a_lead(position):
    hand = position(["24 12 66", "15 15 66", "55 55 33", "56 56 33"], dong=(3, 2, 0, 0),
                    leader="E")
    hand.act("E: 24 12")
    with pytest.raises(IllegalActionError, match="nothing beats Gee Joon"):
        hand.act("S: 15 15")
    assert texts(hand.legal_actions()) == ["S: discard 66 15", "S: discard 15 15"]
    # and a 文尊 cannot follow a civil pair either
    hand = position(["33 33 66", "15 15 66", "55 55 12", "56 56 24"], dong=(3, 2, 0, 0),
                    leader="E")
    hand.act("E: 33 33")
    with pytest.raises(IllegalActionError, match="cannot beat a civil pair"):
        hand.act("S: 15 15")


def test_the_best_play_wins_and_leads_next(position):
    hand = position(["36 11", "45 66", "26 22", "35 13"], dong=(4, 2, 0, 0), leader="E")
    for a in ("E: 36", "S: 45", "W: discard 26", "N: discard 35"):   # 45 may not beat the equal 36
        assert hand.can(hand.parse_action(a)) == (a != "S: 45")
        if a == "S: 45":
            a = "S: discard 45"
        hand.act(a)
    assert hand.dong == (5, 2, 0, 0) and hand.leader == hand.to_act == E and not hand.trick
    rec = hand.tricks[-1]
    assert (rec.leader, rec.winner, rec.size, rec.last) == (E, E, 1, False)
    # faces shown: the lead only (discards are face down)
    assert [t.code for t in hand.shown] == ["36"]


def test_pair_trick_wins_two_dong(position):
    hand = position(["55 55 12", "66 66 14", "33 33 23", "22 22 24"], dong=(3, 2, 0, 0),
                    leader="E")
    for a in ("E: 55 55", "S: 66 66", "W: discard 33 33", "N: discard 22 22"):
        hand.act(a)
    assert hand.dong == (3, 4, 0, 0) and hand.leader == S and hand.tiles_left == 1


# ----------------------------------------------------------------- 結 eligibility (§4)

def test_zero_dong_seat_cannot_beat_a_last_single(position):
    hand = position(["55", "66", "11", "44"], dong=(3, 0, 2, 2), leader="E")
    hand.act("E: 55")
    assert hand.trick_last
    # 南 has no 棟: it must discard its 天, even though 地 behind it could beat anyway
    assert texts(hand.legal_actions()) == ["S: discard 66"]
    with pytest.raises(IllegalActionError, match="S has no 棟 and this is the last trick of one tile"):
        hand.act("S: 66")
    hand.act("S: discard 66")
    assert texts(hand.legal_actions()) == ["W: 11", "W: discard 11"]   # 西 has 棟: may beat
    hand.act("W: 11")
    hand.act("N: discard 44")
    r = hand.result
    assert r is not None and r.finisher == W and r.dong == (3, 0, 3, 2)


def test_zero_dong_seat_may_beat_a_last_pair(position):
    hand = position(["55 55", "66 66", "33 22", "16 15"], dong=(2, 0, 2, 2), leader="E")
    hand.act("E: 55 55")
    assert "S: 66 66" in texts(hand.legal_actions())
    for a in ("S: 66 66", "W: discard 33 22", "N: discard 16 15"):
        hand.act(a)
    assert hand.result.finisher == S and hand.result.dong == (2, 2, 2, 2)


def test_zero_dong_seat_may_capture_a_last_wen_zun(position):
    hand = position(["15 15", "16 16", "33 22", "66 55"], dong=(2, 0, 2, 2), leader="E")
    hand.act("E: 15 15")
    assert texts(hand.legal_actions())[0] == "S: 16 16"
    for a in ("S: 16 16", "W: discard 33 22", "N: discard 66 55"):
        hand.act(a)
    assert hand.result.finisher == S and hand.result.finish.captured_from == E


def test_one_dong_seat_may_beat_a_last_single(position):
    hand = position(["55", "66", "11", "44"], dong=(4, 1, 2, 0), leader="E")
    hand.act("E: 55")
    assert texts(hand.legal_actions()) == ["S: 66", "S: discard 66"]
    for a in ("S: 66", "W: discard 11", "N: discard 44"):
        hand.act(a)
    assert hand.result.finisher == S and hand.result.dong[S] == 2


# ----------------------------------------------------------------- 擒尊 closes the trick

def test_qin_zun_closes_the_trick(position):
    hand = position(["66 66 11", "15 15 12", "16 16 13", "44 44 55"], dong=(3, 2, 0, 0),
                    leader="S")
    hand.act("S: 15 15")
    hand.act("W: 16 16")
    with pytest.raises(IllegalActionError, match="the 文尊 was captured"):
        hand.act("N: 44 44")
    hand.act("N: discard 44 44")
    assert "E: 66 66" not in texts(hand.legal_actions())   # a 雙天 after the capture is a discard
    hand.act("E: discard 66 66")
    assert hand.tricks[-1].winner == W and hand.leader == W and hand.dong == (3, 2, 2, 0)
    assert [t.code for t in hand.shown] == ["15", "15", "16", "16"]


def test_wen_zun_capture_off_means_unbeatable(position):
    hand = position(["66 66 11", "15 15 12", "16 16 13", "44 44 55"], dong=(3, 2, 0, 0),
                    leader="S", rules={"wen_zun_capture": False})
    hand.act("S: 15 15")
    assert all(a.kind == "discard" for a in hand.legal_actions())
    with pytest.raises(IllegalActionError, match="nothing beats Civil Supreme"):
        hand.act("W: 16 16")


def test_without_wen_zun_15_15_is_the_lowest_civil_pair(position):
    hand = position(["66 66 11", "15 15 12", "16 16 13", "44 44 55"], dong=(3, 2, 0, 0),
                    leader="S", rules="no_wen_zun")
    hand.act("S: 15 15")
    hand.act("W: 16 16")
    hand.act("N: 44 44")    # an ordinary civil pair trick: later seats may still beat
    hand.act("E: 66 66")
    assert hand.tricks[-1].winner == E and not hand.tricks[-1].bonuses.items


# ----------------------------------------------------------------- options: must_beat, lead_face_down

def test_must_beat(position):
    hold = ["33 12", "66 55", "11 22", "56 46"]
    free = position(hold, dong=(4, 2, 0, 0), leader="E")
    free.act("E: 33")
    assert texts(free.legal_actions()) == ["S: 66", "S: 55", "S: discard 66", "S: discard 55"]
    hand = position(hold, dong=(4, 2, 0, 0), leader="E", rules={"must_beat": True})
    hand.act("E: 33")
    assert texts(hand.legal_actions()) == ["S: 66"]          # only the highest beating play
    with pytest.raises(IllegalActionError, match="a seat that can beat must beat"):
        hand.act("S: discard 55")
    with pytest.raises(IllegalActionError, match="beat with your highest play of the class"):
        hand.act("S: 55")
    hand.act("S: 66")
    # 西 cannot beat 天: discarding is its only choice
    assert texts(hand.legal_actions()) == ["W: discard 11", "W: discard 22"]


def test_must_beat_offers_every_top_play_and_respects_the_finish_rule(position):
    hand = position(["11 26 22", "66 36 45", "44 25 33", "13 14 55"], dong=(4, 1, 0, 0),
                    leader="E", rules={"must_beat": True})
    hand.act("E: 11 26")
    assert texts(hand.legal_actions()) == ["S: 66 36", "S: 66 45"]
    # unsorted tiles name the same action
    assert hand.can(Action(S, "play", parse_tiles("36 66")))
    last = position(["55", "66", "11", "44"], dong=(3, 0, 2, 2), leader="E",
                    rules={"must_beat": True})
    last.act("E: 55")
    assert texts(last.legal_actions()) == ["S: discard 66"]   # 0 棟: may not beat, so may discard


def test_lead_face_down(position):
    rules = {"lead_face_down": True}
    hand = position(["12 36", "55 66", "13 22", "56 44"], dong=(4, 2, 0, 0), leader="E", rules=rules)
    assert "E: down 12" in texts(hand.legal_actions()) and "E: down 36" in texts(hand.legal_actions())
    with pytest.raises(IllegalActionError, match="a face-down lead is one tile"):
        hand.act(Action(E, "down", parse_tiles("12 36")))
    hand.act("E: down 12")
    # 南 beats only with its highest of 天 … 板凳, or discards
    assert texts(hand.legal_actions()) == ["S: 66", "S: discard 66", "S: discard 55"]
    with pytest.raises(IllegalActionError, match="plays its highest of 天 … 板凳"):
        hand.act("S: 55")
    hand.act("S: 66")
    assert texts(hand.legal_actions()) == ["W: discard 13", "W: discard 22"]   # 和 < 天
    hand.act("W: discard 13")
    with pytest.raises(IllegalActionError, match="only 天 … 板凳 may be played"):
        hand.act("N: 56")
    hand.act("N: discard 44")
    assert hand.tricks[-1].winner == S and [t.code for t in hand.shown] == ["66"]
    assert str(hand.tricks[-1].actions[0]) == "E: down 12"


def test_a_face_down_lead_nobody_beats_wins(position):
    hand = position(["12 36", "56 46", "16 15", "36 45"][:3] + ["26 35"], dong=(4, 2, 0, 0),
                    leader="E", rules={"lead_face_down": True})
    hand.act("E: down 36")
    for a in ("S: discard 56", "W: discard 16", "N: discard 26"):
        assert hand.legal_actions()[0].kind == "discard"
        hand.act(a)
    assert hand.tricks[-1].winner == E and hand.dong == (5, 2, 0, 0) and hand.shown == ()


# ----------------------------------------------------------------- banker succession (§3)

LAST = ["66", "11", "44", "13"]


@pytest.mark.parametrize("rotation,leader,streak,expected", [
    ("winner", "E", 1, (E, 2)),    # the banker finishes: 連莊, streak grows
    ("winner", "E", 3, (E, 4)),
    ("winner", "W", 2, (W, 1)),    # 飛莊: the finisher takes the bank
    ("rotate", "E", 1, (E, 2)),
    ("rotate", "W", 2, (S, 1)),    # 輪莊: the bank passes to 下家 (南)
])
def test_banker_succession(position, rotation, leader, streak, expected):
    hold = list(LAST)
    seat = "ESWN".index(leader)
    hold[0], hold[seat] = hold[seat], hold[0]              # the leader holds the 天
    dong = [1, 1, 1, 1]
    dong[seat] = 4
    hand = position(hold, dong=dong, leader=leader, streak=streak,
                    rules={"banker_rotation": rotation})
    while not hand.is_over:
        hand.act(hand.legal_actions()[-1])                 # everyone else discards
    r = hand.result
    assert r.finisher == seat and (r.next_banker, r.next_streak) == expected


def test_streak_across_hands():
    rules = Rules(natural_hands="none")
    banker, streak = E, 1
    for seed in range(30):
        hand = Hand.from_seed(seed, rules, banker=banker, banker_streak=streak)
        while not hand.is_over:
            hand.act(hand.legal_actions()[0])
        r = hand.result
        if r.finisher == banker:
            assert (r.next_banker, r.next_streak) == (banker, streak + 1)
        else:
            assert (r.next_banker, r.next_streak) == (r.finisher, 1)
        banker, streak = r.next_banker, r.next_streak


# ----------------------------------------------------------------- undo, copy, end

def test_undo_restores_every_state(position):
    hand = position(["36 11", "45 66", "26 22", "35 13"], dong=(4, 2, 0, 0), leader="E")
    states = [hand.copy()]
    for a in ("E: 36", "S: discard 45", "W: discard 26", "N: discard 35",
              "E: 11", "S: 66", "W: discard 22", "N: discard 13"):
        hand.act(a)
        states.append(hand.copy())
    assert hand.is_over and hand.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.act(Action(E, "play", parse_tiles("66")))
    for k in range(8, 0, -1):
        assert hand == states[k]
        undone = hand.undo()
        assert str(undone) == str(states[k].log[-1])
    assert hand == states[0] and hand.result is None
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        hand.undo()


def test_copy_is_independent():
    hand = Hand.from_seed(9, Rules(natural_hands="none"))
    other = hand.copy()
    other.act(other.legal_actions()[0])
    assert hand != other and hand == Hand.from_seed(9, Rules(natural_hands="none"))
    other.undo()
    assert hand == other


# ----------------------------------------------------------------- actions and notation

def test_action_notation():
    a = Action.parse("S: discard 12 15")
    assert (a.seat, a.kind, [t.code for t in a.tiles]) == (S, "discard", ["15", "12"])
    assert str(a) == "S: discard 15 12" and a.size == 2 and not a.face_up
    assert Action.parse(str(a)) == a and eval(repr(a)) == a  # noqa: S307
    assert Action.parse("天九", seat="東", context=parse_tiles("66 45 11")) == Action.parse("E: 66 45")
    assert Action.parse("W: 墊 - -") == Action(W, "discard", (), 2)
    assert Action.parse("N: 暗 12").kind == "down"
    assert Action(E, "play", parse_tiles("36 66")) == Action.parse("E: 66 36")
    with pytest.raises(NotationError, match="names no seat"):
        Action.parse("66")
    with pytest.raises(NotationError, match="an action's seat is 0–3"):
        Action(5, "play", parse_tiles("66"))
    with pytest.raises(NotationError, match="must be Tile objects"):
        Action(E, "play", ("66",))  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="has no tiles"):
        Action.parse("E: discard")
    with pytest.raises(NotationError, match="only fits a discard"):
        Action.parse("E: 66 -")


def test_parse_action_uses_the_holding_for_names(position):
    hand = position(["66 45 11 22", "36 44 13 13", "55 55 33 33", "56 56 46 46"],
                    dong=(4, 0, 0, 0), leader="E")
    assert str(hand.act("天 九")) == "E: 66 45"
    hand.act("discard 雜九 人")       # 南 holds one 九: unique in its hand
    assert str(hand.log[-1]) == "S: discard 44 36"


# ----------------------------------------------------------------- positions

@pytest.mark.parametrize("kwargs,message", [
    (dict(holdings=["66 66", "66 11", "11 44", "44 13"], dong=(6, 0, 0, 0), leader="E"),
     "66 (天) appears 3 times"),
    (dict(holdings=["66", "11 44", "13", "55"], dong=(7, 0, 0, 0), leader="E"),
     "all seats hold the same number of tiles"),
    (dict(holdings=["66", "11", "44", "13"], dong=(6, 0, 0, 0), leader="E"),
     "棟 won (6) must equal the tiles each seat has played in finished tricks (7)"),
    (dict(holdings=["66", "11", "44", "13"], dong=(7, 0, 0, 0), leader="S"),
     "S leads but has no 棟"),
    (dict(holdings=["66", "11", "44", "13"], dong=(7, 0, 0, 0)), "say who leads"),
    (dict(holdings=["66 66 11 11 44 44 13 13", "55 55 33 33 22 22 56 56",
                    "46 46 16 16 15 15 36 45", "26 35 25 34 24 14 23 12"], leader="S"),
     "the banker leads the first trick"),
    (dict(holdings=["66", "44", "13", "55"], dong=(7, 0, 0, 0), leader="E", trick=["E: 11", "W: 11"]),
     "trick action 2 is W's but it is S's turn"),
    (dict(holdings=["66", "13", "55 22", "56 33"], dong=(6, 0, 0, 0), leader="E",
          trick=["E: 11", "S: 44"]),
     "the trick in progress is illegal"),
    (dict(holdings=["", "44", "13", "55"], dong=(7, 0, 0, 0), leader="S", trick=["E: 11"]),
     "the trick's first action is E's but the leader is S"),
])
def test_inconsistent_positions(position, kwargs, message):
    holdings = kwargs.pop("holdings")
    with pytest.raises(InconsistentPositionError) as exc:
        position(holdings, **kwargs)
    assert message in str(exc.value)


def test_bad_table_arguments():
    hold = [parse_tiles(t) for t in LAST]
    with pytest.raises(InconsistentPositionError, match="a position has 4 holdings"):
        Hand(holdings=hold[:3], dong=(7, 0, 0, 0), leader=E)
    with pytest.raises(InconsistentPositionError, match="banker must be a seat"):
        Hand(banker=4, holdings=hold, dong=(7, 0, 0, 0), leader=E)
    with pytest.raises(InconsistentPositionError, match="banker_streak must be at least 1"):
        Hand(banker_streak=0, holdings=hold, dong=(7, 0, 0, 0), leader=E)
    with pytest.raises(InconsistentPositionError, match="棟 must be four counts"):
        Hand(holdings=hold, dong=(7, 0, 0), leader=E)
    with pytest.raises(InconsistentPositionError, match="S: tiles must be Tile objects"):
        Hand(holdings=[hold[0], "11", hold[2], hold[3]], dong=(7, 0, 0, 0), leader=E)
    with pytest.raises(InconsistentPositionError, match="shown: tiles must be Tile objects"):
        Hand(holdings=hold, dong=(7, 0, 0, 0), leader=E, shown=["66"])


def test_a_trick_in_progress_is_replayed(position):
    hand = position(["", "44", "13", "55"], dong=(4, 1, 1, 1), leader="E", trick=["E: 11"])
    assert hand.to_act == S and hand.trick_last and hand.best_seat == E
    assert texts(hand.legal_actions()) == ["S: discard 44"]   # 人 < 地


def test_to_json(position):
    hand = position(["", "44", "13", "55"], dong=(4, 1, 1, 1), leader="E", trick=["E: 11"])
    j = hand.to_json()
    assert j["to_act"] == "S" and j["holdings"]["S"] == ["44"] and j["trick_last"]
    assert j["trick"][0]["text"] == "11" and j["dong"] == {"E": 4, "S": 1, "W": 1, "N": 1}
    for a in ("S: discard 44", "W: discard 13", "N: discard 55"):
        hand.act(a)
    assert hand.to_json()["result"]["finisher"] == "E" and hand.to_json()["to_act"] is None

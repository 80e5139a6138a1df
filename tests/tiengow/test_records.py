"""TOML hand records: dump, load, replay to the same result, refuse bad records."""

from __future__ import annotations

import re
import tomllib

import pytest

from tianjiu_core.tiengow.deal import Rng
from tianjiu_core import bridge
from tianjiu_core.errors import InconsistentPositionError, NotationError
from tianjiu_core.tiengow.game import Hand
from tianjiu_core.players import random_action
from tianjiu_core.tiengow.record import FORMAT, HandRecord
from tianjiu_core.tiengow.rules import Rules


def played(seed, rules=None, method="間棟", banker=0, streak=1):
    hand = Hand.from_seed(seed, rules, banker=banker, banker_streak=streak, method=method)
    rng = Rng(seed + 1)
    while not hand.is_over:
        hand.act(random_action(hand, rng))
    return hand


def first_ordinary_seed(rules=None):
    return next(s for s in range(100) if not Hand.from_seed(s, rules).is_over)


def test_round_trip_replays_the_same_hand():
    hand = played(first_ordinary_seed(), banker=2, streak=3, method="舞三獅")
    rec = HandRecord.from_hand(hand, seats={"E": "阿明", "S": "Sam"})
    text = rec.dumps()
    again = HandRecord.loads(text)
    assert again == rec and again.dumps() == text
    replayed = again.replay()
    assert replayed == hand and replayed.result == hand.result
    assert [str(a) for a in replayed.log] == list(rec.actions)


def test_the_toml_holds_the_wall_and_every_action():
    hand = played(first_ordinary_seed())
    data = tomllib.loads(HandRecord.from_hand(hand).dumps())
    assert data["format"] == FORMAT == "tianjiu-hand/1"
    assert data["rules"] == {"preset": "hk"}
    assert data["table"] == {"banker": "E", "banker_streak": 1}
    assert len(data["deal"]["wall"].split()) == 32 and data["deal"]["method"] == "間棟"
    assert data["deal"]["dice"] == list(hand.deal_info.dice)
    assert data["actions"] == [str(a) for a in hand.log] and len(data["actions"]) % 4 == 0
    r = hand.result
    assert data["result"]["finisher"] == "ESWN"[r.finisher]
    assert data["result"]["payments"] == dict(zip("ESWN", r.payments))
    assert sum(data["result"]["dong"].values()) == 8


@pytest.mark.parametrize("rules", [
    Rules.preset("classic"), Rules(lead_face_down=True, must_beat=True),
    Rules(zhizun_singles_lowest=True, banker_rotation="rotate", natural_hands="all"),
])
def test_records_under_other_rules(rules):
    for seed in range(5):
        hand = played(seed, rules, method="片面")
        rec = HandRecord.loads(HandRecord.from_hand(hand).dumps())
        assert rec.rules == rules and rec.replay().result == hand.result


def test_a_natural_hand_has_no_actions():
    rules = Rules(natural_hands="all")
    seed = next(s for s in range(500) if Hand.from_seed(s, rules).is_over)
    hand = Hand.from_seed(seed, rules)
    rec = HandRecord.loads(HandRecord.from_hand(hand).dumps())
    assert rec.actions == () and rec.result["natural"] == hand.result.natural
    assert rec.replay().result == hand.result


def test_an_unfinished_hand():
    hand = Hand.from_seed(first_ordinary_seed())
    for _ in range(5):
        hand.act(hand.legal_actions()[-1])
    rec = HandRecord.loads(HandRecord.from_hand(hand).dumps())
    assert rec.result is None and len(rec.actions) == 5
    again = rec.replay()
    assert not again.is_over and again == hand


def test_a_position_has_no_record(position):
    hand = position(["66", "11", "44", "13"], dong=(7, 0, 0, 0), leader="E")
    with pytest.raises(InconsistentPositionError, match="only a dealt hand has a record"):
        HandRecord.from_hand(hand)


def good_text():
    return HandRecord.from_hand(played(first_ordinary_seed())).dumps()


@pytest.mark.parametrize("edit,message", [
    (lambda t: t.replace('format = "tianjiu-hand/1"', 'format = "x/9"'), "format must be"),
    (lambda t: t.replace('banker = "E"', 'banker = "Q"'), "'Q' is not a seat"),
    (lambda t: t.replace("banker_streak = 1", "banker_streak = 0"), "banker_streak must be ≥ 1"),
    (lambda t: t.replace('method = "間棟"', 'method = "亂來"'), "is not a dealing method"),
    (lambda t: t.replace('wall = "', 'wall = "66 '), "3 × 66 (天) named, but a set of 32 tiles has only 2"),
    (lambda t: t.replace('wall = "', 'wall = 5 #'), "wall"),
    (lambda t: t.replace("dice = [", "dice = 7 #"), "dice"),
    (lambda t: t.replace("[table]", "[table]\nseats = 3"), "seats"),
    (lambda t: t.replace("[deal]", "[deal_x]").replace("format =", "deal = 1\nformat =", 1),
     "[deal] must be a table"),
    (lambda t: t.replace("[result]", "[result_x]").replace("format =", "result = 5\nformat =", 1),
     "result must be a table"),
])
def test_malformed_records_are_refused(edit, message):
    with pytest.raises(InconsistentPositionError) as exc:
        HandRecord.loads(edit(good_text())).replay()
    assert message in str(exc.value)


@pytest.mark.parametrize("dice,shown", [("[3, 9]", "[3, 9]"), ("[3.0, 1]", "[3.0, 1]"),
                                        ("[true, 1]", "[true, 1]"), ("[0, 4]", "[0, 4]")])
def test_bad_dice_name_the_field_and_show_the_list(dice, shown):
    """Dice outside 1–6 (or not whole numbers) are named ``deal.dice`` as a list of the wrong
    length is, and shown as written (a list, not a Python tuple)."""
    text = re.sub(r"(?m)^dice = .*$", f"dice = {dice}", good_text())
    with pytest.raises(InconsistentPositionError) as exc:
        HandRecord.loads(text)
    assert str(exc.value) == f"hand record: deal.dice must be two whole numbers 1–6, not {shown}"
    assert exc.value.message_zh == f"牌局紀錄：deal.dice 要是兩個 1–6 的整數，不是 {shown}"


def test_a_record_that_is_not_toml_is_a_notation_error():
    """Its syntax is written wrong (寫法不對 on the site, as for a position), not data that
    cannot be (數據不合理): the error's type picks the label."""
    with pytest.raises(NotationError) as exc:
        HandRecord.loads(good_text() + "\n[[[")
    assert not isinstance(exc.value, InconsistentPositionError)
    assert str(exc.value).startswith("hand record is not valid TOML: ")
    assert exc.value.message_zh.startswith("牌局紀錄不是正確的 TOML：")
    r = bridge.handle({"op": "replay_record", "toml": "[deal\n"})
    assert r["error"]["type"] == "NotationError" and "not valid TOML" in r["error"]["message"]


def test_a_tampered_result_is_caught():
    text = good_text()
    data = tomllib.loads(text)
    fin = data["result"]["finisher"]
    wrong = "N" if fin != "N" else "E"
    bad = text.replace(f'finisher = "{fin}"', f'finisher = "{wrong}"')
    with pytest.raises(InconsistentPositionError, match="replay gives finisher"):
        HandRecord.loads(bad).replay()


def test_a_tampered_action_names_its_number():
    rec = HandRecord.from_hand(played(first_ordinary_seed()))
    actions = list(rec.actions)
    actions[1] = actions[0]        # the leader's seat again: not its turn
    bad = HandRecord(rec.rules, rec.banker, rec.banker_streak, rec.wall, rec.method, rec.dice,
                     tuple(actions), {}, None)
    with pytest.raises(InconsistentPositionError, match=r"action 2 \(.*\) cannot be played"):
        bad.replay()
    short = HandRecord(rec.rules, rec.banker, rec.banker_streak, rec.wall, rec.method, rec.dice,
                       rec.actions[:-1], {}, rec.result)
    with pytest.raises(InconsistentPositionError, match="do not finish the hand"):
        short.replay()

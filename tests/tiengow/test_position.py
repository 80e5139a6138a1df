"""TOML positions (tianjiu_core.tiengow.position): round trips and errors that name the field."""

from __future__ import annotations

import random

import pytest
from solver_helpers import random_position
from tianjiu_core.errors import InconsistentPositionError, NotationError, TianJiuError
from tianjiu_core.tiengow.position import FORMAT, Position

BASE = """
banker = "E"
leader = "E"
shown = "66 66 11 11 44 44 13 13 55 55 33 33 22 22"

[tiles]
E = "56 36 45"
S = "46 26 35"
W = "16 25 34"
N = "15 24 12"

[dong]
E = 2
S = 1
W = 1
N = 1
"""


def load(text: str = BASE) -> Position:
    return Position.loads(text)


def test_loads_fields():
    p = load()
    assert p.banker == 0 and p.leader == 0 and p.to_act == 0 and p.hero is None
    assert p.hero_seat == 0 and p.tiles_left == 3 and p.is_open
    assert [t.code for t in p.holdings[3]] == ["15", "24", "12"]
    assert p.dong == (2, 1, 1, 1) and len(p.shown) == 14
    hand = p.to_hand()
    assert hand.to_act == 0 and hand.tiles_left == 3 and hand.dong == (2, 1, 1, 1)


def test_dumps_round_trip_and_format_key():
    p = load()
    text = p.dumps()
    assert text.startswith(f'format = "{FORMAT}"')
    assert Position.loads(text) == p
    assert Position.from_dict(p.to_dict()) == p


def test_trick_in_progress_round_trip():
    p = load(BASE.replace('leader = "E"', 'leader = "E"\ntrick = ["56", "discard -"]')
             .replace('E = "56 36 45"', 'E = "36 45"').replace('S = "46 26 35"', 'S = "46 26"'))
    assert p.to_act == 2 and len(p.trick) == 2 and p.trick[1].unknown == 1
    assert Position.loads(p.dumps()) == p
    hand = p.to_hand()
    assert hand.to_act == 2 and hand.best_seat == 0


def test_from_hand_round_trip():
    """Random positions (with tricks in progress) survive Hand → Position → TOML → Hand."""
    rng = random.Random(9)
    for _ in range(60):
        hand = random_position(rng, n=rng.choice([1, 2, 3, 4, 5]))
        pos = Position.from_hand(hand, hero=rng.randrange(4))
        again = Position.loads(pos.dumps())
        assert again == pos
        back = again.to_hand()
        assert back.holdings == hand.holdings and back.dong == hand.dong
        assert back.trick == hand.trick and back.to_act == hand.to_act
        assert sorted(t.index for t in back.shown) == sorted(t.index for t in hand.shown)
        assert back.legal_actions() == hand.legal_actions()


def test_unknown_tiles_for_hidden_positions():
    p = load(BASE.replace('W = "16 25 34"', 'W = "- - -"'))
    assert not p.is_open and p.unknown == (0, 0, 3, 0)
    with pytest.raises(InconsistentPositionError, match=r"position: tiles\.W: unknown tiles"):
        p.to_hand()
    filled = p.to_hand(fill_unknown=True)
    assert len(filled.holdings[2]) == 3
    assert Position.loads(p.dumps()) == p


def test_holdings_alias_and_seat_prefixes():
    d = load().to_dict()
    d["holdings"] = d.pop("tiles")
    d.pop("format")
    assert Position.from_dict(d) == load()


@pytest.mark.parametrize("edit, field, words", [
    (('E = "56 36 45"', 'E = "56 36 77"'), "tiles.E", "not a tile"),
    (('E = "56 36 45"', 'E = "56 36 66"'), "tiles.E, shown", "appears 3 times"),
    (('S = "46 26 35"', 'S = "46 26"'), "tiles", "same number of tiles"),
    (('E = 2', 'E = 3'), "dong", "add up to 6"),
    (('E = 2', 'E = "two"'), "dong.E", "whole number"),
    (('leader = "E"', 'leader = "S"\n[x]'), "x", "unknown field"),
    (('banker = "E"', 'banker = "Q"'), "banker", "not a seat"),
    (('banker = "E"', 'banker = "E"\nbanker_streak = 0'), "banker_streak", "≥ 1"),
    (('banker = "E"', 'banker = "E"\nformat = "tianjiu-hand/1"'), "format", "expected"),
    (('banker = "E"', 'banker = "E"\nto_act = "N"'), "to_act", "make it E"),
    (('leader = "E"', 'leader = "E"\ntrick = ["S: 46"]'), "trick[0]", "turn"),
    (('leader = "E"', 'leader = "E"\ntrick = ["discard 56"]'), "trick[0]", "leads a play"),
    (('[dong]\nE = 2\nS = 1', '[dong]\nE = 0\nS = 3'), "leader", "no 棟"),
    (('[tiles]', '[discarded]\nS = "66"\n[tiles]'), "discarded.S, shown", "appears 3 times"),
])
def test_errors_name_the_field(edit, field, words):
    text = BASE.replace(*edit)
    assert text != BASE
    with pytest.raises(TianJiuError) as exc:
        Position.loads(text)
    msg = str(exc.value)
    assert msg.startswith(f"position: {field}") and words in msg, msg


def test_illegal_trick_is_rejected():
    # a seat with no 棟 may not beat a last trick of one tile (spec §4)
    text = """
banker = "E"
leader = "E"
trick = ["11", "66"]
[tiles]
E = ""
S = ""
W = "46"
N = "16"
[dong]
E = 4
S = 0
W = 2
N = 1
"""
    with pytest.raises(InconsistentPositionError, match=r"position: trick: .*no 棟"):
        Position.loads(text)


def test_natural_hand_at_the_deal_is_rejected():
    # 全白一點紅: exactly one red pip among 8 tiles (default rules) ends the hand at the deal
    text = """
[tiles]
E = "33 33 55 55 22 22 56 16"
S = "66 66 11 11 44 44 13 13"
W = "36 45 26 35 25 34 24 14"
N = "23 12 46 46 16 15 15 56"
"""
    with pytest.raises(InconsistentPositionError, match=r"position: tiles\.E: .*natural hand"):
        Position.loads(text)
    ok = Position.loads(text + '[rules]\nnatural_hands = "none"\n')
    assert ok.tiles_left == 8 and ok.leader == 0


def test_bad_toml_and_missing_file(tmp_path):
    with pytest.raises(NotationError, match="not valid TOML"):
        Position.loads("tiles = [")
    with pytest.raises(InconsistentPositionError, match="cannot read"):
        Position.load(str(tmp_path / "nope.toml"))
    f = tmp_path / "bad.toml"
    f.write_text(BASE.replace('E = 2', 'E = 9'), encoding="utf-8")
    with pytest.raises(InconsistentPositionError, match=r"bad\.toml: position: dong"):
        Position.load(str(f))


def test_a_position_table_inside_another_document():
    """Puzzle files and tests/solver/positions/*.toml keep the position under [position]."""
    p = load()
    wrapped = "[expect]\nvalue = 1\n\n" + "\n".join(
        ("[position." + line[1:] if line.startswith("[") else line)
        for line in p.dumps().splitlines())
    wrapped = wrapped.replace('format = "tianjiu-position/1"', '[position]\nformat = "tianjiu-position/1"', 1)
    assert Position.loads(wrapped) == p

"""Property test: any consistent random position survives Position → TOML → Position.

(Separate from test_position.py because hypothesis has no Pyodide build: the rest
of the position tests also run inside Pyodide.)"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from solver_helpers import random_position
from tianjiu_core.tiengow.position import Position


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_round_trip_property(seed):
    hand = random_position(random.Random(seed))
    pos = Position.from_hand(hand)
    assert Position.loads(pos.dumps()) == pos
    assert pos.to_hand().legal_actions() == hand.legal_actions()

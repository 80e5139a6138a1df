"""Shared test helpers.

Engine part: ``position`` builds a :class:`~tianjiu_core.tiengow.game.Hand` from a
position written in pip codes, ``play_out`` plays a list of actions on it and
``random_hand`` plays a seeded hand to the end with uniformly random legal
actions (the policy of the property tests and the benchmark).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tianjiu_core.tiengow.deal import Rng
from tianjiu_core.tiengow.game import Hand
from tianjiu_core.notation import parse_seat, parse_tiles
from tianjiu_core.players import random_action
from tianjiu_core.tiengow.rules import Rules

# --------------------------------------------------------------------------- engine


def make_position(holdings: Sequence[str], *, dong: Sequence[int] = (0, 0, 0, 0),
                  leader: str | None = None, banker: str = "E", streak: int = 1,
                  rules: Rules | dict | str | None = None, shown: str = "",
                  trick: Sequence[str] = (), first_lead_top: bool = False) -> Hand:
    """A Hand from a position: ``holdings`` are four strings of tiles (E S W N)."""
    from tianjiu_core.tiengow.game import Action

    if not isinstance(rules, Rules):
        rules = Rules.from_dict(rules)
    return Hand(rules, banker=parse_seat(banker), banker_streak=streak,
                holdings=[parse_tiles(h) if h.strip() else () for h in holdings], dong=dong,
                leader=None if leader is None else parse_seat(leader),
                shown=parse_tiles(shown) if shown.strip() else (),
                trick=[Action.parse(a) for a in trick], first_lead_top=first_lead_top)


def play_out(hand: Hand, actions: Sequence[str]) -> Hand:
    """Play ``actions`` (``"E: 66"``, ``"S: discard 12"``) in order; returns the hand."""
    for text in actions:
        hand.act(text)
    return hand


def play_random(hand: Hand, rng: Rng) -> Hand:
    """Play ``hand`` to its end with uniformly random legal actions drawn from ``rng``."""
    while not hand.is_over:
        hand.act(random_action(hand, rng))
    return hand


_HANDS_KEY = pytest.StashKey[dict]()


@pytest.fixture(scope="session")
def random_hands(request) -> dict:
    """A session counter ``{"played": n}`` of random hands the property tests played;
    the total is printed in pytest's terminal summary (the issue asks for the number)."""
    return request.config.stash.setdefault(_HANDS_KEY, {"played": 0})


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    counter = config.stash.get(_HANDS_KEY, None)
    if counter and counter["played"]:
        terminalreporter.write_line(
            f"property tests: {counter['played']} random hands played to the end")


@pytest.fixture(scope="session")
def position():
    """``position(holdings, dong=…, leader=…, banker=…, streak=…, rules=…, shown=…)``."""
    return make_position


@pytest.fixture(scope="session")
def play():
    """``play(hand, ["E: 66", "S: discard 12", …])`` → the hand."""
    return play_out

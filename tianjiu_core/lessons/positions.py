"""Small positions the exercises build and show: a Hand from pip codes, the board a page draws."""

from __future__ import annotations

from collections.abc import Sequence

from ..tiengow.game import Action, Hand
from ..notation import SEATS, parse_tiles
from ..tiengow.rules import Rules
from .common import codes_of


# --------------------------------------------------------------------- positions

def position_hand(holdings: Sequence[str], dong: Sequence[int], leader: int, *, banker: int = 0,
          streak: int = 1, shown: str = "", rules: Rules | None = None) -> Hand:
    return Hand(rules, banker=banker, banker_streak=streak,
                holdings=[parse_tiles(h) if h else () for h in holdings], dong=tuple(dong),
                leader=leader, shown=parse_tiles(shown) if shown else ())


def board_json(hand: Hand, *, hidden: Sequence[int] = ()) -> dict:
    """A position as the page draws it: seats, tiles (hidden seats: counts), 棟, banker, trick."""
    return {"banker": SEATS[hand.banker], "streak": hand.banker_streak,
            "leader": SEATS[hand.leader],
            "to_act": SEATS[hand.to_act] if hand.to_act >= 0 else None,
            "seats": {SEATS[s]: {"tiles": (len(hand.holdings[s]) if s in hidden
                                           else codes_of(hand.holdings[s])),
                                 "dong": hand.dong[s]} for s in range(4)},
            "trick": [a.to_json() for a in hand.trick],
            "best": None if hand.best_seat is None else SEATS[hand.best_seat]}


def play_out_last(hand: Hand) -> list[Action]:
    """Finish a last trick where every seat beats whenever the rules let it."""
    done = []
    while not hand.is_over:
        legal = hand.legal_actions()
        whole = len(hand.holdings[hand.to_act]) if not hand.trick else hand.trick_size
        plays = [a for a in legal if a.kind == "play" and a.size == whole]  # the whole holding, or nothing
        done.append(hand.act(plays[0] if plays else legal[0]))
    return done

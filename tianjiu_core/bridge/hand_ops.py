"""Bridge ops for live hands against engine players: ``new_hand``, ``act``, ``undo``,
``hand_state``, ``legal_actions``.

Hands live in this worker's memory, keyed by ``hand_id`` (at most 32 are kept).
"""

from __future__ import annotations

from typing import Any

from ..errors import InconsistentPositionError
from ..notation import SEATS
from ..players.greedy import greedy_action
from ..tiengow.game import Action, Hand
from ..tiengow.position import Position
from .fields import Fields, limit

__all__ = ["OPS", "get_session", "hand_from_json"]

_HANDS: dict[int, dict[str, Any]] = {}
_next_id = [1]


def _state(hid: int) -> dict:
    session = _HANDS[hid]
    hand: Hand = session["hand"]
    state = hand.to_json()
    state["hand_id"] = hid
    state["humans"] = [SEATS[s] for s in session["humans"]]
    state["legal"] = [a.to_json() for a in hand.legal_actions()] if (
        hand.to_act in session["humans"]) else []
    state["events"] = session.pop("events", [])
    return state


def get_session(req: dict | Fields) -> dict:
    """The live hand a request's ``hand_id`` names (a whole number; never coerced)."""
    f = req if isinstance(req, Fields) else Fields(req, allow=tuple(req) if isinstance(req, dict) else ())
    hid = f.int("hand_id", 1, limit("hand_id"))
    if hid not in _HANDS:
        raise InconsistentPositionError(
            f"hand_id: no hand {hid} in this engine (it may have been reset): start a new hand",
            zh=f"hand_id：引擎裏沒有第 {hid} 手牌（可能已重設）：請開新的一手")
    session = _HANDS[hid]
    session["id"] = hid
    return session


def _run_bots(session: dict) -> None:
    hand: Hand = session["hand"]
    events = session.setdefault("events", [])
    while not hand.is_over and hand.to_act not in session["humans"]:
        a = hand.act(greedy_action(hand))
        events.append(a.to_json())


def _new_hand(req: dict) -> dict:
    """A hand against engine players: ``seed``, ``rules``, ``banker``, ``banker_streak``,
    ``method``, ``humans`` (seats a person plays; default ``["S"]``)."""
    f = Fields(req)
    rules = f.rules()
    seed = f.int("seed", 0, 2 ** 64 - 1, default=0)
    banker = f.seat("banker", default=0)
    streak = f.int("banker_streak", 1, limit("banker_streak"), default=1)
    method = f.str("method", default="間棟")
    humans_in = f.list("humans", 4, default=["S"])
    humans = set()
    for i, s in enumerate(humans_in):
        humans.add(seat_item(f"humans[{i}]", s))
    f.done()
    with f.about("method"):
        hand = Hand.from_seed(seed, rules, banker=banker, banker_streak=streak, method=method)
    hid = _next_id[0]
    _next_id[0] += 1
    _HANDS[hid] = {"hand": hand, "humans": humans}
    while len(_HANDS) > 32:  # keep memory bounded in a long-lived tab
        del _HANDS[min(_HANDS)]
    _run_bots(_HANDS[hid])
    return _state(hid)


def seat_item(path: str, value: object) -> int:
    """A list item read as a seat (its errors say ``humans[1]``)."""
    return Fields({path: value}, allow=()).seat(path)


def _act(req: dict) -> dict:
    f = Fields(req)
    session = get_session(f)
    hand: Hand = session["hand"]
    action = f.raw("action", expected="an action like \"66 36\" or {kind, tiles}")
    if isinstance(action, dict):  # {"kind": "discard", "tiles": ["12"]} as legal_actions gives
        a_in = f.obj("action")
        kind = a_in.str("kind", default="play", choices=("play", "discard", "down"))
        tiles = a_in.tiles("tiles", default=())
        a_in.seat_or_none("seat")   # legal_actions gives the seat, the text and the unknown count too
        a_in.raw("text", None)
        a_in.raw("unknown", None)
        a_in.done()
        action = ("" if kind == "play" else kind + " ") + " ".join(t.code for t in tiles)
    else:
        action = f.str("action", limit("string_chars"))
    f.done()
    if hand.to_act not in session["humans"] and not hand.is_over:
        raise InconsistentPositionError("it is an engine player's turn", zh="現在輪到引擎的玩家")
    with f.about("action"):
        parsed = hand.parse_action(action)
    a = hand.act(parsed)
    session.setdefault("events", []).append(a.to_json())
    _run_bots(session)
    return _state(session["id"])


def _undo(req: dict) -> dict:
    """Take back the person's last action and the engine replies after it."""
    f = Fields(req)
    session = get_session(f)
    f.done()
    hand: Hand = session["hand"]
    if not any(a.seat in session["humans"] for a in hand.log):
        raise InconsistentPositionError("nothing to undo", zh="沒有可以悔的一步")
    while hand.log[-1].seat not in session["humans"]:
        hand.undo()
    hand.undo()
    return _state(session["id"])


def _hand_state(req: dict) -> dict:
    f = Fields(req)
    session = get_session(f)
    f.done()
    return _state(session["id"])


def _legal_actions(req: dict) -> list[dict]:
    """Legal actions of the seat to act, for a live hand (``hand_id``) or a ``position``."""
    f = Fields(req)
    if f.has("hand_id"):
        hand: Hand = get_session(f)["hand"]
    else:
        hand = hand_from_json(f.raw("position", expected="a position object or a hand_id"))
    f.done()
    return [a.to_json() for a in hand.legal_actions()]


def hand_from_json(pos: object) -> Hand:
    """A :class:`Hand` from a JSON position: the fields of a TOML position
    (:mod:`tianjiu_core.tiengow.position`, every one checked), ``holdings`` as another name
    for ``tiles``."""
    return position_arg(pos).to_hand()


def position_arg(pos: object, what: str = "position") -> Position:
    """A :class:`Position` from a request field: TOML text or its table (every field checked,
    errors start ``position: FIELD:``)."""
    if isinstance(pos, str):
        if len(pos) > limit("text_chars"):
            raise Fields({}).error(what, f"a position of at most {limit('text_chars'):,} characters", pos)
        return Position.loads(pos)
    if isinstance(pos, dict):
        return Position.from_dict(pos)
    raise Fields({}).error(what, "a position (TOML text or a table)", pos, "局面（TOML 文字或表）")


OPS = {
    "new_hand": _new_hand,
    "act": _act,
    "undo": _undo,
    "hand_state": _hand_state,
    "legal_actions": _legal_actions,
}

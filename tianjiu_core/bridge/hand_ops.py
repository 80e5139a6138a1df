"""Bridge ops for live hands against engine players: ``new_hand``, ``act``, ``undo``,
``hand_state``, ``legal_actions``.

Hands live in this worker's memory, keyed by ``hand_id`` (at most 32 are kept).
"""

from __future__ import annotations

from typing import Any

from ..errors import InconsistentPositionError, NotationError
from ..notation import SEATS, parse_seat
from ..players.greedy import greedy_action
from ..tiengow.game import Action, Hand
from .common import rules_arg, tiles_arg

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


def get_session(req: dict) -> dict:
    try:
        hid = int(req["hand_id"])
        return _HANDS[hid]
    except (KeyError, ValueError, TypeError):
        raise InconsistentPositionError(
            f"no hand {req.get('hand_id')!r} in this engine (it may have been reset): start a new hand") from None


def _run_bots(session: dict) -> None:
    hand: Hand = session["hand"]
    events = session.setdefault("events", [])
    while not hand.is_over and hand.to_act not in session["humans"]:
        a = hand.act(greedy_action(hand))
        events.append(a.to_json())


def _new_hand(req: dict) -> dict:
    """A hand against engine players: ``seed``, ``rules``, ``banker``, ``banker_streak``,
    ``method``, ``humans`` (seats a person plays; default ``["S"]``)."""
    rules = rules_arg(req.get("rules"))
    seed = req.get("seed", 0)   # checked by Rng in Hand.from_seed (no int() coercion)
    hand = Hand.from_seed(seed, rules, banker=parse_seat(req.get("banker", "E")),
                          banker_streak=int(req.get("banker_streak", 1)),
                          method=req.get("method", "間棟"))
    humans = {parse_seat(s) for s in req.get("humans", ["S"])}
    hid = _next_id[0]
    _next_id[0] += 1
    _HANDS[hid] = {"hand": hand, "humans": humans}
    while len(_HANDS) > 32:  # keep memory bounded in a long-lived tab
        del _HANDS[min(_HANDS)]
    _run_bots(_HANDS[hid])
    return _state(hid)


def _act(req: dict) -> dict:
    session = get_session(req)
    hand: Hand = session["hand"]
    action = req["action"]
    if isinstance(action, dict):  # {"kind": "discard", "tiles": ["12"]} as legal_actions gives
        kind = action.get("kind", "play")
        action = ("" if kind == "play" else kind + " ") + " ".join(action.get("tiles", []))
    if not isinstance(action, str):
        raise NotationError("action must be notation like '66 36' or {kind, tiles}")
    if hand.to_act not in session["humans"] and not hand.is_over:
        raise InconsistentPositionError("it is an engine player's turn")
    a = hand.act(hand.parse_action(action))
    session.setdefault("events", []).append(a.to_json())
    _run_bots(session)
    return _state(int(req["hand_id"]))


def _undo(req: dict) -> dict:
    """Take back the person's last action and the engine replies after it."""
    session = get_session(req)
    hand: Hand = session["hand"]
    if not any(a.seat in session["humans"] for a in hand.log):
        raise InconsistentPositionError("nothing to undo")
    while hand.log[-1].seat not in session["humans"]:
        hand.undo()
    hand.undo()
    return _state(int(req["hand_id"]))


def _hand_state(req: dict) -> dict:
    get_session(req)
    return _state(int(req["hand_id"]))


def _legal_actions(req: dict) -> list[dict]:
    """Legal actions of the seat to act, for a live hand (``hand_id``) or a ``position``."""
    if "hand_id" in req:
        hand: Hand = get_session(req)["hand"]
    else:
        hand = hand_from_json(req["position"])
    return [a.to_json() for a in hand.legal_actions()]


def hand_from_json(pos: dict) -> Hand:
    """A :class:`Hand` from a JSON position (the same fields as a TOML position)."""
    if not isinstance(pos, dict):
        raise InconsistentPositionError("position must be an object")
    holdings = pos.get("holdings")
    if not isinstance(holdings, dict):
        raise InconsistentPositionError("position needs holdings {\"E\": \"66 36\", …}")
    hold = [(), (), (), ()]
    for key, tiles in holdings.items():
        hold[parse_seat(key)] = tiles_arg(tiles)
    dong = [0, 0, 0, 0]
    for key, value in (pos.get("dong") or {}).items():
        dong[parse_seat(key)] = int(value)
    trick = []
    for item in pos.get("trick", []):
        trick.append(Action.parse(item) if isinstance(item, str) else Action.parse(
            f"{item['seat']}: {item.get('text') or ' '.join(item['tiles'])}"))
    leader = pos.get("leader")
    return Hand(rules_arg(pos.get("rules")), banker=parse_seat(pos.get("banker", "E")),
                banker_streak=int(pos.get("banker_streak", 1)), holdings=hold, dong=dong,
                trick=trick, leader=None if leader is None else parse_seat(leader),
                shown=tiles_arg(pos.get("shown", "")) if pos.get("shown") else ())


OPS = {
    "new_hand": _new_hand,
    "act": _act,
    "undo": _undo,
    "hand_state": _hand_state,
    "legal_actions": _legal_actions,
}

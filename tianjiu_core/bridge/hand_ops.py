"""Bridge ops for live hands against engine players: ``new_hand``, ``act``, ``undo``,
``hand_state``, ``legal_actions``, ``hand_record``, ``replay_record``, ``first_banker``.

Hands live in this worker's memory, keyed by ``hand_id`` (at most 32 are kept).  Every answer
about a live hand is one seat's :class:`~tianjiu_core.tiengow.view.SeatView` (its tiles, the
face-up plays, the others' tile counts, its own discards) until the hand is over; then
everything is revealed.  The viewer is the person's seat (with several ``humans``, the one to
act).  Engine players decide from their own view only.
"""

from __future__ import annotations

from typing import Any

from ..errors import InconsistentPositionError, NotationError
from ..notation import SEATS, parse_seat
from ..players import player_for
from ..rng import Rng
from ..tiengow.deal import first_banker
from ..tiengow.game import Action, Hand
from ..tiengow.record import HandRecord
from ..tiengow.view import SeatView, mask_action
from .common import rules_arg, tiles_arg

__all__ = ["OPS", "get_session", "hand_from_json", "viewer"]

_HANDS: dict[int, dict[str, Any]] = {}
_next_id = [1]


def viewer(session: dict) -> int:
    """The seat whose view a session's answers give: the person to act, else the first person."""
    hand: Hand = session["hand"]
    humans = session["humans"]
    return hand.to_act if hand.to_act in humans else min(humans)


def _state(hid: int) -> dict:
    session = _HANDS[hid]
    hand: Hand = session["hand"]
    seat = viewer(session)
    state = SeatView.of(hand, seat).to_json()
    state["hand_id"] = hid
    state["humans"] = [SEATS[s] for s in sorted(session["humans"])]
    state["players"] = {SEATS[s]: name for s, name in session["players"].items()}
    events = session.pop("events", [])
    if not hand.is_over:
        events = [mask_action(a, seat) for a in events]
    state["events"] = [a.to_json() for a in events]
    state["can_undo"] = not hand.is_over and any(a.seat in session["humans"] for a in hand.log)
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
        seat = hand.to_act
        a = hand.act(session["decide"][seat](SeatView.of(hand, seat)))
        events.append(a)


def _new_hand(req: dict) -> dict:
    """A hand against engine players: ``seed``, ``rules``, ``banker``, ``banker_streak``,
    ``method``, ``humans`` (seats a person plays; default ``["S"]``), ``players`` (the engine
    players' strength, ``"beginner"`` (default) or ``"club"``, one for all or per seat)."""
    rules = rules_arg(req.get("rules"))
    seed = req.get("seed", 0)   # checked by Rng in Hand.from_seed (no int() coercion)
    hand = Hand.from_seed(seed, rules, banker=parse_seat(req.get("banker", "E")),
                          banker_streak=int(req.get("banker_streak", 1)),
                          method=req.get("method", "間棟"))
    humans = {parse_seat(s) for s in req.get("humans", ["S"])}
    if not humans:
        raise InconsistentPositionError("humans: name at least one seat a person plays, e.g. [\"S\"]")
    strength = req.get("players", "beginner")
    names = ({SEATS[s]: strength for s in range(4)} if not isinstance(strength, dict)
             else {SEATS[parse_seat(k)]: v for k, v in strength.items()})
    players = {s: player_for(names.get(SEATS[s], "beginner")) for s in range(4) if s not in humans}
    hid = _next_id[0]
    _next_id[0] += 1
    _HANDS[hid] = {"hand": hand, "humans": humans,
                   "players": {s: names.get(SEATS[s], "beginner") for s in players}}
    _HANDS[hid]["decide"] = players
    while len(_HANDS) > 32:  # keep memory bounded in a long-lived tab
        old = min(_HANDS)
        del _HANDS[old]
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
    session.setdefault("events", []).append(a)
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
    """Legal actions of the seat to act, for a live hand (``hand_id``: only when a person is
    to act — an engine player's options would show its tiles) or a ``position``."""
    if "hand_id" in req:
        session = get_session(req)
        hand: Hand = session["hand"]
        if not hand.is_over and hand.to_act not in session["humans"]:
            raise InconsistentPositionError("it is an engine player's turn: its legal actions "
                                            "would show its tiles")
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


def _hand_record(req: dict) -> dict:
    """The TOML hand record of a finished hand (``hand_id``; ``seats``: names by seat).
    A live hand has no record yet: the wall would show every tile."""
    session = get_session(req)
    hand: Hand = session["hand"]
    if not hand.is_over:
        raise InconsistentPositionError("the hand is not over: its record (the whole wall) "
                                        "would show every seat's tiles")
    seats = req.get("seats") or {}
    if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
        raise NotationError("seats must be names by seat, e.g. {\"S\": \"me\"}")
    record = HandRecord.from_hand(hand, {SEATS[parse_seat(k)]: v for k, v in seats.items()})
    return {"toml": record.dumps(), "hand_id": int(req["hand_id"])}


def _first_banker(req: dict) -> dict:
    """The first banker of a session (spec §3: every seat throws two dice, the highest total
    banks, ties throw again), seeded: ``seed``.  Returns the seat and every round of totals."""
    seat, rounds = first_banker(Rng(req.get("seed", 0)))
    return {"banker": SEATS[seat], "rounds": [dict(zip(SEATS, r)) for r in rounds]}


def _replay_record(req: dict) -> dict:
    """A TOML hand record (``toml``, as ``hand_record`` or ``tianjiu play --save`` writes it)
    replayed in full: the record holds the wall, so every tile is shown.  Returns the record's
    table, seats and the hand's state with every trick, the dealt hands and the result."""
    text = req.get("toml")
    if not isinstance(text, str):
        raise NotationError("toml must be the text of a hand record")
    record = HandRecord.loads(text)
    hand = record.replay()
    state = hand.to_json()
    d = hand.deal_info
    assert d is not None
    state["dealt"] = {SEATS[s]: [t.code for t in h] for s, h in enumerate(d.hands)}
    state["method"], state["dice"] = d.method.name_hant, list(d.dice)
    state["seats"] = dict(record.seats)
    state["revealed"] = True
    return state


OPS = {
    "new_hand": _new_hand,
    "act": _act,
    "undo": _undo,
    "hand_state": _hand_state,
    "legal_actions": _legal_actions,
    "hand_record": _hand_record,
    "replay_record": _replay_record,
    "first_banker": _first_banker,
}

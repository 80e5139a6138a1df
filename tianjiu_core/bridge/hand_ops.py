"""Bridge ops for live hands against engine players: ``new_hand``, ``act``, ``undo``,
``resume_hand``, ``hand_state``, ``legal_actions``, ``hand_record``, ``replay_record``,
``record_position``, ``first_banker``.

Hands live in this worker's memory, keyed by ``hand_id`` (at most 32 are kept).  Every answer
about a live hand is one seat's :class:`~tianjiu_core.tiengow.view.SeatView` (its tiles, the
face-up plays, the others' tile counts, its own discards) until the hand is over; then
everything is revealed.  The viewer is the person's seat (with several ``humans``, the one to
act).  Engine players decide from their own view only.

A hand started with ``keep: SLOT`` is handed to the engine's host after every change
(:mod:`tianjiu_core.bridge.keep`), so that ``resume_hand`` can bring it back in a new engine
(a reloaded page) while the page itself never holds the deal.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from ..errors import InconsistentPositionError, TianJiuError
from ..notation import SEATS
from ..players import PLAYERS, player_for
from ..rng import Rng
from ..tiengow.deal import first_banker
from ..tiengow.game import Hand
from ..tiengow.position import Position
from ..tiengow.record import HandRecord
from ..tiengow.view import SeatView, mask_action
from . import keep
from .fields import Fields, limit

__all__ = ["OPS", "get_session", "hand_from_json", "own_discards", "viewer"]

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
        seat = hand.to_act
        a = hand.act(session["decide"][seat](SeatView.of(hand, seat)))
        events.append(a)


def _new_hand(req: dict) -> dict:
    """A hand against engine players: ``seed``, ``rules``, ``banker``, ``banker_streak``,
    ``method``, ``humans`` (seats a person plays; default ``["S"]``), ``players`` (the engine
    players' strength, ``"beginner"`` (default) or ``"club"``, one for all or per seat:
    ``{"E": "club", …}``), ``keep`` (a slot name, 1–40 characters of ``A-Z a-z 0-9 _ -``:
    the hand is kept for ``resume_hand`` until it is over; see :mod:`~tianjiu_core.bridge.keep`).

    Without ``seed`` the engine draws one (``secrets``) and keeps it to itself: a page that
    chose the seed could deal the same tiles again with ``deal`` and see every seat's hand,
    so a page that plays a hand for a person sends none (a seed is for reproducible hands:
    tests, examples)."""
    f = Fields(req)
    rules = f.rules()
    seed = f.int("seed", 0, 2 ** 64 - 1, default=None)
    if seed is None:
        seed = secrets.randbits(63)
    banker = f.seat("banker", default=0)
    streak = f.int("banker_streak", 1, limit("banker_streak"), default=1)
    method = f.str("method", default="間棟")
    humans_in = f.list("humans", 4, default=["S"])
    humans = set()
    for i, s in enumerate(humans_in):
        humans.add(seat_item(f"humans[{i}]", s))
    if not humans:
        raise f.error("humans", "at least one seat a person plays, e.g. [\"S\"]", humans_in,
                      "至少一個由人玩的座位，例如 [\"S\"]")
    names = _player_names(f)
    slot = _slot(f, required=False)
    f.done()
    with f.about("method"):
        hand = Hand.from_seed(seed, rules, banker=banker, banker_streak=streak, method=method)
    hid = _open(hand, humans, names, slot)
    _run_bots(_HANDS[hid])
    _kept(_HANDS[hid])
    return _state(hid)


def _slot(f: Fields, required: bool = True) -> str | None:
    """The ``keep`` field: a slot name (None when absent and not ``required``)."""
    if not required and not f.has("keep"):
        return None
    slot = f.str("keep", limit("name_chars"))
    if not keep.SLOT.fullmatch(slot):
        raise f.error("keep", "a slot name of A-Z a-z 0-9 _ - (1–40 characters)", slot,
                      "由 A-Z a-z 0-9 _ - 組成的名稱（1–40 個字元）")
    return slot


def _open(hand: Hand, humans: set[int], names: dict[str, str], slot: str | None) -> int:
    """A new live session for ``hand``; its hand_id."""
    players = {s: player_for(names.get(SEATS[s], "beginner")) for s in range(4) if s not in humans}
    hid = _next_id[0]
    _next_id[0] += 1
    _HANDS[hid] = {"hand": hand, "humans": humans,
                   "players": {s: names.get(SEATS[s], "beginner") for s in players},
                   "decide": players, "keep": slot}
    while len(_HANDS) > 32:  # keep memory bounded in a long-lived tab
        old = min(_HANDS)
        del _HANDS[old]
    return hid


def _kept(session: dict) -> None:
    """Hand a kept session's hand to the host (the record so far), or forget it once over."""
    slot = session.get("keep")
    if not slot:
        return
    hand: Hand = session["hand"]
    if hand.is_over:
        keep.forget(slot)
        return
    keep.put(slot, json.dumps({
        "v": 1, "record": HandRecord.from_hand(hand).dumps(),
        "humans": [SEATS[s] for s in sorted(session["humans"])],
        "players": {SEATS[s]: name for s, name in session["players"].items()}}, ensure_ascii=False))


def _resume_hand(req: dict) -> dict:
    """The hand kept under ``keep`` (a slot name, as ``new_hand`` was given) brought back in
    this engine: a new ``hand_id``, the same seat view as before the page went (the person to
    act, with undo as far back as the hand goes).  Nothing kept there — the hand was finished,
    the host keeps no data (Node, a browser's private mode), or it was dropped as old — is an
    ``InconsistentPositionError`` naming ``keep``; so is a kept entry that cannot be read or
    replayed (it is then forgotten).  The answer is the seat view only: the kept record never
    leaves the engine.

    What the page expects may be given, as ``new_hand`` takes it: ``rules``, ``humans``,
    ``players``, ``banker``, ``banker_streak``; a kept hand that differs in any of them (an
    entry edited, or another session's) is refused the same way — the page deals anew.

    A session of this engine still playing the hand kept under ``keep`` ends: its ``hand_id``
    is unknown from then on (one live copy, so a page cannot play one copy out to read the
    deal and go on with the other)."""
    f = Fields(req)
    slot = _slot(f)
    expect: dict[str, Any] = {}
    if f.has("rules"):
        expect["rules"] = f.rules()
    if f.has("humans"):
        expect["humans"] = {seat_item(f"humans[{i}]", x) for i, x in enumerate(f.list("humans", 4))}
    if f.has("players"):
        expect["players"] = _player_names(f)
    if f.has("banker"):
        expect["banker"] = f.seat("banker")
    if f.has("banker_streak"):
        expect["banker_streak"] = f.int("banker_streak", 1, limit("banker_streak"))
    f.done()
    text = keep.get(slot)
    if text is None:
        raise InconsistentPositionError(
            f"keep: no hand is kept under {slot!r} (it is over, or this browser keeps no data): "
            "start a new hand",
            zh=f"keep：{slot!r} 下沒有保存的牌局（已經打完，或這個瀏覽器不保存資料）：請開新的一手")
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("v") != 1:
            raise ValueError("not a kept hand of this version")
        hand = HandRecord.loads(data["record"]).replay()
        humans = {SEATS.index(x) for x in data["humans"]}
        names = dict(data["players"])
        if not humans or not all(isinstance(v, str) and v in PLAYERS for v in names.values()) \
                or not set(names) <= set(SEATS):
            raise ValueError("unknown seats or players")
    except (TianJiuError, ValueError, KeyError, TypeError, AttributeError):
        keep.forget(slot)
        raise InconsistentPositionError(
            f"keep: the hand kept under {slot!r} is damaged or from another version: "
            "start a new hand",
            zh=f"keep：{slot!r} 下保存的牌局已損壞或來自另一個版本：請開新的一手") from None
    if hand.is_over:
        keep.forget(slot)
        raise InconsistentPositionError(
            f"keep: the hand kept under {slot!r} is over: start a new hand",
            zh=f"keep：{slot!r} 下保存的牌局已經打完：請開新的一手")
    found = {"rules": hand.rules, "humans": humans, "banker": hand.banker,
             "banker_streak": hand.banker_streak,
             "players": {SEATS[s]: names.get(SEATS[s], "beginner") for s in range(4) if s not in humans}}
    if "players" in expect:
        expect["players"] = {k: v for k, v in expect["players"].items() if SEATS.index(k) not in humans}
    differ = [k for k in ("rules", "humans", "players", "banker", "banker_streak")
              if k in expect and expect[k] != found[k]]
    if differ:
        keep.forget(slot)
        raise InconsistentPositionError(
            f"keep: the hand kept under {slot!r} belongs to another session ({', '.join(differ)} "
            "differ): start a new hand",
            zh=f"keep：{slot!r} 下保存的牌局屬於另一場（{', '.join(differ)} 不同）：請開新的一手")
    # one live copy of a kept hand: a session of this engine still playing it ends here (two
    # copies let a page play one out to the end, read its record — the whole deal — and go on
    # with the other knowing every tile)
    for old in [h for h, s in _HANDS.items() if s.get("keep") == slot]:
        del _HANDS[old]
    hid = _open(hand, humans, names, slot)
    _run_bots(_HANDS[hid])
    _kept(_HANDS[hid])
    return _state(hid)


def seat_item(path: str, value: object) -> int:
    """A list item read as a seat (its errors say ``humans[1]``)."""
    return Fields({path: value}, allow=()).seat(path)


def _player_names(f: Fields) -> dict[str, str]:
    """``players``: one strength for every engine player, or strengths by seat (others
    ``"beginner"``); each one of :data:`~tianjiu_core.players.PLAYERS`."""
    choices = tuple(PLAYERS)
    given = f.raw("players", "beginner")
    if isinstance(given, dict):
        pf = f.obj("players")
        names = {}
        for key in list(given):
            seat = pf.seat_key(key)
            names[SEATS[seat]] = pf.str(key, choices=choices)
        pf.done()
        return names
    name = f.str("players", default="beginner", choices=choices)
    return {SEATS[s]: name for s in range(4)}


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
    session.setdefault("events", []).append(a)
    _run_bots(session)
    _kept(session)
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
    _kept(session)
    return _state(session["id"])


def _hand_state(req: dict) -> dict:
    f = Fields(req)
    session = get_session(f)
    f.done()
    return _state(session["id"])


def _legal_actions(req: dict) -> list[dict]:
    """Legal actions of the seat to act, for a live hand (``hand_id``: only when a person is
    to act — an engine player's options would show its tiles) or a ``position``."""
    f = Fields(req)
    if f.has("hand_id"):
        session = get_session(f)
        hand: Hand = session["hand"]
        if not hand.is_over and hand.to_act not in session["humans"]:
            raise InconsistentPositionError("it is an engine player's turn: its legal actions "
                                            "would show its tiles",
                                            zh="現在輪到引擎的玩家：它的合法出法會洩露它的牌")
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


def _hand_record(req: dict) -> dict:
    """The TOML hand record of a finished hand (``hand_id``; ``seats``: names by seat).
    A live hand has no record yet: the wall would show every tile."""
    f = Fields(req)
    session = get_session(f)
    given = f.raw("seats", None)
    seats: dict[str, str] = {}
    if given is not None:
        sf = f.obj("seats")
        for key in list(given) if isinstance(given, dict) else ():
            seat = sf.seat_key(key)
            seats[SEATS[seat]] = sf.str(key)
        sf.done()
    f.done()
    hand: Hand = session["hand"]
    if not hand.is_over:
        raise InconsistentPositionError("the hand is not over: its record (the whole wall) "
                                        "would show every seat's tiles",
                                        zh="這手牌還沒打完：牌譜（整道牌牆）會洩露每家的牌")
    record = HandRecord.from_hand(hand, seats)
    return {"toml": record.dumps(), "hand_id": session["id"]}


def _first_banker(req: dict) -> dict:
    """The first banker of a session (spec §3: every seat throws two dice, the highest total
    banks, ties throw again), seeded: ``seed``.  Returns the seat and every round of totals."""
    f = Fields(req)
    seed = f.int("seed", 0, 2 ** 64 - 1, default=0)
    f.done()
    seat, rounds = first_banker(Rng(seed))
    return {"banker": SEATS[seat], "rounds": [dict(zip(SEATS, r)) for r in rounds]}


def _replay_record(req: dict) -> dict:
    """A TOML hand record (``toml``, as ``hand_record`` or ``tianjiu play --save`` writes it)
    replayed in full: the record holds the wall, so every tile is shown.  Returns the record's
    table, seats and the hand's state with every trick, the dealt hands and the result."""
    f = Fields(req)
    text = f.text("toml")
    f.done()
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


def own_discards(hand: Hand, seat: int) -> list:
    """The tiles ``seat`` discarded face down in ``hand``'s finished tricks (it knows them;
    nobody else does): what hidden-hand judging from that seat's chair may use."""
    return [t for rec in hand.tricks for a in rec.actions
            if a.seat == seat and a.kind == "discard" for t in a.tiles]


def _record_position(req: dict) -> dict:
    """A finished hand's record, for review: the position just before ``seat`` acts in trick
    ``trick`` (1–8) of the record ``toml``, every holding shown (the record holds the whole
    wall, so nothing is hidden that the record does not already show).  Answer: ``{"position":
    table (as ``solve_start`` takes it), "to_act": seat, "trick": n, "tiles_left": tiles in the
    seat's hand, "played": what the seat played there (notation), "view": as asked}``.  A record
    cut short before that point is an ``InconsistentPositionError`` naming ``trick``.

    ``view: true`` gives instead what ``seat`` could see at that moment
    (:meth:`Position.seat_view`: the other holdings and their face-down discards unknown, its
    own earlier discards known), the position ``solve_hidden_start`` takes to judge the choice
    from that chair."""
    f = Fields(req)
    text = f.text("toml")
    number = f.int("trick", 1, 8)
    seat = f.seat("seat")
    view = f.bool("view", default=False)
    f.done()
    record = HandRecord.loads(text)
    full = record.replay()
    hand = Hand.from_deal(full.deal_info, record.rules, record.banker_streak)
    for action in full.log:
        if len(hand.tricks) == number - 1 and hand.to_act == seat and not hand.is_over:
            if view:
                own: list[list] = [[] for _ in range(4)]
                own[seat] = own_discards(hand, seat)
                position = Position.from_hand(hand, hero=seat, discarded=own).seat_view(seat)
            else:
                position = Position.from_hand(hand, hero=seat)
            return {"position": position.to_dict(), "to_act": SEATS[seat], "trick": number,
                    "tiles_left": len(hand.holdings[seat]), "played": action.notation(), "view": view}
        hand.act(action)
    raise InconsistentPositionError(
        f"trick: the record has no trick {number} with {SEATS[seat]} to act (it has "
        f"{len(full.tricks)} tricks)",
        zh=f"trick：紀錄裏沒有輪到 {SEATS[seat]} 出牌的第 {number} 墩（紀錄共有 {len(full.tricks)} 墩）")


OPS = {
    "new_hand": _new_hand,
    "act": _act,
    "undo": _undo,
    "resume_hand": _resume_hand,
    "hand_state": _hand_state,
    "legal_actions": _legal_actions,
    "hand_record": _hand_record,
    "replay_record": _replay_record,
    "record_position": _record_position,
    "first_banker": _first_banker,
}

"""JSON-in / JSON-out facade: what the browser worker and the command line call.

:func:`handle` takes one request ``{"op": …, …}`` and returns
``{"ok": true, "result": …}`` or ``{"ok": false, "error": {"type": …, "message": …}}``;
it never raises for bad input (engine errors become ``ok: false``), so a page
can show the message and keep its state.  :func:`handle_json` does the same on
JSON text — that is the entry point of the Pyodide worker.

Ops: ``version``, ``tiles``, ``classify``, ``beats``, ``settle``, ``deal``,
``new_hand``, ``act``, ``undo``, ``hand_state``, ``legal_actions``, ``rules``.
Other modules register more with :func:`register` (the solver and puzzles do).

>>> handle({"op": "classify", "tiles": "66 66 36 45"})["result"]["name_hant"]
'四天九'
>>> handle({"op": "classify", "tiles": "66 11"})["result"]["class"] is None
True
>>> handle({"op": "classify", "tiles": "77"})["error"]["type"]
'NotationError'
>>> handle({"op": "settle", "banker": "E", "banker_streak": 1, "finisher": "N",
...         "dong": {"E": 1, "S": 4, "W": 0, "N": 3}})["result"]["payments"]
{'E': -6, 'S': 0, 'W': -5, 'N': 11}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import __version__
from .deal import Rng, Wall, deal, parse_method, shuffled_wall, METHODS
from .errors import InconsistentPositionError, NotationError, TianJiuError
from .limits import check_depth
from .game import Action, Hand
from .notation import SEATS, parse_seat, parse_tiles
from .players import greedy_action
from .plays import CLASS_NAMES, Play, beats, try_classify, why_not_a_play
from .rules import Rules
from .scoring import Finish, settle
from .tiles import TILES

__all__ = ["handle", "handle_json", "register", "play_json", "settle_request"]

Handler = Callable[[dict[str, Any]], Any]
_OPS: dict[str, Handler] = {}
_HANDS: dict[int, dict[str, Any]] = {}
_next_id = [1]


def register(op: str) -> Callable[[Handler], Handler]:
    """Decorator: make ``fn(request) -> result`` answer ``{"op": op}``."""
    def wrap(fn: Handler) -> Handler:
        _OPS[op] = fn
        return fn
    return wrap


_PLUGINS = ("tianjiu_core.solver", "tianjiu_core.puzzles", "tianjiu_core.lessons")
_plugins_loaded = [False]


def _load_plugins() -> None:
    """Import the modules that register more ops (solver, puzzles) when they exist."""
    if _plugins_loaded[0]:
        return
    _plugins_loaded[0] = True
    import importlib
    for mod in _PLUGINS:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one request; engine errors become ``{"ok": false, "error": …}``."""
    _load_plugins()
    if not isinstance(request, dict):
        return _error("NotationError", "a request is a JSON object with an 'op'")
    op = request.get("op")
    fn = _OPS.get(op) if isinstance(op, str) else None
    if fn is None:
        return _error("NotationError", f"unknown op {op!r}; known: {', '.join(sorted(_OPS))}",
                      f"不認得的操作 {op!r}")
    try:
        return {"ok": True, "result": fn(request)}
    except TianJiuError as exc:
        return _error(type(exc).__name__, str(exc), exc.message_zh)
    except KeyError as exc:  # a required field is missing
        return _error("NotationError", f"bad request for {op!r}: the field {exc} is missing",
                      f"「{op}」的請求缺少欄位 {exc}")
    except (TypeError, ValueError) as exc:  # a field of the wrong type or value
        return _error("NotationError", f"bad request for {op!r}: a field has the wrong type or value ({exc})",
                      f"「{op}」的請求有欄位的類型或數值不對（{exc}）")
    except RecursionError:
        return _error("NotationError", f"bad request for {op!r}: nested too deeply", f"「{op}」的請求嵌套太深")


def handle_json(text: str) -> str:
    """:func:`handle` on JSON text (the Pyodide worker's entry point).  Always returns a JSON
    answer, ``{"ok": false, …}`` for text that is not JSON or is nested too deeply."""
    try:
        check_depth(text, "request")   # before json: too deep kills Pyodide's interpreter
        request = json.loads(text)
    except TianJiuError as exc:
        return json.dumps(_error("NotationError", str(exc), exc.message_zh), ensure_ascii=False)
    except json.JSONDecodeError as exc:
        return json.dumps(_error("NotationError", f"request is not JSON: {exc}", f"請求不是 JSON：{exc}"))
    except RecursionError:
        return json.dumps(_error("NotationError", "request is nested too deeply", "請求嵌套太深"))
    return json.dumps(handle(request), ensure_ascii=False)


def _error(kind: str, message: str, message_zh: str | None = None) -> dict[str, Any]:
    """The failure answer: error class name, the English message and, when known, 繁體."""
    return {"ok": False, "error": {"type": kind, "message": message, "message_zh": message_zh}}


def _tiles(value: Any, context: Any = None) -> tuple:
    if isinstance(value, str):
        return parse_tiles(value, context)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return parse_tiles(" ".join(value), context)
    raise NotationError(f"tiles must be a string like '66 36' or a list of codes, not {value!r}")


def _rules(value: Any) -> Rules:
    return Rules.from_dict(value) if value is not None else Rules()


def play_json(play: Play) -> dict[str, Any]:
    """A play as JSON: class, names in three languages, tiles, rank."""
    return {"class": play.cls, "class_hant": CLASS_NAMES[play.cls][0],
            "class_hans": CLASS_NAMES[play.cls][1], "class_en": CLASS_NAMES[play.cls][2],
            "name_zh": play.name("hant"), "name_hant": play.name("hant"),
            "name_hans": play.name("hans"), "name_en": play.name("en"),
            "tiles": list(play.codes), "rank": play.rank}


@register("version")
def _version(req: dict) -> dict:
    return {"version": __version__}


@register("tiles")
def _tiles_table(req: dict) -> list[dict]:
    """The 21 faces with their names, for labels in every language."""
    return [{"code": t.code, "index": t.index, "hant": t.name_hant, "hans": t.name_hans,
             "en": t.name_en, "meaning_en": t.meaning_en, "jyutping": t.jyutping,
             "suit": t.suit, "copies": t.copies, "points": t.points, "red": t.red,
             "white": t.white, "strength": t.strength, "value": t.value} for t in TILES]


@register("rules")
def _rules_op(req: dict) -> dict:
    return _rules(req.get("rules")).to_dict()


@register("classify")
def _classify(req: dict) -> dict:
    tiles = _tiles(req["tiles"])
    result = try_classify(tiles, _rules(req.get("rules")))
    if isinstance(result, str):
        why = why_not_a_play(tiles)
        return {"class": None, "reason": why.en, "reason_zh": why.hant, "reason_code": why.code,
                "tiles": [t.code for t in tiles]}
    return play_json(result)


@register("beats")
def _beats(req: dict) -> dict:
    rules = _rules(req.get("rules"))
    out = {}
    plays = {}
    for key in ("best", "play"):
        tiles = _tiles(req[key])
        result = try_classify(tiles, rules)
        if isinstance(result, str):
            why = why_not_a_play(tiles)
            return {"beats": False, "reason": f"{key}: {why.en}", "reason_zh": why.hant,
                    "reason_code": f"not_a_play_{key}", key: None}
        plays[key] = result
        out[key] = play_json(result)
    best, play = plays["best"], plays["play"]
    ok = beats(best, play, rules)
    if ok and best.cls == play.cls:
        code, reason, zh = "higher", "same class and strictly higher", "同一牌型，而且更大"
    elif ok:
        code, reason, zh = "qin_zun", "擒尊: 16+16 captures 文尊", "擒尊：高腳七對擒文尊"
    elif best.cls == "supreme":
        code, reason, zh = "supreme", "至尊 can be neither beaten nor used to beat", "至尊無牌可打，也不能打別的牌"
    elif best.cls != play.cls:
        code = "classes"
        reason = (f"different classes ({best.class_name('en')} vs {play.class_name('en')}) "
                  "never beat each other")
        zh = f"牌型不同（{best.class_name()}、{play.class_name()}），不能互打"
    elif best.rank == play.rank:
        code, reason, zh = "equal", "equal plays never beat: the earlier one stands", "同等大小不能打：先出的贏"
    else:
        code, reason, zh = "lower", "lower than the best play so far", "比桌上最大的牌小"
    return {"beats": ok, "reason": reason, "reason_zh": zh, "reason_code": code, **out}


def settle_request(req: dict) -> dict:
    """The ``settle`` op (also ``tianjiu settle``): input as in the CLI's JSON."""
    rules = _rules(req.get("rules"))
    banker = parse_seat(req["banker"])
    finisher = parse_seat(req["finisher"])
    dong_in = req["dong"]
    if not isinstance(dong_in, dict):
        raise InconsistentPositionError("dong must be an object {\"E\": …, \"S\": …, \"W\": …, \"N\": …}")
    dong = [0, 0, 0, 0]
    seen = set()
    for key, value in dong_in.items():
        seat = parse_seat(key)
        if seat in seen:
            raise InconsistentPositionError(f"seat {SEATS[seat]} appears twice in dong")
        seen.add(seat)
        if not isinstance(value, int) or isinstance(value, bool):
            raise InconsistentPositionError(f"棟 for {SEATS[seat]} must be a whole number, not {value!r}")
        dong[seat] = value
    if len(seen) != 4:
        missing = [SEATS[s] for s in range(4) if s not in seen]
        raise InconsistentPositionError(f"dong must give all four seats; missing {', '.join(missing)}")
    f = req.get("finish") or {}
    if not isinstance(f, dict):
        raise InconsistentPositionError("finish must be an object {\"kind\": …}")
    unknown = set(f) - {"kind", "captured_from", "guaranteed", "last_trick_tiles", "first_lead_top"}
    if unknown:
        raise InconsistentPositionError(f"unknown finish field {sorted(unknown)[0]!r}")
    captured = f.get("captured_from")
    finish = Finish(kind=f.get("kind", "plain"),
                    captured_from=None if captured is None else parse_seat(captured),
                    guaranteed=bool(f.get("guaranteed", False)),
                    last_trick_tiles=f.get("last_trick_tiles", 1),
                    first_lead_top=bool(f.get("first_lead_top", False)))
    streak = req.get("banker_streak", 1)
    return settle(banker=banker, banker_streak=streak, finisher=finisher, dong=dong,
                  finish=finish, rules=rules).to_json()


register("settle")(settle_request)


@register("deal")
def _deal(req: dict) -> dict:
    """A dealt wall step by step: ``seed`` or ``wall``, ``method``, ``dice`` (or from the seed), ``banker``."""
    banker = parse_seat(req.get("banker", "E"))
    if "wall" in req:
        wall = Wall.parse(req["wall"] if isinstance(req["wall"], str) else " ".join(req["wall"]))
        dice = req.get("dice")
        if dice is None:
            raise NotationError("a given wall needs its dice")
    else:
        rng = Rng(req.get("seed", 0))   # Rng checks the seed (a whole number, no coercion)
        from .deal import _shuffle
        wall = _shuffle(rng)
        dice = req.get("dice") or rng.dice()
    return deal(wall, req.get("method", "間棟"), dice, banker).to_json()


@register("methods")
def _methods(req: dict) -> list[dict]:
    return [{"key": m.key, "hant": m.name_hant, "hans": m.name_hans, "en": m.name_en}
            for m in METHODS]


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


def _get_session(req: dict) -> dict:
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


@register("new_hand")
def _new_hand(req: dict) -> dict:
    """A hand against engine players: ``seed``, ``rules``, ``banker``, ``banker_streak``,
    ``method``, ``humans`` (seats a person plays; default ``["S"]``)."""
    rules = _rules(req.get("rules"))
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


@register("act")
def _act(req: dict) -> dict:
    session = _get_session(req)
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


@register("undo")
def _undo(req: dict) -> dict:
    """Take back the person's last action and the engine replies after it."""
    session = _get_session(req)
    hand: Hand = session["hand"]
    if not any(a.seat in session["humans"] for a in hand.log):
        raise InconsistentPositionError("nothing to undo")
    while hand.log[-1].seat not in session["humans"]:
        hand.undo()
    hand.undo()
    return _state(int(req["hand_id"]))


@register("hand_state")
def _hand_state(req: dict) -> dict:
    _get_session(req)
    return _state(int(req["hand_id"]))


@register("legal_actions")
def _legal_actions(req: dict) -> list[dict]:
    """Legal actions of the seat to act, for a live hand (``hand_id``) or a ``position``."""
    if "hand_id" in req:
        hand: Hand = _get_session(req)["hand"]
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
        hold[parse_seat(key)] = _tiles(tiles)
    dong = [0, 0, 0, 0]
    for key, value in (pos.get("dong") or {}).items():
        dong[parse_seat(key)] = int(value)
    trick = []
    for item in pos.get("trick", []):
        trick.append(Action.parse(item) if isinstance(item, str) else Action.parse(
            f"{item['seat']}: {item.get('text') or ' '.join(item['tiles'])}"))
    leader = pos.get("leader")
    return Hand(_rules(pos.get("rules")), banker=parse_seat(pos.get("banker", "E")),
                banker_streak=int(pos.get("banker_streak", 1)), holdings=hold, dong=dong,
                trick=trick, leader=None if leader is None else parse_seat(leader),
                shown=_tiles(pos.get("shown", "")) if pos.get("shown") else ())

"""Bridge ops about the rules themselves: the tiles, plays, settlement and dealing (spec §1–§5).

``version``, ``tiles``, ``rules``, ``classify``, ``beats``, ``settle``, ``deal``, ``methods``.
"""

from __future__ import annotations

from .. import __version__
from ..errors import InconsistentPositionError, NotationError
from ..notation import SEATS, parse_seat
from ..rng import Rng
from ..tiengow.deal import METHODS, Wall, deal, shuffled_wall
from ..tiengow.plays import beats, try_classify, why_not_a_play
from ..tiengow.scoring import Finish, settle
from ..tiles import TILES
from .common import play_json, rules_arg, tiles_arg

__all__ = ["OPS", "settle_request"]


def _version(req: dict) -> dict:
    return {"version": __version__}


def _tiles_table(req: dict) -> list[dict]:
    """The 21 faces with their names, for labels in every language."""
    return [{"code": t.code, "index": t.index, "hant": t.name_hant, "hans": t.name_hans,
             "en": t.name_en, "meaning_en": t.meaning_en, "jyutping": t.jyutping,
             "suit": t.suit, "copies": t.copies, "points": t.points, "red": t.red,
             "white": t.white, "strength": t.strength, "value": t.value} for t in TILES]


def _rules_op(req: dict) -> dict:
    return rules_arg(req.get("rules")).to_dict()


def _classify(req: dict) -> dict:
    tiles = tiles_arg(req["tiles"])
    result = try_classify(tiles, rules_arg(req.get("rules")))
    if isinstance(result, str):
        why = why_not_a_play(tiles)
        return {"class": None, "reason": why.en, "reason_zh": why.hant, "reason_code": why.code,
                "tiles": [t.code for t in tiles]}
    return play_json(result)


def _beats(req: dict) -> dict:
    rules = rules_arg(req.get("rules"))
    out = {}
    plays = {}
    for key in ("best", "play"):
        tiles = tiles_arg(req[key])
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
    rules = rules_arg(req.get("rules"))
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
        wall = shuffled_wall(rng)
        dice = req.get("dice") or rng.dice()
    return deal(wall, req.get("method", "間棟"), dice, banker).to_json()


def _methods(req: dict) -> list[dict]:
    return [{"key": m.key, "hant": m.name_hant, "hans": m.name_hans, "en": m.name_en}
            for m in METHODS]


OPS = {
    "version": _version,
    "tiles": _tiles_table,
    "rules": _rules_op,
    "classify": _classify,
    "beats": _beats,
    "deal": _deal,
    "methods": _methods,
    "settle": settle_request,
}

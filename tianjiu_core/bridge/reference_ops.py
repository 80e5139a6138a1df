"""Bridge ops about the rules themselves: the tiles, plays, settlement and dealing (spec §1–§5).

``version``, ``tiles``, ``rules``, ``classify``, ``beats``, ``settle``, ``deal``, ``methods``.
"""

from __future__ import annotations

from .. import __version__
from ..errors import InconsistentPositionError
from ..notation import SEATS
from ..rng import Rng
from ..tiengow.deal import METHODS, Wall, deal, parse_method, shuffled_wall
from ..tiengow.plays import beats, try_classify, why_not_a_play
from ..tiengow.scoring import Finish, settle
from ..tiles import TILES
from .common import play_json
from .fields import Fields, limit

_SEED_MAX = 2 ** 64 - 1

__all__ = ["OPS", "settle_request"]


def _version(req: dict) -> dict:
    Fields(req).done()
    return {"version": __version__}


def _tiles_table(req: dict) -> list[dict]:
    """The 21 faces with their names, for labels in every language."""
    Fields(req).done()
    return [{"code": t.code, "index": t.index, "hant": t.name_hant, "hans": t.name_hans,
             "en": t.name_en, "meaning_en": t.meaning_en, "jyutping": t.jyutping,
             "suit": t.suit, "copies": t.copies, "points": t.points, "red": t.red,
             "white": t.white, "strength": t.strength, "value": t.value} for t in TILES]


def _rules_op(req: dict) -> dict:
    f = Fields(req)
    rules = f.rules()
    f.done()
    return rules.to_dict()


def _classify(req: dict) -> dict:
    f = Fields(req)
    tiles = f.tiles("tiles")
    rules = f.rules()
    f.done()
    result = try_classify(tiles, rules)
    if isinstance(result, str):
        why = why_not_a_play(tiles)
        return {"class": None, "reason": why.en, "reason_zh": why.hant, "reason_code": why.code,
                "tiles": [t.code for t in tiles]}
    return play_json(result)


def _beats(req: dict) -> dict:
    f = Fields(req)
    rules = f.rules()
    given = {key: f.tiles(key) for key in ("best", "play")}
    f.done()
    out = {}
    plays = {}
    for key in ("best", "play"):
        tiles = given[key]
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


FINISH_KINDS = ("plain", "yao", "zun", "four")
"""The kinds of finish (:class:`~tianjiu_core.tiengow.scoring.Finish`, spec §6)."""


def settle_request(req: dict) -> dict:
    """The ``settle`` op (also ``tianjiu settle``): the settlement of a finished hand (spec §5–§6).

    ``{"banker": "E", "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3},
    "banker_streak"?: 1, "finish"?: …, "rules"?: …}`` → the settlement's JSON (``payments``
    by seat, ``items``, ``finish``, …).  ``finish`` is absent (plain), a kind ``"plain"``,
    ``"yao"``, ``"zun"`` or ``"four"`` (shorthand for ``{"kind": "yao"}``), or an object
    ``{"kind", "captured_from"?, "guaranteed"?, "last_trick_tiles"?, "first_lead_top"?}``
    (:class:`~tianjiu_core.tiengow.scoring.Finish`).  Raises :class:`NotationError` naming
    the field for a bad one, :class:`InconsistentPositionError` for 棟 that cannot be.
    """
    f = Fields(req)
    rules = f.rules()
    banker = f.seat("banker")
    finisher = f.seat("finisher")
    streak = f.int("banker_streak", 1, limit("banker_streak"), default=1)
    d = f.obj("dong")
    dong = [0, 0, 0, 0]
    seen: dict[int, str] = {}
    for key in list(d.data):
        seat = d.seat_key(key)
        if seat in seen:
            raise InconsistentPositionError(f"dong: seat {SEATS[seat]} appears twice "
                                            f"({seen[seat]!r} and {key!r})",
                                            zh=f"dong：{SEATS[seat]} 出現了兩次")
        seen[seat] = key
        dong[seat] = d.int(key, 0, 8)
    if len(seen) != 4:
        missing = [SEATS[s] for s in range(4) if s not in seen]
        raise InconsistentPositionError(f"dong: must give all four seats; missing {', '.join(missing)}",
                                        zh=f"dong：四家都要寫；缺少 {', '.join(missing)}")
    given = f.raw("finish", None)
    if isinstance(given, str):   # "yao": shorthand for {"kind": "yao"}
        finish = Finish(kind=f.str("finish", choices=FINISH_KINDS))  # type: ignore[arg-type]
    else:
        if given is not None and not isinstance(given, dict):
            raise f.error("finish", "one of " + ", ".join(FINISH_KINDS) + " or an object like "
                          "{\"kind\": \"yao\", \"captured_from\": \"S\"}", given,
                          "以下之一：" + "、".join(FINISH_KINDS) + "，或物件，例如 "
                          "{\"kind\": \"yao\", \"captured_from\": \"S\"}")
        fin = f.obj("finish", default=None)
        finish = Finish(kind=fin.str("kind", default="plain", choices=FINISH_KINDS),  # type: ignore[arg-type]
                        captured_from=fin.seat_or_none("captured_from"),
                        guaranteed=fin.bool("guaranteed", default=False),
                        last_trick_tiles=fin.int("last_trick_tiles", 1, 4, default=1),
                        first_lead_top=fin.bool("first_lead_top", default=False))
        fin.done()
    f.done()
    return settle(banker=banker, banker_streak=streak, finisher=finisher, dong=dong,
                  finish=finish, rules=rules).to_json()


def _deal(req: dict) -> dict:
    """A dealt wall step by step: ``seed`` or ``wall``, ``method``, ``dice`` (or from the seed), ``banker``."""
    f = Fields(req)
    banker = f.seat("banker", default=0)
    method = f.str("method", default="間棟")
    dice = f.int_list("dice", 1, 6, 2, default=None)
    if f.has("wall"):
        wall = Wall(f.tiles("wall"))
        if dice is None:
            raise f.error("dice", "two dice like [3, 4] (a given wall needs its dice)", None,
                          "兩粒骰，例如 [3, 4]（牌牆要配上骰子）")
        if f.has("seed"):
            raise f.error("seed", "absent when a wall is given (the wall is not shuffled)",
                          req["seed"], "不用（有牌牆就不洗牌）")
    else:
        rng = Rng(f.int("seed", 0, _SEED_MAX, default=0))
        wall = shuffled_wall(rng)
        if dice is None:
            dice = list(rng.dice())
    f.done()
    with f.about("method"):
        parse_method(method)
    return deal(wall, method, dice, banker).to_json()


def _methods(req: dict) -> list[dict]:
    Fields(req).done()
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

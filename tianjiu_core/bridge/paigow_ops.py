"""Bridge ops of Pai Gow (牌九): ``paigow_rank``, ``paigow_compare``, ``paigow_set``,
``paigow_edge``, ``paigow_house_ways`` (spec ``docs/spec/paigow-rules.md``).

Every op reads its request with :class:`~tianjiu_core.bridge.fields.Fields`, as every other
ops module does (no coercion, sizes from the active limits, an unknown field refused), plus
the few readers of Pai Gow's own fields below: a hand of ``n`` tiles of one set, a big Pai Gow
setting ``"low / high"``, the Pai Gow rules options, a commission rate.

>>> paigow_rank({"op": "paigow_rank", "tiles": "66 45"})["name_en"]
'Teen Wong'
>>> paigow_compare({"op": "paigow_compare", "first": "66 44", "second": "11 26"})["winner"]
'first'
>>> paigow_rank({"op": "paigow_rank", "tiles": "66 44", "rules": {"zero_rule": 1}})
Traceback (most recent call last):
...
tianjiu_core.errors.NotationError: rules.zero_rule: must be true or false, not 1
"""

from __future__ import annotations

from typing import Any

from ..errors import InconsistentPositionError, NotationError, RulesError
from ..limits import limit
from ..paigow.analysis import analyse
from ..paigow.edge import edge_table
from ..paigow.hands import CLASS_NAMES, HandValue, evaluate
from ..paigow.house_ways import DEFAULT_HOUSE_WAY, HOUSE_WAYS, HouseWay, house_way
from ..paigow.rules import TILE_ORDERS, PaiGowRules
from ..paigow.setting import Setting, big_outcome, check_hand
from ..tiles import Tile
from .fields import Fields, prefixed, tiles_text, tiles_value

__all__ = ["OPS", "paigow_rank", "paigow_compare", "paigow_set", "paigow_edge",
           "paigow_house_ways", "hand_json"]


# --------------------------------------------------------------------------- Pai Gow's fields
def _checked(tiles: tuple[Tile, ...], n: int, path: str) -> tuple[Tile, ...]:
    """``tiles`` when they are ``n`` tiles one set can hold; else the error, ``path`` in front."""
    try:
        return check_hand(tiles, n)
    except InconsistentPositionError as exc:
        raise prefixed(exc, path) from None


def _together(tiles: tuple[Tile, ...], n: int) -> None:
    _checked(tiles, n, "first and second together")


def _hand(f: Fields, name: str, n: int) -> tuple[Tile, ...]:
    """``name``: ``n`` tiles of one set, ``"66 44"`` or ``["66", "44"]``."""
    return _checked(f.tiles(name), n, f.path(name))


def _setting(f: Fields, name: str, rules: PaiGowRules) -> Setting:
    """``name``: a big Pai Gow setting ``"low / high"``, two tiles each, four of one set.  The
    two hands are ordered by rank (the high hand never ranks below the low one, spec "Big
    牌九"): ``"66 44 / 12 35"`` is the setting ``"12 35 / 66 44"``."""
    path = f.path(name)
    halves = tiles_text(f.raw(name, expected='a setting like "12 35 / 66 44"'), path).split("/")
    if len(halves) != 2:
        raise NotationError(f"{path}: write a big Pai Gow setting as 'low / high', e.g. '12 35 / 66 44'",
                            zh=f"{path}：大牌九的擺法寫成「前 / 後」，例如 '12 35 / 66 44'")
    lo, hi = (_checked(tiles_value(half, at), 2, at)
              for half, at in zip(halves, (f"{path} (before /)", f"{path} (after /)")))
    _checked(lo + hi, 4, path)
    x, y = evaluate(*lo, rules), evaluate(*hi, rules)
    if y.key < x.key:
        x, y = y, x
    return Setting(x, y, 0)


_RATE = ("a rate from 0 to below 1 (0.05 is 5%)", "0 至 1 之間（不含 1）的比率（0.05 即 5%）")


def _is_rate(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v < 1


def _rate(f: Fields, name: str, default: float) -> float:
    """``name``: a rate 0 ≤ r < 1 (a whole number or a fraction, never a bool or a string)."""
    v = f.raw(name, default)
    if not _is_rate(v):
        raise f.error(name, _RATE[0], v, _RATE[1])
    return v


_COMMISSIONS = (0.05, 0.0476)


def _commissions(f: Fields) -> tuple[float, ...]:
    """``commissions``: a list of 1 to ``limit("commissions")`` rates; 5% and 4.76% when absent."""
    n = limit("commissions")
    cs = f.list("commissions", n, default=_COMMISSIONS)
    if not cs:
        raise f.error("commissions", f"a list of 1 to {n} rates", cs, f"1 至 {n} 個比率的列表")
    for i, c in enumerate(cs):
        if not _is_rate(c):
            raise f.error(f"commissions[{i}]", _RATE[0], c, _RATE[1])
    return tuple(cs)


def _rules(f: Fields) -> PaiGowRules:
    """``rules``: Pai Gow options ``{"zero_rule": false, …}`` (:class:`PaiGowRules`, each
    option read on its own); the defaults when absent or null."""
    v = f.raw("rules", None)
    if v is None:
        return PaiGowRules()
    if not isinstance(v, dict):   # (not a Tien Gow preset name: say what it is)
        raise f.error("rules", 'an object of Pai Gow options like {"zero_rule": false}', v,
                      '牌九選項物件，例如 {"zero_rule": false}')
    r = f.obj("rules")
    d = PaiGowRules()
    rules = PaiGowRules(gee_joon_wild=r.bool("gee_joon_wild", d.gee_joon_wild),
                        tile_order=r.str("tile_order", default=d.tile_order, choices=TILE_ORDERS),
                        zero_rule=r.bool("zero_rule", d.zero_rule),
                        high_nine_pairs=r.bool("high_nine_pairs", d.high_nine_pairs),
                        commission=_rate(r, "commission", d.commission))
    r.done()
    return rules


def _way(f: Fields) -> HouseWay:
    """``house_way``: the name of a house way (any case), ``nz`` when absent."""
    name = f.str("house_way", default=DEFAULT_HOUSE_WAY)
    try:
        return house_way(name)
    except RulesError as exc:
        raise prefixed(exc, f.path("house_way")) from None


def hand_json(v: HandValue) -> dict[str, Any]:
    """A two-tile hand as JSON: tiles (higher first), class and its names, points, names."""
    hant, hans, en = CLASS_NAMES[v.cls]
    return {"tiles": list(v.codes), "class": v.cls, "class_hant": hant, "class_hans": hans,
            "class_en": en, "points": v.points, "name_hant": v.name_hant,
            "name_hans": v.name_hans, "name_en": v.name_en, "key": list(v.key)}


def paigow_rank(req: dict[str, Any]) -> dict[str, Any]:
    """``{"tiles": "66 44", "rules"?: {…}}`` → the hand (:func:`hand_json`)."""
    f = Fields(req)
    rules = _rules(f)
    a, b = _hand(f, "tiles", 2)
    f.done()
    return hand_json(evaluate(a, b, rules))


def _why(p: HandValue, q: HandValue) -> tuple[str, str, str]:
    """Why the higher of two unequal-or-equal hands wins: (code, English, 繁體)."""
    if p.key == q.key:
        if p.cls == "points" and p.points == 0:
            return "zero", "both are 0: every 0 is equal, so the banker wins", "兩手都是 0 點：0 點一律相等，莊家贏"
        return "copy", "a copy (食夾棍): equal hands go to the banker", "食夾棍：一樣大，莊家贏"
    if p.key[0] != q.key[0]:
        return "class", "a higher class of hand", "牌型較大"
    if p.cls == "points" and p.points != q.points:
        return "points", "more points", "點數較多"
    if p.cls == "points":
        return "tile", "equal points: the higher-ranked tile decides", "同點數：比較大的單牌"
    return "order", "a higher hand of the same class", "同一牌型中較大"


def paigow_compare(req: dict[str, Any]) -> dict[str, Any]:
    """``{"first": "66 44", "second": "11 26", "banker"?: "second", "rules"?: {…}}`` → who wins.

    Two tiles each: small Pai Gow (``winner`` is ``first`` or ``second``).  Four tiles each,
    written ``"low / high"`` (ordered by rank, so either order is the same setting): big Pai
    Gow, each hand against the same position (``winner`` is ``None`` for a push).  The tiles
    of both sides must fit in one set."""
    f = Fields(req)
    rules = _rules(f)
    banker = f.str("banker", default="second", choices=("first", "second"))
    big = any(isinstance(v, str) and "/" in v for v in (f.raw("first", None), f.raw("second", None)))
    if big:
        one, two = (_setting(f, k, rules) for k in ("first", "second"))
        f.done()
        _together(one.tiles + two.tiles, 8)
        player, bank = (one, two) if banker == "second" else (two, one)
        outcome = big_outcome(player, bank)
        non_banker = "first" if banker == "second" else "second"
        winner = {"win": non_banker, "lose": banker, "push": None}[outcome]
        hands = []
        for pos, p, b in (("low", player.low, bank.low), ("high", player.high, bank.high)):
            top, low = (p, b) if p.key > b.key else (b, p)
            code, en, zh = _why(top, low)
            hands.append({"position": pos, "winner": non_banker if p.key > b.key else banker,
                          "reason_code": code, "reason": en, "reason_zh": zh})
        return {"game": "big", "banker": banker, "winner": winner, "outcome": outcome,
                "first": {"low": hand_json(one.low), "high": hand_json(one.high)},
                "second": {"low": hand_json(two.low), "high": hand_json(two.high)},
                "hands": hands}
    a, b = _hand(f, "first", 2), _hand(f, "second", 2)
    f.done()
    _together(a + b, 4)
    va, vb = evaluate(*a, rules), evaluate(*b, rules)
    if va.key == vb.key:
        winner = banker
    else:
        winner = "first" if va.key > vb.key else "second"
    top, low = (va, vb) if winner == "first" else (vb, va)
    code, en, zh = _why(top, low)
    return {"game": "small", "banker": banker, "winner": winner, "first": hand_json(va),
            "second": hand_json(vb), "reason_code": code, "reason": en, "reason_zh": zh}


def paigow_set(req: dict[str, Any]) -> dict[str, Any]:
    """``{"tiles": "66 44 12 35", "house_way"?: "nz", "rules"?: {…}}`` → the settings (three,
    or two when two splits make hands that compare alike: no setting twice), each with both hands and its win / lose / push / EV not banking and banking; the house
    way's choice and the optimal ones (indices into ``settings``)."""
    f = Fields(req)
    rules = _rules(f)
    way = _way(f)
    tiles = _hand(f, "tiles", 4)
    f.done()
    a = analyse(tiles, way, rules)
    out = []
    for s, nb, bk in zip(a.settings, a.not_banking, a.banking):
        out.append({"low": hand_json(s.low), "high": hand_json(s.high),
                    "not_banking": {k: v for k, v in nb.to_json().items() if k not in ("low", "high")},
                    "banking": {k: v for k, v in bk.to_json().items() if k not in ("low", "high")}})
    return {"tiles": [t.code for t in tiles], "house_way": way.to_json(), "settings": out,
            "house_way_choice": a.house_way, "optimal": a.optimal_index,
            "optimal_banking": a.optimal_banking_index, "opponent_hands": a.total,
            "commission": rules.commission}


_EDGES: dict[tuple, Any] = {}


def paigow_edge(req: dict[str, Any]) -> dict[str, Any]:
    """``{"house_way"?: "nz", "rules"?: {…}, "commissions"?: [0.05, 0.0476]}`` → the edge table
    (rows of :class:`~tianjiu_core.paigow.edge.EdgeRow`, with the published figures beside).
    A few seconds in CPython."""
    f = Fields(req)
    rules = _rules(f)
    way = _way(f)
    cs = _commissions(f)
    f.done()
    key = (way.key, rules, cs)
    if limit("edge_tables") < 1:
        from ..solver.search import BudgetExceededError   # (only here: a Pai Gow page loads no solver)
        exc = BudgetExceededError(
            "paigow_edge: the edge table is every deal of 35,960 × 20,475, seconds of work — more "
            "than a page may ask (2 s): use `tianjiu paigow edge`, or paigow_set for one hand")
        exc.message_zh = ("paigow_edge：莊家優勢表要計每一副牌（35,960 × 20,475），要幾秒，超過網頁的限度"
                          "（2 秒）：請用 `tianjiu paigow edge`，或用 paigow_set 計一手牌")
        raise exc
    if key not in _EDGES:     # seconds of work: asked again, the same table is answered at once
        if len(_EDGES) >= 8:
            _EDGES.pop(next(iter(_EDGES)))
        _EDGES[key] = edge_table(way, rules, cs)
    rows = _EDGES[key]
    return {"house_way": way.to_json(), "rows": [r.to_json() for r in rows]}


def paigow_house_ways(req: dict[str, Any]) -> list[dict[str, Any]]:
    """The house ways the engine knows, with their sources."""
    Fields(req).done()
    return [w.to_json() for w in HOUSE_WAYS.values()]


OPS = {
    "paigow_rank": paigow_rank,
    "paigow_compare": paigow_compare,
    "paigow_set": paigow_set,
    "paigow_edge": paigow_edge,
    "paigow_house_ways": paigow_house_ways,
}

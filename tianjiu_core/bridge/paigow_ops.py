"""Bridge ops of Pai Gow (牌九): ``paigow_rank``, ``paigow_compare``, ``paigow_set``,
``paigow_edge``, ``paigow_house_ways`` (spec ``docs/spec/paigow-rules.md``).

Every field is checked here, strictly and on its own (no coercion: a bool is a bool, a number a
number, tiles a string or a list of strings of bounded length); an unknown field is an error.
Each error is one line naming the field, in English and 繁體 (``message_zh``).

>>> paigow_rank({"op": "paigow_rank", "tiles": "66 45"})["name_en"]
'Teen Wong'
>>> paigow_compare({"op": "paigow_compare", "first": "66 44", "second": "11 26"})["winner"]
'first'
"""

from __future__ import annotations

from typing import Any

from ..errors import InconsistentPositionError, NotationError, RulesError
from ..limits import limit, quote
from ..notation import parse_tiles
from ..paigow.analysis import analyse
from ..paigow.edge import edge_table
from ..paigow.hands import CLASS_NAMES, HandValue, evaluate
from ..paigow.house_ways import DEFAULT_HOUSE_WAY, HOUSE_WAYS, house_way
from ..paigow.rules import PaiGowRules
from ..paigow.setting import Setting, big_outcome, check_hand
from .fields import field_error

__all__ = ["OPS", "paigow_rank", "paigow_compare", "paigow_set", "paigow_edge",
           "paigow_house_ways", "hand_json"]

MAX_TILES_TEXT = 200
"""Longest tile text a field may hold (characters); a list holds at most 8 names of 24."""


def _fields(req: dict[str, Any], allowed: set[str], op: str) -> None:
    for key in req:
        if key != "op" and key not in allowed:
            raise NotationError(f"{op}: unknown field {quote(key)}; known: {', '.join(sorted(allowed))}",
                                zh=f"{op}：不認得的欄位 {quote(key)}")


def _need(req: dict[str, Any], field: str) -> Any:
    """A required field's value (NotationError naming it when it is missing)."""
    if field not in req:
        raise NotationError(f"{field}: missing: give tiles like '66 44'", zh=f"{field}：缺少這個欄位")
    return req[field]


def _text(value: Any, field: str) -> str:
    if isinstance(value, str):
        if len(value) > MAX_TILES_TEXT:
            raise NotationError(f"{field}: tile text of {len(value)} characters is too long "
                                f"(at most {MAX_TILES_TEXT})",
                                zh=f"{field}：牌的文字太長（最多 {MAX_TILES_TEXT} 字）")
        return value
    if isinstance(value, list) and len(value) <= 8 and all(
            isinstance(v, str) and len(v) <= 24 for v in value):
        return " ".join(value)
    raise NotationError(f"{field} must be tiles as a string like '66 44' or a list of up to 8 "
                        f"codes, not {type(value).__name__}",
                        zh=f"{field} 要寫成牌的字串（例如 '66 44'）或最多 8 個牌碼的列表")


def _tiles(value: Any, field: str, n: int) -> tuple:
    text = _text(value, field)
    try:
        tiles = parse_tiles(text)
        return check_hand(tiles, n)
    except (NotationError, InconsistentPositionError) as exc:
        raise type(exc)(f"{field}: {exc}", zh=f"{field}：{exc.message_zh or exc}") from None


def _rules(req: dict[str, Any]) -> PaiGowRules:
    value = req.get("rules")
    if value is None:
        return PaiGowRules()
    if not isinstance(value, dict):
        raise RulesError("rules must be a table of Pai Gow options such as "
                         "{\"zero_rule\": false}", zh="rules 要是牌九選項表，例如 {\"zero_rule\": false}")
    return PaiGowRules.from_dict(value)


def _way(req: dict[str, Any]):
    value = req.get("house_way", DEFAULT_HOUSE_WAY)
    if not isinstance(value, str) or len(value) > 40:
        raise RulesError(f"house_way must be the name of a house way ({', '.join(HOUSE_WAYS)})",
                         zh=f"house_way 要是莊家擺牌法的名字（{'、'.join(HOUSE_WAYS)}）")
    return house_way(value)


def hand_json(v: HandValue) -> dict[str, Any]:
    """A two-tile hand as JSON: tiles (higher first), class and its names, points, names."""
    hant, hans, en = CLASS_NAMES[v.cls]
    return {"tiles": list(v.codes), "class": v.cls, "class_hant": hant, "class_hans": hans,
            "class_en": en, "points": v.points, "name_hant": v.name_hant,
            "name_hans": v.name_hans, "name_en": v.name_en, "key": list(v.key)}


def paigow_rank(req: dict[str, Any]) -> dict[str, Any]:
    """``{"tiles": "66 44", "rules"?: {…}}`` → the hand (:func:`hand_json`)."""
    _fields(req, {"tiles", "rules"}, "paigow_rank")
    rules = _rules(req)
    a, b = _tiles(_need(req, "tiles"), "tiles", 2)
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


def _side(req: dict[str, Any]) -> str:
    value = req.get("banker", "second")
    if not isinstance(value, str) or value not in ("first", "second"):
        # (quoted by the bridge's quote: a huge int or a deep list is cut, never repr'd whole)
        raise field_error("banker", '"first" or "second"', value, zh='"first" 或 "second"')
    return value


def _together(tiles: tuple, n: int) -> None:
    try:
        check_hand(tiles, n)
    except InconsistentPositionError as exc:
        raise InconsistentPositionError(f"first and second together: {exc}",
                                        zh=f"first 與 second 合起來：{exc.message_zh}") from None


def _setting_arg(value: Any, field: str, rules: PaiGowRules) -> Setting:
    text = _text(value, field)
    parts = text.split("/")
    if len(parts) != 2:
        raise NotationError(f"{field}: write a big Pai Gow setting as 'low / high', e.g. '66 44 / 12 35'",
                            zh=f"{field}：大牌九的擺法寫成「前 / 後」，例如 '66 44 / 12 35'")
    lo = _tiles(parts[0], f"{field} (first hand)", 2)
    hi = _tiles(parts[1], f"{field} (second hand)", 2)
    try:
        check_hand(lo + hi, 4)
    except InconsistentPositionError as exc:
        raise InconsistentPositionError(f"{field}: {exc}", zh=f"{field}：{exc.message_zh}") from None
    x, y = evaluate(*lo, rules), evaluate(*hi, rules)
    if y.key < x.key:
        x, y = y, x
    return Setting(x, y, 0)


def paigow_compare(req: dict[str, Any]) -> dict[str, Any]:
    """``{"first": "66 44", "second": "11 26", "banker"?: "second", "rules"?: {…}}`` → who wins.

    Two tiles each: small Pai Gow (``winner`` is ``first`` or ``second``).  Four tiles each,
    written ``"low / high"``: big Pai Gow, each hand against the same position (``winner`` is
    ``None`` for a push).  The tiles of both sides must fit in one set."""
    _fields(req, {"first", "second", "banker", "rules"}, "paigow_compare")
    rules = _rules(req)
    banker = _side(req)
    big = any(isinstance(req.get(k), str) and "/" in req[k] for k in ("first", "second"))
    _need(req, "first"), _need(req, "second")
    if big:
        one, two = (_setting_arg(req[k], k, rules) for k in ("first", "second"))
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
    a = _tiles(_need(req, "first"), "first", 2)
    b = _tiles(_need(req, "second"), "second", 2)
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
    or two when a face is held twice: no setting twice), each with both hands and its win / lose / push / EV not banking and banking; the house
    way's choice and the optimal ones (indices into ``settings``)."""
    _fields(req, {"tiles", "house_way", "rules"}, "paigow_set")
    rules = _rules(req)
    way = _way(req)
    tiles = _tiles(_need(req, "tiles"), "tiles", 4)
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
    _fields(req, {"house_way", "rules", "commissions"}, "paigow_edge")
    rules = _rules(req)
    way = _way(req)
    cs = req.get("commissions", [0.05, 0.0476])
    if (not isinstance(cs, list) or not 1 <= len(cs) <= 4 or not all(
            isinstance(c, (int, float)) and not isinstance(c, bool) and 0 <= c < 1 for c in cs)):
        raise RulesError("commissions must be a list of 1 to 4 rates from 0 to below 1 (0.05 is 5%)",
                         zh="commissions 要是 1 至 4 個 0 至 1 之間的抽佣率（0.05 即 5%）")
    key = (way.key, rules, tuple(cs))
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
        _EDGES[key] = edge_table(way, rules, tuple(cs))
    rows = _EDGES[key]
    return {"house_way": way.to_json(), "rows": [r.to_json() for r in rows]}


def paigow_house_ways(req: dict[str, Any]) -> list[dict[str, Any]]:
    """The house ways the engine knows, with their sources."""
    _fields(req, set(), "paigow_house_ways")
    return [w.to_json() for w in HOUSE_WAYS.values()]


OPS = {
    "paigow_rank": paigow_rank,
    "paigow_compare": paigow_compare,
    "paigow_set": paigow_set,
    "paigow_edge": paigow_edge,
    "paigow_house_ways": paigow_house_ways,
}

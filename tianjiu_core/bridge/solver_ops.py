"""Bridge ops of the solver: ``solve`` (open hands), ``solve_hidden`` (the seat to act's view),
and the resumable searches ``solve_start`` (open) / ``solve_hidden_start`` (hidden) /
``solve_continue`` (answers in slices).

A ``solve`` / ``solve_hidden`` request names a position (TOML text or its table) or a live
``hand_id``; ``budget`` is a node budget (default
:data:`~tianjiu_core.solver.search.DEFAULT_BUDGET`); running out is a ``BudgetExceededError``
answer, never a wrong number.

``solve_start`` / ``solve_continue`` never run out: each call works about ``time_ms``
milliseconds (at most the ``slice_ms`` limit, 100 in the browser) and answers what is proven so
far — every action's bounds ``[lo, hi]`` in stake units, ``complete: true`` once they are exact
(:class:`~tianjiu_core.solver.slices.SliceSearch`).  The search is kept under its
``search_id`` (at most ``searches`` of them, the least recently used dropped first); a page
cancels by not asking again.  Open solving takes a position, never a live ``hand_id``: a page
playing a hand learns nothing its seat may not see; ``solve_hidden_start`` takes a live
``hand_id`` only as ``solve_hidden`` does (a person's seat to act, judged from its own view).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..errors import InconsistentPositionError
from ..notation import SEATS
from ..solver.hidden import hidden_deals, solve_hidden
from ..solver.search import DEFAULT_BUDGET, solve
from ..solver.slices import MAX_WAYS, HiddenSliceSearch, SliceSearch
from ..tiengow.game import Hand
from ..tiles import Tile
from .fields import Fields, field_error, limit, prefixed
from .hand_ops import get_session, own_discards, position_arg

__all__ = ["OPS", "solve_request", "solve_hidden_request", "solve_start_request",
           "solve_continue_request", "solve_hidden_start_request"]

_SEARCHES: OrderedDict[int, SliceSearch | HiddenSliceSearch] = OrderedDict()
_next_search = [1]
MAX_SEARCH_ID = 2 ** 53 - 1
"""The largest ``search_id`` (a JavaScript number stays exact)."""


def _request_position(f: Fields, hidden: bool) -> tuple[Hand, Any]:
    """The Hand a request names: ``position`` (TOML text or its table) or a live ``hand_id``.

    A live hand is hidden from the page: open solving (``solve``) is refused, and hidden-hand
    solving (``solve_hidden``) only answers for a person's seat when it is to act (the
    solver then uses only that seat's view: its tiles, the shown ones, its discards)."""
    if f.has("hand_id"):
        if f.has("position"):
            raise f.error("position", "absent when a hand_id is given", f.data["position"],
                          "有 hand_id 時不用")
        session = get_session(f)
        hand: Hand = session["hand"]
        if hand.is_over:
            raise InconsistentPositionError("the hand is over: nothing is left to solve",
                                            zh="這手牌已經打完：沒有要解的")
        if not hidden:
            raise InconsistentPositionError(
                "a live hand is hidden from this page: solve_hidden answers from the seat's view; "
                "open solving needs a position with every holding",
                zh="進行中的牌局不公開：solve_hidden 只按該座位看得到的來解；明牌求解要給出每家牌的局面")
        if hand.to_act not in session["humans"]:
            raise InconsistentPositionError("it is an engine player's turn: solve_hidden answers "
                                            "only for a person's seat",
                                            zh="現在輪到引擎的玩家：solve_hidden 只為人玩的座位作答")
        return hand, None
    p = position_arg(f.raw("position", expected="a position (TOML text or a table) or a hand_id"))
    return p.to_hand(fill_unknown=hidden), p


def _known_discards(hand: Hand, pos: Any) -> list[Tile]:
    """The seat to act's own earlier face-down discards (it knows them); a position's hero
    must be that seat."""
    seat = hand.to_act
    known: list[Tile] = []
    if pos is not None:
        if pos.hero is not None and pos.hero != seat:
            raise InconsistentPositionError(
                f"hidden-hand solving is for the seat to act ({SEATS[seat]}), not hero "
                f"{SEATS[pos.hero]}",
                zh=f"暗牌解題是為輪到出牌的一家（{SEATS[seat]}）解的，不是 hero {SEATS[pos.hero]}")
        known = list(pos.discarded[seat])
    else:
        known = own_discards(hand, seat)
    return known


def _open_request(f: Fields) -> tuple[Hand, int | None]:
    """An open-hand request's position (never a live hand) and ``hero`` (default: the
    position's own hero, else the seat to act)."""
    hand, pos = _request_position(f, hidden=False)
    hero = f.seat_or_none("hero")
    if hero is None and pos is not None:
        hero = pos.hero
    return hand, hero


def _budget(f: Fields) -> int:
    """``budget``: search nodes ≥ 1, at most the ``budget`` limit (also the default)."""
    return f.int("budget", 1, limit("budget"), default=min(DEFAULT_BUDGET, limit("budget")))


def solve_request(req: dict[str, Any]) -> dict[str, Any]:
    """The ``solve`` op: ``{"op": "solve", "position": …, "hero": "S", "budget": N}``.

    Returns :meth:`Solution.to_json`; a position with unknown tiles is an error
    (use ``solve_hidden``).  Budget exhaustion is ``BudgetExceededError``.
    """
    f = Fields(req)
    hand, hero = _open_request(f)
    budget = _budget(f)
    f.done()
    return solve(hand, hero, budget=budget).to_json()


def solve_hidden_request(req: dict[str, Any], *,
                         node_progress: Callable[[int, int, int], None] | None = None) -> dict[str, Any]:
    """The ``solve_hidden`` op: ``position`` or ``hand_id``, ``samples`` (1 – the ``samples``
    limit), ``seed``, ``exhaustive_limit``, ``budget`` (per deal).  When every holding is known the
    open ``value`` of each action is added.  In all, ``budget`` × (deals + 1) must stay
    within the ``work`` limit (deals: every consistent deal when there are at most
    ``exhaustive_limit``, else ``samples``); without a ``budget`` it is the most that fits.
    ``node_progress`` (Python callers only, the command line's progress lines): as
    :func:`~tianjiu_core.solver.hidden.solve_hidden`'s, the open value's search counted after
    the deals."""
    f = Fields(req)
    hand, pos = _request_position(f, hidden=True)
    samples = f.int("samples", 1, limit("samples"), default=64)
    seed = f.int("seed", 0, 2 ** 64 - 1, default=0)
    ex_limit = f.int("exhaustive_limit", 0, limit("exhaustive_limit"), default=256)
    budget = _budget(f)
    given = f.has("budget")
    f.done()
    known = _known_discards(hand, pos)
    deals = len(hidden_deals(hand, known_discards=known, samples=samples, seed=seed,
                             exhaustive_limit=ex_limit)[0])
    if not given:   # the default budget shrinks to fit the work limit
        budget = max(1, min(budget, limit("work") // (deals + 1)))
    if budget * (deals + 1) > limit("work"):
        raise f.error("budget", f"at most {limit('work'):,} nodes in all: this position has "
                      f"{deals} deal{'' if deals == 1 else 's'} to solve, so at most "
                      f"{limit('work') // (deals + 1):,} a deal "
                      "(fewer samples allow more)", budget,
                      f"總共最多 {limit('work'):,} 個節點：這個局面要解 {deals} 副牌，每副最多 "
                      f"{limit('work') // (deals + 1):,} 個")
    result = solve_hidden(hand, known_discards=known, samples=samples, seed=seed,
                          exhaustive_limit=ex_limit, budget=budget,
                          node_progress=node_progress).to_json()
    if pos is not None and pos.is_open:  # never for a live hand: the open value would leak
        after: Callable[[int], None] | None = None
        if node_progress is not None:
            def after(c: int, done: int = result["nodes"], n: int = result["deals"]) -> None:
                node_progress(done + c, n, n)
        open_sol = solve(hand, hand.to_act, budget=budget, progress=after)
        for a, o in zip(result["actions"], open_sol.actions):
            a["value"] = o.value
        result["value"] = open_sol.value
    return result


def _time_ms(f: Fields) -> int:
    """``time_ms``: milliseconds of search for this call, 1 – the ``slice_ms`` limit (its default)."""
    return f.int("time_ms", 1, limit("slice_ms"), default=limit("slice_ms"))


def _keep(search: SliceSearch | HiddenSliceSearch) -> int:
    """Register a new search; the least recently used go when there are more than ``searches``."""
    search_id = _next_search[0]
    _next_search[0] = search_id + 1 if search_id < MAX_SEARCH_ID else 1
    _SEARCHES[search_id] = search
    while len(_SEARCHES) > max(1, limit("searches")):
        _SEARCHES.popitem(last=False)
    return search_id


def _slice_answer(search_id: int, search: SliceSearch | HiddenSliceSearch,
                  time_ms: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    r = search.advance(time_ms=time_ms)
    out = {"search_id": search_id, **r.to_json(),
           "slice_ms": round((time.perf_counter() - t0) * 1000, 1)}
    if isinstance(search, HiddenSliceSearch) and search.part[1] > 1:
        out["part"] = list(search.part)
        out["own"] = [[i, values, groups] for i, (values, groups) in sorted(search.own().items())]
    return out


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and abs(v) < 2 ** 31


def _given_deals(f: Fields, search: SliceSearch | HiddenSliceSearch) -> dict[int, tuple[list[int], list[int]]]:
    """``deals``: what other parts of a split hidden judgement solved, as their answers'
    ``own`` — ``[[deal, [value, …], [group, …]], …]`` (stake units, one per action)."""
    if not f.has("deals"):
        return {}
    if not isinstance(search, HiddenSliceSearch) or search.part[1] < 2:
        raise f.error("deals", "absent (only a hidden-hand search started with part [k, ways], "
                      "ways ≥ 2, takes deals)", f.raw("deals"),
                      zh="不填（只有用 part [k, ways]、ways ≥ 2 開始的暗牌搜尋才收 deals）")
    items = f.list("deals", max_items=len(search.deals))
    out: dict[int, tuple[list[int], list[int]]] = {}
    n = len(search.actions)
    for j, item in enumerate(items):
        if not (isinstance(item, list) and len(item) == 3):
            raise field_error(f"deals[{j}]", "[deal, [values], [groups]]", item, zh="[分法, [值], [組]]")
        if not _whole(item[0]):
            raise field_error(f"deals[{j}][0]", "a deal number (a whole number)", item[0], zh="分法編號（整數）")
        for x, what, zh in ((1, "values", "值"), (2, "groups", "組")):
            v = item[x]
            if not (isinstance(v, list) and len(v) == n and all(_whole(e) for e in v)):
                raise field_error(f"deals[{j}][{x}]", f"{n} {what}, one per action (whole numbers below 2^31)",
                                  v, zh=f"{n} 個{zh}，每個動作一個（小於 2^31 的整數）")
        if item[0] in out:
            raise field_error(f"deals[{j}]", "a deal not given twice", item, zh="沒有重複的分法")
        out[item[0]] = (item[1], item[2])
    return out


def solve_start_request(req: dict[str, Any]) -> dict[str, Any]:
    """The ``solve_start`` op: ``{"op": "solve_start", "position": …, "hero": "S", "time_ms": 100}``.

    Starts a resumable open search and works its first slice (about ``time_ms`` ms).  Answer:
    ``{"search_id", "hero", "to_act", "complete", "value": [lo, hi], "actions": [{"action",
    "lo", "hi", "group"}], "nodes", "slices", "ms", "slice_ms"}`` — bounds in stake units, true
    from the first answer on; ``nodes``, ``slices`` and ``ms`` count every slice so far,
    ``slice_ms`` is this call's wall time.  A live
    ``hand_id`` is refused (hidden information stays hidden), as by ``solve``.
    """
    f = Fields(req)
    hand, hero = _open_request(f)
    time_ms = _time_ms(f)
    f.done()
    search = SliceSearch(hand, hero)
    return _slice_answer(_keep(search), search, time_ms)


def solve_hidden_start_request(req: dict[str, Any]) -> dict[str, Any]:
    """The ``solve_hidden_start`` op: ``solve_hidden`` in slices.  Fields: ``position`` or a
    live ``hand_id`` (then only for a person's seat when it is to act, from that seat's view,
    as ``solve_hidden``), ``samples``, ``seed``, ``exhaustive_limit``, ``time_ms``.

    Answer (``solve_continue`` goes on with its ``search_id``): ``{"search_id", "hero",
    "complete", "expected_value": [lo, hi], "actions": [{"action", "lo", "hi", "best_share":
    [lo, hi], "group"}], "deals", "deals_done", "exhaustive", "total_deals", "seed", "nodes",
    "slices", "ms", "slice_ms"}`` — each action's expected value and best share between the
    bounds (:class:`~tianjiu_core.solver.slices.HiddenSliceSearch`); equal to
    ``solve_hidden``'s numbers when complete.

    Split over engines (``part: [k, ways]``, 0 ≤ k < ways ≤ 16; the page's helper workers): this
    engine works deal k, k + ways, … first, then the others' from the last one back; each answer
    adds ``"part"`` and ``"own": [[deal, [value, …], [group, …]], …]`` (the deals it solved, one
    value in stake units and one group per action), which ``solve_continue``'s ``deals`` hands
    to the other parts (the page splits only a ``position``: a live ``hand_id`` lives in one
    engine).
    """
    f = Fields(req)
    hand, pos = _request_position(f, hidden=True)
    samples = f.int("samples", 1, limit("samples"), default=64)
    seed = f.int("seed", 0, 2 ** 64 - 1, default=0)
    ex_limit = f.int("exhaustive_limit", 0, limit("exhaustive_limit"), default=256)
    part = (0, 1)
    if f.raw("part", None) is not None:
        k, ways = f.int_list("part", 0, MAX_WAYS, 2)
        if not 0 <= k < ways:
            raise f.error("part", f"[k, ways] with 0 ≤ k < ways ≤ {MAX_WAYS}", [k, ways],
                          zh=f"[k, ways]，0 ≤ k < ways ≤ {MAX_WAYS}")
        part = (k, ways)
    time_ms = _time_ms(f)
    f.done()
    search = HiddenSliceSearch(hand, known_discards=_known_discards(hand, pos),
                               samples=samples, seed=seed, exhaustive_limit=ex_limit, part=part)
    return _slice_answer(_keep(search), search, time_ms)


def solve_continue_request(req: dict[str, Any]) -> dict[str, Any]:
    """The ``solve_continue`` op: ``{"op": "solve_continue", "search_id": 3, "time_ms": 100}``.

    Works the next slice of that search and answers as ``solve_start`` does (a complete search
    answers at once).  ``deals`` (a split hidden search only): other parts' ``own`` deals, taken
    before the slice; one that contradicts what this search has proven, or is malformed, is
    refused with nothing taken (``InconsistentPositionError`` / ``NotationError`` naming
    ``deals``).  An unknown ``search_id`` — never started, or dropped because more than
    ``searches`` newer ones were used since — is an ``InconsistentPositionError`` naming the
    field: start again with ``solve_start``.
    """
    f = Fields(req)
    search_id = f.int("search_id", 1, MAX_SEARCH_ID)
    time_ms = _time_ms(f)
    search = _SEARCHES.get(search_id)
    if search is None:
        f.has("deals")
        f.done()
        raise InconsistentPositionError(
            f"search_id: no search {search_id} in this engine (dropped for newer ones, or never "
            "started): start it again with solve_start",
            zh=f"search_id：引擎裏沒有第 {search_id} 個搜尋（已讓位給較新的搜尋，或從未開始）："
               "請用 solve_start 重新開始")
    given = _given_deals(f, search)
    f.done()
    if given:
        try:
            search.give(given)
        except InconsistentPositionError as exc:
            raise prefixed(exc, "deals") from None
    _SEARCHES.move_to_end(search_id)
    return _slice_answer(search_id, search, time_ms)


OPS = {
    "solve": solve_request,
    "solve_hidden": solve_hidden_request,
    "solve_start": solve_start_request,
    "solve_continue": solve_continue_request,
    "solve_hidden_start": solve_hidden_start_request,
}

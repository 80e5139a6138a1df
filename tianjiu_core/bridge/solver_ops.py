"""Bridge ops of the solver: ``solve`` (open hands) and ``solve_hidden`` (the seat to act's view).

A request names a position (TOML text or its table) or a live ``hand_id``; ``budget`` is a node
budget (default :data:`~tianjiu_core.solver.search.DEFAULT_BUDGET`); running out is a
``BudgetExceededError`` answer, never a wrong number.
"""

from __future__ import annotations

from typing import Any

from ..errors import InconsistentPositionError
from ..notation import SEATS
from ..solver.hidden import hidden_deals, solve_hidden
from ..solver.search import DEFAULT_BUDGET, solve
from ..tiengow.game import Hand
from ..tiles import Tile
from .fields import Fields, limit
from .hand_ops import get_session, position_arg

__all__ = ["OPS", "solve_request", "solve_hidden_request"]


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


def _budget(f: Fields) -> int:
    """``budget``: search nodes ≥ 1, at most the ``budget`` limit (also the default)."""
    return f.int("budget", 1, limit("budget"), default=min(DEFAULT_BUDGET, limit("budget")))


def solve_request(req: dict[str, Any]) -> dict[str, Any]:
    """The ``solve`` op: ``{"op": "solve", "position": …, "hero": "S", "budget": N}``.

    Returns :meth:`Solution.to_json`; a position with unknown tiles is an error
    (use ``solve_hidden``).  Budget exhaustion is ``BudgetExceededError``.
    """
    f = Fields(req)
    hand, pos = _request_position(f, hidden=False)
    hero = f.seat_or_none("hero")
    if hero is None and pos is not None:
        hero = pos.hero
    budget = _budget(f)
    f.done()
    return solve(hand, hero, budget=budget).to_json()


def solve_hidden_request(req: dict[str, Any]) -> dict[str, Any]:
    """The ``solve_hidden`` op: ``position`` or ``hand_id``, ``samples``, ``seed``,
    ``exhaustive_limit``, ``budget`` (per deal).  When every holding is known the
    open ``value`` of each action is added.  In all, ``budget`` × (deals + 1) must stay
    within the ``work`` limit (deals: every consistent deal when there are at most
    ``exhaustive_limit``, else ``samples``); without a ``budget`` it is the most that fits."""
    f = Fields(req)
    hand, pos = _request_position(f, hidden=True)
    samples = f.int("samples", 0, limit("samples"), default=64)
    seed = f.int("seed", 0, 2 ** 64 - 1, default=0)
    ex_limit = f.int("exhaustive_limit", 0, limit("exhaustive_limit"), default=256)
    budget = _budget(f)
    given = f.has("budget")
    f.done()
    seat = hand.to_act
    known: list[Tile] = []
    if pos is not None:
        if pos.hero is not None and pos.hero != seat:
            raise InconsistentPositionError(
                f"hidden-hand solving is for the seat to act ({SEATS[seat]}), not hero "
                f"{SEATS[pos.hero]}", zh=f"暗牌解題是為輪到出牌的一家（{SEATS[seat]}）解的，不是 hero {SEATS[pos.hero]}")
        known = list(pos.discarded[seat])
    else:
        for rec in hand.tricks:
            for a in rec.actions:
                if a.seat == seat and a.kind == "discard":
                    known.extend(a.tiles)
    deals = len(hidden_deals(hand, known_discards=known, samples=max(1, samples), seed=seed,
                             exhaustive_limit=ex_limit)[0])
    if not given:   # the default budget shrinks to fit the work limit
        budget = max(1, min(budget, limit("work") // (deals + 1)))
    if budget * (deals + 1) > limit("work"):
        raise f.error("budget", f"at most {limit('work'):,} nodes in all: this position has "
                      f"{deals} deals to solve, so at most {limit('work') // (deals + 1):,} a deal "
                      "(fewer samples allow more)", budget,
                      f"總共最多 {limit('work'):,} 個節點：這個局面要解 {deals} 副牌，每副最多 "
                      f"{limit('work') // (deals + 1):,} 個")
    result = solve_hidden(hand, known_discards=known, samples=max(1, samples), seed=seed,
                          exhaustive_limit=ex_limit, budget=budget).to_json()
    if pos is not None and pos.is_open:  # never for a live hand: the open value would leak
        open_sol = solve(hand, seat, budget=budget)
        for a, o in zip(result["actions"], open_sol.actions):
            a["value"] = o.value
        result["value"] = open_sol.value
    return result


OPS = {
    "solve": solve_request,
    "solve_hidden": solve_hidden_request,
}

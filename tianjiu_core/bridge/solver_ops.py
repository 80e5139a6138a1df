"""Bridge ops of the solver: ``solve`` (open hands) and ``solve_hidden`` (the seat to act's view).

A request names a position (TOML text or its table) or a live ``hand_id``; ``budget`` is a node
budget (default :data:`~tianjiu_core.solver.search.DEFAULT_BUDGET`); running out is a
``BudgetExceededError`` answer, never a wrong number.
"""

from __future__ import annotations

from typing import Any

from ..errors import InconsistentPositionError
from ..notation import SEATS
from ..solver.hidden import solve_hidden
from ..solver.search import DEFAULT_BUDGET, solve
from ..tiengow.game import Hand
from ..tiengow.position import Position
from ..tiles import Tile
from .hand_ops import get_session

__all__ = ["OPS", "solve_request", "solve_hidden_request"]


def _request_position(req: dict[str, Any]) -> tuple[Hand, Any]:
    """The Hand a request names: ``position`` (TOML text or its table) or a live ``hand_id``.

    A live hand is hidden from the page: open solving (``solve``) is refused, and hidden-hand
    solving (``solve_hidden``) only answers for a person's seat when it is to act (the
    solver then uses only that seat's view: its tiles, the shown ones, its discards)."""
    if "hand_id" in req:
        session = get_session(req)
        hand: Hand = session["hand"]
        if hand.is_over:
            raise InconsistentPositionError("the hand is over: nothing is left to solve")
        if not req.get("hidden"):
            raise InconsistentPositionError(
                "a live hand is hidden from this page: solve_hidden answers from the seat's view; "
                "open solving needs a position with every holding")
        if hand.to_act not in session["humans"]:
            raise InconsistentPositionError("it is an engine player's turn: solve_hidden answers "
                                            "only for a person's seat")
        return hand, None
    pos = req.get("position")
    if isinstance(pos, str):
        p = Position.loads(pos)
    elif isinstance(pos, dict):
        p = Position.from_dict(pos)
    else:
        raise InconsistentPositionError("give a position (TOML text or a table) or a hand_id")
    return p.to_hand(fill_unknown=bool(req.get("hidden"))), p


def _budget(req: dict[str, Any]) -> int:
    b = req.get("budget", DEFAULT_BUDGET)
    if not isinstance(b, int) or isinstance(b, bool) or b < 1:
        raise InconsistentPositionError(f"budget is a number of nodes ≥ 1, not {b!r}")
    return b


def solve_request(req: dict[str, Any]) -> dict[str, Any]:
    """The ``solve`` op: ``{"op": "solve", "position": …, "hero": "S", "budget": N}``.

    Returns :meth:`Solution.to_json`; a position with unknown tiles is an error
    (use ``solve_hidden``).  Budget exhaustion is ``BudgetExceededError``.
    """
    hand, pos = _request_position(req)
    hero = req.get("hero")
    if hero is None and pos is not None:
        hero = pos.hero
    return solve(hand, hero, budget=_budget(req)).to_json()


def solve_hidden_request(req: dict[str, Any]) -> dict[str, Any]:
    """The ``solve_hidden`` op: ``position`` or ``hand_id``, ``samples``, ``seed``,
    ``exhaustive_limit``, ``budget`` (per deal).  When every holding is known the
    open ``value`` of each action is added."""
    req = dict(req, hidden=True)
    hand, pos = _request_position(req)
    seat = hand.to_act
    known: list[Tile] = []
    if pos is not None:
        if pos.hero is not None and pos.hero != seat:
            raise InconsistentPositionError(
                f"hidden-hand solving is for the seat to act ({SEATS[seat]}), not hero "
                f"{SEATS[pos.hero]}")
        known = list(pos.discarded[seat])
    else:
        for rec in hand.tricks:
            for a in rec.actions:
                if a.seat == seat and a.kind == "discard":
                    known.extend(a.tiles)
    samples = req.get("samples", 64)
    seed = req.get("seed", 0)
    limit = req.get("exhaustive_limit", 256)
    for name, v in (("samples", samples), ("seed", seed), ("exhaustive_limit", limit)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise InconsistentPositionError(f"{name} must be a whole number ≥ 0, not {v!r}")
    result = solve_hidden(hand, known_discards=known, samples=max(1, samples), seed=seed,
                          exhaustive_limit=limit, budget=_budget(req)).to_json()
    if pos is not None and pos.is_open:  # never for a live hand: the open value would leak
        open_sol = solve(hand, seat, budget=_budget(req))
        for a, o in zip(result["actions"], open_sol.actions):
            a["value"] = o.value
        result["value"] = open_sol.value
    return result


OPS = {
    "solve": solve_request,
    "solve_hidden": solve_hidden_request,
}

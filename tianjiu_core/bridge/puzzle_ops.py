"""Bridge ops of the puzzle trainer and the daily puzzle (PUZZLES.md).

``puzzle_load``, ``puzzle_step``, ``puzzle_values``, ``puzzle_hint``, ``puzzle_solution``,
``daily_puzzle``, ``puzzle_themes``.  A request carries the puzzle file's text as ``toml`` and the
hero's moves so far as ``moves``; the page keeps no engine state between calls.
"""

from __future__ import annotations

from typing import Any

from ..errors import NotationError
from ..puzzles.judging import hint, load_json, solution_line, step, values
from ..puzzles.model import THEMES, Puzzle
from ..puzzles.schedule import Schedule, parse_date

__all__ = ["OPS"]


def _puzzle_of(req: dict[str, Any]) -> Puzzle:
    text = req.get("toml")
    if not isinstance(text, str):
        raise NotationError("give the puzzle file's text as \"toml\"")
    return Puzzle.loads(text)


def _moves_of(req: dict[str, Any]) -> list:
    moves = req.get("moves", [])
    if not isinstance(moves, list):
        raise NotationError(f"moves: a list of the hero's actions, not {moves!r}")
    return moves


def _op_load(req: dict[str, Any]) -> dict:
    return load_json(_puzzle_of(req))


def _op_step(req: dict[str, Any]) -> dict:
    if "move" not in req:
        raise NotationError("puzzle_step needs the hero's \"move\"")
    return step(_puzzle_of(req), _moves_of(req), req["move"])


def _op_values(req: dict[str, Any]) -> dict:
    return values(_puzzle_of(req), _moves_of(req))


def _op_hint(req: dict[str, Any]) -> dict:
    return hint(_puzzle_of(req), _moves_of(req))


def _op_solution(req: dict[str, Any]) -> dict:
    return solution_line(_puzzle_of(req), _moves_of(req) if "moves" in req else None)


def _op_daily(req: dict[str, Any]) -> dict:
    sched = req.get("schedule")
    if not isinstance(sched, str):
        raise NotationError("give the schedule file's text as \"schedule\"")
    s = Schedule.loads(sched)
    date = parse_date(req.get("date"), "date")
    k = s.day(date)
    return {"id": s.puzzle_for(date), "date": date.isoformat(), "day": k,
            "repeat": not 0 <= k < len(s.ids)}


def _op_themes(req: dict[str, Any]) -> list[dict]:
    return [{"id": t, "hant": v[0], "hans": v[1], "en": v[2], "blurb": {"hant": v[3], "en": v[4]}}
            for t, v in THEMES.items()]


OPS = {
    "puzzle_load": _op_load,
    "puzzle_step": _op_step,
    "puzzle_values": _op_values,
    "puzzle_hint": _op_hint,
    "puzzle_solution": _op_solution,
    "daily_puzzle": _op_daily,
    "puzzle_themes": _op_themes,
}

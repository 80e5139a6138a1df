"""Bridge ops of the puzzle trainer and the daily puzzle (PUZZLES.md).

``puzzle_load``, ``puzzle_step``, ``puzzle_values``, ``puzzle_hint``, ``puzzle_solution``,
``daily_puzzle``, ``puzzle_themes``.  A request carries the puzzle file's text as ``toml`` and the
hero's moves so far as ``moves``; the page keeps no engine state between calls.
"""

from __future__ import annotations

from typing import Any

from ..puzzles.judging import hint, load_json, solution_line, step, values
from ..puzzles.model import THEMES, Puzzle
from ..puzzles.schedule import Schedule, parse_date
from .fields import Fields, limit

__all__ = ["OPS"]


def _puzzle_of(f: Fields) -> Puzzle:
    """The request's ``toml`` (a puzzle file's text) within the browser's puzzle size limits."""
    p = Puzzle.loads(f.text("toml"))
    most = limit("puzzle_hidden_tiles" if p.hidden else "puzzle_tiles")
    if p.position.tiles_left > most:
        raise f.error("toml", f"a {'hidden-hand ' if p.hidden else ''}puzzle of at most {most} "
                      "tiles a seat", f"{p.position.tiles_left} tiles a seat",
                      f"每家最多 {most} 張牌的題目")
    return p


def _moves_of(f: Fields, name: str = "moves") -> list:
    """``moves``: the hero's actions so far, each ``"66"`` / ``"discard 12"`` or
    ``{kind, tiles}`` (at most the ``moves`` limit)."""
    moves = f.list(name, limit("moves"), default=[])
    return [_move(f, f"{name}[{i}]", m) for i, m in enumerate(moves)]


def _move(f: Fields, path: str, m: Any) -> Any:
    """One move, checked for type and size (the judge checks it is legal)."""
    if isinstance(m, dict):
        g = Fields(m, path, allow=())
        kind = g.str("kind", default="play", choices=("play", "discard", "down"))
        tiles = g.list("tiles", 8, default=[])
        for j, t in enumerate(tiles):
            if not isinstance(t, str) or len(t) > limit("name_chars"):
                raise g.error(f"tiles[{j}]", "a tile code like \"66\"", t, "牌的代碼，例如 \"66\"")
        g.raw("seat", None), g.raw("text", None), g.raw("unknown", None)   # as legal actions give them
        g.done()
        return {"kind": kind, "tiles": tiles}
    return Fields({path: m}, allow=()).str(path, limit("string_chars"))


def _budget() -> int:
    """Nodes one search of a puzzle op may use (the browser's ``budget`` limit)."""
    from ..puzzles.model import OP_BUDGET
    return min(OP_BUDGET, limit("budget"))


def _work():
    """All the searches of one answer together: at most the ``puzzle_work`` limit of nodes."""
    from ..puzzles.judging import work_limit
    return work_limit(limit("puzzle_work"))


def _op_load(req: dict[str, Any]) -> dict:
    f = Fields(req)
    p = _puzzle_of(f)
    f.done()
    return load_json(p)


def _op_step(req: dict[str, Any]) -> dict:
    f = Fields(req)
    p, moves = _puzzle_of(f), _moves_of(f)
    move = _move(f, "move", f.raw("move", expected="the hero's move like \"66\""))
    f.done()
    with f.about("move"), _work():
        return step(p, moves, move, _budget())


def _op_values(req: dict[str, Any]) -> dict:
    f = Fields(req)
    p, moves = _puzzle_of(f), _moves_of(f)
    f.done()
    with _work():
        return values(p, moves, _budget())


def _op_hint(req: dict[str, Any]) -> dict:
    f = Fields(req)
    p, moves = _puzzle_of(f), _moves_of(f)
    f.done()
    with _work():
        return hint(p, moves, _budget())


def _op_solution(req: dict[str, Any]) -> dict:
    f = Fields(req)
    p = _puzzle_of(f)
    moves = _moves_of(f) if f.has("moves") else None
    f.done()
    with _work():
        return solution_line(p, moves, _budget())


def _op_daily(req: dict[str, Any]) -> dict:
    f = Fields(req)
    s = Schedule.loads(f.text("schedule"))
    date = parse_date(f.str("date"), "date")
    f.done()
    k = s.day(date)
    return {"id": s.puzzle_for(date), "date": date.isoformat(), "day": k,
            "repeat": not 0 <= k < len(s.ids)}


def _op_themes(req: dict[str, Any]) -> list[dict]:
    Fields(req).done()
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

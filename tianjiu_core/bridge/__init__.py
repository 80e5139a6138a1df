"""JSON-in / JSON-out facade: what the browser worker and the command line call.

:func:`handle` takes one request ``{"op": …, …}`` and returns
``{"ok": true, "result": …}`` or ``{"ok": false, "error": {"type": …, "message": …}}``;
it never raises for bad input (engine errors become ``ok: false``), so a page
can show the message and keep its state.  :func:`handle_json` does the same on
JSON text — that is the entry point of the Pyodide worker.

Ops live in one module per area, listed once in :data:`OP_MODULES` (op → module);
a module is imported the first time one of its ops is asked for, so a page that
only draws tiles never loads the solver.  Each ops module ends with its own
``OPS = {name: function}`` table; a test checks the two agree.  A new op goes in
the module of its area (or a new ``*_ops.py``) and in :data:`OP_MODULES`.

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

import importlib
import json
from collections.abc import Callable
from typing import Any

from ..errors import TianJiuError
from ..limits import check_depth

__all__ = ["handle", "handle_json", "OP_MODULES", "op_function"]

Handler = Callable[[dict[str, Any]], Any]

OP_MODULES: dict[str, str] = {
    # the rules themselves (spec §1–§5)
    "version": "reference_ops", "tiles": "reference_ops", "rules": "reference_ops",
    "classify": "reference_ops", "beats": "reference_ops", "settle": "reference_ops",
    "deal": "reference_ops", "methods": "reference_ops",
    # live hands against engine players
    "new_hand": "hand_ops", "act": "hand_ops", "undo": "hand_ops", "hand_state": "hand_ops",
    "legal_actions": "hand_ops", "hand_record": "hand_ops",
    "replay_record": "hand_ops", "first_banker": "hand_ops",
    # the solver
    "solve": "solver_ops", "solve_hidden": "solver_ops",
    # puzzles and the daily puzzle
    "puzzle_load": "puzzle_ops", "puzzle_step": "puzzle_ops", "puzzle_values": "puzzle_ops",
    "puzzle_hint": "puzzle_ops", "puzzle_solution": "puzzle_ops", "daily_puzzle": "puzzle_ops",
    "puzzle_themes": "puzzle_ops",
    # the tutorial's exercises
    "lesson_kinds": "lesson_ops", "lesson_question": "lesson_ops", "lesson_check": "lesson_ops",
    "lesson_trick": "lesson_ops", "lesson_trick_play": "lesson_ops", "lesson_example": "lesson_ops",
    # Pai Gow (牌九)
    "paigow_rank": "paigow_ops", "paigow_compare": "paigow_ops", "paigow_set": "paigow_ops",
    "paigow_edge": "paigow_ops", "paigow_house_ways": "paigow_ops",
}
"""Every op → the module of :mod:`tianjiu_core.bridge` that answers it."""


def op_function(op: str) -> Handler:
    """The function answering ``op`` (its module imported on first use); ``KeyError`` if unknown."""
    module = importlib.import_module(f"{__name__}.{OP_MODULES[op]}")
    return module.OPS[op]


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one request; engine errors become ``{"ok": false, "error": …}``."""
    if not isinstance(request, dict):
        return _error("NotationError", "a request is a JSON object with an 'op'")
    op = request.get("op")
    if not isinstance(op, str) or op not in OP_MODULES:
        return _error("NotationError", f"unknown op {op!r}; known: {', '.join(sorted(OP_MODULES))}",
                      f"不認得的操作 {op!r}")
    fn = op_function(op)
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


def _error(kind: str, message: str, message_zh: str | None = None) -> dict[str, Any]:
    """The failure answer: error class name, the English message and, when known, 繁體."""
    return {"ok": False, "error": {"type": kind, "message": message, "message_zh": message_zh}}

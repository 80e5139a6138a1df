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

Every field of every op is read by the typed readers of :mod:`tianjiu_core.bridge.fields`:
checked for type (a bool is ``true``/``false``, an integer is an integer: never coerced), range
and size; a field the op does not read is refused.  A bad request is answered
``{"ok": false, "error": {"type", "message", "message_zh"}}`` with a one-line message that
starts with the field (``finish.guaranteed: must be true or false, not 'false'``) and quotes
at most ~40 characters of the input.  ``type`` is the engine's error class
(``NotationError`` for a malformed field, ``InconsistentPositionError``, ``IllegalActionError``,
``RulesError``, ``BudgetExceededError`` …), or ``InternalError`` for an engine bug (the page
keeps its state).

Limits (:class:`tianjiu_core.limits.Limits`; ``handle(req)`` enforces :data:`BROWSER`, the
command line :data:`CLI`).  Within the browser's, every op answers in ≤ 2 s in Pyodide on a
2-core machine (``benchmarks/bridge_limits.py`` runs the worst in-limit request of each op;
solver searches longer than that are what the ``budget`` is for).  A ``puzzle_*`` answer
runs several searches (the defence, each graded move, a refutation): each one is bounded by
the limit ``budget`` and all of them together by ``puzzle_work``, so a long puzzle file that
is not one of ours ends in a ``BudgetExceededError`` answer instead of a busy worker.
Published puzzles need at most 30,000 work units a step (the check enforces it).  ``—`` is
no limit.

======================== ============= =============   ==============================================================
limit                          browser           CLI   what
======================== ============= =============   ==============================================================
``request_chars``              300,000     4,000,000   characters of one request's JSON text
``text_chars``                 200,000     4,000,000   characters of a TOML text (toml, schedule, position as text)
``string_chars``                   400         2,000   characters of a tile string, action, move or wall
``name_chars``                      40           200   characters of a name (seat, method, preset, kind, id, date)
``list_items``                      40           400   items of a list (tiles, humans, trick, dice …)
``moves``                            8            64   hero moves in a puzzle request
``budget``                      50,000             —   search nodes per solve (also the default budget)
``samples``                         64     1,000,000   deals solve_hidden samples
``exhaustive_limit``               256     1,000,000   deals solve_hidden may solve exhaustively
``work``                        80,000             —   search nodes one solve_hidden may spend: budget × (deals + 1)
``puzzle_work``                 70,000             —   search nodes one puzzle_* answer may spend over all its searches (+100 a hidden deal)
``edge_tables``                      0             1   Pai Gow edge tables one paigow_edge may compute (seconds each)
``commissions``                      4             4   commission rates one paigow_edge table is worked out at
``puzzle_tiles``                     5             8   tiles a seat at a puzzle's start
``puzzle_hidden_tiles``              4             8   tiles a seat at a hidden-hand puzzle's start
``slice_ms``                       100     3,600,000   milliseconds one solve_start / solve_continue may ask for (time_ms; also the default)
``searches``                         8            64   resumable searches kept at once (least recently used dropped first)
``hand_id``              1,000,000,000 1,000,000,000   largest hand_id
``banker_streak``                1,000         1,000   largest banker_streak
======================== ============= =============   ==============================================================

Besides: seeds are whole numbers 0 ≤ seed < 2**64; 棟 per seat 0–8; dice 1–6; a puzzle
request's position is at most ``puzzle_tiles`` tiles a seat (``puzzle_hidden_tiles`` when
hidden), every search in it at most ``budget`` nodes.

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

from ..errors import NotationError, TianJiuError, TooLargeError, zh_quoted
from ..limits import check_depth, quote
from ..limits import BROWSER, CLI, Limits, use_limits

__all__ = ["handle", "handle_json", "OP_MODULES", "op_function", "BROWSER", "CLI", "Limits"]

Handler = Callable[[dict[str, Any]], Any]

OP_MODULES: dict[str, str] = {
    # the rules themselves (spec §1–§5)
    "version": "reference_ops", "tiles": "reference_ops", "rules": "reference_ops",
    "classify": "reference_ops", "beats": "reference_ops", "settle": "reference_ops",
    "deal": "reference_ops", "methods": "reference_ops",
    # live hands against engine players
    "new_hand": "hand_ops", "act": "hand_ops", "undo": "hand_ops", "resume_hand": "hand_ops",
    "hand_state": "hand_ops",
    "legal_actions": "hand_ops", "hand_record": "hand_ops",
    "replay_record": "hand_ops", "record_position": "hand_ops", "first_banker": "hand_ops",
    # the solver
    "solve": "solver_ops", "solve_hidden": "solver_ops",
    "solve_start": "solver_ops", "solve_continue": "solver_ops", "solve_hidden_start": "solver_ops",
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


def handle(request: dict[str, Any], limits: Limits = BROWSER) -> dict[str, Any]:
    """Answer one request within ``limits`` (:data:`BROWSER` unless the command line passes
    :data:`CLI`); never raises: engine errors become ``{"ok": false, "error": …}``, and so
    does anything unforeseen (type ``InternalError``: a bug to report, the page keeps going)."""
    if not isinstance(request, dict):
        return _error("NotationError", f"a request is a JSON object with an 'op', not {quote(request)}",
                      f"請求要是有「op」的 JSON 物件，不是 {quote(request)}")
    op = request.get("op")
    if not isinstance(op, str) or op not in OP_MODULES:
        return _error("NotationError", f"op: unknown op {quote(op)}; known: {', '.join(sorted(OP_MODULES))}",
                      f"op：不認得的操作 {quote(op)}")
    try:
        fn = op_function(op)
        with use_limits(limits):
            return {"ok": True, "result": fn(request)}
    except TianJiuError as exc:
        return _error(type(exc).__name__, _short(str(exc)), _short(exc.message_zh))
    except RecursionError:
        return _error("TooLargeError", f"{op}: the request is nested too deeply", f"{op}：請求嵌套太深")
    except MemoryError:
        return _error("TooLargeError", f"{op}: the request needs more memory than there is",
                      f"{op}：請求需要的記憶體太多")
    except Exception as exc:  # a bug: say so, keep the page alive
        return _error("InternalError", f"{op}: the engine failed on this request "
                      f"({type(exc).__name__}: {_short(str(exc), 120)}); please report it",
                      f"{op}：引擎處理這個請求時出錯（{type(exc).__name__}），請回報")


def handle_json(text: str, limits: Limits = BROWSER) -> str:
    """:func:`handle` on JSON text (the Pyodide worker's entry point).  Always returns a JSON
    answer: ``{"ok": false, …}`` for text that is not JSON, longer than the
    ``request_chars`` limit or nested too deeply."""
    try:
        if not isinstance(text, str):
            raise NotationError(f"a request is JSON text, not {quote(text)}", zh="請求要是 JSON 文字")
        if len(text) > limits.request_chars:
            raise TooLargeError(f"request: longer than {limits.request_chars:,} characters "
                               f"({len(text):,})", zh=f"請求：超過 {limits.request_chars:,} 個字元")
        check_depth(text, "request", what_zh="請求")   # before json: too deep kills Pyodide's interpreter
        request = json.loads(text)
    except TianJiuError as exc:
        return json.dumps(_error(type(exc).__name__, str(exc), exc.message_zh), ensure_ascii=False)
    except json.JSONDecodeError as exc:
        return json.dumps(_error("NotationError", f"request is not JSON: {exc}",
                                 f"請求不是 JSON（第 {exc.lineno} 行第 {exc.colno} 個字）"), ensure_ascii=False)
    except (RecursionError, ValueError) as exc:   # too deep; an integer of > 4,300 digits
        return json.dumps(_error("NotationError", f"request cannot be read: {_short(str(exc), 120)}",
                                 "請求讀不到"), ensure_ascii=False)
    answer = handle(request, limits)
    try:
        return json.dumps(answer, ensure_ascii=False)
    except (TypeError, ValueError) as exc:   # pragma: no cover - a result that is not JSON is a bug
        return json.dumps(_error("InternalError", f"the answer is not JSON ({exc})", "答案不是 JSON"))


def _short(message: str | None, limit: int = 400) -> str | None:
    """A message for one line: an engine message that repeats a huge input is cut."""
    if message is None or len(message) <= limit:
        return message
    return message[:limit] + f"… ({len(message):,} characters)"


def _error(kind: str, message: str | None, message_zh: str | None = None) -> dict[str, Any]:
    """The failure answer: error class name, the English message and, when known, 繁體."""
    if message_zh:
        message_zh = zh_quoted(message_zh)
    return {"ok": False, "error": {"type": kind, "message": message, "message_zh": message_zh}}

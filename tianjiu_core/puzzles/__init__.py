"""End-game puzzles: the file model, the line the engine plays, verification,
the daily schedule, mining, theme tagging (issue 5; contract:
``PUZZLES.md``).

A **puzzle** (``format = "tianjiu-puzzle/1"``, one TOML file per puzzle under
``puzzles/``) is a :class:`~tianjiu_core.tiengow.position.Position` (the true deal, all
four holdings) plus an id, texts in 繁體 and English, themes, a difficulty
1–5, a ``visibility`` (``open``: every hand is shown; ``hidden``: only the
hero's) and the **solution**: the hero's actions in order.  The hero is the
seat to act in the position.

**The line.**  The hero plays its moves; after each one the defenders (the
other three seats, one team minimising the hero's result) reply with the
solver's best action on the true deal, ties broken by the engine's canonical
order (``Hand.legal_actions()``: plays before discards, then table order) —
the first best action wins.  Once the hero has made as many moves as the
solution has, the engine plays the rest of the hand for everybody (each seat
its best for its side on the true deal, the same tie-break); the puzzle is
then *done* and the hand's result is shown.

**Values** are the hero's net stake units from the puzzle's position to the
end of the hand (bonuses paid from now on plus the final settlement, spec
§5–§6), as :func:`tianjiu_core.solver.solve` computes them.  A hero move is
*correct* when its value equals the best value (``open``), or when its
expected value over the deals the hero cannot tell apart equals the best
expected value (``hidden``: :func:`~tianjiu_core.solver.solve_hidden` with
:data:`HIDDEN_SAMPLES` deals drawn with seed :data:`HIDDEN_SEED`, every deal
when there are at most :data:`HIDDEN_EXHAUSTIVE` of them).

**Verification** (:func:`verify`, ``tianjiu puzzles check``): at every hero
turn of the solution the solution's action group is the *unique* best group —
open: every other group is worth strictly less; hidden: every other group's
expected value is lower by at least :data:`HIDDEN_MARGIN` stake units, and the
solution's action is also best by that margin on a second, independent sample
of deals (seed :data:`HIDDEN_SEED_CHECK`) — the line is legal to the end, an
open puzzle's result equals the solver's value, every search stays within
:data:`PUBLISH_BUDGET` nodes and one ``puzzle_step`` from a cold start within
:data:`STEP_NODE_LIMIT` work units (so a page answers in well under a second), the
texts exist in both languages, and each theme is *shown by the solution*
(:func:`theme_evidence`).

**Themes** (:data:`THEMES`, spec §7) are shown by the solution itself:
:func:`theme_evidence` compares the solution's line with the best other first move
played out (rules listed there and in ``PUZZLES.md``).

**Mining** (:func:`mine`, ``tianjiu puzzles mine``): seeded deals are played by the
engine's players into end-games (:func:`mine_positions`) — or, for themes that played
deals rarely reach, positions are built around the theme's pattern
(:func:`template_positions`) — and :func:`examine` keeps a position whose best action
group beats every other by a margin and shows a theme, with a generated explanation
(:func:`explain`) and a difficulty (:func:`estimate_difficulty`); the puzzle must then
pass :func:`verify`.

**Schedule** (:class:`Schedule`): day k from ``start`` shows ``ids[k mod len]``; extended
append-only, least recently used id first.

Modules, each one job: :mod:`.model` (the file), :mod:`.schedule`, :mod:`.judging` (the line and
each move judged; what a page asks), :mod:`.explanations` (themes and texts), :mod:`.verification`,
:mod:`.mining`.  The bridge ops (:mod:`tianjiu_core.bridge.puzzle_ops`: ``puzzle_load``,
``puzzle_step``, ``puzzle_values``, ``puzzle_hint``, ``puzzle_solution``,
``daily_puzzle``, ``puzzle_themes``) are stateless — the page sends the
puzzle text and the hero's moves so far — and keep a small cache of lines
already played, so a page that steps through a puzzle re-solves nothing.

>>> from tianjiu_core.notation import SEATS
>>> from tianjiu_core.puzzles import Puzzle, SAMPLE, step
>>> p = Puzzle.loads(SAMPLE)
>>> p.id, SEATS[p.hero], p.solution
('sample', 'W', ('46',))
>>> r = step(p, [], "46"); r["correct"], r["value"], r["done"], r["result"]["finish"]["kind"]
(True, 18, True, 'yao')
>>> [a["text"] for a in r["rest"]]
['12', 'discard 24', 'discard 15', 'discard 16']
>>> r = step(p, [], "12"); r["correct"], r["value"], r["best_value"]
(False, -3, 18)
"""

from __future__ import annotations

from .._lazy import lazy

_EXPORTS = {
    "FORMAT": ".model",
    "SCHEDULE_FORMAT": ".model",
    "HIDDEN_SAMPLES": ".model",
    "HIDDEN_SEED": ".model",
    "HIDDEN_SEED_CHECK": ".model",
    "HIDDEN_EXHAUSTIVE": ".model",
    "HIDDEN_MARGIN": ".model",
    "PUBLISH_BUDGET": ".model",
    "OP_BUDGET": ".model",
    "STEP_NODE_LIMIT": ".model",
    "DEAL_COST": ".model",
    "ID_PATTERN": ".model",
    "Text": ".model",
    "THEMES": ".model",
    "THEME_IDS": ".model",
    "PuzzleError": ".model",
    "puzzle_error": ".model",
    "Puzzle": ".model",
    "SAMPLE": ".model",
    "Schedule": ".schedule",
    "parse_date": ".schedule",
    "load_schedule": ".schedule",
    "schedule_json": ".schedule",
    "puzzle_for": ".schedule",
    "Judged": ".judging",
    "judge_position": ".judging",
    "best_action": ".judging",
    "Line": ".judging",
    "parse_move": ".judging",
    "play_line": ".judging",
    "judge": ".judging",
    "state_json": ".judging",
    "shown_value": ".judging",
    "themes_json": ".judging",
    "load_json": ".judging",
    "REFUTE_BUDGET": ".judging",
    "REFUTE_SHOWN_TRICKS": ".judging",
    "refute": ".judging",
    "step": ".judging",
    "values": ".judging",
    "hint": ".judging",
    "solution_line": ".judging",
    "clear_line_caches": ".judging",
    "Outcome": ".explanations",
    "outcome": ".explanations",
    "two_tile_plays": ".explanations",
    "theme_evidence": ".explanations",
    "explain": ".explanations",
    "generated_titles": ".explanations",
    "VerifyReport": ".verification",
    "cold_solver": ".verification",
    "alternative": ".verification",
    "verify": ".verification",
    "generated_texts": ".mining",
    "MineStats": ".mining",
    "estimate_difficulty": ".mining",
    "mine_positions": ".mining",
    "template_positions": ".mining",
    "examine": ".mining",
    "mine": ".mining",
}

__getattr__, __dir__ = lazy(__name__, globals(), _EXPORTS)
__all__ = list(_EXPORTS)

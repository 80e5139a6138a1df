"""Verification (``tianjiu puzzles check``): the solution is the unique best move at every hero
turn, the line is legal, searches stay within budget, the texts exist and each theme is shown."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import TianJiuError
from ..tiengow.game import Action, Hand
from ..solver.search import BudgetExceededError
from .explanations import Outcome, outcome, theme_evidence
from .judging import Judged, clear_line_caches, best_action, judge_position, shown_value, parse_move, play_line
from .model import DEAL_COST, HIDDEN_MARGIN, HIDDEN_SEED, HIDDEN_SEED_CHECK, PUBLISH_BUDGET, Puzzle, STEP_NODE_LIMIT, THEMES


# --------------------------------------------------------------------------- verification
@dataclass
class VerifyReport:
    """What :func:`verify` found: ``problems`` (empty when the puzzle is sound) and numbers.

    value: the hero's result along the line; values: the best value at each hero
    turn; margins: best minus the next group's value at each turn; evidence: theme
    → why; nodes: search nodes in total; step_nodes: the most work (nodes + DEAL_COST a
    hidden deal) one cold ``puzzle_step`` needs; seconds: wall time.
    """

    id: str
    where: str
    problems: list[str] = field(default_factory=list)
    value: float | None = None
    values: list[float] = field(default_factory=list)
    margins: list[float | None] = field(default_factory=list)
    evidence: dict[str, str] = field(default_factory=dict)
    nodes: int = 0
    step_nodes: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {"id": self.id, "where": self.where, "ok": self.ok, "problems": self.problems,
                "value": self.value, "values": self.values, "margins": self.margins,
                "evidence": self.evidence, "nodes": self.nodes, "step_nodes": self.step_nodes,
                "seconds": round(self.seconds, 3)}


def alternative(puzzle: Puzzle, moves: Sequence[str], judged: Judged, chosen: Action,
                budget: int = PUBLISH_BUDGET) -> tuple[Action, Hand] | None:
    """The best hero action outside ``chosen``'s group (first in engine order), played
    out with everybody's best on the true deal: ``(action, finished hand)``."""
    g = judged.group_of(chosen)
    others = [(v, i) for i, (v, gg) in enumerate(zip(judged.values, judged.groups)) if gg != g]
    if not others:
        return None
    best = max(v for v, _ in others)
    a = judged.actions[min(i for v, i in others if v == best)]
    hand = play_line(puzzle, list(moves), budget).hand.copy()
    hand.act(a)
    while not hand.is_over:
        b, _ = best_action(hand, puzzle.hero, budget)
        hand.act(b)
    return a, hand


def verify(puzzle: Puzzle, where: str | None = None, budget: int = PUBLISH_BUDGET,
           step_limit: int = STEP_NODE_LIMIT) -> VerifyReport:
    """Check one puzzle (see the module docstring); never raises for a bad puzzle —
    everything wrong is listed in the report's ``problems``."""
    import time

    t0 = time.perf_counter()
    cold_solver()   # node counts must not depend on what was solved before
    rep = VerifyReport(puzzle.id, where or puzzle.id)
    hero = puzzle.hero
    sol = list(puzzle.solution)
    try:
        line = None
        alt_outcome: Outcome | None = None
        first: Action | None = None
        for i in range(len(sol)):
            line = play_line(puzzle, sol[:i], budget)
            if line.done:
                rep.problems.append(f"solution[{i}] {sol[i]!r}: the hand is already over "
                                    f"after {i} move(s)")
                break
            before = line.nodes
            j = judge_position(line.hand, hero, puzzle.hidden, line.known, budget, HIDDEN_SEED)
            rep.nodes += j.nodes
            try:
                a = parse_move(line.hand, sol[i], f"solution[{i}]")
            except TianJiuError as exc:
                rep.problems.append(str(exc))
                break
            if i == 0:
                first = a
            v = j.value_of(a)
            second = j.second(a)
            rep.values.append(shown_value(j.best, puzzle.hidden))
            rep.margins.append(None if second is None else shown_value(v - second, puzzle.hidden))
            tag = f"solution[{i}] {sol[i]!r}"
            if not j.is_best(v):
                rep.problems.append(f"{tag}: not a best move: worth {_fmt(v)}, the best is "
                                    f"{_fmt(j.best)} ({_best_names(j)})")
            elif second is not None and puzzle.hidden and v - second < HIDDEN_MARGIN - 1e-9:
                rep.problems.append(f"{tag}: best by only {v - second:.2f} expected units; a hidden "
                                    f"puzzle needs a margin of {HIDDEN_MARGIN:g}")
            elif second is not None and not puzzle.hidden and second >= v:
                rep.problems.append(f"{tag}: not the unique best: {_best_names(j, exclude=j.group_of(a))} "
                                    f"is worth the same ({_fmt(v)})")
            if puzzle.hidden and not j.exhaustive:
                j2 = judge_position(line.hand, hero, True, line.known, budget, HIDDEN_SEED_CHECK)
                rep.nodes += j2.nodes
                v2, s2 = j2.value_of(a), j2.second(a)
                if s2 is not None and v2 - s2 < HIDDEN_MARGIN - 1e-9:
                    rep.problems.append(f"{tag}: on a second sample of deals (seed "
                                        f"{HIDDEN_SEED_CHECK}) it is best by only {v2 - s2:+.2f} "
                                        f"expected units (needs {HIDDEN_MARGIN:g})")
            after = play_line(puzzle, sol[:i + 1], budget)
            cold = after.nodes + j.nodes + (DEAL_COST * j.deals if puzzle.hidden else 0)
            rep.step_nodes = max(rep.step_nodes, cold)
            if i == 0:
                alt = alternative(puzzle, [], j, a, budget)
                alt_outcome = None if alt is None else outcome(alt[1], hero)
            del before
        if line is not None and not rep.problems:
            final = play_line(puzzle, sol, budget)
            rep.nodes += final.nodes
            res = final.hand.result
            if res is None:
                rep.problems.append("the line does not reach the end of the hand")
            else:
                rep.value = res.payments[hero]
                if not puzzle.hidden and rep.values and res.payments[hero] != rep.values[0]:
                    rep.problems.append(f"the line ends with {res.payments[hero]:+d} for the hero "
                                        f"but the solver values the position at {rep.values[0]:+d}")
                start = puzzle.position.to_hand()
                o = outcome(final.hand, hero)
                for theme in puzzle.themes:
                    why = theme_evidence(theme, start, hero, first, o, alt_outcome,  # type: ignore[arg-type]
                                         puzzle.hidden)
                    if why is None:
                        rep.problems.append(f"themes: {theme!r} ({THEMES[theme][0]}) is not shown by "
                                            "the solution (see puzzles.theme_evidence)")
                    else:
                        rep.evidence[theme] = why["en"]
        if rep.step_nodes > step_limit:
            rep.problems.append(f"too slow for a page: one puzzle_step needs {rep.step_nodes:,} "
                                f"work units (search nodes + {DEAL_COST} a hidden deal; limit "
                                f"{step_limit:,})")
    except BudgetExceededError as exc:
        rep.problems.append(f"the solver's budget ({budget:,} nodes) ran out: {exc}")
    except TianJiuError as exc:
        rep.problems.append(str(exc))
    rep.seconds = time.perf_counter() - t0
    return rep


def cold_solver() -> None:
    """Forget the solver's tables (transpositions kept between searches), so that the
    work a puzzle needs is counted as a fresh page would spend it."""
    from ..solver import search as solver

    clear = getattr(getattr(solver, "_tables", None), "cache_clear", None)
    if clear is not None:
        clear()
    clear_line_caches()


def _fmt(v: float) -> str:
    return f"{v:+.2f}" if isinstance(v, float) and not float(v).is_integer() else f"{int(v):+d}"


def _best_names(j: Judged, exclude: int | None = None) -> str:
    top = max(v for v, g in zip(j.values, j.groups) if g != exclude)
    return ", ".join(a.notation() for a, v, g in zip(j.actions, j.values, j.groups)
                     if g != exclude and v >= top - 1e-9)

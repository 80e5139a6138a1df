"""``tianjiu solve FILE.toml`` — the solver on the command line (a command group of :mod:`tianjiu_core.cli.main`).

.. code-block:: sh

    tianjiu solve position.toml             # a table: every action, its value, its group
    tianjiu solve position.toml --json      # {"hero": "S", "value": …, "actions": [...]}
    tianjiu solve position.toml --hidden --samples 64 --seed 1
    tianjiu solve position.toml --hero N --budget 2000000
    tianjiu solve position.toml --time-ms 2000   # bounds [lo, hi] after 2 s if not exact by then

Values are the hero's stake units from now to the end of the hand (spec §5–§6).
With ``--time-ms N`` the search runs in slices (:class:`~tianjiu_core.solver.slices.SliceSearch`)
until it is complete or N ms are spent, and prints what is proven: each action's ``lo`` and
``hi`` (one number when exact) and whether the answer is ``complete``; exit 0 either way.
Exit status: 0 solved (or bounds with ``--time-ms``); 2 bad input or, without ``--time-ms``,
not solved within the budget (message on stderr).  A long search is not silent: every
:data:`PROGRESS_NODES` nodes (a few seconds) a line on stderr gives the nodes and seconds so
far (with ``--time-ms`` the bounds proven, with ``--hidden`` the deals solved), the first one
also how to bound the search; stdout (``--json`` too) is the same as without them.
Imported only by the command line (it needs argparse); the browser uses the ``solve`` /
``solve_hidden`` bridge ops.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TextIO

from .common import CommandTable, plural
from ..errors import NotationError, TianJiuError
from ..notation import SEATS, parse_seat
from ..tiengow.game import Hand
from ..tiengow.position import Position
from ..bridge.solver_ops import solve_hidden_request
from ..limits import CLI, use_limits
from ..solver.search import solve
from ..solver.slices import SliceSearch

__all__ = ["PROGRESS_NODES"]


COMMANDS = CommandTable()

PROGRESS_NODES = 1 << 20
"""A search this long (about 4 s of CPython) or longer prints a progress line on stderr after
every this many nodes."""


class _Progress:
    """Progress lines on stderr: ``tianjiu solve: still searching: 1,048,576 nodes, 4s …``.

    Called with the nodes so far (and a detail such as the bounds proven); prints when the
    count has passed the next multiple of :data:`PROGRESS_NODES`.  The first line adds ``hint``
    (how to bound the search)."""

    def __init__(self, hint: str = "") -> None:
        self.t0 = time.perf_counter()
        self.next = PROGRESS_NODES
        self.hint = hint

    def __call__(self, nodes: int, detail: str = "") -> None:
        if nodes < self.next:
            return
        self.next = (nodes // PROGRESS_NODES + 1) * PROGRESS_NODES
        hint, self.hint = self.hint, ""
        sys.stderr.write(f"tianjiu solve: still searching: {plural(nodes, 'node')}, "
                         f"{time.perf_counter() - self.t0:.0f}s{detail}"
                         + (f" — {hint}" if hint else "") + "\n")
        sys.stderr.flush()


def _setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a position (TOML, format tianjiu-position/1)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--hidden", action="store_true",
                   help="judge as the seat to act, seeing only its own tiles and the shown ones")
    p.add_argument("--hero", default=None, help="whose result to report (default: the file's "
                   "hero, else the seat to act)")
    p.add_argument("--budget", type=int, default=None,
                   help="search nodes allowed (per deal with --hidden); default: no limit (a long "
                   "search prints a progress line on stderr every 1,048,576 nodes)")
    p.add_argument("--time-ms", type=int, default=None,
                   help="search in slices for at most this many milliseconds, then print the "
                   "bounds proven (lo..hi a value; complete or not); with --budget, at most that "
                   "many nodes too")
    p.add_argument("--samples", type=int, default=None,
                   help="deals to sample with --hidden, 1–1,000,000 (default 64)")
    p.add_argument("--seed", type=int, default=None, help="seed of the --hidden sample (default 0)")
    p.add_argument("--exhaustive-limit", type=int, default=None,
                   help="with --hidden, solve every deal when there are at most this many (default 256)")


def _fmt(v: float) -> str:
    return f"{v:+.2f}" if isinstance(v, float) else f"{v:+d}"


@COMMANDS.command("solve", _setup, "solve a position: the value of every action (open or hidden hands)")
def _solve(args: argparse.Namespace, out: TextIO) -> int:
    if args.budget is not None and not 1 <= args.budget <= CLI.budget:
        raise TianJiuError(f"--budget is a number of nodes 1–{CLI.budget:,}")
    if args.hero is not None:
        parse_seat(args.hero[:40])
    if args.time_ms is not None and not 1 <= args.time_ms <= CLI.slice_ms:
        raise TianJiuError(f"--time-ms is a number of milliseconds 1–{CLI.slice_ms:,}")
    if args.time_ms is not None and args.hidden:
        raise TianJiuError("--time-ms searches open positions: with --hidden give a node --budget "
                           "instead", zh="--time-ms 只搜明牌局面：暗牌（--hidden）請改用 --budget 限定節點數")
    if not args.hidden:
        given = [o for o, v in (("--samples", args.samples), ("--seed", args.seed),
                                ("--exhaustive-limit", args.exhaustive_limit)) if v is not None]
        if given:
            raise TianJiuError(f"{given[0]} is for hidden-hand solving: add --hidden (the open "
                               "solver sees every holding and samples nothing)",
                               zh=f"{given[0]} 只用於暗牌解題：請加 --hidden（明牌解題看得到每家的牌，不抽樣）")
    pos = Position.load(args.file)
    if args.time_ms is not None:
        return _solve_slices(pos, args, out)
    if args.hidden:
        req = {"position": pos.to_dict(), "samples": 64 if args.samples is None else args.samples,
               "seed": 0 if args.seed is None else args.seed,
               "exhaustive_limit": 256 if args.exhaustive_limit is None else args.exhaustive_limit,
               "budget": args.budget if args.budget is not None else CLI.budget}
        if args.hero is not None and parse_seat(args.hero) != pos.to_act:
            raise TianJiuError("--hidden judges the seat to act; --hero must be that seat")
        with use_limits(CLI):
            report = _Progress("--budget N stops a deal after N nodes; fewer --samples take less time")
            try:
                result = solve_hidden_request(req, node_progress=lambda nodes, done, deals: report(
                    nodes, f"; {done:,} of {plural(deals, 'deal')} solved"))
            except NotationError as exc:   # name the option, not the request's field
                field = str(exc).split(":")[0]
                if field not in ("samples", "seed", "exhaustive_limit", "budget"):
                    raise
                raise NotationError("--" + field.replace("_", "-") + str(exc)[len(field):],
                                    zh=("--" + field.replace("_", "-") + exc.message_zh[len(field):]
                                        if (exc.message_zh or "").startswith(field) else None)) from None
        if args.json:
            out.write(json.dumps(result, ensure_ascii=False) + "\n")
            return 0
        how = ("every consistent deal" if result["exhaustive"]
               else f"{plural(result['deals'], 'sampled deal')} (seed {result['seed']})")
        lines = [f"{result['hero']} to act, seeing only its own tiles; {how} of "
                 f"{result['total_deals']:,}; {plural(result['nodes'], 'node')}, {result['seconds']:.2f}s"]
        lines.append(f"{'action':<16} {'expected':>9} {'best in':>8} {'range':>11} group"
                     + ("   open value" if "value" in result else ""))
        top = max(a["expected_value"] for a in result["actions"])
        for a in result["actions"]:
            mark = " *" if a["expected_value"] == top else "  "
            rng = f"{a['min_value']:+d}..{a['max_value']:+d}"
            lines.append(f"{a['action']:<16} {_fmt(float(a['expected_value'])):>9} "
                         f"{a['best_share'] * 100:7.1f}% {rng:>11} {a['group']:>5}"
                         + (f"   {a['value']:+d}" if "value" in a else "") + mark)
        out.write("\n".join(lines) + "\n")
        return 0
    hero = args.hero if args.hero is not None else pos.hero
    report = _Progress("--time-ms N prints the bounds [lo, hi] proven when N ms run out; --budget N "
                       "stops after N nodes")
    sol = solve(_open_hand(pos, args.file), hero, budget=args.budget, progress=report)
    if args.json:
        out.write(json.dumps(sol.to_json(), ensure_ascii=False) + "\n")
        return 0
    lines = [f"hero {SEATS[sol.hero]}, {SEATS[sol.to_act]} to act: value {sol.value:+d} "
             f"stake units ({plural(sol.nodes, 'node')}, {sol.seconds:.2f}s)",
             f"{'action':<16} {'value':>6} group"]
    for a in sol.actions:
        mark = " *" if a.value == sol.value else ""
        lines.append(f"{a.action.notation():<16} {a.value:>+6d} {a.group:>5}{mark}")
    out.write("\n".join(lines) + "\n")
    return 0



def _bounds(lo: int, hi: int) -> str:
    return f"{lo:+d}" if lo == hi else f"{lo:+d}..{hi:+d}"


def _open_hand(pos: Position, path: str) -> Hand:
    """The position's hand for the open solver; an error (unknown ``-`` holdings) names the
    file, as :meth:`Position.load`'s errors do."""
    try:
        return pos.to_hand()
    except TianJiuError as exc:
        raise type(exc)(f"{path}: {exc}",
                        zh=f"{path}：{exc.message_zh}" if exc.message_zh else None) from None


def _solve_slices(pos: Position, args: argparse.Namespace, out: TextIO) -> int:
    """``--time-ms``: slices of at most 250 ms until complete or the time is spent."""
    hero = args.hero if args.hero is not None else pos.hero
    search = SliceSearch(_open_hand(pos, args.file), hero)
    report = _Progress()
    r = search.run(max_nodes=args.budget, time_ms=args.time_ms, slice_ms=min(250, args.time_ms),
                   progress=lambda res: report(res.nodes, f"; value {_bounds(res.lo, res.hi)} so far, "
                                               f"{max(0, args.time_ms - res.ms) / 1000:.0f}s of "
                                               "--time-ms left"))
    if args.json:
        out.write(json.dumps(r.to_json(), ensure_ascii=False) + "\n")
        return 0
    best = {a.group for a in r.best()}
    state = "complete" if r.complete else "not complete: bounds"
    lines = [f"hero {SEATS[r.hero]}, {SEATS[r.to_act]} to act: value {_bounds(r.lo, r.hi)} "
             f"stake units, {state} ({plural(r.nodes, 'node')}, {plural(r.slices, 'slice')}, "
             f"{r.ms / 1000:.2f}s)",
             f"{'action':<16} {'lo':>6} {'hi':>6} group"]
    for a in r.actions:
        mark = " *" if a.group in best else ""
        hi = "" if a.exact else f"{a.hi:+d}"
        lines.append(f"{a.action.notation():<16} {a.lo:>+6d} {hi:>6} {a.group:>5}{mark}")
    lines.append("* the best action (proven)" if best else
                 "no action is proven best yet: give more --time-ms (a wide hi is only what any "
                 "outcome still allows)")
    out.write("\n".join(lines) + "\n")
    return 0

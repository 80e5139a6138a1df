"""Benchmark: the exact open-hand solver on random positions, in CPython and in Pyodide.

For each size (tiles per seat) it deals seeded random positions at a trick
boundary — holdings, 棟 won so far, the shown tiles, a leader with 棟 (the
banker before the first trick) — and asks :func:`tianjiu_core.solver.solve`
for the value of every action of the seat to lead (the hero).  It reports the
median and worst time, how many were solved within the node budget, and nodes
per second.  Positions come from our SplitMix64 generator, so CPython and
Pyodide solve exactly the same ones.

Usage::

    .venv/bin/python benchmarks/solver.py                      # sizes 2 3 4 6 8
    .venv/bin/python benchmarks/solver.py --sizes 4 --count 40 --json
    .venv/bin/python benchmarks/solver.py --pyodide            # CPython, then the same in Pyodide
    .venv/bin/python benchmarks/solver.py --sizes 5,6 --compare  # new and previous solver (issue 13)
    .venv/bin/python benchmarks/solver.py --sizes 5 --count 3 --hidden 64   # hidden-hand lead

``--pyodide`` builds the wheel and runs this very script inside Pyodide under
Node (``benchmarks/pyodide_run.mjs``), then prints the Pyodide/CPython time
ratio per size.  ``--compare`` also solves every position with the previous solver
(:mod:`tianjiu_core.solver.reference`), checks that every action's value and group agree
(column ``differ``, which must be 0) and reports the median of the per-position
old/new CPU time ratio.  A position not solved within ``--budget`` nodes counts with
the time it took to give up (so a median marked ``>`` is a lower bound).  Times are
wall-clock; ``CPU median`` is the process time (CPython; inside Pyodide it is only as
good as the emulated clock) — on a machine shared with other jobs, compare that, and
use ``--repeat`` (the fastest of several cold runs of each position).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if (HERE.parent / "tianjiu_core").exists() and sys.platform != "emscripten":
    sys.path.insert(0, str(HERE.parent))

from tianjiu_core.tiengow.deal import Rng  # noqa: E402
from tianjiu_core.tiengow.game import Hand, find_natural  # noqa: E402
from tianjiu_core.tiengow.rules import Rules  # noqa: E402
from tianjiu_core.solver import reference  # noqa: E402
from tianjiu_core.solver.search import BudgetExceededError, clear_caches, solve  # noqa: E402
from tianjiu_core.tiles import FULL_SET  # noqa: E402

DEFAULT_COUNT = {2: 40, 3: 40, 4: 30, 5: 10, 6: 6, 7: 3, 8: 3}


def random_position(rng: Rng, n: int, rules: Rules) -> Hand:
    """A random open position with ``n`` tiles a seat, the leader to act."""
    while True:
        tiles = list(FULL_SET)
        for i in range(len(tiles) - 1, 0, -1):
            j = rng.below(i + 1)
            tiles[i], tiles[j] = tiles[j], tiles[i]
        holdings = [tiles[s * n:(s + 1) * n] for s in range(4)]
        rest = tiles[4 * n:]
        banker = rng.below(4)
        if n == 8:
            if any(find_natural(h, rules) for h in holdings):
                continue
            return Hand(rules, banker=banker, holdings=holdings)
        dong = [0, 0, 0, 0]
        for _ in range(8 - n):
            dong[rng.below(4)] += 1
        leaders = [s for s in range(4) if dong[s]]
        leader = leaders[rng.below(len(leaders))]
        shown = [t for t in rest if rng.below(10) < 6]
        return Hand(rules, banker=banker, banker_streak=1 + rng.below(2), holdings=holdings,
                    dong=dong, leader=leader, shown=shown)


def time_reference(hand: Hand, budget: int, repeat: int) -> tuple[float | None, list | None]:
    """CPU seconds (fastest of ``repeat`` cold runs) of the reference solver, and its values;
    (None, None) when it runs out of budget."""
    best = None
    vals = None
    for _ in range(repeat):
        reference.clear_caches()
        c0 = time.process_time()
        try:
            sol = reference.solve(hand, budget=budget)
        except reference.BudgetExceededError:
            return None, None
        dc = time.process_time() - c0
        best = dc if best is None else min(best, dc)
        vals = [(a.action.notation(), a.value, a.group) for a in sol.actions]
    return best, vals


def run_hidden(sizes: list[int], count: dict[int, int], budget: int, seed: int, rules: Rules,
               verbose: bool, samples: int, compare: bool = False) -> dict:
    """The hidden-hand judgement of the leader's actions (``solve_hidden``, ``samples``
    deals) on the same seeded positions; CPU seconds per position."""
    from tianjiu_core.solver import hidden

    out: dict = {"python": platform.python_version(), "implementation": sys.platform,
                 "budget": budget, "seed": seed, "samples": samples, "hidden": {}}
    for n in sizes:
        rng = Rng(seed * 1000 + n)
        row: dict = {"positions": count[n]}
        hands = [random_position(rng, n, rules) for _ in range(count[n])]
        for name, fn in (("new", solve), ("reference", reference.solve)):
            if name == "reference" and not compare:
                continue
            cpu = []
            for i, hand in enumerate(hands):
                clear_caches()
                reference.clear_caches()
                saved = hidden.solve
                hidden.solve = fn   # the reference behind the same sampling code
                c0 = time.process_time()
                try:
                    sol = hidden.solve_hidden(hand, samples=samples, seed=0, budget=budget)
                    note = f"{sol.deals} deals, {sol.nodes:,} nodes"
                except (BudgetExceededError, reference.BudgetExceededError):
                    note = "a deal ran out of budget"
                finally:
                    hidden.solve = saved
                cpu.append(time.process_time() - c0)
                if verbose:
                    print(f"  hidden n={n} #{i} {name}: {cpu[-1]:.2f} s CPU  {note}",
                          file=sys.stderr, flush=True)
            row[f"{name}_cpu_median_s"] = round(statistics.median(cpu), 3)
        if compare:
            row["ratio_median"] = round(row["reference_cpu_median_s"] / row["new_cpu_median_s"], 2)
        out["hidden"][str(n)] = row
    return out


def run(sizes: list[int], count: dict[int, int], budget: int, seed: int,
        rules: Rules, verbose: bool, repeat: int = 1, compare: bool = False) -> dict:
    out: dict = {"python": platform.python_version(), "implementation": sys.platform,
                 "budget": budget, "seed": seed, "sizes": {}}
    for n in sizes:
        rng = Rng(seed * 1000 + n)
        times, cpu, nodes, solved = [], [], 0, 0
        ref_cpu, ratios, mismatches = [], [], 0
        for i in range(count[n]):
            hand = random_position(rng, n, rules)
            best = best_cpu = None
            for _ in range(repeat):   # the fastest of `repeat` cold runs (noisy machines)
                clear_caches()
                c0 = time.process_time()
                t0 = time.perf_counter()
                try:
                    sol = solve(hand, budget=budget)
                    ok, used = True, sol.nodes
                    note = f"value {sol.value:+d}, {len(sol.actions)} actions, {sol.nodes:,} nodes"
                except BudgetExceededError:
                    ok, used = False, budget
                    note = "not solved within budget"
                dt = time.perf_counter() - t0
                dc = time.process_time() - c0
                best = dt if best is None else min(best, dt)
                best_cpu = dc if best_cpu is None else min(best_cpu, dc)
            solved += ok
            nodes += used
            dt = best
            times.append(dt)
            cpu.append(best_cpu)
            if compare:
                rc, rvals = time_reference(hand, budget, repeat)
                if rc is not None:
                    ref_cpu.append(rc)
                    if ok:
                        ratios.append(rc / max(best_cpu, 1e-6))
                        if rvals != [(a.action.notation(), a.value, a.group) for a in sol.actions]:
                            mismatches += 1
                note += (f"; reference {rc * 1000:.1f} ms CPU" if rc is not None
                         else "; reference not solved within budget")
            if verbose:
                print(f"  n={n} #{i}: {dt * 1000:9.1f} ms  {note}", file=sys.stderr, flush=True)
        total = sum(times)
        row = out["sizes"][str(n)] = {
            "positions": len(times), "solved": solved, "repeat": repeat,
            "median_ms": round(statistics.median(times) * 1000, 2),
            "worst_ms": round(max(times) * 1000, 2),
            "cpu_median_ms": round(statistics.median(cpu) * 1000, 2),
            "nodes_per_s": round(nodes / total) if total else 0,
        }
        if compare:
            row["reference_solved"] = len(ref_cpu)
            row["reference_cpu_median_ms"] = (round(statistics.median(ref_cpu) * 1000, 2)
                                              if ref_cpu else None)
            # old/new CPU time, position by position (both solved), then the median
            row["ratio_median"] = round(statistics.median(ratios), 2) if ratios else None
            row["mismatches"] = mismatches
    return out


def show(result: dict) -> str:
    lines = [f"solver benchmark — Python {result['python']} ({result['implementation']}), "
             f"budget {result['budget']:,} nodes"]
    lines.append(f"{'tiles':>5} {'solved':>9} {'median':>12} {'worst':>12} {'nodes/s':>10} "
                 f"{'CPU median':>12}")
    compare = any("ratio_median" in r for r in result["sizes"].values())
    if compare:
        lines[-1] += f" {'reference CPU':>14} {'old/new':>8} {'differ':>6}"
    for n, r in result["sizes"].items():
        mark = ">" if r["solved"] < r["positions"] else " "
        line = (f"{n:>5} {r['solved']:>4}/{r['positions']:<4} {mark}{r['median_ms']:>9.1f}ms "
                f"{mark}{r['worst_ms']:>9.1f}ms {r['nodes_per_s']:>10,} "
                f"{mark}{r['cpu_median_ms']:>9.1f}ms")
        if "ratio_median" in r:
            rm = "" if r["reference_solved"] == r["positions"] else ">"
            ref = r["reference_cpu_median_ms"]
            line += (f" {rm:>1}{ref if ref is not None else float('nan'):>11.1f}ms "
                     f"{'x' + str(r['ratio_median']) if r['ratio_median'] else '-':>8} "
                     f"{r['mismatches']:>6}")
        lines.append(line)
    return "\n".join(lines)


def run_pyodide(argv: list[str]) -> dict:
    """This script inside Pyodide (Node + the npm package, the wheel the site serves)."""
    from pyodide_runner import run_json

    return run_json("solver.py", [*argv, "--json"])


def _with_sizes(argv: list[str], n: int) -> list[str]:
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
            continue
        if a == "--sizes":
            skip = True
            continue
        if a.startswith("--sizes="):
            continue
        out.append(a)
    return out + ["--sizes", str(n)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default="2,3,4,6,8", help="tiles per seat, comma-separated")
    p.add_argument("--count", type=int, default=None, help="positions per size (default varies)")
    p.add_argument("--budget", type=int, default=3_000_000, help="node budget per position")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="hk", help="rules preset")
    p.add_argument("--json", action="store_true", help="print one JSON line")
    p.add_argument("--verbose", action="store_true", help="one line per position (stderr)")
    p.add_argument("--repeat", type=int, default=1,
                   help="time each position this many times from cold and keep the fastest")
    p.add_argument("--compare", action="store_true",
                   help="also solve every position with the previous solver (solver.reference), "
                        "check that the values agree and report the old/new CPU time ratio")
    p.add_argument("--hidden", type=int, default=0, metavar="SAMPLES",
                   help="time the hidden-hand judgement of each position's lead instead "
                        "(solve_hidden with SAMPLES deals, e.g. 64)")
    p.add_argument("--pyodide", action="store_true",
                   help="also run inside Pyodide under Node and print the time ratio")
    args = p.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    count = {n: args.count or DEFAULT_COUNT.get(n, 5) for n in sizes}
    rules = Rules.preset(args.rules)
    if args.hidden and not args.pyodide:
        result = run_hidden(sizes, count, args.budget, args.seed, rules, args.verbose,
                            args.hidden, args.compare)
        print(json.dumps(result) if args.json else "\n".join(
            f"hidden-hand lead, {n} tiles, {args.hidden} deals: {r}"
            for n, r in result["hidden"].items()))
        return 0
    if not args.pyodide:
        result = run(sizes, count, args.budget, args.seed, rules, args.verbose, args.repeat,
                     args.compare)
        print(json.dumps(result) if args.json else show(result))
        return 0
    # one size at a time, CPython then Pyodide, so that both see the same machine load
    passthrough = [a for a in (argv if argv is not None else sys.argv[1:])
                   if a not in ("--pyodide", "--json")]
    if args.hidden:
        both: dict = {"cpython": {}, "pyodide": {}, "ratio_median": {}}
        for n in sizes:
            r = run_hidden([n], count, args.budget, args.seed, rules, args.verbose,
                           args.hidden, args.compare)["hidden"][str(n)]
            q = run_pyodide(_with_sizes(passthrough, n))["hidden"][str(n)]
            both["cpython"][str(n)], both["pyodide"][str(n)] = r, q
            both["ratio_median"][str(n)] = round(q["new_cpu_median_s"] / r["new_cpu_median_s"], 2)
        print(json.dumps(both) if args.json else "\n".join(
            f"hidden-hand lead, {n} tiles, {args.hidden} deals: CPython {both['cpython'][n]}, "
            f"Pyodide {both['pyodide'][n]}, Pyodide/CPython ×{both['ratio_median'][n]}"
            for n in both["cpython"]))
        return 0
    result: dict = {}
    py: dict = {}
    for n in sizes:
        r = run([n], count, args.budget, args.seed, rules, args.verbose, args.repeat,
                args.compare)
        p = run_pyodide(_with_sizes(passthrough, n))
        if not result:
            result, py = r, p
        else:
            result["sizes"].update(r["sizes"])
            py["sizes"].update(p["sizes"])
    both = {"cpython": result, "pyodide": py, "ratio_median": {
        n: round(py["sizes"][n]["median_ms"] / result["sizes"][n]["median_ms"], 2)
        if result["sizes"][n]["median_ms"] else None for n in result["sizes"]}}
    if args.json:
        print(json.dumps(both))
    else:
        print(show(result))
        print()
        print(show(py))
        print()
        print("Pyodide / CPython median time: " + ", ".join(
            f"{n} tiles ×{r}" for n, r in both["ratio_median"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

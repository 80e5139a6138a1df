"""Benchmark: resumable solver slices (issue 14) — how long a ``time_ms`` slice really takes,
and how many slices a position needs until complete, in CPython or Pyodide.

For each size it deals the seeded random positions of ``benchmarks/solver.py``
(``random_position``: holdings, 棟 so far, shown tiles, the leader to act, rules hk) and runs a
:class:`~tianjiu_core.solver.slices.SliceSearch` for the leader in slices of ``--time-ms``
until it is complete (or ``--max-slices``).  It reports, per size, the wall milliseconds of
every slice (median, p90, max; the first slice of a search, which has no node rate yet, is
counted too) and its process CPU milliseconds (median, max: what the slice cost without the
waits for a core on a shared machine), the slices until the best value is proven (``r.best()`` not empty) and until
complete, and nodes per second.  ``--check`` also compares the complete answer with
:func:`~tianjiu_core.solver.search.solve` (cold caches, so it doubles the time).

Usage::

    .venv/bin/python benchmarks/slices.py --sizes 5,6 --count 4
    .venv/bin/python benchmarks/slices.py --sizes 5 --count 2 --pyodide   # the same inside Pyodide

Times are wall-clock (what a page waits); on a machine shared with other jobs they include the
waits for a core, so read them next to the machine's load.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if (HERE.parent / "tianjiu_core").exists() and sys.platform != "emscripten":
    sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from solver import random_position  # noqa: E402
from tianjiu_core.solver.search import clear_caches, solve  # noqa: E402
from tianjiu_core.solver.slices import SliceSearch  # noqa: E402
from tianjiu_core.tiengow.deal import Rng  # noqa: E402
from tianjiu_core.tiengow.rules import Rules  # noqa: E402


def run_size(n: int, count: int, seed: int, time_ms: float, max_slices: int, check: bool) -> dict:
    rng = Rng(seed * 1000 + n)
    slice_ms: list[float] = []
    cpu_ms: list[float] = []
    to_best: list[int] = []
    to_complete: list[int] = []
    nodes = seconds = 0.0
    mismatches = 0
    for _ in range(count):
        hand = random_position(rng, n, Rules())
        clear_caches()
        s = SliceSearch(hand, hand.to_act)
        best_at = None
        r = s.result()
        while not r.complete and r.slices < max_slices:
            c0 = time.process_time()
            r = s.advance(time_ms=time_ms)
            cpu_ms.append((time.process_time() - c0) * 1000)
            slice_ms.append(r.slice_ms)
            if best_at is None and r.best():
                best_at = r.slices
        to_best.append(best_at if best_at is not None else -1)
        to_complete.append(r.slices if r.complete else -1)
        nodes += r.nodes
        seconds += r.ms / 1000
        if check and r.complete:
            clear_caches()
            sol = solve(hand, hand.to_act)
            if [(a.lo, a.hi, a.group) for a in r.actions] != [(a.value, a.value, a.group)
                                                              for a in sol.actions]:
                mismatches += 1
    slice_ms.sort()
    cpu_ms.sort()
    return {"positions": count, "slices": len(slice_ms),
            "cpu_ms_median": round(statistics.median(cpu_ms), 1),
            "cpu_ms_max": round(cpu_ms[-1], 1),
            "slice_ms_median": round(statistics.median(slice_ms), 1),
            "slice_ms_p90": round(slice_ms[int(0.9 * (len(slice_ms) - 1))], 1),
            "slice_ms_max": round(slice_ms[-1], 1),
            "slices_to_best": to_best, "slices_to_complete": to_complete,
            "nodes_per_s": round(nodes / seconds) if seconds else None,
            "mismatches": mismatches if check else None}


def run_pyodide(argv: list[str]) -> dict:
    """This script inside Pyodide (Node + the npm package, the wheel the site serves)."""
    from pyodide_runner import run_json
    return run_json("slices.py", [*argv, "--json"])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default="5,6", help="tiles per seat, comma-separated")
    p.add_argument("--count", type=int, default=4, help="positions per size")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--time-ms", type=float, default=100.0, help="time_ms of every slice")
    p.add_argument("--max-slices", type=int, default=1200, help="give up a position after this many")
    p.add_argument("--check", action="store_true", help="compare complete answers with solve()")
    p.add_argument("--pyodide", action="store_true", help="run inside Pyodide under Node")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.pyodide:
        rest = [a for a in (argv if argv is not None else sys.argv[1:]) if a not in ("--pyodide", "--json")]
        out = run_pyodide(rest)
    else:
        out = {"python": sys.version.split()[0], "platform": sys.platform, "time_ms": args.time_ms,
               "sizes": {}}
        for n in (int(x) for x in args.sizes.split(",")):
            out["sizes"][str(n)] = run_size(n, args.count, args.seed, args.time_ms,
                                            args.max_slices, args.check)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"Python {out['python']} ({out['platform']}), slices of time_ms={out['time_ms']:g}")
    print(f"{'tiles':>5} {'pos':>4} {'slices':>6} {'ms median':>9} {'p90':>7} {'max':>7} "
          f"{'CPU med':>7} {'CPU max':>7} {'nodes/s':>8}  slices to best / to complete (-1: not within --max-slices)")
    for n, r in out["sizes"].items():
        print(f"{n:>5} {r['positions']:>4} {r['slices']:>6} {r['slice_ms_median']:>9} "
              f"{r['slice_ms_p90']:>7} {r['slice_ms_max']:>7} {r['cpu_ms_median']:>7} "
              f"{r['cpu_ms_max']:>7} {r['nodes_per_s']:>8}  "
              f"{r['slices_to_best']} / {r['slices_to_complete']}"
              + (f"  mismatches {r['mismatches']}" if r["mismatches"] is not None else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

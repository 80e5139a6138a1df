"""Benchmark: Pai Gow (牌九) — the whole edge table for a house way, and the optimal setting of one
hand, in CPython and in Pyodide.

- ``edge``: :func:`tianjiu_core.paigow.edge_table` for each house way (every deal of 35,960 ×
  20,475, exactly), its wall and CPU time, and each row beside Wizard of Odds' published figure
  with the difference in points.  The issue's target: ≤ 60 s in CPython.
- ``set``: :func:`tianjiu_core.paigow.analyse` (the three settings' EV against every opponent hand
  of the 28 unseen tiles, banking and not) on seeded random hands: the first call (which also
  builds the house way's table of 8,130 opponent settings) and the median / worst of the rest.
  The target: ≤ 50 ms a hand inside Pyodide.

Usage::

    .venv/bin/python benchmarks/paigow.py                    # edge (both house ways) + set
    .venv/bin/python benchmarks/paigow.py --only set --count 200 --json
    .venv/bin/python benchmarks/paigow.py --pyodide          # CPython, then `set` inside Pyodide

``--pyodide`` builds the wheel and runs this script's ``set`` part inside Pyodide under Node
(``benchmarks/pyodide_run.mjs``), then prints the Pyodide/CPython ratio of the medians.
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

from tianjiu_core.paigow import HOUSE_WAYS, analyse, edge_table  # noqa: E402
from tianjiu_core.paigow.analysis import opponent_table  # noqa: E402
from tianjiu_core.paigow.edge import PUBLISHED  # noqa: E402
from tianjiu_core.rng import Rng  # noqa: E402
from tianjiu_core.tiles import FULL_SET  # noqa: E402


def bench_edge(ways: list[str]) -> list[dict]:
    out = []
    for way in ways:
        opponent_table.cache_clear()
        t0, c0 = time.perf_counter(), time.process_time()
        rows = edge_table(way)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        table = []
        for r in rows:
            pub = PUBLISHED.get((r.strategy, r.banking, r.commission))
            table.append({"strategy": r.strategy, "banking": r.banking, "commission": r.commission,
                          "win": round(100 * r.win, 3), "lose": round(100 * r.lose, 3),
                          "push": round(100 * r.push, 3), "edge": round(100 * r.edge, 3),
                          "published_edge": pub[3] if pub else None,
                          "diff": round(100 * r.edge - pub[3], 3) if pub else None})
        out.append({"house_way": way, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
                    "rows": table})
    return out


def _four(rng: Rng) -> list:
    tiles = list(FULL_SET)
    for i in range(4):
        j = i + rng.below(32 - i)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tiles[:4]


def bench_set(count: int, seed: int, way: str) -> dict:
    rng = Rng(seed)
    hands = [_four(rng) for _ in range(count + 1)]
    opponent_table.cache_clear()
    t0 = time.perf_counter()
    analyse(hands[0], way)
    first_ms = 1000 * (time.perf_counter() - t0)
    times = []
    for h in hands[1:]:
        t0 = time.perf_counter()
        analyse(h, way)
        times.append(1000 * (time.perf_counter() - t0))
    from tianjiu_core.paigow.analysis import _stored_splits
    from tianjiu_core.paigow.hands import DEFAULT_RULES
    stored = _stored_splits(HOUSE_WAYS[way], DEFAULT_RULES) is not None
    return {"house_way": way, "count": count, "stored_table": stored, "first_ms": round(first_ms, 1),
            "median_ms": round(statistics.median(times), 2), "worst_ms": round(max(times), 2)}


def show(result: dict) -> str:
    lines = [f"Python {result['python']} on {result['platform']}"]
    for e in result.get("edge", []):
        lines.append(f"\nedge table, {e['house_way']} house way: {e['wall_s']} s wall, {e['cpu_s']} s CPU")
        lines.append(f"{'strategy':<16} {'bank':<4} {'comm':>6} {'win':>7} {'lose':>7} {'push':>7} "
                     f"{'edge':>7} {'published':>9} {'diff':>6}")
        for r in e["rows"]:
            pub = "" if r["published_edge"] is None else f"{r['published_edge']:>8.2f}%"
            diff = "" if r["diff"] is None else f"{r['diff']:+6.3f}"
            lines.append(f"{r['strategy']:<16} {'yes' if r['banking'] else 'no':<4} "
                         f"{100 * r['commission']:5.2f}% {r['win']:6.2f}% {r['lose']:6.2f}% "
                         f"{r['push']:6.2f}% {r['edge']:6.3f}% {pub:>9} {diff}")
    s = result.get("set")
    if s:
        lines.append(f"\noptimal setting of one hand ({s['house_way']}, {s['count']} hands): "
                     f"first {s['first_ms']} ms (the opponent table "
                     f"{'read from house_way_table.py' if s['stored_table'] else 'computed'}), "
                     f"then median {s['median_ms']} ms, worst {s['worst_ms']} ms")
    return "\n".join(lines)


def run_pyodide(argv: list[str]) -> dict:
    """This script's ``set`` part inside Pyodide (Node + the npm package, the site's wheel)."""
    from pyodide_runner import run_json

    return run_json("paigow.py", [*argv, "--only", "set", "--json"])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--only", choices=("edge", "set"), default=None)
    p.add_argument("--house-way", default=None, help="one house way (default: all for edge, nz for set)")
    p.add_argument("--count", type=int, default=100, help="hands for the set timing")
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--pyodide", action="store_true", help="then the set timing inside Pyodide")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    result: dict = {"python": platform.python_version(), "platform": sys.platform}
    if args.only in (None, "edge"):
        result["edge"] = bench_edge([args.house_way] if args.house_way else list(HOUSE_WAYS))
    if args.only in (None, "set"):
        result["set"] = bench_set(args.count, args.seed, args.house_way or "nz")
    if args.pyodide:
        passthrough = ["--count", str(args.count), "--seed", str(args.seed)]
        if args.house_way:
            passthrough += ["--house-way", args.house_way]
        py = run_pyodide(passthrough)
        result = {"cpython": result, "pyodide": py,
                  "ratio_median": round(py["set"]["median_ms"] / result["set"]["median_ms"], 2)
                  if "set" in result else None}
        if args.json:
            print(json.dumps(result))
        else:
            print(show(result["cpython"]))
            print("\n--- inside Pyodide ---")
            print(show(py))
            if result["ratio_median"]:
                print(f"\nPyodide / CPython (median of set): {result['ratio_median']}×")
        return 0
    print(json.dumps(result) if args.json else show(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

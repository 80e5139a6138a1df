"""Benchmark: verifying the whole puzzle collection, and one ``puzzle_step`` per puzzle.

1. **verify** — ``tianjiu puzzles check puzzles/`` without the cache (what ``./run test``
   does): total wall time, and per puzzle median / p90 / worst (slowest ids named).
2. **step** — for each puzzle, the first ``puzzle_step`` a page makes (the solution's
   first move) through :func:`tianjiu_core.bridge.handle`, with the puzzle caches
   emptied first (the engine's rule tables stay warm, as in a worker that has answered
   one call): median / p90 / worst CPU time (``time.process_time``; in Pyodide under
   Node, ``process.cpuUsage()``), steady on a busy machine.  ``--pyodide`` runs the same step timing inside
   Pyodide (Python 3.14 on WebAssembly, as in the browser) under Node, from the wheel.

Usage::

    .venv/bin/python benchmarks/puzzles.py                 # verify + step (CPython)
    .venv/bin/python benchmarks/puzzles.py --only step --pyodide
    .venv/bin/python benchmarks/puzzles.py --json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if (ROOT / "tianjiu_core").exists() and sys.platform != "emscripten":
    sys.path.insert(0, str(ROOT))


def _cpu() -> float:
    """CPU seconds of this process (Node's ``process.cpuUsage()`` inside Pyodide, where
    ``time.process_time`` is wall time)."""
    if sys.platform == "emscripten":
        try:
            import js  # type: ignore[import-not-found]

            u = js.process.cpuUsage()
            return (u.user + u.system) / 1e6
        except Exception:  # a browser: no process object
            return time.perf_counter()
    return time.process_time()


def _summary(times: dict[str, float]) -> dict:
    vals = sorted(times.values())
    if not vals:
        return {"n": 0}
    slow = sorted(times, key=times.get, reverse=True)[:5]
    return {"n": len(vals), "total": round(sum(vals), 3), "median": round(statistics.median(vals), 4),
            "p90": round(vals[min(len(vals) - 1, int(0.9 * len(vals)))], 4), "max": round(vals[-1], 4),
            "slowest": {k: round(times[k], 3) for k in slow}}


def bench_verify(folder: str) -> dict:
    from tianjiu_core.cli.puzzles import check_paths

    t0, c0 = time.perf_counter(), time.process_time()
    res = check_paths([folder], cache=None, git=False)
    total, cpu = time.perf_counter() - t0, time.process_time() - c0
    per = {os.path.basename(p)[:-5]: r["seconds"] for p, r in res.reports.items()}
    return {"ok": res.ok, "seconds": round(total, 2), "cpu_seconds": round(cpu, 2),
            "per_puzzle": _summary(per)}


def bench_step(folder: str) -> dict:
    from tianjiu_core import puzzles
    from tianjiu_core.bridge import handle
    from tianjiu_core.puzzles.judging import clear_line_caches

    files = sorted(p for p in os.listdir(folder) if p.endswith(".toml") and p != "schedule.toml")
    texts = {}
    for name in files:
        with open(os.path.join(folder, name), encoding="utf-8") as fh:
            texts[name[:-5]] = fh.read()
    t0 = time.perf_counter()
    handle({"op": "puzzle_load", "toml": texts[min(texts)]})  # imports, rule tables
    warm = time.perf_counter() - t0
    times = {}
    for pid, text in texts.items():
        p = puzzles.Puzzle.loads(text)
        clear_line_caches()
        t = _cpu()     # CPU time: steady on a busy machine (one thread)
        r = handle({"op": "puzzle_step", "toml": text, "moves": [], "move": p.solution[0]})
        times[pid] = _cpu() - t
        if not r["ok"] or not r["result"]["correct"]:
            raise SystemExit(f"{pid}: the solution's first move was not accepted: {r}")
    return {"first_call_seconds": round(warm, 3), "step": _summary(times)}


def run_pyodide(folder: str) -> dict:
    """This script's ``--only step`` inside Pyodide under Node (builds the wheel)."""
    from pyodide_runner import run_json

    return run_json("puzzles.py", ["--only", "step", "--puzzles", "/puzzles", "--json"],
                    mounts=[(Path(folder), "/puzzles")])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--puzzles", default=str(ROOT / "puzzles"), help="the collection folder")
    ap.add_argument("--only", choices=("verify", "step"), default=None)
    ap.add_argument("--pyodide", action="store_true", help="also time the steps inside Pyodide")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out: dict = {"python": platform.python_version(), "platform": sys.platform}
    if args.only in (None, "verify") and sys.platform != "emscripten":
        out["verify"] = bench_verify(args.puzzles)
    if args.only in (None, "step"):
        out["step"] = bench_step(args.puzzles)
    if args.pyodide and sys.platform != "emscripten":
        out["pyodide"] = run_pyodide(args.puzzles)
    if args.json or sys.platform == "emscripten":
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(f"puzzle benchmark — Python {out['python']} ({out['platform']})")
    if "verify" in out:
        v = out["verify"]
        s = v["per_puzzle"]
        print(f"verify the collection (no cache): {v['seconds']:.1f}s wall, {v['cpu_seconds']:.1f}s CPU "
              f"for {s['n']} puzzles "
              f"({'ok' if v['ok'] else 'FAILED'}); per puzzle median {s['median']:.2f}s, "
              f"p90 {s['p90']:.2f}s, worst {s['max']:.2f}s  slowest: {s['slowest']}")
    for label, res in (("CPython", out.get("step")), ("Pyodide", (out.get("pyodide") or {}).get("step"))):
        if res:
            s = res["step"]
            print(f"{label}: first puzzle_step of each puzzle (cold puzzle cache, CPU time): median "
                  f"{s['median'] * 1000:.0f}ms, p90 {s['p90'] * 1000:.0f}ms, worst {s['max'] * 1000:.0f}ms "
                  f"(first call in a fresh engine {res['first_call_seconds']:.2f}s)  slowest: {s['slowest']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

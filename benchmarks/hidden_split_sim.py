"""The hidden-hand 5-tile lead split over 1 + H engines, as on a machine with a free core each:
an event-driven replay of site/assets/tianjiu/helpers.js with real engines, one at a time.

    .venv/bin/python benchmarks/hidden_split_sim.py [--count 10] [--helpers 1,3] [--pyodide]

This machine has 2 cores, so ``benchmarks/hidden_split.py`` (Chromium, the real page) can
measure one helper only.  Here each engine is a CPython process of its own (its own caches, as a
worker's Pyodide has; with ``--pyodide`` each is Pyodide under Node, as in the browser), and the
script runs **one engine at a time**, so each call's time is that engine's alone, not disturbed
by the others (measured inside the engine: CPU time in CPython, the clock in Pyodide, whose CPU
time is the clock).
Each engine has its own clock; the engine with the earliest clock works its next call, and deals
another engine solved reach it only once that engine's clock has passed the end of the call
that solved them — what a machine with one free core per engine would do.  The calls are the
page's: the main engine works ``solve_hidden_start {part: [0, W]}`` then ``solve_continue`` in
slices of 100 ms, each carrying the deals the helpers have solved by then; each helper starts
when the main engine's first answer is in and works back to back in slices of the engine's
default length, each continue carrying the deals solved elsewhere (a start carries none).  The judgement's time is the main engine's clock when it answers
complete.  ``--helpers 0`` is one engine alone; every mode's answers must be identical.  Every
engine is fresh for each judgement and first judges another position (untimed, as
hidden_split.py starts its helpers), so its start and its solver tables are not counted.

The positions are those of ``benchmarks/solver.py --sizes 5 --count 10 --hidden 64`` (seed 1,
hk, the seat to lead), as their leader sees them.  What this leaves out: the messages' cost
(a few ms a slice), a memory bus shared by the cores, and a browser's own work: it gives the
times and ratios a machine with a free core per engine can expect.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))


def serve() -> None:
    """``--engine``: one engine, a bridge request a line on stdin, ``{"cpu", "out"}`` a line on
    stdout (cpu: seconds of this request)."""
    import time

    from tianjiu_core import bridge
    clock = time.perf_counter if sys.platform == "emscripten" else time.process_time
    while line := sys.stdin.readline():
        c0 = clock()
        out = bridge.handle(json.loads(line))
        cpu = clock() - c0
        print(json.dumps({"cpu": cpu, "out": out}), flush=True)


class Engine:
    """One engine process (CPython, or Pyodide under Node when ``wheel`` is given):
    call(op, fields) → (answer, seconds)."""

    def __init__(self, wheel: str | None = None) -> None:
        cmd = ([sys.executable, __file__, "--engine"] if wheel is None else
               ["node", str(ROOT / "benchmarks" / "pyodide_run.mjs"), "--wheel", wheel,
                Path(__file__).name, "--engine"])
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})

    def ask(self, request: dict) -> dict:
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def warm(self, position: dict) -> None:
        """Wait until the engine has started, then judge ``position`` (not timed): its solver
        tables are built, as in a page's engines after their first judgement."""
        self.ask({"op": "version"})
        r = self.call("solve_hidden_start", {"position": position})[0]
        while not r["complete"]:
            r = self.call("solve_continue", {"search_id": r["search_id"]})[0]

    def call(self, op: str, fields: dict) -> tuple[dict, float]:
        r = self.ask({"op": op, **fields})
        if not r["out"].get("ok"):
            raise SystemExit(f"{op}: {r['out'].get('error')}")
        return r["out"]["result"], r["cpu"]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def judge(position: dict, engines: list[Engine], slice_ms: int = 100) -> dict:
    """One judgement over ``engines`` (the first is the main one), replayed on per-engine
    clocks; the time (s) the main engine answered complete, its answer, deals from helpers."""
    ways = len(engines)
    # solved: deal -> (time it became known, [deal, values, groups])
    solved: dict[int, tuple[float, list]] = {}
    clock = [0.0] * ways
    search = [None] * ways
    sent: list[set[int]] = [set() for _ in range(ways)]
    started = [k == 0 for k in range(ways)]
    handed = 0

    def news(k: int) -> list:
        out = []
        for d, (t, item) in solved.items():
            if d not in sent[k] and t <= clock[k]:
                sent[k].add(d)
                out.append(item)
        return out

    while True:
        k = min((i for i in range(ways) if started[i]), key=lambda i: clock[i])
        if search[k] is None:   # (a start carries no deals: they go with its first continue)
            fields = {"position": position, "part": [k, ways]}
            if k == 0:
                fields["time_ms"] = slice_ms
            r, cpu = engines[k].call("solve_hidden_start", fields)
            search[k] = r["search_id"]
        else:
            deals = news(k)
            fields = {"search_id": search[k], **({"deals": deals} if deals else {})}
            if k == 0:
                fields["time_ms"] = slice_ms
            r, cpu = engines[k].call("solve_continue", fields)
            if k == 0:
                handed += len(deals)
        clock[k] += cpu
        for item in r.get("own", []):
            solved.setdefault(item[0], (clock[k], item))
            sent[k].add(item[0])
        if k == 0:
            if r["complete"]:
                return {"s": clock[0], "helped_deals": handed,
                        "actions": [[a["action"], a["lo"], a["hi"], a["best_share"], a["group"]]
                                    for a in r["actions"]]}
            for i in range(1, ways):   # helpers start with the main engine's first answer
                if not started[i]:
                    started[i] = True
                    clock[i] = clock[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--helpers", default="1,3", help="helper counts to replay besides 0 (comma-separated)")
    ap.add_argument("--pyodide", action="store_true", help="engines in Pyodide under Node")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--engine", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.engine:
        serve()
        return 0
    from hidden_split import positions
    wheel = None
    if args.pyodide:
        from pyodide_runner import wheel_path
        wheel = str(wheel_path())
    warm = positions(1, seed=99, n=4)[0]   # (as hidden_split.py warms its helpers: none of the timed)
    modes = [0] + [int(x) for x in args.helpers.split(",") if int(x) > 0]
    times: dict[int, list[float]] = {m: [] for m in modes}
    for i, pos in enumerate(positions(args.count)):
        want = None
        line = []
        for m in modes:   # fresh engines for every judgement: cold caches, as a new page
            engines = [Engine(wheel) for _ in range(m + 1)]
            with ThreadPoolExecutor(len(engines)) as pool:   # (untimed: side by side)
                list(pool.map(lambda e: e.warm(warm), engines))
            try:
                r = judge(pos, engines)
            finally:
                for e in engines:
                    e.close()
            if want is None:
                want = r["actions"]
            elif r["actions"] != want:
                print(f"#{i}: {m} helpers give another answer than one engine", file=sys.stderr)
                return 1
            times[m].append(r["s"])
            line.append(f"{m} helpers {r['s']:.2f} s ({r['helped_deals']} deals from helpers)")
        print(f"  #{i}: " + ", ".join(line), file=sys.stderr, flush=True)
    result = {"positions": args.count, "engine": "pyodide" if wheel else "cpython", "times_s": {m: [round(t, 2) for t in ts] for m, ts in times.items()},
              "median_s": {m: round(statistics.median(ts), 2) for m, ts in times.items()},
              "ratio_of_medians": {m: round(statistics.median(times[0]) / statistics.median(ts), 2)
                                   for m, ts in times.items() if m},
              "median_ratio": {m: round(statistics.median(a / b for a, b in zip(times[0], ts)), 2)
                               for m, ts in times.items() if m},
              "same_answers": True}
    print(json.dumps(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A wrong move's cost: ``puzzle_step`` for the first wrong move of every open puzzle, which
also computes the refutation (the line after the move with best play by everyone), with cold
solver caches.  CPU time in CPython; the browser (Pyodide) is about 2× slower.

    .venv/bin/python benchmarks/puzzle_wrong_move.py
"""

from __future__ import annotations

import glob
import json
import statistics
import time
from pathlib import Path

from tianjiu_core import puzzles as P
from tianjiu_core.bridge import handle_json
from tianjiu_core.puzzles.verification import cold_solver

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ts = []
    for f in sorted(glob.glob(str(ROOT / "puzzles" / "[0-9]*.toml"))):
        text = Path(f).read_text(encoding="utf-8")
        p = P.Puzzle.loads(text)
        if p.hidden:
            continue
        wrong = next((a for a in P.values(p, [])["steps"][0]["actions"] if not a["best"]), None)
        if wrong is None:
            continue
        cold_solver()
        t0 = time.process_time()
        r = json.loads(handle_json(json.dumps({"op": "puzzle_step", "toml": text, "moves": [], "move": wrong["action"]})))
        ts.append((time.process_time() - t0) * 1000)
        assert r["ok"] and r["result"]["refutation"] is not None, f
    ts.sort()
    print(f"{len(ts)} open puzzles, wrong move → verdict + refutation (cold caches, CPU): "
          f"median {statistics.median(ts):.1f} ms, p90 {ts[int(len(ts) * 0.9)]:.1f} ms, max {ts[-1]:.1f} ms")


if __name__ == "__main__":
    main()

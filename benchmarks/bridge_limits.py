"""Benchmark: the slowest request within the browser's limits, op by op.

For every bridge op this builds the worst request :data:`tianjiu_core.limits.BROWSER` allows
(the longest strings, the most samples, the largest node budget, the biggest puzzle …) and
times :func:`tianjiu_core.bridge.handle_json` on it — CPU seconds (``time.process_time``,
steady on a shared machine), the median of ``--repeat`` runs, caches emptied between runs.
The page's promise is an answer in ≤ 2 s in Pyodide; Pyodide runs this engine about ×2.3
slower than CPython (``benchmarks/solver.py --pyodide``), so every op must stay under
2 / 2.3 ≈ 0.87 s here.  The answer (``ok`` or the error type) is printed too: a request at a
limit may well be refused (a budget that runs out), but it must be refused in time.

Usage::

    .venv/bin/python benchmarks/bridge_limits.py             # table, exit 1 when an op is over
    .venv/bin/python benchmarks/bridge_limits.py --repeat 5 --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tianjiu_core.bridge import handle, handle_json  # noqa: E402
from tianjiu_core.limits import BROWSER  # noqa: E402
from tianjiu_core.players import greedy_action  # noqa: E402
from tianjiu_core.puzzles.judging import clear_line_caches  # noqa: E402
from tianjiu_core.puzzles.model import Puzzle  # noqa: E402
from tianjiu_core.tiengow.game import Hand  # noqa: E402
from tianjiu_core.tiengow.position import Position  # noqa: E402

PYODIDE_FACTOR = 2.3
TARGET = 2.0 / PYODIDE_FACTOR


def _position_at(seed: int, tiles: int) -> Position:
    """A dealt hand played by the greedy player until each seat holds ``tiles`` tiles."""
    hand = Hand.from_seed(seed)
    while not hand.is_over and (hand.trick or len(hand.holdings[hand.leader]) > tiles):
        hand.act(greedy_action(hand))
    if hand.is_over or len(hand.holdings[hand.leader]) != tiles:
        raise LookupError
    return Position.from_hand(hand)


def _positions(tiles: int, count: int) -> list[Position]:
    out, seed = [], 0
    while len(out) < count:
        seed += 1
        try:
            out.append(_position_at(seed, tiles))
        except LookupError:
            continue
    return out


def _puzzle(pos: Position, hidden: bool) -> str:
    """A puzzle file on ``pos`` (any legal first move as its 'solution': the ops do not
    need it to be right, and a hostile page would not make it right)."""
    first = pos.to_hand().legal_actions()[0].notation()
    text = {"hant": "基準", "en": "benchmark"}
    return Puzzle(id="bench", position=pos, solution=(first,), themes=("dun_tian",),
                  difficulty=1, visibility="hidden" if hidden else "open", source="hand",
                  title=text, explanation=text).dumps()


def requests(candidates: int) -> dict[str, list[dict]]:
    """op → worst in-limit requests to try (the slowest one counts)."""
    L = BROWSER
    s = L.string_chars
    long_tiles = ("66 " * (s // 3))[:s].strip()
    words = ["Teen"] * 8
    p4 = _positions(L.puzzle_tiles, candidates)
    p3 = _positions(L.puzzle_hidden_tiles, candidates)
    p8 = _positions(8, 1)[0]
    schedule = (ROOT / "puzzles" / "schedule.toml").read_text(encoding="utf-8")
    big_schedule = schedule.replace("ids = [", "ids = [" + '"0001", ' * ((L.text_chars - len(schedule)) // 10), 1)
    wall = " ".join(t.code for t in Hand.from_seed(1).deal_info.wall.tiles)
    out: dict[str, list[dict]] = {
        "classify": [{"tiles": long_tiles}, {"tiles": " ".join(words)}],
        "beats": [{"best": long_tiles, "play": long_tiles}],
        "settle": [{"banker": "E", "finisher": "E", "banker_streak": L.banker_streak,
                    "dong": {"E": 8, "S": 0, "W": 0, "N": 0},
                    "finish": {"kind": "four", "guaranteed": True, "last_trick_tiles": 4}}],
        "deal": [{"seed": 2 ** 64 - 1, "method": "間棟"}, {"wall": wall, "dice": [6, 6]}],
        "rules": [{"rules": {"preset": "classic"}}],
        "new_hand": [{"seed": 2 ** 64 - 1, "humans": []}],
        "legal_actions": [{"position": p8.to_dict()}],
        "solve": [{"position": p8.to_dict(), "budget": L.budget}],
        "solve_start": [{"position": p.to_dict(), "time_ms": L.slice_ms} for p in (p8, *p4[:2])],
        "solve_hidden_start": [{"position": p.to_dict(), "samples": L.samples, "time_ms": L.slice_ms,
                                "exhaustive_limit": L.exhaustive_limit} for p in (p8, *p3[:2])],
        "solve_hidden": [{"position": p.to_dict(), "samples": L.samples,
                          "exhaustive_limit": L.exhaustive_limit} for p in (p8, *p3[:2], *p4[:2])],
        "daily_puzzle": [{"schedule": big_schedule, "date": "2099-12-31"}],
        "lesson_trick_play": [{"n": 0, "action": ("discard " + "66 " * 60)[:s]}],
    }
    puzzles = [_puzzle(p, False) for p in p4] + [_puzzle(p, True) for p in p3]
    for published in sorted((ROOT / "puzzles").glob("0*.toml")):
        puzzles.append(published.read_text(encoding="utf-8"))
    out["puzzle_load"] = [{"toml": t} for t in puzzles[:4]]
    for op in ("puzzle_values", "puzzle_hint", "puzzle_solution"):
        out[op] = [{"toml": t, "moves": []} for t in puzzles]
    out["puzzle_step"] = [{"toml": t, "moves": [], "move": Puzzle.loads(t).solution[0]} for t in puzzles]
    return out


def _time(req: dict, repeat: int) -> tuple[float, str]:
    times, kind = [], ""
    text = json.dumps(req, ensure_ascii=False)
    for _ in range(repeat):
        clear_line_caches()
        t0 = time.process_time()
        answer = json.loads(handle_json(text))
        times.append(time.process_time() - t0)
        kind = "ok" if answer["ok"] else answer["error"]["type"]
    return statistics.median(times), kind


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--candidates", type=int, default=12,
                    help="random 4- and 3-tile positions tried as hostile puzzles / hidden solves")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    handle({"op": "solve", "position": _positions(2, 1)[0].to_dict()})   # warm the rule tables
    rows = []
    for op, reqs in requests(args.candidates).items():
        worst = (-1.0, "", -1)
        for i, req in enumerate(reqs):
            t, kind = _time({"op": op, **req}, args.repeat)
            if t > worst[0]:
                worst = (t, kind, i)
        rows.append({"op": op, "requests": len(reqs), "worst_cpu_s": round(worst[0], 4),
                     "answer": worst[1], "pyodide_estimate_s": round(worst[0] * PYODIDE_FACTOR, 3)})
    over = [r for r in rows if r["worst_cpu_s"] > TARGET]
    if args.json:
        print(json.dumps({"target_cpython_s": round(TARGET, 3), "rows": rows}, indent=1))
    else:
        print(f"{'op':<18} {'tried':>5} {'worst CPU':>10} {'≈ Pyodide':>10}  answer")
        for r in rows:
            mark = "  OVER" if r in over else ""
            print(f"{r['op']:<18} {r['requests']:>5} {r['worst_cpu_s']:>9.3f}s "
                  f"{r['pyodide_estimate_s']:>9.2f}s  {r['answer']}{mark}")
        print(f"target: ≤ {TARGET:.2f} s CPU in CPython (2 s in Pyodide at ×{PYODIDE_FACTOR})")
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())

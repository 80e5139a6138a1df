"""The search work (nodes + 100 a hidden deal, as the bridge's ``puzzle_work`` limit counts it)
of every kind of answer a puzzle page asks for, on every published puzzle, from cold caches:
a hint and a wrong and a right move at each graded move, the values at the end, the solution.

    .venv/bin/python benchmarks/puzzle_work.py

Prints the most work each kind of answer needed and on which puzzle; the browser limit
(``tianjiu_core.limits.BROWSER.puzzle_work``) must stay well above it.
"""

from __future__ import annotations

import glob
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tianjiu_core.limits import BROWSER  # noqa: E402
from tianjiu_core.puzzles import Puzzle  # noqa: E402
from tianjiu_core.puzzles import judging as J  # noqa: E402
from tianjiu_core.puzzles.model import OP_BUDGET  # noqa: E402


def main() -> int:
    budget = min(OP_BUDGET, BROWSER.budget)
    worst: dict[str, tuple[int, str]] = {}
    for path in sorted(glob.glob(str(ROOT / "puzzles" / "0*.toml"))):
        p = Puzzle.load(path)
        ops = []
        moves: list[str] = []
        for m in p.solution:
            done = list(moves)
            ops.append(("hint", lambda mv=done: J.hint(p, mv, budget)))
            hand = J.play_line(p, done, budget).hand
            right = J.parse_move(hand, m, "move").notation()
            wrong = [a.notation() for a in hand.legal_actions() if a.notation() != right]
            if wrong:
                ops.append(("step (wrong move)", lambda mv=done, w=wrong[0]: J.step(p, mv, w, budget)))
            ops.append(("step (right move)", lambda mv=done, mm=m: J.step(p, mv, mm, budget)))
            moves.append(m)
        ops.append(("values", lambda: J.values(p, moves, budget)))
        ops.append(("solution", lambda: J.solution_line(p, [], budget)))
        for name, f in ops:
            J.clear_line_caches()
            with J.work_limit(None) as meter:
                f()
            if meter[1] > worst.get(name, (-1, ""))[0]:
                worst[name] = (meter[1], Path(path).name)
    print(f"{'answer':20} {'most work':>10}  puzzle")
    for name, (work, where) in sorted(worst.items()):
        print(f"{name:20} {work:>10,}  {where}")
    print(f"browser limit puzzle_work = {BROWSER.puzzle_work:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Match benchmark: one engine player against three baseline players (issue 16).

Each deal (``Hand.from_seed(seed)``, banker 東, banker streak 1, rules ``hk`` unless
``--rules``) is played 4 times, the tested player rotated through the four seats with the
baseline player in the other three.  The deal's score is the tested player's mean payment
over the four rotations, in stake units per hand.  With four baseline players the four seats'
payments sum to 0, so the baseline's mean over the rotations is exactly 0 and the deal's score
is already the paired difference *tested − baseline* on the same deal; the 95% interval is
mean ± 1.96 · sd / √n over the deals.

Resumable: one line per deal is appended to ``--out`` (CSV: seed, then the tested seat's
payment with the tested player in E, S, W, N); a run skips the seeds already in the file, so
it can be stopped and restarted, and the file committed in pieces.

Usage::

    nice -n 10 .venv/bin/python benchmarks/match.py --deals 2000          # club vs beginner
    .venv/bin/python benchmarks/match.py --report                        # the table only
    .venv/bin/python benchmarks/match.py --tested beginner --baseline beginner --deals 200 \\
        --out /tmp/control.csv                                           # control: ≈ 0

Prints deals, mean stake units per hand, the 95% interval, and the tested player's decision times.
Inside Pyodide (as in the browser): ``node benchmarks/pyodide_run.mjs --wheel
build/assets/tianjiu/wheels/tianjiu_core-*.whl match.py --deals 150 --out /tmp/m.csv``.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tianjiu_core.players.strengths import player_for  # noqa: E402
from tianjiu_core.tiengow.game import Hand  # noqa: E402
from tianjiu_core.tiengow.rules import Rules  # noqa: E402
from tianjiu_core.tiengow.view import SeatView  # noqa: E402

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "match-club-vs-beginner.csv"


def play_deal(seed: int, tested: str, baseline: str, rules: Rules,
              times: list[float] | None = None) -> list[int]:
    """The tested player's payment (stake units) with it in seat 0, 1, 2, 3."""
    out = []
    for seat in range(4):
        hand = Hand.from_seed(seed, rules, banker=0, banker_streak=1)
        players = [player_for(tested if s == seat else baseline) for s in range(4)]
        while not hand.is_over:
            s = hand.to_act
            view = SeatView.of(hand, s)
            start = time.perf_counter()
            action = players[s](view)
            if times is not None and s == seat:
                times.append(time.perf_counter() - start)
            hand.act(action)
        assert hand.result is not None
        out.append(hand.result.payments[seat])
    return out


def read(path: Path) -> dict[int, list[int]]:
    done: dict[int, list[int]] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line or line.startswith("#") or line.startswith("seed"):
                continue
            seed, *pays = line.split(",")
            done[int(seed)] = [int(p) for p in pays]
    return done


def summary(done: dict[int, list[int]]) -> tuple[int, float, float, float]:
    """(deals, mean, low, high): stake units per hand with the paired 95% interval."""
    scores = [sum(p) / 4 for p in done.values()]
    n = len(scores)
    if n < 2:
        return n, float("nan"), float("nan"), float("nan")
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(n)
    return n, mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tested", default="club")
    ap.add_argument("--baseline", default="beginner")
    ap.add_argument("--deals", type=int, default=2000, help="deals wanted in the file in total")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--rules", default="hk")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--report", action="store_true", help="only summarise the file")
    args = ap.parse_args(argv)
    rules = Rules.from_dict(args.rules)
    done = read(args.out)
    times: list[float] = []
    if not args.report:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        new = not args.out.exists()
        with args.out.open("a", encoding="utf-8") as fh:
            if new:
                fh.write(f"# {args.tested} vs 3 × {args.baseline}, rules {args.rules}, banker E "
                         "streak 1; tested seat's payment with it in E,S,W,N\nseed,E,S,W,N\n")
            for seed in range(args.first_seed, args.first_seed + args.deals):
                if seed in done:
                    continue
                pays = play_deal(seed, args.tested, args.baseline, rules, times)
                done[seed] = pays
                fh.write(f"{seed},{','.join(map(str, pays))}\n")
                fh.flush()
    n, mean, low, high = summary(done)
    print(f"{args.tested} vs 3 × {args.baseline} ({args.out.name}): {n} deals × 4 seats; "
          f"mean {mean:+.3f} stake units a hand, 95% interval [{low:+.3f}, {high:+.3f}]")
    if times:
        rest = sorted(times[1:]) or times
        print(f"decision time of {args.tested} ({platform.python_implementation()} "
              f"{sys.platform}): median {statistics.median(times) * 1e3:.3f} ms, "
              f"p99 {rest[int(0.99 * (len(rest) - 1))] * 1e3:.2f} ms, max after the first "
              f"{rest[-1] * 1e3:.2f} ms, first (tables built) {times[0] * 1e3:.1f} ms; "
              f"{len(times)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark: play N random hands of Tien Gow with random legal policies.

Each hand is dealt by ``Hand.from_seed(seed)`` (our SplitMix64 shuffle, the
間棟 method, dice from the same stream) and played to its end by uniformly
random legal actions (``players.random_action``), so the time covers the
deal, ``legal_actions`` at every step, ``act`` and the final settlement.

Usage::

    .venv/bin/python benchmarks/random_hands.py            # 10,000 hands, rules hk
    .venv/bin/python benchmarks/random_hands.py -n 2000 --rules classic --json

Prints the total and median time per hand and hands per second.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tianjiu_core.tiengow.deal import Rng  # noqa: E402
from tianjiu_core.tiengow.game import Hand  # noqa: E402
from tianjiu_core.players import random_action  # noqa: E402
from tianjiu_core.tiengow.rules import Rules  # noqa: E402


def play_hands(n: int, first_seed: int, rules: Rules) -> tuple[list[float], int, int]:
    """Per-hand times (seconds), the number of actions played and of 例牌 hands."""
    times = []
    actions = naturals = 0
    clock = time.perf_counter
    for seed in range(first_seed, first_seed + n):
        start = clock()
        hand = Hand.from_seed(seed, rules, banker=seed % 4)
        rng = Rng(seed ^ 0x5DEECE66D)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
        result = hand.result
        times.append(clock() - start)
        assert result is not None and sum(result.payments) == 0
        actions += len(hand.log)
        naturals += result.natural is not None
    return times, actions, naturals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=10_000, help="hands to play (default 10000)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--rules", default="hk", help="rules preset (hk, no_wen_zun, classic)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.rules)
    wall_start = time.perf_counter()
    times, actions, naturals = play_hands(args.n, args.seed, rules)
    total = time.perf_counter() - wall_start
    report = {
        "hands": args.n, "rules": args.rules, "actions": actions, "naturals": naturals,
        "total_s": round(total, 3),
        "median_ms": round(statistics.median(times) * 1000, 3),
        "p90_ms": round(statistics.quantiles(times, n=10)[-1] * 1000, 3) if len(times) > 1 else None,
        "hands_per_s": round(args.n / total, 1),
        "python": platform.python_version(),
    }
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{args.n} random hands ({args.rules}, {actions} actions, {naturals} 例牌) "
              f"in {report['total_s']:.2f} s on Python {report['python']}")
        print(f"median {report['median_ms']:.3f} ms/hand, p90 {report['p90_ms']} ms, "
              f"{report['hands_per_s']:.0f} hands/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

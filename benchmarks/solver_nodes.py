"""Node check: the solver's values, groups AND node counts on fixed positions (issue 13).

A change meant only to make each search node cheaper must leave the search tree
exactly as it was: every action's value and group, the position's value and
``Solution.nodes`` the same on every position.  This script solves a fixed set of
positions from cold caches and writes (``--write FILE``) or compares (``--check
FILE``) one JSON line per position:

* benchmarks/solver.py's seeded random open positions (seed 1, ``hk``): 3–6 tiles
  a seat, the seat to lead is the hero;
* the same generator under the presets ``no_wen_zun`` and ``classic`` and the
  options ``must_beat`` and ``lead_face_down``;
* positions inside a trick (1–3 seeded random legal actions played after the
  lead), the original leader as hero (often not the seat to act);
* the cheapest entries of tests/solver/fixture_values.jsonl (every rules variant
  and theme there, some inside a trick, some with another hero).

Usage::

    .venv/bin/python benchmarks/solver_nodes.py --check benchmarks/results/solver_nodes.jsonl
    .venv/bin/python benchmarks/solver_nodes.py --write benchmarks/results/solver_nodes.jsonl
    .venv/bin/python benchmarks/solver_nodes.py --check FILE --quick   # a subset, seconds

Exit status 1 when anything differs (each difference is printed).  The CPU time
of the solves is printed too (compare only within one run on one machine).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if (HERE.parent / "tianjiu_core").exists():
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE))

from solver import random_position  # noqa: E402  (benchmarks/solver.py)
from tianjiu_core.solver.search import clear_caches, solve  # noqa: E402
from tianjiu_core.tiengow.deal import Rng  # noqa: E402
from tianjiu_core.tiengow.position import Position  # noqa: E402
from tianjiu_core.tiengow.rules import Rules  # noqa: E402

FIXTURE = HERE.parent / "tests" / "solver" / "fixture_values.jsonl"
FIXTURE_CPU_S = 0.1   # fixture entries the reference solved within this (its own CPU)


def positions(quick: bool = False):
    """(label, hand, hero) for every position of the check, in a fixed order."""
    hk = Rules.preset("hk")
    sizes = {3: 10, 4: 10, 5: 8, 6: 2} if not quick else {3: 5, 4: 4, 5: 1}
    for n, count in sizes.items():
        rng = Rng(1000 + n)
        for i in range(count):
            yield f"hk-n{n}-#{i}", random_position(rng, n, hk), None
    variants = {
        "no_wen_zun": Rules.preset("no_wen_zun"),
        "classic": Rules.preset("classic"),
        "must_beat": dataclasses.replace(hk, must_beat=True),
        "lead_face_down": dataclasses.replace(hk, lead_face_down=True),
    }
    for name, rules in variants.items():
        for n in ((3, 4) if not quick else (3,)):
            rng = Rng(7000 + n)
            for i in range(3 if not quick else 1):
                yield f"{name}-n{n}-#{i}", random_position(rng, n, rules), None
    # inside a trick: a few seeded legal actions after the lead; hero = the leader
    for n in ((4, 5) if not quick else (4,)):
        rng = Rng(9000 + n)
        for i in range(5 if not quick else 2):
            hand = random_position(rng, n, hk)
            hero = hand.to_act
            for _ in range(1 + rng.below(3)):
                legal = hand.legal_actions()
                hand.act(legal[rng.below(len(legal))])
                if hand.trick == [] or hand.is_over:
                    break
            if not hand.is_over:
                yield f"trick-n{n}-#{i}", hand, hero
    if not quick:
        for line in FIXTURE.read_text().splitlines():
            e = json.loads(line)
            if "skipped" in e or e["cpu_s"] > FIXTURE_CPU_S:
                continue
            yield f"fixture-{e['id']}", Position.from_dict(e["position"]).to_hand(), e["hero"]


def solve_all(quick: bool, verbose: bool) -> tuple[list[dict], float]:
    out = []
    cpu = 0.0
    for label, hand, hero in positions(quick):
        clear_caches()
        c0 = time.process_time()
        sol = solve(hand, hero)
        dc = time.process_time() - c0
        cpu += dc
        out.append({"label": label, "value": sol.value, "nodes": sol.nodes,
                    "actions": [[a.action.notation(), a.value, a.group] for a in sol.actions]})
        if verbose:
            print(f"  {label}: {sol.nodes:,} nodes, {dc:.2f} s", file=sys.stderr, flush=True)
    return out, cpu


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--write", metavar="FILE")
    g.add_argument("--check", metavar="FILE")
    p.add_argument("--quick", action="store_true", help="only a subset (with --check)")
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args(argv)
    if args.write and args.quick:
        p.error("--write records the full set")
    got, cpu = solve_all(args.quick, args.verbose)
    nodes = sum(r["nodes"] for r in got)
    if args.write:
        Path(args.write).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in got))
        print(f"wrote {len(got)} positions, {nodes:,} nodes, {cpu:.2f} s CPU to {args.write}")
        return 0
    want = {r["label"]: r for r in map(json.loads, Path(args.check).read_text().splitlines())}
    bad = 0
    for r in got:
        w = want.get(r["label"])
        if w != r:
            bad += 1
            print(f"DIFFERS {r['label']}: want {w}\n          got  {r}")
    print(f"{len(got) - bad}/{len(got)} positions identical (values, groups, nodes); "
          f"{nodes:,} nodes, {cpu:.2f} s CPU, {nodes / cpu if cpu else 0:,.0f} nodes/s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

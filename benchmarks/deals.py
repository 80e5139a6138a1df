"""Benchmark and exactness check of the solver on real deals (issue 14).

A deal is ``Hand.from_seed(seed)`` (hk rules unless ``--rules``), all four hands open.  With
``--tiles 8`` (the default) the position is the deal itself, before the first lead; with
``--tiles N`` the deal is first played down by four Club players (``players/club.py``, a
deterministic player) until every seat holds N tiles, at a trick boundary — realistic middle
and end games of the same deals.  For each position it asks :func:`tianjiu_core.solver.solve`
for the value of every action of the seat to lead (the hero) within ``--budget`` nodes, and
reports how many were solved, the median and worst CPU time.

``--lines`` also checks exactness the way the issue asks: for every root action of every solved
position, the action is played and then everybody follows the solver's own best line to the end
of the hand in :class:`~tianjiu_core.tiengow.game.Hand`; the hero's payments (bonuses included)
must equal the action's value.  Every position met on those lines with at most ``--ref-tiles``
tiles a seat (default 5) is solved again by the reference solver
(:mod:`tianjiu_core.solver.reference`, the solver the fixture records) and every action's value
and group must agree.  Any disagreement is printed and the exit status is 1.

Usage::

    .venv/bin/python benchmarks/deals.py --seeds 1-20                 # full deals (8 tiles)
    .venv/bin/python benchmarks/deals.py --seeds 1-20 --tiles 5       # played down to 5 tiles
    .venv/bin/python benchmarks/deals.py --seeds 1-5 --tiles 4 --lines --ref-tiles 4
    .venv/bin/python benchmarks/deals.py --seeds 1-20 --tiles 5 --json
    .venv/bin/python benchmarks/deals.py --seeds 1-10 --tiles 4 --pyodide   # and inside Pyodide

Times are CPU seconds (``time.process_time``) from cold caches; the machine is shared, so
compare runs made together.  A position not solved within the budget counts with the time it
took to give up (a median marked ``>`` is then a lower bound).
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

from tianjiu_core.players.club import club_action  # noqa: E402
from tianjiu_core.solver import reference  # noqa: E402
from tianjiu_core.solver.search import BudgetExceededError, clear_caches, solve  # noqa: E402
from tianjiu_core.tiengow.game import Hand  # noqa: E402
from tianjiu_core.tiengow.rules import Rules  # noqa: E402


def parse_seeds(text: str) -> list[int]:
    """``"1-20"`` or ``"1,4,9"`` (or a mix) → a list of seeds."""
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if "-" in part:
            a, b = part.split("-", 1)
            if int(b) < int(a):
                raise ValueError(f"seeds: the range {part!r} runs backwards (write {b}-{a})")
            out.extend(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    return out


def deal_position(seed: int, tiles: int, rules: Rules) -> Hand | None:
    """The deal of ``seed`` played by four Club players down to ``tiles`` tiles a seat, at a
    trick boundary; None when the hand ends first (a natural hand, or tiles > what is left)."""
    hand = Hand.from_seed(seed, rules)
    while not hand.is_over and not (hand.tiles_left == tiles and not hand.trick):
        if hand.tiles_left < tiles:
            return None
        hand.act(club_action(hand))
    return None if hand.is_over else hand


def principal_line(hand: Hand, hero: int, budget: int) -> tuple[int, list[Hand]]:
    """Everybody follows the solver's first best action to the end of the hand.

    Returns the hero's payments from the start of the line (bonuses paid on the way included)
    and a copy of every position met (before each action)."""
    base = hand.bonuses.payments[hero]
    seen = []
    while not hand.is_over:
        seen.append(hand.copy())
        sol = solve(hand, hero, budget=budget)
        hand.act(sol.best()[0].action)
    return hand.result.payments[hero] - base, seen


def _triples(sol) -> list[tuple[str, int, int]]:
    return [(a.action.notation(), a.value, a.group) for a in sol.actions]


def check_lines(hand: Hand, sol, budget: int, ref_tiles: int, log) -> tuple[int, int, int]:
    """Play every root action's line out and compare the positions on it with the reference.

    Returns (lines checked, reference positions compared, disagreements)."""
    hero = sol.hero
    lines = compared = bad = 0
    checked: set[str] = set()
    if hand.tiles_left <= ref_tiles:   # the position itself, then every one on the lines
        old = reference.solve(hand, hero, budget=budget)
        compared += 1
        if _triples(sol) != _triples(old):
            bad += 1
            log(f"    reference disagrees at the root: new {_triples(sol)} reference {_triples(old)}")
    for av in sol.actions:
        h = hand.copy()
        base = h.bonuses.payments[hero]
        h.act(av.action)
        if h.is_over:
            got, seen = h.result.payments[hero] - base, []
        else:
            paid = h.bonuses.payments[hero] - base   # a bonus the root action's trick paid
            rest, seen = principal_line(h, hero, budget)   # (plays h on to its end)
            got = paid + rest
        lines += 1
        if got != av.value:
            bad += 1
            log(f"    line of {av.action.notation()}: played out {got:+d}, solver said {av.value:+d}")
        for pos in seen:
            if pos.tiles_left > ref_tiles:
                continue
            key = repr((pos.holdings, pos.dong, pos.leader, pos.trick, pos.shown, pos.bonuses))
            if key in checked:
                continue
            checked.add(key)
            new = solve(pos, hero, budget=budget)
            old = reference.solve(pos, hero, budget=budget)
            compared += 1
            if _triples(new) != _triples(old):
                bad += 1
                log(f"    reference disagrees at {pos.tiles_left} tiles: new {_triples(new)} "
                    f"reference {_triples(old)}")
    return lines, compared, bad


def run(seeds: list[int], tiles: int, budget: int, rules: Rules, lines: bool, ref_tiles: int,
        verbose: bool) -> dict:
    def log(msg: str) -> None:
        if verbose:
            print(msg, file=sys.stderr, flush=True)

    cpu: list[float] = []
    solved = skipped = 0
    nodes = 0
    total_lines = total_compared = total_bad = 0
    per_deal = []
    for seed in seeds:
        hand = deal_position(seed, tiles, rules)
        if hand is None:
            skipped += 1
            log(f"  seed {seed}: the hand ends before {tiles} tiles a seat")
            continue
        clear_caches()
        reference.clear_caches()
        c0 = time.process_time()
        try:
            sol = solve(hand, budget=budget)
            ok = True
        except BudgetExceededError:
            sol, ok = None, False
        dc = time.process_time() - c0
        cpu.append(dc)
        row = {"seed": seed, "cpu_s": round(dc, 4), "solved": ok}
        if ok:
            solved += 1
            nodes += sol.nodes
            row.update(nodes=sol.nodes, value=sol.value, actions=len(sol.actions))
            note = f"value {sol.value:+d}, {len(sol.actions)} actions, {sol.nodes:,} nodes"
        else:
            note = f"not solved within {budget:,} nodes"
        log(f"  seed {seed}: {dc * 1000:9.1f} ms CPU  {note}")
        if lines and ok:
            n_lines, n_cmp, n_bad = check_lines(hand, sol, budget, ref_tiles, log)
            total_lines += n_lines
            total_compared += n_cmp
            total_bad += n_bad
            row.update(lines=n_lines, reference_positions=n_cmp, disagreements=n_bad)
            log(f"    {n_lines} lines played out, {n_cmp} positions against the reference, "
                f"{n_bad} disagreements")
        per_deal.append(row)
    out = {"python": platform.python_version(), "implementation": platform.python_implementation(),
           "platform": sys.platform,
           "rules": rules.to_dict() if hasattr(rules, "to_dict") else str(rules),
           "tiles": tiles, "budget": budget, "positions": len(cpu), "solved": solved,
           "skipped": skipped,
           "cpu_median_s": round(statistics.median(cpu), 4) if cpu else None,
           "cpu_worst_s": round(max(cpu), 4) if cpu else None,
           "nodes_solved": nodes, "deals": per_deal}
    if lines:
        out.update(lines=total_lines, reference_positions=total_compared,
                   disagreements=total_bad)
    return out


def show(r: dict) -> str:
    mark = ">" if r["solved"] < r["positions"] else ""
    s = (f"deals at {r['tiles']} tiles a seat — {r['implementation']} {r['python']} ({r['platform']}), "
         f"budget {r['budget']:,} nodes: {r['solved']}/{r['positions']} solved"
         + (f" ({r['skipped']} ended earlier)" if r["skipped"] else "")
         + (f"; CPU median {mark}{r['cpu_median_s'] * 1000:.1f} ms, worst "
            f"{mark}{r['cpu_worst_s'] * 1000:.1f} ms" if r["positions"] else ""))
    if "lines" in r:
        s += (f"\nexactness: {r['lines']} lines played out, {r['reference_positions']} positions "
              f"compared with the reference, {r['disagreements']} disagreements")
    return s


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seeds", default="1-20", help="deal seeds: 1-20, or 1,4,9")
    p.add_argument("--tiles", type=int, default=8,
                   help="tiles a seat: 8 = the deal itself; fewer = played down by Club players")
    p.add_argument("--budget", type=int, default=3_000_000, help="node budget per solve")
    p.add_argument("--rules", default="hk", help="rules preset")
    p.add_argument("--lines", action="store_true",
                   help="play every root action's line out and compare with the reference")
    p.add_argument("--ref-tiles", type=int, default=5,
                   help="positions on the lines with at most this many tiles a seat are "
                        "compared with the reference solver")
    p.add_argument("--json", action="store_true", help="print one JSON line")
    p.add_argument("--verbose", action="store_true", help="one line per deal (stderr)")
    p.add_argument("--pyodide", action="store_true",
                   help="then the same positions inside Pyodide under Node: Pyodide / CPython")
    args = p.parse_args(argv)
    if not 1 <= args.tiles <= 8:
        p.error("--tiles must be 1–8")
    try:
        seeds = parse_seeds(args.seeds)
    except ValueError as exc:
        p.error(f"--{exc}")
    if not seeds:
        p.error("--seeds: no seed given")
    result = run(seeds, args.tiles, args.budget, Rules.preset(args.rules),
                 args.lines, args.ref_tiles, args.verbose)
    if args.pyodide and sys.platform != "emscripten":
        from pyodide_runner import run_json

        passthrough = [a for a in (argv if argv is not None else sys.argv[1:])
                       if a not in ("--pyodide", "--json", "--lines")]
        py = run_json("deals.py", [*passthrough, "--json"])
        ratio = (round(py["cpu_median_s"] / result["cpu_median_s"], 2)
                 if py["cpu_median_s"] and result["cpu_median_s"] else None)
        result = {"cpython": result, "pyodide": py, "ratio_median": ratio}
        print(json.dumps(result) if args.json else
              f"{show(result['cpython'])}\n{show(py)}\nPyodide / CPython median: ×{ratio}")
        return 1 if result["cpython"].get("disagreements") else 0
    print(json.dumps(result) if args.json else show(result))
    return 1 if result.get("disagreements") else 0


if __name__ == "__main__":
    sys.exit(main())

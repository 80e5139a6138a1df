"""Write the reference solver's values for seeded 5- and 6-tile positions (issue 13).

Each line of ``tests/solver/fixture_values.jsonl`` is one entry: a seeded random
position (``solver_helpers.random_position``: a theme — 至尊, 文尊, 擒尊, 么 and
its captors, threes, fours, pairs, … — sometimes a sweep in progress, sometimes a
few actions into the trick), a rules variant (every preset and every non-default
option, in turn), a hero, and the value and group of **every** legal action as
:func:`tianjiu_core.solver.reference.solve` (the solver before issue 13) gives
them.  ``tests/solver/test_solver_fixture.py`` compares the current solver with
every entry.

The script is resumable and appending: entries already in the file are kept and
skipped, so it can be stopped and restarted.  A position the reference cannot
solve within ``--budget`` nodes is written as ``{"id", "skipped": "budget"}``
(and not retried) — the fixture only holds positions the reference solved.

Usage::

    .venv/bin/python tests/solver/make_fixture.py               # entries 0…125
    .venv/bin/python tests/solver/make_fixture.py --count 200   # more
    nice -n 10 .venv/bin/python tests/solver/make_fixture.py --only 17   # one entry, printed
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))                  # tests/ (solver_helpers)
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))  # the repository

from solver_helpers import THEMES, random_position  # noqa: E402
from tianjiu_core.tiengow.position import Position  # noqa: E402

FIXTURE = os.path.join(HERE, "fixture_values.jsonl")

VARIANTS: list[dict] = [
    {"preset": "hk"},
    {"preset": "no_wen_zun"},
    {"preset": "classic"},
    {"preset": "hk", "wen_zun_capture": False},
    {"preset": "hk", "he_zun": False},
    {"preset": "hk", "si_da_he": False},
    {"preset": "hk", "yao_finish": False},
    {"preset": "hk", "yao_capture": False},
    {"preset": "hk", "bao_zun": False},
    {"preset": "hk", "si_da_bao": False},
    {"preset": "hk", "sweep": False},
    {"preset": "hk", "si_da_he_banker_multiplier": True},
    {"preset": "hk", "yao_capture_factor": 2},
    {"preset": "hk", "banker_ba_zhi_strict": True},
    {"preset": "hk", "natural_hands": "none"},
    {"preset": "hk", "natural_hands": "all"},
    {"preset": "hk", "banker_rotation": "rotate"},
    {"preset": "hk", "empty_dong_units": 4},
    {"preset": "hk", "lead_face_down": True},
    {"preset": "hk", "must_beat": True},
    {"preset": "hk", "zhizun_singles_lowest": True},
]
"""Every preset, then every option of spec §7b at its non-default value (one at a time)."""

THEME_NAMES = sorted(THEMES)


def entry_spec(i: int) -> dict:
    """What entry ``i`` is: its variant, size, theme, sweep and seed (deterministic)."""
    variant = VARIANTS[i % len(VARIANTS)]
    rnd = i // len(VARIANTS)
    n = 6 if rnd % 3 == 2 else 5
    theme = THEME_NAMES[(i * 5 + rnd) % len(THEME_NAMES)]
    return {"id": i, "rules": variant, "n": n, "theme": theme, "sweep": i % 4 == 1,
            "seed": 13_000 + i, "mid_trick": i % 3 == 0}


def make_entry(i: int, budget: int) -> dict:
    from tianjiu_core.solver import reference

    spec = entry_spec(i)
    rng = random.Random(spec["seed"])
    hand = random_position(rng, n=spec["n"], theme=spec["theme"], rules=spec["rules"],
                           sweep=spec["sweep"], max_trick_actions=3 if spec["mid_trick"] else 0)
    hero = hand.to_act if rng.random() < 0.7 else rng.randrange(4)
    position = Position.from_hand(hand, hero=hero).to_dict()
    hand = Position.from_dict(position).to_hand()   # exactly what the tests rebuild
    reference.clear_caches()
    t0 = time.process_time()
    try:
        sol = reference.solve(hand, hero, budget=budget)
    except reference.BudgetExceededError:
        return {"id": i, "skipped": "budget", "budget": budget, "n": spec["n"],
                "rules": spec["rules"]}
    return {"id": i, "n": spec["n"], "theme": spec["theme"], "rules": spec["rules"],
            "hero": hero, "position": position, "value": sol.value,
            "actions": [[a.action.notation(), a.value, a.group] for a in sol.actions],
            "nodes": sol.nodes, "cpu_s": round(time.process_time() - t0, 3)}


def read_fixture(path: str = FIXTURE) -> list[dict]:
    """The entries written so far (a torn last line from an interrupted run is ignored)."""
    out = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--count", type=int, default=126, help="entries 0…count-1")
    p.add_argument("--budget", type=int, default=4_000_000, help="reference node budget")
    p.add_argument("--only", type=int, default=None, help="compute one entry and print it")
    p.add_argument("--out", default=FIXTURE)
    args = p.parse_args(argv)
    if args.only is not None:
        print(json.dumps(make_entry(args.only, args.budget), ensure_ascii=False))
        return 0
    done = {e["id"] for e in read_fixture(args.out)}
    # make sure the file ends with a newline (an interrupted write may have torn it)
    if os.path.exists(args.out) and os.path.getsize(args.out):
        with open(args.out, "rb") as fh:
            fh.seek(-1, os.SEEK_END)
            torn = fh.read(1) != b"\n"
        if torn:
            with open(args.out, "a", encoding="utf-8") as fh:
                fh.write("\n")
    for i in range(args.count):
        if i in done:
            continue
        e = make_entry(i, args.budget)
        with open(args.out, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n")
        print(f"#{i} n={e['n']} {e['rules']} "
              f"{'skipped' if 'skipped' in e else str(e['cpu_s']) + ' s, ' + str(e['nodes']) + ' nodes'}",
              file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

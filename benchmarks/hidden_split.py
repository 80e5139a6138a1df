"""The hidden-hand 5-tile lead of issue 13 in Chromium: one engine against the same judgement
split over helper engines (site/assets/tianjiu/helpers.js), in one run.

    .venv/bin/python benchmarks/hidden_split.py --site /tmp/site1 [--count 10] [--helpers 1]

The positions are those of ``benchmarks/solver.py --sizes 5 --count 10 --hidden 64`` (seed 1,
hk, the seat to lead), each given as the leader sees it (``Position.seat_view``).  For each,
the page's own engine API (``__tianjiuEngine``) runs ``solve_hidden_start`` then
``solve_continue`` in slices of 100 ms until complete, as the Play page's review does; the
time is wall-clock from the first request to the complete answer.  Mode ``alone``
(``TIANJIU_HELPERS = 0``) and mode ``split`` (``--helpers`` helpers) each get a fresh browser
context, so a fresh engine, and run position by position in turn (the machine's load drifts);
the split mode's helpers are started first (a judgement of another position) so that their
start-up is not timed.  Both answers must agree on every action (values, best
shares, groups) or the script fails.  Prints a line per position, the medians, the ratio, the
machine's core count and load average.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from solver import random_position  # noqa: E402
from tianjiu_core.tiengow.deal import Rng  # noqa: E402
from tianjiu_core.tiengow.position import Position  # noqa: E402
from tianjiu_core.tiengow.rules import Rules  # noqa: E402
from tianjiu_site.serve import start_background  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

JUDGE = """async ([position, slice]) => {
  const e = window.__tianjiuEngine.api;
  const t0 = performance.now();
  let r = await e.call("solve_hidden_start", { position, time_ms: slice });
  while (!r.complete) r = await e.call("solve_continue", { search_id: r.search_id, time_ms: slice });
  return { ms: performance.now() - t0, helpers: r.helpers || 0, helped_deals: r.helped_deals || 0, nodes: r.nodes,
           actions: r.actions.map((a) => [a.action, a.lo, a.hi, a.best_share, a.group]) };
}"""


def positions(count: int, seed: int = 1, n: int = 5) -> list[dict]:
    """benchmarks/solver.py's positions (``--seed``, ``n`` tiles), as their leader sees them."""
    rules = Rules.preset("hk")
    rng = Rng(seed * 1000 + n)
    out = []
    for _ in range(count):
        hand = random_position(rng, n, rules)
        out.append(Position.from_hand(hand).seat_view(hand.to_act).to_dict())
    return out


def open_page(browser, url: str, helpers: int):
    """A fresh context on the Play page with its engine ready (and its helpers started)."""
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(f"globalThis.TIANJIU_SNAPSHOT = false; globalThis.TIANJIU_HELPERS = {helpers};")
    page.goto(url + "play/", wait_until="load")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    if helpers:   # start the helpers (not timed) on another position: none of the timed ones
        page.evaluate(JUDGE, [positions(1, seed=99, n=4)[0], 100])
        page.wait_for_timeout(3000)
    return context, page


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=ROOT / "build", help="a built site (./run build DIR)")
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--helpers", type=int, default=1)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if not (args.site / "assets" / "tianjiu" / "helpers.js").exists():
        ap.error(f"{args.site}: no built site with helpers.js (./run build {args.site})")
    from playwright.sync_api import sync_playwright
    todo = positions(args.count)
    server, url = start_background(args.site.resolve())
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
            ca, alone_page = open_page(browser, url, 0)
            cs, split_page = open_page(browser, url, args.helpers)
            alone, split = [], []
            for i, pos in enumerate(todo):   # interleaved: the machine's load drifts
                for name, page, out in (("alone", alone_page, alone), ("split", split_page, split)):
                    r = page.evaluate(JUDGE, [pos, 100])
                    out.append(r)
                    print(f"  #{i} {name}: {r['ms'] / 1000:.2f} s  helpers {r['helpers']}  "
                          f"deals from helpers {r['helped_deals']}  main engine nodes {r['nodes']:,}",
                          file=sys.stderr, flush=True)
            ca.close()
            cs.close()
            browser.close()
    finally:
        server.shutdown()
    for i, (a, s) in enumerate(zip(alone, split)):
        if a["actions"] != s["actions"]:
            print(f"#{i}: the split judgement differs from the one engine's", file=sys.stderr)
            return 1
    ma = statistics.median(r["ms"] for r in alone) / 1000
    ms = statistics.median(r["ms"] for r in split) / 1000
    ratios = [a["ms"] / s["ms"] for a, s in zip(alone, split)]
    result = {"positions": args.count, "helpers": args.helpers, "cores": os.cpu_count(),
              "load": [round(x, 2) for x in os.getloadavg()],
              "alone_median_s": round(ma, 2), "split_median_s": round(ms, 2),
              "ratio_of_medians": round(ma / ms, 2), "median_ratio": round(statistics.median(ratios), 2),
              "alone_s": [round(r["ms"] / 1000, 2) for r in alone],
              "split_s": [round(r["ms"] / 1000, 2) for r in split], "same_answers": True}
    print(json.dumps(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

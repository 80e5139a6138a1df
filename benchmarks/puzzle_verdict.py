"""Time from a click on "play" to the engine's verdict in <tj-puzzle>, in Chromium,
over every puzzle of the collection (median, p90, max).

    .venv/bin/python benchmarks/puzzle_verdict.py [--site build/] [--json out.json]

One page (the standalone embed example: the runtime only) with the engine started
once, as a visitor who moves from puzzle to puzzle.  For each puzzle a fresh
``<tj-puzzle src="…">`` is added and, once it is ready, the benchmark picks tiles
and clicks the play / discard button like a person; the time runs from that click
(a capturing listener) to the widget's ``tj-puzzle-verdict`` event, i.e. the whole
puzzle_step round trip through the worker (Pyodide) including the solver.

Three numbers per puzzle:
- ``right first``: the solution's first move as the first move made (cold: nothing
  about that puzzle cached in the worker yet), in a first browser tab;
- ``wrong first``: a move outside the best group as the first move (cold), in a
  second, fresh tab (a fresh worker);
- ``right after wrong``: then the right move in that tab (the op's caches warm).
For reference the same ``puzzle_step`` in CPython (this process, cold) is printed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tianjiu_site.serve import start_background  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

ADD = """async ([src, n]) => {
  document.querySelectorAll('tj-puzzle').forEach((e) => e.remove());
  const el = document.createElement('tj-puzzle');
  el.setAttribute('src', src);
  el.setAttribute('step-ms', '0');
  el.id = 'bench-' + n;
  document.body.append(el);
}"""

TIME_CLICK = """([sel, button]) => new Promise((resolve) => {
  const el = document.querySelector(sel);
  const b = el.querySelector(button);
  let t0 = null;
  b.addEventListener('click', () => { t0 = performance.now(); }, { capture: true, once: true });
  el.addEventListener('tj-puzzle-verdict', (e) => resolve({ ms: performance.now() - t0, correct: e.detail.correct,
                                                          op_ms: e.detail.ms }), { once: true });
  b.click();
})"""


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def pick(page, sel: str, codes: list[str]) -> None:
    used = set()
    for code in codes:
        buttons = page.locator(f"{sel} .tj-pz__tile[data-code='{code}']")
        for i in range(buttons.count()):
            idx = buttons.nth(i).get_attribute("data-index")
            if idx not in used:
                used.add(idx)
                buttons.nth(i).click()
                break


def move(page, sel: str, action: str) -> dict:
    discard = action.startswith("discard")
    pick(page, sel, action.split()[1:] if discard else action.split())
    r = page.evaluate(TIME_CLICK, [sel, ".tj-pz__discard" if discard else ".tj-pz__play"])
    page.wait_for_function(f"!document.querySelector('{sel}').dataset.busy", timeout=60_000)
    return r


def fresh(page, url: str, pid: str, n: int) -> str:
    page.evaluate(ADD, [f"{url}puzzles/{pid}.toml", n])
    sel = f"#bench-{n}"
    page.wait_for_selector(f"{sel}[data-state=ready]", timeout=120_000)
    return sel


def summary(xs: list[float]) -> dict:
    return {"median_ms": round(statistics.median(xs), 1), "p90_ms": round(pct(xs, 0.9), 1),
            "max_ms": round(max(xs), 1), "n": len(xs)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, help="a built site (default: build it into build/)")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args()

    from tianjiu_core import puzzles as P

    files = sorted(p for p in (ROOT / "puzzles").glob("*.toml") if p.name != "schedule.toml")
    puzzles = [P.Puzzle.load(str(f)) for f in files]
    if not puzzles:
        print("no puzzles in puzzles/")
        return 1
    plan = []
    cpython = []
    for p in puzzles:
        t0 = time.perf_counter()       # before anything about this puzzle is cached
        P.step(p, [], p.solution[0])
        cpython.append((time.perf_counter() - t0) * 1000)
        step0 = P.values(p, [])["steps"][0]
        wrong = next((a["action"] for a in step0["actions"] if not a["best"]), None)
        plan.append((p.id, p.solution[0], wrong))

    site = args.site
    if site is None:
        site = ROOT / "build"
        subprocess.run([sys.executable, "-m", "tianjiu_site", "build", "--out", str(site)],
                       check=True, cwd=ROOT, capture_output=True)
    from playwright.sync_api import sync_playwright

    server, url = start_background(site.resolve())
    right, wrong_first, right_after = [], [], []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
            for tab in ("right", "wrong"):
                ctx = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
                page = ctx.new_page()
                page.goto(url + "examples/embed.html")
                page.wait_for_function("document.querySelector('#api-result').dataset.state === 'ready'", timeout=120_000)
                for n, (pid, good, bad) in enumerate(plan):
                    sel = fresh(page, url, pid, n)
                    if tab == "right":
                        r = move(page, sel, good)
                        assert r["correct"] is True, (pid, r)
                        right.append(r["ms"])
                    elif bad is not None:
                        r = move(page, sel, bad)
                        assert r["correct"] is False, (pid, r)
                        wrong_first.append(r["ms"])
                        r = move(page, sel, good)
                        assert r["correct"] is True, (pid, r)
                        right_after.append(r["ms"])
                ctx.close()
            browser.close()
    finally:
        server.shutdown()

    results = {"puzzles": len(plan), "right_first": summary(right), "wrong_first": summary(wrong_first),
               "right_after_wrong": summary(right_after), "cpython_step_cold": summary(cpython)}
    print(f"click → verdict in Chromium (engine in Pyodide, a worker), over {len(plan)} puzzles:")
    for key, label in (("right_first", "right move first (cold)"), ("wrong_first", "wrong move first (cold)"),
                       ("right_after_wrong", "right move after a wrong one"),
                       ("cpython_step_cold", "puzzle_step in CPython (cold, for reference)")):
        s = results[key]
        print(f"  {label:<46} median {s['median_ms']:>7.1f} ms   p90 {s['p90_ms']:>7.1f}   max {s['max_ms']:>7.1f}   (n={s['n']})")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

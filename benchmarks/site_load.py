"""Cold load of the site in Chromium: time to first tile paint and to
``<html data-engine="ready">`` (median of N cold loads), and the bytes the site
adds on top of Pyodide.

    .venv/bin/python benchmarks/site_load.py [--runs 5] [--site build/] [--json out.json]

Each run is a fresh browser context (empty HTTP cache, no service worker) on a
local server, so the times are CPU-bound start-up costs, not network: on a
real connection add the download of the sizes printed below.

- first tile paint: the first animation frame in which a tile picture is on
  screen (home: build-time SVG in the HTML; playground: the widget's tiles
  drawn from the sprite, counted once tiles.svg has arrived);
- engine ready: Pyodide started in the worker, the wheel loaded, the bridge imported;
- worker stages: when the worker reached each stage (ms after it started).
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tianjiu_site.runtime import RUNTIME_DIR, tree_size  # noqa: E402
from tianjiu_site.serve import start_background  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

PROBE = """
(() => {
  window.__tileAt = null;
  const look = () => {
    const svg = document.querySelector('svg.tj-tile');
    const box = svg && svg.getBoundingClientRect();
    let ok = box && box.width > 0 && box.bottom > 0 && box.top < innerHeight;
    if (ok && svg.querySelector('use')) {
      ok = performance.getEntriesByType('resource').some(e => e.name.includes('/tiles.svg') && e.responseEnd > 0);
    }
    if (ok) { window.__tileAt = performance.now(); return; }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();
"""


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 6))


def sizes(site: Path) -> dict:
    rt = site / RUNTIME_DIR
    pyodide = rt / "pyodide"
    ours = [p for p in rt.rglob("*") if p.is_file() and pyodide not in p.parents]
    wheel = next((rt / "wheels").glob("*.whl"))
    return {
        "site_total": tree_size(site),
        "pyodide": tree_size(pyodide),
        "pyodide_gzip": sum(gz(p) for p in pyodide.rglob("*") if p.is_file()),
        "runtime_without_pyodide": sum(p.stat().st_size for p in ours),
        "runtime_without_pyodide_gzip": sum(gz(p) for p in ours),
        "wheel": wheel.stat().st_size,
        "js_css_ours": sum(p.stat().st_size for p in ours if p.suffix in (".js", ".css")),
        "tiles_svg": (rt / "tiles.svg").stat().st_size,
    }


def measure(browser, url: str, path: str) -> dict:
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(PROBE)
    transferred = []
    page.on("response", lambda r: transferred.append(r.url))
    page.goto(url + path, wait_until="commit")
    page.wait_for_function("document.documentElement.dataset.engine === 'ready' && window.__tileAt !== null",
                           timeout=120_000)
    status = page.evaluate("TianJiu.status()")
    tile = page.evaluate("window.__tileAt")
    fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null")
    context.close()
    return {"tile": tile, "ready": status["readyAt"], "fcp": fcp, "timeline": status["timeline"],
            "worker_started": status["startedAt"], "requests": len(transferred)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--site", type=Path, help="a built site (default: build it into build/)")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args()

    site = args.site
    if site is None:
        site = ROOT / "build"
        subprocess.run([sys.executable, "-m", "tianjiu_site", "build", "--out", str(site)],
                       check=True, cwd=ROOT, capture_output=True)
    from playwright.sync_api import sync_playwright

    server, url = start_background(site.resolve())
    results: dict = {"runs": args.runs, "pages": {}}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
            measure(browser, url, "")  # warm the OS file cache and the server
            for name, path in (("home", ""), ("playground", "playground/")):
                runs = [measure(browser, url, path) for _ in range(args.runs)]
                results["pages"][name] = {
                    "first_tile_paint_ms": round(statistics.median(r["tile"] for r in runs)),
                    "engine_ready_ms": round(statistics.median(r["ready"] for r in runs)),
                    "first_contentful_paint_ms": round(statistics.median(r["fcp"] for r in runs if r["fcp"])),
                    "worker_started_ms": round(statistics.median(r["worker_started"] for r in runs)),
                    "worker_stages_ms": {s["stage"]: round(statistics.median(
                        next(x["at"] for x in r["timeline"] if x["stage"] == s["stage"]) for r in runs))
                        for s in runs[0]["timeline"]},
                    "all_ready_ms": [round(r["ready"]) for r in runs],
                }
            browser.close()
    finally:
        server.shutdown()
    results["sizes"] = sizes(site)

    mb = lambda n: f"{n / 1e6:.2f} MB"  # noqa: E731
    kb = lambda n: f"{n / 1e3:.0f} kB"  # noqa: E731
    print(f"cold loads in Chromium, median of {args.runs} (local server, no network delay):")
    for name, r in results["pages"].items():
        print(f"  {name:<11} first tile paint {r['first_tile_paint_ms']:>5} ms   "
              f"engine ready {r['engine_ready_ms']:>5} ms   (FCP {r['first_contentful_paint_ms']} ms; "
              f"worker stages {r['worker_stages_ms']}; runs {r['all_ready_ms']})")
    s = results["sizes"]
    print("sizes:")
    print(f"  Pyodide (copied from npm):          {mb(s['pyodide'])}  ({mb(s['pyodide_gzip'])} gzipped)")
    print(f"  what the site adds to the runtime:  {kb(s['runtime_without_pyodide'])}  "
          f"({kb(s['runtime_without_pyodide_gzip'])} gzipped): wheel {kb(s['wheel'])}, "
          f"our JS+CSS {kb(s['js_css_ours'])}, sprite {kb(s['tiles_svg'])}")
    print(f"  whole built site (3 languages):     {mb(s['site_total'])}, "
          f"of which everything but Pyodide {mb(s['site_total'] - s['pyodide'])}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

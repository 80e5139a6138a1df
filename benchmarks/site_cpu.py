"""CPU (thread time) of the browser's threads while a page starts its engine, from a Chromium
trace: how much the page itself (main thread, compositor, browser) takes from the engine's
worker on a small machine.  This is how the home page's slow start was found (issue 12: two
animations far apart made software compositing redraw most of the screen every frame).

    .venv/bin/python benchmarks/site_cpu.py --site build [--pages ",lessons/03-plays/,daily/"]
                                            [--variants poll,raf,noanim,nopulse,nospin]

Variants: ``poll`` waits by polling every 250 ms; ``raf`` waits on animation frames (what the
old site_load.py did); ``noanim`` turns every CSS animation off; ``nopulse`` / ``nospin`` only
the header's dot / the widgets' spinner.  One load per page and variant, in a fresh context;
thread time is steadier than wall time on a loaded machine, but still one sample.
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tianjiu_site.serve import start_background  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STYLE = ("document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('style');"
         " s.textContent = '%s { animation: none !important; }'; document.head.append(s); });")
OFF = {"noanim": "*, *::before, *::after", "nopulse": ".tj-engine-status__dot", "nospin": ".tj-status::before"}
READY = "document.documentElement && ['ready', 'error'].includes(document.documentElement.dataset.engine)"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--site", type=Path, default=ROOT / "build")
    ap.add_argument("--pages", default=",lessons/03-plays/,daily/", help="comma-separated paths ('' = home)")
    ap.add_argument("--variants", default="poll,noanim")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = start_background(args.site.resolve())
    trace = Path(tempfile.mkdtemp()) / "trace.json"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
            for variant in args.variants.split(","):
                for path in args.pages.split(","):
                    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
                    page = context.new_page()
                    for key, selector in OFF.items():
                        if key in variant:
                            page.add_init_script(STYLE % selector)
                    browser.start_tracing(page=page, path=str(trace), categories=["toplevel"])
                    page.goto(url + path, wait_until="commit")
                    page.wait_for_function(READY, timeout=120_000, polling="raf" if variant == "raf" else 250)
                    ready = page.evaluate("TianJiu.status().readyAt")
                    browser.stop_tracing()
                    context.close()
                    events = json.loads(trace.read_text())
                    events = events["traceEvents"] if isinstance(events, dict) else events
                    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
                             if e.get("ph") == "M" and e.get("name") == "thread_name"}
                    cpu = collections.Counter()
                    for e in events:
                        if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask":
                            cpu[names.get((e["pid"], e["tid"]), "?")] += e.get("tdur", 0) / 1000
                    worker = cpu.pop("DedicatedWorker thread", 0)
                    print(f"{variant:<8} {path or 'home':<18} engine ready {ready:6.0f} ms; outside the worker "
                          f"{sum(cpu.values()):5.0f} ms CPU: " + ", ".join(f"{k} {v:.0f}" for k, v in cpu.most_common(5))
                          + f" (worker's own tasks {worker:.0f})", flush=True)
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

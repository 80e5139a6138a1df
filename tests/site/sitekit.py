"""Helpers of the site tests (imported by conftest.py and by tests): a recording
browser tab, Chromium launch options, where screenshots go, a contrast check (CONTRAST_JS).  See SITE.md."""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-results" / "screenshots"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ENGINE_TIMEOUT_MS = 90_000   # a cold Pyodide start on a slow CI machine

CONTRAST_JS = """(pairs) => {
  // the contrast ratio of each [text selector, its background's selector] (alpha blended on white)
  const rgb = (s) => { const m = s.match(/[\\d.]+/g).map(Number); return m.length === 4 ? m : [...m, 1]; };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  const lum = (c) => { const l = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
  return pairs.map((pair) => {
    const [fg, bg] = pair.map((sel) => document.querySelector(sel));
    const back = over(rgb(getComputedStyle(bg).backgroundColor), [255, 255, 255]);
    const [a, b] = [lum(over(rgb(getComputedStyle(fg).color), back)), lum(back)].sort((x, y) => y - x);
    return Math.round((a + 0.05) / (b + 0.05) * 100) / 100;
  });
}"""


def launch(playwright_instance, extra_args=()):
    exe = shutil.which("chromium")
    if exe is None:
        pytest.fail("chromium is not installed: `apt-get install -y chromium` (./run test does it)")
    return playwright_instance.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS + list(extra_args))


class Tab:
    """One browser context + page on the test site, recording what goes wrong."""

    def __init__(self, browser, site, *, service_workers="block", viewport=None,
                 offline_hosts=False, color_scheme="light", snapshots=False, locale=None, helpers=0):
        self.site = site
        self.context = browser.new_context(service_workers=service_workers, color_scheme=color_scheme,
                                           viewport=viewport or {"width": 1280, "height": 900},
                                           **({"locale": locale} if locale else {}))
        self.console: list[str] = []
        self.blocked: list[str] = []
        self.requests: list[str] = []
        if offline_hosts:
            self.context.route("**/*", self._only_local)
        self.page = self.context.new_page()
        if not snapshots:
            # a tab that stays a few seconds would build a ~31 MB memory snapshot in a second
            # worker (engine.js): CPU the other tests need; test_startup switches it back on
            self.page.add_init_script("globalThis.TIANJIU_SNAPSHOT = false")
        # a long hidden-hand judgement would start helper engines, one a core (helpers.js): a
        # second Pyodide the other tests do not need; the tests of helpers ask for them
        self.page.add_init_script(f"globalThis.TIANJIU_HELPERS = {int(helpers)}")
        self.page.set_default_timeout(30_000)
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        self.page.on("requestfailed", self._on_failed)
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("response", lambda r: self.console.append(f"HTTP {r.status}: {r.url}")
                     if r.status >= 400 else None)

    def _only_local(self, route):
        host = urlparse(route.request.url).hostname
        if host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort("internetdisconnected")

    def _on_failed(self, request):
        # leaving a page aborts its pending requests (a worker still loading Pyodide): not a fault
        if "ERR_ABORTED" not in (request.failure or ""):
            self.console.append(f"request failed: {request.url} {request.failure}")

    def _on_console(self, msg):
        if msg.type == "error":
            self.console.append(f"console.error: {msg.text}")

    def url(self, path: str = "") -> str:
        return self.site.url + path.lstrip("/")

    def goto(self, path: str = ""):
        response = self.page.goto(self.url(path), wait_until="load")
        assert response is None or response.ok, f"{path}: HTTP {response.status}"
        return self

    def wait_engine(self, timeout=ENGINE_TIMEOUT_MS) -> str:
        """Wait for <html data-engine> to be ready or error; returns it."""
        self.page.wait_for_function(
            "['ready', 'error'].includes(document.documentElement.dataset.engine)", timeout=timeout)
        return self.page.evaluate("document.documentElement.dataset.engine")

    def wait_widgets(self, timeout=ENGINE_TIMEOUT_MS) -> dict[str, str]:
        """Wait until every widget element is upgraded (a page loads its widgets' modules as it
        needs them: one not yet upgraded is no .tj-widget yet, and was missed under load) and
        none is loading; returns {tag#index: data-state}."""
        self.page.wait_for_function(
            "![...document.querySelectorAll(':not(:defined)')].some(e => e.localName.startsWith('tj-'))"
            " && ![...document.querySelectorAll('.tj-widget')].some(w => w.dataset.state === 'loading')",
            timeout=timeout)
        return self.page.evaluate("""Object.fromEntries([...document.querySelectorAll('.tj-widget')]
            .map((w, i) => [w.tagName.toLowerCase() + '#' + i, w.dataset.state]))""")

    def problems(self) -> list[str]:
        """Console errors, page errors, failed requests and HTTP errors so far; and any text
        node of a widget that reads "null" or "undefined" (``replaceChildren(null)`` writes
        the word: a lesson quiz's result once ended with a line "null")."""
        found = list(self.console)
        try:
            stray = self.page.evaluate("""() => {
                const out = [];
                for (const w of document.querySelectorAll('.tj-widget')) {
                    const it = document.createTreeWalker(w, NodeFilter.SHOW_TEXT);
                    for (let n = it.nextNode(); n; n = it.nextNode()) {
                        const t = n.textContent.trim();
                        if (t === 'null' || t === 'undefined') out.push(`${w.tagName.toLowerCase()}: text "${t}" in <${n.parentElement.tagName.toLowerCase()} class="${n.parentElement.className}">`);
                    }
                }
                return out; }""")
        except Exception:   # (the page is closed or navigating: nothing to read)
            stray = []
        return found + stray

    def shot(self, name: str, full_page=True) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path

    def close(self):
        self.context.close()

"""How the engine starts: from <head> on pages with engine widgets, when idle on pages
without; repeat loads from a memory snapshot, and a normal start whenever the snapshot is
refused; the one-line embed from another origin (a second server on another port).
Speed itself is measured by benchmarks/site_load.py, not here."""

from __future__ import annotations

import json
import re

import pytest

from tianjiu_site.runtime import RUNTIME_DIR
from tianjiu_site.serve import start_background

READY = "['ready', 'error'].includes(document.documentElement.dataset.engine)"
SAVED = "TianJiu.status().snapshot && TianJiu.status().snapshot !== 'saving'"
SNAPSHOT_KEY = "tj-engine-snapshots"


def _status(tab):
    tab.page.wait_for_function(READY, timeout=90_000)
    return tab.page.evaluate("TianJiu.status()")


def test_engine_pages_start_the_worker_from_head_and_text_pages_when_idle(site, tab):
    tab.page.add_init_script("globalThis.TIANJIU_SNAPSHOT = false")
    tab.goto("lessons/03-plays/")
    status = _status(tab)
    assert status["status"] == "ready" and status["early"] is True and status["start"] == "cold"
    assert status["workersStarted"] == 1
    dcl = tab.page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventStart")
    assert status["startedAt"] < dcl, (status, dcl)    # started while <head> was read
    tab.goto("glossary/")                               # no engine widget: no early worker…
    assert tab.page.evaluate("'__tianjiuEarlyWorker' in window") is False
    status = _status(tab)                               # …but started once idle
    assert status["status"] == "ready" and status["early"] is False
    # and a puzzle reached from it by instant navigation is ready with that engine
    tab.page.evaluate("window.location$.next(new URL('../puzzles/0001/', location.href))")
    tab.page.wait_for_selector("tj-puzzle[data-state=ready]", timeout=90_000)
    assert tab.page.evaluate("TianJiu.status().workersStarted") == 1
    assert tab.problems() == []



def _search_workers(tab):
    return sum("/workers/search." in w.url for w in tab.page.workers)


def test_search_waits_for_the_engine_on_engine_pages_and_still_answers(site, tab):
    """On a page with an engine widget, Material's search worker (which builds the lunr index
    of the site) is created only once the engine is up, so it takes no CPU from the start;
    search then answers.  Turning to search first starts it at once, and it answers too."""
    tab.page.add_init_script("globalThis.TIANJIU_SNAPSHOT = false")
    tab.goto("lessons/03-plays/")
    if tab.page.evaluate("document.documentElement.dataset.engine") != "ready":
        assert _search_workers(tab) == 0
    assert _status(tab)["status"] == "ready"
    # (and, the engine up and the tab idle, every widget module is loaded: widgets/index.js)
    tab.page.wait_for_function("TianJiu.widgets.has('tj-play-table') && TianJiu.widgets.has('tj-paigow-calc')",
                               timeout=30_000)
    tab.page.wait_for_function("performance.getEntriesByType('resource')"
                               ".some(e => e.name.includes('/search/search_index.json'))", timeout=30_000)
    tab.page.keyboard.press("/")
    tab.page.keyboard.type("banker")
    tab.page.wait_for_selector(".md-search-result__item", timeout=30_000)
    assert _search_workers(tab) == 1
    # a second page load: search asked for before the engine is ready (it is held back by
    # a route until the search box has the focus)
    release = []
    tab.page.route("**/assets/tianjiu/pyodide/pyodide.asm.wasm",
                   lambda route: release.append(route))
    tab.page.reload(wait_until="domcontentloaded")
    tab.page.wait_for_function("typeof window.location$ !== 'undefined'", timeout=30_000)
    assert _search_workers(tab) == 0 and tab.page.evaluate("document.documentElement.dataset.engine") != "ready"
    tab.page.keyboard.press("/")
    tab.page.keyboard.type("banker")
    tab.page.wait_for_selector(".md-search-result__item", timeout=30_000)
    assert "banker" in tab.page.locator(".md-search-result").inner_text().lower()
    for route in release:
        route.continue_()
    tab.page.unroute("**/assets/tianjiu/pyodide/pyodide.asm.wasm")
    assert _status(tab)["status"] == "ready"
    assert tab.problems() == []

def _saved_snapshot(tab):
    tab.page.wait_for_function(SAVED, timeout=90_000)
    status = tab.page.evaluate("TianJiu.status()")
    assert status["snapshot"] == "saved", status
    return status


def test_repeat_loads_start_from_the_snapshot_and_any_bad_one_means_a_normal_start(site, tab):
    """One tab: a first visit saves the snapshot of this build; a full reload starts from it and
    answers every kind of call; then, whatever is wrong with a saved snapshot (garbage, cut
    short, another Pyodide build), the engine starts normally, says so in its status (not as
    an error on the page), and the bad snapshot is deleted."""
    tab.page.add_init_script("globalThis.TIANJIU_SNAPSHOT = true")   # (tabs of the tests start with it off)
    tab.page.add_init_script("globalThis.TIANJIU_SNAPSHOT_DELAY_MS = 0")
    tab.goto("en/playground/")
    assert _status(tab)["start"] == "cold"
    saved = _saved_snapshot(tab)
    assert saved["snapshotBytes"] > 10_000_000          # the whole heap: ~31 MB
    keys = tab.page.evaluate(f"""async () => (await (await caches.open('{SNAPSHOT_KEY}')).keys()).map(r => r.url)""")
    build = tab.page.evaluate("TianJiu.build")
    assert keys == [f"{site.url}{RUNTIME_DIR}/snapshot/{build['version']}-{build['hash']}.bin"]
    tab.goto("en/playground/")                          # a full load
    status = _status(tab)
    assert status["status"] == "ready" and status["start"] == "snapshot" and status["snapshot"] == "restored"
    assert [s["stage"] for s in status["timeline"]] == ["runtime", "snapshot", "wheel", "import", "ready"]
    # the restored engine answers, ops never imported at start-up too
    tab.page.fill(".tj-tray[data-tray=a] .tj-tray__input", "66 66 36 45")
    tab.page.press(".tj-tray[data-tray=a] .tj-tray__input", "Enter")
    tab.page.wait_for_selector("tj-playground[data-play=four]")
    result = tab.page.evaluate("""async () => {
        const e = await TianJiu.engine();
        const themes = await e.call("puzzle_themes");
        const hand = await e.newHand({seed: 3, humans: ["S"]});
        return {themes: themes.length, legal: hand.legal.length, python: TianJiu.status().python};
    }""")
    assert result["themes"] > 3 and result["legal"] > 0 and result["python"].startswith("3.14")
    assert tab.problems() == []

    tab.page.add_init_script("globalThis.TIANJIU_SNAPSHOT = false")   # save no new one from here
    tab.page.evaluate(f"""async () => {{
        const cache = await caches.open('{SNAPSHOT_KEY}');
        const [key] = await cache.keys();
        (await caches.open('test-good-copy')).put('/good', await cache.match(key));
    }}""")
    for damage in ("garbage", "truncated", "other-build"):
        tab.page.evaluate(f"""async (damage) => {{
            const good = new Uint8Array(await (await (await caches.open('test-good-copy')).match('/good')).arrayBuffer());
            let bad;
            if (damage === "garbage") bad = new Uint8Array(4096).fill(7);
            else if (damage === "truncated") bad = good.slice(0, good.length >> 1);
            else {{ bad = good.slice(); bad[20] ^= 0xff; }}     // the Pyodide build id in the header
            await (await caches.open('{SNAPSHOT_KEY}')).put({json.dumps(keys[0])}, new Response(bad));
        }}""", damage)
        tab.console.clear()
        tab.goto("en/playground/")
        status = _status(tab)
        assert status["status"] == "ready" and status["start"] == "cold", (damage, status)
        assert status["snapshot"].startswith("refused: "), (damage, status)
        assert "snapshot-failed" in [s["stage"] for s in status["timeline"]], damage
        assert tab.page.evaluate(f"async () => (await (await caches.open('{SNAPSHOT_KEY}')).keys()).length") == 0
        tab.page.wait_for_selector("tj-playground[data-state=ready]")
        assert tab.page.evaluate("TianJiu.engine().then(e => e.classify('66 66 36 45')).then(r => r.class)") == "four"
        assert tab.problems() == [], damage


@pytest.fixture
def other_origin(site):
    """examples/other-origin/index.html served by a second server (another port = another
    origin), its one <script src> pointing at the test site instead of :8000."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "examples/other-origin/index.html").read_text(encoding="utf-8")
    assert page.count('src="http://127.0.0.1:8000/assets/tianjiu/tianjiu.js"') == 1
    page = page.replace("http://127.0.0.1:8000/", site.url)
    server, url = start_background(Path(__file__).parent, extra={"/": ("text/html; charset=utf-8", page.encode())})
    yield url
    server.shutdown()
    server.server_close()


def test_the_one_line_embed_from_another_origin(site, tab, other_origin):
    assert other_origin != site.url
    tab.page.goto(other_origin)
    tab.page.wait_for_selector("#answer[data-state=ready]", timeout=90_000)
    assert re.match(r"Four Teen Gow \(四天九\) — engine 0\.\d+\.\d+, Python 3\.14\.\d+, started cold",
                    tab.page.inner_text("#answer"))
    # Pyodide and the wheel came from the site's origin, nothing from the embedding one but the page
    assert any(r.startswith(site.url) and r.endswith("pyodide.asm.wasm") for r in tab.requests)
    assert [r for r in tab.requests if r.startswith(other_origin)] == [other_origin]
    # the tiles draw: the sprite was put into the page and the tiles point into it
    assert tab.page.locator("svg[data-tianjiu-sprite] symbol").count() == 22
    hrefs = tab.page.eval_on_selector_all("#four svg use", "els => els.map(u => u.getAttribute('href'))")
    assert hrefs == ["#tj-tile-66", "#tj-tile-66", "#tj-tile-36", "#tj-tile-45"]
    box = tab.page.eval_on_selector("#four svg use", "u => { const b = u.getBBox(); return [b.width, b.height]; }")
    assert box[0] > 50 and box[1] > 100, box           # the symbol's content is really there
    # a widget works across origins too
    tab.page.fill(".tj-tray[data-tray=a] .tj-tray__input", "55 55")
    tab.page.press(".tj-tray[data-tray=a] .tj-tray__input", "Enter")
    tab.page.wait_for_function("document.querySelector('tj-playground').dataset.play !== 'four'")
    assert "Pair of Mooy" in tab.page.inner_text(".tj-tray[data-tray=a] .tj-tray__verdict")
    # today's puzzle, as the Embed page shows it: the site's schedule, its puzzle file and
    # a link to the puzzle's English page on the site
    daily = tab.page.locator("tj-daily-puzzle")
    tab.page.wait_for_selector("tj-daily-puzzle tj-puzzle[data-state=ready]", timeout=60_000)
    pid = daily.get_attribute("data-puzzle")
    assert re.fullmatch(r"\d{4}", pid), pid
    assert daily.locator("tj-puzzle").get_attribute("src") == f"{site.url}puzzles/{pid}.toml"
    assert daily.locator("a.tj-daily__page").get_attribute("href") == f"{site.url}en/puzzles/{pid}/"
    assert tab.problems() == []


def test_while_the_engine_starts_nothing_moves_off_screen(site, tab):
    """Whatever moves costs frames, CPU taken from the engine's start (on the home page the header's
    pulsing dot and the daily puzzle's spinner just below the fold cost ~1 s of compositor CPU,
    benchmarks/site_load.py): while the engine loads, the header's dot is still and a widget's
    spinner turns only while it is on screen."""
    held, released = [], []
    tab.page.context.route("**/pyodide.asm.wasm",   # keep the engine loading until released
                           lambda route: route.continue_() if released else held.append(route))
    tab.page.add_init_script("globalThis.TIANJIU_SNAPSHOT = false")
    tab.page.goto(tab.url(""), wait_until="domcontentloaded")
    tab.page.wait_for_selector("tj-puzzle .tj-status[data-kind=loading]", timeout=30_000)
    tab.page.wait_for_timeout(500)                       # (the IntersectionObserver has answered)
    running = """() => ({engine: document.documentElement.dataset.engine,
        moving: document.getAnimations().filter((a) => a.playState === "running").map((a) => {
            const box = a.effect.target.getBoundingClientRect();
            return {name: a.animationName, top: Math.round(box.top), bottom: Math.round(box.bottom)};
        })})"""
    now = tab.page.evaluate(running)
    assert held and now["engine"] == "loading", now
    height = tab.page.evaluate("innerHeight")
    assert all(m["name"] == "tj-spin" and m["bottom"] > 0 and m["top"] < height for m in now["moving"]), now
    assert tab.page.evaluate("document.querySelector('tj-puzzle .tj-status').getBoundingClientRect().top") > height
    tab.page.evaluate("document.querySelector('tj-puzzle .tj-status').scrollIntoView({block: 'center'})")
    tab.page.wait_for_timeout(500)
    now = tab.page.evaluate(running)
    assert now["engine"] == "loading" and [m["name"] for m in now["moving"]] == ["tj-spin"], now
    released.append(True)
    for route in held:
        route.continue_()
    assert tab.wait_engine() == "ready"
    tab.wait_widgets()
    assert tab.page.evaluate("document.getAnimations().filter((a) => a.playState === 'running').length") == 0
    assert tab.problems() == []


def test_search_started_late_after_instant_navigation_to_another_folder(site, tab):
    """The held-back search worker is created with the URL Material gave it on the first page:
    started only after instant navigation to a page in another folder, it must still load
    (it resolved against the new page once: a 404 and 'Initializing search' for ever)."""
    tab.page.add_init_script("globalThis.TIANJIU_SNAPSHOT = false")
    tab.page.route("**/assets/tianjiu/pyodide/pyodide.asm.wasm", lambda route: None)   # engine held
    tab.goto("")
    tab.page.wait_for_function("typeof window.location$ !== 'undefined'", timeout=30_000)
    assert _search_workers(tab) == 0
    tab.page.locator("a[href$='/lessons/'] >> visible=true").first.click()    # a link, as a reader would
    tab.page.wait_for_function("location.pathname.endsWith('/lessons/')", timeout=30_000)
    # the new page's content is in (Material closes an open search when it swaps the page in)
    tab.page.wait_for_selector("tj-lesson-progress", state="attached", timeout=30_000)
    tab.page.wait_for_timeout(500)
    # instant navigation: the document is still the home page's (no page load)
    assert not tab.page.evaluate("performance.getEntriesByType('navigation')[0].name").endswith("/lessons/")
    tab.page.keyboard.press("/")
    tab.page.keyboard.type("banker")
    tab.page.wait_for_selector(".md-search-result__item", timeout=30_000)
    assert tab.problems() == []

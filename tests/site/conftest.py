"""Fixtures and helpers of the site tests (see SITE.md, "Tests").

- ``site``: the site built ONCE per test session (``mkdocs build --strict``
  into a temporary folder; or an existing build given by ``TIANJIU_SITE_DIR``)
  and served on a free 127.0.0.1 port: ``site.dir``, ``site.url``.
- ``browser``: Debian's Chromium driven by Playwright (never ``playwright install``).
- ``tab``: a fresh browser context + page that records every console error,
  page error, failed request and HTTP error: ``tab.goto("playground/")``,
  ``tab.wait_engine()``, ``tab.wait_widgets()``, ``tab.problems()``,
  ``tab.shot("name")`` (PNG in test-results/screenshots/).
  ``new_tab(**options)`` makes more (``service_workers="allow"``,
  ``viewport=…``, ``offline_hosts=True`` to refuse every other host).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitekit import Tab, launch  # noqa: E402
from tianjiu_site.serve import start_background  # noqa: E402


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    given = os.environ.get("TIANJIU_SITE_DIR")
    if given:
        return Path(given).resolve()
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("SITE_URL", None)
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--clean",
                           "-f", str(ROOT / "mkdocs.yml"), "-d", str(out)],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=900)
    assert proc.returncode == 0, f"the site build failed:\n{proc.stdout[-5000:]}\n{proc.stderr[-5000:]}"
    return out


@pytest.fixture(scope="session")
def site(site_dir):
    server, url = start_background(site_dir)
    yield SimpleNamespace(dir=site_dir, url=url, host=urlparse(url).netloc)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright_instance():
    if os.environ.get("TIANJIU_SKIP_BROWSER"):
        pytest.skip("TIANJIU_SKIP_BROWSER is set")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    b = launch(playwright_instance)
    yield b
    b.close()


@pytest.fixture
def new_tab(browser, site):
    tabs: list[Tab] = []

    def make(**options) -> Tab:
        tab = Tab(browser, site, **options)
        tabs.append(tab)
        return tab

    yield make
    for tab in tabs:
        tab.close()


@pytest.fixture
def tab(new_tab) -> Tab:
    return new_tab()

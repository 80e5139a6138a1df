"""The engine's own tests, run inside Pyodide (Python 3.14 on WebAssembly, as
in the browser) under Node, offline — see run_engine_tests.mjs and
pyodide_runner.py for what runs there and what cannot."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tianjiu_site.runtime import build_wheel  # noqa: E402

DRIVER = Path(__file__).with_name("run_engine_tests.mjs")
ALLOWED_SKIPS = {"needs a subprocess: Pyodide (emscripten) cannot start processes"}


@pytest.fixture(scope="module")
def pyodide_run():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the engine tests inside Pyodide need Node 20+")
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (./run test does)")
    wheel = build_wheel()
    proc = subprocess.run(
        [node, str(DRIVER), "--wheel", str(wheel), "--repo", str(ROOT),
         "--site-packages", sysconfig.get_paths()["purelib"]],
        capture_output=True, text=True, timeout=1200, cwd=ROOT)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("PYODIDE-SUMMARY ")]
    assert lines, f"no summary from the Pyodide run (exit {proc.returncode}):\n" \
                  f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    return proc, json.loads(lines[-1].removeprefix("PYODIDE-SUMMARY "))


def test_engine_tests_pass_in_pyodide(pyodide_run):
    proc, summary = pyodide_run
    assert summary["failed"] == 0 and summary["errors"] == 0, \
        f"failing inside Pyodide: {summary['failures']}\n{proc.stdout[-6000:]}"
    assert proc.returncode == 0
    # a floor, so that a run that silently collects little cannot pass
    # (641 tests and doctests ran when this was written)
    assert summary["passed"] >= 400, summary


def test_it_really_ran_the_wheel_on_python_314(pyodide_run):
    _, summary = pyodide_run
    assert summary["platform"] == "emscripten"
    assert summary["python"].startswith("3.14.")
    assert summary["engine_from"] == "/lib/python3.14/site-packages/tianjiu_core"


def test_only_known_limits_are_skipped(pyodide_run):
    _, summary = pyodide_run
    assert set(summary["skip_reasons"]) <= ALLOWED_SKIPS, summary["skip_reasons"]
    assert sum(summary["skip_reasons"].values()) <= 20, summary["skip_reasons"]
    for entry in summary["not_collected"]:
        assert "hypothesis" in entry, entry

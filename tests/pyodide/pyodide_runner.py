"""Runs inside Pyodide (see run_engine_tests.mjs): the engine's pytest suite and
doctests on Python 3.14/WebAssembly, with the engine imported from the wheel.

What cannot run there is reported, never hidden:

- tests that start a subprocess (``python -m tianjiu_core …``) are *skipped*:
  emscripten has no processes; ``subprocess.Popen`` is replaced by a stub
  that calls ``pytest.skip`` with that reason;
- test modules that import hypothesis are *not collected* when hypothesis
  does not import (its compiled extension has no WebAssembly build); they
  are listed in the summary.

The last line of output is ``PYODIDE-SUMMARY {json}``: counts, skip reasons,
ignored files, the Python version and where ``tianjiu_core`` was imported
from (the wheel's site-packages, not the repository).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

NO_PROCESSES = "needs a subprocess: Pyodide (emscripten) cannot start processes"
NO_HYPOTHESIS = "imports hypothesis, whose compiled extension has no Pyodide build"


class PyodidePlugin:
    """pytest plugin: skip subprocess tests, leave out hypothesis modules, count results."""

    def __init__(self) -> None:
        self.counts = {"passed": 0, "failed": 0, "skipped": 0, "errors": 0, "xfailed": 0, "xpassed": 0}
        self.skip_reasons: dict[str, int] = {}
        self.ignored: list[str] = []
        self.failures: list[str] = []
        try:
            import hypothesis  # noqa: F401
            self.has_hypothesis = True
        except Exception:  # ImportError, or the missing native module
            self.has_hypothesis = False

    def pytest_configure(self, config) -> None:
        import pytest

        class NoProcesses(subprocess.Popen):  # type: ignore[misc]
            def __init__(self, *args, **kwargs):  # noqa: D401
                pytest.skip(NO_PROCESSES)

        subprocess.Popen = NoProcesses  # type: ignore[misc]

    def pytest_ignore_collect(self, collection_path, config):
        p = Path(collection_path)
        if self.has_hypothesis or p.suffix != ".py" or not p.name.startswith("test_"):
            return None
        text = p.read_text(encoding="utf-8", errors="replace")
        if "import hypothesis" in text or "from hypothesis" in text:
            self.ignored.append(f"{p.name}: {NO_HYPOTHESIS}")
            return True
        return None

    def pytest_runtest_logreport(self, report) -> None:
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            if hasattr(report, "wasxfail"):
                self.counts["xfailed" if report.skipped else "xpassed"] += 1
            elif report.outcome == "passed" and report.when == "call":
                self.counts["passed"] += 1
            elif report.outcome == "skipped":
                self.counts["skipped"] += 1
                reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
                reason = reason.removeprefix("Skipped: ")
                self.skip_reasons[reason] = self.skip_reasons.get(reason, 0) + 1
            elif report.outcome == "failed":
                self.counts["failed" if report.when == "call" else "errors"] += 1
                self.failures.append(report.nodeid)

    def pytest_collectreport(self, report) -> None:
        if report.failed:
            self.counts["errors"] += 1
            self.failures.append(f"collection: {report.nodeid}")


def main(argv: list[str]) -> int:
    import pytest

    import tianjiu_core

    os.chdir("/repo")
    plugin = PyodidePlugin()
    args = ["-p", "no:cacheprovider", "-p", "no:hypothesispytest", "-q",
            "-c", "/repo/pyproject.toml", "--rootdir", "/repo",
            "--ignore=/repo/tests/site", "--ignore=/repo/tests/pyodide",
            "--doctest-modules", "/repo/tests", "--pyargs", "tianjiu_core", *argv]
    code = int(pytest.main(args, plugins=[plugin]))
    summary = {
        **plugin.counts,
        "exit_code": code,
        "skip_reasons": plugin.skip_reasons,
        "not_collected": plugin.ignored,
        "failures": plugin.failures[:50],
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "engine_from": str(Path(tianjiu_core.__file__).parent),
        "engine_version": tianjiu_core.__version__,
    }
    print("PYODIDE-SUMMARY " + json.dumps(summary, ensure_ascii=False), flush=True)
    return code

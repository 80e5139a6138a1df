"""Run a benchmark script inside Pyodide under Node (the ``--pyodide`` switch of the scripts).

:func:`run_json` builds the site's wheel (``tianjiu_site.runtime.build_wheel``, or ``python -m
build`` without the site package), runs ``benchmarks/pyodide_run.mjs`` with it, and returns the
last line the script printed, parsed as JSON (the scripts print one JSON line with ``--json``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def wheel_path() -> Path:
    """The engine wheel the site serves (built when missing or stale)."""
    try:
        sys.path.insert(0, str(ROOT))
        from tianjiu_site.runtime import build_wheel
        return Path(build_wheel())
    except ImportError:  # pragma: no cover - the site package is optional
        import tempfile
        out = Path(tempfile.mkdtemp())
        subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                        str(out), str(ROOT)], check=True, capture_output=True)
        return sorted(out.glob("*.whl"))[-1]


def run_json(script: str, argv: Sequence[str], mounts: Sequence[tuple[Path, str]] = ()) -> dict:
    """``script`` (a file name in benchmarks/) with ``argv`` inside Pyodide; its last output
    line as JSON.  mounts: (host folder, path inside Pyodide).  Raises SystemExit with the
    output when the run fails."""
    cmd = ["node", str(HERE / "pyodide_run.mjs"), "--wheel", str(wheel_path())]
    for host, inside in mounts:
        cmd += ["--mount", f"{Path(host).resolve()}:{inside}"]
    proc = subprocess.run(cmd + [script, *argv], capture_output=True, text=True, cwd=ROOT)
    sys.stderr.write(proc.stderr[-5000:])
    if proc.returncode != 0:
        raise SystemExit(f"the Pyodide run of {script} failed (exit {proc.returncode}):\n"
                         f"{proc.stdout[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])

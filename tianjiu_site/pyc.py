"""The engine wheel with its modules compiled by Pyodide's own Python, at build time.

The browser's Python is Pyodide's 3.14, which only Pyodide has here: ``compile_wheel.mjs``
starts Pyodide under Node, compiles every module of the wheel and writes a copy of the wheel
with ``<module>.pyc`` beside each ``<module>.py`` — the layout ``zipimport`` reads, since the
worker imports the engine straight from the wheel on ``sys.path`` (worker.js).  The ``.pyc`` are
"checked-hash" (PEP 552): Python compares the hash stored in the ``.pyc`` with the ``.py`` it
sits beside and compiles the source when they differ, so a stale or foreign ``.pyc`` costs a
compile, never a wrong module; a ``.pyc`` of another Python (another magic number) is ignored
the same way.  The sources stay, for tracebacks.

:func:`compile_wheel` caches the result in ``.cache/pyc-wheels/<key>/`` (key: the plain
wheel's bytes, Pyodide's version, the compiler script), checks a cached or new artefact
against the plain wheel before using it (:func:`verify`), and falls back to the plain wheel —
saying why — when Node or Pyodide is missing, compiling fails, or the artefact does not check.
``TIANJIU_PYC=0`` ships the plain wheel (to measure the difference: benchmarks/site_load.py).
"""

from __future__ import annotations

import _imp
import hashlib
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

__all__ = ["compile_wheel", "verify", "CompiledWheelError"]

ROOT = Path(__file__).resolve().parent.parent
COMPILER = Path(__file__).with_name("compile_wheel.mjs")
PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE = ROOT / ".cache" / "pyc-wheels"
FLAGS_CHECKED_HASH = 0b11   # PEP 552: hash-based, check_source


class CompiledWheelError(ValueError):
    """A compiled wheel that does not match its plain wheel (says what)."""


def _pyodide_version() -> str:
    return json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]


def verify(compiled: Path, plain: Path, magic: str) -> int:
    """Check ``compiled`` against ``plain``: every file of the plain wheel is there unchanged
    (RECORD aside), and beside every module a ``.pyc`` with the magic number ``magic`` (hex),
    checked-hash flags and the hash of that module's source.  Returns the number of ``.pyc``;
    raises :class:`CompiledWheelError` naming the first problem."""
    try:
        with zipfile.ZipFile(plain) as zp, zipfile.ZipFile(compiled) as zc:
            want = {n: zp.read(n) for n in zp.namelist()}
            have = {n: zc.read(n) for n in zc.namelist()}
    except (OSError, zipfile.BadZipFile, ValueError) as exc:
        raise CompiledWheelError(f"{compiled.name}: not a readable wheel ({exc})") from None
    key = int.from_bytes(bytes.fromhex(magic), "little")
    count = 0
    for name, data in want.items():
        if name.endswith(".dist-info/RECORD"):
            continue
        if have.get(name) != data:
            raise CompiledWheelError(f"{name} differs from the plain wheel")
        if not name.endswith(".py"):
            continue
        pyc = have.get(name + "c")
        if pyc is None:
            raise CompiledWheelError(f"{name}c is missing")
        if pyc[:4].hex() != magic or int.from_bytes(pyc[4:8], "little") != FLAGS_CHECKED_HASH:
            raise CompiledWheelError(f"{name}c: not a checked-hash .pyc of magic {magic}")
        if pyc[8:16] != _imp.source_hash(key, data):
            raise CompiledWheelError(f"{name}c was compiled from another source")
        count += 1
    return count


def compile_wheel(wheel: Path, *, cache: Path | None = None, node: str | None = None,
                  timeout: float = 600) -> tuple[Path, str]:
    """The wheel to ship and how: ``(compiled wheel, "compiled …")`` or, on any failure,
    ``(wheel, "not compiled: why")``.  See the module docstring."""
    if os.environ.get("TIANJIU_PYC", "1") == "0":
        return wheel, "not compiled: TIANJIU_PYC=0"
    node = node or shutil.which("node")
    if not node:
        return wheel, "not compiled: Node.js is not installed"
    if not (PYODIDE / "pyodide.mjs").is_file():
        return wheel, "not compiled: node_modules/pyodide is missing"
    cache = cache or CACHE
    h = hashlib.sha256(wheel.read_bytes())
    h.update(_pyodide_version().encode())
    h.update(COMPILER.read_bytes())
    here = cache / h.hexdigest()[:16]
    out, meta = here / wheel.name, here / "compiled.json"
    if out.is_file() and meta.is_file():
        try:
            info = json.loads(meta.read_text(encoding="utf-8"))
            n = verify(out, wheel, info["magic"])
            return out, f"compiled by Pyodide {info['python']} ({n} modules, cached)"
        except (CompiledWheelError, ValueError, KeyError, TypeError) as exc:
            why = f"the cached compiled wheel was refused ({exc}): compiling again"
            shutil.rmtree(here, ignore_errors=True)
    else:
        why = ""
    tmp = cache / (here.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        proc = subprocess.run([node, str(COMPILER), str(wheel), str(tmp / wheel.name)],
                              capture_output=True, text=True, timeout=timeout, cwd=ROOT)
        lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
        if proc.returncode != 0 or not lines:
            tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
            raise CompiledWheelError(f"compile_wheel.mjs failed (exit {proc.returncode}): {tail[:300]}")
        info = json.loads(lines[-1])
        n = verify(tmp / wheel.name, wheel, info["magic"])
        (tmp / "compiled.json").write_text(json.dumps(info) + "\n", encoding="utf-8")
    except (CompiledWheelError, OSError, ValueError, KeyError, subprocess.TimeoutExpired) as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        return wheel, f"not compiled: {exc}" + (f" ({why})" if why else "")
    shutil.rmtree(here, ignore_errors=True)
    tmp.rename(here)
    for old in cache.iterdir():   # keep the cache small: one compiled wheel
        if old != here and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
    return out, f"compiled by Pyodide {info['python']} ({n} modules)"

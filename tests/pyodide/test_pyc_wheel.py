"""The engine wheel compiled by Pyodide's Python at build time (tianjiu_site/pyc.py): every module
has its checked-hash .pyc, the browser's way of importing it (zipimport from the wheel) uses
them and the engine answers; a stale or foreign .pyc costs a compile, never a wrong module; a
broken cached artefact is rebuilt, and without Node the plain wheel ships."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tianjiu_site import pyc  # noqa: E402
from tianjiu_site.runtime import build_wheel  # noqa: E402

IMPORT = Path(__file__).with_name("import_wheel.mjs")


@pytest.fixture(scope="module")
def wheels():
    if shutil.which("node") is None or not (ROOT / "node_modules/pyodide/pyodide.mjs").exists():
        pytest.fail("node and node_modules/pyodide are needed (./run test installs them)")
    plain = build_wheel()
    compiled, status = pyc.compile_wheel(plain)
    assert status.startswith("compiled by Pyodide 3.14"), status
    return plain, compiled


def _magic(compiled: Path) -> str:
    return json.loads((compiled.parent / "compiled.json").read_text())["magic"]


def _import(wheel: Path) -> dict:
    proc = subprocess.run(["node", str(IMPORT), str(wheel)], capture_output=True, text=True,
                          timeout=600, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _rewrite(src: Path, dst: Path, change) -> Path:
    """A copy of the wheel ``src`` with ``change(name, data) -> data`` applied to each entry."""
    buf = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info, change(info.filename, zin.read(info)))
    dst.write_bytes(buf.getvalue())
    return dst


def test_every_module_has_a_checked_pyc_of_pyodides_python(wheels):
    plain, compiled = wheels
    with zipfile.ZipFile(plain) as z:
        modules = [n for n in z.namelist() if n.endswith(".py")]
    assert pyc.verify(compiled, plain, _magic(compiled)) == len(modules) > 50
    info = json.loads((compiled.parent / "compiled.json").read_text())
    assert info["cache_tag"] == "cpython-314" and info["python"].startswith("3.14.")


def test_the_engine_answers_from_the_pyc_without_compiling(wheels):
    _, compiled = wheels
    out = _import(compiled)
    assert out["answer"] == "four"
    assert out["compiled"] == []
    assert out["from_pyc"]["tianjiu_core.bridge"] is True and all(out["from_pyc"].values()), out


def test_the_plain_wheel_compiles_each_module_in_the_browser(wheels):
    plain, _ = wheels
    out = _import(plain)
    assert out["answer"] == "four" and not any(out["from_pyc"].values())
    assert "tianjiu_core/bridge/__init__.py" in out["compiled"]


def test_a_stale_pyc_is_ignored_and_its_source_compiled(wheels, tmp_path):
    """The source changed after its .pyc was made (a stale artefact): the source wins."""
    _, compiled = wheels
    stale = _rewrite(compiled, tmp_path / "stale.whl", lambda name, data: (
        data + b"\nSTALE_MARK = 'from the source'\n" if name == "tianjiu_core/notation.py" else data))
    out = _import(stale)
    assert out["answer"] == "four" and out["stale"] == "from the source"
    assert set(out["compiled"]) == {"tianjiu_core/notation.py"} and out["from_pyc"]["tianjiu_core.notation"] is False


def test_a_pyc_of_another_python_is_ignored(wheels, tmp_path):
    _, compiled = wheels
    foreign = _rewrite(compiled, tmp_path / "foreign.whl", lambda name, data: (
        b"\x00\x00\r\n" + data[4:] if name == "tianjiu_core/bridge/__init__.pyc" else data))
    out = _import(foreign)
    assert out["answer"] == "four" and set(out["compiled"]) == {"tianjiu_core/bridge/__init__.py"}


def test_verify_refuses_what_does_not_match(wheels, tmp_path):
    plain, compiled = wheels
    magic = _magic(compiled)
    cut = tmp_path / "cut.whl"
    cut.write_bytes(compiled.read_bytes()[:5000])
    with pytest.raises(pyc.CompiledWheelError, match="not a readable wheel"):
        pyc.verify(cut, plain, magic)
    other = _rewrite(compiled, tmp_path / "other.whl", lambda name, data: (
        data + b"\n# changed\n" if name == "tianjiu_core/tiles.py" else data))
    with pytest.raises(pyc.CompiledWheelError, match="tiles.py differs"):
        pyc.verify(other, plain, magic)
    with pytest.raises(pyc.CompiledWheelError, match="not a checked-hash .pyc of magic"):
        pyc.verify(compiled, plain, "00000d0a")


def test_a_broken_cached_artefact_is_rebuilt(wheels, tmp_path):
    plain, compiled = wheels
    cache = tmp_path / "cache"
    shutil.copytree(compiled.parent, cache / compiled.parent.name)
    broken = cache / compiled.parent.name / compiled.name
    broken.write_bytes(b"PK\x03\x04 not a wheel")
    out, status = pyc.compile_wheel(plain, cache=cache)
    assert status.startswith("compiled by Pyodide") and "cached" not in status, status
    assert out == broken and pyc.verify(out, plain, _magic(compiled)) > 50
    again, status = pyc.compile_wheel(plain, cache=cache)
    assert again == out and status.endswith("cached)")


def test_without_node_or_when_turned_off_the_plain_wheel_ships(wheels, tmp_path, monkeypatch):
    plain, _ = wheels
    out, status = pyc.compile_wheel(plain, cache=tmp_path, node=str(tmp_path / "no-node"))
    assert out == plain and status.startswith("not compiled:"), status
    monkeypatch.setenv("TIANJIU_PYC", "0")
    assert pyc.compile_wheel(plain, cache=tmp_path) == (plain, "not compiled: TIANJIU_PYC=0")

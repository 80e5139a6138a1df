"""The package's layers point down, and no two modules import each other (README, "Architecture").

Every import is read from the source with ``ast`` — module level *and* inside functions — and
resolved to a module of ``tianjiu_core``.  A module may import from its own layer or a lower one;
an upward import or any import cycle (through function-level imports too) fails, naming the
modules and lines.  The root ``tianjiu_core/__init__.py`` is the public face: it imports nothing
eagerly (its names are loaded on first use), so it is left out, except that any module may read
``__version__`` from it.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tianjiu_core"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "_lazy"),
    ("tiles", "rng", "limits", "tomlw"),
    ("notation",),
    ("svg",),
    ("tiengow", "paigow"),
    ("solver",),
    ("players",),
    ("puzzles", "lessons"),
    ("bridge",),
    ("cli", "__main__"),
)
"""Lowest first.  A module's layer is that of its top-level name under ``tianjiu_core``."""

LAYER_OF = {name: i for i, names in enumerate(LAYERS) for name in names}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(["tianjiu_core", *parts])] = path
    return out


MODULES = _modules()


def _resolve(module: str, is_package: bool, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The ``tianjiu_core`` modules an import statement loads (a name that is a submodule counts
    as that submodule)."""
    targets: list[str] = []
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.startswith("tianjiu_core")]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - node.level + 1]
        name = ".".join(base + ([node.module] if node.module else []))
    else:
        name = node.module or ""
    if not name.startswith("tianjiu_core"):
        return []
    for alias in node.names:
        sub = f"{name}.{alias.name}"
        targets.append(sub if sub in MODULES else name)
    return targets


def _imports() -> dict[str, list[tuple[str, int]]]:
    graph: dict[str, list[tuple[str, int]]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges = []
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                if isinstance(node, ast.ImportFrom) and [a.name for a in node.names] == ["__version__"]:
                    continue
                for target in _resolve(module, path.name == "__init__.py", node):
                    if target != module:
                        edges.append((target, node.lineno))
        graph[module] = edges
    return graph


GRAPH = _imports()


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return None if len(parts) == 1 else LAYER_OF.get(parts[1])


def test_every_module_has_a_layer():
    missing = [m for m in MODULES if m != "tianjiu_core" and _layer(m) is None]
    assert not missing, f"add these to LAYERS in tests/test_layers.py (and README): {missing}"


def test_imports_point_down():
    wrong = []
    for module, edges in GRAPH.items():
        if module == "tianjiu_core":
            continue
        for target, line in edges:
            if target == "tianjiu_core":
                wrong.append(f"{module}:{line} imports the package root (import the module itself)")
            elif _layer(target) > _layer(module):
                wrong.append(f"{module}:{line} imports {target}, a higher layer")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycles():
    """Depth-first search over every import edge, function-level ones included."""
    state: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for target, _ in GRAPH.get(m, ()):
            if target == "tianjiu_core" or target not in GRAPH:
                continue
            if state.get(target) == 1:
                cycles.append(" → ".join(stack[stack.index(target):] + [target]))
            elif target not in state:
                visit(target)
        stack.pop()
        state[m] = 2

    for m in GRAPH:
        if m not in state:
            visit(m)
    assert not cycles, "\n".join(cycles)


def test_the_checker_sees_function_level_and_relative_imports():
    """The reader is not blind: known edges of each kind are found."""
    source = MODULES["tianjiu_core.puzzles.verification"].read_text(encoding="utf-8").splitlines()
    inner = next(i for i, line in enumerate(source, 1) if line == "    from ..solver import search as solver")
    edges = set(GRAPH["tianjiu_core.puzzles.verification"])
    assert ("tianjiu_core.solver.search", inner) in edges      # inside cold_solver()
    assert "tianjiu_core.puzzles.judging" in {t for t, _ in edges}    # module level, relative
    assert "tianjiu_core.tiles" in {t for t, _ in GRAPH["tianjiu_core.notation"]}


def test_a_planted_upward_import_is_caught(tmp_path):
    tree = ast.parse("def f():\n    from ..bridge import handle\n")
    node = tree.body[0].body[0]
    (target,) = _resolve("tianjiu_core.tiengow.game", False, node)
    assert target == "tianjiu_core.bridge" and _layer(target) > _layer("tianjiu_core.tiengow.game")


@pytest.mark.parametrize("package", sorted(m for m, p in MODULES.items() if p.name == "__init__.py"))
def test_lazy_exports_resolve(package):
    """Every name a package's public face lists can be imported from it."""
    mod = importlib.import_module(package)
    for name in getattr(mod, "_EXPORTS", {}):
        assert getattr(mod, name) is not None, f"{package}.{name}"


def test_importing_the_package_or_the_bridge_loads_little():
    """``import tianjiu_core`` and the bridge load no game, solver or puzzle module by themselves."""
    import subprocess
    import sys

    code = ("import sys, tianjiu_core.bridge; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('tianjiu_core'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent).stdout.split()
    assert set(out) == {"tianjiu_core", "tianjiu_core._lazy", "tianjiu_core.bridge",
                        "tianjiu_core.errors", "tianjiu_core.limits"}, out


def test_bridge_table_matches_the_ops_modules():
    """:data:`OP_MODULES` and each ops module's ``OPS`` name the same ops."""
    from tianjiu_core.bridge import OP_MODULES

    listed: dict[str, set[str]] = {}
    for op, mod in OP_MODULES.items():
        listed.setdefault(mod, set()).add(op)
    files = {p.stem for p in (PACKAGE / "bridge").glob("*_ops.py")}
    assert set(listed) == files
    for mod, ops in listed.items():
        assert set(importlib.import_module(f"tianjiu_core.bridge.{mod}").OPS) == ops, mod

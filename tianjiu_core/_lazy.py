"""PEP 562 lazy re-exports: a package lists ``name → submodule`` once and imports on first use.

A package's ``__init__`` does ``__getattr__, __dir__ = lazy(__name__, globals(), {...})``, so
``from tianjiu_core import Hand`` works while ``import tianjiu_core`` (or importing the bridge)
loads nothing it does not use.  A name is imported the first time it is read, then cached in the
package's namespace.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

__all__ = ["lazy"]


def lazy(package: str, namespace: dict[str, Any],
         table: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``: ``table`` maps a public name to the module
    (relative to ``package``, e.g. ``".tiengow.game"``) that defines it.  Reading an unknown
    name raises ``AttributeError`` as usual."""

    def __getattr__(name: str) -> Any:
        where = table.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(table))

    return __getattr__, __dir__

"""A small TOML writer for our own schemas (hand records, positions, puzzles).

Reading uses the standard library's :mod:`tomllib`; this writes the subset we
emit: tables, strings, integers, floats, booleans, arrays of those and inline
tables.  ``tomllib.loads(dumps(d)) == d`` for such data.

>>> import tomllib
>>> d = {"a": 1, "s": 'say "天"\\n', "t": {"x": [1, 2], "y": {"E": -6}}}
>>> tomllib.loads(dumps(d)) == d
True
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["dumps", "value"]


def _string(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _key(k: str) -> str:
    if k and all(c.isascii() and (c.isalnum() or c in "_-") for c in k):
        return k
    return _string(k)


def value(v: Any) -> str:
    """One TOML value (inline form)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v) or math.isinf(v):
            raise ValueError(f"TOML cannot hold {v!r} here")
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {value(x)}" for k, x in v.items()) + " }" if v else "{}"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _is_table(v: Any, nested: bool = False) -> bool:
    """Sub-tables get a [header], except small scalar tables inside a table (kept inline)."""
    if not isinstance(v, dict):
        return False
    small = len(v) <= 6 and all(not isinstance(x, (dict, list)) for x in v.values())
    return not (nested and small)


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def dumps(data: dict[str, Any], _prefix: str = "") -> str:
    """A TOML document: plain keys first, then sub-tables and arrays of tables.

    Long string arrays are written one element a line.
    """
    lines = []
    nested = bool(_prefix)
    for k, v in data.items():
        if _is_table(v, nested) or _is_table_array(v):
            continue
        if isinstance(v, list) and len(v) > 4 and all(isinstance(x, str) for x in v):
            lines.append(f"{_key(k)} = [")
            lines.extend(f"  {value(x)}," for x in v)
            lines.append("]")
        else:
            lines.append(f"{_key(k)} = {value(v)}")
    for k, v in data.items():
        name = f"{_prefix}{_key(k)}"
        if _is_table(v, nested):
            body = dumps(v, name + ".")
            lines.append("")
            lines.append(f"[{name}]")
            if body:
                lines.append(body.rstrip("\n"))
        elif _is_table_array(v):
            for item in v:
                lines.append("")
                lines.append(f"[[{name}]]")
                body = dumps(item, name + ".")
                if body:
                    lines.append(body.rstrip("\n"))
    return "\n".join(lines).lstrip("\n") + "\n"

"""Input limits that keep hostile text from crashing the engine.

CPython turns very deep JSON or TOML nesting into a ``RecursionError``; inside Pyodide the
same input overflows the WebAssembly stack and kills the interpreter (the page's engine
worker).  So every reader of JSON or TOML text checks the nesting first, with a linear scan
that skips strings and comments, and refuses text nested deeper than :data:`MAX_DEPTH`.
Nothing we read (requests, positions, puzzles, hand records) comes near it.

>>> check_depth('{"op": "classify", "tiles": "66 36"}', "request")
>>> check_depth("[" * 100 + "]" * 100, "request")
Traceback (most recent call last):
...
tianjiu_core.errors.NotationError: request: nested deeper than 64 levels
>>> check_depth('x = "' + "[" * 100 + '"', "record")   # brackets inside a string do not count
"""

from __future__ import annotations

from .errors import NotationError

__all__ = ["MAX_DEPTH", "check_depth"]

MAX_DEPTH = 64
"""The deepest nesting of ``[``/``{`` accepted in JSON or TOML text."""


def check_depth(text: str, what: str, limit: int = MAX_DEPTH) -> None:
    """Raise :class:`NotationError` (``"<what>: nested deeper than <limit> levels"``, 繁體
    in ``message_zh``) when ``text`` nests ``[``/``{`` deeper than ``limit`` outside
    strings (JSON ``"…"``; TOML ``"…"``, ``'…'``, triple-quoted strings and ``#`` comments).
    Text with at most ``limit`` opening brackets in all is accepted without a scan."""
    if text.count("[") + text.count("{") <= limit:
        return
    depth = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            if text.startswith(c * 3, i):                  # TOML multi-line string
                j = text.find(c * 3, i + 3)
                i = n if j < 0 else j + 3
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if c == '"' and text[j] == "\\" else 1
            i = j + 1
            continue
        if c == "#":                                       # TOML comment (never outside a JSON string)
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
            continue
        if c == "[" or c == "{":
            depth += 1
            if depth > limit:
                raise NotationError(f"{what}: nested deeper than {limit} levels",
                                    zh=f"{what}：嵌套超過 {limit} 層")
        elif c == "]" or c == "}":
            depth = max(0, depth - 1)
        i += 1

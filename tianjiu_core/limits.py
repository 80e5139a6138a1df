"""Input limits that keep hostile text from crashing the engine.

CPython turns very deep JSON or TOML nesting into a ``RecursionError``; inside Pyodide the
same input overflows the WebAssembly stack and kills the interpreter (the page's engine
worker).  So every reader of JSON or TOML text checks the nesting first, with a linear scan
that skips strings and comments, and refuses text nested deeper than :data:`MAX_DEPTH`.
Nothing we read (requests, positions, puzzles, hand records) comes near it.

More helpers every reader shares: :func:`quote` shows a bad value in an error message in
at most ~40 characters (a megabyte string, an integer of thousands of digits or a deep list
is never echoed whole), :func:`read_text` reads a UTF-8 file with a size limit, its
errors naming the file, and :func:`parse_toml` reads TOML text as every loader does (depth
first, a byte-order mark dropped, its syntax errors in English and 繁體).  The bridge's per-field limits (browser and command line) are in
:mod:`tianjiu_core.bridge.fields`.

>>> check_depth('{"op": "classify", "tiles": "66 36"}', "request")
>>> check_depth("[" * 100 + "]" * 100, "request")
Traceback (most recent call last):
...
tianjiu_core.errors.TooLargeError: request: nested deeper than 64 levels
>>> check_depth('x = "' + "[" * 100 + '"', "record")   # brackets inside a string do not count
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields as dc_fields
from typing import Any

from .errors import NotationError, TianJiuError, TooLargeError, toml_error

__all__ = ["MAX_DEPTH", "MAX_FILE_CHARS", "check_depth", "quote", "read_text", "parse_toml", "TomlTextError",
           "Limits", "BROWSER", "CLI", "limit", "active_limits", "use_limits", "limits_table"]

MAX_DEPTH = 64
"""The deepest nesting of ``[``/``{`` accepted in JSON or TOML text."""


MAX_FILE_CHARS = 4_000_000
"""The largest text file (characters) any reader accepts: a position, puzzle, record or schedule
is a few kilobytes."""

QUOTE_CHARS = 40
"""At most this many characters of a bad input are quoted in an error message."""


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """A bad value as an error message shows it: short values as ``repr``, long strings cut
    to ``limit`` characters with their length, huge integers by their size, lists and
    objects by their length (never walked, so any nesting is safe).

    >>> quote("66 36"), quote(True), quote(None), quote(2.5)
    ("'66 36'", 'true', 'null', '2.5')
    >>> quote("6" * 1000)
    "'6666666666666666666666666666666666666666'… (1,000 characters)"
    >>> quote(10 ** 5000), quote([1, [2]]), quote({"a": 1})
    ('an integer of 5,001 digits', 'a list of 2 items', 'an object of 1 field')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if -10 ** 15 < value < 10 ** 15:
            return str(value)
        digits = len(str(abs(value))) if value.bit_length() < 13000 else int(value.bit_length() * 0.30103) + 1
        return f"{'a negative' if value < 0 else 'an'} integer of {digits:,} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return repr(value[:limit]) + f"… ({len(value):,} characters)"
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value):,} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return f"an object of {len(value):,} field{'' if len(value) == 1 else 's'}"
    return f"a {type(value).__name__}"


def read_text(path: str, what: str, limit: int = MAX_FILE_CHARS,
              error: type[TianJiuError] = NotationError) -> str:
    """The UTF-8 text of the file ``path``; ``error`` (default :class:`NotationError`) naming
    the file when it cannot be read, is not UTF-8 (with the byte offset) or is longer than
    ``limit`` characters (then :class:`TooLargeError` in place of the default).  ``what`` says what the file should be (``"position"``)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read(limit + 1)
    except UnicodeDecodeError as exc:
        raise error(f"{path}: {what} is not UTF-8 text (byte {exc.start:,})",
                            zh=f"{path}：{what}不是 UTF-8 文字（第 {exc.start:,} 位元組）") from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise error(f"{path}: cannot read the {what}: {reason}",
                            zh=f"{path}：讀不到{what}：{reason}") from None
    if len(text) > limit:
        raise (TooLargeError if error is NotationError else error)(f"{path}: {what} is longer than {limit:,} characters",
                            zh=f"{path}：{what}超過 {limit:,} 個字元")
    return text


def check_depth(text: str, what: str, limit: int = MAX_DEPTH, what_zh: str | None = None) -> None:
    """Raise :class:`TooLargeError` (``"<what>: nested deeper than <limit> levels"``, 繁體
    in ``message_zh``, naming the text ``what_zh``: 局面, 牌局紀錄 …, default ``what``)
    when ``text`` nests ``[``/``{`` deeper than ``limit`` outside
    strings (JSON ``"…"``; TOML ``"…"``, ``'…'``, triple-quoted strings and ``#`` comments).
    Text with at most ``limit`` opening brackets in all is accepted without a scan;
    a value that is not a string is a :class:`NotationError` too."""
    if not isinstance(text, str):
        raise NotationError(f"{what}: expected text, not {quote(text)}", zh=f"{what_zh or what}：應該是文字，不是 {quote(text)}")
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
                raise TooLargeError(f"{what}: nested deeper than {limit} levels",
                                    zh=f"{what_zh or what}：嵌套超過 {limit} 層")
        elif c == "]" or c == "}":
            depth = max(0, depth - 1)
        i += 1


class TomlTextError(ValueError):
    """Text that is not TOML, from :func:`parse_toml`: ``en`` and ``zh`` (繁體) say what and
    where (:func:`tianjiu_core.errors.toml_error`).  Not a :class:`TianJiuError`: each loader
    turns it into its own error, with its own words around these."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.en = en
        self.zh = zh


def parse_toml(text: str, what: str, what_zh: str | None = None) -> dict[str, Any]:
    """The TOML document ``text``, read as every loader (position, hand record, puzzle,
    schedule) reads one: the nesting checked first (:func:`check_depth`, whose
    :class:`NotationError` also refuses a value that is not a string), one leading byte-order
    mark dropped (as Notepad saves), then :mod:`tomllib`.  Text that is not TOML, or holds an
    integer of more than 4,300 digits, is a :class:`TomlTextError`.

    >>> parse_toml("\ufeffleader = 'W'", "position")
    {'leader': 'W'}
    >>> try:
    ...     parse_toml("leader = W", "position")
    ... except TomlTextError as exc:
    ...     print(exc.en, "/", exc.zh)
    Invalid value (at line 1, column 10) / 不是正確的值（文字要加引號）（第 1 行第 10 個字）
    """
    check_depth(text, what, what_zh=what_zh)   # before tomllib: too deep kills Pyodide's interpreter
    import tomllib   # (here: the bridge imports this module at start and may never read TOML)
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except ValueError as exc:   # malformed TOML, or an integer of more than 4,300 digits
        raise TomlTextError(*toml_error(exc)) from None


# --------------------------------------------------------------------------- request limits
@dataclass(frozen=True)
class Limits:
    """The largest request an op accepts.  Units in each field's docstring."""

    request_chars: int
    """characters of the JSON text of one request (``handle_json``)"""
    text_chars: int
    """characters of a TOML text field (``toml``, ``schedule``, a ``position`` as text)"""
    string_chars: int
    """characters of a tile string, action, move or wall"""
    name_chars: int
    """characters of a short name (seat, method, preset, kind, id, date)"""
    list_items: int
    """items of a list field (tiles, humans, trick, dice …)"""
    moves: int
    """hero moves in a puzzle request (``moves``)"""
    budget: int
    """search nodes per solve (``budget``; also the default)"""
    samples: int
    """deals sampled by ``solve_hidden``"""
    exhaustive_limit: int
    """deals ``solve_hidden`` may solve exhaustively"""
    work: int
    """search nodes one ``solve_hidden`` may spend in all: ``budget`` × (deals + 1)"""
    puzzle_work: int
    """search nodes one ``puzzle_*`` answer may spend in all, over every search it runs (+100 a
    hidden deal); the published puzzles need at most ~24,000 (cold caches)"""
    edge_tables: int
    """Pai Gow edge tables (``paigow_edge``, every deal of 35,960 × 20,475: seconds of work) one
    request may compute; 0 in the browser, where it would pass 2 s"""
    commissions: int
    """commission rates one ``paigow_edge`` table is worked out at (each one more pass over
    every deal)"""
    puzzle_tiles: int
    """tiles a seat holds at a puzzle's start (``puzzle_*`` ops)"""
    puzzle_hidden_tiles: int
    """the same for a hidden-hand puzzle (each move judged over up to 256 deals)"""
    slice_ms: int
    """milliseconds of search one ``solve_start`` / ``solve_continue`` call may ask for
    (``time_ms``; also the default)"""
    searches: int
    """resumable searches (``solve_start``) kept at once; the least recently used goes first"""
    hand_id: int
    """the largest ``hand_id``"""
    banker_streak: int
    """the largest ``banker_streak``"""


BROWSER = Limits(request_chars=300_000, text_chars=200_000, string_chars=400, name_chars=40,
                 list_items=40, moves=8, budget=50_000, samples=64, exhaustive_limit=256,
                 work=80_000, puzzle_work=70_000, edge_tables=0, commissions=4, puzzle_tiles=5, puzzle_hidden_tiles=4,
                 slice_ms=100, searches=8, hand_id=10 ** 9,
                 banker_streak=1000)
"""What a page may ask: every request within these is answered in ≤ 2 s (Pyodide, 2 cores)."""

CLI = Limits(request_chars=4_000_000, text_chars=4_000_000, string_chars=2_000, name_chars=200,
             list_items=400, moves=64, budget=1 << 62, samples=1_000_000,
             exhaustive_limit=1_000_000, work=1 << 100, puzzle_work=1 << 100, edge_tables=1, commissions=4, puzzle_tiles=8, puzzle_hidden_tiles=8,
             slice_ms=3_600_000, searches=64,
             hand_id=10 ** 9, banker_streak=1000)
"""The command line's limits: searches as long as the user cares to wait."""

_ACTIVE: contextvars.ContextVar[Limits] = contextvars.ContextVar("tianjiu_limits", default=BROWSER)


def limit(name: str) -> int:
    """The active limit ``name`` (a field of :class:`Limits`)."""
    return getattr(_ACTIVE.get(), name)


def active_limits() -> Limits:
    """The :class:`Limits` in force (:data:`BROWSER` unless :func:`use_limits` says else)."""
    return _ACTIVE.get()


@contextmanager
def use_limits(limits: Limits) -> Iterator[Limits]:
    """Within the ``with`` block the ops enforce ``limits``."""
    token = _ACTIVE.set(limits)
    try:
        yield limits
    finally:
        _ACTIVE.reset(token)


def limits_table() -> list[tuple[str, str, int, int]]:
    """(name, what, browser, CLI) for every limit, as the docs list them."""
    return [(f.name, _DOCS[f.name], getattr(BROWSER, f.name), getattr(CLI, f.name))
            for f in dc_fields(Limits)]


_DOCS = {
    "request_chars": "characters of one request's JSON text",
    "text_chars": "characters of a TOML text (toml, schedule, position as text)",
    "string_chars": "characters of a tile string, action, move or wall",
    "name_chars": "characters of a name (seat, method, preset, kind, id, date)",
    "list_items": "items of a list (tiles, humans, trick, dice …)",
    "moves": "hero moves in a puzzle request",
    "budget": "search nodes per solve (also the default budget)",
    "samples": "deals solve_hidden samples",
    "exhaustive_limit": "deals solve_hidden may solve exhaustively",
    "work": "search nodes one solve_hidden may spend: budget × (deals + 1)",
    "puzzle_work": "search nodes one puzzle_* answer may spend over all its searches (+100 a hidden deal)",
    "edge_tables": "Pai Gow edge tables one paigow_edge may compute (seconds each)",
    "commissions": "commission rates one paigow_edge table is worked out at",
    "puzzle_tiles": "tiles a seat at a puzzle's start",
    "puzzle_hidden_tiles": "tiles a seat at a hidden-hand puzzle's start",
    "slice_ms": "milliseconds one solve_start / solve_continue may ask for (time_ms; also the default)",
    "searches": "resumable searches kept at once (least recently used dropped first)",
    "hand_id": "largest hand_id",
    "banker_streak": "largest banker_streak",
}

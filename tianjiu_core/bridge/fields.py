"""Typed readers for the fields of a bridge request, and the limits they enforce.

Every op reads its request through a :class:`Fields`: ``f.int(name, lo, hi)``,
``f.bool(name)``, ``f.str(name, max_len)``, ``f.seat(name)``, ``f.tiles(name)``,
``f.list(name, max_items)``, ``f.obj(name)``, ``f.rules()`` …, then ``f.done()``, which
refuses any field the op did not read (a misspelt ``"budjet"`` is an error, never ignored).
Nothing is coerced: a bool is ``true``/``false`` (never ``"false"`` or ``0``), an integer is
an integer (never ``2.9``, ``"2"`` or ``true``).  A bad field raises :class:`NotationError`
(a :class:`~tianjiu_core.errors.NotationError`, the answer's ``type``) whose message starts
with the field's path (``finish.guaranteed``), says what it must be
and quotes at most ~40 characters of what was sent (:func:`tianjiu_core.limits.quote`), in
English and 繁體.

Sizes that decide how long an op may run (samples, node budgets, text lengths) come from the
active :class:`Limits`: :data:`BROWSER` (what a page may ask: every request within them is
answered in ≤ 2 s in Pyodide on a small machine, ``benchmarks/bridge_limits.py``) or
:data:`CLI` (the command line: mining and checking need big searches).  ``handle(req,
limits=CLI)`` picks one; :func:`limit` reads the active value inside an op.  The table of
both is in :mod:`tianjiu_core.bridge`'s docstring (a test checks it matches).

>>> f = Fields({"op": "x", "samples": 8, "guaranteed": "false"})
>>> f.int("samples", 1, 64)
8
>>> f.bool("guaranteed")
Traceback (most recent call last):
...
tianjiu_core.errors.NotationError: guaranteed: must be true or false, not 'false'
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import NotationError, TianJiuError
from ..limits import BROWSER, CLI, Limits, active_limits, limit, limits_table, quote, use_limits
from ..notation import parse_seat, parse_tiles
from ..tiengow.rules import Rules
from ..tiles import Tile

__all__ = ["Fields", "Limits", "BROWSER", "CLI", "limit", "use_limits", "field_error",
           "MISSING", "limits_table"]

MISSING: Any = object()
"""Default of a required field (its absence is an error)."""


# --------------------------------------------------------------------------- errors
_KIND_ZH = {
    "a whole number": "整數", "true or false": "true 或 false", "a string": "字串",
    "a list": "列表", "an object": "物件", "a seat": "座位",
}


def field_error(path: str, expected: str, value: Any = MISSING, zh: str | None = None) -> NotationError:
    """``path: must be <expected>, not <value quoted>`` (or ``path: missing``)."""
    if value is MISSING:
        return NotationError(f"{path}: missing (must be {expected})",
                            zh=f"{path}：缺少這個欄位（應該是{zh or _KIND_ZH.get(expected, expected)}）")
    return NotationError(f"{path}: must be {expected}, not {quote(value)}",
                        zh=f"{path}：應該是{zh or _KIND_ZH.get(expected, expected)}，不是 {quote(value)}")


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Fields:
    """The fields of one request object (or of a nested object, ``where`` its path).

    Each reader takes the field's name and, where it has one, a default; without a default
    the field is required.  :meth:`done` refuses fields nobody read.
    """

    def __init__(self, data: Any, where: str = "", allow: tuple[str, ...] = ("op",)) -> None:
        if not isinstance(data, dict):
            raise field_error(where or "request", "an object", data)
        self.data = data
        self.where = where
        self.read: set[str] = set(allow)

    def path(self, name: str) -> str:
        return f"{self.where}.{name}" if self.where else name

    def has(self, name: str) -> bool:
        """Whether the field is present (and marks it as read)."""
        self.read.add(name)
        return name in self.data

    def raw(self, name: str, default: Any = MISSING, expected: str = "given") -> Any:
        """The field's value unchecked (for a reader that checks it itself)."""
        self.read.add(name)
        if name in self.data:
            return self.data[name]
        if default is MISSING:
            op = self.data.get("op")
            needs = f"{op} needs {expected}" if isinstance(op, str) and len(op) <= 40 else f"must be {expected}"
            raise NotationError(f"{self.path(name)}: missing: {needs}",
                                zh=f"{self.path(name)}：缺少這個欄位")
        return default

    def error(self, name: str, expected: str, value: Any = MISSING, zh: str | None = None) -> NotationError:
        """The error for field ``name`` (to raise): must be ``expected``, not ``value``."""
        return field_error(self.path(name), expected, value, zh)

    def seat_key(self, key: Any) -> int:
        """A key of this object read as a seat (``{"E": 1, …}``); marks it read."""
        self.read.add(key)
        if isinstance(key, str) and len(key) <= limit("name_chars"):
            try:
                return parse_seat(key)
            except ValueError:
                pass
        raise NotationError(f"{self.where or 'request'}: {quote(key)} is not a seat: use E, S, W, N (東 南 西 北)",
                           zh=f"{self.where or 'request'}：{quote(key)} 不是座位：用 E、S、W、N（東南西北）")

    @contextmanager
    def about(self, name: str) -> Iterator[None]:
        """Within the block, an engine error reading field ``name`` (bad notation, an unknown
        method) gets the field's path in front: ``action: 'x' is not a tile …``."""
        try:
            yield
        except NotationError as exc:
            if str(exc).startswith(self.path(name)):
                raise
            raise prefixed(exc, self.path(name)) from None

    def done(self) -> None:
        """Refuse any field no reader asked for."""
        extra = [k for k in self.data if k not in self.read]
        if extra:
            name = extra[0]
            shown = quote(name)
            known = ", ".join(sorted(k for k in self.read if k != "op")) or "none"
            raise NotationError(f"{self.path(name) if isinstance(name, str) and len(name) <= 40 else shown}: "
                               f"unknown field (this op reads: {known})",
                               zh=f"{shown}：不認得的欄位（這個操作讀的欄位：{known}）")

    # ------------------------------------------------------------ scalars
    def int(self, name: str, lo: int, hi: int, default: Any = MISSING) -> int:
        """A whole number lo ≤ n ≤ hi (never a bool, float or string)."""
        v = self.raw(name, default, f"a whole number {lo}–{hi:,}")
        if v is default and default is not MISSING:
            return v
        if not _is_int(v):
            raise field_error(self.path(name), "a whole number", v)
        if not lo <= v <= hi:
            raise field_error(self.path(name), f"a whole number {lo:,}–{hi:,}", v,
                              zh=f"{lo:,} 至 {hi:,} 的整數")
        return v

    def bool(self, name: str, default: Any = MISSING) -> bool:
        """``true`` or ``false`` (never ``"false"``, ``0`` or ``null``)."""
        v = self.raw(name, default, "true or false")
        if v is default and default is not MISSING:
            return v
        if not isinstance(v, bool):
            raise field_error(self.path(name), "true or false", v)
        return v

    def str(self, name: str, max_chars: int | None = None, default: Any = MISSING,
            choices: tuple[str, ...] | None = None) -> str:
        """A string of at most ``max_chars`` (default: the ``name_chars`` limit)."""
        n = limit("name_chars") if max_chars is None else max_chars
        v = self.raw(name, default, "a string")
        if v is default and default is not MISSING:
            return v
        if not isinstance(v, str):
            if choices is not None:   # (the names say more than "a string")
                raise field_error(self.path(name), "one of " + ", ".join(choices), v,
                                  zh="以下之一：" + "、".join(choices))
            raise field_error(self.path(name), "a string", v)
        if len(v) > n:
            raise field_error(self.path(name), f"a string of at most {n:,} characters", v,
                              zh=f"最多 {n:,} 個字元的字串")
        if choices is not None and v not in choices:
            raise field_error(self.path(name), "one of " + ", ".join(choices), v,
                              zh="以下之一：" + "、".join(choices))
        return v

    def text(self, name: str, default: Any = MISSING) -> str:
        """A TOML text field (at most the ``text_chars`` limit)."""
        return self.str(name, limit("text_chars"), default)

    def seat(self, name: str, default: Any = MISSING) -> int:
        """A seat: ``"E"``, ``"東"``, ``"east"`` … or 0–3 → 0–3."""
        v = self.raw(name, default, "a seat E, S, W or N")
        if v is default and default is not MISSING:
            return v
        if isinstance(v, str) and len(v) <= limit("name_chars") or _is_int(v) and 0 <= v < 4:
            try:
                return parse_seat(v)
            except ValueError:
                pass
        raise NotationError(f"{self.path(name)}: {quote(v)} is not a seat: use E, S, W, N (東 南 西 北)",
                           zh=f"{self.path(name)}：{quote(v)} 不是座位：用 E、S、W、N（東南西北）")

    def seat_or_none(self, name: str) -> int | None:
        """A seat, or ``null`` / absent → None."""
        v = self.raw(name, None)
        return None if v is None else self.seat(name)

    def tiles(self, name: str, default: Any = MISSING, unknown_ok: bool = False) -> tuple[Tile, ...]:
        """Tiles as ``"66 36"`` or ``["66", "36"]`` (codes or names); ``-`` only when
        ``unknown_ok`` (then it is left out: the caller counts them with :meth:`raw`)."""
        v = self.raw(name, default, "tiles like \"66 36\"")
        if v is default and default is not MISSING:
            return v
        return tiles_value(v, self.path(name), unknown_ok)

    # ------------------------------------------------------------ containers
    def list(self, name: str, max_items: int | None = None, default: Any = MISSING) -> list:
        """A list of at most ``max_items`` (default: the ``list_items`` limit) items."""
        n = limit("list_items") if max_items is None else max_items
        v = self.raw(name, default, "a list")
        if v is default and default is not MISSING:
            return v
        if not isinstance(v, list):
            raise field_error(self.path(name), "a list", v)
        if len(v) > n:
            raise field_error(self.path(name), f"a list of at most {n:,} items", v,
                              zh=f"最多 {n:,} 項的列表")
        return v

    def int_list(self, name: str, lo: int, hi: int, count: int, default: Any = MISSING) -> list[int]:
        """A list of exactly ``count`` whole numbers lo–hi (``dice``: ``[3, 4]``); null → default."""
        v = self.raw(name, default, f"a list of {count} whole numbers {lo}–{hi}")
        if v is None and default is not MISSING:
            return default
        ok = (isinstance(v, list) and len(v) == count
              and all(_is_int(x) and lo <= x <= hi for x in v))
        if not ok:
            raise field_error(self.path(name), f"a list of {count} whole numbers {lo}–{hi}", v,
                              zh=f"{count} 個 {lo} 至 {hi} 的整數的列表")
        return list(v)

    def obj(self, name: str, default: Any = MISSING) -> Fields:
        """A nested object, read with its own :class:`Fields` (its errors say ``name.field``)."""
        v = self.raw(name, default, "an object")
        if v is default and default is not MISSING:
            v = {} if v is None else v
        if not isinstance(v, dict):
            raise field_error(self.path(name), "an object", v)
        if len(v) > limit("list_items"):
            raise field_error(self.path(name), f"an object of at most {limit('list_items')} fields", v)
        return Fields(v, self.path(name), allow=())

    def rules(self, name: str = "rules") -> Rules:
        """``rules``: a preset name or ``{"preset": …, option: value}``; hk when absent or null."""
        v = self.raw(name, None)
        if v is None:
            return Rules()
        if isinstance(v, str):
            self.str(name)
        elif isinstance(v, dict):
            if len(v) > limit("list_items"):
                raise field_error(self.path(name), f"an object of at most {limit('list_items')} options", v)
            for k, x in v.items():
                if not isinstance(k, str) or len(k) > limit("name_chars"):
                    raise field_error(self.path(name), "options named by short strings", k)
                if not (isinstance(x, (bool, str)) and (not isinstance(x, str) or len(x) <= limit("name_chars"))
                        or _is_int(x) and -10 ** 6 <= x <= 10 ** 6):
                    raise field_error(f"{self.path(name)}.{k}", "true, false, a small whole number or a name", x,
                                      zh="true、false、小整數或名稱")
        else:
            raise field_error(self.path(name), "a preset name or an object of options", v,
                              zh="規則預設名稱或選項物件")
        try:
            return Rules.from_dict(v)
        except (TypeError, ValueError) as exc:
            zh = getattr(exc, "message_zh", None)
            raise NotationError(f"{self.path(name)}: {_short(str(exc))}",
                               zh=f"{self.path(name)}：{_short(zh)}" if zh else None) from None


def tiles_value(v: Any, path: str, unknown_ok: bool = False) -> tuple[Tile, ...]:
    """Tiles from a string or a list of strings (see :meth:`Fields.tiles`)."""
    words = tiles_text(v, path).split()
    if "-" in words and not unknown_ok:
        raise NotationError(f"{path}: '-' (an unknown tile) is not allowed here",
                           zh=f"{path}：這裏不可以用「-」（未知的牌）")
    known = " ".join(w for w in words if w != "-")
    if not known:
        return ()
    try:
        return parse_tiles(known)
    except NotationError as exc:
        raise prefixed(exc, path) from None


def tiles_text(v: Any, path: str) -> str:
    """The text of a tiles field, unparsed: a string, or a list of strings joined by spaces,
    within the size limits (for a reader that splits it first, as Pai Gow's ``"12 35 / 66 44"``)."""
    n = limit("string_chars")
    if isinstance(v, list):
        if len(v) > limit("list_items"):
            raise field_error(path, f"a list of at most {limit('list_items')} tiles", v)
        if not all(isinstance(x, str) and len(x) <= limit("name_chars") for x in v):
            bad = next(x for x in v if not isinstance(x, str) or len(x) > limit("name_chars"))
            raise field_error(path, "tile codes or names (strings)", bad, zh="牌的代碼或名稱（字串）")
        v = " ".join(v)
    elif not isinstance(v, str):
        raise field_error(path, "tiles like \"66 36\" or [\"66\", \"36\"]", v, zh="牌，例如 \"66 36\"")
    if len(v) > n:
        raise field_error(path, f"tiles in at most {n} characters", v, zh=f"最多 {n} 個字元的牌")
    return v


def prefixed(exc: TianJiuError, path: str) -> TianJiuError:
    """``exc`` (any engine error, same class) with its message prefixed by ``path: ``."""
    new = copy.copy(exc)
    new.args = (f"{path}: {_short(str(exc))}",)
    new.message_zh = f"{path}：{_short(exc.message_zh)}" if exc.message_zh else None
    return new


def _short(text: str, n: int = 300) -> str:
    return text if len(text) <= n else text[:n] + "…"

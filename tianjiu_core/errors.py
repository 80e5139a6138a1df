"""The three kinds of error the engine raises.

All are :class:`ValueError` subclasses, so ``except ValueError`` catches any
bad input; each message says *what* is wrong and *where* (which token, which
seat, which field).  Modelled on python-chess's ``InvalidMoveError`` /
``IllegalMoveError`` / ``AmbiguousMoveError``.

>>> issubclass(NotationError, TianJiuError) and issubclass(TianJiuError, ValueError)
True
"""

from __future__ import annotations

import re

__all__ = [
    "TianJiuError",
    "NotationError",
    "AmbiguousTileError",
    "IllegalActionError",
    "InconsistentPositionError",
    "RulesError",
    "zh_quoted",
    "toml_error_zh",
]


class TianJiuError(ValueError):
    """Base class of every error raised by ``tianjiu_core``.

    ``str(err)`` is the English message; ``err.message_zh`` is the same in
    繁體 Chinese, naming the same field: every :class:`NotationError`,
    :class:`IllegalActionError` and :class:`InconsistentPositionError` the
    engine raises has one (``tests/test_messages_zh.py`` checks the source);
    other errors may have None.  The bridge sends both.
    """

    def __init__(self, message: str = "", *, zh: str | None = None) -> None:
        super().__init__(message)
        self.message_zh = zh_quoted(zh) if zh else zh


_QUOTE_FORMS_ZH = (
    # limits.quote()'s English descriptions of values too big to echo, as they appear inside
    # a 繁體 message (tests/test_limits.py checks that every form quote() makes is covered).
    (re.compile(r"a negative integer of ([\d,]+) digits"), r"一個 \1 位的負整數"),
    (re.compile(r"an integer of ([\d,]+) digits"), r"一個 \1 位的整數"),
    (re.compile(r"a list of ([\d,]+) items?"), r"一個有 \1 項的清單"),
    (re.compile(r"an object of ([\d,]+) fields?"), r"一個有 \1 個欄位的物件"),
    (re.compile(r"… \(([\d,]+) characters\)"), r"…（共 \1 個字元）"),
)


def zh_quoted(text: str) -> str:
    """``text`` (a 繁體 message) with the English forms of :func:`tianjiu_core.limits.quote`
    in it put into Chinese: ``"不是 an integer of 401 digits"`` → ``"不是 一個 401 位的整數"``.

    >>> zh_quoted("dong.E：不是 an integer of 401 digits")
    'dong.E：不是 一個 401 位的整數'
    >>> zh_quoted("tiles：不是 'xxxx'… (1,000 characters)")
    "tiles：不是 'xxxx'…（共 1,000 個字元）"
    """
    if "of " not in text and "characters)" not in text:
        return text
    for pattern, replacement in _QUOTE_FORMS_ZH:
        text = pattern.sub(replacement, text)
    return text


_TOML_ZH = tuple((re.compile(f"^{en}$"), zh) for en, zh in (
    # tomllib's messages (CPython's Lib/tomllib/_parser.py, 3.11–3.14) in 繁體
    (r"Expected '=' after a key in a key/value pair", "鍵後面要有 ="),
    (r"Expected newline or end of document after a statement", "一項寫完要換行"),
    (r"Expected '\]' at the end of a table declaration", "表名後面要有 ]"),
    (r"Expected '\]\]' at the end of an array declaration", "表陣列名後面要有 ]]"),
    (r"Expected (.+)", r"這裏要有 \1"),
    (r"Invalid value", "不是正確的值（文字要加引號）"),
    (r"Invalid statement", "不是正確的一項"),
    (r"Invalid initial character for a key part", "鍵名的第一個字元不對"),
    (r"Invalid date or datetime", "不是正確的日期或時間"),
    (r"Invalid hex value", "不是正確的十六進制數"),
    (r"Unclosed array", "陣列沒有收尾的 ]"),
    (r"Unclosed inline table", "行內表沒有收尾的 }"),
    (r"Unterminated string", "字串沒有收尾的引號"),
    (r"Unescaped '\\' in a string", "字串裏的 \\ 要寫成 \\\\"),
    (r"Escaped character is not a Unicode scalar value", "轉義的字元不是 Unicode 字元"),
    (r"Cannot overwrite a value", "同一個值寫了兩次"),
    (r"Cannot declare (.+) twice", r"\1 寫了兩次"),
    (r"Cannot mutate immutable namespace (.+)", r"不能再改 \1"),
    (r"Cannot redefine namespace (.+)", r"不能重新定義 \1"),
    (r"Duplicate inline table key (.+)", r"行內表的鍵 \1 寫了兩次"),
    (r"(?:Found invalid|Illegal) character (.+)", r"有不能用的字元 \1"),
))
_TOML_AT = re.compile(r" \(at (?:line (\d+), column (\d+)|(end of document))\)$")


def toml_error_zh(exc: Exception) -> str:
    """A :class:`tomllib.TOMLDecodeError`'s message in 繁體, with its place
    (``第 3 行第 5 個字``); a message this table does not know stays in English.

    >>> import tomllib
    >>> try:
    ...     tomllib.loads("leader = W")
    ... except tomllib.TOMLDecodeError as exc:
    ...     print(toml_error_zh(exc))
    不是正確的值（文字要加引號）（第 1 行第 10 個字）
    >>> toml_error_zh(ValueError("Unclosed array (at end of document)"))
    '陣列沒有收尾的 ]（在文字的末尾）'
    """
    text = str(exc).split("\n", 1)[0]
    where = ""
    m = _TOML_AT.search(text)
    if m:
        text = text[:m.start()]
        where = "（在文字的末尾）" if m.group(3) else f"（第 {m.group(1)} 行第 {m.group(2)} 個字）"
    for pattern, zh in _TOML_ZH:
        m = pattern.match(text)
        if m:
            return (m.expand(zh) if "\\1" in zh else zh) + where
    return text + where


class NotationError(TianJiuError):
    """Text that does not name a tile, play, seat, method or action.

    Raised by the parsers in :mod:`tianjiu_core.notation`; the message quotes
    the offending token and its position in the input.
    """


class AmbiguousTileError(NotationError):
    """A name that fits more than one face (``雜九`` is ``36`` or ``45``).

    ``candidates`` lists the pip codes it could mean.
    """

    def __init__(self, message: str, candidates: tuple[str, ...] = (), *,
                 zh: str | None = None) -> None:
        super().__init__(message, zh=zh)
        self.candidates = candidates


class IllegalActionError(TianJiuError):
    """A well-formed action that the rules forbid in this position (spec §2, §4)."""


class InconsistentPositionError(TianJiuError):
    """A position, record or settlement input that cannot arise in a real hand.

    Examples: 棟 counts that do not add up, 33 tiles, a finisher with fewer
    than 2 棟, a seat holding a tile twice that exists once.
    """


class RulesError(TianJiuError):
    """An unknown option name, a bad option value or an unknown preset (spec §7b)."""

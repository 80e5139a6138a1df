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
    "TooLargeError",
    "IllegalActionError",
    "InconsistentPositionError",
    "RulesError",
    "zh_quoted",
    "toml_error",
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
    in it put into Chinese: ``"不是 an integer of 401 digits"`` → ``"不是一個 401 位的整數"``.

    >>> zh_quoted("dong.E：不是 an integer of 401 digits")
    'dong.E：不是一個 401 位的整數'
    >>> zh_quoted("tiles：不是 'xxxx'… (1,000 characters)")
    "tiles：不是 'xxxx'…（共 1,000 個字元）"
    """
    if "of " not in text and "characters)" not in text:
        return text
    for pattern, replacement in _QUOTE_FORMS_ZH:
        text = pattern.sub(replacement, text)
    return _BEFORE_YIGE.sub("", text)


_BEFORE_YIGE = re.compile(r"(?<=[\u3400-\u9fff]) (?=一個)")   # 不是 一個 → 不是一個


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
_STR = r"(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")"      # a Python str repr
_TOML_KEY = re.compile(rf"\({_STR}(?:, {_STR})*,?\)")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TOML_NEWLINE = re.compile(r"^(?:Found invalid|Illegal) character '\\n'")   # a string left open on its line
_BIG_INT = re.compile(r"Exceeds the limit \((\d+) digits\)")


def _toml_keys(text: str) -> str:
    """tomllib names a key by its Python tuple, ``('deal', 'dice')``: write it as TOML does,
    ``deal.dice`` (a part that is not a bare key in quotes: ``"a\\tb"``)."""
    import ast
    import json

    def dotted(m: re.Match) -> str:
        try:
            parts = ast.literal_eval(m.group(0))
        except (ValueError, SyntaxError):
            return m.group(0)
        return ".".join(p if _BARE_KEY.fullmatch(p) else json.dumps(p, ensure_ascii=False) for p in parts)
    return _TOML_KEY.sub(dotted, text)


def toml_error(exc: Exception) -> tuple[str, str]:
    """The English and 繁體 messages for text that is not TOML: a
    :class:`tomllib.TOMLDecodeError` (with its place: ``第 3 行第 5 個字``) or the
    :class:`ValueError` of an integer too long to read.  Keys are written
    ``deal.dice``, not as Python tuples; a message this table does not know stays in
    English in the 繁體 one.

    >>> import tomllib
    >>> try:
    ...     tomllib.loads("leader = W")
    ... except tomllib.TOMLDecodeError as exc:
    ...     print(toml_error(exc)[1])
    不是正確的值（文字要加引號）（第 1 行第 10 個字）
    >>> toml_error(ValueError("Unclosed array (at end of document)"))[1]
    '陣列沒有收尾的 ]（在文字的末尾）'
    >>> toml_error(ValueError("Cannot declare ('deal', 'dice') twice (at line 4, column 1)"))
    ('Cannot declare deal.dice twice (at line 4, column 1)', 'deal.dice 寫了兩次（第 4 行第 1 個字）')
    >>> toml_error(ValueError("Illegal character '\\\\n' (at line 1, column 12)"))
    ('a line ends inside a string: its closing quote is missing (at line 1, column 12)', '這一行沒有寫完（字串少了收尾的引號？）（第 1 行第 12 個字）')
    """
    text = _toml_keys(str(exc).split("\n", 1)[0])
    big = _BIG_INT.search(text)
    if big:   # (CPython's limit on int() of a decimal string, sys.int_info)
        return (f"a number too large to read (more than {big.group(1)} digits)",
                f"數字太大，讀不到（超過 {big.group(1)} 位）")
    where = ""
    m = _TOML_AT.search(text)
    body = text[:m.start()] if m else text
    if m:
        where = "（在文字的末尾）" if m.group(3) else f"（第 {m.group(1)} 行第 {m.group(2)} 個字）"
    if _TOML_NEWLINE.match(body):
        return (_TOML_NEWLINE.sub("a line ends inside a string: its closing quote is missing", text),
                "這一行沒有寫完（字串少了收尾的引號？）" + where)
    for pattern, zh in _TOML_ZH:
        hit = pattern.match(body)
        if hit:
            return text, (hit.expand(zh) if "\\1" in zh else zh) + where
    return text, body + where


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


class TooLargeError(NotationError):
    """Input larger than the engine reads: a request or file longer than its limit in
    characters (:mod:`tianjiu_core.limits`, the bridge's ``request_chars``), JSON or TOML
    nested deeper than :data:`tianjiu_core.limits.MAX_DEPTH` levels, or a request that needs
    more memory than there is.  A :class:`NotationError`, so code catching that still does;
    the bridge names it on its own (a page says "too large", not "notation not understood").
    """


class IllegalActionError(TianJiuError):
    """A well-formed action that the rules forbid in this position (spec §2, §4)."""


class InconsistentPositionError(TianJiuError):
    """A position, record or settlement input that cannot arise in a real hand.

    Examples: 棟 counts that do not add up, 33 tiles, a finisher with fewer
    than 2 棟, a seat holding a tile twice that exists once.
    """


class RulesError(TianJiuError):
    """An unknown option name, a bad option value or an unknown preset (spec §7b)."""

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

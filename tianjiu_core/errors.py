"""The three kinds of error the engine raises.

All are :class:`ValueError` subclasses, so ``except ValueError`` catches any
bad input; each message says *what* is wrong and *where* (which token, which
seat, which field).  Modelled on python-chess's ``InvalidMoveError`` /
``IllegalMoveError`` / ``AmbiguousMoveError``.

>>> issubclass(NotationError, TianJiuError) and issubclass(TianJiuError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "TianJiuError",
    "NotationError",
    "AmbiguousTileError",
    "IllegalActionError",
    "InconsistentPositionError",
    "RulesError",
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
        self.message_zh = zh


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

"""The ``tianjiu`` command line (also ``python -m tianjiu_core``).

Command groups, one module each: :mod:`~tianjiu_core.cli.reference` (``classify``,
``beats``, ``settle``, ``deal``, ``tiles``), :mod:`~tianjiu_core.cli.play` (``play``,
``replay``), :mod:`~tianjiu_core.cli.solve` (``solve``), :mod:`~tianjiu_core.cli.puzzles`
(``puzzles check|mine|schedule|show``), :mod:`~tianjiu_core.cli.paigow`
(``paigow rank|compare|set|edge``).  A new group is a module with a ``COMMANDS`` table,
added to :data:`GROUPS`.  Each command takes ``--json``.  Exit status: 0 success, 1 a negative
answer (not a play; does not beat), 2 bad input (message on stderr).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn, TextIO

from .. import __version__
from ..errors import TianJiuError
from . import paigow, play, puzzles, reference, solve

__all__ = ["main", "build_parser", "GROUPS"]

GROUPS = (reference, play, solve, puzzles, paigow)
"""The command groups, in the order ``tianjiu --help`` lists them."""

COMMANDS = {name: entry for group in GROUPS for name, entry in group.COMMANDS.items()}


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``tianjiu solve: argument --budget: invalid int value:
    '1.5'`` (a huge bad argument is quoted short), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {_short(message, 300)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tianjiu", description="Tien Gow (天九) rules engine")
    parser.add_argument("--version", action="version", version=f"tianjiu {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, (help_text, setup, _) in COMMANDS.items():
        setup(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command][2](args, out)
    except TianJiuError as exc:
        sys.stderr.write(f"tianjiu {args.command}: {_short(str(exc))}\n")
        return 2
    except RecursionError:
        sys.stderr.write(f"tianjiu {args.command}: the input is nested too deeply\n")
        return 2
    except UnicodeError as exc:   # text on standard input that is not UTF-8
        sys.stderr.write(f"tianjiu {args.command}: standard input: not UTF-8 text ({_short(str(exc), 120)})\n")
        return 2
    except OSError as exc:   # a file (or the terminal) that cannot be read or written
        where = exc.filename if exc.filename else "standard input/output"
        sys.stderr.write(f"tianjiu {args.command}: {where}: {exc.strerror or exc}\n")
        return 2
    except (ValueError, MemoryError) as exc:   # e.g. a number too large to read
        sys.stderr.write(f"tianjiu {args.command}: bad input: {_short(str(exc) or type(exc).__name__, 200)}\n")
        return 2
    except KeyboardInterrupt:
        return 130


def _short(message: str, limit: int = 400) -> str:
    """An error message for one terminal line or two: a huge bad input is not echoed whole
    (and a message of several lines is joined into one)."""
    message = " ".join(message.split("\n"))
    return message if len(message) <= limit else message[:limit] + f"… ({len(message):,} characters)"


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

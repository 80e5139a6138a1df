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
from typing import TextIO

from .. import __version__
from ..errors import TianJiuError
from . import paigow, play, puzzles, reference, solve

__all__ = ["main", "build_parser", "GROUPS"]

GROUPS = (reference, play, solve, puzzles, paigow)
"""The command groups, in the order ``tianjiu --help`` lists them."""

COMMANDS = {name: entry for group in GROUPS for name, entry in group.COMMANDS.items()}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tianjiu", description="Tien Gow (天九) rules engine")
    parser.add_argument("--version", action="version", version=f"tianjiu {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
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
    except OSError as exc:   # a file that cannot be read or written
        where = f" {exc.filename}" if exc.filename else ""
        sys.stderr.write(f"tianjiu {args.command}:{where}: {exc.strerror or exc}\n")
        return 2
    except KeyboardInterrupt:
        return 130


def _short(message: str, limit: int = 600) -> str:
    """An error message for one terminal line or two: a huge bad input is not echoed whole."""
    return message if len(message) <= limit else message[:limit] + f"… ({len(message):,} characters)"


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

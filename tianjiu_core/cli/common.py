"""What every ``tianjiu`` command group shares: its command table, ``--json`` output, ``--rules``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any, TextIO

from ..bridge import handle
from ..errors import TianJiuError
from ..limits import CLI, check_depth

__all__ = ["Command", "CommandTable", "emit", "rules_options", "parse_rules", "answer", "plural"]

Command = Callable[[argparse.Namespace, TextIO], int]
"""A command: parsed arguments and the output stream → exit status (0 yes, 1 no, 2 bad input)."""


class CommandTable(dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Command]]):
    """A command group's own table: name → (help, argument setup, command).

    Each ``cli`` module fills one with :meth:`command`; :mod:`tianjiu_core.cli.main` lists
    the modules and merges their tables (nothing registers itself elsewhere)."""

    def command(self, name: str, setup: Callable[[argparse.ArgumentParser], None],
                help: str = "") -> Callable[[Command], Command]:
        """Decorator: ``tianjiu NAME`` runs the function."""
        def wrap(fn: Command) -> Command:
            self[name] = (help, setup, fn)
            return fn
        return wrap


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless ``n`` is 1: ``plural(1, "deal")`` → ``'1 deal'``,
    ``plural(12345, "node")`` → ``'12,345 nodes'``."""
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def emit(out: TextIO, args: argparse.Namespace, data: Any, text: str) -> None:
    """Write ``data`` as one JSON line with ``--json``, else ``text``."""
    if args.json:
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        out.write(text + "\n")


def rules_options(p: argparse.ArgumentParser) -> None:
    """Add ``--rules`` (a preset or a JSON table) and ``--json``."""
    p.add_argument("--rules", default="hk",
                   help="preset (hk, no_wen_zun, classic) or JSON like '{\"preset\":\"hk\",\"wen_zun\":false}'")
    p.add_argument("--json", action="store_true", help="print JSON")


def parse_rules(text: str) -> Any:
    """``--rules`` as a preset name or a parsed JSON table."""
    text = text.strip()
    if text.startswith("{"):
        check_depth(text, "--rules")
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise TianJiuError(f"--rules is not valid JSON: {exc}") from None
    return text


def answer(req: dict) -> Any:
    """The bridge's result for ``req``; its error as :class:`TianJiuError`."""
    resp = handle(req, CLI)
    if not resp["ok"]:
        raise TianJiuError(resp["error"]["message"])
    return resp["result"]

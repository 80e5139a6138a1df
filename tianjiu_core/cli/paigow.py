"""``tianjiu paigow rank | compare | set | edge`` — Pai Gow (牌九) on the same tiles (spec
``docs/spec/paigow-rules.md``; a command group of :mod:`tianjiu_core.cli.main`).

.. code-block:: sh

    tianjiu paigow rank 66 44                       # 天槓 Teen Gong
    tianjiu paigow compare "66 44" "11 26"          # small Pai Gow; the second hand banks
    tianjiu paigow compare "66 44" "11 26" --banker first
    tianjiu paigow compare "12 35 / 66 44" "13 22 / 11 26"   # big Pai Gow: low / high
    tianjiu paigow set 66 44 12 35 --house-way canberra      # the settings, EV, choices
    tianjiu paigow edge --house-way nz --json       # the house-edge table (a few seconds)

Every command answers through the same bridge ops as the browser (``paigow_*``) and takes
``--json``.  A big Pai Gow setting is written ``low / high``; the two hands are ordered by
rank (the high hand never ranks below the low one, spec "Big 牌九"), so ``"66 44 / 12 35"``
is read as ``"12 35 / 66 44"``.  Exit status: 0 success, 2 bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from ..errors import RulesError
from ..limits import check_depth
from .common import CommandTable, answer, emit, plural

__all__ = ["COMMANDS"]

COMMANDS = CommandTable()


def _common(p: argparse.ArgumentParser, house_way: bool = False) -> None:
    if house_way:
        p.add_argument("--house-way", default="nz", help="house way of the opponent: nz (default), canberra")
    p.add_argument("--rules", default=None,
                   help="Pai Gow options as JSON, e.g. '{\"zero_rule\": false, \"tile_order\": \"seed004\"}'")
    p.add_argument("--json", action="store_true", help="print JSON")


def _rules(args: argparse.Namespace) -> dict[str, Any]:
    if args.rules is None:
        return {}
    text = args.rules.strip()
    check_depth(text, "--rules")
    try:
        return {"rules": json.loads(text)}
    except json.JSONDecodeError as exc:
        raise RulesError(f"--rules is not valid JSON: {exc}") from None


def _hand(h: dict) -> str:
    return f"{' '.join(h['tiles'])} {h['name_hant']} ({h['name_en']})"


def _pct(x: float) -> str:
    return f"{100 * x:6.2f}%"


# --------------------------------------------------------------- rank
def _rank_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("tiles", nargs="+", help="two tiles: 66 44 or 天 人")
    _common(p)


def _rank(args: argparse.Namespace, out: TextIO) -> int:
    r = answer({"op": "paigow_rank", "tiles": " ".join(args.tiles), **_rules(args)})
    emit(out, args, r, f"{' '.join(r['tiles'])}: {r['name_hant']} ({r['name_en']}) — "
                       f"{r['class_hant']} {r['class_en']}, {plural(r['points'], 'point')}")
    return 0


# --------------------------------------------------------------- compare
def _compare_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("first", help="two tiles ('66 44'), or a big Pai Gow setting 'low / high' "
                   "('12 35 / 66 44'); the two hands are ordered by rank, so '66 44 / 12 35' is "
                   "the same setting")
    p.add_argument("second", help="the other hand, written the same way")
    p.add_argument("--banker", choices=("first", "second"), default="second",
                   help="which hand banks and wins copies (default second)")
    _common(p)


def _compare(args: argparse.Namespace, out: TextIO) -> int:
    r = answer({"op": "paigow_compare", "first": args.first, "second": args.second,
                "banker": args.banker, **_rules(args)})
    if r["game"] == "small":
        text = (f"{r['winner']} wins: {_hand(r['first'])} vs {_hand(r['second'])} — "
                f"{r['reason']} ({r['banker']} banks)")
    else:
        parts = [f"{h['position']}: {h['winner']} ({h['reason']})" for h in r["hands"]]
        head = "push" if r["winner"] is None else f"{r['winner']} wins"
        text = f"{head} ({r['banker']} banks) — " + "; ".join(parts)
    emit(out, args, r, text)
    return 0


# --------------------------------------------------------------- set
def _set_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("tiles", nargs="+", help="four tiles: 66 44 12 35")
    _common(p, house_way=True)


def _set(args: argparse.Namespace, out: TextIO) -> int:
    r = answer({"op": "paigow_set", "tiles": " ".join(args.tiles), "house_way": args.house_way,
                **_rules(args)})
    lines = [f"{' '.join(r['tiles'])} against the {r['house_way']['name_en']} house way "
             f"({r['opponent_hands']:,} opponent hands), commission {100 * r['commission']:g}%",
             f"{'   low / high':<18}{'not banking: win':>16} {'lose':>7} {'push':>7} {'EV':>8}"
             f"   {'banking: win':>12} {'lose':>7} {'push':>7} {'EV':>8}"]
    for k, s in enumerate(r["settings"]):
        marks = []
        if k == r["house_way_choice"]:
            marks.append("house way")
        if k == r["optimal"]:
            marks.append("optimal")
        if k == r["optimal_banking"]:
            marks.append("optimal banking")
        nb, bk = s["not_banking"], s["banking"]
        lines.append(f"{k + 1}. {' '.join(s['low']['tiles'])} / {' '.join(s['high']['tiles'])}  "
                     f"{_pct(nb['win']):>16} {_pct(nb['lose'])} {_pct(nb['push'])} {nb['ev']:+8.4f}"
                     f"   {_pct(bk['win']):>12} {_pct(bk['lose'])} {_pct(bk['push'])} {bk['ev']:+8.4f}"
                     f"  {s['low']['name_en']} / {s['high']['name_en']}"
                     f"{'  ← ' + ', '.join(marks) if marks else ''}")
    emit(out, args, r, "\n".join(lines))
    return 0


# --------------------------------------------------------------- edge
def _edge_setup(p: argparse.ArgumentParser) -> None:
    _common(p, house_way=True)


def _edge(args: argparse.Namespace, out: TextIO) -> int:
    r = answer({"op": "paigow_edge", "house_way": args.house_way, **_rules(args)})
    lines = [f"House edge against an opponent who sets by the {r['house_way']['name_en']} house way "
             "(every deal of 35,960 × 20,475)",
             f"{'strategy':<16} {'banking':<8} {'comm.':>6} {'win':>8} {'lose':>8} {'push':>8} "
             f"{'edge':>8}   published (Wizard of Odds)"]
    for row in r["rows"]:
        pub = row.get("published")
        pub_text = (f"{_pct(pub['win'])} {_pct(pub['lose'])} {_pct(pub['push'])} {_pct(pub['edge'])}"
                    if pub else "")
        lines.append(f"{row['strategy']:<16} {'yes' if row['banking'] else 'no':<8} "
                     f"{100 * row['commission']:5.2f}% {_pct(row['win'])} {_pct(row['lose'])} "
                     f"{_pct(row['push'])} {100 * row['edge']:7.3f}%   {pub_text}")
    emit(out, args, r, "\n".join(lines))
    return 0


# --------------------------------------------------------------- the group
_ACTIONS = {"rank": (_rank_setup, _rank, "what two tiles make (class, points, name)"),
            "compare": (_compare_setup, _compare, "which of two hands wins (small or big Pai Gow)"),
            "set": (_set_setup, _set, "the settings of four tiles: EV, the house way's, the optimal"),
            "edge": (_edge_setup, _edge, "the house edge for the house way and the optimal strategy")}


def _setup(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="paigow_command", required=True)
    for name, (setup, _, help_text) in _ACTIONS.items():
        setup(sub.add_parser(name, help=help_text, description=help_text))


@COMMANDS.command("paigow", _setup, "Pai Gow (牌九): rank, compare, set, edge")
def _paigow(args: argparse.Namespace, out: TextIO) -> int:
    return _ACTIONS[args.paigow_command][1](args, out)

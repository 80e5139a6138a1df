"""``tianjiu classify | beats | settle | deal | tiles``: the rules themselves (spec §1–§5)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from ..bridge import handle
from ..bridge.reference_ops import settle_request
from .common import CommandTable, answer, emit, parse_rules, rules_options
from ..rng import Rng
from ..tiengow.deal import METHODS, deal, parse_method, shuffled_wall
from ..errors import NotationError, TianJiuError
from ..limits import CLI, check_depth, use_limits
from ..notation import SEATS, SEAT_NAMES, format_tiles, parse_seat
from ..svg import text_tiles

__all__ = ["COMMANDS"]

COMMANDS = CommandTable()


def _given(name: str, text: str) -> None:
    """Empty tiles are bad input (exit 2), not a negative answer: nothing was asked."""
    if not text.strip():
        raise NotationError(f"{name}: no tiles given: write 1 to 4 tiles, e.g. 66 36 or 天 九",
                            zh=f"{name}：沒有寫牌：請寫 1 至 4 張牌，例如 66 36 或 天 九")


# --------------------------------------------------------------- classify
@COMMANDS.command("classify", lambda p: (p.add_argument("tiles", nargs="+", help="tiles: 66 36 or 天 九"),
                                   rules_options(p)),
            "what play do these tiles make? (exit 1: not a play; 2: bad input, no tiles too)")
def _classify(args: argparse.Namespace, out: TextIO) -> int:
    _given("tiles", " ".join(args.tiles))
    result = answer({"op": "classify", "tiles": " ".join(args.tiles),
                      "rules": parse_rules(args.rules)})
    if result["class"] is None:
        emit(out, args, result, f"not a play: {result['reason']}")
        return 1
    emit(out, args, result,
          f"{' '.join(result['tiles'])}: {result['name_hant']} ({result['name_en']}) — "
          f"{result['class_hant']} {result['class_en']}")
    return 0


# --------------------------------------------------------------- beats
def _beats_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--best", required=True, help="the best play so far, e.g. '56 56'")
    p.add_argument("--play", required=True, help="the play that tries to beat it, e.g. '55 55'")
    rules_options(p)


@COMMANDS.command("beats", _beats_setup, "does PLAY beat BEST? (exit 1: no; 2: bad input, no tiles too)")
def _beats(args: argparse.Namespace, out: TextIO) -> int:
    _given("--best", args.best)
    _given("--play", args.play)
    result = answer({"op": "beats", "best": args.best, "play": args.play,
                      "rules": parse_rules(args.rules)})
    data = {"beats": result["beats"], "reason": result["reason"]}
    emit(out, args, data, f"{'beats' if result['beats'] else 'does not beat'}: {result['reason']}")
    return 0 if result["beats"] else 1


# --------------------------------------------------------------- settle
def _settle_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("input", nargs="?", help="JSON input (default: read standard input): "
                   "{\"banker\": \"E\", \"finisher\": \"N\", \"dong\": {\"E\": 1, \"S\": 4, \"W\": 0, \"N\": 3}} "
                   "and optionally \"banker_streak\" (default 1), \"rules\" (a preset or options) "
                   "and \"finish\": \"plain\" (the default), \"yao\", \"zun\" or \"four\" — "
                   "or an object {\"kind\": \"yao\", \"captured_from\": \"S\", \"guaranteed\": false, "
                   "\"last_trick_tiles\": 1, \"first_lead_top\": false} (each field optional)")


@COMMANDS.command("settle", _settle_setup, "settle a finished hand from JSON on stdin")
def _settle(args: argparse.Namespace, out: TextIO) -> int:
    text = args.input if args.input is not None else sys.stdin.read(CLI.request_chars + 1)
    if len(text) > CLI.request_chars:
        raise TianJiuError(f"settle input is longer than {CLI.request_chars:,} characters")
    check_depth(text, "settle input")
    try:
        req = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TianJiuError(f"settle input is not JSON: {exc}") from None
    if not isinstance(req, dict):
        raise TianJiuError("settle input must be a JSON object")
    for key in ("banker", "finisher", "dong"):
        if key not in req:
            raise TianJiuError(f"settle input needs {key!r}")
    with use_limits(CLI):
        result = settle_request(req)
    lines = [f"{i['from']} pays {i['to']} {i['amount']}: {i['detail']}" for i in result["items"]]
    if result["finish"] and result["finish"] != "plain":
        lines.insert(0, f"finish: {result['finish_zh']} ({result['finish_en']}) × {result['finish_factor']}")
    lines.append("net: " + ", ".join(f"{s} {v:+d}" for s, v in result["payments"].items()))
    emit(out, args, result, "\n".join(lines))
    return 0


# --------------------------------------------------------------- deal
def _deal_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=0, help="shuffle seed (0 ≤ seed < 2**64)")
    p.add_argument("--method", default="間棟",
                   help="dealing method (牌頭): " + ", ".join(m.name_hant for m in METHODS))
    p.add_argument("--dice", type=int, default=None,
                   help="dice total 2–12 (default: thrown from the seed)")
    p.add_argument("--banker", default="E", help="banker seat (E S W N)")
    p.add_argument("--color", action="store_true", help="red pips in colour")
    p.add_argument("--json", action="store_true", help="print JSON")


@COMMANDS.command("deal", _deal_setup, "shuffle, build the wall and deal the four hands")
def _deal(args: argparse.Namespace, out: TextIO) -> int:
    rng = Rng(args.seed)
    wall = shuffled_wall(rng)
    thrown = rng.dice()
    if args.dice is not None:
        if not 2 <= args.dice <= 12:
            raise TianJiuError(f"--dice is a total of two dice, 2–12, not {args.dice}")
        first = min(6, args.dice - 1)
        thrown = (first, args.dice - first)
    for option, value, parse in (("--banker", args.banker[:40], parse_seat),
                                 ("--method", args.method[:200], parse_method)):
        try:
            parse(value)
        except NotationError as exc:   # name the option that is wrong
            raise NotationError(f"{option}: {str(exc)[:200]}",
                                zh=f"{option}：{str(exc.message_zh or exc)[:200]}") from None
    d = deal(wall, args.method[:200], thrown, parse_seat(args.banker[:40]))
    lines = [f"wall: {format_tiles(wall.tiles)}",
             f"method {d.method.name_hant} ({d.method.name_en}); thrower {SEATS[d.thrower]} "
             f"threw {d.dice[0]}+{d.dice[1]}={sum(d.dice)}; {SEATS[d.first]} takes first"]
    for seat in range(4):
        tag = " (banker 莊)" if seat == d.banker else ""
        lines.append(f"\n{SEATS[seat]} {SEAT_NAMES[SEATS[seat]][0]}{tag}: {format_tiles(d.hands[seat])}"
                     f"  {format_tiles(d.hands[seat], 'hant')}")
        lines.append(text_tiles(d.hands[seat], color=args.color))
    emit(out, args, d.to_json(), "\n".join(lines))
    return 0


# --------------------------------------------------------------- tiles
@COMMANDS.command("tiles", lambda p: p.add_argument("--json", action="store_true", help="print JSON"),
            "the 21 tile faces with their names")
def _tiles(args: argparse.Namespace, out: TextIO) -> int:
    data = handle({"op": "tiles"})["result"]
    lines = [f"{t['code']}  {t['hant']:<4} {t['hans']:<4} {t['en']:<15} {t['suit']:<8} "
             f"×{t['copies']} {t['points']:>2} pts  red {t['red']} white {t['white']}" for t in data]
    emit(out, args, data, "\n".join(lines))
    return 0

"""The ``tianjiu`` command line (also ``python -m tianjiu_core``).

Subcommands: ``classify``, ``beats``, ``settle``, ``deal``, ``play``, ``replay``,
``tiles``.  Each takes ``--json``.  Exit status: 0 success, 1 a negative
answer (not a play; does not beat), 2 bad input (message on stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from . import __version__
from .bridge import handle, play_json, settle_request
from .deal import METHODS, Rng, _shuffle, deal
from .errors import NotationError, TianJiuError
from .limits import check_depth
from .game import Hand
from .notation import SEATS, SEAT_NAMES, format_tiles, parse_seat
from .players import greedy_action
from .record import HandRecord
from .rules import Rules
from .scoring import FINISH_LABELS, RULE_LABELS
from .svg import text_tiles
from .tiles import TILES

__all__ = ["main"]

Command = Callable[[argparse.Namespace, TextIO], int]
_SUBCOMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Command]] = {}


def subcommand(name: str, setup: Callable[[argparse.ArgumentParser], None],
               help: str = "") -> Callable[[Command], Command]:
    """Register ``tianjiu NAME`` (other modules add ``solve`` and ``puzzles`` this way)."""
    def wrap(fn: Command) -> Command:
        _SUBCOMMANDS[name] = (help, setup, fn)
        return fn
    return wrap


def _emit(out: TextIO, args: argparse.Namespace, data: Any, text: str) -> None:
    if args.json:
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        out.write(text + "\n")


def _rules_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="hk",
                   help="preset (hk, no_wen_zun, classic) or JSON like '{\"preset\":\"hk\",\"wen_zun\":false}'")
    p.add_argument("--json", action="store_true", help="print JSON")


def _parse_rules(text: str) -> Any:
    text = text.strip()
    if text.startswith("{"):
        check_depth(text, "--rules")
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise TianJiuError(f"--rules is not valid JSON: {exc}") from None
    return text


def _answer(req: dict) -> Any:
    resp = handle(req)
    if not resp["ok"]:
        raise TianJiuError(resp["error"]["message"])
    return resp["result"]


# --------------------------------------------------------------- classify
@subcommand("classify", lambda p: (p.add_argument("tiles", nargs="+", help="tiles: 66 36 or 天 九"),
                                   _rules_arg(p)),
            "what play do these tiles make? (exit 1: not a play)")
def _classify(args: argparse.Namespace, out: TextIO) -> int:
    result = _answer({"op": "classify", "tiles": " ".join(args.tiles),
                      "rules": _parse_rules(args.rules)})
    if result["class"] is None:
        _emit(out, args, result, f"not a play: {result['reason']}")
        return 1
    _emit(out, args, result,
          f"{' '.join(result['tiles'])}: {result['name_hant']} ({result['name_en']}) — "
          f"{result['class_hant']} {result['class_en']}")
    return 0


# --------------------------------------------------------------- beats
def _beats_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--best", required=True, help="the best play so far, e.g. '56 56'")
    p.add_argument("--play", required=True, help="the play that tries to beat it, e.g. '55 55'")
    _rules_arg(p)


@subcommand("beats", _beats_setup, "does PLAY beat BEST? (exit 1: no)")
def _beats(args: argparse.Namespace, out: TextIO) -> int:
    result = _answer({"op": "beats", "best": args.best, "play": args.play,
                      "rules": _parse_rules(args.rules)})
    data = {"beats": result["beats"], "reason": result["reason"]}
    _emit(out, args, data, f"{'beats' if result['beats'] else 'does not beat'}: {result['reason']}")
    return 0 if result["beats"] else 1


# --------------------------------------------------------------- settle
def _settle_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("input", nargs="?", help="JSON input (default: read standard input)")


@subcommand("settle", _settle_setup, "settle a finished hand from JSON on stdin")
def _settle(args: argparse.Namespace, out: TextIO) -> int:
    text = args.input if args.input is not None else sys.stdin.read()
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
    result = settle_request(req)
    lines = [f"{i['from']} pays {i['to']} {i['amount']}: {i['detail']}" for i in result["items"]]
    if result["finish"] and result["finish"] != "plain":
        lines.insert(0, f"finish: {result['finish_zh']} ({result['finish_en']}) × {result['finish_factor']}")
    lines.append("net: " + ", ".join(f"{s} {v:+d}" for s, v in result["payments"].items()))
    _emit(out, args, result, "\n".join(lines))
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


@subcommand("deal", _deal_setup, "shuffle, build the wall and deal the four hands")
def _deal(args: argparse.Namespace, out: TextIO) -> int:
    rng = Rng(args.seed)
    wall = _shuffle(rng)
    thrown = rng.dice()
    if args.dice is not None:
        if not 2 <= args.dice <= 12:
            raise TianJiuError(f"--dice is a total of two dice, 2–12, not {args.dice}")
        first = min(6, args.dice - 1)
        thrown = (first, args.dice - first)
    d = deal(wall, args.method, thrown, parse_seat(args.banker))
    lines = [f"wall: {format_tiles(wall.tiles)}",
             f"method {d.method.name_hant} ({d.method.name_en}); thrower {SEATS[d.thrower]} "
             f"threw {d.dice[0]}+{d.dice[1]}={sum(d.dice)}; {SEATS[d.first]} takes first"]
    for seat in range(4):
        tag = " (banker 莊)" if seat == d.banker else ""
        lines.append(f"\n{SEATS[seat]} {SEAT_NAMES[SEATS[seat]][0]}{tag}: {format_tiles(d.hands[seat])}"
                     f"  {format_tiles(d.hands[seat], 'hant')}")
        lines.append(text_tiles(d.hands[seat], color=args.color))
    _emit(out, args, d.to_json(), "\n".join(lines))
    return 0


# --------------------------------------------------------------- play
def _play_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=None, help="fix the deal (default: random)")
    p.add_argument("--auto", action="store_true", help="four computer players, no input")
    p.add_argument("--seat", default="S", help="your seat (E S W N); default S")
    p.add_argument("--banker", default="E", help="banker seat")
    p.add_argument("--method", default="間棟", help="dealing method (牌頭)")
    p.add_argument("--save", metavar="FILE", help="write the hand record (TOML) here")
    p.add_argument("--color", action="store_true", help="red pips in colour")
    _rules_arg(p)


@subcommand("play", _play_setup, "play a hand in the terminal against three computer players")
def _play(args: argparse.Namespace, out: TextIO) -> int:
    import random as _random  # only to pick a seed when none is given
    seed = args.seed if args.seed is not None else _random.SystemRandom().randrange(2**32)
    rules = Rules.from_dict(_parse_rules(args.rules))
    hand = Hand.from_seed(seed, rules, banker=parse_seat(args.banker), method=args.method)
    parse_seat(args.seat)     # a bad --seat is an error with --auto too
    me = None if args.auto else parse_seat(args.seat)
    if args.save:             # check before the hand is played, not after
        folder = os.path.dirname(os.path.abspath(args.save))
        if os.path.isdir(args.save) or not os.path.isdir(folder):
            raise NotationError(f"--save {args.save}: " + (
                "is a folder; give a file name" if os.path.isdir(args.save) else f"no folder {folder}"))
    say = (lambda s: out.write(s + "\n")) if not args.json else (lambda s: None)
    d = hand.deal_info
    assert d is not None
    say(f"Tien Gow 天九 — seed {seed}; banker 莊 {SEATS[hand.banker]}; "
        f"method {d.method.name_hant}, dice {d.dice[0]}+{d.dice[1]}")
    if me is not None:
        say(f"You are {SEATS[me]} ({SEAT_NAMES[SEATS[me]][0]}). Type tiles to play (66 36 or 天 九), "
            "'discard 12 15' to discard face down, 'list' for your legal actions, "
            "'undo', 'quit'.")
    while not hand.is_over:
        if not hand.trick:
            trick_no = len(hand.tricks) + 1  # recounted: undo may go back a trick
            say(f"\n— trick {trick_no} (棟 {' '.join(f'{s}{n}' for s, n in zip(SEATS, hand.dong))}), "
                f"{SEATS[hand.leader]} leads —")
        seat = hand.to_act
        if seat == me:
            say(f"Your tiles: {format_tiles(hand.holdings[me])}  ({format_tiles(hand.holdings[me], 'hant')})")
            say(text_tiles(hand.holdings[me], color=args.color))
            if hand.trick:
                say("Trick so far: " + "; ".join(str(a) for a in hand.trick))
            while True:
                out.write(f"{SEATS[me]}> ")
                out.flush()
                line = sys.stdin.readline()
                if not line:
                    say("\n(end of input: quitting)")
                    return 0
                line = line.strip()
                if line in ("quit", "exit", "q"):
                    return 0
                if line in ("list", "?", "help"):
                    say("legal: " + " | ".join(a.notation() for a in hand.legal_actions()))
                    continue
                if line == "undo":
                    if not any(a.seat == me for a in hand.log):
                        # (the computer players' actions are not the person's to take back)
                        say("nothing to undo: you have not played yet")
                        continue
                    while True:
                        a = hand.undo()
                        if a.seat == me:
                            break
                    say(f"took back {a}")
                    break
                try:
                    a = hand.act(hand.parse_action(line))
                    say(f"  {a}")
                    break
                except TianJiuError as exc:
                    say(f"  ✗ {exc}")
        else:
            a = hand.act(greedy_action(hand))
            say(f"  {a}")
        if not hand.trick and hand.tricks and not hand.is_over:
            rec = hand.tricks[-1]
            say(f"  → {SEATS[rec.winner]} wins {rec.size} 棟")
            for item in rec.bonuses.items:
                say(f"  bonus: {item}")
    r = hand.result
    assert r is not None
    if r.natural:
        say(f"\n例牌 natural hand for {SEATS[r.finisher]}: {r.natural}")
    else:
        rec = hand.tricks[-1]
        say(f"  → {SEATS[rec.winner]} wins the last trick: 結")
        for item in rec.bonuses.items:
            say(f"  bonus: {item}")
    say(f"\nfinisher 結: {SEATS[r.finisher]}; 棟: " + ", ".join(f"{s} {n}" for s, n in zip(SEATS, r.dong)))
    if r.settlement.finish not in (None, "plain"):
        lab = FINISH_LABELS[r.settlement.finish]
        say(f"finish: {lab[0]} ({lab[2]}) × {r.settlement.finish_factor}")
    for item in r.bonuses.items + r.settlement.items:
        say(f"  {item}")
    say("net: " + ", ".join(f"{s} {v:+d}" for s, v in zip(SEATS, r.payments)))
    say(f"next banker: {SEATS[r.next_banker]} (streak {r.next_streak})")
    record = HandRecord.from_hand(hand)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as fh:
            fh.write(record.dumps())
        say(f"hand record written to {args.save}")
    if args.json:
        out.write(json.dumps({"seed": seed, "actions": [str(a) for a in hand.log],
                              "result": r.to_json()}, ensure_ascii=False) + "\n")
    return 0


# --------------------------------------------------------------- replay
def _replay_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a hand record (TOML)")
    p.add_argument("--json", action="store_true", help="print JSON")


@subcommand("replay", _replay_setup, "replay a TOML hand record and check its result")
def _replay(args: argparse.Namespace, out: TextIO) -> int:
    try:
        with open(args.file, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise TianJiuError(f"cannot read {args.file}: {exc.strerror}") from None
    hand = HandRecord.loads(text).replay()
    state = hand.to_json()
    if hand.result is None:
        _emit(out, args, state, f"{len(hand.log)} actions replayed; the hand is not over")
        return 0
    r = hand.result
    _emit(out, args, state,
          f"{len(hand.log)} actions replayed; {SEATS[r.finisher]} finished; net "
          + ", ".join(f"{s} {v:+d}" for s, v in zip(SEATS, r.payments)))
    return 0


# --------------------------------------------------------------- tiles
@subcommand("tiles", lambda p: p.add_argument("--json", action="store_true", help="print JSON"),
            "the 21 tile faces with their names")
def _tiles(args: argparse.Namespace, out: TextIO) -> int:
    data = handle({"op": "tiles"})["result"]
    lines = [f"{t['code']}  {t['hant']:<4} {t['hans']:<4} {t['en']:<15} {t['suit']:<8} "
             f"×{t['copies']} {t['points']:>2} pts  red {t['red']} white {t['white']}" for t in data]
    _emit(out, args, data, "\n".join(lines))
    return 0


def build_parser() -> argparse.ArgumentParser:
    _load_plugins()
    parser = argparse.ArgumentParser(prog="tianjiu", description="Tien Gow (天九) rules engine")
    parser.add_argument("--version", action="version", version=f"tianjiu {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (help_text, setup, _) in _SUBCOMMANDS.items():
        setup(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def _load_plugins() -> None:
    """Import the modules that add subcommands (solver, puzzles) when they exist."""
    import importlib
    for mod in ("tianjiu_core.solver_cli", "tianjiu_core.puzzles_cli"):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return _SUBCOMMANDS[args.command][2](args, out)
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

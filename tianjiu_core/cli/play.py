"""``tianjiu play | replay``: a hand in the terminal against computer players, and hand records."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TextIO

from .common import CommandTable, emit, parse_rules, plural, rules_options
from ..errors import NotationError, TianJiuError
from ..tiengow.game import Hand
from ..notation import SEATS, SEAT_NAMES, format_tiles, parse_seat
from ..players.strengths import PLAYERS, player_for
from ..tiengow.record import HandRecord
from ..tiengow.rules import Rules
from ..tiengow.scoring import FINISH_LABELS
from ..tiengow.view import SeatView
from ..svg import text_tiles
from ..limits import read_text

__all__ = ["COMMANDS"]

COMMANDS = CommandTable()


# --------------------------------------------------------------- play
def _play_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=None, help="fix the deal (default: random)")
    p.add_argument("--auto", action="store_true", help="four computer players, no input")
    p.add_argument("--seat", default="S", help="your seat (E S W N); default S")
    p.add_argument("--banker", default="E", help="banker seat")
    p.add_argument("--method", default="間棟", help="dealing method (牌頭)")
    p.add_argument("--save", metavar="FILE", help="write the hand record (TOML) here")
    p.add_argument("--color", action="store_true", help="red pips in colour")
    p.add_argument("--players", default="beginner", choices=sorted(PLAYERS),
                   help="the computer players' strength (default beginner)")
    rules_options(p)


@COMMANDS.command("play", _play_setup, "play a hand in the terminal against three computer players")
def _play(args: argparse.Namespace, out: TextIO) -> int:
    import random as _random  # only to pick a seed when none is given
    seed = args.seed if args.seed is not None else _random.SystemRandom().randrange(2**32)
    rules = Rules.from_dict(parse_rules(args.rules))
    hand = Hand.from_seed(seed, rules, banker=parse_seat(args.banker), method=args.method)
    parse_seat(args.seat)     # a bad --seat is an error with --auto too
    me = None if args.auto else parse_seat(args.seat)
    if args.save is not None:   # check before the hand is played, not after
        if not args.save.strip():
            raise NotationError("--save: give a file name (it is empty)", zh="--save：要寫檔案名稱（現在是空的）")
        folder = os.path.dirname(os.path.abspath(args.save))
        if os.path.isdir(args.save) or not os.path.isdir(folder):
            raise NotationError(f"--save {args.save}: " + (
                "is a folder; give a file name" if os.path.isdir(args.save) else f"no folder {folder}"),
                                zh=f"--save {args.save}：" + ("這是資料夾；要寫檔案名稱" if os.path.isdir(args.save) else f"沒有資料夾 {folder}"))
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
            a = hand.act(player_for(args.players)(SeatView.of(hand, seat)))
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
    if args.save is not None:
        try:
            with open(args.save, "w", encoding="utf-8") as fh:
                fh.write(record.dumps())
        except OSError as exc:
            raise NotationError(f"--save {args.save}: cannot write: {exc.strerror or exc}",
                                zh=f"--save {args.save}：寫不到：{exc.strerror or exc}") from None
        say(f"hand record written to {args.save}")
    if args.json:
        out.write(json.dumps({"seed": seed, "actions": [str(a) for a in hand.log],
                              "result": r.to_json()}, ensure_ascii=False) + "\n")
    return 0


# --------------------------------------------------------------- replay
def _replay_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a hand record (TOML)")
    p.add_argument("--json", action="store_true", help="print JSON")


@COMMANDS.command("replay", _replay_setup, "replay a TOML hand record and check its result")
def _replay(args: argparse.Namespace, out: TextIO) -> int:
    text = read_text(args.file, "hand record")
    try:
        hand = HandRecord.loads(text).replay()
    except TianJiuError as exc:
        raise type(exc)(f"{args.file}: {exc}",
                        zh=f"{args.file}：{exc.message_zh}" if exc.message_zh else None) from None
    state = hand.to_json()
    if hand.result is None:
        emit(out, args, state, f"{plural(len(hand.log), 'action')} replayed; the hand is not over")
        return 0
    r = hand.result
    emit(out, args, state,
          f"{plural(len(hand.log), 'action')} replayed; {SEATS[r.finisher]} finished; net "
          + ", ".join(f"{s} {v:+d}" for s, v in zip(SEATS, r.payments)))
    return 0

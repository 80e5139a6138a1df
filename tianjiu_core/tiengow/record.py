"""TOML hand records: a whole hand that loads, replays to the same result and dumps back.

A record holds the rules, the seats, banker and streak, the wall itself (so
it does not depend on any shuffle), the dealing method, the dice and every
action; ``[result]`` is written by :func:`dump_hand` and checked on load.

.. code-block:: toml

    format = "tianjiu-hand/1"
    actions = ["E: 66", "S: discard 12", …]

    [rules]
    preset = "hk"

    [table]
    banker = "E"
    banker_streak = 1
    seats = { E = "阿明", S = "Sam", W = "", N = "" }

    [deal]
    wall = "66 11 44 …"        # 32 tiles, stack 1 top→bottom, then stack 2 …
    method = "間棟"
    dice = [3, 4]

    [result]
    finisher = "N"
    dong = { E = 1, S = 4, W = 0, N = 3 }
    payments = { E = -6, S = 0, W = -5, N = 11 }

>>> from tianjiu_core.tiengow.game import Hand
>>> hand = Hand.from_seed(3)
>>> while not hand.is_over: _ = hand.act(hand.legal_actions()[-1])
>>> rec = HandRecord.from_hand(hand)
>>> again = HandRecord.loads(rec.dumps())
>>> again == rec and again.replay().result == hand.result
True
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any

from .deal import Wall, deal, parse_method
from ..errors import InconsistentPositionError, NotationError, TianJiuError
from ..limits import check_depth
from .game import Hand
from ..notation import SEATS, format_tiles, parse_seat
from .rules import Rules
from ..tomlw import dumps

__all__ = ["HandRecord", "FORMAT"]

FORMAT = "tianjiu-hand/1"


def _need(table: dict, key: str, where: str) -> Any:
    if not isinstance(table, dict):
        raise InconsistentPositionError(f"hand record: [{where}] must be a table, not {table!r}")
    if key not in table:
        raise InconsistentPositionError(f"hand record: [{where}] needs {key!r}")
    return table[key]


@dataclass(frozen=True)
class HandRecord:
    """A replayable hand: rules, table, wall, method, dice and actions.

    Units: ``payments`` in stake units, ``dong`` in 棟.  Raises
    :class:`InconsistentPositionError` (or NotationError for bad notation)
    when a record is malformed or does not replay to its stored result; the
    message names the field or the action number.
    """

    rules: Rules
    banker: int
    banker_streak: int
    wall: Wall
    method: str
    dice: tuple[int, int]
    actions: tuple[str, ...]
    seats: dict[str, str] = field(default_factory=dict)
    result: dict[str, Any] | None = None

    @classmethod
    def from_hand(cls, hand: Hand, seats: dict[str, str] | None = None) -> HandRecord:
        """The record of a hand that was dealt from a wall (``Hand.from_deal``)."""
        d = hand.deal_info
        if d is None:
            raise InconsistentPositionError("only a dealt hand has a record; this one started "
                                            "from a position")
        result = _result_summary(hand) if hand.is_over else None
        return cls(hand.rules, hand.banker, hand.banker_streak, d.wall, d.method.name_hant,
                   d.dice, tuple(str(a) for a in hand.log), dict(seats or {}), result)

    def replay(self) -> Hand:
        """Deal and play every action; check the stored result if there is one."""
        d = deal(self.wall, self.method, self.dice, self.banker)
        hand = Hand.from_deal(d, self.rules, self.banker_streak)
        for number, text in enumerate(self.actions, 1):
            try:
                hand.act(hand.parse_action(text))
            except TianJiuError as exc:
                raise InconsistentPositionError(
                    f"hand record: action {number} ({text!r}) cannot be played: {exc}") from None
        if self.result is not None:
            if not hand.is_over:
                raise InconsistentPositionError(
                    "hand record: a [result] is stored but the actions do not finish the hand")
            got = _result_summary(hand)
            for key, want in self.result.items():
                if key in got and got[key] != want:
                    raise InconsistentPositionError(
                        f"hand record: replay gives {key} = {got[key]!r}, the record says {want!r}")
        return hand

    def to_dict(self) -> dict[str, Any]:
        table: dict[str, Any] = {"banker": SEATS[self.banker], "banker_streak": self.banker_streak}
        if self.seats:
            table["seats"] = dict(self.seats)
        data: dict[str, Any] = {
            "format": FORMAT,
            "actions": list(self.actions),
            "rules": self.rules.overrides(),
            "table": table,
            "deal": {"wall": format_tiles(self.wall.tiles), "method": self.method,
                     "dice": list(self.dice)},
        }
        if self.result is not None:
            data["result"] = self.result
        return data

    def dumps(self) -> str:
        """The record as TOML text."""
        return "# Tien Gow (天九) hand record — replay with `tianjiu replay FILE`\n" + dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandRecord:
        if data.get("format") != FORMAT:
            raise InconsistentPositionError(
                f"hand record: format must be {FORMAT!r}, not {data.get('format')!r}")
        table = _need(data, "table", "top level")
        dl = _need(data, "deal", "top level")
        try:
            banker = parse_seat(_need(table, "banker", "table"))
            streak = table.get("banker_streak", 1)
            if not isinstance(streak, int) or streak < 1:
                raise InconsistentPositionError(f"hand record: banker_streak must be ≥ 1, not {streak!r}")
            method = parse_method(_need(dl, "method", "deal")).name_hant
            dice = _need(dl, "dice", "deal")
            if not isinstance(dice, list):
                raise InconsistentPositionError(
                    f"hand record: [deal] dice must be a list of two numbers, not {dice!r}")
            dice = tuple(dice)
            wall = _need(dl, "wall", "deal")
            if not isinstance(wall, str):
                raise InconsistentPositionError(
                    f"hand record: [deal] wall must be a string of 32 tiles, not {wall!r}")
            wall = Wall.parse(wall)
        except NotationError as exc:
            raise InconsistentPositionError(f"hand record: {exc}") from None
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise InconsistentPositionError("hand record: actions must be a list of strings")
        seats = table.get("seats", {})
        if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
            raise InconsistentPositionError(
                "hand record: [table] seats must be a table of names, e.g. { E = \"阿明\" }")
        if not isinstance(data.get("result", {}), dict):
            raise InconsistentPositionError("hand record: result must be a table")
        return cls(Rules.from_dict(data.get("rules")), banker, streak, wall, method,
                   dice, tuple(actions), dict(seats), data.get("result"))  # type: ignore[arg-type]

    @classmethod
    def loads(cls, text: str) -> HandRecord:
        """Parse TOML text; malformed TOML is an InconsistentPositionError naming the line
        (too deep nesting: a NotationError, :mod:`tianjiu_core.limits`)."""
        check_depth(text, "hand record")
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise InconsistentPositionError(f"hand record is not valid TOML: {exc}") from None
        return cls.from_dict(data)


def _result_summary(hand: Hand) -> dict[str, Any]:
    r = hand.result
    assert r is not None
    out: dict[str, Any] = {"finisher": SEATS[r.finisher], "dong": dict(zip(SEATS, r.dong)),
                           "payments": dict(zip(SEATS, r.payments))}
    if r.settlement.finish:
        out["finish"] = r.settlement.finish
    if r.natural:
        out["natural"] = r.natural
    return out

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

from dataclasses import dataclass, field
from typing import Any

from .deal import Wall, deal, dice_ok, parse_method
from ..errors import InconsistentPositionError, NotationError, TianJiuError
from ..limits import TomlTextError, parse_toml, quote
from .game import Hand
from ..notation import SEATS, format_tiles, parse_seat
from .rules import Rules
from ..tomlw import dumps

__all__ = ["HandRecord", "FORMAT"]

FORMAT = "tianjiu-hand/1"


_KEYS = {"top level": {"format", "actions", "rules", "table", "deal", "result"},
         "table": {"banker", "banker_streak", "seats"},
         "deal": {"wall", "method", "dice"},
         "result": {"finisher", "dong", "payments", "finish", "natural"}}
"""The keys each table of a record may have (anything else is an error naming it)."""


def _err(message: str, zh: str | None = None) -> InconsistentPositionError:
    """The error: ``message`` in English, ``zh`` the same in 繁體."""
    return InconsistentPositionError(f"hand record: {message}", zh=f"牌局紀錄：{zh}" if zh else None)


def _known(table: Any, where: str) -> None:
    """Refuse a key of ``table`` that a record does not have (a misspelt ``[reslt]``)."""
    if not isinstance(table, dict):
        raise _err(f"[{where}] must be a table, not {quote(table)}", zh=f"[{where}] 要是一個表，不是 {quote(table)}")
    for key in table:
        if key not in _KEYS[where]:
            shown = key if isinstance(key, str) and len(key) <= 40 else quote(key)
            prefix = "" if where == "top level" else f"{where}."
            raise _err(f"{prefix}{shown}: unknown key; {'a record has' if where == 'top level' else f'[{where}] has'} "
                       f"{', '.join(sorted(_KEYS[where]))}",
                       zh=f"{prefix}{shown}：不認識的欄位；{'紀錄' if where == 'top level' else f'[{where}]'}有的是 {', '.join(sorted(_KEYS[where]))}")


def _need(table: dict, key: str, where: str) -> Any:
    if not isinstance(table, dict):
        raise InconsistentPositionError(f"hand record: [{where}] must be a table, not {quote(table)}",
                                        zh=f"牌局紀錄：[{where}] 要是一個表，不是 {quote(table)}")
    if key not in table:
        if where == "top level":   # (a missing table: say it as the file writes it)
            raise InconsistentPositionError(f"hand record: the [{key}] table is missing",
                                            zh=f"牌局紀錄：少了 [{key}] 這個表")
        raise InconsistentPositionError(f"hand record: [{where}] needs {key!r}",
                                        zh=f"牌局紀錄：[{where}] 要有 {key!r}")
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
                                            "from a position", zh="只有由派牌開始的一手牌才有紀錄；這一手由一個局面開始")
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
                    f"hand record: action {number} ({quote(text)}) cannot be played: {str(exc)[:300]}",
                    zh=f"牌局紀錄：第 {number} 手（{quote(text)}）打不出：{str(exc.message_zh or exc)[:300]}") from None
        if self.result is not None:
            if not hand.is_over:
                raise InconsistentPositionError(
                    "hand record: a [result] is stored but the actions do not finish the hand",
                    zh="牌局紀錄：存了 [result]，但紀錄中的出牌沒有把這手牌打完")
            got = _result_summary(hand)
            for key, want in self.result.items():
                if got.get(key) != want:   # a stored finish the replay lacks is a mismatch too
                    found = _shown(got[key]) if key in got else "none"
                    raise InconsistentPositionError(
                        f"hand record: replay gives {key} = {found}, the record says {_shown(want)}",
                        zh=f"牌局紀錄：result.{key} 寫的是 {_shown(want)}，重播得到的是 {found}")
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
        """A record from parsed TOML; every key and type checked (an unknown key, a
        ``banker_streak`` of ``true`` or ``2.5``, a misspelt ``[result]`` are errors)."""
        if not isinstance(data, dict):
            raise _err(f"a record is a table, not {quote(data)}", zh=f"紀錄要是一個表，不是 {quote(data)}")
        if data.get("format") != FORMAT:
            raise _err(f"format must be {FORMAT!r}, not {quote(data.get('format'))}",
                       zh=f"format 要是 {FORMAT!r}，不是 {quote(data.get('format'))}")
        table = _need(data, "table", "top level")
        dl = _need(data, "deal", "top level")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise _err(f"result must be a table, not {quote(result)}", zh=f"result 要是一個表，不是 {quote(result)}")
        _known(table, "table")
        _known(dl, "deal")
        _known(data, "top level")
        at = "table.banker"   # the field being read (a NotationError names it)
        try:
            banker_in = _need(table, "banker", "table")
            if not isinstance(banker_in, str) or len(banker_in) > 40:
                raise _err(f"table.banker must be a seat E, S, W, N, not {quote(banker_in)}",
                           zh=f"table.banker 要是座位 E、S、W、N，不是 {quote(banker_in)}")
            banker = parse_seat(banker_in)
            streak = table.get("banker_streak", 1)
            if not isinstance(streak, int) or isinstance(streak, bool) or not 1 <= streak <= 1000:
                raise _err(f"table.banker_streak must be ≥ 1 (a whole number, at most 1000), not {quote(streak)}",
                           zh=f"table.banker_streak 要 ≥ 1（整數，最多 1000），不是 {quote(streak)}")
            at = "deal.method"
            method_in = _need(dl, "method", "deal")
            if not isinstance(method_in, str) or len(method_in) > 40:
                raise _err(f"deal.method must be a dealing method's name, not {quote(method_in)}",
                           zh=f"deal.method 要是一種牌頭的名字，不是 {quote(method_in)}")
            method = parse_method(method_in).name_hant
            at = "deal.dice"
            dice = _need(dl, "dice", "deal")
            if not isinstance(dice, list) or len(dice) != 2:
                raise _err(f"deal.dice must be a list of two numbers, not {quote(dice)}",
                           zh=f"deal.dice 要是兩個數的列表，不是 {quote(dice)}")
            if not dice_ok(dice):
                shown = "[" + ", ".join(quote(d) for d in dice) + "]"
                raise _err(f"deal.dice must be two whole numbers 1–6, not {shown}",
                           zh=f"deal.dice 要是兩個 1–6 的整數，不是 {shown}")
            dice = tuple(dice)
            at = "deal.wall"
            wall = _need(dl, "wall", "deal")
            if not isinstance(wall, str) or len(wall) > 1000:
                raise _err(f"deal.wall must be a string of 32 tiles, not {quote(wall)}",
                           zh=f"deal.wall 要是 32 張牌的字串，不是 {quote(wall)}")
            wall = Wall.parse(wall)
        except NotationError as exc:
            raise _err(f"{at}: {exc}", zh=f"{at}：{exc.message_zh or exc}") from None
        actions = data.get("actions", [])
        if (not isinstance(actions, list) or len(actions) > 200
                or not all(isinstance(a, str) and len(a) <= 200 for a in actions)):
            raise _err("actions must be a list of at most 200 actions like \"E: 66\"",
                       zh="actions 要是最多 200 手出牌的列表，例如 \"E: 66\"")
        seats = table.get("seats", {})
        if (not isinstance(seats, dict) or set(seats) - set(SEATS)
                or not all(isinstance(v, str) and len(v) <= 100 for v in seats.values())):
            raise _err("table.seats must be a table of names by seat, e.g. { E = \"阿明\" }",
                       zh="table.seats 要是按座位寫名字的表，例如 { E = \"阿明\" }")
        if result is not None:
            _known(result, "result")
        try:
            rules = Rules.from_dict(data.get("rules"))
        except TianJiuError as exc:
            raise _err(f"rules: {str(exc)[:300]}", zh=f"rules：{str(exc.message_zh or exc)[:300]}") from None
        return cls(rules, banker, streak, wall, method,
                   dice, tuple(actions), dict(seats), result)  # type: ignore[arg-type]

    @classmethod
    def loads(cls, text: str) -> HandRecord:
        """Parse TOML text.  Text that is not TOML (its syntax) is a :class:`NotationError`
        naming the line, as for a position (too deep nesting too, :mod:`tianjiu_core.limits`);
        TOML whose data cannot be a hand is an :class:`InconsistentPositionError`."""
        if isinstance(text, str) and not text.strip("\ufeff \t\r\n"):
            raise NotationError("hand record: the text is empty", zh="牌局紀錄：是空的")
        try:
            data = parse_toml(text, "hand record", "牌局紀錄")   # (also refuses text that is not a string)
        except TomlTextError as exc:
            raise NotationError(f"hand record is not valid TOML: {exc.en}",
                                zh=f"牌局紀錄不是正確的 TOML：{exc.zh}") from None
        return cls.from_dict(data)


def _shown(value: Any, items: int = 8) -> str:
    """A result value as a record writes it, short and on one line: a table of seats as
    ``{ E = -6, S = 0, W = -5, N = 11 }`` (values quoted, at most ``items`` of them)."""
    if not isinstance(value, dict):
        return quote(value)
    parts = [f"{k if isinstance(k, str) and len(k) <= 10 else quote(k)} = {quote(v, 20)}"
             for k, v in list(value.items())[:items]]
    more = ", …" if len(value) > items else ""
    return "{ " + ", ".join(parts) + more + " }" if parts else "{}"


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

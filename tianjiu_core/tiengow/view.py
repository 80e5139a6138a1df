"""What one seat may see of a hand: :class:`SeatView` (issue 16; spec §4).

A seat at the table sees its own tiles, every face-up play, how many tiles the
others hold, the 棟 won, its own face-down discards (墊) — the others' discards
are backs — and the bonuses paid.  Once the hand is over everything is shown:
every holding that was dealt and every face-down tile (the recap).

Computer players and the browser receive a view, never the :class:`Hand`, so
nothing hidden can leak into a decision or a page.  Two hands that differ only
in tiles the seat cannot see give equal views.

>>> from tianjiu_core.tiengow.game import Hand
>>> hand = Hand.from_seed(7)
>>> v = SeatView.of(hand, 1)
>>> len(v.tiles), v.counts, v.holdings is None
(8, (8, 8, 8, 8), True)
>>> _ = hand.act(hand.legal_actions()[0]); SeatView.of(hand, 1).to_act
1
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import InconsistentPositionError
from ..notation import SEATS
from ..tiles import TILES, Tile
from .game import Action, Hand, HandResult, TrickRecord
from .plays import Play
from .rules import Rules
from .scoring import Settlement

__all__ = ["SeatView", "mask_action"]


def mask_action(action: Action, seat: int) -> Action:
    """``action`` as ``seat`` sees it: another seat's face-down tiles become unknown backs."""
    if action.kind == "play" or action.seat == seat or not action.tiles:
        return action
    return Action(action.seat, action.kind, (), action.unknown + len(action.tiles))


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a :class:`Hand` (build it with :meth:`of`).

    seat:        the viewer, 0–3 (E S W N).
    tiles:       the viewer's tiles now.
    counts:      tiles each seat holds now (E S W N).
    trick, tricks: the trick in progress and the finished tricks, others'
                 face-down tiles masked (``Action.unknown``) until the hand is over.
    discarded:   the viewer's own face-down tiles so far (墊 and face-down leads).
    shown:       every tile shown face up, in play order.
    legal:       the viewer's legal actions when it is to act, else ``()``.
    holdings:    every seat's tiles — only once the hand is over (else None).
    dealt:       every seat's 8 dealt tiles — only once the hand is over (else None).
    method, dice: the 牌頭 and the dice (None for a hand set up from a position).
    Units: ``dong`` in 棟; payments in ``result`` in stake units.
    """

    seat: int
    rules: Rules
    banker: int
    banker_streak: int
    tiles: tuple[Tile, ...]
    counts: tuple[int, int, int, int]
    dong: tuple[int, ...]
    leader: int
    to_act: int
    trick: tuple[Action, ...]
    trick_size: int
    trick_last: bool
    best_seat: int | None
    best_play: Play | None
    closed: bool
    shown: tuple[Tile, ...]
    tricks: tuple[TrickRecord, ...]
    discarded: tuple[Tile, ...]
    bonuses: Settlement
    legal: tuple[Action, ...]
    result: HandResult | None
    holdings: tuple[tuple[Tile, ...], ...] | None
    dealt: tuple[tuple[Tile, ...], ...] | None
    method: str | None
    dice: tuple[int, int] | None

    @classmethod
    def of(cls, hand: Hand, seat: int) -> SeatView:
        """The view of ``seat`` (0–3).  Raises InconsistentPositionError for a bad seat."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            raise InconsistentPositionError(f"a seat view is for a seat 0–3 (E S W N), not {seat!r}",
                                            zh=f"座位視圖要用座位 0–3（東南西北），不是 {seat!r}")
        over = hand.result is not None
        if over:
            trick, tricks = hand.trick, hand.tricks
        else:
            trick = tuple(mask_action(a, seat) for a in hand.trick)
            tricks = tuple(TrickRecord(r.leader, tuple(mask_action(a, seat) for a in r.actions),
                                       r.winner, r.size, r.last, r.bonuses) for r in hand.tricks)
        mine = [t for r in hand.tricks for a in r.actions
                if a.seat == seat and a.kind != "play" for t in a.tiles]
        if not over:  # (a finished hand keeps its last trick in ``trick`` too: once is enough)
            mine += [t for a in hand.trick if a.seat == seat and a.kind != "play" for t in a.tiles]
        d = hand.deal_info
        dealt = None
        if over:
            if d is not None:
                dealt = tuple(tuple(h) for h in d.hands)
            else:  # a position: what is left plus what each seat put in tricks
                dealt = tuple(
                    tuple(sorted(hand.holdings[s] + tuple(
                        t for r in hand.tricks for a in r.actions if a.seat == s for t in a.tiles),
                        key=lambda t: t.index)) for s in range(4))
        return cls(
            seat=seat, rules=hand.rules, banker=hand.banker, banker_streak=hand.banker_streak,
            tiles=hand.holdings[seat], counts=tuple(len(h) for h in hand.holdings),  # type: ignore[arg-type]
            dong=hand.dong, leader=hand.leader, to_act=hand.to_act, trick=trick,
            trick_size=hand.trick_size, trick_last=hand.trick_last, best_seat=hand.best_seat,
            best_play=hand.best_play, closed=hand.closed, shown=hand.shown, tricks=tricks,
            discarded=tuple(mine), bonuses=hand.bonuses,
            legal=tuple(hand.legal_actions()) if hand.to_act == seat else (),
            result=hand.result, holdings=hand.holdings if over else None, dealt=dealt,
            method=None if d is None else d.method.name_hant, dice=None if d is None else d.dice)

    # ------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    def legal_actions(self) -> list[Action]:
        """The viewer's legal actions (empty when it is not to act)."""
        return list(self.legal)

    def unseen(self, include_discards: bool = True) -> Counter[Tile]:
        """Copies of each tile the viewer has not seen: not held, not shown face up and
        (``include_discards``) not among its own face-down tiles."""
        seen = Counter(self.tiles) + Counter(self.shown)
        if include_discards:
            seen.update(self.discarded)
        return Counter({t: t.copies - seen[t] for t in TILES if t.copies - seen[t] > 0})

    # ------------------------------------------------------------ JSON
    def to_json(self) -> dict:
        """The view as JSON (what the Play page draws).  ``holdings`` holds only the viewer's
        tiles until the hand is over; ``revealed`` says when everything is shown."""
        over = self.is_over
        if over:
            assert self.holdings is not None
            holdings = {SEATS[s]: [t.code for t in h] for s, h in enumerate(self.holdings)}
        else:
            holdings = {SEATS[self.seat]: [t.code for t in self.tiles]}
        out = {
            "seat": SEATS[self.seat], "revealed": over,
            "rules": self.rules.overrides(), "banker": SEATS[self.banker],
            "banker_streak": self.banker_streak,
            "holdings": holdings, "counts": dict(zip(SEATS, self.counts)),
            "discarded": [t.code for t in self.discarded],
            "dong": dict(zip(SEATS, self.dong)), "leader": SEATS[self.leader],
            "to_act": SEATS[self.to_act] if self.to_act >= 0 else None,
            "trick": [a.to_json() for a in self.trick], "trick_last": self.trick_last,
            "trick_size": self.trick_size,
            "best": None if self.best_seat is None else SEATS[self.best_seat],
            "shown": [t.code for t in self.shown],
            "tricks": [{"leader": SEATS[r.leader], "winner": SEATS[r.winner], "size": r.size,
                        "actions": [a.to_json() for a in r.actions],
                        "bonuses": r.bonuses.to_json()} for r in self.tricks],
            "bonuses": self.bonuses.to_json(),
            "legal": [a.to_json() for a in self.legal],
            "method": self.method, "dice": None if self.dice is None else list(self.dice),
            "result": None if self.result is None else self.result.to_json(),
        }
        if over and self.dealt is not None:
            out["dealt"] = {SEATS[s]: [t.code for t in h] for s, h in enumerate(self.dealt)}
        return out

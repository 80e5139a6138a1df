"""Settlement with an itemized breakdown (spec §5–§6).

Amounts are in **stake units** (注): one unit is the stake of one 棟.  A
:class:`Settlement` is a tuple of :class:`Item` s — who pays whom, how much,
and under which rule — and its net ``payments`` per seat always sum to zero.

Spec §5, example 1 (東 is banker, streak 1; 北 finishes):

>>> s = settle(banker=0, banker_streak=1, finisher=3, dong=(1, 4, 0, 3))
>>> s.payments
(-6, 0, -5, 11)
>>> [str(i) for i in s.items if i.amount]
['E pays N 6: 棟 (4−1)=3 × banker 2', 'W pays N 5: 空棟 5']

One small function per rule: :func:`loser_units` (棟, 空棟, 入), :func:`banker_factor`,
:func:`finish_factor` (么結, 么雙擒四, 包尊, 四大包, 七支/八支), :func:`zun_money`
(賀尊 / 擒尊), :func:`si_da_he_money` (四大賀) and :func:`settle_natural` (例牌).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import InconsistentPositionError
from ..notation import SEAT_NAMES, SEATS
from .rules import Rules

__all__ = [
    "Finish",
    "Item",
    "Settlement",
    "settle",
    "loser_units",
    "banker_factor",
    "finish_factor",
    "zun_money",
    "si_da_he_money",
    "settle_natural",
    "FINISH_LABELS",
]

FinishKind = Literal["plain", "yao", "zun", "four"]

FINISH_LABELS: dict[str, tuple[str, str, str]] = {
    "plain": ("結", "结", "plain finish"),
    "yao": ("么結", "么结", "finish with 么"),
    "yao_capture": ("么雙擒四", "么双擒四", "么 captured"),
    "zun": ("包尊", "包尊", "finish with 至尊"),
    "zun_capture": ("擒文尊", "擒文尊", "文尊 captured on the last trick"),
    "four": ("四大包", "四大包", "finish with a four"),
    "qi_zhi": ("七支", "七支", "sweep on the 2-棟 rule"),
    "ba_zhi": ("八支", "八支", "full sweep"),
    "natural_qi_zhi": ("例牌七支", "例牌七支", "natural hand"),
    "natural_ba_zhi": ("例牌八支", "例牌八支", "natural hand"),
}
"""繁, 简, English label of each finish (keys of :attr:`Settlement.finish`)."""

RULE_LABELS: dict[str, tuple[str, str, str]] = {
    "dong": ("棟", "栋", "stacks short of 4"),
    "gui_dong": ("歸棟", "归栋", "4 stacks, even"),
    "empty_dong": ("空棟", "空栋", "no stacks"),
    "ru_yi": ("入一", "入一", "5 stacks, paid 1"),
    "ru_er": ("入二", "入二", "6 stacks, paid 2"),
    "he_zun": ("賀尊", "贺尊", "至尊 or 文尊 won a trick"),   # (either 尊: "至尊" alone read wrong for 15 15)
    "qin_zun": ("擒尊", "擒尊", "文尊 captured"),
    "si_da_he": ("四大賀", "四大贺", "a four won a trick"),
    "natural": ("例牌", "例牌", "natural hand"),
}
"""繁, 简, English label of each item's ``rule``.  The English is shown with the Chinese
term beside it (the pages write "入一 (5 stacks, paid 1)"), so it says "stacks" for 棟."""


@dataclass(frozen=True, slots=True)
class Finish:
    """How the last trick was won — the input of the special-finish rules (spec §6).

    kind:          ``"plain"``, ``"yao"`` (a single 12/15 led and won, or — with
                   ``captured_from`` — captured by 24/16), ``"zun"`` (至尊 led and
                   won, or a 文尊 captured by 16+16 with ``captured_from``),
                   ``"four"`` (won with a four-tile play).
    captured_from: seat (0–3) whose 么 or 文尊 was captured on the last trick.
    guaranteed:    the finishing play qualifies for 八支 on a sweep: it had 2+
                   tiles, or was a 么, or no unseen tile could beat it.
    last_trick_tiles: tiles per seat in the last trick (1–4).
    first_lead_top: the banker's first lead was 天, 九 or 至尊 (only for
                   ``banker_ba_zhi_strict``).
    """

    kind: FinishKind = "plain"
    captured_from: int | None = None
    guaranteed: bool = False
    last_trick_tiles: int = 1
    first_lead_top: bool = False


@dataclass(frozen=True, slots=True)
class Item:
    """One payment: ``payer`` pays ``payee`` ``amount`` stake units under ``rule``.

    ``rule`` is a key of :data:`RULE_LABELS`; ``units`` (棟 units before
    factors), ``banker_factor`` and ``finish_factor`` explain the amount;
    ``on_behalf_of`` is the loser whose debt a captured 么/文尊 player pays.
    """

    payer: int
    payee: int
    amount: int
    rule: str
    units: int = 0
    banker_factor: int = 1
    finish_factor: int = 1
    on_behalf_of: int | None = None

    def _units(self) -> str:
        """The rule's 棟 units, the start of :meth:`detail` and :meth:`detail_zh`."""
        label = RULE_LABELS[self.rule][0]
        if self.rule == "dong":
            return f"{label} (4−{4 - self.units})={self.units}"
        if self.rule in ("ru_yi", "ru_er"):
            return f"{label} {-self.units}"
        return f"{label} {self.units}"

    def detail(self) -> str:
        """The arithmetic in words, e.g. ``棟 (4−1)=3 × banker 2``."""
        text = self._units()
        if self.banker_factor != 1:
            text += f" × banker {self.banker_factor}"
        if self.finish_factor != 1:
            text += f" × finish {self.finish_factor}"
        if self.on_behalf_of is not None:
            text += f" (for {SEATS[self.on_behalf_of]})"
        return text

    def detail_zh(self) -> str:
        """The arithmetic in 繁體 words, e.g. ``棟 (4−1)=3 × 莊家倍數 2``."""
        text = self._units()
        if self.banker_factor != 1:
            text += f" × 莊家倍數 {self.banker_factor}"
        if self.finish_factor != 1:
            text += f" × 結法倍數 {self.finish_factor}"
        if self.on_behalf_of is not None:
            text += f"（代{SEAT_NAMES[SEATS[self.on_behalf_of]][0]}家付）"
        return text

    def __str__(self) -> str:
        return f"{SEATS[self.payer]} pays {SEATS[self.payee]} {self.amount}: {self.detail()}"

    def to_json(self) -> dict:
        return {"from": SEATS[self.payer], "to": SEATS[self.payee], "amount": self.amount,
                "rule": self.rule, "rule_zh": RULE_LABELS[self.rule][0],
                "rule_en": RULE_LABELS[self.rule][2], "units": self.units,
                "banker_factor": self.banker_factor, "finish_factor": self.finish_factor,
                "on_behalf_of": None if self.on_behalf_of is None else SEATS[self.on_behalf_of],
                "detail": self.detail(), "detail_zh": self.detail_zh()}


@dataclass(frozen=True, slots=True)
class Settlement:
    """Items of one settlement (or of the bonuses paid during play).

    ``finish`` is a key of :data:`FINISH_LABELS` (``None`` for bonus lists);
    ``payments`` are net stake units per seat (E, S, W, N), summing to 0.
    """

    items: tuple[Item, ...] = ()
    finish: str | None = None
    finish_factor: int = 1

    @property
    def payments(self) -> tuple[int, int, int, int]:
        net = [0, 0, 0, 0]
        for item in self.items:
            net[item.payer] -= item.amount
            net[item.payee] += item.amount
        return (net[0], net[1], net[2], net[3])

    def __add__(self, other: Settlement) -> Settlement:
        return Settlement(self.items + other.items, self.finish or other.finish,
                          self.finish_factor if self.finish else other.finish_factor)

    def to_json(self) -> dict:
        return {"payments": dict(zip(SEATS, self.payments)),
                "items": [i.to_json() for i in self.items],
                "finish": self.finish,
                "finish_zh": FINISH_LABELS[self.finish][0] if self.finish else None,
                "finish_en": FINISH_LABELS[self.finish][2] if self.finish else None,
                "finish_factor": self.finish_factor}


def loser_units(dong: int, rules: Rules | None = None) -> tuple[int, str]:
    """Units a loser with ``dong`` 棟 owes before factors, and the rule (spec §5).

    >>> [loser_units(d)[0] for d in range(7)]
    [5, 3, 2, 1, 0, -1, -2]
    """
    rules = rules or Rules()
    if not 0 <= dong <= 6:
        raise InconsistentPositionError(f"a loser holds 0–6 棟, not {dong}", zh=f"輸家有 0–6 棟，不是 {dong}")
    if dong == 0:
        return rules.empty_dong_units, "empty_dong"
    rule = {4: "gui_dong", 5: "ru_yi", 6: "ru_er"}.get(dong, "dong")
    return 4 - dong, rule


def banker_factor(loser: int, finisher: int, banker: int, banker_streak: int, units: int) -> int:
    """The banker multiplier m = streak + 1 where the banker is involved (spec §5).

    The banker finishing multiplies every loser, 入 included (入一入出二); a
    losing banker pays × m but a banker who 入 is paid × 1.

    >>> banker_factor(loser=1, finisher=0, banker=0, banker_streak=1, units=-1)
    2
    >>> banker_factor(loser=0, finisher=1, banker=0, banker_streak=2, units=-2)
    1
    """
    m = banker_streak + 1
    if finisher == banker:
        return m
    if loser == banker and units > 0:
        return m
    return 1


def finish_factor(dong: Sequence[int], finisher: int, banker: int, finish: Finish,
                  rules: Rules) -> tuple[int, str]:
    """The special-finish factor f and the finish's label key (spec §6).

    Sweeps (七支 ×2, 八支 ×4) replace 么結; a 尊 finish doubles a sweep, a four
    multiplies it by 4.  Captures (么雙擒四, 擒文尊) use their own factor.
    """
    if finish.captured_from is not None:
        if finish.kind == "yao" and rules.yao_capture:
            return rules.yao_capture_factor, "yao_capture"
        if finish.kind == "zun" and rules.bao_zun:
            return 4, "zun_capture"
        return 1, "plain"
    if rules.sweep and dong[finisher] == 8:
        ba = (finish.guaranteed or finish.last_trick_tiles >= 2
              or finish.kind in ("yao", "zun", "four"))
        if rules.banker_ba_zhi_strict and finisher == banker:
            ba = ba and finish.last_trick_tiles >= 2 and not finish.first_lead_top
        f = 4 if ba else 2
        if finish.kind == "zun" and rules.bao_zun:
            f *= 2
        elif finish.kind == "four" and rules.si_da_bao:
            f *= 4
        return f, "ba_zhi" if ba else "qi_zhi"
    if finish.kind == "yao" and rules.yao_finish:
        return 2, "yao"
    if finish.kind == "zun" and rules.bao_zun:
        return 2, "zun"
    if finish.kind == "four" and rules.si_da_bao:
        return 4, "four"
    return 1, "plain"


def _check_seat(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 4:
        raise InconsistentPositionError(f"{what} must be a seat 0–3 (E S W N), not {value!r}",
                                        zh=f"{what} 要是座位 0–3（東南西北），不是 {value!r}")
    return value


def _check_table(banker: int, banker_streak: int) -> None:
    _check_seat(banker, "banker")
    if not isinstance(banker_streak, int) or isinstance(banker_streak, bool) or banker_streak < 1:
        raise InconsistentPositionError(
            f"banker_streak counts the hands this banker has held the bank, including "
            f"this one, so it is at least 1, not {banker_streak!r}",
            zh=f"做莊次數（連莊）由 1 起計（包括這一局），不能是 {banker_streak!r}")


def settle(*, banker: int, banker_streak: int, finisher: int, dong: Sequence[int],
           finish: Finish | None = None, rules: Rules | None = None) -> Settlement:
    """The final settlement of a hand: every loser settles with the finisher (spec §5–§6).

    banker, finisher: seats 0–3 (E S W N); banker_streak ≥ 1; dong: 棟 per
    seat, summing to 8, the finisher holding at least 2.  Returns the items
    in seat order; payments sum to zero.  Raises
    :class:`~tianjiu_core.errors.InconsistentPositionError` for impossible input.

    Spec §5, example 2 — 入一 is paid by the finisher:

    >>> settle(banker=0, banker_streak=1, finisher=3, dong=(1, 5, 0, 2)).payments
    (-6, 1, -5, 10)
    """
    rules = rules or Rules()
    finish = finish or Finish()
    _check_table(banker, banker_streak)
    _check_seat(finisher, "finisher")
    dong = tuple(dong)
    if len(dong) != 4 or not all(isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 8
                                 for d in dong):
        raise InconsistentPositionError(f"棟 must be four counts 0–8 (E S W N), not {dong!r}",
                                        zh="每家的棟數要是 0 到 8 的整數")
    if sum(dong) != 8:
        listed = ", ".join(f"{s} {d}" for s, d in zip(SEATS, dong))
        listed_zh = "、".join(f"{s}{d}" for s, d in zip("東南西北", dong))
        raise InconsistentPositionError(f"the 8 棟 of a hand must add up to 8, not {sum(dong)} "
                                        f"({listed})",
                                        zh=f"一局共有 8 棟，四家加起來要等於 8，現在是 {sum(dong)}（{listed_zh}）")
    if dong[finisher] < 2:
        raise InconsistentPositionError(
            f"finisher {SEATS[finisher]} has {dong[finisher]} 棟: a finisher ends with at least 2 "
            "(a seat with no 棟 may not win a last trick of one tile)",
            zh=f"結牌的{'東南西北'[finisher]}家只有 {dong[finisher]} 棟：結牌的人最少有 2 棟"
               "（一棟都沒有的人不可以打最後一張單牌）")
    if finish.kind not in ("plain", "yao", "zun", "four"):
        raise InconsistentPositionError(
            f"finish kind must be plain, yao, zun or four, not {finish.kind!r}",
            zh=f"結法要是 plain、yao、zun 或 four，不是 {finish.kind!r}")
    if (not isinstance(finish.last_trick_tiles, int) or isinstance(finish.last_trick_tiles, bool)
            or not 1 <= finish.last_trick_tiles <= 4):
        raise InconsistentPositionError(
            f"the last trick has 1–4 tiles a seat, not {finish.last_trick_tiles!r}",
            zh=f"最後一墩每家出 1–4 張，不是 {finish.last_trick_tiles!r}")
    if finish.captured_from is not None:
        _check_seat(finish.captured_from, "captured_from")
        if finish.captured_from == finisher:
            raise InconsistentPositionError("a seat cannot capture its own 么 or 文尊",
                                            zh="不能擒自己的么或文尊")
        if finish.kind not in ("yao", "zun"):
            raise InconsistentPositionError(
                "captured_from names the seat whose 么 or 文尊 was captured: kind must be yao or zun",
                zh="captured_from 是被擒的么或文尊的一家：結法要是 yao 或 zun")
    f, label = finish_factor(dong, finisher, banker, finish, rules)
    substitute = finish.captured_from if label in ("yao_capture", "zun_capture") else None
    items = []
    for loser in range(4):
        if loser == finisher:
            continue
        units, rule = loser_units(dong[loser], rules)
        m = banker_factor(loser, finisher, banker, banker_streak, units)
        amount = units * m * f
        if amount >= 0:
            payer = loser if substitute is None else substitute
            items.append(Item(payer, finisher, amount, rule, units, m, f,
                              loser if payer != loser else None))
        else:
            items.append(Item(finisher, loser, -amount, rule, units, m, f))
    return Settlement(tuple(items), label, f)


def _schedule(collector: int, banker: int, banker_streak: int, base: int, rule: str,
              with_banker: bool = True) -> tuple[Item, ...]:
    m = banker_streak + 1
    items = []
    for payer in range(4):
        if payer == collector:
            continue
        factor = m if with_banker and banker in (payer, collector) else 1
        items.append(Item(payer, collector, base * factor, rule, base, factor))
    return tuple(items)


def zun_money(collector: int, banker: int, banker_streak: int, rule: str = "he_zun") -> Settlement:
    """尊錢 for 賀尊 (or 擒尊): 2 from each seat, 2×m between banker and collector (spec §6).

    >>> zun_money(collector=1, banker=0, banker_streak=1).payments
    (-4, 8, -2, -2)
    >>> zun_money(collector=0, banker=0, banker_streak=2).payments
    (18, -6, -6, -6)
    """
    _check_table(banker, banker_streak)
    return Settlement(_schedule(collector, banker, banker_streak, 2, rule))


def si_da_he_money(collector: int, banker: int, banker_streak: int,
                   rules: Rules | None = None) -> Settlement:
    """四大賀: a flat 4 from each other seat; × m with ``si_da_he_banker_multiplier`` (spec §6).

    >>> si_da_he_money(collector=2, banker=0, banker_streak=1).payments
    (-4, -4, 12, -4)
    """
    rules = rules or Rules()
    _check_table(banker, banker_streak)
    return Settlement(_schedule(collector, banker, banker_streak, 4, "si_da_he",
                                rules.si_da_he_banker_multiplier))


def settle_natural(holder: int, ba_zhi: bool, banker: int, banker_streak: int,
                   rules: Rules | None = None) -> Settlement:
    """例牌: every other seat pays as a 0-棟 loser × f (七支 2, 八支 4) × m where the banker is involved.

    >>> settle_natural(holder=2, ba_zhi=False, banker=0, banker_streak=1).payments
    (-20, -10, 40, -10)
    """
    rules = rules or Rules()
    _check_table(banker, banker_streak)
    _check_seat(holder, "holder")
    f = 4 if ba_zhi else 2
    units = rules.empty_dong_units
    items = []
    for payer in range(4):
        if payer == holder:
            continue
        m = banker_streak + 1 if banker in (payer, holder) else 1
        items.append(Item(payer, holder, units * m * f, "natural", units, m, f))
    return Settlement(tuple(items), "natural_ba_zhi" if ba_zhi else "natural_qi_zhi", f)

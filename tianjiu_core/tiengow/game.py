"""A hand of play: state, legal actions, play/undo, tricks, 結 and the result (spec §3–§6).

A :class:`Hand` holds one position: the rules, banker and streak, what each
seat holds, the 棟 won, the trick in progress, the tiles shown face up and
the bonuses already paid.  It follows pokerkit's verify / can / do pattern:
:meth:`Hand.verify` raises :class:`~tianjiu_core.errors.IllegalActionError`
with the reason, :meth:`Hand.can` answers a bool, :meth:`Hand.act` verifies,
applies and returns the :class:`Action` appended to the log; :meth:`Hand.undo`
takes the last action back.

Seats are 0–3 (東 南 西 北, written E S W N); play runs E→S→W→N.

>>> hand = Hand.from_seed(7)
>>> hand.to_act, len(hand.holdings[0]), sum(hand.dong)
(0, 8, 0)
>>> a = hand.legal_actions()[0]; hand.act(a) == a
True
>>> hand.undo() == a and hand == Hand.from_seed(7)
True
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..rng import Rng

from .deal import Deal, Method, Wall, deal, shuffled_wall
from ..errors import IllegalActionError, InconsistentPositionError, NotationError
from ..notation import SEATS, format_tiles, parse_seat, parse_tiles, sort_tiles
from .plays import Play, beats, captures_wen_zun, try_classify, why_not_a_play
from .rules import Rules
from .scoring import Finish, Settlement, settle, settle_natural, si_da_he_money, zun_money
from ..tiles import CIVIL, TILES, Tile

__all__ = ["Action", "Hand", "HandResult", "TrickRecord", "find_natural", "NATURAL_NAMES"]

ActionKind = str  # "play" | "discard" | "down"

_ZH_SEAT = "東南西北"

# the civil tiles a face-down lead may be beaten with (seed 002): 天 地 人 和 梅 長三 板凳
_DOWN_BEATERS = CIVIL[:7]


@dataclass(frozen=True, slots=True)
class Action:
    """One seat's action in a trick.

    kind:  ``"play"`` (face up: a lead, or a play that beats), ``"discard"``
           (墊, face down) or ``"down"`` (a face-down lead, ``lead_face_down``).
    tiles: the tiles, canonical order.  ``unknown`` counts face-down tiles
           whose faces a position does not know (written ``-``).

    Notation: ``E: 66 36``, ``S: discard 12 15``, ``W: discard - -``, ``N: down 12``.
    """

    seat: int
    kind: ActionKind
    tiles: tuple[Tile, ...]
    unknown: int = 0

    def __post_init__(self) -> None:
        # checked in one pass (actions are made in bulk by legal_actions): seat, tile
        # types, and canonical order, so that equal actions compare equal however the
        # tiles were listed
        seat = self.seat
        if seat.__class__ is not int or not 0 <= seat < 4:
            raise NotationError(f"an action's seat is 0–3 (E S W N), not {seat!r}",
                                zh=f"出牌的座位是 0–3（東南西北），不是 {seat!r}")
        tiles = self.tiles
        ordered = tiles.__class__ is tuple
        last = -1
        for t in tiles:
            if t.__class__ is not Tile:
                raise NotationError(f"an action's tiles must be Tile objects, not {tiles!r} "
                                    "(use Action.parse('E: 66 36') for notation)",
                                    zh=f"出牌的 tiles 要是 Tile 物件，不是 {tiles!r}（記法請用 Action.parse('E: 66 36')）")
            if t.index < last:
                ordered = False
            last = t.index
        if not ordered:
            object.__setattr__(self, "tiles", sort_tiles(tiles))

    @property
    def size(self) -> int:
        """Tiles the action uses (= 棟 at stake in its trick)."""
        return len(self.tiles) + self.unknown

    @property
    def face_up(self) -> bool:
        return self.kind == "play"

    def notation(self) -> str:
        """The action without its seat: ``66 36``, ``discard 12 15``, ``down 12``."""
        body = " ".join([t.code for t in self.tiles] + ["-"] * self.unknown)
        return body if self.kind == "play" else f"{self.kind} {body}"

    def __str__(self) -> str:
        return f"{SEATS[self.seat]}: {self.notation()}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def to_json(self) -> dict:
        return {"seat": SEATS[self.seat], "kind": self.kind,
                "tiles": [t.code for t in self.tiles], "unknown": self.unknown,
                "text": self.notation()}

    @staticmethod
    def parse(text: str, seat: int | str | None = None,
              context: Sequence[Tile] | None = None) -> Action:
        """``"E: 66 36"``, ``"S: discard 12 15"``; the seat may be given separately.

        ``context`` (the seat's holding) resolves ambiguous names such as 雜九.
        Raises :class:`NotationError` for a missing seat, empty action or bad tile.

        >>> Action.parse("S: discard 12 15"), Action.parse("天九", seat="E", context=parse_tiles("66 45"))
        (Action.parse('S: discard 15 12'), Action.parse('E: 66 45'))
        """
        text = text.strip()
        if ":" in text:
            head, text = text.split(":", 1)
            seat = head.strip()
        if seat is None:
            raise NotationError(f"action {text!r} names no seat: write it as 'E: 66 36'",
                                zh=f"出牌「{text}」沒有寫座位：要寫成「E: 66 36」")
        seat_index = parse_seat(seat)
        words = text.split()
        kind = "play"
        if words and words[0].casefold() in ("discard", "墊", "垫", "down", "暗"):
            kind = {"墊": "discard", "垫": "discard", "暗": "down"}.get(words[0],
                                                                      words[0].casefold())
            words = words[1:]
        unknown = sum(1 for w in words if w == "-")
        named = [w for w in words if w != "-"]
        if unknown and kind != "discard":
            raise NotationError(f"'-' (an unknown face-down tile) only fits a discard: {text!r}",
                                zh=f"「-」（一張看不到的面向下的牌）只可以用在墊牌：{text!r}")
        tiles = parse_tiles(" ".join(named), context) if named else ()
        if not tiles and not unknown:
            raise NotationError(f"action {text!r} has no tiles", zh=f"出牌「{text}」沒有牌")
        return Action(seat_index, kind, sort_tiles(tiles), unknown)


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: its leader, the four actions, the winner and 棟 won."""

    leader: int
    actions: tuple[Action, ...]
    winner: int
    size: int
    last: bool
    bonuses: Settlement


def _not_a_play(tiles: Sequence[Tile], then_en: str = "", then_zh: str = "") -> IllegalActionError:
    """The refusal of ``tiles`` that make no play (spec §2): the tiles, the reason naming them
    (:func:`why_not_a_play`) and, for a follower, what to do instead (``then_en`` / ``then_zh``)."""
    why = why_not_a_play(tiles)
    return IllegalActionError(f"{format_tiles(tiles)} is not a play: {why.en}{then_en}",
                              zh=f"{format_tiles(tiles, 'hant')}不成牌型：{why.hant}{then_zh}")


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended.

    finisher:   the seat that won the last trick (結), or the 例牌 holder.
    dong:       棟 per seat (E S W N), summing to 8 (all 0 after a 例牌).
    finish:     the :class:`~tianjiu_core.tiengow.scoring.Finish` of the last trick.
    settlement: the final settlement; ``bonuses``: 賀尊/擒尊/四大賀 paid in play.
    payments:   net stake units per seat, bonuses included; sums to 0.
    natural:    the 例牌 name when the hand ended at the deal.
    next_banker, next_streak: the bank for the next hand (飛莊 / 輪莊).
    """

    finisher: int
    dong: tuple[int, int, int, int]
    finish: Finish
    settlement: Settlement
    bonuses: Settlement
    natural: str | None
    next_banker: int
    next_streak: int

    @property
    def payments(self) -> tuple[int, int, int, int]:
        s, b = self.settlement.payments, self.bonuses.payments
        return (s[0] + b[0], s[1] + b[1], s[2] + b[2], s[3] + b[3])

    def to_json(self) -> dict:
        return {"finisher": SEATS[self.finisher], "dong": dict(zip(SEATS, self.dong)),
                "finish": {"kind": self.finish.kind,
                           "captured_from": None if self.finish.captured_from is None
                           else SEATS[self.finish.captured_from],
                           "guaranteed": self.finish.guaranteed,
                           "last_trick_tiles": self.finish.last_trick_tiles},
                "settlement": self.settlement.to_json(), "bonuses": self.bonuses.to_json(),
                "payments": dict(zip(SEATS, self.payments)), "natural": self.natural,
                "next_banker": SEATS[self.next_banker], "next_streak": self.next_streak}


NATURAL_NAMES: dict[str, tuple[str, str, str, bool]] = {
    # key: 繁, 简, English, 八支?
    "one_red": ("全白一點紅", "全白一点红", "all white but one red pip", False),
    "seven_civil": ("七文", "七文", "seven civil tiles", False),
    "seven_military": ("七武", "七武", "seven military tiles", False),
    "eight_civil": ("八文", "八文", "eight civil tiles", True),
    "eight_military": ("八武", "八武", "eight military tiles", True),
    "all_white": ("全白", "全白", "all white", True),
    "four_pairs": ("四對", "四对", "four pairs", True),
}
"""例牌 (spec §6): 繁, 简, English name and whether it scores as 八支."""


def _is_four_pairs(holding: Sequence[Tile]) -> bool:
    counts = Counter(holding)
    by_value: Counter[int] = Counter()
    for t, c in counts.items():
        if t.is_civil:
            if c % 2:
                return False
        else:
            if t.value not in (9, 8, 7, 5):
                return False
            by_value[t.value] += c
    return all(c == 2 for c in by_value.values())


def find_natural(holding: Sequence[Tile], rules: Rules) -> str | None:
    """The best 例牌 in an 8-tile holding under ``rules.natural_hands``, or None (spec §6).

    Four pairs counts civil pairs (15+15 included) and military pairs of 9, 8,
    7 or 5; 天九/地八/人七/和五 and 24+12 are not pairs.  Our reading: seed 000
    counts "four pairs of civil or military tiles", and 15+15 is a pair of civil
    tiles even where ``wen_zun`` also lets it be led as 文尊; the spec's "至尊
    doesn't count" is read as 24+12.  The ``"all"`` set includes 全白一點紅.

    >>> find_natural(parse_tiles("33 33 55 55 22 22 56 16"), Rules())
    'one_red'
    >>> find_natural(parse_tiles("33 33 55 55 22 22 56 56"), Rules(natural_hands="all"))
    'all_white'
    """
    if rules.natural_hands == "none" or len(holding) != 8:
        return None
    found = []
    red = sum(t.red for t in holding)
    if red == 1:
        found.append("one_red")
    if rules.natural_hands == "all":
        civil = sum(1 for t in holding if t.is_civil)
        if red == 0:
            found.append("all_white")
        if civil == 8:
            found.append("eight_civil")
        if civil == 0:
            found.append("eight_military")
        if _is_four_pairs(holding):
            found.append("four_pairs")
        if civil == 7:
            found.append("seven_civil")
        if civil == 1:
            found.append("seven_military")
    if not found:
        return None
    return max(found, key=lambda k: NATURAL_NAMES[k][3])


@lru_cache(maxsize=None)
def _classify_cached(indices: tuple[int, ...], rules: Rules) -> Play | None:
    result = try_classify([TILES[i] for i in indices], rules)
    return None if isinstance(result, str) else result


def play_of(tiles: Sequence[Tile], rules: Rules) -> Play | None:
    return _classify_cached(tuple(t.index for t in tiles), rules)


def _submultisets(holding: tuple[Tile, ...], k: int) -> list[tuple[Tile, ...]]:
    """Distinct k-tile sub-multisets of a sorted holding, in canonical order."""
    return sorted(set(itertools.combinations(holding, k)), key=lambda c: [t.index for t in c])


def _remove(holding: tuple[Tile, ...], tiles: Iterable[Tile]) -> tuple[Tile, ...] | None:
    rest = list(holding)
    for t in tiles:
        try:
            rest.remove(t)
        except ValueError:
            return None
    return tuple(rest)


# the mutable part of a Hand, as immutable values (so a snapshot is a tuple)
_STATE = ("holdings", "dong", "leader", "to_act", "trick", "trick_size", "trick_last",
          "best_seat", "best_play", "closed", "shown", "tricks", "bonuses", "log", "result")


class Hand:
    """One hand of Tien Gow from any position (spec §3–§6).

    Parameters (a *position*):
      rules:        :class:`~tianjiu_core.tiengow.rules.Rules`.
      banker:       seat 0–3; ``banker_streak`` ≥ 1 (this hand included).
      holdings:     four tile lists (E S W N) — what each seat holds now.
      dong:         棟 won so far per seat; default none.
      trick:        the trick in progress, as :class:`Action` s from its leader on.
      leader:       who leads the trick in progress (default: its first action's
                    seat, else the banker when no 棟 has been won).
      shown:        tiles shown face up in earlier tricks (for the 八支 test).
      first_lead_top: the hand's first lead was 天, 九 or 至尊 (``banker_ba_zhi_strict``).
      bonuses:      bonuses already paid this hand.

    Raises :class:`InconsistentPositionError` when the position cannot arise:
    tile counts, hand sizes, 棟 totals, a leader without 棟, an illegal trick.
    """

    def __init__(self, rules: Rules | None = None, *, banker: int = 0, banker_streak: int = 1,
                 holdings: Sequence[Sequence[Tile]], dong: Sequence[int] = (0, 0, 0, 0),
                 trick: Sequence[Action] = (), leader: int | None = None,
                 shown: Sequence[Tile] = (), first_lead_top: bool = False,
                 bonuses: Settlement = Settlement(), deal_info: Deal | None = None) -> None:
        self.rules = rules or Rules()
        if not isinstance(banker, int) or not 0 <= banker < 4:
            raise InconsistentPositionError(f"banker must be a seat 0–3, not {banker!r}",
                                            zh=f"banker（莊家）要是座位 0–3，不是 {banker!r}")
        if not isinstance(banker_streak, int) or banker_streak < 1:
            raise InconsistentPositionError(f"banker_streak must be at least 1, not {banker_streak!r}",
                                            zh=f"banker_streak（莊家第幾手莊，第一手是 1）最少是 1，不是 {banker_streak!r}")
        self.banker = banker
        self.banker_streak = banker_streak
        self.deal_info = deal_info
        self.first_lead_top = first_lead_top
        if len(holdings) != 4:
            raise InconsistentPositionError(f"a position has 4 holdings (E S W N), not {len(holdings)}",
                                            zh=f"局面要有四家的手牌（東南西北），不是 {len(holdings)} 家")
        for where, tiles in [*zip(SEATS, holdings), ("shown", shown)]:
            if isinstance(tiles, str) or not all(isinstance(t, Tile) for t in tiles):
                raise InconsistentPositionError(
                    f"{where}: tiles must be Tile objects (parse text with parse_tiles), "
                    f"not {tiles!r}", zh=f"{where}：tiles 要是 Tile 物件（文字請用 parse_tiles），不是 {tiles!r}")
        self.holdings: tuple[tuple[Tile, ...], ...] = tuple(sort_tiles(h) for h in holdings)
        dong = tuple(dong)
        if len(dong) != 4 or any(not isinstance(d, int) or d < 0 for d in dong):
            raise InconsistentPositionError(f"棟 must be four counts ≥ 0 (E S W N), not {dong!r}",
                                            zh=f"棟要是四個 ≥ 0 的數（東南西北），不是 {dong!r}")
        self.dong: tuple[int, ...] = dong
        self.shown: tuple[Tile, ...] = tuple(shown)
        self.bonuses = bonuses
        self.trick: tuple[Action, ...] = ()
        self.trick_size = 0
        self.trick_last = False
        self.best_seat: int | None = None
        self.best_play: Play | None = None
        self.closed = False
        self.tricks: tuple[TrickRecord, ...] = ()
        self.log: tuple[Action, ...] = ()
        self.result: HandResult | None = None
        self._undo: list[tuple] = []
        self._check_position(trick, leader)
        if sum(self.dong) == 0 and not trick and deal_info is not None:
            self._check_natural()

    # ----------------------------------------------------------- construction
    @classmethod
    def from_deal(cls, d: Deal, rules: Rules | None = None, banker_streak: int = 1) -> Hand:
        """The hand dealt by ``d`` (its banker leads); 例牌 end it at once."""
        return cls(rules, banker=d.banker, banker_streak=banker_streak, holdings=d.hands,
                   deal_info=d)

    @classmethod
    def from_seed(cls, seed: int, rules: Rules | None = None, banker: int = 0,
                  banker_streak: int = 1, method: str | Method = "間棟") -> Hand:
        """Shuffle with ``seed``, throw the dice from the same stream, deal by ``method``."""
        rng = Rng(seed)
        wall = shuffled_wall(rng)
        return cls.from_deal(deal(wall, method, rng.dice(), banker), rules, banker_streak)

    def _check_position(self, trick: Sequence[Action], leader: int | None) -> None:
        counts = Counter(t for h in self.holdings for t in h)
        counts.update(self.shown)
        counts.update(t for a in trick for t in a.tiles)
        for t, c in counts.items():
            if c > t.copies:
                raise InconsistentPositionError(
                    f"{t.code} ({t.name_hant}) appears {c} times among holdings, shown tiles and "
                    f"the trick, but a set has {t.copies}",
                    zh=f"{t.code}（{t.name_hant}）在手牌、翻開的牌和這一墩中出現了 {c} 次，但一副牌只有 {t.copies} 張")
        if trick:
            first = trick[0].seat
            if leader is not None and leader != first:
                raise InconsistentPositionError(
                    f"the trick's first action is {SEATS[first]}'s but the leader is {SEATS[leader]}",
                    zh=f"這一墩第一手是 {SEATS[first]} 的，但先出的是 {SEATS[leader]}")
            leader = first
        elif leader is None:
            if sum(self.dong) == 0:
                leader = self.banker
            else:
                raise InconsistentPositionError("say who leads: no trick is in progress and 棟 have "
                                                "been won, so the leader is not the banker by rule",
                                                zh="要寫明誰先出：這一墩還沒開始而已經有人贏了棟，所以先出的不一定是莊家")
        if not 0 <= leader < 4:
            raise InconsistentPositionError(f"leader must be a seat 0–3, not {leader!r}",
                                            zh=f"leader（先出的一家）要是座位 0–3，不是 {leader!r}")
        # sizes: seats that acted in the current trick hold n fewer tiles
        n = trick[0].size if trick else 0
        acted = {(leader + k) % 4 for k in range(len(trick))}
        for k, a in enumerate(trick):
            if a.seat != (leader + k) % 4:
                raise InconsistentPositionError(
                    f"trick action {k + 1} is {SEATS[a.seat]}'s but it is {SEATS[(leader + k) % 4]}'s "
                    "turn (play runs E→S→W→N)",
                    zh=f"這一墩第 {k + 1} 手是 {SEATS[a.seat]} 的，但輪到的是 {SEATS[(leader + k) % 4]}（次序是東→南→西→北）")
        if len(trick) >= 4:
            raise InconsistentPositionError("a trick in progress has at most 3 actions", zh="正在打的一墩最多有 3 手")
        sizes = {len(h) + (n if s in acted else 0) for s, h in enumerate(self.holdings)}
        if len(sizes) != 1:
            raise InconsistentPositionError(
                "all seats hold the same number of tiles (less the tiles played to the current "
                f"trick): holdings are {[len(h) for h in self.holdings]}",
                zh=f"每家手上的牌數要一樣（減去這一墩已出的牌）：現在是 {[len(h) for h in self.holdings]}")
        held = sizes.pop()
        if not 1 <= held <= 8 or (trick and held < n):
            raise InconsistentPositionError(f"seats hold 1–8 tiles before a trick, not {held}",
                                            zh=f"每墩開始時每家有 1–8 張牌，不是 {held}")
        if sum(self.dong) != 8 - held:
            raise InconsistentPositionError(
                f"棟 won ({sum(self.dong)}) must equal the tiles each seat has played in finished "
                f"tricks ({8 - held})", zh=f"贏了的棟（{sum(self.dong)}）要等於每家在打完的墩出了的牌數（{8 - held}）")
        if sum(self.dong) > 0 and self.dong[leader] == 0:
            raise InconsistentPositionError(
                f"{SEATS[leader]} leads but has no 棟: the leader won the previous trick",
                zh=f"{SEATS[leader]} 先出，但沒有棟：先出的一家是贏了上一墩的")
        if sum(self.dong) == 0 and leader != self.banker:
            raise InconsistentPositionError("the banker leads the first trick", zh="第一墩由莊家先出")
        self.leader = self.to_act = leader
        for a in trick:
            try:
                self._verify_rules(a, None)
            except IllegalActionError as exc:
                raise InconsistentPositionError(f"the trick in progress is illegal: {exc}",
                                                zh=f"正在打的一墩不合規則：{exc.message_zh or exc}") from None
            self._record(a)

    def _check_natural(self) -> None:
        order = [(self.banker + k) % 4 for k in range(4)]
        for seat in order:
            natural = find_natural(self.holdings[seat], self.rules)
            if natural is not None:
                self._end_natural(seat, natural)
                return

    def _end_natural(self, seat: int, natural: str) -> None:
        ba_zhi = NATURAL_NAMES[natural][3]
        settlement = settle_natural(seat, ba_zhi, self.banker, self.banker_streak, self.rules)
        self.result = HandResult(seat, (0, 0, 0, 0), Finish(), settlement, Settlement(), natural,
                                 *self._next_bank(seat))
        self.to_act = -1

    # ----------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def tiles_left(self) -> int:
        """Tiles each seat holds before the current trick."""
        return len(self.holdings[self.leader]) + (self.trick_size if self.trick else 0)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act: beating plays (or leads) first, then discards.

        A leader may lead any play of 1–4 tiles (spec §2, §4); a follower may
        beat the best play so far (same class, strictly higher) or discard the
        same number of tiles face down.  On a last trick of one tile a seat
        with no 棟 may only discard.  Empty when the hand is over.
        """
        if self.result is not None:
            return []
        seat = self.to_act
        holding = self.holdings[seat]
        if not self.trick:
            actions = [Action(seat, "play", c) for k in range(1, min(4, len(holding)) + 1)
                       for c in _submultisets(holding, k) if play_of(c, self.rules) is not None]
            if self.rules.lead_face_down:
                actions += [Action(seat, "down", (t,)) for t in sort_tiles(set(holding))]
            return actions
        beating = [Action(seat, "play", c) for c in self._beating(seat)]
        if beating and self.rules.must_beat:
            return beating
        return beating + [Action(seat, "discard", c)
                          for c in _submultisets(holding, self.trick_size)]

    def _beating(self, seat: int) -> list[tuple[Tile, ...]]:
        """Tile sets with which ``seat`` may beat the best play so far."""
        if self.closed or (self.trick_last and self.trick_size == 1 and self.dong[seat] == 0):
            return []
        holding = self.holdings[seat]
        if self.trick[0].kind == "down":
            mine = [t for t in _DOWN_BEATERS if t in holding]
            if not mine:
                return []
            top = mine[0]
            if self.best_play is not None and top.strength <= self.best_play.rank:
                return []
            return [(top,)]
        best = self.best_play
        assert best is not None
        out = []
        for c in _submultisets(holding, self.trick_size):
            p = play_of(c, self.rules)
            if p is not None and beats(best, p, self.rules):
                out.append((c, p.rank))
        if self.rules.must_beat and out:
            top = max(r for _, r in out)
            out = [(c, r) for c, r in out if r == top]
        return [c for c, _ in out]

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` saying why ``action`` is not legal now."""
        if self.result is not None:
            raise IllegalActionError("the hand is over", zh="這一局已經結束")
        if action.seat != self.to_act:
            raise IllegalActionError(
                f"it is {SEATS[self.to_act]}'s turn, not {SEATS[action.seat]}'s "
                "(上家不打，下家不墊: each seat waits for the seat before it)",
                zh=f"現在輪到{_ZH_SEAT[self.to_act]}家，不是{_ZH_SEAT[action.seat]}家（上家不打，下家不墊）")
        if action.unknown:
            raise IllegalActionError("a played action must name its tiles", zh="打出的牌要寫明是哪幾張")
        holding = self.holdings[action.seat]
        if _remove(holding, action.tiles) is None:
            raise IllegalActionError(
                f"{SEATS[action.seat]} does not hold {format_tiles(action.tiles)} "
                f"(holds {format_tiles(holding)})",
                zh=f"{_ZH_SEAT[action.seat]}家手上沒有{format_tiles(action.tiles, 'hant')}"
                   f"（手上是{format_tiles(holding, 'hant')}）")
        self._verify_rules(action, holding)

    def _verify_rules(self, action: Action, holding: tuple[Tile, ...] | None) -> None:
        """The rules part of :meth:`verify`; ``holding`` None skips holding-based checks."""
        seat = action.seat
        if action.kind not in ("play", "discard", "down"):
            raise IllegalActionError(f"unknown action kind {action.kind!r}", zh=f"不認識的出牌方式 {action.kind!r}")
        if not self.trick:
            if action.kind == "discard":
                raise IllegalActionError("the leader must lead a play; only followers discard (墊)",
                                         zh="出牌的人要出一手牌；只有跟牌的人才可以墊牌")
            if action.kind == "down":
                if not self.rules.lead_face_down:
                    raise IllegalActionError("leading face down needs the lead_face_down rule",
                                             zh="面向下先出要有 lead_face_down 這條規則")
                if action.size != 1:
                    raise IllegalActionError("a face-down lead is one tile", zh="面向下先出只可以出一張牌")
                return
            result = try_classify(action.tiles, self.rules)
            if isinstance(result, str):
                raise _not_a_play(action.tiles)
            return
        n = self.trick_size
        if action.size != n:
            raise IllegalActionError(
                f"this trick takes {n} tile{'s' if n > 1 else ''} from each seat, "
                f"not {action.size}", zh=f"這一墩每家出 {n} 張，不是 {action.size} 張")
        if action.kind == "down":
            raise IllegalActionError("only the leader may lead face down", zh="只有先出的一家可以面向下出牌")
        if action.kind == "discard":
            if holding is not None and self.rules.must_beat and self._beating(seat):
                raise IllegalActionError("must_beat: a seat that can beat must beat",
                                         zh="must_beat（有得打就要打）：打得過就一定要打")
            return
        # a face-up play must beat
        if self.closed:
            raise IllegalActionError("the 文尊 was captured (擒尊): nothing beats the 高腳七 pair",
                                     zh="文尊已被擒：沒有牌可以打高腳七對，只能墊牌")
        if self.trick_last and n == 1 and self.dong[seat] == 0:
            raise IllegalActionError(
                f"{SEATS[seat]} has no 棟 and this is the last trick of one tile: it may not beat "
                "(結 needs at least 2 棟); discard instead",
                zh=f"{_ZH_SEAT[seat]}家一棟都沒有，最後一墩又是單張：不可以打，只能墊牌（結牌最少要兩棟）")
        if self.trick[0].kind == "down":
            t = action.tiles[0]
            if t not in _DOWN_BEATERS:
                raise IllegalActionError("after a face-down lead only 天 … 板凳 may be played",
                                         zh="面向下先出之後，只可以出天至板凳的牌")
            if self.best_play is not None and t.strength <= self.best_play.rank:
                raise IllegalActionError(f"{t.code} does not beat {self.best_play}",
                                         zh=f"{t.code} 打不過 {self.best_play}")
            if holding is not None and (t,) not in self._beating(seat):
                raise IllegalActionError("after a face-down lead a seat plays its highest of 天 … 板凳",
                                         zh="面向下先出之後，每家要出自己天至板凳中最大的一張")
            return
        play = play_of(action.tiles, self.rules)
        best = self.best_play
        assert best is not None
        if play is None:
            # (the reason names the tiles, as a lead's refusal does: "44 55" alone was opaque)
            raise _not_a_play(action.tiles, " (discard them face down instead)", "（可以蓋着墊出）")
        if not beats(best, play, self.rules):
            if play.cls != best.cls and not (best.cls == "supreme"):
                why = f"{play.name('en')} ({play.class_name('en')}) cannot beat a {best.class_name('en')}"
                why_zh = (f"{play.name('hant')}（{play.class_name()}）打不到{best.name('hant')}"
                          f"（{best.class_name()}）：不同牌型不能互打")
            elif best.cls == "supreme":
                capture = best.wen_zun and self.rules.wen_zun_capture
                why = f"nothing beats {best.name('en')}" + (" except a pair of 高腳七" if capture else "")
                why_zh = f"{best.name('hant')}無牌可打" + ("（只有高腳七對可以擒）" if capture else "")
            else:
                why = f"{play.name('en')} is not higher than {best.name('en')}"
                why_zh = f"{play.name('hant')}不比{best.name('hant')}大（同等不能打）"
            raise IllegalActionError(f"{why}; play something higher of the same class or discard",
                                     zh=f"{why_zh}；請出同類更大的牌，或者墊牌")
        if holding is not None and self.rules.must_beat and action.tiles not in self._beating(seat):
            raise IllegalActionError("must_beat: beat with your highest play of the class",
                                     zh="must_beat（有得打就要打）：要用這類牌中最大的去打")

    def can(self, action: Action) -> bool:
        """Whether :meth:`verify` would accept ``action``."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    # ----------------------------------------------------------- doing
    def act(self, action: Action | str) -> Action:
        """Verify and apply ``action`` (an :class:`Action` or its notation for the seat to act).

        Returns the action as logged.  Raises NotationError / IllegalActionError.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        self.verify(action)
        self._undo.append(self._snapshot())
        seat = action.seat
        self.holdings = tuple(_remove(h, action.tiles) if s == seat else h  # type: ignore[misc]
                              for s, h in enumerate(self.holdings))
        self.log = self.log + (action,)
        self._record(action)
        return action

    def parse_action(self, text: str) -> Action:
        """An action in notation for the seat to act (``"66 36"``, ``"discard 12 15"``)."""
        if self.result is not None:
            raise IllegalActionError("the hand is over", zh="這手牌已經打完")
        seat = self.to_act
        if ":" in text:
            seat = parse_seat(text.split(":", 1)[0].strip())
        return Action.parse(text, seat=seat, context=self.holdings[seat])

    def _record(self, action: Action) -> None:
        """Put an already verified action into the trick and resolve a full trick."""
        seat = action.seat
        if not self.trick:
            self.trick_size = action.size
            self.trick_last = len(self.holdings[seat]) == 0
            if action.kind == "play":
                self.best_play = play_of(action.tiles, self.rules)
                self.best_seat = seat
                if sum(self.dong) == 0 and not self.tricks:
                    self.first_lead_top = _is_top(self.best_play)
            else:
                self.best_play, self.best_seat = None, None
            self.closed = False
        elif action.kind == "play":
            play = play_of(action.tiles, self.rules)
            assert play is not None
            if self.best_play is not None and captures_wen_zun(self.best_play, play, self.rules):
                self.closed = True
            self.best_play, self.best_seat = play, seat
        if action.kind == "play":
            self.shown = self.shown + action.tiles
        self.trick = self.trick + (action,)
        self.to_act = (seat + 1) % 4
        if len(self.trick) == 4:
            self._resolve()

    def _resolve(self) -> None:
        leader = self.trick[0].seat
        winner = self.best_seat if self.best_seat is not None else leader
        n = self.trick_size
        dong = list(self.dong)
        dong[winner] += n
        self.dong = tuple(dong)
        lead = self.trick[0]
        lead_play = play_of(lead.tiles, self.rules) if lead.kind == "play" else None
        bonus = Settlement()
        if not self.trick_last and lead_play is not None:
            if lead_play.cls == "supreme" and self.rules.he_zun:
                if self.closed:
                    bonus = zun_money(winner, self.banker, self.banker_streak, "qin_zun")
                elif winner == leader:
                    bonus = zun_money(winner, self.banker, self.banker_streak, "he_zun")
            elif lead_play.cls == "four" and self.rules.si_da_he:
                bonus = si_da_he_money(winner, self.banker, self.banker_streak, self.rules)
        record = TrickRecord(leader, self.trick, winner, n, self.trick_last, bonus)
        self.tricks = self.tricks + (record,)
        self.bonuses = self.bonuses + bonus
        if self.trick_last:
            self._finish(record, lead_play)
            return
        self.trick = ()
        self.trick_size = 0
        self.best_play, self.best_seat, self.closed = None, None, False
        self.leader = self.to_act = winner

    def _finish(self, record: TrickRecord, lead_play: Play | None) -> None:
        winner, leader, n = record.winner, record.leader, record.size
        best = self.best_play
        kind, captured = "plain", None
        if winner == leader and lead_play is not None:
            if lead_play.cls in ("civil_single", "military_single") and lead_play.tiles[0].is_yao:
                kind = "yao"
            elif lead_play.cls == "supreme":
                kind = "zun"
            elif lead_play.cls == "four":
                kind = "four"
        elif winner != leader and lead_play is not None and best is not None:
            lead_code = lead_play.tiles[0].code if len(lead_play.tiles) == 1 else None
            won_code = best.tiles[0].code if len(best.tiles) == 1 else None
            if (lead_code, won_code) in (("12", "24"), ("15", "16")):
                kind, captured = "yao", leader
            elif self.closed:
                kind, captured = "zun", leader
            elif best.cls == "four":
                kind = "four"
        guaranteed = n >= 2 or kind == "yao"
        if not guaranteed and winner == leader and lead_play is not None:
            guaranteed = self._unbeatable_single(lead_play)
        finish = Finish(kind, captured, guaranteed, n, self.first_lead_top)
        settlement = settle(banker=self.banker, banker_streak=self.banker_streak,
                            finisher=winner, dong=self.dong, finish=finish, rules=self.rules)
        self.result = HandResult(winner, self.dong, finish, settlement, self.bonuses,  # type: ignore[arg-type]
                                 None, *self._next_bank(winner))
        self.to_act = -1

    def _unbeatable_single(self, lead_play: Play) -> bool:
        """No tile outside the shown ones and the finisher's own could have beaten this
        single (八支 test, spec §6).  Other seats' face-down discards count as unseen; the
        finisher's own face-down leads (``lead_face_down``) are known to it."""
        lead = lead_play.tiles[0]
        seen = Counter(self.shown)  # includes the lead itself and earlier face-up plays
        finisher = self.trick[0].seat
        seen.update(t for rec in self.tricks for a in rec.actions
                    if a.seat == finisher and a.kind == "down" for t in a.tiles)
        for t in TILES:
            if t.suit != lead.suit or seen[t] >= t.copies:
                continue
            p = play_of((t,), self.rules)
            if p is not None and p.rank > lead_play.rank:
                return False
        return True

    def _next_bank(self, finisher: int) -> tuple[int, int]:
        if finisher == self.banker:
            return self.banker, self.banker_streak + 1
        if self.rules.banker_rotation == "rotate":
            return (self.banker + 1) % 4, 1
        return finisher, 1

    def undo(self) -> Action:
        """Take back the last action; returns it.  IllegalActionError when nothing was played."""
        if not self._undo:
            raise IllegalActionError("nothing to undo", zh="沒有可以退回的一步")
        action = self.log[-1]
        self._restore(self._undo.pop())
        return action

    # ----------------------------------------------------------- state
    def _snapshot(self) -> tuple:
        return tuple(getattr(self, name) for name in _STATE) + (self.first_lead_top,)

    def _restore(self, snap: tuple) -> None:
        for name, value in zip(_STATE, snap):
            setattr(self, name, value)
        self.first_lead_top = snap[-1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return (self.rules == other.rules and self.banker == other.banker
                and self.banker_streak == other.banker_streak
                and self._snapshot() == other._snapshot())

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Hand:
        """An independent copy (undo history included)."""
        new = object.__new__(Hand)
        new.__dict__.update(self.__dict__)
        new._undo = list(self._undo)
        return new

    def __repr__(self) -> str:
        held = " | ".join(f"{SEATS[s]} {format_tiles(h)}" for s, h in enumerate(self.holdings))
        return f"<Hand {held}; 棟 {self.dong}; to act {SEATS[self.to_act] if self.to_act >= 0 else '-'}>"

    def to_json(self) -> dict:
        """The position as JSON (what the browser widgets draw)."""
        return {
            "rules": self.rules.overrides(), "banker": SEATS[self.banker],
            "banker_streak": self.banker_streak,
            "holdings": {SEATS[s]: [t.code for t in h] for s, h in enumerate(self.holdings)},
            "dong": dict(zip(SEATS, self.dong)), "leader": SEATS[self.leader],
            "to_act": SEATS[self.to_act] if self.to_act >= 0 else None,
            "trick": [a.to_json() for a in self.trick], "trick_last": self.trick_last,
            "best": None if self.best_seat is None else SEATS[self.best_seat],
            "shown": [t.code for t in self.shown],
            "tricks": [{"leader": SEATS[r.leader], "winner": SEATS[r.winner], "size": r.size,
                        "actions": [a.to_json() for a in r.actions],
                        "bonuses": r.bonuses.to_json()} for r in self.tricks],
            "bonuses": self.bonuses.to_json(),
            "result": None if self.result is None else self.result.to_json(),
        }


def _is_top(play: Play | None) -> bool:
    """天, 九 or 至尊 in a first lead (``banker_ba_zhi_strict``)."""
    if play is None:
        return False
    return play.cls == "supreme" or any(t.code == "66" or t.value == 9 for t in play.tiles)

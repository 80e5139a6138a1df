"""Positions in TOML: load, validate, dump (the solver's input; puzzles embed them).

A *position* is a moment inside a hand: who holds what, the 棟 won so far, the
trick in progress and what has been shown face up.  Every field is checked;
an inconsistent position is rejected with
:class:`~tianjiu_core.errors.InconsistentPositionError` (or
:class:`~tianjiu_core.errors.NotationError` for a bad tile) whose message
starts with the field, e.g. ``position: tiles.W: …``.

Schema (``format = "tianjiu-position/1"``; every key but ``[tiles]`` optional):

.. code-block:: toml

    format = "tianjiu-position/1"
    banker = "E"              # 莊, seat E S W N (default E)
    banker_streak = 1         # hands this banker has held the bank, this one included (≥ 1)
    leader = "E"              # who leads the trick in progress (or the next trick);
                              #   default: the banker when no 棟 has been won
    to_act = "S"              # optional; checked against leader + trick
    hero = "S"                # whose result the solver reports (default: the seat to act)
    first_lead_top = false    # the hand's first lead was 天, 九 or 至尊 (only
                              #   banker_ba_zhi_strict reads it; default false)
    shown = "55 55 33 46"     # tiles shown face up in *finished* tricks (string or list);
                              #   only the 八支 test reads it: a tile not listed counts as
                              #   unseen (default: none listed)
    trick = ["66 36", "discard - -"]   # the trick in progress, from the leader on:
                              #   a play as tile codes, a face-down discard as
                              #   "discard" + codes, or "-" for each unknown tile
                              #   (a seat letter "S: …" may prefix each entry)

    [rules]                   # a preset plus overrides (spec §7b); default hk
    preset = "hk"
    empty_dong_units = 4

    [tiles]                   # what each seat holds now (pip codes); "-" = unknown
    E = "66 36"               #   (unknown tiles only make sense for hidden-hand solving)
    S = "12 15 33"
    W = "- - -"
    N = "44 25 13"

    [dong]                    # 棟 won in finished tricks (default 0)
    E = 3
    S = 1
    W = 1
    N = 0

    [discarded]               # optional: tiles a seat is known to have discarded face
    S = "22"                  #   down in finished tricks (its own, for hidden solving)

Consistency checked on load: every seat holds the same number of tiles before
the trick in progress (a seat that acted in it holds ``size`` fewer); the 棟
add up to the tiles each seat has played in finished tricks (8 − that
number); no face appears more often than the set has it (holdings, shown,
trick and known discards together); at most 4 × (finished tricks' tiles) were shown or discarded;
the leader won the last trick (has 棟) or, before any 棟, is the banker; the
trick in progress is legal, including who may beat (a seat with no 棟 may not
beat a last trick of one tile); and a position before the first trick has no
natural hand (例牌), which would have ended the hand at the deal.

>>> p = Position.loads('''
... leader = "E"
... trick = ["66"]
... [tiles]
... E = "11"
... S = "66 12"
... W = "36 44"
... N = "15 16"
... [dong]
... E = 6
... ''')
>>> SEATS[p.to_act], p.tiles_left, Position.loads(p.dumps()) == p
('S', 2, True)
>>> Position.loads('[tiles]\\nE = "66"\\nS = "11"\\nW = "12"\\nN = "15 16"')
Traceback (most recent call last):
...
tianjiu_core.errors.InconsistentPositionError: position: tiles: every seat holds the same number of tiles before the trick in progress (a seat that acted in it holds that many fewer), but E 1, S 1, W 1, N 2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import InconsistentPositionError, NotationError, TianJiuError
from ..limits import TomlTextError, parse_toml, quote, read_text
from .game import Action, Hand, find_natural
from ..notation import SEATS, format_tiles, parse_seat, parse_tiles, sort_tiles
from .rules import Rules
from ..tiles import FULL_SET, Tile
from ..tomlw import dumps as toml_dumps

__all__ = ["Position", "FORMAT"]

FORMAT = "tianjiu-position/1"

_KEYS = {"format", "banker", "banker_streak", "leader", "to_act", "hero", "first_lead_top",
         "shown", "trick", "rules", "tiles", "dong", "discarded"}


def _err(where: str, message: str, zh: str | None = None) -> InconsistentPositionError:
    """The error for field ``where``: ``message`` in English, ``zh`` the same in 繁體."""
    return InconsistentPositionError(f"position: {where}: {message}",
                                     zh=f"局面 {where}：{zh}" if zh else None)


def _key(key: Any) -> str:
    """A table key as a message shows it (a huge or odd key is quoted short)."""
    return key if isinstance(key, str) and len(key) <= 40 else quote(key)


def _seat(value: Any, where: str) -> int:
    if isinstance(value, str) and len(value) <= 40 or isinstance(value, int) and not isinstance(value, bool):
        try:
            return parse_seat(value)
        except (TypeError, ValueError):
            pass
    raise _err(where, f"{quote(value)} is not a seat: use E, S, W, N", zh=f"{quote(value)} 不是座位：要寫 E、S、W、N")


def _tiles_field(value: Any, where: str, unknown_ok: bool = False) -> tuple[tuple[Tile, ...], int]:
    """Tiles from ``"66 36"`` or ``["66", "36"]``; returns (known tiles, number of '-')."""
    if isinstance(value, list):
        if len(value) > 32 or not all(isinstance(v, str) for v in value):
            raise _err(where, f"tiles must be at most 32 strings of pip codes, not {quote(value)}",
                       zh=f"牌要是最多 32 個點數寫法的字串，不是 {quote(value)}")
        value = " ".join(value)
    if not isinstance(value, str):
        raise _err(where, f"tiles must be a string like \"66 36\" or a list of codes, not {quote(value)}",
                   zh=f"牌要寫成 \"66 36\" 這樣的字串，或點數的列表，不是 {quote(value)}")
    words = value.split()
    unknown = sum(1 for w in words if w == "-")
    if unknown and not unknown_ok:
        raise _err(where, "'-' (an unknown tile) is not allowed here", zh="這裏不可以用「-」（看不到的牌）")
    known = " ".join(w for w in words if w != "-")
    try:
        tiles = parse_tiles(known) if known.strip() else ()
    except NotationError as exc:
        raise NotationError(f"position: {where}: {exc}", zh=f"局面 {where}：{exc.message_zh or exc}") from None
    return sort_tiles(tiles), unknown


def _text(tiles: Sequence[Tile], unknown: int = 0) -> str:
    return " ".join([t.code for t in tiles] + ["-"] * unknown)


@dataclass(frozen=True)
class Position:
    """A position inside a hand (see the module docstring for the TOML schema).

    holdings: four tuples of known tiles (E S W N); unknown: how many ``-``
    tiles each seat holds besides.  dong: 棟 per seat.  leader: seat leading the
    trick in progress or the next one.  trick: its actions, from the leader.
    shown: tiles shown face up in finished tricks.  discarded: tiles each seat is
    known to have discarded face down in finished tricks.  hero: the solver's
    seat (None: the seat to act).  Validated on construction.
    """

    rules: Rules = field(default_factory=Rules)
    banker: int = 0
    banker_streak: int = 1
    holdings: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    unknown: tuple[int, int, int, int] = (0, 0, 0, 0)
    dong: tuple[int, int, int, int] = (0, 0, 0, 0)
    leader: int = 0
    trick: tuple[Action, ...] = ()
    shown: tuple[Tile, ...] = ()
    discarded: tuple[tuple[Tile, ...], ...] = ((), (), (), ())
    hero: int | None = None
    first_lead_top: bool = False

    def __post_init__(self) -> None:
        self._validate()

    # ------------------------------------------------------------ derived
    @property
    def to_act(self) -> int:
        """The seat to act: the leader, or the seat after the trick's last action."""
        return (self.leader + len(self.trick)) % 4

    @property
    def hero_seat(self) -> int:
        """``hero``, or the seat to act when none is named."""
        return self.to_act if self.hero is None else self.hero

    @property
    def trick_size(self) -> int:
        return self.trick[0].size if self.trick else 0

    @property
    def tiles_left(self) -> int:
        """Tiles each seat holds before the trick in progress."""
        return len(self.holdings[self.leader]) + self.unknown[self.leader] + self.trick_size

    @property
    def is_open(self) -> bool:
        """True when every holding is known (the open solver can run)."""
        return not any(self.unknown)

    # ------------------------------------------------------------ checks
    def _validate(self) -> None:
        if not isinstance(self.rules, Rules):
            raise _err("rules", f"must be Rules, not {type(self.rules).__name__}",
                       zh=f"要是 Rules，不是 {type(self.rules).__name__}")
        if not isinstance(self.banker, int) or isinstance(self.banker, bool) or not 0 <= self.banker < 4:
            raise _err("banker", f"must be a seat, not {quote(self.banker)}",
                       zh=f"要是一個座位，不是 {quote(self.banker)}")
        if (not isinstance(self.banker_streak, int) or isinstance(self.banker_streak, bool)
                or not 1 <= self.banker_streak <= 1000):
            raise _err("banker_streak", "counts the hands this banker has held the bank, this one "
                       f"included, so it is a whole number ≥ 1 (at most 1000), not {quote(self.banker_streak)}",
                       zh=f"是這個莊家連續做莊的手數（連這一手），所以是 ≥ 1 的整數（最多 1000），不是 {quote(self.banker_streak)}")
        if len(self.holdings) != 4 or len(self.unknown) != 4 or len(self.dong) != 4:
            raise _err("tiles", "give all four seats (E S W N)", zh="要寫齊四家（東南西北）")
        for s, d in enumerate(self.dong):
            if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= 8:
                raise _err(f"dong.{SEATS[s]}", f"棟 won is a whole number 0–8, not {quote(d)}",
                           zh=f"贏了的棟是 0–8 的整數，不是 {quote(d)}")
        if self.hero is not None and (not isinstance(self.hero, int) or not 0 <= self.hero < 4):
            raise _err("hero", f"must be a seat, not {quote(self.hero)}", zh=f"要是一個座位，不是 {quote(self.hero)}")
        if not 0 <= self.leader < 4:
            raise _err("leader", f"must be a seat, not {quote(self.leader)}",
                       zh=f"要是一個座位，不是 {quote(self.leader)}")
        trick = self.trick
        if len(trick) > 3:
            raise _err("trick", f"a trick in progress has at most 3 actions, not {len(trick)}",
                       zh=f"正在打的一墩最多有 3 手，不是 {len(trick)} 手")
        for i, a in enumerate(trick):
            if a.seat != (self.leader + i) % 4:
                raise _err(f"trick[{i}]", f"is {SEATS[a.seat]}'s action but it is "
                           f"{SEATS[(self.leader + i) % 4]}'s turn (leader {SEATS[self.leader]}; "
                           "play runs E→S→W→N)",
                           zh=f"這是 {SEATS[a.seat]} 的一手，但輪到的是 {SEATS[(self.leader + i) % 4]}（{SEATS[self.leader]} 先出；次序是東→南→西→北）")
            if i and a.size != trick[0].size:
                raise _err(f"trick[{i}]", f"uses {a.size} tiles but the lead used {trick[0].size}",
                           zh=f"用了 {a.size} 張牌，但先出的用了 {trick[0].size} 張")
            if i == 0 and a.kind == "discard":
                raise _err("trick[0]", "the leader leads a play; only followers discard (墊)",
                           zh="先出的一家要出牌；只有跟的人可以墊")
            if i and a.kind == "down":
                raise _err(f"trick[{i}]", "only the leader may lead face down", zh="只有先出的一家可以面向下出牌")
        k = self.trick_size
        acted = {(self.leader + i) % 4 for i in range(len(trick))}
        before = [len(h) + u + (k if s in acted else 0)
                  for s, (h, u) in enumerate(zip(self.holdings, self.unknown))]
        if len(set(before)) != 1:
            raise _err("tiles", "every seat holds the same number of tiles before the trick in "
                       "progress (a seat that acted in it holds that many fewer), but "
                       + ", ".join(f"{SEATS[s]} {len(h) + u}" for s, (h, u)
                                   in enumerate(zip(self.holdings, self.unknown))),
                       zh="這一墩開始前每家的牌數要一樣（這一墩已出過的一家少那麼多張），但現在是 " + "、".join(f"{SEATS[s]} {len(h) + u}" for s, (h, u) in enumerate(zip(self.holdings, self.unknown))))
        n = before[0]
        if not 1 <= n <= 8:
            raise _err("tiles", f"seats hold 1–8 tiles before a trick, not {n}", zh=f"每墩開始時每家有 1–8 張牌，不是 {n}")
        if trick and k > n:
            raise _err("trick", f"a {k}-tile trick but seats held only {n} tiles",
                       zh=f"這一墩每家出 {k} 張，但每家只有 {n} 張牌")
        if sum(self.dong) != 8 - n:
            raise _err("dong", f"棟 won add up to {sum(self.dong)}, but each seat has played "
                       f"{8 - n} tiles in finished tricks (8 − {n} held), so they must add up "
                       f"to {8 - n}",
                       zh=f"贏了的棟加起來是 {sum(self.dong)}，但每家在打完的墩出了 {8 - n} 張（8 − 手上 {n} 張），所以要加起來是 {8 - n}")
        if sum(self.dong) == 0 and self.leader != self.banker:
            raise _err("leader", f"before any 棟 is won the banker ({SEATS[self.banker]}) leads, "
                       f"not {SEATS[self.leader]}",
                       zh=f"還沒有人贏棟時由莊家（{SEATS[self.banker]}）先出，不是 {SEATS[self.leader]}")
        if sum(self.dong) and self.dong[self.leader] == 0:
            raise _err("leader", f"{SEATS[self.leader]} has no 棟, so it did not win the last "
                       "trick and cannot lead", zh=f"{SEATS[self.leader]} 沒有棟，即是沒有贏上一墩，不可以先出")
        if self.to_act in acted:  # pragma: no cover - impossible with ≤ 3 actions
            raise _err("trick", "the seat to act has already acted", zh="輪到的一家在這一墩已經出過")
        # tile counts
        counts: Counter[Tile] = Counter()
        where: dict[Tile, list[str]] = {}

        def add(tiles: Sequence[Tile], label: str) -> None:
            for t in tiles:
                counts[t] += 1
                if label not in where.setdefault(t, []):
                    where[t].append(label)

        for s in range(4):
            add(self.holdings[s], f"tiles.{SEATS[s]}")
            add(self.discarded[s], f"discarded.{SEATS[s]}")
        add(self.shown, "shown")
        for i, a in enumerate(trick):
            add(a.tiles, f"trick[{i}]")
        for t, c in counts.items():
            if c > t.copies:
                raise _err(", ".join(where[t]), f"{t.code} ({t.name_hant}) appears {c} times but a "
                           f"set has {t.copies}", zh=f"{t.code}（{t.name_hant}）出現了 {c} 次，但一副牌只有 {t.copies} 張")
        played = 4 * (8 - n)
        if len(self.shown) > played:
            raise _err("shown", f"{len(self.shown)} tiles shown face up, but only {played} were "
                       "played in finished tricks", zh=f"翻開了 {len(self.shown)} 張牌，但打完的墩只出了 {played} 張")
        for s in range(4):
            if len(self.discarded[s]) > 8 - n:
                raise _err(f"discarded.{SEATS[s]}", f"{SEATS[s]} played only {8 - n} tiles in "
                           f"finished tricks, not {len(self.discarded[s])}",
                           zh=f"{SEATS[s]} 在打完的墩只出了 {8 - n} 張，不是 {len(self.discarded[s])} 張")
        if len(self.shown) + sum(len(d) for d in self.discarded) > played:
            raise _err("discarded", "more tiles shown and discarded than were played", zh="翻開的和墊下的牌比出了的牌還多")
        if n == 8 and not trick and self.rules.natural_hands != "none":
            for s in range(4):
                if not self.unknown[s]:
                    nat = find_natural(self.holdings[s], self.rules)
                    if nat is not None:
                        raise _err(f"tiles.{SEATS[s]}", f"{format_tiles(self.holdings[s])} is a "
                                   f"natural hand (例牌 {nat}): the hand ended at the deal",
                                   zh=f"{format_tiles(self.holdings[s])} 是例牌（{nat}）：這手牌在派牌時已經完了")
        # the engine checks the trick's legality (who may beat, sizes, plays)
        try:
            self._hand(self._filled())
        except InconsistentPositionError as exc:
            raise _err("trick" if trick else "tiles", str(exc), zh=exc.message_zh or str(exc)) from None

    # ------------------------------------------------------------ to and from Hand
    def _filled(self) -> list[tuple[Tile, ...]]:
        """Holdings with unknown tiles replaced by tiles nobody is known to have."""
        if self.is_open:
            return [tuple(h) for h in self.holdings]
        used = Counter(t for h in self.holdings for t in h) + Counter(self.shown)
        used += Counter(t for a in self.trick for t in a.tiles)
        used += Counter(t for d in self.discarded for t in d)
        spare = []
        for t in FULL_SET:
            if used[t] < t.copies:
                used[t] += 1
                spare.append(t)
        out = []
        for h, u in zip(self.holdings, self.unknown):
            if u > len(spare):
                raise _err("tiles", "more unknown tiles than unseen tiles", zh="看不到的牌比未見過的牌還多")
            out.append(tuple(h) + tuple(spare[:u]))
            spare = spare[u:]
        return out

    def _hand(self, holdings: list[tuple[Tile, ...]]) -> Hand:
        return Hand(self.rules, banker=self.banker, banker_streak=self.banker_streak,
                    holdings=holdings, dong=self.dong, trick=self.trick, leader=self.leader,
                    shown=self.shown, first_lead_top=self.first_lead_top)

    def to_hand(self, fill_unknown: bool = False) -> Hand:
        """The :class:`Hand` at this position.

        Unknown (``-``) holdings raise :class:`InconsistentPositionError` unless
        ``fill_unknown``: then they are filled with unseen tiles (any will do
        for hidden-hand solving, which re-deals them).
        """
        if not self.is_open and not fill_unknown:
            seats = ", ".join(SEATS[s] for s in range(4) if self.unknown[s])
            raise _err(f"tiles.{seats.split(',')[0]}", f"unknown tiles '-' in {seats}: the open "
                       "solver needs every holding (use hidden-hand solving)",
                       zh=f"{seats} 有看不到的牌「-」：明牌解題要知道每家的牌（請用暗牌解題）")
        return self._hand(self._filled())

    @classmethod
    def from_hand(cls, hand: Hand, hero: int | None = None,
                  discarded: Sequence[Sequence[Tile]] = ((), (), (), ())) -> Position:
        """The position of a live :class:`Hand` (its shown tiles minus the current trick's)."""
        if hand.is_over:
            raise InconsistentPositionError("position: the hand is over", zh="局面：這手牌已經打完")
        shown = list(hand.shown)
        for a in hand.trick:
            if a.kind == "play":
                for t in a.tiles:
                    shown.remove(t)
        return cls(rules=hand.rules, banker=hand.banker, banker_streak=hand.banker_streak,
                   holdings=tuple(tuple(h) for h in hand.holdings), unknown=(0, 0, 0, 0),
                   dong=tuple(hand.dong), leader=hand.leader, trick=tuple(hand.trick),  # type: ignore[arg-type]
                   shown=sort_tiles(shown), discarded=tuple(sort_tiles(d) for d in discarded),
                   hero=hero, first_lead_top=bool(hand.first_lead_top) if sum(hand.dong) else False)

    def seat_view(self, seat: int) -> Position:
        """What ``seat`` sees of this position, for hidden-hand solving from its chair: its own
        tiles; every other holding as unknown tiles (``-``, the counts kept); another seat's
        face-down discard in the trick in progress as ``discard - …``; the shown tiles, 棟,
        leader and rules as they are; only ``seat``'s own known discards; ``hero`` = ``seat``.

        Raises :class:`InconsistentPositionError` (field ``trick``) when the trick in progress
        holds another seat's face-down *lead* (``lead_face_down``): a position cannot write an
        unknown lead.

        >>> p = Position.loads('''leader = "E"
        ... trick = ["66", "discard 12"]
        ... [tiles]
        ... E = "44"
        ... S = "22"
        ... W = "11 33"
        ... N = "55 56"
        ... [dong]
        ... E = 4
        ... S = 2''')
        >>> v = p.seat_view(2)
        >>> v.to_dict()["tiles"], v.to_dict()["trick"], v.hero
        ({'E': '-', 'S': '-', 'W': '11 33', 'N': '- -'}, ['66', 'discard -'], 2)
        """
        trick = []
        for a in self.trick:
            if a.seat != seat and a.kind == "down":
                raise _err("trick", f"{SEATS[a.seat]} led face down: a trick with a lead {SEATS[seat]} "
                           "could not see cannot be judged from its view",
                           zh=f"{SEATS[a.seat]} 蓋牌先出：{SEATS[seat]} 看不到先出的牌，這一墩不能按它所見評估")
            if a.seat != seat and a.kind == "discard" and a.tiles:
                a = Action.parse(f"{SEATS[a.seat]}: discard " + " ".join(["-"] * (len(a.tiles) + a.unknown)))
            trick.append(a)
        holdings = tuple(h if s == seat else () for s, h in enumerate(self.holdings))
        unknown = tuple(u if s == seat else u + len(self.holdings[s])
                        for s, u in enumerate(self.unknown))
        discarded = tuple(d if s == seat else () for s, d in enumerate(self.discarded))
        return Position(rules=self.rules, banker=self.banker, banker_streak=self.banker_streak,
                        holdings=holdings, unknown=unknown, dong=self.dong,  # type: ignore[arg-type]
                        leader=self.leader, trick=tuple(trick), shown=self.shown,
                        discarded=discarded, hero=seat, first_lead_top=self.first_lead_top)

    # ------------------------------------------------------------ dict / TOML
    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Position:
        """A position from parsed TOML (or the same shape in JSON).

        ``holdings`` is accepted as another name for ``tiles``.
        """
        if not isinstance(data, dict):
            raise _err("(top)", "a position is a table of fields", zh="局面是一個有欄位的表")
        data = dict(data)
        if "holdings" in data and "tiles" not in data:
            data["tiles"] = data.pop("holdings")
        unknown_keys = sorted((k for k in data if k not in _KEYS), key=str)
        if unknown_keys:
            raise _err(_key(unknown_keys[0]), f"unknown field; known: {', '.join(sorted(_KEYS))}",
                       zh=f"不認識的欄位；認識的有：{', '.join(sorted(_KEYS))}")
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise _err("format", f"expected {FORMAT!r}, not {quote(fmt)}",
                       zh=f"應該是 {FORMAT!r}，不是 {quote(fmt)}")
        try:
            rules = Rules.from_dict(data.get("rules"))
        except TianJiuError as exc:
            raise _err("rules", str(exc), zh=exc.message_zh or str(exc)) from None
        banker = _seat(data.get("banker", "E"), "banker")
        streak = data.get("banker_streak", 1)
        tiles = data.get("tiles")
        if not isinstance(tiles, dict):
            raise _err("tiles", "give each seat's tiles: [tiles] E = \"66 36\" …",
                       zh="要寫每家的牌：[tiles] E = \"66 36\" …")
        holdings: list[tuple[Tile, ...]] = [(), (), (), ()]
        unknown = [0, 0, 0, 0]
        seen_seats = set()
        for key, value in tiles.items():
            s = _seat(key, f"tiles.{_key(key)}")
            if s in seen_seats:
                raise _err(f"tiles.{_key(key)}", f"seat {SEATS[s]} given twice", zh=f"{SEATS[s]} 寫了兩次")
            seen_seats.add(s)
            holdings[s], unknown[s] = _tiles_field(value, f"tiles.{SEATS[s]}", unknown_ok=True)
        if len(seen_seats) != 4:
            missing = [SEATS[s] for s in range(4) if s not in seen_seats]
            raise _err("tiles", f"missing {', '.join(missing)} (write \"\" for none)",
                       zh=f"缺了 {', '.join(missing)}（沒有牌就寫 \"\"）")
        dong = [0, 0, 0, 0]
        dong_in = data.get("dong", {})
        if not isinstance(dong_in, dict):
            raise _err("dong", "give 棟 per seat: [dong] E = 2 …", zh="要寫每家的棟：[dong] E = 2 …")
        for key, value in dong_in.items():
            s = _seat(key, f"dong.{_key(key)}")
            if not isinstance(value, int) or isinstance(value, bool):
                raise _err(f"dong.{SEATS[s]}", f"棟 won is a whole number, not {quote(value)}",
                           zh=f"贏了的棟是整數，不是 {quote(value)}")
            dong[s] = value
        trick_in = data.get("trick", [])
        if (not isinstance(trick_in, list) or len(trick_in) > 3
                or not all(isinstance(x, str) and len(x) <= 200 for x in trick_in)):
            raise _err("trick", "the trick in progress is a list of actions like [\"66 36\", \"discard - -\"]",
                       zh="正在打的一墩是出牌的列表，例如 [\"66 36\", \"discard - -\"]")
        if "leader" in data:
            leader = _seat(data["leader"], "leader")
        elif sum(dong) == 0:
            leader = banker
        else:
            raise _err("leader", "say who leads (棟 have been won, so it is not the banker by rule)",
                       zh="要寫明誰先出（已經有人贏了棟，所以不一定是莊家）")
        trick = []
        for i, text in enumerate(trick_in):
            seat = (leader + i) % 4
            try:
                a = Action.parse(text, seat=SEATS[seat])
            except NotationError as exc:
                raise NotationError(f"position: trick[{i}]: {exc}",
                                    zh=f"局面 trick[{i}]：{exc.message_zh or exc}") from None
            trick.append(a)
        shown, _ = _tiles_field(data.get("shown", ""), "shown")
        discarded: list[tuple[Tile, ...]] = [(), (), (), ()]
        disc_in = data.get("discarded", {})
        if not isinstance(disc_in, dict):
            raise _err("discarded", "give known discards per seat: [discarded] S = \"22\"",
                       zh="要寫每家已知的墊牌：[discarded] S = \"22\"")
        for key, value in disc_in.items():
            s = _seat(key, f"discarded.{_key(key)}")
            discarded[s], _ = _tiles_field(value, f"discarded.{SEATS[s]}")
        hero = _seat(data["hero"], "hero") if "hero" in data else None
        flt = data.get("first_lead_top", False)
        if not isinstance(flt, bool):
            raise _err("first_lead_top", f"must be true or false, not {quote(flt)}",
                       zh=f"要是 true 或 false，不是 {quote(flt)}")
        pos = cls(rules=rules, banker=banker, banker_streak=streak,
                  holdings=tuple(holdings), unknown=tuple(unknown),  # type: ignore[arg-type]
                  dong=tuple(dong), leader=leader, trick=tuple(trick),  # type: ignore[arg-type]
                  shown=shown, discarded=tuple(discarded), hero=hero, first_lead_top=flt)
        if "to_act" in data:
            to_act = _seat(data["to_act"], "to_act")
            if to_act != pos.to_act:
                raise _err("to_act", f"is {SEATS[to_act]} but the leader {SEATS[leader]} and "
                           f"{len(trick)} action(s) in the trick make it {SEATS[pos.to_act]}",
                           zh=f"寫了 {SEATS[to_act]}，但按先出的 {SEATS[leader]} 和這一墩已出的 {len(trick)} 手，輪到的是 {SEATS[pos.to_act]}")
        return pos

    def to_dict(self) -> dict[str, Any]:
        """The position as plain data (TOML/JSON shape); ``from_dict`` rebuilds it."""
        out: dict[str, Any] = {"format": FORMAT, "banker": SEATS[self.banker],
                               "banker_streak": self.banker_streak,
                               "leader": SEATS[self.leader], "to_act": SEATS[self.to_act]}
        if self.hero is not None:
            out["hero"] = SEATS[self.hero]
        if self.first_lead_top:
            out["first_lead_top"] = True
        out["shown"] = _text(self.shown)
        out["trick"] = [a.notation() for a in self.trick]
        out["rules"] = self.rules.overrides()
        out["tiles"] = {SEATS[s]: _text(self.holdings[s], self.unknown[s]) for s in range(4)}
        out["dong"] = {SEATS[s]: self.dong[s] for s in range(4)}
        if any(self.discarded):
            out["discarded"] = {SEATS[s]: _text(self.discarded[s]) for s in range(4)
                                if self.discarded[s]}
        return out

    @classmethod
    def loads(cls, text: str) -> Position:
        """A position from TOML text.  Raises NotationError for bad TOML or tiles and
        InconsistentPositionError (message starts ``position: FIELD:``) otherwise.

        A document whose position sits in a ``[position]`` table (a puzzle file, or
        ``tests/solver/positions/*.toml``) is read from that table.
        """
        if isinstance(text, str) and not text.strip("\ufeff \t\r\n"):
            raise NotationError("position: the text is empty", zh="局面：是空的")
        try:
            data = parse_toml(text, "position", "局面")   # (also refuses text that is not a string)
        except TomlTextError as exc:
            raise NotationError(f"position: not valid TOML: {exc.en}", zh=f"局面：不是正確的 TOML：{exc.zh}") from None
        if isinstance(data.get("position"), dict) and "tiles" not in data:
            stray = sorted(k for k in data if k in _KEYS and k != "format")
            if stray:   # (other keys belong to the document: a puzzle's id, a test's [expect])
                raise _err(stray[0], "a position key outside the [position] table (move it into the "
                           "table, or leave the table out)", zh="這是局面的欄位，卻寫在 [position] 表外面（移進表內，或者不用這個表）")
            data = data["position"]
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str) -> Position:
        """A position from a TOML file (errors name the file)."""
        text = read_text(path, "position", error=InconsistentPositionError)
        try:
            return cls.loads(text)
        except TianJiuError as exc:
            raise type(exc)(f"{path}: {exc}", zh=f"{path}：{exc.message_zh}" if exc.message_zh else None) from None

    def dumps(self) -> str:
        """TOML text; ``Position.loads(p.dumps()) == p``."""
        return toml_dumps(self.to_dict())


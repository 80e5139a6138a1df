"""Hidden hands: the seat to act sees only its own tiles and the shown ones (issue 4).

:func:`solve_hidden` deals the tiles the seat to act cannot see in every way
consistent with what it has seen (or a seeded sample of them), solves each deal
open with :func:`tianjiu_core.solver.search.solve` and reports each action's
expected value (stake units) and how often it is best.  :func:`hidden_deals`
gives those deals.  Spec §4–§6; method in docs/solver.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import IllegalActionError, InconsistentPositionError
from ..notation import SEATS, sort_tiles
from ..tiengow.game import Action, Hand
from ..tiles import TILES, Tile
from .search import INF, BudgetExceededError, compositions, solve

__all__ = ["HiddenActionValue", "HiddenSolution", "solve_hidden", "hidden_deals"]


@dataclass(frozen=True)
class HiddenActionValue:
    """One action under hidden hands: mean value over the deals (weighted) and the
    share of deals in which it is (one of) the best; ``group``: equivalent in every deal."""

    action: Action
    expected_value: float
    best_share: float
    group: int
    min_value: int
    max_value: int

    def to_json(self) -> dict:
        return {"action": self.action.notation(), "expected_value": round(self.expected_value, 4),
                "best_share": round(self.best_share, 4), "group": self.group,
                "min_value": self.min_value, "max_value": self.max_value}


@dataclass(frozen=True)
class HiddenSolution:
    """The hidden-hand answer (see :func:`solve_hidden`).

    deals: deals solved; exhaustive: True when every consistent deal was solved
    (weighted by how many ways the physical tiles fall), False for a seeded
    sample; total_deals: distinct consistent deals; seed: the sample's seed.
    """

    hero: int
    actions: tuple[HiddenActionValue, ...]
    deals: int
    exhaustive: bool
    total_deals: int
    seed: int | None
    nodes: int
    seconds: float

    @property
    def expected_value(self) -> float:
        return max(a.expected_value for a in self.actions)

    def to_json(self) -> dict:
        return {"hero": SEATS[self.hero], "to_act": SEATS[self.hero],
                "expected_value": round(self.expected_value, 4),
                "actions": [a.to_json() for a in self.actions], "deals": self.deals,
                "exhaustive": self.exhaustive, "total_deals": self.total_deals,
                "seed": self.seed, "nodes": self.nodes, "seconds": round(self.seconds, 4)}


def _multinomial_deals(pool: dict[int, int], sizes: list[int]) -> list[tuple[list[dict[int, int]], int]]:
    """Every way to give ``sizes[i]`` tiles of the multiset ``pool`` (face → copies)
    to slot i, with its weight: how many assignments of the physical tiles give it."""
    faces = sorted(pool)
    out: list[tuple[list[dict[int, int]], int]] = []
    slots = len(sizes)

    def rec(i: int, left: list[int], parts: list[dict[int, int]], weight: int) -> None:
        if i == len(faces):
            if all(x == 0 for x in left):
                out.append(([dict(p) for p in parts], weight))
            return
        face = faces[i]
        c = pool[face]
        remaining_after = sum(pool[f] for f in faces[i + 1:])
        # split c copies among the slots
        for split in compositions(c, slots):
            if any(s > l for s, l in zip(split, left)):
                continue
            new_left = [l - s for s, l in zip(split, left)]
            if sum(new_left) > remaining_after:
                continue
            w = _fact(c)
            for s in split:
                w //= _fact(s)
            for j, s in enumerate(split):
                if s:
                    parts[j][face] = s
            rec(i + 1, new_left, parts, weight * w)
            for j, s in enumerate(split):
                if s:
                    del parts[j][face]

    rec(0, list(sizes), [{} for _ in sizes], 1)
    return out


def _fact(n: int) -> int:
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


def _count_deals(pool: dict[int, int], sizes: list[int]) -> int:
    """How many distinct deals (multisets per slot) there are."""
    faces = sorted(pool)
    memo: dict[tuple, int] = {}

    def rec(i: int, left: tuple[int, ...]) -> int:
        if i == len(faces):
            return 1 if not any(left) else 0
        key = (i, left)
        if key in memo:
            return memo[key]
        total = 0
        for split in compositions(pool[faces[i]], len(left)):
            if all(s <= l for s, l in zip(split, left)):
                total += rec(i + 1, tuple(l - s for s, l in zip(split, left)))
        memo[key] = total
        return total

    return rec(0, tuple(sizes))


def hidden_deals(hand: Hand, *, known_discards: Sequence[Tile] = (), samples: int = 64,
                 seed: int = 0, exhaustive_limit: int = 256
                 ) -> tuple[list[tuple[list[tuple[Tile, ...]], int]], bool, int]:
    """The deals :func:`solve_hidden` solves: ``(deals, exhaustive, total)``.

    deals: ``(holdings of the other three seats in seat order after the seat to
    act, weight)``; exhaustive: every consistent deal is listed (weights count
    the physical arrangements of the tiles) or a seeded sample (weights 1);
    total: the number of distinct deals of the unseen tiles.
    """
    from collections import Counter

    from ..rng import Rng
    from ..tiengow.game import find_natural

    seat = hand.to_act
    seen = Counter(hand.holdings[seat]) + Counter(hand.shown) + Counter(known_discards)
    for t, c in seen.items():
        if c > t.copies:
            raise InconsistentPositionError(
                f"{t.code} is seen {c} times (holding, shown tiles and known discards) "
                f"but a set has {t.copies}", zh=f"{t.code} 見過 {c} 次（手牌、翻開的牌和已知的墊牌），但一副牌只有 {t.copies} 張")
    pool = {t.index: t.copies - seen[t] for t in TILES if t.copies - seen[t] > 0}
    others = [s for s in range(4) if s != seat]
    sizes = [len(hand.holdings[s]) for s in others]
    down = sum(pool.values()) - sum(sizes)
    if down < 0:
        raise InconsistentPositionError("fewer unseen tiles than the other seats hold", zh="未見過的牌比其他三家手上的牌還少")
    # before the first trick ends, a dealt natural hand would have ended the hand
    natural_check: list[tuple[int, tuple[Tile, ...]]] = []
    if sum(hand.dong) == 0 and hand.rules.natural_hands != "none":
        for i, s in enumerate(others):
            acted = [a for a in hand.trick if a.seat == s]
            if acted and acted[0].kind != "play":
                continue  # its face-down tiles are not fixed by the deal
            natural_check.append((i, tuple(t for a in acted for t in a.tiles)))

    def consistent(parts: Sequence[Sequence[Tile]]) -> bool:
        return all(find_natural(tuple(parts[i]) + extra, hand.rules) is None
                   for i, extra in natural_check)

    sizes_all = sizes + [down]
    total = _count_deals(pool, sizes_all)
    deals: list[tuple[list[tuple[Tile, ...]], int]] = []
    if total <= exhaustive_limit:
        for parts, w in _multinomial_deals(pool, sizes_all):
            tiles = [tuple(TILES[i] for i in sorted(p) for _ in range(p[i])) for p in parts[:3]]
            if consistent(tiles):
                deals.append((tiles, w))
        exhaustive = True
    else:
        rng = Rng(seed)
        physical = [TILES[i] for i in sorted(pool) for _ in range(pool[i])]
        tries = 0
        while len(deals) < samples:
            tries += 1
            if tries > 100 * samples + 100:
                raise InconsistentPositionError("could not deal the unseen tiles consistently",
                                                zh="未見過的牌分不出一種相符的分法")
            tiles = list(physical)
            for i in range(len(tiles) - 1, 0, -1):  # Fisher–Yates with our own generator
                j = rng.below(i + 1)
                tiles[i], tiles[j] = tiles[j], tiles[i]
            parts, at = [], 0
            for sz in sizes:
                parts.append(sort_tiles(tiles[at:at + sz]))
                at += sz
            if consistent(parts):
                deals.append((parts, 1))
        exhaustive = False
    if not deals:
        raise InconsistentPositionError("no deal of the unseen tiles is consistent with the position",
                                        zh="未見過的牌沒有一種分法和這個局面相符")
    return deals, exhaustive, total


def solve_hidden(hand: Hand, *, known_discards: Sequence[Tile] = (), samples: int = 64,
                 seed: int = 0, exhaustive_limit: int = 256, budget: int | None = None,
                 progress: Callable[[int, int], None] | None = None,
                 total_budget: int | None = None,
                 node_progress: Callable[[int, int, int], None] | None = None) -> HiddenSolution:
    """Judge the actions of the seat to act when it sees only its own tiles and the shown ones.

    hand: a position; the other seats' holdings are ignored (only their sizes
    count), so any tiles may stand in for them (see ``Position.to_hand(fill_unknown=True)``).
    known_discards: tiles the seat to act discarded face down earlier — it
    knows them, so they are dealt to nobody.  The hero is the seat to act.

    Every deal of the unseen tiles to the other three seats (hand sizes fixed,
    the rest face down) is consistent with the play — discarding is always
    allowed, so the play reveals nothing more — except that before the first
    trick is over no seat whose eight dealt tiles the deal fixes may hold a
    natural hand (例牌 would have ended the hand).  With at most
    ``exhaustive_limit`` distinct deals, all are solved, each weighted by the
    number of ways the physical tiles can fall; otherwise ``samples`` deals are
    drawn with the seeded SplitMix64 generator (the same draw in CPython and
    Pyodide).

    Each action gets its expected value (weighted mean of its open values, in
    stake units) and ``best_share`` (weighted share of deals in which it reaches
    that deal's best value).  This is *perfect-information sampling*: each deal
    is solved as if every seat saw every tile, so the method cannot value
    information (hiding, signalling, discovering) and it lets the hero play
    differently in deals that it could not tell apart (strategy fusion); the
    numbers lean optimistic for whoever profits from knowing more.  ``budget``
    is per deal; ``total_budget`` (if given) bounds the nodes of all the deals together;
    :class:`BudgetExceededError` when a deal, or all of them, do not fit.  ``progress`` is
    called with (deals solved, deals) after each deal; ``node_progress`` with (nodes so far
    over all deals, deals solved, deals) every 65,536 nodes of a deal and after each deal
    (for a progress line during a long search).
    """
    t0 = time.perf_counter()
    seat = hand.to_act
    if hand.is_over:
        raise IllegalActionError("the hand is over: there is nothing to solve", zh="這手牌已經打完：沒有東西要解")
    others = [s for s in range(4) if s != seat]
    deals, exhaustive, total = hidden_deals(hand, known_discards=known_discards,
                                            samples=samples, seed=seed,
                                            exhaustive_limit=exhaustive_limit)
    legal = hand.legal_actions()
    nact = len(legal)
    sums = [0.0] * nact
    best_w = [0.0] * nact
    mins = [INF] * nact
    maxs = [-INF] * nact
    signature: list[list[int]] = [[] for _ in range(nact)]
    total_w = 0
    nodes = 0
    for i, (parts, w) in enumerate(deals):
        holdings = list(hand.holdings)
        for s, tiles in zip(others, parts):
            holdings[s] = tuple(tiles)
        b = budget
        if total_budget is not None:
            left = total_budget - nodes
            if left < 1:
                raise BudgetExceededError(f"not solved within {total_budget:,} nodes over the deals "
                                          f"({i} of {len(deals)} solved)", nodes,
                                          zh=f"在所有分法合共 {total_budget:,} 個節點內解不出"
                                             f"（{len(deals)} 種分法解了 {i} 種）")
            b = left if b is None else min(b, left)
        within: Callable[[int], None] | None = None
        if node_progress is not None:
            def within(c: int, done: int = nodes, i: int = i) -> None:
                node_progress(done + c, i, len(deals))
        # (second hand low: a move order for these deals, the same values — search.solve)
        sol = solve(_with_holdings(hand, holdings), seat, budget=b, progress=within,
                    _second_low=True)
        nodes += sol.nodes
        for j, av in enumerate(sol.actions):
            sums[j] += w * av.value
            if av.value == sol.value:
                best_w[j] += w
            mins[j] = min(mins[j], av.value)
            maxs[j] = max(maxs[j], av.value)
            signature[j].append(av.group)
        total_w += w
        if progress is not None:
            progress(i + 1, len(deals))
        if node_progress is not None:
            node_progress(nodes, i + 1, len(deals))
    gid: dict[tuple, int] = {}
    actions = []
    for j, a in enumerate(legal):
        g = gid.setdefault(tuple(signature[j]), len(gid))   # equivalent in every deal
        actions.append(HiddenActionValue(a, sums[j] / total_w, best_w[j] / total_w, g,
                                         mins[j], maxs[j]))
    return HiddenSolution(seat, tuple(actions), len(deals), exhaustive, total,
                          None if exhaustive else seed, nodes, time.perf_counter() - t0)


def _with_holdings(hand: Hand, holdings: list[tuple[Tile, ...]]) -> Hand:
    """The same position as ``hand`` with other holdings (trick in progress kept,
    its face-down discards made unknown)."""
    shown = list(hand.shown)
    for a in hand.trick:
        if a.kind == "play":
            for t in a.tiles:
                shown.remove(t)
    trick = [a if a.kind != "discard" else Action(a.seat, "discard", (), a.size)
             for a in hand.trick]
    return Hand(hand.rules, banker=hand.banker, banker_streak=hand.banker_streak,
                holdings=holdings, dong=hand.dong, trick=trick, leader=hand.leader,
                shown=shown, first_lead_top=hand.first_lead_top if sum(hand.dong) else False,
                bonuses=hand.bonuses)

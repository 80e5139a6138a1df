"""Helpers shared by the solver tests: seeded random positions and a plain brute force.

The brute force is deliberately independent of :mod:`tianjiu_core.solver.search`: it
walks :meth:`Hand.legal_actions` with :meth:`Hand.act` / :meth:`Hand.undo`,
no pruning, no caching, and reads ``result.payments``.
"""

from __future__ import annotations

import random

from tianjiu_core.tiengow.game import Hand
from tianjiu_core.notation import parse_tiles
from tianjiu_core.tiengow.rules import Rules
from tianjiu_core.tiles import FULL_SET, Tile

RULE_VARIANTS = [
    {"preset": "hk"},
    {"preset": "no_wen_zun"},
    {"preset": "classic"},
    {"preset": "hk", "yao_capture_factor": 2, "empty_dong_units": 4},
    {"preset": "hk", "banker_ba_zhi_strict": True, "si_da_he_banker_multiplier": True},
    {"preset": "hk", "wen_zun_capture": False},
    {"preset": "hk", "must_beat": True},
    {"preset": "hk", "zhizun_singles_lowest": True},
    {"preset": "hk", "lead_face_down": True},
]

THEMES = {
    "zhizun": ["24 12"],
    "wen_zun": ["15 15", "16 16"],
    "wen_zun_alone": ["15 15"],
    "yao12": ["12", "24"],
    "yao15": ["15", "16"],
    "three": ["66 66 36", "11 26 35"],
    "four": ["66 66 36 45", "11 11 26 35"],
    "four_vs_four": ["66 66 36 45", "44 44 25 34"],
    "pairs": ["55 55", "33 33"],
    "military_pairs": ["36 45", "26 35"],
    "mixed": ["66 36", "11 26"],
    "none": [],
}


def random_position(rng: random.Random, n: int | None = None, theme: str | None = None,
                    rules: dict | None = None, sweep: bool | None = None,
                    max_trick_actions: int = 3) -> Hand:
    """A consistent random position: ``n`` tiles a seat (1–3 by default)."""
    while True:
        hand = _try_position(rng, n, theme, rules, sweep, max_trick_actions)
        if hand is not None:
            return hand


def _try_position(rng, n, theme, rules, sweep, max_trick_actions):
    rules = Rules.from_dict(rules if rules is not None else rng.choice(RULE_VARIANTS))
    theme = theme if theme is not None else rng.choice(list(THEMES))
    groups = [list(parse_tiles(g)) for g in THEMES[theme]]
    need = max((len(g) for g in groups), default=1)
    if n is None:
        n = rng.choice([1, 2, 3, 3]) if need <= 3 else 4
    n = max(n, min(need, 4))
    pool = list(FULL_SET)
    holdings: list[list[Tile]] = [[], [], [], []]
    seats = [0, 1, 2, 3]
    rng.shuffle(seats)
    for g, s in zip(groups, seats):
        if len(g) > n:
            continue
        for t in g:
            pool.remove(t)
        holdings[s].extend(g)
    rng.shuffle(pool)
    for s in range(4):
        while len(holdings[s]) < n:
            holdings[s].append(pool.pop())
    # the rest: some shown face up, the others face down
    shown = [t for t in pool if rng.random() < 0.6][: 4 * (8 - n)]
    total = 8 - n
    if sweep is None:
        sweep = rng.random() < 0.25
    if sweep:
        winner = rng.randrange(4)
        dong = [0, 0, 0, 0]
        dong[winner] = total
    else:
        dong = [0, 0, 0, 0]
        for _ in range(total):
            dong[rng.randrange(4)] += 1
    leaders = [s for s in range(4) if dong[s] > 0]
    leader = rng.choice(leaders)
    banker = rng.randrange(4)
    try:
        hand = Hand(rules, banker=banker, banker_streak=rng.choice([1, 1, 2, 3]),
                    holdings=holdings, dong=dong, leader=leader, shown=shown,
                    first_lead_top=rng.random() < 0.3)
    except ValueError:
        return None
    # a few actions into the trick
    for _ in range(rng.randrange(max_trick_actions + 1)):
        if hand.is_over or (hand.trick and len(hand.trick) == 3):
            break
        legal = hand.legal_actions()
        hand.act(rng.choice(legal))
        if not hand.trick:  # a trick just ended: stop at the boundary
            break
    if hand.is_over:
        return None
    return hand


class TooBig(Exception):
    """The brute force would visit more than ``max_nodes`` positions."""


def brute_force(hand: Hand, hero: int, memo: bool = False,
                max_nodes: int | None = None) -> list[tuple[str, int]]:
    """(action notation, value) for every legal action: plain minimax, no pruning.

    ``memo`` caches values by the Hand's complete mutable state (every field
    the engine keeps, bonuses included) — exact, and it makes 4-tile positions
    affordable.  ``max_nodes`` raises :class:`TooBig` beyond that many positions.
    """
    base = hand.bonuses.payments[hero]
    cache: dict | None = {} if memo else None
    budget = [max_nodes if max_nodes is not None else 1 << 62]
    out = []
    for a in hand.legal_actions():
        hand.act(a)
        try:
            out.append((a.notation(), _minimax(hand, hero, cache, budget) - base))
        finally:
            hand.undo()
    return out


def _state_key(hand: Hand) -> tuple:
    return (hand.holdings, hand.dong, hand.leader, hand.to_act, hand.trick, hand.trick_size,
            hand.trick_last, hand.best_seat, hand.best_play, hand.closed,
            tuple(sorted(t.index for t in hand.shown)), hand.first_lead_top,
            hand.bonuses.payments)


def _minimax(hand: Hand, hero: int, cache: dict | None, budget: list[int]) -> int:
    if hand.result is not None:
        return hand.result.payments[hero]
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    if cache is not None:
        key = _state_key(hand)
        if key in cache:
            return cache[key]
    values = []
    for a in hand.legal_actions():
        hand.act(a)
        try:
            values.append(_minimax(hand, hero, cache, budget))
        finally:
            hand.undo()
    v = max(values) if hand.to_act == hero else min(values)
    if cache is not None:
        cache[key] = v
    return v

"""The house edge of Pai Gow for a player strategy against a house-way opponent, over every
deal of two four-tile hands (spec "Figures to reproduce"): 35,960 player hands × 20,475
opponent hands, exactly.

How it counts (no deal is enumerated one by one):

- every four-tile hand is a *face multiset* (8,130 of them), weighted by its physical count;
- the opponent's house-way setting of each multiset is a cell ``(low, high)`` of dense hand
  ranks; the cells of all opponent hands *containing* a given sub-multiset ``S`` of at most
  two tiles are summed into a 2-D prefix table (three tiles: a short list), so "how many
  opponent hands does this setting beat in both hands" is four look-ups;
- the opponent hands that share no tile with the player's are, by inclusion–exclusion over the
  player's four tiles, Σ over sub-multisets ``S`` of the player's hand of
  (−1)^|S| · (ways to pick ``S`` from the player's tiles) · (hands containing ``S``).

:func:`analysis.analyse` counts one hand directly; the tests check the two agree
(:meth:`OpponentCounts.setting_counts` is the per-hand count here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate, combinations
from math import comb, prod

from ..tiles import TILES
from .analysis import COPIES, four_tile_multisets, opponent_table, setting_ranks
from .hands import DEFAULT_RULES, rank_table
from .house_ways import DEFAULT_HOUSE_WAY, HouseWay, dominant_setting, house_way, house_way_setting
from .rules import PaiGowRules
from .setting import settings

__all__ = ["EdgeRow", "edge_table", "STRATEGIES", "PUBLISHED", "OpponentCounts"]

STRATEGIES = ("house_way", "wizard_rule_one", "optimal")
"""Player strategies of the table: the house way itself; the Wizard Way's first rule (a
dominant setting when there is one) over the house way; the setting of best EV."""

PUBLISHED = {
    # (strategy, banking, commission) → (win, loss, push, edge) in %, Wizard of Odds,
    # wizardofodds.com/games/pai-gow-tiles/strategy/wizard-way/ (opponent: the house way)
    ("house_way", False, 0.05): (29.21, 30.18, 40.61, 2.44),
    ("house_way", True, 0.05): (30.18, 29.21, 40.61, 0.53),
    ("house_way", False, 0.0476): (29.21, 30.18, 40.61, 2.37),
    ("house_way", True, 0.0476): (30.18, 29.21, 40.61, 0.46),
    ("optimal", False, 0.05): (29.27, 29.48, 41.26, 1.67),
    ("optimal", True, 0.05): (30.17, 28.46, 41.37, -0.20),
    ("optimal", False, 0.0476): (29.27, 29.48, 41.26, 1.60),
    ("optimal", True, 0.0476): (30.17, 28.46, 41.37, -0.27),
}
"""The published figures the table is checked against (spec "Figures to reproduce")."""


@dataclass(frozen=True, slots=True)
class EdgeRow:
    """One row: the player's ``strategy``, ``banking`` or not, the ``commission``; ``win``,
    ``lose``, ``push`` as probabilities of a deal and ``edge`` (the house's, positive = the
    player loses) as a fraction of the stake."""

    strategy: str
    banking: bool
    commission: float
    win: float
    lose: float
    push: float
    edge: float

    def to_json(self) -> dict:
        pub = PUBLISHED.get((self.strategy, self.banking, self.commission))
        out = {"strategy": self.strategy, "banking": self.banking, "commission": self.commission,
               "win": self.win, "lose": self.lose, "push": self.push, "edge": self.edge}
        if pub:
            out["published"] = {"win": pub[0] / 100, "lose": pub[1] / 100, "push": pub[2] / 100,
                                "edge": pub[3] / 100}
        return out


def _submultisets(m: Sequence[int], size: int) -> set[tuple[int, ...]]:
    return set(combinations(m, size))


class OpponentCounts:
    """Prefix tables of opponent hands by (low, high) cell, for every sub-multiset of up to two
    tiles; lists for three."""

    def __init__(self, way: HouseWay, rules: PaiGowRules) -> None:
        _, levels = rank_table(rules)
        self.n = n = levels + 1
        table = opponent_table(way, rules)
        self.cell = {m: cell for (m, _), cell in zip(four_tile_multisets(), table)}
        raw: dict[tuple[int, ...], list[int]] = {}
        self.triples: dict[tuple[int, ...], list[tuple[int, int, int]]] = {}
        for (m, _), (rl, rh) in zip(four_tile_multisets(), table):
            idx = (rl + 1) * n + (rh + 1)     # shifted by one: prefix[x][y] = Σ rl < x, rh < y
            for size in (0, 1, 2, 3):
                for s in _submultisets(m, size):
                    coef = 1
                    for f in set(m):
                        coef *= comb(COPIES[f] - s.count(f), m.count(f) - s.count(f))
                    if not coef:
                        continue
                    if size == 3:
                        self.triples.setdefault(s, []).append((rl, rh, coef))
                    else:
                        grid = raw.get(s)
                        if grid is None:
                            grid = raw[s] = [0] * (n * n)
                        grid[idx] += coef
        self.prefix: dict[tuple[int, ...], list[int]] = {}
        for s, grid in raw.items():
            rows = [list(accumulate(grid[i * n:(i + 1) * n])) for i in range(n)]
            out: list[int] = []
            above = [0] * n
            for row in rows:
                above = [a + b for a, b in zip(above, row)]
                out.extend(above)
            self.prefix[s] = out

    def query(self, s: tuple[int, ...], pl: int, ph: int) -> tuple[int, int, int, int]:
        """Opponent hands containing ``s``: (player beats both, loses both, as banker wins
        both-or-copies, as banker loses both) for a setting of ranks ``(pl, ph)``."""
        if len(s) == 3:
            w = lo = bw = bl = 0
            for rl, rh, c in self.triples.get(s, ()):
                if pl > rl and ph > rh:
                    w += c
                elif pl <= rl and ph <= rh:
                    lo += c
                if pl >= rl and ph >= rh:
                    bw += c
                elif pl < rl and ph < rh:
                    bl += c
            return w, lo, bw, bl
        g = self.prefix.get(s)
        if g is None:
            return 0, 0, 0, 0
        n = self.n
        last = n - 1
        total = g[last * n + last]
        w = g[pl * n + ph]
        lo = total - g[pl * n + last] - g[last * n + ph] + w
        bw = g[(pl + 1) * n + ph + 1]
        bl = total - g[(pl + 1) * n + last] - g[last * n + ph + 1] + bw
        return w, lo, bw, bl

    def setting_counts(self, m: tuple[int, ...], ranks: Sequence[tuple[int, int]]) -> list[list[int]]:
        """For the player's hand ``m`` (a face multiset, as in
        :func:`~.analysis.four_tile_multisets`) and each setting's dense ``(low, high)`` ranks:
        ``[wins, losses, wins as banker, losses as banker]`` counted over the 20,475 opponent
        hands of the other 28 tiles (inclusion–exclusion, see the module docstring)."""
        per = [[0, 0, 0, 0] for _ in ranks]
        for size in (0, 1, 2, 3):
            sign = -1 if size % 2 else 1
            for s in _submultisets(m, size):
                mult = prod(comb(m.count(f), s.count(f)) for f in set(s)) if s else 1
                k = sign * mult
                for j, (pl, ph) in enumerate(ranks):
                    q = self.query(s, pl, ph)
                    acc = per[j]
                    acc[0] += k * q[0]
                    acc[1] += k * q[1]
                    acc[2] += k * q[2]
                    acc[3] += k * q[3]
        # size 4: the opponent hand made of the player's own tiles (coefficient 1, sign +)
        rl, rh = self.cell[m]
        for j, (pl, ph) in enumerate(ranks):
            acc = per[j]
            acc[0] += pl > rl and ph > rh
            acc[1] += pl <= rl and ph <= rh
            acc[2] += pl >= rl and ph >= rh
            acc[3] += pl < rl and ph < rh
        return per


def edge_table(way: HouseWay | str = DEFAULT_HOUSE_WAY, rules: PaiGowRules = DEFAULT_RULES,
               commissions: Sequence[float] = (0.05, 0.0476)) -> list[EdgeRow]:
    """The edge of each of :data:`STRATEGIES`, not banking and banking, at each commission,
    against an opponent who sets by the house way ``way`` (spec "Figures to reproduce").

    The optimal strategy is chosen hand by hand for each commission (and each of banking / not
    banking).  ``rules.commission`` is not used: ``commissions`` lists the rates wanted.
    Raises :class:`~tianjiu_core.errors.RulesError` for an unknown house way.
    """
    way = house_way(way)
    counts = OpponentCounts(way, rules)
    deals = 35960 * 20475
    # totals[(strategy, banking, commission)] = [win, lose]
    totals: dict[tuple[str, bool, float], list[int]] = {
        (st, bk, c): [0, 0] for st in STRATEGIES for bk in (False, True) for c in commissions}
    for m, weight in four_tile_multisets():
        tiles = [TILES[i] for i in m]
        options = settings(tiles, rules)
        per = counts.setting_counts(m, [setting_ranks(o, rules) for o in options])
        hw = house_way_setting(tiles, way, rules).split
        dom = dominant_setting(options)
        w1 = dom.split if dom is not None else hw
        for c in commissions:
            for bk in (False, True):
                iw, il = (2, 3) if bk else (0, 1)
                best = max(range(3), key=lambda j: ((1 - c) * per[j][iw] - per[j][il], -j))
                for st, j in (("house_way", hw), ("wizard_rule_one", w1), ("optimal", best)):
                    t = totals[(st, bk, c)]
                    t[0] += weight * per[j][iw]
                    t[1] += weight * per[j][il]
    rows = []
    for (st, bk, c), (win, lose) in totals.items():
        rows.append(EdgeRow(st, bk, c, win / deals, lose / deals, (deals - win - lose) / deals,
                            -((1 - c) * win - lose) / deals))
    return rows

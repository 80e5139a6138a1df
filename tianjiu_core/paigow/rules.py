"""Pai Gow (牌九) rules options: where sources differ, a flat option with a documented default.

Spec: ``docs/spec/paigow-rules.md``.  Every option is a field of the frozen :class:`PaiGowRules`;
``PaiGowRules()`` is the casino game English-speaking players meet (and seed 004's Cantonese
rule for 丁三/二四).

>>> PaiGowRules().to_dict()["tile_order"]
'casino'
>>> PaiGowRules.from_dict({"gee_joon_wild": False}).gee_joon_wild
False
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from ..errors import RulesError

__all__ = ["PaiGowRules", "TILE_ORDERS"]

TILE_ORDERS = ("casino", "seed004")
"""Single-tile orders for tie-breaks (spec "Single-tile order"): ``casino`` — all civil above all
military, 丁三 and 二四 equal and lowest; ``seed004`` — 二四 (大雞) between 雜七 and 雜五, 丁三
(細雞) last."""


@dataclass(frozen=True, slots=True)
class PaiGowRules:
    """The options of Pai Gow (spec ``paigow-rules.md``), defaults marked there.

    gee_joon_wild:  丁三 (12) and 二四 (24) each count 3 or 6, whichever is better (default True,
                    seed 004's 廣東牌九 rule and every casino; False: face value, the older rule).
    tile_order:     ``"casino"`` (default) or ``"seed004"``, see :data:`TILE_ORDERS`.
    zero_rule:      all 0-point hands are equal, so 0 against 0 is a copy for the banker
                    (default True, casino); False: they compare by their higher tile.
    high_nine_pairs: 天/地 with a 7 (天高九, 地高九) rank as special hands just below 地槓
                    (seed 002 list 21–22); default False: plain 9s, top of the 9s by tie-break.
    commission:     taken from a net win, as a fraction of the stake (default 0.05; 0.0476 is
                    the other common rate; 0 for a home game).

    Raises :class:`~tianjiu_core.errors.RulesError` (from :meth:`from_dict`) for an unknown
    option or a value of the wrong type.
    """

    gee_joon_wild: bool = True
    tile_order: str = "casino"
    zero_rule: bool = True
    high_nine_pairs: bool = False
    commission: float = 0.05

    def __post_init__(self) -> None:
        for name in ("gee_joon_wild", "zero_rule", "high_nine_pairs"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"Pai Gow rules: {name} must be true or false, "
                                 f"not {getattr(self, name)!r}",
                                 zh=f"牌九規則：{name} 只可以是 true 或 false")
        if self.tile_order not in TILE_ORDERS:
            raise RulesError(f"Pai Gow rules: tile_order must be one of {', '.join(TILE_ORDERS)}, "
                             f"not {self.tile_order!r}",
                             zh=f"牌九規則：tile_order 只可以是 {'、'.join(TILE_ORDERS)}")
        c = self.commission
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c < 1:
            raise RulesError(f"Pai Gow rules: commission must be a number from 0 to below 1 "
                             f"(0.05 is 5%), not {c!r}",
                             zh="牌九規則：commission（抽佣）要是 0 至 1 之間的數（0.05 即 5%）")

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready table (every field, defaults included)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, table: Any) -> PaiGowRules:
        """Rules from a table of options (missing ones take the default).

        Raises :class:`RulesError` for a non-table, an unknown option or a bad value.
        """
        if table is None:
            return cls()
        if not isinstance(table, dict):
            raise RulesError(f"Pai Gow rules must be a table of options, not {table!r}",
                             zh="牌九規則要是一個選項表")
        known = {f.name for f in fields(cls)}
        for key in table:
            if key not in known:
                raise RulesError(f"unknown Pai Gow rules option {key!r}; known: "
                                 f"{', '.join(sorted(known))}",
                                 zh=f"不認得的牌九規則選項 {key!r}")
        return cls(**table)

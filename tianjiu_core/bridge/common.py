"""What every group of bridge ops shares: reading tiles and rules from a request, a play as JSON."""

from __future__ import annotations

from typing import Any

from ..notation import parse_tiles
from ..errors import NotationError
from ..tiengow.plays import CLASS_NAMES, Play
from ..tiengow.rules import Rules

__all__ = ["tiles_arg", "rules_arg", "play_json"]


def tiles_arg(value: Any, context: Any = None) -> tuple:
    """Tiles given as ``"66 36"`` or ``["66", "36"]`` (names too); :class:`NotationError` otherwise."""
    if isinstance(value, str):
        return parse_tiles(value, context)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return parse_tiles(" ".join(value), context)
    raise NotationError(f"tiles must be a string like '66 36' or a list of codes, not {value!r}")


def rules_arg(value: Any) -> Rules:
    """A :class:`Rules` from a request's ``rules`` (a preset name or a table); hk when absent."""
    return Rules.from_dict(value) if value is not None else Rules()


def play_json(play: Play) -> dict[str, Any]:
    """A play as JSON: class, names in three languages, tiles, rank."""
    return {"class": play.cls, "class_hant": CLASS_NAMES[play.cls][0],
            "class_hans": CLASS_NAMES[play.cls][1], "class_en": CLASS_NAMES[play.cls][2],
            "name_zh": play.name("hant"), "name_hant": play.name("hant"),
            "name_hans": play.name("hans"), "name_en": play.name("en"),
            "tiles": list(play.codes), "rank": play.rank}

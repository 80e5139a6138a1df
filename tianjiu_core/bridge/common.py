"""What every group of bridge ops shares: reading tiles and rules from a request, a play as JSON."""

from __future__ import annotations

from typing import Any

from ..notation import parse_tiles
from ..tiengow.plays import CLASS_NAMES, Play
from ..tiengow.rules import Rules
from .fields import Fields, tiles_value

__all__ = ["tiles_arg", "rules_arg", "play_json"]


def tiles_arg(value: Any, context: Any = None, name: str = "tiles") -> tuple:
    """Tiles given as ``"66 36"`` or ``["66", "36"]`` (names too), within the size limits;
    :class:`NotationError` / :class:`RequestError` naming ``name`` otherwise.  (New ops read
    their fields with :class:`~tianjiu_core.bridge.fields.Fields` instead.)"""
    tiles = tiles_value(value, name)
    return tiles if context is None else parse_tiles(" ".join(t.code for t in tiles), context)


def rules_arg(value: Any) -> Rules:
    """A :class:`Rules` from a request's ``rules`` (a preset name or a table); hk when absent."""
    return Fields({"rules": value}, allow=()).rules()


def play_json(play: Play) -> dict[str, Any]:
    """A play as JSON: class, names in three languages, tiles, rank."""
    return {"class": play.cls, "class_hant": CLASS_NAMES[play.cls][0],
            "class_hans": CLASS_NAMES[play.cls][1], "class_en": CLASS_NAMES[play.cls][2],
            "name_zh": play.name("hant"), "name_hant": play.name("hant"),
            "name_hans": play.name("hans"), "name_en": play.name("en"),
            "tiles": list(play.codes), "rank": play.rank}

"""Tile pictures: text for the terminal (and, later, SVG for the site).

Every picture is drawn from :meth:`Tile.pips` — the tile table's pip counts
and colours (spec §1) — so the command line, the site build and the browser
show the same tiles.

>>> print(text_tiles(parse_tiles("66 13")))
┌───┐ ┌───┐
│●·○│ │   │
│●·○│ │ ● │
│●·○│ │   │
│───│ │───│
│●·○│ │○  │
│●·○│ │ ○ │
│●·○│ │  ○│
└───┘ └───┘
 66    13  
"""

from __future__ import annotations

from collections.abc import Sequence

from .notation import parse_tiles
from .tiles import Tile

__all__ = ["text_tile", "text_tiles"]

_RED, _WHITE = "●", "○"


def text_tile(tile: Tile, color: bool = False) -> list[str]:
    """A tile as 10 lines of text: red pips ``●``, white ``○`` (ANSI red when ``color``)."""
    grid = [[[" "] * 3 for _ in range(3)] for _ in range(2)]
    for half, row, col, colour in tile.pips():
        if colour == "red":
            grid[half][row][col] = "\x1b[31m●\x1b[0m" if color else _RED
        else:
            grid[half][row][col] = _WHITE
    if tile.code == "66" or tile.low == 6 or tile.high == 6:
        # a six's middle column is empty; show it as a faint dot so the columns read clearly
        for half, n in enumerate((tile.low, tile.high)):
            if n == 6:
                for row in range(3):
                    grid[half][row][1] = "·"
    lines = ["┌───┐"]
    lines += ["│" + "".join(grid[0][r]) + "│" for r in range(3)]
    lines.append("│───│")
    lines += ["│" + "".join(grid[1][r]) + "│" for r in range(3)]
    lines.append("└───┘")
    lines.append(f" {tile.code}  ")
    return lines


def text_tiles(tiles: Sequence[Tile], color: bool = False) -> str:
    """Tiles side by side, with their pip codes underneath."""
    if not tiles:
        return "(no tiles)"
    columns = [text_tile(t, color) for t in tiles]
    return "\n".join(" ".join(col[i] for col in columns) for i in range(len(columns[0])))



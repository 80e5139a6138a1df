"""Tile pictures: text for the terminal, SVG for the site and the browser.

Every picture is drawn from :meth:`Tile.pips` — the tile table's pip layout,
counts and colours (spec §1) — so the command line, the site build and the
browser show the same tiles.

Text, for the terminal (red pips ``●``, white ``○``):

>>> print(text_tiles(parse_tiles("66 13")))
┌───┐ ┌───┐
│●·○│ │ ● │
│●·○│ │   │
│●·○│ │   │
│───│ │───│
│○·●│ │  ○│
│○·●│ │ ○ │
│○·●│ │○  │
└───┘ └───┘
 66    13

SVG, for pages (stdlib only, deterministic: the same call gives the same bytes):

- :func:`tile_svg` — one standalone ``<svg>`` for a tile or a face-down back.
- :func:`tiles_html` — a ``<span role="img">`` holding one ``tile_svg`` per tile,
  for Markdown pages.
- :func:`sprite_svg` — one SVG document with a ``<symbol id="tj-tile-66">`` for
  each of the 21 faces and ``tj-tile-back``; the site build writes it as
  ``tiles.svg``.
- :func:`use_svg` — a small ``<svg><use href="tiles.svg#tj-tile-66"/></svg>``
  that draws a tile from that sprite, for widgets that run without the engine.

The look: a dark tile (about 1 : 2.2) with a light-grey border, so it stands out
on light and dark pages; white pips are solid ivory discs; red pips are red
*rings* (a dark hole in the middle), so red and white differ by shape and
brightness, not by hue alone; the red 1 is larger.  Layout as on real tiles:
see :data:`~tianjiu_core.tiles.PIP_GRID`.

>>> svg = tile_svg(Tile.parse("66"), height=40)
>>> svg[:4], 'aria-label="天 66"' in svg, svg.count(f'stroke="{RED}"'), svg.count(f'fill="{WHITE}"')
('<svg', True, 6, 6)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from .notation import parse_tiles
from .tiles import TILES, Tile

__all__ = [
    "text_tile",
    "text_tiles",
    "tile_svg",
    "tiles_html",
    "sprite_svg",
    "use_svg",
    "tile_label",
    "sprite_id",
    "VIEWBOX",
    "ASPECT",
    "RED",
    "WHITE",
]

# --------------------------------------------------------------------------- text

_RED, _WHITE = "●", "○"


def text_tile(tile: Tile, color: bool = False) -> list[str]:
    """A tile as 10 lines of text, 5 columns wide: red pips ``●`` (ANSI red when
    ``color``), white ``○``, the pip code underneath."""
    grid = [[[" "] * 3 for _ in range(3)] for _ in range(2)]
    for half, row, col, colour in tile.pips():
        if colour == "red":
            grid[half][row][col] = "\x1b[31m●\x1b[0m" if color else _RED
        else:
            grid[half][row][col] = _WHITE
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


# --------------------------------------------------------------------------- SVG geometry

_W, _H = 100, 220
VIEWBOX = f"0 0 {_W} {_H}"
"""The user coordinate box of every tile picture: 100 wide, 220 tall."""
ASPECT = _W / _H
"""Width / height of a tile picture (1 : 2.2)."""

RED = "#ff4a4a"
"""Stroke colour of red pips (drawn as rings)."""
WHITE = "#f3efe4"
"""Fill colour of white pips (solid ivory discs)."""

_BODY = "#1b1c20"        # the tile: black, a touch warm
_BORDER = "#8b9099"      # light-grey edge: visible on dark pages, quiet on light ones
_BEVEL = "#ffffff"       # faint inner highlight line
_BACK_PANEL = "#2b3039"  # face-down tiles: an inner panel and a diamond

# Pip centres on the 100 × 220 box.  Each half is a 3 × 3 grid; the halves are
# kept well apart (there is no dividing bar on Chinese dominoes).
_COLS = (26.0, 50.0, 74.0)
_ROWS = ((24.0, 52.0, 80.0), (196.0, 168.0, 140.0))  # per half: from its end inwards
_ROW_SCALE = {4: 0.8}    # a 4 is a square: its rows sit closer, as on real tiles
_PIP_R = 11.0            # ordinary pip radius
_ONE_R = 15.0            # the red 1 is drawn larger, as on real tiles
_RING = 0.6              # a red ring's stroke width, as a share of its outer radius (rounded)

_LANGS = {"hant": "zh-Hant", "hans": "zh-Hans", "en": "en"}
_BACK_LABEL = {"hant": "牌背", "hans": "牌背", "en": "face-down tile"}
_NO_TILES = {"hant": "沒有牌", "hans": "没有牌", "en": "no tiles"}


def _num(x: float) -> str:
    """A number for an attribute: at most 2 decimals, no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _lang(lang: str) -> str:
    """``"hant"``, ``"hans"`` or ``"en"`` for any spelling :meth:`Tile.name` accepts."""
    TILES[0].name(lang)  # raises ValueError with the accepted values
    if lang == "en":
        return "en"
    return "hans" if lang in ("hans", "zh-Hans", "zh_hans") else "hant"


def _height(height: float) -> float:
    if isinstance(height, bool) or not isinstance(height, (int, float)) \
            or not math.isfinite(height) or height <= 0:
        raise ValueError(f"tile picture height must be a positive number of pixels, got {height!r}")
    return float(height)


def _tile_arg(tile: Tile | str | None, where: str) -> Tile | None:
    if tile is None or isinstance(tile, Tile):
        return tile
    if isinstance(tile, str):
        return Tile.parse(tile)
    raise TypeError(f"{where}: expected a Tile, a tile code or None, got {type(tile).__name__}")


def tile_label(tile: Tile | None, lang: str = "hant") -> str:
    """What a screen reader hears for one tile picture: name and pip code
    (``"天 66"``, ``"Chop Gow 45"``), or the face-down label (``"牌背"``,
    ``"face-down tile"``) for ``None``.  Raises ``ValueError`` for an unknown
    ``lang``.

    >>> tile_label(Tile.parse("66")), tile_label(Tile.parse("45"), "en"), tile_label(None, "en")
    ('天 66', 'Chop Gow 45', 'face-down tile')
    """
    key = _lang(lang)
    if tile is None:
        return _BACK_LABEL[key]
    return f"{tile.name(key)} {tile.code}"


def sprite_id(tile: Tile | None) -> str:
    """The sprite symbol id of a face (``"tj-tile-66"``) or of the back (``"tj-tile-back"``)."""
    return "tj-tile-back" if tile is None else f"tj-tile-{tile.code}"


def _body() -> list[str]:
    return [
        f'<rect x="2" y="2" width="{_W - 4}" height="{_H - 4}" rx="12" '
        f'fill="{_BODY}" stroke="{_BORDER}" stroke-width="3"/>',
        f'<rect x="7" y="7" width="{_W - 14}" height="{_H - 14}" rx="8" '
        f'fill="none" stroke="{_BEVEL}" stroke-opacity="0.09" stroke-width="1.5"/>',
    ]


def _pip(cx: float, cy: float, colour: str, big: bool) -> str:
    r = _ONE_R if big else _PIP_R
    if colour == "red":
        width = float(round(r * _RING))
        return (f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r - width / 2)}" '
                f'fill="none" stroke="{RED}" stroke-width="{_num(width)}"/>')
    return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="{WHITE}"/>'


def _face_parts(tile: Tile) -> list[str]:
    parts = _body()
    for half, row, col, colour in tile.pips():
        n = tile.low if half == 0 else tile.high
        inward = row if half == 0 else 2 - row  # rows counted from this half's end
        end, y = _ROWS[half][0], _ROWS[half][inward]
        y = end + (y - end) * _ROW_SCALE.get(n, 1.0)
        parts.append(_pip(_COLS[col], y, colour, big=(n == 1)))
    return parts


def _back_parts() -> list[str]:
    cx, cy = _W / 2, _H / 2
    diamond = " ".join(f"{_num(x)},{_num(y)}" for x, y in
                       ((cx, cy - 34), (cx + 22, cy), (cx, cy + 34), (cx - 22, cy)))
    return _body() + [
        f'<rect x="13" y="13" width="{_W - 26}" height="{_H - 26}" rx="6" '
        f'fill="{_BACK_PANEL}" stroke="{_BORDER}" stroke-opacity="0.55" stroke-width="1.5"/>',
        f'<polygon points="{diamond}" fill="{_BODY}" stroke="{_BORDER}" stroke-width="2"/>',
    ]


def _parts(tile: Tile | None) -> list[str]:
    return _back_parts() if tile is None else _face_parts(tile)


def _root(tile: Tile | None, height: float, lang: str, css_class: str,
          inner: str, *, hidden: bool = False) -> str:
    h = _height(height)
    key = _lang(lang)
    label = tile_label(tile, key)
    attrs = [
        'xmlns="http://www.w3.org/2000/svg"',
        f"class={quoteattr(css_class)}",
        f'viewBox="{VIEWBOX}"',
        f'width="{_num(h * ASPECT)}"',
        f'height="{_num(h)}"',
        f'data-tile="{"back" if tile is None else tile.code}"',
    ]
    if hidden:
        attrs.append('aria-hidden="true"')
    else:
        attrs += ['role="img"', f"aria-label={quoteattr(label)}", f'lang="{_LANGS[key]}"']
    return f"<svg {' '.join(attrs)}><title>{escape(label)}</title>{inner}</svg>"


# --------------------------------------------------------------------------- SVG API


def tile_svg(tile: Tile | None, *, height: float = 64, lang: str = "hant", back: bool = False,
             css_class: str = "tj-tile") -> str:
    """One standalone ``<svg>`` element picturing a tile (spec §1 pips), or its
    face-down back when ``tile is None`` or ``back=True``.

    ``height`` is in CSS pixels (the ``width`` attribute is ``height / 2.2``;
    the ``viewBox`` is :data:`VIEWBOX`, so CSS may resize it).  The root has
    ``role="img"``, an ``aria-label`` and a ``<title>`` from :func:`tile_label`
    in ``lang`` (``"hant"``, ``"hans"`` or ``"en"``; a face-down tile never names
    its face), ``class=css_class`` and ``data-tile`` (the code, or ``"back"``).
    Raises ``ValueError`` for a bad ``lang`` or ``height``.

    >>> s = tile_svg(Tile.parse("13"), lang="en")
    >>> 'aria-label="Gor 13"' in s, 'width="29.09" height="64"' in s
    (True, True)
    >>> "天" in tile_svg(Tile.parse("66"), back=True)
    False
    """
    t = None if back else _tile_arg(tile, "tile_svg")
    return _root(t, height, lang, css_class, "".join(_parts(t)))


def tiles_html(tiles: Iterable[Tile | None] | str, *, height: float = 64, lang: str = "hant",
               css_class: str = "tj-tiles") -> str:
    """A row of tiles for a Markdown/HTML page: ``<span class="tj-tiles"
    role="img" aria-label="天 天 雜九 雜九">`` around one :func:`tile_svg` per
    tile (``None`` = face-down), each ``aria-hidden``.  ``tiles`` may also be
    tile notation, parsed with :func:`~tianjiu_core.notation.parse_tiles`
    (raises ``NotationError`` when it does not parse).

    The label lists the names (joined by spaces in Chinese, by ", " in English);
    the span lays the tiles out with a small inline gap.

    >>> html = tiles_html("天 天 雜九 雜九", height=40)
    >>> html[:html.index(">") + 1]
    '<span class="tj-tiles" role="img" aria-label="天 天 雜九 雜九" lang="zh-Hant" style="display:inline-flex;gap:3.2px;vertical-align:middle">'
    >>> html.count("<svg"), html.count('aria-hidden="true"')
    (4, 4)
    """
    key = _lang(lang)
    h = _height(height)
    items = parse_tiles(tiles) if isinstance(tiles, str) else \
        [_tile_arg(t, "tiles_html") for t in tiles]
    names = [_BACK_LABEL[key] if t is None else t.name(key) for t in items]
    label = (", " if key == "en" else " ").join(names) or _NO_TILES[key]
    svgs = "".join(_root(t, h, key, "tj-tile", "".join(_parts(t)), hidden=True) for t in items)
    style = f"display:inline-flex;gap:{_num(h * 0.08)}px;vertical-align:middle"
    return (f"<span class={quoteattr(css_class)} role=\"img\" aria-label={quoteattr(label)} "
            f'lang="{_LANGS[key]}" style="{style}">{svgs}</span>')


def sprite_svg() -> str:
    """The sprite sheet: one SVG document holding a ``<symbol>`` per face
    (``id="tj-tile-66"`` … in table order) and ``id="tj-tile-back"``, each with
    viewBox :data:`VIEWBOX` and the same drawing as :func:`tile_svg`.  The site
    build writes it as ``tiles.svg``; pages draw from it with :func:`use_svg`.

    >>> s = sprite_svg()
    >>> s.count("<symbol "), 'id="tj-tile-12"' in s, 'id="tj-tile-back"' in s
    (22, True, True)
    """
    symbols = [
        f'<symbol id="{sprite_id(t)}" viewBox="{VIEWBOX}">{"".join(_parts(t))}</symbol>'
        for t in (*TILES, None)
    ]
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<svg xmlns="http://www.w3.org/2000/svg">\n'
            + "\n".join(symbols) + "\n</svg>\n")


def use_svg(code_or_none: str | Tile | None, *, height: float = 64, href: str = "tiles.svg",
            lang: str = "hant", css_class: str = "tj-tile") -> str:
    """A small ``<svg>`` that draws one tile from the sprite (:func:`sprite_svg`)
    at ``href`` — ``<use href="tiles.svg#tj-tile-66"/>`` — with the same size,
    class and aria attributes as :func:`tile_svg`.  ``code_or_none`` is a pip
    code (or any single-tile notation, or a ``Tile``); ``None`` is the back.
    Raises ``NotationError`` for notation that names no single tile.

    >>> use_svg("66", height=40)
    '<svg xmlns="http://www.w3.org/2000/svg" class="tj-tile" viewBox="0 0 100 220" width="18.18" height="40" data-tile="66" role="img" aria-label="天 66" lang="zh-Hant"><title>天 66</title><use href="tiles.svg#tj-tile-66"/></svg>'
    """
    t = _tile_arg(code_or_none, "use_svg")
    use = f"<use href={quoteattr(f'{href}#{sprite_id(t)}')}/>"
    return _root(t, height, lang, css_class, use)

"""Tile pictures (tianjiu_core/svg.py): SVG faces, backs, sprite, <use> and the text tiles.

The pip counts and colours are checked against the tile table (spec §1), the
layouts against how real Chinese domino tiles are laid out (tiles.PIP_GRID).
"""

from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tianjiu_core.errors import NotationError
from tianjiu_core.notation import parse_tiles
from tianjiu_core.svg import (
    ASPECT,
    RED,
    VIEWBOX,
    WHITE,
    sprite_svg,
    text_tile,
    text_tiles,
    tile_label,
    tile_svg,
    tiles_html,
    use_svg,
)
from tianjiu_core.tiles import TILES, Tile

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]


def T(code: str) -> Tile:
    return Tile.parse(code)


def circles(el: ET.Element) -> list[ET.Element]:
    return list(el.iter(f"{NS}circle"))


def red_pips(el: ET.Element) -> list[ET.Element]:
    return [c for c in circles(el) if c.get("stroke") == RED and c.get("fill") == "none"]


def white_pips(el: ET.Element) -> list[ET.Element]:
    return [c for c in circles(el) if c.get("fill") == WHITE and c.get("stroke") is None]


def outer_radius(c: ET.Element) -> float:
    return float(c.get("r")) + float(c.get("stroke-width", "0")) / 2


# --------------------------------------------------------------------------- faces


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.code)
def test_face_parses_and_pip_colours_match_the_table(tile):
    root = ET.fromstring(tile_svg(tile))
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox") == VIEWBOX == "0 0 100 220"
    assert root.get("role") == "img"
    assert root.get("class") == "tj-tile"
    assert root.get("data-tile") == tile.code
    # every circle is a pip: red rings and solid white discs, as many as the table says
    assert len(red_pips(root)) == tile.red
    assert len(white_pips(root)) == tile.white
    assert len(circles(root)) == tile.points == tile.red + tile.white


def test_spec_colour_examples():
    counts = {code: (len(red_pips(ET.fromstring(tile_svg(T(code))))),
                     len(white_pips(ET.fromstring(tile_svg(T(code))))))
              for code in ("66", "44", "13", "46", "24", "12", "14", "23")}
    assert counts == {"66": (6, 6), "44": (8, 0), "13": (1, 3), "46": (4, 6),
                      "24": (4, 2), "12": (1, 2), "14": (5, 0), "23": (0, 5)}


def test_red_pips_differ_from_white_by_shape_not_only_colour():
    # red: an unfilled ring with a visible hole; white: a filled disc with no stroke
    root = ET.fromstring(tile_svg(T("46")))
    for c in red_pips(root):
        hole = float(c.get("r")) - float(c.get("stroke-width")) / 2
        assert hole >= 4.0, "the ring's hole must stay visible at 40 px (≥ 4 of 220 units)"
    for c in white_pips(root):
        assert c.get("stroke") is None and float(c.get("r")) >= 10


def test_the_red_one_is_larger_than_other_pips():
    one = red_pips(ET.fromstring(tile_svg(T("11"))))
    four = red_pips(ET.fromstring(tile_svg(T("44"))))
    assert {outer_radius(c) for c in one} == {15.0}
    assert {outer_radius(c) for c in four} == {11.0}


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.code)
def test_pips_lie_inside_the_tile_and_never_touch(tile):
    pips = [(float(c.get("cx")), float(c.get("cy")), outer_radius(c))
            for c in circles(ET.fromstring(tile_svg(tile)))]
    for x, y, r in pips:
        assert 8 <= x - r and x + r <= 92 and 8 <= y - r and y + r <= 212
    for i, (x1, y1, r1) in enumerate(pips):
        for x2, y2, r2 in pips[i + 1:]:
            assert math.hypot(x1 - x2, y1 - y2) >= r1 + r2 + 4


@pytest.mark.parametrize("height, width", [(64, "29.09"), (40, "18.18"), (120, "54.55"), (22, "10")])
def test_size_attributes(height, width):
    root = ET.fromstring(tile_svg(T("56"), height=height))
    assert root.get("height") == str(height) and root.get("width") == width
    assert math.isclose(float(width) / height, ASPECT, rel_tol=0.01)
    assert math.isclose(ASPECT, 1 / 2.2)


# --------------------------------------------------------------------------- layout (tiles.PIP_GRID)


def cells(code: str) -> set[tuple[int, int, int, str]]:
    return set(T(code).pips())


def test_layouts_follow_real_tiles():
    # 地: one red pip at each end of the tile, the middle empty
    assert cells("11") == {(0, 0, 1, "red"), (1, 2, 1, "red")}
    # 2s: two white pips side by side at the tile's end (丁三: 1 at the top end, 2 at the bottom end)
    assert cells("12") == {(0, 0, 1, "red"), (1, 2, 0, "white"), (1, 2, 2, "white")}
    # 天: two columns of three in each half; red on the left above, on the right below
    assert cells("66") == ({(0, r, 0, "red") for r in range(3)} | {(0, r, 2, "white") for r in range(3)}
                           | {(1, r, 2, "red") for r in range(3)} | {(1, r, 0, "white") for r in range(3)})
    # 長三: a pair at each end and two pips one above the other in the middle column
    assert cells("33") == {(0, 0, 0, "white"), (0, 0, 2, "white"), (0, 2, 1, "white"),
                           (1, 0, 1, "white"), (1, 2, 0, "white"), (1, 2, 2, "white")}
    # other 3s are a diagonal
    assert {(r, c) for h, r, c, _ in cells("36") if h == 0} == {(0, 2), (1, 1), (2, 0)}


@pytest.mark.parametrize("code", ["11", "22", "33", "44", "55", "66"])
def test_doubles_read_the_same_turned_round(code):
    # the bottom half is the top layout turned 180°, so a tile has no "up"
    turned = {(1 - h, 2 - r, 2 - c, colour) for h, r, c, colour in T(code).pips()}
    assert turned == set(T(code).pips())


@pytest.mark.parametrize("tile", [t for t in TILES if t.low != t.high], ids=lambda t: t.code)
def test_a_half_looks_the_same_on_every_tile(tile):
    # the low digit's half is drawn as on its double's top half, the high digit's as on its
    # double's bottom half; 長三 (33) and 天's red column are the exceptions
    def half(code, h):
        return {(r, c) for hh, r, c, _ in T(code).pips() if hh == h}
    for h, digit in enumerate((tile.low, tile.high)):
        if digit != 3:
            assert half(tile.code, h) == half(f"{digit}{digit}", h)
    assert half("33", 0) != half("36", 0)  # 長三's 3 is not the diagonal 3


# --------------------------------------------------------------------------- labels


@pytest.mark.parametrize("lang", ["hant", "hans", "en"])
@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.code)
def test_label_and_title_in_each_language(tile, lang):
    root = ET.fromstring(tile_svg(tile, lang=lang))
    expected = f"{tile.name(lang)} {tile.code}"
    assert root.get("aria-label") == expected == tile_label(tile, lang)
    assert root.find(f"{NS}title").text == expected
    assert root.get("lang") == {"hant": "zh-Hant", "hans": "zh-Hans", "en": "en"}[lang]


def test_label_examples():
    assert ET.fromstring(tile_svg(T("66"))).get("aria-label") == "天 66"
    assert ET.fromstring(tile_svg(T("66"), lang="en")).get("aria-label") == "Teen 66"
    assert ET.fromstring(tile_svg(T("15"), lang="hans")).get("aria-label") == "铜锤六 15"
    assert ET.fromstring(tile_svg(T("45"), lang="en")).get("aria-label") == "Chop Gow 45"
    assert ET.fromstring(tile_svg(T("12"), lang="zh-Hant")).get("aria-label") == "丁三 12"


@pytest.mark.parametrize("lang, label", [("hant", "牌背"), ("hans", "牌背"), ("en", "face-down tile")])
def test_back_has_no_pips_and_never_names_its_face(lang, label):
    for svg in (tile_svg(None, lang=lang), tile_svg(T("66"), lang=lang, back=True)):
        root = ET.fromstring(svg)
        assert circles(root) == []
        assert root.get("aria-label") == label == root.find(f"{NS}title").text
        assert root.get("data-tile") == "back"
        assert "66" not in svg and "天" not in svg and "Teen" not in svg
    assert tile_svg(None, lang=lang) == tile_svg(T("66"), lang=lang, back=True)


def test_css_class():
    assert ET.fromstring(tile_svg(T("22"), css_class="hand big")).get("class") == "hand big"


def test_bad_arguments_raise_clear_errors():
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        tile_svg(T("66"), lang="fr")
    for bad in (0, -5, float("nan"), float("inf"), True):
        with pytest.raises(ValueError, match="height"):
            tile_svg(T("66"), height=bad)
    with pytest.raises(TypeError, match="tile_svg"):
        tile_svg(66)
    with pytest.raises(NotationError):
        use_svg("77")
    with pytest.raises(NotationError):
        tiles_html("天 天 天")  # only two 天 in a set


# --------------------------------------------------------------------------- tiles_html


def test_tiles_html_of_parsed_names():
    html = tiles_html(parse_tiles("天 天 雜九 雜九"))
    assert html == tiles_html("天 天 雜九 雜九")
    span = ET.fromstring(html)
    assert span.tag == "span" and span.get("class") == "tj-tiles" and span.get("role") == "img"
    assert span.get("aria-label") == "天 天 雜九 雜九"
    kids = list(span)
    assert [k.get("data-tile") for k in kids] == ["66", "66", "36", "45"]
    assert all(k.tag == f"{NS}svg" and k.get("aria-hidden") == "true" for k in kids)
    assert all(k.get("role") is None and k.get("aria-label") is None for k in kids)
    assert [len(red_pips(k)) for k in kids] == [6, 6, 0, 4]


def test_tiles_html_languages_backs_and_empty():
    span = ET.fromstring(tiles_html([T("24"), None, T("12")], lang="en", height=40, css_class="row"))
    assert span.get("aria-label") == "Gee Joon six, face-down tile, Gee Joon three"
    assert span.get("class") == "row"
    assert [k.get("data-tile") for k in span] == ["24", "back", "12"]
    assert {k.get("height") for k in span} == {"40"}
    assert ET.fromstring(tiles_html("地 人", lang="hans")).get("aria-label") == "地 人"
    assert ET.fromstring(tiles_html([])).get("aria-label") == "沒有牌"


# --------------------------------------------------------------------------- sprite and <use>


def test_sprite_has_22_symbols_drawn_like_tile_svg():
    root = ET.fromstring(sprite_svg().encode("utf-8"))
    symbols = root.findall(f"{NS}symbol")
    assert [s.get("id") for s in symbols] == [f"tj-tile-{t.code}" for t in TILES] + ["tj-tile-back"]
    assert len(symbols) == 22
    assert {s.get("viewBox") for s in symbols} == {VIEWBOX}
    for sym, tile in zip(symbols, (*TILES, None)):
        single = ET.fromstring(tile_svg(tile))
        drawn = [ET.tostring(e) for e in single if e.tag != f"{NS}title"]
        assert [ET.tostring(e) for e in sym] == drawn
        if tile is not None:
            assert (len(red_pips(sym)), len(white_pips(sym))) == (tile.red, tile.white)


def test_use_svg():
    root = ET.fromstring(use_svg("66"))
    assert root.get("aria-label") == "天 66" and root.get("role") == "img"
    assert root.find(f"{NS}title").text == "天 66"
    assert root.get("viewBox") == VIEWBOX and root.get("height") == "64" and root.get("width") == "29.09"
    assert root.find(f"{NS}use").get("href") == "tiles.svg#tj-tile-66"
    back = ET.fromstring(use_svg(None, href="/assets/tiles.svg", lang="en", height=40))
    assert back.find(f"{NS}use").get("href") == "/assets/tiles.svg#tj-tile-back"
    assert back.get("aria-label") == "face-down tile"
    assert ET.fromstring(use_svg("斧頭", lang="en")).find(f"{NS}use").get("href") == "tiles.svg#tj-tile-56"
    # the same outer element as tile_svg, only the drawing is referenced instead of inlined
    for tile in TILES:
        a, b = ET.fromstring(use_svg(tile.code, lang="en")), ET.fromstring(tile_svg(tile, lang="en"))
        assert a.attrib == b.attrib


# --------------------------------------------------------------------------- determinism

_DIGEST = ("import hashlib; from tianjiu_core.svg import sprite_svg, tile_svg, tiles_html; "
           "from tianjiu_core.tiles import TILES; "
           "s = sprite_svg() + ''.join(tile_svg(t, height=40, lang=l) for t in TILES for l in ('hant','en')) "
           "+ tiles_html('天 天 雜九 雜九'); print(hashlib.sha256(s.encode()).hexdigest())")


def test_output_is_deterministic_across_calls_and_processes():
    here = (sprite_svg() + "".join(tile_svg(t, height=40, lang=lang) for t in TILES for lang in ("hant", "en"))
            + tiles_html("天 天 雜九 雜九"))
    assert sprite_svg() == sprite_svg() and tile_svg(T("13")) == tile_svg(T("13"))
    digest = hashlib.sha256(here.encode()).hexdigest()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", _DIGEST], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=60, check=True)
        assert out.stdout.strip() == digest


def test_no_external_references():
    text = sprite_svg() + "".join(tile_svg(t) for t in TILES) + tile_svg(None)
    for needle in ("http:", "https:", "url(", "@import", "<image", "font-family", "<style", "xlink"):
        assert needle not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")


# --------------------------------------------------------------------------- text tiles (CLI)


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.code)
def test_text_tile_colours(tile):
    lines = text_tile(tile)
    body = "".join(lines[1:4] + lines[5:8])
    assert len(lines) == 10 and all(len(line) == 5 for line in lines)
    assert body.count("●") == tile.red and body.count("○") == tile.white
    assert lines[-1].strip() == tile.code
    coloured = "".join(text_tile(tile, color=True))
    assert coloured.count("\x1b[31m●") == tile.red


def test_text_tiles_row():
    assert text_tiles([]) == "(no tiles)"
    rows = text_tiles(parse_tiles("11 12")).splitlines()
    assert rows[1] == "│ ● │ │ ● │" and rows[7] == "│ ● │ │○ ○│"

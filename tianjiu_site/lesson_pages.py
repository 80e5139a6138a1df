"""Shortcodes of the tutorial (site/lessons, site/glossary.md): owned by the tutorial.

``{{ zh("雜九") }}``
    a Chinese term in the page's script first, the other script in brackets
    where they differ: 繁體 page ``雜九（杂九）``, 简体 page ``杂九（雜九）``
    (the 繁體 form marked ``lang="zh-Hant"`` so the 简体 conversion leaves it
    alone), English page ``雜九 (杂九)``.  The 简体 form comes from OpenCC.
``{{ puzzle_theme("dun_tian") }}``
    a link to the puzzles of a theme (``puzzles/index.md#dun_tian``) with their
    number, read from ``puzzles/*.toml`` at build time; a theme with no puzzle
    yet gets a sentence pointing at the whole collection instead, so an empty
    theme never looks like a broken link.

>>> from tianjiu_site.shortcodes import Context, expand
>>> expand('{{ zh("雜九") }}', Context(lang="hant", src_path="x.md"))
'雜九（<span lang="zh-Hans">杂九</span>）'
>>> expand('{{ zh("雜九") }}', Context(lang="hans", src_path="x.md"))
'杂九（<span lang="zh-Hant">雜九</span>）'
>>> expand('{{ zh("天") }}', Context(lang="en", src_path="x.md"))
'天'
"""

from __future__ import annotations

import html
import posixpath
from functools import lru_cache
from pathlib import Path

from . import hans, puzzle_pages
from .shortcodes import Context, shortcode

__all__ = ["theme_count"]


@shortcode("zh")
def _zh(ctx: Context, text: str) -> str:
    if not isinstance(text, str) or not text.strip():
        raise ValueError("zh() needs 繁體 text such as \"雜九\"")
    simple = hans.text(text)
    if simple == text:
        return html.escape(text)
    hant, hans_ = html.escape(text), html.escape(simple)
    if ctx.lang == "hans":
        return f'{hans_}（<span lang="zh-Hant">{hant}</span>）'
    if ctx.lang == "en":
        return f'{hant} (<span lang="zh-Hans">{hans_}</span>)'
    return f'{hant}（<span lang="zh-Hans">{hans_}</span>）'


def _stamp(folder: Path) -> tuple:
    return tuple((p.name, p.stat().st_mtime_ns) for p in sorted(folder.glob("*.toml"))) \
        if folder.is_dir() else ()


@lru_cache(maxsize=4)
def _counts(stamp: tuple) -> dict[str, int]:
    counts: dict[str, int] = {}
    for p in puzzle_pages.load_puzzles():
        for t in p["themes"]:
            counts[t] = counts.get(t, 0) + 1
    return counts


def theme_count(theme: str) -> int:
    """How many puzzles of ``puzzles/`` carry ``theme`` (cached until a file changes)."""
    return _counts(_stamp(puzzle_pages.PUZZLES_DIR)).get(theme, 0)


@shortcode("puzzle_theme")
def _puzzle_theme(ctx: Context, theme: str) -> str:
    table = puzzle_pages.themes()
    if table and theme not in table:
        raise ValueError(f"unknown puzzle theme {theme!r}; known: {', '.join(table)}")
    here = posixpath.dirname(ctx.src_path.replace("\\", "/"))
    index = posixpath.relpath("puzzles/index.md", here or ".")
    n = theme_count(theme)
    row = table.get(theme)
    name = (row[2] if ctx.lang == "en" else row[0]) if row else theme
    if n == 0:
        if ctx.lang == "en":
            return f"the [puzzle collection]({index}) has no puzzles on this idea yet; try its other themes meanwhile."
        return f"[殘局練習]({index})暫時還沒有這個主題的題目，可以先做其他主題。"
    if ctx.lang == "en":
        return f"[{n} puzzle{'' if n == 1 else 's'} on “{name}”]({index}#{theme})"
    return f"[「{name}」的殘局題目（{n} 題）]({index}#{theme})"

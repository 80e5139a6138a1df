"""Parse and format tiles, tile lists and seats.

Pip codes are canonical (``"66 36"``); every name of the tile table is
accepted as an alias, in 繁 and 简, English and Jyutping, case-insensitive,
with or without spaces between names (``"天天九九"``, ``"Teen Teen Chop Gow
Chop Gow"``).  A name that fits several faces (``雜九`` is ``36`` or ``45``) is
resolved by context — the copies that exist, or the tiles a seat holds — and
is an :class:`~tianjiu_core.errors.AmbiguousTileError` listing the candidates
when the context leaves a choice.  Source: spec §1 (names), §7b (names).

>>> format_tiles(parse_tiles("天 天 雜九 雜九"))
'66 66 36 45'
>>> format_tiles(parse_tiles("天九", context=parse_tiles("66 45 12")))
'66 45'
>>> parse_tiles("天 九")
Traceback (most recent call last):
...
tianjiu_core.errors.AmbiguousTileError: '九' at position 2 is ambiguous: it names 36 or 45; write the pip code
>>> parse_tiles("77")
Traceback (most recent call last):
...
tianjiu_core.errors.NotationError: '77' at position 0 is not a tile: pip halves run from 1 to 6 (e.g. 66, 13)
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence

from .errors import AmbiguousTileError, NotationError
from .tiles import ALIASES as _ALIASES
from .tiles import BY_CODE, TILES, Tile

__all__ = [
    "parse_tile",
    "parse_tiles",
    "format_tiles",
    "sort_tiles",
    "SEATS",
    "SEAT_NAMES",
    "parse_seat",
    "seat_name",
]

SEATS: tuple[str, ...] = ("E", "S", "W", "N")
"""Seat letters in turn order (counter-clockwise: 東→南→西→北), spec §3."""

SEAT_NAMES: dict[str, tuple[str, str, str]] = {
    "E": ("東", "东", "East"),
    "S": ("南", "南", "South"),
    "W": ("西", "西", "West"),
    "N": ("北", "北", "North"),
}

_SEPARATORS = set(" \t\r\n,，、;；+/|")


def _norm(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


_MAX_ALIAS = max(len(k) for k in _ALIASES)


def _is_latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _tokens(text: str) -> list[tuple[int, str, frozenset[int]]]:
    """Split ``text`` into (position, token, candidate tile indices)."""
    # "6-6" is a pip code; other hyphens ("Red-head ten") are spaces
    norm = re.sub(r"(?<=\d)[-:](?=\d)", "", _norm(text)).replace("-", " ")
    text = re.sub(r"(?<=\d)[-:](?=\d)", "", text)
    out = []
    i, n = 0, len(norm)
    while i < n:
        ch = norm[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        # a pip code: two digits (either order)
        if ch.isdigit():
            j = i
            while j < n and norm[j].isdigit():
                j += 1
            run = norm[i:j]
            if len(run) % 2:
                raise NotationError(
                    f"{text[i:j]!r} at position {i} has an odd number of digits: "
                    "write each tile as two pip halves, e.g. 66 36",
                    zh=f"「{text[i:j]}」的數字是單數：每張牌寫兩個點數，例如 66 36")
            for k in range(0, len(run), 2):
                pair = run[k:k + 2]
                tile = BY_CODE.get("".join(sorted(pair)))
                if tile is None:
                    raise NotationError(
                        f"{pair!r} at position {i + k} is not a tile: "
                        "pip halves run from 1 to 6 (e.g. 66, 13)",
                        zh=f"「{pair}」不是牌：每邊的點數由 1 到 6（例如 66、13）")
                out.append((i + k, pair, frozenset((tile.index,))))
            i = j
            continue
        # the longest alias that starts here (latin names must end at a word boundary)
        found = None
        for length in range(min(_MAX_ALIAS, n - i), 0, -1):
            piece = " ".join(norm[i:i + length].split())
            cands = _ALIASES.get(piece)
            if cands is None or piece != norm[i:i + length]:
                continue
            end = i + length
            if _is_latin(norm[end - 1]) and end < n and _is_latin(norm[end]):
                continue
            found = (length, cands)
            break
        if found is None:
            j = i
            while j < n and norm[j] not in _SEPARATORS:
                j += 1
            raise NotationError(
                f"{text[i:j]!r} at position {i} is not a tile code or name "
                "(try a pip code such as 66, or a name such as 天 / Teen)",
                zh=f"「{text[i:j]}」不是牌的寫法或名字（可以寫點數如 66，或名字如 天）")
        length, cands = found
        out.append((i, text[i:i + length], cands))
        i += length
    return out


def parse_tiles(text: str | Iterable[str], context: Sequence[Tile] | None = None) -> tuple[Tile, ...]:
    """Tiles named in ``text``, in the order written.

    ``text`` may also be a list of tokens.  ``context`` is the multiset the
    tiles must come from (a seat's holding); without it, the 32-tile set.
    Ambiguous names (``雜九``, ``Chop Gow``, ``九``) are resolved when only one
    choice fits the context.

    Raises :class:`NotationError` for an unknown token or for more copies
    than exist (or than ``context`` holds), and :class:`AmbiguousTileError`
    (candidates listed) when a name still fits several faces.

    >>> parse_tiles("Teen teen chop gow chop gow")
    (Tile.parse('66'), Tile.parse('66'), Tile.parse('36'), Tile.parse('45'))
    >>> format_tiles(parse_tiles("伶冧六 銅錘六"))
    '15 15'
    """
    if not isinstance(text, str):
        text = " ".join(text)
    tokens = _tokens(text)
    if context is None:
        available = Counter({t.index: t.copies for t in TILES})
        where = "a set of 32 tiles"
    else:
        available = Counter(t.index for t in context)
        where = f"the tiles held ({format_tiles(context)})" if context else "an empty hand"
    fixed = Counter(next(iter(c)) for _, _, c in tokens if len(c) == 1)
    for idx, count in fixed.items():
        if count > available[idx]:
            tok = next(tok for _, tok, c in tokens if c == frozenset((idx,)))
            face = f"{TILES[idx].code} ({TILES[idx].name_hant})"
            if context is not None and not available[idx]:
                raise NotationError(f"{tok!r}: {face} is not among {where}",
                                    zh=f"「{tok}」：手上沒有{TILES[idx].name_hant}（{TILES[idx].code}）")
            raise NotationError(
                f"{tok!r}: {count} × {face} named, but {where} "
                f"{'has' if context is None else 'hold'} only {available[idx]}",
                zh=f"「{tok}」：寫了 {count} 張{TILES[idx].name_hant}，但"
                   f"{'一副牌' if context is None else '手上'}只有 {available[idx]} 張")
    ambiguous = [(pos, tok, c) for pos, tok, c in tokens if len(c) > 1]
    if not ambiguous:
        return tuple(TILES[next(iter(c))] for _, _, c in tokens)
    # try every assignment of the ambiguous tokens; keep those that fit
    solutions: dict[tuple[int, ...], tuple[int, ...]] = {}
    for choice in itertools.product(*(sorted(c) for _, _, c in ambiguous)):
        counts = fixed + Counter(choice)
        if all(counts[i] <= available[i] for i in counts):
            solutions.setdefault(tuple(sorted(choice)), choice)
    if not solutions:
        pos, tok, cands = ambiguous[0]
        raise NotationError(
            f"{tok!r} at position {pos} fits none of "
            f"{' or '.join(TILES[i].code for i in sorted(cands))} in {where}",
            zh=f"「{tok}」（{'、'.join(TILES[i].code for i in sorted(cands))}）"
               f"{'一副牌裏已經用完' if context is None else '手上沒有'}")
    if len(solutions) > 1:
        # name the first token whose face differs between solutions
        sols = list(solutions.values())
        for k, (pos, tok, cands) in enumerate(ambiguous):
            options = sorted({s[k] for s in sols})
            if len(options) > 1:
                codes = tuple(TILES[i].code for i in options)
                raise AmbiguousTileError(
                    f"{tok!r} at position {pos} is ambiguous: it names "
                    f"{' or '.join(codes)}; write the pip code", codes,
                    zh=f"「{tok}」可以是 {' 或 '.join(codes)}：請寫點數，例如 {codes[0]}")
    choice = next(iter(solutions.values()))
    # hand out the chosen faces to the ambiguous tokens (sorted to be stable)
    it = iter(choice)
    return tuple(TILES[next(iter(c))] if len(c) == 1 else TILES[next(it)] for _, _, c in tokens)


def parse_tile(text: str, context: Sequence[Tile] | None = None) -> Tile:
    """Exactly one tile; :class:`NotationError` for none or several.

    >>> parse_tile("二四"), parse_tile("大頭六"), parse_tile("Gee Joon three")
    (Tile.parse('24'), Tile.parse('24'), Tile.parse('12'))
    """
    tiles = parse_tiles(text, context)
    if len(tiles) != 1:
        raise NotationError(f"expected one tile, got {len(tiles)} in {text!r}",
                            zh=f"要一張牌，「{text}」有 {len(tiles)} 張")
    return tiles[0]


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Canonical order: table order (天 first … 丁三 last)."""
    return tuple(sorted(tiles, key=lambda t: t.index))


def format_tiles(tiles: Iterable[Tile], lang: str = "code") -> str:
    """Space-separated pip codes (``lang="code"``) or names (``"hant"``, ``"hans"``, ``"en"``).

    >>> format_tiles(parse_tiles("66 13"), "hans")
    '天 和'
    """
    if lang == "code":
        return " ".join(t.code for t in tiles)
    return " ".join(t.name(lang) for t in tiles)


_SEAT_ALIASES: dict[str, str] = {}
for _letter, (_hant, _hans, _en) in SEAT_NAMES.items():
    for _alias in (_letter, _hant, _hans, _en, _hant + "家", _hans + "家"):
        _SEAT_ALIASES[_norm(_alias)] = _letter


def parse_seat(text: str | int) -> int:
    """Seat index 0–3 (東 南 西 北) from ``"E"``, ``"東"``, ``"east"``, ``"南家"`` or an int.

    >>> parse_seat("西"), parse_seat("north"), parse_seat(1)
    (2, 3, 1)
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < 4:
            return text
        raise NotationError(f"seat {text} is out of range: seats are 0–3 (E S W N)",
                            zh=f"座位 {text} 超出範圍：座位是 0–3（東南西北）")
    if not isinstance(text, str):
        raise NotationError(f"seat must be a letter E/S/W/N, not {text!r}", zh=f"座位要寫 E/S/W/N，不是 {text!r}")
    letter = _SEAT_ALIASES.get(_norm(text.strip()))
    if letter is None:
        raise NotationError(f"{text!r} is not a seat: use E, S, W, N (東 南 西 北)",
                            zh=f"{text!r} 不是座位：要寫 E、S、W、N（東 南 西 北）")
    return SEATS.index(letter)


def seat_name(seat: int, lang: str = "code") -> str:
    """``"E"`` / ``"東"`` / ``"东"`` / ``"East"`` for a seat index."""
    letter = SEATS[seat]
    if lang == "code":
        return letter
    hant, hans, en = SEAT_NAMES[letter]
    return {"hant": hant, "hans": hans, "en": en}[lang]

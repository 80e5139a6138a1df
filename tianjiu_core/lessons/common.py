"""What every exercise shares: texts in 繁體/English (``T``), tile and play names, seeded choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..rng import Rng
from ..errors import NotationError
from ..limits import quote
from ..notation import SEAT_NAMES, SEATS, parse_tiles
from ..tiengow.plays import Play
from ..tiles import Tile


Text = dict[str, str]
MAX_SEED = (1 << 53) - 1


def T(hant: str, en: str, hans: str | None = None) -> Text:
    """A text in 繁體 and English (简体 only where the page's conversion would not do)."""
    out = {"hant": hant, "en": en}
    if hans is not None:
        out["hans"] = hans
    return out


def join_texts(*parts: Text) -> Text:
    """Concatenate texts language by language (繁 without spaces, English with spaces,
    none before punctuation; a piece after the end of an English sentence starts with a
    capital letter)."""
    en = ""
    for p in parts:
        piece = p["en"].strip()
        if not piece:
            continue
        if en and piece[0] not in ".,:;!?)'" and not en.endswith("("):
            en += " "
        if en.rstrip().endswith((".", "!", "?")):
            piece = _capital(piece)
        en += piece
    out = {"hant": "".join(p["hant"] for p in parts), "en": en}
    if any("hans" in p for p in parts):
        out["hans"] = "".join(p.get("hans", p["hant"]) for p in parts)
    return out


def _capital(sentence: str) -> str:
    """The sentence with its first letter upper case (not identifiers such as wen_zun)."""
    first = sentence.split(" ", 1)[0]
    if not sentence or not sentence[0].islower() or "_" in first:
        return sentence
    return sentence[0].upper() + sentence[1:]


def sentence_text(hant: str, en: str) -> Text:
    """An engine phrase (``Reason``, an error's message) ended as a sentence in both languages;
    the English is capitalised by :func:`join_texts` where a sentence starts."""
    hant, en = hant.strip(), en.strip()
    if not hant.endswith(("。", "！", "？")):
        hant += "。"
    if not en.endswith((".", "!", "?")):
        en += "."
    return T(hant, en)


def tiles_count(n: int) -> Text:
    """1 張 / 1 tile, 2 張 / 2 tiles."""
    return T(f"{n} 張", f"{n} tile" + ("" if n == 1 else "s"))


def minus_sign(n: int) -> str:
    """+3 / −6 / 0 with a real minus sign."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def seat_text(s: int) -> Text:
    """A seat in a sentence: 東家 / East."""
    hant, hans, en = SEAT_NAMES[SEATS[s]]
    return T(hant + "家", en, hans + "家")


def seat_name_text(s: int) -> Text:
    """A seat as a label: 東 / East."""
    hant, hans, en = SEAT_NAMES[SEATS[s]]
    return T(hant, en, hans)


def tile_name(t: Tile) -> Text:
    """A tile's name: 「天」 / Teen (天)."""
    return T(t.name_hant, f"{t.name_en} ({t.name_hant})", t.name_hans)


def tile_name_short(t: Tile) -> Text:
    """A tile's name with its pip code: 天 (66)."""
    return T(f"{t.name_hant}（{t.code}）", f"{t.name_en} {t.name_hant} ({t.code})",
             f"{t.name_hans}（{t.code}）")


_NAMED_CLASSES = ("three_civil", "three_military", "four")
"""Classes whose name already says the class (三文天九, Three civil Teen Gow)."""


def play_name(p: Play) -> Text:
    """A play's name and, where the name does not say it, its class: 雙天（文對）,
    地（文牌）, 天九（文武）, 三武和五, 至尊, 文尊（至尊）."""
    if p.cls in ("civil_single", "military_single"):
        civil = p.cls == "civil_single"
        return T(f"{p.name('hant')}（{'文牌' if civil else '武牌'}）",
                 f"{p.name('en')} {p.tiles[0].name_hant} ({'civil' if civil else 'military'} tile)",
                 f"{p.name('hans')}（{'文牌' if civil else '武牌'}）")
    if p.wen_zun:
        return T("文尊（至尊）", "Civil Supreme 文尊 (a 至尊 play)", "文尊（至尊）")
    if p.cls in _NAMED_CLASSES or p.cls == "supreme":
        en = "Gee Joon 至尊 (Supreme)" if p.cls == "supreme" else f"{p.name('en')} {p.name('hant')}"
        return T(p.name("hant"), en, p.name("hans"))
    return T(f"{p.name('hant')}（{p.class_name('hant')}）",
             f"{p.name('en')} {p.name('hant')} ({p.class_name('en')})",
             f"{p.name('hans')}（{p.class_name('hans')}）")


def suit_text(t: Tile) -> Text:
    return T("文牌", "a civil (文) tile") if t.is_civil else T("武牌", "a military (武) tile")


def describe_tile(t: Tile) -> Text:
    """What a tile looks like: halves, pips, colours."""
    if t.red == 0:
        col = T("全白", "all white")
    elif t.white == 0:
        col = T("全紅", "all red")
    else:
        col = T(f"{t.red} 點紅、{t.white} 點白", f"{t.red} red and {t.white} white")
    return T(f"{t.low} 點配 {t.high} 點，共 {t.points} 點，{col['hant']}",
             f"{t.low} and {t.high} pips, {t.points} in all, {col['en']}")


def seeded_rng(kind: str, seed: Any) -> Rng:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise NotationError(f"seed must be a whole number 0–{MAX_SEED}, not {seed!r}",
                            zh=f"seed（題號）要是 0–{MAX_SEED} 的整數，不是 {seed!r}")
    # one stream per kind: the same seed gives unrelated questions in two kinds
    salt = sum((i + 1) * ord(c) for i, c in enumerate(kind)) * 0x9E3779B1
    return Rng((seed ^ salt) & ((1 << 64) - 1))


def pick_one(rng: Rng, items: Sequence[Any]) -> Any:
    return items[rng.below(len(items))]


def shuffled_list(rng: Rng, items: list[Any]) -> list[Any]:
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def codes_of(tiles: Sequence[Tile]) -> list[str]:
    return [t.code for t in tiles]


def answer_tiles(answer: Any) -> tuple[Tile, ...]:
    if isinstance(answer, list) and all(isinstance(a, str) for a in answer):
        answer = " ".join(answer)
    if not isinstance(answer, str):
        raise NotationError(f"answer: must be tiles such as \"66 36\", not {quote(answer)}",
                            zh=f"answer：要是牌，例如 \"66 36\"，不是 {quote(answer)}")
    return parse_tiles(answer) if answer.strip() else ()


def answer_id(answer: Any, ids: Sequence[str]) -> str:
    if not isinstance(answer, str) or answer not in ids:
        raise NotationError(f"answer: must be one of {', '.join(ids)}, not {quote(answer)}",
                            zh=f"answer：要是 {'、'.join(ids)} 其中之一，不是 {quote(answer)}")
    return answer

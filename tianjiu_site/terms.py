"""The jieba user dictionary for site search (``jieba_terms.txt``).

Material's search plugin splits Chinese text into words with jieba at build
time; without help jieba cuts game terms apart (四天九 → 四 / 天九), and a
search for the whole term finds nothing.  This list is generated from the
engine's tables (tile names and aliases, play and class names, dealing
methods, settlement labels) plus a few general terms, in 繁體 and 简体.
``python -m tianjiu_site terms`` rewrites it; a test checks it is current.
"""

from __future__ import annotations

from pathlib import Path

from . import hans

PATH = Path(__file__).with_name("jieba_terms.txt")
EXTRA = ("天九", "天九牌", "骨牌", "牌九", "莊家", "連莊", "飛莊", "輪莊", "下家", "上家", "牌頭",
         "至尊", "文尊", "武尊", "擒尊", "賀尊", "包尊", "歸棟", "空棟", "入一", "入二", "文武",
         "文牌", "武牌", "文對", "武對", "三文", "三武", "墊牌", "結牌", "例牌", "七支", "八支",
         "四大包", "四大賀", "么結", "點數", "殘局", "練習", "教學")


def terms() -> list[str]:
    """Sorted unique terms (two or more Han characters), 繁體 and 简体."""
    from tianjiu_core.tiengow.deal import METHODS
    from tianjiu_core.tiengow.plays import CLASS_NAMES, all_plays
    from tianjiu_core.tiengow.scoring import FINISH_LABELS, RULE_LABELS
    from tianjiu_core.tiles import TILES

    words: set[str] = set(EXTRA)
    for t in TILES:
        words.update((t.name_hant, t.name_hans, *t.aliases_hant, *t.aliases_hans))
    for labels in (CLASS_NAMES, RULE_LABELS, FINISH_LABELS):
        for hant, hans_, _en in labels.values():
            words.update((hant, hans_))
    for p in all_plays():
        words.update((p.name("hant"), p.name("hans")))
    for m in METHODS:
        words.update((m.name_hant, m.name_hans))
    words.update(hans.text(w) for w in list(words))
    return sorted(w for w in words if len(w) >= 2 and all("\u3400" <= c <= "\u9fff" for c in w))


def write_terms(path: Path = PATH) -> Path:
    path.write_text("".join(f"{w} 200000 n\n" for w in terms()), encoding="utf-8")
    return path

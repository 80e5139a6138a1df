"""The tutorial's exercises, engine side: seeded questions and their grading (site/lessons).

Every exercise of the ten lessons is graded here, never in the page: the
page asks for a question, shows it, and sends the user's answer back; the
verdict and the reason come from the rules engine (``classify``, ``beats``,
:class:`~tianjiu_core.game.Hand`, :func:`~tianjiu_core.scoring.settle`,
:func:`~tianjiu_core.deal.deal` and, for the strategy lesson, the solver).

Questions are **stateless**: a question is fully determined by its ``kind``
and an integer ``seed`` (0 ≤ seed < 2⁵³, drawn by the page), so grading
re-creates the question from the same pair.  The page never receives the
answer, except after a correct try or when the user asks to see it
(``reveal``).

Bridge ops (JSON in / out, all registered with :func:`bridge.register`):

``lesson_kinds``
    ``[{"kind", "lesson"}]`` — every question kind and the lesson it belongs to.
``lesson_question {"kind", "seed"}``
    the question: ``{"kind", "seed", "prompt": T, "ui": "choice" | "pick",
    "choices": [{"id", "text"?: T, "tiles"?: [codes], "seat"?}], "show"?: {"tiles": [...]},
    "board"?: {...}, "hand"?: [codes], "pick_max"?: n, "cycle"?: {"n", "count"}}`` where ``T``
    is a text in ``{"hant", "en"}`` (and ``"hans"`` where it differs from a character-by-character
    conversion, e.g. tile names).  ``cycle`` marks kinds with a fixed set of positions
    (``finish_kind``, ``strategy``, ``rules``): consecutive seeds visit position ``seed % count``
    in turn, so the page can say when it starts again.
``lesson_check {"kind", "seed", "answer", "reveal"?}``
    ``{"correct": bool, "why": T, "answer": <the right id / tiles> | null}``;
    ``answer`` is given when the try was right or ``reveal`` is true.  ``why`` starts with the
    verdict (對！/ 不對 … , Right! / Not quite.) and says what is true, so a wrong try never
    reads like a right one.
``lesson_trick {"n"}`` / ``lesson_trick_play {"n", "action"}``
    lesson 4: one trick against the engine's players (see :func:`trick_play`).
``lesson_example {"id"}``
    lesson 7: a bonus or special finish played out step by step by the engine.

Kinds (lesson): ``tile_name``, ``tile_find`` (1), ``rank_winner`` (2),
``play_build``, ``can_beat`` (3), ``finish_who`` (5), ``settle_amount`` (6),
``finish_kind`` (7), ``deal_first``, ``deal_stacks`` (8), ``strategy`` (9),
``rules`` (10).  Errors: :class:`NotationError` for an unknown kind, a bad
seed or a malformed answer (the bridge turns it into ``ok: false``).

>>> q = question("tile_find", 7); q["ui"], len(q["choices"])
('choice', 4)
>>> check("tile_find", 7, solution("tile_find", 7))["correct"]
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from .bridge import register
from .deal import METHODS, Rng, deal, shuffled_wall
from .errors import IllegalActionError, NotationError, TianJiuError
from .game import Action, Hand
from .notation import SEAT_NAMES, SEATS, parse_seat, parse_tiles, sort_tiles
from .players import greedy_action
from .plays import Play, all_plays, beats, try_classify, why_not_a_play
from .rules import Rules
from .scoring import FINISH_LABELS, settle
from .tiles import BY_CODE, MILITARY, TILES, Tile

__all__ = ["question", "check", "solution", "KINDS", "trick_start", "trick_play", "example",
           "EXAMPLES", "TRICK_SEEDS"]

Text = dict[str, str]
MAX_SEED = (1 << 53) - 1


def T(hant: str, en: str, hans: str | None = None) -> Text:
    """A text in 繁體 and English (简体 only where the page's conversion would not do)."""
    out = {"hant": hant, "en": en}
    if hans is not None:
        out["hans"] = hans
    return out


def _join(*parts: Text) -> Text:
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


def _sentence(hant: str, en: str) -> Text:
    """An engine phrase (``Reason``, an error's message) ended as a sentence in both languages;
    the English is capitalised by :func:`_join` where a sentence starts."""
    hant, en = hant.strip(), en.strip()
    if not hant.endswith(("。", "！", "？")):
        hant += "。"
    if not en.endswith((".", "!", "?")):
        en += "."
    return T(hant, en)


def _tiles_count(n: int) -> Text:
    """1 張 / 1 tile, 2 張 / 2 tiles."""
    return T(f"{n} 張", f"{n} tile" + ("" if n == 1 else "s"))


def _minus(n: int) -> str:
    """+3 / −6 / 0 with a real minus sign."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def _seat(s: int) -> Text:
    """A seat in a sentence: 東家 / East."""
    hant, hans, en = SEAT_NAMES[SEATS[s]]
    return T(hant + "家", en, hans + "家")


def _seat_name(s: int) -> Text:
    """A seat as a label: 東 / East."""
    hant, hans, en = SEAT_NAMES[SEATS[s]]
    return T(hant, en, hans)


def _name(t: Tile) -> Text:
    """A tile's name: 「天」 / Teen (天)."""
    return T(t.name_hant, f"{t.name_en} ({t.name_hant})", t.name_hans)


def _tname(t: Tile) -> Text:
    """A tile's name with its pip code: 天 (66)."""
    return T(f"{t.name_hant}（{t.code}）", f"{t.name_en} {t.name_hant} ({t.code})",
             f"{t.name_hans}（{t.code}）")


_NAMED_CLASSES = ("three_civil", "three_military", "four")
"""Classes whose name already says the class (三文天九, Three civil Teen Gow)."""


def _pname(p: Play) -> Text:
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


def _suit(t: Tile) -> Text:
    return T("文牌", "a civil (文) tile") if t.is_civil else T("武牌", "a military (武) tile")


def _describe(t: Tile) -> Text:
    """What a tile looks like: halves, pips, colours."""
    if t.red == 0:
        col = T("全白", "all white")
    elif t.white == 0:
        col = T("全紅", "all red")
    else:
        col = T(f"{t.red} 點紅、{t.white} 點白", f"{t.red} red and {t.white} white")
    return T(f"{t.low} 點配 {t.high} 點，共 {t.points} 點，{col['hant']}",
             f"{t.low} and {t.high} pips, {t.points} in all, {col['en']}")


def _rng(kind: str, seed: Any) -> Rng:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise NotationError(f"seed must be a whole number 0–{MAX_SEED}, not {seed!r}")
    # one stream per kind: the same seed gives unrelated questions in two kinds
    salt = sum((i + 1) * ord(c) for i, c in enumerate(kind)) * 0x9E3779B1
    return Rng((seed ^ salt) & ((1 << 64) - 1))


def _pick(rng: Rng, items: Sequence[Any]) -> Any:
    return items[rng.below(len(items))]


def _shuffle(rng: Rng, items: list[Any]) -> list[Any]:
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def _codes(tiles: Sequence[Tile]) -> list[str]:
    return [t.code for t in tiles]


def _answer_tiles(answer: Any) -> tuple[Tile, ...]:
    if isinstance(answer, list) and all(isinstance(a, str) for a in answer):
        answer = " ".join(answer)
    if not isinstance(answer, str):
        raise NotationError(f"the answer must be tiles such as \"66 36\", not {answer!r}")
    return parse_tiles(answer) if answer.strip() else ()


def _answer_id(answer: Any, ids: Sequence[str]) -> str:
    if not isinstance(answer, str) or answer not in ids:
        raise NotationError(f"the answer must be one of {', '.join(ids)}, not {answer!r}")
    return answer


# --------------------------------------------------------------------- memory aids (lesson 1)

AIDS: dict[str, Text] = {
    "66": T("一對天牌共 24 點，好比一年的二十四節氣；文牌之首。",
            "A pair of Teen has 24 pips, like the 24 solar terms of the Chinese year; the top civil tile."),
    "11": T("兩邊各一點紅；一對共 4 點，好比東南西北四方。",
            "One red pip at each end; a pair has 4 pips, like the four directions of the earth."),
    "44": T("兩個紅色的四，共 8 點全紅；一對 16 點，傳說代表十六種做人的道理。",
            "Two red fours, 8 red pips; a pair's 16 pips are said to stand for sixteen virtues."),
    "13": T("一點紅配三點白，樣子像一隻鵝，所以又叫鵝牌。",
            "One red pip over three white ones, which looks like a goose (鵝), its other name."),
    "55": T("兩個五點，像兩朵梅花。", "Two fives, like two plum blossoms."),
    "33": T("三點配三點，點子排成長長的兩行，所以叫長三。",
            "Three and three, the pips in long lines, hence the Long three."),
    "22": T("四點白，像板凳的四隻腳。", "Four white pips, like the four legs of a bench."),
    "56": T("五點配六點，白色 11 點，像一把斧頭。", "Five and six, 11 white pips, shaped like an axe."),
    "46": T("頭上一個紅色的四，共十點：紅頭十。", "A red four at its head and ten pips, hence the Red-head ten."),
    "16": T("一點紅在上，下面高高的六點像一隻長腳。",
            "One red pip on top of a tall six, like a long leg."),
    "15": T("一點紅配五點，像一個銅錘；文牌中最小，也是兩張「么」之一（另一張是丁三）。",
            "One red pip on a five, like a copper hammer; the lowest civil tile, and one of the two 么 "
            "tiles (the other is 丁三)."),
    "36": T("武牌以點數為名：九點（雜九）；兩款九點一樣大。",
            "Military tiles are named by their pips, here nine (Chop Gow); both nines rank the same."),
    "45": T("武牌以點數為名：九點（雜九）；兩款九點一樣大。",
            "Military tiles are named by their pips, here nine (Chop Gow); both nines rank the same."),
    "26": T("八點（雜八）；兩款八點一樣大。", "Eight pips (Chop Bot); both eights rank the same."),
    "35": T("八點（雜八）；兩款八點一樣大。", "Eight pips (Chop Bot); both eights rank the same."),
    "25": T("七點（雜七）；兩款七點一樣大。", "Seven pips (Chop Chit); both sevens rank the same."),
    "34": T("七點（雜七）；兩款七點一樣大。", "Seven pips (Chop Chit); both sevens rank the same."),
    "24": T("二配四，六點；和丁三合成至尊。俗稱「大么」，但這只是名字：么結的「么」是丁三和銅錘六。",
            "Two and four, six pips; with 丁三 it makes 至尊 (Supreme). Nicknamed 大么, but that is only "
            "a name: the 么 tiles of a 么 finish are 丁三 and 銅錘六."),
    "14": T("五點（雜五）；兩款五點一樣大。", "Five pips (Chop Ng); both fives rank the same."),
    "23": T("五點（雜五）；兩款五點一樣大。", "Five pips (Chop Ng); both fives rank the same."),
    "12": T("一配二，三點，武牌中最小；和二四合成至尊。俗稱「細么」，也是兩張「么」之一（另一張是銅錘六）。",
            "One and two, three pips, the lowest military tile; with 二四 it makes 至尊. Nicknamed 細么; "
            "it is one of the two 么 tiles (the other is 銅錘六)."),
}


# --------------------------------------------------------------------- lesson 1: the tiles

def _distinct_names(rng: Rng, target: Tile, n: int) -> list[Tile]:
    """``n`` tiles with names different from each other and from ``target``; half of
    them look alike (close in pips or the same suit)."""
    out: list[Tile] = []
    names = {target.name_hant}
    close = sorted(TILES, key=lambda t: (abs(t.points - target.points), t.index))
    pool = _shuffle(rng, list(TILES))
    for t in close[:8] + pool:
        if len(out) >= n:
            break
        if t.name_hant in names or (rng.below(3) == 0 and t in close[:8]):
            continue
        names.add(t.name_hant)
        out.append(t)
    for t in pool:  # the skips above may leave too few
        if len(out) >= n:
            break
        if t.name_hant not in names:
            names.add(t.name_hant)
            out.append(t)
    return out


def _tile_question(kind: str, seed: int) -> tuple[dict, Callable[[Any, bool], dict], Any]:
    rng = _rng(kind, seed)
    target = TILES[rng.below(len(TILES))]
    options = _shuffle(rng, [target] + _distinct_names(rng, target, 3))
    ids = [t.code for t in options]
    if kind == "tile_name":
        q = {"prompt": T("這張牌叫什麼名字？", "What is this tile called?"),
             "ui": "choice", "show": {"tiles": [target.code]},
             "choices": [{"id": t.code, "text": _name(t)} for t in options]}
    else:
        q = {"prompt": _join(T("哪一張是「", "Which tile is"), _name(target), T("」？", "?")),
             "ui": "choice", "choices": [{"id": t.code, "tiles": [t.code]} for t in options]}

    def grade(answer: Any, reveal: bool) -> dict:
        a = BY_CODE[_answer_id(answer, ids)]
        right = a.name_hant == target.name_hant
        if right:
            why = _join(T("對！這是", "Right! It is"), _tname(target), T("。", "."), AIDS[target.code])
        elif kind == "tile_name":
            why = _join(T("不對。「", "Not quite."), _name(a), T("」是 ", " has"), _describe(a),
                        T("。這張牌卻是 ", "; the tile shown has"), _describe(target),
                        T("。數一數點子和顏色再試。", ". Count the pips and their colours, then try again."))
        else:
            why = _join(T("不對。你選的是", "Not quite: you picked"), _tname(a), T("：", ", with"),
                        _describe(a), T("。提示：", ". Hint:"), AIDS[target.code])
        return {"correct": right, "why": why,
                "answer": target.code if (right or reveal) else None}

    return q, grade, target.code


# --------------------------------------------------------------------- lesson 2: ranking

def _single(t: Tile) -> Play:
    result = try_classify((t,))
    assert isinstance(result, Play)
    return result


def _rank_question(kind: str, seed: int):
    rng = _rng(kind, seed)
    n = 4  # a whole trick: East leads, South, West and North follow
    left = Counter({t: t.copies for t in TILES})
    lead_suit = _pick(rng, ("civil", "military"))
    tiles: list[Tile] = []
    for k in range(n):
        style = rng.below(10)
        if k == 0:
            pool = [t for t in TILES if t.suit == lead_suit]
        elif style < 6:   # most tiles follow the lead's suit, so rank decides
            pool = [t for t in TILES if t.suit == lead_suit and left[t]]
        elif style < 8 and lead_suit == "military":  # an equal nine, eight, seven or five
            pool = [t for t in MILITARY if left[t] and any(u.value == t.value for u in tiles)]
        else:
            pool = [t for t in TILES if left[t]]
        pool = [t for t in pool if left[t]] or [t for t in TILES if left[t]]
        t = _pick(rng, pool)
        left[t] -= 1
        tiles.append(t)
    winner = 0
    best = _single(tiles[0])
    for k in range(1, n):
        p = _single(tiles[k])
        if beats(best, p):
            best, winner = p, k
    ids = [str(k) for k in range(n)]
    q = {"prompt": T("東家先出一張，南、西、北家依次各放一張（打不過的只算墊牌）。哪一張贏這一墩？",
                     "East leads one tile; South, West and North each put one tile on it in turn (a tile "
                     "that cannot beat only counts as a discard). Which tile wins the trick?"),
         "ui": "choice",
         "choices": [{"id": str(k), "tiles": [t.code], "seat": SEATS[k]} for k, t in enumerate(tiles)]}

    def why_not(k: int) -> Text:
        """Why tile k does not win."""
        t = tiles[k]
        best_k, best_p = 0, _single(tiles[0])
        for j in range(1, n):
            p = _single(tiles[j])
            if j == k:
                if best_p.cls != p.cls:
                    return _join(_tname(t), T("是", " is"), _suit(t), T("，", ", but"),
                                 _tname(tiles[best_k]), T("是", " is"), _suit(tiles[best_k]),
                                 T("：文牌和武牌互不相打，它只能當墊牌。",
                                   ": civil and military tiles never beat each other, so it only counts "
                                   "as a discard."))
                if p.rank == best_p.rank:
                    return _join(_tname(t), T("和", " and"), _tname(tiles[best_k]),
                                 T("一樣大；一樣大不算贏，先出的為大。",
                                   " rank the same; equal never beats, the earlier one stands."))
                if p.rank < best_p.rank:
                    return _join(_tname(t), T("比", " is lower than"), _tname(tiles[best_k]),
                                 T("小。", "."))
            if beats(best_p, p):
                if best_k == k:
                    return _join(_tname(t), T("後來被", " was beaten later by"), _tname(tiles[j]),
                                 T("打了。", "."))
                best_k, best_p = j, p
        return T("", "")

    def grade(answer: Any, reveal: bool) -> dict:
        k = int(_answer_id(answer, ids))
        right = k == winner
        if right:
            why = _join(T("對！", "Right!"), _tname(tiles[winner]), T("贏這一墩。", " wins the trick."))
        else:
            why = _join(T("不對。", "Not quite."), why_not(k), T("再試。", " Try again."))
        return {"correct": right, "why": why, "answer": str(winner) if (right or reveal) else None}

    return q, grade, str(winner)


# --------------------------------------------------------------------- lesson 3: plays

_BUILD_TARGETS = ("civil_pair", "military_pair", "mixed_pair", "supreme", "three_civil",
                  "three_military", "four", "civil_pair", "mixed_pair", "military_pair")


def _why_not_play(tiles: Sequence[Tile]) -> Text:
    """Why these tiles make no play: the engine's :func:`plays.why_not_a_play` (one source
    of truth with the playground and the CLI), as a sentence."""
    if not tiles:
        return T("你還沒有選牌。", "You picked no tiles.")
    why = why_not_a_play(tiles)
    return _sentence(why.hant, why.en)


def _play_build_question(kind: str, seed: int):
    rng = _rng(kind, seed)
    cls = _pick(rng, _BUILD_TARGETS)
    target = _pick(rng, [p for p in all_plays() if p.cls == cls])
    left = Counter({t: t.copies for t in TILES})
    left.subtract(Counter(target.tiles))
    rest = [t for t in TILES for _ in range(left[t])]
    hand = list(target.tiles) + _shuffle(rng, rest)[:8 - len(target.tiles)]
    hand = list(sort_tiles(hand))
    q = {"prompt": _join(T("從手上選出「", "Pick"), _pname(target), T("」，然後按「檢查」。", "from your hand, then press Check.")),
         "ui": "pick", "hand": _codes(hand), "pick_max": 4}

    def grade(answer: Any, reveal: bool) -> dict:
        picked = _answer_tiles(answer)
        have = Counter(hand)
        if any(c > have[t] for t, c in Counter(picked).items()):
            raise NotationError("the answer uses tiles that are not in the hand")
        result = try_classify(picked) if picked else "no tiles"
        if isinstance(result, str):
            right, why = False, _join(T("不對。這幾張不成牌型：", "Not quite. Those tiles are not a play:"),
                                      _why_not_play(picked))
        elif result.cls == target.cls and result.rank == target.rank:
            right, why = True, _join(T("對！這是", "Right! That is"), _pname(result), T("。", "."))
        else:
            right = False
            why = _join(T("不對。這幾張是", "Not quite. Those tiles make"), _pname(result), T("，要的是", ", not"),
                        _pname(target), T("。", "."))
        return {"correct": right, "why": why,
                "answer": list(target.codes) if (right or reveal) else None}

    return q, grade, list(target.codes)


_BEAT_PAIRS = (  # (best so far, challenger): the classic traps of spec §2
    ("11 26", "36 45"), ("44 44", "66 45"), ("13 14 23", "11 11 26"), ("26 35", "66 66"),
    ("26 35", "36 45"), ("15 15", "16 16"), ("24 12", "66 66"), ("36", "45"), ("24", "25"),
    ("12", "24"), ("66", "36"), ("56 56", "55 55"), ("55 55", "56 56"), ("46", "56"),
    ("16", "15"), ("22", "33"), ("13 13 23", "44 44 34"), ("44 25 34", "66 36 45"),
    ("13 13 14 23", "11 11 26 35"), ("66 36", "11 26"), ("36 45", "11 11"), ("55", "36"),
    ("24 12", "15 15"), ("14 23", "26 35"), ("33 33", "22 22"), ("13", "55"),
)


_CLASS_PLURAL: dict[str, Text] = {
    "civil_single": T("文牌", "civil tiles (文)"), "military_single": T("武牌", "military tiles (武)"),
    "civil_pair": T("文對", "civil pairs (文對)"), "military_pair": T("武對", "military pairs (武對)"),
    "mixed_pair": T("文武", "civil–military pairs (文武)"), "three_civil": T("三文", "三文 (three civil) plays"),
    "three_military": T("三武", "三武 (three military) plays"), "four": T("四", "fours (四)"),
    "supreme": T("至尊", "supreme plays (至尊)"),
}


def _short(p: Play) -> Text:
    """A play's name inside a sentence: 雙梅 / Pair of Mooy (雙梅)."""
    if p.cls == "supreme":
        return T(p.name("hant"), p.name("hant"), p.name("hans"))
    return T(p.name("hant"), f"{p.name('en')} ({p.name('hant')})", p.name("hans"))


def _beat_reason(best: Play, play: Play, rules: Rules | None = None) -> Text:
    """Why ``play`` does or does not beat ``best`` (spec §2): one clause, no verdict, no
    final stop (callers add them)."""
    if beats(best, play, rules):
        if best.cls == "supreme":
            return T("一對高腳七可以擒文尊（擒尊）", "a pair of 高腳七 (16 16) captures a led 文尊 (擒尊)")
        cls = _CLASS_PLURAL[play.cls]
        return _join(T("同是", "both are"), cls, T("，而且", ", and"), _short(play), T("比", "ranks above"),
                     _short(best), T("大", ""))
    if best.cls == "supreme":
        if best.wen_zun and (rules or Rules()).wen_zun_capture:
            return T("文尊只有一對高腳七打得過", "only a pair of 高腳七 (16 16) can beat a 文尊")
        if best.wen_zun:
            return T("不設擒尊時，文尊和武尊一樣，沒有牌打得過", "without 擒尊, nothing beats 文尊, just as "
                                                             "nothing beats 武尊")
        return T("至尊不會被打", "nothing ever beats 至尊")
    if play.cls == "supreme":
        return T("至尊只可以先出，不能用來打別人", "至尊 can only lead; it never beats another play")
    if best.cls != play.cls:
        return _join(_pname(best), T("和", "and"), _pname(play),
                     T("不同類；不同類的牌互不相打，不論點數多大",
                       "are of different classes, and plays of different classes never beat each "
                       "other, however big they look"))
    cls = _CLASS_PLURAL[play.cls]
    if best.rank == play.rank:
        return _join(T("同是", "both are"), cls, T("，而且", ", and"), _short(play), T("和", "ranks the same as"),
                     _short(best), T("一樣大；一樣大不算贏，先出的為大",
                                     "; equal never beats, the earlier play stands"))
    return _join(T("同是", "both are"), cls, T("，但", ", but"), _short(play), T("比", "ranks below"),
                 _short(best), T("小", ""))


def _beat_verdict(right: bool, yes: bool, best: Play, play: Play, rules: Rules | None = None) -> Text:
    """對！打得過：… / Not quite. It does beat: … — the verdict, the fact and the reason."""
    if right:
        head = T("對！打得過：", "Right! It beats:") if yes else T("對！打不過：", "Right! It does not beat:")
    else:
        head = (T("不對，其實打得過：", "Not quite. It does beat:") if yes
                else T("不對，其實打不過：", "Not quite. It does not beat:"))
    return _join(head, _beat_reason(best, play, rules), T("。", "."))


def _can_beat_question(kind: str, seed: int):
    rng = _rng(kind, seed)
    if rng.below(2) == 0:
        best_s, play_s = _pick(rng, _BEAT_PAIRS)
        best, play = try_classify(parse_tiles(best_s)), try_classify(parse_tiles(play_s))
    else:  # two random plays of one class that fit in one set
        while True:
            cls = _pick(rng, ("civil_single", "military_single", "civil_pair", "military_pair",
                              "mixed_pair", "three_civil", "three_military"))
            plays = [p for p in all_plays() if p.cls == cls]
            best, play = _pick(rng, plays), _pick(rng, plays)
            need = Counter(best.tiles) + Counter(play.tiles)
            if all(c <= t.copies for t, c in need.items()):
                break
    assert isinstance(best, Play) and isinstance(play, Play)
    yes = beats(best, play)
    q = {"prompt": _join(T("已經出了", "The best play so far is"), _pname(best),
                         T("。打得過它嗎：", ". Can this beat it:"), _pname(play), T("？", "?")),
         "ui": "choice", "show": {"tiles": list(best.codes), "against": list(play.codes)},
         "choices": [{"id": "yes", "text": T("打得過", "Yes, it beats")},
                     {"id": "no", "text": T("打不過", "No, it does not")}]}

    def grade(answer: Any, reveal: bool) -> dict:
        a = _answer_id(answer, ["yes", "no"])
        right = (a == "yes") == yes
        return {"correct": right, "why": _beat_verdict(right, yes, best, play),
                "answer": ("yes" if yes else "no") if (right or reveal) else None}

    return q, grade, "yes" if yes else "no"


# --------------------------------------------------------------------- positions

def _hand(holdings: Sequence[str], dong: Sequence[int], leader: int, *, banker: int = 0,
          streak: int = 1, shown: str = "", rules: Rules | None = None) -> Hand:
    return Hand(rules, banker=banker, banker_streak=streak,
                holdings=[parse_tiles(h) if h else () for h in holdings], dong=tuple(dong),
                leader=leader, shown=parse_tiles(shown) if shown else ())


def _board(hand: Hand, *, hidden: Sequence[int] = ()) -> dict:
    """A position as the page draws it: seats, tiles (hidden seats: counts), 棟, banker, trick."""
    return {"banker": SEATS[hand.banker], "streak": hand.banker_streak,
            "leader": SEATS[hand.leader],
            "to_act": SEATS[hand.to_act] if hand.to_act >= 0 else None,
            "seats": {SEATS[s]: {"tiles": (len(hand.holdings[s]) if s in hidden
                                           else _codes(hand.holdings[s])),
                                 "dong": hand.dong[s]} for s in range(4)},
            "trick": [a.to_json() for a in hand.trick],
            "best": None if hand.best_seat is None else SEATS[hand.best_seat]}


def _play_out_last(hand: Hand) -> list[Action]:
    """Finish a last trick where every seat beats whenever the rules let it."""
    done = []
    while not hand.is_over:
        legal = hand.legal_actions()
        whole = len(hand.holdings[hand.to_act]) if not hand.trick else hand.trick_size
        plays = [a for a in legal if a.kind == "play" and a.size == whole]  # the whole holding, or nothing
        done.append(hand.act(plays[0] if plays else legal[0]))
    return done


# --------------------------------------------------------------------- lesson 5: finishing

def _finish_who_question(kind: str, seed: int):
    rng = _rng(kind, seed)
    size = 1 if rng.below(4) else 2
    while True:
        leader = rng.below(4)
        banker = rng.below(4)
        # 棟 so far: 8 − size in all, the leader has some; often one seat has none
        total = 8 - size
        dong = [0, 0, 0, 0]
        dong[leader] = 1 + rng.below(3)
        others = [s for s in range(4) if s != leader]
        zero = _pick(rng, others) if rng.below(3) else None
        for _ in range(total - dong[leader]):
            s = _pick(rng, [o for o in range(4) if o != zero])
            dong[s] += 1
        left = Counter({t: t.copies for t in TILES})
        if size == 1:
            holdings: list[tuple[Tile, ...]] = []
            lead_suit = _pick(rng, ("civil", "military"))
            for s in range(4):
                pool = [t for t in TILES if left[t] and (t.suit == lead_suit or rng.below(4) == 0)]
                if s == zero and rng.below(2):  # the tempting case: a higher tile with no 棟
                    pool = [t for t in pool if t.suit == lead_suit] or pool
                t = _pick(rng, pool)
                left[t] -= 1
                holdings.append((t,))
        else:
            pairs = [p for p in all_plays() if len(p.tiles) == 2 and p.cls != "supreme"]
            holdings = []
            for s in range(4):
                if s == leader or rng.below(3):
                    cands = [p for p in pairs if all(left[t] >= c for t, c in Counter(p.tiles).items())]
                    tiles = _pick(rng, cands).tiles
                else:
                    pool = [t for t in TILES for _ in range(left[t])]
                    tiles = tuple(_shuffle(rng, pool)[:2])
                left.subtract(Counter(tiles))
                holdings.append(tuple(tiles))
        try:
            hand = Hand(banker=banker, holdings=holdings, dong=dong, leader=leader)
        except TianJiuError:
            continue
        break
    board = _board(hand)
    played = _play_out_last(hand.copy())
    lead = played[0]
    result_hand = hand.copy()
    for a in played:
        result_hand.act(a)
    assert result_hand.result is not None
    finisher = result_hand.result.finisher
    q = {"prompt": T(f"最後一墩：{SEAT_NAMES[SEATS[leader]][0]}家先出{('一張' if size == 1 else '兩張')}，"
                     "人人都會盡量打。誰「結」（贏這手牌）？",
                     f"The last trick: {SEAT_NAMES[SEATS[leader]][2]} leads "
                     f"{'one tile' if size == 1 else 'two tiles'} and everyone beats if they may. "
                     "Who finishes (結, wins the hand)?",
                     f"最后一墩：{SEAT_NAMES[SEATS[leader]][1]}家先出{('一张' if size == 1 else '两张')}，"
                     "人人都会尽量打。谁「结」（赢这手牌）？"),
         "ui": "choice", "board": board,
         "choices": [{"id": SEATS[s], "text": _seat_name(s), "seat": SEATS[s]} for s in range(4)]}

    def best_before(s: int) -> Play | None:
        """The best play on the table when seat s acts."""
        probe = hand.copy()
        for x in played:
            if x.seat == s:
                break
            probe.act(x)
        return probe.best_play

    def story(s: int, *, final: bool) -> Text:
        """What seat s did on the last trick, and why.  ``final``: the whole trick is being
        told (after a right answer), so the later seats are not named here."""
        a = next(x for x in played if x.seat == s)
        mine = hand.holdings[s]
        p = try_classify(mine)
        if s == leader:
            assert isinstance(p, Play)
            head = _join(_seat(s), T("先出", "leads"), _short(p))
            if final:
                return _join(head, T("。", "."))
            if finisher == leader:
                return _join(head, T("，沒有人打得過。", "and nobody can beat it."))
            return _join(head, T("，但後來有人打得更大。", ", but a later seat beats it."))
        best = best_before(s)
        if a.kind == "play":
            assert isinstance(p, Play)
            head = _join(_seat(s), T("用", "beats it with"), _short(p), T("打", ""))
            if final or s == finisher:
                return _join(head, T("。", "."))
            return _join(head, T("，但後來有人打得更大。", ", but a later seat beats that."))
        # a discard: why?
        if size == 1 and dong[s] == 0 and isinstance(p, Play) and best is not None and beats(best, p):
            return _join(_seat(s), T("的", "holds"), _short(p), T("比場上的", ", higher than"), _short(best),
                         T("大，但", ", but"), _seat(s),
                         T("一棟都沒有：最後一墩只出一張時，沒有棟的人不能打，只能墊牌。",
                           "has no 棟: on a last trick of one tile a seat without 棟 may not beat, "
                           "however high its tile, so it must discard."))
        if isinstance(p, str):
            return _join(_seat(s), T("手上兩張不成牌型，只能墊。", "'s two tiles make no play, so it discards."))
        assert best is not None
        singles = ("civil_single", "military_single")
        if p.cls in singles and best.cls in singles and p.cls != best.cls:
            return _join(_seat(s), T("的", "'s"), _pname(p), T("和場上最大的", "and the best play,"), _pname(best),
                         T("文武不同，打不了，只能墊。",
                           ", are of different suits: civil and military never beat each other, so it discards."))
        if p.cls != best.cls and best.cls != "supreme":
            return _join(_seat(s), T("的", "'s"), _pname(p), T("和場上最大的", "is of a different class from the best play,"),
                         _pname(best), T("不同類，打不了，只能墊。", ", so it cannot beat and discards."))
        return _join(_seat(s), T("的", "'s"), _short(p), T("不比場上最大的", "is not higher than"), _short(best),
                     T("大，只能墊。", ", so it discards."))

    def grade(answer: Any, reveal: bool) -> dict:
        s = parse_seat(_answer_id(answer, list(SEATS)))
        right = s == finisher
        total = result_hand.dong[finisher]
        if right:
            order = [(leader + k) % 4 for k in range(4)]
            why = _join(T("對！", "Right!"), *[story(x, final=True) for x in order],
                        _seat(finisher), T(f"的牌最大，結，共 {total} 棟。",
                                           f"has the best play and finishes, with {total} 棟 in all."))
        else:
            why = _join(T("不對。", "Not quite."), story(s, final=False), T("再想想。", "Think again."))
        return {"correct": right, "why": why, "answer": SEATS[finisher] if (right or reveal) else None}

    return q, grade, SEATS[finisher]


# --------------------------------------------------------------------- lesson 6: settlement

def _money(n: int) -> Text:
    if n > 0:
        return T(f"付 {n}", f"pays {n}")
    if n < 0:
        return T(f"收 {-n}", f"is paid {-n}")
    return T("不用付", "pays nothing")


def _settle_question(kind: str, seed: int):
    rng = _rng(kind, seed)
    while True:
        banker = rng.below(4)
        finisher = rng.below(4) if rng.below(3) else banker
        streak = 1 + (rng.below(3) if rng.below(2) else 0)
        dong = [0, 0, 0, 0]
        dong[finisher] = 2
        for _ in range(6):
            dong[rng.below(4)] += 1
        if max(dong[s] for s in range(4) if s != finisher) <= 6:
            break
    losers = [s for s in range(4) if s != finisher]
    # favour the banker and the interesting counts (0 棟, 5–6 棟)
    interesting = [s for s in losers if s == banker or dong[s] in (0, 5, 6)]
    seat = _pick(rng, interesting or losers)
    s = settle(banker=banker, banker_streak=streak, finisher=finisher, dong=dong)
    item = next(i for i in s.items if (i.payer == seat and i.payee == finisher)
                or (i.payee == seat and i.payer == finisher))
    amount = item.amount if item.payer == seat else -item.amount
    # the usual mistakes: no multiplier, 空棟 as 4, streak for m, 入 the wrong way, ×2 always
    d = dong[seat]
    units = 5 if d == 0 else 4 - d
    m = streak + 1
    cands = {units, units * 2, units * streak, units * m, units * (m + 1), -amount, amount + 1,
             4 * m if d == 0 else amount - 1}
    cands.discard(amount)
    options = sorted([amount] + _shuffle(rng, sorted(cands))[:3], key=lambda x: (x < 0, abs(x)))
    ids = [str(o) for o in options]
    q = {"prompt": _join(T("誰結、誰是莊、各家多少棟如下表。", "Who finished, who is the banker and the 棟 of "
                                                               "each seat are below."),
                         _seat(seat), T("跟結的", " settles with the finisher"), _seat(finisher),
                         T("怎樣結算？", ": how?")),
         "ui": "choice",
         "board": {"banker": SEATS[banker], "streak": streak, "finisher": SEATS[finisher],
                   "ask": SEATS[seat], "seats": {SEATS[x]: {"dong": dong[x]} for x in range(4)}},
         "choices": [{"id": str(o), "text": _money(o)} for o in options]}

    def hint(final: bool = True) -> Text:
        """Why: the 棟, the units, the multiplier and (``final``) the sum, as the calculator's
        lines.  A wrong try gets the rule without the sum, so trying again still means something."""
        if d == 0:
            base = T(f"有 0 棟，是空棟，算 {units} 注", f"has 0 棟 (空棟), worth {units} units")
        elif d == 4:
            return T("有 4 棟，是歸棟：不輸不贏。", "has 4 棟 (歸棟): even, nothing to pay.")
        elif d >= 5:
            base = T(f"有 {d} 棟，是入{'一' if d == 5 else '二'}：結的人反過來付 {d - 4} 注",
                     f"has {d} 棟 (入{'一' if d == 5 else '二'}): the finisher pays it {d - 4} "
                     f"unit{'s' if d == 6 else ''}")
        else:
            base = T(f"有 {d} 棟，算 4 − {d} = {units} 注", f"has {d} 棟, worth 4 − {d} = {units} unit{'s' if units != 1 else ''}")
        plain = units if d < 4 else d - 4
        if finisher == banker:
            mult = T(f"；莊家結，人人都乘莊的倍數 {m}（第 {streak} 手莊 + 1），入一、入二也一樣乘。",
                     f"; the banker finished, so every amount is × {m} (banker's hand {streak} + 1), "
                     "入 included.")
        elif seat == banker and d < 4:
            mult = T(f"；輸的是莊家，要乘莊的倍數 {m}（第 {streak} 手莊 + 1）。",
                     f"; the loser is the banker, so × {m} (banker's hand {streak} + 1).")
        elif seat == banker:
            mult = T("；莊家入一、入二只收一倍，不乘倍數。", "; a banker with 5 or 6 棟 is paid only × 1, "
                                                    "without the multiplier.")
        else:
            mult = T("；莊家不在這一對之中，不用乘。", "; the banker is neither of these two, so no multiplier.")
        if not final:
            return _join(base, mult, T("再算一次。", " Work it out again."))
        if abs(amount) != plain:
            calc = T(f"{plain} × {m} = {abs(amount)}，", f"{plain} × {m} = {abs(amount)}, so")
        else:
            calc = T("所以", "So")
        return _join(base, mult, calc, _seat(seat), _money(amount), T("。", "."))

    def grade(answer: Any, reveal: bool) -> dict:
        a = int(_answer_id(answer, ids))
        right = a == amount
        why = _join(T("對！" if right else "不對。", "Right!" if right else "Not quite."), _seat(seat),
                    hint(final=right or reveal))
        return {"correct": right, "why": why, "answer": str(amount) if (right or reveal) else None}

    return q, grade, str(amount)


# --------------------------------------------------------------------- lesson 7: special finishes

FINISH_CHOICES = ("plain", "yao", "yao_capture", "zun", "four", "qi_zhi", "ba_zhi")

_FINISH_POSITIONS = (
    # (holdings E S W N, 棟 before, leader, banker, the last trick's actions from the leader)
    (("66", "12", "33", "55"), (2, 2, 2, 1), 1, 0, ("S: 12", "W: discard 33", "N: discard 55", "E: discard 66")),
    (("55", "12", "33", "24"), (2, 2, 2, 1), 1, 0, ("S: 12", "W: discard 33", "N: 24", "E: discard 55")),
    (("55 55", "24 12", "66 66", "11 44"), (2, 2, 1, 1), 1, 0,
     ("S: 24 12", "W: discard 66 66", "N: discard 11 44", "E: discard 55 55")),
    (("55 55 33 33", "44 44 25 34", "66 56 22 22", "11 13 46 16"), (2, 1, 1, 0), 1, 2,
     ("S: 44 44 25 34", "W: discard 66 56 22 22", "N: discard 11 13 46 16", "E: discard 55 55 33 33")),
    (("66", "44", "22", "33"), (0, 7, 0, 0), 1, 0, ("S: 44", "W: discard 22", "N: discard 33", "E: discard 66")),
    (("66 11", "55 55", "44 33", "22 46"), (0, 6, 0, 0), 1, 0,
     ("S: 55 55", "W: discard 44 33", "N: discard 22 46", "E: discard 66 11")),
    (("11", "66", "36", "55"), (0, 7, 0, 0), 1, 2, ("S: 66", "W: discard 36", "N: discard 55", "E: discard 11")),
    (("11", "66", "44", "55"), (2, 3, 1, 1), 1, 0, ("S: 66", "W: discard 44", "N: discard 55", "E: discard 11")),
    (("16", "15", "33", "55"), (1, 3, 2, 1), 1, 0, ("S: 15", "W: discard 33", "N: discard 55", "E: 16")),
    (("36", "15", "55", "33"), (2, 3, 2, 0), 1, 3, ("S: 15", "W: discard 55", "N: discard 33", "E: discard 36")),
    (("66 66", "11 11", "44 44", "13 13"), (2, 2, 1, 1), 0, 0,
     ("E: 66 66", "S: discard 11 11", "W: discard 44 44", "N: discard 13 13")),
    (("24", "12", "45", "66"), (2, 2, 2, 1), 1, 0, ("S: 12", "W: 45", "N: discard 66", "E: discard 24")),
)

_FINISH_RULE_TEXT: dict[str, Text] = {
    "plain": T("普通的結（×1）是沒有任何特別結法的結。",
               "A plain finish (× 1) is one with none of the special finishes."),
    "yao": T("么結（×2）是結的人在最後一墩自己先出單張丁三或銅錘六，而且沒有人打得過。",
             "么結 (× 2) means the finisher led a single 丁三 (12) or 銅錘六 (15) on the last trick and "
             "nobody beat it."),
    "yao_capture": T("么雙擒四（×4）是最後一墩先出的單張么被擒：丁三被二四打，或銅錘六被高腳七打；由出么的人代付。",
                     "么雙擒四 (× 4) means the single 么 led on the last trick was captured: 丁三 by 二四, "
                     "or 銅錘六 by 高腳七; the 么 player pays for everyone."),
    "zun": T("包尊（×2）是用至尊結，而且這一墩沒有尊錢。",
             "包尊 (× 2) means finishing with 至尊; there is no 尊錢 for that trick."),
    "four": T("四大包（×4）是用四張牌（四天九等）結。",
              "四大包 (× 4) means finishing with a four (四天九 and the like)."),
    "qi_zhi": T("七支（×2）是八棟全取，但最後一張單牌本來打得過，只是其他人沒有棟，不能打。",
                "七支 (× 2) means all 8 棟, but the last single could have been beaten: it won only "
                "because the others had no 棟."),
    "ba_zhi": T("八支（×4）是八棟全取，而且最後一墩有兩張以上，或是么，或是沒有未見過的牌打得過。",
                "八支 (× 4) means all 8 棟, and the last trick had two or more tiles, or was a 么, or "
                "nothing unseen could beat it."),
}

_FINISH_FACTORS = {"plain": 1, "yao": 2, "yao_capture": 4, "zun": 2, "four": 4, "qi_zhi": 2, "ba_zhi": 4}


def _finish_label(key: str) -> Text:
    """A choice: 七支 ×2 / 七支 sweep of 7 × 2."""
    hant, hans, en = FINISH_LABELS[key]
    factor = _FINISH_FACTORS[key]
    en = en.replace(f" ({hant})", "")  # "sweep of 7 (七支)": the Chinese is already in front
    return T(f"{hant} ×{factor}", f"{hant} {en} × {factor}", f"{hans} ×{factor}")


def _finish_position(n: int) -> tuple[Hand, list[Action], Hand]:
    holdings, dong, leader, banker, actions = _FINISH_POSITIONS[n]
    hand = _hand(holdings, dong, leader, banker=banker)
    after = hand.copy()
    done = [after.act(a) for a in actions]
    assert after.result is not None
    return hand, done, after


def _what_happened(done: Sequence[Action], after: Hand) -> Text:
    """The last trick in words: who led what, who beat with what, the finisher's 棟."""
    parts = [T("這一墩", "Here,")]
    for k, a in enumerate(done):
        if a.kind != "play":
            continue
        p = try_classify(a.tiles)
        assert isinstance(p, Play)
        if k == 0:
            parts += [_seat(a.seat), T("先出", "led"), _short(p)]
        else:
            parts += [T("，", ","), _seat(a.seat), T("用", "beat it with"), _short(p), T("打", "")]
    if len(parts) == 4:
        parts.append(T("，沒有人打得過", "and nobody beat it"))
    result = after.result
    assert result is not None
    total = result.dong[result.finisher]
    parts += [T("；", ";"), _seat(result.finisher),
              T(f"結，共 {total} 棟" + ("（八棟全取）" if total == 8 else "") + "。",
                f"finishes with {total} 棟" + (" (all eight)" if total == 8 else "") + ".")]
    parts[1:1] = [T("：", "")]
    return _join(*parts)


def _finish_kind_question(kind: str, seed: int):
    n = seed % len(_FINISH_POSITIONS)  # consecutive seeds visit every position
    hand, done, after = _finish_position(n)
    result = after.result
    assert result is not None
    key = result.settlement.finish or "plain"
    board = _board(hand)
    board["trick"] = [a.to_json() for a in done]
    board["finisher"] = SEATS[result.finisher]
    q = {"prompt": T("這是一手牌的最後一墩（棟數是這一墩之前的）。這是什麼結法？",
                     "This is the last trick of a hand (棟 are counted before it). What kind of finish is it?"),
         "ui": "choice", "board": board, "cycle": {"n": n, "count": len(_FINISH_POSITIONS)},
         "choices": [{"id": k, "text": _finish_label(k)} for k in FINISH_CHOICES]}

    def grade(answer: Any, reveal: bool) -> dict:
        a = _answer_id(answer, list(FINISH_CHOICES))
        right = a == key
        if right:
            why = _join(T("對！", "Right!"), _what_happened(done, after), _FINISH_RULE_TEXT[key])
        else:
            why = _join(T("不對。", "Not quite."), _FINISH_RULE_TEXT[a], _what_happened(done, after),
                        T("再想想。", "Think again."))
        return {"correct": right, "why": why, "answer": key if (right or reveal) else None}

    return q, grade, key


# --------------------------------------------------------------------- lesson 8: the deal

_STACK_METHODS = ("kai_bian_left", "kai_bian_right", "lun_dong", "jian_dong", "wa_xin", "qie_er")


def _method(key: str):
    return next(m for m in METHODS if m.key == key)


def _method_name(m) -> Text:
    return T(m.name_hant, f"{m.name_hant} ({m.name_en})", m.name_hans)


def _deal_first_question(kind: str, seed: int):
    rng = _rng(kind, seed)
    banker = rng.below(4)
    dice = rng.dice()
    d = deal(shuffled_wall(rng.below(1 << 30)), "間棟", dice, banker)
    q = {"prompt": _join(T("莊家是", "The banker is"), _seat(banker),
                         T(f"。擲骰的人擲出 {dice[0]} 和 {dice[1]}。誰先取牌？",
                           f". The thrower throws {dice[0]} and {dice[1]}. Who takes first?")),
         "ui": "choice", "show": {"dice": list(dice)},
         "board": {"banker": SEATS[banker], "seats": {s: {} for s in SEATS}},
         "choices": [{"id": SEATS[s], "text": _seat_name(s), "seat": SEATS[s]} for s in range(4)]}
    total = dice[0] + dice[1]

    def grade(answer: Any, reveal: bool) -> dict:
        s = parse_seat(_answer_id(answer, list(SEATS)))
        right = s == d.first
        why = _join(T("對！" if right else "不對。", "Right!" if right else "Not quite."),
                    T("擲骰的是莊家對面的", "The dice are thrown by the seat opposite the banker,"),
                    _seat(d.thrower),
                    T(f"。由他自己算 1，逆時針（東→南→西→北）數到 {total}。",
                      f". Count {total} counter-clockwise (E→S→W→N), the thrower being 1."))
        return {"correct": right, "why": why, "answer": SEATS[d.first] if (right or reveal) else None}

    return q, grade, SEATS[d.first]


def _deal_stacks_question(kind: str, seed: int):
    rng = _rng(kind, seed)
    m = _method(_pick(rng, _STACK_METHODS))
    k = rng.below(4)  # the k-th taker (0 = first)
    d = deal(shuffled_wall(rng.below(1 << 30)), m.key, (3, 4), 0)
    seat = (d.first + k) % 4
    stacks = sorted(n for step in d.steps if step.seat == seat for n in step.stacks)
    right_id = "+".join(map(str, stacks))
    cands = set()
    for other in _STACK_METHODS:
        for share in _method(other).shares:
            cands.add("+".join(map(str, sorted(share))))
    cands.discard(right_id)
    options = sorted([right_id] + _shuffle(rng, sorted(cands))[:3], key=lambda x: [int(v) for v in x.split("+")])
    ordinal = (T("第一", "first"), T("第二", "second"), T("第三", "third"), T("第四", "fourth"))[k]
    q = {"prompt": _join(T("牌頭是", "The dealing method is"), _method_name(m),
                         T("。", "."), T("", "Which stacks does the"), ordinal,
                         T("個取牌的人拿哪兩棟？（棟由擲骰者左手邊起數 1 到 8。）",
                           "taker get? (Stacks are numbered 1–8 from the thrower's left.)")),
         "ui": "choice", "show": {"wall": True},
         "choices": [{"id": o, "text": T(" + ".join(o.split("+")) + " 棟",
                                         "stacks " + " and ".join(o.split("+")))} for o in options]}
    rules_text = {
        "kai_bian_left": T("開邊：由左邊起，每人兩棟連着取：1+2、3+4、5+6、7+8。",
                           "開邊 from the left gives two neighbouring stacks each, from the left end: 1+2, 3+4, 5+6, 7+8."),
        "kai_bian_right": T("開邊（右）：由右邊起，每人兩棟：8+7、6+5、4+3、2+1。",
                            "開邊 from the right gives two stacks each, from the right end: 8+7, 6+5, 4+3, 2+1."),
        "lun_dong": T("輪棟：每人一棟，轉兩圈：第一個人取 1 和 5，第二個 2 和 6……",
                      "輪棟 goes twice round, one stack each: the first taker gets 1 and 5, the second 2 and 6, …"),
        "jian_dong": T("間棟：第一個人 1+3，第二個 2+4，第三個 5+7，第四個 6+8。",
                       "間棟 gives the first taker 1+3, the second 2+4, the third 5+7, the fourth 6+8."),
        "wa_xin": T("挖心：第一個人取正中的 4+5，其他人向兩邊：3+6、2+7、1+8。",
                    "挖心 gives the first taker the middle 4+5; the others work outwards with 3+6, 2+7 and 1+8."),
        "qie_er": T("切耳：第一個人取兩端的 1+8，其他人向中間：2+7、3+6、4+5。",
                    "切耳 gives the first taker the two ends 1+8; the others work inwards with 2+7, 3+6 and 4+5."),
    }[m.key]

    def grade(answer: Any, reveal: bool) -> dict:
        a = _answer_id(answer, options)
        right = a == right_id
        why = _join(T("對！" if right else "不對。", "Right!" if right else "Not quite."), rules_text)
        return {"correct": right, "why": why, "answer": right_id if (right or reveal) else None}

    return q, grade, right_id


# --------------------------------------------------------------------- lesson 9: strategy

_STRATEGY = (
    # (idea, holdings E S W N, 棟 before, leader, banker, trick so far, prompt)
    ("dun_tian", ("11 55 55", "66 15 46", "33 22 56", "44 13 16"), (3, 0, 1, 1), 0, 0, ("E: 11",),
     T("你是南家，還沒有棟。東家（莊）出地。你怎樣做？",
       "You are South and have no 棟 yet. East (the banker) leads 地. What do you do?")),
    ("yao_finish", ("55 22", "66 12", "33 46", "44 16"), (2, 1, 2, 1), 1, 0, (),
     T("你是南家，到你先出，手上有天和丁三。先出哪一張？",
       "You are South, to lead, holding 天 and 丁三. Which do you lead first?")),
    ("stop_banker", ("11 36", "66 12", "33 26", "22 34"), (2, 2, 1, 1), 0, 0, ("E: 11",),
     T("東家是莊，出了地。你是南家，手上有天和丁三。怎樣做？",
       "East, the banker, leads 地. You are South with 天 and 丁三. What do you do?")),
    ("wen_chang_wu_duan", ("66 25", "44 26", "11 55", "33 22"), (2, 2, 1, 1), 0, 0, ("E: 66",),
     T("東家出天，沒有人打得過，最後一墩也會由東家先出。你是南家，要墊一張：墊哪一張？",
       "East leads 天; nobody can beat it, so East will also lead the last trick. You are South "
       "and must discard one tile: which?")),
    ("feng_si_yi_chong", ("24 16 15 16", "66 45 55 55", "44 44 14 23", "34 26 22 46"), (1, 1, 1, 1), 1, 0, (),
     T("各人剩四張，人人有一棟。你是南家，到你先出。",
       "Everyone has four tiles and one 棟 left. You are South, to lead.")),
    ("wu_zi_qiao_shuang_qiang", ("44 44 33 22 16", "66 55 55 13 23", "11 11 46 46 56", "36 26 25 34 14"),
     (1, 1, 1, 0), 1, 0, (),
     T("各人剩五張。你是南家，到你先出，手上有天、雙梅和和五。",
       "Everyone has five tiles left. You are South, to lead, holding 天, a pair of 梅 and 和五.")),
)


def _solve(hand: Hand, hero: int):
    try:
        from .solver import solve
    except ImportError as exc:  # the solver module is part of the engine; say so if missing
        raise NotationError(f"the strategy exercise needs tianjiu_core.solver: {exc}") from None
    return solve(hand, hero=hero, budget=2_000_000)


def _strategy_hand(n: int) -> Hand:
    idea, holdings, dong, leader, banker, trick, _ = _STRATEGY[n]
    hand = _hand(holdings, dong, leader, banker=banker)
    for a in trick:
        hand.act(a)
    return hand


def _action_text(a: Action, lead: bool) -> Text:
    """出天 / lead Teen (66); 墊地 / discard Day (11)."""
    tiles = a.tiles
    if a.kind != "play":
        return _join(T("墊", "discard"), T("、".join(t.name_hant for t in tiles),
                                           ", ".join(f"{t.name_en} ({t.code})" for t in tiles),
                                           "、".join(t.name_hans for t in tiles)))
    p = try_classify(tiles)
    assert isinstance(p, Play)
    verb = T("出", "lead") if lead else T("打", "beat with")
    return _join(verb, T(p.name("hant"), f"{p.name('en')} ({' '.join(t.code for t in tiles)})",
                         p.name("hans")))


def _strategy_question(kind: str, seed: int):
    return _strategy_n(seed % len(_STRATEGY))  # consecutive seeds visit every position


_IDEAS: dict[str, Text] = {
    "dun_tian": T("敦天：還沒有棟，就先用穩贏的天或九收一棟，免得空棟，也保住結的資格。",
                  "敦天: with no 棟 yet, bank one with a sure winner (天 or a nine), to avoid 空棟 and keep "
                  "the right to finish."),
    "yao_finish": T("么結：先用大牌保住出牌權，把么留到最後一墩才出，結的時候 ×2。",
                    "么結: keep the lead with your big tile and save the 么 for the last trick, for × 2."),
    "stop_banker": T("莫讓莊結：莊家結，人人都要乘倍數，所以打得過莊家就要打。",
                     "stopping the banker: a banker who finishes multiplies everyone's payment, so beat the "
                     "banker when you can."),
    "wen_chang_wu_duan": T("文長武短：別人多數留文牌，你留一張武牌做最後一張，他們就打不了你。",
                           "文長武短 (civil long, military short): the others mostly keep civil tiles, so a "
                           "military tile kept for the last trick cannot be beaten by them."),
    "feng_si_yi_chong": T("逢四一衝：人人剩四張時先出單張，逼別人拆對子。",
                          "逢四一衝: with four tiles each, lead a single to make the others break their pairs."),
    "wu_zi_qiao_shuang_qiang": T("五子撬雙槍：剩五張時讓出一墩兩張，保住自己的對子。",
                                 "五子撬雙槍: with five tiles left, give up a two-tile trick to keep your own "
                                 "pair."),
}
"""Lesson 9's ideas (spec §7), named in the feedback of their positions."""

_SOLVED: dict[int, Any] = {}


def _strategy_solution(n: int):
    """The solver's answer for position n (memoised: the page asks twice per question)."""
    if n not in _SOLVED:
        hand = _strategy_hand(n)
        _SOLVED[n] = _solve(hand, hand.to_act)
    return _SOLVED[n]


def _strategy_n(n: int):
    idea = _STRATEGY[n][0]
    prompt = _STRATEGY[n][6]
    hand = _strategy_hand(n)
    sol = _strategy_solution(n)
    groups: dict[int, Any] = {}
    for av in sol.actions:
        groups.setdefault(av.group, av)
    options = list(groups.values())
    ids = [av.action.notation() for av in options]
    best = sol.value
    board = _board(hand)
    q = {"prompt": _join(prompt, T("（所有人的牌都攤開；數字是你這手牌由現在起的輸贏。）",
                                   " (All hands are open; values are your net result from now on.)")),
         "ui": "choice", "board": board, "idea": idea, "cycle": {"n": n, "count": len(_STRATEGY)},
         "choices": [{"id": av.action.notation(), "text": _action_text(av.action, not hand.trick),
                      "tiles": _codes(av.action.tiles), "kind": av.action.kind} for av in options]}
    best_ids = [av.action.notation() for av in options if av.value == best]

    def grade(answer: Any, reveal: bool) -> dict:
        a = _answer_id(answer, ids)
        av = next(o for o in options if o.action.notation() == a)
        right = av.value == best
        value = _minus(av.value)
        units = "unit" if abs(av.value) == 1 else "units"
        if right:
            why = _join(T("對！", "Right!"), _action_text(av.action, not hand.trick),
                        T(f"：其他人怎樣應對，你最少都有 {value} 注。", f": whatever the others do, you get at "
                                                              f"least {value} {units}."),
                        T("這就是", "This is"), _IDEAS[idea])
        else:
            why = _join(T("不對。", "Not quite."), _action_text(av.action, not hand.trick),
                        T(f"：其他人應對得好，你只有 {value} 注；有更好的出法。想想",
                          f": with the others' best replies you get only {value} {units}; there is a better "
                          "choice. Think of"), _IDEAS[idea])
        out = {"correct": right, "why": why, "answer": best_ids[0] if (right or reveal) else None}
        if right or reveal:
            out["values"] = {o.action.notation(): o.value for o in options}
        return out

    return q, grade, best_ids[0]


# --------------------------------------------------------------------- lesson 10: house rules

def _rules_scenarios() -> list[dict]:
    """Each: rules, a question and how the engine answers it."""
    out = []
    for opts in ({}, {"wen_zun_capture": False}, {"wen_zun": False}):
        out.append({"type": "beats", "rules": opts, "best": "15 15", "play": "16 16"})
    for opts in ({}, {"zhizun_singles_lowest": True}):
        out.append({"type": "beats", "rules": opts, "best": "24", "play": "23"})
        out.append({"type": "beats", "rules": opts, "best": "12", "play": "14"})
    for opts in ({}, {"empty_dong_units": 4}):
        out.append({"type": "settle", "rules": opts, "dong": (3, 3, 0, 2), "banker": 0,
                    "finisher": 1, "seat": 2})
    for opts in ({}, {"banker_rotation": "rotate"}):
        out.append({"type": "next_banker", "rules": opts})
    for opts in ({}, {"must_beat": True}):
        out.append({"type": "may_discard", "rules": opts})
    for opts in ({}, {"yao_capture_factor": 2}):
        out.append({"type": "settle_yao", "rules": opts})
    return out


_RULES_IN_WORDS: dict[tuple[str, Any], Text] = {
    ("wen_zun_capture", False): T("不設擒尊（一對高腳七不能打文尊）",
                                  "without 擒尊 (a pair of 高腳七 may not capture 文尊)"),
    ("wen_zun", False): T("沒有文尊（一對銅錘六只是普通的文對）",
                          "without 文尊 (a pair of 銅錘六 is an ordinary civil pair)"),
    ("zhizun_singles_lowest", True): T("單張二四、丁三比所有武牌都小（內地玩法）",
                                       "single 二四 and 丁三 rank below every other military tile (a mainland "
                                       "variant)"),
    ("empty_dong_units", 4): T("空棟只付 4 注", "空棟 pays only 4 units"),
    ("banker_rotation", "rotate"): T("用輪莊，不用飛莊", "with 輪莊 (a rotating bank) instead of 飛莊"),
    ("must_beat", True): T("能打必打（內地玩法）", "with “must beat” (a mainland variant)"),
    ("yao_capture_factor", 2): T("么雙擒四只乘 2", "a captured 么 (么雙擒四) is only × 2"),
}
"""Lesson 10's rule changes in plain words (the option ids are on the page, for the CLI)."""


def _rules_text(opts: dict) -> Text:
    if not opts:
        return T("香港規則（本站預設）", "Hong Kong rules (this site's default)")
    (k, v), = opts.items()
    return _join(T("香港規則，但", "Hong Kong rules, but"), _RULES_IN_WORDS[(k, v)])


def _rules_order() -> list[dict]:
    """The scenarios in the order consecutive seeds visit them: the kinds of question take
    turns, so the same question never comes twice in a row."""
    by_type: dict[str, list[dict]] = {}
    for sc in _rules_scenarios():
        by_type.setdefault(sc["type"], []).append(sc)
    out: list[dict] = []
    while any(by_type.values()):
        for queue in by_type.values():
            if queue:
                out.append(queue.pop(0))
    return out


_RULES_ORDER = _rules_order()


def _rules_question(kind: str, seed: int):
    n = seed % len(_RULES_ORDER)  # consecutive seeds visit every scenario
    sc = _RULES_ORDER[n]
    rules = Rules.from_dict(dict(sc["rules"]))
    head = _join(T("規則：", "Rules:"), _rules_text(sc["rules"]), T("。", "."))
    may = [{"id": "yes", "text": T("可以", "Yes")}, {"id": "no", "text": T("不可以", "No")}]
    cycle = {"n": n, "count": len(_RULES_ORDER)}
    if sc["type"] == "beats":
        best = try_classify(parse_tiles(sc["best"]), rules)
        play = try_classify(parse_tiles(sc["play"]), rules)
        assert isinstance(best, Play) and isinstance(play, Play)
        yes = beats(best, play, rules)
        ans = "yes" if yes else "no"
        q = {"prompt": _join(head, T("有人先出", "Someone leads"), _pname(best), T("，", ";"),
                             T("可以用", "may"), _pname(play), T("打它嗎？", "beat it?")),
             "ui": "choice", "show": {"tiles": list(best.codes), "against": list(play.codes)},
             "choices": may}

        def why(right: bool) -> Text:
            return _beat_verdict(right, yes, best, play, rules)
    elif sc["type"] == "settle":
        d = sc["dong"]
        s = settle(banker=sc["banker"], banker_streak=1, finisher=sc["finisher"], dong=d, rules=rules)
        amount = next(i.amount for i in s.items if i.payer == sc["seat"])
        ans = str(amount)
        q = {"prompt": _join(head, T("東家是莊，南家結。西家一棟都沒有，要付多少？",
                                     "East is the banker and South finishes. West has no 棟: how much does West pay?")),
             "ui": "choice", "board": {"banker": "E", "streak": 1, "finisher": "S", "ask": "W",
                                       "seats": {SEATS[x]: {"dong": d[x]} for x in range(4)}},
             "choices": [{"id": str(v), "text": _money(v)} for v in (4, 5, 8, 10)]}

        def why(right: bool) -> Text:
            return _join(T("對！" if right else "不對。", "Right!" if right else "Not quite."),
                         T(f"按這套規則，空棟付 {rules.empty_dong_units} 注；莊家不在這一對之中，不用乘，"
                           f"所以西家付 {amount}。",
                           f"Under these rules 空棟 pays {rules.empty_dong_units} units, and the banker is "
                           f"neither of these two, so no multiplier: West pays {amount}."))
    elif sc["type"] == "next_banker":
        hand = _hand(("55", "33", "66", "22"), (2, 2, 2, 1), 2, rules=rules)
        hand.act("W: 66")
        for a in ("N: discard 22", "E: discard 55", "S: discard 33"):
            hand.act(a)
        assert hand.result is not None
        ans = SEATS[hand.result.next_banker]
        q = {"prompt": _join(head, T("東家做莊，西家結了這手牌。下一手誰做莊？",
                                     "East is the banker and West finishes the hand. Who is the next banker?")),
             "ui": "choice", "choices": [{"id": SEATS[s], "text": _seat_name(s), "seat": SEATS[s]} for s in range(4)]}
        reason = (T("輪莊：莊家沒有結，莊就傳給下家；東家的下家是南家，所以南家做莊。",
                    "With 輪莊 (a rotating bank) the banker did not finish, so the bank passes to the next "
                    "seat: South, the seat after East.")
                  if rules.banker_rotation == "rotate" else
                  T("飛莊：誰結誰做下一手的莊，所以西家做莊。",
                    "With 飛莊 (the bank flies) whoever finishes is the next banker: West."))

        def why(right: bool) -> Text:
            return _join(T("對！" if right else "不對。", "Right!" if right else "Not quite."), reason)
    elif sc["type"] == "may_discard":
        hand = _hand(("33 11", "66 22", "55 46", "44 16"), (2, 2, 1, 1), 0, rules=rules)
        hand.act("E: 33")
        yes = hand.can(hand.parse_action("discard 22"))
        ans = "yes" if yes else "no"
        q = {"prompt": _join(head, T("東家出長三。你是南家，手上有天和板凳。可以墊板凳嗎？",
                                     "East leads 長三. You are South with 天 and 板凳. May you discard 板凳?")),
             "ui": "choice", "board": _board(hand), "choices": may}
        reason = (T("能打必打：打得過就一定要用同類最大的牌打（這裏是天），不能墊。",
                    "under “must beat” a seat that can beat must beat, with its highest play of the "
                    "class (here 天), and may not discard.")
                  if not yes else
                  T("香港規則任何時候都可以墊牌，就算打得過也可以。",
                    "under Hong Kong rules you may always discard, even when you could beat."))

        def why(right: bool) -> Text:
            if right:
                head = T("對！可以：", "Right! Yes, you may:") if yes else T("對！不可以：", "Right! No, you may not:")
            else:
                head = (T("不對，其實可以：", "Not quite. Yes, you may:") if yes
                        else T("不對，其實不可以：", "Not quite. No, you may not:"))
            return _join(head, reason)
    else:  # settle_yao
        hand = _hand(("55", "12", "33", "24"), (2, 2, 2, 1), 1, rules=rules)
        for a in ("S: 12", "W: discard 33", "N: 24", "E: discard 55"):
            hand.act(a)
        assert hand.result is not None
        amount = -hand.result.payments[1]
        ans = str(amount)
        f = rules.yao_capture_factor
        q = {"prompt": _join(head, T("最後一墩南家出丁三，北家用二四擒住結了（么雙擒四）。南家一共付多少？",
                                     "On the last trick South leads 丁三 and North captures it with 二四 "
                                     "(么雙擒四). How much does South pay in all?")),
             "ui": "choice", "board": _board(_hand(("55", "12", "33", "24"), (2, 2, 2, 1), 1, rules=rules)),
             "choices": [{"id": str(v), "text": _money(v)} for v in sorted({amount, 28, 14, 7, 56})][:5]}
        if not any(c["id"] == ans for c in q["choices"]):
            q["choices"][-1] = {"id": ans, "text": _money(amount)}

        def why(right: bool) -> Text:
            return _join(T("對！" if right else "不對。", "Right!" if right else "Not quite."),
                         T(f"南家代每個輸家付錢（連自己的一份），每份乘 {f}：東家（莊）(4 − 2) × 2 = 4，"
                           f"南家 4 − 2 = 2，西家 4 − 2 = 2；(4 + 2 + 2) × {f} = {amount}。",
                           f"South pays every loser's amount (its own included), each × {f}: East (the "
                           f"banker) (4 − 2) × 2 = 4, South 4 − 2 = 2, West 4 − 2 = 2; "
                           f"(4 + 2 + 2) × {f} = {amount}."))
    q["cycle"] = cycle
    ids = [c["id"] for c in q["choices"]]

    def grade(answer: Any, reveal: bool) -> dict:
        a = _answer_id(answer, ids)
        right = a == ans
        return {"correct": right, "why": why(right), "answer": ans if (right or reveal) else None}

    return q, grade, ans


# --------------------------------------------------------------------- registry

KINDS: dict[str, tuple[int, Callable]] = {
    "tile_name": (1, _tile_question),
    "tile_find": (1, _tile_question),
    "rank_winner": (2, _rank_question),
    "play_build": (3, _play_build_question),
    "can_beat": (3, _can_beat_question),
    "finish_who": (5, _finish_who_question),
    "settle_amount": (6, _settle_question),
    "finish_kind": (7, _finish_kind_question),
    "deal_first": (8, _deal_first_question),
    "deal_stacks": (8, _deal_stacks_question),
    "strategy": (9, _strategy_question),
    "rules": (10, _rules_question),
}
"""kind → (lesson number, builder); a builder returns (question, grade, answer)."""


def _build(kind: Any, seed: Any):
    if not isinstance(kind, str) or kind not in KINDS:
        raise NotationError(f"unknown exercise kind {kind!r}; known: {', '.join(KINDS)}")
    _rng(kind, seed)  # validates the seed
    return KINDS[kind][1](kind, seed)


def question(kind: str, seed: int) -> dict:
    """The question for (kind, seed), without its answer (see the module docstring)."""
    q, _, _ = _build(kind, seed)
    return {"kind": kind, "seed": seed, **q}


def check(kind: str, seed: int, answer: Any, reveal: bool = False) -> dict:
    """Grade ``answer`` to the question (kind, seed): ``{"correct", "why", "answer"}``."""
    _, grade, _ = _build(kind, seed)
    return grade(answer, bool(reveal))


def solution(kind: str, seed: int) -> Any:
    """The right answer (for tests; never sent to a page except by ``check``)."""
    return _build(kind, seed)[2]


@register("lesson_kinds")
def _kinds_op(req: dict) -> list[dict]:
    return [{"kind": k, "lesson": v[0]} for k, v in KINDS.items()]


@register("lesson_question")
def _question_op(req: dict) -> dict:
    return question(req.get("kind"), req.get("seed"))


@register("lesson_check")
def _check_op(req: dict) -> dict:
    if "answer" not in req:
        raise NotationError("lesson_check needs an answer")
    return check(req.get("kind"), req.get("seed"), req["answer"], bool(req.get("reveal")))


# --------------------------------------------------------------------- lesson 4: one trick

TRICK_SEEDS: tuple[int, ...] = (13, 9, 4, 19, 7, 49)
"""Dealt hands (``Hand.from_seed``) whose first trick makes a good exercise: South to
answer East's lead (chosen by :mod:`tests.test_lessons` for their variety)."""


def _trick_hand(n: Any) -> Hand:
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < len(TRICK_SEEDS):
        raise NotationError(f"trick exercise n must be 0–{len(TRICK_SEEDS) - 1}, not {n!r}")
    hand = Hand.from_seed(TRICK_SEEDS[n])
    while hand.to_act != 1:
        hand.act(greedy_action(hand))
    return hand


def _finish_trick(hand: Hand, action: Action) -> Hand:
    hand = hand.copy()
    hand.act(action)
    n = len(hand.tricks)
    while len(hand.tricks) == n and not hand.is_over:
        hand.act(greedy_action(hand))
    return hand


def _why_illegal(hand: Hand, action: Action) -> Text | None:
    """Why South's action is refused, in both languages (None when legal)."""
    try:
        hand.verify(action)
    except IllegalActionError as exc:
        error = exc
    else:
        return None
    held = Counter(hand.holdings[action.seat])
    if any(c > held[t] for t, c in Counter(action.tiles).items()):
        return T("你手上沒有這些牌。", "You do not hold those tiles.")
    n = hand.trick_size
    if action.size != n:
        return _join(T(f"這一墩每人出 {n} 張（和先出的一樣多），你選了 {action.size} 張。",
                       f"Every seat plays {_tiles_count(n)['en']} in this trick (as many as the lead); "
                       f"you chose {action.size}."))
    p = try_classify(action.tiles)
    best = hand.best_play
    if isinstance(p, str):
        return _join(T("這幾張不成牌型：", "Those tiles make no play:"), _why_not_play(action.tiles),
                     T("要打就要出一手同類而更大的牌，不然就面向下墊牌。",
                       "To beat, you need a higher play of the same class; otherwise discard face down."))
    if best is None or beats(best, p) or action.kind != "play":
        # a rule this lesson does not teach: the engine's own words, in 繁體 where it has them
        return _sentence(error.message_zh or str(error), str(error))
    return _join(T("打不過：", "It does not beat:"), _beat_reason(best, p),
                 T("。你可以改為墊牌。", ". You may discard instead."))


_HIGH_SINGLES = frozenset({"66", "11", "36", "45"})
"""Tiles a beginner should not throw away: 天, 地 and the two nines."""


def _strong_tiles(holding: Sequence[Tile]) -> Counter:
    """The tiles of a holding worth keeping (a heuristic for lesson 4's advice): 天, 地, a
    nine, and every tile that forms a play of two or more tiles with others held (a pair,
    天九, 至尊 …).  A Counter of tiles (a pair counts twice)."""
    strong: Counter = Counter()
    tiles = list(holding)
    for i, a in enumerate(tiles):
        if a.code in _HIGH_SINGLES:
            strong[a] = max(strong[a], sum(1 for t in tiles if t is a))
        for b in tiles[i + 1:]:
            if isinstance(try_classify((a, b)), Play):
                for t in (a, b):
                    strong[t] = max(strong[t], sum(1 for u in tiles if u is t))
    return strong


def _weakest(holding: Sequence[Tile], strong: Counter, n: int) -> list[Tile]:
    """The ``n`` least useful tiles: not strong, lowest rank within their suit first."""
    spare = Counter(holding) - strong
    pool = [t for t in holding if spare[t] > 0]
    # lowest first, the two suits interleaved: 銅錘六 ≈ 丁三, 高腳七 ≈ 雜五 …
    order = sorted(set(pool), key=lambda t: (t.strength if t.is_civil else 2 * t.value - 6, t.code))
    out: list[Tile] = []
    for t in order:
        out += [t] * min(spare[t], n - len(out))
    return out[:n]


def _names(tiles: Sequence[Tile]) -> Text:
    """天、雙板凳 / Teen (66), Bon (22), Bon (22): tiles by name."""
    return T("、".join(t.name_hant for t in tiles), ", ".join(f"{t.name_en} ({t.code})" for t in tiles),
             "、".join(t.name_hans for t in tiles))


def trick_start(n: int) -> dict:
    """Lesson 4's position ``n``: East (banker, engine) has led; South (you) to act."""
    hand = _trick_hand(n)
    lead = hand.trick[0]
    p = try_classify(lead.tiles)
    assert isinstance(p, Play)
    return {"n": n, "count": len(TRICK_SEEDS), "board": _board(hand, hidden=(0, 2, 3)),
            "hand": _codes(hand.holdings[1]), "size": hand.trick_size,
            "lead": {"tiles": list(lead.notation().split()), "name": _pname(p)}}


def trick_play(n: int, action: Any) -> dict:
    """South plays ``action`` (``"66"`` / ``"discard 12 15"``); the engine's players finish
    the trick.  Graded: right when South wins the trick, or when no action of South
    could have won it (West and North answer with the engine's greedy player)."""
    hand = _trick_hand(n)
    if not isinstance(action, str):
        raise NotationError("action must be notation such as \"66 36\" or \"discard 12 15\"")
    a = hand.parse_action(action)
    why = _why_illegal(hand, a)
    if why is not None:
        return {"legal": False, "correct": False, "why": why}
    after = _finish_trick(hand, a)
    trick = after.tricks[-1]
    winners = []
    for other in hand.legal_actions():
        if _finish_trick(hand, other).tricks[-1].winner == 1:
            winners.append(other)
    won = trick.winner == 1
    correct = won or not winners
    size = trick.size
    took = _join(_seat(trick.winner), T(f"贏了這一墩（{size} 棟）。", f"won the trick ({size} 棟)."))
    if won:
        text = T(f"對！你贏了這一墩，得 {size} 棟，下一墩由你先出。",
                 f"Right! You won the trick: {size} 棟, and you lead the next one.")
    elif not winners and a.kind == "discard":
        holding = hand.holdings[1]
        strong = _strong_tiles(holding)
        wasted = [t for t in sort_tiles(a.tiles) if strong[t] > 0]
        weak = _weakest(holding, strong, a.size)
        if wasted and len(weak) == a.size:
            correct = False
            text = _join(T("不對。", "Not quite."), took,
                         T("你怎樣出都贏不了，所以墊牌是對的，但墊錯了牌：", "Nothing you hold could win it, so "
                           "discarding was right, but you threw away"), _names(wasted),
                         T("是好牌（大牌，或者可以和手上其他牌成對），應該留着以後用。墊最沒用的牌，例如",
                           (", which is" if len(wasted) == 1 else ", which are")
                           + " worth keeping (a high tile, or part of a pair or another play in your hand). "
                           "Discard your least useful tiles instead, such as"), _names(weak), T("。", "."))
        else:
            text = _join(T("對！", "Right!"), took,
                         T("你怎樣出都贏不了，墊牌就對了；你也留住了好牌。",
                           "Nothing you hold could win it, so discarding is right, and you kept your good tiles."))
    elif not winners:
        text = _join(T("對！", "Right!"), took,
                     T("你怎樣出都贏不了；既然會被人再打，墊掉最沒用的牌也一樣，而且可以留住好牌。",
                       "Nothing you hold could win it: since your play gets beaten anyway, discarding your "
                       "least useful tiles would have done as well and kept your good ones."))
    else:
        best = winners[0]
        text = _join(T("不對。", "Not quite."), took, T("其實你可以贏：", "You could have won it:"),
                     _action_text(best, False), T("。", "."))
    shown = []
    for x in trick.actions:  # other seats' discards stay face down
        j = x.to_json()
        if x.kind == "discard" and x.seat != 1:
            j.update(tiles=[], unknown=x.size, text="discard " + " ".join("-" * x.size))
        shown.append(j)
    return {"legal": True, "correct": correct, "why": text,
            "trick": shown, "winner": SEATS[trick.winner],
            "dong": dict(zip(SEATS, after.dong)), "board": _board(after, hidden=(0, 2, 3))}


@register("lesson_trick")
def _trick_op(req: dict) -> dict:
    return trick_start(req.get("n", 0))


@register("lesson_trick_play")
def _trick_play_op(req: dict) -> dict:
    return trick_play(req.get("n", 0), req.get("action"))


# --------------------------------------------------------------------- lesson 7: played examples

EXAMPLES: dict[str, dict] = {
    "he_zun": {
        "holdings": ("11 44 55", "24 12 66", "33 22 46", "16 15 56"), "dong": (2, 1, 1, 1),
        "leader": 1, "banker": 0,
        "actions": ("S: 24 12", "W: discard 33 22", "N: discard 16 15", "E: discard 11 44",
                    "S: 66", "W: discard 46", "N: discard 56", "E: discard 55"),
        "notes": {0: T("至尊（二四配丁三）沒有牌打得過。", "Nothing beats 至尊 (二四 with 丁三)."),
                  3: T("南家贏了這墩而且不是最後一墩：賀尊。每家付 2，莊家（東）付 2 × 2 = 4。",
                       "South wins a trick that is not the last: 賀尊. Each seat pays 2, the banker (East) "
                       "2 × 2 = 4."),
                  7: T("最後一墩南家用天結。尊錢和最後的結算分開計。",
                       "South finishes with 天. The 尊錢 is settled apart from the final settlement.")}},
    "qin_zun": {
        "holdings": ("33 55 22", "44 13 46", "15 15 66", "16 16 11"), "dong": (1, 1, 2, 1),
        "leader": 2, "banker": 0,
        "actions": ("W: 15 15", "N: 16 16", "E: discard 33 55", "S: discard 44 13",
                    "N: 11", "E: discard 22", "S: discard 46", "W: 66"),
        "notes": {0: T("西家想用文尊（一對銅錘六）賀尊。", "West hopes for 賀尊 with 文尊 (a pair of 銅錘六)."),
                  1: T("擒尊！這墩就此封住，北家之後的人不能再打。",
                       "擒尊! The trick is closed: nobody after North can beat it."),
                  3: T("北家贏兩棟，並向每家收尊錢（莊家東付雙倍）。",
                       "North takes 2 棟 and collects 尊錢 from everyone (East, the banker, pays double)."),
                  7: T("這是最後一墩：西家結。", "That was the last trick: West finishes.")}},
    "si_da_he": {
        "holdings": ("55 55 33 33 11", "13 13 14 23 66", "22 22 56 56 46", "46 16 16 15 15"),
        "dong": (1, 1, 1, 0), "leader": 1, "banker": 0,
        "actions": ("S: 13 13 14 23", "W: discard 22 22 56 56", "N: discard 16 16 15 15",
                    "E: discard 55 55 33 33", "S: 66", "W: discard 46", "N: discard 46", "E: discard 11"),
        "notes": {0: T("四和五是一對和牌加兩張雜五。", "四和五 is a pair of 和 with both fives."),
                  3: T("沒有更大的四：四大賀，每家付 4（不乘莊）。南家贏 4 棟。",
                       "No higher four: 四大賀, a flat 4 from each seat (no banker multiplier). South takes 4 棟."),
                  7: T("南家用天結。", "South finishes with 天.")}},
    "yao_finish": {
        "holdings": ("11 33", "66 12", "55 22", "44 25"), "dong": (2, 2, 2, 0),
        "leader": 1, "banker": 0,
        "actions": ("S: 66", "W: discard 22", "N: discard 44", "E: discard 33",
                    "S: 12", "W: discard 55", "N: discard 25", "E: discard 11"),
        "notes": {0: T("天收一棟，保住出牌權，丁三留到最後。", "天 banks a 棟 and keeps the lead; 丁三 is saved for last."),
                  5: T("北家的雜七比丁三大，但北家一棟都沒有，最後一墩只出一張，不能打。",
                       "North's 雜七 is higher than 丁三, but North has no 棟: on a one-tile last trick it may not beat."),
                  7: T("南家用丁三結：么結，每注 ×2。", "South finishes with 丁三: 么結, every amount × 2.")}},
    "yao_capture": {
        "holdings": ("55 11", "12 66", "33 22", "24 44"), "dong": (2, 2, 1, 1),
        "leader": 1, "banker": 0,
        "actions": ("S: 66", "W: discard 22", "N: discard 44", "E: discard 11",
                    "S: 12", "W: discard 33", "N: 24", "E: discard 55"),
        "notes": {4: T("南家想么結。", "South tries a 么 finish."),
                  6: T("北家有二四，而且有棟：擒住！", "North holds 二四 and has 棟: captured!"),
                  7: T("么雙擒四：北家結，每注 ×4，全部由南家一個人代付。",
                       "么雙擒四: North finishes, every amount × 4, and South alone pays it all.")}},
    "bao_zun": {
        "holdings": ("55 55 33", "66 24 12", "11 11 46", "44 44 16"), "dong": (2, 1, 1, 1),
        "leader": 1, "banker": 0,
        "actions": ("S: 66", "W: discard 46", "N: discard 16", "E: discard 33",
                    "S: 24 12", "W: discard 11 11", "N: discard 44 44", "E: discard 55 55"),
        "notes": {3: T("南家用天贏了一棟，保住了出牌權，剩下的兩張是至尊。",
                       "South wins a 棟 with 天 and keeps the lead; its last two tiles are 至尊."),
                  4: T("最後一墩出至尊，沒有牌打得過。", "至尊 on the last trick: nothing can beat it."),
                  7: T("包尊：每注 ×2。這一墩是最後一墩，所以沒有尊錢。",
                       "包尊: every amount × 2. It is the last trick, so there is no 尊錢.")}},
    "si_da_bao": {
        "holdings": ("55 55 33 33", "44 44 25 34", "66 56 22 22", "11 13 46 16"), "dong": (2, 1, 1, 0),
        "leader": 1, "banker": 2,
        "actions": ("S: 44 44 25 34", "W: discard 66 56 22 22", "N: discard 11 13 46 16",
                    "E: discard 55 55 33 33"),
        "notes": {0: T("南家最後四張是四人七，一次出完。", "South's last four tiles are 四人七, all led at once."),
                  3: T("四大包：每注 ×4。西家是莊，再乘莊的倍數。",
                       "四大包: every amount × 4. West is the banker, so its amount is also × the banker multiplier.")}},
    "qi_zhi": {
        "holdings": ("66 11", "66 44", "22 33", "55 46"), "dong": (0, 6, 0, 0),
        "leader": 1, "banker": 0,
        "actions": ("S: 66", "W: discard 22", "N: discard 46", "E: discard 11",
                    "S: 44", "W: discard 33", "N: discard 55", "E: discard 66"),
        "notes": {3: T("東家的天和南家的一樣大，打不過；東家墊地，留下天。南家已有 7 棟。",
                       "East's 天 would only equal South's, so it cannot beat; East discards 地 and keeps "
                       "天. South has 7 棟."),
                  7: T("東家手上有天，但一棟都沒有，只能墊。南家全取八棟，但最後的人牌本來打得過：七支，×2。",
                       "East holds 天 but has no 棟, so it must discard. South took all 8 棟, but its last 人 "
                       "could have been beaten: 七支, × 2.")}},
    "ba_zhi": {
        "holdings": ("66 11", "55 55", "44 33", "22 46"), "dong": (0, 6, 0, 0),
        "leader": 1, "banker": 0,
        "actions": ("S: 55 55", "W: discard 44 33", "N: discard 22 46", "E: discard 66 11"),
        "notes": {3: T("南家全取八棟，而且最後一墩是一對：八支，×4。",
                       "South took all 8 棟 and the last trick was a pair: 八支, × 4.")}},
    "natural": {"seed": 159},
}
"""Lesson 7's played examples: a position (E S W N) and every action, with notes (index →
text) shown at that step.  ``natural`` is a dealt hand (seed) that ends at the deal."""


def _say(a: Action, *, lead: bool) -> Text:
    """One step of a played example in words: 南家先出至尊（二四、丁三） / South leads 至尊 (24 12)."""
    if a.kind != "play":
        return _join(_seat(a.seat), T("墊", "discards"), _names(a.tiles), T("（面向下）", "face down"))
    p = try_classify(a.tiles)
    assert isinstance(p, Play)
    if len(a.tiles) == 1 or p.cls == "civil_pair":
        what = _short(p)
    else:
        what = T(f"{p.name('hant')}（{'、'.join(t.name_hant for t in a.tiles)}）",
                 f"{p.name('hant') if p.cls == 'supreme' else p.name('en')} ({' '.join(_codes(a.tiles))})",
                 f"{p.name('hans')}（{'、'.join(t.name_hans for t in a.tiles)}）")
    return _join(_seat(a.seat), T("先出", "leads") if lead else T("用", "beats it with"), what,
                 T("" if lead else "打", ""))


def example(key: Any) -> dict:
    """Example ``key`` played by the engine: every step's board and the result."""
    if not isinstance(key, str) or key not in EXAMPLES:
        raise NotationError(f"unknown example {key!r}; known: {', '.join(EXAMPLES)}")
    ex = EXAMPLES[key]
    if "seed" in ex:
        hand = Hand.from_seed(ex["seed"])
        assert hand.result is not None and hand.result.natural
        from .game import NATURAL_NAMES
        hant, hans, en, _ = NATURAL_NAMES[hand.result.natural]
        return {"id": key, "start": _board(hand), "steps": [],
                "natural": {"seat": SEATS[hand.result.finisher], "name": T(hant, en, hans)},
                "result": hand.result.to_json()}
    hand = _hand(ex["holdings"], ex["dong"], ex["leader"], banker=ex["banker"])
    start = _board(hand)
    steps = []
    for k, text in enumerate(ex["actions"]):
        lead = not hand.trick
        a = hand.act(text)
        board = _board(hand)
        if len(hand.trick) == 0:  # the trick just ended: show it whole
            rec = hand.tricks[-1]
            board["trick"] = [x.to_json() for x in rec.actions]
            board["best"] = SEATS[rec.winner]
            board["won"] = {"seat": SEATS[rec.winner], "size": rec.size,
                            "bonuses": rec.bonuses.to_json() if rec.bonuses.items else None}
        steps.append({"action": a.to_json(), "board": board, "note": ex["notes"].get(k),
                      "say": _say(a, lead=lead)})
    assert hand.result is not None
    return {"id": key, "start": start, "steps": steps, "result": hand.result.to_json()}


@register("lesson_example")
def _example_op(req: dict) -> dict:
    return example(req.get("id"))

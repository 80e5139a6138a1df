"""Lessons 1–3: the tiles (names, memory aids), their ranking, and the plays (building one, can it beat?)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..rng import Rng
from ..errors import NotationError
from ..notation import SEATS, parse_tiles, sort_tiles
from ..tiengow.plays import Play, all_plays, beats, try_classify, why_not_a_play
from ..tiengow.rules import Rules
from ..tiles import BY_CODE, MILITARY, TILES, Tile
from .common import T, Text, answer_id, answer_tiles, codes_of, describe_tile, join_texts, pick_one, play_name, seeded_rng, sentence_text, shuffled_list, suit_text, tile_name, tile_name_short


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
    pool = shuffled_list(rng, list(TILES))
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


def tile_question(kind: str, seed: int) -> tuple[dict, Callable[[Any, bool], dict], Any]:
    rng = seeded_rng(kind, seed)
    target = TILES[rng.below(len(TILES))]
    options = shuffled_list(rng, [target] + _distinct_names(rng, target, 3))
    ids = [t.code for t in options]
    if kind == "tile_name":
        q = {"prompt": T("這張牌叫什麼名字？", "What is this tile called?"),
             "ui": "choice", "show": {"tiles": [target.code]},
             "choices": [{"id": t.code, "text": tile_name(t)} for t in options]}
    else:
        q = {"prompt": join_texts(T("哪一張是「", "Which tile is"), tile_name(target), T("」？", "?")),
             "ui": "choice", "choices": [{"id": t.code, "tiles": [t.code]} for t in options]}

    def grade(answer: Any, reveal: bool) -> dict:
        a = BY_CODE[answer_id(answer, ids)]
        right = a.name_hant == target.name_hant
        if right:
            why = join_texts(T("對！這是", "Right! It is"), tile_name_short(target), T("。", "."), AIDS[target.code])
        elif kind == "tile_name":
            why = join_texts(T("不對。「", "Not quite."), tile_name(a), T("」是 ", " has"), describe_tile(a),
                        T("。這張牌卻是 ", "; the tile shown has"), describe_tile(target),
                        T("。數一數點子和顏色再試。", ". Count the pips and their colours, then try again."))
        else:
            why = join_texts(T("不對。你選的是", "Not quite: you picked"), tile_name_short(a), T("：", ", with"),
                        describe_tile(a), T("。提示：", ". Hint:"), AIDS[target.code])
        return {"correct": right, "why": why,
                "answer": target.code if (right or reveal) else None}

    return q, grade, target.code


# --------------------------------------------------------------------- lesson 2: ranking

def _single(t: Tile) -> Play:
    result = try_classify((t,))
    assert isinstance(result, Play)
    return result


def rank_question(kind: str, seed: int):
    rng = seeded_rng(kind, seed)
    n = 4  # a whole trick: East leads, South, West and North follow
    left = Counter({t: t.copies for t in TILES})
    lead_suit = pick_one(rng, ("civil", "military"))
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
        t = pick_one(rng, pool)
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
                    return join_texts(tile_name_short(t), T("是", " is"), suit_text(t), T("，", ", but"),
                                 tile_name_short(tiles[best_k]), T("是", " is"), suit_text(tiles[best_k]),
                                 T("：文牌和武牌互不相打，它只能當墊牌。",
                                   ": civil and military tiles never beat each other, so it only counts "
                                   "as a discard."))
                if p.rank == best_p.rank:
                    return join_texts(tile_name_short(t), T("和", " and"), tile_name_short(tiles[best_k]),
                                 T("一樣大；一樣大不算贏，先出的為大。",
                                   " rank the same; equal never beats, the earlier one stands."))
                if p.rank < best_p.rank:
                    return join_texts(tile_name_short(t), T("比", " is lower than"), tile_name_short(tiles[best_k]),
                                 T("小。", "."))
            if beats(best_p, p):
                if best_k == k:
                    return join_texts(tile_name_short(t), T("後來被", " was beaten later by"), tile_name_short(tiles[j]),
                                 T("打了。", "."))
                best_k, best_p = j, p
        return T("", "")

    def grade(answer: Any, reveal: bool) -> dict:
        k = int(answer_id(answer, ids))
        right = k == winner
        if right:
            why = join_texts(T("對！", "Right!"), tile_name_short(tiles[winner]), T("贏這一墩。", " wins the trick."))
        else:
            why = join_texts(T("不對。", "Not quite."), why_not(k), T("再試。", " Try again."))
        return {"correct": right, "why": why, "answer": str(winner) if (right or reveal) else None}

    return q, grade, str(winner)


# --------------------------------------------------------------------- lesson 3: plays

_BUILD_TARGETS = ("civil_pair", "military_pair", "mixed_pair", "supreme", "three_civil",
                  "three_military", "four", "civil_pair", "mixed_pair", "military_pair")


def why_not_play(tiles: Sequence[Tile]) -> Text:
    """Why these tiles make no play: the engine's :func:`plays.why_not_a_play` (one source
    of truth with the playground and the CLI), as a sentence."""
    if not tiles:
        return T("你還沒有選牌。", "You picked no tiles.")
    why = why_not_a_play(tiles)
    return sentence_text(why.hant, why.en)


def play_build_question(kind: str, seed: int):
    rng = seeded_rng(kind, seed)
    cls = pick_one(rng, _BUILD_TARGETS)
    target = pick_one(rng, [p for p in all_plays() if p.cls == cls])
    left = Counter({t: t.copies for t in TILES})
    left.subtract(Counter(target.tiles))
    rest = [t for t in TILES for _ in range(left[t])]
    hand = list(target.tiles) + shuffled_list(rng, rest)[:8 - len(target.tiles)]
    hand = list(sort_tiles(hand))
    q = {"prompt": join_texts(T("從手上選出「", "Pick"), play_name(target), T("」，然後按「檢查」。", "from your hand, then press Check.")),
         "ui": "pick", "hand": codes_of(hand), "pick_max": 4}

    def grade(answer: Any, reveal: bool) -> dict:
        picked = answer_tiles(answer)
        have = Counter(hand)
        if any(c > have[t] for t, c in Counter(picked).items()):
            raise NotationError("the answer uses tiles that are not in the hand", zh="答案用了手上沒有的牌")
        result = try_classify(picked) if picked else "no tiles"
        if isinstance(result, str):
            right, why = False, join_texts(T("不對。這幾張不成牌型：", "Not quite. Those tiles are not a play:"),
                                      why_not_play(picked))
        elif result.cls == target.cls and result.rank == target.rank:
            right, why = True, join_texts(T("對！這是", "Right! That is"), play_name(result), T("。", "."))
        else:
            right = False
            one = len(picked) == 1   # (one tile: "that tile is", not "those tiles make")
            why = join_texts(T("不對。這張是" if one else "不對。這幾張是", "Not quite. That tile is" if one else "Not quite. Those tiles make"),
                        play_name(result), T("，要的是", ", not"), play_name(target), T("。", "."))
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


def short_play(p: Play) -> Text:
    """A play's name inside a sentence: 雙梅 / Pair of Mooy (雙梅)."""
    if p.cls == "supreme":
        return T(p.name("hant"), p.name("hant"), p.name("hans"))
    return T(p.name("hant"), f"{p.name('en')} ({p.name('hant')})", p.name("hans"))


def beat_reason(best: Play, play: Play, rules: Rules | None = None) -> Text:
    """Why ``play`` does or does not beat ``best`` (spec §2): one clause, no verdict, no
    final stop (callers add them)."""
    if beats(best, play, rules):
        if best.cls == "supreme":
            return T("一對高腳七可以擒文尊（擒尊）", "a pair of 高腳七 (16 16) captures a led 文尊 (擒尊)")
        cls = _CLASS_PLURAL[play.cls]
        return join_texts(T("同是", "both are"), cls, T("，而且", ", and"), short_play(play), T("比", "ranks above"),
                     short_play(best), T("大", ""))
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
        return join_texts(play_name(best), T("和", "and"), play_name(play),
                     T("不同類；不同類的牌互不相打，不論點數多大",
                       "are of different classes, and plays of different classes never beat each "
                       "other, however big they look"))
    cls = _CLASS_PLURAL[play.cls]
    if best.rank == play.rank:
        return join_texts(T("同是", "both are"), cls, T("，而且", ", and"), short_play(play), T("和", "ranks the same as"),
                     short_play(best), T("一樣大；一樣大不算贏，先出的為大",
                                     "; equal never beats, the earlier play stands"))
    return join_texts(T("同是", "both are"), cls, T("，但", ", but"), short_play(play), T("比", "ranks below"),
                 short_play(best), T("小", ""))


def beat_verdict(right: bool, yes: bool, best: Play, play: Play, rules: Rules | None = None) -> Text:
    """對！打得過：… / Not quite. It does beat: … — the verdict, the fact and the reason."""
    if right:
        head = T("對！打得過：", "Right! It beats:") if yes else T("對！打不過：", "Right! It does not beat:")
    else:
        head = (T("不對，其實打得過：", "Not quite. It does beat:") if yes
                else T("不對，其實打不過：", "Not quite. It does not beat:"))
    return join_texts(head, beat_reason(best, play, rules), T("。", "."))


def can_beat_question(kind: str, seed: int):
    rng = seeded_rng(kind, seed)
    if rng.below(2) == 0:
        best_s, play_s = pick_one(rng, _BEAT_PAIRS)
        best, play = try_classify(parse_tiles(best_s)), try_classify(parse_tiles(play_s))
    else:  # two random plays of one class that fit in one set
        while True:
            cls = pick_one(rng, ("civil_single", "military_single", "civil_pair", "military_pair",
                              "mixed_pair", "three_civil", "three_military"))
            plays = [p for p in all_plays() if p.cls == cls]
            best, play = pick_one(rng, plays), pick_one(rng, plays)
            need = Counter(best.tiles) + Counter(play.tiles)
            if all(c <= t.copies for t, c in need.items()):
                break
    assert isinstance(best, Play) and isinstance(play, Play)
    yes = beats(best, play)
    q = {"prompt": join_texts(T("已經出了", "The best play so far is"), play_name(best),
                         T("。打得過它嗎：", ". Can this beat it:"), play_name(play), T("？", "?")),
         "ui": "choice", "show": {"tiles": list(best.codes), "against": list(play.codes)},
         "choices": [{"id": "yes", "text": T("打得過", "Yes, it beats")},
                     {"id": "no", "text": T("打不過", "No, it does not")}]}

    def grade(answer: Any, reveal: bool) -> dict:
        a = answer_id(answer, ["yes", "no"])
        right = (a == "yes") == yes
        return {"correct": right, "why": beat_verdict(right, yes, best, play),
                "answer": ("yes" if yes else "no") if (right or reveal) else None}

    return q, grade, "yes" if yes else "no"

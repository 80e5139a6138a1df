"""Lesson 5 (who finishes, 結) and lesson 7 (which special finish, and what it pays)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..errors import TianJiuError
from ..tiengow.game import Action, Hand
from ..notation import SEAT_NAMES, SEATS, parse_seat
from ..tiengow.plays import Play, all_plays, beats, try_classify
from ..tiengow.scoring import FINISH_LABELS
from ..tiles import TILES, Tile
from .common import T, Text, answer_id, join_texts, pick_one, play_name, seat_name_text, seat_text, seeded_rng, shuffled_list
from .positions import board_json, play_out_last, position_hand
from .tiles_and_plays import short_play


# --------------------------------------------------------------------- lesson 5: finishing

# Seeds 0–9 draw their deals in this order, so that a first visit's round (seeds 0–4) has
# last tricks the leader does not win too: drawn in order, all five were won by the leader,
# and picking the leader every time scored 5/5 without the 2-棟 rule.
_FIRST_DRAWS = (0, 5, 1, 7, 2, 3, 4, 6, 8, 9)


def finish_who_question(kind: str, seed: int):
    rng = seeded_rng(kind, _FIRST_DRAWS[seed] if 0 <= seed < len(_FIRST_DRAWS) else seed)
    size = 1 if rng.below(4) else 2
    while True:
        leader = rng.below(4)
        banker = rng.below(4)
        # 棟 so far: 8 − size in all, the leader has some; often one seat has none
        total = 8 - size
        dong = [0, 0, 0, 0]
        dong[leader] = 1 + rng.below(3)
        others = [s for s in range(4) if s != leader]
        zero = pick_one(rng, others) if rng.below(3) else None
        for _ in range(total - dong[leader]):
            s = pick_one(rng, [o for o in range(4) if o != zero])
            dong[s] += 1
        left = Counter({t: t.copies for t in TILES})
        if size == 1:
            holdings: list[tuple[Tile, ...]] = []
            lead_suit = pick_one(rng, ("civil", "military"))
            for s in range(4):
                pool = [t for t in TILES if left[t] and (t.suit == lead_suit or rng.below(4) == 0)]
                if s == zero and rng.below(2):  # the tempting case: a higher tile with no 棟
                    pool = [t for t in pool if t.suit == lead_suit] or pool
                t = pick_one(rng, pool)
                left[t] -= 1
                holdings.append((t,))
        else:
            pairs = [p for p in all_plays() if len(p.tiles) == 2 and p.cls != "supreme"]
            holdings = []
            for s in range(4):
                if s == leader or rng.below(3):
                    cands = [p for p in pairs if all(left[t] >= c for t, c in Counter(p.tiles).items())]
                    tiles = pick_one(rng, cands).tiles
                else:
                    pool = [t for t in TILES for _ in range(left[t])]
                    tiles = tuple(shuffled_list(rng, pool)[:2])
                left.subtract(Counter(tiles))
                holdings.append(tuple(tiles))
        try:
            hand = Hand(banker=banker, holdings=holdings, dong=dong, leader=leader)
        except TianJiuError:
            continue
        break
    board = board_json(hand)
    played = play_out_last(hand.copy())
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
         "choices": [{"id": SEATS[s], "text": seat_name_text(s), "seat": SEATS[s]} for s in range(4)]}

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
            head = join_texts(seat_text(s), T("先出", "leads"), short_play(p))
            if final:
                return join_texts(head, T("。", "."))
            if finisher == leader:
                return join_texts(head, T("，沒有人打得過。", "and nobody can beat it."))
            return join_texts(head, T("，但後來有人打得更大。", ", but a later seat beats it."))
        best = best_before(s)
        if a.kind == "play":
            assert isinstance(p, Play)
            head = join_texts(seat_text(s), T("用", "beats it with"), short_play(p), T("打", ""))
            if final or s == finisher:
                return join_texts(head, T("。", "."))
            return join_texts(head, T("，但後來有人打得更大。", ", but a later seat beats that."))
        # a discard: why?
        if size == 1 and dong[s] == 0 and isinstance(p, Play) and best is not None and beats(best, p):
            return join_texts(seat_text(s), T("的", "holds"), short_play(p), T("比場上的", ", higher than"), short_play(best),
                         T("大，但", ", but"), seat_text(s),
                         T("一棟都沒有：最後一墩只出一張時，沒有棟的人不能打，只能墊牌。",
                           "has no 棟: on a last trick of one tile a seat without 棟 may not beat, "
                           "however high its tile, so it must discard."))
        if isinstance(p, str):
            return join_texts(seat_text(s), T("手上兩張不成牌型，只能墊。", "'s two tiles make no play, so it discards."))
        assert best is not None
        singles = ("civil_single", "military_single")
        if p.cls in singles and best.cls in singles and p.cls != best.cls:
            return join_texts(seat_text(s), T("的", "'s"), play_name(p), T("和場上最大的", "and the best play,"), play_name(best),
                         T("文武不同，打不了，只能墊。",
                           ", are of different suits: civil and military never beat each other, so it discards."))
        if p.cls != best.cls and best.cls != "supreme":
            return join_texts(seat_text(s), T("的", "'s"), play_name(p), T("和場上最大的", "is of a different class from the best play,"),
                         play_name(best), T("不同類，打不了，只能墊。", ", so it cannot beat and discards."))
        return join_texts(seat_text(s), T("的", "'s"), short_play(p), T("不比場上最大的", "is not higher than"), short_play(best),
                     T("大，只能墊。", ", so it discards."))

    def grade(answer: Any, reveal: bool) -> dict:
        s = parse_seat(answer_id(answer, list(SEATS)))
        right = s == finisher
        total = result_hand.dong[finisher]
        if right:
            order = [(leader + k) % 4 for k in range(4)]
            why = join_texts(T("對！", "Right!"), *[story(x, final=True) for x in order],
                        seat_text(finisher), T(f"的牌最大，結，共 {total} 棟。",
                                           f"has the best play and finishes, with {total} 棟 in all."))
        else:
            why = join_texts(T("不對。", "Not quite."), story(s, final=False), T("再想想。", "Think again."))
        return {"correct": right, "why": why, "answer": SEATS[finisher] if (right or reveal) else None}

    return q, grade, SEATS[finisher]


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
    """A choice: 七支 ×2 / 七支 sweep on the 2-棟 rule × 2."""
    hant, hans, en = FINISH_LABELS[key]
    factor = _FINISH_FACTORS[key]
    return T(f"{hant} ×{factor}", f"{hant} {en} × {factor}", f"{hans} ×{factor}")


def _finish_position(n: int) -> tuple[Hand, list[Action], Hand]:
    holdings, dong, leader, banker, actions = _FINISH_POSITIONS[n]
    hand = position_hand(holdings, dong, leader, banker=banker)
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
            parts += [seat_text(a.seat), T("先出", "led"), short_play(p)]
        else:
            parts += [T("，", ","), seat_text(a.seat), T("用", "beat it with"), short_play(p), T("打", "")]
    if len(parts) == 4:
        parts.append(T("，沒有人打", "and nobody beat it"))  # (打得過 would say nobody could)
    result = after.result
    assert result is not None
    total = result.dong[result.finisher]
    parts += [T("；", ";"), seat_text(result.finisher),
              T(f"結，共 {total} 棟" + ("（八棟全取）" if total == 8 else "") + "。",
                f"finishes with {total} 棟" + (" (all eight)" if total == 8 else "") + ".")]
    parts[1:1] = [T("：", "")]
    return join_texts(*parts)


def finish_kind_question(kind: str, seed: int):
    n = seed % len(_FINISH_POSITIONS)  # consecutive seeds visit every position
    hand, done, after = _finish_position(n)
    result = after.result
    assert result is not None
    key = result.settlement.finish or "plain"
    board = board_json(hand)
    board["trick"] = [a.to_json() for a in done]
    board["finisher"] = SEATS[result.finisher]
    q = {"prompt": T("這是一手牌的最後一墩（棟數是這一墩之前的）。這是什麼結法？",
                     "This is the last trick of a hand (棟 are counted before it). What kind of finish is it?"),
         "ui": "choice", "board": board, "cycle": {"n": n, "count": len(_FINISH_POSITIONS)},
         "choices": [{"id": k, "text": _finish_label(k)} for k in FINISH_CHOICES]}

    def grade(answer: Any, reveal: bool) -> dict:
        a = answer_id(answer, list(FINISH_CHOICES))
        right = a == key
        if right:
            why = join_texts(T("對！", "Right!"), _what_happened(done, after), _FINISH_RULE_TEXT[key])
        else:
            why = join_texts(T("不對。", "Not quite."), _FINISH_RULE_TEXT[a], _what_happened(done, after),
                        T("再想想。", "Think again."))
        return {"correct": right, "why": why, "answer": key if (right or reveal) else None}

    return q, grade, key

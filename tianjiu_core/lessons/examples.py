"""Lesson 7: bonuses and special finishes played out step by step by the engine."""

from __future__ import annotations

from typing import Any

from ..errors import NotationError
from ..tiengow.game import Action, Hand
from ..notation import SEATS
from ..tiengow.plays import Play, try_classify
from .common import T, Text, codes_of, join_texts, seat_text
from .positions import board_json, position_hand
from .tiles_and_plays import short_play
from .trick import tile_names


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
        return join_texts(seat_text(a.seat), T("墊", "discards"), tile_names(a.tiles), T("（面向下）", "face down"))
    p = try_classify(a.tiles)
    assert isinstance(p, Play)
    if len(a.tiles) == 1 or p.cls == "civil_pair":
        what = short_play(p)
    else:
        what = T(f"{p.name('hant')}（{'、'.join(t.name_hant for t in a.tiles)}）",
                 f"{p.name('hant') if p.cls == 'supreme' else p.name('en')} ({' '.join(codes_of(a.tiles))})",
                 f"{p.name('hans')}（{'、'.join(t.name_hans for t in a.tiles)}）")
    return join_texts(seat_text(a.seat), T("先出", "leads") if lead else T("用", "beats it with"), what,
                 T("" if lead else "打", ""))


def example(key: Any) -> dict:
    """Example ``key`` played by the engine: every step's board and the result."""
    if not isinstance(key, str) or key not in EXAMPLES:
        raise NotationError(f"unknown example {key!r}; known: {', '.join(EXAMPLES)}",
                            zh=f"沒有這個例子 {key!r}；有的是：{', '.join(EXAMPLES)}")
    ex = EXAMPLES[key]
    if "seed" in ex:
        hand = Hand.from_seed(ex["seed"])
        assert hand.result is not None and hand.result.natural
        from ..tiengow.game import NATURAL_NAMES
        hant, hans, en, _ = NATURAL_NAMES[hand.result.natural]
        return {"id": key, "start": board_json(hand), "steps": [],
                "natural": {"seat": SEATS[hand.result.finisher], "name": T(hant, en, hans)},
                "result": hand.result.to_json()}
    hand = position_hand(ex["holdings"], ex["dong"], ex["leader"], banker=ex["banker"])
    start = board_json(hand)
    steps = []
    for k, text in enumerate(ex["actions"]):
        lead = not hand.trick
        a = hand.act(text)
        board = board_json(hand)
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

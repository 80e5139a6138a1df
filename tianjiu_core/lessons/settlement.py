"""Lesson 6: settlement — how much each seat pays from the 棟, the banker and the multiplier (spec §5)."""

from __future__ import annotations

from typing import Any

from ..notation import SEATS
from ..tiengow.scoring import settle
from .common import T, Text, answer_id, join_texts, pick_one, seat_text, seeded_rng, shuffled_list


# --------------------------------------------------------------------- lesson 6: settlement

def money_text(n: int) -> Text:
    if n > 0:
        return T(f"付 {n}", f"pays {n}")
    if n < 0:
        return T(f"收 {-n}", f"is paid {-n}")
    return T("不用付", "pays nothing")


def settle_question(kind: str, seed: int):
    rng = seeded_rng(kind, seed)
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
    seat = pick_one(rng, interesting or losers)
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
    options = sorted([amount] + shuffled_list(rng, sorted(cands))[:3], key=lambda x: (x < 0, abs(x)))
    ids = [str(o) for o in options]
    q = {"prompt": join_texts(T("誰結、誰是莊、各家多少棟如下表。", "Who finished, who is the banker and the 棟 of "
                                                               "each seat are below."),
                         seat_text(seat), T("跟結的", " settles with the finisher"), seat_text(finisher),
                         T("怎樣結算？", ": how?")),
         "ui": "choice",
         "board": {"banker": SEATS[banker], "streak": streak, "finisher": SEATS[finisher],
                   "ask": SEATS[seat], "seats": {SEATS[x]: {"dong": dong[x]} for x in range(4)}},
         "choices": [{"id": str(o), "text": money_text(o)} for o in options]}

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
            return join_texts(base, mult, T("再算一次。", " Work it out again."))
        if abs(amount) != plain:
            calc = T(f"{plain} × {m} = {abs(amount)}，", f"{plain} × {m} = {abs(amount)}, so")
        else:
            calc = T("所以", "So")
        return join_texts(base, mult, calc, seat_text(seat), money_text(amount), T("。", "."))

    def grade(answer: Any, reveal: bool) -> dict:
        a = int(answer_id(answer, ids))
        right = a == amount
        why = join_texts(T("對！" if right else "不對。", "Right!" if right else "Not quite."), seat_text(seat),
                    hint(final=right or reveal))
        return {"correct": right, "why": why, "answer": str(amount) if (right or reveal) else None}

    return q, grade, str(amount)

"""Lesson 8: the deal — who takes first and which stacks each seat takes (the 牌頭 methods, spec §3)."""

from __future__ import annotations

from typing import Any

from ..tiengow.deal import METHODS, deal, shuffled_wall
from ..notation import SEATS, parse_seat
from .common import T, Text, answer_id, join_texts, pick_one, seat_name_text, seat_text, seeded_rng, shuffled_list


# --------------------------------------------------------------------- lesson 8: the deal

_STACK_METHODS = ("kai_bian_left", "kai_bian_right", "lun_dong", "jian_dong", "wa_xin", "qie_er")


def _method(key: str):
    return next(m for m in METHODS if m.key == key)


def _method_name(m) -> Text:
    return T(m.name_hant, f"{m.name_hant} ({m.name_en})", m.name_hans)


def deal_first_question(kind: str, seed: int):
    rng = seeded_rng(kind, seed)
    banker = rng.below(4)
    dice = rng.dice()
    d = deal(shuffled_wall(rng.below(1 << 30)), "間棟", dice, banker)
    q = {"prompt": join_texts(T("莊家是", "The banker is"), seat_text(banker),
                         T(f"。擲骰的人擲出 {dice[0]} 和 {dice[1]}。誰先取牌？",
                           f". The thrower throws {dice[0]} and {dice[1]}. Who takes first?")),
         "ui": "choice", "show": {"dice": list(dice)},
         "board": {"banker": SEATS[banker], "seats": {s: {} for s in SEATS}},
         "choices": [{"id": SEATS[s], "text": seat_name_text(s), "seat": SEATS[s]} for s in range(4)]}
    total = dice[0] + dice[1]

    def grade(answer: Any, reveal: bool) -> dict:
        s = parse_seat(answer_id(answer, list(SEATS)))
        right = s == d.first
        why = join_texts(T("對！" if right else "不對。", "Right!" if right else "Not quite."),
                    T("擲骰的是莊家對面的", "The dice are thrown by the seat opposite the banker,"),
                    seat_text(d.thrower),
                    T(f"。由他自己算 1，逆時針（東→南→西→北）數到 {total}。",
                      f". Count {total} counter-clockwise (E→S→W→N), the thrower being 1."))
        return {"correct": right, "why": why, "answer": SEATS[d.first] if (right or reveal) else None}

    return q, grade, SEATS[d.first]


def deal_stacks_question(kind: str, seed: int):
    rng = seeded_rng(kind, seed)
    m = _method(pick_one(rng, _STACK_METHODS))
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
    options = sorted([right_id] + shuffled_list(rng, sorted(cands))[:3], key=lambda x: [int(v) for v in x.split("+")])
    ordinal = (T("第一", "first"), T("第二", "second"), T("第三", "third"), T("第四", "fourth"))[k]
    q = {"prompt": join_texts(T("牌頭是", "The dealing method is"), _method_name(m),
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
        a = answer_id(answer, options)
        right = a == right_id
        why = join_texts(T("對！" if right else "不對。", "Right!" if right else "Not quite."), rules_text)
        return {"correct": right, "why": why, "answer": right_id if (right or reveal) else None}

    return q, grade, right_id

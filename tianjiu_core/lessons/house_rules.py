"""Lesson 10: house rules — how each option of spec §7b changes a hand."""

from __future__ import annotations

from typing import Any

from ..notation import SEATS, parse_tiles
from ..tiengow.plays import Play, beats, try_classify
from ..tiengow.rules import Rules
from ..tiengow.scoring import settle
from .common import T, Text, answer_id, join_texts, play_name, seat_name_text
from .positions import board_json, position_hand
from .settlement import money_text
from .tiles_and_plays import beat_verdict


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
    return join_texts(T("香港規則，但", "Hong Kong rules, but"), _RULES_IN_WORDS[(k, v)])


def _rules_order() -> list[dict]:
    """The scenarios in the order consecutive seeds visit them: the kinds of question take
    turns, so the same question never comes twice in a row, and every other kind starts with
    its variant, so the first five questions (a first visit's round) already ask about rules
    other than Hong Kong's (they were all Hong Kong rules)."""
    by_type: dict[str, list[dict]] = {}
    for sc in _rules_scenarios():
        by_type.setdefault(sc["type"], []).append(sc)
    for i, queue in enumerate(by_type.values()):
        if i % 2:
            queue.append(queue.pop(0))
    out: list[dict] = []
    while any(by_type.values()):
        for queue in by_type.values():
            if queue:
                out.append(queue.pop(0))
    return out


_RULES_ORDER = _rules_order()


def rules_question(kind: str, seed: int):
    n = seed % len(_RULES_ORDER)  # consecutive seeds visit every scenario
    sc = _RULES_ORDER[n]
    rules = Rules.from_dict(dict(sc["rules"]))
    head = join_texts(T("規則：", "Rules:"), _rules_text(sc["rules"]), T("。", "."))
    may = [{"id": "yes", "text": T("可以", "Yes")}, {"id": "no", "text": T("不可以", "No")}]
    cycle = {"n": n, "count": len(_RULES_ORDER)}
    if sc["type"] == "beats":
        best = try_classify(parse_tiles(sc["best"]), rules)
        play = try_classify(parse_tiles(sc["play"]), rules)
        assert isinstance(best, Play) and isinstance(play, Play)
        yes = beats(best, play, rules)
        ans = "yes" if yes else "no"
        q = {"prompt": join_texts(head, T("有人先出", "Someone leads"), play_name(best), T("，", ";"),
                             T("可以用", "may"), play_name(play), T("打它嗎？", "beat it?")),
             "ui": "choice", "show": {"tiles": list(best.codes), "against": list(play.codes)},
             "choices": may}

        def why(right: bool) -> Text:
            return beat_verdict(right, yes, best, play, rules)
    elif sc["type"] == "settle":
        d = sc["dong"]
        s = settle(banker=sc["banker"], banker_streak=1, finisher=sc["finisher"], dong=d, rules=rules)
        amount = next(i.amount for i in s.items if i.payer == sc["seat"])
        ans = str(amount)
        q = {"prompt": join_texts(head, T("東家是莊，南家結。西家一棟都沒有，要付多少？",
                                     "East is the banker and South finishes. West has no 棟: how much does West pay?")),
             "ui": "choice", "board": {"banker": "E", "streak": 1, "finisher": "S", "ask": "W",
                                       "seats": {SEATS[x]: {"dong": d[x]} for x in range(4)}},
             "choices": [{"id": str(v), "text": money_text(v)} for v in (4, 5, 8, 10)]}

        def why(right: bool) -> Text:
            return join_texts(T("對！" if right else "不對。", "Right!" if right else "Not quite."),
                         T(f"按這套規則，空棟付 {rules.empty_dong_units} 注；莊家不在這一對之中，不用乘，"
                           f"所以西家付 {amount}。",
                           f"Under these rules 空棟 pays {rules.empty_dong_units} units, and the banker is "
                           f"neither of these two, so no multiplier: West pays {amount}."))
    elif sc["type"] == "next_banker":
        hand = position_hand(("55", "33", "66", "22"), (2, 2, 2, 1), 2, rules=rules)
        hand.act("W: 66")
        for a in ("N: discard 22", "E: discard 55", "S: discard 33"):
            hand.act(a)
        assert hand.result is not None
        ans = SEATS[hand.result.next_banker]
        q = {"prompt": join_texts(head, T("東家做莊，西家結了這手牌。下一手誰做莊？",
                                     "East is the banker and West finishes the hand. Who is the next banker?")),
             "ui": "choice", "choices": [{"id": SEATS[s], "text": seat_name_text(s), "seat": SEATS[s]} for s in range(4)]}
        reason = (T("輪莊：莊家沒有結，莊就傳給下家；東家的下家是南家，所以南家做莊。",
                    "With 輪莊 (a rotating bank) the banker did not finish, so the bank passes to the next "
                    "seat: South, the seat after East.")
                  if rules.banker_rotation == "rotate" else
                  T("飛莊：誰結誰做下一手的莊，所以西家做莊。",
                    "With 飛莊 (the bank flies) whoever finishes is the next banker: West."))

        def why(right: bool) -> Text:
            return join_texts(T("對！" if right else "不對。", "Right!" if right else "Not quite."), reason)
    elif sc["type"] == "may_discard":
        hand = position_hand(("33 11", "66 22", "55 46", "44 16"), (2, 2, 1, 1), 0, rules=rules)
        hand.act("E: 33")
        yes = hand.can(hand.parse_action("discard 22"))
        ans = "yes" if yes else "no"
        q = {"prompt": join_texts(head, T("東家出長三。你是南家，手上有天和板凳。可以墊板凳嗎？",
                                     "East leads 長三. You are South with 天 and 板凳. May you discard 板凳?")),
             "ui": "choice", "board": board_json(hand), "choices": may}
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
            return join_texts(head, reason)
    else:  # settle_yao
        hand = position_hand(("55", "12", "33", "24"), (2, 2, 2, 1), 1, rules=rules)
        for a in ("S: 12", "W: discard 33", "N: 24", "E: discard 55"):
            hand.act(a)
        assert hand.result is not None
        amount = -hand.result.payments[1]
        ans = str(amount)
        f = rules.yao_capture_factor
        q = {"prompt": join_texts(head, T("最後一墩南家出丁三，北家用二四擒住結了（么雙擒四）。南家一共付多少？",
                                     "On the last trick South leads 丁三 and North captures it with 二四 "
                                     "(么雙擒四). How much does South pay in all?")),
             "ui": "choice", "board": board_json(position_hand(("55", "12", "33", "24"), (2, 2, 2, 1), 1, rules=rules)),
             "choices": [{"id": str(v), "text": money_text(v)} for v in sorted({amount, 28, 14, 7, 56})][:5]}
        if not any(c["id"] == ans for c in q["choices"]):
            q["choices"][-1] = {"id": ans, "text": money_text(amount)}

        def why(right: bool) -> Text:
            return join_texts(T("對！" if right else "不對。", "Right!" if right else "Not quite."),
                         T(f"南家代每個輸家付錢（連自己的一份），每份乘 {f}：東家（莊）(4 − 2) × 2 = 4，"
                           f"南家 4 − 2 = 2，西家 4 − 2 = 2；(4 + 2 + 2) × {f} = {amount}。",
                           f"South pays every loser's amount (its own included), each × {f}: East (the "
                           f"banker) (4 − 2) × 2 = 4, South 4 − 2 = 2, West 4 − 2 = 2; "
                           f"(4 + 2 + 2) × {f} = {amount}."))
    q["cycle"] = cycle
    ids = [c["id"] for c in q["choices"]]

    def grade(answer: Any, reveal: bool) -> dict:
        a = answer_id(answer, ids)
        right = a == ans
        return {"correct": right, "why": why(right), "answer": ans if (right or reveal) else None}

    return q, grade, ans

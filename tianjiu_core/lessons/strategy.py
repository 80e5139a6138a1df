"""Lesson 9: strategy — positions where the solver says which play is best (敦天, 么, stopping the banker)."""

from __future__ import annotations

from typing import Any

from ..errors import NotationError
from ..tiengow.game import Action, Hand
from ..tiengow.plays import Play, try_classify
from .common import T, Text, answer_id, codes_of, join_texts, minus_sign
from .positions import board_json, position_hand


# --------------------------------------------------------------------- lesson 9: strategy

_STRATEGY = (
    # (idea, holdings E S W N, 棟 before, leader, banker, trick so far, prompt)
    ("dun_tian", ("11 55 55", "66 15 46", "33 22 56", "44 13 16"), (3, 0, 1, 1), 0, 0, ("E: 11",),
     T("你是南家，還沒有棟。東家（莊）出地。你怎樣做？",
       "You are South and have no 棟 yet. East (the banker) leads 地. What do you do?")),
    ("yao_finish", ("55 22", "66 12", "33 46", "44 16"), (2, 1, 2, 1), 1, 0, (),
     T("你是南家，到你先出，手上有天和丁三。先出哪一張？",
       "You are South, to lead, holding 天 and 丁三. Which do you lead first?")),
    ("stop_banker", ("11 36", "66 55", "33 26", "22 34"), (2, 2, 1, 1), 0, 0, ("E: 11",),
     T("東家是莊，出了地。你是南家，手上有天和梅。怎樣做？",
       "East, the banker, leads 地. You are South with 天 and 梅. What do you do?")),
    ("wen_chang_wu_duan", ("66 25", "44 26", "11 55", "33 22"), (2, 2, 1, 1), 0, 0, ("E: 66",),
     T("東家出天，沒有人打得過，最後一墩也會由東家先出。你是南家，要墊一張：墊哪一張？",
       "East leads 天; nobody can beat it, so East will also lead the last trick. You are South "
       "and must discard one tile: which?")),
    ("feng_si_yi_chong", ("24 16 15 16", "66 45 55 55", "44 44 14 23", "34 26 22 46"), (1, 1, 1, 1), 1, 0, (),
     T("各人剩四張，人人有一棟。你是南家，到你先出。",
       "Everyone has four tiles left and has won one 棟. You are South, to lead.")),
    ("wu_zi_qiao_shuang_qiang", ("44 44 33 22 16", "66 55 55 13 23", "11 11 46 46 56", "36 26 25 34 14"),
     (1, 1, 1, 0), 1, 0, (),
     T("各人剩五張。你是南家，到你先出，手上有天、雙梅和和五。",
       "Everyone has five tiles left. You are South, to lead, holding 天, a pair of 梅 and 和五.")),
)


def _solve(hand: Hand, hero: int):
    try:
        from ..solver.search import solve
    except ImportError as exc:  # the solver module is part of the engine; say so if missing
        raise NotationError(f"the strategy exercise needs the solver: {exc}", zh=f"策略練習要用解題器：{exc}") from None
    return solve(hand, hero=hero, budget=2_000_000)


def _strategy_hand(n: int) -> Hand:
    idea, holdings, dong, leader, banker, trick, _ = _STRATEGY[n]
    hand = position_hand(holdings, dong, leader, banker=banker)
    for a in trick:
        hand.act(a)
    return hand


def action_text(a: Action, lead: bool) -> Text:
    """出天 / lead Teen (66); 墊地 / discard Day (11)."""
    tiles = a.tiles
    if a.kind != "play":
        return join_texts(T("墊", "discard"), T("、".join(t.name_hant for t in tiles),
                                           ", ".join(f"{t.name_en} ({t.code})" for t in tiles),
                                           "、".join(t.name_hans for t in tiles)))
    p = try_classify(tiles)
    assert isinstance(p, Play)
    verb = T("出", "lead") if lead else T("打", "beat with")
    return join_texts(verb, T(p.name("hant"), f"{p.name('en')} ({' '.join(t.code for t in tiles)})",
                         p.name("hans")))


def strategy_question(kind: str, seed: int):
    return _strategy_n(seed % len(_STRATEGY))  # consecutive seeds visit every position


_IDEAS: dict[str, Text] = {
    # 敦天 itself is *leading* 天 or a nine early (spec §7); this position is the same idea
    # when following (beat with 天), so the feedback names the idea, not the term
    "dun_tian": T("敦天的道理：還沒有棟，就先用穩贏的天或九收一棟（敦天本指早早出天或九；跟牌時用天打，道理一樣），"
                  "免得空棟，也保住結的資格。",
                  "the idea of 敦天: with no 棟 yet, bank one with a sure winner, 天 or a nine (敦天 itself "
                  "means leading one early; beating with 天 when you follow works the same way), to avoid "
                  "空棟 and keep the right to finish."),
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
    board = board_json(hand)
    q = {"prompt": join_texts(prompt, T("（所有人的牌都攤開。選了之後，每個選項旁邊會顯示你這手牌由現在起的輸贏。）",
                                   " (All hands are open. Once you have chosen, each choice shows your net "
                                   "result from now on.)")),
         "ui": "choice", "board": board, "idea": idea, "cycle": {"n": n, "count": len(_STRATEGY)},
         "choices": [{"id": av.action.notation(), "text": action_text(av.action, not hand.trick),
                      "tiles": codes_of(av.action.tiles), "kind": av.action.kind} for av in options]}
    best_ids = [av.action.notation() for av in options if av.value == best]

    def grade(answer: Any, reveal: bool) -> dict:
        a = answer_id(answer, ids)
        av = next(o for o in options if o.action.notation() == a)
        right = av.value == best
        v = av.value
        units = "unit" if abs(v) == 1 else "units"
        if right:
            # against the others' best replies: a floor on a win, a ceiling on a loss
            res = (T(f"：其他人怎樣應對，你至少贏 {v} 注。", f": whatever the others do, you win at least {v} {units}.")
                   if v > 0 else T(f"：其他人怎樣應對，你最多輸 {-v} 注。", f": whatever the others do, you lose at most {-v} {units}.")
                   if v < 0 else T("：其他人怎樣應對，你都不會輸。", ": whatever the others do, you do not lose."))
            why = join_texts(T("對！", "Right!"), action_text(av.action, not hand.trick), res,
                             T("這就是", "This is"), _IDEAS[idea])
        else:
            res = (T(f"：其他人應對得好，你只贏 {v} 注", f": with the others' best replies you win only {v} {units}")
                   if v > 0 else T(f"：其他人應對得好，你要輸 {-v} 注", f": with the others' best replies you lose {-v} {units}")
                   if v < 0 else T("：其他人應對得好，你不輸不贏", ": with the others' best replies you break even"))
            why = join_texts(T("不對。", "Not quite."), action_text(av.action, not hand.trick), res,
                             T("；有更好的出法。想想", "; there is a better choice. Think of"), _IDEAS[idea])
        out = {"correct": right, "why": why, "answer": best_ids[0] if (right or reveal) else None}
        if right or reveal:
            out["values"] = {o.action.notation(): o.value for o in options}
        return out

    return q, grade, best_ids[0]

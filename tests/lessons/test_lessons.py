"""The tutorial's engine-graded exercises (tianjiu_core/lessons.py).

Every question kind is checked against an independent reading of the spec
(ranking, 結 eligibility, settlement, dealing) or against hand-worked values,
and the grading protocol is checked: the page never receives the answer with
the question, a right answer is accepted, every other choice is refused with
a reason in both languages, and ``reveal`` gives the answer.
"""

from __future__ import annotations

import json

import pytest

from tianjiu_core import lessons as L
from tianjiu_core.lessons import house_rules, positions, strategy, tiles_and_plays, trick
from tianjiu_core.bridge import handle
from tianjiu_core.tiengow.deal import METHODS
from tianjiu_core.notation import SEATS, parse_tiles
from tianjiu_core.tiles import BY_CODE

SEEDS = range(60)
CHOICE_KINDS = [k for k in L.KINDS if k != "play_build"]


def ids(q):
    return [c["id"] for c in q["choices"]]


# ------------------------------------------------------------------ the protocol

@pytest.mark.parametrize("kind", list(L.KINDS))
def test_right_answers_are_accepted_and_others_refused(kind):
    for seed in SEEDS[:25]:
        q = L.question(kind, seed)
        assert q["kind"] == kind and q["seed"] == seed
        assert "answer" not in json.dumps(q)  # the question carries no answer key
        right = L.solution(kind, seed)
        verdict = L.check(kind, seed, right)
        assert verdict["correct"] is True and verdict["answer"] == right
        assert verdict["why"]["hant"] and verdict["why"]["en"]
        if kind == "play_build":
            continue
        assert right in ids(q), (kind, seed)
        for other in ids(q):
            if other == right:
                continue
            v = L.check(kind, seed, other)
            if kind == "tile_name" and BY_CODE[other].name_hant == BY_CODE[right].name_hant:
                continue
            assert v["correct"] is False, (kind, seed, other)
            assert v["answer"] is None  # no answer after a wrong try …
            assert v["why"]["hant"] and v["why"]["en"] and v["why"]["en"] != v["why"]["hant"]
            assert L.check(kind, seed, other, reveal=True)["answer"] == right  # … unless asked


def test_questions_are_reproducible_and_seeds_vary():
    assert L.question("rank_winner", 5) == L.question("rank_winner", 5)
    assert len({json.dumps(L.question("tile_find", s)["choices"]) for s in range(20)}) > 15


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True, 1 << 60])
def test_bad_seed(bad):
    out = handle({"op": "lesson_question", "kind": "tile_name", "seed": bad})
    assert out["ok"] is False and out["error"]["type"] == "NotationError"
    assert "seed" in out["error"]["message"]


def test_bridge_ops():
    kinds = handle({"op": "lesson_kinds"})["result"]
    assert {k["kind"]: k["lesson"] for k in kinds}["finish_who"] == 5
    q = handle({"op": "lesson_question", "kind": "can_beat", "seed": 3})["result"]
    assert q["ui"] == "choice"
    out = handle({"op": "lesson_check", "kind": "can_beat", "seed": 3,
                  "answer": L.solution("can_beat", 3)})["result"]
    assert out["correct"] is True
    assert handle({"op": "lesson_question", "kind": "nope", "seed": 1})["error"]["type"] == "NotationError"
    assert "needs an answer" in handle({"op": "lesson_check", "kind": "can_beat", "seed": 3})["error"]["message"]
    assert handle({"op": "lesson_check", "kind": "can_beat", "seed": 3, "answer": "maybe"})["ok"] is False


# ------------------------------------------------------------------ lesson 1

def test_tile_questions():
    for seed in SEEDS:
        q = L.question("tile_name", seed)
        names = [c["text"]["hant"] for c in q["choices"]]
        assert len(set(names)) == 4  # four different names, one of them right
        target = q["show"]["tiles"][0]
        assert BY_CODE[target].name_hant in names
        f = L.question("tile_find", seed)
        assert len({BY_CODE[c["id"]].name_hant for c in f["choices"]}) == 4
    # a wrong pick says what the picked tile looks like
    q = L.question("tile_name", 11)
    right = L.solution("tile_name", 11)
    wrong = next(i for i in ids(q) if i != right)
    why = L.check("tile_name", 11, wrong)["why"]
    t = BY_CODE[wrong]
    assert f"{t.low} and {t.high} pips, {t.points} in all" in why["en"]
    assert f"{t.low} 點配 {t.high} 點" in why["hant"]


def test_tile_name_feedback_for_teen():
    seed = next(s for s in SEEDS if L.solution("tile_find", s) == "66")
    why = L.check("tile_find", seed, "66")["why"]
    assert "24" in why["en"] and "二十四節氣" in why["hant"]


# ------------------------------------------------------------------ lesson 2

def _winner_by_hand(codes):
    """Spec §1 in a few lines: same suit, strictly higher strength wins."""
    best = 0
    for k in range(1, len(codes)):
        a, b = BY_CODE[codes[best]], BY_CODE[codes[k]]
        if a.suit == b.suit and b.strength > a.strength:
            best = k
    return best


def test_rank_winner_matches_the_single_tile_order():
    kinds_seen = set()
    for seed in SEEDS:
        q = L.question("rank_winner", seed)
        codes = [c["tiles"][0] for c in q["choices"]]
        # a whole trick: the prompt says South, West and North follow, so all four are there
        assert [c["seat"] for c in q["choices"]] == list(SEATS)
        assert "South, West and North" in q["prompt"]["en"]
        assert L.solution("rank_winner", seed) == str(_winner_by_hand(codes))
        kinds_seen.add(_winner_by_hand(codes))
    assert kinds_seen == {0, 1, 2, 3}      # every seat wins some tricks


def test_rank_winner_explains_equal_military_tiles():
    for seed in range(400):
        q = L.question("rank_winner", seed)
        codes = [c["tiles"][0] for c in q["choices"]]
        if codes[:2] in (["36", "45"], ["45", "36"]) and L.solution("rank_winner", seed) == "0":
            why = L.check("rank_winner", seed, "1")["why"]
            assert "equal never beats" in why["en"] and "一樣大" in why["hant"]
            return
    pytest.fail("no question with two equal nines")


# ------------------------------------------------------------------ lesson 3

def test_play_build():
    q = L.question("play_build", 4)
    assert q["ui"] == "pick" and len(q["hand"]) == 8
    target = L.solution("play_build", 4)
    assert L.check("play_build", 4, target)["correct"]
    assert L.check("play_build", 4, " ".join(target))["correct"]
    assert L.check("play_build", 4, [])["correct"] is False
    single = L.check("play_build", 4, [q["hand"][0]])
    assert single["correct"] is False and "not" in single["why"]["en"]
    with pytest.raises(Exception, match="not in the hand"):
        missing = next(t.code for t in parse_tiles("66 11 44 13 55 33 22 56 46 16 15")
                       if t.code not in q["hand"])
        L.check("play_build", 4, [missing])


def test_play_build_two_civil_tiles_are_no_pair():
    for seed in SEEDS:
        hand = L.question("play_build", seed)["hand"]
        civil = sorted({c for c in hand if BY_CODE[c].is_civil})
        if len(civil) >= 2:
            v = L.check("play_build", seed, civil[:2])
            assert v["correct"] is False
            assert "two different civil tiles (" in v["why"]["en"] and "are not a pair." in v["why"]["en"]
            assert "兩張不同的文牌" in v["why"]["hant"] and v["why"]["hant"].endswith("。")
            return
    pytest.fail("no hand with two civil faces")


@pytest.mark.parametrize("best,play,yes", [
    ("11 26", "36 45", False),        # 地八 vs 雜九對: different classes (spec §2)
    ("13 14 23", "11 11 26", False),  # 三文地八 cannot beat 三武和五
    ("26 35", "36 45", True), ("15 15", "16 16", True),   # 擒尊
    ("24 12", "66 66", False), ("36", "45", False), ("12", "24", True),
    ("55 55", "56 56", False), ("56 56", "55 55", True), ("66", "36", False),
])
def test_can_beat_pairs(best, play, yes):
    assert (best, play) in tiles_and_plays._BEAT_PAIRS
    seed = next(s for s in range(2000)
                if L.question("can_beat", s)["show"] == {"tiles": best.split(), "against": play.split()})
    assert L.solution("can_beat", seed) == ("yes" if yes else "no")
    right = L.check("can_beat", seed, "yes" if yes else "no")["why"]
    wrong = L.check("can_beat", seed, "no" if yes else "yes")["why"]
    # the right and the wrong answer read differently, and both say what is true
    assert right["en"].startswith("Right! It beats:" if yes else "Right! It does not beat:")
    assert wrong["en"].startswith("Not quite. It does beat:" if yes else "Not quite. It does not beat:")
    assert right["hant"].startswith("對！打得過" if yes else "對！打不過")
    assert wrong["hant"].startswith("不對，其實打得過" if yes else "不對，其實打不過")
    if not yes:
        assert any(w in right["en"] for w in ("different classes", "ranks the same", "ranks below",
                                              "至尊", "文尊")), right["en"]


# ------------------------------------------------------------------ lesson 5

def _finisher_by_hand(board):
    """Spec §4: the highest same-class play wins; on a one-tile last trick a seat
    without 棟 may not beat."""
    from tianjiu_core.tiengow.plays import beats, try_classify
    leader = SEATS.index(board["leader"])
    order = [(leader + k) % 4 for k in range(4)]
    best_seat = leader
    best = try_classify(parse_tiles(" ".join(board["seats"][SEATS[leader]]["tiles"])))
    for s in order[1:]:
        tiles = board["seats"][SEATS[s]]["tiles"]
        p = try_classify(parse_tiles(" ".join(tiles)))
        if isinstance(p, str):
            continue
        if len(tiles) == 1 and board["seats"][SEATS[s]]["dong"] == 0:
            continue
        if beats(best, p):
            best, best_seat = p, s
    return SEATS[best_seat]


def test_a_first_round_of_who_finishes_is_not_always_the_leader():
    """Seeds 0–4 (a first visit): "the leader" was the answer to all five."""
    leaders = 0
    for seed in range(5):
        q = L.question("finish_who", seed)
        leaders += L.solution("finish_who", seed) == q["board"]["leader"]
    assert leaders <= 3
    assert len({json.dumps(L.question("finish_who", s)["board"], sort_keys=True) for s in range(12)}) == 12


def test_finish_who_follows_the_two_dong_rule():
    zero_blocked = 0
    for seed in range(120):
        q = L.question("finish_who", seed)
        board = q["board"]
        assert sum(v["dong"] for v in board["seats"].values()) == 8 - len(board["seats"]["E"]["tiles"])
        assert L.solution("finish_who", seed) == _finisher_by_hand(board)
        # count questions where a seat without 棟 holds the higher tile
        for s, v in board["seats"].items():
            if v["dong"] == 0 and len(v["tiles"]) == 1:
                why = L.check("finish_who", seed, s)["why"]["en"]
                if "may not beat" in why:
                    zero_blocked += 1
    assert zero_blocked >= 10


# ------------------------------------------------------------------ lesson 6

def _amount_by_hand(board, seat):
    """Spec §5 for one loser: units × banker multiplier."""
    d = board["seats"][seat]["dong"]
    units = 5 if d == 0 else 4 - d
    m = board["streak"] + 1
    if board["finisher"] == board["banker"]:
        return units * m
    if seat == board["banker"] and units > 0:
        return units * m
    return units


def test_settle_amount_matches_spec_section_5():
    for seed in SEEDS:
        q = L.question("settle_amount", seed)
        board = q["board"]
        assert L.solution("settle_amount", seed) == str(_amount_by_hand(board, board["ask"]))
        assert len(ids(q)) == len(set(ids(q))) >= 3


# ------------------------------------------------------------------ lesson 7

def test_finish_kind_positions():
    expected = ["yao", "yao_capture", "zun", "four", "qi_zhi", "ba_zhi", "ba_zhi", "plain",
                "yao_capture", "yao", "plain", "plain"]
    assert [L.solution("finish_kind", n) for n in range(len(expected))] == expected
    assert set(expected) == set(L.FINISH_CHOICES)


@pytest.mark.parametrize("key,finisher,finish,payments,bonuses", [
    # 賀尊: 2 from W and N, 2×2 from the banker E; final 4 棟: E 2×2, W 3, N 3
    ("he_zun", "S", "plain", {"E": -8, "S": 18, "W": -5, "N": -5}, {"E": -4, "S": 8, "W": -2, "N": -2}),
    # 擒尊: N collects the 尊錢; W finishes with 3 棟 (E 3×2, S 3, N 1)
    ("qin_zun", "W", "plain", {"E": -10, "S": -5, "W": 8, "N": 7}, {"E": -4, "S": -2, "W": -2, "N": 8}),
    ("si_da_he", "S", "plain", {"E": -10, "S": 26, "W": -7, "N": -9}, {"E": -4, "S": 12, "W": -4, "N": -4}),
    # 么結 × 2: E 2×2×2, W 2×2, N 5×2
    ("yao_finish", "S", "yao", {"E": -8, "S": 22, "W": -4, "N": -10}, None),
    # 么雙擒四 × 4, all paid by S: E 2×2×4 + S 1×4 + W 3×4
    ("yao_capture", "N", "yao_capture", {"E": 0, "S": -32, "W": 0, "N": 32}, None),
    ("bao_zun", "S", "zun", {"E": -8, "S": 20, "W": -6, "N": -6}, None),
    # 四大包 × 4, W banker: E 2×4, W 3×2×4, N 5×4
    ("si_da_bao", "S", "four", {"E": -8, "S": 52, "W": -24, "N": -20}, None),
    ("qi_zhi", "S", "qi_zhi", {"E": -20, "S": 40, "W": -10, "N": -10}, None),
    ("ba_zhi", "S", "ba_zhi", {"E": -40, "S": 80, "W": -20, "N": -20}, None),
    # 例牌 全白一點紅 (七支): 5 × 2, the banker × 2 more
    ("natural", "W", "natural_qi_zhi", {"E": -20, "S": -10, "W": 40, "N": -10}, None),
])
def test_examples(key, finisher, finish, payments, bonuses):
    ex = handle({"op": "lesson_example", "id": key})["result"]
    r = ex["result"]
    assert r["finisher"] == finisher and r["settlement"]["finish"] == finish
    assert r["payments"] == payments
    if bonuses:
        assert r["bonuses"]["payments"] == bonuses
    if key != "natural":
        assert len(ex["steps"]) == len(L.EXAMPLES[key]["actions"])
        assert all(n in range(len(ex["steps"])) for n in L.EXAMPLES[key]["notes"])
        assert ex["steps"][-1]["note"] is not None
    else:
        assert ex["natural"]["name"]["hant"] == "全白一點紅"


# ------------------------------------------------------------------ lesson 8

def test_deal_first_counts_from_the_thrower():
    for seed in SEEDS:
        q = L.question("deal_first", seed)
        banker = SEATS.index(q["board"]["banker"])
        total = sum(q["show"]["dice"])
        thrower = (banker + 2) % 4
        assert L.solution("deal_first", seed) == SEATS[(thrower + total - 1) % 4]


def test_deal_stacks():
    shares = {"kai_bian_left": ["1+2", "3+4", "5+6", "7+8"], "kai_bian_right": ["7+8", "5+6", "3+4", "1+2"],
              "lun_dong": ["1+5", "2+6", "3+7", "4+8"], "jian_dong": ["1+3", "2+4", "5+7", "6+8"],
              "wa_xin": ["4+5", "3+6", "2+7", "1+8"], "qie_er": ["1+8", "2+7", "3+6", "4+5"]}
    ordinals = ["first", "second", "third", "fourth"]
    for seed in SEEDS:
        q = L.question("deal_stacks", seed)
        m = next(m for m in METHODS if m.name_hant + " (" in q["prompt"]["en"])
        k = next(i for i, o in enumerate(ordinals) if f"the {o} taker" in q["prompt"]["en"])
        assert L.solution("deal_stacks", seed) == shares[m.key][k]


# ------------------------------------------------------------------ lesson 9

@pytest.mark.parametrize("n,best,values", [
    (0, "66", {"66": -6, "discard 66": -10, "discard 46": -10, "discard 15": -10}),   # 敦天
    (1, "66", {"66": 18, "12": 9}),                                                   # 么 last
    (2, "66", {"66": 10, "discard 66": -4}),                                          # stop the banker: beating stops the finish
    (3, "discard 44", {"discard 44": 8, "discard 26": -4}),                           # 文長武短
    (4, "66", {"66": 10, "55": -1, "45": -1, "66 45": -1, "55 55": -3}),              # 逢四一衝
    (5, "13 23", {"66": 0, "13": -1, "55": 9, "23": -3, "13 23": 10, "55 55": 8}),    # 五子撬雙槍
])
def test_strategy_positions(n, best, values):
    assert L.solution("strategy", n) == best
    assert L.question("strategy", n + 6)["idea"] == strategy._STRATEGY[n][0]
    wrong = next(k for k in values if values[k] != max(values.values()))
    assert L.check("strategy", n, wrong)["correct"] is False
    assert L.check("strategy", n, best)["values"] == values


# ------------------------------------------------------------------ lesson 10

def test_rules_scenarios():
    answers = {}
    for seed in range(300):
        q = L.question("rules", seed)
        answers[q["prompt"]["en"]] = L.solution("rules", seed)
    def find(*words):
        return [a for p, a in answers.items() if all(w in p for w in words)]
    hk = "Hong Kong rules (this site's default)"
    assert find(hk, "Civil Supreme", "Pair of Tit") == ["yes"]                  # 擒尊
    assert find("without 擒尊", "Pair of Tit") == ["no"]
    assert find("without 文尊", "Pair of Tit") == ["yes"]                        # lowest civil pair
    assert find("rank below every other military", "Gee Joon six", "Chop Ng") == ["yes"]
    assert find(hk, "Gee Joon six", "Chop Ng") == ["no"]
    assert find("空棟 pays only 4", "West pay") == ["4"]
    assert find(hk, "West pay") == ["5"]
    assert find("輪莊", "next banker") == ["S"] and find(hk, "next banker") == ["W"]
    assert find("must beat", "discard") == ["no"] and find(hk, "discard 板凳") == ["yes"]
    # 么雙擒四: S pays E 2×2×f + S 2×f + W 2×f
    assert find("only × 2", "South pay") == ["16"]
    assert find(hk, "South pay") == ["32"]
    # plain words first: no option identifiers in the questions (they are on the page)
    assert not any("_" in p for p in answers)


def test_a_first_round_of_rules_questions_asks_about_other_rules():
    """A first visit asks seeds 0–4: they were all Hong Kong rules, though the exercise is
    "what changes under other rules?"."""
    first = [house_rules._RULES_ORDER[s]["rules"] for s in range(5)]
    assert sum(1 for r in first if r) >= 2, first
    kinds = [house_rules._RULES_ORDER[s]["type"] for s in range(10)]   # (only 'beats' is left after)
    assert all(a != b for a, b in zip(kinds, kinds[1:])), kinds


def test_rules_wrong_and_right_answers_read_differently():
    for seed in range(len(house_rules._RULES_ORDER)):
        q = L.question("rules", seed)
        right = L.solution("rules", seed)
        good = L.check("rules", seed, right)["why"]
        for other in ids(q):
            if other == right:
                continue
            bad = L.check("rules", seed, other)["why"]
            assert bad["en"] != good["en"] and bad["hant"] != good["hant"]
            assert bad["en"].startswith("Not quite.") and good["en"].startswith("Right!")
        if set(ids(q)) == {"yes", "no"}:    # a yes/no question says which it is
            wrong = "no" if right == "yes" else "yes"
            said = L.check("rules", seed, wrong)["why"]["en"]
            assert (" does beat" in said or "Yes, you may" in said) == (right == "yes"), said


@pytest.mark.parametrize("kind", ["finish_kind", "strategy", "rules"])
def test_fixed_positions_cycle_and_say_so(kind):
    count = L.question(kind, 0)["cycle"]["count"]
    seen = [L.question(kind, s)["cycle"]["n"] for s in range(1000, 1000 + count)]
    assert sorted(seen) == list(range(count))          # consecutive seeds visit each once
    assert L.question(kind, 1000 + count)["cycle"]["n"] == seen[0]


@pytest.mark.parametrize("kind", list(L.KINDS))
def test_no_question_twice_in_a_row(kind):
    """The page asks seed, seed + 1, …: two neighbours are never the same question
    (except by a rare accident of the random kinds, which the page then skips)."""
    def key(q):
        return json.dumps({k: v for k, v in q.items() if k not in ("seed", "cycle")}, sort_keys=True)
    same = sum(key(L.question(kind, s)) == key(L.question(kind, s + 1)) for s in range(200))
    assert same <= (0 if kind in ("finish_kind", "strategy", "rules") else 2), same


# ------------------------------------------------------------------ lesson 4

def test_trick_positions():
    starts = [L.trick_start(n) for n in range(len(L.TRICK_SEEDS))]
    for st in starts:
        assert st["board"]["to_act"] == "S" and st["board"]["trick"][0]["seat"] == "E"
        assert st["board"]["seats"]["W"]["tiles"] == 8  # others' tiles are hidden: counts only
        assert len(st["hand"]) == 8
    assert [len(st["lead"]["tiles"]) for st in starts] == [1, 1, 1, 1, 2, 3]


def test_trick_play_grading():
    # 0: East leads 地; South's 天 wins the trick
    won = L.trick_play(0, "66")
    assert won["legal"] and won["correct"] and won["winner"] == "S" and won["dong"]["S"] == 1
    # discarding when 天 would have won: legal, but wrong, and the reason names 天
    lost = L.trick_play(0, "discard 55")
    assert lost["legal"] and not lost["correct"] and "Teen" in lost["why"]["en"]
    assert all(a["tiles"] == [] for a in lost["trick"] if a["kind"] == "discard" and a["seat"] != "S")
    # 2: East leads 雜九; South's other nine is only equal
    eq = L.trick_play(2, "45")
    assert not eq["legal"] and "equal never beats" in eq["why"]["en"]
    assert eq["why"]["en"].count(":") == 1 and "一樣大" in eq["why"]["hant"]   # no stacked colons
    assert L.trick_play(2, "discard 15")["correct"] is True
    # wrong size and not a play
    assert "you chose 2" in L.trick_play(0, "55 55")["why"]["en"]
    assert "make no play" in L.trick_play(4, "44 55")["why"]["en"]
    # 3: South can beat 和 with 地 but West's 天 takes it: nothing wins, so it is not wrong
    over = L.trick_play(3, "11")
    assert over["correct"] and over["winner"] == "W" and "discarding" in over["why"]["en"]
    with pytest.raises(Exception):
        L.trick_play(9, "66")


# ------------------------------------------------------------------ wording (a newcomer's findings)

def _all_texts(kind, seeds=range(25)):
    """Every prompt, choice and verdict text the page can show for these seeds."""
    for seed in seeds:
        q = L.question(kind, seed)
        yield q["prompt"]
        yield from (c["text"] for c in q.get("choices", []) if "text" in c)
        if kind == "play_build":
            answers = [L.solution(kind, seed), [q["hand"][0]], q["hand"][:2], q["hand"][:3]]
        else:
            answers = ids(q)
        for a in answers:
            yield L.check(kind, seed, a)["why"]


@pytest.mark.parametrize("kind", list(L.KINDS))
def test_feedback_reads_as_sentences(kind):
    import re
    for t in _all_texts(kind):
        en, zh = t["en"], t["hant"]
        assert not re.search(r"\. [a-z]", en), en                      # "Not quite. a plain finish"
        assert not re.search(r"\b1 (tiles|units)\b", en), en           # "(1 tiles)"
        assert not re.search(r"(?<![\w−])-\d", en), en                  # "-10": a real minus is −
        for sentence in re.split(r"(?<=[.!?])\s", en):
            assert sentence.count(":") <= 1, en                        # "Not allowed: That …: Same …"
        assert "。 " not in zh and not re.search(r"[\u4e00-\u9fff]\d|\d[\u4e00-\u9fff]", zh), zh
        assert "未對" not in zh                                        # one word for wrong: 不對


def test_play_names_do_not_repeat_their_class():
    prompts = [L.question("play_build", s)["prompt"] for s in range(200)]
    for p in prompts:
        assert "(three military)" not in p["en"] and "(Supreme) (supreme)" not in p["en"]
        assert not any(f"{c}（{c}）" in p["hant"] for c in ("三文", "三武", "至尊"))
    assert any("Three military" in p["en"] for p in prompts)
    assert any("Pick Gee Joon 至尊 (Supreme) from" in p["en"] for p in prompts)


def test_why_not_a_play_is_the_engines_with_the_lessons_hint():
    from tianjiu_core.tiengow.plays import why_not_a_play
    from tianjiu_core.tiles import BY_CODE as B
    assert tiles_and_plays.why_not_play(parse_tiles("66 11")) == {
        "hant": why_not_a_play(parse_tiles("66 11")).hant + "。",
        "en": why_not_a_play(parse_tiles("66 11")).en + "."}
    # the lesson's old extra words now live in plays.why_not_a_play, for everyone
    six = why_not_a_play((B["24"], B["24"]))
    assert "no pair of 6s" in six.en and "二四 goes with 丁三 as 至尊" in six.en and "至尊" in six.hant
    mixed = why_not_a_play(parse_tiles("24 23"))
    assert "(6 and 5)" in mixed.en and "二四 goes only with 丁三" in mixed.en and "只可以配丁三" in mixed.hant


def test_trick_discarding_strong_tiles_is_not_praised():
    # 2: East leads 雜九, nothing South holds wins it; South holds a pair of 天
    strong = L.trick_play(2, "discard 66")
    assert strong["legal"] and strong["correct"] is False
    assert "threw away Teen (66)" in strong["why"]["en"] and "墊錯了牌" in strong["why"]["hant"]
    assert "Look (15)" in strong["why"]["en"]               # the weakest tile is suggested
    weak = L.trick_play(2, "discard 15")
    assert weak["correct"] is True and weak["why"]["en"].startswith("Right!")
    # 5: a three-tile trick; discarding the pair of 高腳七 breaks a pair
    assert L.trick_play(5, "discard 56 16 16")["correct"] is False
    # "1 tile", never "1 tiles"
    assert "plays 1 tile in this trick" in L.trick_play(0, "55 55")["why"]["en"]


def test_refusals_in_chinese_use_the_engines_chinese():
    from tianjiu_core.tiengow.game import Action
    hand = positions.position_hand(("66", "11", "55", "33"), (0, 4, 3, 0), 2)   # last single trick, East has no 棟
    hand.act("W: 55")
    hand.act("N: discard 33")
    why = trick._why_illegal(hand, Action(0, "play", parse_tiles("66")))
    assert "一棟都沒有" in why["hant"] and "no 棟" in why["en"]
    assert why["hant"] != why["en"]


def test_finish_who_right_answer_walks_every_seat():
    for seed in range(30):
        right = L.solution("finish_who", seed)
        why = L.check("finish_who", seed, right)["why"]
        for seat in ("East", "South", "West", "North"):
            assert seat in why["en"], why["en"]
        for seat in "東南西北":
            assert seat + "家" in why["hant"]


def test_finish_kind_wrong_answer_says_what_happened():
    n = next(s for s in range(12) if L.solution("finish_kind", s) == "yao")
    why = L.check("finish_kind", n, "plain")["why"]
    assert why["en"].startswith("Not quite. A plain finish (× 1)")
    assert "Here, South led Gee Joon three (丁三) and nobody beat it" in why["en"]
    assert "這一墩：南家先出丁三" in why["hant"]
    labels = [c["text"]["en"] for c in L.question("finish_kind", 0)["choices"]]
    assert "七支 sweep on the 2-棟 rule × 2" in labels and "八支 full sweep × 4" in labels and all(lab.count("七支") <= 1 for lab in labels)


def test_strategy_feedback_names_the_idea():
    why = L.check("strategy", 3, "discard 26")["why"]          # 文長武短
    assert "you lose 4 units" in why["en"] and "你要輸 4 注" in why["hant"]
    assert "文長武短" in why["en"] and "文長武短" in why["hant"]
    for n in range(6):   # a win is "at least", a loss "at most": never "only +8" or "at least −2"
        for c in L.question("strategy", n)["choices"]:
            w = L.check("strategy", n, c["id"])["why"]
            assert "只有" not in w["hant"] and "最少都有" not in w["hant"] and "−" not in w["en"], w
    assert L.check("strategy", 0, "66")["why"]["en"].startswith("Right! Beat with Teen (66)")


def test_played_examples_say_what_each_seat_played():
    ex = L.example("he_zun")
    says = [s["say"]["en"] for s in ex["steps"]]
    assert says[0] == "South leads 至尊 (24 12)"
    assert says[1] == "West discards Chong (33), Bon (22) face down"
    assert ex["steps"][0]["say"]["hant"] == "南家先出至尊（二四、丁三）"
    # all hands stay open: every discard keeps its tiles for the page to show
    assert all(a["tiles"] for s in ex["steps"] for a in s["board"]["trick"])


def test_a_wrong_settlement_answer_gets_the_rule_not_the_sum():
    """Lesson 6: a wrong try shows the 棟, the units and the multiplier but not the amount
    (trying again still means something); the right answer and "reveal" give the sum."""
    for seed in SEEDS:
        q = L.question("settle_amount", seed)
        right = L.solution("settle_amount", seed)
        wrong = next(c["id"] for c in q["choices"] if c["id"] != right)
        miss = L.check("settle_amount", seed, wrong)
        assert not miss["correct"] and miss["answer"] is None
        assert miss["why"]["en"].endswith("Work it out again.") and f"= {right}," not in miss["why"]["en"]
        shown = L.check("settle_amount", seed, wrong, reveal=True)
        assert shown["answer"] == right and not shown["why"]["en"].endswith("again.")
        hit = L.check("settle_amount", seed, right)
        assert hit["correct"] and hit["answer"] == right and not hit["why"]["en"].endswith("again.")


def test_one_wrong_tile_is_that_tile_not_those_tiles():
    from tianjiu_core import bridge
    q = bridge.handle({"op": "lesson_question", "kind": "play_build", "seed": 3})["result"]
    one = bridge.handle({"op": "lesson_check", "kind": "play_build", "seed": 3, "answer": [q["hand"][0]]})["result"]
    assert not one["correct"] and one["why"]["en"].startswith("Not quite. That tile is Day 地")
    assert one["why"]["hant"].startswith("不對。這張是地")
    two = bridge.handle({"op": "lesson_check", "kind": "play_build", "seed": 3, "answer": ["13", "13"]})["result"]
    assert two["why"]["en"].startswith("Not quite. Those tiles make") and two["why"]["hant"].startswith("不對。這幾張是")

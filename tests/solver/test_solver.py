"""The exact solver (tianjiu_core.solver.search): known positions, brute-force cross-check,
agreement with playing the actions out in Hand, grouping, budget, bridge op."""

from __future__ import annotations

import glob
import json
import os
import random
import sys
import tomllib

import pytest

from solver_helpers import RULE_VARIANTS, THEMES, TooBig, brute_force, random_position
from tianjiu_core import bridge
from tianjiu_core.bridge import hand_ops
from tianjiu_core.errors import IllegalActionError, TianJiuError
from tianjiu_core.tiengow.game import Hand
from tianjiu_core.notation import parse_tiles
from tianjiu_core.tiengow.position import Position
from tianjiu_core.tiengow.rules import Rules
from tianjiu_core.solver.search import BudgetExceededError, clear_caches, solve
from tianjiu_core.tiles import FULL_SET

HERE = os.path.dirname(__file__)
POSITIONS = sorted(glob.glob(os.path.join(HERE, "positions", "*.toml")))


def values(sol) -> list[tuple[str, int]]:
    return [(a.action.notation(), a.value) for a in sol.actions]


# --------------------------------------------------------------------------- known positions
@pytest.mark.parametrize("path", POSITIONS, ids=[os.path.basename(p) for p in POSITIONS])
def test_known_position(path):
    """Hand-computed answers (each file says why), also confirmed by the brute force."""
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    pos = Position.from_dict(data["position"])
    expect = data["expect"]
    sol = solve(pos.to_hand(), expect["hero"])
    got = dict(values(sol))
    assert sol.value == expect["value"]
    for action, value in expect["actions"].items():
        assert got[action] == value, action
    assert values(sol) == brute_force(pos.to_hand(), sol.hero, memo=True)


def test_value_is_worst_action_when_an_opponent_acts():
    """The hero is 南; 東 (an opponent) is to act: the position's value is its minimum."""
    with open(os.path.join(HERE, "positions", "zhizun_order.toml"), "rb") as fh:
        pos = Position.from_dict(tomllib.load(fh)["position"])
    sol = solve(pos.to_hand(), "S")
    assert sol.hero == 1 and sol.to_act == 0
    assert sol.value == min(a.value for a in sol.actions)
    # 東's best line (for 東) is 南's worst: 天 first, then 包尊 or 么結 (36 from three losers)
    assert dict(values(sol))["66"] == -12 and sol.value == -12


# --------------------------------------------------------------------------- cross-check
def _cross_check(seed: int, count: int, **kwargs) -> int:
    """Solver == brute force on ``count`` random positions; returns positions checked."""
    rng = random.Random(seed)
    checked = 0
    while checked < count:
        hand = random_position(rng, **kwargs)
        hero = rng.randrange(4)
        try:
            expected = brute_force(hand, hero, memo=True, max_nodes=20_000)
        except TooBig:
            continue
        sol = solve(hand, hero)
        assert values(sol) == expected, (repr(hand), hand.trick, hand.rules, hero)
        # grouped actions share a value
        by_group: dict[int, set[int]] = {}
        for a in sol.actions:
            by_group.setdefault(a.group, set()).add(a.value)
        assert all(len(v) == 1 for v in by_group.values())
        checked += 1
    return checked


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_cross_check_themes(theme):
    """≤ 3 tiles a seat (4 for the fours), every rules variant, every theme."""
    assert _cross_check(1000 + sorted(THEMES).index(theme), 18, theme=theme) == 18


@pytest.mark.parametrize("variant", range(len(RULE_VARIANTS)))
def test_cross_check_rules(variant):
    assert _cross_check(2000 + variant, 12, rules=RULE_VARIANTS[variant]) == 12


def test_cross_check_sweeps():
    """One seat holds every 棟 so far: 七支/八支 and the shown tiles decide."""
    assert _cross_check(3000, 30, sweep=True) == 30


def test_cross_check_four_tiles():
    assert _cross_check(4000, 10, n=4) == 10


# --------------------------------------------------------------------------- playing it out
def _principal_line(hand: Hand, hero: int) -> int:
    """Play the solver's best action for whoever is to act until the end; returns
    the hero's payments from the start of the line (bonuses included)."""
    base = hand.bonuses.payments[hero]
    while not hand.is_over:
        sol = solve(hand, hero)
        hand.act(sol.best()[0].action)
    return hand.result.payments[hero] - base


@pytest.mark.parametrize("n", [3, 4, 5])
def test_value_matches_playing_the_line_out(n):
    """The root value equals what the hero gets when everybody follows the solver —
    the solver's own state and scoring agree with Hand and result.payments."""
    rng = random.Random(50 + n)
    for _ in range(6 if n < 5 else 2):
        hand = random_position(rng, n=n, max_trick_actions=2)
        hero = rng.randrange(4)
        value = solve(hand, hero).value
        assert _principal_line(hand.copy(), hero) == value


def test_every_action_value_matches_its_line():
    """Each action's value, not just the best: act, then follow the solver."""
    rng = random.Random(77)
    for _ in range(4):
        hand = random_position(rng, n=4, max_trick_actions=0)
        hero = hand.to_act
        sol = solve(hand, hero)
        for av in sol.actions:
            h = hand.copy()
            base = h.bonuses.payments[hero]
            h.act(av.action)
            got = _principal_line(h, hero) + h.bonuses.payments[hero] - base if not h.is_over \
                else h.result.payments[hero] - base
            assert got == av.value, av


# --------------------------------------------------------------------------- grouping
def test_identical_and_equivalent_discards_share_a_group():
    # 南 must discard one tile on 東's 天: 36 and 45 are the same kind (雜九)
    hand = Hand(Rules(), banker=0, holdings=[parse_tiles("66 44"), parse_tiles("36 45"),
                                             parse_tiles("11 13"), parse_tiles("33 46")],
                dong=[3, 1, 1, 1], leader=0, shown=())
    hand.act("66")
    sol = solve(hand, "S")
    groups = {a.action.notation(): a.group for a in sol.actions}
    assert groups["discard 36"] == groups["discard 45"]


def test_run_discards_group():
    """Tiles of one seat with no other seat's tile between them are interchangeable."""
    hand = Hand(Rules(), banker=0,
                holdings=[parse_tiles("66 13 26"), parse_tiles("55 33 25"),
                          parse_tiles("11 46 14"), parse_tiles("44 16 23")],
                dong=[2, 1, 1, 1], leader=0, shown=())
    hand.act("66")
    sol = solve(hand, "S")
    g = {a.action.notation(): a for a in sol.actions}
    # 55 and 33 are adjacent (13 is above, 46 below): keeping either is the same
    assert g["discard 55"].group == g["discard 33"].group
    assert g["discard 55"].value == g["discard 33"].value
    assert g["discard 25"].group != g["discard 55"].group


def test_all_legal_actions_listed_in_engine_order():
    rng = random.Random(5)
    hand = random_position(rng, n=3)
    sol = solve(hand, 0)
    assert [a.action for a in sol.actions] == hand.legal_actions()


# --------------------------------------------------------------------------- budget, errors
def _deal8(seed: int) -> Hand:
    rng = random.Random(seed)
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    return Hand(Rules(natural_hands="none"), banker=0,
                holdings=[tiles[i * 8:(i + 1) * 8] for i in range(4)])


def test_budget_raises_instead_of_answering():
    hand = _deal8(1)
    with pytest.raises(BudgetExceededError, match="not solved within the budget of 5,000 nodes") as exc:
        solve(hand, budget=5000)
    assert isinstance(exc.value, TianJiuError) and exc.value.nodes == 5000


def test_deep_search_stays_within_the_stack():
    """A full deal searched for 30,000 nodes reaches the last tricks (depth ≈ 33 frames
    per line) and stops with the budget error, never a RecursionError."""
    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # Pyodide-like headroom: the search needs far less
    try:
        with pytest.raises(BudgetExceededError):
            solve(_deal8(2), budget=30_000)
    finally:
        sys.setrecursionlimit(limit)


def test_progress_callback():
    seen = []
    with pytest.raises(BudgetExceededError):
        solve(_deal8(3), budget=200_000, progress=seen.append)
    assert seen and seen == sorted(seen) and all(c % 65536 == 0 for c in seen)


def test_finished_hand_is_an_error():
    with open(os.path.join(HERE, "positions", "finish_teen.toml"), "rb") as fh:
        hand = Position.from_dict(tomllib.load(fh)["position"]).to_hand()
    hand.act("66")
    for _ in range(3):
        hand.act(hand.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="over"):
        solve(hand)


# --------------------------------------------------------------------------- bridge op
def _toml(name: str) -> str:
    with open(os.path.join(HERE, "positions", name), "rb") as fh:
        data = tomllib.load(fh)
    return Position.from_dict(data["position"]).dumps()


def test_bridge_solve_json():
    resp = bridge.handle({"op": "solve", "position": _toml("yao_capture.toml")})
    assert resp["ok"], resp
    r = resp["result"]
    assert r["hero"] == "S" and r["value"] == 36
    assert r["actions"] == [{"action": "24", "value": 36, "group": 0},
                            {"action": "discard 24", "value": -6, "group": 1}]
    # a position given as a table, hero named in the request
    table = Position.loads(_toml("zhizun_order.toml")).to_dict()
    r = bridge.handle({"op": "solve", "position": table, "hero": "N"})["result"]
    assert r["hero"] == "N" and r["to_act"] == "E"
    json.dumps(r)  # plain JSON


def test_bridge_errors():
    r = bridge.handle({"op": "solve", "position": _toml("zhizun_order.toml"), "budget": 3})
    assert not r["ok"] and r["error"]["type"] == "BudgetExceededError"
    r = bridge.handle({"op": "solve", "position": "[tiles]\nE = \"66\""})
    assert not r["ok"] and r["error"]["type"] == "InconsistentPositionError"
    assert "position: tiles" in r["error"]["message"]
    r = bridge.handle({"op": "solve"})
    assert not r["ok"] and "position" in r["error"]["message"]
    r = bridge.handle({"op": "solve", "position": _toml("zhizun_order.toml"), "budget": -1})
    assert not r["ok"] and "budget" in r["error"]["message"]


def test_bridge_solve_live_hand():
    """A live ``hand_id`` is hidden: open ``solve`` is refused; ``solve_hidden`` answers for the
    person to act from its view only — the same answer whatever the other seats hold."""
    r = bridge.handle({"op": "new_hand", "seed": 3, "humans": ["E", "S", "W", "N"]})["result"]
    hid = r["hand_id"]
    session = hand_ops._HANDS[hid]
    hand: Hand = session["hand"]
    # play until 3 tiles each remain, then ask the solver
    while hand.tiles_left > 3 or hand.trick:
        hand.act(hand.legal_actions()[0])
    r = bridge.handle({"op": "solve", "hand_id": hid, "hero": "E"})
    assert not r["ok"] and "hidden" in r["error"]["message"]
    r = bridge.handle({"op": "solve_hidden", "hand_id": hid, "samples": 8})
    assert r["ok"], r
    assert "value" not in r["result"] and all("value" not in a for a in r["result"]["actions"])
    seat = hand.to_act
    # swap the other seats' holdings around (same sizes): the answer must not change
    others = [s for s in range(4) if s != seat]
    held = list(hand.holdings)
    held[others[0]], held[others[1]] = held[others[1]], held[others[0]]
    hand.holdings = tuple(held)
    again = bridge.handle({"op": "solve_hidden", "hand_id": hid, "samples": 8})["result"]
    assert again["actions"] == r["result"]["actions"]


def test_captor_is_never_dominated_while_its_yao_is_in_play():
    """南 must discard 25 or 24 under 東's 天.  Keeping the higher military tile (25)
    would be the natural choice, but 東 must then lead its 丁三 (12) into the last
    trick: 二四 (24) captures it, 么雙擒四, f = 4 and 東 pays everybody's debts."""
    hand = Hand(Rules(), banker=0,
                holdings=[parse_tiles("66 12"), parse_tiles("25 24"), parse_tiles("33 55"),
                          parse_tiles("22 56")], dong=[3, 1, 1, 1], leader=0, shown=())
    hand.act("66")
    sol = solve(hand, "S")
    got = dict(values(sol))
    assert got == dict(brute_force(hand, 1, memo=True))
    assert got["discard 25"] > got["discard 24"]
    # 南 finishes by capture: 東 pays for 西 and 北 (1 棟 each: 3 × 4 = 12 each); 東
    # itself holds 4 棟 after the 天 (歸棟, 0): 24
    assert got["discard 25"] == 24


@pytest.mark.parametrize("n, count", [(4, 16), (5, 3)])
def test_pruning_changes_no_value(n, count):
    """Beyond the brute force's reach: every shortcut (runs, dominance, dead seats,
    claims, canonical keys, shared tables) on vs all off gives the same values."""
    rng = random.Random(600 + n)
    for _ in range(count):
        hand = random_position(rng, n=n, max_trick_actions=2)
        hero = rng.randrange(4)
        assert values(solve(hand, hero)) == values(solve(hand, hero, _pruning=False)), (
            repr(hand), hand.trick, hand.rules, hero)


@pytest.mark.parametrize("preset", ["hk", "no_wen_zun", "classic"])
def test_play_table_is_the_engines(preset):
    """The solver's plays (over kinds: 36/45, 26/35, 25/34, 14/23 merged) are exactly
    the engine's ``all_plays`` with the same classes and ranks."""
    from tianjiu_core.tiengow.plays import PLAY_CLASSES, all_plays
    from tianjiu_core.solver.search import KIND_OF, _Tables
    for rules in (Rules.preset(preset), Rules.from_dict({"preset": preset,
                                                         "zhizun_singles_lowest": True})):
        tb = _Tables(rules)
        engine = {tuple(sorted(KIND_OF[t.index] for t in p.tiles)): (p.cls, p.rank)
                  for p in all_plays(rules)}
        mine = {tb.kinds[i]: (PLAY_CLASSES[tb.cls[i]], tb.rank[i]) for i in range(len(tb.mask))}
        assert mine == engine


def test_a_seat_that_can_never_win_again_has_one_discard_group():
    """西 holds only low tiles that beat nothing the others hold: every discard is the
    same (it will never win a trick), so all its discards share one group."""
    hand = Hand(Rules(), banker=0,
                holdings=[parse_tiles("66 11 44"), parse_tiles("13 55 36"),
                          parse_tiles("15 12 22"), parse_tiles("33 45 26")],
                dong=[2, 1, 1, 1], leader=0, shown=())
    hand.act("66")
    hand.act("discard 36")
    sol = solve(hand, "W")
    discards = [a for a in sol.actions if a.action.kind == "discard"]
    assert len(discards) == 3 and len({a.group for a in discards}) == 1
    assert len({a.value for a in discards}) == 1
    assert values(sol) == brute_force(hand, 2, memo=True)


# --------------------------------------------------------------------------- static bounds
def _static_bounds_of(hand: Hand, hero: int) -> tuple[int, int]:
    """The search's static bounds for a position at a trick boundary (every seat that
    can still beat something counted live, as lead_node does)."""
    from tianjiu_core.solver.search import _EXP, _root_of, _Search, _tables
    tb = _tables(hand.rules)
    root = _root_of(hand, tb)
    search = _Search(tb, hero, hand.banker, hand.banker_streak, 1 << 62)
    search.H[:] = root.holdings
    search.D[:] = root.dong
    search.X[0], search.X[1] = root.shown, root.flt
    infos = [tb.info(h) for h in root.holdings]
    search.II[:] = infos
    feats = []
    for s in range(4):
        plays = 0
        for o in range(4):
            if o != s:
                plays |= infos[o][5]
        feats.append(infos[s][7] if s == root.leader or infos[s][6] & plays else -1)
    # the stop relations, as lead_node computes them (kept-tile plans on)
    keep = _EXP["keep"] and not hand.rules.must_beat
    rel = search._relations(*(i[8] for i in infos)) if keep else 0
    return search._static_bounds(root.n, *feats, rel)


@pytest.mark.parametrize("variant", [i for i, v in enumerate(RULE_VARIANTS)
                                     if not v.get("lead_face_down")])   # (no static bounds there)
def test_static_bounds_contain_the_value(variant):
    """The exact value (brute force) of random trick-boundary positions of 1–3 tiles lies
    within the static bounds — the outcomes they leave out (a 么 capture its victim can
    avoid, a 么結 that a kept tile blocks) included — for every theme (么 and captors)."""
    def make(rng):
        theme = rng.choice(["yao12", "yao15", "yao12", "yao15", "wen_zun", "zhizun", "none",
                            "mixed", "four"])
        hand = random_position(rng, n=rng.choice([1, 2, 2, 3, 3]), theme=theme,
                               rules=RULE_VARIANTS[variant], max_trick_actions=0)
        return None if hand.trick else hand

    _brute_force_within_static_bounds(random.Random(7000 + variant), make, 25)


def _brute_force_within_static_bounds(rng, make, count):
    """``count`` positions from ``make(rng)`` (None: draw again; in Pyodide 10), each with a
    random hero: the brute-force value lies within the static bounds."""
    checked = 0
    while checked < (10 if sys.platform == "emscripten" else count):
        hand = make(rng)
        if hand is None or hand.is_over:
            continue
        hero = rng.randrange(4)
        try:
            vals = [v for _, v in brute_force(hand, hero, memo=True, max_nodes=15_000)]
        except TooBig:
            continue
        value = max(vals) if hand.to_act == hero else min(vals)
        lo, hi = _static_bounds_of(hand, hero)
        assert lo <= value <= hi, (repr(hand), hand.rules, hero, lo, value, hi)
        checked += 1


def _zun_position(rng: random.Random, rules: dict) -> Hand | None:
    """A boundary position of 2–3 tiles a seat: one seat holds 至尊 (24 12) or 文尊 (15 15)
    and a third tile, the others draw the 么 and captors the 尊 leaves (15, 16, 16 16, or a
    single 24 / 12 when the 尊 is 文尊) and random tiles; the 尊's holder often leads."""
    pool = list(FULL_SET)
    rng.shuffle(pool)
    n = rng.choice([3, 3, 3, 2])
    seats = [0, 1, 2, 3]
    rng.shuffle(seats)
    hold: list[list] = [[], [], [], []]

    def put(seat: int, codes: str) -> None:
        for c in codes.split():
            t = next(t for t in pool if t.code == c)
            pool.remove(t)
            hold[seat].append(t)
    if rng.random() < 0.5:
        put(seats[0], "24 12")
        put(seats[1], rng.choice(["15", "16", "15 16", "16 16", "15 15"])[: 3 * n - 1])
    else:
        put(seats[0], "15 15")
        put(seats[1], rng.choice(["16 16", "16", "24", "12", "16 24"])[: 3 * n - 1])
        if rng.random() < 0.5:
            left = [c for c in ("12", "24", "16") if any(t.code == c for t in pool)]
            put(seats[2], rng.choice(left))
    for s in range(4):
        while len(hold[s]) < n:
            hold[s].append(pool.pop())
    dong = [0, 0, 0, 0]
    for _ in range(8 - n):
        dong[rng.randrange(4)] += 1
    if rng.random() < 0.5:
        dong[seats[0]] += 1
        dong[rng.choice([s for s in range(4) if dong[s]])] -= 1
    leaders = [s for s in range(4) if dong[s]]
    leader = seats[0] if dong[seats[0]] and rng.random() < 0.6 else rng.choice(leaders)
    try:
        return Hand(Rules.from_dict(rules), banker=rng.randrange(4),
                    banker_streak=rng.choice([1, 1, 2, 3]), holdings=hold, dong=dong,
                    leader=leader, shown=pool[:rng.randrange(len(pool) + 1)],
                    first_lead_top=rng.random() < 0.3)
    except (TianJiuError, ValueError):
        return None


@pytest.mark.parametrize("variant", [i for i, v in enumerate(RULE_VARIANTS)
                                     if not v.get("lead_face_down")])   # (no static bounds there)
def test_static_bounds_split_by_the_zun_bonus(variant):
    """賀尊 and the finishes share tiles (issue 13): the static bounds split the outcomes by
    whether 至尊's or 文尊's bonus is paid (then 24 12 or 15 15 are played and no 么結, 尊結
    or capture can use them) — the brute-force value of random 2–3-tile boundary positions
    with 至尊 or 文尊 and the 么 and captors around it must still lie within the bounds."""
    _brute_force_within_static_bounds(random.Random(9100 + variant),
                                      lambda rng: _zun_position(rng, RULE_VARIANTS[variant]), 60)


def _one_suit_position(rng: random.Random, rules: dict) -> Hand | None:
    """A boundary position of 2–3 tiles a seat where one or two seats hold tiles of one
    suit only (sometimes a pair of it), the others random tiles."""
    pool = list(FULL_SET)
    rng.shuffle(pool)
    n = rng.choice([2, 2, 3, 3])
    hold: list[list] = [[], [], [], []]
    seats = [0, 1, 2, 3]
    rng.shuffle(seats)
    for s in seats[:rng.choice([1, 2, 2])]:
        civil = rng.random() < 0.5
        if rng.random() < 0.4:   # a pair of that suit
            t = next(t for t in pool if t.is_civil == civil)
            pool.remove(t)
            hold[s].append(t)
            mate = [u for u in pool if u.is_civil == civil
                    and (u.code == t.code or (not civil and u.value == t.value))]
            if mate:
                pool.remove(mate[0])
                hold[s].append(mate[0])
        while len(hold[s]) < n:
            t = next(t for t in pool if t.is_civil == civil)
            pool.remove(t)
            hold[s].append(t)
    for s in range(4):
        while len(hold[s]) < n:
            hold[s].append(pool.pop())
    dong = [0, 0, 0, 0]
    for _ in range(8 - n):
        dong[rng.randrange(4)] += 1
    try:
        return Hand(Rules.from_dict(rules), banker=rng.randrange(4),
                    banker_streak=rng.choice([1, 2, 3]), holdings=hold, dong=dong,
                    leader=rng.choice([s for s in range(4) if dong[s]]),
                    shown=pool[:rng.randrange(len(pool) + 1)],
                    first_lead_top=rng.random() < 0.3)
    except (TianJiuError, ValueError):
        return None


@pytest.mark.parametrize("variant", [i for i, v in enumerate(RULE_VARIANTS)
                                     if not v.get("lead_face_down")])   # (no static bounds there)
def test_static_bounds_stopped_finishers(variant):
    """A seat with a 棟 keeping its highest tile of a suit stops an enemy holding only lower
    tiles of that suit and no play of two or more tiles from finishing (issue 13): the
    brute-force value of random 2–3-tile boundary positions with one-suit seats lies within
    the static bounds (fails when the other-suit condition, or the hero's own no-pair
    condition, is dropped; the 棟 and pair conditions have their own tests below)."""
    _brute_force_within_static_bounds(random.Random(9300 + variant),
                                      lambda rng: _one_suit_position(rng, RULE_VARIANTS[variant]), 40)


@pytest.mark.parametrize("case", [
    # 東 (hero, no 棟) keeps 45 against 南's 26 24: with no 棟 it may not beat 南's last
    # single, so 南 (banker, streak 3) finishes; without the 棟 condition the bound says −5
    ("46 45|26 24|33 35|36 25", (0, 4, 2, 0), 1, 1, 3, 0,
     "44 22 11 33 16 34 15 55 16 55 13 46", -20),
    # 北 (no 棟) keeps 11 above 南's (hero's) 22 33 but may not beat a last single: 南
    # finishes; without the 棟 condition the bound says −4
    ("16 15|22 33|24 22|11 56", (5, 1, 0, 0), 0, 1, 1, 1,
     "23 26 44 11 15 44 13 16 56 55 36 46 12 14", 14),
])
def test_static_bounds_stopping_needs_a_dong(case):
    """The stopped-finisher rule needs the stopping seat to have a 棟 (the 0-棟 rule would
    keep it from beating the last single), for the hero and for an opponent."""
    tiles, dong, leader, banker, streak, hero, shown, want = case
    hand = Hand(Rules(), banker=banker, banker_streak=streak,
                holdings=[parse_tiles(x) for x in tiles.split("|")], dong=dong, leader=leader,
                shown=parse_tiles(shown))
    vals = [v for _, v in brute_force(hand, hero, memo=True)]
    value = max(vals) if hand.to_act == hero else min(vals)
    lo, hi = _static_bounds_of(hand, hero)
    assert value == want and lo <= value <= hi, (lo, value, hi)


def test_static_bounds_a_pair_is_not_stopped():
    """東 leads 長三 33 33: a pair wins the last trick against 南's 天 66 (no play of two tiles
    in 南's hand beats it), so 東 finishes and 南 pays 6; the stopped-finisher rule must not
    apply to a seat that can make a play of two tiles (without that condition it says −3)."""
    hand = Hand(Rules(), banker=0, banker_streak=1,
                holdings=[parse_tiles(x) for x in ("33 33", "66 56", "45 14", "25 23")],
                dong=(2, 1, 2, 1), leader=0)
    vals = [v for _, v in brute_force(hand, 1, memo=True)]
    lo, hi = _static_bounds_of(hand, 1)
    assert min(vals) == -6 and lo <= -6 <= hi


@pytest.mark.parametrize("variant", range(len(RULE_VARIANTS)))
def test_kept_tile_bounds_change_no_value(variant):
    """The static bounds' kept-tile plans (static_bounds in search._build) switched off vs
    on give the same values on 4-tile positions rich in 么, captors and 文尊."""
    from tianjiu_core.solver import search
    rng = random.Random(8100 + variant)
    for _ in range(3):
        hand = random_position(rng, n=4, theme=rng.choice(["yao12", "yao15", "wen_zun"]),
                               rules=RULE_VARIANTS[variant], max_trick_actions=2)
        hero = rng.randrange(4)
        search.clear_caches()
        on = values(solve(hand, hero))
        search._EXP["keep"] = False
        try:
            search.clear_caches()   # transposition tables are shared: start cold
            off = values(solve(hand, hero))
        finally:
            search._EXP["keep"] = True
            search.clear_caches()
        assert on == off, (repr(hand), hand.trick, hand.rules, hero)


def test_kept_tile_plan_is_chosen_before_the_trick_is_won():
    """Inside a trick the hero, still to act, keeps one tile after it: it cannot keep 板凳 22
    against 西's 銅錘六 15 *and* 35 against 北's 丁三 12 — whoever wins this trick leads the
    last one with its 么 (found by comparison with the reference solver: the kept-tile rule
    of the static bounds once said −2 here)."""
    from tianjiu_core.solver import reference
    hand = Hand(Rules(), banker=1, banker_streak=1,
                holdings=[parse_tiles(x) for x in ("55 56 26", "22 22 35", "13 15 15", "33 56 12")],
                dong=(2, 3, 0, 0), leader=0)
    hand.act("E: 26")
    clear_caches()
    got = values(solve(hand, 1))
    assert got == values(reference.solve(hand, 1)) == [("discard 22", -4), ("discard 35", -4)]


def test_kept_tile_rule_against_the_reference_inside_tricks():
    """Positions built for the kept-tile rule (issue 13): the two 么 with two different
    opponents, the hero holding a civil tile and a military tile that could block them, the
    hero to act inside a trick of 2–3 tiles a seat.  Every action's value must be the
    reference solver's (the in-trick bound once picked the hero's plan per trick winner)."""
    from tianjiu_core.solver import reference
    rng = random.Random(20261202)
    checked = 0
    while checked < 300:
        pool = list(FULL_SET)
        rng.shuffle(pool)
        n = rng.choice([2, 2, 2, 3])
        hero = rng.randrange(4)
        opps = [s for s in range(4) if s != hero]
        rng.shuffle(opps)
        hold: list[list] = [[], [], [], []]

        def take(pred):
            t = next(t for t in pool if pred(t))
            pool.remove(t)
            return t
        hold[opps[0]].append(take(lambda t: t.code == "15"))
        hold[opps[1]].append(take(lambda t: t.code == "12"))
        hold[hero].append(take(lambda t: t.is_civil and t.code != "15"))
        hold[hero].append(take(lambda t: not t.is_civil and t.code != "12"))
        for s in range(4):
            while len(hold[s]) < n:
                hold[s].append(pool.pop())
        dong = [0, 0, 0, 0]
        for _ in range(8 - n):
            dong[rng.randrange(4)] += 1
        leader = rng.choice([s for s in range(4) if dong[s] and s != hero] or [None])
        if leader is None:
            continue
        try:
            hand = Hand(Rules.from_dict(rng.choice([{"preset": "hk"}, {"preset": "no_wen_zun"},
                                                    {"preset": "hk", "yao_capture_factor": 2}])),
                        banker=rng.randrange(4), banker_streak=1 + rng.randrange(2),
                        holdings=hold, dong=dong, leader=leader,
                        shown=pool[:rng.randrange(len(pool) + 1)])
        except TianJiuError:
            continue
        singles = [a for a in hand.legal_actions() if len(a.tiles) == 1]
        hand.act(rng.choice(singles))
        while hand.trick and hand.to_act != hero:
            hand.act(rng.choice(hand.legal_actions()))
        if hand.is_over or not hand.trick:
            continue
        clear_caches()
        assert values(solve(hand, hero)) == values(reference.solve(hand, hero)), repr(hand)
        checked += 1


@pytest.mark.parametrize("variant", range(len(RULE_VARIANTS)))
def test_hero_share_is_settle(variant):
    """The search's hero_share (settle's arithmetic without building the settlement) equals
    scoring.settle(...).payments for every seat: every split of the 8 棟 in which the
    finisher has ≥ 2, every finisher, every finish (plain, 么, 尊, four, each capture), with
    and without 八支's test, last tricks of 1 and 2 tiles, first_lead_top, banker and streak."""
    from tianjiu_core.solver.search import compositions, hero_share
    from tianjiu_core.tiengow.scoring import Finish, settle
    rules = Rules.from_dict(RULE_VARIANTS[variant])
    rng = random.Random(5200 + variant)
    checked = 0
    for dong in compositions(8, 4):
        for finisher in range(4):
            if dong[finisher] < 2:
                continue
            finishes = [Finish(kind) for kind in ("plain", "yao", "zun", "four")]
            finishes += [Finish(kind, c) for kind in ("yao", "zun") for c in range(4)
                         if c != finisher]
            for finish in finishes:
                g, k, flt = rng.random() < 0.5, rng.choice([1, 2]), rng.random() < 0.5
                finish = Finish(finish.kind, finish.captured_from, g, k, flt)
                banker, streak = rng.randrange(4), rng.choice([1, 2, 3])
                want = settle(banker=banker, banker_streak=streak, finisher=finisher,
                              dong=dong, finish=finish, rules=rules).payments
                got = tuple(hero_share(h, banker, streak, finisher, dong, finish, rules)
                            for h in range(4))
                assert got == want, (dong, finisher, finish, banker, streak)
                checked += 1
    assert checked > 3000

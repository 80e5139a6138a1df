"""Property tests (hypothesis) over random seeded hands played by random legal policies.

Each generated hand is dealt from a random seed by a random 牌頭 with random
dice, banker and streak, under a random preset with random option overrides,
and played to its end by uniformly random legal actions.  At every step:

* the 32 tiles are conserved (holdings + every action's tiles = the set);
* every legal action is accepted, every other action of the seat to act —
  every sub-multiset of its holding of 1–4 tiles as a play, a discard and a
  face-down lead, plus random tile sets it does not hold, five-tile sets,
  unknown face-down tiles and the right tiles in the wrong seat's name — is
  refused with an IllegalActionError, and the refusal leaves the hand equal;
* acting then undoing restores an equal hand.

At the end: 8 棟 in total, the finisher holds at least 2, the settlement, the
bonuses and the net payments each sum to zero, undoing every action gives the
fresh deal back, and the TOML record dumps, loads and replays to an equal hand
with the same result.  Notation, plays, walls and rules round-trip.
"""

from __future__ import annotations

import itertools
import tomllib
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tianjiu_core.tiengow.deal import METHODS, Rng, Wall, deal, shuffled_wall
from tianjiu_core.errors import AmbiguousTileError
from tianjiu_core.tiengow.game import Action, Hand
from tianjiu_core.notation import format_tiles, parse_tiles, sort_tiles
from tianjiu_core.players import random_action
from tianjiu_core.tiengow.plays import Play, all_plays, classify
from tianjiu_core.tiengow.record import HandRecord
from tianjiu_core.tiengow.rules import PRESETS, Rules
from tianjiu_core.tiengow.scoring import Finish, settle, settle_natural, si_da_he_money, zun_money
from tianjiu_core.tiles import FULL_SET, TILES
from tianjiu_core.tomlw import dumps

HANDS_PLAYED = [0]
def examples(n: int) -> settings:
    """``n`` examples, no per-example deadline (hand lengths vary), no too-slow check."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_OPTIONS = {name: (True, False) for name in Rules().to_dict()}
_OPTIONS.update(yao_capture_factor=(4, 2), natural_hands=("none", "one_red", "all"),
                banker_rotation=("winner", "rotate"), empty_dong_units=(5, 4))


@st.composite
def rules_st(draw) -> Rules:
    """A preset with a random subset of options overridden."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    over = draw(st.fixed_dictionaries({k: st.none() | st.sampled_from(v) for k, v in _OPTIONS.items()}))
    return Rules.from_dict({"preset": preset, **{k: v for k, v in over.items() if v is not None}})


@st.composite
def dealt_hand_st(draw) -> tuple[Hand, int]:
    rules = draw(rules_st())
    wall = shuffled_wall(draw(st.integers(0, 2 ** 64 - 1)))
    method = draw(st.sampled_from([m.key for m in METHODS]))
    dice = draw(st.tuples(st.integers(1, 6), st.integers(1, 6)))
    banker = draw(st.integers(0, 3))
    streak = draw(st.integers(1, 4))
    hand = Hand.from_deal(deal(wall, method, dice, banker), rules, streak)
    return hand, draw(st.integers(0, 2 ** 32))


@pytest.fixture(scope="module", autouse=True)
def _count_hands(random_hands):
    """Add this module's hands to the session count printed in the terminal summary."""
    start = HANDS_PLAYED[0]
    yield
    random_hands["played"] += HANDS_PLAYED[0] - start


# ----------------------------------------------------------------- helpers

def _conserved(hand: Hand) -> bool:
    tiles = Counter(t for h in hand.holdings for t in h)
    tiles.update(t for a in hand.log for t in a.tiles)
    return tiles == Counter(FULL_SET)


def _candidates(hand: Hand, rng: Rng) -> set[Action]:
    """Every action the seat to act could try with its own tiles, and a few it cannot."""
    seat = hand.to_act
    holding = hand.holdings[seat]
    out = set()
    for k in range(1, min(4, len(holding)) + 1):
        for combo in set(itertools.combinations(holding, k)):
            for kind in ("play", "discard", "down"):
                out.add(Action(seat, kind, combo))
    # tiles the seat does not hold, 5-tile sets, unknown face-down tiles
    for _ in range(6):
        size = 1 + rng.below(5)
        picks = [FULL_SET[rng.below(32)] for _ in range(size)]
        out.add(Action(seat, ("play", "discard", "down")[rng.below(3)], tuple(picks)))
    out.add(Action(seat, "discard", (), max(1, hand.trick_size)))
    return out


def _check_step(hand: Hand, rng: Rng) -> None:
    legal = hand.legal_actions()
    assert len(set(legal)) == len(legal), "legal actions are listed once each"
    assert legal, "the seat to act always has a legal action"
    legal_set = set(legal)
    for a in legal:
        hand.verify(a)
    for a in _candidates(hand, rng) - legal_set:
        assert not hand.can(a), a
    for a in legal[:3]:                      # the right tiles in another seat's name
        other = Action((a.seat + 1 + rng.below(3)) % 4, a.kind, a.tiles)
        assert not hand.can(other)
    before = hand.copy()
    bad = next(iter(_candidates(hand, rng) - legal_set))
    try:
        hand.act(bad)
    except ValueError:
        pass
    else:  # pragma: no cover - reported by the assertion
        raise AssertionError(f"{bad} was accepted")
    assert hand == before


def _check_end(hand: Hand, fresh: Hand) -> None:
    r = hand.result
    assert r is not None and hand.legal_actions() == []
    if r.natural:
        assert r.dong == (0, 0, 0, 0) and hand.log == ()
    else:
        assert sum(r.dong) == 8 and r.dong[r.finisher] >= 2
        assert all(len(h) == 0 for h in hand.holdings)
        assert r.finisher == hand.tricks[-1].winner
    assert sum(r.settlement.payments) == 0 and sum(r.bonuses.payments) == 0
    assert sum(r.payments) == 0
    assert all(i.amount >= 0 and i.payer != i.payee for i in r.settlement.items + r.bonuses.items)
    if r.finisher == hand.banker:
        assert (r.next_banker, r.next_streak) == (hand.banker, hand.banker_streak + 1)
    else:
        assert r.next_streak == 1
    # records: dump → load → replay gives an equal hand; the text is stable
    rec = HandRecord.from_hand(hand)
    text = rec.dumps()
    again = HandRecord.loads(text)
    assert again == rec and again.dumps() == text
    replayed = again.replay()
    assert replayed == hand and replayed.result == r
    # undo everything: the fresh deal again
    while hand.log:
        hand.undo()
    assert hand == fresh


# ----------------------------------------------------------------- random hands

@examples(300)
@given(dealt_hand_st())
def test_random_hands_keep_every_invariant(args):
    hand, policy_seed = args
    fresh = hand.copy()
    rng = Rng(policy_seed)
    while not hand.is_over:
        assert _conserved(hand)
        held = len(hand.holdings[hand.leader]) + (hand.trick_size if hand.trick else 0)
        assert sum(hand.dong) == 8 - held
        _check_step(hand, rng)
        action = random_action(hand, rng)
        snapshot = hand.copy()
        assert hand.act(action) == action
        after = hand.copy()
        assert hand.undo() == action and hand == snapshot
        hand.act(action)
        assert hand == after
        # the action's notation round-trips, in codes and in names with context
        assert Action.parse(str(action)) == action
        if action.tiles:
            named = f"{'ESWN'[action.seat]}: " + ("" if action.kind == "play" else action.kind + " ")
            named += format_tiles(action.tiles, "hant")
            assert Action.parse(named, context=action.tiles) == action
    assert _conserved(hand)
    _check_end(hand, fresh)
    HANDS_PLAYED[0] += 1


@examples(500)
@given(st.integers(0, 2 ** 64 - 1), rules_st(), st.integers(0, 3), st.integers(1, 5),
       st.sampled_from([m.key for m in METHODS]))
def test_from_seed_hands_settle_to_zero(seed, rules, banker, streak, method):
    """Cheaper and broader: Hand.from_seed, random play, the end-of-hand invariants only."""
    hand = Hand.from_seed(seed, rules, banker=banker, banker_streak=streak, method=method)
    fresh = hand.copy()
    rng = Rng(seed)
    while not hand.is_over:
        hand.act(random_action(hand, rng))
    _check_end(hand, fresh)
    HANDS_PLAYED[0] += 1


# ----------------------------------------------------------------- settlement

@st.composite
def settle_args(draw):
    cuts = sorted(draw(st.lists(st.integers(0, 8), min_size=3, max_size=3)))
    dong = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 8 - cuts[2]]
    dong = draw(st.permutations(dong))
    finishers = [s for s in range(4) if dong[s] >= 2]
    finisher = draw(st.sampled_from(finishers))
    kind = draw(st.sampled_from(["plain", "yao", "zun", "four"]))
    captured = None
    if kind in ("yao", "zun") and draw(st.booleans()):
        captured = draw(st.sampled_from([s for s in range(4) if s != finisher]))
    finish = Finish(kind, captured, draw(st.booleans()), draw(st.integers(1, 4)), draw(st.booleans()))
    return dict(banker=draw(st.integers(0, 3)), banker_streak=draw(st.integers(1, 6)),
                finisher=finisher, dong=tuple(dong), finish=finish, rules=draw(rules_st()))


@examples(250)
@given(settle_args())
def test_settlement_sums_to_zero(args):
    s = settle(**args)
    assert sum(s.payments) == 0 and len(s.items) == 3
    finisher = args["finisher"]
    for item in s.items:
        assert item.amount >= 0 and item.payer != item.payee
        assert finisher in (item.payer, item.payee)
        assert item.amount == abs(item.units) * item.banker_factor * item.finish_factor
    if args["finish"].captured_from is None:
        assert all(i.on_behalf_of is None for i in s.items)


@examples(100)
@given(st.integers(0, 3), st.integers(0, 3), st.integers(1, 6), st.booleans(), rules_st())
def test_bonus_money_sums_to_zero(collector, banker, streak, ba_zhi, rules):
    for s in (zun_money(collector, banker, streak), si_da_he_money(collector, banker, streak, rules),
              settle_natural(collector, ba_zhi, banker, streak, rules)):
        assert sum(s.payments) == 0 and s.payments[collector] > 0


# ----------------------------------------------------------------- notation round trips

tile_sets = st.lists(st.sampled_from(range(32)), min_size=1, max_size=8, unique=True).map(
    lambda idx: tuple(FULL_SET[i] for i in idx))


@examples(300)
@given(tile_sets, st.sampled_from(["code", "hant", "hans", "en"]), st.randoms())
def test_tiles_round_trip(tiles, lang, rnd):
    tiles = list(tiles)
    rnd.shuffle(tiles)
    text = format_tiles(tiles, lang)
    back = parse_tiles(text, tiles)            # names resolved by context: the tiles themselves
    assert sorted(back) == sorted(tiles)
    if lang == "code":
        assert parse_tiles(text) == tuple(tiles)    # codes need no context and keep the order
    # with a wider context a name may become ambiguous, but never wrong
    wider = tiles + [FULL_SET[rnd.randrange(32)] for _ in range(3)]
    if Counter(wider) - Counter(FULL_SET):
        return
    try:
        back = parse_tiles(text, wider)
    except AmbiguousTileError as exc:
        assert len(exc.candidates) >= 2
    else:
        assert sorted(back) == sorted(tiles)


@examples(30)
@given(rules_st())
def test_plays_and_rules_round_trip(rules):
    for p in all_plays(rules):
        assert Play.parse(str(p), rules) == p
        assert classify(parse_tiles(format_tiles(p.tiles, "hans"), p.tiles), rules) == p
    assert Rules.from_dict(rules.overrides()) == rules
    assert Rules.from_dict(tomllib.loads(dumps({"rules": rules.overrides()}))["rules"]) == rules
    assert eval(repr(rules)) == rules  # noqa: S307


@examples(100)
@given(st.integers(0, 2 ** 64 - 1))
def test_walls_round_trip(seed):
    w = shuffled_wall(seed)
    assert Wall.parse(str(w)) == w and Counter(w.tiles) == Counter(FULL_SET)
    assert sort_tiles(w.tiles) == FULL_SET
    assert {t for t in TILES} == set(w.tiles)

"""Resumable, bounded searches: the solver's answer in slices a page can wait for (issue 14).

A :class:`SliceSearch` is made from an open :class:`~tianjiu_core.tiengow.game.Hand` (every
holding known) and a hero seat.  Each :meth:`SliceSearch.advance` works one *slice* — at most
``max_nodes`` search nodes or about ``time_ms`` milliseconds — and returns a frozen
:class:`SliceResult`: every legal action of the seat to act with its group and the bounds
``lo ≤ value ≤ hi`` proven so far (stake units: the same values :func:`~.search.solve` gives,
spec §4–§6), the position value's bounds, ``complete`` (every bound exact), the nodes and
slices so far.  The next call continues where the last one stopped; a caller cancels by not
calling again (nothing runs between calls).  Running out of nodes or time ends a slice with
bounds, never with an error.  :class:`HiddenSliceSearch` does the same for
:func:`~.hidden.solve_hidden` (expected-value and best-share bounds over the deals).

>>> from tianjiu_core.tiengow.position import Position
>>> from tianjiu_core.solver.search import solve
>>> pos = Position.loads('''
... banker = "E"
... leader = "E"
... tiles = { E = "66 24 12", S = "11 33 55", W = "22 56 46", N = "16 16 44" }
... dong = { E = 2, S = 1, W = 1, N = 1 }
... ''')
>>> s = SliceSearch(pos.to_hand(), "E")
>>> r = s.advance(max_nodes=5)
>>> all(a.lo <= a.hi for a in r.actions)           # finite, true bounds after any slice
True
>>> while not r.complete:
...     r = s.advance(max_nodes=5)
>>> sol = solve(pos.to_hand(), pos.hero)
>>> [(a.action.notation(), a.lo, a.group) for a in r.actions] == [
...     (a.action.notation(), a.value, a.group) for a in sol.actions]
True
>>> (r.lo, r.hi) == (sol.value, sol.value)
True

How a search proceeds (for maintainers).  The work is the existing search of
:mod:`tianjiu_core.solver.search`: each root action *group* (equivalent actions, as
:func:`~.search.solve` groups them) is narrowed by fail-soft null-window tests
(``_Search.run(root, option, b - 1, b)``: a result ``v ≥ b`` proves ``value ≥ v``, ``v < b``
proves ``value ≤ v``), the same tests :meth:`~.search._Search.value` uses for MTD(f).  The
transposition table lives in the rules' ``_Tables`` between calls, so a test that ran out of
nodes (:class:`~.search.BudgetExceededError`, caught) and is asked again next slice finds
most of its finished subtrees there.  The order of work, chosen so a page learns the best
action early:

1. **A bound for every action.**  Before any test, every group holds a coarse bound that is
   true for any play (:func:`coarse_bounds`: the largest settlement and bonuses the rules
   allow at this table's banker and streak).  Then each group gets two extreme tests
   (``value ≥ -2^30 + 1?`` and ``value ≤ 2^30 - 1?``), which the search answers from its
   static bounds (every outcome still reachable) in a node or a few — far tighter.  Under
   ``lead_face_down`` the search has no static bounds; an extreme test that does not finish
   within :data:`EXTREME_NODES` is dropped and the coarse bound stays until tests narrow it.
2. **The best action.**  The groups in the engine's order, each tested until it is exact or
   proven no better than the best exact value so far (for the hero to act ``hi ≤`` that
   value; for an opponent to act ``lo ≥``): after this pass the position's value and its
   best group are known.
3. **The rest**, in order, until every group is exact (``complete``).
4. **Bracketing, when that takes long.**  A search still incomplete after
   :data:`BRACKET_AFTER` nodes (a whole deal, an early trick) would spend the page's whole
   wait on the one test nearest the best action's value, leaving every other action at its
   static bounds (``-40 … +120``).  It then brackets instead, each test capped at
   :data:`PROBE_NODES` nodes: first "is this group worse than the best one's bound?" for
   every group that could still be as good; then the widest group, a test at the middle of
   its bounds.  A test that runs out is marked and the group's next ones try halfway between
   it and each end (tests far from the value are cheap: they refute at once).  When every
   open group's tests have run out the cap doubles; past :data:`PROBE_LIMIT` the search goes
   back to step 2's order, which always ends.  On the first lead of full deals (seeds 1–3,
   2M nodes) the groups' bounds summed 1,126–1,466 stake units wide in step 2's order (one
   group narrowed, the rest at their static bounds) and 168–430 bracketing, with 5–7 choices
   proven worse than the best one's lower bound (none before).  Positions that end within
   :data:`BRACKET_AFTER` nodes (the puzzles, most of 5–6 tiles) never bracket.

Why not "narrow the widest first": tests of several groups interleaved, or a group tested
far from its value on a cold transposition table, cost up to 3× the nodes of
:func:`~.search.solve` (fixture entry #50: 440k against 144k; 12% more over the 93 cheap
fixture entries), while this order does the same tests as :func:`~.search.solve` — each
group's first guess is the last value found, which is what makes its tests cheap — with the
same node count on those 93 entries (3,504,759 against 3,506,138 in one slice; +2% in
slices of 100 ms).

Each test of a group is an MTD(f) step: the test value follows the group's last result
(first guess: the last value any test returned, as :func:`~.search.solve` does), kept
inside ``(lo, hi]``, so each test narrows the group.

Slices and time.  Pyodide cannot be interrupted, so ``time_ms`` becomes a node allowance:
the node rate of the recent slices (each new measurement averaged with the previous estimate)
× :data:`TIME_SHARE` × ``time_ms`` (a new search starts from the rate the last search in this
process measured; the very first slice, with no measurement yet: :data:`FIRST_NODES` nodes); a slice also starts no new test once its time is spent.

Progress.  A test longer than a slice is resumed, not restarted: every subtree it finished
(at a trick boundary) is in the transposition table, so the next slice's run of the same test
skips it (measured on 5-tile tests of 32k–99k nodes aborted at 25%, 50% or 90%: the resumed
run needs the rest plus under 0.5%).  So a slice that stored a new table entry has made
progress, even if no test finished; there are finitely many entries, so such slices cannot go
on forever.  Only a slice that finished no test *and* stored no entry (too small to finish
even one trick-boundary subtree) would repeat itself: after it the next allowance is at least
:data:`STALL_GROWTH` × the last (the call then runs longer than asked, but every search
ends).  A search that is complete stays complete (``advance`` returns at once).

Spec: ``docs/spec/tiengow-rules.md`` §4 (play), §5 (settlement), §6 (bonuses, special
finishes).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..errors import IllegalActionError
from ..notation import SEATS, parse_seat
from ..tiengow.game import Action, Hand
from ..tiengow.rules import Rules
from ..tiengow.scoring import (Finish, banker_factor, finish_factor, loser_units,
                               si_da_he_money, zun_money)
from .search import INF, BudgetExceededError, _option_of, _root_of, _Search, _tables

__all__ = ["SliceSearch", "SliceResult", "ActionBounds", "coarse_bounds", "HiddenSliceSearch",
           "HiddenSliceResult", "HiddenActionBounds",
           "FIRST_NODES", "EXTREME_NODES", "TIME_SHARE", "STALL_GROWTH", "BRACKET_AFTER",
           "PROBE_NODES", "PROBE_LIMIT"]

FIRST_NODES = 2_000
"""Node allowance of a time-limited slice before any node rate has been measured (in this
process: a new search starts from the rate the last one measured)."""

_LAST_RATE = [0.0]   # the node rate (nodes a second) the last slice of any search measured

EXTREME_NODES = 2_000
"""The most nodes one extreme test of step 1 may take before it is dropped (the coarse
bound stays); the search's static bounds usually answer it in a node or a few."""

TIME_SHARE = 0.9
"""A time-limited slice aims at this share of its ``time_ms`` (the rate varies from slice to
slice; a test is never interrupted, so a slice ends late rather than early)."""

STALL_GROWTH = 1.5
"""After a slice that finished no test and stored no transposition-table entry, the next
slice's node allowance is at least this many times the last one (so a search always ends,
however small the slices asked for)."""

BRACKET_AFTER = 200_000
"""Nodes after which an incomplete search stops following step 2's order and brackets every
group (about 1.3 s in CPython, 2 s in Pyodide)."""

PROBE_NODES = 20_000
"""The first node cap of a bracketing test; doubled each time every open group's tests ran out."""

PROBE_LIMIT = 1_280_000
"""Past this cap bracketing ends and the search goes back to step 2's order (uncapped tests)."""

ZUN_EVENTS = 2
"""賀尊 / 擒尊 payments a hand can hold: 至尊 (丁三 + 二四) and 文尊 (the 銅錘六 pair) each use
every copy of a tile, so each is played at most once (spec §6)."""

FOUR_EVENTS = 4
"""四大賀 payments a hand can hold: the four 四大 fours each use both copies of their tiles."""


def _check_slice(max_nodes: int | None, time_ms: float | None) -> None:
    """A slice's limits: ``ValueError`` for ``max_nodes < 1`` or ``time_ms ≤ 0``."""
    if max_nodes is not None and max_nodes < 1:
        raise ValueError(f"max_nodes must be at least 1, not {max_nodes}")
    if time_ms is not None and not time_ms > 0:
        raise ValueError(f"time_ms must be positive, not {time_ms}")


@dataclass(frozen=True)
class ActionBounds:
    """One legal action of the seat to act and its proven bounds for the hero.

    lo ≤ value ≤ hi in stake units (the value :func:`~.search.solve` gives);
    ``group`` numbers equivalent actions as :func:`~.search.solve` does (same group ⇒
    provably the same value, so the same bounds).
    """

    action: Action
    lo: int
    hi: int
    group: int

    @property
    def exact(self) -> bool:
        """Whether the value is known (``lo == hi``)."""
        return self.lo == self.hi

    def to_json(self) -> dict:
        """``{"action", "lo", "hi", "group"}`` (notation, stake units, group number)."""
        return {"action": self.action.notation(), "lo": self.lo, "hi": self.hi,
                "group": self.group}


@dataclass(frozen=True)
class SliceResult:
    """What a :class:`SliceSearch` has proven after a slice.

    hero, to_act: seats 0–3.  lo, hi: bounds on the position's value (stake units; the best
    action's value when the hero is to act, else the worst).  actions: every legal action of
    ``to_act`` in the engine's order (:class:`ActionBounds`).  complete: every bound exact
    (then ``lo == hi`` everywhere and the values and groups are :func:`~.search.solve`'s).
    nodes: search nodes so far (all slices); slices: slices worked so far; ms: wall
    milliseconds of all slices; slice_nodes, slice_ms: the same for the last slice.
    """

    hero: int
    to_act: int
    lo: int
    hi: int
    actions: tuple[ActionBounds, ...]
    complete: bool
    nodes: int
    slices: int
    ms: float
    slice_nodes: int
    slice_ms: float

    def best(self) -> list[ActionBounds]:
        """The actions proven best so far: their bounds reach the position's proven value
        from the seat to act's side (for the hero to act: ``lo ≥`` every other action's
        ``hi``…), i.e. no other action can be better.  Empty while that is not known."""
        maxi = self.to_act == self.hero
        out = []
        for a in self.actions:
            others = [b for b in self.actions if b.group != a.group]
            if maxi and all(a.lo >= b.hi for b in others):
                out.append(a)
            elif not maxi and all(a.hi <= b.lo for b in others):
                out.append(a)
        return out

    def to_json(self) -> dict:
        """``{"hero", "to_act", "complete", "value": [lo, hi], "actions": [{"action", "lo",
        "hi", "group"}], "nodes", "slices", "ms"}``."""
        return {"hero": SEATS[self.hero], "to_act": SEATS[self.to_act],
                "complete": self.complete, "value": [self.lo, self.hi],
                "actions": [a.to_json() for a in self.actions], "nodes": self.nodes,
                "slices": self.slices, "ms": round(self.ms, 1)}


def coarse_bounds(hand: Hand, hero: int) -> tuple[int, int]:
    """Bounds on the hero's value from any position of ``hand``'s table (stake units),
    true for every way the hand can end, from the scoring rules alone (spec §5–§6).

    A settlement moves ``units × m × f`` between the finisher and each of the three losers
    (or the seat that pays for them), so the hero's share is at most three such amounts:
    units the largest :func:`~tianjiu_core.tiengow.scoring.loser_units`, m the banker
    factor, f the largest special-finish factor the rules allow.  Bonuses add at most
    :data:`ZUN_EVENTS` 尊錢 and :data:`FOUR_EVENTS` 四大賀 payments.  Wide, but finite and
    true: what a page shows before a test has finished.
    """
    return _coarse(hand.rules, hand.banker, hand.banker_streak, hero)


@lru_cache(maxsize=64)
def _coarse(rules: Rules, banker: int, streak: int, hero: int) -> tuple[int, int]:
    units = max(abs(loser_units(d, rules)[0]) for d in range(7))
    m = max(abs(banker_factor(loser, fin, banker, streak, u))
            for loser in range(4) for fin in range(4) if loser != fin for u in (-1, 1))
    f = 1
    for kind in ("plain", "yao", "zun", "four"):
        for captured in ((None, 1) if kind in ("yao", "zun") else (None,)):
            for guaranteed in (False, True):
                for k in (1, 2):
                    for flt in (False, True):
                        for dong in ((8, 0, 0, 0), (2, 2, 2, 2)):
                            for bk in (0, 1):
                                fin = Finish(kind, captured, guaranteed, k, flt)
                                f = max(f, abs(finish_factor(dong, 0, bk, fin, rules)[0]))
    zun = max(abs(zun_money(c, banker, streak).payments[hero]) for c in range(4))
    four = max(abs(si_da_he_money(c, banker, streak, rules).payments[hero]) for c in range(4))
    bound = 3 * units * m * f + ZUN_EVENTS * zun + FOUR_EVENTS * four
    return -bound, bound


class SliceSearch:
    """A resumable, bounded open-hand search (see the module docstring for the order of work).

    hand: an open position that is not over (all holdings known; face-down discards of the
    trick in progress may be unknown).  hero: seat 0–3 or a letter (default: the seat to
    act).  The hand is copied by value into the search's own state: changing ``hand`` later
    does not change the search.  Raises
    :class:`~tianjiu_core.errors.IllegalActionError` when the hand is over.
    """

    def __init__(self, hand: Hand, hero: int | str | None = None, *,
                 _second_low: bool = False) -> None:
        if hand.is_over:
            raise IllegalActionError("the hand is over: there is nothing to solve", zh="這手牌已經打完：沒有東西要解")
        self.hero = hand.to_act if hero is None else parse_seat(hero)
        self.to_act = hand.to_act
        self.maxi = self.to_act == self.hero
        self.tb = tb = _tables(hand.rules)
        self.root = _root_of(hand, tb)
        self._key = (self.hero, hand.banker, hand.banker_streak)
        self.search = _Search(tb, self.hero, hand.banker, hand.banker_streak, 0,
                              second_low=_second_low)   # (the order of solve's _second_low)
        self.actions: list[Action] = hand.legal_actions()
        self.group_of: list[int] = []
        self.options: list[tuple[str, int]] = []
        keys: dict[tuple, int] = {}
        for a in self.actions:
            option, key = _option_of(hand, self.root, tb, a)
            g = keys.get(key)
            if g is None:
                g = keys[key] = len(keys)
                self.options.append(option)
            self.group_of.append(g)
        lo, hi = coarse_bounds(hand, self.hero)
        n = len(self.options)
        self.lo = [lo] * n
        self.hi = [hi] * n
        self.guess = [None] * n   # type: list[int | None]
        self.last_value = 0       # the last value a test returned (the next first guess)
        self.extreme = [(g, side) for g in range(n) for side in (0, 1)]   # step 1 to do
        self.extreme_spent = 0    # nodes the capped test in progress used in earlier slices
        self.bracket = 0          # 0: step 2's order; 1: bracketing (step 4); 2: bracketing over
        self.probe: tuple[int, int] | None = None   # the bracketing test in progress (group, b)
        self.probe_cap = PROBE_NODES
        self.hard: dict[int, list[int]] = {}       # group → test values that ran out at this cap
        self.turn = 0
        self.nodes = 0
        self.slices = 0
        self.seconds = 0.0        # wall time of all slices
        self.rate = _LAST_RATE[0]  # nodes a second: the mean of the last slice's and the one before
        self.last_allowance = 0
        self.stalled = False      # the last slice finished no test and stored no table entry
        self._result: SliceResult | None = None
        self._last_slice = (0, 0.0)

    # ------------------------------------------------------------------ state
    @property
    def complete(self) -> bool:
        """Whether every group's value is exact."""
        return all(lo == hi for lo, hi in zip(self.lo, self.hi))

    def result(self) -> SliceResult:
        """What is proven now (the last :meth:`advance`'s answer)."""
        if self._result is None:
            acts = tuple(ActionBounds(a, self.lo[g], self.hi[g], g)
                         for a, g in zip(self.actions, self.group_of))
            pick = max if self.maxi else min
            lo, hi = pick(self.lo), pick(self.hi)
            sn, sms = self._last_slice
            self._result = SliceResult(self.hero, self.to_act, lo, hi, acts, self.complete,
                                       self.nodes, self.slices, self.seconds * 1000, sn, sms)
        return self._result

    def _next_test(self) -> tuple[int, int, int, int] | None:
        """The next null-window test: (group, alpha, beta, node cap or 0), or None when complete."""
        lo, hi = self.lo, self.hi
        while self.extreme:
            g, side = self.extreme[0]
            if lo[g] == hi[g]:
                self.extreme.pop(0)
                continue
            if side == 0:
                return g, -INF, -INF + 1, EXTREME_NODES
            return g, INF - 1, INF, EXTREME_NODES
        n = len(lo)
        if self.bracket == 1:
            t = self._bracket_test()
            if t is not None:
                return t
        exact = [lo[x] for x in range(n) if lo[x] == hi[x]]
        if not exact:    # the first group in order, until exact
            g = next(x for x in range(n) if lo[x] < hi[x])
        elif self.maxi:  # could g still be better than the best exact value so far?
            floor = max(exact)
            g = next((x for x in range(n) if lo[x] < hi[x] and hi[x] > floor), None)
        else:
            ceil = min(exact)
            g = next((x for x in range(n) if lo[x] < hi[x] and lo[x] < ceil), None)
        if g is None:    # the best is known: the rest exact, in order
            g = next((x for x in range(n) if lo[x] < hi[x]), None)
            if g is None:
                return None
        guess = self.guess[g]
        if guess is None:
            guess = self.last_value
        guess = min(max(guess, lo[g]), hi[g])
        b = guess + 1 if guess == lo[g] else guess
        return g, b - 1, b, 0

    def _bracket_test(self) -> tuple[int, int, int, int] | None:
        """Step 4: the next capped test (group, alpha, beta, cap), or None when bracketing is
        over (every group exact, or the cap past :data:`PROBE_LIMIT`)."""
        lo, hi = self.lo, self.hi
        if self.probe is not None:
            g, b = self.probe
            if lo[g] < b <= hi[g]:
                return g, b - 1, b, self.probe_cap     # resumed: the same test, its nodes counted
            self.probe, self.extreme_spent = None, 0
        n = len(lo)
        while True:
            groups = [g for g in range(n) if lo[g] < hi[g]]
            if not groups:
                return None
            # first, is each other group worse than the best one's bound?  (the hero to act:
            # value ≥ the highest lower bound?  An opponent: value ≤ the lowest upper bound?)
            if self.maxi:
                bar = max(lo)
                worse = [(g, max(bar, lo[g] + 1)) for g in groups if hi[g] >= bar and lo[g] < bar]
            else:
                bar = min(hi)
                worse = [(g, bar + 1) for g in groups if lo[g] <= bar < hi[g]]
            for g, b in worse:
                if b not in self.hard.get(g, ()):
                    self.probe, self.extreme_spent = (g, b), 0
                    return g, b - 1, b, self.probe_cap
            # then the widest group (ties: the engine's order), in the middle of its bounds
            groups.sort(key=lambda g: (lo[g] - hi[g], g))
            for g in groups:
                hard = [b for b in self.hard.get(g, ()) if lo[g] < b <= hi[g]]
                if not hard:
                    tries = [max(lo[g] + 1, (lo[g] + hi[g] + 1) // 2)]
                else:   # halfway between the last test that ran out and each end
                    c = hard[-1]
                    tries = [b for b in ((c + hi[g] + 1) // 2, (lo[g] + c + 1) // 2)
                             if lo[g] < b <= hi[g] and b not in hard]
                if tries:
                    b = tries[self.turn % len(tries)]
                    self.turn += 1
                    self.probe, self.extreme_spent = (g, b), 0
                    return g, b - 1, b, self.probe_cap
            self.hard.clear()
            self.probe_cap *= 2
            if self.probe_cap > PROBE_LIMIT:
                self.bracket = 2
                return None

    def _capped_out(self) -> None:
        """The capped test in progress used its nodes: drop it (step 1: the coarse bound
        stays; step 4: marked, the next tests go round it)."""
        if self.extreme:
            self.extreme.pop(0)
        elif self.probe is not None:
            g, b = self.probe
            self.hard.setdefault(g, []).append(b)
            self.probe = None
        self.extreme_spent = 0

    # ------------------------------------------------------------------ work
    def advance(self, max_nodes: int | None = None, time_ms: float | None = None) -> SliceResult:
        """Work one slice and return what is proven (:class:`SliceResult`).

        max_nodes: search nodes this slice may use (≥ 1); time_ms: wall milliseconds it
        should take (> 0), turned into nodes by the rate measured so far (the first
        time-limited slice: :data:`FIRST_NODES` nodes).  Both given: the smaller; neither:
        the search runs to the end.  After a slice that made no progress (no test finished,
        no table entry stored) the allowance is at least :data:`STALL_GROWTH` × the last one,
        so a slice may pass ``max_nodes`` / ``time_ms`` then.  Bounds never widen from one slice to the next.  Raises
        ``ValueError`` for ``max_nodes < 1`` or ``time_ms ≤ 0``.
        """
        _check_slice(max_nodes, time_ms)
        if self.complete:
            return self.result()
        t0 = time.perf_counter()
        allowance = 1 << 62
        if time_ms is not None:
            if self.rate > 0:
                allowance = max(1, int(self.rate * TIME_SHARE * time_ms / 1000))
            else:
                allowance = FIRST_NODES
        if max_nodes is not None:
            allowance = min(allowance, max_nodes)
        if self.stalled and self.last_allowance:
            allowance = max(allowance, int(self.last_allowance * STALL_GROWTH) + 1)
        self.last_allowance = allowance
        search, tb = self.search, self.tb
        entries = len(search.tt)
        start = search.nodes
        limit = start + allowance
        finished = 0
        deadline = None if time_ms is None else t0 + time_ms / 1000
        while True:
            if deadline is not None and finished and time.perf_counter() >= deadline:
                break
            if not self.bracket and self.nodes + search.nodes - start >= BRACKET_AFTER:
                self.bracket = 1
            test = self._next_test()
            if test is None:
                break
            g, alpha, beta, cap = test
            before = search.nodes
            budget = limit if not cap else min(limit, before + cap - self.extreme_spent)
            tb.trim()   # between searches only; a dropped table means a fresh one
            if search.tt is not tb.tables.get(self._key) or search.budget != budget:
                search.tt = tb.table(*self._key)
                search.budget = budget
                search._build()   # the budget is read into the search's closures
            try:
                v = search.run(self.root, self.options[g], alpha, beta)
            except BudgetExceededError:
                if not cap:
                    break
                self.extreme_spent += search.nodes - before
                if self.extreme_spent < cap:
                    break   # the slice ran out: go on with this test next slice
                self._capped_out()   # a capped test too long: dropped (or marked, step 4)
                finished += 1
                if search.nodes >= limit:
                    break
                continue
            finished += 1
            if cap:
                if self.extreme:
                    self.extreme.pop(0)
                else:
                    self.probe = None
                self.extreme_spent = 0
            if -INF < v < INF:
                if v >= beta:
                    self.lo[g] = max(self.lo[g], min(v, self.hi[g]))
                else:
                    self.hi[g] = min(self.hi[g], max(v, self.lo[g]))
                if not cap:
                    self.guess[g] = self.last_value = v
            if search.nodes >= limit:
                break
        used = search.nodes - start
        dt = time.perf_counter() - t0
        self.stalled = finished == 0 and len(search.tt) <= entries and not self.complete
        self.nodes += used
        self.slices += 1
        self.seconds += dt
        if used >= 200 and dt > 0:   # too few nodes say little about the rate
            rate = used / dt
            self.rate = rate if not self.rate else (self.rate + rate) / 2
            _LAST_RATE[0] = self.rate
        self._last_slice = (used, dt * 1000)
        self._result = None
        return self.result()

    def run(self, max_nodes: int | None = None, time_ms: float | None = None,
            slice_ms: float = 100.0,
            progress: Callable[[SliceResult], None] | None = None) -> SliceResult:
        """Slices of about ``slice_ms`` until complete, ``max_nodes`` nodes or ``time_ms``
        wall milliseconds are spent in all (the command line's loop).  ``progress`` is called
        with each slice's :class:`SliceResult` (what is proven so far).  Returns the last
        :class:`SliceResult`."""
        t0 = time.perf_counter()
        n0 = self.nodes
        r = self.result()
        while not r.complete:
            left_ms = None if time_ms is None else time_ms - (time.perf_counter() - t0) * 1000
            left_nodes = None if max_nodes is None else max_nodes - (self.nodes - n0)
            if (left_ms is not None and left_ms <= 0) or (left_nodes is not None and left_nodes <= 0):
                break
            ms = slice_ms if left_ms is None else min(slice_ms, left_ms)
            r = self.advance(max_nodes=left_nodes, time_ms=ms)
            if progress is not None:
                progress(r)
        return r


# --------------------------------------------------------------------------- hidden hands
@dataclass(frozen=True)
class HiddenActionBounds:
    """One action of the seat to act under hidden hands, with what is proven so far.

    lo ≤ expected value ≤ hi (stake units, the weighted mean over the deals that
    :func:`~.hidden.solve_hidden` gives); best_lo ≤ best share ≤ best_hi (the weighted share
    of deals in which the action reaches that deal's best value); ``group``: equivalent in
    every deal started so far (final when the search is complete).
    """

    action: Action
    lo: float
    hi: float
    best_lo: float
    best_hi: float
    group: int

    def to_json(self) -> dict:
        """``{"action", "lo", "hi", "best_share": [lo, hi], "group"}`` (rounded to 4 places)."""
        return {"action": self.action.notation(), "lo": round(self.lo, 4), "hi": round(self.hi, 4),
                "best_share": [round(self.best_lo, 4), round(self.best_hi, 4)], "group": self.group}


@dataclass(frozen=True)
class HiddenSliceResult:
    """What a :class:`HiddenSliceSearch` has proven after a slice.

    hero: the seat to act.  lo, hi: bounds on the best expected value (stake units).
    actions: :class:`HiddenActionBounds` in the engine's order.  complete: every deal solved
    exactly (then the numbers are :func:`~.hidden.solve_hidden`'s).  deals, deals_done: deals
    to solve and solved so far; exhaustive, total_deals, seed as in
    :class:`~.hidden.HiddenSolution`; nodes, slices, ms: over all slices so far.
    """

    hero: int
    lo: float
    hi: float
    actions: tuple[HiddenActionBounds, ...]
    complete: bool
    deals: int
    deals_done: int
    exhaustive: bool
    total_deals: int
    seed: int | None
    nodes: int
    slices: int
    ms: float

    def to_json(self) -> dict:
        """``{"hero", "complete", "expected_value": [lo, hi], "actions": [...], "deals",
        "deals_done", "exhaustive", "total_deals", "seed", "nodes", "slices", "ms"}``."""
        return {"hero": SEATS[self.hero], "complete": self.complete,
                "expected_value": [round(self.lo, 4), round(self.hi, 4)],
                "actions": [a.to_json() for a in self.actions], "deals": self.deals,
                "deals_done": self.deals_done, "exhaustive": self.exhaustive,
                "total_deals": self.total_deals, "seed": self.seed, "nodes": self.nodes,
                "slices": self.slices, "ms": round(self.ms, 1)}


MAX_WAYS = 16
"""The most parts one hidden-hand judgement may be split into (:class:`HiddenSliceSearch`)."""


class HiddenSliceSearch:
    """:func:`~.hidden.solve_hidden` in resumable slices: the same deals (every consistent
    deal of the unseen tiles, or a seeded sample; arguments as there, without budgets), each
    solved open by a :class:`SliceSearch` for the seat to act, one deal after the other (they
    share the transposition table).  An action's expected-value bounds are the weighted sums
    of its per-deal bounds — :func:`coarse_bounds` for a deal not started yet — so they are
    true after every slice and never widen.  Only what the seat to act may know is used: its
    tiles, the shown ones and ``known_discards`` (the other holdings only give their sizes).

    Split work (several engines on one judgement, e.g. one Web Worker a core): ``part=(k,
    ways)`` makes the same deals and works deal k, k + ways, k + 2·ways … first, then the
    other parts' deals from the last one back; :meth:`own` lists the deals it solved and
    :meth:`give` takes another part's, so each part's result is the whole judgement's once
    every deal is solved somewhere — the same numbers as one search alone, since each deal's
    values and groups are exact (``ValueError`` for a ``part`` outside ``0 ≤ k < ways ≤``
    :data:`MAX_WAYS`).

    Raises :class:`~tianjiu_core.errors.IllegalActionError` when the hand is over and
    :class:`~tianjiu_core.errors.InconsistentPositionError` as :func:`~.hidden.hidden_deals`.
    """

    def __init__(self, hand: Hand, *, known_discards=(), samples: int = 64, seed: int = 0,
                 exhaustive_limit: int = 256, part: tuple[int, int] = (0, 1)) -> None:
        from .hidden import hidden_deals
        k, ways = part
        if not 1 <= ways <= MAX_WAYS or not 0 <= k < ways:
            raise ValueError(f"part must be (k, ways) with 0 ≤ k < ways ≤ {MAX_WAYS}, not {part}")
        if hand.is_over:
            raise IllegalActionError("the hand is over: there is nothing to solve", zh="這手牌已經打完：沒有東西要解")
        self.hand = hand = hand.copy()   # a live hand plays on: keep this position
        self.seat = hand.to_act
        self.deals, self.exhaustive, self.total = hidden_deals(
            hand, known_discards=known_discards, samples=samples, seed=seed,
            exhaustive_limit=exhaustive_limit)
        self.seed = None if self.exhaustive else seed
        self.actions = hand.legal_actions()
        self.coarse = coarse_bounds(hand, self.seat)
        self.weight = sum(w for _, w in self.deals)
        self.searches: list[SliceSearch | None] = [None] * len(self.deals)
        self.results: list[SliceResult | None] = [None] * len(self.deals)
        n = len(self.deals)
        self.part = (k, ways)
        # this part's deals first, then the others' from the last one back (work left over
        # when this part is done early: another part's deal, solved here too unless given)
        self.order = [i for i in range(k, n, ways)] + [i for i in range(n - 1, -1, -1) if i % ways != k]
        self.given: set[int] = set()   # deals solved by another part (:meth:`give`)
        self.solved = 0           # deals solved exactly (here or given)
        self._next = 0            # index in ``order`` of the first deal that may be open
        self.nodes = 0
        self.slices = 0
        self.seconds = 0.0
        self.rate = _LAST_RATE[0]
        self._result: HiddenSliceResult | None = None

    @property
    def complete(self) -> bool:
        return self.solved >= len(self.deals)

    def _current(self) -> int | None:
        """The deal to work on next: the first in ``order`` not solved yet."""
        while self._next < len(self.order):
            i = self.order[self._next]
            r = self.results[i]
            if r is None or not r.complete:
                return i
            self._next += 1
        return None

    def own(self) -> dict[int, tuple[list[int], list[int]]]:
        """The deals this search solved itself: ``{deal: (values, groups)}`` — each action's
        exact value (stake units) and group, in the engine's order; what :meth:`give` takes."""
        return {i: ([a.lo for a in r.actions], [a.group for a in r.actions])
                for i, r in enumerate(self.results)
                if r is not None and r.complete and i not in self.given}

    def give(self, deals: dict[int, tuple[list[int], list[int]]]) -> None:
        """Take deals another part of the same judgement solved (its :meth:`own`): ``{deal:
        (values, groups)}``.  A deal already solved here must agree; a deal in progress keeps
        nothing of its search.  ``InconsistentPositionError`` (nothing taken) for a deal out
        of range, lists of the wrong length, a value outside what this search has proven or
        outside every reachable value, or groups that join different values."""
        from ..errors import InconsistentPositionError
        n = len(self.actions)
        clo, chi = self.coarse
        checked = {}
        for i, (values, groups) in deals.items():
            where = f"deal {i}"
            if not 0 <= i < len(self.deals):
                raise InconsistentPositionError(f"{where}: no such deal (this judgement has {len(self.deals)})",
                                                zh=f"{where}：沒有這種分法（這次判斷共有 {len(self.deals)} 種）")
            if len(values) != n or len(groups) != n:
                raise InconsistentPositionError(f"{where}: {n} values and {n} groups expected, one per action",
                                                zh=f"{where}：應該每個動作一個值和一個組，共 {n} 個")
            for j, (v, g) in enumerate(zip(values, groups)):
                if not clo <= v <= chi or not 0 <= g < n:
                    raise InconsistentPositionError(f"{where}: action {j}: value {v} or group {g} out of range",
                                                    zh=f"{where}：第 {j} 個動作：值 {v} 或組 {g} 超出範圍")
            by_group: dict[int, int] = {}
            if any(by_group.setdefault(g, v) != v for v, g in zip(values, groups)):
                raise InconsistentPositionError(f"{where}: one group with different values",
                                                zh=f"{where}：同一組的值不同")
            r = self.results[i]
            if r is not None and any(not a.lo <= v <= a.hi for a, v in zip(r.actions, values)):
                raise InconsistentPositionError(f"{where}: a value outside what this search has proven",
                                                zh=f"{where}：有值超出這個搜尋已證明的範圍")
            checked[i] = (list(values), list(groups))
        for i, (values, groups) in checked.items():
            r = self.results[i]
            if r is not None and r.complete:
                continue
            best = max(values)
            self.results[i] = SliceResult(
                self.seat, self.seat, best, best,
                tuple(ActionBounds(a, v, v, g) for a, v, g in zip(self.actions, values, groups)),
                True, 0, 0, 0.0, 0, 0.0)
            self.searches[i] = None
            self.given.add(i)
            self.solved += 1
        if checked:
            self._result = None

    def _search(self, i: int) -> SliceSearch:
        from .hidden import _with_holdings
        s = self.searches[i]
        if s is None:
            holdings = list(self.hand.holdings)
            others = [x for x in range(4) if x != self.seat]
            for x, tiles in zip(others, self.deals[i][0]):
                holdings[x] = tuple(tiles)
            s = self.searches[i] = SliceSearch(_with_holdings(self.hand, holdings), self.seat,
                                               _second_low=True)
            s.bracket = 2   # a deal is solved to the end: its exact values make the mean
            s.rate = self.rate
        return s

    def advance(self, max_nodes: int | None = None, time_ms: float | None = None) -> HiddenSliceResult:
        """Work one slice (``max_nodes`` / ``time_ms`` as :meth:`SliceSearch.advance`, over
        the deals in order) and return what is proven (:class:`HiddenSliceResult`)."""
        _check_slice(max_nodes, time_ms)
        if self.complete:
            return self.result()
        t0 = time.perf_counter()
        n0 = self.nodes
        while (i := self._current()) is not None:
            left_ms = None if time_ms is None else time_ms - (time.perf_counter() - t0) * 1000
            left_nodes = None if max_nodes is None else max_nodes - (self.nodes - n0)
            if self.nodes > n0 and ((left_ms is not None and left_ms <= 0)
                                    or (left_nodes is not None and left_nodes <= 0)):
                break
            s = self._search(i)
            before = s.nodes
            r = s.advance(max_nodes=None if left_nodes is None else max(1, left_nodes),
                          time_ms=None if left_ms is None else max(0.1, left_ms))
            self.nodes += s.nodes - before
            if s.rate:
                self.rate = s.rate
            self.results[i] = r
            if not r.complete:
                break
            self.searches[i] = None   # (its table entries stay shared; the rest is not needed)
            self.solved += 1
        self.slices += 1
        self.seconds += time.perf_counter() - t0
        self._result = None
        return self.result()

    def result(self) -> HiddenSliceResult:
        """What is proven now."""
        if self._result is not None:
            return self._result
        n = len(self.actions)
        lo = [0.0] * n
        hi = [0.0] * n
        blo = [0.0] * n
        bhi = [0.0] * n
        signature: list[list[int]] = [[] for _ in range(n)]
        clo, chi = self.coarse
        for (_, w), r in zip(self.deals, self.results):
            if r is None:
                for j in range(n):
                    lo[j] += w * clo
                    hi[j] += w * chi
                    bhi[j] += w
                continue
            best = {a.group for a in r.best()}
            for j, a in enumerate(r.actions):
                lo[j] += w * a.lo
                hi[j] += w * a.hi
                if a.group in best:
                    blo[j] += w
                if a.hi >= r.lo:
                    bhi[j] += w
                signature[j].append(a.group)
        W = self.weight
        gid: dict[tuple, int] = {}
        acts = tuple(HiddenActionBounds(a, lo[j] / W, hi[j] / W, blo[j] / W, bhi[j] / W,
                                        gid.setdefault(tuple(signature[j]), len(gid)))
                     for j, a in enumerate(self.actions))
        self._result = HiddenSliceResult(
            self.seat, max(a.lo for a in acts), max(a.hi for a in acts), acts, self.complete,
            len(self.deals), self.solved, self.exhaustive, self.total, self.seed, self.nodes,
            self.slices, self.seconds * 1000)
        return self._result

"""Property test of the resumable searches (issue 14): random positions, any slice sizes."""

from __future__ import annotations

import random
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver_helpers import random_position
from test_slices import same_as_solution
from tianjiu_core.solver.search import solve
from tianjiu_core.solver.slices import SliceSearch


@settings(max_examples=40, deadline=timedelta(seconds=20), derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), sizes=st.lists(st.integers(1, 400), min_size=1, max_size=6))
def test_any_slice_sizes_give_true_bounds_and_solve_exactly(seed, sizes):
    """Random 2–3-tile positions (every theme and rules variant) and any sequence of slice
    sizes (cycled): bounds contain the value after every slice, never widen, and the end
    equals solve()."""
    hand = random_position(random.Random(seed), n=random.Random(seed).choice([2, 3]))
    hero = random.Random(seed + 1).randrange(4)
    sol = solve(hand, hero)
    exact = {a.group: a.value for a in sol.actions}
    s = SliceSearch(hand, hero)
    r = s.result()
    prev = {a.group: (a.lo, a.hi) for a in r.actions}
    i = 0
    while not r.complete:
        r = s.advance(max_nodes=sizes[i % len(sizes)])
        i += 1
        assert i < 10_000
        for a in r.actions:
            lo, hi = prev[a.group]
            assert lo <= a.lo <= exact[a.group] <= a.hi <= hi
            prev[a.group] = (a.lo, a.hi)
    same_as_solution(r, sol)

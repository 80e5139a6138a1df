"""Mining new puzzles (``tianjiu puzzles mine``): seeded deals and theme templates into
end-games, kept when one action group beats the rest by a margin and shows a theme."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import TianJiuError
from ..tiengow.game import Action, Hand
from ..tiengow.position import Position
from ..solver.search import BudgetExceededError
from .explanations import generated_titles, two_tile_plays, explain, outcome, theme_evidence
from .judging import Judged, judge_position, parse_move, play_line
from .model import DEAL_COST, HIDDEN_MARGIN, HIDDEN_SEED, HIDDEN_SEED_CHECK, PUBLISH_BUDGET, Puzzle, STEP_NODE_LIMIT, THEME_IDS, Text
from .verification import alternative, verify


def generated_texts(puzzle: Puzzle, budget: int = PUBLISH_BUDGET) -> Puzzle:
    """The puzzle with its explanation, title, prompt and difficulty generated again from
    the solver's numbers (for mined puzzles, after the generator changed)."""
    hand = puzzle.position.to_hand()
    hero = puzzle.hero
    j = judge_position(hand, hero, puzzle.hidden, list(puzzle.position.discarded[hero]), budget, HIDDEN_SEED)
    first = parse_move(hand, puzzle.solution[0], "solution[0]")
    line = play_line(puzzle, list(puzzle.solution), budget)
    o = outcome(line.hand, hero)
    alt = alternative(puzzle, [], j, first, budget)
    ao = None if alt is None else outcome(alt[1], hero)
    found = {}
    for theme in puzzle.themes:
        why = theme_evidence(theme, hand, hero, first, o, ao, puzzle.hidden)
        if why is not None:
            found[theme] = why
    title, prompt = generated_titles(puzzle, first)
    return puzzle.with_changes(explanation=explain(puzzle, j, first, None if alt is None else alt[0],
                                                   o, found),
                               title=title, prompt=prompt,
                               difficulty=estimate_difficulty(puzzle, j, first))


@dataclass
class MineStats:
    """Counters of one mining run."""

    deals: int = 0
    positions: int = 0
    solved: int = 0
    found: int = 0
    seconds: float = 0.0
    rejected: dict[str, int] = field(default_factory=dict)

    def reject(self, why: str) -> None:
        self.rejected[why] = self.rejected.get(why, 0) + 1


def _prefilter(hand: Hand, hero: int, themes: Sequence[str] | None) -> bool:
    """Cheap test: could this position show one of ``themes``? (None: any theme.)"""
    if not themes:
        return True
    from ..tiles import BY_CODE

    hold = Counter(hand.holdings[hero])
    n = hand.tiles_left
    others = Counter(t for s in range(4) if s != hero for t in hand.holdings[s])
    c = lambda code: hold[BY_CODE[code]]  # noqa: E731
    o = lambda code: others[BY_CODE[code]]  # noqa: E731
    dong = hand.dong
    for theme in themes:
        if theme == "yao_finish" and (c("12") or c("15") or (c("24") and o("12")) or (c("16") and o("15"))):
            return True
        if theme == "bao_zun" and ((c("24") and c("12")) or c("15") >= 2 or len(hold) >= 4):
            return True
        if theme == "zun_timing" and ((c("24") and c("12")) or c("15") >= 2 or (c("16") >= 2 and o("15") >= 2)):
            return True
        if theme == "sweep" and sum(dong) and sum(1 for d in dong if d) == 1:
            return True
        if theme == "stop_banker" and hero != hand.banker:
            return True
        if theme == "eligibility" and (dong[hero] == 0 or any(dong[s] == 0 for s in range(4) if s != hero)):
            return True
        if theme == "dun_tian" and dong[hero] == 0 and (c("66") or c("36") or c("45")):
            return True
        if theme == "feng_si_yi_chong" and n == 4 and not hand.trick and two_tile_plays(hand.holdings[hero], hand):
            return True
        if theme == "wu_zi_qiao_shuang_qiang" and n == 5 and not hand.trick and len(
                two_tile_plays(hand.holdings[hero], hand)) >= 2:
            return True
        if theme == "wen_chang_wu_duan" and any(t.is_civil for t in hold) and any(
                not t.is_civil for t in hold) and n <= 3:
            return True
    return False


def estimate_difficulty(puzzle: Puzzle, judged: Judged, first: Action) -> int:
    """1 (easy) … 5 (hard), from the position: tiles a seat (2 → 1, 3–4 → 2, 5+ → 3),
    +1 a move after the first, +1 when the engine's greedy player would not find the
    first move, +1 with six or more different choices."""
    from ..players.greedy import greedy_action

    hand = puzzle.position.to_hand()
    n = hand.tiles_left
    d = 1 if n <= 2 else 2 if n <= 4 else 3
    d += len(puzzle.solution) - 1
    if greedy_action(hand).notation() != first.notation():
        d += 1
    if len(set(judged.groups)) >= 6:
        d += 1
    return max(1, min(5, d))


def mine_positions(seed: int, sizes: Sequence[int] = (2, 3, 4), greedy_share: int = 85,
                   rules: Any = None) -> Iterable[Position]:
    """Positions from one seeded deal played by the engine's players (``greedy_share``
    percent greedy actions, the rest random): every decision point with a size in
    ``sizes`` tiles a seat, as a :class:`Position` whose hero is the seat to act (its
    own earlier face-down discards listed in ``discarded``)."""
    from ..rng import Rng
    from ..players.greedy import greedy_action, random_action

    rng = Rng(seed)
    hand = Hand.from_seed(seed, rules, banker=rng.below(4), banker_streak=1 + (rng.below(4) == 0))
    while not hand.is_over:
        if hand.tiles_left in sizes:
            seat = hand.to_act
            disc = [[], [], [], []]
            for rec in hand.tricks:
                for a in rec.actions:
                    if a.kind == "discard":
                        disc[a.seat].extend(a.tiles)
            own = [tuple(disc[s]) if s == seat else () for s in range(4)]
            yield Position.from_hand(hand, hero=None, discarded=own)
        a = greedy_action(hand) if rng.below(100) < greedy_share else random_action(hand, rng)
        hand.act(a)


def template_positions(seed: int, theme: str, rules: Any = None) -> Iterable[Position]:
    """Random positions built around a theme's pattern (for themes that seeded deals
    rarely reach), one per seed: ``wu_zi_qiao_shuang_qiang`` — five tiles each, the hero
    leads holding a strong pair, a weak two-tile play and a single; the other hands,
    the 棟 won and the tiles shown are random (seeded SplitMix64).  Yields nothing for
    other themes.  The position still has to pass :func:`examine`."""
    from ..rng import Rng
    from ..tiengow.rules import Rules
    from ..tiles import BY_CODE, FULL_SET

    rules = rules or Rules()
    rng = Rng(seed)
    if theme != "wu_zi_qiao_shuang_qiang":
        return
    # the seed's example: 天, a pair of 梅 and 和五 — lead 和五 for someone to take, win the
    # lead back with 天, finish with the pair
    strong = ["44", "13", "55", "33", "22", "56"]
    weak = {("13", "14"): [("66", "45"), ("11", "26"), ("44", "25")],   # 和五 < 人七, 地八, 天九
            ("13", "23"): [("66", "36"), ("11", "35"), ("44", "34")],
            ("44", "25"): [("66", "45"), ("11", "26")],                  # 人七 < 地八, 天九
            ("44", "34"): [("66", "36"), ("11", "35")],
            ("14", "23"): [("25", "34"), ("26", "35"), ("36", "45")],    # 雜五對 < 雜七/八/九對
            ("25", "34"): [("26", "35"), ("36", "45")]}
    weak_keys = list(weak)
    singles = ["66", "36", "45", "11"]
    for _ in range(64):
        pair = strong[rng.below(len(strong))]
        w = weak_keys[rng.below(len(weak_keys))]
        beater = weak[w][rng.below(len(weak[w]))]
        x = singles[rng.below(len(singles))]
        hero_tiles = [BY_CODE[pair], BY_CODE[pair], BY_CODE[w[0]], BY_CODE[w[1]], BY_CODE[x]]
        pool = list(FULL_SET)
        ok = True
        for t in hero_tiles + [BY_CODE[beater[0]], BY_CODE[beater[1]]]:
            if t in pool:
                pool.remove(t)
            else:
                ok = False
        if not ok:
            continue
        for i in range(len(pool) - 1, 0, -1):
            j = rng.below(i + 1)
            pool[i], pool[j] = pool[j], pool[i]
        pool[0:0] = [BY_CODE[beater[0]], BY_CODE[beater[1]]]   # into the first defender's hand
        hero = rng.below(4)
        banker = rng.below(4)
        holdings: list[tuple] = [(), (), (), ()]
        holdings[hero] = tuple(hero_tiles)
        at = 0
        for s in range(4):
            if s != hero:
                holdings[s] = tuple(pool[at:at + 5])
                at += 5
        played = pool[at:]
        dong = [0, 0, 0, 0]
        dong[hero] = 1
        for _k in range(2):
            dong[rng.below(4)] += 1
        shown = tuple(t for t in played if rng.below(2))
        try:
            yield Position(rules=rules, banker=banker, banker_streak=1 + (rng.below(4) == 0),
                           holdings=tuple(holdings), unknown=(0, 0, 0, 0), dong=tuple(dong),
                           leader=hero, shown=tuple(sorted(shown, key=lambda t: t.index)))
        except TianJiuError:
            continue
        return


def examine(pos: Position, *, hidden: bool = False, margin: float = 2.0,
            themes: Sequence[str] | None = None, source: str = "mined", pid: str = "mined",
            max_moves: int = 3, budget: int = PUBLISH_BUDGET,
            stats: MineStats | None = None) -> Puzzle | None:
    """A puzzle from ``pos`` when its best action is unique and matters, else None.

    The solution's first move must beat every other action group by ``margin``
    stake units (hidden: expected units, at least :data:`HIDDEN_MARGIN`, on both
    samples); later hero turns join the solution while their best group is unique
    (up to ``max_moves``).  Themes are tagged by :func:`theme_evidence`; with
    ``themes`` given, one of them must be shown (and they come first), else None.  The explanation, title and prompt
    are generated (:func:`explain`).
    """
    stats = stats or MineStats()
    hand = pos.to_hand()
    hero = pos.to_act
    if hand.is_over or not _prefilter(hand, hero, themes):
        stats.reject("prefilter")
        return None
    vis = "hidden" if hidden else "open"
    base = Puzzle(pid, pos, ("?",), (themes[0] if themes else "yao_finish",), 1, vis, source,
                  {"hant": "?", "en": "?"}, {"hant": "?", "en": "?"})
    known = list(pos.discarded[hero])
    try:
        # a position a page cannot judge quickly is of no use: give up at the step limit
        j = judge_position(hand, hero, hidden, known, min(budget, STEP_NODE_LIMIT), HIDDEN_SEED)
    except BudgetExceededError:
        stats.reject("slow")
        return None
    stats.solved += 1
    groups = {}
    for a, v, g in zip(j.actions, j.values, j.groups):
        groups.setdefault(g, (v, a))
    if len(groups) < 2:
        stats.reject("forced")
        return None
    ranked = sorted(groups.values(), key=lambda va: -va[0])
    need = max(margin, HIDDEN_MARGIN) if hidden else margin
    if ranked[0][0] - ranked[1][0] < need - 1e-9:
        stats.reject("margin")
        return None
    first = next(a for a, v in zip(j.actions, j.values) if v >= ranked[0][0] - 1e-9)
    if hidden and not j.exhaustive:
        j2 = judge_position(hand, hero, True, known, budget, HIDDEN_SEED_CHECK)
        s2 = j2.second(first)
        if s2 is not None and j2.value_of(first) - s2 < need - 1e-9:
            stats.reject("margin2")
            return None
    moves = [first.notation()]
    probe = base.with_changes(solution=tuple(moves) + ("?",) * (max_moves - 1))
    # later hero turns: join while the best group is unique
    while len(moves) < max_moves:
        line = play_line(probe, moves, budget)
        if line.hand.is_over:
            break
        jj = judge_position(line.hand, hero, hidden, line.known, budget, HIDDEN_SEED)
        gs = {}
        for a, v, g in zip(jj.actions, jj.values, jj.groups):
            gs.setdefault(g, (v, a))
        if len(gs) < 2:
            break
        rk = sorted(gs.values(), key=lambda va: -va[0])
        if rk[0][0] - rk[1][0] < (HIDDEN_MARGIN if hidden else 1) - 1e-9:
            break
        moves.append(next(a for a, v in zip(jj.actions, jj.values) if v >= rk[0][0] - 1e-9).notation())
    puzzle = base.with_changes(solution=tuple(moves))
    line = play_line(puzzle, moves, budget)
    o = outcome(line.hand, hero)
    alt = alternative(puzzle, [], j, first, budget)
    ao = None if alt is None else outcome(alt[1], hero)
    found: dict[str, Text] = {}
    order = list(themes or ()) + [t for t in THEME_IDS if t not in (themes or ())]
    for theme in order:
        why = theme_evidence(theme, hand, hero, first, o, ao, hidden)
        if why is not None:
            found[theme] = why
    if not found or (themes and not any(t in found for t in themes)):
        stats.reject("no theme")
        return None
    puzzle = puzzle.with_changes(themes=tuple(found))
    # cold step cost
    cost = j.nodes + line.nodes + (DEAL_COST * j.deals if hidden else 0)
    if cost > STEP_NODE_LIMIT:
        stats.reject("slow")
        return None
    diff = estimate_difficulty(puzzle, j, first)
    expl = explain(puzzle, j, first, None if alt is None else alt[0], o, found)
    title, prompt = generated_titles(puzzle, first)
    puzzle = puzzle.with_changes(difficulty=diff, explanation=expl, title=title, prompt=prompt)
    rep = verify(puzzle, budget=budget)      # cold: the work a page needs, every rule
    if not rep.ok:
        stats.reject("slow" if any("too slow" in p for p in rep.problems) else "check")
        return None
    stats.found += 1
    return puzzle


def mine(seed: int, count: int, *, themes: Sequence[str] | None = None, hidden: bool = False,
         sizes: Sequence[int] = (2, 3, 4), margin: float = 2.0, max_deals: int = 100_000,
         stats: MineStats | None = None, seen: set | None = None,
         progress: Any = None, template: str | None = None) -> list[Puzzle]:
    """Up to ``count`` puzzles from deals ``seed``, ``seed + 1``, … (see :func:`examine`).

    Each puzzle's ``source`` is ``mined:<deal seed>``; ids are ``mined-<deal seed>-<k>``
    until the caller numbers them.  ``seen``: position keys to skip (duplicates).
    ``template``: a theme whose built positions (:func:`template_positions`, source
    ``mined:T<seed>``) replace the played deals.
    """
    import time

    stats = stats if stats is not None else MineStats()
    seen = seen if seen is not None else set()
    out: list[Puzzle] = []
    t0 = time.perf_counter()
    d = seed
    while len(out) < count and stats.deals < max_deals:
        stats.deals += 1
        k = 0
        source = (template_positions(d, template) if template else mine_positions(d, sizes))
        for pos in source:
            key = pos.dumps()
            if key in seen:
                continue
            seen.add(key)
            stats.positions += 1
            p = examine(pos, hidden=hidden, margin=margin, themes=themes,
                        source=f"mined:T{d}" if template else f"mined:{d}",
                        pid=f"mined-{d}-{k}", stats=stats)
            if p is not None:
                k += 1
                out.append(p)
                if progress is not None:
                    progress(p, stats)
                break   # one puzzle a deal: variety
        d += 1
    stats.seconds += time.perf_counter() - t0
    return out

"""A puzzle played move by move: the line the engine plays, each hero move judged (open or
hidden), and what a page asks — :func:`step`, :func:`values`, :func:`hint`,
:func:`solution_line`, :func:`refute` — as JSON views that never show what the hero cannot see."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import IllegalActionError, NotationError, TianJiuError
from ..tiengow.game import Action, Hand
from ..notation import SEATS
from ..tiengow.plays import CLASS_NAMES
from ..solver.hidden import solve_hidden
from ..solver.search import BudgetExceededError, solve
from ..tiles import Tile
from .model import DEAL_COST, HIDDEN_EXHAUSTIVE, HIDDEN_SAMPLES, HIDDEN_SEED, OP_BUDGET, Puzzle, THEMES, Text


# --------------------------------------------------------------------------- the work of one answer
_WORK: ContextVar[list[int] | None] = ContextVar("tianjiu_puzzle_work", default=None)


@contextmanager
def work_limit(nodes: int | None) -> Iterator[list[int]]:
    """Within the block every search of this module together spends at most ``nodes`` search
    nodes (None: no limit, only counted); past it :class:`BudgetExceededError`.  Yields the
    meter ``[nodes left, nodes spent, the limit]``.  The bridge's ``puzzle_*`` ops answer
    within the ``puzzle_work`` limit this way: each search has its own ``budget``, and this
    bounds how many of them one answer runs (a long hostile puzzle, many moves)."""
    cap = (1 << 200) if nodes is None else nodes
    meter = [cap, 0, cap]
    token = _WORK.set(meter)
    try:
        yield meter
    finally:
        _WORK.reset(token)


def _over(meter: list[int]) -> BudgetExceededError:
    return BudgetExceededError(f"this answer needs more than {meter[2]:,} search nodes in all "
                               "(the limit of one puzzle answer here; the command line has none)",
                               meter[2], zh=f"這個答案合共要超過 {meter[2]:,} 個搜尋節點"
                                            "（這裏一題答案的上限；命令列沒有上限）")


def _allowed(budget: int) -> int:
    """The budget of the next search: ``budget``, or less when the answer's work is nearly spent."""
    meter = _WORK.get()
    if meter is None:
        return budget
    if meter[0] < 1:
        raise _over(meter)
    return min(budget, meter[0])


def _spent(nodes: int) -> None:
    meter = _WORK.get()
    if meter is not None:
        meter[0] -= nodes
        meter[1] += nodes


def _solve(hand: Hand, hero: int, budget: int):
    b = _allowed(budget)
    try:
        sol = solve(hand, hero, budget=b)
    except BudgetExceededError as exc:
        _spent(max(exc.nodes, b))
        meter = _WORK.get()
        if b < budget and meter is not None:   # the answer's work ran out, not this search's budget
            raise _over(meter) from None
        raise
    _spent(sol.nodes)
    return sol


# --------------------------------------------------------------------------- judging a turn
@dataclass(frozen=True)
class Judged:
    """The hero's options at one turn: each legal action with its value.

    values: per action (engine order) the value (open: int) or expected value
    (hidden: float); groups: equivalence groups; best: the best value;
    share: hidden only, each action's share of deals where it is best.
    """

    actions: tuple[Action, ...]
    values: tuple[float, ...]
    groups: tuple[int, ...]
    best: float
    nodes: int
    share: tuple[float, ...] | None = None
    deals: int = 0
    exhaustive: bool = True

    def value_of(self, action: Action) -> float:
        for a, v in zip(self.actions, self.values):
            if a == action:
                return v
        raise IllegalActionError(f"{action} is not a legal action here", zh=f"{action} 在這裏不合規則")

    def group_of(self, action: Action) -> int:
        return self.groups[self.actions.index(action)]

    def is_best(self, v: float) -> bool:
        return v >= self.best - 1e-9

    def second(self, action: Action) -> float | None:
        """The best value of any group other than ``action``'s (None: no other group)."""
        g = self.group_of(action)
        others = [v for v, gg in zip(self.values, self.groups) if gg != g]
        return max(others) if others else None


def judge_position(hand: Hand, hero: int, hidden: bool, known: Sequence[Tile], budget: int,
           seed: int = HIDDEN_SEED) -> Judged:
    """Value every legal action of the hero (the seat to act)."""
    if not hidden:
        sol = _solve(hand, hero, budget)
        return Judged(tuple(a.action for a in sol.actions), tuple(a.value for a in sol.actions),
                      tuple(a.group for a in sol.actions), sol.value, sol.nodes)
    meter = _WORK.get()
    total = None if meter is None else max(1, meter[0])
    _allowed(budget)
    try:
        hs = solve_hidden(hand, known_discards=known, samples=HIDDEN_SAMPLES, seed=seed,
                          exhaustive_limit=HIDDEN_EXHAUSTIVE, budget=budget, total_budget=total)
    except BudgetExceededError as exc:
        _spent(max(exc.nodes, total or 0))
        if meter is not None and meter[0] < budget:   # the answer's work ran out
            raise _over(meter) from None
        raise
    _spent(hs.nodes + DEAL_COST * hs.deals)   # (the cost of a deal beyond its search, as the check counts it)
    vals = tuple(a.expected_value for a in hs.actions)
    return Judged(tuple(a.action for a in hs.actions), vals, tuple(a.group for a in hs.actions),
                  max(vals), hs.nodes, tuple(a.best_share for a in hs.actions), hs.deals,
                  hs.exhaustive)


def best_action(hand: Hand, hero: int, budget: int) -> tuple[Action, int]:
    """The seat to act's best action on the true deal (hero: max, defenders: min of the
    hero's value); ties → the first in the engine's order.  Returns (action, nodes)."""
    sol = _solve(hand, hero, budget)
    for a in sol.actions:
        if a.value == sol.value:
            return a.action, sol.nodes
    raise AssertionError("no best action")  # pragma: no cover


# --------------------------------------------------------------------------- the line
@dataclass
class _Step:
    move: Action
    replies: list[Action]
    state: dict            # Hand.to_json() after the replies (unmasked)


@dataclass
class Line:
    """A puzzle played along the hero's moves (see the module docstring).

    hand: the position now; steps: each hero move with the defenders' replies;
    rest: actions the engine played after the last solution move; nodes: search
    nodes spent computing replies (the hero's judgements are not included).
    """

    puzzle: Puzzle
    hand: Hand
    steps: list[_Step] = field(default_factory=list)
    rest: list[Action] = field(default_factory=list)
    known: list[Tile] = field(default_factory=list)   # the hero's own face-down discards
    nodes: int = 0

    @property
    def done(self) -> bool:
        return self.hand.is_over or len(self.steps) >= len(self.puzzle.solution)

    def copy(self) -> Line:
        return Line(self.puzzle, self.hand.copy(), list(self.steps), list(self.rest),
                    list(self.known), self.nodes)


_LINES: OrderedDict[tuple[str, tuple[str, ...]], Line] = OrderedDict()
_JUDGED: OrderedDict[tuple[str, tuple[str, ...]], Judged] = OrderedDict()
_CACHE_SIZE = 64


def _key(puzzle: Puzzle) -> str:
    """The puzzle's cache key (its canonical text's hash), computed once per object."""
    k = puzzle.__dict__.get("_cache_key")
    if k is None:
        k = hashlib.sha256(puzzle.dumps().encode()).hexdigest()
        object.__setattr__(puzzle, "_cache_key", k)
    return k


def _cache_put(cache: OrderedDict, key: Any, value: Any) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > _CACHE_SIZE:
        cache.popitem(last=False)


def _defend(line: Line, budget: int) -> list[Action]:
    """Defenders reply until the hero is to act or the hand is over."""
    hand, hero = line.hand, line.puzzle.hero
    out = []
    while not hand.is_over and hand.to_act != hero:
        a, n = best_action(hand, hero, budget)
        line.nodes += n
        out.append(hand.act(a))
    return out


def _finish(line: Line, budget: int) -> None:
    """After the last solution move: everybody plays best to the end of the hand."""
    hand, hero = line.hand, line.puzzle.hero
    while not hand.is_over:
        a, n = best_action(hand, hero, budget)
        line.nodes += n
        line.rest.append(hand.act(a))


def parse_move(hand: Hand, move: Any, where: str) -> Action:
    if isinstance(move, dict):  # {"kind": "discard", "tiles": ["12"]} as the ops give
        kind = move.get("kind", "play")
        move = ("" if kind == "play" else f"{kind} ") + " ".join(move.get("tiles", []))
    if not isinstance(move, str) or not move.strip():
        raise NotationError(f"{where}: a move is notation like \"66\" or \"discard 12\", not {move!r}",
                            zh=f"{where}：一步要寫成 \"66\" 或 \"discard 12\" 這樣，不是 {move!r}")
    try:
        try:
            a = hand.parse_action(move)
        except NotationError as first:
            # a tile the hero does not hold: say so as an illegal move (the reason), not bad notation
            try:
                a = Action.parse(move, seat=hand.to_act)
            except NotationError:
                raise first from None
        hand.verify(a)
    except TianJiuError as exc:
        raise type(exc)(f"{where} {move!r}: {exc}", zh=exc.message_zh) from None
    return a


def play_line(puzzle: Puzzle, moves: Sequence[Any], budget: int = OP_BUDGET) -> Line:
    """The puzzle after the hero's ``moves`` (and the replies, and the rest when done).

    Raises :class:`IllegalActionError` for an illegal move (naming ``moves[i]``) or a
    move after the puzzle is done; :class:`NotationError` for unreadable notation.
    """
    if not isinstance(moves, (list, tuple)):
        raise NotationError(f"moves: a list of the hero's actions, not {moves!r}",
                            zh=f"moves：要是 hero 出牌的列表，不是 {moves!r}")
    key = _key(puzzle)
    norm: list[str] = []
    line: Line | None = None
    # the longest prefix already played
    for k in range(len(moves), -1, -1):
        cached = _LINES.get((key, tuple(_norm(m) for m in moves[:k])))
        if cached is not None:
            line, start = cached.copy(), k
            break
    if line is None:
        line = Line(puzzle, puzzle.position.to_hand(), known=list(puzzle.position.discarded[puzzle.hero]))
        _defend(line, budget)   # (the hero acts first in a puzzle: nothing happens)
        start = 0
    norm = [_norm(m) for m in moves[:start]]
    for i in range(start, len(moves)):
        if line.done:
            raise IllegalActionError(f"moves[{i}]: the puzzle is over after "
                                     f"{len(puzzle.solution)} move(s)",
                                     zh=f"moves[{i}]：這題已經完了")
        a = parse_move(line.hand, moves[i], f"moves[{i}]")
        _apply(line, a, budget)
        norm.append(_norm(moves[i]))
        _cache_put(_LINES, (key, tuple(norm)), line.copy())
    return line


def _norm(move: Any) -> str:
    if isinstance(move, dict):
        kind = move.get("kind", "play")
        return ("" if kind == "play" else f"{kind} ") + " ".join(move.get("tiles", []))
    return " ".join(str(move).split())


def _apply(line: Line, a: Action, budget: int) -> None:
    hand = line.hand
    hand.act(a)
    if a.kind == "discard":
        line.known.extend(a.tiles)
    replies = _defend(line, budget)
    line.steps.append(_Step(a, replies, hand.to_json()))
    if len(line.steps) >= len(line.puzzle.solution) and not hand.is_over:
        _finish(line, budget)


def judge(line: Line, budget: int = OP_BUDGET, seed: int = HIDDEN_SEED) -> Judged:
    """The hero's options at the line's current turn (cached per puzzle and moves)."""
    if line.done:
        raise IllegalActionError("the puzzle is over: there is no move to judge",
                                 zh="這題已經完了")
    key = (_key(line.puzzle), tuple(_norm(s.move.notation()) for s in line.steps), seed)
    j = _JUDGED.get(key)  # type: ignore[arg-type]
    if j is None:
        j = judge_position(line.hand, line.puzzle.hero, line.puzzle.hidden, line.known, budget, seed)
        _cache_put(_JUDGED, key, j)
    return j


# --------------------------------------------------------------------------- JSON views
def _text_json(t: Text | None) -> Text | None:
    return None if t is None else dict(t)


def _mask_action(a: dict, hidden: set[str]) -> dict:
    if a["seat"] in hidden and a["kind"] != "play":
        n = len(a["tiles"]) + a.get("unknown", 0)
        return {**a, "tiles": [], "unknown": n, "text": f"{a['kind']} " + " ".join(["-"] * n)}
    return a


def state_json(puzzle: Puzzle, state: dict | Hand, reveal: bool = False) -> dict:
    """``Hand.to_json()`` plus ``hidden`` (seats whose tiles the page must not show),
    ``hero`` and ``hero_discards`` (the codes the hero put face down, before the puzzle
    and since, sorted: the page's tile tracker); for a hidden puzzle (unless ``reveal``) those seats' holdings become counts
    and their face-down discards lose their faces."""
    st = dict(state.to_json() if isinstance(state, Hand) else state)
    hidden = {SEATS[s] for s in range(4) if s != puzzle.hero} if puzzle.hidden and not reveal else set()
    st["hidden"] = [s for s in SEATS if s in hidden]
    st["hero"] = SEATS[puzzle.hero]
    # what the hero knows it put face down: before the puzzle, and in its tricks (the tracker)
    hero = SEATS[puzzle.hero]
    own = [t.code for t in puzzle.position.discarded[puzzle.hero]]
    for a in [x for r in st.get("tricks", []) for x in r["actions"]] + list(st.get("trick", [])):
        if a["seat"] == hero and a["kind"] != "play":
            own.extend(a["tiles"])
    st["hero_discards"] = sorted(own)
    if hidden:
        st["holdings"] = {s: (len(v) if s in hidden else v) for s, v in st["holdings"].items()}
        st["trick"] = [_mask_action(a, hidden) for a in st["trick"]]
        st["tricks"] = [{**r, "actions": [_mask_action(a, hidden) for a in r["actions"]]}
                        for r in st["tricks"]]
    return st


def _action_json(puzzle: Puzzle, a: Action, reveal: bool = False) -> dict:
    j = a.to_json()
    if puzzle.hidden and not reveal and a.seat != puzzle.hero:
        j = _mask_action(j, {SEATS[s] for s in range(4) if s != puzzle.hero})
    return j


def shown_value(v: float, hidden: bool) -> float | int:
    return round(v, 4) if hidden else int(v)


def themes_json(ids: Iterable[str]) -> list[dict]:
    return [{"id": t, "hant": THEMES[t][0], "hans": THEMES[t][1], "en": THEMES[t][2]} for t in ids]


def load_json(puzzle: Puzzle) -> dict:
    """The ``puzzle_load`` result (see ``PUZZLES.md``)."""
    return {"id": puzzle.id, "title": _text_json(puzzle.title), "prompt": _text_json(puzzle.prompt),
            "themes": themes_json(puzzle.themes), "difficulty": puzzle.difficulty,
            "visibility": puzzle.visibility, "hero": SEATS[puzzle.hero],
            "solution_length": len(puzzle.solution), "source": puzzle.source,
            "position": state_json(puzzle, puzzle.position.to_hand())}


REFUTE_BUDGET = 200_000
"""Nodes the refutation of a wrong move (:func:`refute`) may spend in total; past it the
answer has ``"refutation": null`` (never reached by this collection: see
``benchmarks/puzzles.py``)."""
REFUTE_SHOWN_TRICKS = 2
"""How many tricks of a refutation's line a page spells out (the JSON has the whole line)."""

_REFUTED: OrderedDict[tuple, dict | None] = OrderedDict()


def refute(puzzle: Puzzle, moves: Sequence[Any], move: Any,
           budget: int = REFUTE_BUDGET) -> dict | None:
    """What happens after the hero's ``move`` (usually a wrong one) with best play by
    everybody to the end of the hand, on the true deal — the concrete side of a verdict.

    Every seat plays its best for its side (defenders minimise the hero's result, the hero
    maximises it; ties: the first in the engine's order), as in :func:`alternative`.
    Returns ``{"line": [<action JSON>…] (the move and every action after it; a hidden
    puzzle masks the defenders' face-down tiles), "tricks": [{"winner", "size", "lead",
    "tiles"}…] (the tricks finished from the move on: ``lead`` is the seat that led,
    ``tiles`` the winning play's face-up tiles), "finisher": seat, "finish": a
    ``FINISH_LABELS`` key ("plain", "yao", …), "dong": {seat: 棟 at the end}, "value":
    the hero's net stake units on the true deal (an int; for an open puzzle it equals the
    move's value)}``, or None when the searches would need more than ``budget`` nodes.
    Raises :class:`IllegalActionError` / :class:`NotationError` for a bad move.
    """
    line = play_line(puzzle, moves, OP_BUDGET)
    a = parse_move(line.hand, move, "move")
    key = (_key(puzzle), tuple(_norm(m) for m in moves), a.notation())
    if key in _REFUTED:
        return _REFUTED[key]
    hand = line.hand.copy()
    done_before = len(hand.tricks)
    hero = puzzle.hero
    acts = [hand.act(a)]
    spent = 0
    out: dict | None
    try:
        while not hand.is_over:
            b, n = best_action(hand, hero, max(1, budget - spent))
            spent += n
            if spent > budget:
                raise BudgetExceededError(f"refutation over {budget:,} nodes")
            acts.append(hand.act(b))
    except BudgetExceededError:
        out = None
    else:
        res = hand.result
        tricks = []
        for rec in hand.tricks[done_before:]:
            best = next((x for x in reversed(rec.actions) if x.kind == "play"), rec.actions[0])
            tricks.append({"winner": SEATS[rec.winner], "size": rec.size,
                           "lead": SEATS[rec.leader], "tiles": [t.code for t in best.tiles]})
        out = {"line": [_action_json(puzzle, x) for x in acts], "tricks": tricks,
               "finisher": SEATS[res.finisher], "finish": res.settlement.finish or "plain",
               "dong": dict(zip(SEATS, res.dong)), "value": res.payments[hero]}
    _cache_put(_REFUTED, key, out)
    return out


def step(puzzle: Puzzle, moves: Sequence[Any], move: Any, budget: int = OP_BUDGET) -> dict:
    """The ``puzzle_step`` result: judge ``move`` after ``moves``; apply it when correct.

    ``{"correct", "value", "best_value", "action", "replies", "rest", "position", "done",
    "result", "graded_moves", "refutation"}`` (+ ``"deals", "exhaustive"`` for hidden
    puzzles) — ``replies``: the defenders' actions after the move; ``rest``: when the move
    completes the solution, the actions the engine played to the end of the hand (the
    hero's included); ``position``: the state after all of them (before the move when
    wrong); ``graded_moves``: how many hero moves the puzzle grades (the solution's length:
    after the last one the engine plays the rest); ``refutation``: for a wrong move in an
    open puzzle, what happens after it with best play by everybody (:func:`refute`; None for
    a right move, and for hidden puzzles, where it would show the unseen tiles);
    ``deals``/``exhaustive``: how many deals the hero cannot rule out were averaged, and
    whether that was all of them (hidden puzzles: values are averages over them).
    """
    line = play_line(puzzle, moves, budget)
    j = judge(line, budget)
    a = parse_move(line.hand, move, "move")
    v = j.value_of(a)
    correct = j.is_best(v)
    out: dict[str, Any] = {"correct": correct, "value": shown_value(v, puzzle.hidden),
                           "best_value": shown_value(j.best, puzzle.hidden),
                           "action": a.to_json(), "replies": [], "rest": [], "done": False,
                           "result": None, "graded_moves": len(puzzle.solution),
                           "refutation": None}
    if puzzle.hidden:
        out["deals"] = j.deals
        out["exhaustive"] = j.exhaustive
    if not correct:
        # hidden puzzles: none (a line on the true deal would show the tiles the hero cannot see)
        out["refutation"] = None if puzzle.hidden else refute(puzzle, moves, a.notation())
        out["position"] = state_json(puzzle, line.hand)
        return out
    line = play_line(puzzle, [*moves, a.notation()], budget)
    last = line.steps[-1]
    out["replies"] = [_action_json(puzzle, r) for r in last.replies]
    out["rest"] = [_action_json(puzzle, r, reveal=True) for r in line.rest]
    out["done"] = line.done
    out["position"] = state_json(puzzle, line.hand)
    out["result"] = line.hand.result.to_json() if line.hand.result else None
    return out


def _judged_json(puzzle: Puzzle, j: Judged, move: Action | None) -> dict:
    acts = []
    for i, (a, v, g) in enumerate(zip(j.actions, j.values, j.groups)):
        item = {"action": a.notation(), "value": shown_value(v, puzzle.hidden), "group": g,
                "best": j.is_best(v)}
        if j.share is not None:
            item["best_share"] = round(j.share[i], 4)
        acts.append(item)
    out = {"to_act": SEATS[puzzle.hero], "actions": acts, "best_value": shown_value(j.best, puzzle.hidden),
           "move": None if move is None else move.notation()}
    if puzzle.hidden:
        out["deals"] = j.deals
        out["exhaustive"] = j.exhaustive
    return out


def values(puzzle: Puzzle, moves: Sequence[Any], budget: int = OP_BUDGET) -> dict:
    """The ``puzzle_values`` result: every hero turn along the line so far (the moves
    made, and the turn to play now unless the puzzle is done)."""
    line = play_line(puzzle, moves, budget)
    steps = []
    for k in range(len(line.steps) + (0 if line.done else 1)):
        sub = play_line(puzzle, list(moves[:k]), budget)
        steps.append(_judged_json(puzzle, judge(sub, budget),
                                  line.steps[k].move if k < len(line.steps) else None))
    return {"steps": steps, "done": line.done}


def _class_of(a: Action, hand: Hand) -> str | None:
    """The play class key of an action (``"civil_single"`` …), None for a discard."""
    if a.kind != "play":
        return None
    from ..tiengow.game import play_of

    p = play_of(a.tiles, hand.rules)
    return p.cls if p else None


def _tile_words(t: Tile) -> tuple[str, str]:
    return t.name_hant, f"{t.name_hant} ({t.name_en})"


HINT_CLASS_SHARE = 0.5
"""A class hint is given only when the class fits at most this share of the hero's
distinct legal actions (else it says little: "lead a military single" when three of four
tiles are military)."""


def hint(puzzle: Puzzle, moves: Sequence[Any], budget: int = OP_BUDGET) -> dict:
    """The ``puzzle_hint`` result for the hero's current turn (recomputed for every
    position; never for a finished puzzle: :class:`IllegalActionError`).

    ``{"hint": {hant, en}, "generated": bool, "kind": k, "tiles": [codes named]}``:
    the file's hint at the first move when it has one (``kind`` ``"file"``); otherwise the
    first of these that is true of every best action and false of some other legal one —
    ``"discard"`` (following: every best action is a discard (墊), every other one a play),
    ``"beat"`` (every best action plays, every other one discards), ``"class"`` (every best
    action has one play class that fits at most :data:`HINT_CLASS_SHARE` of the legal
    actions), ``"use"`` (every best action of two or more tiles uses one tile),
    ``"keep"`` (a tile no best action uses, played by the best-valued other action: "keep
    your X"), then ``"discard"`` / ``"beat"`` when the kind tells some actions apart, else
    ``"theme"`` (the puzzle's first theme and its blurb).  A hint names at
    most one tile or class and never an action that is not legal now.
    """
    line = play_line(puzzle, moves, budget)
    if puzzle.hint is not None and not moves:
        return {"hint": dict(puzzle.hint), "generated": False, "kind": "file", "tiles": []}
    hand = line.hand
    j = judge(line, budget)
    best = [a for a, v in zip(j.actions, j.values) if j.is_best(v)]
    others = sorted(((v, k, a) for k, (a, v) in enumerate(zip(j.actions, j.values)) if not j.is_best(v)),
                    key=lambda x: (-x[0], x[1]))
    other = [a for _, _, a in others]
    following = bool(hand.trick)

    def out(kind: str, hant: str, en: str, tiles: Sequence[Tile] = ()) -> dict:
        return {"hint": {"hant": hant, "en": en}, "generated": True, "kind": kind,
                "tiles": [t.code for t in tiles]}

    all_down = all(a.kind != "play" for a in best)
    all_up = all(a.kind == "play" for a in best)
    discard = out("discard", "這一墩不值得打：墊牌（面向下）。",
                  "This trick is not worth beating: discard (墊) face down.")
    beat = out("beat", "這一墩要打：不要墊牌。", "Beat this trick: do not discard.")
    if following and all_down and other and all(a.kind == "play" for a in other):
        return discard
    if following and all_up and other and all(a.kind != "play" for a in other):
        return beat
    classes = [_class_of(a, hand) for a in best]
    if classes[0] is not None and all(c == classes[0] for c in classes):
        fits = sum(1 for a in j.actions if _class_of(a, hand) == classes[0])
        if fits < len(j.actions) and fits <= HINT_CLASS_SHARE * len(j.actions):
            name = CLASS_NAMES[classes[0]]
            if following:
                return out("class", f"用{name[0]}打。", f"Beat it with a {name[2]}.")
            return out("class", f"出一手{name[0]}。", f"Lead a {name[2]}.")
    common = set(best[0].tiles)
    for a in best[1:]:
        common &= set(a.tiles)
    if common and all(len(a.tiles) >= 2 for a in best):
        t = sorted(common, key=lambda x: x.code)[0]
        h, e = _tile_words(t)
        return out("use", f"用你的{h}。", f"Use your {e}.", [t])
    used = {t for a in best for t in a.tiles}
    for a in other:
        spare = [t for t in a.tiles if t not in used]
        if spare:
            h, e = _tile_words(spare[0])
            return out("keep", f"先留着你的{h}。", f"Keep your {e} for now.", [spare[0]])
    if following and all_down and any(a.kind == "play" for a in other):
        return discard
    if following and all_up and any(a.kind != "play" for a in other):
        return beat
    if puzzle.themes:
        row = THEMES[puzzle.themes[0]]
        return out("theme", f"想想「{row[0]}」：{row[3]}", f"Think of {row[2]}: {row[4]}")
    return out("theme", "想想這一墩誰會贏。", "Think about who wins this trick.")


def solution_line(puzzle: Puzzle, moves: Sequence[Any] | None = None,
                  budget: int = OP_BUDGET) -> dict:
    """The ``puzzle_solution`` result: the whole line, every hand shown.

    Without ``moves`` the file's line.  With ``moves`` (the hero's moves so far) the line
    made of them with the defenders' replies, continued by the file's solution while the
    moves were the file's, else by the engine's best hero moves (first best in engine
    order; hidden puzzles: best expected value), up to the solution's length, then the
    rest of the hand as usual.  ``{"id", "title", "explanation", "moves", "follows_solution",
    "start": <state>, "steps": [{"move", "replies", "position"}], "rest", "position",
    "result", "value"}`` where ``value`` is the hero's result (stake units) and positions are
    unmasked (this is the end-of-puzzle reveal).
    """
    moves = list(moves or [])
    line = play_line(puzzle, moves, budget)
    file_line = play_line(puzzle, list(puzzle.solution), budget)
    follows = all(a.move == b.move for a, b in zip(line.steps, file_line.steps))
    full = [s.move.notation() for s in line.steps]
    while not line.done:
        k = len(full)
        if follows:
            nxt = file_line.steps[k].move.notation()
        else:
            j = judge(line, budget)
            nxt = next(a for a, v in zip(j.actions, j.values) if j.is_best(v)).notation()
        full.append(nxt)
        line = play_line(puzzle, full, budget)
    steps = [{"move": s.move.to_json(), "replies": [r.to_json() for r in s.replies],
              "position": state_json(puzzle, s.state, reveal=True)} for s in line.steps]
    res = line.hand.result
    return {"id": puzzle.id, "moves": full, "follows_solution": follows,
            "start": state_json(puzzle, puzzle.position.to_hand(), reveal=True),
            "steps": steps, "rest": [r.to_json() for r in line.rest],
            "position": state_json(puzzle, line.hand, reveal=True),
            "result": res.to_json() if res else None,
            "value": res.payments[puzzle.hero] if res else None,
            "explanation": _text_json(puzzle.explanation), "title": _text_json(puzzle.title)}


def clear_line_caches() -> None:
    """Forget the lines, judgements and refutations kept between ops (to time from cold)."""
    _LINES.clear()
    _JUDGED.clear()
    _REFUTED.clear()

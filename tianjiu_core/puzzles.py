"""End-game puzzles: the file model, the line the engine plays, verification,
the daily schedule, mining, theme tagging and the bridge ops (issue 5; contract:
``PUZZLES.md``).

A **puzzle** (``format = "tianjiu-puzzle/1"``, one TOML file per puzzle under
``puzzles/``) is a :class:`~tianjiu_core.position.Position` (the true deal, all
four holdings) plus an id, texts in 繁體 and English, themes, a difficulty
1–5, a ``visibility`` (``open``: every hand is shown; ``hidden``: only the
hero's) and the **solution**: the hero's actions in order.  The hero is the
seat to act in the position.

**The line.**  The hero plays its moves; after each one the defenders (the
other three seats, one team minimising the hero's result) reply with the
solver's best action on the true deal, ties broken by the engine's canonical
order (``Hand.legal_actions()``: plays before discards, then table order) —
the first best action wins.  Once the hero has made as many moves as the
solution has, the engine plays the rest of the hand for everybody (each seat
its best for its side on the true deal, the same tie-break); the puzzle is
then *done* and the hand's result is shown.

**Values** are the hero's net stake units from the puzzle's position to the
end of the hand (bonuses paid from now on plus the final settlement, spec
§5–§6), as :func:`tianjiu_core.solver.solve` computes them.  A hero move is
*correct* when its value equals the best value (``open``), or when its
expected value over the deals the hero cannot tell apart equals the best
expected value (``hidden``: :func:`~tianjiu_core.solver.solve_hidden` with
:data:`HIDDEN_SAMPLES` deals drawn with seed :data:`HIDDEN_SEED`, every deal
when there are at most :data:`HIDDEN_EXHAUSTIVE` of them).

**Verification** (:func:`verify`, ``tianjiu puzzles check``): at every hero
turn of the solution the solution's action group is the *unique* best group —
open: every other group is worth strictly less; hidden: every other group's
expected value is lower by at least :data:`HIDDEN_MARGIN` stake units, and the
solution's action is also best by that margin on a second, independent sample
of deals (seed :data:`HIDDEN_SEED_CHECK`) — the line is legal to the end, an
open puzzle's result equals the solver's value, every search stays within
:data:`PUBLISH_BUDGET` nodes and one ``puzzle_step`` from a cold start within
:data:`STEP_NODE_LIMIT` work units (so a page answers in well under a second), the
texts exist in both languages, and each theme is *shown by the solution*
(:func:`theme_evidence`).

**Themes** (:data:`THEMES`, spec §7) are shown by the solution itself:
:func:`theme_evidence` compares the solution's line with the best other first move
played out (rules listed there and in ``PUZZLES.md``).

**Mining** (:func:`mine`, ``tianjiu puzzles mine``): seeded deals are played by the
engine's players into end-games (:func:`mine_positions`) — or, for themes that played
deals rarely reach, positions are built around the theme's pattern
(:func:`template_positions`) — and :func:`examine` keeps a position whose best action
group beats every other by a margin and shows a theme, with a generated explanation
(:func:`explain`) and a difficulty (:func:`estimate_difficulty`); the puzzle must then
pass :func:`verify`.

**Schedule** (:class:`Schedule`): day k from ``start`` shows ``ids[k mod len]``; extended
append-only, least recently used id first.

Bridge ops (JSON in / out; see ``PUZZLES.md``): ``puzzle_load``,
``puzzle_step``, ``puzzle_values``, ``puzzle_hint``, ``puzzle_solution``,
``daily_puzzle``, ``puzzle_themes``.  They are stateless — the page sends the
puzzle text and the hero's moves so far — and keep a small cache of lines
already played, so a page that steps through a puzzle re-solves nothing.

>>> p = Puzzle.loads(SAMPLE)
>>> p.id, SEATS[p.hero], p.solution
('sample', 'W', ('46',))
>>> r = step(p, [], "46"); r["correct"], r["value"], r["done"], r["result"]["finish"]["kind"]
(True, 18, True, 'yao')
>>> [a["text"] for a in r["rest"]]
['12', 'discard 24', 'discard 15', 'discard 16']
>>> r = step(p, [], "12"); r["correct"], r["value"], r["best_value"]
(False, -3, 18)
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import re
import tomllib
from collections import Counter, OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bridge import register
from .errors import IllegalActionError, NotationError, TianJiuError
from .limits import check_depth
from .game import Action, Hand
from .notation import SEATS, SEAT_NAMES, parse_seat
from .plays import CLASS_NAMES
from .position import FORMAT as POSITION_FORMAT
from .position import Position
from .solver import BudgetExceededError, solve, solve_hidden
from .tiles import Tile
from .tomlw import value as toml_value

__all__ = [
    "FORMAT", "SCHEDULE_FORMAT", "THEMES", "THEME_IDS", "PuzzleError", "Puzzle", "Schedule",
    "load_schedule", "schedule_json", "puzzle_for", "HIDDEN_SAMPLES", "HIDDEN_SEED",
    "HIDDEN_SEED_CHECK", "HIDDEN_EXHAUSTIVE", "HIDDEN_MARGIN", "PUBLISH_BUDGET",
    "OP_BUDGET", "STEP_NODE_LIMIT", "DEAL_COST", "play_line", "step", "values", "hint", "solution_line",
    "refute", "REFUTE_BUDGET",
    "SAMPLE", "verify", "VerifyReport", "theme_evidence", "outcome", "Outcome", "alternative",
]

FORMAT = "tianjiu-puzzle/1"
SCHEDULE_FORMAT = "tianjiu-schedule/1"

HIDDEN_SAMPLES = 64
"""Deals sampled when a hidden puzzle's hero judges a move (more than HIDDEN_EXHAUSTIVE deals)."""
HIDDEN_SEED = 0
"""Seed of that sample (the ops and the check use the same one, in CPython and Pyodide)."""
HIDDEN_SEED_CHECK = 1
"""Seed of the second, independent sample the check also requires the solution to win."""
HIDDEN_EXHAUSTIVE = 256
"""At most this many distinct deals: every deal is solved (exact expected values)."""
HIDDEN_MARGIN = 1.0
"""A hidden puzzle's solution must beat every other action's expected value by this many
stake units (on both samples).  One unit is the smallest difference a single 棟 makes in a
settlement; with 64 deals it is well above the sampling noise of the positions we publish."""
PUBLISH_BUDGET = 3_000_000
"""Nodes one search of a published puzzle may use in the check (never reached in practice)."""
OP_BUDGET = 5_000_000
"""Nodes one search may use inside an op (a page never hangs on a bad puzzle)."""
STEP_NODE_LIMIT = 30_000
"""Work one ``puzzle_step`` from a cold start may need for a published puzzle: search nodes
plus :data:`DEAL_COST` per deal a hidden judgement solves.  Measured on this collection
(``benchmarks/puzzles.py``): CPython spends about 10 µs a unit on these small searches and
Pyodide about 1.6× that, so 30,000 units is at most about 0.3 s in CPython and 0.5 s in a
browser."""
DEAL_COST = 100
"""Work units charged per deal solved in a hidden judgement (setting up a deal costs about as
much as 100 search nodes)."""

_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
_LANGS = ("hant", "en")
_KEYS = {"format", "id", "themes", "difficulty", "visibility", "source", "solution", "title",
         "prompt", "hint", "explanation", "position"}

Text = dict[str, str]

THEMES: dict[str, tuple[str, str, str, str, str]] = {
    # id: 繁, 简, English, blurb 繁, blurb en   (spec §7)
    "yao_finish": ("么結", "么结", "Finishing with 么",
                   "留丁三或銅錘六做最後一張牌結，贏雙倍；但要提防二四或高腳七把它擒住。",
                   "Keep 丁三 (Gee Joon three) or 銅錘六 (Look) as the last tile and finish with it "
                   "for double — unless 二四 (Gee Joon six) or 高腳七 (Tit) can capture it."),
    "dun_tian": ("敦天", "敦天", "Bank a 棟 early",
                 "牌弱時先出天或九，穩穩拿下一棟，免得空棟。",
                 "With a weak hand, lead 天 (Teen) or a 九 (Gow) early to bank a 棟 and avoid 空棟 (no 棟)."),
    "eligibility": ("結的資格", "结的资格", "Eligibility to finish",
                    "一棟都未贏的一家，最後一墩單張不准打；要結，手上要先有棟。",
                    "A seat with no 棟 may not beat a last single: win a 棟 first, or use the "
                    "rule against a seat that has none."),
    "stop_banker": ("莫讓莊結", "莫让庄结", "Stop the banker",
                    "莊家結牌，人人加倍輸；閒家要搶先截住莊家。",
                    "When the banker finishes everybody pays double: take the finish away "
                    "from the banker."),
    "feng_si_yi_chong": ("逢四一衝", "逢四一冲", "Four left: lead a single",
                         "各家剩四張牌時，出單張去衝散別人的對子。",
                         "With four tiles each, lead a single to split the others' pairs."),
    "wu_zi_qiao_shuang_qiang": ("五子撬雙槍", "五子撬双枪", "Five left: give a pair away",
                                "剩五張牌時，先出一對讓人吃，保住自己的另一對。",
                                "With five tiles each, give away a pair trick to keep your "
                                "own pair for later."),
    "wen_chang_wu_duan": ("文長武短", "文长武短", "Civil long, military short",
                          "武牌只有十張，最後一張留武牌，別人較少能夠打得過。",
                          "There are only ten military tiles: keep a military tile for the "
                          "last single, where fewer tiles can beat it."),
    "zun_timing": ("賀尊擒尊", "贺尊擒尊", "When to play 至尊",
                   "至尊甚麼時候出：早出收賀尊錢，留到最後包尊，文尊還要防高腳七對。",
                   "When to lead 至尊 (Supreme): early for the 賀尊 money, last for 包尊 — and a 文尊 "
                   "(a pair of 銅錘六, Look) can be captured by a pair of 高腳七 (Tit)."),
    "bao_zun": ("包尊・四大包", "包尊・四大包", "Finish with 至尊 or a four",
                "用至尊或四張牌結，輸家加倍甚至四倍。",
                "Finish with 至尊 (Supreme, ×2) or a four-tile play (×4)."),
    "sweep": ("七支・八支", "七支・八支", "Sweeps (七支 / 八支)",
              "一家贏盡八棟：七支雙倍，八支四倍。",
              "One seat takes all eight 棟: 七支 pays double, 八支 four times."),
}
"""Theme ids (spec §7) → (繁, 简, English name, one-line blurb 繁, blurb en)."""
THEME_IDS: tuple[str, ...] = tuple(THEMES)


class PuzzleError(TianJiuError):
    """A puzzle or schedule file that is malformed, or a puzzle that fails verification.

    The message starts with the file (or id) and the field: ``puzzles/0007.toml: themes: …``.
    """


def _perr(where: str, message: str) -> PuzzleError:
    return PuzzleError(f"{where}: {message}")


# --------------------------------------------------------------------------- the model
@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module docstring and ``PUZZLES.md`` for the TOML).

    position: the true deal (all holdings known, also for ``hidden``).
    solution: the hero's actions in engine notation (``"66"``, ``"discard 12"``).
    title, explanation: ``{"hant", "en"}`` (``"hans"`` optional); prompt, hint: the same or None.
    """

    id: str
    position: Position
    solution: tuple[str, ...]
    themes: tuple[str, ...]
    difficulty: int
    visibility: str
    source: str
    title: Text
    explanation: Text
    prompt: Text | None = None
    hint: Text | None = None

    @property
    def hero(self) -> int:
        """The hero's seat (0–3): the seat to act in the position."""
        return self.position.to_act

    @property
    def hidden(self) -> bool:
        return self.visibility == "hidden"

    # ------------------------------------------------------------ load
    @classmethod
    def from_dict(cls, data: Any, where: str = "puzzle") -> Puzzle:
        """A puzzle from parsed TOML; :class:`PuzzleError` names ``where`` and the field."""
        if not isinstance(data, dict):
            raise _perr(where, "a puzzle is a table of fields")
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise _perr(where, f"{unknown[0]}: unknown field; known: {', '.join(sorted(_KEYS))}")
        if data.get("format") != FORMAT:
            raise _perr(where, f"format: expected {FORMAT!r}, not {data.get('format')!r}")
        pid = data.get("id")
        if not isinstance(pid, str) or not _ID.match(pid):
            raise _perr(where, f"id: 1–32 letters, digits, '-' or '_' (like \"0007\"), not {pid!r}")
        themes = data.get("themes")
        if not isinstance(themes, list) or not themes or not all(isinstance(t, str) for t in themes):
            raise _perr(where, "themes: a non-empty list of theme ids like [\"yao_finish\"]")
        for t in themes:
            if t not in THEMES:
                raise _perr(where, f"themes: unknown theme {t!r}; known: {', '.join(THEME_IDS)}")
        if len(set(themes)) != len(themes):
            raise _perr(where, "themes: a theme is listed twice")
        diff = data.get("difficulty")
        if not isinstance(diff, int) or isinstance(diff, bool) or not 1 <= diff <= 5:
            raise _perr(where, f"difficulty: a whole number 1 (easy) … 5 (hard), not {diff!r}")
        vis = data.get("visibility", "open")
        if vis not in ("open", "hidden"):
            raise _perr(where, f"visibility: \"open\" or \"hidden\", not {vis!r}")
        source = data.get("source", "hand")
        if not isinstance(source, str) or not (source == "hand" or source.startswith("mined:")):
            raise _perr(where, f"source: \"hand\" or \"mined:<seed>\", not {source!r}")
        sol = data.get("solution")
        if not isinstance(sol, list) or not sol or not all(isinstance(s, str) and s.strip() for s in sol):
            raise _perr(where, "solution: a non-empty list of the hero's actions like [\"66\", \"discard 12\"]")
        texts: dict[str, Text | None] = {}
        for key in ("title", "explanation", "prompt", "hint"):
            texts[key] = _text(data.get(key), f"{where}: {key}", required=key in ("title", "explanation"))
        pos_in = data.get("position")
        if not isinstance(pos_in, dict):
            raise _perr(where, "position: a [position] table (tianjiu-position/1 without its format key)")
        pos_in = dict(pos_in)
        if pos_in.get("format", POSITION_FORMAT) != POSITION_FORMAT:
            raise _perr(where, f"position.format: expected {POSITION_FORMAT!r}")
        try:
            pos = Position.from_dict(pos_in)
        except TianJiuError as exc:
            raise _perr(where, str(exc)) from None
        if not pos.is_open:
            raise _perr(where, "position: a puzzle stores the true deal: no '-' tiles "
                        "(visibility = \"hidden\" hides the other hands from the solver and the page)")
        if pos.hero is not None and pos.hero != pos.to_act:
            raise _perr(where, f"position.hero: the hero is the seat to act ({SEATS[pos.to_act]}), "
                        f"not {SEATS[pos.hero]}")
        return cls(id=pid, position=pos, solution=tuple(s.strip() for s in sol),
                   themes=tuple(themes), difficulty=diff, visibility=vis, source=source,
                   title=texts["title"], explanation=texts["explanation"],  # type: ignore[arg-type]
                   prompt=texts["prompt"], hint=texts["hint"])

    @classmethod
    def loads(cls, text: str, where: str = "puzzle") -> Puzzle:
        """A puzzle from TOML text (:class:`PuzzleError` for anything wrong)."""
        check_depth(text, where)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise _perr(where, f"not valid TOML: {exc}") from None
        return cls.from_dict(data, where)

    @classmethod
    def load(cls, path: str) -> Puzzle:
        """A puzzle from a file; its ``id`` must be the file's name without ``.toml``."""
        import os

        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise PuzzleError(f"{path}: cannot read: {exc.strerror}") from None
        p = cls.loads(text, path)
        stem = os.path.splitext(os.path.basename(path))[0]
        if p.id != stem:
            raise _perr(path, f"id: {p.id!r} must be the file's name ({stem!r})")
        return p

    # ------------------------------------------------------------ dump
    def to_dict(self) -> dict[str, Any]:
        pos = self.position.to_dict()
        pos.pop("format", None)
        out: dict[str, Any] = {"format": FORMAT, "id": self.id, "themes": list(self.themes),
                               "difficulty": self.difficulty, "visibility": self.visibility,
                               "source": self.source, "solution": list(self.solution),
                               "title": dict(self.title)}
        if self.prompt:
            out["prompt"] = dict(self.prompt)
        if self.hint:
            out["hint"] = dict(self.hint)
        out["explanation"] = dict(self.explanation)
        out["position"] = pos
        return out

    def dumps(self) -> str:
        """TOML text in the layout of ``PUZZLES.md``; ``Puzzle.loads(p.dumps()) == p``."""
        d = self.to_dict()
        lines = [f"{k} = {toml_value(d[k])}" for k in
                 ("format", "id", "themes", "difficulty", "visibility", "source", "solution")]
        for key in ("title", "prompt", "hint", "explanation"):
            if key in d:
                lines += ["", f"[{key}]"] + [f"{k} = {toml_value(v)}" for k, v in d[key].items()]
        pos = d["position"]
        lines += ["", "[position]"]
        for k, v in pos.items():
            if k in ("tiles", "dong", "discarded", "rules"):
                continue
            if k == "shown" and not v:
                continue
            if k == "trick" and not v:
                continue
            lines.append(f"{k} = {toml_value(v)}")
        rules = pos.get("rules") or {}
        if rules and rules != {"preset": "hk"}:
            lines += ["", "[position.rules]"] + [f"{k} = {toml_value(v)}" for k, v in rules.items()]
        for table in ("tiles", "dong", "discarded"):
            if table in pos:
                lines += ["", f"[position.{table}]"] + [f"{k} = {toml_value(v)}"
                                                        for k, v in pos[table].items()]
        return "\n".join(lines) + "\n"

    def with_changes(self, **changes: Any) -> Puzzle:
        from dataclasses import replace

        return replace(self, **changes)


def _text(value: Any, where: str, required: bool) -> Text | None:
    if value is None:
        if required:
            raise PuzzleError(f"{where}: missing (a table with hant = \"…\" and en = \"…\")")
        return None
    if not isinstance(value, dict):
        raise PuzzleError(f"{where}: a table with hant = \"…\" and en = \"…\"")
    out: Text = {}
    for lang in _LANGS:
        v = value.get(lang)
        if not isinstance(v, str) or not v.strip():
            raise PuzzleError(f"{where}.{lang}: missing or empty (every text is in 繁體 and English)")
        out[lang] = v.strip()
    if "hans" in value:
        if not isinstance(value["hans"], str) or not value["hans"].strip():
            raise PuzzleError(f"{where}.hans: empty")
        out["hans"] = value["hans"].strip()
    extra = sorted(set(value) - {"hant", "hans", "en"})
    if extra:
        raise PuzzleError(f"{where}.{extra[0]}: unknown language; use hant, hans, en")
    return out


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
        raise IllegalActionError(f"{action} is not a legal action here")

    def group_of(self, action: Action) -> int:
        return self.groups[self.actions.index(action)]

    def is_best(self, v: float) -> bool:
        return v >= self.best - 1e-9

    def second(self, action: Action) -> float | None:
        """The best value of any group other than ``action``'s (None: no other group)."""
        g = self.group_of(action)
        others = [v for v, gg in zip(self.values, self.groups) if gg != g]
        return max(others) if others else None


def _judge(hand: Hand, hero: int, hidden: bool, known: Sequence[Tile], budget: int,
           seed: int = HIDDEN_SEED) -> Judged:
    """Value every legal action of the hero (the seat to act)."""
    if not hidden:
        sol = solve(hand, hero, budget=budget)
        return Judged(tuple(a.action for a in sol.actions), tuple(a.value for a in sol.actions),
                      tuple(a.group for a in sol.actions), sol.value, sol.nodes)
    hs = solve_hidden(hand, known_discards=known, samples=HIDDEN_SAMPLES, seed=seed,
                      exhaustive_limit=HIDDEN_EXHAUSTIVE, budget=budget)
    vals = tuple(a.expected_value for a in hs.actions)
    return Judged(tuple(a.action for a in hs.actions), vals, tuple(a.group for a in hs.actions),
                  max(vals), hs.nodes, tuple(a.best_share for a in hs.actions), hs.deals,
                  hs.exhaustive)


def _best_action(hand: Hand, hero: int, budget: int) -> tuple[Action, int]:
    """The seat to act's best action on the true deal (hero: max, defenders: min of the
    hero's value); ties → the first in the engine's order.  Returns (action, nodes)."""
    sol = solve(hand, hero, budget=budget)
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
        a, n = _best_action(hand, hero, budget)
        line.nodes += n
        out.append(hand.act(a))
    return out


def _finish(line: Line, budget: int) -> None:
    """After the last solution move: everybody plays best to the end of the hand."""
    hand, hero = line.hand, line.puzzle.hero
    while not hand.is_over:
        a, n = _best_action(hand, hero, budget)
        line.nodes += n
        line.rest.append(hand.act(a))


def _parse_move(hand: Hand, move: Any, where: str) -> Action:
    if isinstance(move, dict):  # {"kind": "discard", "tiles": ["12"]} as the ops give
        kind = move.get("kind", "play")
        move = ("" if kind == "play" else f"{kind} ") + " ".join(move.get("tiles", []))
    if not isinstance(move, str) or not move.strip():
        raise NotationError(f"{where}: a move is notation like \"66\" or \"discard 12\", not {move!r}")
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
        raise NotationError(f"moves: a list of the hero's actions, not {moves!r}")
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
        a = _parse_move(line.hand, moves[i], f"moves[{i}]")
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
        j = _judge(line.hand, line.puzzle.hero, line.puzzle.hidden, line.known, budget, seed)
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
    """``Hand.to_json()`` plus ``hidden`` (seats whose tiles the page must not show) and
    ``hero``; for a hidden puzzle (unless ``reveal``) those seats' holdings become counts
    and their face-down discards lose their faces."""
    st = dict(state.to_json() if isinstance(state, Hand) else state)
    hidden = {SEATS[s] for s in range(4) if s != puzzle.hero} if puzzle.hidden and not reveal else set()
    st["hidden"] = [s for s in SEATS if s in hidden]
    st["hero"] = SEATS[puzzle.hero]
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


def _num(v: float, hidden: bool) -> float | int:
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
    a = _parse_move(line.hand, move, "move")
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
            b, n = _best_action(hand, hero, max(1, budget - spent))
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
    a = _parse_move(line.hand, move, "move")
    v = j.value_of(a)
    correct = j.is_best(v)
    out: dict[str, Any] = {"correct": correct, "value": _num(v, puzzle.hidden),
                           "best_value": _num(j.best, puzzle.hidden),
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
        item = {"action": a.notation(), "value": _num(v, puzzle.hidden), "group": g,
                "best": j.is_best(v)}
        if j.share is not None:
            item["best_share"] = round(j.share[i], 4)
        acts.append(item)
    out = {"to_act": SEATS[puzzle.hero], "actions": acts, "best_value": _num(j.best, puzzle.hidden),
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


def _describe(a: Action, hand: Hand, lang: str) -> str:
    """An action's kind and class in words, never its tiles (for hints)."""
    if a.kind == "discard":
        return {"hant": "墊牌（不打）", "en": "discard (墊) rather than beat"}[lang]
    from .game import _play_of

    p = _play_of(a.tiles, hand.rules)
    cls = CLASS_NAMES[p.cls][0 if lang == "hant" else 2] if p else "?"
    if not hand.trick:
        return {"hant": f"出一手{cls}", "en": f"lead a {cls} play"}[lang]
    return {"hant": f"用{cls}打", "en": f"beat with a {cls} play"}[lang]


def hint(puzzle: Puzzle, moves: Sequence[Any], budget: int = OP_BUDGET) -> dict:
    """The ``puzzle_hint`` result: the file's hint at the first move (when it has one);
    otherwise a generated one — the kind of the best action and its class, never the tiles."""
    line = play_line(puzzle, moves, budget)
    if puzzle.hint is not None and not moves:
        return {"hint": dict(puzzle.hint), "generated": False}
    j = judge(line, budget)
    best = next(a for a, v in zip(j.actions, j.values) if j.is_best(v))
    n = len(line.hand.holdings[puzzle.hero])
    hant = f"想一想：最好是{_describe(best, line.hand, 'hant')}。"
    en = f"Think about it: the best is to {_describe(best, line.hand, 'en')}."
    if n <= 1:
        hant, en = "只剩一張牌：想想這一墩誰會贏。", "One tile left: who wins this trick?"
    return {"hint": {"hant": hant, "en": en}, "generated": True}


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


# --------------------------------------------------------------------------- outcomes and themes
@dataclass(frozen=True)
class Outcome:
    """How a line ended, as the theme rules read it (all seats 0–3).

    finisher, finish (``Settlement.finish`` key: plain, yao, yao_capture, zun,
    zun_capture, four, qi_zhi, ba_zhi), captured_from, dong (final 棟), value (the
    hero's net units from the puzzle's position), zun (賀尊/擒尊 events as
    ``(rule, collector)``), last_lead (seat and tiles of the last trick's lead),
    last_best (the winning play's tiles), tricks (the finished tricks).
    """

    finisher: int
    finish: str
    captured_from: int | None
    dong: tuple[int, ...]
    value: int
    zun: tuple[tuple[str, int], ...]
    last_lead: Action
    last_best: tuple[Tile, ...]
    tricks: tuple


def outcome(hand: Hand, hero: int) -> Outcome:
    """The :class:`Outcome` of a finished hand (the line or an alternative)."""
    res = hand.result
    if res is None:
        raise IllegalActionError("the hand is not over")
    zun = tuple((item.rule, item.payee) for rec in hand.tricks for item in rec.bonuses.items
                if item.rule in ("he_zun", "qin_zun"))
    zun = tuple(dict.fromkeys(zun))
    last = hand.tricks[-1]
    best = next(a for a in reversed(last.actions) if a.kind == "play") if any(
        a.kind == "play" for a in last.actions) else last.actions[0]
    return Outcome(res.finisher, res.settlement.finish or "plain", res.finish.captured_from,
                   tuple(res.dong), res.payments[hero], zun, last.actions[0], best.tiles,
                   hand.tricks)


def _is_two_tile_play(tiles: Sequence[Tile], hand: Hand) -> bool:
    from .game import _play_of

    return len(tiles) == 2 and _play_of(tuple(tiles), hand.rules) is not None


def _two_tile_plays(holding: Sequence[Tile], hand: Hand) -> list[tuple[Tile, ...]]:
    from itertools import combinations

    return sorted({c for c in combinations(holding, 2) if _is_two_tile_play(c, hand)},
                  key=lambda c: [t.index for t in c])


def _zun_score(o: Outcome, hero: int) -> tuple[set, set]:
    """(events good for the hero, events bad for the hero) involving 至尊 / 文尊."""
    good, bad = set(), set()
    for rule, who in o.zun:
        (good if who == hero else bad).add((rule, who))
    if o.finish in ("zun", "zun_capture"):
        if o.finisher == hero:
            good.add(("fin_" + o.finish, hero))
        else:
            bad.add(("fin_" + o.finish, o.finisher))
    return good, bad


def _seat_h(s: int) -> str:
    return SEAT_NAMES[SEATS[s]][0] + "家"


def _seat_e(s: int) -> str:
    return SEAT_NAMES[SEATS[s]][2]


def _ev(hant: str, en: str) -> Text:
    return {"hant": hant, "en": en}


_ZUN_TEXT = {
    ("he_zun", True): ("趁至尊還能贏一墩，早出收賀尊錢。", "Lead 至尊 (Supreme) while it can still win a trick and collect the 賀尊 money (the Supreme bonus)."),
    ("qin_zun", True): ("留着一對高腳七，擒住文尊收錢。", "Keep the pair of 高腳七 (Tit) to capture the 文尊 (civil supreme: a pair of 銅錘六, Look) and collect (擒尊)."),
    ("fin_zun", True): ("不要急着出至尊：留到最後一墩才出，包尊雙倍。", "Don't hurry the 至尊 (Supreme): led on the last trick it earns 包尊 (double)."),
    ("fin_zun_capture", True): ("最後一墩用高腳七對擒文尊結牌。", "Capture the 文尊 (civil supreme) with the pair of 高腳七 (Tit) on the last trick."),
    ("he_zun", False): ("換了別的出法，別家會出至尊收賀尊錢。", "Any other choice lets another seat collect the 賀尊 money (the Supreme bonus)."),
    ("qin_zun", False): ("換了別的出法，文尊會被高腳七對擒住。", "Any other choice gets the 文尊 (civil supreme) captured by the pair of 高腳七 (Tit) (擒尊)."),
    ("fin_zun", False): ("換了別的出法，別家會用至尊結牌（包尊）。", "Any other choice lets another seat finish with 至尊 (Supreme): 包尊."),
    ("fin_zun_capture", False): ("換了別的出法，文尊會在最後一墩被擒。", "Any other choice gets the 文尊 (civil supreme) captured on the last trick."),
}


def _zun_text(rule: str, hero: int, good: bool) -> Text:
    hant, en = _ZUN_TEXT[(rule, good)]
    return _ev(hant, en)


def theme_evidence(theme: str, start: Hand, hero: int, first: Action, line: Outcome,
                   alt: Outcome | None, hidden: bool = False) -> Text | None:
    """Why the solution shows ``theme`` (``{"hant", "en"}``, a sentence for the
    explanation), or None when it does not.

    start: the puzzle's position; first: the hero's first solution move; line:
    the solution line's outcome; alt: the outcome of the best *other* first move
    (then best play by everybody), None when the hero had no other choice.  The
    rules (spec §7) — each compares the solution with that alternative:

    - ``yao_finish``: the hero finishes with 么 (12/15 led last and won) and the
      alternative does not; or the alternative gets the hero's 么 captured (擒) and
      the line does not; or the hero captures a 么 with 二四/高腳七 and the
      alternative does not.
    - ``bao_zun``: the hero finishes with 至尊 (包尊) or a four (四大包); the
      alternative does not.
    - ``sweep``: the hero sweeps (七支/八支, or 八支 where the alternative only gets
      七支), or a defender sweeps in the alternative and not in the line.
    - ``zun_timing``: the hero holds 至尊/文尊 or a 高腳七 pair, and a 賀尊/擒尊/包尊
      event in the hero's favour happens only in the line, or one against the hero
      only in the alternative.
    - ``stop_banker``: the hero is not the banker; the banker finishes in the
      alternative and not in the line.
    - ``eligibility``: the hero starts with 0 棟, wins one in the line and ends with
      none in the alternative; or the line's last single is won while a seat with
      0 棟 held a tile that would have beaten it (the 2-棟 rule barred it).
    - ``dun_tian``: the hero starts with 0 棟, the first move plays 天 or a 九 and
      wins that trick, and the alternative ends with the hero on 0 棟 (空棟).
    - ``feng_si_yi_chong``: four tiles each, the hero leads a single although it
      holds a pair-type play, and a defender's pair-type play is split by that trick.
    - ``wu_zi_qiao_shuang_qiang``: five tiles each, the hero leads a two-tile play
      that a defender wins, keeping another two-tile play that wins a later trick.
    - ``wen_chang_wu_duan`` (hidden puzzles only: the idea is about what the others
      probably hold): the hero leads a military single on the last trick and wins it,
      while in the alternative its last tile is civil.
    """
    from .game import _play_of

    banker = start.banker
    hold = start.holdings[hero]
    if theme == "yao_finish":
        def yao_by_hero(o: Outcome | None) -> bool:
            return o is not None and o.finish == "yao" and o.finisher == hero and o.last_lead.seat == hero

        def captured_hero(o: Outcome | None) -> bool:
            return o is not None and o.finish == "yao_capture" and o.captured_from == hero

        def hero_captures(o: Outcome | None) -> bool:
            return o is not None and o.finish == "yao_capture" and o.finisher == hero

        if yao_by_hero(line) and not yao_by_hero(alt):
            y = line.last_lead.tiles[0]
            return _ev(f"{_seat_h(hero)}留么到最後，么結雙倍。", f"{_seat_e(hero)} keeps the 么, {y.name_hant} ({y.name_en}), for the last trick and finishes with it (么結, double).")
        if captured_hero(alt) and not captured_hero(line):
            return _ev("這裏不能么：別家有牌可以把么擒住（么雙擒四），么家要包賠。", "Finishing with the 么 fails here: another seat can capture it with 二四 (Gee Joon six) or 高腳七 (Tit) (么雙擒四), and the 么 player pays for everybody.")
        if hero_captures(line) and not hero_captures(alt):
            c = line.last_best[0]
            return _ev(f"{_seat_h(hero)}留着擒么的牌，把別家的么擒住（么雙擒四）。", f"{_seat_e(hero)} keeps {c.name_hant} ({c.name_en}), which captures the 么, and takes it on the last trick (么雙擒四).")
        return None
    if theme == "bao_zun":
        if line.finisher == hero and line.finish in ("zun", "four") and not (
                alt is not None and alt.finisher == hero and alt.finish == line.finish):
            if line.finish == "zun":
                return _ev(f"{_seat_h(hero)}用至尊結牌，包尊雙倍。", f"{_seat_e(hero)} finishes with 至尊 (Supreme): 包尊, every loser pays double.")
            return _ev(f"{_seat_h(hero)}用四張牌結，四大包四倍。", f"{_seat_e(hero)} finishes with a four-tile play (四大包): four times.")
        return None
    if theme == "sweep":
        sweeps = ("qi_zhi", "ba_zhi")
        if line.finisher == hero and line.finish in sweeps and not (
                alt is not None and alt.finisher == hero and alt.finish in sweeps
                and sweeps.index(alt.finish) >= sweeps.index(line.finish)):
            if line.finish == "ba_zhi":
                return _ev(f"{_seat_h(hero)}贏盡八棟，而且最後一手沒有人打得過：八支，四倍。", f"{_seat_e(hero)} takes all eight 棟 with a last play nobody could beat: 八支, four times.")
            return _ev(f"{_seat_h(hero)}贏盡八棟：七支，雙倍。", f"{_seat_e(hero)} takes all eight 棟: 七支, double.")
        if alt is not None and alt.finisher != hero and alt.finish in sweeps and line.finish not in sweeps:
            return _ev("要截住別家的七支／八支：別家贏盡八棟，人人要加倍付。", "This stops another seat's sweep (七支/八支), which would multiply everybody's loss.")
        return None
    if theme == "zun_timing":
        c = Counter(hold)
        from .tiles import BY_CODE

        has = (c[BY_CODE["24"]] and c[BY_CODE["12"]]) or c[BY_CODE["15"]] >= 2 or c[BY_CODE["16"]] >= 2
        if not has or alt is None:
            return None
        lg, lb = _zun_score(line, hero)
        ag, ab = _zun_score(alt, hero)
        if lg - ag:
            return _zun_text(sorted(r for r, _ in lg - ag)[0], hero, good=True)
        if ab - lb:
            return _zun_text(sorted(r for r, _ in ab - lb)[0], hero, good=False)
        return None
    if theme == "stop_banker":
        if hero != banker and alt is not None and alt.finisher == banker and line.finisher != banker:
            return _ev(f"換了別的出法，莊家（{_seat_h(banker)}）就會結牌，人人加倍輸；這一手把結牌搶走。", f"Any other choice lets the banker ({_seat_e(banker)}) finish, and then everybody pays double; this one takes the finish away.")
        return None
    if theme == "eligibility":
        if start.dong[hero] == 0 and line.dong[hero] > 0 and alt is not None and alt.dong[hero] == 0:
            return _ev(f"{_seat_h(hero)}還沒有棟：先贏一棟，才免得空棟，也才有資格結。", f"{_seat_e(hero)} has no 棟 yet: winning one avoids 空棟 and gives the right to finish.")
        last = line.tricks[-1]
        if last.size == 1 and last.actions[0].kind == "play":
            won = _play_of(line.last_best, start.rules)
            before = list(line.dong)
            before[last.winner] -= 1
            for a in last.actions:
                if a.seat == last.winner or before[a.seat] != 0 or a.seat == hero:
                    continue
                # the tiles that seat held at the last trick: the one it put down
                t = a.tiles[0] if a.tiles else None
                p = _play_of((t,), start.rules) if t is not None else None
                if won is not None and p is not None and p.cls == won.cls and p.rank > won.rank:
                    return _ev(f"{_seat_h(a.seat)}手上的{t.name_hant}本來打得過，但他一棟都沒有，最後一墩單張不准打。", f"{_seat_e(a.seat)}'s {t.name_hant} ({t.name_en}) would beat it, but a seat with no 棟 may not beat a last single.")
        return None
    if theme == "dun_tian":
        if start.dong[hero] != 0 or first.kind != "play":
            return None
        if not any(t.code == "66" or t.value == 9 for t in first.tiles):
            return None
        first_trick = line.tricks[0] if start.trick == () else line.tricks[0]
        if first_trick.winner != hero:
            return None
        if alt is not None and alt.dong[hero] == 0:
            return _ev("現在用天或九拿下一棟（敦天）；不拿的話，最後會空棟。", "Playing 天 (Teen) or a 九 (Gow) now banks a 棟 (敦天); otherwise the hand ends with 空棟 (no 棟).")
        return None
    if theme == "feng_si_yi_chong":
        if start.tiles_left != 4 or start.trick or first.kind != "play" or len(first.tiles) != 1:
            return None
        if not _two_tile_plays(hold, start):
            return None
        trick = line.tricks[0]
        for a in trick.actions:
            if a.seat == hero:
                continue
            before = _two_tile_plays(start.holdings[a.seat], start)
            if before and any(t in pair for pair in before for t in a.tiles):
                rest = list(start.holdings[a.seat])
                for t in a.tiles:
                    rest.remove(t)
                if len(_two_tile_plays(rest, start)) < len(before):
                    return _ev(f"各剩四張時出單張，{_seat_h(a.seat)}要拆開一對來應（逢四一衝）。", f"With four tiles each, a single lead makes {_seat_e(a.seat)} break a pair (逢四一衝).")
        return None
    if theme == "wu_zi_qiao_shuang_qiang":
        if start.tiles_left != 5 or start.trick or first.kind != "play" or len(first.tiles) != 2:
            return None
        if line.tricks[0].winner == hero:
            return None
        rest = list(hold)
        for t in first.tiles:
            rest.remove(t)
        kept = _two_tile_plays(rest, start)
        for rec in line.tricks[1:]:
            for a in rec.actions:
                if a.seat == hero and a.kind == "play" and tuple(a.tiles) in kept and rec.winner == hero:
                    return _ev("剩五張時先讓一對給人吃，保住自己另一對，之後再用它贏（五子撬雙槍）。", "With five tiles each, give a pair trick away and keep your other pair to win with later (五子撬雙槍).")
        return None
    if theme == "wen_chang_wu_duan":
        if not hidden:
            return None
        la = line.last_lead
        if la.seat != hero or len(la.tiles) != 1 or la.tiles[0].is_civil or line.finisher != hero:
            return None
        if alt is None:
            return None
        mine = [a for a in alt.tricks[-1].actions if a.seat == hero]
        if mine and len(mine[0].tiles) == 1 and mine[0].tiles[0].is_civil:
            return _ev("最後一張留武牌：武牌少，別家較難打得過（文長武短）。", "Keep a military tile for the last single: there are few of them, so it is harder to beat (文長武短).")
        return None
    raise PuzzleError(f"unknown theme {theme!r}")


# --------------------------------------------------------------------------- verification
@dataclass
class VerifyReport:
    """What :func:`verify` found: ``problems`` (empty when the puzzle is sound) and numbers.

    value: the hero's result along the line; values: the best value at each hero
    turn; margins: best minus the next group's value at each turn; evidence: theme
    → why; nodes: search nodes in total; step_nodes: the most work (nodes + DEAL_COST a
    hidden deal) one cold ``puzzle_step`` needs; seconds: wall time.
    """

    id: str
    where: str
    problems: list[str] = field(default_factory=list)
    value: float | None = None
    values: list[float] = field(default_factory=list)
    margins: list[float | None] = field(default_factory=list)
    evidence: dict[str, str] = field(default_factory=dict)
    nodes: int = 0
    step_nodes: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict:
        return {"id": self.id, "where": self.where, "ok": self.ok, "problems": self.problems,
                "value": self.value, "values": self.values, "margins": self.margins,
                "evidence": self.evidence, "nodes": self.nodes, "step_nodes": self.step_nodes,
                "seconds": round(self.seconds, 3)}


def alternative(puzzle: Puzzle, moves: Sequence[str], judged: Judged, chosen: Action,
                budget: int = PUBLISH_BUDGET) -> tuple[Action, Hand] | None:
    """The best hero action outside ``chosen``'s group (first in engine order), played
    out with everybody's best on the true deal: ``(action, finished hand)``."""
    g = judged.group_of(chosen)
    others = [(v, i) for i, (v, gg) in enumerate(zip(judged.values, judged.groups)) if gg != g]
    if not others:
        return None
    best = max(v for v, _ in others)
    a = judged.actions[min(i for v, i in others if v == best)]
    hand = play_line(puzzle, list(moves), budget).hand.copy()
    hand.act(a)
    while not hand.is_over:
        b, _ = _best_action(hand, puzzle.hero, budget)
        hand.act(b)
    return a, hand


def verify(puzzle: Puzzle, where: str | None = None, budget: int = PUBLISH_BUDGET,
           step_limit: int = STEP_NODE_LIMIT) -> VerifyReport:
    """Check one puzzle (see the module docstring); never raises for a bad puzzle —
    everything wrong is listed in the report's ``problems``."""
    import time

    t0 = time.perf_counter()
    _cold_solver()   # node counts must not depend on what was solved before
    rep = VerifyReport(puzzle.id, where or puzzle.id)
    hero = puzzle.hero
    sol = list(puzzle.solution)
    try:
        line = None
        alt_outcome: Outcome | None = None
        first: Action | None = None
        for i in range(len(sol)):
            line = play_line(puzzle, sol[:i], budget)
            if line.done:
                rep.problems.append(f"solution[{i}] {sol[i]!r}: the hand is already over "
                                    f"after {i} move(s)")
                break
            before = line.nodes
            j = _judge(line.hand, hero, puzzle.hidden, line.known, budget, HIDDEN_SEED)
            rep.nodes += j.nodes
            try:
                a = _parse_move(line.hand, sol[i], f"solution[{i}]")
            except TianJiuError as exc:
                rep.problems.append(str(exc))
                break
            if i == 0:
                first = a
            v = j.value_of(a)
            second = j.second(a)
            rep.values.append(_num(j.best, puzzle.hidden))
            rep.margins.append(None if second is None else _num(v - second, puzzle.hidden))
            tag = f"solution[{i}] {sol[i]!r}"
            if not j.is_best(v):
                rep.problems.append(f"{tag}: not a best move: worth {_fmt(v)}, the best is "
                                    f"{_fmt(j.best)} ({_best_names(j)})")
            elif second is not None and puzzle.hidden and v - second < HIDDEN_MARGIN - 1e-9:
                rep.problems.append(f"{tag}: best by only {v - second:.2f} expected units; a hidden "
                                    f"puzzle needs a margin of {HIDDEN_MARGIN:g}")
            elif second is not None and not puzzle.hidden and second >= v:
                rep.problems.append(f"{tag}: not the unique best: {_best_names(j, exclude=j.group_of(a))} "
                                    f"is worth the same ({_fmt(v)})")
            if puzzle.hidden and not j.exhaustive:
                j2 = _judge(line.hand, hero, True, line.known, budget, HIDDEN_SEED_CHECK)
                rep.nodes += j2.nodes
                v2, s2 = j2.value_of(a), j2.second(a)
                if s2 is not None and v2 - s2 < HIDDEN_MARGIN - 1e-9:
                    rep.problems.append(f"{tag}: on a second sample of deals (seed "
                                        f"{HIDDEN_SEED_CHECK}) it is best by only {v2 - s2:+.2f} "
                                        f"expected units (needs {HIDDEN_MARGIN:g})")
            after = play_line(puzzle, sol[:i + 1], budget)
            cold = after.nodes + j.nodes + (DEAL_COST * j.deals if puzzle.hidden else 0)
            rep.step_nodes = max(rep.step_nodes, cold)
            if i == 0:
                alt = alternative(puzzle, [], j, a, budget)
                alt_outcome = None if alt is None else outcome(alt[1], hero)
            del before
        if line is not None and not rep.problems:
            final = play_line(puzzle, sol, budget)
            rep.nodes += final.nodes
            res = final.hand.result
            if res is None:
                rep.problems.append("the line does not reach the end of the hand")
            else:
                rep.value = res.payments[hero]
                if not puzzle.hidden and rep.values and res.payments[hero] != rep.values[0]:
                    rep.problems.append(f"the line ends with {res.payments[hero]:+d} for the hero "
                                        f"but the solver values the position at {rep.values[0]:+d}")
                start = puzzle.position.to_hand()
                o = outcome(final.hand, hero)
                for theme in puzzle.themes:
                    why = theme_evidence(theme, start, hero, first, o, alt_outcome,  # type: ignore[arg-type]
                                         puzzle.hidden)
                    if why is None:
                        rep.problems.append(f"themes: {theme!r} ({THEMES[theme][0]}) is not shown by "
                                            "the solution (see puzzles.theme_evidence)")
                    else:
                        rep.evidence[theme] = why["en"]
        if rep.step_nodes > step_limit:
            rep.problems.append(f"too slow for a page: one puzzle_step needs {rep.step_nodes:,} "
                                f"work units (search nodes + {DEAL_COST} a hidden deal; limit "
                                f"{step_limit:,})")
    except BudgetExceededError as exc:
        rep.problems.append(f"the solver's budget ({budget:,} nodes) ran out: {exc}")
    except TianJiuError as exc:
        rep.problems.append(str(exc))
    rep.seconds = time.perf_counter() - t0
    return rep


def _cold_solver() -> None:
    """Forget the solver's tables (transpositions kept between searches), so that the
    work a puzzle needs is counted as a fresh page would spend it."""
    from . import solver

    clear = getattr(getattr(solver, "_tables", None), "cache_clear", None)
    if clear is not None:
        clear()
    _LINES.clear()
    _JUDGED.clear()
    _REFUTED.clear()


def _fmt(v: float) -> str:
    return f"{v:+.2f}" if isinstance(v, float) and not float(v).is_integer() else f"{int(v):+d}"


def _best_names(j: Judged, exclude: int | None = None) -> str:
    top = max(v for v, g in zip(j.values, j.groups) if g != exclude)
    return ", ".join(a.notation() for a, v, g in zip(j.actions, j.values, j.groups)
                     if g != exclude and v >= top - 1e-9)


# --------------------------------------------------------------------------- mining
_NUM_HANT = {1: "一", 2: "兩", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八"}
_NUM_EN = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def _play_names(a: Action, rules: Any) -> tuple[str, str]:
    """(繁, English) name of an action's tiles: ``天`` / ``天 (Teen)``, ``雙梅`` / ``雙梅 (Pair of Mooy)``."""
    from .game import _play_of

    p = _play_of(a.tiles, rules) if a.kind == "play" else None
    if p is not None:
        return p.name("hant"), f"{p.name('hant')} ({p.name('en')})"
    hant = "、".join(t.name_hant for t in a.tiles)
    return hant, " and ".join(f"{t.name_hant} ({t.name_en})" for t in a.tiles)


def _action_words(a: Action, hand: Hand) -> tuple[str, str, str, str]:
    """(繁 verb phrase, English gerund phrase, 繁 'other' word, English 'other' word)."""
    h, e = _play_names(a, hand.rules)
    if a.kind == "discard":
        return f"墊{h}", f"discarding {e}", "其他應法", "other reply"
    if not hand.trick:
        return f"出{h}", f"leading {e}", "其他出法", "other lead"
    return f"用{h}打", f"beating with {e}", "其他應法", "other reply"


def _value_words(v: float, hidden: bool) -> tuple[str, str]:
    if hidden:
        if abs(v) < 0.005:
            return "平均不輸不贏", "breaks even on average"
        n = f"{abs(v):.1f}"
        return (f"平均贏 {n} 注", f"wins {n} units on average") if v > 0 else (
            f"平均輸 {n} 注", f"loses {n} units on average")
    v = int(v)
    if v == 0:
        return "不輸不贏", "breaks even"
    return (f"贏 {v} 注", f"wins {v} unit{'s' if v != 1 else ''}") if v > 0 else (
        f"輸 {-v} 注", f"loses {-v} unit{'s' if v != -1 else ''}")


def explain(puzzle: Puzzle, judged: Judged, first: Action, alt: Action | None, line: Outcome,
            evidence: dict[str, Text]) -> Text:
    """An explanation from the solver's numbers, in 繁體 and English:
    "Leading 天 (Teen) wins 6 units; the best other lead, 梅 (Mooy), loses 4." plus the
    themes' reasons and how the hand ends."""
    hand = puzzle.position.to_hand()
    hero = puzzle.hero
    vh, ve, oh, oe = _action_words(first, hand)
    wh, we = _value_words(judged.value_of(first), puzzle.hidden)
    hant = [f"{vh}{wh}"]
    en = [f"{ve[0].upper()}{ve[1:]} {we}"]
    if alt is not None:
        ah, ae, _, _ = _action_words(alt, hand)
        xh, xe = _value_words(judged.value_of(alt), puzzle.hidden)
        hant[0] += f"；{oh}最好是{ah}，{xh}。"
        en[0] += f"; the best {oe}, {ae}, {xe}."
    else:
        hant[0] += "。"
        en[0] += "."
    if puzzle.hidden:
        hant.append(f"（只看得見自己的牌：以上是 {judged.deals} 種可能牌局的平均。）")
        en.append(f"(You see only your own tiles: these are averages over {judged.deals} possible deals.)")
    for theme in puzzle.themes:
        if theme in evidence:
            hant.append(evidence[theme]["hant"])
            en.append(evidence[theme]["en"])
    fin = line.finisher
    if fin == hero and line.finish != "plain" and any(
            t in evidence for t in ("yao_finish", "bao_zun", "sweep")):
        return {"hant": "".join(hant), "en": " ".join(en)}   # the theme already says how
    how = {"yao": ("么結", "with 么 (么結)"), "yao_capture": ("擒么", "by capturing the 么"),
           "zun": ("包尊", "with 至尊 (包尊)"), "zun_capture": ("擒文尊", "by capturing the 文尊"),
           "four": ("四大包", "with a four (四大包)"), "qi_zhi": ("七支", "with a sweep (七支)"),
           "ba_zhi": ("八支", "with a sweep (八支)")}.get(line.finish)
    who_h = _seat_h(fin)
    who_e = _seat_e(fin)
    if how:
        hant.append(f"最後{who_h}結牌（{how[0]}）。")
        en.append(f"In the end {who_e} finishes {how[1]}.")
    else:
        hant.append(f"最後{who_h}結牌。")
        en.append(f"In the end {who_e} finishes.")
    return {"hant": "".join(hant), "en": " ".join(en)}


def generated_texts(puzzle: Puzzle, budget: int = PUBLISH_BUDGET) -> Puzzle:
    """The puzzle with its explanation, title, prompt and difficulty generated again from
    the solver's numbers (for mined puzzles, after the generator changed)."""
    hand = puzzle.position.to_hand()
    hero = puzzle.hero
    j = _judge(hand, hero, puzzle.hidden, list(puzzle.position.discarded[hero]), budget, HIDDEN_SEED)
    first = _parse_move(hand, puzzle.solution[0], "solution[0]")
    line = play_line(puzzle, list(puzzle.solution), budget)
    o = outcome(line.hand, hero)
    alt = alternative(puzzle, [], j, first, budget)
    ao = None if alt is None else outcome(alt[1], hero)
    found = {}
    for theme in puzzle.themes:
        why = theme_evidence(theme, hand, hero, first, o, ao, puzzle.hidden)
        if why is not None:
            found[theme] = why
    title, prompt = _titles(puzzle, first)
    return puzzle.with_changes(explanation=explain(puzzle, j, first, None if alt is None else alt[0],
                                                   o, found),
                               title=title, prompt=prompt,
                               difficulty=estimate_difficulty(puzzle, j, first))


def _titles(puzzle: Puzzle, first: Action) -> tuple[Text, Text]:
    """A generated title and prompt."""
    hand = puzzle.position.to_hand()
    hero = puzzle.hero
    n = len(hand.holdings[hero]) + (0 if not hand.trick else 0)
    left = hand.tiles_left
    th = THEMES[puzzle.themes[0]]
    if hand.trick:
        lead = hand.trick[0]
        lh, le = _play_names(lead, hand.rules)
        title = {"hant": f"{th[0]}：{_seat_h(lead.seat)}先出{lh}", "en": f"{th[2]}: {_seat_e(lead.seat)} leads {le}"}
        said_h, said_e = [f"{_seat_h(lead.seat)}先出了{lh}"], [f"{_seat_e(lead.seat)} has led {le}"]
        for a in hand.trick[1:]:
            if a.kind == "play":
                bh, be = _play_names(a, hand.rules)
                said_h.append(f"{_seat_h(a.seat)}用{bh}打")
                said_e.append(f"{_seat_e(a.seat)} has beaten it with {be}")
            else:
                said_h.append(f"{_seat_h(a.seat)}墊牌")
                said_e.append(f"{_seat_e(a.seat)} has discarded")
        prompt = {"hant": "，".join(said_h) + f"；各家剩{_NUM_HANT[left]}張牌。{_seat_h(hero)}怎樣應才贏得最多？",
                  "en": ", ".join(said_e) + f"; {_NUM_EN[left]} tiles each. What should {_seat_e(hero)} play?"}
    else:
        title = {"hant": f"{th[0]}：{_seat_h(hero)}剩{_NUM_HANT[left]}張", "en": f"{th[2]}: {_seat_e(hero)} with {_NUM_EN[left]} tiles"}
        prompt = {"hant": f"{_seat_h(hero)}先出，各家剩{_NUM_HANT[left]}張。怎樣出才贏得最多？",
                  "en": f"{_seat_e(hero)} to lead, {_NUM_EN[left]} tiles each. Which lead wins the most?"}
    if puzzle.hidden:
        prompt = {"hant": prompt["hant"] + "（只看得見自己的牌）",
                  "en": prompt["en"] + " (You see only your own tiles.)"}
    del n
    return title, prompt


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
    from .tiles import BY_CODE

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
        if theme == "feng_si_yi_chong" and n == 4 and not hand.trick and _two_tile_plays(hand.holdings[hero], hand):
            return True
        if theme == "wu_zi_qiao_shuang_qiang" and n == 5 and not hand.trick and len(
                _two_tile_plays(hand.holdings[hero], hand)) >= 2:
            return True
        if theme == "wen_chang_wu_duan" and any(t.is_civil for t in hold) and any(
                not t.is_civil for t in hold) and n <= 3:
            return True
    return False


def estimate_difficulty(puzzle: Puzzle, judged: Judged, first: Action) -> int:
    """1 (easy) … 5 (hard), from the position: tiles a seat (2 → 1, 3–4 → 2, 5+ → 3),
    +1 a move after the first, +1 when the engine's greedy player would not find the
    first move, +1 with six or more different choices."""
    from .players import greedy_action

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
    from .deal import Rng
    from .players import greedy_action, random_action

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
    from .deal import Rng
    from .rules import Rules
    from .tiles import BY_CODE, FULL_SET

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
        j = _judge(hand, hero, hidden, known, min(budget, STEP_NODE_LIMIT), HIDDEN_SEED)
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
        j2 = _judge(hand, hero, True, known, budget, HIDDEN_SEED_CHECK)
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
        jj = _judge(line.hand, hero, hidden, line.known, budget, HIDDEN_SEED)
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
    title, prompt = _titles(puzzle, first)
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


# --------------------------------------------------------------------------- schedule
@dataclass(frozen=True)
class Schedule:
    """The daily schedule (``puzzles/schedule.toml``): day k from ``start`` is ``ids[k]``.

    Past the last date (and before ``start``) the list repeats: day k → ``ids[k mod len]``.
    """

    start: _dt.date
    ids: tuple[str, ...]

    @property
    def end(self) -> _dt.date:
        """The last date with its own entry."""
        return self.start + _dt.timedelta(days=len(self.ids) - 1)

    def day(self, date: _dt.date | str) -> int:
        return (_date(date, "date") - self.start).days

    def puzzle_for(self, date: _dt.date | str) -> str:
        """The puzzle id of ``date`` (a ``datetime.date`` or ``"YYYY-MM-DD"``)."""
        if not self.ids:
            raise PuzzleError("schedule: ids: empty")
        return self.ids[self.day(date) % len(self.ids)]

    def extended(self, days: int, pool: Iterable[str]) -> Schedule:
        """``days`` more entries from ``pool`` (the collection's ids): append only.

        Next is always the id of the pool used longest ago — ids never scheduled
        first (in a fixed mixing order: SHA-256 of the id) — so every puzzle is used
        before any repeats, and puzzles added later come before repeats.
        """
        pool = sorted(set(pool), key=_mix)
        if days < 0:
            raise PuzzleError("schedule: --extend takes a number of days ≥ 0")
        if not pool:
            raise PuzzleError("schedule: no puzzles to schedule")
        ids = list(self.ids)
        last = {pid: i for i, pid in enumerate(ids)}
        for _ in range(days):
            nxt = min(pool, key=lambda p: (last.get(p, -1), _mix(p)))
            last[nxt] = len(ids)
            ids.append(nxt)
        return Schedule(self.start, tuple(ids))

    @classmethod
    def loads(cls, text: str, where: str = "schedule") -> Schedule:
        check_depth(text, where)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise _perr(where, f"not valid TOML: {exc}") from None
        if data.get("format") != SCHEDULE_FORMAT:
            raise _perr(where, f"format: expected {SCHEDULE_FORMAT!r}")
        extra = sorted(set(data) - {"format", "start", "ids"})
        if extra:
            raise _perr(where, f"{extra[0]}: unknown field")
        start = data.get("start")
        if not isinstance(start, _dt.date) or isinstance(start, _dt.datetime):
            raise _perr(where, "start: a date like 2026-12-01")
        ids = data.get("ids")
        if not isinstance(ids, list) or not all(isinstance(i, str) and _ID.match(i) for i in ids):
            raise _perr(where, "ids: a list of puzzle ids")
        return cls(start, tuple(ids))

    def dumps(self) -> str:
        lines = [f'format = "{SCHEDULE_FORMAT}"',
                 "# Day k (0-based) from start shows ids[k]. Append only: `tianjiu puzzles schedule",
                 "# --extend DAYS` adds days at the end. Past the last date the list repeats",
                 "# from the start (day k shows ids[k mod len]).",
                 f"start = {self.start.isoformat()}", "ids = ["]
        for i in range(0, len(self.ids), 10):
            lines.append("  " + ", ".join(f'"{x}"' for x in self.ids[i:i + 10]) + ",")
        lines.append("]")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict:
        """What pages read (``schedule.json``): no engine needed to pick the day's puzzle."""
        return {"format": SCHEDULE_FORMAT, "start": self.start.isoformat(),
                "end": self.end.isoformat(), "ids": list(self.ids),
                "rule": "day k = days from start; id = ids[((k % n) + n) % n]"}

    def check(self, known: Iterable[str], previous: Schedule | None = None,
              where: str = "schedule") -> list[str]:
        """Problems: unknown ids, a past day changed (against ``previous``), a repeat before
        every known puzzle was used."""
        known = set(known)
        out = [f"{where}: ids[{i}] = {pid!r} is not a puzzle in the collection"
               for i, pid in enumerate(self.ids) if pid not in known]
        if previous is not None:
            if previous.start != self.start:
                out.append(f"{where}: start changed from {previous.start} to {self.start} "
                           "(append only: past days must not change)")
            elif self.ids[:len(previous.ids)] != previous.ids:
                i = next((k for k, (a, b) in enumerate(zip(self.ids, previous.ids)) if a != b),
                         len(self.ids))
                out.append(f"{where}: day {i} changed or was removed (append only: add new days "
                           "at the end with `tianjiu puzzles schedule --extend DAYS`)")
        seen: set[str] = set()
        for i, pid in enumerate(self.ids):
            if pid in seen and not known <= seen:
                out.append(f"{where}: ids[{i}] repeats {pid!r} before every puzzle was used")
                break
            seen.add(pid)
            if known <= seen:
                seen = set()
        return out


def _mix(pid: str) -> str:
    return hashlib.sha256(f"tianjiu-schedule:{pid}".encode()).hexdigest()


def _date(value: Any, where: str) -> _dt.date:
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, str):
        try:
            return _dt.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise NotationError(f"{where}: a date like \"2026-12-01\", not {value!r}")


def load_schedule(path: str) -> Schedule:
    """``puzzles/schedule.toml`` → :class:`Schedule` (:class:`PuzzleError` names the file)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise PuzzleError(f"{path}: cannot read: {exc.strerror}") from None
    return Schedule.loads(text, path)


def schedule_json(schedule: Schedule | str) -> dict:
    """The JSON copy pages read: from a :class:`Schedule` or the TOML text."""
    if isinstance(schedule, str):
        schedule = Schedule.loads(schedule)
    return schedule.to_json()


def puzzle_for(date: _dt.date | str, schedule: Schedule | str) -> str:
    """The id of ``date``'s puzzle (the rule of :meth:`Schedule.puzzle_for`)."""
    if isinstance(schedule, str):
        schedule = Schedule.loads(schedule)
    return schedule.puzzle_for(date)


# --------------------------------------------------------------------------- sample
SAMPLE = '''
format = "tianjiu-puzzle/1"
id = "sample"
themes = ["yao_finish"]
difficulty = 1
solution = ["46"]
[title]
hant = "留么"
en = "Keep the 么"
[explanation]
hant = "丁三是最後一張牌，沒有人打得過：么結雙倍。"
en = "丁三 is the last tile and nobody can beat it: a 么 finish pays double."
[position]
banker = "E"
leader = "W"
[position.tiles]
E = "16 15"
S = "16 46"
W = "46 12"
N = "15 24"
[position.dong]
E = 3
S = 2
W = 1
N = 0
'''
"""A two-tile puzzle for examples and tests: West leads 紅頭十 first (nobody can beat it)
and finishes with 丁三 (North's 二四 may not beat it: North has no 棟); 丁三 first is
captured by 二四."""


# --------------------------------------------------------------------------- bridge ops
def _puzzle_of(req: dict[str, Any]) -> Puzzle:
    text = req.get("toml")
    if not isinstance(text, str):
        raise NotationError("give the puzzle file's text as \"toml\"")
    return Puzzle.loads(text)


def _moves_of(req: dict[str, Any]) -> list:
    moves = req.get("moves", [])
    if not isinstance(moves, list):
        raise NotationError(f"moves: a list of the hero's actions, not {moves!r}")
    return moves


@register("puzzle_load")
def _op_load(req: dict[str, Any]) -> dict:
    return load_json(_puzzle_of(req))


@register("puzzle_step")
def _op_step(req: dict[str, Any]) -> dict:
    if "move" not in req:
        raise NotationError("puzzle_step needs the hero's \"move\"")
    return step(_puzzle_of(req), _moves_of(req), req["move"])


@register("puzzle_values")
def _op_values(req: dict[str, Any]) -> dict:
    return values(_puzzle_of(req), _moves_of(req))


@register("puzzle_hint")
def _op_hint(req: dict[str, Any]) -> dict:
    return hint(_puzzle_of(req), _moves_of(req))


@register("puzzle_solution")
def _op_solution(req: dict[str, Any]) -> dict:
    return solution_line(_puzzle_of(req), _moves_of(req) if "moves" in req else None)


@register("daily_puzzle")
def _op_daily(req: dict[str, Any]) -> dict:
    sched = req.get("schedule")
    if not isinstance(sched, str):
        raise NotationError("give the schedule file's text as \"schedule\"")
    s = Schedule.loads(sched)
    date = _date(req.get("date"), "date")
    k = s.day(date)
    return {"id": s.puzzle_for(date), "date": date.isoformat(), "day": k,
            "repeat": not 0 <= k < len(s.ids)}


@register("puzzle_themes")
def _op_themes(req: dict[str, Any]) -> list[dict]:
    return [{"id": t, "hant": v[0], "hans": v[1], "en": v[2], "blurb": {"hant": v[3], "en": v[4]}}
            for t, v in THEMES.items()]

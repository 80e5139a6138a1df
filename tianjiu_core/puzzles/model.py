"""The puzzle file: :class:`Puzzle` (``format = "tianjiu-puzzle/1"``), its themes, the verification
constants and a sample (contract: ``PUZZLES.md``; the whole story in :mod:`tianjiu_core.puzzles`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import TianJiuError
from ..limits import TomlTextError, parse_toml, quote, read_text
from ..notation import SEATS
from ..tiengow.position import FORMAT as POSITION_FORMAT
from ..tiengow.position import Position
from ..tomlw import value as toml_value


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

ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
_LANGS = ("hant", "en")
_KEYS = {"format", "id", "themes", "difficulty", "visibility", "source", "solution", "title",
         "prompt", "hint", "explanation", "position"}

Text = dict[str, str]

THEMES: dict[str, tuple[str, str, str, str, str]] = {
    # id: 繁, 简, English, blurb 繁, blurb en   (spec §7)
    "yao_finish": ("么結", "么结", "Finishing with a 么 (lowest tile)",
                   "留丁三或銅錘六做最後一張牌結，贏雙倍；但要提防二四或高腳七把它擒住。",
                   "Keep 丁三 (Gee Joon three) or 銅錘六 (Look) as the last tile and finish with it "
                   "for double — unless 二四 (Gee Joon six) or 高腳七 (Tit) can capture it."),
    "dun_tian": ("敦天", "敦天", "Bank a 棟 (stack) early",
                 "牌弱時先出天或九，穩穩拿下一棟，免得空棟。",
                 "With a weak hand, lead 天 (Teen) or a 九 (Gow) early to bank a 棟 (stack) and avoid 空棟 (no stacks)."),
    "eligibility": ("結的資格", "结的资格", "Eligibility to finish",
                    "一棟都未贏的一家，最後一墩單張不准打；要結，手上要先有棟。",
                    "A seat with no 棟 (stacks won) may not beat a last single: win a 棟 first, or use the "
                    "rule against a seat that has none."),
    "stop_banker": ("莫讓莊結", "莫让庄结", "Stop the banker",
                    "莊家結牌，人人照莊家的倍數輸（第一手莊加倍，連莊更多）；閒家要搶先截住莊家。",
                    "When the banker finishes everybody pays the banker's multiplier (double in "
                    "the banker's first hand, more after 連莊): take the finish away from the banker."),
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
    "zun_timing": ("賀尊擒尊", "贺尊擒尊", "When to play 至尊 (Supreme)",
                   "至尊什麼時候出：早出收賀尊錢，留到最後包尊，文尊還要防高腳七對。",
                   "When to lead 至尊 (Supreme): early for the 賀尊 money, last for 包尊 — and a 文尊 "
                   "(a pair of 銅錘六, Look) can be captured by a pair of 高腳七 (Tit)."),
    "bao_zun": ("包尊・四大包", "包尊・四大包", "Finish with 至尊 (Supreme) or a four",
                "用至尊或四張牌結，輸家加倍甚至四倍。",
                "Finish with 至尊 (Supreme, ×2) or a four-tile play (×4)."),
    "sweep": ("七支・八支", "七支・八支", "Sweeps: all 8 stacks (七支 / 八支)",
              "一家贏盡八棟：七支雙倍，八支四倍。",
              "One seat takes all eight 棟 (stacks): 七支 pays double, 八支 four times."),
}
"""Theme ids (spec §7) → (繁, 简, English name, one-line blurb 繁, blurb en)."""
THEME_IDS: tuple[str, ...] = tuple(THEMES)


class PuzzleError(TianJiuError):
    """A puzzle or schedule file that is malformed, or a puzzle that fails verification.

    The message starts with the file (or id) and the field: ``puzzles/0007.toml: themes: …``.
    """


def puzzle_error(where: str, message: str, zh: str | None = None) -> PuzzleError:
    """``where: message`` (and ``where：zh`` in 繁體 when given: errors a reader of the site
    may meet, such as a puzzle file that is not TOML; the rest are for puzzle authors)."""
    return PuzzleError(f"{where}: {message}",
                       zh=f"{'題目' if where == 'puzzle' else where}：{zh}" if zh else None)


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
            raise puzzle_error(where, "a puzzle is a table of fields")
        unknown = sorted((k for k in data if k not in _KEYS), key=str)
        if unknown:
            name = unknown[0] if isinstance(unknown[0], str) and len(unknown[0]) <= 40 else quote(unknown[0])
            raise puzzle_error(where, f"{name}: unknown field; known: {', '.join(sorted(_KEYS))}")
        if data.get("format") != FORMAT:
            raise puzzle_error(where, f"format: expected {FORMAT!r}, not {quote(data.get('format'))}")
        pid = data.get("id")
        if not isinstance(pid, str) or not ID_PATTERN.match(pid):
            raise puzzle_error(where, f"id: 1–32 letters, digits, '-' or '_' (like \"0007\"), not {quote(pid)}")
        themes = data.get("themes")
        if (not isinstance(themes, list) or not themes or len(themes) > len(THEMES)
                or not all(isinstance(t, str) for t in themes)):
            raise puzzle_error(where, "themes: a non-empty list of theme ids like [\"yao_finish\"]")
        for t in themes:
            if t not in THEMES:
                raise puzzle_error(where, f"themes: unknown theme {quote(t)}; known: {', '.join(THEME_IDS)}")
        if len(set(themes)) != len(themes):
            raise puzzle_error(where, "themes: a theme is listed twice")
        diff = data.get("difficulty")
        if not isinstance(diff, int) or isinstance(diff, bool) or not 1 <= diff <= 5:
            raise puzzle_error(where, f"difficulty: a whole number 1 (easy) … 5 (hard), not {quote(diff)}")
        vis = data.get("visibility", "open")
        if vis not in ("open", "hidden"):
            raise puzzle_error(where, f"visibility: \"open\" or \"hidden\", not {quote(vis)}")
        source = data.get("source", "hand")
        if not isinstance(source, str) or not (source == "hand" or source.startswith("mined:")):
            raise puzzle_error(where, f"source: \"hand\" or \"mined:<seed>\", not {quote(source)}")
        sol = data.get("solution")
        if (not isinstance(sol, list) or not sol or len(sol) > 8
                or not all(isinstance(s, str) and s.strip() and len(s) <= 200 for s in sol)):
            raise puzzle_error(where, "solution: a non-empty list of the hero's actions like [\"66\", \"discard 12\"]")
        texts: dict[str, Text | None] = {}
        for key in ("title", "explanation", "prompt", "hint"):
            texts[key] = _text(data.get(key), f"{where}: {key}", required=key in ("title", "explanation"))
        pos_in = data.get("position")
        if not isinstance(pos_in, dict):
            raise puzzle_error(where, "position: a [position] table (tianjiu-position/1 without its format key)")
        pos_in = dict(pos_in)
        if pos_in.get("format", POSITION_FORMAT) != POSITION_FORMAT:
            raise puzzle_error(where, f"position.format: expected {POSITION_FORMAT!r}")
        try:
            pos = Position.from_dict(pos_in)
        except TianJiuError as exc:
            raise puzzle_error(where, str(exc)) from None
        if not pos.is_open:
            raise puzzle_error(where, "position: a puzzle stores the true deal: no '-' tiles "
                        "(visibility = \"hidden\" hides the other hands from the solver and the page)")
        if pos.hero is not None and pos.hero != pos.to_act:
            raise puzzle_error(where, f"position.hero: the hero is the seat to act ({SEATS[pos.to_act]}), "
                        f"not {SEATS[pos.hero]}")
        return cls(id=pid, position=pos, solution=tuple(s.strip() for s in sol),
                   themes=tuple(themes), difficulty=diff, visibility=vis, source=source,
                   title=texts["title"], explanation=texts["explanation"],  # type: ignore[arg-type]
                   prompt=texts["prompt"], hint=texts["hint"])

    @classmethod
    def loads(cls, text: str, where: str = "puzzle") -> Puzzle:
        """A puzzle from TOML text (:class:`PuzzleError` for anything wrong)."""
        if not isinstance(text, str):
            raise puzzle_error(where, f"a puzzle is TOML text, not {quote(text)}")
        try:
            data = parse_toml(text, where)
        except TomlTextError as exc:
            raise puzzle_error(where, f"not valid TOML: {exc.en}", f"題目不是正確的 TOML：{exc.zh}") from None
        return cls.from_dict(data, where)

    @classmethod
    def load(cls, path: str) -> Puzzle:
        """A puzzle from a file; its ``id`` must be the file's name without ``.toml``."""
        import os

        text = read_text(path, "puzzle", error=PuzzleError)
        p = cls.loads(text, path)
        stem = os.path.splitext(os.path.basename(path))[0]
        if p.id != stem:
            raise puzzle_error(path, f"id: {p.id!r} must be the file's name ({stem!r})")
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
    if any(isinstance(v, str) and len(v) > 4000 for v in value.values()):
        raise PuzzleError(f"{where}: a text of at most 4,000 characters")
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
    extra = sorted((k for k in value if k not in ("hant", "hans", "en")), key=str)
    if extra:
        raise PuzzleError(f"{where}.{quote(extra[0]) if len(str(extra[0])) > 40 else extra[0]}: "
                          "unknown language; use hant, hans, en")
    return out


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

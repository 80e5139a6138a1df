"""``tianjiu puzzles …`` — check, mine, schedule and show puzzles (a command group of :mod:`tianjiu_core.cli.main`).

.. code-block:: sh

    tianjiu puzzles check puzzles/                 # verify every puzzle and the schedule
    tianjiu puzzles check puzzles/0007.toml --json
    tianjiu puzzles check puzzles/ --cache .cache/puzzles-check.json   # skip unchanged files
    tianjiu puzzles mine --seed 1000 --count 10 --out /tmp/mined       # new puzzle files
    tianjiu puzzles mine --seed 1 --count 5 --theme sweep --hidden --sizes 2,3
    tianjiu puzzles mine --seed 1 --count 1 --template wu_zi_qiao_shuang_qiang --margin 1
    tianjiu puzzles schedule --extend 30           # append 30 days to puzzles/schedule.toml
    tianjiu puzzles show puzzles/0007.toml         # the puzzle, its values and its line

Exit status: 0 success; 1 a puzzle or the schedule failed the check (each bad file is
named on stderr); 2 bad input.  Imported only by the command line (it needs argparse
and subprocess); the browser uses the ``puzzle_*`` bridge ops.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from .common import CommandTable, plural
from ..errors import TianJiuError
from ..limits import read_text
from ..notation import SEATS
from ..puzzles import (
    THEME_IDS, THEMES, MineStats, Puzzle, PuzzleError, Schedule, load_schedule, mine,
    play_line, solution_line, values, verify,
)

__all__ = ["check_paths", "engine_fingerprint", "CheckResult"]

COMMANDS = CommandTable()

SCHEDULE_NAME = "schedule.toml"


# --------------------------------------------------------------------------- check
ENGINE_MODULES = ("puzzles", "solver", "tiengow", "tiles.py", "notation.py", "rng.py", "errors.py",
                  "limits.py", "tomlw.py", "_lazy.py")
"""The packages and modules (paths inside ``tianjiu_core``) whose code decides a puzzle's verdict
(the cache key hashes their sources)."""


def engine_fingerprint() -> str:
    """A hash of the sources of :data:`ENGINE_MODULES`: a cached check is reused only while
    they are unchanged (edits to the lessons, the CLI or the site do not invalidate it)."""
    h = hashlib.sha256()
    package = Path(__file__).resolve().parent.parent
    for name in ENGINE_MODULES:
        path = package / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:   # a missing module is an error, never an empty hash
            h.update(str(f.relative_to(package)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


class CheckResult:
    """What :func:`check_paths` found: reports per file, problems per file, timing."""

    def __init__(self) -> None:
        self.reports: dict[str, dict] = {}       # path → VerifyReport.to_json() (+ "cached")
        self.problems: dict[str, list[str]] = {}  # path → problems
        self.puzzles: dict[str, Puzzle] = {}
        self.seconds = 0.0
        self.cached = 0

    @property
    def ok(self) -> bool:
        return not any(self.problems.values())

    def fail(self, path: str, problem: str) -> None:
        self.problems.setdefault(path, []).append(problem)

    def theme_counts(self) -> dict[str, int]:
        counts = {t: 0 for t in THEME_IDS}
        for p in self.puzzles.values():
            for t in p.themes:
                counts[t] += 1
        return counts


def _files(paths: list[str]) -> tuple[list[str], list[str]]:
    """(puzzle files, schedule files) named by ``paths`` (folders: their *.toml)."""
    puzzles, schedules = [], []
    for p in paths:
        if os.path.isdir(p):
            for name in sorted(os.listdir(p)):
                full = os.path.join(p, name)
                if name == SCHEDULE_NAME:
                    schedules.append(full)
                elif name.endswith(".toml") and os.path.isfile(full):
                    puzzles.append(full)
        elif os.path.isfile(p):
            (schedules if os.path.basename(p) == SCHEDULE_NAME else puzzles).append(p)
        else:
            raise TianJiuError(f"{p}: no such file or folder")
    return puzzles, schedules


def _git_previous(path: str) -> str | None:
    """The file's text at git HEAD, or None (not in git, not committed, no git)."""
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=os.path.dirname(
            os.path.abspath(path)), capture_output=True, text=True, timeout=20)
        if top.returncode != 0:
            return None
        rel = os.path.relpath(os.path.abspath(path), top.stdout.strip()).replace(os.sep, "/")
        shown = subprocess.run(["git", "show", f"HEAD:{rel}"], cwd=top.stdout.strip(),
                               capture_output=True, text=True, timeout=20)
        return shown.stdout if shown.returncode == 0 else None
    except (OSError, subprocess.SubprocessError):
        return None


def check_paths(paths: list[str], cache: str | None = None, git: bool = True,
                progress: Any = None) -> CheckResult:
    """Verify puzzle files and schedules (see :func:`tianjiu_core.puzzles.verify`).

    cache: a JSON file of reports of sound puzzles keyed by the SHA-256 of the file's
    text and the engine's sources — unchanged puzzles are not re-solved.  git: compare
    each schedule with its committed version (append only).  Also checks that ids are
    unique and each schedule names only puzzles of its folder.
    """
    t0 = time.perf_counter()
    res = CheckResult()
    files, schedules = _files(paths)
    store: dict[str, dict] = {}
    if cache and os.path.exists(cache):
        try:
            with open(cache, encoding="utf-8") as fh:
                store = json.load(fh)
        except (OSError, json.JSONDecodeError):
            store = {}
    fp = engine_fingerprint()
    fresh: dict[str, dict] = {}
    ids: dict[str, str] = {}
    texts: dict[str, str] = {}
    for path in files:   # load every file first (cheap): the schedule needs the ids
        try:
            texts[path] = read_text(path, "puzzle", error=PuzzleError)
            puzzle = Puzzle.load(path)
        except TianJiuError as exc:
            res.fail(path, str(exc))
            if progress:
                progress(path, None, str(exc))
            continue
        if puzzle.id in ids:
            res.fail(path, f"{path}: id {puzzle.id!r} is also used by {ids[puzzle.id]}")
        ids[puzzle.id] = path
        res.puzzles[path] = puzzle
    for path in schedules:   # before the slow part, so a schedule error shows at once
        folder_ids = {p.id for f, p in res.puzzles.items()
                      if os.path.dirname(os.path.abspath(f)) == os.path.dirname(os.path.abspath(path))}
        if not folder_ids:   # a schedule checked alone: the ids of its folder
            folder_ids = {os.path.splitext(n)[0] for n in os.listdir(os.path.dirname(os.path.abspath(path)))
                          if n.endswith(".toml") and n != SCHEDULE_NAME}
        try:
            sched = load_schedule(path)
        except TianJiuError as exc:
            res.fail(path, str(exc))
            continue
        previous = None
        if git:
            old = _git_previous(path)
            if old is not None:
                try:
                    previous = Schedule.loads(old, f"{path} (HEAD)")
                except TianJiuError:
                    previous = None
        for prob in sched.check(folder_ids, previous, path):
            res.fail(path, prob)
    for path, puzzle in res.puzzles.items():
        key = hashlib.sha256((fp + "\0" + texts[path]).encode()).hexdigest()
        if key in store:
            rep = dict(store[key], cached=True)
            res.cached += 1
        else:
            rep = verify(puzzle, path).to_json()
        res.reports[path] = rep
        if rep["ok"]:
            fresh[key] = {k: v for k, v in rep.items() if k != "cached"}
        for prob in rep["problems"]:
            res.fail(path, f"{path}: {prob}")
        if progress:
            progress(path, rep, None)
    if cache:
        try:
            os.makedirs(os.path.dirname(os.path.abspath(cache)), exist_ok=True)
            with open(cache, "w", encoding="utf-8") as fh:
                json.dump(fresh, fh, ensure_ascii=False, indent=0)
        except OSError:
            pass
    res.seconds = time.perf_counter() - t0
    return res


def _check_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", help="puzzle files or folders (a folder's schedule.toml is checked "
                   "too; a folder without *.toml files is an error, exit 2)")
    p.add_argument("--cache", default=None, help="JSON cache of sound puzzles by content hash")
    p.add_argument("--no-git", action="store_true", help="do not compare the schedule with git HEAD")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--quiet", action="store_true", help="print only failures and the summary")


def _check(args: argparse.Namespace, out: TextIO) -> int:
    def progress(path: str, rep: dict | None, error: str | None) -> None:
        if args.json or (args.quiet and rep is not None and rep["ok"]):
            return
        if rep is None:
            out.write(f"FAIL {path}: {error}\n")
            return
        mark = "ok  " if rep["ok"] else "FAIL"
        cached = " (cached)" if rep.get("cached") else ""
        vals = " ".join(f"{v:+g}" for v in rep["values"])
        margins = " ".join("-" if m is None else f"{m:g}" for m in rep["margins"])
        out.write(f"{mark} {path}  {rep['seconds']:.2f}s{cached}  values {vals}  margins "
                  f"{margins}  step work {rep['step_nodes']:,}\n")
        out.flush()

    for path in args.paths:   # checking nothing is not a pass
        if os.path.isdir(path) and _files([path]) == ([], []):
            raise TianJiuError(f"{path}: no puzzle files (*.toml) in this folder")
    res = check_paths(args.paths, cache=args.cache, git=not args.no_git, progress=progress)
    if args.json:
        out.write(json.dumps({"ok": res.ok, "reports": res.reports, "problems": res.problems,
                              "themes": res.theme_counts(), "seconds": round(res.seconds, 2),
                              "cached": res.cached}, ensure_ascii=False) + "\n")
    else:
        counts = res.theme_counts()
        out.write(f"{plural(len(res.reports), 'puzzle')} checked in {res.seconds:.1f}s "
                  f"({res.cached} from cache); themes: "
                  + ", ".join(f"{t} {n}" for t, n in counts.items()) + "\n")
    for path, probs in res.problems.items():
        for prob in probs:
            sys.stderr.write(f"tianjiu puzzles check: {prob if prob.startswith(path) else path + ': ' + prob}\n")
    return 0 if res.ok else 1


# --------------------------------------------------------------------------- mine
def _mine_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, required=True, help="first deal's seed (deals seed, seed+1, …)")
    p.add_argument("--count", type=int, required=True, help="puzzles to find")
    p.add_argument("--out", default=None, help="folder to write NNNN.toml files to (default: print)")
    p.add_argument("--first-id", type=int, default=None,
                   help="number of the first file written (default: after the folder's highest)")
    p.add_argument("--theme", action="append", choices=THEME_IDS, default=None,
                   help="keep only puzzles showing this theme (repeatable)")
    p.add_argument("--hidden", action="store_true", help="hidden-hand puzzles (judged by expected value)")
    p.add_argument("--sizes", default="2,3,4", help="tiles a seat at the puzzle's start (default 2,3,4)")
    p.add_argument("--margin", type=float, default=2.0,
                   help="stake units the best action must beat the next by (default 2)")
    p.add_argument("--max-deals", type=int, default=100_000, help="give up after this many deals")
    p.add_argument("--template", choices=THEME_IDS, default=None,
                   help="positions built around this theme's pattern instead of played deals "
                        "(puzzles.template_positions; source mined:T<seed>)")


def _mine(args: argparse.Namespace, out: TextIO) -> int:
    if not 1 <= args.count <= 100_000 or not 0 <= args.seed < 2 ** 64:
        raise TianJiuError("--count is 1–100000 and --seed 0 ≤ seed < 2**64")
    if args.max_deals < 1 or not 0 <= args.margin < 10_000 or args.margin != args.margin:
        raise TianJiuError("--max-deals ≥ 1 and --margin 0 ≤ margin < 10000")
    if args.first_id is not None and not 1 <= args.first_id <= 99_999_999:
        raise TianJiuError("--first-id is 1–99999999")
    try:
        sizes = tuple(int(x) for x in args.sizes.split(",")) if len(args.sizes) <= 40 else ()
    except ValueError:
        sizes = ()
    if not sizes:
        raise TianJiuError(f"--sizes is a list like 2,3,4, not {args.sizes[:40]!r}")
    if not all(1 <= s <= 8 for s in sizes):
        raise TianJiuError("--sizes are tiles a seat, 1–8")
    seen: set = set()
    next_id = args.first_id
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        existing = []
        for name in os.listdir(args.out):
            stem = name[:-5] if name.endswith(".toml") else ""
            if stem.isdigit():
                existing.append(int(stem))
                try:
                    seen.add(Puzzle.load(os.path.join(args.out, name)).position.dumps())
                except TianJiuError:
                    pass
        if next_id is None:
            next_id = max(existing, default=0) + 1
    stats = MineStats()
    t0 = time.perf_counter()
    written: list[str] = []

    def progress(p: Puzzle, st: MineStats) -> None:
        nonlocal next_id
        if args.out:
            pid = f"{next_id:04d}"
            next_id += 1
            p = p.with_changes(id=pid)
            path = os.path.join(args.out, f"{pid}.toml")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(p.dumps())
            written.append(path)
            sys.stderr.write(f"{path}: {', '.join(p.themes)} (difficulty {p.difficulty}, "
                             f"{time.perf_counter() - t0:.1f}s)\n")
        else:
            out.write(p.dumps() + "\n")

    mine(args.seed, args.count, themes=args.theme, hidden=args.hidden, sizes=sizes,
         margin=args.margin, max_deals=args.max_deals, stats=stats, seen=seen, progress=progress,
         template=args.template)
    per = f"{stats.seconds / stats.found:.1f}s a puzzle" if stats.found else "none found"
    sys.stderr.write(f"mined {plural(stats.found, 'puzzle')} from {plural(stats.deals, 'deal')}, "
                     f"{plural(stats.positions, 'position')} ({stats.solved:,} solved) in {stats.seconds:.1f}s — "
                     f"{per}; rejected: "
                     + ", ".join(f"{k} {v}" for k, v in sorted(stats.rejected.items())) + "\n")
    return 0 if stats.found else 1


# --------------------------------------------------------------------------- schedule
def _schedule_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("--extend", type=int, required=True, help="days to append")
    p.add_argument("--file", default="puzzles/schedule.toml", help="the schedule (default puzzles/schedule.toml)")
    p.add_argument("--start", default=None, help="the first date when creating a new schedule (YYYY-MM-DD)")


def _schedule(args: argparse.Namespace, out: TextIO) -> int:
    import datetime

    if not 1 <= args.extend <= 3660:
        raise TianJiuError(f"--extend is 1–3660 days, not {args.extend}")
    folder = os.path.dirname(os.path.abspath(args.file))
    ids = sorted(n[:-5] for n in os.listdir(folder) if n.endswith(".toml") and n != SCHEDULE_NAME)
    if os.path.exists(args.file):
        sched = load_schedule(args.file)
    else:
        try:
            start = datetime.date.fromisoformat(args.start) if args.start else datetime.date.today()
        except ValueError:
            raise TianJiuError(f"--start is a date like 2026-12-01, not {args.start[:40]!r}") from None
        sched = Schedule(start, ())
    new = sched.extended(args.extend, ids)
    problems = new.check(ids, previous=sched, where=args.file)
    if problems:
        raise PuzzleError("; ".join(problems))
    with open(args.file, "w", encoding="utf-8") as fh:
        fh.write(new.dumps())
    out.write(f"{args.file}: {len(sched.ids)} → {plural(len(new.ids), 'day')}, {new.start} … {new.end}\n")
    return 0


# --------------------------------------------------------------------------- show
def _show_setup(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a puzzle file")
    p.add_argument("--json", action="store_true", help="print the solution line as JSON")


def _show(args: argparse.Namespace, out: TextIO) -> int:
    p = Puzzle.load(args.file)
    if args.json:
        out.write(json.dumps(solution_line(p), ensure_ascii=False) + "\n")
        return 0
    pos = p.position
    lines = [f"{p.id}  {p.title['hant']} / {p.title['en']}",
             f"themes {', '.join(f'{t} ({THEMES[t][0]})' for t in p.themes)}; difficulty "
             f"{p.difficulty}; {p.visibility}; {p.source}",
             f"banker {SEATS[pos.banker]} (streak {pos.banker_streak}); hero {SEATS[p.hero]}"]
    for s in range(4):
        lines.append(f"  {SEATS[s]} {pos.dong[s]} 棟  {' '.join(t.code for t in pos.holdings[s])}")
    if pos.trick:
        lines.append("  trick: " + ", ".join(str(a) for a in pos.trick))
    vals = values(p, [])
    for a in vals["steps"][0]["actions"]:
        lines.append(f"    {a['action']:<16} {a['value']:>+8}{'  *' if a['best'] else ''}")
    line = play_line(p, list(p.solution))
    for st in line.steps:
        lines.append(f"  {st.move}  → " + ", ".join(str(r) for r in st.replies))
    if line.rest:
        lines.append("  then: " + ", ".join(str(r) for r in line.rest))
    res = line.hand.result
    if res is not None:
        lines.append(f"  {SEATS[res.finisher]} finishes ({res.settlement.finish}); net "
                     + ", ".join(f"{s} {v:+d}" for s, v in zip(SEATS, res.payments)))
    lines += ["", p.explanation["hant"], p.explanation["en"]]
    out.write("\n".join(lines) + "\n")
    return 0


# --------------------------------------------------------------------------- the subcommand
_ACTIONS = {"check": (_check_setup, _check, "verify puzzles and the schedule (exit 1 naming the bad file)"),
            "mine": (_mine_setup, _mine, "find new puzzles in seeded deals played by the engine"),
            "schedule": (_schedule_setup, _schedule, "append days to the daily schedule"),
            "show": (_show_setup, _show, "print a puzzle, its values and its line")}


def _setup(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="puzzles_command", required=True)
    for name, (setup, _, help_text) in _ACTIONS.items():
        setup(sub.add_parser(name, help=help_text, description=help_text))


@COMMANDS.command("puzzles", _setup, "puzzles: check, mine, schedule, show")
def _puzzles(args: argparse.Namespace, out: TextIO) -> int:
    return _ACTIONS[args.puzzles_command][1](args, out)


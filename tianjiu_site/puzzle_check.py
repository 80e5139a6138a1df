"""The site build verifies the puzzle collection (``tianjiu puzzles check puzzles/``).

Called from :mod:`tianjiu_site.hooks` before every build: each puzzle file is solved
by the engine (see :func:`tianjiu_core.puzzles.verify`) unless it passed before with
the same text and the same engine sources — results are cached by content hash in
``.cache/puzzles-check.json`` (ignored by git) — and the schedule is checked against
the collection and git HEAD.  Any failure stops the build with an error that names
the bad file.  The test command checks the whole collection without the cache
(``tests/puzzles/test_puzzles_collection.py``).
"""

from __future__ import annotations

import logging
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUZZLES_DIR = ROOT / "puzzles"
CACHE = ROOT / ".cache" / "puzzles-check.json"

log = logging.getLogger("mkdocs.hooks.tianjiu")
_done: set[str] = set()


class PuzzleCheckError(RuntimeError):
    """A puzzle (or the schedule) failed the check; the message names the file."""


def check_collection(folder: Path = PUZZLES_DIR, cache: Path | None = CACHE) -> None:
    """Verify every puzzle in ``folder`` (cached); raise :class:`PuzzleCheckError` naming
    the bad files.  Runs once per process for an unchanged folder."""
    if not folder.is_dir():
        return
    from tianjiu_core.cli.puzzles import check_paths, engine_fingerprint

    stamp = engine_fingerprint() + "".join(
        f"{p.name}:{p.stat().st_mtime_ns}" for p in sorted(folder.glob("*.toml")))
    if stamp in _done:
        return
    res = check_paths([str(folder)], cache=str(cache) if cache else None)
    if not res.ok:
        lines = [prob for probs in res.problems.values() for prob in probs]
        raise PuzzleCheckError("puzzle check failed (tianjiu puzzles check puzzles/):\n  "
                               + "\n  ".join(lines))
    _done.add(stamp)
    log.info("puzzles: %d checked in %.1fs (%d from cache)", len(res.reports), res.seconds,
             res.cached)

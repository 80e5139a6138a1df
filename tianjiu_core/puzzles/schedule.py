"""The daily schedule (``puzzles/schedule.toml``): day k from ``start`` shows ``ids[k mod len]``;
extended append-only, least recently used id first."""

from __future__ import annotations

import datetime as _dt
import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import NotationError
from ..limits import TomlTextError, parse_toml
from .model import PuzzleError, SCHEDULE_FORMAT, ID_PATTERN, puzzle_error


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
        return (parse_date(date, "date") - self.start).days

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
        try:
            data = parse_toml(text, where)
        except TomlTextError as exc:
            raise puzzle_error(where, f"not valid TOML: {exc.en}", f"題目表不是正確的 TOML：{exc.zh}") from None
        if data.get("format") != SCHEDULE_FORMAT:
            raise puzzle_error(where, f"format: expected {SCHEDULE_FORMAT!r}")
        extra = sorted(set(data) - {"format", "start", "ids"})
        if extra:
            raise puzzle_error(where, f"{extra[0]}: unknown field")
        start = data.get("start")
        if not isinstance(start, _dt.date) or isinstance(start, _dt.datetime):
            raise puzzle_error(where, "start: a date like 2026-12-01")
        ids = data.get("ids")
        if not isinstance(ids, list) or not all(isinstance(i, str) and ID_PATTERN.match(i) for i in ids):
            raise puzzle_error(where, "ids: a list of puzzle ids")
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


def parse_date(value: Any, where: str) -> _dt.date:
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if isinstance(value, str):
        try:
            return _dt.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise NotationError(f"{where}: a date like \"2026-12-01\", not {value!r}",
                        zh=f"{where}：日期要寫成 \"2026-12-01\" 這樣，不是 {value!r}")


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

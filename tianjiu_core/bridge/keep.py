"""Hands kept for the host: a live hand that outlives the page that played it.

A page that plays a hand (``new_hand`` with ``keep: SLOT``) must not hold the deal — it would
see every seat's tiles — yet a reload, a phone discarding the tab or a switch to the other
language's page should not throw the hand away.  So the *engine's host* keeps it: after each
request the host (the browser worker, ``site/assets/tianjiu/worker.js``) asks
:func:`take_kept` what changed and writes it to its own storage (IndexedDB, which the site's page
scripts never read); when it starts again it hands everything back with :func:`give_kept`, and
the op ``resume_hand`` (``hand_ops``) rebuilds the hand from it and answers with the seat
view only.  A host without storage (Node, the command line) simply never calls these two, and
``resume_hand`` answers that nothing is kept.

What is kept for a slot is JSON text, at most :data:`MAX_CHARS` characters:
``{"v": 1, "record": hand record TOML (the wall and the actions so far), "humans": [seats],
"players": {seat: strength}}``.  Slot names are 1–40 characters of ``A-Z a-z 0-9 _ -``.
"""

from __future__ import annotations

import json
import re

__all__ = ["MAX_CHARS", "MAX_SLOTS", "SLOT", "forget", "get", "give_kept", "put", "take_kept"]

SLOT = re.compile(r"[A-Za-z0-9_-]{1,40}")
"""A slot name: what ``new_hand``'s ``keep`` and ``resume_hand``'s ``keep`` take."""
MAX_CHARS = 20_000
"""Characters of one kept entry (a hand record is about 1,000)."""
MAX_SLOTS = 16
"""Entries :func:`give_kept` takes (the host keeps the newest)."""

_given: dict[str, str] = {}     # slot → text, handed back by the host at start
_changed: dict[str, str | None] = {}   # slot → new text, or None: forget it


def put(slot: str, text: str) -> None:
    """Keep ``text`` under ``slot`` (the host writes it after this request)."""
    _given[slot] = text
    _changed[slot] = text


def forget(slot: str) -> None:
    """Nothing is kept under ``slot`` any more (a finished or abandoned hand)."""
    _given.pop(slot, None)
    _changed[slot] = None


def get(slot: str) -> str | None:
    """The text kept under ``slot``, or None."""
    return _given.get(slot)


def take_kept() -> str:
    """For the host, after every request: the changes since the last call as JSON text,
    ``{slot: text or null}`` (null: delete the entry); ``"{}"`` when nothing changed."""
    if not _changed:
        return "{}"
    out = json.dumps(_changed, ensure_ascii=False)
    _changed.clear()
    return out


def give_kept(text: str) -> int:
    """For the host, once at start: what it kept, as JSON text ``{slot: text}``.  Entries that
    are not a valid slot and a string of at most :data:`MAX_CHARS` characters are skipped (a
    corrupt store costs the hands in it, never the start); returns how many were taken.
    Never raises."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return 0
    if not isinstance(data, dict):
        return 0
    taken = 0
    for slot, value in list(data.items())[:MAX_SLOTS]:
        if isinstance(slot, str) and SLOT.fullmatch(slot) and isinstance(value, str) and len(value) <= MAX_CHARS:
            _given[slot] = value
            taken += 1
    return taken

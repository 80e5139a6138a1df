"""The tutorial's exercises: the registry of question kinds, and how a question is asked and graded.

Every exercise of the ten lessons is graded here, never in the page: the
page asks for a question, shows it, and sends the user's answer back; the
verdict and the reason come from the rules engine (``classify``, ``beats``,
:class:`~tianjiu_core.tiengow.game.Hand`, :func:`~tianjiu_core.tiengow.scoring.settle`,
:func:`~tianjiu_core.tiengow.deal.deal` and, for the strategy lesson, the solver).

Questions are **stateless**: a question is fully determined by its ``kind``
and an integer ``seed`` (0 ≤ seed < 2⁵³, drawn by the page), so grading
re-creates the question from the same pair.  The page never receives the
answer, except after a correct try or when the user asks to see it
(``reveal``).

Bridge ops (JSON in / out, in :mod:`tianjiu_core.bridge.lesson_ops`):

``lesson_kinds``
    ``[{"kind", "lesson"}]`` — every question kind and the lesson it belongs to.
``lesson_question {"kind", "seed"}``
    the question: ``{"kind", "seed", "prompt": T, "ui": "choice" | "pick",
    "choices": [{"id", "text"?: T, "tiles"?: [codes], "seat"?}], "show"?: {"tiles": [...]},
    "board"?: {...}, "hand"?: [codes], "pick_max"?: n, "cycle"?: {"n", "count"}}`` where ``T``
    is a text in ``{"hant", "en"}`` (and ``"hans"`` where it differs from a character-by-character
    conversion, e.g. tile names).  ``cycle`` marks kinds with a fixed set of positions
    (``finish_kind``, ``strategy``, ``rules``): consecutive seeds visit position ``seed % count``
    in turn, so the page can say when it starts again.
``lesson_check {"kind", "seed", "answer", "reveal"?}``
    ``{"correct": bool, "why": T, "answer": <the right id / tiles> | null}``;
    ``answer`` is given when the try was right or ``reveal`` is true.  ``why`` starts with the
    verdict (對！/ 不對 … , Right! / Not quite.) and says what is true, so a wrong try never
    reads like a right one.
``lesson_trick {"n"}`` / ``lesson_trick_play {"n", "action"}``
    lesson 4: one trick against the engine's players (see :func:`trick_play`).
``lesson_example {"id"}``
    lesson 7: a bonus or special finish played out step by step by the engine.

Kinds (lesson): ``tile_name``, ``tile_find`` (1), ``rank_winner`` (2),
``play_build``, ``can_beat`` (3), ``finish_who`` (5), ``settle_amount`` (6),
``finish_kind`` (7), ``deal_first``, ``deal_stacks`` (8), ``strategy`` (9),
``rules`` (10).  Errors: :class:`NotationError` for an unknown kind, a bad
seed or a malformed answer (the bridge turns it into ``ok: false``).

>>> q = question("tile_find", 7); q["ui"], len(q["choices"])
('choice', 4)
>>> check("tile_find", 7, solution("tile_find", 7))["correct"]
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import NotationError
from .common import seeded_rng
from .dealing import deal_first_question, deal_stacks_question
from .finishing import finish_kind_question, finish_who_question
from .house_rules import rules_question
from .settlement import settle_question
from .strategy import strategy_question
from .tiles_and_plays import can_beat_question, play_build_question, rank_question, tile_question


# --------------------------------------------------------------------- registry

KINDS: dict[str, tuple[int, Callable]] = {
    "tile_name": (1, tile_question),
    "tile_find": (1, tile_question),
    "rank_winner": (2, rank_question),
    "play_build": (3, play_build_question),
    "can_beat": (3, can_beat_question),
    "finish_who": (5, finish_who_question),
    "settle_amount": (6, settle_question),
    "finish_kind": (7, finish_kind_question),
    "deal_first": (8, deal_first_question),
    "deal_stacks": (8, deal_stacks_question),
    "strategy": (9, strategy_question),
    "rules": (10, rules_question),
}
"""kind → (lesson number, builder); a builder returns (question, grade, answer)."""


def _build(kind: Any, seed: Any):
    if not isinstance(kind, str) or kind not in KINDS:
        raise NotationError(f"unknown exercise kind {kind!r}; known: {', '.join(KINDS)}",
                            zh=f"沒有這種練習 {kind!r}；有的是：{', '.join(KINDS)}")
    seeded_rng(kind, seed)  # validates the seed
    return KINDS[kind][1](kind, seed)


def question(kind: str, seed: int) -> dict:
    """The question for (kind, seed), without its answer (see the module docstring)."""
    q, _, _ = _build(kind, seed)
    return {"kind": kind, "seed": seed, **q}


def check(kind: str, seed: int, answer: Any, reveal: bool = False) -> dict:
    """Grade ``answer`` to the question (kind, seed): ``{"correct", "why", "answer"}``."""
    _, grade, _ = _build(kind, seed)
    return grade(answer, bool(reveal))


def solution(kind: str, seed: int) -> Any:
    """The right answer (for tests; never sent to a page except by ``check``)."""
    return _build(kind, seed)[2]

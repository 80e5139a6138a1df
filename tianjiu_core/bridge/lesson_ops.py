"""Bridge ops of the tutorial's exercises (the lessons' quizzes, one trick, played examples).

``lesson_kinds``, ``lesson_question``, ``lesson_check``, ``lesson_trick``, ``lesson_trick_play``,
``lesson_example``.
"""

from __future__ import annotations

from typing import Any

from ..lessons.examples import EXAMPLES, example
from ..lessons.quizzes import KINDS, check, question
from ..lessons.trick import TRICK_SEEDS, trick_play, trick_start
from .fields import Fields, limit

__all__ = ["OPS"]

_SEED_MAX = 2 ** 64 - 1


def _kinds_op(req: dict) -> list[dict]:
    Fields(req).done()
    return [{"kind": k, "lesson": v[0]} for k, v in KINDS.items()]


def _kind_seed(f: Fields) -> tuple[str, int]:
    return (f.str("kind", choices=tuple(KINDS)), f.int("seed", 0, _SEED_MAX))


def _question_op(req: dict) -> dict:
    f = Fields(req)
    kind, seed = _kind_seed(f)
    f.done()
    return question(kind, seed)


def _answer(f: Fields) -> Any:
    """``answer``: a choice id (a string) or the tiles picked (a list of short strings)."""
    v = f.raw("answer", expected="an answer (a choice or a list of tiles)")
    if isinstance(v, list):
        items = f.list("answer")
        for i, x in enumerate(items):
            if not isinstance(x, str) or len(x) > limit("name_chars"):
                raise f.error(f"answer[{i}]", "a tile code or choice (a short string)", x, "牌的代碼或選項（短字串）")
        return items
    return f.str("answer", limit("string_chars"))


def _check_op(req: dict) -> dict:
    f = Fields(req)
    kind, seed = _kind_seed(f)
    answer = _answer(f)
    reveal = f.bool("reveal", default=False)
    f.done()
    return check(kind, seed, answer, reveal)


def _trick_n(f: Fields) -> int:
    return f.int("n", 0, len(TRICK_SEEDS) - 1, default=0)


def _trick_op(req: dict) -> dict:
    f = Fields(req)
    n = _trick_n(f)
    f.done()
    return trick_start(n)


def _trick_play_op(req: dict) -> dict:
    f = Fields(req)
    n = _trick_n(f)
    action = f.str("action", limit("string_chars"))
    f.done()
    with f.about("action"):
        return trick_play(n, action)


def _example_op(req: dict) -> dict:
    f = Fields(req)
    key = f.str("id", choices=tuple(EXAMPLES))
    f.done()
    return example(key)


OPS = {
    "lesson_kinds": _kinds_op,
    "lesson_question": _question_op,
    "lesson_check": _check_op,
    "lesson_trick": _trick_op,
    "lesson_trick_play": _trick_play_op,
    "lesson_example": _example_op,
}

"""Bridge ops of the tutorial's exercises (the lessons' quizzes, one trick, played examples).

``lesson_kinds``, ``lesson_question``, ``lesson_check``, ``lesson_trick``, ``lesson_trick_play``,
``lesson_example``.
"""

from __future__ import annotations

from ..errors import NotationError
from ..lessons.examples import example
from ..lessons.quizzes import KINDS, check, question
from ..lessons.trick import trick_play, trick_start

__all__ = ["OPS"]


def _kinds_op(req: dict) -> list[dict]:
    return [{"kind": k, "lesson": v[0]} for k, v in KINDS.items()]


def _question_op(req: dict) -> dict:
    return question(req.get("kind"), req.get("seed"))


def _check_op(req: dict) -> dict:
    if "answer" not in req:
        raise NotationError("lesson_check needs an answer")
    return check(req.get("kind"), req.get("seed"), req["answer"], bool(req.get("reveal")))


def _trick_op(req: dict) -> dict:
    return trick_start(req.get("n", 0))


def _trick_play_op(req: dict) -> dict:
    return trick_play(req.get("n", 0), req.get("action"))


def _example_op(req: dict) -> dict:
    return example(req.get("id"))


OPS = {
    "lesson_kinds": _kinds_op,
    "lesson_question": _question_op,
    "lesson_check": _check_op,
    "lesson_trick": _trick_op,
    "lesson_trick_play": _trick_play_op,
    "lesson_example": _example_op,
}

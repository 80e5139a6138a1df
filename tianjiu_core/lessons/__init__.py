"""The tutorial's engine-graded exercises (site/lessons): every quiz, trick and example of the ten
lessons is graded here, never in the page.

Modules: :mod:`.quizzes` (the registry of question kinds; :func:`question`, :func:`check`,
:func:`solution`), one module per lesson group (:mod:`.tiles_and_plays` 1–3,
:mod:`.finishing` 5 and 7, :mod:`.settlement` 6, :mod:`.dealing` 8, :mod:`.strategy` 9,
:mod:`.house_rules` 10), :mod:`.trick` (lesson 4's trick), :mod:`.examples` (lesson 7's played
examples), and what they share (:mod:`.common` texts and seeded choices, :mod:`.positions`).
The bridge ops are in :mod:`tianjiu_core.bridge.lesson_ops`.
"""

from __future__ import annotations

from .._lazy import lazy

_EXPORTS = {
    "question": ".quizzes",
    "check": ".quizzes",
    "solution": ".quizzes",
    "KINDS": ".quizzes",
    "FINISH_CHOICES": ".finishing",
    "trick_start": ".trick",
    "trick_play": ".trick",
    "TRICK_SEEDS": ".trick",
    "example": ".examples",
    "EXAMPLES": ".examples",
    "T": ".common",
    "Text": ".common",
    "MAX_SEED": ".common",
}

__getattr__, __dir__ = lazy(__name__, globals(), _EXPORTS)
__all__ = list(_EXPORTS)

"""House rules: one frozen, flat options object (spec §7b) and its presets.

Every variant of spec §3–§6 is a field with its default; presets are named
instances.  Unknown names and bad values raise
:class:`~tianjiu_core.errors.RulesError` saying which option and what it
accepts.

>>> Rules()  == Rules.preset("hk")
True
>>> Rules.preset("classic").he_zun, Rules.preset("no_wen_zun").wen_zun
(False, False)
>>> Rules.from_dict({"preset": "hk", "empty_dong_units": 4}).empty_dong_units
4
>>> Rules.from_dict({"wen_zun": "yes"})
Traceback (most recent call last):
...
tianjiu_core.errors.RulesError: option 'wen_zun' must be true or false, not 'yes'
>>> Rules(wen_zunn=False)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tianjiu_core.errors.RulesError: unknown rules option 'wen_zunn'; known options: banker_ba_zhi_strict, ...
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import wraps
from typing import Any, Literal

from ..errors import RulesError

__all__ = ["Rules", "PRESETS"]

_CHOICES: dict[str, tuple[Any, ...]] = {
    "yao_capture_factor": (4, 2),
    "natural_hands": ("one_red", "none", "all"),
    "banker_rotation": ("winner", "rotate"),
    "empty_dong_units": (5, 4),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of spec §7b, with their defaults (the ``hk`` preset).

    ``Rules(option=value, …)``, :meth:`preset` (``Rules.preset("classic")``) or
    :meth:`from_dict` (``Rules.from_dict({"preset": "hk", "wen_zun": False})``); an unknown
    option or a bad value raises :class:`~tianjiu_core.errors.RulesError` (a ``ValueError``).

    Bonuses and special finishes (spec §6) — each true by default:
      ``he_zun`` 賀尊, ``si_da_he`` 四大賀, ``yao_finish`` 么結,
      ``yao_capture`` 么雙擒四, ``bao_zun`` 包尊, ``si_da_bao`` 四大包,
      ``sweep`` 七支/八支.
    Supreme: ``wen_zun`` (15+15 is 文尊), ``wen_zun_capture`` (16+16 擒尊).
      The capturer's money is 尊錢, the 賀尊 payment, so with ``he_zun`` off a
      capture wins the trick but collects nothing (our reading; the seeds only
      describe 擒尊 together with 賀尊).
    Scoring: ``si_da_he_banker_multiplier`` (四大賀 × banker multiplier),
      ``yao_capture_factor`` (4 or 2), ``banker_ba_zhi_strict`` (seed 000's
      stricter banker 八支), ``natural_hands`` 例牌 (``"none"``, ``"one_red"``,
      ``"all"``), ``empty_dong_units`` 空棟 (5 or 4).
    Table: ``banker_rotation`` — ``"winner"`` 飛莊 or ``"rotate"`` 輪莊.
    Mainland variants (seed 002): ``lead_face_down``, ``must_beat``,
      ``zhizun_singles_lowest``.
    """

    wen_zun: bool = True
    wen_zun_capture: bool = True
    he_zun: bool = True
    si_da_he: bool = True
    yao_finish: bool = True
    yao_capture: bool = True
    bao_zun: bool = True
    si_da_bao: bool = True
    sweep: bool = True
    si_da_he_banker_multiplier: bool = False
    yao_capture_factor: Literal[4, 2] = 4
    banker_ba_zhi_strict: bool = False
    natural_hands: Literal["none", "one_red", "all"] = "one_red"
    banker_rotation: Literal["winner", "rotate"] = "winner"
    empty_dong_units: Literal[5, 4] = 5
    lead_face_down: bool = False
    must_beat: bool = False
    zhizun_singles_lowest: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            choices = _CHOICES.get(f.name)
            if choices is None:
                if not isinstance(value, bool):
                    raise RulesError(f"option {f.name!r} must be true or false, not {value!r}")
            elif value not in choices or type(value) not in {type(c) for c in choices}:
                # exact type: True == 1 and 4.0 == 4, but neither is a valid choice
                raise RulesError(
                    f"option {f.name!r} must be one of {', '.join(map(repr, choices))}, not {value!r}")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named preset: ``hk`` (defaults), ``no_wen_zun``, ``classic``."""
        try:
            return PRESETS[name]
        except (KeyError, TypeError):  # TypeError: an unhashable name such as a list
            raise RulesError(
                f"unknown rules preset {name!r}: use one of {', '.join(PRESETS)}",
                zh=f"沒有叫 {name!r} 的規則預設：請用 {'、'.join(PRESETS)} 其中之一") from None

    @classmethod
    def from_dict(cls, data: dict[str, Any] | str | None) -> Rules:
        """Rules from a preset name, or a mapping ``{"preset": …, option: value, …}``.

        Raises :class:`RulesError` for an unknown preset, an unknown option
        name (listing the known ones) or a bad value.
        """
        if data is None:
            return cls()
        if isinstance(data, str):
            return cls.preset(data)
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a preset name or a table of options, not {data!r}")
        data = dict(data)
        base = cls.preset(data.pop("preset", "hk"))
        _refuse_unknown(data)
        return replace(base, **data)

    def to_dict(self) -> dict[str, Any]:
        """Every option and its value."""
        return asdict(self)

    def overrides(self) -> dict[str, Any]:
        """The smallest ``{"preset": …, option: value}`` that rebuilds these rules."""
        best: dict[str, Any] | None = None
        mine = self.to_dict()
        for name, preset in PRESETS.items():
            theirs = preset.to_dict()
            diff = {k: v for k, v in mine.items() if theirs[k] != v}
            if best is None or len(diff) < len(best) - 1:
                best = {"preset": name, **diff}
        assert best is not None
        return best

    def __repr__(self) -> str:
        diff = self.overrides()
        preset = diff.pop("preset")
        if not diff:
            return f"Rules.preset({preset!r})"
        return f"Rules.from_dict({ {'preset': preset, **diff}!r})"


_OPTIONS = frozenset(f.name for f in fields(Rules))


def _refuse_unknown(names: Any) -> None:
    """A :class:`RulesError` naming the first of ``names`` that is no option, listing the
    known ones (:meth:`Rules.from_dict` and ``Rules(…)`` alike)."""
    unknown = sorted(set(names) - _OPTIONS)
    if unknown:
        raise RulesError(
            f"unknown rules option {unknown[0]!r}; known options: {', '.join(sorted(_OPTIONS))}")


def _refuse_unknown_options(init: Any) -> Any:
    """The dataclass's ``__init__``, with an unknown keyword option a :class:`RulesError` (as in
    :meth:`Rules.from_dict`) instead of Python's bare ``TypeError``."""
    @wraps(init)
    def __init__(self: Rules, *args: Any, **options: Any) -> None:
        _refuse_unknown(options)
        init(self, *args, **options)
    return __init__


Rules.__init__ = _refuse_unknown_options(Rules.__init__)  # type: ignore[method-assign]


_CLASSIC_OFF = dict(he_zun=False, si_da_he=False, yao_finish=False, yao_capture=False,
                    bao_zun=False, si_da_bao=False, sweep=False, wen_zun=False,
                    wen_zun_capture=False, natural_hands="none")

PRESETS: dict[str, Rules] = {
    "hk": Rules(),
    "no_wen_zun": Rules(wen_zun=False),
    "classic": Rules(**_CLASSIC_OFF),
}
"""The named presets of spec §7b."""

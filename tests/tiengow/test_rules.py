"""Rules: the options of spec §7b, their defaults, presets and errors."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from tianjiu_core.errors import RulesError
from tianjiu_core.tiengow.rules import PRESETS, Rules

# spec §7b, copied by hand
SPEC_DEFAULTS = {
    "wen_zun": True, "wen_zun_capture": True,
    "he_zun": True, "si_da_he": True, "yao_finish": True, "yao_capture": True, "bao_zun": True,
    "si_da_bao": True, "sweep": True,
    "si_da_he_banker_multiplier": False, "yao_capture_factor": 4, "banker_ba_zhi_strict": False,
    "natural_hands": "one_red", "banker_rotation": "winner", "empty_dong_units": 5,
    "lead_face_down": False, "must_beat": False, "zhizun_singles_lowest": False,
}
BONUSES = ("he_zun", "si_da_he", "yao_finish", "yao_capture", "bao_zun", "si_da_bao", "sweep")


def test_defaults_are_the_spec_table():
    assert Rules().to_dict() == SPEC_DEFAULTS


def test_presets():
    assert set(PRESETS) == {"hk", "no_wen_zun", "classic"}
    assert Rules.preset("hk") == Rules()
    assert Rules.preset("no_wen_zun").to_dict() == {**SPEC_DEFAULTS, "wen_zun": False}
    classic = Rules.preset("classic")
    assert not any(getattr(classic, b) for b in BONUSES)
    assert (classic.wen_zun, classic.wen_zun_capture, classic.natural_hands) == (False, False, "none")
    with pytest.raises(RulesError, match="unknown rules preset 'macau'"):
        Rules.preset("macau")


def test_from_dict():
    assert Rules.from_dict(None) == Rules() and Rules.from_dict("classic") == PRESETS["classic"]
    r = Rules.from_dict({"preset": "classic", "sweep": True, "natural_hands": "all"})
    assert r.sweep and r.natural_hands == "all" and not r.he_zun
    assert Rules.from_dict({"empty_dong_units": 4}).empty_dong_units == 4


@pytest.mark.parametrize("data,message", [
    ({"wen_zun": "yes"}, "option 'wen_zun' must be true or false, not 'yes'"),
    ({"wen_zun": 1}, "option 'wen_zun' must be true or false, not 1"),
    ({"yao_capture_factor": 3}, "option 'yao_capture_factor' must be one of 4, 2, not 3"),
    ({"yao_capture_factor": True}, "yao_capture_factor"),
    ({"yao_capture_factor": 4.0}, "yao_capture_factor"),
    ({"empty_dong_units": 5.0}, "empty_dong_units"),
    ({"natural_hands": "some"}, "natural_hands"),
    ({"banker_rotation": "random"}, "banker_rotation"),
    ({"he_zunn": True}, "unknown rules option 'he_zunn'; known options:"),
    ({"preset": "x"}, "unknown rules preset 'x'"),
    ({"preset": ["hk"]}, "preset"),
    (["hk"], "rules must be a preset name or a table of options"),
])
def test_bad_options_are_refused(data, message):
    with pytest.raises(RulesError) as exc:
        Rules.from_dict(data)  # type: ignore[arg-type]
    assert message in str(exc.value)


def test_bad_constructor_values():
    with pytest.raises(RulesError):
        Rules(must_beat=None)  # type: ignore[arg-type]


def test_an_unknown_constructor_option_is_a_rules_error():
    """``Rules(foo=1)`` raised Python's bare TypeError; now the documented RulesError
    (a ValueError), worded as from_dict's."""
    with pytest.raises(RulesError) as exc:
        Rules(nonsense=True)  # type: ignore[call-arg]
    assert str(exc.value) == ("unknown rules option 'nonsense'; known options: "
                              + ", ".join(sorted(f.name for f in dataclasses.fields(Rules))))
    assert isinstance(exc.value, ValueError)
    with pytest.raises(RulesError, match="unknown rules option 'bar'"):   # the first in order, as from_dict
        Rules(wen_zun=False, foo=1, bar=2)  # type: ignore[call-arg]
    assert Rules(True, must_beat=True).must_beat and dataclasses.replace(Rules(), sweep=False).sweep is False
    assert inspect.signature(Rules).parameters["wen_zun"].default is True   # the signature kept


def test_frozen_and_hashable():
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.wen_zun = False  # type: ignore[misc]
    assert len({Rules(), Rules.preset("hk"), Rules(wen_zun=False)}) == 2


@pytest.mark.parametrize("rules", [
    Rules(), Rules(wen_zun=False), Rules.preset("classic"),
    Rules(must_beat=True, lead_face_down=True, empty_dong_units=4),
    Rules.from_dict({"preset": "classic", "he_zun": True, "yao_capture_factor": 2}),
])
def test_overrides_and_repr_round_trip(rules):
    over = rules.overrides()
    assert over["preset"] in PRESETS and Rules.from_dict(over) == rules
    assert eval(repr(rules)) == rules  # noqa: S307 - repr is a constructor call
    assert Rules.from_dict(rules.to_dict()) == rules


def test_overrides_are_small():
    assert Rules().overrides() == {"preset": "hk"}
    assert Rules(wen_zun=False, must_beat=True).overrides() == {"preset": "no_wen_zun",
                                                                "must_beat": True}
    assert repr(Rules.preset("classic")) == "Rules.preset('classic')"

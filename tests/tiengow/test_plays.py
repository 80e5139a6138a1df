"""The nine play classes and beats() (spec §2), positive and negative."""

from __future__ import annotations

import itertools

import pytest

from tianjiu_core.errors import IllegalActionError
from tianjiu_core.notation import parse_tiles
from tianjiu_core.tiengow.plays import (PLAY_CLASSES, NotAPlayError, Play, all_plays, beats,
                                captures_wen_zun, classify, try_classify)
from tianjiu_core.tiengow.rules import Rules
from tianjiu_core.tiles import tile_by_code

NO_WEN_ZUN = Rules(wen_zun=False)
NO_CAPTURE = Rules(wen_zun_capture=False)
LOWEST = Rules(zhizun_singles_lowest=True)


def P(text, rules=None):
    return classify(parse_tiles(text), rules)


# every class, high to low, as the spec's table lists it (one example per rank)
ORDERS = {
    "civil_single": ["66", "11", "44", "13", "55", "33", "22", "56", "46", "16", "15"],
    "military_single": ["36", "26", "25", "24", "14", "12"],
    "civil_pair": ["66 66", "11 11", "44 44", "13 13", "55 55", "33 33", "22 22", "56 56",
                   "46 46", "16 16"],
    "military_pair": ["36 45", "26 35", "25 34", "14 23"],
    "mixed_pair": ["66 36", "11 26", "44 25", "13 14"],
    "three_civil": ["66 66 36", "11 11 26", "44 44 25", "13 13 14"],
    "three_military": ["66 36 45", "11 26 35", "44 25 34", "13 14 23"],
    "four": ["66 66 36 45", "11 11 26 35", "44 44 25 34", "13 13 14 23"],
}

NAMES = {
    "66": ("天", "Teen"), "36": ("雜九", "Chop Gow"), "66 66": ("雙天", "Pair of Teen"),
    "15 15": ("文尊", "Civil Supreme"), "24 12": ("至尊", "Gee Joon (Supreme)"),
    "36 45": ("雜九對", "Chop Gow pair"), "11 35": ("地八", "Day Bot"),
    "44 44 34": ("三文人七", "Three civil Yun Chit"), "13 14 23": ("三武和五", "Three military Gor Ng"),
    "66 66 36 45": ("四天九", "Four Teen Gow"), "13 13 14 23": ("四和五", "Four Gor Ng"),
}


@pytest.mark.parametrize("cls", list(ORDERS))
def test_each_class_in_order(cls):
    plays = [P(t) for t in ORDERS[cls]]
    assert all(p.cls == cls for p in plays)
    for (i, hi), (j, lo) in itertools.product(enumerate(plays), repeat=2):
        assert beats(lo, hi) == (i < j), (hi, lo)  # strictly higher beats, equal/lower never


@pytest.mark.parametrize("text,cls", [
    ("45", "military_single"), ("35", "military_single"), ("34", "military_single"),
    ("23", "military_single"),
    ("66 45", "mixed_pair"), ("11 35", "mixed_pair"), ("44 34", "mixed_pair"), ("13 23", "mixed_pair"),
    ("66 66 45", "three_civil"), ("13 13 23", "three_civil"),
    ("24 12", "supreme"), ("12 24", "supreme"), ("15 15", "supreme"),
    ("36 66 45 66", "four"),  # any order
])
def test_other_faces_classify(text, cls):
    assert P(text).cls == cls


def test_both_faces_of_a_military_value_are_equal():
    for a, b in [("36", "45"), ("26", "35"), ("25", "34"), ("14", "23")]:
        assert P(a).rank == P(b).rank
        assert not beats(P(a), P(b)) and not beats(P(b), P(a))
    assert P("66 36").rank == P("66 45").rank and not beats(P("66 36"), P("66 45"))
    assert not beats(P("66 66 36"), P("66 66 45"))


@pytest.mark.parametrize("text,why", [
    ("", "no tiles"),
    ("66 66 36 45 11", "5 tiles"),
    ("66 11", "two different civil tiles (天, 地) are not a pair"),
    ("36 26", "military tiles of different values (9 and 8) are not a pair"),
    ("24 24", None),                       # only one 24 exists; never a pair
    ("12 14", "military tiles of different values (5 and 3)"),
    ("24 14", "military tiles of different values (6 and 5)"),
    ("66 26", "are not a civil–military pair"),   # 天 goes with 九 only
    ("11 36", "are not a civil–military pair"),
    ("55 36", "are not a civil–military pair"),   # only 天/地/人/和 pair with a military
    ("15 24", "are not a civil–military pair"),
    ("66 11 36", "three tiles make a play only as 三文"),
    ("55 55 36", "三文"),
    ("66 36 26", "三文"),
    ("66 66 26", "三文"),
    ("66 36 45 12", "four tiles make a play only as"),
    ("66 66 36 26", "four tiles"),
    ("66 66 11 11", "four tiles"),
    ("24 12 15 15", "four tiles"),
])
def test_not_plays(text, why):
    tiles = tuple(tile_by_code(c) for c in text.split())  # not parse_tiles: 24 24 cannot exist
    result = try_classify(tiles)
    assert isinstance(result, str)
    if why:
        assert why in result
    with pytest.raises(NotAPlayError) as exc:
        classify(tiles)
    assert isinstance(exc.value, IllegalActionError) and "is not a play" in str(exc.value)


def test_wen_zun_option():
    wz = P("15 15")
    assert wz.cls == "supreme" and wz.wen_zun and wz.name() == "文尊"
    assert P("24 12").cls == "supreme" and not P("24 12").wen_zun
    plain = P("15 15", NO_WEN_ZUN)
    assert plain.cls == "civil_pair" and plain.name() == "雙銅錘六"
    # without 文尊, 15+15 is the lowest civil pair
    pairs = [P(t, NO_WEN_ZUN) for t in ORDERS["civil_pair"]]
    assert all(beats(plain, p, NO_WEN_ZUN) for p in pairs)
    assert not beats(P("16 16", NO_WEN_ZUN), plain, NO_WEN_ZUN)
    # a single 15 plays normally either way
    assert P("15").cls == "civil_single" and beats(P("15"), P("16"))


def test_supreme_is_neither_beaten_nor_beats():
    for best in (P("24 12"), P("15 15")):
        for p in all_plays():
            if captures_wen_zun(best, p):
                continue
            assert not beats(best, p), (best, p)
            assert not beats(p, best), (p, best)


def test_qin_zun_capture():
    assert beats(P("15 15"), P("16 16")) and captures_wen_zun(P("15 15"), P("16 16"))
    # only 16+16, only over a 文尊, only with the option
    assert not beats(P("15 15"), P("66 66"))
    assert not beats(P("24 12"), P("16 16"))
    assert not beats(P("15 15", NO_CAPTURE), P("16 16", NO_CAPTURE), NO_CAPTURE)
    assert not captures_wen_zun(P("15 15"), P("16 16"), NO_CAPTURE)
    # the 高腳七 pair beats an ordinary lower pair as a civil pair, not as a capture
    assert not captures_wen_zun(P("15 15", NO_WEN_ZUN), P("16 16", NO_WEN_ZUN), NO_WEN_ZUN)


def test_classes_never_beat_each_other():
    for rules in (Rules(), NO_WEN_ZUN, LOWEST):
        plays = all_plays(rules)
        for best, p in itertools.product(plays, repeat=2):
            if best.cls != p.cls and beats(best, p, rules):
                assert best.wen_zun and p.codes == ("16", "16"), (best, p)
    # the spec's own examples
    assert not beats(P("36 45"), P("11 26"))          # 地八 cannot beat 雜九對
    assert not beats(P("13 14 23"), P("11 11 26"))    # 三文地八 cannot beat 三武和五
    assert not beats(P("11 26"), P("66 66"))
    assert not beats(P("26 35"), P("66 36"))


def test_zhizun_singles_lowest():
    # default: 24 is a military six, above the fives
    assert beats(P("14"), P("24")) and not beats(P("24"), P("14"))
    assert beats(P("12"), P("14"))
    # option: 24 and 12 rank below every military single (24 still above 12)
    r = LOWEST
    assert beats(P("24", r), P("14", r), r) and beats(P("24", r), P("23", r), r)
    assert not beats(P("14", r), P("24", r), r)
    assert beats(P("12", r), P("24", r), r) and not beats(P("24", r), P("12", r), r)
    assert P("24 12", r).cls == "supreme"


def test_names():
    for text, (zh, en) in NAMES.items():
        p = P(text)
        assert (p.name("hant"), p.name("en")) == (zh, en), text
    assert P("13 14").name("hans") == "和五" and P("55 55").name("hans") == "双梅"
    assert P("66 66").class_name("en") == "civil pair" and P("36").class_name() == "武"


def test_play_value_semantics():
    p = Play.parse("45 66")
    assert str(p) == "66 45" and repr(p) == "Play.parse('66 45')" and len(p) == 2
    assert eval(repr(p)) == p and p.codes == ("66", "45")
    assert Play.parse("天 天", NO_WEN_ZUN).cls == "civil_pair"


def test_all_plays():
    plays = all_plays()
    assert len(plays) == 61 and len(set(plays)) == 61
    by_class = {c: sum(p.cls == c for p in plays) for c in PLAY_CLASSES}
    assert by_class == {"civil_single": 11, "military_single": 10, "civil_pair": 10,
                        "military_pair": 4, "mixed_pair": 8, "supreme": 2, "three_civil": 8,
                        "three_military": 4, "four": 4}
    no_wz = {c: sum(p.cls == c for p in all_plays(NO_WEN_ZUN)) for c in PLAY_CLASSES}
    assert no_wz["civil_pair"] == 11 and no_wz["supreme"] == 1

"""The Pai Gow bridge ops and ``tianjiu paigow …``: answers, strict field checks (one-line
errors in English and 繁體), exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tianjiu_core.bridge import OP_MODULES, handle, handle_json
from tianjiu_core.cli.main import main


def ok(req):
    resp = handle(req)
    assert resp["ok"], resp
    return resp["result"]


def err(req):
    resp = handle(req)
    assert not resp["ok"], resp
    e = resp["error"]
    assert "\n" not in e["message"] and e["message_zh"], e
    return e


def test_rank_and_compare():
    r = ok({"op": "paigow_rank", "tiles": ["66", "44"]})
    assert (r["name_hant"], r["class"], r["class_en"]) == ("天槓", "gong", "gong")
    c = ok({"op": "paigow_compare", "first": "55 46", "second": "56 36"})
    assert (c["winner"], c["reason_code"]) == ("second", "zero")
    c = ok({"op": "paigow_compare", "first": "55 46", "second": "56 36", "banker": "first"})
    assert c["winner"] == "first"
    c = ok({"op": "paigow_compare", "first": "55 46", "second": "56 36",
            "rules": {"zero_rule": False}})
    assert (c["winner"], c["reason_code"]) == ("first", "tile")
    big = ok({"op": "paigow_compare", "first": "66 44 / 12 35", "second": "11 26 / 13 22"})
    assert big["game"] == "big" and big["winner"] is None and big["outcome"] == "push"


def test_set_answer():
    r = ok({"op": "paigow_set", "tiles": "66 44 12 35", "house_way": "nz"})
    assert r["opponent_hands"] == 20475 and len(r["settings"]) == 3
    best = r["settings"][r["optimal"]]
    assert (best["low"]["points"], best["high"]["points"]) == (6, 8)
    assert r["settings"][r["house_way_choice"]]["high"]["name_en"] == "Teen Gong"
    nb = best["not_banking"]
    assert nb["win"] + nb["lose"] + nb["push"] == pytest.approx(1)


@pytest.mark.parametrize("req,field", [
    ({"op": "paigow_rank", "tiles": "66"}, "tiles"),
    ({"op": "paigow_rank", "tiles": "66 77"}, "tiles"),
    ({"op": "paigow_rank", "tiles": 66}, "tiles"),
    ({"op": "paigow_rank", "tiles": True}, "tiles"),
    ({"op": "paigow_rank", "tiles": "6" * 500}, "tiles"),
    ({"op": "paigow_rank", "tiles": ["66"] * 9}, "tiles"),
    ({"op": "paigow_rank", "tiles": "66 44", "extra": 1}, "extra"),
    ({"op": "paigow_rank", "tiles": "66 44", "rules": {"zero_rule": 1}}, "zero_rule"),
    ({"op": "paigow_rank", "tiles": "66 44", "rules": "hk"}, "rules"),
    ({"op": "paigow_rank", "tiles": "66 44", "rules": {"commission": True}}, "commission"),
    ({"op": "paigow_compare", "first": "66 66", "second": "66 44"}, "first and second"),
    ({"op": "paigow_compare", "first": "66 44", "second": "11 26", "banker": 1}, "banker"),
    ({"op": "paigow_compare", "first": "66 44", "second": "11 26", "banker": True}, "banker"),
    ({"op": "paigow_compare", "first": "66 44 / 12", "second": "11 26 / 13 22"}, "first"),
    ({"op": "paigow_set", "tiles": "66 44 12"}, "tiles"),
    ({"op": "paigow_set", "tiles": "36 36 12 35"}, "tiles"),
    ({"op": "paigow_set", "tiles": "66 44 12 35", "house_way": "foxwoods"}, "house way"),
    ({"op": "paigow_set", "tiles": "66 44 12 35", "house_way": 3}, "house_way"),
    ({"op": "paigow_edge", "commissions": [True]}, "commissions"),
    ({"op": "paigow_edge", "commissions": "0.05"}, "commissions"),
])
def test_bad_fields_name_the_field(req, field):
    assert field in err(req)["message"]


@pytest.mark.parametrize("req,start", [
    ({"op": "paigow_rank", "tiles": "66 44", "rules": {"zero_rule": 1}},
     "rules.zero_rule: must be true or false, not 1"),
    ({"op": "paigow_rank", "tiles": "66 44", "rules": {"tile_order": "x"}},
     "rules.tile_order: must be one of casino, seed004"),
    ({"op": "paigow_rank", "tiles": "66 44", "rules": {"zero": False}}, "rules.zero: unknown field"),
    ({"op": "paigow_rank", "tiles": "66 44", "rules": "hk"}, "rules: must be an object of Pai Gow options"),
    ({"op": "paigow_compare", "first": "66 44", "second": "11 26", "banker": 1},
     "banker: must be one of first, second, not 1"),
    ({"op": "paigow_compare", "first": "66 44 / 12", "second": "11 26 / 13 22"},
     "first (after /): a Pai Gow hand here is 2 tiles, not 1"),
    ({"op": "paigow_set", "tiles": "66 44 12 35", "house_way": "foxwoods"},
     "house_way: unknown house way 'foxwoods'"),
    ({"op": "paigow_edge", "commissions": [0.05, True]}, "commissions[1]: must be a rate from 0 to below 1"),
    ({"op": "paigow_edge", "commissions": []}, "commissions: must be a list of 1 to 4 rates"),
    ({"op": "paigow_edge", "commissions": [0.05] * 5}, "commissions: must be a list of at most 4 items"),
    ({"op": "paigow_edge", "commissions": None}, "commissions: must be a list, not null"),
    ({"op": "paigow_house_ways", "x": 1}, "x: unknown field"),
])
def test_errors_start_with_the_fields_path(req, start):
    """The ops read their fields with bridge.fields.Fields: a path (rules.zero_rule,
    commissions[1]) first, as every other op's errors."""
    e = err(req)
    assert e["message"].startswith(start), e
    assert start.split(":")[0].split(".")[-1] in e["message_zh"].split("：")[0], e


def test_every_pai_gow_rules_option_is_read():
    from tianjiu_core.paigow.rules import PaiGowRules
    options = PaiGowRules(gee_joon_wild=False, tile_order="seed004", zero_rule=False,
                          high_nine_pairs=True, commission=0.0476).to_dict()
    assert set(options) == set(PaiGowRules().to_dict())
    r = ok({"op": "paigow_set", "tiles": "66 44 12 35", "rules": options})
    assert r["commission"] == 0.0476


def test_a_big_setting_may_be_a_list():
    big = ok({"op": "paigow_compare", "first": ["66", "44", "/", "12", "35"], "second": "11 26 / 13 22"})
    assert big["game"] == "big" and big["outcome"] == "push"


def test_missing_field_and_json_entry():
    assert "tiles" in err({"op": "paigow_set"})["message"]
    out = json.loads(handle_json('{"op": "paigow_rank", "tiles": "12 24"}'))
    assert out["result"]["name_hant"] == "至尊"


def test_house_ways_op_lists_sources():
    ways = ok({"op": "paigow_house_ways"})
    assert [w["key"] for w in ways] == ["nz", "canberra"]
    assert all("wizardofodds.com" in w["source"] for w in ways)
    assert all(OP_MODULES[op] == "paigow_ops" for op in
               ("paigow_rank", "paigow_compare", "paigow_set", "paigow_edge", "paigow_house_ways"))


def run(capsys, *argv):
    out = io.StringIO()
    code = main(list(argv), out)
    return code, out.getvalue(), capsys.readouterr().err


def test_cli_commands(capsys):
    code, out, _ = run(capsys, "paigow", "rank", "66", "44")
    assert code == 0 and "天槓" in out and "Teen Gong" in out
    code, out, _ = run(capsys, "paigow", "compare", "66 44", "11 26", "--json")
    assert code == 0 and json.loads(out)["winner"] == "first"
    code, out, _ = run(capsys, "paigow", "compare", "55 46", "56 36", "--banker", "first")
    assert code == 0 and out.startswith("first wins")
    code, out, _ = run(capsys, "paigow", "set", "66", "44", "12", "35", "--house-way", "canberra")
    assert code == 0 and "Casino Canberra" in out and "optimal" in out
    code, out, _ = run(capsys, "paigow", "set", "66", "44", "12", "35", "--json")
    data = json.loads(out)
    assert data["house_way"]["key"] == "nz" and data["optimal"] == 1


def test_cli_big_setting_is_low_high_and_either_order_reads_the_same(capsys):
    """The README's example is written 'low / high', as the CLI's error text asks; a setting
    written high first is the same setting (its hands are ordered by rank), as --help says."""
    code, low_high, _ = run(capsys, "paigow", "compare", "12 35 / 66 44", "13 22 / 11 26", "--json")
    data = json.loads(low_high)
    assert code == 0 and data["outcome"] == "push"
    assert (data["first"]["low"]["tiles"], data["first"]["high"]["tiles"]) == (["35", "12"], ["66", "44"])
    assert (data["second"]["low"]["tiles"], data["second"]["high"]["tiles"]) == (["13", "22"], ["11", "26"])
    code, high_low, _ = run(capsys, "paigow", "compare", "66 44 / 12 35", "11 26 / 13 22", "--json")
    assert code == 0 and json.loads(high_low) == data
    with pytest.raises(SystemExit):
        main(["paigow", "compare", "--help"], io.StringIO())
    text = " ".join(capsys.readouterr().out.split())
    assert ("a big Pai Gow setting 'low / high' ('12 35 / 66 44'); the two hands are ordered by "
            "rank, so '66 44 / 12 35' is the same setting") in text
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert 'tianjiu paigow compare "12 35 / 66 44" "13 22 / 11 26"' in readme
    assert "66 44 / 12 35\" \"11 26" not in readme


def test_cli_rank_says_1_point_not_1_points(capsys):
    assert run(capsys, "paigow", "rank", "66", "36") == (
        0, "66 36: 天王 (Teen Wong) — 王 wong, 1 point\n", "")
    code, out, _ = run(capsys, "paigow", "rank", "55", "56")
    assert code == 0 and out.endswith(", 1 point\n")
    code, out, _ = run(capsys, "paigow", "rank", "66", "44")
    assert code == 0 and out.endswith(", 0 points\n")


@pytest.mark.parametrize("argv", [
    ("paigow", "rank", "66", "77"),
    ("paigow", "rank", "66"),
    ("paigow", "set", "66", "66", "66", "12"),
    ("paigow", "set", "66", "44", "12", "35", "--house-way", "foxwoods"),
    ("paigow", "compare", "66 66", "66 44"),
    ("paigow", "rank", "66", "44", "--rules", "{not json"),
    ("paigow", "edge", "--rules", '{"tile_order": "x"}'),
])
def test_cli_bad_input_is_one_line_exit_2(capsys, argv):
    code, out, err_text = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err_text.count("\n") == 1 and err_text.startswith("tianjiu paigow: ")

"""The ``tianjiu`` command line: exit codes, JSON shapes, settle, deal, play, replay.

Most tests call :func:`tianjiu_core.cli.main` in-process (fast); a few run the
real entry points as subprocesses.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from tianjiu_core.cli.main import main
from tianjiu_core.tiengow.deal import deal, shuffled_wall
from tianjiu_core.tiengow.game import Hand
from tianjiu_core.players import greedy_action
from tianjiu_core.tiengow.rules import Rules
from tianjiu_core.tiles import TILES


def run(*argv, stdin=None, monkeypatch=None, capsys=None):
    """(exit status, stdout text, stderr text) of ``tianjiu ARGV``."""
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv), out)
    err = capsys.readouterr().err if capsys is not None else ""
    return code, out.getvalue(), err


@pytest.fixture
def cli(monkeypatch, capsys):
    def call(*argv, stdin=None):
        return run(*argv, stdin=stdin, monkeypatch=monkeypatch, capsys=capsys)
    return call


# ----------------------------------------------------------------- classify / beats

def test_classify_a_play(cli):
    code, out, _ = cli("classify", "66", "66", "36", "45", "--json")
    data = json.loads(out)
    assert code == 0
    assert {k: data[k] for k in ("class", "name_zh", "name_en", "tiles")} == {
        "class": "four", "name_zh": "四天九", "name_en": "Four Teen Gow",
        "tiles": ["66", "66", "36", "45"]}
    code, out, _ = cli("classify", "天", "天", "九", "九")
    assert code == 0 and "四天九" in out and "four" in out


def test_classify_not_a_play_and_bad_notation(cli):
    code, out, _ = cli("classify", "66", "11", "--json")
    assert code == 1 and json.loads(out) == {
        "class": None, "reason": "two different civil tiles (天, 地) are not a pair",
        "reason_zh": "兩張不同的文牌（天、地）不成對", "reason_code": "civil_not_pair",
        "tiles": ["66", "11"]}
    code, out, err = cli("classify", "77", "--json")
    assert code == 2 and out == "" and "'77' at position 0 is not a tile" in err
    code, out, err = cli("classify", "雜九")
    assert code == 2 and "ambiguous" in err and "36 or 45" in err


def test_classify_with_rules(cli):
    assert json.loads(cli("classify", "15", "15", "--json")[1])["class"] == "supreme"
    assert json.loads(cli("classify", "15", "15", "--json", "--rules", "no_wen_zun")[1])[
        "class"] == "civil_pair"
    assert json.loads(cli("classify", "15", "15", "--json", "--rules", '{"wen_zun": false}')[1])[
        "class"] == "civil_pair"
    code, _, err = cli("classify", "15", "--rules", "{bad json")
    assert code == 2 and "--rules is not valid JSON" in err
    code, _, err = cli("classify", "15", "--rules", '{"wen_zunn": true}')
    assert code == 2 and "unknown rules option 'wen_zunn'" in err


@pytest.mark.parametrize("best,play,beats,code", [
    ("56 56", "55 55", True, 0),
    ("56 56", "56 56", False, 1),          # equal never beats
    ("36 45", "11 26", False, 1),          # 地八 cannot beat 雜九對
    ("15 15", "16 16", True, 0),           # 擒尊
    ("24 12", "66 66", False, 1),
])
def test_beats(cli, best, play, beats, code):
    got, out, _ = cli("beats", "--best", best, "--play", play, "--json")
    data = json.loads(out)
    assert got == code and data["beats"] is beats and data["reason"]


def test_beats_bad_input(cli):
    code, _, err = cli("beats", "--best", "56 56", "--play", "99", "--json")
    assert code == 2 and "'99'" in err


@pytest.mark.parametrize("argv,field", [
    (["classify", ""], "tiles"),
    (["classify", " ", "  "], "tiles"),
    (["beats", "--best", "", "--play", "56"], "--best"),
    (["beats", "--best", "56 56", "--play", " "], "--play"),
])
def test_no_tiles_is_bad_input_not_a_negative_answer(cli, argv, field):
    """Empty input asks nothing: exit 2 with a line naming the field (it was exit 1, 'not a play')."""
    code, out, err = cli(*argv, "--json")
    assert (code, out) == (2, "")
    assert err == f"tianjiu {argv[0]}: {field}: no tiles given: write 1 to 4 tiles, e.g. 66 36 or 天 九\n"


# ----------------------------------------------------------------- settle

SPEC_EXAMPLES = [
    ({"banker": "E", "banker_streak": 1, "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3}},
     {"E": -6, "S": 0, "W": -5, "N": 11}),
    ({"banker": "E", "banker_streak": 1, "finisher": "N", "dong": {"E": 1, "S": 5, "W": 0, "N": 2}},
     {"E": -6, "S": 1, "W": -5, "N": 10}),
    # example 4: loser banker streak 2 with 6 棟 is paid 2 (no multiplier on 入)
    ({"banker": "S", "banker_streak": 2, "finisher": "N", "dong": {"E": 0, "S": 6, "W": 0, "N": 2}},
     {"E": -5, "S": 2, "W": -5, "N": 8}),
    # example 5: loser banker streak 2 with 0 棟 pays 15
    ({"banker": "E", "banker_streak": 2, "finisher": "N", "dong": {"E": 0, "S": 4, "W": 2, "N": 2}},
     {"E": -15, "S": 0, "W": -2, "N": 17}),
    # example 6: finisher banker streak 3, loser with 3 棟 pays 4
    ({"banker": "N", "banker_streak": 3, "finisher": "N", "dong": {"E": 3, "S": 1, "W": 0, "N": 4}},
     {"E": -4, "S": -12, "W": -20, "N": 36}),
    # example 7: finisher banker streak 1, loser with 5 棟 is paid 2 (入一入出二)
    ({"banker": "N", "banker_streak": 1, "finisher": "N", "dong": {"E": 5, "S": 0, "W": 0, "N": 3}},
     {"E": 2, "S": -10, "W": -10, "N": 18}),
    # 么雙擒四: 南's 么 was captured; 南 pays everyone's debt × 4
    ({"banker": "E", "banker_streak": 1, "finisher": "N", "dong": {"E": 1, "S": 3, "W": 1, "N": 3},
      "finish": {"kind": "yao", "captured_from": "S"}}, {"E": 0, "S": -40, "W": 0, "N": 40}),
    # 八支 by the banker: 5×2×4 from each
    ({"banker": "E", "finisher": "E", "dong": {"E": 8, "S": 0, "W": 0, "N": 0},
      "finish": {"kind": "plain", "guaranteed": True}}, {"E": 120, "S": -40, "W": -40, "N": -40}),
    # rules: 空棟 charged as 4
    ({"banker": "E", "banker_streak": 1, "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3},
      "rules": {"empty_dong_units": 4}}, {"E": -6, "S": 0, "W": -4, "N": 10}),
]


@pytest.mark.parametrize("request_,payments", SPEC_EXAMPLES)
def test_settle_examples(cli, request_, payments):
    code, out, err = cli("settle", "--json", stdin=json.dumps(request_))
    assert code == 0, err
    data = json.loads(out)
    assert data["payments"] == payments
    assert {"from", "to", "amount", "rule", "detail"} <= set(data["items"][0])
    code, out, _ = cli("settle", json.dumps(request_))          # input as an argument, text out
    assert code == 0 and "net: " in out


def test_settle_text_names_the_rules(cli):
    code, out, _ = cli("settle", stdin=json.dumps(SPEC_EXAMPLES[0][0]))
    assert code == 0
    assert "E pays N 6: 棟 (4−1)=3 × banker 2" in out and "W pays N 5: 空棟 5" in out
    assert out.strip().endswith("net: E -6, S +0, W -5, N +11")


@pytest.mark.parametrize("request_,reason", [
    ({"banker": "E", "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 2}}, "must add up to 8"),
    ({"banker": "E", "finisher": "N", "dong": {"E": 2, "S": 5, "W": 0, "N": 1}},
     "finisher N has 1 棟: a finisher ends with at least 2"),
    ({"banker": "E", "finisher": "N", "dong": {"E": 1, "S": 4, "X": 0, "N": 3}}, "'X' is not a seat"),
    ({"banker": "Q", "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3}}, "'Q' is not a seat"),
    ({"banker": "E", "finisher": "N", "dong": {"E": 1, "S": 4, "N": 3}}, "missing W"),
    ({"banker": "E", "dong": {"E": 1, "S": 4, "W": 0, "N": 3}}, "settle input needs 'finisher'"),
    ({"banker": "E", "finisher": "N", "banker_streak": 0, "dong": {"E": 1, "S": 4, "W": 0, "N": 3}},
     "banker_streak: must be a whole number 1–1,000, not 0"),
    ({"banker": "E", "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3},
      "finish": {"kind": "plain", "last_trick_tiles": "x"}}, "finish.last_trick_tiles: must be a whole number, not 'x'"),
    ({"banker": "E", "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3},
      "finish": {"kind": "yao", "captured_from": "N"}}, "cannot capture its own"),
    ({"banker": "E", "finisher": "N", "dong": [1, 4, 0, 3]}, "dong: must be an object, not a list of 4 items"),
    ([1, 2], "must be a JSON object"),
])
def test_settle_inconsistent_input(cli, request_, reason):
    code, out, err = cli("settle", "--json", stdin=json.dumps(request_))
    assert code == 2 and out == "" and reason in err, err


@pytest.mark.parametrize("kind", ["plain", "yao", "zun", "four"])
def test_settle_finish_as_a_string_is_its_kind(cli, kind):
    """``"finish": "yao"`` (as the embed page writes it) is ``{"kind": "yao"}``; it was refused
    with 'finish: must be an object'."""
    base = {"banker": "E", "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3}}
    code, short, err = cli("settle", "--json", stdin=json.dumps({**base, "finish": kind}))
    assert code == 0, err
    code, full, _ = cli("settle", "--json", stdin=json.dumps({**base, "finish": {"kind": kind}}))
    assert code == 0 and json.loads(short) == json.loads(full)
    assert json.loads(short)["finish"] == kind


def test_settle_yao_finish_doubles(cli):
    code, out, err = cli("settle", stdin='{"banker":"E","finisher":"N","dong":{"E":1,"S":4,"W":0,"N":3},'
                                         '"finish":"yao"}')
    assert code == 0, err
    assert out.splitlines()[0] == "finish: 么結 (finish with 么) × 2"
    assert out.splitlines()[-1] == "net: E -12, S +0, W -10, N +22"


def test_settle_sweep_names_the_finish_once(cli):
    """All 8 棟 to the finisher (a plain last single): 七支, named once (it read "七支 (sweep of 7 (七支))")."""
    code, out, err = cli("settle", stdin='{"banker":"E","finisher":"N","dong":{"E":0,"S":0,"W":0,"N":8}}')
    assert code == 0, err
    assert out.splitlines()[0] == "finish: 七支 (sweep on the 2-棟 rule) × 2"


@pytest.mark.parametrize("finish,message", [
    ("foo", "finish: must be one of plain, yao, zun, four, not 'foo'"),
    (5, 'finish: must be one of plain, yao, zun, four or an object like {"kind": "yao", '
        '"captured_from": "S"}, not 5'),
])
def test_settle_bad_finish_names_what_it_may_be(cli, finish, message):
    req = {"banker": "E", "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3}, "finish": finish}
    code, out, err = cli("settle", stdin=json.dumps(req))
    assert (code, out, err) == (2, "", f"tianjiu settle: {message}\n")


def test_settle_help_gives_the_finish_field(capsys):
    with pytest.raises(SystemExit):
        main(["settle", "--help"], io.StringIO())
    text = " ".join(capsys.readouterr().out.split())
    assert '"finish": "plain" (the default), "yao", "zun" or "four" — or an object {"kind": "yao",' in text


def test_settle_not_json(cli):
    code, _, err = cli("settle", stdin="{nope")
    assert code == 2 and "settle input is not JSON" in err


# ----------------------------------------------------------------- deal

def test_deal(cli):
    code, out, _ = cli("deal", "--seed", "7", "--method", "間棟", "--dice", "9", "--json")
    data = json.loads(out)
    assert code == 0 and sum(data["dice"]) == 9
    assert (data["banker"], data["thrower"], data["first"]) == ("E", "W", "W")
    expected = deal(shuffled_wall(7), "間棟", tuple(data["dice"]), 0)
    assert data["hands"] == {s: [t.code for t in h] for s, h in zip("ESWN", expected.hands)}
    assert data["wall"] == [t.code for t in shuffled_wall(7).tiles]
    assert [s["stacks"] for s in data["steps"]] == [[1, 3], [2, 4], [5, 7], [6, 8]]
    code, out, _ = cli("deal", "--seed", "7", "--method", "间栋", "--dice", "9")
    assert code == 0 and "W takes first" in out and out.count("┌───┐") == 32


@pytest.mark.parametrize("argv,reason", [
    (["--dice", "13"], "--dice is a total of two dice, 2–12"),
    (["--method", "亂來"], "is not a dealing method"),
    (["--seed", "-1"], "seed must be an integer"),
    (["--banker", "Z"], "'Z' is not a seat"),
])
def test_deal_bad_input(cli, argv, reason):
    code, _, err = cli("deal", *argv)
    assert code == 2 and reason in err


def test_deal_names_the_option_that_is_wrong(cli):
    code, _, err = cli("deal", "--method", "foo")
    assert code == 2 and err.startswith("tianjiu deal: --method: 'foo' is not a dealing method (牌頭); ")
    code, _, err = cli("deal", "--banker", "Z")
    assert code == 2 and err.startswith("tianjiu deal: --banker: 'Z' is not a seat")


# ----------------------------------------------------------------- play, replay

def greedy_result(seed, rules=None):
    hand = Hand.from_seed(seed, rules)
    while not hand.is_over:
        hand.act(greedy_action(hand))
    return hand


@pytest.mark.parametrize("seed", [3, 11, 42])
def test_play_auto_finishes_with_a_settlement(cli, seed):
    code, out, _ = cli("play", "--auto", "--seed", str(seed))
    assert code == 0
    expected = greedy_result(seed)
    r = expected.result
    assert f"finisher 結: {'ESWN'[r.finisher]}" in out
    assert "net: " + ", ".join(f"{s} {v:+d}" for s, v in zip("ESWN", r.payments)) in out
    assert f"next banker: {'ESWN'[r.next_banker]} (streak {r.next_streak})" in out
    code, out, _ = cli("play", "--auto", "--seed", str(seed), "--json")
    data = json.loads(out)
    assert data["actions"] == [str(a) for a in expected.log]
    assert data["result"]["payments"] == dict(zip("ESWN", r.payments))
    assert sum(data["result"]["payments"].values()) == 0


def test_play_a_natural_hand(cli):
    seed = next(s for s in range(5000) if Hand.from_seed(s).is_over)
    r = Hand.from_seed(seed).result
    code, out, _ = cli("play", "--auto", "--seed", str(seed))
    assert code == 0 and f"例牌 natural hand for {'ESWN'[r.finisher]}: {r.natural}" in out
    assert "net: " + ", ".join(f"{s} {v:+d}" for s, v in zip("ESWN", r.payments)) in out


def test_play_save_and_replay(cli, tmp_path):
    path = tmp_path / "hand.toml"
    code, out, _ = cli("play", "--auto", "--seed", "5", "--rules", "classic", "--save", str(path))
    assert code == 0 and f"hand record written to {path}" in out
    expected = greedy_result(5, Rules.preset("classic")).result
    code, out, _ = cli("replay", str(path))
    assert code == 0 and out.startswith(f"{len(greedy_result(5, Rules.preset('classic')).log)} actions")
    assert f"{'ESWN'[expected.finisher]} finished" in out
    code, out, _ = cli("replay", str(path), "--json")
    assert json.loads(out)["result"]["payments"] == dict(zip("ESWN", expected.payments))
    # a record whose result was altered does not replay
    text = path.read_text(encoding="utf-8")
    fin = "ESWN"[expected.finisher]
    path.write_text(text.replace(f'finisher = "{fin}"', f'finisher = "{"N" if fin != "N" else "E"}"'),
                    encoding="utf-8")
    code, _, err = cli("replay", str(path))
    assert code == 2 and "replay gives finisher" in err
    code, _, err = cli("replay", str(tmp_path / "missing.toml"))
    assert code == 2 and "cannot read" in err


def first_turn(seed, me=1):
    """The hand when seat ``me`` first has to act (the others play greedily)."""
    hand = Hand.from_seed(seed)
    while hand.to_act != me:
        hand.act(greedy_action(hand))
    return hand


def test_play_interactive(cli):
    seed = next(s for s in range(50) if not Hand.from_seed(s).is_over)
    hand = first_turn(seed)
    legal = hand.legal_actions()
    mine = legal[-1]                                  # a discard: always legal
    wrong_size = "discard " + " ".join(t.code for t in hand.holdings[1][:hand.trick_size + 1])
    not_held = next(t.code for t in TILES if t not in hand.holdings[1])
    script = "\n".join(["list", "77", not_held, wrong_size, mine.notation(), "undo", "quit"]) + "\n"
    code, out, _ = cli("play", "--seed", str(seed), "--seat", "S", stdin=script)
    assert code == 0
    assert "legal: " + " | ".join(a.notation() for a in legal) in out
    assert "✗ '77' at position 0 is not a tile" in out
    assert f"✗ '{not_held}':" in out and "is not among the tiles held" in out
    assert f"✗ this trick takes {hand.trick_size} tile" in out
    assert f"  S: {mine.notation()}" in out
    assert f"took back S: {mine.notation()}" in out
    assert "finisher 結" not in out                     # quit before the end


def test_play_interactive_undo_before_playing_and_end_of_input(cli):
    seed = next(s for s in range(50) if not Hand.from_seed(s).is_over)
    code, out, _ = cli("play", "--seed", str(seed), "--seat", "S", stdin="undo\n")
    assert code == 0
    assert "nothing to undo: you have not played yet" in out and "(end of input: quitting)" in out
    assert out.count("— trick 1 ") == 1 and "— trick 2 " not in out


def test_play_a_whole_hand_by_typing(cli):
    # type the greedy player's choices for 南: the hand ends as an --auto hand does
    seed = next(s for s in range(50) if not Hand.from_seed(s).is_over)
    expected = greedy_result(seed)
    mine = [a.notation() for a in expected.log if a.seat == 1]
    code, out, _ = cli("play", "--seed", str(seed), "--seat", "S", stdin="\n".join(mine) + "\n")
    assert code == 0 and "finisher 結" in out
    assert "net: " + ", ".join(f"{s} {v:+d}" for s, v in zip("ESWN", expected.result.payments)) in out


def test_tiles(cli):
    code, out, _ = cli("tiles", "--json")
    data = json.loads(out)
    assert code == 0 and len(data) == 21 and data[0]["hant"] == "天"
    assert sum(t["copies"] for t in data) == 32


# ----------------------------------------------------------------- real entry points

def test_python_dash_m_and_exit_codes():
    def proc(*args, stdin=None):
        return subprocess.run([sys.executable, "-m", "tianjiu_core", *args], input=stdin,
                              capture_output=True, text=True, timeout=120)

    p = proc("classify", "66", "11", "--json")
    assert p.returncode == 1 and json.loads(p.stdout)["class"] is None
    p = proc("classify", "77")
    assert p.returncode == 2 and "not a tile" in p.stderr and "Traceback" not in p.stderr
    p = proc("settle", "--json", stdin=json.dumps(SPEC_EXAMPLES[0][0]))
    assert p.returncode == 0 and json.loads(p.stdout)["payments"] == SPEC_EXAMPLES[0][1]
    p = proc("play", "--auto", "--seed", "3")
    assert p.returncode == 0 and "finisher 結" in p.stdout
    p = proc("frobnicate")
    assert p.returncode == 2 and "invalid choice" in p.stderr


# ----------------------------------------------------------------- hostile input

def test_hostile_input_gets_one_line_and_exit_2(cli, tmp_path):
    code, _, err = cli("settle", stdin="[" * 50_000 + "]" * 50_000)
    assert code == 2 and err == "tianjiu settle: settle input: nested deeper than 64 levels\n"
    nested = tmp_path / "h.toml"
    nested.write_text('format = "tianjiu-hand/1"\nx = ' + "{a=" * 3000 + "1" + "}" * 3000 + "\n")
    code, _, err = cli("replay", str(nested))
    assert code == 2 and err == f"tianjiu replay: {nested}: hand record: nested deeper than 64 levels\n"
    code, _, err = cli("replay", str(tmp_path / "missing.toml"))
    assert code == 2 and "missing.toml" in err and "Traceback" not in err
    code, _, err = cli("classify", "x" * 5000)           # a huge bad name is not echoed whole
    assert code == 2 and len(err) < 800 and "characters)" in err, err


def test_play_checks_save_and_seat_before_playing(cli, tmp_path):
    code, out, err = cli("play", "--auto", "--seed", "1", "--save", str(tmp_path / "no" / "x.toml"))
    assert code == 2 and out == "" and "no folder" in err
    code, out, err = cli("play", "--auto", "--seed", "1", "--save", str(tmp_path))
    assert code == 2 and out == "" and "is a folder" in err
    code, out, err = cli("play", "--auto", "--seat", "Z")
    assert code == 2 and "'Z' is not a seat" in err


def test_bridge_answers_json_to_anything():
    from tianjiu_core.bridge import handle_json

    for text, message in (('{"op": []}', "unknown op a list of 0 items"), ('{"op": {}}', "unknown op an object of 0 fields"),
                          ("[" * 100_000 + "]" * 100_000, "request: nested deeper than 64 levels"),
                          ('{"op": "puzzle_load", "toml": "x = ' + "[" * 5000 + '"}', "nested deeper"),
                          ('{"op": "classify"}', "tiles: missing: classify needs tiles"),
                          ("nope", "request is not JSON")):
        answer = json.loads(handle_json(text))
        assert answer["ok"] is False and message in answer["error"]["message"], answer
        assert answer["error"]["message_zh"]


def test_bridge_seeds_are_whole_numbers():
    from tianjiu_core.bridge import handle

    for seed in (1.5, True, "7", -1, 2**64):
        for op in ("deal", "new_hand"):
            answer = handle({"op": op, "seed": seed})
            assert answer["ok"] is False and answer["error"]["message"].startswith("seed: must be a whole number"), (op, seed)
            assert answer["error"]["message_zh"].startswith("seed：應該是"), answer
    assert handle({"op": "deal", "seed": 7})["ok"] and handle({"op": "new_hand", "seed": 2**64 - 1})["ok"]

"""Bad input on the command line (issue 11): one line on stderr naming the file and the
field, exit status 2, never a traceback."""

from __future__ import annotations

import io
import subprocess
import sys
import tomllib

import pytest

from tianjiu_core.cli.main import main
from tianjiu_core.tiengow.position import Position

POSITION = "tests/solver/positions/zhizun_order.toml"


def run(argv, capsys, monkeypatch=None, stdin=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    try:
        code = main(list(argv), out)
    except SystemExit as exc:   # argparse
        code = exc.code
    err = capsys.readouterr().err
    return code, out.getvalue(), err


def one_line(code, err, *words):
    assert code == 2, (code, err)
    assert err.count("\n") == 1 and "Traceback" not in err and len(err) < 500, err
    for w in words:
        assert w in err, (w, err)


@pytest.fixture
def record(tmp_path, capsys):
    path = tmp_path / "hand.toml"
    assert run(["play", "--auto", "--seed", "7", "--save", str(path)], capsys)[0] == 0
    return path


def test_files_that_are_not_utf8(tmp_path, capsys, record):
    bad = tmp_path / "latin1.toml"
    bad.write_bytes("# caf\xe9\n".encode("latin-1"))
    for argv in (["solve", str(bad)], ["replay", str(bad)], ["puzzles", "show", str(bad)]):
        code, out, err = run(argv, capsys)
        one_line(code, err, str(bad), "not UTF-8")
    code, out, err = run(["puzzles", "check", str(bad), "--no-git"], capsys)
    assert code == 1 and "not UTF-8" in err and "Traceback" not in err


def test_huge_integers_in_toml(tmp_path, capsys):
    f = tmp_path / "p.toml"
    text = open(POSITION, encoding="utf-8").read()
    f.write_text("banker_streak = " + "9" * 5000 + "\n" + text.replace("banker_streak", "# was"), encoding="utf-8")
    code, _, err = run(["solve", str(f)], capsys)
    one_line(code, err, str(f), "position: not valid TOML: a number too large")
    f.write_text(text.replace("[position]\n", "[position]\nbanker_streak = " + "9" * 60 + "\n"), encoding="utf-8")
    code, _, err = run(["solve", str(f)], capsys)
    one_line(code, err, str(f), "banker_streak", "an integer of 60 digits")


def test_position_loads_refuses_what_is_not_text():
    from tianjiu_core.errors import NotationError
    for bad in (None, b"x", 7):
        with pytest.raises(NotationError, match="position: expected text"):
            Position.loads(bad)


def test_a_misspelt_result_table_is_an_error_naming_it(tmp_path, capsys, record):
    text = record.read_text(encoding="utf-8")
    for old, new, words in (("[result]", "[reslt]", ["reslt: unknown key"]),
                            ("[deal]\n", "[deal]\nmethd = 1\n", ["deal.methd: unknown key"]),
                            ("banker_streak = 1", "banker_streak = true", ["banker_streak", "true"]),
                            ("banker_streak = 1", "banker_streak = 2.5", ["banker_streak", "2.5"])):
        f = tmp_path / "edited.toml"
        f.write_text(text.replace(old, new, 1), encoding="utf-8")
        code, _, err = run(["replay", str(f)], capsys)
        one_line(code, err, str(f), *words)


def test_a_stored_finish_the_replay_does_not_reach_is_a_mismatch(tmp_path, capsys, record):
    text = record.read_text(encoding="utf-8")
    assert "finish =" not in text.split("[result]")[1] or True
    f = tmp_path / "edited.toml"
    f.write_text(text.replace("[result]\n", "[result]\nnatural = \"至尊寶\"\n", 1), encoding="utf-8")
    code, _, err = run(["replay", str(f)], capsys)
    one_line(code, err, str(f), "replay gives natural")


def test_an_edited_result_quotes_the_record_and_the_replay(tmp_path, capsys, record):
    """An edited payment or 棟 count: one line quoting the record's values and the replay's
    (not "the record says an object of 4 fields")."""
    text = record.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("payments = "))
    got = tomllib.loads(line)["payments"]
    edited = dict(got, N=got["N"] + 1)
    shown = lambda d: "{ " + ", ".join(f"{k} = {v}" for k, v in d.items()) + " }"
    f = tmp_path / "edited.toml"
    f.write_text(text.replace(line, f"payments = {shown(edited)}", 1), encoding="utf-8")
    code, _, err = run(["replay", str(f)], capsys)
    one_line(code, err, str(f), f"replay gives payments = {shown(got)}", f"the record says {shown(edited)}")
    assert "object of" not in err


def test_save_needs_a_file_name(capsys):
    code, out, err = run(["play", "--auto", "--seed", "1", "--save", ""], capsys)
    one_line(code, err, "--save")
    assert out == ""


def test_classify_refuses_an_unknown_tile_mark(capsys):
    code, _, err = run(["classify", "66", "-"], capsys)
    one_line(code, err, "tiles: '-'")


def test_argument_errors_are_one_line(capsys):
    for argv, words in ((["solve", POSITION, "--budget", "1.5"], ["--budget", "1.5"]),
                        (["solve", POSITION, "--budget", "9" * 100_000], ["--budget", "characters"]),
                        (["solve", POSITION, "--hidden", "--samples", "-1"], ["--samples"]),
                        (["solve", POSITION, "--hero", "Q" * 5000], ["not a seat"]),
                        (["deal", "--seed", "9" * 30], ["seed"]),
                        (["deal", "--method", "x" * 100_000], ["method"]),
                        (["puzzles", "schedule", "--extend", "10000000"], ["--extend"]),
                        (["nope"], ["invalid choice"])):
        code, _, err = run(argv, capsys)
        one_line(code, err, *words)


def test_settle_input(capsys, monkeypatch):
    for text, words in (('{"banker": "E", "finisher": "N", "dong": {"E": 1, "S": 4, "W": 0, "N": 3}, '
                         '"finish": {"guaranteed": "false"}}', ["finish.guaranteed", "'false'"]),
                        ('{"banker": "E", "finisher": "N", "banker_streak": 2.9, '
                         '"dong": {"E": 1, "S": 4, "W": 0, "N": 3}}', ["banker_streak", "2.9"]),
                        ('{"banker": "E", "finisher": "N", "banker_streak": ' + "9" * 5000 + "}", ["bad input"])):
        code, _, err = run(["settle"], capsys, monkeypatch, stdin=text)
        one_line(code, err, *words)


def test_io_errors_name_the_stream():
    """Writing to a full device: the message names standard input/output, never ':: '."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "tianjiu_core", "deal", "--seed", "1"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert proc.returncode == 2 and "::" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert "standard input/output" in proc.stderr or "No space" in proc.stderr, proc.stderr


def test_a_position_key_outside_the_position_table(tmp_path, capsys):
    f = tmp_path / "p.toml"
    f.write_text("banker_streak = 2\n" + open(POSITION, encoding="utf-8").read(), encoding="utf-8")
    code, _, err = run(["solve", str(f)], capsys)
    one_line(code, err, str(f), "banker_streak: a position key outside the [position] table")

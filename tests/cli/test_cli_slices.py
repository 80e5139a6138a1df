"""``tianjiu solve FILE --time-ms N`` (issue 14): bounds after N ms, exact values when the
search completes, exit 0 either way; bad input still exits 2 with one line."""

from __future__ import annotations

import io
import json
import re

from tianjiu_core.cli.main import main
from tianjiu_core.solver.search import clear_caches

POSITION = "tests/solver/positions/zhizun_order.toml"


def run(argv, capsys):
    out = io.StringIO()
    try:
        code = main(list(argv), out)
    except SystemExit as exc:   # argparse
        code = exc.code
    return code, out.getvalue(), capsys.readouterr().err


def fixture_position(tmp_path, entry_id: int) -> str:
    from tianjiu_core.tiengow.position import Position
    with open("tests/solver/fixture_values.jsonl", encoding="utf-8") as fh:
        entry = next(e for e in map(json.loads, fh) if e["id"] == entry_id)
    path = tmp_path / f"p{entry_id}.toml"
    path.write_text(Position.from_dict(entry["position"]).dumps(), encoding="utf-8")
    return str(path)


def test_a_complete_answer_prints_single_values(capsys):
    code, out, err = run(["solve", POSITION, "--time-ms", "5000"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("hero E, E to act: value +36 stake units, complete (")
    assert lines[1].split() == ["action", "lo", "hi", "group"]
    assert lines[2].split() == ["66", "+36", "0", "*"]
    assert lines[4].split() == ["12", "+18", "2"]
    code, out, _ = run(["solve", POSITION, "--time-ms", "5000", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["complete"] is True and data["value"] == [36, 36]
    assert data["actions"][3] == {"action": "24 12", "lo": 30, "hi": 30, "group": 3}


def test_bounds_when_the_time_runs_out(capsys, tmp_path):
    """A 6-tile position (fixture #50, ~144k nodes) is not solved in 1 ms: exit 0 with bounds."""
    path = fixture_position(tmp_path, 50)
    clear_caches()
    code, out, err = run(["solve", path, "--time-ms", "1", "--json"], capsys)
    assert code == 0 and err == "", err
    data = json.loads(out)
    assert data["complete"] is False and data["slices"] >= 1
    lo, hi = data["value"]
    assert lo <= -6 <= hi    # the reference solver's value of #50
    assert all(a["lo"] <= a["hi"] for a in data["actions"])
    clear_caches()
    code, out, _ = run(["solve", path, "--time-ms", "1"], capsys)
    assert code == 0 and "not complete: bounds" in out.splitlines()[0]
    assert any(len(line.split()) >= 4 for line in out.splitlines()[2:])   # lo and hi shown


def test_a_node_budget_with_time_gives_bounds_too(capsys, tmp_path):
    path = fixture_position(tmp_path, 50)
    code, out, err = run(["solve", path, "--time-ms", "60000", "--budget", "500", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["complete"] is False and data["nodes"] < 5000


def test_bad_input_still_exits_2_with_one_line(capsys, tmp_path):
    for argv, words in ((["solve", POSITION, "--time-ms", "0"], "--time-ms"),
                        (["solve", POSITION, "--time-ms", "1.5"], "--time-ms"),
                        (["solve", POSITION, "--time-ms", "10", "--hidden"], "--hidden"),
                        (["solve", str(tmp_path / "missing.toml"), "--time-ms", "10"], "missing.toml")):
        code, out, err = run(argv, capsys)
        assert code == 2 and out == "", (argv, out)
        assert words in err and len(err.strip().splitlines()) <= 2, (argv, err)


def test_unknown_tiles_without_hidden_name_the_file(capsys, tmp_path):
    """Every other solve error names the file; unknown ``-`` holdings for the open solver
    did not (``position: tiles.S: …``)."""
    path = tmp_path / "h.toml"
    path.write_text('[position]\nbanker = "S"\nleader = "E"\n'
                    'shown = "66 66 11 11 44 44 13 13 55 55 33 33 22 22 56 56"\n'
                    '[position.tiles]\nE = "46"\nS = "-"\nW = "15"\nN = "36"\n'
                    '[position.dong]\nE = 7\n', encoding="utf-8")
    for extra in ([], ["--time-ms", "10"]):
        code, out, err = run(["solve", str(path), *extra], capsys)
        assert code == 2 and out == ""
        assert err == (f"tianjiu solve: {path}: position: tiles.S: unknown tiles '-' in S: the open "
                       "solver needs every holding (use hidden-hand solving)\n")
    code, out, _ = run(["solve", str(path), "--hidden", "--json"], capsys)
    assert code == 0 and json.loads(out)["actions"][0]["expected_value"] == 80


def test_samples_are_one_or_more_and_only_with_hidden(capsys):
    """``--samples 0`` was taken as 1 although the range said 0–1,000,000; ``--samples`` (and
    ``--seed``, ``--exhaustive-limit``) without ``--hidden`` were silently ignored."""
    code, out, err = run(["solve", POSITION, "--hidden", "--samples", "0"], capsys)
    assert (code, out) == (2, "")
    assert err == "tianjiu solve: --samples: must be a whole number 1–1,000,000, not 0\n"
    for option, value in (("--samples", "5"), ("--seed", "3"), ("--exhaustive-limit", "10")):
        code, out, err = run(["solve", POSITION, option, value], capsys)
        assert (code, out) == (2, "")
        assert err == (f"tianjiu solve: {option} is for hidden-hand solving: add --hidden (the open "
                       "solver sees every holding and samples nothing)\n")
    code, out, _ = run(["solve", POSITION, "--hidden", "--samples", "1", "--exhaustive-limit", "0",
                        "--json"], capsys)
    assert code == 0 and json.loads(out)["deals"] == 1


def test_counts_of_one_are_singular(capsys, tmp_path):
    """'1 sampled deal', '1 slice' (they said '1 sampled deals', '1 slices')."""
    code, out, _ = run(["solve", POSITION, "--hidden", "--samples", "1", "--exhaustive-limit", "0"], capsys)
    assert code == 0 and "; 1 sampled deal (seed 0) of " in out.splitlines()[0]
    code, out, _ = run(["solve", "tests/solver/positions/ba_zhi.toml", "--time-ms", "5000"], capsys)
    assert code == 0 and out.splitlines()[0].startswith("hero E, E to act: value +80 stake units, "
                                                         "complete (") and ", 1 slice, " in out


# ----------------------------------------------------------------- progress on stderr

PROGRESS_LINE = re.compile(r"tianjiu solve: still searching: [\d,]+ nodes, \d+s")


def _seconds_masked(text):
    return re.sub(r"\d+\.\d+s\b", "…s", text)


def test_a_long_open_solve_reports_progress_on_stderr_only(capsys, tmp_path, monkeypatch):
    """A full deal ran minutes with no output at all: now a line on stderr every PROGRESS_NODES
    nodes (here lowered to 65,536, the solver's callback interval; fixture #107 takes ~204k
    nodes, about 1 s)."""
    import tianjiu_core.cli.solve as cli_solve
    monkeypatch.setattr(cli_solve, "PROGRESS_NODES", 65536)
    path = fixture_position(tmp_path, 107)
    clear_caches()
    code, out, err = run(["solve", path], capsys)
    assert code == 0 and out.startswith("hero E, E to act: value -2 stake units (")
    assert "still searching" not in out                          # stdout as before
    nodes = int(re.search(r"\(([\d,]+) nodes", out).group(1).replace(",", ""))
    lines = err.splitlines()
    assert nodes >= 3 * 65536 and len(lines) == nodes // 65536, err
    assert [int(PROGRESS_LINE.match(line).group(0).split()[4].replace(",", "")) for line in lines] == [
        65536 * (k + 1) for k in range(len(lines))]
    assert lines[0].endswith(" — --time-ms N prints the bounds [lo, hi] proven when N ms run out; "
                             "--budget N stops after N nodes")
    assert all(" — " not in line for line in lines[1:])        # the hint once


def test_progress_with_time_ms_gives_the_bounds_so_far(capsys, tmp_path, monkeypatch):
    import tianjiu_core.cli.solve as cli_solve
    path = fixture_position(tmp_path, 50)
    clear_caches()
    code, quiet, quiet_err = run(["solve", path, "--time-ms", "60000", "--json"], capsys)
    assert code == 0 and quiet_err == ""        # the default interval: nothing for a short search
    monkeypatch.setattr(cli_solve, "PROGRESS_NODES", 1)     # a line after every slice
    clear_caches()
    code, out, err = run(["solve", path, "--time-ms", "60000", "--json"], capsys)
    assert code == 0 and json.loads(out)["value"] == json.loads(quiet)["value"] == [10, 10]
    lines = err.splitlines()
    assert len(lines) == json.loads(out)["slices"], err
    assert all(PROGRESS_LINE.match(line) for line in lines), err
    assert all(re.search(r"; value [-+]\d+(\.\.[-+]\d+)? so far, \d+s of --time-ms left$", line)
               for line in lines), err
    assert lines[-1].split("; ")[1].startswith("value +10 so far")


def test_progress_with_hidden_counts_the_deals(capsys, monkeypatch):
    import tianjiu_core.cli.solve as cli_solve
    argv = ["solve", POSITION, "--hidden", "--samples", "4", "--exhaustive-limit", "0"]
    clear_caches()
    code, quiet_out, quiet_err = run(argv, capsys)
    assert code == 0 and quiet_err == ""
    monkeypatch.setattr(cli_solve, "PROGRESS_NODES", 1)     # a line at every report
    clear_caches()
    code, out, err = run(argv, capsys)
    assert code == 0 and _seconds_masked(out) == _seconds_masked(quiet_out)   # stdout unchanged
    lines = err.splitlines()
    assert [re.search(r"; (\d) of 4 deals solved", line).group(1) for line in lines] == ["1", "2", "3", "4"]
    assert lines[0].endswith(" — --budget N stops a deal after N nodes; fewer --samples take less time")
    assert all(PROGRESS_LINE.match(line) for line in lines)
    last = int(PROGRESS_LINE.match(lines[-1]).group(0).split()[4].replace(",", ""))
    assert f"; {last:,} nodes, " in out.splitlines()[0]     # the last line counts every deal's nodes

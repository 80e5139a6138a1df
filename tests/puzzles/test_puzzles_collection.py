"""The whole puzzle collection passes `tianjiu puzzles check` (no cache), and the check,
its cache, the schedule command and the site build's check catch bad files (issue 5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tianjiu_core.cli.main import main
from tianjiu_core.puzzles import THEME_IDS, Puzzle, load_schedule, verify
from tianjiu_core.cli.puzzles import check_paths

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
MIN_TOTAL = 120
MIN_PER_THEME = 10
# Themes that cannot honestly reach MIN_PER_THEME under the engine's value model (the reason is
# in PUZZLES.md, "Short theme"): 五子撬雙槍 relies on opponents misjudging which pair to keep,
# which exact open play never does, and a hidden-hand five-tile judgement is too slow for a page.
SHORT_THEMES: dict[str, int] = {"wu_zi_qiao_shuang_qiang": 0}


@pytest.fixture(scope="module")
def collection():
    return check_paths([str(PUZZLES)], cache=None)


def test_every_puzzle_and_the_schedule_pass_the_check(collection):
    bad = {path: probs for path, probs in collection.problems.items() if probs}
    assert not bad, "\n".join(p for probs in bad.values() for p in probs)
    assert collection.cached == 0 and len(collection.reports) == len(list(PUZZLES.glob("[0-9]*.toml")))


def test_collection_contents(collection):
    """≥ 120 puzzles, ≥ 10 a theme (SHORT_THEMES excepted), every difficulty, both
    visibilities, hand-written ones, texts in both languages, the schedule covering all."""
    puzzles = list(collection.puzzles.values())
    assert len(puzzles) >= MIN_TOTAL
    counts = collection.theme_counts()
    for theme in THEME_IDS:
        assert counts[theme] >= SHORT_THEMES.get(theme, MIN_PER_THEME), (theme, counts[theme])
    assert {p.difficulty for p in puzzles} == {1, 2, 3, 4, 5}
    assert any(p.hidden for p in puzzles) and any(not p.hidden for p in puzzles)
    assert len([p for p in puzzles if p.source == "hand"]) >= 8
    for p in puzzles:
        for t in (p.title, p.explanation):
            assert t["hant"] and t["en"]
    s = load_schedule(str(PUZZLES / "schedule.toml"))
    ids = {p.id for p in puzzles}
    assert set(s.ids) == ids                 # every puzzle is scheduled,
    assert s.check(ids) == []                # none repeats before all were used


# --------------------------------------------------------------------------- bad files
def _broken_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for pid in ("0001", "0002"):
        shutil.copy(PUZZLES / f"{pid}.toml", folder / f"{pid}.toml")
    # 0002's solution made wrong: leading 天 first lets the banker finish
    text = (folder / "0002.toml").read_text(encoding="utf-8").replace('solution = ["23"]',
                                                                        'solution = ["66"]')
    (folder / "0002.toml").write_text(text, encoding="utf-8")
    (folder / "schedule.toml").write_text(
        'format = "tianjiu-schedule/1"\nstart = 2026-12-01\nids = ["0001", "0002"]\n', encoding="utf-8")
    return folder


def test_check_fails_naming_the_bad_file(tmp_path, capsys):
    folder = _broken_folder(tmp_path)
    assert main(["puzzles", "check", str(folder), "--no-git"]) == 1
    err = capsys.readouterr().err
    assert f"{folder}/0002.toml: solution[0] '66': not a best move: worth -2, the best is +8 (23)" in err
    assert "0001.toml" not in err


def test_check_of_a_folder_without_puzzles_is_bad_input(tmp_path, capsys):
    """Checking nothing is not a pass: exit 2 naming the folder (it said '0 puzzles checked', exit 0)."""
    (tmp_path / "empty").mkdir()
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "README.md").write_text("no puzzles here\n", encoding="utf-8")
    for name in ("empty", "notes"):
        folder = tmp_path / name
        assert main(["puzzles", "check", str(folder), "--no-git"]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == f"tianjiu puzzles: {folder}: no puzzle files (*.toml) in this folder\n"


def test_one_puzzle_checked_is_singular(tmp_path, capsys):
    folder = tmp_path / "one"
    folder.mkdir()
    shutil.copy(PUZZLES / "0001.toml", folder / "0001.toml")
    assert main(["puzzles", "check", str(folder), "--no-git", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("1 puzzle checked in ")


def test_wrong_theme_is_caught():
    p = Puzzle.load(str(PUZZLES / "0002.toml")).with_changes(themes=("sweep",))
    rep = verify(p)
    assert not rep.ok and "'sweep' (七支・八支) is not shown by the solution" in rep.problems[0]


def test_hidden_margin_is_enforced():
    # 0003 with a margin of 2.75 expected units passes; the rule needs at least 1
    rep = verify(Puzzle.load(str(PUZZLES / "0003.toml")))
    assert rep.ok and rep.margins == [2.75]


def test_schedule_must_name_puzzles_and_stay_append_only(tmp_path, capsys):
    folder = _broken_folder(tmp_path)
    shutil.copy(PUZZLES / "0002.toml", folder / "0002.toml")
    (folder / "schedule.toml").write_text(
        'format = "tianjiu-schedule/1"\nstart = 2026-12-01\nids = ["0001", "0042"]\n', encoding="utf-8")
    assert main(["puzzles", "check", str(folder), "--no-git"]) == 1
    assert "ids[1] = '0042' is not a puzzle in the collection" in capsys.readouterr().err


def test_cache_skips_unchanged_files(tmp_path):
    folder = tmp_path / "puzzles"
    folder.mkdir()
    shutil.copy(PUZZLES / "0001.toml", folder / "0001.toml")
    cache = tmp_path / "cache.json"
    first = check_paths([str(folder)], cache=str(cache))
    second = check_paths([str(folder)], cache=str(cache))
    assert first.ok and second.ok and (first.cached, second.cached) == (0, 1)
    (folder / "0001.toml").write_text((folder / "0001.toml").read_text(encoding="utf-8")
                                      .replace("difficulty = 2", "difficulty = 3"), encoding="utf-8")
    assert check_paths([str(folder)], cache=str(cache)).cached == 0


def test_site_build_check_names_the_bad_file(tmp_path):
    import sys

    sys.path.insert(0, str(ROOT))     # tianjiu_site is not in the wheel
    from tianjiu_site.puzzle_check import PuzzleCheckError, check_collection

    folder = _broken_folder(tmp_path)
    with pytest.raises(PuzzleCheckError, match=r"0002\.toml: solution\[0\] '66': not a best move"):
        check_collection(folder, cache=tmp_path / "c.json")


def test_schedule_command_appends(tmp_path, capsys):
    folder = tmp_path / "puzzles"
    folder.mkdir()
    for pid in ("0001", "0002", "0004"):
        shutil.copy(PUZZLES / f"{pid}.toml", folder / f"{pid}.toml")
    sched = folder / "schedule.toml"
    assert main(["puzzles", "schedule", "--extend", "2", "--file", str(sched), "--start", "2026-12-01"]) == 0
    first = load_schedule(str(sched))
    assert main(["puzzles", "schedule", "--extend", "4", "--file", str(sched)]) == 0
    second = load_schedule(str(sched))
    assert second.ids[:2] == first.ids and len(second.ids) == 6
    assert set(second.ids[:3]) == {"0001", "0002", "0004"}


def test_mine_writes_verified_puzzles(tmp_path, capsys):
    out = tmp_path / "mined"
    assert main(["puzzles", "mine", "--seed", "1000", "--count", "2", "--out", str(out)]) == 0
    files = sorted(out.glob("*.toml"))
    assert [f.name for f in files] == ["0001.toml", "0002.toml"]
    for f in files:
        p = Puzzle.load(str(f))
        assert p.source.startswith("mined:") and p.explanation["hant"] and p.explanation["en"]
        rep = verify(p)
        assert rep.ok, rep.problems
    assert "mined 2 puzzles from " in capsys.readouterr().err   # (said "2 puzzle(s)")


def test_the_generated_texts_name_the_supreme_the_solution_plays():
    """"Don't hurry the 至尊" was written over 48 puzzles whose finish was 文尊 (a pair of 銅錘六),
    and "Lead 至尊" over 21 that led 文尊: each sentence now names the pair the solution plays."""
    said = 0
    for path in sorted(PUZZLES.glob("[0-9]*.toml")):
        p = Puzzle.load(str(path))
        moves = [" ".join(sorted(m.split())) for m in p.solution]
        for tiles, names in ((("12 24",), ("至尊 (Supreme)", "趁至尊", "急着出至尊")),
                             (("15 15",), ("文尊 (Civil Supreme, the pair", "趁文尊", "急着出文尊"))):
            text = p.explanation["en"] + p.explanation["hant"]
            if any(n in text for n in names[1:]) or f"hurry the {names[0]}" in text or f"Lead {names[0]}" in text:
                said += 1
                assert any(m in tiles for m in moves), (path.name, p.solution, text)
    assert said >= 60


def test_the_stop_the_banker_sentence_gives_the_banker_multiplier():
    """"Everybody pays double" was written over 26 puzzles whose banker is in a second hand
    (banker_streak 2: every loser pays the finishing banker × 3, spec §5)."""
    said = {2: 0, 3: 0}
    for path in sorted(PUZZLES.glob("[0-9]*.toml")):
        p = Puzzle.load(str(path))
        m = p.position.banker_streak + 1
        en, hant = p.explanation["en"], p.explanation["hant"]
        if "finish, and then everybody pays" in en:
            words = {2: ("pays double;", "人人加倍輸"), 3: ("pays three times over;", "人人輸三倍")}[m]
            assert words[0] in en and words[1] in hant, (path.name, m, en, hant)
            said[m] += 1
    assert said[2] >= 90 and said[3] >= 20, said


def test_every_english_text_that_says_dong_glosses_it():
    """An English reader met "North has no 棟 yet: winning one avoids 空棟" with nothing to say
    what a 棟 is: every English title, prompt, hint and explanation that writes 棟 now says "stack"
    beside it (in the generated sentences and in the files)."""
    from tianjiu_core.puzzles import explanations, model

    texts = {}
    for path in sorted(PUZZLES.glob("[0-9]*.toml")):
        p = Puzzle.load(str(path))
        for field in ("title", "prompt", "hint", "explanation"):
            t = getattr(p, field)
            if t and "棟" in t["en"]:
                texts[f"{path.name} {field}"] = t["en"]
    assert len(texts) >= 200
    bare = {k: t for k, t in texts.items() if "stack" not in t}
    assert not bare, bare
    for theme in model.THEMES.values():
        assert "棟" not in theme[4] or "stack" in theme[4], theme
    source = Path(explanations.__file__).read_text(encoding="utf-8")
    assert "has no 棟 (stacks) yet" in source and "no 棟 may not" not in source

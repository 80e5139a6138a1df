"""Every notation, illegal-action and consistency error has its 繁體 message (``message_zh``).

Read from the source with ``ast``: each place in ``tianjiu_core`` that builds one of these errors
(the classes, the modules' ``_err`` helpers, and ``type(exc)(…)`` re-raises) passes ``zh=``.  And
from the outside: a set of bad inputs — positions, hand records, actions, notation, settlement —
each raises an error whose ``message_zh`` is Chinese and names the field.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import tianjiu_core
from tianjiu_core import Hand, Rules
from tianjiu_core.errors import IllegalActionError, InconsistentPositionError, NotationError
from tianjiu_core.notation import parse_seat, parse_tiles
from tianjiu_core.tiengow.game import Action
from tianjiu_core.tiengow.plays import classify
from tianjiu_core.tiengow.position import Position
from tianjiu_core.tiengow.record import HandRecord
from tianjiu_core.tiengow.scoring import settle

PACKAGE = Path(tianjiu_core.__file__).resolve().parent
ERRORS = {"NotationError", "AmbiguousTileError", "TooLargeError", "IllegalActionError", "InconsistentPositionError",
          "NotAPlayError", "_err"}
CJK = re.compile(r"[\u4e00-\u9fff]")


def _builders(tree: ast.AST):
    """The calls that build an error: Class(…), _err(…), type(exc)(…)."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
        rebuilt = isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id == "type"
        if name in ERRORS or rebuilt:
            yield node


def test_every_error_the_engine_builds_passes_a_chinese_message():
    missing, seen = [], 0
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in _builders(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node.func, ast.Name) and node.func.id == "_err" and path.name not in (
                    "position.py", "record.py"):
                continue   # (another module's _err is not one of these errors)
            seen += 1
            if not any(k.arg in ("zh", None) for k in node.keywords):
                missing.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert seen > 150
    assert missing == [], "errors without zh=: " + ", ".join(missing)


GOOD_POSITION = Position.from_hand(Hand.from_seed(7, Rules())).dumps()


def _position(edit):
    return lambda: Position.loads(edit(GOOD_POSITION))


def _record_text():
    hand = Hand.from_seed(7, Rules())
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    return HandRecord.from_hand(hand).dumps()


RECORD = _record_text()


def _record(edit):
    return lambda: HandRecord.loads(edit(RECORD)).replay()


def _act(text):
    def go():
        hand = Hand.from_seed(7, Rules())
        hand.act(hand.parse_action(text))
    return go


BAD = {
    "position: unknown field": (_position(lambda t: t.replace("banker =", "bankr = 1\nbanker =", 1)), "bankr"),
    "position: banker_streak 0": (_position(lambda t: re.sub(r"banker_streak = \d+", "banker_streak = 0", t)),
                                  "banker_streak"),
    "position: dong": (_position(lambda t: re.sub(r"(\[dong\]\s*E = )\d+", r"\g<1>7", t)), "dong"),
    "position: not TOML": (lambda: Position.loads("banker = = 1"), "TOML"),
    "record: format": (_record(lambda t: t.replace("tianjiu-hand/1", "tianjiu-hand/9")), "format"),
    "record: banker": (_record(lambda t: t.replace('banker = "E"', 'banker = "Q"')), "table.banker"),
    "record: dice": (_record(lambda t: re.sub(r"dice = \[.*\]", "dice = [1]", t)), "deal.dice"),
    "record: finisher": (_record(lambda t: re.sub(r'finisher = "(\w)"',
                                                  lambda m: f'finisher = "{"N" if m[1] != "N" else "E"}"', t)),
                         "result.finisher"),
    "action: no seat": (lambda: Action.parse("66"), "E: 66 36"),
    "action: not a play": (_act("E: 66 11"), "不成牌型"),
    "notation: seat": (lambda: parse_seat("Q"), "Q"),
    "notation: one tile": (lambda: classify(parse_tiles("66 11")), "不成牌型"),
    "settle: finisher": (lambda: settle(banker=0, banker_streak=1, finisher=7, dong=(2, 2, 2, 2)), "finisher"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_gets_a_chinese_message_naming_the_field(case):
    run, named = BAD[case]
    with pytest.raises((NotationError, IllegalActionError, InconsistentPositionError)) as info:
        run()
    zh = info.value.message_zh
    assert zh and CJK.search(zh), (case, str(info.value), zh)
    assert named in zh, (case, zh)
    assert "\n" not in zh and len(zh) < 400, zh


def test_values_too_big_to_echo_are_described_in_chinese_inside_chinese_messages():
    """limits.quote() describes a huge value in English; inside a 繁體 message that text is put
    into Chinese (every form quote() makes), and the English message keeps its own words."""
    from tianjiu_core import bridge
    from tianjiu_core.errors import zh_quoted
    from tianjiu_core.limits import quote

    for value, zh in ((10 ** 400, "一個 401 位的整數"), (-10 ** 30, "一個 31 位的負整數"), ([1, [2]], "一個有 2 項的清單"),
                      ([0], "一個有 1 項的清單"), ({"a": 1}, "一個有 1 個欄位的物件"),
                      ("6" * 1000, "…（共 1,000 個字元）")):
        text = zh_quoted(f"dong.E：不是 {quote(value)}")
        assert zh in text and not re.search(r"[A-Za-z]{3,}", text.replace("dong.E", "")), text

    position = GOOD_POSITION.replace("banker_streak = 1", "banker_streak = " + "9" * 60)
    assert position != GOOD_POSITION
    with pytest.raises(InconsistentPositionError) as err:
        Position.loads(position)
    assert "an integer of 60 digits" in str(err.value)
    assert "一個 60 位的整數" in err.value.message_zh and "digits" not in err.value.message_zh

    answer = bridge.handle({"op": "solve", "position": [0] * 5})
    assert not answer["ok"] and "一個有 5 項的清單" in answer["error"]["message_zh"], answer
    assert "a list of 5 items" in answer["error"]["message"]


def test_malformed_toml_is_explained_in_chinese():
    """tomllib's errors are English; a position or hand record that is not TOML gets its message
    in 繁體 with the line and column — every message tomllib's parser can raise is in the table."""
    import inspect
    import tomllib
    import tomllib._parser as toml_parser

    from tianjiu_core.errors import _TOML_ZH, toml_error
    from tianjiu_core.tiengow.record import HandRecord

    samples = ["a = ", "a = [1,2", 'a = "x', "[a\nb=1", "a=1\na=2", "a = 1 b", "a = {x=1, x=2}",
               'a="\\q"', "[[a]\n", "a.b=1\n[a]\nb=2", "=1", "a = 0x", "a = \"\\uD800\"", "a = 1\x01",
               "[a]\n[a]", "a = 1979-02-30", "a = {b=1}\na.c=2", "a = [{b=1}]\n[a.b]"]
    for src in samples:
        with pytest.raises(tomllib.TOMLDecodeError) as info:
            tomllib.loads(src)
        zh = toml_error(info.value)[1]
        assert not re.search(r"[A-Za-z]{3,}", zh.replace("Unicode", "")), (src, str(info.value), zh)
        assert re.search(r"（第 \d+ 行第 \d+ 個字）$|（在文字的末尾）$", zh), zh
    # every literal message of the parser matches an entry (f-strings by their fixed start)
    source = inspect.getsource(toml_parser)
    messages = re.findall(r'suffixed_err\(\s*[^,]+,\s*[^,]+,\s*f?"([^"]*)"', source)   # ≤ 3.13
    messages += re.findall(r'TOMLDecodeError\(\s*f?"([^"]*)",\s*\w+,', source)                 # 3.14

    assert len(messages) >= 15
    for msg in messages:
        probe = re.sub(r"\{[^}]*\}", "'x'", msg).replace("\\\\", "\\")
        assert any(p.match(probe) for p, _zh in _TOML_ZH), msg

    with pytest.raises(NotationError) as err:
        Position.loads("leader = W")
    assert "Invalid value" in str(err.value)
    assert err.value.message_zh == "局面：不是正確的 TOML：不是正確的值（文字要加引號）（第 1 行第 10 個字）"
    with pytest.raises(NotationError) as err:
        HandRecord.loads("[deal\n")
    assert err.value.message_zh.startswith("牌局紀錄不是正確的 TOML：表名後面要有 ]（第 1 行")
    # (from the breaker's trial) keys by name, not as Python tuples; a string left open on its
    # line says so; a number too long to read; puzzles and the nesting limit speak Chinese too
    with pytest.raises(NotationError) as err:
        Position.loads('format = "tianjiu-position/1"\n[tiles]\nE = "66"\n[tiles]\n')
    assert "Cannot declare tiles twice" in str(err.value) and "('" not in str(err.value)
    assert "tiles 寫了兩次（第 4 行" in err.value.message_zh
    with pytest.raises(NotationError) as err:
        Position.loads('leader = "S\nhero = "S"\n')
    assert "closing quote is missing" in str(err.value)
    assert "這一行沒有寫完（字串少了收尾的引號？）（第 1 行第 12 個字）" in err.value.message_zh
    with pytest.raises(NotationError) as err:
        Position.loads("banker_streak = " + "9" * 5000)
    assert err.value.message_zh == "局面：不是正確的 TOML：數字太大，讀不到（超過 4300 位）"
    assert str(err.value) == "position: not valid TOML: a number too large to read (more than 4300 digits)"
    with pytest.raises(NotationError) as err:
        Position.loads("x = " + "[" * 100 + "]" * 100)
    assert err.value.message_zh == "局面：嵌套超過 64 層"
    from tianjiu_core.puzzles.model import Puzzle, PuzzleError
    with pytest.raises(PuzzleError) as err:
        Puzzle.loads('id = "0005\n', "puzzle")
    assert err.value.message_zh.startswith("題目：題目不是正確的 TOML：這一行沒有寫完"), err.value.message_zh
    # (second trial) odd keys as TOML writes them; empty text said "not null"
    with pytest.raises(NotationError) as err:
        Position.loads('["a\\tb"]\n["a\\tb"]\n')
    assert '"a\\tb" 寫了兩次（第 2 行' in err.value.message_zh, err.value.message_zh
    with pytest.raises(NotationError) as err:   # empty text is a 寫法不對, as for a position
        HandRecord.loads("\ufeff \n")
    assert err.value.message_zh == "牌局紀錄：是空的" and str(err.value) == "hand record: the text is empty"
    with pytest.raises(NotationError) as err:
        Position.loads("")
    assert err.value.message_zh == "局面：是空的"
    from tianjiu_core import bridge
    answer = json.loads(bridge.handle_json('{"op": "classify", '))
    assert answer["error"]["message_zh"].startswith("請求不是 JSON（第 1 行第 ") and not re.search(
        r"[A-Za-z]{3,}", answer["error"]["message_zh"].replace("JSON", "")), answer

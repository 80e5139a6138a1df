"""The Play page (issue 16) in Chromium: a seeded session against engine players.

The page shows only your tiles while a hand is played and the engine's answers carry no other
seat's tiles; an illegal attempt is explained in words; the hand is played to the end by the
legal-action buttons; the settlement is itemised; the recap reveals face-down tiles; the
downloaded record replays with ``tianjiu replay``; a share link and an upload replay it on the
page; the last hands are kept on the device and a damaged save is kept and explained.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys

from tianjiu_core import bridge
from tianjiu_core.tiles import TILES
from tianjiu_core.tiengow.record import HandRecord

W = "tj-play-table"


def _record_requests(page):
    """From the next page load on, every request the page sends to the engine's worker goes
    to ``window.__asked`` (parsed)."""
    page.add_init_script("""window.__asked = []; const post = Worker.prototype.postMessage;
        Worker.prototype.postMessage = function (m, ...rest) {
            if (m && typeof m.json === 'string') window.__asked.push(JSON.parse(m.json));
            return post.call(this, m, ...rest); };""")


def _rows(actions):
    """The rows the analysis panel shows for the engine's actions: choices of one group and one
    name (雜九 36 or 45: the same move to a player) are one row, the first of them."""
    name = {t.code: t.name_hant for t in TILES}
    rows, seen = [], set()
    for a in actions:
        parts = a["action"].split()
        how = parts[0] if parts[0] in ("discard", "down") else ""
        key = (a["group"], how, tuple(name[c] for c in parts[1 if how else 0:]))
        if key not in seen:
            seen.add(key)
            rows.append(a)
    return rows


def _played_hand(seed):
    """Hand.from_seed(seed) played to the end with each seat's first legal action."""
    from tianjiu_core.tiengow.game import Hand
    hand = Hand.from_seed(seed)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    return hand


def _open_recap(tab, seed, path="en/play/"):
    """A record of _played_hand(seed) opened by link on the Play page, its recap drawn; the
    record's TOML."""
    toml = HandRecord.from_hand(_played_hand(seed)).dumps()
    link = base64.urlsafe_b64encode(toml.encode()).decode().rstrip("=")
    tab.goto(f"{path}#hand={link}")
    tab.page.wait_for_selector(f"{W}[data-state=replay] .tj-play__recap .tj-play__dealt", timeout=90_000)
    return toml


def _start(tab, seed=12, players="club"):
    tab.page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    tab.page.evaluate(f"document.querySelector('{W}').setAttribute('seed', '{seed}')")
    tab.page.select_option(f"{W} .tj-play__strength", players)
    tab.page.click(f"{W} .tj-play__start")
    tab.page.wait_for_selector(f"{W}[data-state=playing], {W}[data-state=over]")


def _english_names(page):
    """The English name under each tile of the hand: its words, shown, and inside its tile."""
    return page.evaluate(f"""[...document.querySelectorAll('{W} .tj-play__tile')].map(b => {{
        const e = b.querySelector('.tj-play__tile-en'), r = e.getBoundingClientRect(), t = b.getBoundingClientRect();
        // a word broken across lines ("Chon / g") has more than one line box
        const broken = [], node = e.firstChild, text = node ? node.textContent : '';
        for (const m of text.matchAll(/\\S+/g)) {{
            const range = document.createRange(); range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
            if (new Set([...range.getClientRects()].map(q => Math.round(q.top))).size > 1) broken.push(m[0]); }}
        const z = b.querySelector('.tj-play__tile-zh');
        return {{ text: e.innerText.replace(/\\s+/g, ' ').trim(), visible: r.width > 5 && r.height > 5, broken,
                  inside: r.left >= t.left - 0.5 && r.right <= t.right + 0.5 && e.scrollWidth <= e.clientWidth + 1
                          && broken.length === 0 && z.scrollWidth <= z.clientWidth + 1 }}; }})""")


def _others_hidden(tab, over_ok=False):
    """Every tile picture in the other seats' rows is a back; the engine's answer agrees.
    over_ok: the hand may have ended since the page last drew (the computer players answer
    the person's last action at once); then everything is rightly revealed and nothing is
    checked (the pictures are read first, so faces drawn before the end would still fail)."""
    hrefs = tab.page.evaluate(f"""[...document.querySelectorAll('{W} .tj-play__others use')]
        .map(u => u.getAttribute('href'))""")
    state = tab.page.evaluate(f"""async () => {{
        const w = document.querySelector('{W}');
        return await w.engine.call('hand_state', {{hand_id: w.view.hand_id}});
    }}""")
    if over_ok and state["revealed"]:
        return state
    assert hrefs and all(h.endswith("#tj-tile-back") for h in hrefs), hrefs
    assert set(state["holdings"]) == {"S"} and state["revealed"] is False
    for t in state["tricks"]:
        for a in t["actions"] + state["trick"]:
            if a["kind"] != "play" and a["seat"] != "S":
                assert a["tiles"] == [], a
    return state


def test_a_seeded_session(tab, tmp_path):
    tab.goto("play/")
    _start(tab)
    page = tab.page
    assert "間棟" in page.inner_text(f"{W} .tj-play__head") or "牌頭" in page.inner_text(f"{W} .tj-play__head")
    assert "莊" in page.inner_text(f"{W} .tj-play__banker") and "×2" in page.inner_text(f"{W} .tj-play__banker")
    first = bridge.handle({"op": "first_banker", "seed": 12})["result"]["banker"]
    assert page.get_attribute(f"{W} .tj-play__banker", "data-banker") == first
    assert "擲骰定莊" in page.inner_text(f"{W} .tj-play__firstbank")
    state = _others_hidden(tab)
    mine = page.locator(f"{W} .tj-play__tile").count()
    assert mine == len(state["holdings"]["S"]) and mine >= 7
    # an illegal attempt: five tiles are never a play, and never a trick's size after a 1–4 tile lead
    for k in range(1, 6):
        page.click(f"{W} .tj-play__tile[data-index='{k - 1}']")
    page.click(f"{W} .tj-play__play")
    page.wait_for_selector(f"{W}[data-illegal=IllegalActionError]")
    msg = page.inner_text(f"{W} .tj-play__msg")
    assert msg.startswith("不合規則") and len(msg) > 10
    assert page.locator(f"{W} .tj-play__tile").count() == mine        # nothing was played
    sr = f"document.querySelector('{W} .tj-play__sr').textContent"
    focused = f"""(() => {{ const a = document.activeElement, w = document.querySelector('{W}');
        return a && a !== document.body && w.contains(a) ? a.className : null; }})()"""
    # the theme's page and search keys (N: the next page) are kept from it while focus is on a tile
    url = page.url
    page.locator(f"{W} .tj-play__tile").first.focus()
    for key in ("n", ".", "s", "/"):
        page.keyboard.press(key)
    page.wait_for_timeout(500)
    assert page.url == url and page.get_attribute(W, "data-state") == "playing"
    assert "tj-play__tile" in (page.evaluate(focused) or ""), page.evaluate(focused)
    # a pick by number key is said (screen readers heard nothing): 1–5 put the five back
    page.evaluate(f"document.querySelector('{W}').clearMsg()")
    for k in range(1, 6):
        page.keyboard.press(str(k))
    assert page.evaluate(sr) == "沒有選牌"
    page.keyboard.press("2")
    assert page.evaluate(sr).startswith("已選：")
    page.keyboard.press("2")
    # Enter on a tile plays the pick with that tile in it (it un-picked the tile): refused with
    # the reason when it is no play (five tiles) …
    for k in range(1, 5):
        page.keyboard.press(str(k))
    page.locator(f"{W} .tj-play__tile[data-index='4']").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{W}[data-illegal=IllegalActionError]")
    assert page.inner_text(f"{W} .tj-play__msg").startswith("不合規則")
    assert page.locator(f"{W} .tj-play__tile[aria-pressed=true]").count() == 5
    for k in range(1, 6):
        page.keyboard.press(str(k))
    # … and played when it is one: Space picks a tile that is a legal play alone, Enter plays it;
    # focus stays in the hand (it fell to <body> at every redraw) and the others' plays are said
    idle = f"(() => {{ const w = document.querySelector('{W}'); return !w.busy && !w.dataset.illegal; }})()"
    for _ in range(8):   # (until a play is legal: a discard by its button meanwhile)
        codes = page.evaluate(f"[...document.querySelectorAll('{W} .tj-play__tile')].map(b => b.dataset.code)")
        legal = page.evaluate(f"[...document.querySelectorAll('{W} .tj-play__chip')].map(b => b.dataset.action)")
        play = next((a.split() for a in legal if not a.startswith(("discard", "down"))), None)
        if play:
            break
        page.locator(f"{W} .tj-play__chip").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(idle)
        assert page.get_attribute(W, "data-state") == "playing"
    at = []
    for c in play:
        at.append(next(i for i, x in enumerate(codes) if x == c and i not in at))
    for i in at[:-1]:
        page.keyboard.press(str(i + 1))
    tile = page.locator(f"{W} .tj-play__tile[data-index='{at[-1]}']")
    tile.focus()
    page.keyboard.press("Space")
    assert tile.get_attribute("aria-pressed") == "true"
    page.keyboard.press("Enter")
    page.wait_for_function(f"""(() => {{ const w = document.querySelector('{W}');
        return !w.busy && !w.dataset.illegal && w.querySelectorAll('.tj-play__tile').length === {len(codes) - len(at)}; }})()""")
    assert page.evaluate(focused) and "tj-play__tile" in page.evaluate(focused), page.evaluate(focused)
    said = [page.evaluate(sr)]
    assert said[0].endswith("輪到你") or page.get_attribute(W, "data-state") == "over", said
    # play the hand out with the legal-action buttons (keyboard: Enter on a focused button)
    for _ in range(40):
        if page.evaluate(f"document.querySelector('{W}').dataset.state") == "over":
            break
        if _others_hidden(tab, over_ok=True)["revealed"]:
            break
        chip = page.locator(f"{W} .tj-play__chip").first
        chip.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"!document.querySelector('{W}').dataset.illegal && !document.querySelector('{W}').busy")
        assert page.evaluate(focused), "focus fell out of the table"
        said.append(page.evaluate(sr))
    page.wait_for_selector(f"{W}[data-state=over]")
    # the hand was told as it went: the other seats' plays, each trick's winner, the end
    assert any(re.search(r"(^|。)[東西北]：", x) for x in said), said
    assert any("贏了這一墩" in x for x in said), said
    assert "這局完了" in page.evaluate(sr), page.evaluate(sr)
    # … after the last trick's winner only the result (the last trick was told a second time)
    assert not re.search(r"[東南西北]：", page.evaluate(sr).split("贏了這一墩")[-1]), page.evaluate(sr)
    page.wait_for_function(f"document.querySelector('{W}').lastToml")   # (the result drawn again)
    # focus on Next hand, so that Enter deals it as the keys line says (it was on Recap)
    assert "tj-play__nexthand" in (page.evaluate(focused) or "")
    result = page.evaluate(f"document.querySelector('{W}').view.result")
    assert sum(result["payments"].values()) == 0
    assert page.locator(f"{W} .tj-play__items li").count() >= 1
    me = result["payments"]["S"]
    assert page.get_attribute(f"{W} .tj-play__pay tr[data-seat=S] td[data-payment]", "data-payment") == str(me)
    # all revealed now
    hrefs = page.evaluate(f"[...document.querySelectorAll('{W} .tj-play__others use')].map(u => u.getAttribute('href'))")
    assert not any(h.endswith("#tj-tile-back") for h in hrefs)
    # recap: the face-down discards are shown
    page.click(f"{W} .tj-play__recapbtn")
    tricks = page.evaluate(f"document.querySelector('{W}').view.tricks")
    discards = [i for i, t in enumerate(tricks) for a in t["actions"] if a["kind"] != "play"]
    assert discards and all(a["tiles"] for t in tricks for a in t["actions"])
    for _ in range(discards[0] + 1):
        page.click(f"{W} .tj-play__rnext")
    recap = page.locator(f"{W} .tj-play__recap")
    assert recap.get_attribute("data-step") == str(discards[0] + 1)
    # Enter on a part of the recap that is no button (its analysis panel, say) leaves the
    # recap alone: it dealt the next hand
    recap.evaluate("r => { r.tabIndex = -1; r.focus(); }")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert recap.is_visible() and recap.get_attribute("data-step") == str(discards[0] + 1)
    assert recap.locator(".tj-play__tiles.is-discard use").count() >= 1
    assert recap.locator("use[href$='#tj-tile-back']").count() == 0
    tab.shot("play-over")
    # download → tianjiu replay
    with page.expect_download() as dl:
        page.click(f"{W} .tj-play__result .tj-play__download")
    path = tmp_path / "hand.toml"
    dl.value.save_as(path)
    rec = HandRecord.loads(path.read_text(encoding="utf-8"))
    assert rec.result["payments"]["S"] == me and rec.rules.overrides()["preset"] == "hk"
    out = subprocess.run([sys.executable, "-m", "tianjiu_core", "replay", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and f"S {me:+d}" in out.stdout, out
    # the hand is kept on the device
    assert page.locator(f"{W} .tj-play__saved li").count() == 1
    saved = page.inner_text(f"{W} .tj-play__saved li")          # a date no reader misreads (not 2/12)
    assert re.search(r"20\d\d年\d{1,2}月\d{1,2}日", saved) and not re.search(r"\d/\d", saved), saved
    # the next hand follows the engine's banker succession and the score runs on
    old_id = page.evaluate(f"document.querySelector('{W}').view.hand_id")
    page.click(f"{W} .tj-play__nexthand")
    # (not only [data-state=over]: the hand before is over too, and under load it was read)
    page.wait_for_function(f"""(() => {{ const w = document.querySelector('{W}');
        return w.view.hand_id !== {old_id} && !w.busy && ['playing', 'over'].includes(w.dataset.state); }})()""")
    assert page.get_attribute(f"{W} .tj-play__banker", "data-banker") == result["next_banker"]
    assert f"{'+' if me > 0 else ''}{me}".replace("-", "−") in page.inner_text(f"{W} .tj-play__score-seat[data-seat=S]")
    # while a hand is live the saved hands cannot be replayed (that replaced the hand, unasked)
    if page.evaluate(f"document.querySelector('{W}').dataset.state") == "playing":
        assert page.is_disabled(f"{W} .tj-play__saved .tj-play__replay")
        assert "打完這一局才可以重看" in page.inner_text(f"{W} .tj-play__saved")

    # a take-back: after my first action, undo restores my tiles
    if page.evaluate(f"document.querySelector('{W}').dataset.state") == "playing":
        before = page.locator(f"{W} .tj-play__tile").count()
        page.locator(f"{W} .tj-play__chip").first.click()
        page.wait_for_function(f"document.querySelector('{W}').view.can_undo || document.querySelector('{W}').dataset.state === 'over'")
        if page.evaluate(f"document.querySelector('{W}').dataset.state") == "playing":
            page.keyboard.press("u")
            page.wait_for_function(f"!document.querySelector('{W}').view.can_undo")
            assert page.locator(f"{W} .tj-play__tile").count() == before
    assert tab.problems() == []

    # share by link: the record in the fragment replays on the page (once this hand is over: a
    # link opened during a hand waits, test_a_link_or_instant_navigation_during_a_hand_keeps_the_hand)
    _play_out(page)
    link = "play/#hand=" + base64.urlsafe_b64encode(path.read_bytes()).decode().rstrip("=")
    tab.goto(link)
    page.wait_for_selector(f"{W}[data-state=replay]", timeout=90_000)
    assert page.evaluate(f"document.querySelector('{W}').view.result.payments.S") == me
    assert page.locator(f"{W} .tj-play__recap .tj-play__dealt .tj-play__seat").count() == 4
    # a linked hand is no session: no running-total column, and the house-rules form is put away
    assert page.locator(f"{W} .tj-play__pay th").all_inner_texts()[:3] == ["家", "棟", "這局"]
    assert "累計" not in page.inner_text(f"{W} .tj-play__pay")
    assert page.locator(f"{W} .tj-play__setup").is_hidden()
    # a link cut short, or whose bytes are not UTF-8 text: the reader is told the link is broken
    # (before: a TOML error, or a parse of the replacement characters)
    # (a record that reads but is not a whole hand says so; a link far too long says that, not
    # "request: longer than 300,000 characters")
    text = path.read_text(encoding="utf-8")
    b64 = link.split("#hand=")[1]
    for broken, said in (("play/#hand=" + base64.urlsafe_b64encode(text[: len(text) * 2 // 3].encode()).decode(),
                          "這條連結裏的牌譜不能重播：它可能不完整（連結被截斷了）或被改過。"),
                         ("play/#hand=" + b64[: len(b64) * 2 // 3 // 4 * 4 + 1], "這條連結裏的牌譜讀不到"),   # (no longer base64)
                         ("play/#hand=" + base64.urlsafe_b64encode(b"\xff\xfe[table]").decode().rstrip("="), "這條連結裏的牌譜讀不到"),
                         ("play/#hand=" + base64.urlsafe_b64encode(b"#" * 300_000).decode(), "這條連結太長，不是牌譜（300 kB；最多 200 kB）")):
        tab.goto("")      # (by another page: from a #fragment address a goto may be only a hash change)
        tab.goto("play/")
        page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
        tab.goto(broken)
        page.wait_for_function(f"document.querySelector('{W} .tj-play__msg').textContent.startsWith({json.dumps(said)})")
        assert "寫法不對" not in page.inner_text(f"{W} .tj-play__msg")   # (no TOML parser's words)
    # plain base64 (+ / and = padding) is read as well as the base64url that Share writes
    tab.goto("")
    plain = base64.b64encode(base64.urlsafe_b64decode(link.split("#hand=")[1] + "==")).decode()
    tab.goto("play/#hand=" + plain)
    page.wait_for_selector(f"{W}[data-state=replay]", timeout=90_000)
    # a damaged save is kept, explained, never wiped
    # (set on another page, then one load of the Play page: a load sets the damaged save aside,
    # so a second one — a reload — finds nothing to report)
    tab.goto("")
    page.evaluate("localStorage.setItem('tianjiu.play.hands.v1', '{not json')")
    tab.goto("play/")
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    assert "損壞" in page.inner_text(f"{W} .tj-play__damaged")
    kept = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('tianjiu.play.hands.v1.damaged'))
        .map(k => localStorage.getItem(k))""")
    assert kept == ["{not json"]
    # an entry without a time or a result is damage too (it was listed as "?: you 0")
    tab.goto("")
    bad = json.dumps([{"toml": "garbage", "at": "zzz", "score": "NaN"}])
    page.evaluate("v => localStorage.setItem('tianjiu.play.hands.v1', v)", bad)
    tab.goto("play/")
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    assert "損壞" in page.inner_text(f"{W} .tj-play__damaged")
    assert page.locator(f"{W} .tj-play__saved .tj-play__replay").count() == 0
    kept = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('tianjiu.play.hands.v1.damaged'))
        .map(k => localStorage.getItem(k))""")
    assert bad in kept
    # one damaged entry among good ones: the good ones stay listed (one bad entry hid them all)
    tab.goto("")
    entry = {"toml": HandRecord.from_hand(_played_hand(7)).dumps(), "when": "2026-12-01T10:00:00Z", "mine": 5, "hand": 1}
    mixed = json.dumps([entry, {"toml": 5}])
    page.evaluate("v => localStorage.setItem('tianjiu.play.hands.v1', v)", mixed)
    tab.goto("play/")
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    assert "1 局資料損壞" in page.inner_text(f"{W} .tj-play__damaged")
    assert page.locator(f"{W} .tj-play__saved .tj-play__replay").count() == 1
    assert json.loads(page.evaluate("localStorage.getItem('tianjiu.play.hands.v1')")) == [entry]
    kept = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('tianjiu.play.hands.v1.damaged'))
        .map(k => localStorage.getItem(k))""")
    assert mixed in kept
    # upload a record the CLI wrote (tianjiu play --auto --save)
    cli = tmp_path / "cli.toml"
    subprocess.run([sys.executable, "-m", "tianjiu_core", "play", "--auto", "--seed", "7", "--save", str(cli)],
                   check=True, capture_output=True, timeout=60)
    page.set_input_files(f"{W} .tj-play__upload input", str(cli))
    page.wait_for_selector(f"{W}[data-state=replay]")
    want = HandRecord.loads(cli.read_text(encoding="utf-8")).result["payments"]
    assert page.evaluate(f"document.querySelector('{W}').view.result.payments") == want
    # a broken upload is explained, nothing lost
    bad = tmp_path / "bad.toml"
    bad.write_text("format = 'tianjiu-hand/1'\n", encoding="utf-8")
    page.set_input_files(f"{W} .tj-play__upload input", str(bad))
    page.wait_for_function(f"document.querySelector('{W} .tj-play__msg').textContent.includes('不能重播')")
    assert tab.problems() == []


def test_an_upload_not_utf8_or_not_toml_is_refused_with_its_reason(tab, tmp_path):
    """A record whose only bytes that are not UTF-8 sit in a TOML comment was replayed (the
    browser read them as �, which a comment takes): now it is refused as ``tianjiu replay``
    refuses the file, naming the first bad byte. A record that is not TOML is 寫法不對
    (written wrong), as a position's is, not 數據不合理 (data that cannot be). Nothing is lost:
    a good record replays after both."""
    from tianjiu_core.tiengow.game import Hand
    hand = Hand.from_seed(5)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    good = HandRecord.from_hand(hand).dumps().encode()
    latin1 = tmp_path / "latin1.toml"
    latin1.write_bytes(b"# caf\xe9\n" + good)
    cli = subprocess.run([sys.executable, "-m", "tianjiu_core", "replay", str(latin1)],
                         capture_output=True, text=True, timeout=60)
    assert cli.returncode == 2 and "hand record is not UTF-8 text (byte 5)" in cli.stderr, cli.stderr
    broken = tmp_path / "broken.toml"
    broken.write_bytes(good + b"\n[[[")
    ok = tmp_path / "ok.toml"
    ok.write_bytes(good)
    tab.goto("play/")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    msg = f"document.querySelector('{W} .tj-play__msg').textContent"
    page.set_input_files(f"{W} .tj-play__upload input", str(latin1))
    page.wait_for_function(f"{msg}.includes('UTF-8')", timeout=30_000)
    assert page.inner_text(f"{W} .tj-play__msg") == "這個牌譜不能重播：寫法不對：latin1.toml：牌局紀錄不是 UTF-8 文字（第 5 位元組）"
    assert page.get_attribute(W, "data-state") == "ready"
    page.set_input_files(f"{W} .tj-play__upload input", str(broken))
    page.wait_for_function(f"{msg}.includes('TOML')", timeout=30_000)
    assert page.inner_text(f"{W} .tj-play__msg").startswith("這個牌譜不能重播：寫法不對：牌局紀錄不是正確的 TOML："), \
        page.inner_text(f"{W} .tj-play__msg")
    # an empty file: said so, not "written wrong: the text is empty"
    empty = tmp_path / "empty.toml"
    empty.write_bytes(b"")
    page.set_input_files(f"{W} .tj-play__upload input", str(empty))
    page.wait_for_function(f"{msg}.includes('empty.toml')", timeout=30_000)
    assert page.inner_text(f"{W} .tj-play__msg") == "這個牌譜不能重播：empty.toml：檔案是空的"
    page.set_input_files(f"{W} .tj-play__upload input", str(ok))
    page.wait_for_selector(f"{W}[data-state=replay]", timeout=30_000)
    assert page.locator(f"{W} .tj-play__unfinished").count() == 0
    # a record cut short (valid, 16 actions: the hand goes on) replays, saying that it stops
    # before the end (it showed "trick 0 of 4" and nothing else)
    part = Hand.from_seed(5)
    for _ in range(16):
        part.act(part.legal_actions()[0])
    cut = tmp_path / "cut.toml"
    cut.write_text(HandRecord.from_hand(part).dumps(), encoding="utf-8")
    page.set_input_files(f"{W} .tj-play__upload input", str(cut))
    page.wait_for_selector(f"{W} .tj-play__unfinished", timeout=30_000)
    assert page.inner_text(f"{W} .tj-play__unfinished") == f"這份牌譜在牌局打完之前就停了：打完 {len(part.tricks)} 墩，沒有結算。"
    assert len(part.tricks) == 4
    assert tab.problems() == []


def test_a_whole_hand_ending_on_your_discard_recap_and_sharing(new_tab):
    """A new user's trial (Beginner players, always the first thing under "You may"), seed 40:
    the hand's last action is South's discard.

    - "your discards" listed that last discard twice (nine tiles from an eight-tile hand): the
      engine's seat view counted the finished hand's last trick twice; each tile is listed once.
    - the heading said "plain finish, ×1" over items that say "× banker 2": no bare ×1.
    - the recap's dealt hands were 32 px tiles (~15 px wide) without names: now the live hand's
      size with each tile named, and at 360 px still eight in a row.
    - "Link copied" appeared at the top of the result (under the sticky header): now next to
      the button; and a hand reopened from "your recent hands" can be shared by link too.
    """
    tab = new_tab(viewport={"width": 1280, "height": 900})
    tab.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=tab.url("").rstrip("/"))
    tab.goto("en/play/")
    _start(tab, seed=40, players="beginner")
    page = tab.page
    _play_out(page)
    view = page.evaluate(f"document.querySelector('{W}').view")
    last = view["tricks"][-1]["actions"][-1]
    assert last["seat"] == "S" and last["kind"] == "discard", last        # (what this test is about)
    mine = [t for tr in view["tricks"] for a in tr["actions"] if a["seat"] == "S" and a["kind"] != "play" for t in a["tiles"]]
    assert view["discarded"] == mine and len(mine) <= 8, (view["discarded"], mine)
    listed = page.inner_text(f"{W} .tj-play__mydisc").removeprefix("your discards: ").split(", ")
    assert len(listed) == len(mine), listed
    names = {t.code: f"{t.name_hant} ({t.name_en})" for t in TILES}
    assert listed == [names[c] for c in mine], listed
    # the heading names the finish; no bare ×1 over items that multiply by the banker's 2
    finish = page.inner_text(f"{W} .tj-play__finish")
    assert view["result"]["settlement"]["finish"] == "plain"
    assert finish.endswith("finishes: a plain finish") and "×" not in finish, finish
    # share by link: the confirmation right under the buttons, below the sticky header
    page.click(f"{W} .tj-play__result .tj-play__share")
    page.wait_for_function(f"!!document.querySelector('{W} .tj-play__msg').dataset.link")
    assert page.locator(f"{W} .tj-play__result .tj-play__row:has(.tj-play__share) + .tj-play__msg").count() == 1
    assert page.inner_text(f"{W} .tj-play__msg").startswith(("Link copied", "Copy this link"))
    page.wait_for_timeout(300)   # (a smooth scroll)
    box = page.evaluate(f"""(() => {{ const m = document.querySelector('{W} .tj-play__msg').getBoundingClientRect();
        const b = document.querySelector('{W} .tj-play__result .tj-play__share').getBoundingClientRect();
        const head = document.querySelector('.md-header').getBoundingClientRect();
        return {{top: m.top, bottom: m.bottom, below: m.top - b.bottom, header: head.bottom}}; }})()""")
    assert box["top"] >= box["header"] and box["bottom"] <= 901 and 0 <= box["below"] < 80, box
    tab.shot("play-shared-1280")
    # the recap's dealt hands: the live hand's size, every tile named
    page.click(f"{W} .tj-play__recapbtn")
    page.wait_for_selector(f"{W} .tj-play__dealt")
    dealt = page.evaluate(f"""[...document.querySelectorAll('{W} .tj-play__dealt .tj-play__seat')].map(s => ({{
        seat: s.dataset.seat,
        tiles: [...s.querySelectorAll('.tj-play__named')].map(t => ({{
            code: t.dataset.code, w: t.querySelector('svg').getBoundingClientRect().width,
            h: t.querySelector('svg').getBoundingClientRect().height,
            top: Math.round(t.getBoundingClientRect().top),
            zh: t.querySelector('.tj-play__tile-zh').innerText, en: t.querySelector('.tj-play__tile-en').innerText }})) }}))""")
    assert [d["seat"] for d in dealt] == ["E", "S", "W", "N"]
    for d in dealt:
        assert [t["code"] for t in d["tiles"]] == view["dealt"][d["seat"]]
        for t in d["tiles"]:
            assert abs(t["h"] - 56) < 0.5 and t["w"] >= 25, t                     # was 32 × 14.5
            assert f"{t['zh']} ({t['en']})" == names[t["code"]], t
        assert len({t["top"] for t in d["tiles"]}) == 1, d              # one row each
    tab.shot("play-recap-1280")
    # a phone: 48 px, the Chinese and English names, each seat's eight in one row, nothing sideways
    page.set_viewport_size({"width": 360, "height": 800})
    phone = page.evaluate(f"""[...document.querySelectorAll('{W} .tj-play__dealt .tj-play__seat')].map(s =>
        [...s.querySelectorAll('.tj-play__named')].map(t => {{ const n = t.querySelector('.tj-play__tile-zh'),
                e = t.querySelector('.tj-play__tile-en'), r = e.getBoundingClientRect(), b = t.getBoundingClientRect();
            return {{ h: t.querySelector('svg').getBoundingClientRect().height, top: Math.round(b.top),
                      named: n.getBoundingClientRect().width > 10 && n.scrollWidth <= n.clientWidth + 1,
                      english: r.height > 5 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5 }}; }}))""")
    for tiles in phone:
        assert len(tiles) == 8 and len({t["top"] for t in tiles}) == 1, tiles
        assert all(abs(t["h"] - 48) < 0.5 and t["named"] and t["english"] for t in tiles), tiles
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.locator(f"{W} .tj-play__recap").screenshot(path=str(tab.shot("play-recap-360").with_name("play-recap-360-box.png")))
    page.set_viewport_size({"width": 1280, "height": 900})
    # reopened from "your recent hands": Share by link is offered there too, its words beside it
    saved = page.evaluate("JSON.parse(localStorage.getItem('tianjiu.play.hands.v1'))[0].toml")
    page.click(f"{W} .tj-play__saved .tj-play__replay")
    page.wait_for_selector(f"{W}[data-state=replay]")
    assert page.locator(f"{W} .tj-play__result .tj-play__share").count() == 1
    page.evaluate(f"delete document.querySelector('{W} .tj-play__msg').dataset.link")
    page.click(f"{W} .tj-play__result .tj-play__share")
    page.wait_for_function(f"!!document.querySelector('{W} .tj-play__msg').dataset.link")
    assert page.locator(f"{W} .tj-play__result .tj-play__row:has(.tj-play__share) + .tj-play__msg").count() == 1
    link = page.get_attribute(f"{W} .tj-play__msg", "data-link")
    frag = link.split("#hand=", 1)[1]
    assert base64.urlsafe_b64decode(frag + "=" * (-len(frag) % 4)).decode() == saved
    tab.shot("play-reopened-shared-1280")
    assert tab.problems() == []


def test_play_page_english_and_phone_width(new_tab):
    tab = new_tab(viewport={"width": 320, "height": 640})
    tab.goto("en/play/")
    page = tab.page
    # the house-rules form on the smallest phone: no sideways scroll (the 牌頭 select ran past
    # the screen; with every option open the page was 329 px wide), labels wrap, and the
    # controls are touch targets (selects 16–21 px tall, checkboxes 13 × 13 with no larger label)
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    page.click(f"{W} .tj-play__rules summary")
    form = page.evaluate(f"""(() => {{ const r = (e) => e.getBoundingClientRect();
        return {{ width: document.documentElement.scrollWidth,
          selects: [...document.querySelectorAll('{W} .tj-play__setup select')].map(e => [r(e).left, r(e).right, r(e).height]),
          boxes: [...document.querySelectorAll('{W} .tj-play__setup input[type=checkbox]')].map(e => [r(e.closest('label')).right, r(e.closest('label')).height]),
          codes: [...document.querySelectorAll('{W} .tj-play__opt code')].map(e => r(e).right) }}; }})()""")
    tab.shot("play-setup-320")
    assert form["width"] <= 320, form
    assert form["selects"] and all(left >= 0 and right <= 320 and height >= 32 for left, right, height in form["selects"]), form
    assert len(form["boxes"]) >= 5 and all(right <= 320 and height >= 32 for right, height in form["boxes"]), form
    assert all(right <= 320 for right in form["codes"]), form
    page.set_viewport_size({"width": 375, "height": 800})
    _start(tab, seed=3, players="beginner")
    assert "Banker" in page.inner_text(f"{W} .tj-play__banker")
    _others_hidden(tab)
    # your tiles line up: a caption of two lines ("雜八 / Chop Bot") no longer pushes its tile
    # higher than the others of its row (a button centres what it holds)
    tops = page.evaluate(f"""[...document.querySelectorAll('{W} .tj-play__hand .tj-play__tile')].map(b =>
        [Math.round(b.getBoundingClientRect().top), Math.round(b.querySelector('svg').getBoundingClientRect().top)])""")
    assert len(tops) == 8, tops
    for row in {b for b, _ in tops}:
        assert len({s for b, s in tops if b == row}) == 1, tops
    tab.shot("play-375")
    # (the page's smooth scroll to the table after Start has ended)
    page.wait_for_function("new Promise(r => { const y = scrollY; setTimeout(() => r(scrollY === y), 300); })")
    # the whole hand in one row, so it is on screen with the table (360 px below)
    tops = page.evaluate(f"[...document.querySelectorAll('{W} .tj-play__tile')].map(b => Math.round(b.getBoundingClientRect().top))")
    assert len(tops) == 8 and len(set(tops)) == 1, tops
    # each tile named under its picture: the Chinese name and, on an English page, the English
    # one (it was left out on a phone: an English reader saw only 天, 長三 …), within its tile
    names = page.locator(f"{W} .tj-play__tile .tj-play__tile-zh")
    assert names.count() == 8 and all(n.strip() for n in names.all_inner_texts())
    english = _english_names(page)
    assert len(english) == 8 and all(e["visible"] and e["inside"] and e["text"] for e in english), english
    # the pressed Start button is gone: focus is on the new hand, not lost to the page
    assert page.evaluate("document.activeElement.classList.contains('tj-play__hand')")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # at 360 px too (the commonest Android width), where three-character names made tiles wider
    page.set_viewport_size({"width": 360, "height": 800})
    page.evaluate(f"""(() => {{ const w = document.querySelector('{W}'); w.realView = w.view;
        w.view = {{...w.view, holdings: {{...w.view.holdings, S: ['56', '46', '16', '15', '36', '26', '25', '14']}}}}; w.draw(); }})()""")
    tops = page.evaluate(f"[...document.querySelectorAll('{W} .tj-play__tile')].map(b => Math.round(b.getBoundingClientRect().top))")
    assert len(tops) == 8 and len(set(tops)) == 1, tops
    # the longest English names (Gee Joon six, Chop Chit …) wrap inside their tiles
    page.evaluate(f"""(() => {{ const w = document.querySelector('{W}');
        w.view = {{...w.view, holdings: {{...w.view.holdings, S: ['24', '12', '33', '36', '25', '14', '26', '16']}}}}; w.draw(); }})()""")
    english = _english_names(page)
    assert [e["text"] for e in english][:2] == ["Gee Joon six", "Gee Joon three"], english
    assert all(e["visible"] and e["inside"] for e in english), english
    tops = page.evaluate(f"[...document.querySelectorAll('{W} .tj-play__tile')].map(b => Math.round(b.getBoundingClientRect().top))")
    assert len(tops) == 8 and len(set(tops)) == 1, tops
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    tab.shot("play-360-english-names")
    # and on the smallest phones, 320 px (the eighth tile went to a second row)
    page.set_viewport_size({"width": 320, "height": 640})
    tops = page.evaluate(f"[...document.querySelectorAll('{W} .tj-play__tile')].map(b => Math.round(b.getBoundingClientRect().top))")
    assert len(tops) == 8 and len(set(tops)) == 1, tops
    assert all(e["visible"] and e["inside"] for e in _english_names(page)), _english_names(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # the legal-action buttons are touch targets (28 px tall): at least 32 px
    chips = page.evaluate(f"[...document.querySelectorAll('{W} .tj-play__legal .tj-play__chip')].map(b => b.getBoundingClientRect().height)")
    assert chips and min(chips) >= 32, chips
    page.set_viewport_size({"width": 375, "height": 800})
    page.evaluate(f"(() => {{ const w = document.querySelector('{W}'); w.view = w.realView; w.draw(); }})()")
    # the header keeps the page title readable: the engine's status is a dot (its words are
    # left for screen readers)
    words = page.locator(".tj-header-status .tj-engine-status__text")
    assert words.inner_text() == "Engine ready" and words.bounding_box()["width"] <= 1
    for k in range(1, 6):
        page.keyboard.press(str(k))
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{W}[data-illegal=IllegalActionError]")
    assert page.inner_text(f"{W} .tj-play__msg").startswith("Not allowed by the rules")
    # on a phone the refusal is on screen, under the buttons (not below the list of legal actions)
    assert page.evaluate(f"""(() => {{ const r = document.querySelector('{W} .tj-play__msg').getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 1; }})()""")
    assert page.locator(f"{W} .tj-play__me .tj-play__row + .tj-play__msg").count() == 1
    tab.goto("zh-Hans/play/")
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    # (the form's words: in a loaded full run they once came after data-state)
    page.wait_for_function(f"document.querySelector('{W}').innerText.includes('开始')", timeout=30_000)
    methods = page.inner_text(f"{W} .tj-play__method")
    assert "间栋" in methods and "舞三狮" in methods and "間棟" not in methods, methods
    assert tab.problems() == []


def test_english_lines_gloss_dong_as_the_site_does(tab):
    """The English table wrote 棟 bare: "1 棟" by each seat, "West wins 1 棟" under the trick,
    "wins the trick (1 棟)" for screen readers, "棟" over the result's column.  English text
    elsewhere glosses it ("棟 (stacks)"); here too, each time, "1 棟 (stack)" / "2 棟 (stacks)"."""
    tab.goto("en/play/")
    _start(tab, seed=40, players="beginner")
    page = tab.page
    lines = f"""[document.querySelector('{W} .tj-play__sr'), ...document.querySelectorAll('{W} .tj-play__dong, {W} .tj-play__won')]
        .map(e => e.textContent)"""
    seen = []
    for _ in range(40):
        seen += page.evaluate(lines)
        if page.get_attribute(W, "data-state") == "over":
            break
        page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
        page.wait_for_function(f"""(() => {{ const w = document.querySelector('{W}');
            return !w.busy && (w.dataset.state === 'over' || !!w.querySelector('.tj-play__legal .tj-play__chip')); }})()""")
    assert page.get_attribute(W, "data-state") == "over"
    said = re.findall(r"(\d+) 棟(?: \((stacks?)\))?", "\n".join(seen))
    assert [x for x in said if x[1] != ("stack" if x[0] == "1" else "stacks")] == [], seen
    assert ("1", "stack") in said and ("0", "stacks") in said, said
    assert "wins the trick: " in page.text_content(f"{W} .tj-play__sr"), seen
    assert page.locator(f"{W} .tj-play__pay th").all_inner_texts()[:2] == ["Seat", "棟 (stacks)"]
    # each payment names its rule in Chinese with the English beside it: "(棟: stacks short of 4)"
    # (it said "(棟 short of 4)", and "(no 棟)" for 空棟)
    items = page.locator(f"{W} li[data-rule]").all_inner_texts()
    labels = {"dong": "(棟: stacks short of 4)", "empty_dong": "(空棟: no stacks)", "gui_dong": "(歸棟: 4 stacks, even)",
              "ru_yi": "(入一: 5 stacks, paid 1)", "ru_er": "(入二: 6 stacks, paid 2)"}
    rules = page.eval_on_selector_all(f"{W} li[data-rule]", "els => els.map(e => e.dataset.rule)")
    assert items and any(r in labels for r in rules), (rules, items)
    for r, text in zip(rules, items):
        if r in labels:
            assert labels[r] in text, (r, text)
    # and the arithmetic after it drops the rule's name the line gave ("(空棟: no stacks) 空棟 5"
    # read as one run-on line): only what the amount does not say, after a dash
    zh = {"dong": "棟", "empty_dong": "空棟", "gui_dong": "歸棟", "ru_yi": "入一", "ru_er": "入二"}
    for r, text in zip(rules, items):
        if r in zh:
            assert text.count(zh[r]) == 1, (r, text)
            assert re.search(r"\) — .*\d|\)$", text), (r, text)
    assert tab.problems() == []


def test_a_linked_hand_opens_at_its_replay_on_a_phone(new_tab):
    """A #hand= link on a 375 px phone: the page's introduction fills the screen, so the page
    scrolls to the replay (it stayed at the top)."""
    from tianjiu_core.tiengow.game import Hand
    hand = Hand.from_seed(5)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    link = base64.urlsafe_b64encode(HandRecord.from_hand(hand).dumps().encode()).decode().rstrip("=")
    tab = new_tab(viewport={"width": 375, "height": 800})
    tab.goto(f"en/play/#hand={link}")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=replay] .tj-play__recap", timeout=90_000)
    page.wait_for_function("new Promise(r => { const y = scrollY; setTimeout(() => r(scrollY === y), 400); })")
    top = page.evaluate(f"document.querySelector('{W}').getBoundingClientRect().top")
    assert page.evaluate("scrollY") > 0 and -2 <= top <= 400, top
    assert tab.problems() == []


def test_switching_language_during_a_linked_replay_keeps_the_replay(tab):
    """The language switcher dropped every #fragment (a heading's id differs between the
    languages), so switching language while a #hand= link was replayed opened an empty table.
    A #hand= record is the same in every language: it goes along and replays there."""
    link = _record_link()
    tab.goto(f"en/play/#hand={link}")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=replay] .tj-play__recap", timeout=90_000)
    paid = page.evaluate(f"document.querySelector('{W}').view.result.payments")
    page.hover(".md-header__option .md-select")
    page.click(".md-select__link[hreflang=zh-Hans]")
    page.wait_for_url(tab.url(f"zh-Hans/play/#hand={link}"))
    page.wait_for_function("document.documentElement.lang === 'zh-Hans'")
    page.wait_for_selector(f"{W}[data-state=replay] .tj-play__recap", timeout=90_000)
    assert page.evaluate(f"document.querySelector('{W}').view.result.payments") == paid
    assert page.locator(f"{W} .tj-play__pay th").all_inner_texts()[:3] == ["家", "栋", "这局"]
    # a heading's #fragment still stays behind
    tab.goto("en/play/#playing")
    page.hover(".md-header__option .md-select")
    assert page.get_attribute(".md-select__link[hreflang=zh-Hant]", "href") == tab.url("play/")
    page.click(".md-select__link[hreflang=zh-Hant]")
    page.wait_for_url(tab.url("play/"))
    assert tab.problems() == []


def test_the_settlement_is_in_the_page_language(new_tab, tmp_path):
    """A hand's settlement on the 繁體 and 简体 pages has no English in it (the engine's item
    arithmetic came in English: "× banker 2"); the English page keeps the English."""
    import re
    cli = tmp_path / "cli.toml"
    subprocess.run([sys.executable, "-m", "tianjiu_core", "play", "--auto", "--seed", "7", "--save", str(cli)],
                   check=True, capture_output=True, timeout=60)
    hand = HandRecord.loads(cli.read_text(encoding="utf-8")).replay()
    items = [*hand.result.bonuses.items, *hand.result.settlement.items]
    assert any(it.banker_factor != 1 for it in items)        # so "× banker" would show
    from tianjiu_core.tiengow.game import Hand
    hand = Hand.from_seed(25)                                # a 么結: the finish multiplies by 2
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    assert hand.result.settlement.finish == "yao" and hand.result.settlement.finish_factor == 2
    yao = tmp_path / "yao.toml"
    yao.write_text(HandRecord.from_hand(hand).dumps(), encoding="utf-8")
    for width, (path, words) in ((1280, ("play/", "莊家倍數")), (375, ("zh-Hans/play/", "庄家倍数")),
                                 (1280, ("en/play/", "× banker"))):
        tab = new_tab(viewport={"width": width, "height": 900})
        tab.goto(path)
        tab.page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
        tab.page.set_input_files(f"{W} .tj-play__upload input", str(cli))
        tab.page.wait_for_selector(f"{W}[data-state=replay]")
        text = tab.page.inner_text(f"{W} .tj-play__items")
        assert words in text, text
        # seed 7: a plain finish, named without a bare "×1" (it read as contradicting the
        # items' "× banker 2"); a finish that multiplies says its factor is the finish's
        finish = tab.page.inner_text(f"{W} .tj-play__finish")
        assert "×" not in finish and finish.endswith(
            {"play/": "結：普通的結", "zh-Hans/play/": "结：普通的结"}.get(path, "finishes: a plain finish")), finish
        if path != "en/play/":
            shown = tab.page.inner_text(f"{W} .tj-play__result")
            assert not re.search(r"[A-Za-z]{2,}", shown.replace("TOML", "")), shown   # (a file format's name)
        tab.shot(f"play-settlement-{ {'play/': 'hant', 'zh-Hans/play/': 'hans'}.get(path, 'en') }-{width}")
        tab.page.set_input_files(f"{W} .tj-play__upload input", str(yao))
        tab.page.wait_for_function(f"document.querySelector('{W}').view.result.settlement.finish === 'yao'")
        finish = tab.page.inner_text(f"{W} .tj-play__finish")
        assert finish.endswith({"play/": "結：么結（結法倍數 ×2）", "zh-Hans/play/": "结：么结（结法倍数 ×2）"}.get(
            path, "finishes: finish with 么 (finish factor ×2)")), finish
        assert tab.problems() == []


def test_recap_analyses_your_choice_with_the_solver(tab):
    """A replayed record's recap values South's choice in a trick with the solver, in slices:
    the last trick is solved exactly and agrees with the engine in CPython; the first trick
    (8 tiles) shows proven ranges while it searches, and leaving the step stops it."""
    toml = _open_recap(tab, 3)
    page = tab.page
    # what the page must show for trick 7: the position and its exact values, from CPython
    pos = bridge.handle({"op": "record_position", "toml": toml, "trick": 7, "seat": "S"})["result"]
    want = bridge.handle({"op": "solve", "position": pos["position"], "hero": "S"})["result"]
    assert page.locator(f"{W} .tj-play__analyse").count() == 0          # the deal itself: no choice yet
    sr = f"document.querySelector('{W} .tj-play__sr').textContent"
    # the step buttons keep the focus (Next trick sent it to <body>) and the step is said
    page.locator(f"{W} .tj-play__rnext").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('tj-play__rnext')")
    assert re.match(r"Recap: trick 1 of \d+ \(every tile shown\)\. East: ", page.evaluate(sr)), page.evaluate(sr)
    assert "wins the trick" in page.evaluate(sr)
    page.locator(f"{W} .tj-play__analyse").focus()
    page.keyboard.press("Enter")
    panel = page.locator(f"{W} .tj-play__analysis--open")
    # the panel, redrawn ten times a second, is no live region: its start and end are said in a line
    assert panel.get_attribute("aria-live") is None
    page.wait_for_function(f"{sr} === 'Analysing trick 1…'")
    panel.locator(".tj-play__choice").first.wait_for(timeout=60_000)
    # the pressed button is disabled while it runs: focus goes to the panel, not to <body>
    assert page.evaluate("document.activeElement.classList.contains('tj-play__analysis--open')")
    ranges = panel.evaluate("p => [...p.querySelectorAll('.tj-play__choice')].map(li => [+li.dataset.lo, +li.dataset.hi])")
    assert ranges and all(lo <= hi for lo, hi in ranges)
    assert panel.locator(".tj-play__played").count() == 1
    page.click(f"{W} .tj-play__rnext")                                   # leave: the search stops
    for _ in range(5):
        page.click(f"{W} .tj-play__rnext")
    assert page.get_attribute(f"{W} .tj-play__recap", "data-step") == "7"
    page.click(f"{W} .tj-play__analyse")
    page.wait_for_selector(f"{W} .tj-play__analysis--open[data-complete=true]", timeout=60_000)
    assert re.fullmatch(r"Analysis complete: best .+ \([+−]?\d+\)", page.evaluate(sr)), page.evaluate(sr)
    shown = panel.evaluate("p => [...p.querySelectorAll('.tj-play__choice')].map(li => [li.dataset.action, +li.dataset.lo, +li.dataset.hi])")
    assert shown == [[a["action"], a["value"], a["value"]] for a in _rows(want["actions"])]
    best = max(a["value"] for a in want["actions"])
    assert panel.locator(".tj-play__best").count() == sum(a["value"] == best for a in _rows(want["actions"]))
    assert "Solved" in panel.inner_text()
    assert tab.problems() == []


def test_recap_analysis_of_an_early_trick_marks_choices_proven_worse(tab):
    """Seed 9, trick 1 (8 tiles): never solved while a reader waits.  Past its first 200,000
    nodes the search brackets every choice (docs/solver.md, step 4), and choices proven worse
    than the best one's lower bound are marked so within seconds (in CPython after 240,020
    nodes); before, every choice but one stayed at its static bounds for the whole 30 s."""
    _open_recap(tab, 9)
    page = tab.page
    page.click(f"{W} .tj-play__rnext")
    page.click(f"{W} .tj-play__analyse")
    panel = page.locator(f"{W} .tj-play__analysis--open")
    panel.locator(".tj-play__worse").first.wait_for(timeout=25_000)
    rows = panel.evaluate("p => [...p.querySelectorAll('.tj-play__choice')].map(li => [+li.dataset.lo, +li.dataset.hi, !!li.querySelector('.tj-play__worse')])")
    best_lo = max(lo for lo, hi, _ in rows)
    assert all(worse == (hi < best_lo) for lo, hi, worse in rows), rows
    assert panel.get_attribute("data-complete") == "false"
    page.click(f"{W} .tj-play__rnext")                                   # leave: the search stops
    assert tab.problems() == []


def test_recap_analysis_of_a_face_down_lead_and_no_stale_recap(tab):
    """Under lead_face_down South's options include leading face down ("down 66"): the analysis
    draws them (it once failed with 'unknown tile code down'), and the recap names such a lead
    as one.  Leaving for a new session drops the recap: ← → do not bring it back."""
    toml = None
    for seed in range(40):
        st = bridge.handle({"op": "new_hand", "seed": seed, "rules": {"preset": "hk", "lead_face_down": True},
                            "humans": ["S"], "players": "beginner"})["result"]
        while not st.get("result"):
            legal = st["legal"]
            a = next((x for x in legal if x["kind"] == "down"), legal[0])
            st = bridge.handle({"op": "act", "hand_id": st["hand_id"], "action": {"kind": a["kind"], "tiles": a["tiles"]}})["result"]
        text = bridge.handle({"op": "hand_record", "hand_id": st["hand_id"]})["result"]["toml"]
        if '"S: down' in text:
            toml = text
            break
    assert toml, "no seed gave South a face-down lead"
    record = HandRecord.loads(toml)
    hand = record.replay()
    trick = next(i for i, t in enumerate(hand.tricks, 1) if t.actions[0].kind == "down" and "ESWN"[t.actions[0].seat] == "S")
    link = base64.urlsafe_b64encode(toml.encode()).decode().rstrip("=")
    tab.goto(f"en/play/#hand={link}")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=replay] .tj-play__recap .tj-play__dealt", timeout=90_000)
    for _ in range(trick):
        page.click(f"{W} .tj-play__rnext")
    assert "led face down" in page.inner_text(f"{W} .tj-play__recap .tj-play__trick")
    page.click(f"{W} .tj-play__analyse")
    panel = page.locator(f"{W} .tj-play__analysis--open")
    panel.locator(".tj-play__choice").first.wait_for(timeout=60_000)
    # (a choice that could be made: "lead face down", not the past "led face down")
    assert "lead face down: " in panel.inner_text()
    assert page.locator(f"{W} .tj-play__analysis--open .tj-play__msg").count() == 0
    # a new session: the recap is gone, and the arrow keys do not bring it back
    page.click(f"{W} .tj-play__rules-again")
    page.wait_for_selector(f"{W}[data-state=ready]")
    assert page.evaluate("location.hash") == ""          # a reload does not replay the old hand
    page.locator("body").press("ArrowRight")
    page.locator("body").press("ArrowLeft")
    assert page.locator(f"{W} .tj-play__recap").inner_text().strip() == ""
    assert tab.problems() == []


def test_recap_analysis_shows_two_tiles_of_one_name_as_one_choice_and_judges_from_souths_chair(tab):
    """Seed 8: in trick 1 South may discard 25 or 34, both 雜七 (Mixed seven), which the engine
    proves the same choice: the analysis shows them as one row (two rows that read the same,
    with the same value, and a final line naming one move twice confused a new user); a play
    and a discard of one tile are told apart by "墊" alone.  In trick 5 the
    judgement from what South could see gives the engine's hidden-hand means."""
    toml = _open_recap(tab, 8, "play/")
    page = tab.page
    page.click(f"{W} .tj-play__rnext")
    page.click(f"{W} .tj-play__analyse")
    panel = page.locator(f"{W} .tj-play__analysis--open")
    panel.locator(".tj-play__choice").first.wait_for(timeout=60_000)
    names = panel.evaluate("p => [...p.querySelectorAll('.tj-play__act-what')].map(e => e.textContent)")
    # 25 and 34 are one choice (the engine proves them the same: one group), so one row, the
    # name without pips; no two rows read the same
    assert len(names) == len(set(names)), names
    assert sum("雜七" in n for n in names) == 1 and not any("·" in n for n in names), names
    # 8 tiles in hand: the judgement from South's chair is not offered (it would not finish)
    assert page.locator(f"{W} .tj-play__judge").count() == 0
    assert "5 張" in page.inner_text(f"{W} .tj-play__judge-later")
    for _ in range(4):
        page.click(f"{W} .tj-play__rnext")                               # leave: the search stops
    # trick 5 judged from South's chair: the mean over the deals South could not tell apart,
    # exactly what the engine says in CPython for the position South saw
    view = bridge.handle({"op": "record_position", "toml": toml, "trick": 5, "seat": "S", "view": True})["result"]
    assert set(view["position"]["tiles"]["E"]) <= {"-", " "}              # nothing of East's shown
    want = bridge.handle({"op": "solve_hidden", "position": view["position"]})["result"]
    page.click(f"{W} .tj-play__judge")
    judged = page.locator(f"{W} .tj-play__analysis--view")
    page.wait_for_selector(f"{W} .tj-play__analysis--view[data-complete=true]", timeout=90_000)
    shown = judged.evaluate("p => [...p.querySelectorAll('.tj-play__choice')].map(li => [li.dataset.action, +li.dataset.lo, +li.dataset.hi])")
    assert shown == [[a["action"], round(a["expected_value"], 4), round(a["expected_value"], 4)] for a in _rows(want["actions"])]
    text = judged.inner_text()
    assert "只按南當時看得到的牌" in text and "最佳比例" in text and "64 種分法" in text, text
    assert judged.locator(".tj-play__played").count() == 1
    best = max(a["expected_value"] for a in want["actions"])
    assert judged.locator(".tj-play__best").count() == sum(abs(a["expected_value"] - best) < 1e-9 for a in _rows(want["actions"]))
    # a sampled mean is no proof about the real deal: the tags speak of averages
    assert set(judged.locator(".tj-play__best").all_inner_texts()) == {"平均最高"}
    assert set(judged.locator(".tj-play__worse").all_inner_texts()) <= {"平均較低"} and "已證明" not in text
    # both analyses side by side; each kept when the reader steps away and back
    page.click(f"{W} .tj-play__analyse")
    page.wait_for_selector(f"{W} .tj-play__analysis--open[data-complete=true]", timeout=60_000)
    page.click(f"{W} .tj-play__rback")
    page.click(f"{W} .tj-play__rnext")
    assert page.locator(f"{W} .tj-play__analysis[data-complete=true]").count() == 2
    assert page.locator(f"{W} .tj-play__judge").is_disabled()
    assert tab.problems() == []


def test_the_pages_dealing_method_names_are_the_engines():
    """The Play page names the 牌頭 in the reader's script (简体 was left in 繁體); its table must
    say what the engine's METHODS say."""
    import json
    from pathlib import Path
    from tianjiu_core.tiengow.deal import METHODS
    js = (Path(__file__).resolve().parents[2] / "site/assets/tianjiu/widgets/play-table.js").read_text(encoding="utf-8")
    block = re.search(r"const METHOD_NAMES = (\{.*?\n\});", js, re.S).group(1)
    table = json.loads(re.sub(r",\s*\}", "}", block))
    assert table == {m.name_hant: [m.name_hans, m.name_en] for m in METHODS}


def _record_link(seed=5):
    """A finished hand's record (first legal action each time) as the text after #hand=."""
    from tianjiu_core.tiengow.game import Hand
    hand = Hand.from_seed(seed)
    while not hand.is_over:
        hand.act(hand.legal_actions()[0])
    return base64.urlsafe_b64encode(HandRecord.from_hand(hand).dumps().encode()).decode().rstrip("=")


def _table(page):
    """What a live table shows: its hand number, hand_id, South's tiles, the session's score."""
    return page.evaluate(f"""(() => {{ const w = document.querySelector('{W}');
        return {{ state: w.dataset.state, hand: w.session.hand, id: w.view.hand_id, score: w.session.score,
                  tiles: [...w.querySelectorAll('.tj-play__tile')].map(b => b.dataset.code),
                  same: w === window.__table }}; }})()""")


def test_a_link_or_instant_navigation_during_a_hand_keeps_the_hand(tab):
    """A #hand= link opened in the tab while a hand is played (pasted, or location.hash set):
    Material's instant navigation drew the page anew, a new table replayed the link and the live
    hand and its score were gone, silently. Now the table that holds the hand comes back in its
    place, the hand and the score as they were, and the link waits with a note. The same after a
    visit to another page and Back (instant navigation both ways)."""
    tab.goto("play/")
    _start(tab, seed=12, players="club")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=playing]")
    page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()   # some progress in the hand
    page.wait_for_function(f"document.querySelector('{W}').view.can_undo")
    page.evaluate(f"window.__table = document.querySelector('{W}')")
    before = _table(page)
    assert before["state"] == "playing" and before["same"]
    # the page is drawn anew by Material on this hash change: mark the old content to see it go
    page.evaluate("document.querySelector('.md-content').dataset.old = '1'")
    page.evaluate(f"location.hash = 'hand={_record_link()}'")
    page.wait_for_function("!document.querySelector('.md-content[data-old]')", timeout=30_000)
    page.wait_for_function(f"document.querySelector('{W} .tj-play__msg').textContent.includes('打完')")
    assert page.inner_text(f"{W} .tj-play__msg") == "這條連結的牌局要等這一局打完才可以重看：打完後按「重看連結的牌局」。"
    assert page.locator(W).count() == 1
    assert _table(page) == before                        # the same table, hand, tiles and score
    tab.shot("play-link-waits")
    # the keys still work on the table that came back (its listener was the old page's)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("1")
    assert page.get_attribute(f"{W} .tj-play__tile[data-index='0']", "aria-pressed") == "true"
    page.keyboard.press("1")
    # another page (instant navigation) and Back: the hand is still there, no question asked
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.type), d.dismiss()))
    page.evaluate("window.__notReloaded = true")
    page.click("a.md-footer__link--next")     # (the page after Play: 牌桌試玩)
    page.wait_for_url("**/playground/", timeout=30_000)
    page.wait_for_selector(W, state="detached")
    page.go_back()
    page.wait_for_selector(f"{W}[data-state=playing]", timeout=30_000)
    assert _table(page) == before
    assert page.evaluate("window.__notReloaded") is True, "not instant navigation"
    # …and it plays on: an action is answered
    page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
    page.wait_for_function(f"document.querySelector('{W}').view.hand_id === {before['id']} && !document.querySelector('{W}').busy")
    assert dialogs == []
    # the hand over, the waiting link is one press away (it said "reload the page")
    _play_out(page)
    button = page.locator(f"{W} .tj-play__openlink")
    assert button.inner_text() == "重看連結的牌局"
    button.click()
    page.wait_for_selector(f"{W}[data-state=replay]")
    assert "正在重看一份牌譜" in page.inner_text(f"{W} .tj-play__result")
    assert tab.problems() == []


def test_a_hand_without_a_waiting_link_offers_no_linked_replay(tab):
    """The "Replay the linked hand" button is there only for a link that waited."""
    tab.goto("en/play/")
    _start(tab, seed=12, players="club")
    page = tab.page
    assert "after the hand: next hand" in page.inner_text(f"{W} .tj-play__keys")
    _play_out(page)
    assert page.locator(f"{W} .tj-play__nexthand").count() == 1
    assert page.locator(f"{W} .tj-play__openlink").count() == 0
    # Enter after the hand deals the next one, as the keys line says ("Enter play (after the
    # hand: next hand)"): the focus was on Recap, and Enter opened the recap instead
    page.wait_for_function(f"document.querySelector('{W}').lastToml")
    assert page.evaluate("document.activeElement.classList.contains('tj-play__nexthand')")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{W}[data-state=playing]")
    assert page.evaluate(f"document.querySelector('{W}').session.hand") == 2   # (one hand dealt, not two)
    assert tab.problems() == []


def _play_out(page):
    """Play the live hand to its end with the first legal action each time."""
    for _ in range(40):
        if page.get_attribute(W, "data-state") == "over":
            break
        page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
        # (the click sets busy at once; the engine's answer and the redraw clear it)
        page.wait_for_function(f"""(() => {{ const w = document.querySelector('{W}');
            return !w.busy && (w.dataset.state === 'over' || !!w.querySelector('.tj-play__legal .tj-play__chip')); }})()""")
    page.wait_for_selector(f"{W}[data-state=over]")


def test_enter_pressed_quickly_after_a_hand_deals_one_hand(tab):
    """Enter pressed three times at once after a hand dealt extra hands and skipped numbers
    (Hand 2 → Hand 4; the saved hands numbered [2, 1]): one press, one hand."""
    tab.goto("en/play/")
    _start(tab, seed=40, players="beginner")
    page = tab.page
    for n in (1, 2):
        _play_out(page)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        # (three presses within one task, as a fast double or triple press lands before the
        # engine's answer; Playwright's presses are each a round trip and may arrive after it)
        page.evaluate("""for (let i = 0; i < 3; i++)
            document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}))""")
        page.keyboard.press("Enter")
        page.wait_for_selector(f"{W}[data-state=playing], {W}[data-state=over]")
        page.wait_for_timeout(1500)   # (the extra presses had their chance)
        assert page.evaluate(f"document.querySelector('{W}').session.hand") == n + 1
        assert page.inner_text(f"{W} .tj-play__head .tj-badge") == f"Hand {n + 1}"
        hands = page.evaluate("JSON.parse(localStorage.getItem('tianjiu.play.hands.v1')).map(x => x.hand)")
        assert hands == list(range(n, 0, -1)), hands
    assert tab.problems() == []


def test_a_damaged_sealing_key_is_replaced_so_later_hands_are_kept(tab):
    """A breaker's find: a damaged key in the engine's database (keys/seal) was kept, so no hand
    could be kept again and every reload offered a hand it could not bring back.  Now the
    worker replaces a key that cannot seal: the hand sealed with the old one is lost once (said),
    the next one survives a reload."""
    tab.goto("play/")
    _start(tab, seed=40, players="beginner")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=playing]")
    page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
    page.wait_for_function(f"!document.querySelector('{W}').busy")
    page.wait_for_timeout(300)
    page.evaluate("""() => new Promise((resolve, reject) => {
        const req = indexedDB.open('tj-engine-keep');
        req.onsuccess = () => { const tx = req.result.transaction('keys', 'readwrite');
            tx.objectStore('keys').put({id: 'seal', key: 'garbage'});
            tx.oncomplete = () => { req.result.close(); resolve(); }; tx.onerror = () => reject(tx.error); };
        req.onerror = () => reject(req.error); })""")
    page.on("dialog", lambda d: d.accept())
    page.reload()
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    page.click(f"{W} .tj-play__resume-go")          # sealed with the damaged key: dealt anew
    page.wait_for_selector(f"{W}[data-state=playing]")
    page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
    page.wait_for_function(f"!document.querySelector('{W}').busy")
    page.wait_for_selector(f"{W}[data-state=playing]")
    mine = page.evaluate(f"document.querySelector('{W}').view.holdings.S")
    page.wait_for_timeout(300)
    page.reload()
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    page.click(f"{W} .tj-play__resume-go")
    page.wait_for_selector(f"{W}[data-state=playing]")
    assert page.evaluate(f"document.querySelector('{W}').view.holdings.S") == mine
    assert page.locator(f"{W} .tj-play__msg").inner_text().strip() == ""
    key = page.evaluate("""() => new Promise((resolve) => { const req = indexedDB.open('tj-engine-keep');
        req.onsuccess = () => { const get = req.result.transaction('keys').objectStore('keys').get('seal');
            get.onsuccess = () => resolve(get.result.key instanceof CryptoKey); }; })""")
    assert key is True


def test_a_half_played_hand_survives_a_reload_and_a_language_switch(tab):
    """Reloading or switching language during a hand lost the hand (the page asked first).
    Now the engine's worker keeps the hand (new_hand {keep}, IndexedDB) and the page only the
    session and its slot: a reload is quiet and offers to go on with the hand — the same tiles,
    the same turn, undo reaching back before the reload — and so does the other language's
    page. The page's storage holds no tile; the engine answers with South's view only."""
    tab.goto("play/")
    _start(tab, seed=40, players="beginner")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=playing]")
    page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()   # (a user gesture: a browser asks only then)
    page.wait_for_function(f"!document.querySelector('{W}').busy")
    page.wait_for_selector(f"{W}[data-state=playing]")
    before = page.evaluate(f"(({{holdings, counts, dong, to_act, trick}}) => ({{holdings, counts, dong, to_act, trick}}))(document.querySelector('{W}').view)")
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append((d.type, d.message)), d.dismiss()))
    page.wait_for_timeout(300)   # (the worker writes the kept hand after answering)
    page.reload()
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    assert dialogs == []
    kept = page.evaluate("JSON.parse(sessionStorage.getItem('tianjiu.play.session.v1'))")
    assert set(kept) == {"rules", "players", "method", "takeback", "hand", "live", "banker", "streak", "score", "first"}, kept
    assert kept["hand"] == 0 and kept["live"] == 1 and kept["first"]["banker"] == kept["banker"]
    stored = page.evaluate("JSON.stringify({...sessionStorage, ...localStorage})")
    assert all(t not in stored for t in ("wall", '"66"', "seed")), stored
    # the engine's own database keeps the hand sealed: a look in the storage tools shows no tile
    # (a breaker read the whole wall there, and replayed it through the upload box)
    engine_db = page.evaluate("""() => new Promise((resolve, reject) => {
        const req = indexedDB.open('tj-engine-keep');
        req.onsuccess = () => { const db = req.result;
            const get = db.transaction('hands').objectStore('hands').getAll();
            get.onsuccess = () => resolve(get.result.map(e => ({keys: Object.keys(e).sort(),
                sealed: e.data instanceof ArrayBuffer && e.data.byteLength > 200,
                text: JSON.stringify(e) + new TextDecoder('latin1').decode(e.data)})));
            get.onerror = () => reject(get.error); };
        req.onerror = () => reject(req.error); })""")
    assert len(engine_db) == 1 and engine_db[0]["keys"] == ["at", "data", "iv", "slot"] and engine_db[0]["sealed"], engine_db
    assert all(t not in engine_db[0]["text"] for t in ("wall", "record", "66 ", "deal")), engine_db
    offer = page.inner_text(f"{W} .tj-play__resume")
    assert "第 1 局打到一半" in offer, offer
    tab.shot("play-resume-live-offer")
    page.click(f"{W} .tj-play__resume-go")
    page.wait_for_selector(f"{W}[data-state=playing]")
    after = page.evaluate(f"(({{holdings, counts, dong, to_act, trick}}) => ({{holdings, counts, dong, to_act, trick}}))(document.querySelector('{W}').view)")
    assert after == before
    assert page.inner_text(f"{W} .tj-play__head .tj-badge") == "第 1 局"
    assert page.locator(f"{W} .tj-play__firstbank").count() == 1   # (the first banker's dice, as before)
    _others_hidden(tab)
    assert page.locator(f"{W} .tj-play__msg").inner_text().strip() == ""
    # undo reaches back before the reload: South's only action is taken back (its 8 tiles again)
    page.click(f"{W} .tj-play__undo")
    page.wait_for_function(f"!document.querySelector('{W}').busy")
    assert len(page.evaluate(f"document.querySelector('{W}').view.holdings.S")) == 8
    # the language switcher during the hand: no question; the English page offers the hand
    page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
    page.wait_for_function(f"!document.querySelector('{W}').busy")
    page.wait_for_timeout(300)
    mine = page.evaluate(f"document.querySelector('{W}').view.holdings.S")
    page.evaluate("document.querySelector('.md-select__link[hreflang=en]').click()")
    page.wait_for_url("**/en/play/", timeout=30_000)
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    assert dialogs == []
    assert "Hand 1 of this tab's session is half-played" in page.inner_text(f"{W} .tj-play__resume")
    assert page.inner_text(f"{W} .tj-play__resume-go") == "Go on with hand 1"
    tab.shot("play-resume-live-offer-en")
    page.click(f"{W} .tj-play__resume-go")
    page.wait_for_selector(f"{W}[data-state=playing], {W}[data-state=over]")
    assert page.evaluate(f"document.querySelector('{W}').view.holdings.S") == mine
    # played to its end: the kept hand is forgotten, the session goes on with hand 2
    _play_out(page)
    page.wait_for_function("JSON.parse(localStorage.getItem('tianjiu.play.hands.v1') || '[]').length === 1")
    score = page.evaluate(f"document.querySelector('{W}').session.score")
    page.reload()
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    kept = page.evaluate("JSON.parse(sessionStorage.getItem('tianjiu.play.session.v1'))")
    assert kept["hand"] == 1 and kept["live"] == 0 and kept["score"] == score
    assert "session of 1 hand played" in page.inner_text(f"{W} .tj-play__resume")
    page.click(f"{W} .tj-play__resume-go")
    page.wait_for_selector(f"{W}[data-state=playing], {W}[data-state=over]")
    assert page.inner_text(f"{W} .tj-play__head .tj-badge") == "Hand 2"
    assert page.evaluate(f"document.querySelector('{W}').session.score") == score
    assert dialogs == []
    assert tab.problems() == []


def test_a_hand_the_engine_cannot_keep_asks_before_leaving_and_is_dealt_anew(tab):
    """Where the engine cannot keep a hand (no IndexedDB for its worker) the browser's "Leave
    site?" asks before a reload and a click to another language asks in the page's language;
    a kept session whose hand is gone says so and deals that hand anew."""
    tab.goto("play/")
    _start(tab, seed=40, players="beginner")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=playing]")
    page.evaluate("globalThis.__tianjiuEngine.state.keeps = false")   # as when the worker has no storage
    page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
    page.wait_for_function(f"!document.querySelector('{W}').busy")
    dialogs = []
    answer = {"confirm": False}

    def on_dialog(d):
        dialogs.append((d.type, d.message))
        d.accept() if d.type == "confirm" and answer["confirm"] else d.dismiss()
    page.on("dialog", on_dialog)
    try:
        page.reload(timeout=5_000)
    except Exception:   # (the reload was refused: that is the point)
        pass
    assert [t for t, _ in dialogs] == ["beforeunload"]
    assert page.get_attribute(W, "data-state") == "playing"
    dialogs.clear()
    page.evaluate("document.querySelector('.md-select__link[hreflang=en]').click()")
    page.wait_for_timeout(500)
    assert dialogs == [("confirm", "這一局還沒打完：換到另一種語言的頁面，這一局就不能打下去（之前各局的分數會留下）。要離開嗎？")]
    assert page.url.endswith("/play/") and "/en/" not in page.url
    assert page.get_attribute(W, "data-state") == "playing"
    # accepted: the English page offers the session; its hand is not in the engine any more
    # (another slot), so hand 1 is dealt anew and the page says why
    answer["confirm"] = True
    page.evaluate("sessionStorage.setItem('tianjiu.play.slot.v1', 'p0000000000000000')")
    page.evaluate("document.querySelector('.md-select__link[hreflang=en]').click()")
    page.wait_for_url("**/en/play/", timeout=30_000)
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    page.click(f"{W} .tj-play__resume-go")
    page.wait_for_selector(f"{W}[data-state=playing], {W}[data-state=over]")
    assert page.inner_text(f"{W} .tj-play__msg") == ("Hand 1, left half-played, could not be brought back: "
                                                    "hand 1 has been dealt anew.")
    assert page.inner_text(f"{W} .tj-play__head .tj-badge") == "Hand 1"
    assert tab.problems() == []


def test_a_kept_session_whose_first_banker_took_a_second_throw_is_offered(tab):
    """From the recheck: when the first banker's dice needed a second throw, the seats that sat
    it out have 0 in that round; the kept session was refused for it and a half-played hand 1
    was lost without a word on reload."""
    page = tab.page
    tab.goto("en/play/")
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    kept = {"rules": {"preset": "hk"}, "players": "club", "method": "", "takeback": True, "hand": 0, "live": 1,
            "banker": "S", "streak": 1, "score": {"E": 0, "S": 0, "W": 0, "N": 0},
            "first": {"banker": "S", "rounds": [{"E": 10, "S": 10, "W": 7, "N": 6}, {"E": 5, "S": 9, "W": 0, "N": 0}]}}
    page.evaluate(f"sessionStorage.setItem('tianjiu.play.session.v1', {json.dumps(json.dumps(kept))})")
    page.reload()
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    assert page.inner_text(f"{W} .tj-play__resume-go") == "Go on with hand 1"
    assert tab.problems() == []


def test_a_hand_whose_storage_fails_mid_hand_asks_before_leaving(tab):
    """From the breaker's trial: with the site's data cleared (or the disk full) after the
    engine started, the worker's writes failed with only a console warning and a reload lost
    the hand without a question. Now the worker reports it and the page asks again."""
    tab.goto("en/play/")
    _start(tab, seed=40, players="beginner")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=playing]")
    assert page.evaluate("globalThis.__tianjiuEngine.state.keeps") is True
    cdp = page.context.new_cdp_session(page)
    origin = page.evaluate("location.origin")
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb"})
    page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
    page.wait_for_function("globalThis.__tianjiuEngine.state.keeps === false", timeout=10_000)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.type), d.dismiss()))
    try:
        page.reload(timeout=5_000)
    except Exception:
        pass
    assert dialogs == ["beforeunload"]
    assert tab.problems() == []


def test_a_duplicated_tab_does_not_play_the_same_kept_hand(tab):
    """From the breaker's trial: a duplicated tab copies sessionStorage, slot included, so both
    tabs played one kept hand — one could finish it, see every tile, and go on in the other.
    Now a page claims its slot (a Web Lock): the copy deals the hand anew under a slot of its own
    and says why; the first tab's hand is untouched."""
    tab.goto("en/play/")
    _start(tab, seed=40, players="beginner")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=playing]")
    page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
    page.wait_for_function(f"!document.querySelector('{W}').busy")
    page.wait_for_timeout(300)
    mine = page.evaluate(f"document.querySelector('{W}').view.holdings.S")
    storage = page.evaluate("JSON.stringify({...sessionStorage})")
    copy = page.context.new_page()
    copy.add_init_script(f"if (!sessionStorage.getItem('tianjiu.play.slot.v1')) for (const [k, v] of Object.entries({storage})) sessionStorage.setItem(k, v);")
    copy.goto(page.url)
    copy.wait_for_selector(f"{W} .tj-play__resume-go", timeout=90_000)
    # (the copy's page has settled its claim: it holds a slot of its own — the first tab's is taken)
    for _ in range(100):
        if copy.evaluate("navigator.locks.query().then(q => q.held.some(l => l.name.startsWith('tianjiu-play-')))"):
            break
        copy.wait_for_timeout(100)
    else:
        raise AssertionError("the copy's page never claimed a slot")
    # its offer says so before the click (it promised "You can go on from where you left it")
    offer = copy.inner_text(f"{W} .tj-play__resume")
    assert "is being played in another tab (this one was copied from it" in offer and "going on here deals hand 1 anew" in offer, offer
    assert "from where you left it" not in offer and copy.inner_text(f"{W} .tj-play__resume-go") == "Go on with this session"
    # the first tab reloads while the copy only shows its offer, then the copy presses first:
    # the hand stays with the first tab (the copy's page found the slot held when it opened)
    page.reload()
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    copy.click(f"{W} .tj-play__resume-go")
    copy.wait_for_selector(f"{W}[data-state=playing], {W}[data-state=over]")
    assert copy.inner_text(f"{W} .tj-play__msg") == ("Hand 1 is being played in another tab (this one was copied "
                                                    "from it): hand 1 has been dealt anew here.")
    assert copy.evaluate("sessionStorage.getItem('tianjiu.play.slot.v1')") != page.evaluate("sessionStorage.getItem('tianjiu.play.slot.v1')")
    copy.close()
    # the first tab's hand is still its own
    page.click(f"{W} .tj-play__resume-go")
    page.wait_for_selector(f"{W}[data-state=playing]")
    assert page.evaluate(f"document.querySelector('{W}').view.holdings.S") == mine
    assert tab.problems() == []


def test_a_file_too_large_for_a_hand_record_is_refused_by_its_size(tab, tmp_path):
    """A 200 kB file was refused as "Notation not understood: toml: must be a string of at most
    200,000 characters…" and a 2 MB one as "request: longer than 300,000 characters": the
    request's inner words. The page now refuses it by its size before sending it, in the page's
    language."""
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * 2_001_057)
    mid = tmp_path / "mid.toml"
    mid.write_bytes(b"# " + b"x" * 200_099)
    page = tab.page
    msg = f"document.querySelector('{W} .tj-play__msg').textContent"
    for path, want in (("play/", ("這個牌譜不能重播：big.toml：檔案太大，不是牌局紀錄（2.0 MB；最多 200 kB）",
                                  "這個牌譜不能重播：mid.toml：檔案太大，不是牌局紀錄（201 kB；最多 200 kB）")),
                       ("zh-Hans/play/", ("这个牌谱不能回放：big.toml：文件太大，不是牌局记录（2.0 MB；最多 200 kB）", None)),
                       ("en/play/", ("This hand record cannot be replayed: big.toml: too large for a hand record (2.0 MB; at most 200 kB)",
                                     "This hand record cannot be replayed: mid.toml: too large for a hand record (201 kB; at most 200 kB)"))):
        tab.goto(path)
        page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
        for file, text in zip((big, mid), want):
            if text is None:
                continue
            page.evaluate(f"document.querySelector('{W} .tj-play__msg').textContent = ''")
            page.set_input_files(f"{W} .tj-play__upload input", str(file))
            page.wait_for_function(f"{msg}.length > 0", timeout=30_000)
            assert page.inner_text(f"{W} .tj-play__msg") == text
            assert page.get_attribute(W, "data-state") == "ready"
    tab.shot("play-upload-too-large-en")
    assert tab.problems() == []


def test_choices_that_read_the_same_name_their_pips(tab):
    """Holding both 雜八 (2·6 and 3·5), "discard 雜八" was listed twice, the two buttons alike;
    now each of the two names its tile's pips. Choices that differ in name keep the plain name."""
    tab.goto("play/")
    _start(tab, seed=12, players="club")
    page = tab.page
    page.wait_for_selector(f"{W}[data-state=playing]")
    labels = page.evaluate(f"""() => {{
        const w = document.querySelector('{W}');
        const a = (kind, tiles) => ({{ seat: 'S', kind, tiles, text: kind + ' ' + tiles.join(' ') }});
        w.view = {{ ...w.view, to_act: 'S', result: null, trick: [{{ seat: 'E', kind: 'play', tiles: ['66'], size: 1 }}],
                    legal: [a('discard', ['26']), a('discard', ['35']), a('discard', ['66']), a('discard', ['26', '45'])] }};
        w.draw();
        return [...w.querySelectorAll('.tj-play__legal .tj-play__chip')].map((b) => b.textContent);
    }}""")
    assert labels == ["墊 雜八（2·6）", "墊 雜八（3·5）", "墊 天", "墊 雜八、雜九"], labels


def test_the_page_never_knows_the_seed_of_the_hand_it_plays(tab):
    """The page chose each hand's seed (and kept it in the session): `deal` with it gave every
    seat's tiles. Now new_hand is asked without a seed and the engine draws it."""
    page = tab.page
    _record_requests(page)
    tab.goto("en/play/")
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    page.click(f"{W} .tj-play__start")
    page.wait_for_selector(f"{W}[data-state=playing], {W}[data-state=over]")
    asked = page.evaluate("window.__asked")
    deals = [req for req in asked if req.get("op") == "new_hand"]
    assert len(deals) == 1 and "seed" not in deals[0], (deals, [r.get("op") for r in asked])
    assert page.evaluate(f"document.querySelector('{W}').session.seed") is None
    assert tab.problems() == []


def test_a_kept_session_that_cannot_deal_leaves_a_way_on(tab):
    """From the breaker's trial: a kept session whose hand the engine refused (players
    "godlike") left an error over an empty table with no button; a streak of 5000 or hand 1e300
    was offered as it was ("第 1e+300 局"). Now such sessions are not offered, and a refused deal
    shows New session (and Try again when trying again could work)."""
    page = tab.page
    tab.goto("en/play/")
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    good = {"rules": {"preset": "hk"}, "players": "club", "method": "", "takeback": True, "hand": 2, "banker": "E",
            "streak": 1, "score": {"E": 3, "S": -3, "W": 0, "N": 0}}
    for bad in ({"streak": 5000}, {"hand": 1e300}, {"method": "drop"}, {"score": {"E": "x"}}, {"takeback": "yes"},
                {"players": "godlike"}, {"rules": {"preset": "nope"}}):
        page.evaluate(f"sessionStorage.setItem('tianjiu.play.session.v1', {json.dumps(json.dumps(good | bad))})")
        page.reload()
        page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
        assert page.locator(f"{W} .tj-play__resume").count() == 0, bad
    # a rule value the engine refuses: said, and only New session (trying again would fail again)
    bad_rules = good | {"rules": {"preset": "hk", "yao_capture_factor": 7}}
    page.evaluate(f"sessionStorage.setItem('tianjiu.play.session.v1', {json.dumps(json.dumps(bad_rules))})")
    page.reload()
    page.wait_for_selector(f"{W}[data-state=ready]", timeout=90_000)
    page.click(f"{W} .tj-play__resume-go")
    page.wait_for_selector(f"{W} .tj-play__result .tj-play__rules-again")
    assert "yao_capture_factor" in page.inner_text(f"{W} .tj-play__msg")
    assert page.locator(f"{W} .tj-play__retry").count() == 0
    page.click(f"{W} .tj-play__result .tj-play__rules-again")
    page.wait_for_selector(f"{W} .tj-play__start", state="visible")
    assert page.evaluate("sessionStorage.getItem('tianjiu.play.session.v1')") is None
    page.click(f"{W} .tj-play__start")
    page.wait_for_selector(f"{W}[data-state=playing], {W}[data-state=over]")
    assert tab.problems() == []


def test_a_natural_hand_at_the_deal_is_scored_kept_and_moves_the_bank(tab):
    """A breaker's find: a hand won at the deal (例牌, 1 deal in ~136 under the default rules)
    was shown but never counted — the session score stayed 0, the next hand kept the old banker
    and streak, the hand was not in the list, Download and Share did nothing — and the line
    read "natural hand one_red". Session seed 150: North, the banker, holds 全白一點紅."""
    page = tab.page
    _record_requests(page)
    tab.goto("en/play/")
    _start(tab, seed=150, players="beginner")
    page.wait_for_selector(f"{W}[data-state=over]")
    want = bridge.handle({"op": "new_hand", "seed": (150 + 7919) % 2 ** 31, "rules": {"preset": "hk"},
                          "banker": "N", "banker_streak": 1, "method": "wu_san_shi", "humans": ["S"],
                          "players": "beginner"})["result"]["result"]
    assert want["natural"] == "one_red" and want["finisher"] == "N" and want["payments"]["N"] == 60
    line = page.inner_text(f"{W} .tj-play__finish")
    assert "all white but one red pip (全白一點紅), a natural hand" in line and "one_red" not in line, line
    # counted: the session column and the score line, once the record is kept
    page.wait_for_function(f"""document.querySelector('{W} .tj-play__pay tr[data-seat=N] td:last-child')
        .textContent.trim() === '+60'""")
    assert "+60" in page.inner_text(f"{W} .tj-play__score-seat[data-seat=N]")
    assert "−20" in page.inner_text(f"{W} .tj-play__score-seat[data-seat=S]") or "-20" in page.inner_text(f"{W} .tj-play__score-seat[data-seat=S]")
    assert page.locator(f"{W} .tj-play__saved .tj-play__replay").count() == 1
    stored = page.evaluate("JSON.parse(sessionStorage.getItem('tianjiu.play.session.v1'))")
    assert (stored["banker"], stored["streak"], stored["hand"], stored["live"]) == ("N", 2, 1, 0), stored
    # the record can be downloaded
    with page.expect_download() as dl:
        page.click(f"{W} .tj-play__download")
    assert "全白一點紅" in open(dl.value.path(), encoding="utf-8").read() or "one_red" in open(dl.value.path(), encoding="utf-8").read()
    # the next hand: North banks again, streak 2 (連莊)
    page.click(f"{W} .tj-play__nexthand")
    page.wait_for_function(f"document.querySelector('{W}').session.hand === 2")
    deals = [r for r in page.evaluate("window.__asked") if r.get("op") == "new_hand"]
    assert (deals[-1]["banker"], deals[-1]["banker_streak"]) == ("N", 2), deals[-1]
    assert tab.problems() == []


def test_a_damaged_list_with_no_room_for_its_copy_says_new_hands_are_not_kept(tab):
    """A breaker's find: a damaged list of hands in a nearly full storage could not be moved
    aside; the page said "kept under tianjiu.play.hands.v1 … New hands are kept separately",
    and then kept no new hand, silently. Now it says that new hands cannot be kept."""
    page = tab.page
    page.add_init_script("""if (!sessionStorage.getItem('__filled')) { sessionStorage.setItem('__filled', '1');
        localStorage.setItem('tianjiu.play.hands.v1', 'x'.repeat(3000000)); }""")
    tab.goto("en/play/")
    _start(tab, seed=150, players="beginner")        # 例牌 at the deal: the hand is over at once
    page.wait_for_selector(f"{W}[data-state=over]")
    page.wait_for_function(f"document.querySelector('{W}').session.done === 1")
    note = page.inner_text(f"{W} .tj-play__damaged")
    assert "tianjiu.play.hands.v1" in note and "new hands cannot be kept" in note and "separately" not in note, note
    assert page.evaluate("localStorage.getItem('tianjiu.play.hands.v1').length") == 3_000_000   # left as it was
    assert page.locator(f"{W} .tj-play__saved .tj-play__replay").count() == 0
    assert tab.problems() == []


def test_the_trick_before_stays_at_hand_mid_trick(tab):
    """A new user's find: by the reader's next turn the table showed the new trick, so who had
    beaten them, and with what, was gone unless they led. Mid-trick, a line now names the last
    trick's winner and opens on its plays (face-down discards stay face down)."""
    tab.goto("en/play/")
    _start(tab, seed=40, players="beginner")
    page = tab.page
    view = f"document.querySelector('{W}').view"
    for _ in range(40):
        if page.evaluate(f"{view}.trick.length > 0 && {view}.tricks.length > 0 && !{view}.result"):
            break
        assert page.get_attribute(W, "data-state") == "playing"
        page.locator(f"{W} .tj-play__legal .tj-play__chip").first.click()
        page.wait_for_function(f"""(() => {{ const w = document.querySelector('{W}');
            return !w.busy && (w.dataset.state === 'over' || !!w.querySelector('.tj-play__legal .tj-play__chip')); }})()""")
    else:
        raise AssertionError("never a turn in mid-trick")
    last = page.evaluate(f"{view}.tricks[{view}.tricks.length - 1]")
    n = page.evaluate(f"{view}.tricks.length")
    summary = page.inner_text(f"{W} .tj-play__prev summary")
    assert summary.startswith(f"Last trick (trick {n}): ") and " wins " in summary, summary
    page.click(f"{W} .tj-play__prev summary")
    acts = page.eval_on_selector_all(f"{W} .tj-play__prev .tj-play__act", "as => as.map(a => a.dataset.seat)")
    assert acts == [a["seat"] for a in last["actions"]]
    # (another seat's discard: backs only)
    for a in last["actions"]:
        if a["kind"] != "play" and a["seat"] != "S":
            hrefs = page.eval_on_selector_all(f"{W} .tj-play__prev .tj-play__act[data-seat={a['seat']}] use", "us => us.map(u => u.getAttribute('href'))")
            assert hrefs and all(h.endswith("#tj-tile-back") for h in hrefs), hrefs
    assert tab.problems() == []

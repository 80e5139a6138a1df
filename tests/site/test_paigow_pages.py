"""The Pai Gow (牌九) pages in Chromium: the calculator shows the engine's EVs for a known
hand and says what is wrong with bad tiles; the setting trainer grades a known deal by EV
(player and banker), keeps the worst settings on the device and never throws away a
corrupt save; the small-牌九 drill and a lesson's finite check are graded by the engine.

Expected values come from the same engine in CPython (``tianjiu_core.bridge.paigow_ops``):
the page runs it in Pyodide, so the numbers must agree to the last digit.  Every Pai Gow page
in the three languages is also loaded by test_pages.py (zero console errors).  Screenshots at
1280 and 375 px go to test-results/screenshots/paigow-*.png.
"""

from __future__ import annotations

import json
import re

import pytest

from tianjiu_core.bridge.paigow_ops import paigow_compare, paigow_rank, paigow_set

TIMEOUT = 90_000
PHONE = {"width": 375, "height": 800}


def _set(tiles, **kw):
    return paigow_set({"op": "paigow_set", "tiles": tiles, **kw})


def instant(tab, path):
    """Go to a page by Material's instant navigation (the engine stays: no cold start)."""
    tab.page.evaluate("url => { const a = document.createElement('a'); a.href = url; document.body.append(a); a.click(); }",
                      tab.url(path))
    tab.page.wait_for_url(tab.url(path))


def revisit_trainer(tab):
    """Leave the trainer and come back (instant navigation): the widget mounts again and reads
    the save from localStorage again, with the same worker.  (By the calculator, which reads no
    save: the drill would repair a damaged one, and say so, itself.)"""
    instant(tab, "en/paigow/calculator/")
    tab.page.wait_for_selector("tj-paigow-calc[data-tiles]", timeout=TIMEOUT)
    instant(tab, "en/paigow/trainer/")
    tab.page.wait_for_selector("tj-paigow-trainer[data-tiles]:not([data-busy])", timeout=TIMEOUT)


def deal_in_trainer(page, tiles):
    """Deal the trainer a known hand ("66 44 12 35", by its deal(), as a test may) and wait
    until it shows that hand, idle."""
    page.evaluate("codes => document.querySelector('tj-paigow-trainer').deal(codes)", tiles.split())
    page.wait_for_selector(f"tj-paigow-trainer[data-tiles='{tiles}']:not([data-busy])")


def no_sideways_scroll(page):
    return page.evaluate("() => document.scrollingElement.scrollWidth <= window.innerWidth + 1")


def test_calculator_shows_the_engines_values_and_explains_bad_tiles(site, new_tab):
    tab = new_tab()
    page = tab.page
    tab.goto("paigow/calculator/")
    page.wait_for_selector("tj-paigow-calc[data-tiles='66 44 12 35']", timeout=TIMEOUT)
    want = _set("66 44 12 35")
    calc = "tj-paigow-calc"
    assert page.get_attribute(calc, "data-house-way-choice") == str(want["house_way_choice"]) == "2"
    assert page.get_attribute(calc, "data-optimal") == str(want["optimal"]) == "1"
    assert page.get_attribute(calc, "data-optimal-banking") == str(want["optimal_banking"]) == "2"
    rows = page.eval_on_selector_all(f"{calc} .tj-pgc__row", "rs => rs.map(r => [Number(r.dataset.evPlayer), Number(r.dataset.evBanker), r.innerText])")
    assert len(rows) == 3
    for (player, banker, text), s in zip(rows, want["settings"]):
        assert player == s["not_banking"]["ev"] and banker == s["banking"]["ev"]
        assert s["low"]["name_hant"] in text and s["high"]["name_hant"] in text
    # the numbers as shown: setting 2 is +0.146 / +0.157, the house way's is badged
    assert "+0.146" in rows[1][2] and "+0.157" in rows[1][2] and "閒家最佳" in rows[1][2]
    assert "莊家擺法" in rows[2][2] and "做莊最佳" in rows[2][2]
    assert "第 3 種" in page.inner_text(f"{calc} .tj-pgc__summary")

    # a bad tile: a clear line naming it, the old result kept
    page.fill(f"{calc} .tj-tray__input", "66 44 12 99")
    page.press(f"{calc} .tj-tray__input", "Enter")
    msg = page.inner_text(f"{calc} .tj-pgc__message")
    assert "不認得的牌" in msg and "99" in msg
    assert page.get_attribute(calc, "data-tiles") == "66 44 12 35"
    assert msg.endswith("下面仍是原來那手牌。"), msg     # (the values shown are the old hand's)
    assert "）下面" not in msg and ")下面" not in msg, msg  # two sentences (the first had no 。)
    # a fifth tile refused, then Backspace in the grid takes one out: the refusal goes too
    page.click(f"{calc} .tj-pick[data-code='55']")
    assert not page.is_hidden(f"{calc} .tj-pgc__message")
    page.focus(f"{calc} .tj-pick[data-code='55']")
    page.keyboard.press("Backspace")
    page.wait_for_function(f"document.querySelectorAll('{calc} .tj-chip').length === 3")
    assert page.is_hidden(f"{calc} .tj-pgc__message")
    page.fill(f"{calc} .tj-tray__input", "66 44 12 35")
    page.press(f"{calc} .tj-tray__input", "Enter")
    page.wait_for_selector(f"{calc}[data-tiles='66 44 12 35']:not([data-busy])")
    # a face used more often than it exists, and five tiles
    page.fill(f"{calc} .tj-tray__input", "天 天 天 和")
    page.press(f"{calc} .tj-tray__input", "Enter")
    assert "只有 2 張" in page.inner_text(f"{calc} .tj-pgc__message")
    page.fill(f"{calc} .tj-tray__input", "66 44 12 35 55")
    page.press(f"{calc} .tj-tray__input", "Enter")
    assert "5 張" in page.inner_text(f"{calc} .tj-pgc__message")

    # 天 天 雜九 丁三: 天 雜九 / 天 丁三 is one setting, shown once (it was rows 2 and 3, identical)
    page.fill(f"{calc} .tj-tray__input", "天 天 36 丁三")
    page.press(f"{calc} .tj-tray__input", "Enter")
    page.wait_for_selector(f"{calc}[data-tiles='66 66 36 12']:not([data-busy])")
    shown = page.eval_on_selector_all(f"{calc} .tj-pgc__row", """rs => rs.map(r => [...r.querySelectorAll('.tj-pgc__hand')]
        .map(td => td.querySelector('.tj-pgc__name').textContent).sort().join(' / '))""")
    assert len(shown) == 2 and len(set(shown)) == 2, shown
    assert len(_set("66 66 36 12")["settings"]) == 2
    # and the page says where the third split went
    assert "只列兩種" in page.inner_text(f"{calc} .tj-pgc__alike")

    # names typed: 天 天 丁三 和 → two hands of the engine's, 雙天 behind
    page.fill(f"{calc} .tj-tray__input", "天 天 丁三 和")
    page.press(f"{calc} .tj-tray__input", "Enter")
    page.wait_for_selector(f"{calc}[data-tiles='66 66 12 13']:not([data-busy])")
    want = _set("66 66 12 13")
    evs = page.eval_on_selector_all(f"{calc} .tj-pgc__row", "rs => rs.map(r => Number(r.dataset.evPlayer))")
    assert evs == [s["not_banking"]["ev"] for s in want["settings"]] and len(evs) == 2
    assert page.is_hidden(f"{calc} .tj-pgc__message")
    # the tray's tiles are buttons in the accessibility tree (they were list items), in a group
    tray = page.locator(calc).get_by_role("group", name="你的四張牌")
    assert tray.get_by_role("button", name="拿走 天 66").count() == 2 and tray.get_by_role("listitem").count() == 0
    # touch/click: a tray tile removes itself; a tile from the grid brings the fourth back
    page.click(f"{calc} .tj-pgc__tray .tj-chip >> nth=3")
    assert "再選 1 張" in page.inner_text(f"{calc} .tj-pgc__result")
    page.focus(f"{calc} .tj-pick[data-code='66']")
    page.keyboard.press("ArrowRight")            # 地
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{calc}[data-tiles='66 66 12 11']:not([data-busy])")
    tab.shot("paigow-calculator")
    assert tab.problems() == []

    # the house way can be changed: Casino Canberra's numbers
    page.select_option(f"{calc} .tj-pgc__way", "canberra")
    want = _set("66 66 12 11", house_way="canberra")
    page.wait_for_function("ev => Number(document.querySelector('tj-paigow-calc .tj-pgc__row').dataset.evPlayer) === ev",
                           arg=want["settings"][0]["not_banking"]["ev"], timeout=30_000)

    # the embedding example, at phone width, in English and 繁體
    phone = new_tab(viewport=PHONE)
    phone.goto("examples/paigow.html")
    phone.page.wait_for_selector("#calc[data-tiles='66 44 12 35']", timeout=TIMEOUT)
    phone.page.wait_for_selector("#calc-hant[data-tiles='66 66 12 13']", timeout=30_000)
    assert "Gee Joon" in phone.page.inner_text("#calc") or "丁三" in phone.page.inner_text("#calc")
    assert "best as player" in phone.page.inner_text("#calc .tj-pgc__table")
    assert "莊家擺法" in phone.page.inner_text("#calc-hant .tj-pgc__table")
    assert no_sideways_scroll(phone.page)
    # a phone stacks each setting (the table's five columns wrapped the hand names a word a
    # line): low and high side by side on one line, the two EVs below, each naming its column
    layout = phone.page.evaluate("""() => [...document.querySelectorAll('#calc .tj-pgc__row')].map(r => {
        const [low, high] = [...r.querySelectorAll('.tj-pgc__hand')].map(c => c.getBoundingClientRect());
        const [p, b] = [...r.querySelectorAll('.tj-pgc__ev')];
        return {side: Math.abs(low.top - high.top) < 2 && high.left > low.right,
                below: p.getBoundingClientRect().top >= low.bottom - 1,
                label: getComputedStyle(p, '::before').content + ' ' + getComputedStyle(b, '::before').content,
                names: [...r.querySelectorAll('.tj-pgc__name')].map(n => n.getBoundingClientRect().height)};
    })""")
    assert len(layout) == 3 and all(x["side"] and x["below"] for x in layout), layout
    assert all("EV as player" in x["label"] and "EV as banker" in x["label"] for x in layout), layout
    assert max(h for x in layout for h in x["names"]) < 30, layout   # one line, "4 (Chop Bot high)"
    phone.shot("paigow-calculator-phone")
    assert phone.problems() == []


def test_calculator_reads_the_names_it_shows_and_quotes_a_long_bad_token_short(site, new_tab):
    """The English calculator shows "Chop Bot" and "Gee Joon three" under its tiles: typed back,
    they were 'Unknown tile “Chop”' (tiles.js split on spaces); "天天地地" was one unknown
    token.  A 100,000-character unknown token was repeated in full (a message box 114,000 px
    tall at 375 px): now cut as the engine cuts it, 40 characters and the length."""
    tab = new_tab(viewport=PHONE)
    page = tab.page
    calc = "tj-paigow-calc"
    tab.goto("en/paigow/calculator/")
    page.wait_for_selector(f"{calc}[data-tiles='66 44 12 35']:not([data-busy])", timeout=TIMEOUT)
    page.fill(f"{calc} .tj-tray__input", "Teen Yun Chop Bot Gee Joon three")
    page.press(f"{calc} .tj-tray__input", "Enter")
    page.wait_for_selector(f"{calc}[data-tiles='66 44 26 12']:not([data-busy])", timeout=30_000)
    assert page.is_hidden(f"{calc} .tj-pgc__message")
    want = _set("66 44 26 12")
    evs = page.eval_on_selector_all(f"{calc} .tj-pgc__row", "rs => rs.map(r => Number(r.dataset.evPlayer))")
    assert evs == [s["not_banking"]["ev"] for s in want["settings"]]
    page.fill(f"{calc} .tj-tray__input", "天天地地")
    page.press(f"{calc} .tj-tray__input", "Enter")
    page.wait_for_selector(f"{calc}[data-tiles='66 66 11 11']:not([data-busy])", timeout=30_000)
    # a huge unknown token: one short line, the hand kept
    page.fill(f"{calc} .tj-tray__input", "66 " + "x" * 100_000)
    page.press(f"{calc} .tj-tray__input", "Enter")
    msg = page.inner_text(f"{calc} .tj-pgc__message")
    assert msg.startswith(f"Unknown tile “{'x' * 40}… (100,000 characters)” (use pip codes"), msg[:200]
    assert len(msg) < 300 and msg.endswith("The hand below is still the one before."), msg[:400]
    assert page.locator(f"{calc} .tj-pgc__message").bounding_box()["height"] < 200
    assert page.get_attribute(calc, "data-tiles") == "66 66 11 11"
    assert no_sideways_scroll(page)
    assert tab.problems() == []


def test_trainer_grades_a_known_deal_and_keeps_the_worst_settings(site, new_tab):
    tab = new_tab(viewport=PHONE)
    page = tab.page
    tab.goto("en/paigow/trainer/")
    sel = "tj-paigow-trainer"
    page.wait_for_selector(f"{sel}[data-tiles]:not([data-busy])", timeout=TIMEOUT)
    deal_in_trainer(page, "66 44 12 35")
    want = _set("66 44 12 35")
    s = want["settings"]
    # setting 1 as a player: the engine's EV lost
    page.click(f"{sel} .tj-pgt__choice[data-index='0']")
    lost = s[1]["not_banking"]["ev"] - s[0]["not_banking"]["ev"]
    assert page.get_attribute(sel, "data-verdict") == "lost"
    assert float(page.get_attribute(sel, "data-lost")) == pytest.approx(lost, abs=1e-6)
    verdict = page.inner_text(f"{sel} .tj-pgt__verdict")
    assert f"{lost:.3f}" in verdict and "setting 2" in verdict, verdict
    why = page.inner_text(f"{sel} .tj-pgt__why")
    assert "low hand stronger" in why and "38.3%" in why, why       # 6 (Yun high) against 4
    table = page.inner_text(f"{sel} .tj-pgt__values")
    assert "+0.146" in table and "+0.171" in table and "house way" in table
    assert "hands: 1, EV lost: 0.127, per hand: 0.127" in page.inner_text(f"{sel} .tj-pgt__score")
    assert page.get_attribute(f"{sel} .tj-pgt__worst-list li", "data-tiles") == "66 44 12 35"
    assert no_sideways_scroll(page)
    tab.shot("paigow-trainer-phone")

    # the next hand by keyboard, set with "1"; graded (a second hand on the score) — with focus
    # nowhere (a click on the title): N is the trainer's, not Material's "next page"
    url = page.url
    page.click(f"{sel} .tj-title")
    page.keyboard.press("n")
    page.wait_for_function("() => { const t = document.querySelector('tj-paigow-trainer'); return !t.dataset.verdict && !t.dataset.busy && t.dataset.tiles !== '66 44 12 35'; }")
    page.click(f"{sel} .tj-title")
    page.keyboard.press("1")
    page.wait_for_function("() => document.querySelector('tj-paigow-trainer').dataset.hands === '2'")
    assert page.url == url
    tiles = page.get_attribute(sel, "data-tiles")
    other = _set(tiles)
    best = other["settings"][other["optimal"]]["not_banking"]["ev"]
    assert float(page.get_attribute(sel, "data-lost")) == pytest.approx(best - other["settings"][0]["not_banking"]["ev"], abs=1e-6)
    # Material's other page keys (P = previous page) do nothing here either, nor Alt + P; with
    # focus on a link of the page's text (a middle-click leaves it there) N is still the
    # trainer's next hand
    page.keyboard.press("p")
    page.keyboard.press("Alt+p")
    page.focus("article a[href]")
    page.keyboard.press("n")
    page.wait_for_function(f"document.querySelector('{sel}').dataset.tiles !== {json.dumps(tiles)}")
    assert page.url == url

    # the worst setting survives a reload; retry it as it was (a player), set it right → it leaves
    revisit_trainer(tab)
    item = f"{sel} .tj-pgt__worst-list li[data-tiles='66 44 12 35']"
    assert "0.127 lost" in page.inner_text(item)
    assert "on this device — hands: 2" in page.inner_text(f"{sel} .tj-pgt__score")
    page.click(f"{item} button")
    page.wait_for_selector(f"{sel}[data-tiles='66 44 12 35']:not([data-busy])")
    # as the banker the best is setting 3 (the banker wins copies)
    page.check(f"{sel} .tj-pgt__role input[value='true']")
    page.click(f"{sel} .tj-pgt__choice[data-index='2']")
    assert page.get_attribute(sel, "data-verdict") == "best"
    assert "house way" in page.inner_text(f"{sel} .tj-pgt__verdict")
    saved = json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))
    assert saved["trainer"]["hands"] == 3 and saved["trainer"]["lost"] == pytest.approx(saved["trainer"]["lost"])
    # the player's entry stays (this was a banker's hand); now set it right as the player
    assert [w["banking"] for w in saved["trainer"]["worst"] if w["tiles"] == "66 44 12 35"] == [False]

    # another house way: the same tiles, Casino Canberra's numbers; the hand stays graded (the
    # banker's setting 3 as it was chosen), nothing more on the score
    page.select_option(f"{sel} .tj-pgc__way", "canberra")
    page.wait_for_selector(f"{sel}[data-tiles='66 44 12 35']:not([data-busy])[data-verdict]")
    cb = _set("66 44 12 35", house_way="canberra")["settings"]
    cb_best = max(x["banking"]["ev"] for x in cb)
    assert page.get_attribute(sel, "data-chosen") == "2"
    assert float(page.get_attribute(sel, "data-lost")) == pytest.approx(cb_best - cb[2]["banking"]["ev"], abs=1e-6)
    page.click(f"{sel} .tj-pgt__choice[data-index='0']")
    assert page.get_attribute(sel, "data-chosen") == "2"
    assert json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))["trainer"]["hands"] == 3

    # a corrupt save is kept as a backup and said so, never silently dropped
    page.evaluate("() => localStorage.setItem('tianjiu.paigow', '{not json')")
    revisit_trainer(tab)
    assert "tianjiu.paigow.backup" in page.inner_text(f"{sel} .tj-pgw__notice")
    assert page.evaluate("() => localStorage.getItem('tianjiu.paigow.backup')") == "{not json"
    # one damaged entry among good ones: the good ones stay
    good = {"version": 1, "lessons": {"pg-01": {"best": 4, "last": 4, "total": 5, "date": "2026-12-01"},
                                      "pg-02": {"best": 9, "total": 5}},
            "trainer": {"hands": 3, "lost": 0.2, "worst": [{"tiles": "66 44 12 35", "banking": False, "way": "nz", "lost": 0.127}]}}
    page.evaluate("v => localStorage.setItem('tianjiu.paigow', v)", json.dumps(good))
    revisit_trainer(tab)
    assert "were dropped (1)" in page.inner_text(f"{sel} .tj-pgw__notice")
    kept = json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))
    assert list(kept["lessons"]) == ["pg-01"] and kept["trainer"]["hands"] == 3
    assert page.is_visible(f"{sel} .tj-pgt__worst-list li[data-tiles='66 44 12 35']")
    assert page.evaluate("TianJiu.status().workersStarted") == 1      # one engine start for all of it
    assert tab.problems() == []


def test_drill_and_a_lesson_check_are_graded_by_the_engine(site, new_tab):
    tab = new_tab()
    page = tab.page
    tab.goto("zh-Hans/paigow/drill/")
    sel = "tj-paigow-drill"
    page.wait_for_selector(f"{sel}[data-player]", timeout=TIMEOUT)
    # seed 004's example: 板凳 + 斧頭 (5) beats 雜九 + 銅錘六 (5) on the higher tile
    page.evaluate("() => document.querySelector('tj-paigow-drill').load(['22', '56', '36', '15'])")
    page.focus(f"{sel} .tj-pgd__answer[data-answer='first']")
    page.keyboard.press("b")                       # wrong: the player wins
    page.wait_for_selector(f"{sel}[data-verdict='wrong']")
    assert page.get_attribute(sel, "data-winner") == "first" and page.get_attribute(sel, "data-reason") == "tile"
    fb = page.inner_text(f"{sel} .tj-pgd__feedback")
    assert "不对" in fb and "同点数" in fb and "板凳" in fb, fb
    # a copy goes to the banker
    page.evaluate("() => document.querySelector('tj-paigow-drill').load(['36', '14', '45', '23'])")
    page.click(f"{sel} .tj-pgd__answer[data-answer='second']")
    page.wait_for_selector(f"{sel}[data-verdict='right']")
    assert page.get_attribute(sel, "data-reason") == "copy" and page.get_attribute(sel, "data-score") == "1/2"
    tab.shot("paigow-drill")
    # the keys the drill names work with focus nowhere (a click on its text), and never let
    # Material's own P / N (previous / next page) take the reader away
    url = page.url
    page.click(f"{sel} .tj-pgd__prompt")
    page.keyboard.press("n")                       # next
    page.wait_for_function(f"!document.querySelector('{sel}').dataset.verdict")
    page.click(f"{sel} .tj-pgd__prompt")
    page.keyboard.press("n")                       # (nothing to go on to yet: no page change either)
    page.keyboard.press("p")
    page.wait_for_selector(f"{sel}[data-verdict]")
    page.wait_for_timeout(300)
    assert page.url == url and page.get_attribute(sel, "data-score").endswith("/3")
    drill_score = page.get_attribute(sel, "data-score")          # 1/3 or 2/3 (a random deal)
    right = drill_score.split("/")[0]

    # lesson 1's check: a points question and an equal-points one, answered with the engine's values
    instant(tab, "zh-Hans/paigow/01-points/")
    quiz = "tj-paigow-quiz"
    for n, kind in ((1, "points"), (2, "tiebreak")):
        page.wait_for_function(
            "n => { const q = document.querySelector('tj-paigow-quiz'); return !!q && q.dataset.q === String(n) && !q.dataset.busy && q.q; }",
            arg=n, timeout=TIMEOUT)
        assert page.get_attribute(quiz, "data-kind") == kind
        q = page.evaluate("() => document.querySelector('tj-paigow-quiz').q")
        if kind == "points":
            tiles = " ".join(q["tiles"])
            answer = str(paigow_rank({"op": "paigow_rank", "tiles": tiles})["points"])
        else:
            want = paigow_compare({"op": "paigow_compare", "first": " ".join(q["player"]), "second": " ".join(q["banker"])})
            assert want["first"]["points"] == want["second"]["points"] and want["reason_code"] in ("tile", "copy")
            answer = want["winner"]
        page.click(f"{quiz} .tj-quiz__choice[data-id='{answer}']")
        page.wait_for_selector(f"{quiz}[data-verdict='right']")
        page.click(f"{quiz} .tj-quiz__actions .tj-button--primary")

    # lesson 2's check (简体): five questions, four answered right and one wrong → 4/5, saved
    instant(tab, "zh-Hans/paigow/02-hands/")
    for n in range(5):
        page.wait_for_function(
            "n => { const q = document.querySelector('tj-paigow-quiz'); return !!q && q.dataset.q === String(n) && !q.dataset.busy && q.q; }",
            arg=n + 1, timeout=TIMEOUT)
        q = page.evaluate("() => { const q = document.querySelector('tj-paigow-quiz').q; return [q.player, q.banker]; }")
        want = paigow_compare({"op": "paigow_compare", "first": " ".join(q[0]), "second": " ".join(q[1]), "banker": "second"})
        answer = want["winner"] if n != 2 else ("first" if want["winner"] == "second" else "second")
        if n == 0:
            # the keys its buttons name (P / B, then N) with focus nowhere: they answer and go on
            # (the theme's own P / N took the reader to another page, the quiz lost)
            url = page.url
            page.click(f"{quiz} .tj-quiz__prompt")
            page.keyboard.press("p" if answer == "first" else "b")
        else:
            page.click(f"{quiz} .tj-quiz__choice[data-id='{answer}']")
        page.wait_for_selector(f"{quiz}[data-verdict='{'wrong' if n == 2 else 'right'}']")
        if n == 2:
            assert "不对" in page.inner_text(f"{quiz} .tj-quiz__feedback")
        if n == 0:
            page.click(f"{quiz} .tj-quiz__prompt")
            page.keyboard.press("n")
            page.wait_for_function("() => document.querySelector('tj-paigow-quiz').dataset.q === '2'")
            assert page.url == url
        else:
            page.click(f"{quiz} .tj-quiz__actions .tj-button--primary")
    page.wait_for_selector(f"{quiz}[data-stage='done']")
    assert page.get_attribute(f"{quiz} .tj-pgq__result", "data-result") == "4/5"
    assert "4 / 5" in page.inner_text(f"{quiz} .tj-pgq__mark")
    saved = json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))
    assert saved["lessons"]["pg-02"]["best"] == 4 and saved["lessons"]["pg-02"]["total"] == 5
    assert page.get_attribute(f"{quiz} .tj-pgq__end a", "href") == "../03-setting/"
    tab.shot("paigow-lesson-2")
    page.click(f"{quiz} .tj-pgq__end a")
    page.wait_for_selector("tj-paigow-quiz[data-kind='house'] .tj-pgt__choice", timeout=TIMEOUT)
    assert "/paigow/03-setting/" in page.url
    # a setting's name has its number (the visible 1/2/3 is hidden from screen readers, and the
    # feedback and the keys 1–3 go by it), named as the trainer's buttons
    names = page.eval_on_selector_all("tj-paigow-quiz .tj-pgt__choice", "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert len(names) in (2, 3) and all(re.fullmatch(fr"第 {k} 种：前 .+，后 .+", n) for k, n in enumerate(names, 1)), names
    # the Pai Gow index shows what this device keeps
    instant(tab, "zh-Hans/paigow/")
    page.wait_for_selector("tj-paigow-progress li[data-lesson='pg-02']", timeout=TIMEOUT)
    assert page.get_attribute("tj-paigow-progress li[data-lesson='pg-02']", "data-mark") == "4/5"
    assert page.get_attribute("tj-paigow-progress li[data-lesson='pg-01']", "data-mark") == ""
    assert page.get_attribute("tj-paigow-progress li[data-drill]", "data-drill") == drill_score
    assert f"3 题答对 {right} 题" in page.inner_text("tj-paigow-progress")
    assert tab.problems() == []


def test_simplified_paigow_pages_have_no_traditional_only_characters(site):
    """The 简体 Pai Gow pages are converted everywhere outside lang="zh-Hant" (no browser)."""
    from test_lesson_pages import HANT_ONLY, _Text
    for page in ("", "01-points/", "02-hands/", "03-setting/", "trainer/", "drill/", "calculator/"):
        parser = _Text()
        parser.feed((site.dir / f"zh-Hans/paigow/{page}index.html").read_text(encoding="utf-8"))
        text = "".join(parser.kept)
        assert len(text) > 200, page
        bad = sorted(set(text) & set(HANT_ONLY))
        assert bad == [], f"zh-Hans/paigow/{page}: 繁體-only characters outside lang=zh-Hant: {bad}"
        # and the text widgets show from their attributes (lesson 3's next-label was 擺牌練習)
        html_text = (site.dir / f"zh-Hans/paigow/{page}index.html").read_text(encoding="utf-8")
        for tag in re.findall(r"<tj-[^>]*>", html_text):
            bad = sorted(set(tag) & set(HANT_ONLY))
            assert bad == [], f"zh-Hans/paigow/{page}: {tag}"
    glossary = (site.dir / "zh-Hans/glossary/index.html").read_text(encoding="utf-8")
    assert "食夹棍" in glossary and "庄家摆法" in glossary and "天杠" in glossary


def test_trainer_with_a_face_held_twice_offers_two_settings_and_gives_up_nothing_equal(site, tab):
    """銅錘六 twice, 丁三, 紅頭十 has two settings, not three: the prompt said "press 1, 2, 3";
    both settings' low hands are the same 6 (Ping high), yet the explanation said the best one
    "gives up some of the low hand (6 against 6)"."""
    page = tab.page
    tab.goto("en/paigow/trainer/")
    sel = "tj-paigow-trainer"
    page.wait_for_selector(f"{sel}[data-tiles]:not([data-busy])", timeout=TIMEOUT)
    deal_in_trainer(page, "15 12 46 15")
    s = _set("15 12 46 15")["settings"]
    assert len(s) == 2 and s[0]["low"]["key"] == s[1]["low"]["key"]
    assert s[1]["not_banking"]["ev"] > s[0]["not_banking"]["ev"]
    assert page.locator(f"{sel} .tj-pgt__choice").count() == 2
    prompt = page.inner_text(f"{sel} .tj-pgt__prompt")
    assert "only two settings" in prompt and "1, 2)" in prompt and "3" not in prompt, prompt
    assert page.get_attribute(f"{sel} .tj-pgt__choices", "aria-label") == "The two settings"
    page.click(f"{sel} .tj-pgt__choice[data-index='0']")
    why = page.inner_text(f"{sel} .tj-pgt__why")
    assert why.startswith("The best setting is at least as strong in both hands."), why
    assert "gives up" not in why
    # a deal of four different faces: three settings and the usual prompt again
    deal_in_trainer(page, "66 44 12 35")
    assert "press 1, 2, 3" in page.inner_text(f"{sel} .tj-pgt__prompt")
    assert tab.problems() == []


def test_trainer_a_graded_hand_stays_graded_under_another_house_way(site, tab):
    """A graded hand, then another house way: the same tiles were dealt afresh and could be
    graded again under each way, every grade adding a hand to the score (3 hands for one deal)."""
    page = tab.page
    tab.goto("en/paigow/trainer/")
    sel = "tj-paigow-trainer"
    page.wait_for_selector(f"{sel}[data-tiles]:not([data-busy])", timeout=TIMEOUT)
    deal_in_trainer(page, "66 44 12 35")
    page.click(f"{sel} .tj-title")
    page.keyboard.press("1")
    page.wait_for_function("() => document.querySelector('tj-paigow-trainer').dataset.hands === '1'")
    for way, key in (("canberra", "2"), ("nz", "3")):
        page.select_option(f"{sel} .tj-pgc__way", way)
        page.wait_for_selector(f"{sel}[data-tiles='66 44 12 35']:not([data-busy])")
        # still graded (setting 1 as the player), with this house way's values
        assert page.get_attribute(sel, "data-verdict") == "lost" and page.get_attribute(sel, "data-chosen") == "0"
        s = _set("66 44 12 35", house_way=way)["settings"]
        best = max(x["not_banking"]["ev"] for x in s)
        assert float(page.get_attribute(sel, "data-lost")) == pytest.approx(best - s[0]["not_banking"]["ev"], abs=1e-6)
        evs = page.eval_on_selector_all(f"{sel} .tj-pgc__row", "rs => rs.map(r => Number(r.dataset.evPlayer))")
        assert evs == [x["not_banking"]["ev"] for x in s]
        page.click(f"{sel} .tj-title")
        page.keyboard.press(key)                   # nothing: the hand is graded (N deals the next)
        page.wait_for_timeout(300)
        assert page.get_attribute(sel, "data-hands") == "1" and page.get_attribute(sel, "data-chosen") == "0"
    saved = json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))
    assert saved["trainer"]["hands"] == 1
    assert [(w["way"], w["banking"]) for w in saved["trainer"]["worst"]] == [("nz", False)]
    # two changes at once (arrow keys on the menu): the way shown is the menu's, still graded
    # (it showed Canberra's values under New Zealand, the marks gone)
    page.evaluate("""() => { const w = document.querySelector('tj-paigow-trainer .tj-pgc__way');
        for (const v of ['canberra', 'nz']) { w.value = v; w.dispatchEvent(new Event('change')); } }""")
    page.wait_for_function("() => { const t = document.querySelector('tj-paigow-trainer'); return !t.dataset.busy && t.dataset.verdict === 'lost'; }")
    page.wait_for_timeout(300)
    s = _set("66 44 12 35", house_way="nz")["settings"]
    best = max(x["not_banking"]["ev"] for x in s)
    assert float(page.get_attribute(sel, "data-lost")) == pytest.approx(best - s[0]["not_banking"]["ev"], abs=1e-6)
    assert page.locator(f"{sel} .tj-pgt__choice .tj-pgt__mark").evaluate_all("ms => ms.filter(m => m.textContent).length") >= 1
    assert page.get_attribute(sel, "data-hands") == "1"
    # N still deals the next hand, graded once
    page.click(f"{sel} .tj-title")
    page.keyboard.press("n")
    page.wait_for_function("() => { const t = document.querySelector('tj-paigow-trainer'); return !t.dataset.verdict && !t.dataset.busy && t.dataset.tiles !== '66 44 12 35'; }")
    page.keyboard.press("1")
    page.wait_for_function("() => document.querySelector('tj-paigow-trainer').dataset.hands === '2'")
    assert json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))["trainer"]["hands"] == 2
    assert tab.problems() == []


def test_trainer_drops_worst_settings_it_cannot_deal_again(site, tab):
    """A saved worst setting with an unknown house way or impossible tiles passed the load
    check; its Retry said "Bad rule options", left the house-way menu blank, the old hand could
    still be graded and counted, and every Next hand repeated the error."""
    page = tab.page
    sel = "tj-paigow-trainer"
    tab.goto("en/paigow/trainer/")
    page.wait_for_selector(f"{sel}[data-tiles]:not([data-busy])", timeout=TIMEOUT)
    bad = {"version": 1, "trainer": {"hands": 3, "lost": 1.2, "worst": [
        {"tiles": "66 44 12 35", "banking": False, "way": "zzz", "lost": 0.5},
        {"tiles": "12 12 12 12", "banking": False, "way": "nz", "lost": 0.4},
        {"tiles": "66 44 12 35", "banking": True, "way": "canberra", "lost": 0.3}]}}
    text = json.dumps(bad)
    page.evaluate("v => localStorage.setItem('tianjiu.paigow', v)", text)
    revisit_trainer(tab)
    assert "were dropped (2)" in page.inner_text(f"{sel} .tj-pgw__notice")
    assert page.evaluate("() => localStorage.getItem('tianjiu.paigow.backup')") == text
    kept = json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))
    assert kept["trainer"]["hands"] == 3
    assert [(w["tiles"], w["way"]) for w in kept["trainer"]["worst"]] == [("66 44 12 35", "canberra")]
    assert page.locator(f"{sel} .tj-pgt__worst-list li").count() == 1
    # each names the house way it was set against (it did not say)
    page.wait_for_function(f"document.querySelector('{sel} .tj-pgt__worst-way')?.textContent.includes('坎培拉')")
    page.click(f"{sel} .tj-pgt__worst-list li button")
    page.wait_for_selector(f"{sel}[data-tiles='66 44 12 35']:not([data-busy])")
    assert page.eval_on_selector(f"{sel} .tj-pgc__way", "s => s.value") == "canberra"

    # a retry the engine refuses (called directly: the load check keeps such entries out) says
    # why, keeps a house way in the menu, and leaves nothing to grade; the next hand is dealt
    page.evaluate("() => document.querySelector('tj-paigow-trainer').retry({tiles: '66 44 12 35', banking: false, way: 'zzz', lost: 0.5})")
    page.wait_for_selector(f"{sel}:not([data-busy]) .tj-pgt__verdict[data-kind='error']")
    assert page.eval_on_selector(f"{sel} .tj-pgc__way", "s => [s.selectedIndex, s.value]") == [
        page.eval_on_selector(f"{sel} .tj-pgc__way", "s => [...s.options].findIndex(o => o.value === 'canberra')"), "canberra"]
    assert page.locator(f"{sel} .tj-pgt__choice").count() == 0
    page.click(f"{sel} .tj-title")
    page.keyboard.press("1")
    page.wait_for_timeout(300)
    assert page.get_attribute(sel, "data-hands") == "0"
    assert json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))["trainer"]["hands"] == 3
    page.keyboard.press("n")
    page.wait_for_function("() => { const t = document.querySelector('tj-paigow-trainer'); return !t.dataset.busy && t.querySelectorAll('.tj-pgt__choice').length > 0; }")
    assert page.get_attribute(f"{sel} .tj-pgt__verdict", "data-kind") != "error"
    assert page.inner_text(f"{sel} .tj-pgt__verdict") == ""
    page.keyboard.press("1")
    page.wait_for_function("() => document.querySelector('tj-paigow-trainer').dataset.hands === '1'")
    assert [w["way"] for w in json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))["trainer"]["worst"]
            if w["way"] not in ("nz", "canberra")] == []
    assert tab.problems() == []


def test_counters_never_outgrow_the_load_check_and_a_second_repair_keeps_the_first_backup(site, tab):
    """The load check takes counts up to 1e9, but the trainer and the drill counted past it: the
    site's next load took its own save for damaged and reset the counters; and a second repair
    wrote over the backup of the first, so the original values were lost."""
    page = tab.page
    sel = "tj-paigow-trainer"
    tab.goto("en/paigow/trainer/")
    page.wait_for_selector(f"{sel}[data-tiles]:not([data-busy])", timeout=TIMEOUT)
    full = {"version": 1, "lessons": {}, "trainer": {"hands": 1_000_000_000, "lost": 2000.5, "worst": []},
            "drill": {"asked": 1_000_000_000, "right": 7}}
    page.evaluate("v => localStorage.setItem('tianjiu.paigow', v)", json.dumps(full))
    revisit_trainer(tab)
    assert page.is_hidden(f"{sel} .tj-pgw__notice")
    deal_in_trainer(page, "66 44 12 35")
    page.click(f"{sel} .tj-pgt__choice[data-index='0']")
    page.wait_for_selector(f"{sel}[data-verdict='lost']")
    instant(tab, "en/paigow/drill/")
    page.wait_for_selector("tj-paigow-drill[data-player]", timeout=TIMEOUT)
    page.click("tj-paigow-drill .tj-pgd__answer[data-answer='first']")
    page.wait_for_selector("tj-paigow-drill[data-verdict]")
    assert page.is_hidden("tj-paigow-drill .tj-pgw__notice")
    saved = json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))
    assert saved["trainer"]["hands"] == 1_000_000_000 and saved["trainer"]["lost"] == 2000.5
    assert saved["drill"]["asked"] == 1_000_000_000
    assert saved["trainer"]["worst"][0]["tiles"] == "66 44 12 35"    # (the worst list still kept)
    instant(tab, "en/paigow/")
    page.wait_for_selector("tj-paigow-progress li[data-trainer]", timeout=TIMEOUT)
    assert page.locator("tj-paigow-progress .tj-pgw__notice").count() == 0
    assert page.get_attribute("tj-paigow-progress li[data-trainer]", "data-trainer") == "1000000000"
    assert page.get_attribute("tj-paigow-progress li[data-drill]", "data-drill").endswith("/1000000000")
    assert page.evaluate("() => localStorage.getItem('tianjiu.paigow.backup')") is None

    # two repairs, one after the other: the first original stays as the backup, the second
    # is kept beside it and the notice names where
    first = '{"version": 1, "trainer": {"hands": 5, "lost": 0.5, "worst": 7}}'
    second = '{"version": 1, "trainer": {"hands": 9, "lost": 0.9}, "drill": {"asked": 1, "right": 2}}'
    for text, where in ((first, "tianjiu.paigow.backup"), (second, "tianjiu.paigow.backup.2")):
        page.evaluate("v => localStorage.setItem('tianjiu.paigow', v)", text)
        instant(tab, "en/paigow/calculator/")
        page.wait_for_selector("tj-paigow-calc[data-tiles]", timeout=TIMEOUT)
        instant(tab, "en/paigow/")
        page.wait_for_selector("tj-paigow-progress li[data-trainer]", timeout=TIMEOUT)
        notice = page.inner_text("tj-paigow-progress .tj-pgw__notice")
        assert "were dropped (1)" in notice and where in notice, notice
        assert page.evaluate("k => localStorage.getItem(k)", where) == text
    assert page.evaluate("() => localStorage.getItem('tianjiu.paigow.backup')") == first
    assert tab.problems() == []


def test_drill_shows_that_it_repaired_a_damaged_save(site, tab):
    """The drill repaired a damaged save (and kept the backup) without a word, and the Pai Gow
    index said nothing either: the save was clean by then."""
    page = tab.page
    tab.goto("zh-Hans/paigow/drill/")
    page.wait_for_selector("tj-paigow-drill[data-player]", timeout=TIMEOUT)
    text = json.dumps({"version": 1, "lessons": {"pg-02": {"best": "x"}}, "drill": {"asked": 4, "right": 3}})
    page.evaluate("v => localStorage.setItem('tianjiu.paigow', v)", text)
    instant(tab, "zh-Hans/paigow/calculator/")
    page.wait_for_selector("tj-paigow-calc[data-tiles]", timeout=TIMEOUT)
    instant(tab, "zh-Hans/paigow/drill/")
    page.wait_for_selector("tj-paigow-drill[data-player]", timeout=TIMEOUT)
    notice = page.inner_text("tj-paigow-drill .tj-pgw__notice")
    assert "1 项坏了" in notice and "tianjiu.paigow.backup" in notice, notice
    assert page.evaluate("() => localStorage.getItem('tianjiu.paigow.backup')") == text
    saved = json.loads(page.evaluate("() => localStorage.getItem('tianjiu.paigow')"))
    assert saved["lessons"] == {} and saved["drill"] == {"asked": 4, "right": 3}
    assert tab.problems() == []


def test_calculator_keeps_its_hand_in_the_address(site, tab):
    """A language switch lost the hand being worked on (it showed 66 44 12 35 with nz again):
    the calculator page keeps the hand and the way in its address, so a link opens them too."""
    page = tab.page
    calc = "tj-paigow-calc"
    tab.goto("en/paigow/calculator/?tiles=11+11+24+12&way=canberra")
    page.wait_for_selector(f"{calc}[data-tiles='11 11 24 12']:not([data-busy])", timeout=TIMEOUT)
    assert page.eval_on_selector(f"{calc} .tj-pgc__way", "s => s.value") == "canberra"
    page.fill(f"{calc} .tj-tray__input", "天 地 人 和")
    page.press(f"{calc} .tj-tray__input", "Enter")
    page.wait_for_selector(f"{calc}[data-tiles='66 11 44 13']:not([data-busy])", timeout=TIMEOUT)
    assert page.url.endswith("/en/paigow/calculator/?tiles=66+11+44+13&way=canberra"), page.url
    page.hover(".md-header__option .md-select")
    page.click(".md-select__link[hreflang=zh-Hans]")
    page.wait_for_url("**/zh-Hans/paigow/calculator/?tiles=66+11+44+13&way=canberra")
    page.wait_for_selector(f"{calc}[data-tiles='66 11 44 13']:not([data-busy])", timeout=TIMEOUT)
    assert page.eval_on_selector(f"{calc} .tj-pgc__way", "s => s.value") == "canberra"
    # a damaged address: said plainly, the page still works
    tab.goto("en/paigow/calculator/?tiles=99&way=zzz")
    page.wait_for_selector(f"{calc}[data-state=ready]", timeout=TIMEOUT)
    # (the bad tile is said at once, the bad way once the engine has listed the ways)
    page.wait_for_function(f"document.querySelector('{calc} .tj-pgc__message').textContent.includes('zzz')",
                           timeout=TIMEOUT)
    msg = page.inner_text(f"{calc} .tj-pgc__message")
    assert "99" in msg and "zzz" in msg, msg
    assert "). Unknown house way" in msg, msg      # two sentences (they ran together)
    assert page.eval_on_selector(f"{calc} .tj-pgc__way", "s => s.value") == "nz"
    assert tab.problems() == []


def test_embedded_trainer_and_drill_say_what_is_wrong_with_their_attributes(site, tab):
    """An embedding page's bad tiles="66 66 66 66" or hands="…" were said for a moment, then
    "Loading the engine…" wiped the line and a random hand was dealt as if asked for;
    house-way="zzz" dealt nothing at all.  Now the refusal stays in words until you deal,
    a bad way falls back to the first one (said), and nothing random pretends to be the
    page's hand."""
    page = tab.page
    tab.goto("en/paigow/trainer/")
    page.wait_for_selector("tj-paigow-trainer[data-tiles]:not([data-busy])", timeout=TIMEOUT)
    # the seat choice the page's text points to ("Under “Your seat”") is written on screen
    assert page.is_visible("tj-paigow-trainer .tj-pgt__role-label")
    assert page.inner_text("tj-paigow-trainer .tj-pgt__role-label").startswith("Your seat")
    page.evaluate("""() => { const add = (tag, attrs) => { const e = document.createElement(tag);
        for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); document.querySelector('article').append(e); };
      add('tj-paigow-trainer', {id: 'teen4', tiles: '66 66 66 66'});
      add('tj-paigow-trainer', {id: 'three', tiles: '66 44 12'});
      add('tj-paigow-trainer', {id: 'zzz', tiles: '66 44 12 35', 'house-way': 'zzz'});
      add('tj-paigow-drill', {id: 'half', hands: '66 45 / 11'});
      add('tj-paigow-drill', {id: 'ok', hands: '66 45 ／ 11 26'}); }""")   # (a full-width slash too)
    for sel in ("#teen4", "#three", "#half"):
        page.wait_for_selector(f"{sel}[data-state=ready][data-problem] .tj-pgw__problem", timeout=TIMEOUT)
    page.wait_for_timeout(300)   # (nothing deals behind the message)
    assert "A set has only 2 of Teen." in page.inner_text("#teen4 .tj-pgw__problem")
    assert "“66 66 66 66”" in page.inner_text("#teen4 .tj-pgw__problem")
    assert "It takes 4 tiles; 3 are written." in page.inner_text("#three .tj-pgw__problem")
    assert "Banker 莊: It takes 2 tiles; 1 is written." in page.inner_text("#half .tj-pgw__problem")
    for sel in ("#teen4", "#three"):
        assert page.get_attribute(sel, "data-tiles") is None
        assert page.locator(f"{sel} .tj-pgt__choice").count() == 0
        assert page.inner_text(f"{sel} .tj-status") == ""
    assert page.get_attribute("#half", "data-player") is None
    assert page.eval_on_selector_all("#half .tj-pgd__answer", "bs => bs.every(b => b.disabled)")
    # "Next hand" deals one, and the message goes
    page.click("#teen4 .tj-pgt__actions button")
    page.wait_for_selector("#teen4[data-tiles]:not([data-busy])")
    assert page.is_hidden("#teen4 .tj-pgw__problem")
    page.click("#half .tj-quiz__actions button")
    page.wait_for_selector("#half[data-player]")
    assert page.is_hidden("#half .tj-pgw__problem")
    # an unknown house way: said, the first one played, the page's hand dealt against it
    page.wait_for_selector("#zzz[data-tiles='66 44 12 35']:not([data-busy])", timeout=TIMEOUT)
    assert page.eval_on_selector("#zzz .tj-pgc__way", "s => s.value") == "nz"
    assert "Unknown house way “zzz”: using" in page.inner_text("#zzz .tj-pgw__problem")
    assert page.locator("#zzz .tj-pgt__choice").count() == 3
    # a Retry from the worst list is a deal of yours too: the page's refused hand is not the
    # question any more
    page.evaluate("""() => { const e = document.createElement('tj-paigow-trainer'); e.id = 'retry';
      e.setAttribute('tiles', 'zz'); document.querySelector('article').append(e); }""")
    page.wait_for_selector("#retry[data-problem]", timeout=TIMEOUT)
    page.evaluate("() => document.querySelector('#retry').retry({tiles: '66 44 12 35', banking: false, way: 'nz', lost: 0.5})")
    page.wait_for_selector("#retry[data-tiles='66 44 12 35']:not([data-busy])")
    assert page.is_hidden("#retry .tj-pgw__problem")
    assert page.inner_text("#retry .tj-pgt__prompt").startswith("Again: last time this hand cost you 0.500.")
    # good hands are dealt as given
    page.wait_for_selector("#ok[data-player='66 45'][data-banker='11 26']", timeout=TIMEOUT)
    assert page.is_hidden("#ok .tj-pgw__problem")
    assert tab.problems() == []


def test_trainer_lists_each_setting_once_and_is_honest_about_a_save_it_cannot_write(site, tab):
    """雜九 36 and 45 play alike: 36 45 天 丁三 was offered as three settings, two of them the
    same.  A save of a newer site is read, never written: the score line called this session's
    hands part of the total "on this device".  A repaired save that kept only a worst setting
    was announced as "a fresh record started"."""
    page = tab.page
    sel = "tj-paigow-trainer"
    tab.goto("en/paigow/trainer/")
    page.wait_for_selector(f"{sel}[data-tiles]:not([data-busy])", timeout=TIMEOUT)
    for tiles in ("36 45 66 12", "44 55 46 11"):   # (梅 and 紅頭十 with 地: 2 points either way)
        deal_in_trainer(page, tiles)
        assert page.locator(f"{sel} .tj-pgt__choice").count() == 2
        assert "only two settings" in page.inner_text(f"{sel} .tj-pgt__prompt")
    # a click on the seat (a radio button) left the keys dead until a click elsewhere
    page.click(f"{sel} .tj-pgt__role-option >> nth=1")
    assert page.evaluate("document.activeElement.type") == "radio"
    page.keyboard.press("1")
    page.wait_for_selector(f"{sel}[data-verdict]:not([data-busy])")
    assert page.get_attribute(sel, "data-chosen") == "0"
    page.focus(f"{sel} .tj-pgt__role-option >> nth=1 >> input")
    page.keyboard.press("ArrowUp")                # (the radio's own arrows stay its own)
    assert page.evaluate("document.activeElement.value") == "false"
    # a newer site's save
    newer = json.dumps({"version": 2, "trainer": {"hands": 4, "lost": 0.4, "worst": []}})
    page.evaluate("v => localStorage.setItem('tianjiu.paigow', v)", newer)
    revisit_trainer(tab)
    assert "newer version" in page.inner_text(f"{sel} .tj-pgw__notice")
    deal_in_trainer(page, "66 44 12 35")
    page.click(f"{sel} .tj-pgt__choice[data-index='0']")
    page.wait_for_selector(f"{sel}[data-verdict]")
    score = page.inner_text(f"{sel} .tj-pgt__score")
    assert "on this device — hands: 4," in score and "not saved on this device" in score, score
    assert page.evaluate("() => localStorage.getItem('tianjiu.paigow')") == newer
    # damaged, but a worst setting survives: "dropped", not "a fresh record"
    worst = {"tiles": "66 44 12 35", "banking": False, "way": "nz", "lost": 0.2}
    page.evaluate("v => localStorage.setItem('tianjiu.paigow', v)",
                  json.dumps({"version": 1, "trainer": {"hands": "x", "worst": [worst]}}))
    revisit_trainer(tab)
    notice = page.inner_text(f"{sel} .tj-pgw__notice")
    assert "were dropped (1)" in notice and "fresh record" not in notice, notice
    assert page.locator(f"{sel} .tj-pgt__worst-list li").count() == 1
    assert tab.problems() == []


def test_trainer_says_a_near_tie_is_close_and_keeps_it_off_the_worst_list(site, tab):
    """A new user chose 6/9 instead of 7/8, 0.003 less, and got a red ✗, "You gave up 0.003"
    and the hand among the worst settings to retry. Under a hundredth of a bet it is "close":
    counted in the score, never a worst setting."""
    page = tab.page
    tab.goto("en/paigow/trainer/")
    sel = "tj-paigow-trainer"
    page.wait_for_selector(f"{sel}[data-tiles]:not([data-busy])", timeout=TIMEOUT)
    deal_in_trainer(page, "44 33 11 16")
    r = _set("44 33 11 16")
    s, best = r["settings"], r["optimal"]
    lost = s[best]["not_banking"]["ev"] - s[0]["not_banking"]["ev"]
    assert 0 < lost < 0.01
    page.keyboard.press("1")
    page.wait_for_selector(f"{sel}[data-verdict]")
    assert page.get_attribute(sel, "data-verdict") == "close"
    verdict = page.inner_text(f"{sel} .tj-pgt__verdict")
    assert verdict.startswith("Close: you gave up only") and f"{lost:.3f}" in verdict, verdict
    assert page.inner_text(f"{sel} .tj-pgt__choice >> nth=0 >> .tj-pgt__mark") == "≈"
    assert "hands: 1" in page.inner_text(f"{sel} .tj-pgt__score")
    saved = json.loads(page.evaluate("localStorage.getItem('tianjiu.paigow')"))
    assert saved["trainer"]["worst"] == [] and saved["trainer"]["lost"] == pytest.approx(lost, abs=1e-6)
    assert tab.problems() == []


def test_points_check_works_the_sum_out_and_house_way_menus_are_named_before_the_engine(site, new_tab):
    """Lesson 1's check says why a hand has its points (the sum, the last digit, and which of
    3 or 6 a 至尊 tile counts as), not only the answer again; the calculator's house-way menu
    names the way while the engine is not there (it showed the code "nz"), and the trainer's
    EVs name their column on a phone (its header row is hidden there)."""
    tab = new_tab()
    page = tab.page
    tab.goto("en/paigow/01-points/")
    quiz = "tj-paigow-quiz"
    page.wait_for_function("() => { const q = document.querySelector('tj-paigow-quiz'); return !!q && q.dataset.q === '1' && !q.dataset.busy && q.q; }",
                           timeout=TIMEOUT)
    # a fixed hand with 丁三 (12) in it: 12 + 55 is 3 + 10 or 6 + 10 → 6 + 10 = 16, 6 points
    page.evaluate("""async () => { const q = document.querySelector('tj-paigow-quiz');
        const r = await q.engine.call('paigow_rank', {tiles: '12 55'}); q.q = {kind: 'points', tiles: ['12', '55'], r}; }""")
    assert paigow_rank({"op": "paigow_rank", "tiles": "12 55"})["points"] == 6
    page.click(f"{quiz} .tj-quiz__choice[data-id='3']")
    page.wait_for_selector(f"{quiz}[data-verdict='wrong']")
    fb = page.inner_text(f"{quiz} .tj-quiz__feedback")
    assert "6 + 10 = 16; only the last digit counts, so 6 points" in fb, fb
    assert "Gee Joon three counts as 3 or 6, whichever is better: 6 here." in fb, fb

    # the calculator with the engine's start blocked: the menu reads "New Zealand (紐西蘭)"
    blocked = new_tab()
    blocked.page.route("**/pyodide/**", lambda route: route.abort())
    blocked.goto("en/paigow/calculator/?tiles=66+44+12+35&way=canberra")
    sel = "tj-paigow-calc"
    blocked.page.wait_for_selector(f"{sel} .tj-pgc__way")
    assert blocked.page.inner_text(f"{sel} .tj-pgc__way") == "Casino Canberra (坎培拉賭場)"
    hint = blocked.page.inner_text(f"{sel} .tj-pgc__result")
    assert hint in ("The three settings appear here once the engine is ready.", ""), hint

    # the trainer on a phone: each EV names its column, the setting has a line of its own
    phone = new_tab(viewport=PHONE)
    phone.goto("zh-Hans/paigow/trainer/")
    t = "tj-paigow-trainer"
    phone.page.wait_for_selector(f"{t}[data-tiles]:not([data-busy])", timeout=TIMEOUT)
    deal_in_trainer(phone.page, "66 44 12 35")
    phone.page.click(f"{t} .tj-pgt__choice[data-index='0']")
    rows = phone.page.evaluate("""() => [...document.querySelectorAll('tj-paigow-trainer .tj-pgt__values tbody tr')].map(r => {
        const [p, b] = [...r.querySelectorAll('.tj-pgc__ev')];
        const s = r.querySelector('.tj-pgt__setting').getBoundingClientRect();
        return {label: getComputedStyle(p, '::before').content + ' ' + getComputedStyle(b, '::before').content,
                below: p.getBoundingClientRect().top >= s.bottom - 1};
    })""")
    assert len(rows) == 3 and all(r["below"] for r in rows), rows
    assert all("期望值：做闲家" in r["label"] and "期望值：做庄" in r["label"] for r in rows), rows
    assert no_sideways_scroll(phone.page)
    phone.shot("paigow-trainer-phone-labels")
    assert tab.problems() == [] and phone.problems() == []

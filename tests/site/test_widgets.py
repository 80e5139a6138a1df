"""The widgets as a person uses them: the playground (mouse, keyboard, typing),
the settlement calculator, <tj-tiles>, the embed example, the JS API; and
screenshots of the main pages at desktop and phone width."""

from __future__ import annotations

import json

import pytest
from sitekit import SCREENSHOTS

from tianjiu_core.errors import AmbiguousTileError
from tianjiu_core.notation import parse_tiles
from tianjiu_core.svg import use_svg
from tianjiu_core.tiles import TILES, Tile

A = ".tj-tray[data-tray=a]"
B = ".tj-tray[data-tray=b]"


def verdict(tab, tray=A) -> str:
    return tab.page.inner_text(f"{tray} .tj-tray__verdict")


def wait_idle(tab):
    tab.page.wait_for_function("!document.querySelector('tj-playground').dataset.busy")


@pytest.fixture
def playground(tab):
    tab.goto("playground/")
    tab.page.wait_for_selector("tj-playground[data-state=ready]", timeout=90_000)
    wait_idle(tab)
    return tab


def test_click_tiles_to_make_four_teen_gow(playground):
    tab = playground
    assert verdict(tab).startswith("雙梅")          # the page's starting example
    assert "雙梅 打得過 雙斧頭" in tab.page.inner_text(".tj-pg__compare")
    tab.page.click(f"{A} .tj-tray__head button")   # 清除
    for code in ("66", "66", "36", "45"):
        tab.page.click(f".tj-pick[data-code='{code}']")
    tab.page.wait_for_selector("tj-playground[data-play=four]")
    wait_idle(tab)
    assert tab.page.get_attribute(f"{A} .tj-tray__tiles", "data-tiles") == "66 66 36 45"
    assert verdict(tab) == "四天九 （四）"
    # both 天 are used now: the grid says so and refuses a third one in words
    assert tab.page.inner_text(".tj-pick[data-code='66'] .tj-pick__count") == "×0"
    tab.page.click(".tj-pick[data-code='66']", force=True)  # aria-disabled, still clickable
    assert "天 只有 2 張" in tab.page.inner_text(f"{A} .tj-message")
    # a four does not beat a civil pair: different classes
    compare = tab.page.inner_text(".tj-pg__compare")
    assert "四天九 打不過 雙斧頭" in compare and "不同類" in compare
    assert tab.page.get_attribute(".tj-pg__compare", "data-beats") == "false"
    assert tab.problems() == []


def test_keyboard_only(playground):
    tab = playground
    page = tab.page
    page.click(f"{A} .tj-tray__head button")
    page.focus(".tj-pick[data-code='66']")
    page.keyboard.press("Enter")                  # 天
    page.keyboard.press("ArrowRight")             # 地
    page.keyboard.press("Space")
    wait_idle(tab)
    assert page.get_attribute(f"{A} .tj-tray__tiles", "data-tiles") == "66 11"
    assert verdict(tab).startswith("不成一手牌")     # not a play, with the engine's reason
    page.keyboard.press("Backspace")              # take 地 back
    page.keyboard.press("End")                    # 丁三 12, the last face
    assert page.evaluate("document.activeElement.dataset.code") == "12"
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")              # one row down from 天
    assert page.evaluate("document.activeElement.dataset.code") not in ("66", None)
    wait_idle(tab)
    assert page.get_attribute(f"{A} .tj-tray__tiles", "data-tiles") == "66"
    assert verdict(tab) == "天 （文）"
    # a tile in a tray is a button in the accessibility tree (it was a list item: nothing
    # said it could be pressed), inside a group named for the tray; an empty tray is no list
    tray = page.get_by_role("group", name="出的牌", exact=True)
    assert "- button \"拿走 天 66\"" in tray.aria_snapshot()
    assert page.locator(".tj-pg__trays").get_by_role("list").count() == 0
    page.keyboard.press("End")
    page.keyboard.press("Enter")                  # 丁三: tray 66 12
    tray.get_by_role("button", name="拿走 天 66").focus()
    page.keyboard.press("Enter")                  # taken out: the focus goes to the next chip
    page.wait_for_function(f"document.querySelector('{A} .tj-tray__tiles').dataset.tiles === '12'")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "拿走 丁三 12"
    page.keyboard.press("Space")                  # the last one: back to the grid
    assert page.evaluate("document.activeElement.dataset.code") == "66"
    wait_idle(tab)
    # only one tile of the grid is in the tab order
    assert page.eval_on_selector_all(".tj-pick", "els => els.filter(e => e.tabIndex === 0).length") == 1


def test_typed_notation_and_bad_input(playground):
    tab = playground
    page = tab.page
    page.fill(f"{A} .tj-tray__input", "77")
    page.press(f"{A} .tj-tray__input", "Enter")
    page.wait_for_selector(f"{A} .tj-message:not([hidden])")
    message = page.inner_text(f"{A} .tj-message")
    assert message.startswith("寫法不對") and "77" in message, message
    assert "tiles" not in message, message              # (the box is the reader's own: no field name)
    assert page.get_attribute(f"{A} .tj-tray__input", "aria-invalid") == "true"
    assert page.get_attribute(f"{A} .tj-tray__tiles", "data-tiles") == "55 55"  # nothing lost
    # the old result (of 55 55) is not left beside the error as if it were the typed text's
    assert page.get_attribute("tj-playground", "data-stale") == "true"
    assert page.is_hidden(f"{A} .tj-tray__verdict") and page.is_hidden(".tj-pg__compare")
    # …but the other tray's result stays: its tiles are what they were (a breaker's find)
    assert page.get_attribute(f"{B} .tj-tray__tiles", "data-tiles") == "56 56"
    assert page.is_visible(f"{B} .tj-tray__verdict") and page.inner_text(f"{B} .tj-tray__verdict").strip()
    page.fill(f"{A} .tj-tray__input", "")                # taken back: the result is current again
    assert page.is_visible(f"{A} .tj-tray__verdict") and page.get_attribute("tj-playground", "data-stale") == "false"
    # the input's own example works (繁體: "例如 66 36 或 天 天")
    hint = page.get_attribute(f"{A} .tj-tray__input", "placeholder")
    for example in hint.removeprefix("例如 ").split(" 或 "):
        page.fill(f"{A} .tj-tray__input", example)
        page.press(f"{A} .tj-tray__input", "Enter")
        page.wait_for_function(f"document.querySelector('{A} .tj-tray__tiles').dataset.tiles === {json.dumps(' '.join(sorted(example.replace('天', '66').split(), reverse=True)))}")
        assert page.is_hidden(f"{A} .tj-message"), example
    page.fill(f"{A} .tj-tray__input", "24 12")
    page.press(f"{A} .tj-tray__input", "Enter")
    page.wait_for_selector("tj-playground[data-play=supreme]")
    wait_idle(tab)
    assert "至尊" in verdict(tab)
    page.click(f"{B} .tj-tray__head button")
    page.fill(f"{B} .tj-tray__input", "66 66 66")
    page.press(f"{B} .tj-tray__input", "Enter")
    page.wait_for_selector(f"{B} .tj-message:not([hidden])")
    message = page.inner_text(f"{B} .tj-message")   # the engine refuses 3 × 66 in a 32-tile set
    assert message.startswith("寫法不對") and "66" in message and "2" in message, message
    page.fill(f"{B} .tj-tray__input", "24")          # 24 is in tray A already
    page.press(f"{B} .tj-tray__input", "Enter")
    page.wait_for_function(f"document.querySelector('{B} .tj-message').textContent.includes('二四 只有 1 張')")
    # a refusal about tiles taken out by Backspace in the grid goes with them
    page.fill(f"{B} .tj-tray__input", "")
    page.click(f"{B} .tj-tray__head button")             # (tray B empty again)
    page.check("tj-playground .tj-pg__target input[value=b]")   # the grid's tiles go to tray B
    page.focus("tj-playground .tj-pick[data-code='66']")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{B} .tj-tray__tiles').dataset.tiles === '66'")
    page.focus("tj-playground .tj-pick[data-code='24']")
    page.keyboard.press("Enter")                          # refused: 二四 is in tray A
    page.wait_for_function(f"document.querySelector('{B} .tj-message').textContent.includes('二四 只有 1 張')")
    page.keyboard.press("Backspace")
    page.wait_for_function(f"document.querySelector('{B} .tj-tray__tiles').dataset.tiles === ''")
    assert page.is_hidden(f"{B} .tj-message")


def test_english_and_simplified_pages_speak_their_language(tab):
    tab.goto("en/playground/")
    tab.page.wait_for_selector("tj-playground[data-state=ready]", timeout=90_000)
    wait_idle(tab)
    assert verdict(tab).startswith("Pair of Mooy")
    assert "Pair of Mooy beats Pair of Foo" in tab.page.inner_text(".tj-pg__compare")
    tab.page.fill(f"{A} .tj-tray__input", "Teen Teen Gow Gow")
    tab.page.press(f"{A} .tj-tray__input", "Enter")
    tab.page.wait_for_selector("tj-playground[data-play=four]")
    wait_idle(tab)
    assert verdict(tab) == "Four Teen Gow (four)"
    tab.goto("zh-Hans/playground/")
    tab.page.wait_for_selector("tj-playground[data-state=ready]", timeout=90_000)
    wait_idle(tab)
    assert "双梅 打得过 双斧头" in tab.page.inner_text(".tj-pg__compare")
    assert tab.page.inner_text(".tj-pick[data-code='56'] .tj-pick__name") == "斧头"
    assert tab.problems() == []


def payments(tab) -> dict:
    return tab.page.eval_on_selector_all(
        ".tj-settle__table tbody tr",
        "rows => Object.fromEntries(rows.map(r => [r.dataset.seat, Number(r.querySelector('[data-payment]').dataset.payment)]))")


def test_settle_spec_example_and_bad_input(playground):
    tab = playground
    page = tab.page
    page.wait_for_selector("tj-settle[data-result=ok]")
    # spec §5 example 1: banker E (first term), N finishes, 棟 E1 S4 W0 N3
    assert payments(tab) == {"E": -6, "S": 0, "W": -5, "N": 11}
    items = page.inner_text(".tj-settle__items")
    assert "東 付 北 6" in items and "1 棟：4 − 1 = 3 × 2（莊家） = 6" in items and "空棟（一棟都沒有）：5" in items
    # 棟 that do not add up to 8: the engine's reason, in words, and the old result is not shown as current
    page.fill("input[name=dong-S]", "3")
    page.click("tj-settle button[type=submit]")
    page.wait_for_selector("tj-settle[data-result=invalid]")
    msg = page.inner_text("tj-settle .tj-message")
    assert msg.startswith("數據不合理") and "一局共有 8 棟" in msg and "現在是 7" in msg, msg
    assert page.inner_text(".tj-settle__sum") == "合共 7 棟"
    # not a number
    page.fill("input[name=dong-S]", "")
    page.fill("input[name=dong-S]", "-1")
    page.click("tj-settle button[type=submit]")
    page.wait_for_function("document.querySelector('tj-settle .tj-message').textContent.includes('南')")
    assert page.get_attribute("input[name=dong-S]", "aria-invalid") == "true"
    # the banker finishes on his second term: everything × 3, 入 included
    page.fill("input[name=dong-S]", "4")
    page.select_option("select[name=finisher]", "E")
    page.fill("input[name=streak]", "2")
    page.fill("input[name=dong-E]", "2")
    page.fill("input[name=dong-N]", "2")
    page.click("tj-settle button[type=submit]")
    page.wait_for_function("document.querySelector('tj-settle').dataset.result === 'ok' && "
                           "document.querySelector('.tj-settle__table tr[data-seat=E] [data-payment]').dataset.payment === '21'")
    # S 4 棟 → 0, W 0 棟 → 5 × 3 = 15, N 2 棟 → 2 × 3 = 6; E gets 21
    assert payments(tab) == {"E": 21, "S": 0, "W": -15, "N": -6}


def test_settle_in_english_names_ru_yi(tab):
    """入一 in English read "5 棟, paid 1 (5 棟): is paid 1" (the label said it already)."""
    tab.goto("en/playground/")
    page = tab.page
    page.wait_for_selector("tj-settle[data-result=ok]", timeout=90_000)
    for seat, d in zip("ESWN", (1, 5, 0, 2)):
        page.fill(f"input[name=dong-{seat}]", str(d))
    page.select_option("select[name=finisher]", "N")
    page.click("tj-settle button[type=submit]")
    page.wait_for_function("document.querySelector('.tj-settle__table tr[data-seat=S] [data-payment]')?.dataset.payment === '1'")
    items = page.inner_text(".tj-settle__items")
    assert "入一 (5 stacks, paid 1)" in items and "is paid" not in items, items
    assert tab.problems() == []


def test_settle_takes_a_streak_of_1_to_99_and_says_so_in_the_pages_language(tab):
    """<tj-settle>'s form says max 99 and its attribute check 1–99, but a banker streak of 100
    computed payments, and 1e6 was "Notation not understood: banker_streak: must be a whole
    number 1–1,000" (a third limit, labelled a notation error).  One limit, 1–99, named with the
    field in the page's language."""
    page = tab.page
    for path, words in (("en/embed/", ("The banker's hand number must be a whole number from 1 to 99, not “{}”.",)),
                        ("embed/", ("第幾手莊要是 1 至 99 的整數，不是「{}」。",))):
        tab.goto(path)
        settle = "article .tj-block > tj-settle"
        page.wait_for_selector(f"{settle}[data-result=ok]", timeout=90_000)
        for value in ("100", "1e6", "0", "2.5", "1" * 100):
            page.fill(f"{settle} input[name=streak]", value)
            page.click(f"{settle} button[type=submit]")
            page.wait_for_function("s => document.querySelector(s).dataset.result === 'invalid'", arg=settle)
            shown = value if len(value) <= 40 else f"{value[:40]}… (100 characters)"
            assert page.inner_text(f"{settle} .tj-message") == words[0].format(shown), value
            assert page.get_attribute(f"{settle} input[name=streak]", "aria-invalid") == "true"
            assert page.locator(f"{settle} .tj-settle__table").count() == 0
            page.fill(f"{settle} input[name=streak]", "1")
            page.click(f"{settle} button[type=submit]")
            page.wait_for_selector(f"{settle}[data-result=ok]")
        # 99, the largest, is settled by the engine
        page.fill(f"{settle} input[name=streak]", "99")
        page.click(f"{settle} button[type=submit]")
        page.wait_for_function("s => document.querySelector(s).dataset.result === 'ok' && "
                               "document.querySelector(s + ' input[name=streak]').getAttribute('aria-invalid') === 'false'", arg=settle)
        assert page.get_attribute(f"{settle} input[name=streak]", "max") == "99"
    # an author's streak="100": a console warning naming it, and the form starts from 1
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.evaluate("""() => { const s = document.createElement('tj-settle'); s.id = 'streak100';
        s.setAttribute('streak', '100'); document.querySelector('article').append(s); }""")
    page.wait_for_selector("#streak100[data-result=ok]", timeout=30_000)
    assert page.input_value("#streak100 input[name=streak]") == "1"
    assert any('streak="100" needs a whole number 1–99' in w for w in warnings), warnings
    assert tab.problems() == []


def test_tiles_element_and_bad_codes(tab):
    tab.goto("examples/embed.html")
    four = tab.page.locator("#four")
    assert four.get_attribute("data-state") == "ready"
    assert four.locator("svg").count() == 4
    assert four.locator(".tj-tiles").get_attribute("aria-label") == "Teen, Teen, Chop Gow, Chop Gow"
    tab.page.evaluate("document.querySelector('#four').setAttribute('tiles', '66 99')")
    assert four.get_attribute("data-state") == "error"
    assert "Unknown tile “99”" in four.inner_text()
    tab.page.evaluate("document.querySelector('#four').setAttribute('tiles', '24 12')")
    assert four.get_attribute("data-state") == "ready" and four.locator("svg").count() == 2


def test_tiles_element_reads_multi_word_names_and_clips_a_long_bad_token(tab):
    """<tj-tiles> takes every name the site shows: "Chop Gow Chop Bot" was 'Unknown tile
    “Chop”' (tiles.js split on spaces and knew one-word names only); an unknown token of
    100,000 characters was repeated in full."""
    tab.goto("examples/embed.html")
    four = tab.page.locator("#four")
    tab.page.evaluate("document.querySelector('#four').setAttribute('tiles', 'Chop Gow Chop Bot')")
    assert four.get_attribute("data-state") == "ready" and four.locator("svg").count() == 2
    assert four.locator(".tj-tiles").get_attribute("aria-label") == "Chop Gow, Chop Bot"
    tab.page.evaluate("document.querySelector('#four').setAttribute('tiles', '天天地地')")
    assert four.get_attribute("data-state") == "ready"
    assert four.locator("svg").evaluate_all("ss => ss.map(s => s.dataset.tile)") == ["66", "66", "11", "11"]
    tab.page.evaluate("document.querySelector('#four').setAttribute('tiles', '66 ' + 'x'.repeat(100000))")
    assert four.get_attribute("data-state") == "error"
    text = four.inner_text()
    assert f"Unknown tile “{'x' * 40}… (100,000 characters)”" in text and len(text) < 200, text[:300]
    assert tab.problems() == []


def test_tile_names_parse_in_the_browser_as_in_the_engine(tab):
    """tiles.js's parseCodes (<tj-tiles>, the Pai Gow calculator, the playground's attributes)
    reads every name of the engine's tile table (繁/简/English, meanings, Jyutping, aliases)
    as tianjiu_core.notation does: in any case, several words, names run together."""
    tab.goto("examples/embed.html")
    names = sorted({n for t in TILES for n in (
        t.code, t.name_hant, t.name_hans, t.name_en, t.meaning_en, t.jyutping,
        *t.aliases_hant, *t.aliases_hans, *t.aliases_en)})
    cases = names + [n.upper() for n in names] + [n.lower() for n in names] + [
        "Teen Yun Chop Bot Gee Joon three", "Chop Gow Chop Bot", "天天地地", "天天九九", "天 天 雜九 雜九",
        "Teen teen chop gow chop gow", "Red-head ten, Long-leg seven", "GEE JOON 3、gee joon 6",
        "6-6 3:6", "伶冧六 銅錘六", "铜锤六铜锤六", "九 36", "長三長三", "twoface 66", "Chop  Gow"]
    browser = tab.page.evaluate("""cs => cs.map(c => { try { return TianJiu.parseCodes(c); }
        catch (e) { return 'unknown: ' + e.message; } })""", cases)
    assert len(browser) == len(cases)
    for text, got in zip(cases, browser):
        try:
            want = [t.code for t in parse_tiles(text)]
        except AmbiguousTileError:
            # a name two faces share (雜九 = 36 or 45): the browser draws one of them, and the
            # engine reads the text as those tiles
            assert isinstance(got, list), (text, got)
            want = [t.code for t in parse_tiles(text, context=[Tile.parse(c) for c in got])]
        except ValueError:
            assert isinstance(got, str) and got.startswith("unknown: "), (text, got)
            continue
        assert got == want, (text, got, want)
    assert tab.problems() == []


def test_tiles_element_height_out_of_range_draws_at_the_default(tab):
    """height="-5" was `<svg> attribute height: A negative value is not valid` (tiles gone),
    height="1e400" `Expected length, "Infinity"`: any height that is not 1–1000 pixels draws
    at 48 with a console warning naming the attribute, never a console error."""
    warnings = []
    tab.page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    tab.goto("examples/embed.html")
    four = tab.page.locator("#four")
    for value in ("-5", "1e400", "-1e400", "0", "abc", "1e300", "0.001", " ", "30"):
        tab.page.evaluate("v => document.querySelector('#four').setAttribute('height', v)", value)
        heights = four.locator("svg").evaluate_all("ss => ss.map(s => s.getAttribute('height'))")
        want = "30" if value == "30" else "48"
        assert heights == [want] * 4, (value, heights)
        assert four.get_attribute("data-state") == "ready"
        assert four.locator("svg").first.bounding_box()["height"] == int(want)
    assert tab.problems() == []
    assert any('height="-5"' in w for w in warnings) and any('height="1e400"' in w for w in warnings), warnings


def test_playground_attributes_the_set_cannot_hold_start_empty_with_a_warning(tab):
    """<tj-playground tiles="77" against="66 66 66">: tray B drew three 天 (a set has two), the
    picker counted "×-1", and neither bad attribute was warned about.  Each such tray starts
    empty with its reason shown, and a console warning names the attribute; <tj-settle> starts
    a bad attribute's field from its default, as its warning says (dong="9 9 9 9" showed
    9 9 9 9 and an error; finisher="Q" showed East, not the default North)."""
    warnings = []
    tab.page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    tab.goto("examples/embed.html")
    tab.page.evaluate("""() => { const p = document.createElement('tj-playground'); p.id = 'bad';
        p.setAttribute('tiles', '77'); p.setAttribute('against', '66 66 66'); p.setAttribute('no-settle', '');
        document.body.append(p);
        const s = document.createElement('tj-settle'); s.id = 'badsettle';
        for (const [k, v] of [['dong', '9 9 9 9'], ['banker', 'X'], ['finisher', 'Q'], ['finish', 'foo'], ['streak', '1e1']]) s.setAttribute(k, v);
        document.body.append(s); }""")
    tab.page.wait_for_selector("#bad .tj-pick[data-code='66'] .tj-pick__count", timeout=90_000)
    messages = tab.page.locator("#bad .tj-tray .tj-message").all_inner_texts()
    assert messages[0] == "Unknown tile “77”" and messages[1] == "A set has only 2 × Teen; these tiles name 3.", messages
    assert tab.page.locator("#bad .tj-chip").count() == 0
    assert tab.page.inner_text("#bad .tj-pick[data-code='66'] .tj-pick__count") == "×2"
    assert any('tiles="77"' in w for w in warnings) and any('against="66 66 66"' in w for w in warnings), warnings
    # the settle form: every bad field at its default (1 4 0 3, E, N, plain), said in the warning
    tab.page.wait_for_selector("#badsettle[data-result=ok]", timeout=30_000)
    dong = [tab.page.input_value(f"#badsettle input[name=dong-{s}]") for s in "ESWN"]
    assert dong == ["1", "4", "0", "3"], dong
    assert [tab.page.input_value(f"#badsettle select[name={n}]") for n in ("banker", "finisher", "finish")] == ["E", "N", "plain"]
    assert tab.page.input_value("#badsettle input[name=streak]") == "1"      # "1e1" was read as 10
    warned = next(w for w in warnings if w.startswith("<tj-settle>"))
    assert 'dong="9 9 9 9"' in warned and 'finisher="Q"' in warned and 'streak="1e1"' in warned and "defaults" in warned, warned
    assert tab.problems() == []


def test_embed_example_page(tab):
    """examples/embed.html: a page outside MkDocs that only loads tianjiu.js."""
    tab.goto("examples/embed.html")
    html = (tab.site.dir / "examples" / "embed.html").read_text(encoding="utf-8")
    assert "md-" not in html and html.count("<script") == 2  # no Material, just the module
    tab.page.wait_for_selector("#api-result[data-state=ready]", timeout=90_000)
    text = tab.page.inner_text("#api-result")
    assert "Four Teen Gow (四天九), class four" in text
    assert "55 55 beats 56 56? true" in text
    assert '{"E":-6,"S":0,"W":-5,"N":11}' in text
    assert "classify 77 → NotationError" in text
    tab.page.wait_for_selector("tj-playground[data-play=four]")
    assert tab.page.inner_text("tj-playground .tj-tray__verdict >> nth=0") == "Four Teen Gow (four)"
    tab.page.wait_for_selector("tj-settle[data-result=ok]")
    assert "東 付 北 6" in tab.page.inner_text("tj-settle")   # lang="zh-Hant" on the element
    assert tab.page.evaluate("TianJiu.status().workersStarted") == 1
    assert tab.problems() == []


def test_js_api(tab):
    tab.goto("examples/embed.html")
    result = tab.page.evaluate("""async () => {
        const e = await TianJiu.engine();
        const hand = await e.newHand({seed: 3, humans: ["S"]});
        const legal = await e.legalActions(hand.hand_id);
        const after = await e.act(hand.hand_id, legal[0]);
        const deal = await e.deal({seed: 7, method: "間棟", dice: [4, 5]});
        let err = null;
        try { await e.act(99999, "66"); } catch (x) { err = [x.name, x.type]; }
        return {legal: legal.length, seat: legal[0].seat, events: after.events.length,
                hands: Object.keys(deal.hands).length, err, name: e.tileName("13", "hans"),
                same: (await TianJiu.engine()) === e, widgets: [...TianJiu.widgets.keys()]};
    }""")
    assert result["legal"] > 0 and result["seat"] == "S" and result["events"] >= 1
    assert result["hands"] == 4
    assert result["err"] == ["EngineError", "InconsistentPositionError"]
    assert result["name"] == "和" and result["same"] is True
    assert {"tj-tiles", "tj-playground", "tj-settle", "tj-engine-status"} <= set(result["widgets"])


def test_a_request_json_cannot_carry_is_an_engine_error(tab):
    """engine.call with a BigInt (or an object that holds itself) rejected with
    JSON.stringify's bare TypeError; now an EngineError like any
    bad field, naming it, in English and 繁體 (简体 by the page's conversion), and the engine
    goes on answering."""
    tab.goto("examples/embed.html")
    out = tab.page.evaluate("""async () => {
        const e = await TianJiu.engine();
        const why = async (p) => { try { await p; return null; } catch (x) {
            return {name: x.name, type: x.type, isEngineError: x instanceof TianJiu.EngineError, en: x.message,
                    zh: x.messageZh, hant: TianJiu.explain(x, "hant"), hans: TianJiu.explain(x, "hans"),
                    explained: TianJiu.explain(x, "en")}; } };
        const loop = {E: 1}; loop.self = loop;
        let deep = 1n; for (let i = 0; i < 100; i++) deep = [deep];   // (never walked past 64 levels)
        return {
            big: await why(e.call("deal", {seed: 7n})),
            nested: await why(e.settle({banker: "E", banker_streak: 1, finisher: "N", dong: {E: 1, S: 4, W: 0, N: [3, 12345678901234567890n]}})),
            loop: await why(e.call("settle", {dong: loop})),
            deep: await why(e.call("deal", {wall: deep})),
            nan: await why(e.call("deal", {seed: NaN})),
            inf: await why(e.call("settle", {dong: {E: 1, S: [2, -Infinity]}})),
            after: (await e.classify("66 66 36 45")).class,
        };
    }""")
    for k in ("big", "nested", "loop", "deep", "nan", "inf"):
        want = "TooLargeError" if k == "deep" else "NotationError"
        assert out[k]["name"] == "EngineError" and out[k]["isEngineError"] and out[k]["type"] == want, out[k]
    big = out["big"]
    assert big["en"] == "seed: must be a number, not the BigInt 7n (JSON has no BigInt: use Number(…))"
    assert big["explained"] == "Notation not understood: " + big["en"]
    assert big["hant"] == "寫法不對：seed：應該是數字，不是 BigInt 7n（JSON 沒有 BigInt：用 Number(…)）"
    assert big["hans"] == "写法不对：seed：应该是数字，不是 BigInt 7n（JSON 没有 BigInt：用 Number(…)）"
    assert out["nested"]["en"].startswith("dong.N[1]: must be a number, not the BigInt 12345678901234567890n")
    assert out["loop"]["en"] == "dong.self: contains itself (a request is JSON, which cannot hold a loop)"
    assert out["loop"]["zh"] == "dong.self：包含它自己（請求是 JSON，寫不出循環的物件）"
    assert out["deep"]["en"] == "request: nested deeper than 64 levels"   # as the bridge would say
    assert out["deep"]["explained"] == "Input too large: request: nested deeper than 64 levels"
    # NaN and Infinity: JSON.stringify wrote them as null, and the engine said "not null"
    assert out["nan"]["en"] == "seed: must be a number, not NaN (JSON has no NaN or Infinity)"
    assert out["inf"]["en"] == "dong.S[1]: must be a number, not -Infinity (JSON has no NaN or Infinity)"
    assert out["after"] == "four"
    assert tab.problems() == []


def test_engine_text_in_simplified_uses_the_pages_words(tab):
    """The engine writes 繁體; on 简体 pages TianJiu.toHans converts it character by character and
    then with the build's mainland words, so a message reads as the pages do (hans.text)."""
    from tianjiu_site import hans
    samples = ["position：不認識的欄位；認識的有：dong", "請求：超過 300,000 個字元",
               "這是資料夾；要寫檔案名稱", "沒有資料夾 /tmp", "一個有 3 個欄位的物件",
               "連結算和賀尊", "分享連結", "沒有這個資料", "是蓋著的"]
    tab.goto("examples/embed.html")
    browser = tab.page.evaluate("xs => xs.map(x => TianJiu.toHans(x))", samples)
    assert browser == [hans.text(x) for x in samples]
    assert browser[0] == "position：不认识的字段；认识的有：dong" and browser[5] == "连结算和贺尊"
    assert browser[6] == "分享链接" and browser[8] == "是盖着的"
    mainland = ["tiles：「66」：不認識", "盡力令你少贏；命令你；口令", "牌譜用指令重播", "會所", "『結』"]
    browser = tab.page.evaluate("xs => xs.map(x => TianJiu.toHans(x))", mainland)
    assert browser == [hans.text(x) for x in mainland]
    assert browser == ["tiles：“66”：不认识", "尽力让你少赢；命令你；口令", "牌谱用命令回放", "俱乐部", "‘结’"]


def test_browser_tiles_are_the_python_tiles(tab):
    """TianJiu.tileSvg (sprite <use>) gives exactly tianjiu_core.svg.use_svg's markup."""
    tab.goto("examples/embed.html")
    codes = [t.code for t in TILES] + [None]
    browser = tab.page.evaluate("""codes => ['hant', 'hans', 'en'].flatMap(lang => [40, 64, 57.5].flatMap(h =>
        codes.map(c => TianJiu.tileSvg(c, {height: h, lang, href: 'tiles.svg'}))))""", codes)
    python = [use_svg(c, height=h, lang=lang, href="tiles.svg")
              for lang in ("hant", "hans", "en") for h in (40, 64, 57.5) for c in codes]
    assert browser == python
    # and the sprite really holds those symbols
    sprite = (tab.site.dir / "assets/tianjiu/tiles.svg").read_text(encoding="utf-8")
    assert all(f'id="tj-tile-{c}"' in sprite for c in codes if c) and 'id="tj-tile-back"' in sprite


SHOTS = [("home", ""), ("playground", "playground/"), ("embed", "embed/"),
         ("home-en", "en/"), ("playground-hans", "zh-Hans/playground/")]


@pytest.mark.parametrize("width", [1280, 360])
def test_screenshots_and_no_sideways_scrolling(new_tab, width):
    """Screenshots for people to look at (test-results/screenshots/); the pages
    must fit the width (a phone never scrolls sideways)."""
    tab = new_tab(viewport={"width": width, "height": 900})
    overflow = {}
    for name, path in SHOTS:
        tab.goto(path)
        assert tab.wait_engine() == "ready"
        tab.wait_widgets()
        tab.page.evaluate("document.fonts.ready")
        wide = tab.page.evaluate("document.documentElement.scrollWidth")
        if wide > width:
            overflow[path] = wide
        tab.shot(f"{name}-{width}")
    tab.goto("examples/embed.html")
    tab.page.wait_for_selector("#api-result[data-state=ready]", timeout=90_000)
    tab.shot(f"example-{width}")
    assert not overflow, overflow
    assert tab.problems() == []
    assert len(list(SCREENSHOTS.glob(f"*-{width}.png"))) >= len(SHOTS) + 1
    (SCREENSHOTS / "README.txt").write_text(json.dumps(
        {"made by": "tests/site/test_widgets.py::test_screenshots_and_no_sideways_scrolling"}), encoding="utf-8")


def test_every_widget_tag_has_its_module_in_the_index():
    """widgets/index.js's WIDGETS names, for every tag defined in widgets/*.js, the file that
    defines it or one that imports it; and names no other tag."""
    import re
    from pathlib import Path
    folder = Path(__file__).resolve().parents[2] / "site/assets/tianjiu/widgets"
    index = (folder / "index.js").read_text(encoding="utf-8")
    table = dict(re.findall(r'"(tj-[a-z-]+)": "\./([a-z-]+\.js)"', index))
    defined = {}
    for js in folder.glob("*.js"):
        for tag in re.findall(r'defineWidget\("(tj-[a-z-]+)"', js.read_text(encoding="utf-8")):
            defined[tag] = js.name
    eager = set(re.findall(r'^import "\./([a-z-]+\.js)";', index, re.M))
    assert eager == {"tiles.js", "engine-status.js"}
    for tag, file in defined.items():
        if file in eager:
            assert tag not in table, tag
            continue
        module = table[tag]
        imports = re.findall(r'^import (?:[^;]*? from )?"\./([a-z-]+\.js)";', (folder / module).read_text(encoding="utf-8"), re.M)
        assert module == file or file in imports, (tag, module)   # (a named import loads the module too)
    assert set(table) <= set(defined)


def test_widget_modules_load_with_their_elements_then_all_when_idle(tab):
    """A lesson page loads its own widget's module, not the Play table's or Pai Gow's; an element
    added later loads its module and works; once the engine is up every widget is defined."""
    tab.page.add_init_script("globalThis.TIANJIU_SNAPSHOT = false")
    tab.page.route("**/assets/tianjiu/pyodide/pyodide.asm.wasm", lambda route: None)   # held: no engine yet
    tab.goto("en/lessons/03-plays/")
    tab.page.wait_for_function("customElements.get('tj-lesson-quiz') !== undefined", timeout=30_000)
    loaded = tab.page.evaluate("performance.getEntriesByType('resource').map(e => e.name.split('/').pop())")
    assert "lesson-quiz.js" in loaded
    assert not {"play-table.js", "paigow-calc.js", "puzzle.js", "playground.js"} & set(loaded), loaded
    assert tab.page.evaluate("customElements.get('tj-settle')") is None
    tab.page.evaluate("document.querySelector('article').append(document.createElement('tj-settle'))")
    tab.page.wait_for_function("customElements.get('tj-settle') !== undefined", timeout=30_000)
    tab.page.wait_for_selector("tj-settle select, tj-settle input", timeout=30_000)   # drawn, engine or not
    everything = tab.page.evaluate("TianJiu.loadWidgets().then(() => [...TianJiu.widgets.keys()])")
    assert {"tj-play-table", "tj-paigow-calc", "tj-puzzle", "tj-daily-puzzle", "tj-lesson-deal"} <= set(everything)
    assert tab.problems() == []


def test_the_embed_pages_demo_is_its_example(tab):
    """The Embed page's "Use the elements" example lists four elements; the live demo under
    it is those four with the same attributes (it used to draw only the tiles), each working."""
    import re
    page = tab.page
    for path, settled in (("embed/", "東 付 北 6"), ("en/embed/", None), ("zh-Hans/embed/", "东 付 北 6")):
        tab.goto(path)
        assert tab.wait_engine() == "ready"
        tab.wait_widgets()
        code = page.evaluate("""[...document.querySelectorAll('article pre code')]
            .map(c => c.textContent).find(t => t.includes('<tj-tiles') && t.includes('<tj-puzzle'))""")
        example = [(tag, dict(re.findall(r'([a-z-]+)="([^"]*)"', attrs)))
                   for tag, attrs in re.findall(r"<(tj-[a-z-]+)([^>]*)>", code)]
        assert [t for t, _ in example] == ["tj-tiles", "tj-playground", "tj-settle", "tj-puzzle"], example
        live = page.evaluate("""tags => tags.map(tag => [...document.querySelectorAll('article ' + tag)]
            .filter(e => !e.closest('pre') && !e.parentElement.closest('.tj-widget')).map(e => Object.fromEntries([...e.attributes]
                .filter(a => !a.name.startsWith('data-') && !['class', 'role', 'aria-label', 'aria-busy', 'tabindex'].includes(a.name))
                .map(a => [a.name, a.name === 'src' ? new URL(a.value, document.baseURI).pathname : a.value]))))""",
            [t for t, _ in example])
        for (tag, attrs), found in zip(example, live):
            assert found == [attrs], (path, tag, found, attrs)
        demo = "article .tj-block > "
        assert page.locator(f"{demo}tj-tiles svg").count() == 4
        page.fill(f"{demo}tj-playground .tj-tray__input >> nth=0", "66 66 36 45")
        page.press(f"{demo}tj-playground .tj-tray__input >> nth=0", "Enter")
        page.wait_for_selector(f"{demo}tj-playground[data-play=four]", timeout=30_000)
        page.wait_for_selector(f"{demo}tj-settle[data-result=ok]", timeout=30_000)
        if settled:
            assert settled in page.inner_text(f"{demo}tj-settle")
        states = page.eval_on_selector_all(f"{demo}tj-puzzle, {demo}tj-playground, {demo}tj-settle", "es => es.map(e => e.dataset.state)")
        assert len(states) == 3 and not {"loading", "error"} & set(states), states
        assert page.locator(f"{demo}tj-puzzle svg").count() >= 8
    assert tab.problems() == []


def test_a_puzzle_whose_file_is_missing_says_so_plainly_without_dead_buttons(tab):
    """From the embedding trial: a wrong src said "This tool ran into a problem. Unexpected
    error: Could not read the puzzle file …: HTTP 404" and left Hint / Undo / Show solution
    on screen. Now the message is the plain one and the board's tools are gone."""
    tab.goto("en/embed/")
    page = tab.page
    page.wait_for_selector("tj-puzzle[data-state=ready]", timeout=90_000)
    page.evaluate("""() => { const p = document.createElement('tj-puzzle'); p.id = 'missing';
        p.setAttribute('src', '/no-such-puzzle.toml'); document.querySelector('article').append(p); }""")
    page.wait_for_selector("#missing[data-state=error]", timeout=30_000)
    text = page.inner_text("#missing .tj-status")
    assert "Could not read the puzzle file /no-such-puzzle.toml: HTTP 404" in text and "Unexpected" not in text, text
    assert page.locator("#missing .tj-button:visible").count() == 0
    # (the 404 is the point: the server's answer and the browser's console line about it)
    tab.console[:] = [c for c in tab.console if "no-such-puzzle.toml" not in c and "status of 404" not in c]
    assert tab.problems() == []


def test_a_copy_of_a_drawn_widget_is_drawn_anew_and_a_bad_first_tiles_says_error(tab):
    """A breaker's finds on an embedding page: el.after(el.cloneNode(true)) gave a widget with
    two drawings (29 → 58 buttons in the playground) whose dead copy's 結算 submitted the host
    page as a form; and <tj-tiles tiles="77"> said "Unknown tile" with data-state=ready."""
    page = tab.page
    tab.goto("examples/embed.html")
    page.wait_for_selector("tj-settle[data-result=ok]", timeout=90_000)
    page.wait_for_selector("tj-playground[data-play=four]")
    counts = page.evaluate("""() => ['tj-settle', 'tj-playground'].map(tag => {
        const el = document.querySelector(tag), n = el.querySelectorAll('button').length;
        el.after(el.cloneNode(true));
        return [n, el.nextElementSibling.querySelectorAll('button').length]; })""")
    assert all(a == b and a > 0 for a, b in counts), counts
    assert page.locator("tj-settle .tj-status").count() == 2    # one status line each
    page.wait_for_function("document.querySelectorAll('tj-settle')[1].dataset.result === 'ok'", timeout=30_000)
    url = page.url
    page.locator("tj-settle >> nth=1").locator("button[type=submit], button").first.click()
    page.wait_for_timeout(500)
    assert page.url == url
    page.evaluate("""() => { const t = document.createElement('tj-tiles'); t.id = 'bad';
        t.setAttribute('tiles', '77'); document.body.append(t); }""")
    page.wait_for_selector("#bad[data-state]")
    assert page.get_attribute("#bad", "data-state") == "error" and "Unknown tile" in page.inner_text("#bad")
    assert tab.problems() == []


def test_a_puzzles_src_changed_after_load_is_said_in_the_console(tab):
    """Changing <tj-puzzle src> after load did nothing, with no word (a breaker's find): src is
    read once (the embed page says so) and a change is warned about in the console."""
    page = tab.page
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    tab.goto("en/puzzles/0001/")
    page.wait_for_selector("tj-puzzle[data-state=ready]", timeout=90_000)
    page.evaluate("document.querySelector('tj-puzzle').setAttribute('src', '../0002/x.toml')")
    page.wait_for_timeout(200)
    assert any("src is read once" in w and "replace the element" in w for w in warnings), warnings
    assert page.get_attribute("tj-puzzle", "data-puzzle") == "0001"
    assert tab.problems() == []

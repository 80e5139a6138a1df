"""The tutorial (site/lessons) in Chromium (named apart from tests/lessons/test_lessons.py, the engine side,
so pytest can collect both): every lesson's check answered wrong and then
right, graded by the engine in the page; the 简体 build free of 繁體-only characters
outside lang="zh-Hant"; phone width; screenshots.

The right answer of a question is computed here with the same engine code
(``tianjiu_core.lessons.solution``) from the (kind, seed) the widget shows in its
data attributes — the page itself never holds an answer key.  Every lesson page
in the three languages is also loaded by test_pages.py (zero console errors).

One tab per language walks the lessons with Material's instant navigation
(the footer's "next" link), so the engine starts once per tab.

Also checked (a newcomer's findings): every visit starts at a random question;
the fixed house-rule questions never repeat back to back and the quiz says when
it starts again; refusals and reasons are in the page's Chinese (the engine's own
繁體, converted on 简体 pages) with one colon and no stray spaces; position tiles
carry their names, the '?' badge has a title, the banker's hand number is shown;
the played examples keep every hand and discard visible; lesson 1's tile tables
stack and lesson 8's method field fits a 360 px phone; puzzle links point only at
themes that have puzzles.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from tianjiu_core import lessons as L
from tianjiu_core.lessons import house_rules
from tianjiu_core.tiles import BY_CODE

LESSONS = ["01-tiles", "02-ranking", "03-plays", "04-trick", "05-finishing", "06-settlement",
           "07-bonuses", "08-deal", "09-strategy", "10-house-rules"]
WORDS = {  # how the engine's verdicts start, by page language
    "hant": ("不對", "對！"), "hans": ("不对", "对！"), "en": ("Not quite", "Right!")}
TIMEOUT = 90_000


def quiz_state(page, sel):
    return page.eval_on_selector(sel, "q => ({kind: q.dataset.kind, seed: Number(q.dataset.seed), "
                                      "verdict: q.dataset.verdict, busy: q.dataset.busy || ''})")


def wait_question(page, sel):
    page.wait_for_function(
        """sel => { const q = document.querySelector(sel);
            return q && !q.dataset.old && q.dataset.state === 'ready' && q.dataset.kind && !q.dataset.busy
              && q.querySelector('.tj-quiz__choices button'); }""", arg=sel, timeout=TIMEOUT)


def wait_verdict(page, sel, verdict):
    page.wait_for_function("([sel, v]) => document.querySelector(sel).dataset.verdict === v",
                           arg=[sel, verdict], timeout=30_000)
    return page.inner_text(f"{sel} .tj-quiz__feedback")


def answer_wrong_then_right(page, lang, sel="tj-lesson-quiz"):
    """Answer the current question wrong, check the engine's reason, then right."""
    wait_question(page, sel)
    st = quiz_state(page, sel)
    kind, seed = st["kind"], st["seed"]
    right = L.solution(kind, seed)
    wrong_word, right_word = WORDS[lang]
    if kind == "play_build":
        hand = page.eval_on_selector_all(f"{sel} .tj-quiz__tile", "bs => bs.map(b => b.dataset.code)")
        single = hand[0]
        page.click(f"{sel} .tj-quiz__tile >> nth=0")
        page.click(f"{sel} .tj-quiz__actions >> text=/檢查|检查|Check/")
        text = wait_verdict(page, sel, "wrong")
        assert not L.check(kind, seed, [single])["correct"]
        page.click(f"{sel} .tj-quiz__tile >> nth=0")      # unpick
        used = set()
        for code in right:
            k = next(i for i, c in enumerate(hand) if c == code and i not in used)
            used.add(k)
            page.click(f"{sel} .tj-quiz__tile >> nth={k}")
        page.click(f"{sel} .tj-quiz__actions >> text=/檢查|检查|Check/")
    else:
        ids = page.eval_on_selector_all(f"{sel} .tj-quiz__choice", "bs => bs.map(b => b.dataset.id)")
        assert right in ids, (kind, seed, right, ids)
        wrong = next(i for i in ids if i != right and not (
            kind == "tile_name" and BY_CODE[i].name_hant == BY_CODE[right].name_hant))
        page.click(f"{sel} .tj-quiz__choice[data-id='{wrong}']")
        text = wait_verdict(page, sel, "wrong")
        expected = L.check(kind, seed, wrong)["why"]
        if lang != "hans":
            assert text == expected[lang], (kind, seed, text)
        assert page.is_disabled(f"{sel} .tj-quiz__choice[data-id='{wrong}']")
        page.click(f"{sel} .tj-quiz__choice[data-id='{right}']")
    assert text.startswith(wrong_word), (kind, seed, text)
    text = wait_verdict(page, sel, "right")
    assert text.startswith(right_word), (kind, seed, text)
    return kind


def trick_position(page, n, sel="tj-lesson-trick"):
    """Lesson 4 starts at a random position: step ("Next position") to position n."""
    page.wait_for_selector(f"{sel}[data-n] .tj-quiz__tile", timeout=TIMEOUT)
    for _ in range(8):
        if page.get_attribute(sel, "data-n") == str(n):
            break
        old = page.get_attribute(sel, "data-n")
        page.click(f"{sel} .tj-quiz__actions .tj-button:last-child")
        page.wait_for_function("([s, o]) => document.querySelector(s).dataset.n !== o", arg=[sel, old])
    page.wait_for_function("s => !document.querySelector(s).dataset.busy", arg=sel)
    page.wait_for_selector(f"{sel} .tj-quiz__tile", timeout=TIMEOUT)
    assert page.get_attribute(sel, "data-n") == str(n)


def skip_to_result(page, sel="tj-lesson-trick"):
    """From position 1 of lesson 4's six, Next past the rest, then "See your result": the
    stage's text."""
    for k in range(2, 7):
        page.click(f"{sel} .tj-quiz__actions >> text=Next position")
        page.wait_for_function("k => document.querySelector('tj-lesson-trick').dataset.busy === undefined"
                               " && document.querySelector('tj-lesson-trick .tj-quiz__score').textContent === `position ${k} of 6`",
                               arg=k)
    page.click(f"{sel} .tj-quiz__actions >> text=See your result")
    page.wait_for_selector(f"{sel}[data-stage=done]")
    return page.inner_text(f"{sel} .tj-quiz__stage")


def next_page(tab, slug):
    """Instant navigation to the next page (the engine stays up)."""
    tab.page.evaluate("document.querySelectorAll('.tj-widget').forEach(w => { w.dataset.old = '1'; })")
    tab.page.click("a.md-footer__link--next")
    tab.page.wait_for_url(re.compile(f"{slug}/$"), timeout=30_000)


def test_every_lesson_check_in_traditional_chinese(tab):
    page = tab.page
    tab.goto("lessons/01-tiles/")
    assert tab.wait_engine() == "ready"
    # lesson 1: both kinds, one after the other
    assert answer_wrong_then_right(page, "hant") == "tile_name"
    page.click("tj-lesson-quiz .tj-quiz__actions >> text=下一題")
    assert answer_wrong_then_right(page, "hant") == "tile_find"
    assert page.inner_text("tj-lesson-quiz .tj-quiz__score") == "第一次就答對：0／2"
    # the tile to name carries no name: no <title>, no label with the name
    page.click("tj-lesson-quiz .tj-quiz__actions >> text=下一題")
    wait_question(page, "tj-lesson-quiz")
    assert page.eval_on_selector("tj-lesson-quiz .tj-quiz__show", "e => e.querySelectorAll('title').length") == 0

    next_page(tab, "02-ranking")
    assert answer_wrong_then_right(page, "hant") == "rank_winner"

    next_page(tab, "03-plays")
    assert answer_wrong_then_right(page, "hant") == "play_build"
    page.click("tj-lesson-quiz .tj-quiz__actions >> text=下一題")
    assert answer_wrong_then_right(page, "hant") == "can_beat"
    page.click("tj-lesson-quiz .tj-quiz__actions >> text=下一題")
    # two different civil tiles: the engine's own reason (plays.why_not_a_play), in 繁體
    wait_question(page, "tj-lesson-quiz")
    hand = page.eval_on_selector_all("tj-lesson-quiz .tj-quiz__tile", "bs => bs.map(b => b.dataset.code)")
    civil = [k for k, c in enumerate(hand) if BY_CODE[c].is_civil]
    a = civil[0]
    b = next(k for k in civil if hand[k] != hand[a])
    page.click(f"tj-lesson-quiz .tj-quiz__tile >> nth={a}")
    page.click(f"tj-lesson-quiz .tj-quiz__tile >> nth={b}")
    page.click("tj-lesson-quiz .tj-quiz__actions >> text=檢查")
    text = wait_verdict(page, "tj-lesson-quiz", "wrong")
    assert text.startswith("不對。這幾張不成牌型：兩張不同的文牌（") and text.endswith("不成對。"), text

    next_page(tab, "04-trick")
    trick = "tj-lesson-trick"
    trick_position(page, 0)
    assert page.inner_text(f"{trick} .tj-quiz__score") == "第 1 / 6 題"
    # the others' hidden tiles are one picture a row ("7 張蓋着的牌"), not a "牌背" per tile
    backs = page.eval_on_selector_all(f"{trick} [role=img][aria-label*='蓋着的牌']",
                                      "els => els.map(e => e.getAttribute('aria-label'))")
    assert backs and all(re.fullmatch(r"\d+ 張蓋着的牌", b) for b in backs), backs
    assert page.locator(f"{trick} svg[role=img][aria-label='牌背']").count() == 0
    # position 0: East leads 地; 梅 does not beat it (refused, nothing played) …
    page.click(f"{trick} .tj-quiz__tile[data-code='55'] >> nth=0")
    page.click(f"{trick} >> text=出牌（打）")
    page.wait_for_selector(f"{trick}[data-verdict=illegal]")
    refused = page.inner_text(f"{trick} .tj-quiz__feedback")
    assert refused.startswith("不可以這樣出。打不過：同是文牌，但梅比地小。"), refused   # one colon, no spaces
    assert "(1 tiles)" not in page.inner_text(trick) and "出 1 張" in page.inner_text(f"{trick} .tj-quiz__prompt")
    # … a discard is legal but loses a trick that 天 would have won
    page.click(f"{trick} >> text=墊牌（面向下）")
    page.wait_for_selector(f"{trick}[data-verdict=wrong]")
    assert "其實你可以贏" in page.inner_text(f"{trick} .tj-quiz__feedback")
    page.click(f"{trick} >> text=再試一次")
    page.wait_for_function("document.querySelector('tj-lesson-trick').dataset.verdict === ''")
    page.wait_for_selector(f"{trick} .tj-quiz__tile[data-code='66']")
    page.click(f"{trick} .tj-quiz__tile[data-code='66']")
    page.click(f"{trick} >> text=出牌（打）")
    page.wait_for_selector(f"{trick}[data-verdict=right][data-winner=S]")
    assert "南家贏這一墩，得 1 棟" in page.inner_text(trick)

    next_page(tab, "05-finishing")
    assert answer_wrong_then_right(page, "hant") == "finish_who"
    # the tiles carry their names; the right answer walks through all four seats
    assert page.eval_on_selector_all("tj-lesson-quiz .tj-lesson__tile-name", "e => e.length") >= 4
    fb = page.inner_text("tj-lesson-quiz .tj-quiz__feedback")
    assert all(f"{s}家" in fb for s in "東南西北"), fb
    assert "莊・第 1 手" in page.inner_text("tj-lesson-quiz .tj-lesson__seats")

    next_page(tab, "06-settlement")
    page.wait_for_selector("tj-settle[data-result=ok]", timeout=TIMEOUT)
    pay = page.eval_on_selector_all("tj-settle .tj-settle__table tbody tr",
                                    "rs => rs.map(r => Number(r.querySelector('[data-payment]').dataset.payment))")
    assert pay == [-6, 0, -5, 11]          # spec §5 example 1
    assert answer_wrong_then_right(page, "hant") == "settle_amount"
    ask = page.query_selector("tj-lesson-quiz .tj-badge--ask")
    assert ask.get_attribute("title") == "問的是這一家"
    assert "莊・第" in page.inner_text("tj-lesson-quiz .tj-lesson__seats")   # the hand number, always

    next_page(tab, "07-bonuses")
    replay = "tj-lesson-replay[example=he_zun]"
    page.wait_for_selector(f"{replay}[data-step='0']", timeout=TIMEOUT)
    page.click(f"{replay} >> text=下一步 ▶")
    page.click(f"{replay} >> text=下一步 ▶")
    page.wait_for_selector(f"{replay}[data-step='2']")
    # every step says what was played, and discards are shown face up (all hands are open)
    assert page.inner_text(f"{replay} .tj-replay__note") == "西家墊長三、板凳（面向下）。"
    assert page.eval_on_selector_all(f"{replay} .tj-lesson__tiles.is-discard svg", "e => e.length") == 2
    assert page.eval_on_selector_all(f"{replay} .tj-lesson__seat .tj-lesson__tile", "e => e.length") == 8
    for k in range(2):
        page.click(f"{replay} >> text=下一步 ▶")
    page.wait_for_selector(f"{replay}[data-step='4']")
    assert "賀尊" in page.inner_text(f"{replay} .tj-replay__note")
    page.click(f"{replay} >> text=到結尾")
    page.wait_for_selector(f"{replay}[data-done=true]")
    net = page.eval_on_selector_all(f"{replay} .tj-lesson__pay tbody td[data-payment]",
                                    "ts => ts.map(t => Number(t.dataset.payment))")
    assert net == [-8, 18, -5, -5]
    assert answer_wrong_then_right(page, "hant") == "finish_kind"

    next_page(tab, "08-deal")
    deal = "tj-lesson-deal"
    page.wait_for_selector(f"{deal}[data-state=ready][data-steps]", timeout=TIMEOUT)
    page.select_option(f"{deal} select[name=method]", "long_tou_feng_wei")
    page.wait_for_selector(f"{deal}[data-method=long_tou_feng_wei][data-step='0']")
    steps = int(page.get_attribute(deal, "data-steps"))
    assert steps == 5                      # the stacks moved, then four shares
    for _ in range(steps):
        page.click(f"{deal} >> text=下一步 ▶")
    page.wait_for_selector(f"{deal}[data-step='{steps}']")
    counts = page.eval_on_selector_all(f"{deal} .tj-deal__seats .tj-lesson__seat", "s => s.map(x => x.dataset.count)")
    assert counts == ["8", "8", "8", "8"]
    first = page.get_attribute(deal, "data-first")
    assert "先取" in page.inner_text(f"{deal} .tj-lesson__seat[data-seat={first}]")
    assert answer_wrong_then_right(page, "hant") == "deal_first"

    next_page(tab, "09-strategy")
    assert answer_wrong_then_right(page, "hant") == "strategy"

    next_page(tab, "10-house-rules")
    assert answer_wrong_then_right(page, "hant") == "rules"
    # a finite stage: question 1 of 5 on a first visit (five of the fifteen fixed questions,
    # never the same twice), then the result, saved on the device, and the next page
    assert page.get_attribute("tj-lesson-quiz", "data-question") == "1/5"
    assert quiz_state(page, "tj-lesson-quiz")["seed"] == 0
    seen = [page.inner_text("tj-lesson-quiz .tj-quiz__prompt")]
    for k in range(2, 6):
        page.click("tj-lesson-quiz .tj-quiz__actions >> text=下一題")
        wait_question(page, "tj-lesson-quiz")
        assert page.get_attribute("tj-lesson-quiz", "data-question") == f"{k}/5"
        seen.append(page.inner_text("tj-lesson-quiz .tj-quiz__prompt"))
        st = quiz_state(page, "tj-lesson-quiz")
        page.click(f"tj-lesson-quiz .tj-quiz__choice[data-id='{L.solution(st['kind'], st['seed'])}']")
        wait_verdict(page, "tj-lesson-quiz", "right")
    assert len(set(seen)) == 5
    assert page.get_attribute("tj-lesson-quiz", "data-cycled") == "false"
    page.click("tj-lesson-quiz .tj-quiz__actions >> text=看結果")
    page.wait_for_selector("tj-lesson-quiz[data-stage=done]")
    assert page.get_attribute("tj-lesson-quiz", "data-result") == "4/5"
    assert "完成！第一次就答對 4／5 題。" in page.inner_text("tj-lesson-quiz .tj-quiz__stage")
    assert "null" not in page.inner_text("tj-lesson-quiz .tj-quiz__stage")   # (a stray line once said "null")
    saved = json.loads(page.evaluate("localStorage.getItem('tianjiu.lessons')"))
    assert saved["lessons"]["10-house-rules"]["rules"] | {"date": ""} == {"right": 4, "total": 5, "best": 4, "date": ""}
    assert page.get_attribute("tj-lesson-quiz .tj-quiz__next-lesson", "href").endswith("/glossary/")
    assert "下一頁：詞彙表" in page.inner_text("tj-lesson-quiz .tj-quiz__next-lesson")
    tab.goto("lessons/")                                   # the lesson index shows the mark
    page.wait_for_selector("tj-lesson-progress[data-done='1']")
    assert page.get_attribute("article a[href$='10-house-rules/']", "data-lesson-mark") == "4/5"
    assert "✓ 已完成（第一次答對：最好 4／5）" in page.inner_text("article a[href$='10-house-rules/']")
    tab.goto("lessons/10-house-rules/")                    # a second visit: "try again" questions
    wait_question(page, "tj-lesson-quiz")
    assert page.get_attribute("tj-lesson-quiz", "data-question") == "1/5"
    assert tab.problems() == []


def test_english_and_simplified_checks(tab):
    page = tab.page
    tab.goto("en/lessons/02-ranking/")
    assert tab.wait_engine() == "ready"
    assert answer_wrong_then_right(page, "en") == "rank_winner"
    next_page(tab, "03-plays")
    assert answer_wrong_then_right(page, "en") == "play_build"
    next_page(tab, "04-trick")
    trick_position(page, 0)
    page.click("tj-lesson-trick .tj-quiz__tile[data-code='66']")
    page.press("tj-lesson-trick .tj-quiz__tile[data-code='66']", "Tab")   # keyboard reaches the buttons
    page.click("tj-lesson-trick >> text=Play face up")
    page.wait_for_selector("tj-lesson-trick[data-verdict=right]")
    assert "South wins the trick: 1 棟 (stack)." in page.inner_text("tj-lesson-trick")   # 棟 explained on boards
    # a finite stage: each of the six positions once (the others skipped), then the result
    for k in range(2, 7):
        page.click("tj-lesson-trick .tj-quiz__actions >> text=Next position")
        page.wait_for_function("!document.querySelector('tj-lesson-trick').dataset.busy")
        assert page.inner_text("tj-lesson-trick .tj-quiz__score") == f"position {k} of 6"
    page.click("tj-lesson-trick .tj-quiz__actions >> text=See your result")
    page.wait_for_selector("tj-lesson-trick[data-stage=done]")
    assert page.get_attribute("tj-lesson-trick", "data-result") == "1/6"
    assert page.get_attribute("tj-lesson-trick", "data-cycled") == "false"
    assert "Done! Right first time: 1/6." in page.inner_text("tj-lesson-trick .tj-quiz__stage")
    page.click("tj-lesson-trick .tj-quiz__next-lesson")
    page.wait_for_url(re.compile("05-finishing/$"), timeout=30_000)
    assert tab.problems() == []

    tab.goto("zh-Hans/lessons/05-finishing/")
    assert tab.wait_engine() == "ready"
    assert answer_wrong_then_right(page, "hans") == "finish_who"
    fb = page.inner_text("tj-lesson-quiz .tj-quiz__feedback")
    assert not set(fb) & set("對結棟墊這後")   # the engine's words converted to 简体 too
    # a refusal in lesson 4 is in Chinese (简体) on the 简体 page, with no stray spaces
    tab.goto("zh-Hans/lessons/04-trick/")
    assert tab.wait_engine() == "ready"
    trick_position(page, 2)
    page.click("tj-lesson-trick .tj-quiz__tile[data-code='45']")
    page.click("tj-lesson-trick >> text=/出牌/")
    page.wait_for_selector("tj-lesson-trick[data-verdict=illegal]")
    refused = page.inner_text("tj-lesson-trick .tj-quiz__feedback")
    assert refused.startswith("不可以这样出。打不过：") and "一样大" in refused and " " not in refused, refused
    assert not set(refused) & set(HANT_ONLY)
    assert tab.problems() == []


def test_keyboard_answers_a_question(tab):
    page = tab.page
    tab.goto("en/lessons/01-tiles/")     # a first visit starts at question 1 (seed 0)
    assert tab.wait_engine() == "ready"
    wait_question(page, "tj-lesson-quiz")
    assert quiz_state(page, "tj-lesson-quiz")["seed"] == 0
    assert page.inner_text("tj-lesson-quiz .tj-quiz__counter") == "question 1 of 5"
    sel = "tj-lesson-quiz"
    st = quiz_state(page, sel)
    right = L.solution(st["kind"], st["seed"])
    ids = page.eval_on_selector_all(f"{sel} .tj-quiz__choice", "bs => bs.map(b => b.dataset.id)")
    # a wrong choice is disabled: the focus goes on to the next choice still open, not to <body>
    wrong = [i for i in ids if not L.check(st["kind"], st["seed"], i)["correct"]][-1]
    page.focus(f"{sel} .tj-quiz__choice[data-id='{wrong}']")
    page.keyboard.press("Enter")
    wait_verdict(page, sel, "wrong")
    assert page.evaluate("""() => { const a = document.activeElement;
        return a.matches('tj-lesson-quiz .tj-quiz__choice') && !a.disabled; }"""), \
        page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    # the theme's page keys do nothing while focus is in the quiz (N / . would open lesson 2 and
    # lose the stage, S / F / / the search); N does not skip an unanswered question either
    for key in ("n", ".", "p", ",", "s", "/"):
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert page.url == tab.url("en/lessons/01-tiles/")
    assert page.evaluate("!document.querySelector('#__search') || !document.querySelector('#__search').checked")
    assert page.get_attribute(sel, "data-question") == "1/5"
    page.focus(f"{sel} .tj-quiz__choice[data-id='{right}']")
    page.keyboard.press("Enter")
    wait_verdict(page, sel, "right")
    assert page.evaluate("document.activeElement.textContent") == "Next question"   # focus moves on
    assert page.get_attribute(f"{sel} .tj-quiz__actions .tj-button:last-child", "aria-keyshortcuts") == "N"
    page.keyboard.press("n")                       # N: the next question, as the Pai Gow quiz
    # (the kind is set before the counter: wait for both)
    page.wait_for_function("""() => { const q = document.querySelector('tj-lesson-quiz');
        return q.dataset.kind === 'tile_find' && q.dataset.question === '2/5'; }""")
    assert page.url == tab.url("en/lessons/01-tiles/")
    # a click on the question's text (nothing there takes the focus: it falls to <body>), then
    # N: the next question again, not lesson 2 with this stage lost (a breaker's find)
    st = quiz_state(page, sel)
    page.click(f"{sel} .tj-quiz__choice[data-id='{L.solution(st['kind'], st['seed'])}']")
    wait_verdict(page, sel, "right")
    page.click(f"{sel} .tj-quiz__prompt")
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("n")
    page.wait_for_function("document.querySelector('tj-lesson-quiz').dataset.question === '3/5'")
    page.keyboard.press(".")                       # (unanswered: the page keys still do nothing)
    page.wait_for_timeout(300)
    assert page.url == tab.url("en/lessons/01-tiles/")
    # a click elsewhere on the page gives the page its keys back
    page.click("article h1")
    page.keyboard.press("n")
    page.wait_for_url("**/lessons/02-**")
    assert tab.problems() == []


class _Text(HTMLParser):
    """The text of <article>, minus elements marked lang="zh-Hant" and scripts."""

    VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col", "use", "path"}

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.inside = False
        self.kept: list[str] = []
        self.protected: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        a = dict(attrs)
        inherited = bool(self.stack) and self.stack[-1][1]
        skip = (inherited or (a.get("lang") or "").lower().startswith("zh-hant")
                or tag in ("script", "style", "svg"))
        if tag == "article":
            self.inside = True
        self.stack.append((tag, skip))

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        while self.stack:
            t, _ = self.stack.pop()
            if t == tag:
                break
        if tag == "article":
            self.inside = False

    def handle_data(self, data):
        if not self.inside:
            return
        (self.protected if (self.stack and self.stack[-1][1]) else self.kept).append(data)


# 繁體-only characters (each differs from its 简体 form) that the lessons use
HANT_ONLY = "長頭銅錘雜對鵝結莊棟墊點張這個麼後過說與時們開擲處應學課練習題贏輸數見"


def test_simplified_lessons_have_no_traditional_only_characters(site):
    pages = [f"zh-Hans/lessons/{p}/index.html" for p in LESSONS] + [
        "zh-Hans/lessons/index.html", "zh-Hans/glossary/index.html"]
    protected_seen = ""
    for rel in pages:
        parser = _Text()
        parser.feed((site.dir / rel).read_text(encoding="utf-8"))
        text = "".join(parser.kept)
        assert len(text) > 300, rel
        bad = sorted(set(text) & set(HANT_ONLY))
        assert bad == [], f"{rel}: 繁體-only characters outside lang=zh-Hant: {bad}"
        protected_seen += "".join(parser.protected)
    # the pairs of the brief: the 简体 form is there, the 繁體 one only where marked
    glossary = (site.dir / "zh-Hans/glossary/index.html").read_text(encoding="utf-8")
    for hant, hans in [("長三", "长三"), ("斧頭", "斧头"), ("銅錘六", "铜锤六"), ("雜九", "杂九"),
                       ("文對", "文对"), ("和（鵝）", "和（鹅）"), ("結", "结"), ("莊家", "庄家"), ("棟", "栋")]:
        assert hans in glossary, hans
        assert hant in protected_seen, hant
    # lesson 1 names a tile in the page's script first, the other in brackets
    tiles = (site.dir / "zh-Hans/lessons/01-tiles/index.html").read_text(encoding="utf-8")
    assert '铜锤六（<span lang="zh-Hant">銅錘六</span>）' in tiles
    assert '杂九（<span lang="zh-Hant">雜九</span>）' in tiles and "雜九（杂九" not in tiles
    hant = (site.dir / "lessons/01-tiles/index.html").read_text(encoding="utf-8")
    assert '雜九（<span lang="zh-Hans">杂九</span>）' in hant
    assert "<code>66</code>" in hant and "點數寫法" in hant        # the pip code column


def test_english_lessons_give_each_tile_its_english_name():
    """Lesson 2's rule, examples table and later lessons wrote 長三, 板凳, 雜八, 丁三 … with no
    English name: a reader had to go back to lesson 1.  Every English lesson that writes a
    tile's Chinese name in its text (outside the tile drawings) gives the English name on that
    page too (the first time, "斧頭 (Foo)")."""
    from pathlib import Path
    from tianjiu_core.tiles import TILES
    cjk = re.compile(r"[\u3400-\u9fff]")
    names = {t.name_hant: t.name_en for t in TILES}
    root = Path(__file__).resolve().parents[2] / "site" / "lessons"
    bare = {}
    for page in sorted(root.glob("*.en.md")):
        text = re.sub(r"\{\{.*?\}\}|`[^`]*`", " ", page.read_text(encoding="utf-8"), flags=re.S)
        for zh, en in names.items():
            standalone = [m for m in re.finditer(re.escape(zh), text)
                          if not cjk.match(text[m.start() - 1]) and not cjk.match(text[m.end():m.end() + 1] or " ")]
            if standalone and en not in text:
                bare.setdefault(page.name, []).append(zh)
    assert bare == {}, bare


def test_puzzle_links_point_at_themes_that_have_puzzles(site):
    """Lessons link to a theme of the puzzle index only when it has puzzles; an empty
    theme gets a sentence instead of a link that would look broken."""
    from tianjiu_site.lesson_pages import theme_count
    for rel in ("lessons/09-strategy/index.html", "en/lessons/09-strategy/index.html",
                "lessons/05-finishing/index.html", "en/lessons/07-bonuses/index.html"):
        page = (site.dir / rel).read_text(encoding="utf-8")
        for theme in set(re.findall(r'puzzles/#([a-z_]+)"', page)):
            assert theme_count(theme) > 0, (rel, theme)
    strategy = (site.dir / "en/lessons/09-strategy/index.html").read_text(encoding="utf-8")
    for theme in ("dun_tian", "yao_finish", "stop_banker", "feng_si_yi_chong", "wu_zi_qiao_shuang_qiang",
                  "wen_chang_wu_duan"):
        n = theme_count(theme)
        if n:
            assert f'puzzles/#{theme}"' in strategy and f">{n} puzzle" in strategy, theme
        else:
            assert f'puzzles/#{theme}"' not in strategy
    assert "no puzzles on this idea yet" in strategy or all(
        theme_count(t) for t in ("feng_si_yi_chong", "wu_zi_qiao_shuang_qiang", "wen_chang_wu_duan"))


@pytest.mark.parametrize("width", [1024, 1280, 1600])
def test_the_tile_tables_fit_a_desktop_column(new_tab, width):
    """At 1280 px lesson 1's table of civil tiles was 809 px in a 720 px column: the memory aid
    was cut off behind a sideways scroll (Material's 5rem minimum a header cell, seven columns)."""
    tab = new_tab(viewport={"width": width, "height": 900})
    for path in ("lessons/01-tiles/", "en/lessons/01-tiles/"):
        tab.goto(path)
        sizes = tab.page.evaluate("""[...document.querySelectorAll('.tj-tile-table table')]
            .map(t => [t.scrollWidth, t.parentElement.clientWidth])""")
        assert len(sizes) == 2 and all(w <= box for w, box in sizes), (path, sizes)
    assert tab.problems() == []


def test_a_table_rows_words_sit_level_with_its_tiles(tab):
    """Lesson 2's examples: the theme puts table cells at the top, so the "Result" words sat
    above the middle of the tiles beside them.  In a row with tiles every cell is centred."""
    tab.goto("en/lessons/02-ranking/")
    gaps = tab.page.evaluate("""[...document.querySelectorAll('article table tr')]
        .filter(tr => tr.querySelector(':scope > td > .tj-tiles')).map(tr => {
            const mid = (e) => { const r = e.getBoundingClientRect(); return (r.top + r.bottom) / 2; };
            const tiles = mid(tr.querySelector('.tj-tiles'));
            const last = tr.lastElementChild; const range = document.createRange();
            range.selectNodeContents(last);
            return Math.abs(mid(range) - tiles); })""")
    assert len(gaps) >= 6 and max(gaps) < 4, gaps
    assert tab.problems() == []


def test_phone_width_and_screenshots(new_tab):
    """Lessons fit a 360 px phone (no sideways scrolling), tiles stay ≥ 40 px tall;
    screenshots in test-results/screenshots/ for people to look at."""
    tab = new_tab(viewport={"width": 360, "height": 800})
    page = tab.page
    for slug in ("04-trick", "08-deal", "01-tiles", "03-plays", "en/08-deal", "en/01-tiles"):
        tab.goto(f"en/lessons/{slug[3:]}/" if slug.startswith("en/") else f"lessons/{slug}/")
        assert tab.wait_engine() == "ready"
        tab.wait_widgets()
        page.wait_for_timeout(300)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, slug
        small = page.evaluate("""[...document.querySelectorAll('article svg.tj-tile')]
            .map(s => s.getBoundingClientRect().height).filter(h => h > 0 && h < 39.5)""")
        assert small == [], (slug, small)
        if slug.endswith("01-tiles"):   # the tile tables stack: no header row, no scrolling box
            assert page.eval_on_selector(".tj-tile-table thead", "e => getComputedStyle(e).display") == "none"
            assert page.evaluate("""[...document.querySelectorAll('.tj-tile-table table')]
                .every(t => t.scrollWidth <= t.clientWidth + 1)""")
            # the memory aid is one box, beside the tile or wholly below it: its second line no
            # longer wraps back under the tile
            under = page.evaluate("""[...document.querySelectorAll('.tj-tile-table tbody tr')].filter(tr => {
                if (!tr.children[6]) return false;
                const range = document.createRange();
                range.selectNodeContents(tr.children[6]);
                const lefts = [...range.getClientRects()].filter(r => r.width > 0).map(r => r.left);
                return lefts.length > 1 && Math.max(...lefts) - Math.min(...lefts) > 2;   // lines not aligned
            }).map(tr => tr.children[1].textContent)""")
            assert under == [], under
        if slug == "03-plays":   # no Chinese term in a table broken over two lines (雙天, 高腳七)
            broken = page.evaluate("""() => {
                const out = [];
                for (const td of document.querySelectorAll('article table td')) {
                    const walk = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
                    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
                        for (const m of n.data.matchAll(/[\u4e00-\u9fff]{2,}/g)) {
                            const r = document.createRange();
                            r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
                            const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
                            if (tops.size > 1 && r.getBoundingClientRect().width < td.clientWidth) out.push(m[0]);
                        }
                    }
                }
                return out;
            }""")
            assert broken == [], broken
        if slug.endswith("08-deal"):
            box = page.eval_on_selector("tj-lesson-deal select[name=method]", "e => e.getBoundingClientRect().right")
            assert box <= 360, box
        tab.shot(f"lesson-{slug.replace('/', '-')}-360")
    page.set_viewport_size({"width": 1280, "height": 900})
    for path, name in (("lessons/01-tiles/", "lesson-01-tiles-1280"),
                       ("en/lessons/06-settlement/", "lesson-06-settlement-en-1280"),
                       ("en/lessons/09-strategy/", "lesson-09-strategy-en-1280")):
        tab.goto(path)
        assert tab.wait_engine() == "ready"
        tab.wait_widgets()
        tab.shot(name)
    # the lesson board is the puzzles' table: you (South) at the bottom, 對家 on top, 上家 left, 下家 right
    page.wait_for_selector("tj-lesson-quiz .tj-lesson__seat[data-pos]", timeout=TIMEOUT)
    box = {s: page.eval_on_selector(f"tj-lesson-quiz .tj-lesson__seat[data-seat={s}]", "e => e.getBoundingClientRect().toJSON()")
           for s in "ESWN"}
    assert box["N"]["bottom"] <= box["E"]["top"] + 1 and box["E"]["bottom"] <= box["S"]["top"] + 1
    assert box["E"]["right"] <= box["W"]["left"] + 1     # 上家 East left, 下家 West right
    assert tab.problems() == []


def test_the_lesson_index_counts_what_its_marks_show(tab):
    """The index's line and its marks agree: a lesson is finished once its exercise reached
    its result (any mark, 2/5 too); the mark says "done" with the best result; the line
    counts the same lessons (and those all right); a save made in another tab redraws it."""
    page = tab.page
    tab.goto("lessons/")
    page.wait_for_selector("tj-lesson-progress[data-state=ready]")
    assert page.get_attribute("tj-lesson-progress", "data-done") == "0"
    page.evaluate("""localStorage.setItem('tianjiu.lessons', JSON.stringify({version: 1, lessons: {
        '02-ranking': {rank_winner: {right: 2, total: 5, best: 2, date: '2026-12-01'}},
        '05-finishing': {finish_who: {right: 5, total: 5, best: 5, date: '2026-12-01'}}}}))""")
    for path, line, mark in (
            ("lessons/", "你已完成 2／10 課的練習（其中 1 課全部第一次就答對）", "✓ 已完成（第一次答對：最好 2／5）"),
            ("en/lessons/", "You have finished the exercise of 2 of 10 lessons", "✓ done (right first time: best 2/5)"),
            ("zh-Hans/lessons/", "你已完成 2／10 课的练习", "✓ 已完成（第一次答对：最好 2／5）")):
        tab.goto(path)
        page.wait_for_selector("tj-lesson-progress[data-state=ready]")
        assert page.get_attribute("tj-lesson-progress", "data-done") == "2"
        assert page.get_attribute("tj-lesson-progress", "data-all") == "1"
        assert line in page.inner_text("tj-lesson-progress"), page.inner_text("tj-lesson-progress")
        assert mark in page.inner_text("article a[href$='02-ranking/']")
        assert page.locator("article .tj-lessonmark").count() == 2
    # a stage finished in another tab: this index follows
    other = page.context.new_page()
    other.goto(tab.url("glossary/"))
    other.evaluate("""const d = JSON.parse(localStorage.getItem('tianjiu.lessons'));
        d.lessons['03-plays'] = {'play_build can_beat': {right: 1, total: 5, best: 1, date: '2026-12-01'}};
        localStorage.setItem('tianjiu.lessons', JSON.stringify(d));""")
    page.wait_for_selector("tj-lesson-progress[data-done='3']", timeout=10_000)
    assert "✓ 已完成（第一次答对：最好 1／5）" in page.inner_text("article a[href$='03-plays/']")
    other.close()
    tab.shot("lesson-index-marks")
    assert tab.problems() == []


def test_lesson_8_deal_is_readable_at_375_px(new_tab):
    """Lesson 8's deal widget on a 375 px phone, in the three languages: every label, button,
    badge and seat name on one line (牌頭 / 莊家 had broken into one character a line beside
    their menus), nothing past the widget's edge or clipped, no sideways page scroll — before
    the deal and once every tile is dealt."""
    tab = new_tab(viewport={"width": 375, "height": 800})
    page = tab.page
    check = """() => {
        const w = document.querySelector('tj-lesson-deal');
        const box = w.getBoundingClientRect();
        const lines = (e) => {
            const r = document.createRange();
            r.selectNodeContents(e);
            return new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size;
        };
        const out = [];
        for (const e of w.querySelectorAll('label > span, .tj-button, .tj-badge, .tj-lesson__seat-name, .tj-title, .tj-wall__num')) {
            const text = e.textContent.trim();
            if (!text) continue;
            if (e.matches('label > span, .tj-button, .tj-badge') && lines(e) > 1) out.push(`wrapped: ${text}`);
            if (e.scrollWidth > e.clientWidth + 1) out.push(`clipped: ${text}`);
        }
        for (const e of w.querySelectorAll('*')) {
            const r = e.getBoundingClientRect();
            if (r.width && (r.right > box.right + 0.5 || r.left < box.left - 0.5)) out.push(`outside: ${e.className || e.tagName}`);
        }
        for (const e of w.querySelectorAll('.tj-lesson__seat, .tj-deal__controls label, .tj-deal__throw')) {
            if (e.scrollWidth > e.clientWidth + 1) out.push(`overflows: ${e.className}`);
        }
        return out;
    }"""
    for path in ("lessons/08-deal/", "en/lessons/08-deal/", "zh-Hans/lessons/08-deal/"):
        tab.goto(path)
        assert tab.wait_engine() == "ready"
        tab.wait_widgets()
        page.wait_for_selector("tj-lesson-deal[data-step='0'][data-first]", timeout=TIMEOUT)
        page.evaluate("document.fonts.ready")
        assert page.evaluate(check) == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= 375, path
        tab.shot(f"lesson-08-deal-375-{path.split('/')[0] if path[0] != 'l' else 'hant'}")
        page.evaluate("(() => { const w = document.querySelector('tj-lesson-deal'); while (w.advance()); })()")
        assert page.get_attribute("tj-lesson-deal", "data-step") == page.get_attribute("tj-lesson-deal", "data-steps")
        assert page.eval_on_selector_all("tj-lesson-deal .tj-lesson__seat", "ss => ss.map(s => s.dataset.count)") == ["8"] * 4
        assert page.evaluate(check) == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= 375, path
    assert tab.problems() == []


def test_lesson_replay_names_the_finish_as_the_play_page_does(tab):
    """The replay's heading said "(× 1)" after a plain finish, over payments the banker's × 2
    multiplies; the Play page words it "a plain finish", and a finish that multiplies "(finish
    factor ×2)". The lesson replays now say the same, in each language."""
    page = tab.page
    want = {
        "lessons/07-bonuses/": {"he_zun": "家結：普通的結", "yao_finish": "家結：么結（結法倍數 ×2）",
                                "natural": "家結：例牌七支（結法倍數 ×2）"},
        "zh-Hans/lessons/07-bonuses/": {"he_zun": "家结：普通的结", "yao_finish": "家结：么结（结法倍数 ×2）"},
        "en/lessons/07-bonuses/": {"he_zun": " finishes: a plain finish", "yao_finish": " finishes: finish with 么 (finish factor ×2)"},
    }
    for path, examples in want.items():
        tab.goto(path)
        for key, end in examples.items():
            sel = f"tj-lesson-replay[example={key}]"
            page.wait_for_selector(f"{sel}[data-step='0']", timeout=TIMEOUT)
            if key != "natural":
                page.locator(f"{sel} .tj-quiz__actions .tj-button").nth(2).click()   # to the end
            page.wait_for_selector(f"{sel}[data-done=true] .tj-replay__result .tj-subtitle")
            line = page.inner_text(f"{sel} .tj-replay__result .tj-subtitle")
            assert line.endswith(end) and "× 1" not in line and "×1" not in line, (path, key, line)
    assert tab.problems() == []


FILL_STORAGE = """() => { let chunk = 'x'.repeat(1 << 20), i = 0;
    for (;;) { try { localStorage.setItem('filler.' + i++, chunk); }
               catch { if (chunk.length < 16) break; chunk = chunk.slice(chunk.length / 2); } } }"""


def test_lesson_results_are_never_lost_silently(tab):
    """From the breaker's trial: an unreadable save was replaced with no word on the page, a
    newer version's save was rewritten as version 1 (an entry and unknown fields lost), and a
    full storage was not told apart. Now (progress-store.js, as the puzzles and Pai Gow):"""
    page = tab.page
    tab.goto("en/lessons/")
    page.wait_for_selector("tj-lesson-progress[data-state=ready]")
    mod = tab.url("assets/tianjiu/widgets/lesson-progress.js")
    # 1. not JSON: kept as a backup, the index says so
    page.evaluate("localStorage.setItem('tianjiu.lessons', '{not json')")
    tab.goto("en/lessons/")
    page.wait_for_selector("tj-lesson-progress[data-state=ready]")
    assert "could not be read" in page.inner_text("tj-lesson-progress .tj-progress__notice")
    assert page.evaluate("localStorage.getItem('tianjiu.lessons.backup')") == "{not json"
    # 2. a newer version: read, shown, never rewritten by a finished stage
    newer = {"version": 2, "lessons": {"02-ranking": {"rank_winner": {"right": 3, "total": 5, "best": 4, "date": "2026-12-01"},
                                                      "future": {"right": "3"}}}, "extra": [1]}
    page.evaluate(f"localStorage.setItem('tianjiu.lessons', {json.dumps(json.dumps(newer))})")
    tab.goto("en/lessons/")
    page.wait_for_selector("tj-lesson-progress[data-done='1']")
    assert "newer version" in page.inner_text("tj-lesson-progress .tj-progress__notice")
    page.evaluate(f"async () => (await import({json.dumps(mod)})).recordStage('rank_winner', 5, 5, '02-ranking')")
    assert json.loads(page.evaluate("localStorage.getItem('tianjiu.lessons')")) == newer
    # a lesson page says it as it opens (it was said only once a stage ended, after the work),
    # once a page however many exercises it has
    tab.goto("en/lessons/02-ranking/")
    page.wait_for_selector("tj-lesson-quiz .tj-progress__notice")
    notices = page.locator(".tj-progress__notice")
    assert notices.count() == 1 and "newer version" in notices.first.inner_text()
    # 2b. an absurd version (1e999 is Infinity) or mark is damage, not a newer version: the
    # record is repaired (the sound mark kept) and saved again — it was read-only for good
    page.evaluate("""localStorage.setItem('tianjiu.lessons', '{"version": 1e999, "lessons": {"02-ranking": '
        + '{"rank_winner": {"right": 3, "total": 5, "best": 4, "date": "2026-12-01"}, '
        + '"rank_pair": {"right": 900719925474099, "total": 900719925474099, "best": 900719925474099, "date": "2026-12-01"}}}}')""")
    tab.goto("en/lessons/")
    page.wait_for_selector("tj-lesson-progress[data-state=ready]")
    assert "newer version" not in page.inner_text("tj-lesson-progress"), page.inner_text("tj-lesson-progress")
    assert "900719925474099" not in page.inner_text("body")
    page.evaluate(f"async () => (await import({json.dumps(mod)})).recordStage('rank_winner', 5, 5, '02-ranking')")
    saved = json.loads(page.evaluate("localStorage.getItem('tianjiu.lessons')"))
    assert saved["version"] == 1 and saved["lessons"]["02-ranking"]["rank_winner"]["best"] == 5, saved
    assert "rank_pair" not in saved["lessons"]["02-ranking"], saved
    # 3. storage full: the marks are read, the notice says why new results are not kept
    page.evaluate("localStorage.setItem('tianjiu.lessons', JSON.stringify({version: 1, lessons: {'05-finishing': "
                  "{finish_who: {right: 5, total: 5, best: 5, date: '2026-12-01'}}}}))")
    page.evaluate(FILL_STORAGE)
    tab.goto("en/lessons/")
    page.wait_for_selector("tj-lesson-progress[data-done='1']")
    assert "storage is full" in page.inner_text("tj-lesson-progress .tj-progress__notice")
    mark = page.evaluate(f"async () => (await import({json.dumps(mod)})).recordStage('rank_winner', 4, 5, '02-ranking')")
    assert mark["best"] == 4     # kept for this page
    page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('filler.')).forEach(k => localStorage.removeItem(k))")
    page.evaluate(f"async () => (await import({json.dumps(mod)})).recordStage('rank_winner', 5, 5, '02-ranking')")
    saved = json.loads(page.evaluate("localStorage.getItem('tianjiu.lessons')"))
    assert set(saved["lessons"]) == {"05-finishing", "02-ranking"}, saved   # room again: written, nothing lost
    assert tab.problems() == []


def test_lesson_2_choices_name_their_tiles(tab):
    """Lesson 1's exercise named its tiles, lesson 2's showed pictures only (from the new-user
    trial): each choice now names its tile under the picture, Chinese with English beside."""
    page = tab.page
    for path, sep in (("en/lessons/02-ranking/", " ("), ("lessons/02-ranking/", None)):
        tab.goto(path)
        page.wait_for_selector("tj-lesson-quiz .tj-quiz__choice.has-tiles", timeout=TIMEOUT)
        rows = page.eval_on_selector_all("tj-lesson-quiz .tj-quiz__choice.has-tiles", """bs => bs.map(b =>
            [[...b.querySelectorAll('.tj-quiz__pics svg')].length, b.querySelector('.tj-quiz__names')?.textContent || ''])""")
        assert len(rows) == 4 and all(n == 1 and name for n, name in rows), rows
        codes = page.evaluate("document.querySelector('tj-lesson-quiz').q.choices.map(c => c.tiles[0])")
        want = [f"{BY_CODE[c].name_hant} ({BY_CODE[c].name_en})" if sep else BY_CODE[c].name_hant for c in codes]
        assert [name for _, name in rows] == want
    assert tab.problems() == []


# --------------------------------------------------------------------- a first visit, engine still loading
# (from a new user's trial: the engine takes a few seconds on a first visit, and the exercises
# already showed their buttons beside "Loading the engine…")

def hold_engine(tab):
    """Keep the engine loading (Pyodide's wasm held back) until the returned release() is called."""
    held, released = [], []
    tab.page.context.route("**/pyodide.asm.wasm",
                           lambda route: route.continue_() if released else held.append(route))

    def release():
        released.append(True)
        for route in held:
            route.continue_()
    return release


def wait_loading(page, sel):
    page.wait_for_selector(f"{sel}[data-state=loading] .tj-status[data-kind=loading]", timeout=30_000)
    page.wait_for_timeout(300)


def test_trick_buttons_do_nothing_before_the_engine_is_ready(tab):
    """Lesson 4: "Play face up" before the engine was ready threw `Cannot read properties of
    undefined (reading 'filter')`, and "Next position" ended the stage at once ("Done! Right
    first time: 0/{n}", a literal {n}) and saved a mark without a total; once the engine came,
    "position 2 of 6" sat above the Done box. Now the buttons are disabled until the first
    position is in, nothing is saved, and the stage's result has its number."""
    page = tab.page
    release = hold_engine(tab)
    tab.goto("en/lessons/04-trick/")
    sel = "tj-lesson-trick"
    wait_loading(page, sel)
    for label in ("Play face up", "Discard face down", "Next position", "Next position", "Play face up"):
        page.evaluate("([s, l]) => [...document.querySelector(s).querySelectorAll('button')]"
                      ".find(b => b.textContent === l)?.click()", [sel, label])
    page.wait_for_timeout(300)
    assert page.get_attribute(sel, "data-stage") == ""
    assert page.evaluate("localStorage.getItem('tianjiu.lessons')") is None
    assert "{n}" not in page.inner_text(sel)
    assert tab.problems() == []
    assert page.is_disabled(f"{sel} >> text=Play face up") and page.is_disabled(f"{sel} >> text=Next position")
    release()
    trick_position(page, 0)
    assert page.get_attribute(sel, "data-stage") == ""
    assert page.inner_text(f"{sel} .tj-quiz__score") == "position 1 of 6"
    assert page.is_enabled(f"{sel} >> text=Play face up") and page.is_enabled(f"{sel} >> text=Next position")
    stage = skip_to_result(page, sel)   # skip every position: the result has its numbers
    # (nothing answered: nothing saved — it marked the lesson done with 0 answers, a breaker's find)
    assert "Done! Right first time: 0/6." in stage and "Nothing was answered, so nothing is saved" in stage, stage
    assert "best" not in stage and "{" not in stage, stage
    assert page.evaluate("localStorage.getItem('tianjiu.lessons')") is None
    # one position answered (wrongly) and the rest skipped: that result is kept
    # (a new visit: with no mark saved the stage starts at position 0, which leads a single)
    page.reload()
    page.wait_for_selector(f"{sel}[data-n='0'] .tj-quiz__tile", timeout=TIMEOUT)
    page.wait_for_function("!document.querySelector('tj-lesson-trick').dataset.busy")
    page.locator(f"{sel} .tj-quiz__tile").first.click()            # (position 0 leads a single: discard one)
    page.click(f"{sel} .tj-quiz__actions .tj-button:nth-child(2)")   # Discard face down
    page.wait_for_selector(f"{sel}[data-verdict=right], {sel}[data-verdict=wrong]")
    stage = skip_to_result(page, sel)
    right = int(page.get_attribute(sel, "data-result").split("/")[0])
    assert f"(best {right}/6)" in stage and "Nothing was answered" not in stage, stage
    saved = json.loads(page.evaluate("localStorage.getItem('tianjiu.lessons')"))
    assert saved["lessons"]["04-trick"]["trick"] | {"date": ""} == {"right": right, "total": 6, "best": right, "date": ""}
    assert tab.problems() == []


@pytest.mark.parametrize("path", ["zh-Hans/lessons/02-ranking/", "en/lessons/01-tiles/"])
def test_quiz_next_does_nothing_before_the_engine_is_ready(tab, path):
    """Every lesson quiz: "下一题" pressed three times while the engine loaded said "意外错误：Cannot
    read properties of undefined (reading 'call')" (raw English on a Chinese page), jumped to
    question 4 of 5 and counted the skipped ones ("0／2"); lesson 1 ended with "1／5" under a
    header saying "1／4". Now Next is disabled until the first question is in: no error, no
    question skipped or counted."""
    page = tab.page
    release = hold_engine(tab)
    tab.goto(path)
    sel = "tj-lesson-quiz"
    wait_loading(page, sel)
    for _ in range(3):
        page.evaluate("s => document.querySelector(s).querySelector('.tj-quiz__actions .tj-button:last-child').click()", sel)
        page.wait_for_timeout(100)
    assert page.is_hidden(f"{sel} .tj-quiz__feedback"), page.inner_text(f"{sel} .tj-quiz__feedback")
    assert page.is_disabled(f"{sel} .tj-quiz__actions .tj-button:last-child")
    release()
    wait_question(page, sel)
    assert page.get_attribute(sel, "data-question") == "1/5"
    assert page.get_attribute(sel, "data-score") == "0/0" and page.inner_text(f"{sel} .tj-quiz__score") == ""
    assert quiz_state(page, sel)["seed"] == 0     # a first visit: question 1, none skipped
    assert page.is_hidden(f"{sel} .tj-quiz__feedback")
    assert page.is_enabled(f"{sel} .tj-quiz__actions .tj-button:last-child")
    assert tab.problems() == []


@pytest.mark.parametrize("path,lang", [("en/lessons/01-tiles/", "en"), ("en/lessons/05-finishing/", "en"),
                                       ("zh-Hans/lessons/05-finishing/", "hans"), ("lessons/01-tiles/", "hant")])
def test_a_shown_answer_comes_with_its_reason(tab, path, lang):
    """Two wrong tries, then "Show the answer": the explanation was replaced by "The answer is
    marked. Read the reason above, then try the next one." with no reason above for the marked
    answer. Now the engine's reason for the right answer is shown (without its "Right!")."""
    page = tab.page
    sel = "tj-lesson-quiz"
    tab.goto(path)
    wait_question(page, sel)
    st = quiz_state(page, sel)
    kind, seed = st["kind"], st["seed"]
    right = L.solution(kind, seed)
    ids = page.eval_on_selector_all(f"{sel} .tj-quiz__choice", "bs => bs.map(b => b.dataset.id)")
    wrong = [i for i in ids if not L.check(kind, seed, i)["correct"]][:2]
    for i in wrong:
        page.click(f"{sel} .tj-quiz__choice[data-id='{i}']")
        page.wait_for_function("([s, n]) => document.querySelector(s).dataset.tries === n && !document.querySelector(s).dataset.busy",
                               arg=[sel, str(wrong.index(i) + 1)])
    page.click(f"{sel} .tj-quiz__actions >> text=/Show the answer|显示答案|顯示答案/")
    page.wait_for_selector(f"{sel}[data-verdict=revealed]")
    assert page.get_attribute(f"{sel} .tj-quiz__choice[data-id='{right}']", "class").count("is-right")
    text = page.inner_text(f"{sel} .tj-quiz__feedback")
    why = L.check(kind, seed, right)["why"]
    assert "reason above" not in text and "上面的解釋" not in text and "上面的解释" not in text, text
    if lang == "en":
        assert text == f"The answer is marked. {why['en'].removeprefix('Right!').strip()} Now try the next one.", text
    elif lang == "hant":
        assert text == f"答案已標出。{why['hant'].removeprefix('對！')}再做下一題。", text
    else:
        assert text.startswith("答案已标出。") and text.endswith("再做下一题。") and "对！" not in text, text
        assert len(text) > 30 and not set(text) & set(HANT_ONLY), text
    assert tab.problems() == []


def test_replay_keeps_the_focus_at_its_ends(tab):
    """Lesson 7's replays: with the focus on "Next ▶", ArrowRight to the end (or Enter on "To
    the end") disabled the focused button and dropped the focus to <body>, where ArrowLeft did
    nothing. Now the focus moves to "◀ Back" and the arrow keys keep working (and at the start
    back to "Next ▶")."""
    page = tab.page
    tab.goto("en/lessons/07-bonuses/")
    sel = "tj-lesson-replay[example=he_zun]"
    page.wait_for_selector(f"{sel}[data-step='0']", timeout=TIMEOUT)
    focused = f"() => {{ const a = document.activeElement; return document.querySelector({json.dumps(sel)}).contains(a) ? a.textContent : a.tagName; }}"
    page.focus(f"{sel} >> text=Next ▶")
    steps = None
    for _ in range(30):
        page.keyboard.press("ArrowRight")
        if page.get_attribute(sel, "data-done") == "true":
            steps = int(page.get_attribute(sel, "data-step"))
            break
    assert steps
    assert page.evaluate(focused) == "◀ Back"
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute(sel, "data-step") == str(steps - 1)
    for _ in range(steps + 2):
        page.keyboard.press("ArrowLeft")
    assert page.get_attribute(sel, "data-step") == "0"
    assert page.evaluate(focused) == "Next ▶"        # Back is disabled at the start
    page.focus(f"{sel} >> text=To the end")
    page.keyboard.press("Enter")
    assert page.get_attribute(sel, "data-done") == "true"
    assert page.evaluate(focused) == "◀ Back"
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute(sel, "data-step") == str(steps - 1)
    # the theme's next / previous page keys do nothing while focus is in the replay
    for key in ("n", ".", "p"):
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert page.url == tab.url("en/lessons/07-bonuses/")
    assert page.get_attribute(sel, "data-step") == str(steps - 1)
    assert tab.problems() == []


def test_deal_says_stack_for_one_and_stops_at_the_end(tab):
    """Lesson 8: "South takes stacks 1." for one stack (輪棟, 龍頭鳳尾, 舞三獅); after the last step
    "Next ▶" and "Play all" stayed enabled and did nothing. Now one stack is "stack", and at the
    end both are disabled, the focus going to "Shuffle and throw"; a new throw enables them."""
    page = tab.page
    tab.goto("en/lessons/08-deal/")
    deal = "tj-lesson-deal"
    page.wait_for_selector(f"{deal}[data-state=ready][data-steps]", timeout=TIMEOUT)
    focused = "() => { const a = document.activeElement; return document.querySelector('tj-lesson-deal').contains(a) ? a.textContent : a.tagName; }"
    for method in ("lun_dong", "long_tou_feng_wei", "wu_san_shi", "jian_dong"):
        page.select_option(f"{deal} select[name=method]", method)
        page.wait_for_selector(f"{deal}[data-method={method}][data-step='0']")
        steps = int(page.get_attribute(deal, "data-steps"))
        assert page.is_enabled(f"{deal} >> text=Next ▶") and page.is_enabled(f"{deal} >> text=Play all")
        page.focus(f"{deal} >> text=Next ▶")
        said = []
        for _ in range(steps):
            page.keyboard.press("Enter")
            said.append(page.inner_text(f"{deal} .tj-deal__info"))
        assert page.get_attribute(deal, "data-step") == str(steps)
        takes = [s for s in said if " takes " in s and "layer" not in s]
        assert not [s for s in takes if re.search(r"takes stacks \d+\.", s)], (method, takes)
        assert all(re.search(r"takes (stack \d+|stacks \d+( \+ \d+)+)\.", s) for s in takes), (method, takes)
        if method != "jian_dong":
            assert any(re.search(r"takes stack \d+\.", s) for s in takes), (method, takes)
        assert page.is_disabled(f"{deal} >> text=Next ▶") and page.is_disabled(f"{deal} >> text=Play all")
        assert page.evaluate(focused) == "Shuffle and throw", method
    page.keyboard.press("Enter")                       # a new throw: Next and Play all again
    page.wait_for_function("document.querySelector('tj-lesson-deal').dataset.step === '0'")
    page.wait_for_function("!document.querySelector('tj-lesson-deal .tj-quiz__actions .tj-button:nth-child(2)').disabled")
    page.click(f"{deal} >> text=Play all")
    page.wait_for_function("d => d.dataset.step === d.dataset.steps", arg=page.query_selector(deal), timeout=30_000)
    assert page.is_disabled(f"{deal} >> text=Play all")
    assert tab.problems() == []


def test_a_skipped_question_is_said_in_the_result(tab):
    """Next works before an answer (a skip), and a skip counts as not right first time; the
    result said only "3/5", with no sign that a question was never answered (a new user's
    find). It now says how many were skipped."""
    page = tab.page
    sel = "tj-lesson-quiz"
    tab.goto("en/lessons/01-tiles/")
    assert tab.wait_engine() == "ready"
    for k in range(5):
        wait_question(page, sel)
        page.click(f"{sel} .tj-quiz__actions .tj-button:last-child")   # Next, unanswered
    page.wait_for_selector(f"{sel}[data-stage=done]")
    result = page.inner_text(f"{sel} .tj-quiz__result")
    assert "0/5" in result and "(5 questions skipped, not answered.)" in result, result
    # and nothing answered is nothing saved: the lesson index said "✓ done" (a breaker's find)
    assert "Nothing was answered, so nothing is saved" in page.inner_text(f"{sel} .tj-quiz__stage")
    assert page.evaluate("localStorage.getItem('tianjiu.lessons')") is None
    assert tab.problems() == []

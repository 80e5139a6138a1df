"""The language suggestion on 繁體 pages (site.js languageBanner): a browser preferring English
or mainland / Singapore Chinese gets a dismissible "English version →" / "简体中文版 →" banner
linking to the same page in that language; never a redirect; remembered in localStorage."""

from __future__ import annotations

import json

import pytest

BANNER = ".md-content__inner > .tj-lang-banner"


def _tab(new_tab, locale):
    tab = new_tab(locale=locale)
    tab.page.add_init_script('globalThis.TIANJIU_ENGINE_START = "demand"')  # no Pyodide needed here
    return tab


def _wait_page(tab):
    tab.page.wait_for_function("document.querySelector('.md-select__link[hreflang]')"
                               " && document.querySelector('.md-content__inner')")
    tab.page.wait_for_timeout(150)   # site.js's document$ subscriber has run by then


@pytest.mark.parametrize("locale, text, target", [("en-US", "English version →", "en/"),
                                                  ("zh-CN", "简体中文版 →", "zh-Hans/")])
def test_banner_offers_the_same_page_in_the_browsers_language(new_tab, locale, text, target):
    tab = _tab(new_tab, locale)
    tab.goto("glossary/")
    assert tab.page.evaluate("navigator.languages")[0] == locale
    banner = tab.page.wait_for_selector(BANNER)
    assert tab.page.url == tab.url("glossary/"), "never a redirect"
    link = banner.query_selector("a")
    assert link.inner_text() == text
    assert link.get_attribute("href") == tab.url(target + "glossary/")
    # the same page in the other languages has no banner
    for path in ("en/glossary/", "zh-Hans/glossary/"):
        tab.goto(path)
        _wait_page(tab)
        assert tab.page.query_selector(".tj-lang-banner") is None, path
    # instant navigation: the banner follows to the next page, pointing at that page
    tab.goto("glossary/")
    tab.page.wait_for_selector(BANNER)
    tab.page.evaluate("window.__notReloaded = true")
    tab.page.click('a.md-nav__link[href$="/lessons/"] >> nth=0')  # (Material makes hrefs absolute)
    tab.page.wait_for_url(tab.url("lessons/"))
    tab.page.wait_for_function(f"document.querySelector('{BANNER} a')?.href.endsWith('/{target}lessons/')")
    assert tab.page.evaluate("window.__notReloaded") is True, "the page was reloaded, not instant"
    assert tab.page.query_selector_all(".tj-lang-banner").__len__() == 1
    # following it is a full page load of that language, and an explicit choice: no banner after
    tab.page.click(f"{BANNER} a")
    tab.page.wait_for_url(tab.url(target + "lessons/"))
    assert tab.page.evaluate("document.documentElement.lang") == ("en" if locale == "en-US" else "zh-Hans")
    assert json.loads(tab.page.evaluate("localStorage.getItem('tianjiu.language')")) == \
        {"choice": "en" if locale == "en-US" else "zh-Hans"}
    tab.goto("lessons/")
    _wait_page(tab)
    assert tab.page.query_selector(".tj-lang-banner") is None
    assert tab.problems() == []


def test_no_banner_for_hong_kong_chinese(new_tab):
    tab = _tab(new_tab, "zh-HK")
    for path in ("", "glossary/", "lessons/"):
        tab.goto(path)
        _wait_page(tab)
        assert tab.page.query_selector(".tj-lang-banner") is None, path
    assert tab.problems() == []


def test_closing_the_banner_is_remembered_and_a_bad_value_is_harmless(new_tab):
    tab = _tab(new_tab, "en-US")
    tab.goto("glossary/")
    # closed from the keyboard: the focus goes to the page's heading, not to <body>
    tab.page.focus(f"{BANNER} .tj-lang-banner__close")
    tab.page.keyboard.press("Enter")
    assert tab.page.query_selector(".tj-lang-banner") is None
    assert tab.page.evaluate("document.activeElement === document.querySelector('.md-content__inner h1')"), \
        tab.page.evaluate("document.activeElement.tagName")
    assert json.loads(tab.page.evaluate("localStorage.getItem('tianjiu.language')")) == {"dismissed": True}
    tab.goto("lessons/")
    _wait_page(tab)
    assert tab.page.query_selector(".tj-lang-banner") is None
    # a switcher choice also counts; a corrupt value counts as nothing kept
    for value in ("{not json", "[1]", "null", '"en"', "42"):
        tab.page.evaluate("v => localStorage.setItem('tianjiu.language', v)", value)
        tab.goto("glossary/")
        tab.page.wait_for_selector(BANNER)
    tab.page.evaluate("localStorage.removeItem('tianjiu.language')")
    tab.goto("glossary/")
    tab.page.wait_for_selector(BANNER)
    with tab.page.expect_navigation():   # the switcher's 繁體中文 (a menu opened on hover)
        tab.page.evaluate("document.querySelector(`.md-select__link[hreflang='zh-Hant']`).click()")
    assert json.loads(tab.page.evaluate("localStorage.getItem('tianjiu.language')")) == {"choice": "zh-Hant"}
    tab.goto("glossary/")
    _wait_page(tab)
    assert tab.page.query_selector(".tj-lang-banner") is None
    assert tab.problems() == []

"""MkDocs hooks of the 天九 site (``hooks:`` in mkdocs.yml).

Per page, in every language build (the ``i18n`` plugin builds 繁體 at ``/``,
then 简体 at ``/zh-Hans/`` and English at ``/en/``):

- ``{{ tiles("66 36") }}``-style shortcodes become HTML (:mod:`.shortcodes`),
  in the page's language;
- in the 简体 build, the HTML of pages, titles, navigation and templates is
  converted from 繁體 with OpenCC (:mod:`.hans`), and ``<html lang>`` says
  ``zh-Hans``.

Once, after the last language is built: the browser runtime is written into
``assets/tianjiu/`` (wheel, Pyodide, sprite, generated data —
:mod:`.runtime`) and ``sw.js`` at the site root.
"""

from __future__ import annotations

import json

import logging
import posixpath
import sys
from pathlib import Path
from urllib.parse import urlsplit

_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from mkdocs.plugins import event_priority  # noqa: E402

from tianjiu_site import hans, languages, puzzle_pages, runtime, shortcodes  # noqa: E402
from tianjiu_site import lesson_pages  # noqa: E402,F401  (the tutorial's shortcodes)

log = logging.getLogger("mkdocs.hooks.tianjiu")

LOCALE_TO_LANG = {"zh-Hant": "hant", "zh-Hans": "hans", "en": "en"}
_state = {"command": "build"}


def current_locale(config) -> str:
    """The locale being built: ``zh-Hant``, ``zh-Hans`` or ``en``."""
    plugin = config.plugins.get("i18n")
    locale = getattr(plugin, "current_language", None) if plugin else None
    return locale or "zh-Hant"


def current_lang(config) -> str:
    """The page language key used by shortcodes and widgets: hant, hans, en."""
    return LOCALE_TO_LANG.get(current_locale(config), "hant")


def on_startup(command, dirty):
    _state["command"] = command


def on_config(config):
    # The language switcher's links are absolute ("/", "/en/"): put them under
    # site_url's path, so a site deployed at https://host/tiengow/ switches there.
    base = urlsplit(config.site_url or "/").path.rstrip("/")
    for alt in config.extra.get("alternate") or []:
        link = alt.get("link", "")
        if base and link.startswith("/") and not link.startswith(base + "/"):
            alt["link"] = base + link
    return config


# the puzzle pages (written into site/puzzles/ before each build) and puzzles/index.json,
# puzzles/schedule.json (added to the files): tianjiu_site/puzzle_pages.py
def on_pre_build(config):
    # the collection must pass `tianjiu puzzles check puzzles/` (cached by content hash in
    # .cache/): a bad puzzle stops the build, naming its file (tianjiu_site/puzzle_check.py)
    from mkdocs.exceptions import PluginError

    from tianjiu_site import puzzle_check
    try:
        puzzle_check.check_collection()
    except puzzle_check.PuzzleCheckError as exc:
        raise PluginError(str(exc)) from None
    return puzzle_pages.on_pre_build(config)


on_files = puzzle_pages.on_files


def on_page_markdown(markdown, page, config, files):
    depth = (page.url or "").count("/")  # "en/playground/" → 2 levels below the root
    ctx = shortcodes.Context(lang=current_lang(config), src_path=page.file.src_path,
                             base="../" * depth, extra={"page": page, "config": config})
    return shortcodes.expand(markdown, ctx)


def on_page_content(html, page, config, files):
    if current_lang(config) != "hans":
        return html
    if page.title:
        page.title = hans.text(page.title)
    return _hans_anchors(hans.to_hans(html), page.toc)


def _hans_anchors(html: str, toc) -> str:
    """The headings' anchors in 简体 too: the toc extension made them from the 繁體 text
    (``#打的時候``), so a 简体 page's section links, its table of contents and the search index
    said 繁體 words.  Each heading's id, its permalink and the page's own ``#`` links change
    together (``#打的时候``); the search index reads ``page.toc``, changed here as well."""
    renamed: dict[str, str] = {}

    def walk(items) -> None:
        for item in items:
            new = hans.text(item.id)
            if new != item.id:
                renamed[item.id] = new
                item.id = new
            walk(item.children)
    walk(toc or [])
    for old, new in renamed.items():
        html = html.replace(f'id="{old}"', f'id="{new}"').replace(f'href="#{old}"', f'href="#{new}"')
    return html


def _fix_lang(output: str) -> str:
    # Material calls Simplified Chinese "zh"; say zh-Hans so fonts and screen readers know.
    return output.replace('<html lang="zh"', '<html lang="zh-Hans"', 1)


# Material 9's 繁體 interface text has one simplified character ("找到 1 个符合條件的結果", shown
# when a search finds one page); its translations are in each page's config JSON.
_MATERIAL_HANT_FIXES = {"找到 1 个符合條件的結果": "找到 1 個符合條件的結果"}


def on_post_page(output, page, config):
    if current_lang(config) == "hans":
        output = _fix_lang(hans.to_hans(output))
    elif current_lang(config) == "hant":
        for wrong, right in _MATERIAL_HANT_FIXES.items():
            # as text, and as Material writes its translations into the page (JSON, \u escapes)
            output = output.replace(wrong, right).replace(json.dumps(wrong)[1:-1], json.dumps(right)[1:-1])
    # pages with an engine widget start the worker from the top of <head> (runtime.head_start);
    # before it, on every page, the watch for a script that cannot be downloaded
    output = runtime.head_start(output, page.url)
    return runtime.load_watch(output, _page_strings(config))


def _page_strings(config) -> dict[str, str]:
    """This build's interface strings in the page's language (read once a build and language)."""
    lang = current_lang(config)
    key = ("strings", config.get("docs_dir"))
    if key not in _state:
        _state[key] = runtime.load_strings(Path(config["docs_dir"]) / runtime.RUNTIME_DIR / "strings.toml")
    return _state[key][lang]


def on_post_template(output_content, template_name, config):
    if current_lang(config) != "hans" or not template_name.endswith(".html"):
        return output_content
    return _fix_lang(hans.to_hans(output_content))


@event_priority(-200)  # after the i18n plugin has built the other languages
def on_post_build(config):
    plugin = config.plugins.get("i18n")
    if plugin is not None and getattr(plugin, "building", False):
        return  # a nested language build; the outer build finishes the job
    site_dir = Path(config.site_dir)
    if plugin is not None:
        others = [lang.locale for lang in plugin.config.languages if not lang.default and lang.build]
        languages.localize(site_dir, config.site_url or "", others)
    serving = _state["command"] == "serve"
    info = runtime.write_runtime(site_dir, Path(config.docs_dir), offline=not serving)
    if serving:
        runtime.write_dev_service_worker(site_dir)
    else:
        runtime.write_service_worker(site_dir, info)
    log.info("tianjiu runtime: %s (build %s) in %s; pyodide-lock.json: %s; .pyc: %s", info["wheel"], info["hash"],
             posixpath.join(config.site_dir, runtime.RUNTIME_DIR), info["lock"], info["pyc"])
    if info["pyc"].startswith("not compiled"):   # (info, not a warning: --strict builds still work)
        log.info("tianjiu: the engine wheel ships without .pyc (%s): each module compiles in the browser",
                 info["pyc"])

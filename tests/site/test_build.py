"""The built site without a browser: runtime files, three languages, 简体
conversion, shortcodes, nothing from other origins, per-language search and
sitemaps, the service worker; and the build tooling's own doctests."""

from __future__ import annotations

import doctest
import json
import re
import tomllib
from pathlib import Path

import pytest

import tianjiu_core
from tianjiu_site import hans, languages, runtime, serve, shortcodes, terms
from tianjiu_site.runtime import PYODIDE_FILES, RUNTIME_DIR

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["", "playground/", "embed/"]
LANGS = {"": "zh-Hant", "zh-Hans/": "zh-Hans", "en/": "en"}


def page(site_dir: Path, path: str) -> str:
    return (site_dir / path / "index.html").read_text(encoding="utf-8")


def main_text(html: str) -> str:
    """The article's text, tags and protected parts removed."""
    body = html[html.index("<article"):html.index("</article>")]
    body = re.sub(r"<(pre|code|script|style)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"<[^>]+>", " ", body)
    return body


@pytest.mark.parametrize("module", [hans, shortcodes, languages, runtime, serve, terms])
def test_doctests_of_the_build_tooling(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_runtime_folder_is_complete(site_dir):
    rt = site_dir / RUNTIME_DIR
    for name in ("tianjiu.js", "engine.js", "worker.js", "widget.js", "i18n.js", "tiles.js",
                 "tianjiu.css", "generated.js", "tiles.svg", "widgets/index.js", "widgets/playground.js"):
        assert (rt / name).is_file(), name
    for name in PYODIDE_FILES:
        assert (rt / "pyodide" / name).is_file(), name
    wheels = list(rt.rglob("*.whl"))
    assert [w.relative_to(rt).as_posix() for w in wheels] == [
        f"pyodide/tianjiu_core-{tianjiu_core.__version__}-py3-none-any.whl"]   # beside pyodide.asm.wasm
    generated = (rt / "generated.js").read_text(encoding="utf-8")
    build = json.loads(re.search(r"export const BUILD = (\{.*?\});", generated).group(1))
    assert build["wheel"] == f"pyodide/{wheels[0].name}" and build["offline"] is True
    assert build["version"] == tianjiu_core.__version__ and re.fullmatch(r"[0-9a-f]{12}", build["hash"])
    assert not (rt / "strings.toml").exists()   # a source file, not shipped
    sprite = (rt / "tiles.svg").read_text(encoding="utf-8")
    assert sprite.count("<symbol ") == 22


def test_three_languages_of_every_page(site_dir):
    for prefix, lang in LANGS.items():
        for path in PAGES:
            html = page(site_dir, prefix + path)
            assert f'<html lang="{lang}"' in html, prefix + path
    assert "牌桌試玩" in page(site_dir, "playground/")
    assert "Tile playground" in page(site_dir, "en/playground/")
    assert "牌桌试玩" in page(site_dir, "zh-Hans/playground/")


def test_simplified_pages_are_converted_except_what_is_marked(site_dir):
    html = page(site_dir, "zh-Hans/playground/")
    text = main_text(html)
    for traditional, simplified in (("試玩", "试玩"), ("張", "张"), ("結算", "结算"), ("規則", "规则")):
        assert traditional not in text and simplified in text, traditional
    # the language switcher still names 繁體中文 in 繁體 (hreflang is protected)
    assert re.search(r'hreflang="zh-Hant"[^>]*>\s*繁體中文', html)
    # code is converted too (mark verbatim output translate="no" to keep it)
    assert "双梅打不打得过双斧头" in page(site_dir, "zh-Hans/embed/")
    # interface strings: 简体 generated from 繁體
    generated = (site_dir / RUNTIME_DIR / "generated.js").read_text(encoding="utf-8")
    strings = json.loads(re.search(r"export const STRINGS = (\{.*?\});\n", generated, re.S).group(1))
    assert strings["hant"]["pg.beats"] == "{a} 打得過 {b}" and strings["hans"]["pg.beats"] == "{a} 打得过 {b}"
    assert set(strings["hans"]) == set(strings["hant"]) == set(strings["en"])


def test_lang_zh_hant_elements_stay_traditional():
    html = '<p>雙天和鵝</p><p lang="zh-Hant">雙天和<b>鵝</b></p><p>後</p>'
    assert hans.to_hans(html) == '<p>双天和鹅</p><p lang="zh-Hant">雙天和<b>鵝</b></p><p>后</p>'


def test_text_is_never_coloured_with_the_plain_accent():
    """--tj-accent is the theme's primary colour: 2.9–3.2:1 as text on the dark scheme.  Text
    takes --tj-accent-text (the theme's link colour, ≥ 4.5:1 in both schemes); the accent
    stays for borders and backgrounds."""
    for css in (ROOT / "site/assets/tianjiu/tianjiu.css", ROOT / "site/assets/css/site.css"):
        text = css.read_text(encoding="utf-8")
        bad = [(text.count("\n", 0, m.start()) + 1, m.group(0))
               for m in re.finditer(r"(?<![-\w])color:\s*var\(--tj-accent\)", text)]
        assert bad == [], (css.name, bad)


def test_tile_shortcodes_are_svg_at_build_time(site_dir):
    for prefix, label in (("", "天 天 雜九 雜九"), ("zh-Hans/", "天 天 杂九 杂九"),
                          ("en/", "Teen, Teen, Chop Gow, Chop Gow")):
        html = page(site_dir, prefix)
        m = re.search(r'<span class="tj-tiles" role="img" aria-label="([^"]+)"[^>]*>(.*?)</span>', html, re.S)
        assert m and m.group(1) == label, prefix
        assert re.findall(r'data-tile="(\w+)"', m.group(2)) == ["66", "66", "36", "45"]
    for path in site_dir.rglob("*.html"):
        assert "{{ tiles(" not in path.read_text(encoding="utf-8").replace("<code>{{ tiles(", ""), path


def test_shortcode_errors_name_the_file_and_line():
    ctx = shortcodes.Context(lang="hant", src_path="lessons/01.md")
    with pytest.raises(shortcodes.ShortcodeError, match=r"lessons/01\.md:3: .*NotationError"):
        shortcodes.expand("one\n\nand {{ tiles('66 78') }}", ctx)
    with pytest.raises(shortcodes.ShortcodeError, match="unknown shortcode 'tilez'"):
        shortcodes.expand("{{ tilez('66') }}", ctx)
    with pytest.raises(shortcodes.ShortcodeError, match="literals"):
        shortcodes.expand("{{ tiles(open('x')) }}", ctx)
    fenced = "```\n{{ tiles('66') }}\n```\n"
    assert shortcodes.expand(fenced, ctx) == fenced
    assert shortcodes.expand("{{ tiles('? 66') }}", ctx).count('data-tile="back"') == 1


_FETCHED = re.compile(r"""<(?:script|img|iframe|source|audio|video)\b[^>]*\bsrc=["']([^"']+)"""
                      r"""|<link\b[^>]*\brel=["'](?:stylesheet|icon|preload|modulepreload|manifest|prefetch)["'][^>]*>""")


def test_nothing_is_fetched_from_another_origin(site_dir):
    offenders = []
    for path in site_dir.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        for m in _FETCHED.finditer(html):
            tag = m.group(0)
            url = m.group(1) or (re.search(r"""href=["']([^"']+)""", tag) or [None, ""])[1]
            if re.match(r"(https?:)?//", url):
                offenders.append((path.relative_to(site_dir).as_posix(), url))
        if "fonts.googleapis" in html or "fonts.gstatic" in html:
            offenders.append((path.name, "Google Fonts"))
    for css in site_dir.rglob("*.css"):
        for url in re.findall(r"url\(\s*['\"]?((?:https?:)?//[^)'\"]+)", css.read_text(encoding="utf-8")):
            offenders.append((css.name, url))
    assert offenders == []


def test_material_translations_in_traditional_chinese_have_no_simplified_characters(site_dir):
    """Material's zh-Hant strings say "找到 1 个符合條件的結果" (个 is 简体); the build's fix missed
    it, because Material writes its translations into the page as JSON with \\u escapes."""
    html = page(site_dir, "")
    strings = json.loads(re.search(r'"translations": (\{.*?\})', html).group(1))
    assert strings["search.result.one"] == "找到 1 個符合條件的結果", strings["search.result.one"]
    assert "个" not in "".join(strings.values())


def test_search_index_per_language(site_dir):
    for prefix in LANGS:
        index = json.loads((site_dir / prefix / "search" / "search_index.json").read_text(encoding="utf-8"))
        locations = [d["location"] for d in index["docs"]]
        assert "playground/" in locations, prefix
        assert not any(loc.startswith(("en/", "zh-Hans/")) for loc in locations), prefix
    zh = json.loads((site_dir / "search" / "search_index.json").read_text(encoding="utf-8"))
    text = " ".join(d["text"] for d in zh["docs"])
    assert "\u200b四天九\u200b" in text        # jieba + our term list: one word, not 四 / 天九
    assert "\\u200b" in zh["config"]["separator"]
    en = json.loads((site_dir / "en" / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert en["config"]["lang"] == ["en"]
    # every page's Material config points at its own language folder
    assert '"base": "../"' in page(site_dir, "en/playground/")
    assert '"base": "./"' in page(site_dir, "zh-Hans/")


def test_sitemaps_per_language(site_dir):
    for prefix in LANGS:
        xml = (site_dir / prefix / "sitemap.xml").read_text(encoding="utf-8")
        locs = re.findall(r"<loc>([^<]+)</loc>", xml)
        root = site_dir / prefix
        built = {("" if p.parent == root else p.parent.relative_to(root).as_posix() + "/")
                 for p in root.rglob("index.html")
                 if p.relative_to(root).parts[0] not in ("en", "zh-Hans", "assets", "examples", "search")}
        assert sorted(loc[len("http://127.0.0.1:8000/" + prefix):] for loc in locs) == sorted(built), prefix
        assert set(PAGES) <= built
        assert all(loc.startswith("http://127.0.0.1:8000/" + prefix) for loc in locs)
        if not prefix:
            assert not any("/en/" in loc or "/zh-Hans/" in loc for loc in locs)


def test_service_worker_precaches_everything_under_a_versioned_cache(site_dir):
    sw = (site_dir / "sw.js").read_text(encoding="utf-8")
    generated = (site_dir / RUNTIME_DIR / "generated.js").read_text(encoding="utf-8")
    build_hash = re.search(r'"hash": "([0-9a-f]+)"', generated).group(1)
    assert f'const CACHE = "tianjiu-{tianjiu_core.__version__}-{build_hash}";' in sw
    groups = json.loads(re.search(r"const FILES = (\{.*?\});", sw, re.S).group(1))
    assert set(groups) == {"common", "hant", "hans", "en"}
    files = [f for g in groups.values() for f in g]
    for group, needed in (("hant", "index.html"), ("en", "en/playground/index.html"), ("hans", "zh-Hans/embed/index.html"),
                          ("common", "404.html"), ("common", f"{RUNTIME_DIR}/pyodide/pyodide.asm.wasm"),
                          ("common", f"{RUNTIME_DIR}/pyodide/python_stdlib.zip"), ("common", f"{RUNTIME_DIR}/generated.js"),
                          ("common", f"{RUNTIME_DIR}/tiles.svg"), ("common", "search/search_index.json"),
                          ("en", "en/search/search_index.json"), ("common", "examples/embed.html"), ("common", "sitemap.xml"),
                          ("common", "zh-Hans/sitemap.xml"), ("common", "en/sitemap.xml"), ("hant", "puzzles/0365/index.html"), ("common", "puzzles/0365.toml")):
        assert needed in groups[group], (group, needed)
    # every file of the build in exactly one group: nothing is left out, nothing twice
    every = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    every -= {f for f in every if f == "sw.js" or f.endswith((".map", "sitemap.xml.gz")) or f.startswith("screenshots/")}
    assert len(files) == len(set(files)) and set(files) == every
    # (every language's sitemap is common: each page's language switcher reads all three)
    assert not any(f.startswith(("en/", "zh-Hans/")) and not f.endswith("/sitemap.xml")
                   for f in groups["hant"] + groups["common"])
    assert any(f.endswith(".whl") for f in groups["common"])
    assert all((site_dir / f).is_file() for f in files)
    assert not any(f.endswith(".map") or f == "sw.js" for f in files)


def test_every_interface_string_used_in_js_is_defined():
    strings = runtime.load_strings(ROOT / "site" / RUNTIME_DIR / "strings.toml")
    used = set()
    for js in (ROOT / "site").rglob("*.js"):
        text = js.read_text(encoding="utf-8")
        used |= set(re.findall(r"""\bt\((?:[\w.]+,\s*)?["'](\w+\.[\w.]+)["']""", text))
        used |= set(re.findall(r"""\bt\(`(\w[\w.]*)\.\$\{""", text))  # t(`pg.tray.${tray}`) prefixes
    missing = sorted(k for k in used if k not in strings["en"]
                     and not any(s.startswith(k + ".") for s in strings["en"]))
    assert missing == []
    assert len(used) > 30


def test_strings_file_needs_both_languages(tmp_path):
    bad = tmp_path / "strings.toml"
    bad.write_text('[pg]\ntitle = { hant = "選牌" }\n', encoding="utf-8")
    with pytest.raises(runtime.SiteBuildError, match=r"pg\.title: needs hant and en strings \(missing en\)"):
        runtime.load_strings(bad)


def test_a_placeholder_inside_a_plural_form_is_refused(tmp_path):
    bad = tmp_path / "strings.toml"
    bad.write_text('[pz]\nplayed = { hant = "頭 {n} 步", en = "first {n|move was|{n} moves were} graded" }\n',
                   encoding="utf-8")
    with pytest.raises(runtime.SiteBuildError, match=r"pz\.played: en: a brace that is no placeholder"):
        runtime.load_strings(bad)
    bad.write_text('[pz]\nplayed = { hant = "頭 {n} 步", en = "first {n} {n|move was|moves were} graded" }\n',
                   encoding="utf-8")
    assert runtime.load_strings(bad)["en"]["pz.played"] == "first {n} {n|move was|moves were} graded"


def test_jieba_terms_are_current():
    assert terms.PATH.read_text(encoding="utf-8") == "".join(f"{w} 200000 n\n" for w in terms.terms()), \
        "run `python -m tianjiu_site terms`"
    assert {"四天九", "铜锤六", "至尊"} <= set(terms.terms())


def test_requirements_are_pinned():
    lines = [line.split("#")[0].strip() for line in (ROOT / "requirements-dev.txt").read_text().splitlines()]
    reqs = [line for line in lines if line]
    assert reqs and all(re.fullmatch(r"[A-Za-z0-9_.\-]+==[0-9][\w.]*", r) for r in reqs), reqs
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == \
        json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"] == []


def test_deploying_under_a_sub_path(tmp_path):
    """SITE_URL=https://example.org/tiengow/: the language switcher and the
    sitemaps point under /tiengow/, the rest of the site is relative."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "SITE_URL": "https://example.org/tiengow/", "NO_MKDOCS_2_WARNING": "1"}
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(ROOT / "mkdocs.yml"),
                           "-d", str(tmp_path)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    html = page(tmp_path, "en/playground/")
    assert re.findall(r'<a href="([^"]+)" hreflang="([^"]+)" class="md-select__link"', html) == [
        ("/tiengow/", "zh-Hant"), ("/tiengow/zh-Hans/", "zh-Hans"), ("/tiengow/en/", "en")]
    xml = (tmp_path / "en" / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://example.org/tiengow/en/playground/</loc>" in xml


def test_engine_pages_start_the_worker_from_the_top_of_head(site_dir):
    """Pages with an engine widget start the worker first thing in <head> (before the
    stylesheets, which would hold an inline script back); pages without one do not."""
    for path, depth in (("", 0), ("en/playground/", 2), ("zh-Hans/lessons/03-plays/", 3), ("daily/", 1)):
        html = page(site_dir, path)
        head = html[:html.index("</head>")]
        assert head.count("__tianjiuEarlyWorker") == 1, path
        assert f'new URL("{"../" * depth}{RUNTIME_DIR}/worker.js",location.href)' in head, path
        assert head.index("__tianjiuEarlyWorker") < head.index('rel="stylesheet"'), path
    for path in ("glossary/", "en/glossary/", "lessons/"):
        assert "__tianjiuEarlyWorker" not in page(site_dir, path), path
    # the worker needs only build.js (generated.js is ~50 kB), and it agrees with generated.js
    rt = site_dir / RUNTIME_DIR
    build = re.search(r"export const BUILD = (\{.*?\});", (rt / "build.js").read_text(encoding="utf-8")).group(1)
    assert build in (rt / "generated.js").read_text(encoding="utf-8")
    assert 'from "./build.js"' in (rt / "worker.js").read_text(encoding="utf-8")
    # the other-origin example belongs on a second origin, not in the site
    assert (site_dir / "examples" / "embed.html").is_file()
    assert not (site_dir / "examples" / "other-origin").exists()


def test_the_server_lets_other_origins_embed_the_runtime():
    import urllib.request

    server, url = serve.start_background(ROOT / "examples")
    try:
        with urllib.request.urlopen(url + "embed.html") as response:
            assert response.headers["Access-Control-Allow-Origin"] == "*"
            assert response.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()
        server.server_close()


def test_the_wheel_is_registered_in_pyodide_lock(site_dir):
    """`pyodide lockfile add-wheels` (pyodide-build, when ./run found Python >= 3.12) adds the
    engine to Pyodide's lock file: loadPackage("tianjiu-core") finds it by name."""
    import hashlib

    if runtime.lock_tool() is None:
        pytest.skip("pyodide-build is not installed (no Python >= 3.12): the lock file stays Pyodide's own")
    pyodide_dir = site_dir / RUNTIME_DIR / "pyodide"
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    upstream = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    entry = lock["packages"]["tianjiu-core"]
    wheel = pyodide_dir / entry["file_name"]
    assert entry["file_name"] == f"tianjiu_core-{tianjiu_core.__version__}-py3-none-any.whl"
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["imports"] == ["tianjiu_core"] and entry["depends"] == [] and entry["version"] == tianjiu_core.__version__
    assert set(lock["packages"]) - set(upstream["packages"]) == {"tianjiu-core"}   # nothing else changed
    assert lock["info"] == upstream["info"]


def test_pyodide_loads_the_engine_by_name_from_the_lock_file(site_dir, tmp_path):
    """Any Pyodide pointed at the folder (here under Node) installs the engine by name."""
    import shutil
    import subprocess

    if runtime.lock_tool() is None or shutil.which("node") is None:
        pytest.skip("pyodide-build or node missing")
    pyodide_dir = (site_dir / RUNTIME_DIR / "pyodide").as_posix() + "/"
    script = tmp_path / "by_name.mjs"
    script.write_text(f"""
import {{ loadPyodide }} from {json.dumps(pyodide_dir + "pyodide.mjs")};
const py = await loadPyodide({{ indexURL: {json.dumps(pyodide_dir)} }});
await py.loadPackage("tianjiu-core", {{ messageCallback: () => {{}} }});
const bridge = py.pyimport("tianjiu_core.bridge");
console.log(bridge.handle_json(JSON.stringify({{ op: "classify", tiles: "66 66 36 45" }})));
""", encoding="utf-8")
    proc = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout.strip().splitlines()[-1])["result"]["name_en"] == "Four Teen Gow"


def test_without_pyodide_build_the_lock_file_stays_pyodides_own(tmp_path, monkeypatch):
    """No Python >= 3.12 (so no pyodide-build): the build says why and keeps Pyodide's lock
    file; the worker loads the wheel by URL either way."""
    import shutil

    monkeypatch.setenv("TIANJIU_PYODIDE_CLI", str(tmp_path / "missing" / "pyodide"))
    monkeypatch.setattr(runtime, "ROOT", tmp_path)             # an empty .cache/
    upstream = ROOT / "node_modules/pyodide/pyodide-lock.json"
    shutil.copy2(upstream, tmp_path / "pyodide-lock.json")
    (tmp_path / "tianjiu_core-0.1.0-py3-none-any.whl").write_bytes(b"PK not really")
    why = runtime.register_wheel(tmp_path, "tianjiu_core-0.1.0-py3-none-any.whl")
    assert why.startswith("not registered: pyodide-build is not installed (it needs Python >= 3.12")
    assert (tmp_path / "pyodide-lock.json").read_bytes() == upstream.read_bytes()


def test_no_simplified_page_says_shenme_the_old_way(site_dir):
    """OpenCC turns 甚麼 into 甚么, which a mainland reader does not write: the sources say 什麼
    (→ 什么), as the lessons do.  Every built 简体 page and the puzzle data are checked."""
    bad = [str(p.relative_to(site_dir)) for p in (site_dir / "zh-Hans").rglob("*.html")
           if "甚么" in p.read_text(encoding="utf-8")]
    bad += [str(p.relative_to(site_dir)) for p in [*site_dir.rglob("*.json"), *site_dir.rglob("*.toml")]
            if "甚么" in p.read_text(encoding="utf-8") or "甚麼" in p.read_text(encoding="utf-8")]
    assert bad == []


def test_simplified_pages_use_mainland_words(site_dir):
    """OpenCC's hk2s changes characters, not words: 字元, 栏位, 档案, 载入 … are Hong Kong /
    Taiwan computing words.  hans.MAINLAND replaces them on every 简体 page (outside the parts
    kept in 繁體), and the browser's toHans does the same for the engine's messages."""
    import re as _re
    words = [k for k, _v, _n in hans.mainland_phrases()]
    keep = _re.compile(r'<(\w+)[^>]*\blang="zh-Hant"[^>]*>.*?</\1>|<script\b.*?</script>', _re.S)
    found = {}
    pattern, table = hans._mainland_re()     # (longest first: 预设规则 is kept, 预设 is not)
    for p in (site_dir / "zh-Hans").rglob("*.html"):
        text = _re.sub(r"<[^>]*>", " ", keep.sub("", p.read_text(encoding="utf-8")))  # text, not ids
        for m in pattern.finditer(text):
            if table[m.group(0)] != m.group(0):
                found.setdefault(m.group(0), str(p.relative_to(site_dir)))
    assert found == {}
    embed = (site_dir / "zh-Hans/embed/index.html").read_text(encoding="utf-8")
    assert "字段" in embed and "个字符" in embed and "栏位" not in embed
    generated = (site_dir / "assets/tianjiu/generated.js").read_text(encoding="utf-8")
    assert '["栏位", "字段", ""]' in generated and '["连结", "链接", "算"]' in generated
    assert len(words) == len(hans.MAINLAND)


def test_simplified_pages_use_mainland_quotes_and_words(site_dir):
    """Corner quotes 「」『』, 令 = "make" (令你少贏), 會所 (the Club player), 重播 and 指令 are Hong
    Kong usage: no built 简体 page shows them outside the parts kept in 繁體 (hans.MAINLAND), and
    命令 / 口令 keep their 令."""
    import re as _re
    keep = _re.compile(r'<(\w+)[^>]*\b(?:lang="zh-Hant"|translate="no")[^>]*>.*?</\1>|<script\b.*?</script>', _re.S)
    hk = _re.compile(r"[「」『』]|(?<![命口司法号])令(?:你|这|每人)|会所|重播|指令|留来")
    found = {}
    for p in (site_dir / "zh-Hans").rglob("*.html"):
        text = _re.sub(r"<[^>]*>", " ", keep.sub("", p.read_text(encoding="utf-8")))
        for m in hk.finditer(text):
            found.setdefault(m.group(0), str(p.relative_to(site_dir)))
    assert found == {}
    page = lambda path: (site_dir / "zh-Hans" / path / "index.html").read_text(encoding="utf-8")
    assert "找出让这手牌赢得最多" in page("puzzles") and "尽力让你少赢" in page("puzzles")
    assert "俱乐部" in page("play") and "回放" in page("play") and "预设规则" in page("embed")
    assert "“" in page("lessons/08-deal") and "”" in page("lessons/08-deal")
    generated = (site_dir / "assets/tianjiu/generated.js").read_text(encoding="utf-8")
    assert '["「", "“", ""]' in generated and '["令你", "让你", ""]' in generated
    assert "俱乐部" in generated and "会所" not in generated.split("HANS_PHRASES")[0]


def test_glossary_gives_pinyin_and_jyutping(site_dir):
    """Every glossary row gives Mandarin pinyin (tone marks) beside the Cantonese jyutping, in
    all three languages."""
    import re as _re
    for path, head in (("glossary/", "拼音"), ("zh-Hans/glossary/", "拼音"), ("en/glossary/", "Pinyin")):
        html = page(site_dir, path)
        assert f"<th>{head}</th>" in html, path
        heads = _re.findall(r"<th>(.*?)</th>", html.split("</thead>")[0])
        jyut = next(i for i, h in enumerate(heads) if h in ("Jyutping", "粵拼", "粤拼"))
        pin = heads.index(head)
        if path.startswith("en/"):   # English and its meaning come first (a phone shows them)
            assert heads[:3] == ["繁體", "English", "Meaning"], heads
        rows = _re.findall(r"<tr>\s*<td>.*?</tr>", html, _re.S)
        assert len(rows) == 92, path
        for row in rows:
            cells = _re.findall(r"<td>(.*?)</td>", row, _re.S)
            assert len(cells) == 7 and _re.fullmatch(r"[a-z0-9 ,]+", cells[jyut]), (path, cells)
            assert _re.search(r"[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ]", cells[pin]), (path, cells)
    assert "zhì zūn" in page(site_dir, "zh-Hans/glossary/") and "zi3 zyun1" in page(site_dir, "zh-Hans/glossary/")


def test_simplified_section_anchors_are_simplified_and_every_in_page_link_lands(site_dir):
    """The headings' ids came from the 繁體 text (zh-Hans/play/#打的時候): a 简体 reader's section
    link said 繁體 words.  Now id, permalink, table of contents and search index say 打的时候, and
    every ``#`` link of every 简体 page names an id of that page."""
    import re
    from urllib.parse import unquote
    play = page(site_dir, "zh-Hans/play/")
    assert '<h2 id="打的时候"' in play and 'href="#打的时候"' in play and "打的時候" not in play
    assert '<h2 id="打的時候"' in page(site_dir, "play/")
    index = json.loads((site_dir / "zh-Hans" / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {d["location"] for d in index["docs"]}
    assert "play/#打的时候" in locations and "play/#打的時候" not in locations
    links = 0
    for path in (site_dir / "zh-Hans").rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        ids = set(re.findall(r'\bid="([^"]*)"', html))
        for frag in re.findall(r'href="#([^"]+)"', html):
            links += 1
            assert unquote(frag) in ids, (path, frag)
    assert links > 1000


def test_every_table_header_cell_says_what_its_column_is(site_dir):
    """Two tables of /paigow/03-setting/ had an empty first header cell (the settings' numbers
    below it): a screen reader read the column's cells with no name."""
    empty = []
    for path in site_dir.rglob("*.html"):
        for table in re.findall(r"<table>.*?</table>", path.read_text(encoding="utf-8"), flags=re.S):
            if re.search(r"<th[^>]*>\s*</th>", table):
                empty.append(path.relative_to(site_dir).as_posix())
    assert empty == []


def test_serve_on_another_port_builds_pages_that_name_that_port(monkeypatch, tmp_path):
    """`./run serve --port 8123` built pages whose canonical links said :8000 (mkdocs.yml's
    site_url): the build now gets the address it is served at, unless $SITE_URL is set."""
    import tianjiu_site.__main__ as cli
    import tianjiu_site.serve as srv
    calls = []
    monkeypatch.setattr(cli, "build", lambda out, strict=False, site_url=None: calls.append(site_url) or 0)
    monkeypatch.setattr(srv, "serve", lambda *a, **k: calls.append("served"))
    monkeypatch.delenv("SITE_URL", raising=False)
    assert cli.main(["serve", "--port", "8123", "--out", str(tmp_path)]) == 0
    assert calls == ["http://127.0.0.1:8123/", "served"]
    calls.clear()
    monkeypatch.setenv("SITE_URL", "https://example.org/tiengow/")
    assert cli.main(["serve", "--port", "8123", "--out", str(tmp_path)]) == 0
    assert calls == [None, "served"]

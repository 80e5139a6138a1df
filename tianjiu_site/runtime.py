"""The browser runtime the build writes next to the pages.

Everything the engine needs in a browser lives in ONE folder of the built site,
``assets/tianjiu/`` (:data:`RUNTIME_DIR`) — that is the folder an embedding
site copies:

===========================  ==================================================
``tianjiu.js``               the ES module pages import (from ``site/``)
``worker.js``, ``engine.js``  the Web Worker and its client (from ``site/``)
``widgets/*.js``, ``*.css``   widgets and their styles (from ``site/``)
``generated.js``              written here: build info, tile data and names, interface
                              strings in three languages, engine labels
``tiles.svg``                 the tile sprite (:func:`tianjiu_core.svg.sprite_svg`)
``pyodide/``                  Pyodide, copied from ``node_modules/pyodide``, and beside it
                              the ``tianjiu_core`` wheel (``python -m build``; with each
                              module's ``.pyc`` compiled by Pyodide: :mod:`.pyc`), registered in
                              ``pyodide/pyodide-lock.json`` by ``pyodide lockfile add-wheels``
                              (:func:`register_wheel`) so that ``loadPackage("tianjiu-core")``
                              finds it like any Pyodide package
===========================  ==================================================

Repository folders listed in :data:`COPY_DIRS` (``examples/``, ``puzzles/``)
are copied to the site root under the same name.

At the site root the build also writes ``sw.js``, the service worker that
makes the site work offline (cache name keyed by version and build hash).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from . import hans, pyc

__all__ = ["ROOT", "RUNTIME_DIR", "PYODIDE_FILES", "build_wheel", "write_runtime",
           "write_service_worker", "load_strings", "SiteBuildError", "needs_engine", "head_start",
           "load_watch"]

ROOT = Path(__file__).resolve().parent.parent
RUNTIME_DIR = "assets/tianjiu"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")
"""The files of the npm ``pyodide`` package a browser needs (no packages: we load our wheel)."""

LANGS = ("hant", "hans", "en")

COPY_DIRS: dict[str, tuple[str, ...]] = {
    "examples": ("*.html", "*.css", "*.js"),   # the standalone embedding example(s)
    "puzzles": ("*.toml",),                    # puzzle files, for <tj-puzzle src="…">
}
"""Repository folders copied into the built site as they are (same name), by pattern."""

COPY_SKIP = ("examples/other-origin/",)
"""Not copied: ``examples/other-origin/`` embeds the runtime from another origin by URL, so it is
served from a second origin, never from the site itself (tests/site/test_startup.py does)."""


LOCK_TOOLS = ROOT / ".venv-pyodide"
"""pyodide-build (``requirements-pyodide.txt``, Python >= 3.12), installed there by ``./run``."""


class SiteBuildError(RuntimeError):
    """The site cannot be built (missing Pyodide, wheel build failed, bad strings file)."""


# --------------------------------------------------------------------------- wheel


def _source_hash() -> str:
    h = hashlib.sha256()
    files = sorted(p for p in (ROOT / "tianjiu_core").rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts)
    for p in files + [ROOT / "pyproject.toml", ROOT / "README.md"]:
        if p.exists():
            h.update(p.relative_to(ROOT).as_posix().encode())
            h.update(p.read_bytes())
    return h.hexdigest()[:16]


def build_wheel(cache: Path | None = None) -> Path:
    """Build the ``tianjiu_core`` wheel with ``python -m build --wheel`` (hatchling)
    and return its path.  Cached in ``.cache/wheels/<source hash>/`` so that
    rebuilding the site without engine changes does not rebuild the wheel.
    Raises :class:`SiteBuildError` with the build's output when it fails."""
    cache = cache or ROOT / ".cache" / "wheels"
    out = cache / _source_hash()
    found = sorted(out.glob("tianjiu_core-*-py3-none-any.whl")) if out.exists() else []
    if found:
        return found[-1]
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    cmd = [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp), str(ROOT)]
    try:
        import hatchling  # noqa: F401  (build without an isolated env: offline and fast)
        cmd.insert(4, "--no-isolation")
    except ImportError:
        pass
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    wheels = sorted(tmp.glob("tianjiu_core-*-py3-none-any.whl"))
    if proc.returncode != 0 or not wheels:
        raise SiteBuildError(f"building the tianjiu_core wheel failed ({' '.join(cmd)}):\n"
                             f"{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    for old in cache.iterdir():  # keep the cache small
        if old != out and old.is_dir() and not old.name.endswith(".tmp"):
            shutil.rmtree(old, ignore_errors=True)
    return out / wheels[0].name


# --------------------------------------------------------------------------- strings


def _flatten(table: dict, prefix: str = "") -> dict[str, dict]:
    out: dict[str, dict] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and ("hant" in value or "en" in value):
            out[name] = value
        elif isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        else:
            raise SiteBuildError(f"strings: {name} must be a table {{ hant = …, en = … }}")
    return out


def load_strings(path: Path) -> dict[str, dict[str, str]]:
    """Interface strings from ``strings.toml``: ``{lang: {key: text}}`` for the
    three languages.  Every key needs ``hant`` and ``en``; ``hans`` is generated
    with OpenCC unless given.  Raises :class:`SiteBuildError` naming the key."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise SiteBuildError(f"{path}: {exc}") from None
    out: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    for key, value in sorted(_flatten(data).items()):
        missing = [lang for lang in ("hant", "en") if not isinstance(value.get(lang), str)]
        extra = set(value) - set(LANGS)
        if missing or extra:
            raise SiteBuildError(f"{path}: {key}: needs hant and en strings"
                                 f"{' (missing ' + ', '.join(missing) + ')' if missing else ''}"
                                 f"{' (unknown ' + ', '.join(sorted(extra)) + ')' if extra else ''}")
        for lang in LANGS:
            text = value.get(lang)
            left = _PLACEHOLDER.sub("", text) if isinstance(text, str) else ""
            if "{" in left or "}" in left:
                raise SiteBuildError(f"{path}: {key}: {lang}: a brace that is no placeholder "
                                     "({name} or {name|one|many}, no braces inside): "
                                     f"{text!r}")
        out["hant"][key] = value["hant"]
        out["en"][key] = value["en"]
        out["hans"][key] = value.get("hans") or hans.text(value["hant"])
    return out


_PLACEHOLDER = re.compile(r"\{\w+\}|\{\w+\|[^|{}]*\|[^|{}]*\}")
"""What i18n.js ``t()`` fills in: ``{name}`` and ``{name|one|many}`` (a plural form may not hold
a placeholder: ``{n|move was|{n} moves were}`` reached the page as it was written)."""


# --------------------------------------------------------------------------- generated.js


def _hans_chars() -> dict[str, str]:
    """繁→简 for every Han character in the engine's sources and the puzzle files (engine
    messages, labels and puzzle texts are 繁體; the browser converts them with this table)."""
    chars: set[str] = set()
    for p in [*sorted((ROOT / "tianjiu_core").rglob("*.py")), *(ROOT / "puzzles").glob("*.toml")]:
        chars.update(ch for ch in p.read_text(encoding="utf-8") if "\u3400" <= ch <= "\u9fff")
    table = {}
    for ch in sorted(chars):
        s = hans.text(ch)
        if s != ch and len(s) == 1:
            table[ch] = s
    return table


def build_info(wheel_name: str, build_hash: str, offline: bool = True) -> dict[str, Any]:
    """``BUILD`` of ``generated.js`` and ``build.js``: version, build hash, wheel, Pyodide version."""
    import tianjiu_core

    pyodide_version = json.loads((ROOT / "node_modules/pyodide/package.json").read_text())["version"]
    return {"version": tianjiu_core.__version__, "hash": build_hash,
            "wheel": f"pyodide/{wheel_name}", "pyodide": pyodide_version, "offline": offline}


def build_js(wheel_name: str, build_hash: str, offline: bool = True) -> str:
    """The text of ``build.js``: ``BUILD`` alone, all the worker needs (generated.js is 50 kB)."""
    return ("// Generated by tianjiu_site/runtime.py at build time: do not edit.\n"
            f"export const BUILD = {json.dumps(build_info(wheel_name, build_hash, offline))};\n")


def generated_js(wheel_name: str, strings_path: Path, build_hash: str, offline: bool = True) -> str:
    """The text of ``generated.js``: the data the browser needs before (and
    without) the engine — tile names, sprite geometry, labels, the Pai Gow house ways' keys
    (a saved setting's way is checked against them) and strings."""
    import tianjiu_core
    from tianjiu_core import svg
    from tianjiu_core.notation import SEAT_NAMES
    from tianjiu_core.paigow import HOUSE_WAYS
    from tianjiu_core.tiengow.game import NATURAL_NAMES
    from tianjiu_core.tiengow.plays import CLASS_NAMES
    from tianjiu_core.tiengow.scoring import FINISH_LABELS, RULE_LABELS
    from tianjiu_core.tiles import ALIASES, TILES

    build = build_info(wheel_name, build_hash, offline)
    tiles = [{"code": t.code, "hant": t.name_hant, "hans": t.name_hans, "en": t.name_en,
              "suit": t.suit, "copies": t.copies, "red": t.red, "white": t.white}
             for t in TILES]
    # every spelling the engine's notation accepts (tiles.ALIASES: 繁/简/English names, meanings,
    # Jyutping, aliases; keys as tiles.alias_key writes them) → the codes it names, table order:
    # tiles.js parses with it as notation._tokens does, so typed names need no engine
    names = {key: [TILES[i].code for i in sorted(faces)] for key, faces in sorted(ALIASES.items())}
    sprite = {"viewBox": svg.VIEWBOX, "aspect": svg.ASPECT,
              "back": {lang: svg.tile_label(None, lang) for lang in LANGS}}
    labels = {"classes": CLASS_NAMES, "rules": RULE_LABELS, "finishes": FINISH_LABELS,
              "seats": SEAT_NAMES, "naturals": {k: v[:3] for k, v in NATURAL_NAMES.items()}}
    parts = [
        "// Generated by tianjiu_site/runtime.py at build time: do not edit.",
        f"export const BUILD = {json.dumps(build, ensure_ascii=False)};",
        f"export const TILES = {json.dumps(tiles, ensure_ascii=False)};",
        f"export const TILE_NAMES = {json.dumps(names, ensure_ascii=False, separators=(',', ':'))};",
        f"export const SPRITE = {json.dumps(sprite, ensure_ascii=False)};",
        f"export const LABELS = {json.dumps(labels, ensure_ascii=False)};",
        f"export const PAIGOW_HOUSE_WAYS = {json.dumps(list(HOUSE_WAYS))};",
        # their names, for a menu drawn before the engine is ready (then the engine's list)
        f"export const PAIGOW_HOUSE_WAY_NAMES = {json.dumps({k: [w.name_en, w.name_hant] for k, w in HOUSE_WAYS.items()}, ensure_ascii=False)};",
        f"export const STRINGS = {json.dumps(load_strings(strings_path), ensure_ascii=False, indent=0)};",
        f"export const HANS_CHARS = {json.dumps(_hans_chars(), ensure_ascii=False)};",
        f"export const HANS_PHRASES = {json.dumps(hans.mainland_phrases(), ensure_ascii=False)};",
        "",
    ]
    return "\n".join(parts)


# --------------------------------------------------------------------------- start-up


_ENGINE_WIDGET = re.compile(r"<tj-(?!(?:tiles|lesson-progress|puzzle-finder|paigow-progress)[\s>])[a-z0-9-]+[\s>]")
"""A widget element that calls the engine (every ``tj-`` widget but ``<tj-tiles>`` and the
progress lists, which read only what the device saved)."""

HEAD_START = """<script>/* tianjiu: start the engine worker now, before the page's scripts load (engine.js adopts it; \
if this fails, engine.js starts it itself and says why) */(function(){try{var q=[],w=new Worker(\
new URL("__WORKER__",location.href).href,{type:"module",name:"tianjiu-engine"});w.onmessage=function(e){q.push(e)};\
w.onerror=function(e){e.preventDefault();q.push(e)};window.__tianjiuEarlyWorker={worker:w,queue:q,\
startedAt:performance.now()}}catch(e){}})();</script>"""
"""The first thing in ``<head>`` of a page with an engine widget (see :func:`head_start`)."""

SEARCH_LATER = """<script>/* tianjiu: Material's search worker waits (its messages queued) until the engine is up, \
the reader turns to search, or 8 s have passed: building the search index takes CPU the engine's start needs \
on a small machine (benchmarks/site_load.py) */(function(){var R=window.Worker;if(!R||!window.EventTarget)return;\
function L(u,o){if(!/\\/workers\\/search\\.[^\\/]*js/.test(String(u)))return new R(u,o);\
u=new URL(u,location.href).href;var t=new EventTarget(),q=[],w=null,dead=false;function go(){if(w||dead)return;w=new R(u,o);\
["message","messageerror","error"].forEach(function(k){w.addEventListener(k,function(e){\
var f=k==="error"?new Event(k):new MessageEvent(k,{data:e.data});t.dispatchEvent(f);\
if(typeof t["on"+k]==="function")t["on"+k](f)})});while(q.length)w.postMessage(q.shift())}\
t.postMessage=function(m){w?w.postMessage(m):q.push(m)};t.terminate=function(){dead=true;q=[];if(w)w.terminate()};\
var d=document.documentElement,up=function(){return /^(ready|error)$/.test(d.dataset.engine||"")};\
if(up())go();else new MutationObserver(function(r,ob){if(up()){ob.disconnect();go()}})\
.observe(d,{attributes:true,attributeFilter:["data-engine"]});\
document.addEventListener("focusin",function(e){var x=e.target;if(x&&x.matches&&x.matches("[data-md-component=search-query]"))go()});\
setTimeout(go,8000);return t}L.prototype=R.prototype;window.Worker=L})();</script>"""
"""Also in ``<head>`` of a page with an engine widget, before Material's bundle: its search
worker (the lunr index of the whole site) is created as usual but starts when the engine is
ready or failed, when the search box gets the focus, or after 8 s, whichever comes first;
messages sent to it meanwhile are queued.  Its URL (relative to the page) is resolved at once:
by the time it starts, instant navigation may have moved to a page in another folder.  Every other worker is created as it asks."""


LOAD_WATCH = """<script>/* tianjiu: a file of the site that cannot be downloaded (a script, a module it imports, a \
style sheet, or the tile sprite, which tiles.js reports) would leave the page blank or broken without a word: say \
so, with a reload button */(function(){var shown=false,T=__TEXT__;function name(u){var f=String(u).split("?")[0].split("#")[0];\
try{var es=performance.getEntriesByType("resource");for(var i=0;i<es.length;i++){var x=es[i];\
if(x.responseStatus===0&&x.name.indexOf(location.origin+"/")===0&&/\\.(m?js|css)(\\?|$)/.test(x.name)){\
f=x.name.split("?")[0];break}}}catch(e){}return f.split("/").pop()}function show(f){if(shown)return;shown=true;\
function put(){var d=document.createElement("div");d.className="tj-load-failed";d.setAttribute("role","alert");\
d.lang=document.documentElement.lang;d.style.cssText="position:fixed;left:0;right:0;bottom:0;z-index:1000;\
padding:.6em 1em;background:#fff4d6;color:#1a1a1a;border-top:3px solid #b3261e;font:15px/1.4 system-ui,sans-serif";\
d.textContent=T.text.replace("{file}",f)+" ";var b=document.createElement("button");b.type="button";b.textContent=T.reload;\
b.style.cssText="font:inherit;padding:.2em .8em;margin-left:.3em;cursor:pointer";b.onclick=function(){location.reload()};\
d.appendChild(b);document.body.appendChild(d)}if(document.body)put();else document.addEventListener("DOMContentLoaded",put)}\
window.addEventListener("error",function(e){var s=e.target;if(!s||!s.tagName)return;if(s.tagName==="SCRIPT"&&s.src)show(name(s.src));\
else if(s.tagName==="LINK"&&/stylesheet/i.test(s.rel||"")&&s.href)show(name(s.href))},true);\
window.addEventListener("tianjiu-load-failed",function(e){show(String(e.detail&&e.detail.file||"?"))})})();</script>"""
"""The first thing in ``<head>`` of every page (see :func:`load_watch`): when a ``<script src>``
fails to download (for a module: it or any module it imports, which the browser reports on
the importing ``<script>``; the bar names the file that failed when the browser's resource
timing lists it), a style sheet does, or ``tiles.js`` reports the tile sprite missing (event
``tianjiu-load-failed``, detail ``{file}``), a bar at the foot of the window says so in the
page's language and offers a reload.  Styled inline: the style sheet may be what failed.
Not a module, and inline, so that it runs whatever else fails."""


def load_watch(html: str, strings: dict[str, str]) -> str:
    """``html`` with :data:`LOAD_WATCH` right after ``<meta charset>``, its words from
    ``strings`` (one language of :func:`load_strings`: ``page.downloadFailed`` with a
    ``{file}`` placeholder, ``page.reload``).

    >>> out = load_watch('<head><meta charset="utf-8"><title>x</title></head>',
    ...                  {"page.downloadFailed": "Lost {file}", "page.reload": "Reload"})
    >>> out.count("<script>"), '"text": "Lost {file}"' in out, out.index("<script>") > out.index("<meta")
    (1, True, True)
    """
    words = json.dumps({"text": strings["page.downloadFailed"], "reload": strings["page.reload"]},
                       ensure_ascii=False).replace("</", "<\\/")
    m = re.search(r"<meta charset=[^>]*>", html)
    at = m.end() if m else html.find("<head>") + len("<head>")
    return html[:at] + LOAD_WATCH.replace("__TEXT__", words) + html[at:]


def needs_engine(html: str) -> bool:
    """Whether a page has a widget that calls the engine.

    >>> needs_engine('<p><tj-tiles tiles="66"></tj-tiles></p>'), needs_engine('<tj-playground></tj-playground>')
    (False, True)
    """
    return _ENGINE_WIDGET.search(html) is not None


def head_start(html: str, page_url: str) -> str:
    """``html`` with :data:`HEAD_START` right after ``<meta charset>``, when the page has an
    engine widget: the worker (Pyodide's download and start) then begins while the browser
    is still reading ``<head>``, not after the page's modules have loaded.  ``page_url`` is
    the page's URL relative to the site root (``en/playground/``); pages without engine
    widgets are left alone (site.js starts the engine when the tab is idle).

    >>> out = head_start('<head><meta charset="utf-8"><title>x</title></head><tj-settle>', "en/playground/")
    >>> out.count("<script>"), '"../../assets/tianjiu/worker.js"' in out
    (2, True)
    >>> head_start('<head><meta charset="utf-8"></head><p>text</p>', "")
    '<head><meta charset="utf-8"></head><p>text</p>'
    """
    if not needs_engine(html):
        return html
    worker = "../" * (page_url or "").count("/") + f"{RUNTIME_DIR}/worker.js"
    m = re.search(r"<meta charset=[^>]*>", html)
    at = m.end() if m else html.find("<head>") + len("<head>")
    return html[:at] + HEAD_START.replace("__WORKER__", worker) + SEARCH_LATER + html[at:]


# --------------------------------------------------------------------------- the folder


def _hash_tree(root: Path, skip: set[str], extra: bytes = b"") -> str:
    h = hashlib.sha256(extra)
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if p.is_file() and rel not in skip and not rel.startswith("screenshots/"):
            h.update(rel.encode())
            h.update(hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()[:12]


def write_runtime(site_dir: Path, docs_dir: Path, *, offline: bool = True) -> dict[str, Any]:
    """Write the generated part of ``assets/tianjiu/`` into the built site
    (wheel, Pyodide, sprite, generated.js, favicon) and copy ``examples/``.
    ``offline=False`` (``mkdocs serve``) tells pages not to register the
    service worker.  Returns build info (``version``, ``hash``, ``wheel``)."""
    from tianjiu_core import svg

    rt = site_dir / RUNTIME_DIR
    rt.mkdir(parents=True, exist_ok=True)

    pyo_src = ROOT / "node_modules" / "pyodide"
    missing = [f for f in PYODIDE_FILES if not (pyo_src / f).is_file()]
    if missing:
        raise SiteBuildError(f"Pyodide is missing from node_modules/pyodide ({', '.join(missing)}): "
                             "run `npm ci` (./run does it for you)")
    pyo_dst = rt / "pyodide"
    pyo_dst.mkdir(exist_ok=True)
    for f in PYODIDE_FILES:
        src, dst = pyo_src / f, pyo_dst / f
        if not dst.exists() or dst.stat().st_size != src.stat().st_size \
                or dst.stat().st_mtime < src.stat().st_mtime:
            shutil.copy2(src, dst)
    (pyo_dst / "LICENSE.txt").write_text(
        "Pyodide (https://pyodide.org), Mozilla Public License 2.0; copied unmodified from the "
        "npm package `pyodide` pinned in package-lock.json.\n", encoding="utf-8")

    # the wheel with each module's .pyc compiled by Pyodide's Python under Node (pyc.py); the
    # plain wheel, and the reason, when that cannot be done
    wheel, compiled = pyc.compile_wheel(build_wheel())
    shutil.rmtree(rt / "wheels", ignore_errors=True)   # (where the wheel was before issue 12)
    for old in pyo_dst.glob("tianjiu_core-*.whl"):
        old.unlink()
    shutil.copy2(wheel, pyo_dst / wheel.name)
    shutil.copy2(pyo_src / "pyodide-lock.json", pyo_dst / "pyodide-lock.json")  # unmodified first
    lock = register_wheel(pyo_dst, wheel.name)

    (rt / "tiles.svg").write_text(svg.sprite_svg(), encoding="utf-8")
    favicon = svg.tile_svg("66", height=64, lang="en", css_class="tj-favicon")
    (rt / "favicon.svg").write_text(favicon, encoding="utf-8")

    for folder, patterns in COPY_DIRS.items():
        src = ROOT / folder
        if not src.is_dir():
            continue
        dst = site_dir / folder
        for pattern in patterns:  # stale copies only: pages live in the same folder (puzzles/)
            for old in (dst.rglob(pattern) if dst.is_dir() else ()):
                old.unlink()
        for pattern in patterns:
            for f in src.rglob(pattern):
                if f.relative_to(ROOT).as_posix().startswith(COPY_SKIP):
                    continue
                target = dst / f.relative_to(src)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(f, target)

    (rt / "generated.js").unlink(missing_ok=True)
    (rt / "build.js").unlink(missing_ok=True)
    strings = docs_dir / RUNTIME_DIR / "strings.toml"
    build_hash = _hash_tree(site_dir, skip={"sw.js", "sitemap.xml", "sitemap.xml.gz"},
                            extra=strings.read_bytes() if strings.exists() else b"")
    (rt / "generated.js").write_text(generated_js(wheel.name, strings, build_hash, offline), encoding="utf-8")
    (rt / "build.js").write_text(build_js(wheel.name, build_hash, offline), encoding="utf-8")
    import tianjiu_core
    return {"version": tianjiu_core.__version__, "hash": build_hash, "wheel": wheel.name, "lock": lock,
            "pyc": compiled}


def lock_tool() -> Path | None:
    """The ``pyodide`` command of pyodide-build (``TIANJIU_PYODIDE_CLI``, or ``.venv-pyodide/``), or None."""
    given = os.environ.get("TIANJIU_PYODIDE_CLI")
    cli = Path(given) if given else LOCK_TOOLS / "bin" / "pyodide"
    return cli if cli.is_file() else None


def register_wheel(pyodide_dir: Path, wheel_name: str) -> str:
    """Register the wheel ``pyodide_dir/wheel_name`` in ``pyodide_dir/pyodide-lock.json`` with
    ``pyodide lockfile add-wheels`` (pyodide-build, pinned in ``requirements-pyodide.txt``): an
    entry ``tianjiu-core`` with a relative ``file_name`` and the wheel's sha256.  The result is
    cached in ``.cache/pyodide-lock/`` by the inputs' hash (the tool takes ~2 s).

    Returns ``"registered"``, or why not (no pyodide-build: Python >= 3.12 missing) — then the
    lock file stays Pyodide's own; the worker loads the wheel by URL either way (it fetches it
    while Pyodide starts and unpacks it: faster than ``loadPackage``, see SITE.md).
    Raises :class:`SiteBuildError` when the tool runs and fails."""
    lock, wheel = pyodide_dir / "pyodide-lock.json", pyodide_dir / wheel_name
    key = hashlib.sha256(lock.read_bytes() + wheel.read_bytes() + wheel_name.encode()).hexdigest()[:16]
    cached = ROOT / ".cache" / "pyodide-lock" / f"{key}.json"
    if not cached.is_file():
        cli = lock_tool()
        if cli is None:
            return ("not registered: pyodide-build is not installed (it needs Python >= 3.12; "
                    "./run installs it into .venv-pyodide/ when python3.12+ is found)")
        out = pyodide_dir / "pyodide-lock-new.json"
        cmd = [str(cli), "lockfile", "add-wheels", "--input", str(lock), "--output", str(out),
               "--base-path", str(pyodide_dir), str(wheel)]
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=pyodide_dir)
        try:
            entry = json.loads(out.read_text(encoding="utf-8"))["packages"]["tianjiu-core"]
        except (OSError, ValueError, KeyError):
            entry = None
        if proc.returncode != 0 or not entry or entry.get("file_name") != wheel_name:
            raise SiteBuildError(f"registering the wheel in pyodide-lock.json failed ({' '.join(cmd)}):\n"
                                 f"{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
        cached.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(cached.parent, ignore_errors=True)   # keep one
        cached.parent.mkdir(parents=True)
        out.replace(cached)
    shutil.copy2(cached, lock)
    return "registered"


_NO_PRECACHE = re.compile(r"(^|/)(sw\.js|sitemap\.xml\.gz|.*\.map|screenshots/.*)$")
# (sitemap.xml stays: Material's instant navigation and language switcher read it, offline too)


def precache_groups(site_dir: Path) -> dict[str, list[str]]:
    """The files ``sw.js`` precaches, by language: ``{"common": [...], "hant": [...], "hans":
    [...], "en": [...]}``.  A language's group is its pages (``en/…``, ``zh-Hans/…``; for 繁體
    every other ``.html`` but ``404.html``); everything else (assets, Pyodide, the wheel, the
    puzzle files, search indexes, every language's sitemap) is common.  A visit precaches common and
    the page's language: with 365 puzzles a language's pages are 1,200+ files, 2.4 MB gzipped."""
    groups: dict[str, list[str]] = {"common": [], "hant": [], "hans": [], "en": []}
    for p in sorted(site_dir.rglob("*")):
        rel = p.relative_to(site_dir).as_posix()
        if not p.is_file() or _NO_PRECACHE.search(rel):
            continue
        if rel.endswith("/sitemap.xml"):
            # every language's: each page's language switcher and instant navigation read
            # the other languages' sitemaps too (offline, a missing one is a console error)
            groups["common"].append(rel)
        elif rel.startswith("en/"):
            groups["en"].append(rel)
        elif rel.startswith("zh-Hans/"):
            groups["hans"].append(rel)
        elif rel.endswith(".html") and rel != "404.html" and not rel.startswith(("assets/", "examples/")):
            groups["hant"].append(rel)
        else:
            groups["common"].append(rel)
    return groups


def write_service_worker(site_dir: Path, info: dict[str, Any]) -> Path:
    """Write ``sw.js`` at the site root: precache the build's files (pages, assets, Pyodide,
    the wheel) in a cache named ``tianjiu-<version>-<hash>`` — the common ones when it installs,
    a language's pages when a page of that language asks (:func:`precache_groups`)."""
    files = precache_groups(site_dir)
    template = (Path(__file__).parent / "sw.js.tmpl").read_text(encoding="utf-8")
    text = (template.replace("__CACHE__", json.dumps(f"tianjiu-{info['version']}-{info['hash']}"))
            .replace("__FILES__", json.dumps(files, ensure_ascii=False, indent=0)))
    path = site_dir / "sw.js"
    path.write_text(text, encoding="utf-8")
    return path


def write_dev_service_worker(site_dir: Path) -> Path:
    """Under ``mkdocs serve``: a ``sw.js`` that removes an earlier service worker
    and its caches, so live reload always shows fresh files."""
    path = site_dir / "sw.js"
    path.write_text(
        "// mkdocs serve: no offline cache; remove what an earlier build installed.\n"
        "self.addEventListener('install', () => self.skipWaiting());\n"
        "self.addEventListener('activate', (event) => event.waitUntil((async () => {\n"
        "  for (const key of await caches.keys()) if (key.startsWith('tianjiu-')) await caches.delete(key);\n"
        "  await self.registration.unregister();\n"
        "})()));\n", encoding="utf-8")
    return path


def tree_size(path: Path) -> int:
    """Bytes of all files under ``path``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else (
        path.stat().st_size if path.exists() else 0)

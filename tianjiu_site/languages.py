"""Each language folder as a site of its own, for Material's scripts.

The ``i18n`` plugin builds 繁體 at the root and the other languages in
``/zh-Hans/`` and ``/en/``, all as ONE MkDocs site: every page's Material
config says ``base`` = the root, and there is one search index and one
sitemap for all three.  Material's instant navigation, search and language
switcher expect one site per language, so after the build:

- ``base`` in each page's ``<script id="__config">`` points at its language's
  folder (:func:`rebase_pages`);
- the search index is split per language, locations made relative to the
  language folder (:func:`split_search_index`);
- each language folder gets its own ``sitemap.xml`` (:func:`split_sitemaps`).

Then search finds pages of the page's language only, instant navigation
stays inside one language (so ``<html lang>`` is always right), and the
language switcher opens the same page in the other language.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

__all__ = ["rebase_pages", "split_search_index", "split_sitemaps", "localize"]

_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


def rebase_pages(site_dir: Path, prefix: str) -> int:
    """Point ``base`` of every page under ``site_dir/prefix`` at that folder; returns pages changed."""
    count = 0
    for page in sorted((site_dir / prefix).rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        m = _CONFIG.search(text)
        if not m:
            continue
        config = json.loads(m.group(2))
        page_dir = page.parent.relative_to(site_dir).as_posix()
        config["base"] = posixpath.relpath(prefix, page_dir) + "/"
        new = m.group(1) + json.dumps(config, ensure_ascii=False) + m.group(3)
        page.write_text(text[:m.start()] + new + text[m.end():], encoding="utf-8")
        count += 1
    return count


def split_search_index(site_dir: Path, prefixes: list[str], lunr_lang: dict[str, list[str]]) -> None:
    """Move the entries of ``prefix/…`` pages into ``prefix/search/search_index.json``."""
    path = site_dir / "search" / "search_index.json"
    if not path.exists():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    docs = index["docs"]
    for prefix in prefixes:
        mine = [d for d in docs if d["location"] == prefix + "/" or d["location"].startswith(prefix + "/")]
        docs = [d for d in docs if d not in mine]
        part = {"config": dict(index["config"]),
                "docs": [{**d, "location": d["location"][len(prefix) + 1:]} for d in mine]}
        if prefix in lunr_lang:
            part["config"]["lang"] = lunr_lang[prefix]
        out = site_dir / prefix / "search" / "search_index.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    index["docs"] = docs
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def split_sitemaps(site_dir: Path, site_url: str, prefixes: list[str]) -> list[Path]:
    """One ``sitemap.xml`` per language folder (``prefixes`` such as ``["en",
    "zh-Hans"]``; the rest stays at the root).  Material's instant navigation
    then stays inside one language, and its language switcher finds the same
    page in the other language's sitemap."""
    import gzip
    import xml.etree.ElementTree as ET

    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    ET.register_namespace("", ns["s"])
    ET.register_namespace("xhtml", "http://www.w3.org/1999/xhtml")
    root_map = site_dir / "sitemap.xml"
    if not root_map.exists():
        return []
    tree = ET.parse(root_map)
    urls = tree.getroot().findall("s:url", ns)
    base = site_url.rstrip("/") + "/"
    groups: dict[str, list] = {"": []}
    for prefix in prefixes:
        groups[prefix] = []
    for url in urls:
        loc = (url.findtext("s:loc", default="", namespaces=ns) or "")
        rel = loc[len(base):] if loc.startswith(base) else loc
        key = next((p for p in prefixes if rel == p + "/" or rel.startswith(p + "/")), "")
        groups[key].append(url)
    written = []
    for key, items in groups.items():
        out = ET.Element(tree.getroot().tag, tree.getroot().attrib)
        out.extend(items)
        path = site_dir / key / "sitemap.xml" if key else root_map
        path.parent.mkdir(parents=True, exist_ok=True)
        data = ET.tostring(out, encoding="utf-8", xml_declaration=True)
        path.write_bytes(data)
        with gzip.GzipFile(path.with_suffix(".xml.gz"), "wb", mtime=0) as gz:
            gz.write(data)
        written.append(path)
    return written


def localize(site_dir: Path, site_url: str, prefixes: list[str]) -> None:
    """All of the above for the language folders ``prefixes`` (e.g. ``["zh-Hans", "en"]``)."""
    for prefix in prefixes:
        rebase_pages(site_dir, prefix)
    split_search_index(site_dir, prefixes, {"en": ["en"]})
    split_sitemaps(site_dir, site_url, prefixes)

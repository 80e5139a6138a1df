"""Build tooling of the 天九 site: MkDocs hooks, shortcodes, 简体 conversion,
the browser runtime (wheel, Pyodide, service worker) and a static server.

Not part of the engine wheel.  Conventions for page and widget authors: SITE.md.
"""

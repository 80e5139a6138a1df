"""``python -m tianjiu_site build|serve|terms`` — what ``./run build`` and ``./run serve`` call.

build [--out DIR] [--strict]   build the three-language site (default: build/)
serve [--port 8000] [--no-build]  build, then serve on http://127.0.0.1:PORT/
terms                          rewrite tianjiu_site/jieba_terms.txt from the engine's tables
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from .runtime import ROOT, RUNTIME_DIR, tree_size


def build(out: Path, strict: bool = False, site_url: str | None = None) -> int:
    """Build the site into ``out``; ``site_url`` (else $SITE_URL, else mkdocs.yml's
    http://127.0.0.1:8000/) is the address the pages name as theirs (canonical links,
    sitemaps)."""
    cmd = [sys.executable, "-m", "mkdocs", "build", "--clean", "-f", str(ROOT / "mkdocs.yml"),
           "-d", str(out)]
    if strict:
        cmd.append("--strict")
    env = None
    if site_url:
        env = {**os.environ, "SITE_URL": site_url}
    code = subprocess.call(cmd, cwd=ROOT, env=env)
    if code == 0:
        rt = out / RUNTIME_DIR
        print(f"built {out} ({tree_size(out) / 1e6:.1f} MB); the embeddable runtime is {rt} "
              f"({tree_size(rt) / 1e6:.1f} MB, of which Pyodide {tree_size(rt / 'pyodide') / 1e6:.1f} MB)",
              flush=True)
    return code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tianjiu_site", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="build the site")
    b.add_argument("--out", type=Path, default=ROOT / "build")
    b.add_argument("--strict", action="store_true")
    s = sub.add_parser("serve", help="build and serve the site")
    s.add_argument("--out", type=Path, default=ROOT / "build")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--no-build", action="store_true")
    s.add_argument("--verbose", action="store_true", help="log every request")
    sub.add_parser("terms", help="rewrite the jieba user dictionary")
    args = parser.parse_args(argv)
    if args.cmd == "build":
        return build(args.out.resolve(), args.strict)
    if args.cmd == "serve":
        if not args.no_build:
            # the pages name the address they are served at (canonical links), unless $SITE_URL
            # says otherwise
            host = "127.0.0.1" if args.host in ("0.0.0.0", "::", "") else args.host
            url = None if os.environ.get("SITE_URL") else f"http://{host}:{args.port}/"
            code = build(args.out.resolve(), site_url=url)
            if code:
                return code
        from .serve import serve
        serve(args.out.resolve(), args.host, args.port, quiet=not args.verbose)
        return 0
    if args.cmd == "terms":
        from .terms import write_terms
        print(write_terms())
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())

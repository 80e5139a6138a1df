"""A small static server for the built site (``./run serve``, the tests, the benchmark).

Python's ``http.server`` with the MIME types Pyodide needs (``.wasm`` as
``application/wasm``, ``.mjs`` as JavaScript), ``Cache-Control: no-cache``
(so a rebuilt site is revalidated, not taken stale from the HTTP cache),
``Access-Control-Allow-Origin: *`` (so another site can embed the runtime by URL:
the Embed page lists what a host must send), the site's ``404.html`` for missing
paths, and a quiet log.  ``extra`` serves a few more files from memory (the
benchmark's bare-Pyodide page).
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
from pathlib import Path

__all__ = ["Handler", "serve", "start_background"]


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves one directory (``directory=``) with the headers above."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".webmanifest": "application/manifest+json",
    }
    quiet = True
    extra: dict[str, tuple[str, bytes]] = {}   # URL path → (content type, body)

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path in self.extra:
            kind, body = self.extra[path]
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if path.endswith("sitemap.xml"):
            self._sitemap()
            return
        super().do_GET()

    def _sitemap(self) -> None:
        """Sitemaps hold absolute URLs (site_url); say the host actually serving them,
        so Material's instant navigation works on any port."""
        path = Path(self.translate_path(self.path.split("?")[0]))
        if not path.is_file():
            self.send_error(404)
            return
        text = path.read_text(encoding="utf-8")
        m = re.search(r"<loc>(https?://[^/<]+)", text)
        host = self.headers.get("Host")
        if m and host:
            text = text.replace(m.group(1), f"http://{host}")
        body = text.encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/xml; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        # embedding by URL from another origin: module scripts, the worker's imports and
        # Pyodide's fetches are CORS requests (a public static site: any origin may read it)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_error(self, code, message=None, explain=None):  # type: ignore[override]
        page = Path(self.directory) / "404.html"
        if code == 404 and page.is_file() and self.command == "GET":
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def log_message(self, format, *args):  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    allow_reuse_address = True
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001
        """A browser that leaves a page mid-download resets the connection: not worth a traceback."""
        import sys
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, extra=None):
    handler = functools.partial(type("SiteHandler", (Handler,), {"extra": dict(extra or {})}),
                                directory=str(directory))
    server = _Server((host, port), handler)
    server.daemon_threads = True
    return server


def serve(directory: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False) -> None:
    """Serve ``directory`` until interrupted."""
    Handler.quiet = quiet
    server = make_server(directory, host, port)
    print(f"Serving {directory} on http://{host}:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def start_background(directory: Path, host: str = "127.0.0.1", port: int = 0, extra=None):
    """Serve ``directory`` from a daemon thread; returns ``(server, base_url)``.
    ``port=0`` picks a free port; ``extra``: ``{url_path: (content_type, bytes)}`` served
    from memory.  Stop with ``server.shutdown()``."""
    server = make_server(directory, host, port, extra)
    thread = threading.Thread(target=server.serve_forever, name="tianjiu-site-server", daemon=True)
    thread.start()
    return server, f"http://{host}:{server.server_address[1]}/"

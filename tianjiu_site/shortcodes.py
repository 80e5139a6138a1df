"""Shortcodes: ``{{ tiles("66 66 36 45") }}`` in Markdown becomes HTML at build time.

A shortcode is a Python-call-shaped expression between ``{{`` and ``}}``.
Its arguments are literals only (strings, numbers, booleans, lists), parsed
with :mod:`ast` — never evaluated.  Shortcodes inside fenced code blocks and
inline code spans are left as they are, so pages can show the syntax.

Built in:

``{{ tiles("66 66 36 45") }}``
    a row of tile pictures (build-time SVG from :func:`tianjiu_core.svg.tiles_html`);
    the notation is anything ``parse_tiles`` accepts (``"天 天 九 九"`` too);
    ``?`` stands for a face-down tile.  Options: ``height=48`` (pixels).
``{{ tile("13") }}``
    one tile, same options.
``{{ widget("tj-playground") }}``
    a widget element in its own block (``<div class="tj-block">``), with
    optional attributes: ``{{ widget("tj-playground", tiles="66 36") }}``;
    ``inline=True`` leaves out the block (for widgets inside a sentence).

``{{ url("examples/embed.html") }}``
    the URL of a file of the built site, relative to the page (the same
    Markdown file is built at ``/`` and at ``/zh-Hans/``, so raw HTML links
    out of the pages must not hard-code ``../``).

Add one with :func:`shortcode`::

    @shortcode("puzzle")
    def _puzzle(ctx, src, *, height=56):
        return f'<tj-puzzle src="{ctx.asset(src)}"></tj-puzzle>'

``ctx`` is a :class:`Context`: the page language (``"hant"``, ``"hans"``,
``"en"``), the page's source path, and helpers.  Errors raise
:class:`ShortcodeError` with the file and line, which fails the build.

>>> ctx = Context(lang="en", src_path="x.md")
>>> expand('Four: {{ tiles("66 66 36 45", height=20) }}.', ctx).count("<svg")
4
>>> expand('`{{ tiles("66") }}` stays', ctx)
'`{{ tiles("66") }}` stays'
>>> expand('{{ widget("tj-playground", tiles="66 36") }}', ctx)
'<div class="tj-block"><tj-playground tiles="66 36"></tj-playground></div>'
>>> expand('{{ widget("tj-tiles", tiles="66", inline=True) }}', ctx)
'<tj-tiles tiles="66"></tj-tiles>'
>>> expand('line one\\n{{ tiles("77") }}', ctx)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tianjiu_site.shortcodes.ShortcodeError: x.md:2: {{ tiles("77") }}: NotationError: ...
"""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["shortcode", "expand", "Context", "ShortcodeError", "SHORTCODES"]

SHORTCODES: dict[str, Callable[..., str]] = {}

_CALL = re.compile(r"\{\{\s*(?P<expr>[A-Za-z_][\w]*\s*\((?:[^{}]|\{[^{}]*\})*\))\s*\}\}", re.S)
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})")
_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)


class ShortcodeError(ValueError):
    """A shortcode that does not parse or whose function fails (message has file:line)."""


@dataclass
class Context:
    """What a shortcode function knows about the page it is expanding in.

    lang:     ``"hant"``, ``"hans"`` or ``"en"`` — the language being built.
    src_path: the page's path under ``site/`` (for messages).
    base:     relative URL from the page to the site root (``"../"``), for assets.
    extra:    free room for hooks (e.g. the MkDocs ``page`` and ``config``).
    """

    lang: str = "hant"
    src_path: str = "?"
    base: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def asset(self, path: str) -> str:
        """URL of a file under ``site/`` (``"assets/x.svg"``) as seen from this page."""
        return self.base + path.lstrip("/")


def shortcode(name: str) -> Callable[[Callable[..., str]], Callable[..., str]]:
    """Register ``fn(ctx, *args, **kwargs) -> html`` as ``{{ name(...) }}``."""
    def wrap(fn: Callable[..., str]) -> Callable[..., str]:
        SHORTCODES[name] = fn
        return fn
    return wrap


def _literal(node: ast.AST, where: str) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise ShortcodeError(f"{where}: arguments must be literals (strings, numbers, lists)") from None


def call(expr: str, ctx: Context, where: str = "") -> str:
    """Run one shortcode expression such as ``tiles("66 36", height=40)``."""
    where = where or ctx.src_path
    try:
        tree = ast.parse(expr.strip(), mode="eval").body
    except SyntaxError as exc:
        raise ShortcodeError(f"{where}: {{{{ {expr} }}}}: not a call: {exc.msg}") from None
    if not isinstance(tree, ast.Call) or not isinstance(tree.func, ast.Name):
        raise ShortcodeError(f"{where}: {{{{ {expr} }}}}: expected name(arguments)")
    fn = SHORTCODES.get(tree.func.id)
    if fn is None:
        raise ShortcodeError(f"{where}: unknown shortcode {tree.func.id!r}; known: "
                             f"{', '.join(sorted(SHORTCODES))}")
    args = [_literal(a, where) for a in tree.args]
    kwargs = {k.arg: _literal(k.value, where) for k in tree.keywords if k.arg}
    try:
        return fn(ctx, *args, **kwargs)
    except ShortcodeError:
        raise
    except (ValueError, TypeError) as exc:
        raise ShortcodeError(f"{where}: {{{{ {expr} }}}}: {type(exc).__name__}: {exc}") from None


def _expand_text(text: str, ctx: Context, first_line: int) -> str:
    """Expand shortcodes in text that holds no fenced code (inline code is skipped)."""
    protected = [(m.start(), m.end()) for m in _INLINE_CODE.finditer(text)]

    def repl(m: re.Match) -> str:
        if any(a <= m.start() < b for a, b in protected):
            return m.group(0)
        line = first_line + text.count("\n", 0, m.start())
        return call(m.group("expr"), ctx, f"{ctx.src_path}:{line}")

    return _CALL.sub(repl, text)


def expand(markdown: str, ctx: Context) -> str:
    """Expand every shortcode of a Markdown page outside code."""
    if "{{" not in markdown:
        return markdown
    lines = markdown.split("\n")
    in_code = [False] * len(lines)
    fence: str | None = None
    for i, line in enumerate(lines):
        m = _FENCE.match(line)
        if fence is None:
            if m:
                fence = m.group("fence")
                in_code[i] = True
        else:
            in_code[i] = True
            if m and m.group("fence")[0] == fence[0] and len(m.group("fence")) >= len(fence) \
                    and line.strip() == m.group("fence"):
                fence = None
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and in_code[j] == in_code[i]:
            j += 1
        block = "\n".join(lines[i:j])
        out.append(block if in_code[i] else _expand_text(block, ctx, i + 1))
        i = j
    return "\n".join(out)


# --------------------------------------------------------------------------- built-ins


def _tile_list(notation: str) -> list:
    """Tiles of ``notation`` (``parse_tiles`` syntax); each ``?`` is a face-down tile (None)."""
    from tianjiu_core.notation import parse_tiles
    out: list = []
    run: list[str] = []
    for token in notation.split() + ["?end"]:
        if token.startswith("?"):
            if run:
                out.extend(parse_tiles(" ".join(run)))
                run = []
            if token == "?":
                out.append(None)
            elif token != "?end":
                raise ValueError(f"{token!r}: '?' (a face-down tile) stands alone")
        else:
            run.append(token)
    return out


@shortcode("tiles")
def _tiles(ctx: Context, notation: str, *, height: float = 40) -> str:
    from tianjiu_core.svg import tiles_html
    if not isinstance(notation, str) or not notation.strip():
        raise ValueError("tiles() needs tile notation such as \"66 66 36 45\"")
    return tiles_html(_tile_list(notation), height=height, lang=ctx.lang)


@shortcode("tile")
def _tile(ctx: Context, code: str, *, height: float = 40) -> str:
    items = _tile_list(code)
    if len(items) != 1:
        raise ValueError(f"tile() takes exactly one tile, got {len(items)}: use tiles()")
    return _tiles(ctx, code, height=height)


@shortcode("widget")
def _widget(ctx: Context, tag: str, *, inline: bool = False, **attrs: Any) -> str:
    if not re.fullmatch(r"tj-[a-z0-9-]+", tag or ""):
        raise ValueError(f"widget tag must look like 'tj-name', not {tag!r}")
    parts = [tag]
    for key, value in attrs.items():
        name = key.replace("_", "-")
        if value is True:
            parts.append(name)
        elif value not in (False, None):
            parts.append(f'{name}="{html.escape(str(value), quote=True)}"')
    element = f"<{' '.join(parts)}></{tag}>"
    return element if inline else f'<div class="tj-block">{element}</div>'


@shortcode("url")
def _url(ctx: Context, path: str) -> str:
    if not isinstance(path, str) or "://" in path or path.startswith("//"):
        raise ValueError(f"url() takes a path inside the built site, not {path!r}")
    return html.escape(ctx.asset(path), quote=True)


@shortcode("hans")
def _hans(ctx: Context, text: str) -> str:
    """``{{ hans("銅錘六") }}``: the 简体 form of a 繁體 term, made by OpenCC at build time,
    as ``<span lang="zh-Hans">铜锤六</span>`` — for pages that teach both forms (the
    tutorial's glossary), so no 简体 is written by hand."""
    from . import hans
    if not isinstance(text, str) or not text.strip():
        raise ValueError("hans() needs 繁體 text such as \"銅錘六\"")
    return f'<span lang="zh-Hans">{html.escape(hans.text(text))}</span>'

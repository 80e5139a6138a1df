"""简体 from 繁體: OpenCC over HTML, leaving marked parts alone.

The 简体 site is generated: every page written in 繁體 is converted at build
time with OpenCC's ``hk2s`` configuration (Hong Kong Traditional → Simplified,
since our 繁體 follows Hong Kong usage).  Conversion works on HTML, not on
Markdown, so what is left unconverted is decided by the markup:

- elements with ``lang="zh-Hant"`` (or zh-TW / zh-HK / zh-MO) and their
  subtrees — lessons that show both names on purpose mark the 繁體 one so;
- elements with ``translate="no"`` or ``class="notranslate"`` (the HTML
  ways of saying "leave this text as it is": program output quoted verbatim);
- ``hreflang="zh-Hant…"`` links (the language switcher's "繁體中文");
- ``<script>``, ``<style>``, ``<textarea>`` and comments;
- attribute values, except ``title``, ``alt``, ``aria-label`` and every other
  ``…-label`` (a widget's ``next-label``: text it shows), ``placeholder`` and
  ``content`` (meta descriptions), which are converted.

>>> to_hans('<p>雙天 <span lang="zh-Hant">雙天</span> <code>雙天</code></p>')
'<p>双天 <span lang="zh-Hant">雙天</span> <code>双天</code></p>'
>>> to_hans('<div translate="no"><pre>雙天</pre></div><pre class="x notranslate">鵝</pre><pre>鵝</pre>')
'<div translate="no"><pre>雙天</pre></div><pre class="x notranslate">鵝</pre><pre>鹅</pre>'
>>> to_hans('<a title="銅錘六" href="/銅">銅錘六</a><br/>鵝')
'<a title="铜锤六" href="/銅">铜锤六</a><br/>鹅'
>>> to_hans('<div lang="zh-Hant"><div>天九</div>牌頭</div>後')
'<div lang="zh-Hant"><div>天九</div>牌頭</div>后'
>>> text('歸棟、空棟')
'归栋、空栋'

OpenCC's ``hk2s`` changes characters and keeps the words, and some of our 繁體
words are the Hong Kong / Taiwan computing vocabulary (字元, 欄位, 檔案, 載入 …)
that mainland readers write otherwise.  :data:`MAINLAND` replaces those words
after the conversion (longest first; a word is left alone before a character
that makes it part of another word, as 連 + 結算):

>>> text('最多 40 個字元；不認識的欄位；連結算和賀尊；分享連結')
'最多 40 个字符；不认识的字段；连结算和贺尊；分享链接'

Corner quotes become mainland quotes, and 令 = "make" becomes 让 in the listed phrases only:

>>> text('「穩贏」和『結』；盡力令你少贏；找出令這手牌贏得最多；命令你；口令；用指令重播；會所')
'“稳赢”和‘结’；尽力让你少赢；找出让这手牌赢得最多；命令你；口令；用命令回放；俱乐部'
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["to_hans", "text", "converter", "MAINLAND", "mainland_phrases"]

CONFIG = "hk2s"
"""The OpenCC configuration: Hong Kong Traditional to Simplified."""

MAINLAND: dict[str, tuple[str, str]] = {
    # 繁體 as our texts write it: (简体 as mainland readers write it, characters after
    # which the word is really part of another: 連|結算)
    "字元": ("字符", ""), "字串": ("字符串", ""), "欄位": ("字段", ""), "物件": ("对象", ""),
    "位元組": ("字节", ""), "陣列": ("数组", ""), "布林值": ("布尔值", ""), "預設值": ("默认值", ""),
    "資料夾": ("文件夹", ""), "資料": ("数据", ""), "檔案": ("文件", ""), "載入": ("加载", ""),
    "模組": ("模块", ""), "元件": ("组件", ""), "原始碼": ("源代码", ""), "程式碼": ("代码", ""),
    "程式": ("程序", ""), "伺服器": ("服务器", ""), "網域": ("域名", ""), "記憶體": ("内存", ""),
    "搜尋": ("搜索", ""), "命令列": ("命令行", ""), "滑鼠": ("鼠标", ""), "點選": ("点击", ""),
    "訊息": ("信息", ""), "連結": ("链接", "算"), "裝置": ("设备", ""), "設定": ("设置", ""),
    "儲存空間": ("存储空间", ""), "儲存": ("保存", ""), "紐西蘭": ("新西兰", ""),
    "接著": ("接着", ""), "跟著": ("跟着", ""), "蓋著": ("盖着", ""),
    "預設": ("默认", ""), "預設規則": ("预设规则", ""), "紀錄": ("记录", ""), "上載": ("上传", ""),
    "建置": ("构建", ""), "容許": ("允许", ""), "回報": ("反馈", ""), "坎培拉": ("堪培拉", ""),
    "檔頭": ("文件开头", ""), "小檔": ("小文件", ""), "題目檔": ("题目文件", ""),
    "這部裝置": ("这台设备", ""),
    # corner quotes are Hong Kong / Taiwan typography; mainland text quotes with “ ” and ‘ ’
    "「": ("“", ""), "」": ("”", ""), "『": ("‘", ""), "』": ("’", ""),
    # 令 = "make, cause" (令你少贏) is Cantonese / written HK style; mainland says 让.  Only
    # these phrases change; 命令, 口令, 司令 … are listed as themselves so that the scan takes
    # the whole word (令你 inside 命令你 is not 令 = make)
    "令你": ("让你", ""), "令這": ("让这", ""), "令每人": ("让每人", ""), "令他": ("让他", ""),
    "令對手": ("让对手", ""), "令自己": ("让自己", ""),
    "命令": ("命令", ""), "口令": ("口令", ""), "司令": ("司令", ""), "法令": ("法令", ""),
    "號令": ("号令", ""), "指令": ("命令", "集"),   # a command-line command (指令集 stays)
    "會所": ("俱乐部", ""),      # the Club player (tianjiu_core.players: club)
    "重播": ("回放", ""),        # replaying a hand record
}
"""Hong Kong / Taiwan words → mainland words, applied after OpenCC (see the module doc)."""

_RAW = re.compile(r"<(script|style|textarea)\b[^>]*>.*?</\1\s*>", re.S | re.I)
_TOKEN = re.compile(
    r"<!--.*?-->"                                   # comment
    r"|<!\[CDATA\[.*?\]\]>"                          # CDATA (inline SVG)
    r"|<(?:script|style|textarea)\b[^>]*>.*?</(?:script|style|textarea)\s*>"
    r"|<![^>]*>"                                    # doctype
    r"|</?[A-Za-z][^\s/>]*(?:\"[^\"]*\"|'[^']*'|[^'\">])*>",  # a tag
    re.S | re.I)
_NAME = re.compile(r"</?([A-Za-z][^\s/>]*)")
_KEEP_ATTR = re.compile(r"""\s(?:(?:lang|hreflang|xml:lang)\s*=\s*["']?zh[-_](?:hant|tw|hk|mo)"""
                        r"""|translate\s*=\s*["']?no\b|class\s*=\s*["'][^"']*\bnotranslate\b)""", re.I)
_CONVERTED_ATTR = re.compile(
    r"""(\s(?:title|alt|[a-z-]*-label|placeholder|content)\s*=\s*)("[^"]*"|'[^']*')""", re.I)
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "param", "source", "track", "wbr"})


@lru_cache(maxsize=1)
def converter():
    """The OpenCC converter (``opencc`` package, config :data:`CONFIG`), built once."""
    import opencc
    return opencc.OpenCC(CONFIG)


@lru_cache(maxsize=1)
def mainland_phrases() -> list[tuple[str, str, str]]:
    """:data:`MAINLAND` in 简体 characters, longest first: ``[(hk2s form, mainland form,
    characters it must not precede)]`` — the browser gets the same list (generated.js)."""
    out = [(converter().convert(k), v, converter().convert(n) if n else "")
           for k, (v, n) in MAINLAND.items()]
    return sorted(out, key=lambda e: (-len(e[0]), e[0]))


@lru_cache(maxsize=1)
def _mainland_re() -> tuple[re.Pattern[str], dict[str, str]]:
    parts = [re.escape(k) + (f"(?![{re.escape(n)}])" if n else "")
             for k, _v, n in mainland_phrases()]
    return re.compile("|".join(parts)), {k: v for k, v, _n in mainland_phrases()}


def text(value: str) -> str:
    """Plain text 繁體 → 简体 (no markup handling): OpenCC, then :data:`MAINLAND`."""
    if not value or value.isascii():
        return value
    pattern, table = _mainland_re()
    return pattern.sub(lambda m: table[m.group(0)], converter().convert(value))


def _tag_attrs(tag: str) -> str:
    return _CONVERTED_ATTR.sub(lambda m: m.group(1) + text(m.group(2)), tag)


def to_hans(html: str) -> str:
    """Convert the text of an HTML fragment or page to 简体, keeping the
    markup byte for byte and skipping the protected parts listed above."""
    if not html or html.isascii():
        return html
    out: list[str] = []
    pos = 0
    guard: str | None = None   # tag name of the protected element we are inside
    depth = 0                  # nesting of that tag name inside itself
    for m in _TOKEN.finditer(html):
        chunk = html[pos:m.start()]
        out.append(chunk if guard else text(chunk))
        pos = m.end()
        tag = m.group(0)
        if not tag.startswith("<") or tag.startswith("<!") or _RAW.fullmatch(tag):
            out.append(tag)
            continue
        nm = _NAME.match(tag)
        name = nm.group(1).lower() if nm else ""
        closing = tag.startswith("</")
        selfclosing = tag.endswith("/>") or name in _VOID
        if guard is not None:
            if name == guard and not selfclosing:
                depth += -1 if closing else 1
                if depth == 0:
                    guard = None
            out.append(tag)
            continue
        if not closing and not selfclosing and _KEEP_ATTR.search(tag):
            guard, depth = name, 1
            out.append(tag)
            continue
        out.append(tag if closing else _tag_attrs(tag))
    tail = html[pos:]
    out.append(tail if guard else text(tail))
    return "".join(out)

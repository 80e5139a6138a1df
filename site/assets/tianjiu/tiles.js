// Tile pictures in the browser: <svg><use href="tiles.svg#tj-tile-66"/></svg>
// from the sprite the build writes (tianjiu_core.svg.sprite_svg), so tiles show
// at once, without the engine.  tileSvg() returns exactly what
// tianjiu_core.svg.use_svg() returns (a test compares them).
//
// A <use> may not reference another origin's file: when this module is loaded from another
// site (the one-line embed by URL), the sprite is fetched once (CORS) and put into the page,
// and tiles reference it inside the page (href="#tj-tile-66").
import { TILES, TILE_NAMES, SPRITE } from "./generated.js";
import { clip } from "./i18n.js";

/** The sprite file next to this module. */
export const spriteURL = new URL("./tiles.svg", import.meta.url).href;
const crossOrigin = typeof location !== "undefined" && new URL(spriteURL).origin !== location.origin;
/** What tileSvg's <use href> points into by default: the file, or "" = this page (cross-origin). */
export const spriteHref = crossOrigin ? "" : spriteURL;

/** Fetch the sprite and put it into this page, hidden (only when loaded cross-origin). */
async function inlineSprite() {
  if (document.querySelector("svg[data-tianjiu-sprite]")) return;
  const holder = document.createElement("div");
  try {
    const response = await fetch(spriteURL);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    holder.innerHTML = (await response.text()).replace(/^<\?xml[^>]*>\s*/, "");
  } catch (err) {
    console.error(`tile pictures unavailable: ${spriteURL} could not be read from this page's origin ` +
      `(${err.message || err}); the host of assets/tianjiu/ must send Access-Control-Allow-Origin`);
    return;
  }
  const sprite = holder.querySelector("svg");
  if (!sprite) return;
  sprite.dataset.tianjiuSprite = "";
  sprite.setAttribute("aria-hidden", "true");
  // not display:none (symbols inside a hidden <svg> may lose gradients): out of sight instead
  sprite.setAttribute("style", "position:absolute;width:0;height:0;overflow:hidden");
  document.body.prepend(sprite);
}
if (crossOrigin) inlineSprite();
else if (typeof window !== "undefined" && typeof fetch === "function") {
  // a <use> whose file is missing draws nothing and says nothing: ask for the file once (the
  // same request the tiles make, from the cache) and let the page's load watch say it is
  // missing (tianjiu_site/runtime.py LOAD_WATCH).  (After a while: the page's own requests first.)
  setTimeout(() => fetch(spriteURL).then((r) => { if (!r.ok) throw new Error(`HTTP ${r.status}`); }).catch(() =>
    window.dispatchEvent(new CustomEvent("tianjiu-load-failed", { detail: { file: "tiles.svg" } }))), 1500);
}
export const BY_CODE = Object.fromEntries(TILES.map((t) => [t.code, t]));
const LANG_ATTR = { hant: "zh-Hant", hans: "zh-Hans", en: "en" };
const [, , VB_W, VB_H] = SPRITE.viewBox.split(" ").map(Number);

function num(x) {
  const s = x.toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
  return s === "-0" || s === "" ? "0" : s;
}

function escapeAttr(text) {
  return String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeText(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Tile names for a sentence: "紅頭十、丁三"; English keeps the Chinese beside,
 *  "紅頭十 (Ping), 丁三 (Gee Joon three)" (the names players use at the table). */
export function tileNames(codes, lang = "hant") {
  if (lang === "en") return codes.map((c) => (BY_CODE[c] ? `${BY_CODE[c].hant} (${BY_CODE[c].en})` : "?")).join(", ");
  return codes.map((c) => (BY_CODE[c] ? BY_CODE[c][lang] : "?")).join("、");
}

/** As tileNames, but a tile whose name two faces share (雜九 4·5 / 3·6, 雜八, 雜七, 雜五) also
 *  gives its pips: "雜八（2·6）", "雜八 (Chop Bot, 2·6)" — for choices that differ only in
 *  which of the two it is (discarding 2·6 or 3·5). */
export function tileNamesExact(codes, lang = "hant") {
  const pips = (c) => `${c[0]}·${c[1]}`;
  const shared = (c) => BY_CODE[c] && TILES.some((t) => t.code !== c && t.hant === BY_CODE[c].hant);
  if (lang === "en") {
    return codes.map((c) => (BY_CODE[c] ? `${BY_CODE[c].hant} (${BY_CODE[c].en}${shared(c) ? `, ${pips(c)}` : ""})` : "?")).join(", ");
  }
  return codes.map((c) => (BY_CODE[c] ? `${BY_CODE[c][lang]}${shared(c) ? `（${pips(c)}）` : ""}` : "?")).join("、");
}

/** A tile's caption under its picture, as nodes to append: the name; on English pages the
 *  Chinese name above the English one. */
export function tileCaption(code, lang = "hant") {
  const tile = BY_CODE[code];
  if (!tile) return ["?"];
  if (lang !== "en") return [tile[lang]];
  const zh = document.createElement("span");
  zh.className = "tj-tile-zh";
  zh.lang = "zh-Hant";
  zh.textContent = tile.hant;
  return [zh, tile.en];
}

/** What a screen reader hears: "天 66", "Chop Gow 45", or the face-down label for null. */
export function tileLabel(code, lang = "hant") {
  if (code === null || code === undefined || code === "back") return SPRITE.back[lang];
  const tile = BY_CODE[code];
  if (!tile) throw new Error(`unknown tile code ${code}`);
  return `${tile[lang]} ${tile.code}`;
}

/** Markup of one tile drawn from the sprite (null = face down), like svg.use_svg(). */
export function tileSvg(code, { height = 64, lang = "hant", href = spriteHref, cssClass = "tj-tile", hidden = false } = {}) {
  const face = code === null || code === undefined || code === "back" ? null : code;
  if (face !== null && !BY_CODE[face]) throw new Error(`unknown tile code ${face}`);
  const id = face === null ? "tj-tile-back" : `tj-tile-${face}`;
  const label = tileLabel(face, lang);
  const attrs = [
    'xmlns="http://www.w3.org/2000/svg"',
    `class="${escapeAttr(cssClass)}"`,
    `viewBox="${SPRITE.viewBox}"`,
    `width="${num(height * SPRITE.aspect)}"`,
    `height="${num(height)}"`,
    `data-tile="${face === null ? "back" : face}"`,
  ];
  if (hidden) attrs.push('aria-hidden="true"');
  else attrs.push('role="img"', `aria-label="${escapeAttr(label)}"`, `lang="${LANG_ATTR[lang]}"`);
  return `<svg ${attrs.join(" ")}><title>${escapeText(label)}</title><use href="${escapeAttr(`${href}#${id}`)}"/></svg>`;
}

/** Width of a tile picture of a given height (the sprite's aspect ratio, 100 : 220). */
export function tileWidth(height) {
  return (height * VB_W) / VB_H;
}

/** A token parseCodes does not know: `.token` is all of it, `.message` the token clipped. */
export class TileTokenError extends Error {
  constructor(token) {
    super(clip(token));
    this.name = "TileTokenError";
    this.token = token;
  }
}

// The engine's own table of names (tiles.ALIASES, written into generated.js at build time):
// every 繁/简/English name, meaning, Jyutping and alias, NFKC + lower case, hyphens as
// spaces, one space between words → the codes it names ("九" → 36, 45).
const NAMES = new Map(Object.entries(TILE_NAMES));
const LONGEST = Math.max(...[...NAMES.keys()].map((k) => k.length));
// notation._SEPARATORS, and any other white space
const SEPARATOR = /^[\s,，、;；+\/|]$/u;
const DIGIT = /^\p{Nd}$/u;
const LATIN = /^[A-Za-z0-9]$/;   // Python's ch.isascii() and ch.isalnum()

/** Split as tianjiu_core.notation._tokens does: [codes] per tile, null for "?". */
function tokens(text) {
  // "6-6" is a pip code; other hyphens ("Red-head ten") are spaces
  const raw = String(text ?? "").replace(/(?<=\p{Nd})[-:](?=\p{Nd})/gu, "");
  const norm = raw.normalize("NFKC").toLowerCase().replace(/-/g, " ");
  // what a message quotes: the text as written, unless normalising changed its length
  const shown = norm.length === raw.length ? raw : norm;
  const out = [];
  const n = norm.length;
  let i = 0;
  while (i < n) {
    const ch = norm[i];
    if (SEPARATOR.test(ch)) { i += 1; continue; }
    if (ch === "?") { out.push(null); i += 1; continue; }
    if (DIGIT.test(ch)) {   // pip codes: two digits a tile (either order), several run together
      let j = i;
      while (j < n && DIGIT.test(norm[j])) j += 1;
      if ((j - i) % 2) throw new TileTokenError(shown.slice(i, j));
      for (let k = i; k < j; k += 2) {
        const pair = [norm[k], norm[k + 1]].sort().join("");
        if (!BY_CODE[pair]) throw new TileTokenError(shown.slice(k, k + 2));
        out.push([pair]);
      }
      i = j;
      continue;
    }
    // the longest name that starts here (a latin name must end at a word boundary)
    let found = null;
    for (let length = Math.min(LONGEST, n - i); length > 0; length -= 1) {
      const codes = NAMES.get(norm.slice(i, i + length));
      if (!codes) continue;
      const end = i + length;
      if (LATIN.test(norm[end - 1]) && end < n && LATIN.test(norm[end])) continue;
      found = [length, codes];
      break;
    }
    if (!found) {
      let j = i;
      while (j < n && !SEPARATOR.test(norm[j])) j += 1;
      throw new TileTokenError(shown.slice(i, j));
    }
    out.push(found[1]);
    i += found[0];
  }
  return out;
}

/** Parse "66 66 36 45" without the engine: pip codes, every name the engine's notation
 *  knows ("天 天 雜九 雜九", "Teen Teen Chop Gow Chop Gow", "天天九九", "Gee Joon three"),
 *  in any case, and "?" = face down.  Returns codes (null for "?"); throws TileTokenError
 *  naming (clipped) the token it does not know.  A name two faces share (雜九 = 36 or 45)
 *  takes a face the named tiles leave a copy of, in table order (display parsing: where the
 *  engine would call the name ambiguous, this picks the first). */
export function parseCodes(text) {
  const parsed = tokens(text);
  const used = new Map();   // code → how many named so far (linear time: a pasted megabyte stays fast)
  for (const codes of parsed) if (codes && codes.length === 1) used.set(codes[0], (used.get(codes[0]) || 0) + 1);
  return parsed.map((codes) => {
    if (codes === null) return null;
    if (codes.length === 1) return codes[0];
    const code = codes.find((c) => (used.get(c) || 0) < BY_CODE[c].copies) || codes[0];
    used.set(code, (used.get(code) || 0) + 1);
    return code;
  });
}

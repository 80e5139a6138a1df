// Tile pictures in the browser: <svg><use href="tiles.svg#tj-tile-66"/></svg>
// from the sprite the build writes (tianjiu_core.svg.sprite_svg), so tiles show
// at once, without the engine.  tileSvg() returns exactly what
// tianjiu_core.svg.use_svg() returns (a test compares them).
//
// A <use> may not reference another origin's file: when this module is loaded from another
// site (the one-line embed by URL), the sprite is fetched once (CORS) and put into the page,
// and tiles reference it inside the page (href="#tj-tile-66").
import { TILES, SPRITE } from "./generated.js";

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

const ALIASES = new Map();
for (const t of TILES) {
  for (const name of [t.code, t.hant, t.hans, t.en.toLowerCase()]) {
    if (!ALIASES.has(name)) ALIASES.set(name, []);
    if (!ALIASES.get(name).includes(t.code)) ALIASES.get(name).push(t.code);
  }
}

/** Parse "66 66 36 45" (codes, main names, "?" = face down) without the engine.
 *  Returns codes (null for "?"); throws Error naming the token it does not know.
 *  Names shared by two faces (雜九 = 36 or 45) take the face not used yet. */
export function parseCodes(text) {
  const out = [];
  const used = new Map();   // code → how many parsed so far (linear time: a pasted megabyte stays fast)
  for (const token of String(text || "").split(/[\s,，、]+/).filter(Boolean)) {
    if (token === "?") { out.push(null); continue; }
    const key = /^[\x00-\x7f]+$/.test(token) ? token.toLowerCase() : token;
    let codes = ALIASES.get(key) || ALIASES.get(token);
    if (!codes && /^\d\d$/.test(token)) codes = ALIASES.get(token[1] + token[0]);
    if (!codes) throw new Error(token);
    const code = codes.find((c) => (used.get(c) || 0) < BY_CODE[c].copies) || codes[0];
    used.set(code, (used.get(code) || 0) + 1);
    out.push(code);
  }
  return out;
}

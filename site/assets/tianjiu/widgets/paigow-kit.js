// Shared pieces of the Pai Gow (牌九) widgets (paigow-calc, paigow-trainer, paigow-drill,
// paigow-quiz): random deals from the 32 tiles, hand names in the page language, EV and
// percentage formats, a tile row with names, and "why this setting" in one line.
// Not a widget itself.  The rules live in the engine (ops paigow_rank / paigow_compare /
// paigow_set); nothing here ranks a hand.
import { h, widgetKeys } from "../widget.js";
import { tileSvg, BY_CODE, tileCaption, parseCodes } from "../tiles.js";
import { TILES, PAIGOW_HOUSE_WAY_NAMES } from "../generated.js";
import { engineText, clip } from "../i18n.js";

/** A small seeded generator (mulberry32): rng() → [0, 1). */
export function seededRng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random seed (0 … 2³¹). */
export function randomSeed() {
  const a = new Uint32Array(1);
  (globalThis.crypto || { getRandomValues: (x) => { x[0] = Math.random() * 2 ** 31; return x; } }).getRandomValues(a);
  return a[0] >>> 1;
}

/** n tiles dealt from a shuffled 32-tile set (each face as many times as it has copies). */
export function dealTiles(n, rng) {
  const all = TILES.flatMap((t) => Array(t.copies).fill(t.code));
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, n);
}

/** A hand given by the page (an attribute such as tiles="66 44 12 35"): {codes} when it is
 *  `count` real face-up tiles of one set, else {error}: one short line in the widget's
 *  language (t: the widget's t) naming what is wrong.  Never throws. */
export function pageTiles(text, count, t, lang) {
  let codes;
  try {
    codes = parseCodes(text);
  } catch (err) {
    return { error: t("paigow.calc.unknown", { token: err.message }) };
  }
  if (codes.includes(null)) return { error: t("paigow.fixed.faceDown") };
  if (codes.length !== count) return { error: t("paigow.fixed.count", { count, n: codes.length }) };
  const over = overSet(codes, t, lang);
  return over ? { error: over } : { codes };
}

/** "" when the codes fit one 32-tile set, else the line naming a face held too often
 *  ("A set has only 2 of Teen."; t: the widget's t). */
export function overSet(codes, t, lang) {
  if (fitsOneSet(codes)) return "";
  const c = codes.find((x) => codes.filter((y) => y === x).length > BY_CODE[x].copies);
  return t("paigow.calc.noMore", { name: BY_CODE[c][lang], copies: BY_CODE[c].copies });
}

/** A line as a full sentence (a stop added when it has none), to put another after it. */
export function endSentence(text, lang) {
  return /[.。!！?？]$/.test(text) ? text : `${text}${lang === "en" ? "." : "。"}`;
}

/** Does a list of codes fit in one 32-tile set? (no face more often than its copies) */
export function fitsOneSet(codes) {
  const n = {};
  for (const c of codes) {
    n[c] = (n[c] || 0) + 1;
    if (!BY_CODE[c] || n[c] > BY_CODE[c].copies) return false;
  }
  return true;
}

/** A hand's name (the engine's hand_json) in a language: "天槓" / "Teen Gong". */
export function handName(hand, lang) {
  if (lang === "en") return hand.name_en;
  if (lang === "hans") return hand.name_hans || engineText(hand.name_hant, "hans");
  return hand.name_hant;
}

/** A house way's name in the page language: "New Zealand (紐西蘭)" / "纽西兰 New Zealand".
 *  way: {key, name_en, name_hant} (the engine's paigow_house_ways) or a key alone, named from
 *  the build's table (so a menu reads right before the engine is ready); an unknown key is
 *  shown as written, cut to 40 characters. */
export function wayLabel(way, lang) {
  const n = typeof way === "string" && Object.hasOwn(PAIGOW_HOUSE_WAY_NAMES, way) ? PAIGOW_HOUSE_WAY_NAMES[way] : null;
  const w = typeof way === "string" ? n && { name_en: n[0], name_hant: n[1] } : way;
  if (!w) return clip(String(way));
  return lang === "en" ? `${w.name_en} (${w.name_hant})` : `${engineText(w.name_hant, lang)} ${w.name_en}`;
}

/** "+0.146" / "−0.021" (stake units, a real minus sign). */
export function evText(x, digits = 3) {
  const s = Math.abs(x).toFixed(digits);
  if (Number(s) === 0) return (0).toFixed(digits);
  return (x > 0 ? "+" : "−") + s;
}

/** "38.3%". */
export function pct(x) {
  return `${(100 * x).toFixed(1)}%`;
}

/** A row of tile pictures, each with its name under it (English pages: 繁體 above English). */
export function namedTiles(codes, lang, { height = 48, cls = "" } = {}) {
  return h("span", { class: `tj-pgw__tiles ${cls}`.trim(), dataset: { tiles: codes.join(" ") } },
    codes.map((c) => {
      const fig = h("span", { class: "tj-pgw__tile" });
      fig.innerHTML = tileSvg(c, { height, lang });
      fig.append(h("span", { class: "tj-pgw__tile-name", "aria-hidden": "true" }, ...tileCaption(c, lang)));
      return fig;
    }));
}

/** A row of tile pictures without captions (names are in each picture's label). */
export function plainTiles(codes, lang, { height = 40 } = {}) {
  const el = h("span", { class: "tj-pgw__tiles", dataset: { tiles: codes.join(" ") } });
  el.innerHTML = codes.map((c) => tileSvg(c, { height, lang })).join("");
  return el;
}

/** Compare two engine hand keys ([class, …]): > 0 when a ranks above b. */
export function cmpKey(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const d = (a[i] || 0) - (b[i] || 0);
    if (d) return d;
  }
  return 0;
}

/** The engine's reason in the page language (reason_zh → 繁體 / 简体, else English). */
export function reasonText(obj, lang) {
  return engineText(lang !== "en" && obj.reason_zh ? obj.reason_zh : obj.reason, lang);
}

/** "前 4點（雜八） · 後 天槓": a setting in words. */
export function settingText(s, lang, t) {
  return t("paigow.settingWords", { low: handName(s.low, lang), high: handName(s.high, lang) });
}

/** Why the best setting beats another one, in one line (from the engine's numbers):
 *  which hand it strengthens and which it gives up, and the win / lose rates. */
export function whyLine(best, other, side, lang, t, { house = false } = {}) {
  const b = best[side];
  const o = other[side];
  const lowUp = cmpKey(best.low.key, other.low.key);
  const highUp = cmpKey(best.high.key, other.high.key);
  let shape;
  // (a hand equal in both settings is not "given up": stronger in one, equal in the other is both)
  if ((lowUp > 0 && highUp >= 0) || (highUp > 0 && lowUp >= 0)) shape = t("paigow.why.both");
  else if (lowUp > 0) shape = t("paigow.why.lowFirst", { a: handName(best.low, lang), b: handName(other.low, lang), c: handName(best.high, lang), d: handName(other.high, lang) });
  else if (highUp > 0) shape = t("paigow.why.highFirst", { a: handName(best.high, lang), b: handName(other.high, lang), c: handName(best.low, lang), d: handName(other.low, lang) });
  else shape = t("paigow.why.same");
  const who = t(house ? "paigow.why.theHouse" : "paigow.why.yours");
  return `${shape}${lang === "en" ? " " : ""}${t("paigow.why.rates", { who, w1: pct(b.win), l1: pct(b.lose), w2: pct(o.win), l2: pct(o.lose) })}`;
}

const KEYED = "tj-paigow-drill, tj-paigow-trainer, tj-paigow-quiz";

/** A Pai Gow widget's single-key shortcuts (P, B, N, 1–3) on the whole page (widget.js's
 *  widgetKeys): with focus outside every widget only the page's first such widget answers. */
export function pageKeys(widget, handler) {
  return widgetKeys(widget, handler, { outside: () => document.querySelector(KEYED) === widget });
}

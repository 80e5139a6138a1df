// tianjiu.js — the one module a page includes to get the 天九 engine and widgets.
//
//   <script type="module" src="/assets/tianjiu/tianjiu.js"></script>
//   <tj-tiles tiles="66 66 36 45"></tj-tiles>
//   <tj-playground></tj-playground>
//
//   import { TianJiu } from "/assets/tianjiu/tianjiu.js";   // also window.TianJiu
//   const engine = await TianJiu.engine();
//   (await engine.classify("66 66 36 45")).name_en        // "Four Teen Gow"
//
// The folder this file is in (assets/tianjiu/) is self-contained: the worker,
// Pyodide, the engine wheel, the tile sprite and the styles are all found
// relative to this module, so an embedding site copies that one folder and
// serves it from its own origin (a Web Worker must be same-origin).
import { BUILD, TILES } from "./generated.js";
import { client, engine, onStatus, EngineError } from "./engine.js";
import { registry, defineWidget, TjWidget, h, explain } from "./widget.js";
import { t, langOf, normLang, tileName, playName, label, toHans, engineText } from "./i18n.js";
import { tileSvg, tileLabel, parseCodes, spriteURL } from "./tiles.js";
import { loadAllWidgets } from "./widgets/index.js";

/** Add tianjiu.css to the page unless it is already there. */
export function ensureStyles() {
  const href = new URL("./tianjiu.css", import.meta.url).href;
  const links = [...document.querySelectorAll('link[rel="stylesheet"]')];
  if (links.some((l) => l.href === href || l.href.split("?")[0].endsWith("/tianjiu.css"))) return;
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
}

export const TianJiu = Object.freeze({
  version: BUILD.version,
  build: BUILD,
  /** Start (once per tab) and get the engine API: classify, beats, settle, deal, newHand, act, … */
  engine,
  /** The engine's state now: {status: idle|loading|ready|error, error, version, python, workersStarted, …}. */
  status: () => ({ ...client.state }),
  onStatus,
  EngineError,
  /** Widgets: the registry (tag → {cls, description}), the base class, and how to add one.
   *  A widget's module loads when its element is on the page, and all of them once the engine
   *  is up and the tab idle; `await TianJiu.loadWidgets()` completes the registry at once. */
  widgets: registry,
  loadWidgets: loadAllWidgets,
  defineWidget,
  TjWidget,
  h,
  explain,
  /** Tiles and words, no engine needed. */
  tiles: TILES,
  tileName,
  tileLabel,
  tileSvg,
  parseCodes,
  spriteURL,
  t,
  lang: langOf,
  normLang,
  playName,
  label,
  toHans,
  engineText,
});

if (!globalThis.TianJiu) globalThis.TianJiu = TianJiu;
ensureStyles();

export default TianJiu;

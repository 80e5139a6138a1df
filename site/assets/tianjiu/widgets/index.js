// Every widget of the runtime: its tag and the module that defines it.  A new widget is one
// file in this folder that calls defineWidget(...), plus one line in WIDGETS (see SITE.md;
// tests/site/test_widgets.py checks the two agree).
//
// The modules of the widgets on the page load at once; every other one as soon as such an
// element enters the page (instant navigation, an embedder's script), and all of them once the
// engine is up and the tab is idle — so TianJiu.widgets is complete by then, and
// `await loadAllWidgets()` (TianJiu.loadWidgets) completes it on demand.  Loading all twenty
// at once took main-thread CPU from the engine's cold start on a 2-core machine (issue 12,
// benchmarks/site_load.py).
import "./tiles.js";            // <tj-tiles>: on almost every page, tiny
import "./engine-status.js";    // <tj-engine-status>: in the header
import { onStatus } from "../engine.js";

export const WIDGETS = Object.freeze({
  "tj-settle": "./settle.js",
  "tj-playground": "./playground.js",
  "tj-lesson-quiz": "./lesson-quiz.js",
  "tj-lesson-trick": "./lesson-trick.js",
  "tj-lesson-replay": "./lesson-replay.js",
  "tj-lesson-deal": "./lesson-deal.js",
  "tj-lesson-progress": "./lesson-progress.js",    // the lesson index
  "tj-puzzle": "./puzzle.js",
  "tj-daily-puzzle": "./puzzle.js",                // (puzzle.js imports from puzzle-daily.js)
  "tj-puzzle-archive": "./puzzle.js",
  "tj-puzzle-progress": "./puzzle.js",
  "tj-puzzle-finder": "./puzzle-finder.js",        // the puzzle index
  "tj-paigow-calc": "./paigow-calc.js",
  "tj-paigow-trainer": "./paigow-trainer.js",
  "tj-paigow-drill": "./paigow-drill.js",
  "tj-paigow-quiz": "./paigow-quiz.js",
  "tj-paigow-progress": "./paigow-progress-view.js",
  "tj-play-table": "./play-table.js",              // the Play page (issue 16)
});

const SELECTOR = Object.keys(WIDGETS).join(",");
const loading = new Map();   // module → import promise

function load(module) {
  if (!loading.has(module)) {
    const p = import(module);
    p.catch((err) => console.error(`[tianjiu] the widget module ${module} could not be loaded:`, err));
    loading.set(module, p);
  }
  return loading.get(module);
}

/** Load the modules of the widgets in ``root`` (an element or the document). */
function loadWithin(root) {
  if (root.localName && WIDGETS[root.localName]) load(WIDGETS[root.localName]);
  if (root.querySelectorAll) for (const el of root.querySelectorAll(SELECTOR)) load(WIDGETS[el.localName]);
}

/** Every widget module: resolves once all are defined (TianJiu.widgets then lists them all). */
export function loadAllWidgets() {
  return Promise.all([...new Set(Object.values(WIDGETS))].map(load)).then(() => undefined);
}

if (typeof document !== "undefined") {
  loadWithin(document);
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) if (node.nodeType === 1) loadWithin(node);
  }).observe(document.documentElement, { childList: true, subtree: true });
  // (not at the very moment the engine is ready: the page's widgets then make their first
  // requests, and parsing the other modules would compete with them for the CPU)
  let later = false;
  const rest = () => {
    if (later) return;
    later = true;
    setTimeout(() => (globalThis.requestIdleCallback || ((fn) => setTimeout(fn, 1)))(
      () => loadAllWidgets(), { timeout: 2000 }), 2000);
  };
  onStatus((state) => { if (state.status === "ready" || state.status === "error") rest(); });
  setTimeout(rest, 10_000);   // an engine that is never started (data saver, a page of text)
}

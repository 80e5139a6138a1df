// Site glue (extra_javascript, type=module; runs once per tab — Material's
// instant navigation keeps it alive).  Widgets mount themselves (custom
// elements); this file only
//  - starts the engine: a page with an engine widget has started its worker from the top of
//    <head> already (tianjiu_site/runtime.py head_start; the widgets adopt it); a page without
//    one starts it once the tab is idle, so that a click to a puzzle finds it ready
//    (benchmarks/site_load.py measured the choice: 6.7 MB gzipped downloaded in the background
//    against a puzzle ready ~1 s after the click instead of a whole cold start; with the
//    browser's data saver on, or TIANJIU_ENGINE_START = "demand" set before this runs, the
//    first widget starts it),
//  - puts the engine indicator in the header on every page (document$),
//  - registers the service worker once the engine is ready (offline use).
import { TianJiu } from "../tianjiu/tianjiu.js";

const root = new URL("../../", import.meta.url); // the site root (this file is assets/js/site.js)

function registerOffline() {
  if (!TianJiu.build.offline || !("serviceWorker" in navigator)) return;
  // the offline cache holds the common files and the pages of each language read in this
  // browser: this page asks for its own (sw.js's "cache-language")
  const lang = { "zh-Hans": "hans", en: "en" }[document.documentElement.lang] || "hant";
  navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => { if (reg.active) reg.active.postMessage({ type: "cache-language", lang }); })
    .catch((err) => console.warn("offline cache unavailable:", err.message || err));
}

let started = false;
function startEngine() {
  if (started) return;
  started = true;
  TianJiu.engine().then(registerOffline, () => { /* the indicator and widgets say why */ });
}

if (globalThis.__tianjiuEarlyWorker || TianJiu.status().status !== "idle") startEngine();
else if (globalThis.TIANJIU_ENGINE_START === "demand" || (navigator.connection && navigator.connection.saveData)) TianJiu.onStatus((s) => { if (s.status === "loading") startEngine(); });
else {
  const idle = globalThis.requestIdleCallback || ((fn) => setTimeout(fn, 1000));
  const later = () => idle(startEngine, { timeout: 3000 });
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

function placeIndicator() {
  const header = document.querySelector(".md-header__inner");
  if (!header || header.querySelector("tj-engine-status")) return;
  const status = document.createElement("tj-engine-status");
  status.className = "md-header__option tj-header-status";
  const search = header.querySelector(".md-search") || header.querySelector("label[for=__search]");
  header.insertBefore(status, search || null);
}

// The language switcher opens the same page in the other language.  Every
// language has every page (简体 is generated, English falls back to 繁體), so
// the target is the same path under the other language's root.  Material's
// own matching assumes no language lives at the site root, so we set the
// links ourselves and load the other language with a full page load (its
// <html lang>, interface strings and search index differ).
function languageLinks() {
  const links = [...document.querySelectorAll(".md-select__link[hreflang]")];
  if (!links.length) return;
  if (!links[0].dataset.root) for (const a of links) a.dataset.root = a.href;
  const here = location.href.split("#")[0].split("?")[0];
  const current = links.map((a) => a.dataset.root).filter((r) => here.startsWith(r))
    .sort((x, y) => y.length - x.length)[0];
  if (!current) return;
  const rest = here.slice(current.length);
  // the query too: a daily puzzle's ?date=, the puzzle index's filters; not a heading's
  // #fragment (its id differs between the languages and scripts), but a Play page's #hand=
  // record, which is the same in every language (switching mid-replay lost the replay)
  const hand = (location.hash || "").startsWith("#hand=") ? location.hash : "";
  for (const a of links) a.href = a.dataset.root + rest + location.search + hand;
}

window.addEventListener("click", (event) => {
  const link = event.target instanceof Element
    && event.target.closest(".md-select__link[hreflang], .tj-lang-banner a[hreflang]");
  if (!link) return;
  remember({ choice: link.getAttribute("hreflang") }); // an explicit choice: no more suggestions
  languageLinks(); // the query as it is now (the puzzle index rewrites its filters in place)
  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.stopPropagation(); // keep instant navigation out of it: a normal, full page load
}, true);

// A visitor whose browser prefers English or mainland / Singapore Chinese and who lands on
// the 繁體 pages (the site root) gets a small banner offering the same page in that language —
// never a redirect.  Closing it, or choosing a language (the banner or the switcher), is kept in
// localStorage (LANG_KEY) and the banner is not shown again.  zh-TW / zh-HK / zh-MO (or a plain
// "zh", which says nothing about the script) get no banner: the first of the preferred languages
// that is English or Chinese decides.
const LANG_KEY = "tianjiu.language";
const BANNER = {
  en: { lang: "en", text: "English version →", close: "Close" },
  "zh-Hans": { lang: "zh-Hans", text: "简体中文版 →", close: "关闭" },
};

function remembered() {
  try {
    const value = JSON.parse(localStorage.getItem(LANG_KEY) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch { return {}; } // unreadable storage or a corrupt value: as if nothing was kept
}

function remember(fields) {
  try { localStorage.setItem(LANG_KEY, JSON.stringify({ ...remembered(), ...fields })); } catch { /* private mode */ }
}

/** "en", "zh-Hans" or null (繁體 or no opinion) from the browser's preferred languages. */
function suggestedLanguage(languages) {
  for (const raw of languages || []) {
    const tag = String(raw).toLowerCase().replace(/_/g, "-");
    if (tag === "en" || tag.startsWith("en-")) return "en";
    if (!(tag === "zh" || tag.startsWith("zh-"))) continue;
    if (/^zh-(hans|cn|sg|my)\b/.test(tag) || /^zh-[a-z]+-hans\b/.test(tag) && !/-hant\b/.test(tag)) return "zh-Hans";
    return null; // zh-Hant, zh-TW, zh-HK, zh-MO, plain zh: the 繁體 pages are right
  }
  return null;
}

function languageBanner() {
  const content = document.querySelector(".md-content__inner");
  if (!content || content.querySelector(":scope > .tj-lang-banner")) return;
  if (!/^zh-hant/i.test(document.documentElement.lang || "")) return;
  const kept = remembered();
  if (kept.dismissed || kept.choice) return;
  const target = suggestedLanguage(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]);
  const link = target && document.querySelector(`.md-select__link[hreflang="${target}"]`);
  if (!link) return;
  const words = BANNER[target];
  const banner = document.createElement("aside");
  banner.className = "tj-lang-banner";
  banner.lang = words.lang;
  const a = document.createElement("a");
  a.href = link.href;
  a.hreflang = target;
  a.textContent = words.text;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "tj-lang-banner__close";
  close.setAttribute("aria-label", words.close);
  close.title = words.close;
  close.textContent = "×";
  close.addEventListener("click", () => {
    remember({ dismissed: true });
    const focused = banner.contains(document.activeElement);
    banner.remove();
    // the focus was on the button just removed: to the page's heading (where the skip link
    // goes), not to <body>
    if (focused) {
      const to = content.querySelector("h1") || content;
      if (!to.hasAttribute("tabindex")) to.setAttribute("tabindex", "-1");
      to.focus({ preventScroll: true });
    }
  });
  banner.append(a, close);
  content.prepend(banner);
}

// Material runs the search on keyup.  Chinese often arrives without one: pasted text, some
// input methods and phone keyboards insert it with an input event only — so an input event
// in the search box (after any composition) counts as a keyup.
document.addEventListener("input", (event) => {
  const box = event.target;
  if (!(box instanceof HTMLInputElement) || !box.matches("[data-md-component=search-query]") || event.isComposing) return;
  box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
}, true);

function onPage() {
  placeIndicator();
  languageLinks();
  languageBanner();
}

if (window.document$) window.document$.subscribe(onPage);
else onPage();

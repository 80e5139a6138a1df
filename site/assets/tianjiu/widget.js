// The widget base class and the registry every widget joins.
//
// A widget is a custom element (light DOM, class prefix "tj-") that extends
// TjWidget and registers itself with defineWidget(tag, Class).  Because custom
// elements upgrade whenever they enter the document, widgets mount on the
// first page load AND after every instant navigation, with no extra code;
// the engine (a per-tab singleton) is never reloaded.
//
// Life cycle: connectedCallback → render() (build the DOM; tiles show now)
//   → data-state="loading" while the engine loads (if static needsEngine)
//   → ready(engine) → data-state="ready" (or a state of the widget's own:
//   "solved", "failed", …) — any thrown error → data-state="error" + a message.
import { engine, EngineError } from "./engine.js";
import { langOf, t, engineText } from "./i18n.js";

/** tag → {tag, cls, description} of every widget defined so far. */
export const registry = new Map();

/** Register a widget class under a custom-element tag ("tj-…"). Safe to call twice. */
export function defineWidget(tag, cls, { description = "" } = {}) {
  if (!/^tj-[a-z0-9-]+$/.test(tag)) throw new Error(`widget tags look like "tj-name", not ${tag}`);
  if (!customElements.get(tag)) customElements.define(tag, cls);
  registry.set(tag, { tag, cls, description });
  return cls;
}

/** Create an element: h("button", {class: "x", onclick: fn}, "text", child…). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "html") el.innerHTML = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Why the engine did not start, in the page's language: the worker (which knows no page
 *  language) says it in English; its one common case, a download that failed (offline), is
 *  said in the page's words. */
function startText(message, lang) {
  const m = /^a file of the engine could not be downloaded \((.*)\): check the connection, then retry$/.exec(String(message));
  return m ? t(lang, "engine.downloadFailed", { why: m[1] }) : engineText(message, lang);
}

/** Words for an error, in the widget's language (never just "error"). */
export function explain(err, lang, { field = null } = {}) {
  if (err instanceof EngineError) {
    const kind = t(lang, `error.${err.type}`);
    const known = kind !== `error.${err.type}`;
    let text = lang !== "en" && err.messageZh ? err.messageZh : err.message;
    // field: the request field the reader filled in themselves (a box of tiles): its name is
    // no news to them ("tiles：「66」：…" reads "「66」：…")
    if (field && (text.startsWith(`${field}: `) || text.startsWith(`${field}：`))) text = text.slice(field.length + (text[field.length] === ":" ? 2 : 1));
    const colon = lang === "en" ? ": " : "：";   // a full-width colon in Chinese text
    return `${known ? kind : t(lang, "error.engine")}${colon}${engineText(text, lang)}`;
  }
  // (an error a widget raised on purpose, already in the reader's words: a puzzle file not found)
  if (err && err.known) return err.message;
  return `${t(lang, "error.unexpected")}${lang === "en" ? ": " : "："}${(err && err.message) || err}`;
}

/** An error a widget raises on purpose, in the reader's words: explain() shows it as it is
 *  (not as an "Unexpected error"). */
export function knownError(message) {
  return Object.assign(new Error(message), { known: true });
}

// Material's own single keys: the previous / next page (P , / N .), and the search box (S F /).
const THEME_PAGE_KEYS = ["p", "n", ",", "."];
const THEME_SEARCH_KEYS = ["s", "f", "/"];

/** A widget's single-key shortcuts, kept from the theme (one helper for every keyed widget: the
 *  Pai Gow drills through paigow-kit.js's pageKeys, the lesson widgets through lesson-kit.js's
 *  lessonKeys, the Play table).  Material's page keys would take the reader away in mid-hand (N on a focused tile opened the next page), its search keys
 *  move focus to the search box.  handler(e, key) (key lower-cased) returns true for the widget's
 *  own keys (even when they do nothing now); those, and the theme's page keys, stop there — the
 *  search keys too while focus is inside the widget; null leaves every key to the page (a
 *  finished quiz).  A key whose target is outside every widget is the widget's only if
 *  ``outside(target)`` says so (the page's first such widget; focus on <body>).  Keys typed into
 *  a field, keys with Ctrl or Meta (the browser's), and keys meant for another widget are left
 *  alone; Alt + a theme key is kept from the theme but not acted on.  Returns the listener (on
 *  the document; it removes itself once the widget is off the page: add it again if it
 *  comes back). */
export function widgetKeys(widget, handler, { outside = () => false } = {}) {
  const listener = (e) => {
    if (!widget.isConnected) { document.removeEventListener("keydown", listener); return; }
    if (e.defaultPrevented || e.ctrlKey || e.metaKey) return;
    const t = e.target instanceof Element ? e.target : null;
    // a radio button or check box takes no letters or digits: after a click on one (the
    // trainer's seat) the widget's keys still work; its own keys (arrows, Space) stay its own
    const toggle = t && t.tagName === "INPUT" && /^(radio|checkbox)$/.test(t.type);
    if (toggle && (e.key.startsWith("Arrow") || e.key === " " || e.key === "Enter" || e.key === "Tab")) return;
    if (t && (t.isContentEditable || (!toggle && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
    const other = t && t.closest(".tj-widget");
    if (other && other !== widget) return;
    if (!other && !outside(t)) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const theme = THEME_PAGE_KEYS.includes(key) || (Boolean(other) && THEME_SEARCH_KEYS.includes(key));
    if (e.altKey) {
      if (theme) e.stopPropagation();
      return;
    }
    const own = handler(e, key);
    if (own === null) return;   // the widget is done (a finished quiz): the page's keys work again
    if (own || theme) { e.preventDefault(); e.stopPropagation(); }
  };
  document.addEventListener("keydown", listener);
  return listener;
}

// A loading spinner turns only while it is on screen (CSS: .tj-status[data-onscreen]): whatever
// moves on the page costs frames — CPU taken from the engine's start on a small machine.
const onScreen = typeof IntersectionObserver === "undefined" ? null : new IntersectionObserver((entries) => {
  for (const entry of entries) entry.target.toggleAttribute("data-onscreen", entry.isIntersecting);
});

export class TjWidget extends HTMLElement {
  /** Set to false in widgets that never call the engine (e.g. <tj-tiles>). */
  static needsEngine = true;

  connectedCallback() {
    if (this._mounted) { // moved within the page: keep the DOM and its state
      const api = this._readyLater;
      this._readyLater = null;
      if (api) this._ready(api);
      return;
    }
    this._mounted = true;
    // a copy of a drawn widget (cloneNode) carries its drawing and its state, but none of its
    // handlers: two widgets in one, the dead one's form submitting the host page.  Drawn anew.
    if (this.hasAttribute("data-state")) {
      this.replaceChildren();
      for (const name of this.getAttributeNames()) if (name.startsWith("data-")) this.removeAttribute(name);
    }
    // the page the widget is on: its relative URLs resolve against this, not against the page
    // instant navigation may have moved to by the time an answer arrives
    this.pageBase = document.baseURI;
    this.language = langOf(this);
    this.classList.add("tj-widget");
    this.state = "loading";
    this.statusEl = h("p", { class: "tj-status", role: "status", "aria-live": "polite" });
    if (onScreen) onScreen.observe(this.statusEl);
    else this.statusEl.dataset.onscreen = "";
    try {
      this.render();
    } catch (err) {
      this.fail(err);
      return;
    }
    if (!this.contains(this.statusEl)) this.prepend(this.statusEl);
    if (!this.constructor.needsEngine) {
      if (this.state === "loading") this.state = "ready";   // (render may have said "error": bad tiles)
      return;
    }
    this.say(this.t("engine.loading"), "loading");
    engine().then(
      (api) => {
        this.engine = api;
        this.say("");
        this.state = "ready";
        // off the page (instant navigation left it): start when it comes back, if ever
        if (this.isConnected) this._ready(api);
        else this._readyLater = api;
      },
      (err) => this.fail(err, "engine.failed"),
    );
  }

  async _ready(api) {
    try {
      await this.ready(api);
    } catch (err) {
      this.fail(err);
    }
  }

  /** data-state on the widget root: loading | ready | error | (widget-specific). */
  get state() { return this.dataset.state; }
  set state(value) { this.dataset.state = value; }

  /** An interface string in the widget's language (keys in strings.toml). */
  t(key, vars) { return t(this.language, key, vars); }

  /** Show a short status line (kind: "" | "loading" | "error" | "ok"). */
  say(text, kind = "") {
    if (!this.statusEl) return;
    this.statusEl.textContent = text || "";
    this.statusEl.dataset.kind = kind;
    this.statusEl.hidden = !text;
    this.statusEl.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  /** The widget cannot work: data-state="error" and the reason in words. */
  fail(err, key = "error.widget") {
    this.state = "error";
    if (!this.statusEl) this.statusEl = h("p", { class: "tj-status" });
    if (!this.contains(this.statusEl)) this.prepend(this.statusEl);
    // the engine did not start: say why once (not "could not start. … is not running: …") and
    // offer a retry — a fresh page load, which also retries every download
    const startFailed = key === "engine.failed" && err && err.type === "EngineUnavailable";
    this.say(`${this.t(key)} ${startFailed ? startText(err.message, this.language) : explain(err, this.language)}`, "error");
    if (startFailed && typeof location !== "undefined") {
      this.statusEl.append(" ", h("button", { type: "button", class: "tj-button tj-retry", onclick: () => location.reload() }, this.t("engine.reload")));
    }
  }

  /** Build the DOM (tiles and controls); called once, before the engine is ready. */
  render() {}

  /** Called once the engine is ready. */
  async ready(_engine) {}
}

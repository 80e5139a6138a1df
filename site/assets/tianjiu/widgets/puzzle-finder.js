// <tj-puzzle-finder> — the puzzle index as a filterable grid (issue 15, item 7).
//
// The build writes one numbered link per puzzle inside the element (puzzle_pages.py:
// a[data-puzzle-id][data-themes][data-difficulty][data-visibility], neutral names only);
// this widget adds filters above it — theme(s) (any of the chosen), difficulty, open /
// hidden, solved / unsolved — a count, and "a random unsolved one".  The choice is kept
// in the address (?theme=a,b&d=1,2&v=open&s=unsolved) so it can be linked; #<theme id>
// (a lesson's link to a theme) also chooses that theme.  Needs no engine.
// Test hooks: data-shown (how many links match), data-state "ready".
import { TjWidget, defineWidget, h } from "../widget.js";
import * as progress from "./puzzle-progress.js";

const STATUS = ["all", "unsolved", "solved", "missed"];
const VIS = ["all", "open", "hidden"];

/** Is a puzzle of this display status "unsolved" (never tried, missed and not solved since,
 *  or a hint used and not solved yet)? */
export function unsolved(status) {
  return status !== "solved" && status !== "later" && status !== "helped";
}

export class TjPuzzleFinder extends TjWidget {
  static needsEngine = false;

  render() {
    this.id ||= "finder";
    // the element may be upgraded while the parser is still inside it: wait for its links
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", () => this.setUp(), { once: true });
    } else this.setUp();
  }

  setUp() {
    this.links = [...this.querySelectorAll("a[data-puzzle-id]")];
    const themeIds = [];
    for (const a of this.links) for (const t of (a.dataset.themes || "").split(" ").filter(Boolean)) if (!themeIds.includes(t)) themeIds.push(t);
    const q = new URLSearchParams(location.search);
    const list = (k) => (q.get(k) || "").split(",").filter(Boolean);
    let hash = "";   // a theme as #theme; a malformed escape (#%E0%A4%A) is ignored, not an error
    try { hash = decodeURIComponent(location.hash.slice(1)); } catch { /* not a theme */ }
    this.pick = {
      themes: new Set(list("theme").filter((t) => themeIds.includes(t)).concat(themeIds.includes(hash) ? [hash] : [])),
      levels: new Set(list("d").filter((d) => /^[1-5]$/.test(d))),
      vis: VIS.includes(q.get("v")) ? q.get("v") : "all",
      status: STATUS.includes(q.get("s")) ? q.get("s") : "all",
    };
    const toggle = (set, value, text, cls) => {
      const b = h("button", { type: "button", class: `tj-button tj-pzfind__toggle ${cls}`, "aria-pressed": String(set.has(value)), dataset: { value } }, text);
      b.addEventListener("click", () => {
        if (set.has(value)) set.delete(value); else set.add(value);
        b.setAttribute("aria-pressed", String(set.has(value)));
        this.apply();
      });
      return b;
    };
    const group = (title, ...kids) => h("fieldset", { class: "tj-pzfind__group" }, h("legend", {}, title), ...kids);
    const select = (name, values, current) => {
      const s = h("select", { class: `tj-pzfind__${name}`, "aria-label": this.t(`finder.${name}`) },
        values.map((v) => h("option", { value: v, selected: v === current }, this.t(`finder.${name}Opt.${v}`))));
      s.addEventListener("change", () => { this.pick[name === "vis" ? "vis" : "status"] = s.value; this.apply(); });
      return s;
    };
    let names = {};
    try { names = JSON.parse(this.getAttribute("theme-names") || "{}"); } catch { names = {}; }
    this.themeBtns = themeIds.map((t) => toggle(this.pick.themes, t, names[t] || t, "tj-pzfind__theme"));
    this.levelBtns = [1, 2, 3, 4, 5].map((d) => toggle(this.pick.levels, String(d), "★".repeat(d), "tj-pzfind__level"));
    this.levelBtns.forEach((b, i) => b.setAttribute("aria-label", this.t("puzzle.difficultyLabel", { n: i + 1 })));
    this.countEl = h("p", { class: "tj-pzfind__count", "aria-live": "polite" });
    this.randomBtn = h("button", { type: "button", class: "tj-button tj-button--primary tj-pzfind__random", onclick: () => this.random() }, this.t("finder.random"));
    this.clearBtn = h("button", { type: "button", class: "tj-button tj-pzfind__clear", onclick: () => this.clear() }, this.t("finder.clear"));
    this.form = h("div", { class: "tj-pzfind" },
      group(this.t("finder.theme"), h("div", { class: "tj-pzfind__row" }, this.themeBtns)),
      group(this.t("finder.level"), h("div", { class: "tj-pzfind__row" }, this.levelBtns)),
      h("div", { class: "tj-pzfind__row" }, select("vis", VIS, this.pick.vis), select("status", STATUS, this.pick.status)),
      h("div", { class: "tj-pzfind__row" }, this.countEl, this.randomBtn, this.clearBtn));
    this.emptyEl = h("p", { class: "tj-pzfind__empty", hidden: true }, this.t("finder.none"));
    // a save that could not be read or written (damaged, newer, full storage) is said here too
    this.noticeEl = h("p", { class: "tj-message tj-pz__notice", role: "status", hidden: true });
    this.form.prepend(this.noticeEl);
    this.prepend(this.form);
    this.append(this.emptyEl);
    this.unlisten = progress.onProgress(() => this.apply());
    this.apply(false);
  }

  disconnectedCallback() {
    if (this.unlisten) this.unlisten();
  }

  /** Does link a fit the choice p?  data: the progress save, read once per redraw (reading it
   *  per link made a year of saved progress cost seconds a redraw). */
  fits(a, p = this.pick, data = progress.load()) {
    const themes = (a.dataset.themes || "").split(" ");
    if (p.themes.size && !themes.some((t) => p.themes.has(t))) return false;
    if (p.levels.size && !p.levels.has(a.dataset.difficulty)) return false;
    if (p.vis !== "all" && a.dataset.visibility !== p.vis) return false;
    const st = progress.displayStatusOf(a.dataset.puzzleId, data);
    if (p.status === "unsolved" && !unsolved(st)) return false;
    if (p.status === "solved" && !(st === "solved" || st === "later" || st === "helped")) return false;
    if (p.status === "missed" && !(st === "failed" || st === "later")) return false;
    return true;
  }

  apply(write = true) {
    if (!this.links) return;
    let n = 0;
    const data = progress.load();
    for (const a of this.links) {
      const ok = this.fits(a, this.pick, data);
      a.parentElement.hidden = !ok;
      n += ok ? 1 : 0;
    }
    this.dataset.shown = String(n);
    // (the puzzle index's <tj-puzzle-progress> says it already: once a page is enough)
    const notice = document.querySelector("tj-puzzle-progress") ? null : progress.progressNotice();
    this.noticeEl.hidden = !notice;
    this.noticeEl.textContent = notice ? this.t(`puzzle.save.${notice.kind}`, { n: notice.n, backup: notice.backup }) : "";
    this.countEl.textContent = this.t("finder.count", { n, total: this.links.length });
    this.emptyEl.hidden = n > 0;
    this.randomBtn.disabled = !this.links.some((a) => !a.parentElement.hidden && unsolved(progress.displayStatusOf(a.dataset.puzzleId, data)));
    // the selection (themes, difficulty, hands; not progress), for a puzzle page's "Next puzzle"
    const p = this.pick;
    const chosen = p.themes.size || p.levels.size || p.vis !== "all";
    const ids = chosen ? this.links.filter((a) => this.fits(a, { ...p, status: "all" }, data)).map((a) => a.dataset.puzzleId) : null;
    progress.setSelection(ids && [...new Set(ids)]);
    if (!write) return;
    const q = new URLSearchParams(location.search);
    const set = (k, v) => (v ? q.set(k, v) : q.delete(k));
    set("theme", [...this.pick.themes].join(","));
    set("d", [...this.pick.levels].sort().join(","));
    set("v", this.pick.vis === "all" ? "" : this.pick.vis);
    set("s", this.pick.status === "all" ? "" : this.pick.status);
    const qs = q.toString();
    history.replaceState(history.state, "", location.pathname + (qs ? `?${qs}` : "") + "#finder");
  }

  random() {
    const data = progress.load();
    const pool = this.links.filter((a) => !a.parentElement.hidden && unsolved(progress.displayStatusOf(a.dataset.puzzleId, data)));
    if (!pool.length) return;
    const a = pool[Math.floor(Math.random() * pool.length)];
    this.dataset.random = a.dataset.puzzleId;
    a.click();
  }

  clear() {
    this.pick.themes.clear();
    this.pick.levels.clear();
    this.pick.vis = "all";
    this.pick.status = "all";
    for (const b of [...this.themeBtns, ...this.levelBtns]) b.setAttribute("aria-pressed", "false");
    for (const s of this.form.querySelectorAll("select")) s.value = "all";
    this.apply();
  }
}

defineWidget("tj-puzzle-finder", TjPuzzleFinder, { description: "the puzzle index: filter by theme, difficulty, hands and progress" });

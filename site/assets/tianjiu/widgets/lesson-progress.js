// Lesson marks on this device, and <tj-lesson-progress> (the lesson index shows them).
//
// One localStorage key, "tianjiu.lessons", holds JSON:
//   { "version": 1,
//     "lessons": { "09-strategy": { "strategy": { "right": 4, "total": 5,   // the last finished stage
//                                                 "best": 5, "date": "2026-12-01" } } } }
// A lesson is the page slug (lessons/<slug>/, any language); inside it one entry per
// exercise (its kinds).  A save that cannot be read is kept as "tianjiu.lessons.backup"
// before a fresh one replaces it; without localStorage marks last for this page only.
import { TjWidget, defineWidget, h } from "../widget.js";

export const KEY = "tianjiu.lessons";
const SLUG = /\/lessons\/([0-9]{2}-[a-z0-9-]+)\/?(?:index\.html)?$/;
let memory = null;

function store() {
  try {
    const s = globalThis.localStorage;
    s.setItem(`${KEY}.probe`, "1");
    s.removeItem(`${KEY}.probe`);
    return s;
  } catch {
    return null;
  }
}

function fresh() {
  return { version: 1, lessons: {} };
}

function valid(e) {
  return e && typeof e === "object" && Number.isInteger(e.right) && Number.isInteger(e.total) && e.total > 0
    && e.right >= 0 && e.right <= e.total && Number.isInteger(e.best) && e.best >= e.right && e.best <= e.total;
}

/** The saved marks ({version, lessons}); damaged entries are left out. */
export function load() {
  const s = store();
  if (!s) return memory || (memory = fresh());
  const text = s.getItem(KEY);
  if (text === null) return fresh();
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    try { s.setItem(`${KEY}.backup`, text); } catch { /* full: the original stays as it is */ }
    return fresh();
  }
  const data = fresh();
  const lessons = raw && typeof raw === "object" && raw.lessons && typeof raw.lessons === "object" ? raw.lessons : {};
  for (const [slug, ex] of Object.entries(lessons)) {
    if (!/^[0-9]{2}-[a-z0-9-]+$/.test(slug) || !ex || typeof ex !== "object") continue;
    for (const [id, e] of Object.entries(ex)) {
      if (valid(e)) (data.lessons[slug] ||= {})[id] = { right: e.right, total: e.total, best: e.best, date: String(e.date || "") };
    }
  }
  return data;
}

function save(data) {
  const s = store();
  if (!s) { memory = data; return; }
  try { s.setItem(KEY, JSON.stringify(data)); } catch { memory = data; }
}

/** The lesson slug of a path ("/en/lessons/09-strategy/" → "09-strategy"), or null. */
export function slugOf(path = globalThis.location ? location.pathname : "") {
  const m = SLUG.exec(path);
  return m ? m[1] : null;
}

/** The mark of one exercise of this page, or null. */
export function markOf(id, slug = slugOf()) {
  const l = load().lessons[slug];
  return l && l[id] ? l[id] : null;
}

/** Record a finished stage: right of total. Returns the saved mark. */
export function recordStage(id, right, total, slug = slugOf()) {
  if (!slug) return null;
  const data = load();
  const l = (data.lessons[slug] ||= {});
  const old = l[id];
  const d = new Date();
  const p = (n) => String(n).padStart(2, "0");
  l[id] = { right, total, best: Math.max(right, old && old.total === total ? old.best : 0), date: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}` };
  save(data);
  return l[id];
}

/** <tj-lesson-progress>: marks every link to a lesson on the page (the lesson index) with
 *  its saved result and says how many lessons are finished.  A lesson is finished when its
 *  exercise (a stage: questions, then the result) was done to the end at least once; the
 *  mark says so with the best result ("✓ done (best 2/5)"), and the line counts the same
 *  lessons (and those with every answer right first time).  Drawn again when the saves
 *  change in another tab or the page is shown again.  data-done = finished lessons,
 *  data-all = those all right; on each link data-lesson-mark = "best/total". */
export class TjLessonProgress extends TjWidget {
  static needsEngine = false;

  render() {
    this.line = h("p", { class: "tj-progress__line" });
    this.append(h("div", { class: "tj-progress" }, this.line));
    this.redraw = () => { if (this.isConnected) this.draw(); };
    this.draw();
  }

  connectedCallback() {
    super.connectedCallback();
    if (this.redraw && !this.listening) {
      this.listening = true;
      addEventListener("storage", this.redraw);
      addEventListener("pageshow", this.redraw);
    }
  }

  disconnectedCallback() {
    if (this.listening) {
      removeEventListener("storage", this.redraw);
      removeEventListener("pageshow", this.redraw);
      this.listening = false;
    }
  }

  draw() {
    const root = this.closest("article") || document;
    const data = load();
    const seen = new Set();
    let done = 0;
    let all = 0;
    for (const a of root.querySelectorAll("a[href]")) {
      const slug = slugOf(new URL(a.getAttribute("href"), location.href).pathname);
      if (!slug) continue;
      const first = !seen.has(slug);
      seen.add(slug);
      const marks = Object.values(data.lessons[slug] || {});
      a.querySelector(".tj-lessonmark")?.remove();
      delete a.dataset.lessonMark;
      if (!marks.length) continue;
      const right = marks.reduce((n, m) => n + m.best, 0);
      const total = marks.reduce((n, m) => n + m.total, 0);
      if (first) {
        done += 1;
        if (right === total) all += 1;
      }
      a.dataset.lessonMark = `${right}/${total}`;
      a.append(h("span", { class: "tj-lessonmark", title: this.t("lessons.markTitle", { right, total }) },
        " ", this.t("lessons.mark", { right, total })));
    }
    this.dataset.done = String(done);
    this.dataset.all = String(all);
    this.line.textContent = this.t("lessons.progressLine", { done, n: seen.size, all });
  }
}

defineWidget("tj-lesson-progress", TjLessonProgress, { description: "lesson results saved on this device" });

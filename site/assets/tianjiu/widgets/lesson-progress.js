// Lesson marks on this device, and <tj-lesson-progress> (the lesson index shows them).
//
// One localStorage key, "tianjiu.lessons", holds JSON:
//   { "version": 1,
//     "lessons": { "09-strategy": { "strategy": { "right": 4, "total": 5,   // the last finished stage
//                                                 "best": 5, "date": "2026-12-01" } } } }
// A lesson is the page slug (lessons/<slug>/, any language); inside it one entry per
// exercise (its kinds).  The record is kept by progress-store.js: a save that cannot be read is
// kept as "tianjiu.lessons.backup" with a notice (lessons.save.*), damaged entries are dropped
// one by one, a newer version's save is only read, a full storage keeps this page's results in
// memory; without localStorage marks last for this page only.
import { TjWidget, defineWidget, h } from "../widget.js";
import { progressStore } from "./progress-store.js";

export const KEY = "tianjiu.lessons";
export const VERSION = 1;
const SLUG = /\/lessons\/([0-9]{2}-[a-z0-9-]+)\/?(?:index\.html)?$/;
const SLUG_ID = /^[0-9]{2}-[a-z0-9-]+$/;
const EXERCISE_ID = /^[A-Za-z0-9_ -]{1,80}$/;   // "trick", or a quiz's kinds: "lead follow"

function fresh() {
  return { version: VERSION, lessons: {} };
}

const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

function valid(e) {
  // (a stage has a handful of questions: 900719925474099 of them is a damaged entry)
  return isObj(e) && Number.isInteger(e.right) && Number.isInteger(e.total) && e.total > 0 && e.total <= 1000
    && e.right >= 0 && e.right <= e.total && Number.isInteger(e.best) && e.best >= e.right && e.best <= e.total;
}

/** A parsed save repaired: {data, dropped}, every valid mark kept. */
export function repair(raw) {
  const data = fresh();
  let dropped = 0;
  if (!isObj(raw)) return { data, dropped: 1 };
  const lessons = isObj(raw.lessons) ? raw.lessons : (raw.lessons === undefined ? {} : (dropped += 1, {}));
  for (const [slug, ex] of Object.entries(lessons)) {
    if (!SLUG_ID.test(slug) || !isObj(ex)) { dropped += 1; continue; }
    for (const [id, e] of Object.entries(ex)) {
      if (!EXERCISE_ID.test(id) || id in Object.prototype || !valid(e)) { dropped += 1; continue; }
      (data.lessons[slug] ||= {})[id] = { right: e.right, total: e.total, best: e.best, date: String(e.date || "").slice(0, 10) };
    }
  }
  return { data, dropped };
}

const store = progressStore({ key: KEY, version: VERSION, fresh, repair, empty: (d) => !Object.keys(d.lessons).length });

/** The saved marks ({version, lessons}); see progress-store.js for damaged saves. */
export const load = store.load;
const save = store.save;
/** The notice of this page load ({kind, n}: strings lessons.save.<kind>), or null. */
export const progressNotice = store.progressNotice;

/** The notice of this page load as a paragraph, or null. */
export function noticeView(t) {
  const n = progressNotice();
  return n ? h("p", { class: "tj-progress__notice", role: "status" }, t(`lessons.save.${n.kind}`, { n: n.n, backup: n.backup })) : null;
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

/** The notice of this page load, for the first lesson exercise of the page only (one notice a
 *  page), said as the page opens — a save this page cannot write (a newer site's, a full
 *  storage) was said only once a stage ended, after the work.  Null otherwise. */
export function openingNotice(el, t) {
  load();
  return document.querySelector("tj-lesson-quiz, tj-lesson-trick") === el ? noticeView(t) : null;
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
    this.noticeEl = h("div");
    this.append(h("div", { class: "tj-progress" }, this.line, this.noticeEl));
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
    this.noticeEl.replaceChildren(...[noticeView(this.t.bind(this))].filter(Boolean));
  }
}

defineWidget("tj-lesson-progress", TjLessonProgress, { description: "lesson results saved on this device" });

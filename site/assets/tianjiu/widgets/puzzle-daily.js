// The daily puzzle, the archive of past dailies, and the progress summary.
//
// <tj-daily-puzzle data="…/puzzles/" pages="puzzles/">  today's puzzle (the user's LOCAL
//     date; ?date=YYYY-MM-DD in the page URL or a date="…" attribute chooses another day)
//     from data/schedule.json, shown as a <tj-puzzle> with a link to its page.
// <tj-puzzle-archive data="…" pages="…">  every past daily (newest first) with your result.
// <tj-puzzle-progress>  solved / failed / streaks from localStorage, and a ✓ / ✗ on every
//     link of the page that carries data-puzzle-id (the puzzle index).
// data: the built puzzles/ folder (schedule.json, index.json, NNNN.toml), as {{ url("puzzles/") }};
// pages: the puzzle pages of this language, relative to the page (they live in the same tree).
// None of them needs the engine; <tj-puzzle> inside does.
import { TjWidget, defineWidget, h } from "../widget.js";
import * as progress from "./puzzle-progress.js";
import { clip } from "../i18n.js";
import { loc, aside, srPause } from "./puzzle-board.js";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(date) {
  const m = DATE.exec(date);
  if (!m || Number(m[1]) < 1000) return null;   // years 1000–9999 (Date.UTC would read 0–99 as 1900–1999)
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return null;
  return Math.round(d.getTime() / 86400000);
}

function dateOf(day) {
  return new Date(day * 86400000).toISOString().slice(0, 10);
}

/** The daily puzzle of a date — the rule of tianjiu_core.puzzles.Schedule.puzzle_for
 *  (PUZZLES.md, "Daily schedule"): k = days from the start; id = ids[k mod n], so past
 *  the last entry (and before the start) the list repeats.  Returns {id, day: k,
 *  repeat}; {id: null} for an empty schedule. */
export function dailyFor(date, schedule) {
  const ids = (schedule && schedule.ids) || [];
  const start = dayNumber(schedule && schedule.start);
  const day = dayNumber(date);
  if (day === null) throw new Error(`not a date: ${date}`);
  if (!ids.length || start === null) return { id: null, day: null };
  const k = day - start;
  const n = ids.length;
  return { id: ids[((k % n) + n) % n], day: k, repeat: k < 0 || k >= n };
}

/** A date that may be shown: a real date (years 1000–9999) not after today (local date) —
 *  a later day's puzzle is not given away before its day. */
function usableDate(date) {
  const day = date ? dayNumber(date) : null;
  return day !== null && day <= dayNumber(progress.localDate(new Date()));
}

/** The date to show: ?date= in the page URL, else the date attribute, else the local date. */
export function chosenDate(el) {
  const q = new URLSearchParams(location.search).get("date");
  if (usableDate(q)) return q;
  const a = el && el.getAttribute("date");
  if (usableDate(a)) return a;
  return progress.localDate(new Date());
}

/** ?date= when it was not used, else null — the page says why: {date, kind: "dateRefused"
 *  (not a date of years 1000–9999) | "dateFuture" (after today)}. */
export function refusedDate(el) {
  const q = new URLSearchParams(location.search).get("date");
  if (q === null || q === "" || q === chosenDate(el)) return null;   // (an empty ?date= is no date asked for)
  return { date: q, kind: dayNumber(q) === null ? "dateRefused" : "dateFuture" };
}

/** The note saying why ?date= was not used (refusedDate), or null. */
function refusedNote(el) {
  const refused = refusedDate(el);
  return refused && h("p", { class: "tj-daily__refused", role: "note" }, el.t(`puzzle.${refused.kind}`, { date: clip(refused.date, 40) }));
}

/** A date in the page language: "2026年12月5日（星期六）" / "Saturday 5 December 2026". */
export function longDate(date, lang) {
  const day = dayNumber(date);
  const tag = { hant: "zh-Hant-HK", hans: "zh-Hans-CN", en: "en-GB" }[lang] || "en-GB";
  try {
    return new Intl.DateTimeFormat(tag, { dateStyle: "full", timeZone: "UTC" }).format(new Date(day * 86400000));
  } catch {
    return date;
  }
}

const cache = new Map();
/** Fetch a JSON file of the built site once per page (schedule.json, index.json). */
export function fetchJSON(url, base = document.baseURI) {
  const key = new URL(url, base).href;
  if (!cache.has(key)) {
    cache.set(key, fetch(key).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}: ${new URL(key).pathname}`);
      return r.json();
    }));
    cache.get(key).catch(() => cache.delete(key));
  }
  return cache.get(key);
}

function base(el, attr, fallback) {
  let v = el.getAttribute(attr) ?? fallback;
  if (v && !v.endsWith("/")) v += "/";
  return v;
}

class DataWidget extends TjWidget {
  static needsEngine = false;

  // progress listeners end with the page (instant navigation) and resume if the element comes back
  connectedCallback() {
    super.connectedCallback();
    if (!this.unlisten && this.listen) this.unlisten = progress.onProgress(() => this.listen());
  }

  disconnectedCallback() {
    if (this.unlisten) this.unlisten();
    this.unlisten = null;
  }

  get data() { return base(this, "data", "puzzles/"); }
  get pages() { return base(this, "pages", this.data); }

  pageOf(id) {
    return `${this.pages}${id}/`;
  }

  async loadData() {
    const [schedule, index] = await Promise.all([fetchJSON(`${this.data}schedule.json`, this.pageBase),
      fetchJSON(`${this.data}index.json`, this.pageBase)]);
    this.byId = Object.fromEntries((index.puzzles || []).map((p) => [p.id, p]));
    progress.setKnown(Object.keys(this.byId));   // the totals count only these
    return { schedule, index };
  }

  problem(err) {
    this.say(`${this.t("puzzle.dataFailed")} ${err.message || err}`, "error");
  }
}

export class TjDailyPuzzle extends DataWidget {
  render() {
    this.date = chosenDate(this);
    this.dataset.date = this.date;
    this.headEl = h("div", { class: "tj-daily__head" },
      h("p", { class: "tj-title tj-daily__title" }, this.t("puzzle.dailyTitle")),
      h("p", { class: "tj-daily__date" }, h("time", { datetime: this.date }, longDate(this.date, this.language))));
    const note = refusedNote(this);
    if (note) this.headEl.append(note);
    this.bodyEl = h("div", { class: "tj-daily__body" });
    this.linksEl = h("p", { class: "tj-daily__links" });
    this.append(h("div", { class: "tj-daily" }, this.headEl, this.bodyEl, this.linksEl));
    this.show();
  }

  async show() {
    try {
      const { schedule } = await this.loadData();
      let pick = dailyFor(this.date, schedule);
      if (pick.day !== null && pick.day < 0) {
        // before the first daily the list wraps round to a later day's puzzle, given away
        // before its day: today's instead, and a note saying why
        const asked = this.date;
        // (and the address no longer asks for it: the saves read ?date= as "today" —
        // puzzle-progress.js localDate — and would file today's solve under that day)
        const url = new URL(location.href);
        if (url.searchParams.get("date") === asked) {
          url.searchParams.delete("date");
          try { history.replaceState(history.state, "", url.href); } catch { /* (a sandboxed frame) */ }
        }
        this.date = progress.localDate(new Date());
        this.dataset.date = this.date;
        this.headEl.querySelector(".tj-daily__date").replaceChildren(h("time", { datetime: this.date }, longDate(this.date, this.language)));
        this.headEl.append(h("p", { class: "tj-daily__refused", role: "note" },
          this.t("puzzle.dateBefore", { date: clip(asked, 40), start: longDate(schedule.start, this.language) })));
        pick = dailyFor(this.date, schedule);
      }
      const archive = this.getAttribute("archive");
      if (!pick.id) {
        this.dataset.puzzle = "";
        this.bodyEl.replaceChildren(h("p", { class: "tj-daily__none" }, this.t("puzzle.dailyNone")));
        return;
      }
      this.dataset.puzzle = pick.id;
      const meta = this.byId[pick.id];
      // puzzles / index-page: the solved puzzle leads on to the next unsolved one (its page)
      // (absolute: the puzzle may be made after instant navigation moved the document to another
      // folder, where "puzzles/0002.json" would be /lessons/puzzles/0002.json — a 404)
      const abs = (u) => new URL(u, this.pageBase || document.baseURI).href;
      const el = h("tj-puzzle", { src: abs(`${this.data}${pick.id}.toml`), preview: abs(`${this.data}${pick.id}.json`), date: this.date,
        puzzles: abs(this.data), "index-page": abs(this.pages) });
      this.bodyEl.replaceChildren(el);
      this.linksEl.replaceChildren(...[   // (replaceChildren writes a null as the text "null")
        h("a", { href: this.pageOf(pick.id), class: "tj-daily__page" }, this.t("puzzle.dailyPage", { id: pick.id, title: meta ? loc(meta.title, this.language) : "" })),
        archive ? " · " : null,
        archive ? h("a", { href: archive }, this.t("puzzle.archiveLink")) : null].filter(Boolean));
    } catch (err) {
      this.problem(err);
    }
  }
}

export class TjPuzzleArchive extends DataWidget {
  render() {
    this.date = chosenDate(this);
    this.listEl = h("ol", { class: "tj-archive__list", reversed: true });
    this.append(h("div", { class: "tj-archive" }, refusedNote(this), this.listEl));   // (said as on the daily page)
    this.show();
  }

  listen() {
    this.show();
  }

  async show() {
    try {
      const { schedule } = await this.loadData();
      const start = dayNumber(schedule.start);
      const today = dayNumber(this.date);
      const realToday = dayNumber(progress.localDate(new Date()));   // ("today" only on the real one)
      const lang = this.language;
      const data = progress.load();
      const rows = [];
      if (start !== null && (schedule.ids || []).length) {
        // from today back to the first day (today is listed even before the schedule starts)
        for (let day = today; (day >= start || day === today) && rows.length < 3660; day -= 1) {
          const date = dateOf(day);
          const { id } = dailyFor(date, schedule);
          const meta = this.byId[id] || {};
          const mine = data.daily[date];
          const status = mine && mine.id === id ? mine.status : progress.statusOf(id, data);
          // in words: a hint with no solve yet is "hint used, not solved yet", a miss solved
          // since "missed (then solved)" (a hint alone read "solved with a hint")
          const now = progress.displayStatusOf(id, data);
          const words = (status === "helped" && now === "hinted") || (status === "failed" && now === "later") ? now : status;
          rows.push(h("li", { class: `tj-archive__item${day === realToday ? " is-today" : ""}`, dataset: { date, puzzle: id, status: status || "" } },
            h("time", { datetime: date, class: "tj-archive__date" }, date),
            // a title gives the answer away: shown once you have solved the puzzle
            h("a", { href: this.pageOf(id), "data-puzzle-id": id },
              ["solved", "later", "helped"].includes(now) ? `${id} ${loc(meta.title, lang)}`
                : `${id}${day === realToday ? aside(this.t("puzzle.today"), lang) : ""} · ${this.t("puzzle.neutral", {
                  n: meta.size ?? "?", v: this.t(meta.visibility === "hidden" ? "puzzle.hiddenShort" : "puzzle.openShort") })}`),
            srPause(lang),
            h("span", { class: "tj-archive__stars", role: "img", "aria-label": this.t("puzzle.difficultyLabel", { n: meta.difficulty || 0 }) },
              h("span", { "aria-hidden": "true" }, "★".repeat(meta.difficulty || 0))),
            srPause(lang),
            h("span", { class: `tj-archive__status is-${words || "new"}` }, this.t(`puzzle.mine.${words || "new"}`))));
        }
      }
      this.listEl.replaceChildren(...rows);
      if (!rows.length) this.listEl.replaceWith(this.listEl = h("p", { class: "tj-archive__list" }, this.t("puzzle.archiveEmpty")));
      this.dataset.count = String(rows.length);
    } catch (err) {
      this.problem(err);
    }
  }
}

export class TjPuzzleProgress extends DataWidget {
  render() {
    this.notice = h("p", { class: "tj-message tj-pz__notice", role: "alert", hidden: true });
    this.line = h("p", { class: "tj-progress__line" });
    this.append(h("div", { class: "tj-progress" }, this.notice, this.line));
    this.show();
    // the collection's ids, so that saved ids outside it are not counted (setKnown redraws);
    // without index.json (offline, first visit) the totals count every saved puzzle
    this.loadData().catch(() => {});
  }

  listen() {
    this.show();
  }

  show() {
    const data = progress.load();
    const n = progress.progressNotice();
    if (n) {
      this.notice.hidden = false;
      this.notice.dataset.kind = n.kind;
      this.notice.textContent = this.t(`puzzle.save.${n.kind}`, { n: n.n, backup: n.backup });
    }
    const s = progress.summary(data);
    Object.assign(this.dataset, { solved: s.solved, failed: s.failed, streak: s.streak });
    this.line.textContent = `${this.t("puzzle.yourProgress")} ${this.t("puzzle.totals", s)}`;
    const root = this.closest("article") || document;
    for (const a of root.querySelectorAll("a[data-puzzle-id]")) {
      const status = progress.statusOf(a.dataset.puzzleId, data);
      a.dataset.status = status || "";
      let mark = a.querySelector(".tj-progress__mark");
      if (!status) { if (mark) mark.remove(); continue; }
      if (!mark) a.append(mark = h("span", { class: "tj-progress__mark" }));
      mark.textContent = ` ${status === "solved" ? "✓" : status === "helped" ? "◐" : "✗"}`;
      // (read out as the puzzle's page says it: "hint used, not solved yet", "missed (then solved)")
      mark.setAttribute("aria-label", this.t(`puzzle.mine.${progress.displayStatusOf(a.dataset.puzzleId, data) || status}`));
    }
  }
}

defineWidget("tj-daily-puzzle", TjDailyPuzzle, { description: "today's puzzle from the schedule (local date)" });
defineWidget("tj-puzzle-archive", TjPuzzleArchive, { description: "past daily puzzles with your results" });
defineWidget("tj-puzzle-progress", TjPuzzleProgress, { description: "your puzzle progress (localStorage)" });

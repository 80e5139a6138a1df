// Puzzle progress in localStorage: solved, helped, missed, streaks, dailies.
//
// One key, "tianjiu.puzzles", holds JSON:
//   { "version": 2,
//     "puzzles": { "0007": { "first": "solved"|"helped"|"failed",  // the first outcome (streaks use it)
//                            "status": "solved"|"helped"|"failed", // = first: a miss stays a miss
//                            "later": true,                  // (optional) missed, then solved on a retry
//                            "done": true,                   // (optional, helped) solved with the hint
//                            "shown": true,                  // (optional) the solution was shown once
//                            "tries": 2,                     // wrong tries, all attempts
//                            "date": "2026-11-30" } },       // local date of the first outcome
//     "history": ["0003", "0007"],                           // ids in order of their first outcome
//     "daily": { "2026-11-30": { "id": "0007", "status": "solved",
//                                "late": true } } }          // (optional) played on a later day
//
// Outcome of one attempt: "solved" = every move right first time, no hint and the
// solution not shown; "helped" = a hint was used (and no wrong try, no solution shown);
// "failed" (shown as "missed") = a wrong try or the solution shown before the end.  The
// first decisive event records it (a wrong try, a hint, "show solution", or the last
// right move); a hint records "helped", which a wrong try or the solution shown later in
// the SAME attempt turns into "failed" (record's `worsen`).  A puzzle's outcome is its
// first one: solving it after a miss (a retry, "Start again") marks it "later" but never
// turns the miss into a solve, and a helped puzzle stays helped.
// streak = the run of "solved" first outcomes at the end of history (a helped or missed
// puzzle ends it: neither is "solved first time"); best = the longest run; daily streak =
// consecutive local dates up to today (or yesterday) whose daily puzzle was solved on that
// very day (the archive's ?date= opens a past day's daily: its result is kept, marked "late",
// and counts in no daily streak — five past days solved in one sitting made a streak of 5).
//
// Version 1 (before "helped": a hint counted as a miss) has the same shape without it and
// is read as it is (its hinted puzzles stay missed); it is upgraded to version 2 on load,
// the original copy kept under "tianjiu.puzzles.v1".  A site of version 1 reading a
// version-2 save sees a newer version and only reads it (never rewrites it).
//
// A save that cannot be read is never lost silently: unreadable text is kept under
// "tianjiu.puzzles.backup" (".backup.2", ".3", … when an earlier backup is there: a backup is
// never overwritten) and a notice naming it is shown; entries that are wrong are dropped
// one by one (the valid ones kept) and the notice says how many.  Without
// localStorage (private mode, blocked storage) progress lives for this page only.
import { keepCopy, newerVersion, openStorage } from "./progress-store.js";

export const KEY = "tianjiu.puzzles";
export const BACKUP_KEY = "tianjiu.puzzles.backup";
export const VERSION = 2;
export const V1_KEY = "tianjiu.puzzles.v1";

const ID_FORM = /^[A-Za-z0-9_-]{1,32}$/;
// an id is a key of plain objects: never one of Object.prototype's names (__proto__, constructor…)
const ID = { test: (id) => ID_FORM.test(id) && !(id in Object.prototype) };
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATUS = new Set(["solved", "helped", "failed"]);

let memory = null;          // when localStorage is unusable
let notice = null;          // {kind: "repaired"|"reset"|"newer"|"unavailable", n, at: pathname}
const listeners = new Set();
// another tab (or window) of the site saved progress: this page's totals and marks follow
// (they stayed as they were until this page saved something itself).  Only the record's own
// key: load()'s probe key changes on every read, and would echo between tabs.
if (typeof window !== "undefined" && window.addEventListener) {
  window.addEventListener("storage", (e) => {
    if ((e.key === KEY || e.key === null) && listeners.size) tell(load());
  });
}

function storage() {
  try {
    const s = globalThis.localStorage;
    const probe = `${KEY}.probe`;
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

export function fresh() {
  return { version: VERSION, puzzles: {}, history: [], daily: {} };
}

function isObj(x) {
  return x !== null && typeof x === "object" && !Array.isArray(x);
}

function validDate(s) {
  if (typeof s !== "string" || !DATE.test(s)) return false;
  const [y, m, d] = s.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** Repair a parsed save: returns {data, dropped} keeping every valid entry.
 *  Older shapes are migrated: version 0 (no version) with "solved"/"failed" id lists. */
export function repair(raw) {
  const data = fresh();
  let dropped = 0;
  if (!isObj(raw)) return { data, dropped: 1 };
  // version 0: {solved: [ids], failed: [ids]} (lists, no details)
  if (raw.version === undefined && (Array.isArray(raw.solved) || Array.isArray(raw.failed))) {
    for (const status of ["failed", "solved"]) {
      for (const id of Array.isArray(raw[status]) ? raw[status] : []) {
        if (typeof id !== "string" || !ID.test(id)) { dropped += 1; continue; }
        if (!data.puzzles[id]) data.history.push(id);
        data.puzzles[id] = { first: status, status, tries: status === "failed" ? 1 : 0, date: null };
      }
    }
    return { data, dropped };
  }
  const puzzles = isObj(raw.puzzles) ? raw.puzzles : (raw.puzzles === undefined ? {} : (dropped += 1, {}));
  for (const [id, e] of Object.entries(puzzles)) {
    if (!ID.test(id) || !isObj(e) || !STATUS.has(e.status)) { dropped += 1; continue; }
    const first = STATUS.has(e.first) ? e.first : e.status;
    const tries = Number.isInteger(e.tries) && e.tries >= 0 ? e.tries : (first === "failed" ? 1 : 0);
    if (e.tries !== undefined && tries !== e.tries) dropped += 1;
    // a miss stays a miss: saves of an older trainer upgraded a later clean solve to "solved"
    const later = e.later === true || (first === "failed" && e.status === "solved");
    data.puzzles[id] = { first, status: first, tries, date: validDate(e.date) ? e.date : null };
    if (later && first === "failed") data.puzzles[id].later = true;
    if (e.done === true && first === "helped") data.puzzles[id].done = true;
    if (e.shown === true) data.puzzles[id].shown = true;
  }
  const seen = new Set();
  for (const id of Array.isArray(raw.history) ? raw.history : []) {
    if (typeof id === "string" && Object.hasOwn(data.puzzles, id) && !seen.has(id)) { seen.add(id); data.history.push(id); }
    else dropped += 1;
  }
  if (raw.history !== undefined && !Array.isArray(raw.history)) dropped += 1;
  for (const id of Object.keys(data.puzzles)) if (!seen.has(id)) data.history.push(id);  // keep, order unknown
  const daily = isObj(raw.daily) ? raw.daily : (raw.daily === undefined ? {} : (dropped += 1, {}));
  for (const [date, e] of Object.entries(daily)) {
    if (!validDate(date) || !isObj(e) || typeof e.id !== "string" || !ID.test(e.id) || !STATUS.has(e.status)) {
      dropped += 1;
      continue;
    }
    data.daily[date] = { id: e.id, status: e.status, ...(e.late === true ? { late: true } : {}) };
  }
  return { data, dropped };
}

function here() {
  return globalThis.location ? location.pathname : "";
}

/** Read the save (repairing it if needed).  Returns the data; see progressNotice(). */
export function load() {
  const s = storage();
  if (!s) {
    if (!memory) {
      const st = openStorage(KEY);
      // full (it reads, but refuses writes): the saved progress is read as it is, this page's
      // results live in memory (save() tries to write each time); else none at all
      memory = st ? readOnly(st.s.getItem(KEY)) : fresh();
      notice = { kind: st ? "full" : "unavailable", n: 0, at: here() };
    }
    return memory;
  }
  if (memory) {   // kept while the storage was full, which has room again: write it now
    const kept = memory;
    memory = null;
    if (!kept.readOnly) { write(s, kept); return kept; }
  }
  const text = s.getItem(KEY);
  if (text === null) return fresh();
  // keep the original before anything replaces it; when even that fails (storage full) the
  // original stays where it is and this page does not save (read-only), so nothing is lost
  // (never over an earlier backup: a second repair's original goes to ".backup.2", …)
  let keptAs = BACKUP_KEY;
  const backup = () => {
    keptAs = keepCopy(s, BACKUP_KEY, text);
    return keptAs !== null;
  };
  let raw;
  try {
    raw = JSON.parse(text);
  } catch {
    const data = fresh();
    if (!backup()) return keepOriginal(data);
    write(s, data);
    notice = { kind: "reset", n: 0, at: here(), backup: keptAs };
    return data;
  }
  if (isObj(raw) && raw.version === 1) {
    // the previous version: same shape, no "helped" yet — read it as it is and upgrade it
    // quietly (the original copy kept first; a damaged entry still gets the notice)
    const { data, dropped } = repair(raw);
    if (keepCopy(s, V1_KEY, text) === null) return keepOriginal(data);
    if (dropped && !backup()) return keepOriginal(data);
    write(s, data);
    if (dropped) notice = { kind: "repaired", n: dropped, at: here(), backup: keptAs };
    return data;
  }
  if (isObj(raw) && raw.version === VERSION) {
    const { data, dropped } = repair(raw);
    if (dropped) {
      if (!backup()) return keepOriginal(data);
      write(s, data);
      notice = { kind: "repaired", n: dropped, at: here(), backup: keptAs };
    }
    return data;
  }
  if (isObj(raw) && newerVersion(raw.version, VERSION)) {
    // saved by a newer version of the site: read what we understand, never overwrite it
    const { data } = repair({ ...raw, version: VERSION });
    data.readOnly = true;
    if (!notice) notice = { kind: "newer", n: 0, at: here() };
    return data;
  }
  // an older or unknown shape: migrate, keep the original as a backup
  const { data, dropped } = repair(raw);
  if (!backup()) return keepOriginal(data);
  write(s, data);
  const kept = Object.keys(data.puzzles).length || Object.keys(data.daily).length;
  notice = { kind: !kept ? "reset" : dropped ? "migratedDropped" : "migrated", n: dropped, at: here(), backup: keptAs };
  return data;
}

/** A saved text read without writing anything (the storage is full): what repair() keeps of
 *  it; a newer version's save stays read-only (never overwritten once there is room). */
function readOnly(text) {
  if (text === null) return fresh();
  let raw;
  try { raw = JSON.parse(text); } catch { const d = fresh(); d.readOnly = true; return d; }
  const newer = isObj(raw) && newerVersion(raw.version, VERSION);
  const { data } = repair(newer ? { ...raw, version: VERSION } : raw);
  if (newer || !isObj(raw)) data.readOnly = true;
  return data;
}

/** The save needed repair but no backup could be written: leave it untouched, read-only. */
function keepOriginal(data) {
  data.readOnly = true;
  notice = { kind: "noBackup", n: 0, at: here() };
  return data;
}

function write(s, data) {
  if (data.readOnly) return;
  const { readOnly, ...plain } = data;
  try {
    s.setItem(KEY, JSON.stringify(plain));
    memory = null;
  } catch {
    // no room for this save (the probe's few bytes still fitted): keep it for this page, say
    // so, and write it at the next load or save (load() tries again while memory holds it)
    memory = data;
    notice = { kind: "full", n: 0, at: here() };
  }
}

function save(data) {
  const s = storage();
  if (!s) {
    memory = data;
    // full storage: try to write at each save (space may have been freed since)
    if (!data.readOnly && openStorage(KEY)) {
      try {
        const { readOnly: _, ...plain } = data;
        localStorage.setItem(KEY, JSON.stringify(plain));
      } catch { /* still full */ }
    }
  } else write(s, data);
  tell(data);
}

/** Tell every progress listener of the page (onProgress) about data. */
function tell(data) {
  for (const fn of listeners) {
    try { fn(data); } catch { /* a listener's problem is not ours */ }
  }
}

/** The notice of this page load (repair/reset/…) or null; shown on the page where it happened. */
export function progressNotice() {
  if (notice && notice.at === here()) return notice;
  return null;
}

const SELECTION = "tianjiu.puzzles.selection";

/** The puzzle index's selection (its filters by theme, difficulty or hands): the ids it lists,
 *  in the collection's order, kept for this tab (sessionStorage) so that a puzzle opened from it
 *  offers the next one of the same list; null clears it (no filter). */
export function setSelection(ids) {
  try {
    if (ids && ids.length) sessionStorage.setItem(SELECTION, JSON.stringify(ids.slice(0, 2000)));
    else sessionStorage.removeItem(SELECTION);
  } catch { /* no session storage: "Next puzzle" follows the whole collection */ }
}

/** The selection's ids, or null (none, or not readable). */
export function selection() {
  try {
    const ids = JSON.parse(sessionStorage.getItem(SELECTION) || "null");
    return Array.isArray(ids) && ids.length && ids.every((x) => typeof x === "string" && ID.test(x)) ? ids : null;
  } catch {
    return null;
  }
}

/** Call fn(data) whenever progress is saved (any widget on the page); returns an unsubscribe. */
export function onProgress(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Today's local date as YYYY-MM-DD — or the page's ?date=YYYY-MM-DD, which stands for
 *  "today" on that page (to open another day's daily puzzle; the tests use it).  The same
 *  dates as the daily page takes (years 1000–9999, not after today; puzzle-daily.js): a
 *  ?date= that page refuses is not "today" for the saves either. */
export function localDate(d = null) {
  const p = (n) => String(n).padStart(2, "0");
  const real = (x) => `${x.getFullYear()}-${p(x.getMonth() + 1)}-${p(x.getDate())}`;
  if (d === null && globalThis.location) {
    const q = new URLSearchParams(location.search).get("date");
    // (not after the real date: the daily page refuses a later day, so must the saves)
    if (q && validDate(q) && Number(q.slice(0, 4)) >= 1000 && q <= real(new Date())) return q;
  }
  return real(d || new Date());
}

/** Record the outcome of an attempt.  kind: "wrong" (a wrong try), "hint" (a hint
 *  before any miss: "helped"), "shown" (solution shown), "solved" (finished; clean = no
 *  wrong try, no hint and no solution this attempt, and not missed before — see firstTry();
 *  helped = not clean only because of a hint).  worsen: this attempt recorded "helped"
 *  (a hint) and now errs or shows the solution, so its outcome becomes "failed".
 *  The first outcome stays: a later solve of a missed puzzle only sets "later".
 *  daily: the schedule date when the puzzle was opened as that day's daily puzzle. */
export function record(id, kind, { clean = false, helped = false, worsen = false, daily = null, today = null } = {}) {
  today = today || localDate();
  if (!ID.test(String(id))) return load();
  const data = load();
  let e = data.puzzles[id];
  const outcome = kind === "solved" && clean ? "solved" : kind === "hint" || (kind === "solved" && helped) ? "helped" : "failed";
  if (!e) {
    e = data.puzzles[id] = { first: outcome, status: outcome, tries: 0, date: today };
    data.history.push(id);
  } else if (worsen && e.first === "helped" && (kind === "wrong" || kind === "shown")) {
    e.first = e.status = "failed";
    delete e.done;
  } else if (kind === "solved" && e.first === "failed") {
    e.later = true;
  }
  if (kind === "solved" && e.first === "helped") e.done = true;
  if (kind === "wrong") e.tries += 1;
  if (kind === "shown") e.shown = true;   // (the title and themes are no secret any more)
  if (daily && validDate(daily)) {
    const d = data.daily[daily];
    // (played on another day than its own, by the real clock — not the page's ?date=: late)
    const late = daily !== localDate(new Date()) ? { late: true } : {};
    if (!d || d.id !== id) data.daily[daily] = { id, status: outcome, ...late };  // the first outcome counts
    else if (worsen && d.status === "helped" && e.first === "failed") d.status = "failed";
  }
  save(data);
  return data;
}

function addDays(date, n) {
  const [y, m, d] = date.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return t.toISOString().slice(0, 10);
}

let known = null;   // the collection's ids (index.json) once a widget of the page has read them

/** The ids of the puzzles in the collection (index.json).  From then on summary() counts only
 *  saved puzzles among them: a saved id that is not one (invented in a tampered save, or a
 *  puzzle renamed since) is kept in the save but counts in no total or streak.  The page's
 *  progress listeners are told when the set changes, so shown totals follow. */
export function setKnown(ids) {
  const next = new Set(ids);
  if (known && known.size === next.size && [...next].every((id) => known.has(id))) return;
  known = next;
  tell(load());
}

/** Counts for display: {solved, helped, failed, streak, best, daily} (see the header), over
 *  the collection's puzzles once it is known (setKnown). */
export function summary(data = load(), today = null) {
  today = today || localDate();
  let solved = 0;
  let helped = 0;
  let failed = 0;
  for (const [id, e] of Object.entries(data.puzzles)) {
    if (known && !known.has(id)) continue;
    if (e.status === "solved") solved += 1;
    else if (e.status === "helped") helped += 1;
    else failed += 1;
  }
  let run = 0;
  let best = 0;
  for (const id of data.history) {
    if (known && !known.has(id)) continue;   // neither extends nor ends a run
    const e = data.puzzles[id];
    run = e && e.first === "solved" ? run + 1 : 0;
    best = Math.max(best, run);
  }
  let daily = 0;
  // a day counts when its daily puzzle was solved — one of the collection's, once it is known
  const solvedOn = (d) => data.daily[d] && data.daily[d].status === "solved" && !data.daily[d].late
    && (!known || known.has(data.daily[d].id));
  let day = solvedOn(today) ? today : addDays(today, -1);
  while (solvedOn(day)) {
    daily += 1;
    day = addDays(day, -1);
  }
  return { solved, helped, failed, streak: run, best, daily };
}

/** The status of one puzzle: "solved" | "helped" | "failed" | null. */
export function statusOf(id, data = load()) {
  const e = data.puzzles[id];
  return e ? e.status : null;
}

/** Whether a puzzle's title and themes may be shown: it was solved (with or without a hint,
 *  or after a miss) or its solution was shown — on any attempt, in any tab. */
export function titleFree(id, data = load()) {
  const e = data.puzzles[id];
  return !!e && (e.shown === true || ["solved", "later", "helped"].includes(displayStatusOf(id, data)));
}

/** The status for display: "solved" | "helped" (solved with a hint) | "hinted" (a hint
 *  used, not solved yet) | "failed" | "later" (missed, then solved) | null. */
export function displayStatusOf(id, data = load()) {
  const e = data.puzzles[id];
  if (!e) return null;
  if (e.status === "failed" && e.later) return "later";
  if (e.status === "helped") return e.done ? "helped" : "hinted";
  return e.status;
}

/** Can an attempt at this puzzle still count as "solved first time"?  Only when it has
 *  never been missed (no entry yet, or its first outcome was a solve). */
export function firstTry(id, data = load()) {
  const e = data.puzzles[id];
  return !e || e.first === "solved";
}

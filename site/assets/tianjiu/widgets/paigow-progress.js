// Pai Gow (牌九) progress in localStorage: lesson marks, the setting trainer's score and
// its worst settings, the small-牌九 drill's score.  Not a widget.
//
// One key, "tianjiu.paigow", holds JSON:
//   { "version": 1,
//     "lessons": { "pg-01": { "best": 4, "last": 3, "total": 5, "date": "2026-12-01" } },
//     "trainer": { "hands": 12, "lost": 0.184,                  // hands graded, EV lost in all
//                  "worst": [ { "tiles": "66 44 12 35", "banking": false, "way": "nz",
//                               "lost": 0.009, "date": "2026-12-01" } ] },   // worst first, ≤ 10
//     "drill": { "asked": 9, "right": 8 } }
// Counts and amounts are at most MAX (1e9; the writers stop there, so the site never writes
// what it would take for damaged); a worst setting is four tiles of one set and a house way of
// the engine's (PAIGOW_HOUSE_WAYS: its Retry deals it again against that way).
//
// The record is kept by progress-store.js (as the lesson marks): a save that cannot be read is
// never lost silently — unreadable text is kept under "tianjiu.paigow.backup" (".backup.2", …
// when an earlier backup is there) with a notice;
// wrong entries are dropped one by one (the valid ones kept) and counted; a save of a newer
// version is read but never overwritten; a full storage keeps this page's results in memory;
// without localStorage progress lives for this page only.
import { progressStore } from "./progress-store.js";
import { TILES, PAIGOW_HOUSE_WAYS } from "../generated.js";

export const KEY = "tianjiu.paigow";
export const BACKUP_KEY = "tianjiu.paigow.backup";
export const VERSION = 1;
export const WORST_MAX = 10;

const ID = /^pg-[a-z0-9-]{1,24}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TILES4 = /^[1-6]{2}( [1-6]{2}){3}$/;
const COPIES = Object.fromEntries(TILES.map((t) => [t.code, t.copies]));
/** The largest count and amount a save holds: the load check's limit, where the writers stop. */
export const MAX = 1e9;

export function fresh() {
  return { version: VERSION, lessons: {}, trainer: { hands: 0, lost: 0, worst: [] }, drill: { asked: 0, right: 0 } };
}

const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const count = (x) => Number.isInteger(x) && x >= 0 && x <= MAX;
const amount = (x) => typeof x === "number" && Number.isFinite(x) && x >= 0 && x <= MAX;
/** Four tiles of one 32-tile set ("12 12 12 12" is not: 丁三 has one copy). */
const hand4 = (x) => typeof x === "string" && TILES4.test(x)
  && x.split(" ").every((c, i, all) => all.filter((d) => d === c).length <= (COPIES[c] || 0));
/** A house way of the engine's (a retry is dealt against it). */
const houseWay = (x) => typeof x === "string" && PAIGOW_HOUSE_WAYS.includes(x);

/** Repair a parsed save: {data, dropped}, every valid entry kept. */
export function repair(raw) {
  const data = fresh();
  let dropped = 0;
  if (!isObj(raw)) return { data, dropped: 1 };
  const lessons = isObj(raw.lessons) ? raw.lessons : (raw.lessons === undefined ? {} : (dropped += 1, {}));
  for (const [id, e] of Object.entries(lessons)) {
    if (!ID.test(id) || id in Object.prototype || !isObj(e) || !count(e.best) || !count(e.total) || e.best > e.total
        || e.total === 0) { dropped += 1; continue; }
    const last = count(e.last) && e.last <= e.total ? e.last : e.best;
    data.lessons[id] = { best: e.best, last, total: e.total, date: typeof e.date === "string" && DATE.test(e.date) ? e.date : null };
  }
  const tr = isObj(raw.trainer) ? raw.trainer : (raw.trainer === undefined ? null : (dropped += 1, null));
  if (tr) {
    if (count(tr.hands) && amount(tr.lost)) { data.trainer.hands = tr.hands; data.trainer.lost = tr.lost; }
    else if (tr.hands !== undefined || tr.lost !== undefined) dropped += 1;
    for (const w of Array.isArray(tr.worst) ? tr.worst : []) {
      if (isObj(w) && hand4(w.tiles) && typeof w.banking === "boolean" && houseWay(w.way) && amount(w.lost)) {
        data.trainer.worst.push({ tiles: w.tiles, banking: w.banking, way: w.way, lost: w.lost,
          date: typeof w.date === "string" && DATE.test(w.date) ? w.date : null });
      } else dropped += 1;
    }
    if (tr.worst !== undefined && !Array.isArray(tr.worst)) dropped += 1;
    data.trainer.worst.sort((a, b) => b.lost - a.lost);
    data.trainer.worst.length = Math.min(data.trainer.worst.length, WORST_MAX);
  }
  const dr = isObj(raw.drill) ? raw.drill : (raw.drill === undefined ? null : (dropped += 1, null));
  if (dr) {
    if (count(dr.asked) && count(dr.right) && dr.right <= dr.asked) data.drill = { asked: dr.asked, right: dr.right };
    else dropped += 1;
  }
  return { data, dropped };
}

const store = progressStore({ key: KEY, version: VERSION, fresh, repair,
  empty: (d) => !Object.keys(d.lessons).length && !d.trainer.hands && !d.trainer.worst.length && !d.drill.asked });

/** Read the save (repairing it if needed; see the header). */
export const load = store.load;
const save = store.save;
/** The notice of this page load, or null (key in strings.toml: paigow.save.<kind>). */
export const progressNotice = store.progressNotice;

export function today() {
  const d = new Date();
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** A finished lesson stage: keeps the best mark. */
export function recordLesson(id, right, total) {
  const data = load();
  if (!ID.test(id)) return data;
  const old = data.lessons[id];
  const best = old && old.total === total ? Math.max(old.best, right) : right;
  data.lessons[id] = { best, last: right, total, date: today() };
  save(data);
  return data;
}

/** One graded trainer hand: adds to the score (until a total would pass MAX: then the totals
 *  stay as they are, never written beyond what load() accepts); keeps the WORST_MAX worst
 *  (lost > 0). */
/** A setting that gives up less than this (of one bet) is a near-tie: "close", not a mistake,
 *  and never one of the worst settings. */
export const CLOSE = 0.01;

export function recordSetting({ tiles, banking, way, lost }) {
  const data = load();
  const total = Math.round((data.trainer.lost + lost) * 1e6) / 1e6;
  if (data.trainer.hands < MAX && total <= MAX) {
    data.trainer.hands += 1;
    data.trainer.lost = total;
  }
  const worst = data.trainer.worst.filter((w) => !(w.tiles === tiles && w.banking === banking && w.way === way));
  if (lost >= CLOSE) worst.push({ tiles, banking, way, lost: Math.round(lost * 1e6) / 1e6, date: today() });
  worst.sort((a, b) => b.lost - a.lost);
  data.trainer.worst = worst.slice(0, WORST_MAX);
  save(data);
  return data;
}

/** A retried hand set right: it leaves the list of worst settings. */
export function clearWorst(tiles, banking, way) {
  const data = load();
  data.trainer.worst = data.trainer.worst.filter((w) => !(w.tiles === tiles && w.banking === banking && w.way === way));
  save(data);
  return data;
}

/** One drill answer: adds to the score (until MAX questions: then it stays as it is). */
export function recordDrill(right) {
  const data = load();
  if (data.drill.asked >= MAX) return data;
  data.drill.asked += 1;
  if (right) data.drill.right += 1;
  save(data);
  return data;
}

// Helper engines: one long hidden-hand judgement worked by several engines at once.
//
// A hidden-hand judgement (the solve_hidden_start op) solves its deals of the unseen tiles one
// after the other, and the deals are independent.  Started with `part: [k, ways]`, engine k
// works deals k, k + ways, k + 2·ways … first, then the other parts' deals from the last one
// back; each answer lists the deals that engine solved (`own`), and `solve_continue {deals}`
// hands an engine what the others solved.  So each engine's answer is the whole judgement's —
// the same numbers as one engine alone, since every deal's values are exact — and the page
// keeps reading the main engine's answers, which only come sooner (HiddenSliceSearch in
// tianjiu_core/solver/slices.py).  This module knows no rules: it passes deals along.
//
// A helper is a second Web Worker running the same engine (worker.js?role=helper: it keeps no
// hands).  Helpers start only when a judgement is still open after its first slice, at most
// `helperCount()` of them (one a core beyond the first, at most 3, at most 1 on a phone or
// where memory is small); they stop after a minute unused.  A helper that fails to start or
// to answer is dropped: the main engine, which works every deal in its own order, finishes
// the judgement alone.

const IDLE_MS = 60_000;

/** How many helper engines a judgement may use here: one a core beyond the first, at most 3,
 *  and at most 1 on a phone or tablet or a device that says it has 4 GB of memory or less
 *  (each helper is a Pyodide of its own: a helper and its tables added ~290 MB to Chromium's
 *  memory, measured on a 4-tile judgement); globalThis.TIANJIU_HELPERS overrides it (0 turns
 *  splitting off). */
export function helperCount() {
  const forced = globalThis.TIANJIU_HELPERS;
  if (Number.isInteger(forced) && forced >= 0) return Math.min(forced, 3);
  if (typeof Worker === "undefined" || typeof navigator === "undefined") return 0;
  const cores = navigator.hardwareConcurrency || 1;
  const mobile = (navigator.userAgentData && navigator.userAgentData.mobile)
    || /Mobi|Android|iPhone|iPad/.test(navigator.userAgent || "");
  const small = mobile || (navigator.deviceMemory && navigator.deviceMemory <= 4);
  return Math.max(0, Math.min(cores - 1, small ? 1 : 3));
}

/** One helper engine: a worker answering {id, json} requests once it has said "ready". */
class Helper {
  constructor(makeWorker) {
    this.pending = new Map();
    this.nextId = 1;
    this.dead = null;
    this.ready = new Promise((resolve, reject) => {
      try {
        this.worker = makeWorker();
      } catch (err) {
        reject(err);
        return;
      }
      this.worker.onmessage = (event) => {
        const m = event.data || {};
        if (typeof m.id === "number") {
          const call = this.pending.get(m.id);
          if (!call) return;
          this.pending.delete(m.id);
          if (m.error !== undefined) { call.reject(new Error(m.error)); return; }
          let answer;
          try { answer = JSON.parse(m.json); } catch (err) { call.reject(err); return; }
          if (answer.ok) call.resolve(answer.result);
          else call.reject(Object.assign(new Error(answer.error.message), { type: answer.error.type }));
        } else if (m.type === "ready") {
          resolve(this);
        } else if (m.type === "error") {
          reject(new Error(m.message));
        }
      };
      this.worker.onerror = (event) => {
        if (event.preventDefault) event.preventDefault();
        const err = new Error(event.message || "the helper engine failed");
        reject(err);
        this.stop(err);
      };
    });
    this.ready.catch((err) => this.stop(err));
  }

  call(op, fields) {
    if (this.dead) return Promise.reject(this.dead);
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, json: JSON.stringify({ ...fields, op }) });
    });
  }

  stop(err = new Error("stopped")) {
    if (this.dead) return;
    this.dead = err;
    try { if (this.worker) this.worker.terminate(); } catch { /* gone */ }
    for (const { reject } of this.pending.values()) reject(err);
    this.pending.clear();
  }
}

/** The helper engines of one tab: made on demand by `makeWorker()`, stopped when unused. */
export class HelperPool {
  constructor(makeWorker, count = helperCount) {
    this.makeWorker = makeWorker;
    this.count = count;
    this.helpers = [];
    this.timer = null;
  }

  /** How many parts a new judgement is split into (1 + the helpers it may use). */
  ways() { return 1 + this.count(); }

  /** The helper for part k (1 …), started if needed. */
  helper(k) {
    this.touch();
    let h = this.helpers[k - 1];
    if (!h || h.dead) {
      h = this.helpers[k - 1] = new Helper(this.makeWorker);
      h.ready.catch((err) => console.warn("[tianjiu engine] a helper engine did not start (the main engine works alone):", err.message || err));
    }
    return h;
  }

  touch() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.stop(), IDLE_MS);
  }

  /** Stop every helper (unused for a minute, or the engine restarts). */
  stop() {
    clearTimeout(this.timer);
    for (const h of this.helpers) if (h) h.stop(Object.assign(new Error("stopped while unused"), { idle: true }));
    this.helpers = [];
  }
}

/** One judgement split over the main engine (`main(op, fields)` → the answer) and the pool's
 *  helpers.  start() and next() answer as solve_hidden_start / solve_continue on the main
 *  engine do, plus `helpers` (how many helpers have worked on it so far) and `helped_deals`
 *  (how many deals the main engine took from them). */
export class SplitJudgement {
  constructor(main, pool, fields) {
    this.main = main;
    this.pool = pool;
    this.fields = fields;   // the solve_hidden_start request, without op
    this.ways = pool.ways();
    this.parts = [];        // per helper part k ≥ 1: {helper, searchId, busy, sent: Set, failed}
    this.solved = new Map();   // deal → [deal, values, groups] (from any engine)
    this.sentMain = new Set();
    this.searchId = null;
    this.worked = new Set();   // the parts a helper started on
    this.handed = 0;        // deals the helpers solved and the main engine took
  }

  async start() {
    const first = await this.main("solve_hidden_start", { ...this.fields, part: [0, this.ways] });
    this.searchId = first.search_id;
    return this.answer(first);
  }

  answer(r) {
    for (const d of r.own || []) { this.solved.set(d[0], d); this.sentMain.add(d[0]); }
    this.complete = r.complete;
    const out = { ...r, helpers: this.worked.size, helped_deals: this.handed };
    delete out.own;
    return out;
  }

  /** The deals solved elsewhere that `sent` has not had yet (and now has). */
  news(sent) {
    const out = [];
    for (const [i, d] of this.solved) if (!sent.has(i)) { sent.add(i); out.push(d); }
    return out;
  }

  /** Let every helper work a slice (not awaited: its deals join the next main slice). */
  pump(timeMs) {
    for (let k = 1; k < this.ways; k++) {
      if (this.parts[k] && this.parts[k].helper && this.parts[k].helper.dead && this.parts[k].helper.dead.idle
          && !this.parts[k].busy) this.parts[k] = null;   // (its helper stopped while unused: start again)
      const part = this.parts[k] ||= { helper: null, searchId: null, busy: false, sent: new Set(), failed: false };
      if (part.busy || part.failed) continue;
      const helper = part.helper ||= this.pool.helper(k);
      if (helper.dead) { part.failed = true; continue; }
      part.busy = true;
      (async () => {
        await helper.ready;
        let r;
        if (part.searchId === null) {
          r = await helper.call("solve_hidden_start", { ...this.fields, part: [k, this.ways], time_ms: timeMs });
          part.searchId = r.search_id;
          this.worked.add(k);
        } else {
          const deals = this.news(part.sent);
          r = await helper.call("solve_continue", { search_id: part.searchId, time_ms: timeMs, ...(deals.length ? { deals } : {}) });
        }
        for (const d of r.own || []) { this.solved.set(d[0], d); part.sent.add(d[0]); }
      })().catch((err) => {
        part.failed = true;
        if (!helper.dead) console.warn("[tianjiu engine] a helper engine stopped helping:", err.message || err);
      }).finally(() => { part.busy = false; });
    }
  }

  async next(timeMs) {
    this.pool.touch();
    if (!this.complete) this.pump(timeMs);
    const deals = this.news(this.sentMain);
    this.handed += deals.length;
    const r = await this.main("solve_continue", { search_id: this.searchId, ...(timeMs ? { time_ms: timeMs } : {}), ...(deals.length ? { deals } : {}) });
    return this.answer(r);
  }
}

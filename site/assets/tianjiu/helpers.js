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

const IDLE_MS = 60_000;        // helpers unused this long stop
const START_MS = 60_000;       // a helper not ready within this is given up
const ANSWER_MS = 15_000;      // a helper not answering a slice within this is given up (a slice is ~0.1 s)
const MAX_FAILED_STARTS = 2;   // after this many helpers that could not start, the page asks for no more
const KEEP_ON_MS = 1_000;      // helpers go on this long after the page last asked for a slice

/** How many helper engines a judgement may use here: one a core beyond the first, at most 3,
 *  and at most 1 on a phone or tablet or a device that says it has 4 GB of memory or less
 *  (each helper is a Pyodide of its own: 60–90 MB more of Chromium's memory a helper, up to
 *  ~290 MB with the tables of a long judgement); globalThis.TIANJIU_HELPERS overrides it (0 turns
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

/** One helper engine: a worker answering {id, json} requests once it has said "ready".  One
 *  that does not start within START_MS or answer within ANSWER_MS is stopped (a worker may
 *  end without an error event). */
class Helper {
  constructor(makeWorker) {
    this.pending = new Map();
    this.nextId = 1;
    this.dead = null;
    this.started = false;
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${START_MS / 1000} s of starting`)), START_MS);
      try {
        this.worker = makeWorker();
      } catch (err) {
        clearTimeout(timer);
        reject(err);
        return;
      }
      this.worker.onmessage = (event) => {
        const m = event.data || {};
        if (typeof m.id === "number") {
          const call = this.pending.get(m.id);
          if (!call) return;
          this.pending.delete(m.id);
          clearTimeout(call.timer);
          if (m.error !== undefined) { call.reject(new Error(m.error)); return; }
          let answer;
          try { answer = JSON.parse(m.json); } catch (err) { call.reject(err); return; }
          if (answer.ok) call.resolve(answer.result);
          else call.reject(Object.assign(new Error(answer.error.message), { type: answer.error.type }));
        } else if (m.type === "ready") {
          clearTimeout(timer);
          this.started = true;
          resolve(this);
        } else if (m.type === "error") {
          clearTimeout(timer);
          reject(new Error(m.message));
        }
      };
      this.worker.onerror = (event) => {
        if (event.preventDefault) event.preventDefault();
        clearTimeout(timer);
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
      const ms = globalThis.TIANJIU_HELPER_ANSWER_MS ?? ANSWER_MS;   // (tests shorten it)
      const timer = setTimeout(() => this.stop(new Error(`no answer within ${ms / 1000} s`)), ms);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ id, json: JSON.stringify({ ...fields, op }) });
    });
  }

  stop(err = new Error("stopped")) {
    if (this.dead) return;
    this.dead = err;
    try { if (this.worker) this.worker.terminate(); } catch { /* gone */ }
    for (const { reject, timer } of this.pending.values()) { clearTimeout(timer); reject(err); }
    this.pending.clear();
  }
}

/** The helper engines of one tab: made on demand by `makeWorker()`, stopped when unused.  After
 *  MAX_FAILED_STARTS helpers that could not start (a blocked or missing worker.js) it makes no
 *  more: judgements run on the main engine alone. */
export class HelperPool {
  constructor(makeWorker, count = helperCount) {
    this.makeWorker = makeWorker;
    this.count = count;
    this.helpers = [];
    this.timer = null;
    this.failedStarts = 0;
  }

  /** How many parts a new judgement is split into (1 + the helpers it may use). */
  ways() { return this.failedStarts >= MAX_FAILED_STARTS ? 1 : 1 + this.count(); }

  /** The helper for part k (1 …), started if needed; null when the pool makes no more. */
  helper(k) {
    this.touch();
    let h = this.helpers[k - 1];
    if (!h || h.dead) {
      if (this.failedStarts >= MAX_FAILED_STARTS) return null;
      h = this.helpers[k - 1] = new Helper(this.makeWorker);
      h.ready.catch((err) => {
        if (err && err.idle) return;
        this.failedStarts += 1;
        console.warn(`[tianjiu engine] a helper engine did not start (the main engine works alone${this.failedStarts >= MAX_FAILED_STARTS ? "; no more helpers on this page" : ""}):`, err.message || err);
      });
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
 *  helpers.  start() and next(fields) answer as solve_hidden_start / solve_continue on the main
 *  engine do — every field goes to the main engine, which checks it as ever — plus `helpers`
 *  (how many helpers have worked on it so far) and `helped_deals` (how many deals the main
 *  engine took from them).  Helpers work slices of their own length alongside. */
export class SplitJudgement {
  constructor(main, pool, fields) {
    this.main = main;
    this.pool = pool;
    // the request as it is now (a page may change its object afterwards); one that JSON cannot
    // write is refused by the main engine's request, and then nothing is split
    this.request = fields;
    try { this.fields = JSON.parse(JSON.stringify(fields)); } catch { this.fields = null; }
    this.ways = pool.ways();
    this.parts = [];        // per helper part k ≥ 1: {helper, searchId, busy, sent: Set, failed}
    this.solved = new Map();   // deal → [deal, values, groups] (from any engine)
    this.sentMain = new Set();
    this.searchId = null;
    this.complete = false;
    this.asked = 0;            // when the page last asked (performance.now())
    this.worked = new Set();   // the parts a helper started on
    this.handed = 0;        // deals the helpers solved and the main engine took
  }

  async start() {
    const first = await this.main("solve_hidden_start", { ...(this.fields || this.request), part: [0, this.ways] });
    this.request = null;
    this.searchId = first.search_id;
    const out = this.answer(first);
    this.pump();
    return out;
  }

  /** The main engine's answer `r` as one engine's (no `part`, `own`), with the helpers' counts. */
  answer(r) {
    for (const d of r.own || []) { this.solved.set(d[0], d); this.sentMain.add(d[0]); }
    this.complete = r.complete;
    const out = { ...r, helpers: this.worked.size, helped_deals: this.handed };
    delete out.own;
    delete out.part;
    return out;
  }

  /** The deals solved elsewhere that `sent` has not had yet (and now has). */
  news(sent) {
    const out = [];
    for (const [i, d] of this.solved) if (!sent.has(i)) { sent.add(i); out.push(d); }
    return out;
  }

  /** Whether the helpers should go on: the judgement is open and the page asked within KEEP_ON_MS
   *  (a page cancels by no longer asking: the helpers stop within a slice or so). */
  wanted() {
    return !this.complete && this.fields !== null && performance.now() - this.asked < KEEP_ON_MS;
  }

  /** Let every helper that is not busy work a slice of its engine's default length (the page's
   *  time_ms is the main engine's to check; not awaited: its deals join a later main slice);
   *  a helper that answers goes straight on with its next slice while wanted(). */
  pump() {
    this.asked = performance.now();
    if (!this.wanted()) return;
    for (let k = 1; k < this.ways; k++) this.pumpPart(k);
  }

  /** One helper's next slice (see pump). */
  pumpPart(k) {
    const old = this.parts[k];
    if (old && !old.busy && old.helper && old.helper.dead && old.helper.dead.idle) this.parts[k] = null;   // (stopped while unused: start again)
    const part = this.parts[k] ||= { helper: null, searchId: null, busy: false, sent: new Set(), failed: false };
    if (part.busy || part.failed) return;
    const helper = part.helper ||= this.pool.helper(k);
    if (!helper || helper.dead) { part.failed = true; return; }
    part.busy = true;
    (async () => {
      await helper.ready;
      let r;
      if (part.searchId === null) {
        const { time_ms: _, ...fields } = this.fields;
        r = await helper.call("solve_hidden_start", { ...fields, part: [k, this.ways] });
        part.searchId = r.search_id;
        this.worked.add(k);
      } else {
        const deals = this.news(part.sent);
        r = await helper.call("solve_continue", { search_id: part.searchId, ...(deals.length ? { deals } : {}) });
      }
      for (const d of r.own || []) { this.solved.set(d[0], d); part.sent.add(d[0]); }
    })().catch((err) => {
      // (an engine that did not answer in time was stopped: the pool starts a fresh one for
      // the next judgement; one that refused a request keeps helping the others)
      part.failed = true;
      if (helper.started && !(helper.dead && helper.dead.idle)) {
        console.warn("[tianjiu engine] a helper engine stopped helping with this judgement:", err.message || err);
      }
    }).finally(() => {
      part.busy = false;
      if (this.wanted()) this.pumpPart(k);
    });
  }

  /** solve_continue with `fields` (the page's request, without op). */
  async next(fields) {
    this.pool.touch();
    this.pump();
    const deals = this.news(this.sentMain);
    let r;
    try {
      r = await this.main("solve_continue", { ...fields, search_id: this.searchId, ...(deals.length ? { deals } : {}) });
    } catch (err) {
      for (const d of deals) this.sentMain.delete(d[0]);   // (not taken: offered again next time)
      throw err;
    }
    this.handed += deals.length;
    return this.answer(r);
  }
}

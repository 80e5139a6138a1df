// The page side of the engine: one Web Worker per tab, JSON requests with ids.
//
//   import { engine } from "./engine.js";
//   const e = await engine();                 // starts the worker the first time
//   const play = await e.classify("66 66 36 45");   // → {class: "four", name_hant: "四天九", …}
//   await e.call("solve", {position});        // any op listed in tianjiu_core.bridge.OP_MODULES
//
// Every method returns a promise of the bridge's `result`; an engine error
// ({"ok": false}) rejects with an EngineError {type, message}, e.g.
// type "NotationError" for tiles that do not parse.
//
// The client is a singleton kept on globalThis, so Material's instant
// navigation (which keeps this module alive) and a second copy of this file
// both reuse the one worker: Pyodide loads once per tab.
// Progress is visible as <html data-engine="loading|ready|error"> and through
// onStatus(fn) / the "tianjiu:engine" event on document.
import { BUILD, TILES } from "./generated.js";
import { HelperPool, SplitJudgement } from "./helpers.js";

const KEY = "__tianjiuEngine";
const WORKER_URL = new URL("./worker.js", import.meta.url).href;
const SNAPSHOT_CACHE = "tj-engine-snapshots"; // as in worker.js
const snapshotKey = () => new URL(`./snapshot/${BUILD.version}-${BUILD.hash}.bin`, import.meta.url).href;

/** A module worker for `url`.  A page may only start a worker from its own origin: from
 *  another one (the one-line embed from where the site is hosted), start a same-origin blob
 *  worker whose only line imports the real worker by its absolute URL — which needs the host
 *  to send CORS headers (Access-Control-Allow-Origin) for assets/tianjiu/. */
export function createWorker(url, name) {
  const sameOrigin = typeof location === "undefined" || new URL(url).origin === location.origin;
  if (sameOrigin) return new Worker(url, { type: "module", name });
  const boot = new Blob([`import ${JSON.stringify(url)};\n`], { type: "text/javascript" });
  const blobURL = URL.createObjectURL(boot);
  try {
    return new Worker(blobURL, { type: "module", name });
  } finally {
    setTimeout(() => URL.revokeObjectURL(blobURL), 60_000);
  }
}

export class EngineError extends Error {
  /** type: the engine's error class; message: English; messageZh: the same in 繁體 when the engine has it. */
  constructor(type, message, messageZh = null) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.messageZh = messageZh;
  }
}

// A request the bridge cannot be sent (JSON.stringify throws: a BigInt, an object that holds
// itself) is refused here as the bridge refuses a bad field: an EngineError of type
// NotationError naming the field, in English and 繁體, never a bare TypeError.
const MAX_DEPTH = 64; // as tianjiu_core.limits.MAX_DEPTH

function shortText(s, n = 40) {
  return s.length <= n ? s : `${s.slice(0, n)}… (${s.length.toLocaleString("en-US")} characters)`;
}

/** The first value of `value` JSON cannot write: {kind: "bigint" | "cycle" | "deep", path, value}. */
function unsendable(value, path, depth = 0, parents = new Set()) {
  if (typeof value === "bigint") return { kind: "bigint", path, value };
  if (typeof value === "number" && !Number.isFinite(value)) return { kind: "nonfinite", path, value };
  if (value === null || typeof value !== "object" || typeof value.toJSON === "function") return null;
  if (parents.has(value)) return { kind: "cycle", path };
  if (depth >= MAX_DEPTH) return { kind: "deep", path };
  parents.add(value);
  const list = Array.isArray(value);
  for (const [k, v] of Object.entries(value)) {
    const bad = unsendable(v, list ? `${path}[${k}]` : path ? `${path}.${k}` : k, depth + 1, parents);
    if (bad) return bad;
  }
  parents.delete(value); // (the same object twice, not inside itself, is fine)
  return null;
}

/** The JSON text of `req`, or an EngineError (thrown) saying which field cannot be sent. */
export function encodeRequest(req) {
  let nonFinite = false;   // (JSON.stringify writes NaN and Infinity as null: the engine said "not null")
  const check = (k, v) => { if (typeof v === "number" && !Number.isFinite(v)) nonFinite = true; return v; };
  try {
    const text = JSON.stringify(req, check);
    if (!nonFinite) return text;
    throw new Error("a number that is not finite");
  } catch (err) {
    const bad = unsendable(req, "");
    const where = (bad && bad.path) || "request";
    if (bad && bad.kind === "nonfinite") {
      throw new EngineError("NotationError", `${where}: must be a number, not ${bad.value} (JSON has no NaN or Infinity)`,
        `${where}：應該是數字，不是 ${bad.value}（JSON 沒有 NaN 或 Infinity）`);
    }
    if (bad && bad.kind === "bigint") {
      const n = `${shortText(String(bad.value))}n`;
      throw new EngineError("NotationError", `${where}: must be a number, not the BigInt ${n} (JSON has no BigInt: use Number(…))`,
        `${where}：應該是數字，不是 BigInt ${n}（JSON 沒有 BigInt：用 Number(…)）`);
    }
    if (bad && bad.kind === "cycle") {
      throw new EngineError("NotationError", `${where}: contains itself (a request is JSON, which cannot hold a loop)`,
        `${where}：包含它自己（請求是 JSON，寫不出循環的物件）`);
    }
    if (bad && bad.kind === "deep") {
      throw new EngineError("TooLargeError", `request: nested deeper than ${MAX_DEPTH} levels`, `請求：嵌套超過 ${MAX_DEPTH} 層`);
    }
    const why = shortText(String((err && err.message) || err), 120);
    throw new EngineError("NotationError", `request cannot be written as JSON: ${why}`, `請求不能寫成 JSON：${why}`);
  }
}

function createClient() {
  const state = {
    status: "idle", // idle → loading → ready | error
    stage: null, // runtime | wheel | import while loading
    error: null,
    version: null,
    python: null,
    startedAt: null,
    readyAt: null,
    workersStarted: 0,
    calls: 0,
    timeline: [], // [{stage, at}] ms since the worker started: runtime, snapshot, wheel, import, ready
    start: null, // how the engine started: "cold" | "snapshot"
    marks: null, // {step: ms since the worker started}: module, wheel-fetched, pyodide, installed, imported
    firstCall: null, // {op, ms}: the first request and its time inside Python (imports of its op module included)
    early: false, // the worker was started from <head> (before this module ran)
    snapshot: null, // the repeat-load snapshot: saving | saved | restored | refused: … | not saved: …
    snapshotBytes: null,
    keeps: false, // the worker keeps hands started with new_hand {keep} across a reload (worker.js)
  };
  const listeners = new Set();
  const pending = new Map();
  let worker = null;
  let starting = null;
  let nextId = 1;
  let api = null;

  function notify() {
    if (typeof document !== "undefined") {
      document.documentElement.dataset.engine = state.status === "idle" ? "loading" : state.status;
      document.dispatchEvent(new CustomEvent("tianjiu:engine", { detail: { ...state } }));
    }
    for (const fn of listeners) {
      try { fn({ ...state }); } catch (err) { console.error(err); }
    }
  }

  function fail(message) {
    state.status = "error";
    state.error = message;
    notify();
    for (const { reject } of pending.values()) reject(new EngineError("EngineUnavailable", message));
    pending.clear();
  }

  function handle(event) {
    const m = event.data || {};
    if (typeof m.id === "number") {
      const call = pending.get(m.id);
      if (!call) return;
      pending.delete(m.id);
      if (!state.firstCall) state.firstCall = { op: call.op, ms: m.took ?? null };
      if (m.error !== undefined) {
        call.reject(new EngineError("EngineCrash", m.error));
        return;
      }
      let answer;
      try { answer = JSON.parse(m.json); } catch (err) {
        call.reject(new EngineError("EngineCrash", `unreadable answer: ${err.message}`));
        return;
      }
      if (answer.ok) call.resolve(answer.result);
      else call.reject(new EngineError(answer.error.type, answer.error.message, answer.error.message_zh));
    } else if (m.type === "progress") {
      state.stage = m.stage;
      state.timeline.push({ stage: m.stage, at: m.at });
      if (m.stage === "snapshot") watchSnapshotStart();
      if (m.stage === "wheel" && watchdog) { clearTimeout(watchdog); watchdog = null; }
      notify();
    } else if (m.type === "keep") {
      state.keeps = m.ok === true;   // (a kept hand's write failed, or works again)
      notify();
    } else if (m.type === "snapshot-failed") {
      state.snapshot = `refused: ${m.reason}`;
      state.timeline.push({ stage: "snapshot-failed", at: m.at });
    } else if (m.type === "ready") {
      state.status = "ready";
      state.stage = null;
      state.version = m.version;
      state.python = m.python;
      state.start = m.start;
      state.marks = m.marks || null;
      state.keeps = m.keeps === true;
      if (m.start === "snapshot") state.snapshot = "restored";
      state.readyAt = performance.now();
      state.timeline.push({ stage: "ready", at: m.at });
      notify();
      settle.resolve(api);
      saveSnapshotWhenIdle();
    } else if (m.type === "error") {
      fail(m.message);
      settle.reject(new EngineError("EngineUnavailable", m.message));
    }
  }

  function onWorkerError(event) {
    event.preventDefault();
    const message = event.message || "the engine worker failed to start (a file of assets/tianjiu/ could not be loaded)";
    fail(message);
    settle.reject(new EngineError("EngineUnavailable", message));
  }

  let settle = null;

  // A snapshot that makes Python spin instead of failing would block the worker for good:
  // if restoring it takes far longer than a cold start, end that worker, forget the snapshot
  // and start normally (worker.js?snapshot=off).
  const SNAPSHOT_WATCHDOG_MS = 20_000;
  let watchdog = null;
  function watchSnapshotStart() {
    clearTimeout(watchdog);
    const stuck = worker;
    watchdog = setTimeout(async () => {
      watchdog = null;
      if (worker !== stuck || state.status !== "loading") return;
      stuck.terminate();
      state.snapshot = `refused: no answer within ${SNAPSHOT_WATCHDOG_MS / 1000} s`;
      state.timeline.push({ stage: "snapshot-failed", at: Math.round(performance.now() - state.startedAt) });
      console.warn("[tianjiu engine] the saved engine snapshot did not start, starting normally");
      try { await (await caches.open(SNAPSHOT_CACHE)).delete(snapshotKey()); } catch { /* gone already */ }
      worker = createWorker(`${WORKER_URL}?snapshot=off`, "tianjiu-engine");
      state.workersStarted += 1;
      worker.onmessage = handle;
      worker.onerror = onWorkerError;
    }, SNAPSHOT_WATCHDOG_MS);
  }

  function start() {
    if (starting) return starting;
    starting = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    starting.catch(() => {}); // callers handle it; never an unhandled rejection
    state.status = "loading";
    state.error = null;
    notify(); // (a listener may call start() again: it gets `starting`)
    const early = globalThis.__tianjiuEarlyWorker;
    if (early && early.worker && !worker) {
      // started by the lines at the top of <head>: take it over and replay what it said so far
      globalThis.__tianjiuEarlyWorker = null;
      worker = early.worker;
      state.startedAt = early.startedAt;
      state.workersStarted += 1;
      state.early = true;
      worker.onmessage = handle;
      worker.onerror = onWorkerError;
      for (const event of early.queue) (event.type === "error" ? onWorkerError : handle)(event);
      return starting;
    }
    state.startedAt = performance.now();
    try {
      worker = createWorker(WORKER_URL, "tianjiu-engine");
      state.workersStarted += 1;
    } catch (err) {
      fail(`the engine worker could not be created: ${err.message || err}`);
      settle.reject(new EngineError("EngineUnavailable", state.error));
      return starting;
    }
    worker.onmessage = handle;
    worker.onerror = onWorkerError;
    return starting;
  }

  // Repeat loads start from a memory snapshot of the engine (worker.js): once this tab's engine
  // is ready and the tab is idle, a second worker makes one for this build, unless it exists.
  let snapshotAsked = false;
  const SNAPSHOT_DELAY_MS = globalThis.TIANJIU_SNAPSHOT_DELAY_MS ?? 4000;
  function saveSnapshotWhenIdle() {
    if (snapshotAsked || state.start === "snapshot" || globalThis.TIANJIU_SNAPSHOT === false) return;
    snapshotAsked = true;
    if (typeof caches === "undefined") { state.snapshot = "unavailable: no Cache Storage here"; return; }
    // not at once: a few seconds after the engine is ready, when the tab is idle (it costs a
    // second engine start in the background, once per build)
    const idle = (fn, opts) => setTimeout(() => (globalThis.requestIdleCallback || setTimeout)(fn, opts), SNAPSHOT_DELAY_MS);
    idle(async () => {
      try {
        if (await caches.has(SNAPSHOT_CACHE) && await (await caches.open(SNAPSHOT_CACHE)).match(snapshotKey())) {
          state.snapshot = state.snapshot || "saved";
          notify();
          return;
        }
        state.snapshot = "saving";
        const maker = createWorker(`${WORKER_URL}?snapshot=make`, "tianjiu-engine-snapshot");
        const done = await new Promise((resolve) => {
          maker.onmessage = (event) => {
            const m = event.data || {};
            if (m.type === "snapshot-saved") resolve({ ok: true, bytes: m.bytes });
            else if (m.type === "snapshot-error") resolve({ ok: false, why: m.message });
          };
          maker.onerror = (event) => { event.preventDefault(); resolve({ ok: false, why: event.message || "worker error" }); };
        });
        maker.terminate();
        state.snapshot = done.ok ? "saved" : `not saved: ${done.why}`;
        state.snapshotBytes = done.bytes || null;
        if (!done.ok) console.warn("[tianjiu engine] no start-up snapshot (repeat loads start normally):", done.why);
      } catch (err) {
        state.snapshot = `not saved: ${err.message || err}`;
        console.warn("[tianjiu engine] no start-up snapshot (repeat loads start normally):", err.message || err);
      }
      notify();
    }, { timeout: 5000 });
  }

  function request(req) {
    let json;
    try { json = encodeRequest(req); } catch (err) { return Promise.reject(err); }
    return start().then(() => new Promise((resolve, reject) => {
      if (state.status !== "ready") {
        reject(new EngineError("EngineUnavailable", state.error || "the engine is not running"));
        return;
      }
      const id = nextId++;
      pending.set(id, { resolve, reject, op: req.op });
      state.calls += 1;
      worker.postMessage({ id, json });
    }));
  }

  // A long hidden-hand judgement (solve_hidden_start of a position) is split over helper
  // engines, one a core (helpers.js); the page reads this engine's answers as ever, with
  // `helpers`: how many helped.  Its solve_continue calls go through the split.
  const pool = new HelperPool(() => createWorker(`${WORKER_URL}?role=helper`, "tianjiu-engine-helper"));
  const splits = new Map();   // this engine's search_id → SplitJudgement (the newest few)
  const splittable = (f) => f && typeof f === "object" && f.position !== undefined && f.hand_id === undefined
    && f.part === undefined && pool.ways() > 1;

  /** Stop the worker and start afresh (after an error). Live hands are lost. */
  function restart() {
    pool.stop();
    splits.clear();
    if (worker) worker.terminate();
    worker = null;
    starting = null;
    fail("restarting");
    state.snapshot = null;
    return start();
  }

  const byCode = Object.fromEntries(TILES.map((t) => [t.code, t]));
  const call = (op, fields = {}) => {
    if (op === "solve_hidden_start" && splittable(fields)) {
      const split = new SplitJudgement((o, f) => request({ ...f, op: o }), pool, fields);
      return split.start().then((r) => {
        splits.set(r.search_id, split);
        while (splits.size > 8) splits.delete(splits.keys().next().value);
        return r;
      });
    }
    const split = op === "solve_continue" && fields && fields.deals === undefined && splits.get(fields.search_id);
    if (split) return split.next(fields);
    return request({ ...fields, op });
  };

  api = Object.freeze({
    build: BUILD,
    /** Any bridge op, e.g. call("classify", {tiles: "66 36"}); plugins (solver, puzzles) add ops. */
    call,
    version: () => call("version"),
    tiles: () => call("tiles"),
    rules: (rules) => call("rules", rules ? { rules } : {}),
    methods: () => call("methods"),
    /** What play these tiles make: {class, name_hant, name_hans, name_en, rank, …} or {class: null, reason}. */
    classify: (tiles, opts = {}) => call("classify", { ...opts, tiles }),
    /** Does `play` beat `best` (the best play of the trick so far)? {beats, reason, best, play}. */
    beats: (best, play, opts = {}) => call("beats", { ...opts, best, play }),
    /** Settlement {payments: {E,S,W,N}, items: […], finish…} from {banker, banker_streak, finisher, dong, finish?, rules?}. */
    settle: (req) => call("settle", req),
    /** A dealt wall step by step: {seed | wall, method, dice, banker}. */
    deal: (req = {}) => call("deal", req),
    /** A hand against engine players: {seed, humans: ["S"], rules, banker, method}; → state with hand_id. */
    newHand: (req = {}) => call("new_hand", req),
    act: (handId, action) => call("act", { hand_id: handId, action }),
    undo: (handId) => call("undo", { hand_id: handId }),
    handState: (handId) => call("hand_state", { hand_id: handId }),
    /** Legal actions of the seat to act: a live hand id, or a position object. */
    legalActions: (handOrPosition) => call("legal_actions",
      typeof handOrPosition === "object" ? { position: handOrPosition } : { hand_id: handOrPosition }),
    /** Whether a hand started with new_hand {keep: slot} survives a reload (resume_hand). */
    keeps: () => state.keeps,
    /** A tile's name, without a round trip: tileName("66", "hant") → "天". */
    tileName: (code, lang = "hant") => (byCode[code] ? byCode[code][lang] : null),
  });

  return {
    state,
    start,
    restart,
    request,
    get api() { return api; },
    onStatus(fn) {
      listeners.add(fn);
      fn({ ...state });
      return () => listeners.delete(fn);
    },
  };
}

export const client = globalThis[KEY] || (globalThis[KEY] = createClient());

/** The engine API, once Pyodide and the wheel are loaded (starts them the first time). */
export function engine() {
  return client.start();
}

/** Subscribe to {status, stage, error, …}; returns an unsubscribe function. */
export function onStatus(fn) {
  return client.onStatus(fn);
}

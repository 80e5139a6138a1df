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

const KEY = "__tianjiuEngine";

export class EngineError extends Error {
  /** type: the engine's error class; message: English; messageZh: the same in 繁體 when the engine has it. */
  constructor(type, message, messageZh = null) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.messageZh = messageZh;
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
    timeline: [], // [{stage, at}] ms since the worker started: runtime, wheel, import, ready
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

  function start() {
    if (starting) return starting;
    state.status = "loading";
    state.error = null;
    state.startedAt = performance.now();
    notify();
    starting = new Promise((resolve, reject) => {
      try {
        worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "tianjiu-engine" });
        state.workersStarted += 1;
      } catch (err) {
        fail(`the engine worker could not be created: ${err.message || err}`);
        reject(new EngineError("EngineUnavailable", state.error));
        return;
      }
      worker.onmessage = (event) => {
        const m = event.data || {};
        if (typeof m.id === "number") {
          const call = pending.get(m.id);
          if (!call) return;
          pending.delete(m.id);
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
          notify();
        } else if (m.type === "ready") {
          state.status = "ready";
          state.stage = null;
          state.version = m.version;
          state.python = m.python;
          state.readyAt = performance.now();
          state.timeline.push({ stage: "ready", at: m.at });
          notify();
          resolve(api);
        } else if (m.type === "error") {
          fail(m.message);
          reject(new EngineError("EngineUnavailable", m.message));
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || "the engine worker failed to start (a file of assets/tianjiu/ could not be loaded)";
        fail(message);
        reject(new EngineError("EngineUnavailable", message));
      };
    });
    starting.catch(() => {}); // callers handle it; never an unhandled rejection
    return starting;
  }

  function request(req) {
    return start().then(() => new Promise((resolve, reject) => {
      if (state.status !== "ready") {
        reject(new EngineError("EngineUnavailable", state.error || "the engine is not running"));
        return;
      }
      const id = nextId++;
      pending.set(id, { resolve, reject });
      state.calls += 1;
      worker.postMessage({ id, json: JSON.stringify(req) });
    }));
  }

  /** Stop the worker and start afresh (after an error). Live hands are lost. */
  function restart() {
    if (worker) worker.terminate();
    worker = null;
    starting = null;
    fail("restarting");
    return start();
  }

  const byCode = Object.fromEntries(TILES.map((t) => [t.code, t]));
  const call = (op, fields = {}) => request({ ...fields, op });

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

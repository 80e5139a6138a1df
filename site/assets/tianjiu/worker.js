// The engine's Web Worker (a module worker): Pyodide + the tianjiu_core wheel.
//
// Started once per tab by engine.js — or earlier, by the few lines the site puts at the top of
// <head> (tianjiu_site/hooks.py), which engine.js then adopts.  From another origin engine.js
// starts it through a same-origin blob that imports this file by its absolute URL; every file
// below is found relative to this module (import.meta.url), so from the hosting origin.
//
// Protocol (all messages are plain objects, each with `at`: ms since the worker started):
//   worker → page  {type: "progress", stage: "runtime" | "snapshot" | "wheel" | "import"}
//                  {type: "snapshot-failed", reason}      a saved snapshot was refused: normal start
//                  {type: "ready", version, python, ms, start: "cold" | "snapshot", marks,
//                   keeps: kept hands survive a reload (IndexedDB opened; see below)}
//                  {type: "keep", ok, reason?}      writing kept hands failed (ok false) or works again
//                  (marks: {name: ms since the worker started} of each step of the start, for
//                  benchmarks/site_load.py: module, wheel-fetched, pyodide, installed, imported)
//                  {type: "error", message}              (start-up failed)
//   page → worker  {id, json}        json = a bridge request as JSON text
//   worker → page  {id, json, took} json = the bridge's JSON answer; took = ms inside Python
//                  {id, error}       the call itself crashed (not an engine error)
// Engine errors (bad tiles, illegal plays) are ordinary answers {"ok": false, …}
// from tianjiu_core/bridge/; the worker never interprets requests.
//
// Kept hands (tianjiu_core/bridge/keep.py): a hand started with new_hand {keep: slot} must
// survive a reload, but the page may not hold its deal.  So after every request the worker
// asks the engine what to keep (keep.take_kept) and writes it to its own IndexedDB database
// (tj-engine-keep), sealed (see below), which the site's page scripts never read; at start it hands the entries back
// (keep.give_kept) before the first request, and resume_hand brings a hand back.  Entries
// older than KEEP_DAYS are dropped.  Storage that fails (private mode, quota) only means
// nothing is kept: the engine starts and answers as ever.
//
// Repeat loads start from a memory snapshot (Pyodide's private makeMemorySnapshot /
// loadPyodide({_loadSnapshot}), verified on the pinned 314.0.7): the page asks for one once the
// engine is ready and the tab is idle (worker.js?snapshot=make, a second worker that starts
// Pyodide in snapshot mode, imports every op module, and saves the heap in Cache Storage under
// this build's hash).  A snapshot that is missing, from another build or refused in any way
// means a normal start; a refused one is deleted and reported (snapshot-failed).
import { BUILD } from "./build.js";

const t0 = performance.now();
const HERE = new URL(import.meta.url);
const MODE = HERE.searchParams.get("snapshot"); // "make": build a snapshot and quit; "off": never restore
// ?role=helper: a helper engine of engine.js (helpers.js: part of a hidden-hand judgement);
// it answers requests like the main one but keeps no hands (their database is the main one's)
const HELPER = HERE.searchParams.get("role") === "helper";
const SNAPSHOT_CACHE = "tj-engine-snapshots"; // as in engine.js; not "tianjiu-…": sw.js deletes those
const snapshotKey = new URL(`./snapshot/${BUILD.version}-${BUILD.hash}.bin`, import.meta.url).href;

let handleJson = null;
let takeKept = null;   // tianjiu_core.bridge.keep.take_kept, once connected
let settled = false;   // start-up ended (ready or error): report it once
const marks = {};      // step → ms since the worker started (posted with "ready")
const mark = (name) => { marks[name] = Math.round(performance.now() - t0); };

function post(message) {
  self.postMessage({ ...message, at: Math.round(performance.now() - t0) });
}

// What Pyodide logged of a download that failed during start-up (see below): the error then
// says that, rather than what it led to ("Program terminated with exit(1)").
let downloadTrouble = null;
const downloadMessage = (why) =>
  `a file of the engine could not be downloaded (${why}): check the connection, then retry`;

function startFailed(err) {
  if (settled) return;
  settled = true;
  const message = downloadTrouble ? downloadMessage(downloadTrouble) : String((err && err.message) || err);
  post(MODE === "make" ? { type: "snapshot-error", message } : { type: "error", message });
}

// When pyodide.asm.wasm cannot be had (the network gone, an HTTP error, a captive portal's
// HTML page where the wasm should be), loadPyodide() never settles.  Pyodide (314.0.7) catches
// the failure itself and logs "wasm instantiation failed!" and then the error with
// console.warn; only when the download fails before Pyodide waits on it does the failure
// surface instead as an unhandled rejection.  Which of the two happens is a race (under load
// the first did, and a page said "loading" for ever), so during start-up both end it with an
// error the page can show.  The standard library's download is caught and logged the same way
// (console.error), after which Python's start fails with exit(1).
self.addEventListener("unhandledrejection", (event) => {
  if (settled) return;
  event.preventDefault();
  downloadTrouble ||= (event.reason && event.reason.message) || String(event.reason);
  startFailed(event.reason);
});
const PYODIDE_DOWNLOAD_LOGS = {
  "wasm instantiation failed!": "warn",                                // then never settles
  "Error occurred while installing the standard library:": "error",   // then exit(1)
};
let awaitingError = false;   // the next Error logged is the download's
for (const level of ["warn", "error"]) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    original(...args);
    if (settled) return;
    if (PYODIDE_DOWNLOAD_LOGS[args[0]] === level) {
      awaitingError = true;
      downloadTrouble ||= "the engine's runtime could not be started";
      if (level === "warn") setTimeout(() => startFailed(downloadTrouble));   // after the error's own line
    } else if (awaitingError && args.length === 1 && args[0] instanceof Error) {
      awaitingError = false;
      downloadTrouble = args[0].message || String(args[0]);
    }
  };
}

// Start every download at once: the wheel, Pyodide's module, a saved snapshot.
const wheelURL = new URL(BUILD.wheel, import.meta.url).href;
const wheelBytes = fetch(wheelURL).then(async (r) => {
  if (!r.ok) throw new Error(`HTTP ${r.status}`);
  const bytes = new Uint8Array(await r.arrayBuffer());
  mark("wheel-fetched");
  return bytes;
}).catch((err) => { throw new Error(`could not load the engine wheel ${wheelURL}: ${err.message || err}`); });
wheelBytes.catch(() => {}); // awaited below; never an unhandled rejection of its own
const pyodideModule = import("./pyodide/pyodide.mjs").then((m) => { mark("module"); return m; }, (err) => {
  throw new Error(`Pyodide is missing or unreadable at ${new URL("./pyodide/", import.meta.url).href} (${err.message || err})`);
});
pyodideModule.catch(() => {});

async function openSnapshots({ create = false } = {}) {
  if (typeof caches === "undefined") return null; // an insecure origin, or storage switched off
  try {
    if (!create && !(await caches.has(SNAPSHOT_CACHE))) return null; // (open would create it)
    return await caches.open(SNAPSHOT_CACHE);
  } catch { return null; }
}

/** The snapshot saved for this build, or null (none yet, another build, no Cache Storage). */
async function savedSnapshot() {
  if (MODE) return null;
  const cache = await openSnapshots();
  const hit = cache && await cache.match(snapshotKey);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}
const snapshotBytes = savedSnapshot().catch(() => null);

const options = () => ({
  indexURL: new URL("./pyodide/", import.meta.url).href,
  stdout: () => {},
  stderr: (text) => console.warn("[tianjiu engine]", text),
});

/** Import the engine straight from its wheel: a pure-Python wheel is a zip, and a zip on
 *  sys.path is imported by zipimport, which reads only the modules asked for (unpacking the
 *  whole wheel into site-packages cost 0.1–1.3 s of a cold start, measured under load).  The
 *  build puts beside each module its .pyc compiled by this very Python (tianjiu_site/pyc.py),
 *  so nothing is compiled here either; a .pyc that does not match its source is ignored
 *  (checked-hash). */
const WHEEL_PATH = `/tianjiu/${BUILD.wheel.split("/").pop()}`;
async function installWheel(pyodide) {
  post({ type: "progress", stage: "wheel" });
  pyodide.FS.mkdirTree("/tianjiu");
  pyodide.FS.writeFile(WHEEL_PATH, await wheelBytes);
  pyodide.runPython(`import sys\nif ${JSON.stringify(WHEEL_PATH)} not in sys.path: sys.path.insert(0, ${JSON.stringify(WHEEL_PATH)})`);
  mark("installed");
}

async function coldStart() {
  const { loadPyodide } = await pyodideModule;
  const pyodide = await loadPyodide(options());
  mark("pyodide");
  await installWheel(pyodide);
  return pyodide;
}

async function snapshotStart(bytes) {
  const { loadPyodide } = await pyodideModule;
  post({ type: "progress", stage: "snapshot" });
  const pyodide = await loadPyodide({ ...options(), _loadSnapshot: bytes });
  mark("pyodide");
  // The heap came back, files did not (the file system lives outside it): put the wheel back
  // (the same bytes at the same path: zipimport's index of it, in the heap, stays right) for
  // tracebacks and anything imported later, and give Python fresh randomness.
  await installWheel(pyodide);
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

function connect(pyodide) {
  post({ type: "progress", stage: "import" });
  const bridge = pyodide.pyimport("tianjiu_core.bridge");
  handleJson = bridge.handle_json;
  keepModule = pyodide.pyimport("tianjiu_core.bridge.keep");
  const [version, python] = pyodide.runPython(
    "import sys, tianjiu_core; [tianjiu_core.__version__, sys.version.split()[0]]").toJs();
  mark("imported");
  return { version, python };
}

// ---------------------------------------------------------------- kept hands
// A kept record holds every seat's tiles (the whole wall), so it is stored sealed: AES-GCM
// with a key made here, not extractable, kept in the same database.  The page's scripts never
// read this database, and a look in the browser's storage tools shows no tile; a script of the
// same site that goes looking could still have the browser decrypt it (it can use the key, not
// read it), as it could read the worker's memory: an offline trainer cannot hide a deal from
// the person at the keyboard, only keep it from being seen by accident.  Without Web Crypto
// (an insecure origin) nothing is kept.
const KEEP_DB = "tj-engine-keep";
const KEEP_STORE = "hands";   // {slot, iv, data: the sealed record, at: ms since 1970}
const KEY_STORE = "keys";     // {id: "seal", key: CryptoKey}
const KEEP_DAYS = 14;
const KEEP_MAX = 16;          // as keep.MAX_SLOTS: the newest are handed back
let keepModule = null;

function keepRequest(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const subtle = globalThis.crypto && globalThis.crypto.subtle;

let keepDbPromise = null;
/** {db, key}: the database and its sealing key; null when either cannot be had. */
function keepDb() {
  if (typeof indexedDB === "undefined" || !subtle) return Promise.resolve(null);   // Node, no storage, no Web Crypto
  keepDbPromise ||= (async () => {
    const db = await new Promise((resolve) => {
      let req;
      try { req = indexedDB.open(KEEP_DB, 2); } catch { resolve(null); return; }
      req.onupgradeneeded = () => {
        // (version 1 held the records in plain text: they go)
        if (req.result.objectStoreNames.contains(KEEP_STORE)) req.result.deleteObjectStore(KEEP_STORE);
        req.result.createObjectStore(KEEP_STORE, { keyPath: "slot" });
        if (!req.result.objectStoreNames.contains(KEY_STORE)) req.result.createObjectStore(KEY_STORE, { keyPath: "id" });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    });
    if (!db) return null;
    // a fresh key is made first (async), then one transaction takes the stored one or adds it:
    // two tabs starting at once agree on one key
    const fresh = await subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    const key = await new Promise((resolve, reject) => {
      const store = db.transaction(KEY_STORE, "readwrite").objectStore(KEY_STORE);
      const get = store.get("seal");
      get.onerror = () => reject(get.error);
      get.onsuccess = () => {
        const k = get.result && get.result.key;
        // (a key that cannot seal — the entry damaged, or written by something else — is
        // replaced: kept with it, every later hand would fail to be kept, and each reload
        // would offer a hand it cannot bring back)
        const usable = typeof CryptoKey !== "undefined" && k instanceof CryptoKey && k.algorithm
          && k.algorithm.name === "AES-GCM" && k.usages.includes("encrypt") && k.usages.includes("decrypt");
        if (usable) { resolve(k); return; }
        const put = get.result ? store.put({ id: "seal", key: fresh }) : store.add({ id: "seal", key: fresh });
        put.onsuccess = () => resolve(fresh);
        put.onerror = () => reject(put.error);
      };
    });
    return { db, key };
  })().catch(() => null);
  return keepDbPromise;
}

async function seal(key, text) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(text));
  return { iv, data };
}

/** The record of an entry, or null (not ours, damaged, sealed with a key since replaced). */
async function unseal(key, e) {
  try {
    const plain = await subtle.decrypt({ name: "AES-GCM", iv: e.iv }, key, e.data);
    return new TextDecoder().decode(plain);
  } catch { return null; }
}

/** The kept entries {slot: text}, newest first, old ones deleted; {} when storage fails. */
async function readKept() {
  try {
    const kept = await keepDb();
    if (!kept) return {};
    const store = kept.db.transaction(KEEP_STORE, "readwrite").objectStore(KEEP_STORE);
    const all = await keepRequest(store.getAll());
    const now = Date.now();
    const ok = (e) => e && typeof e.slot === "string" && e.iv instanceof Uint8Array
      && e.data instanceof ArrayBuffer && Number.isFinite(e.at);
    const fresh = all.filter((e) => ok(e) && now - e.at < KEEP_DAYS * 864e5).sort((a, b) => b.at - a.at).slice(0, KEEP_MAX);
    for (const e of all) if (!fresh.includes(e)) store.delete(e && e.slot);
    // (decrypted after the transaction: it ends once nothing of its own is pending)
    const texts = await Promise.all(fresh.map((e) => unseal(kept.key, e)));
    return Object.fromEntries(fresh.map((e, i) => [e.slot, texts[i]]).filter(([, text]) => text !== null));
  } catch { return {}; }
}
const keptAtStart = MODE || HELPER ? Promise.resolve({}) : readKept();

/** Hand the kept entries to the engine (never fails the start); whether hands can be kept. */
async function restoreKept() {
  try {
    takeKept = keepModule.take_kept;
    const kept = await keptAtStart;
    if (Object.keys(kept).length) keepModule.give_kept(JSON.stringify(kept));
    return Boolean(await keepDb());
  } catch (err) {
    console.warn("[tianjiu engine] kept hands not restored:", err);
    return false;
  }
}

let keepWrites = Promise.resolve();
let keepOk = true;   // the last write succeeded (a change is reported: {type: "keep", ok})
function keepWorked(ok, why) {
  if (ok === keepOk) return;
  keepOk = ok;
  post({ type: "keep", ok, ...(why ? { reason: why } : {}) });
}
/** Write the engine's changes {slot: text | null} after a request, one write after another.
 *  A write that fails (storage full, site data cleared) is reported to the page, which then
 *  asks before a reload as where nothing is kept. */
function writeKept(changes) {
  keepWrites = keepWrites.then(async () => {
    const kept = await keepDb();
    if (!kept) return;
    const sealed = {};   // (sealed before the transaction: it must not wait on anything else)
    for (const [slot, text] of Object.entries(changes)) if (text !== null) sealed[slot] = await seal(kept.key, text);
    const tx = kept.db.transaction(KEEP_STORE, "readwrite");
    const store = tx.objectStore(KEEP_STORE);
    for (const [slot, text] of Object.entries(changes)) {
      if (text === null) store.delete(slot);
      else store.put({ slot, ...sealed[slot], at: Date.now() });
    }
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = () => reject(tx.error); tx.onabort = () => reject(tx.error); });
    keepWorked(true);
  }).catch((err) => {
    console.warn("[tianjiu engine] a hand could not be kept:", err);
    keepWorked(false, String((err && (err.name || err.message)) || err));
  });
}

async function forgetSnapshot() {
  const cache = await openSnapshots();
  if (cache) await cache.delete(snapshotKey);
}

async function start() {
  const bytes = await snapshotBytes;
  if (bytes) {
    try {
      return { ...connect(await snapshotStart(bytes)), start: "snapshot" };
    } catch (err) {
      const reason = String((err && err.message) || err).split("\n")[0];
      post({ type: "snapshot-failed", reason });
      console.warn("[tianjiu engine] the saved engine snapshot was refused, starting normally:", reason);
      await forgetSnapshot().catch(() => {});
    }
  }
  return { ...connect(await coldStart()), start: "cold" };
}

/** ?snapshot=make: start in snapshot mode, import every op module, save the heap, report. */
async function makeSnapshot() {
  const { loadPyodide } = await pyodideModule;
  const pyodide = await loadPyodide({ ...options(), _makeSnapshot: true });
  await installWheel(pyodide);
  // every op module now, so a restored engine never imports (files are put back, but
  // imports cost time the snapshot already paid); then a first call, as a check
  const check = pyodide.runPython(`
import importlib, json
from tianjiu_core import bridge
for _name in sorted(set(bridge.OP_MODULES.values())):
    importlib.import_module("tianjiu_core.bridge." + _name)
json.loads(bridge.handle_json('{"op": "classify", "tiles": "66 66 36 45"}'))["result"]["class"]
`);
  if (check !== "four") throw new Error(`the engine answered ${check} while making its snapshot`);
  const snapshot = pyodide.makeMemorySnapshot();
  const cache = await openSnapshots({ create: true });
  if (!cache) throw new Error("Cache Storage is not available here");
  for (const old of await cache.keys()) await cache.delete(old); // one build's snapshot at a time
  await cache.put(snapshotKey, new Response(snapshot, {
    headers: { "Content-Type": "application/octet-stream", "X-Tianjiu-Build": BUILD.hash },
  }));
  return { bytes: snapshot.byteLength };
}

if (MODE === "make") {
  makeSnapshot().then(
    (info) => { if (!settled) { settled = true; post({ type: "snapshot-saved", ...info }); } },
    startFailed,   // posts snapshot-error in this mode
  );
} else {
  post({ type: "progress", stage: "runtime" });
  const ready = start().then(async (info) => ({ ...info, keeps: HELPER ? false : await restoreKept() }));
  ready.then(
    (info) => {
      if (settled) return;
      settled = true;
      post({ type: "ready", ...info, marks, ms: Math.round(performance.now() - t0) });
    },
    startFailed,
  );
  self.onmessage = async (event) => {
    const { id, json } = event.data || {};
    if (typeof id !== "number") return;
    try {
      await ready;
      const began = performance.now();
      const answer = handleJson(json);
      const took = Math.round(performance.now() - began);
      if (takeKept) {
        try {
          const changes = takeKept();
          if (changes !== "{}") writeKept(JSON.parse(changes));
        } catch (err) { console.warn("[tianjiu engine] a hand could not be kept:", err); }
      }
      post({ id, json: answer, took });
    } catch (err) {
      post({ id, error: String((err && err.message) || err) });
    }
  };
}

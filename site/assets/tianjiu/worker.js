// The engine's Web Worker (a module worker): Pyodide + the tianjiu_core wheel.
//
// Loaded once per tab by engine.js.  Protocol (all messages are plain objects):
//   worker → page  {type: "progress", stage: "runtime" | "wheel" | "import"}
//                  {type: "ready", version, python, ms}
//                  {type: "error", message}              (start-up failed)
//   page → worker  {id, json}        json = a bridge request as JSON text
//   worker → page  {id, json}        json = the bridge's JSON answer
//                  {id, error}       the call itself crashed (not an engine error)
// Engine errors (bad tiles, illegal plays) are ordinary answers {"ok": false, …}
// from tianjiu_core/bridge/; the worker never interprets requests.

let handleJson = null;
const t0 = performance.now();
let settled = false;   // start-up ended (ready or error): report it once

function post(message) {
  self.postMessage({ ...message, at: Math.round(performance.now() - t0) });
}

function startFailed(err) {
  if (settled) return;
  settled = true;
  post({ type: "error", message: String((err && err.message) || err) });
}

// Some download failures inside Pyodide (e.g. pyodide.asm.wasm refused, the network gone)
// surface only as an unhandled rejection while loadPyodide() never settles: during start-up
// they end it with an error the page can show, instead of "loading" for ever.
self.addEventListener("unhandledrejection", (event) => {
  if (settled) return;
  event.preventDefault();
  const why = (event.reason && event.reason.message) || event.reason;
  startFailed(new Error(`a file of the engine could not be downloaded (${why}): check the connection, then retry`));
});

const ready = (async () => {
  post({ type: "progress", stage: "runtime" });
  const { BUILD } = await import("./generated.js");
  let loadPyodide;
  try {
    ({ loadPyodide } = await import("./pyodide/pyodide.mjs"));
  } catch (err) {
    throw new Error(`Pyodide is missing or unreadable at ${new URL("./pyodide/", import.meta.url).href} (${err.message || err})`);
  }
  const pyodide = await loadPyodide({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    stdout: () => {},
    stderr: (text) => console.warn("[tianjiu engine]", text),
  });
  post({ type: "progress", stage: "wheel" });
  const wheel = new URL(BUILD.wheel, import.meta.url).href;
  let loadError = null;
  await pyodide.loadPackage(wheel, {
    messageCallback: () => {},
    errorCallback: (text) => { loadError = text; },
  });
  if (loadError) throw new Error(`could not load the engine wheel ${wheel}: ${loadError}`);
  post({ type: "progress", stage: "import" });
  const bridge = pyodide.pyimport("tianjiu_core.bridge");
  handleJson = bridge.handle_json;
  const answer = JSON.parse(handleJson(JSON.stringify({ op: "version" })));
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  return { version: answer.result.version, python };
})();

ready.then(
  (info) => {
    if (settled) return;
    settled = true;
    post({ type: "ready", ...info, ms: Math.round(performance.now() - t0) });
  },
  startFailed,
);

self.onmessage = async (event) => {
  const { id, json } = event.data || {};
  if (typeof id !== "number") return;
  try {
    await ready;
    post({ id, json: handleJson(json) });
  } catch (err) {
    post({ id, error: String((err && err.message) || err) });
  }
};

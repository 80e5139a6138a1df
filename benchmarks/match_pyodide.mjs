// Run benchmarks/match.py (the Club decision times) inside Pyodide (Python 3.14 on WebAssembly, as in the
// browser) under Node, offline; the engine comes from the wheel the site serves.
//
//   node benchmarks/match_pyodide.mjs --wheel W.whl -- [match.py arguments…]
//
// The wheel: build the site (./run build DIR) and pass DIR/assets/tianjiu/wheels/tianjiu_core-*.whl.
// Output: what match.py prints (use --out /tmp/x.csv: a file inside Pyodide).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const sep = argv.indexOf("--");
const own = sep < 0 ? argv : argv.slice(0, sep);
const scriptArgs = sep < 0 ? [] : argv.slice(sep + 1);
const wi = own.indexOf("--wheel");
if (wi < 0 || !own[wi + 1]) {
  console.error("usage: match_pyodide.mjs --wheel W.whl -- [match.py args]");
  process.exit(2);
}
const wheel = path.resolve(own[wi + 1]);

const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
await pyodide.loadPackage(wheel, { messageCallback: () => {} });
pyodide.FS.mkdirTree("/bench");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: here }, "/bench");
pyodide.globals.set("script_args", pyodide.toPy(scriptArgs));
const code = pyodide.runPython(`
import runpy, sys
sys.argv = ["match.py", *script_args]
sys.path[:] = [p for p in sys.path if p not in ("", ".")]
try:
    runpy.run_path("/bench/match.py", run_name="__main__")
    status = 0
except SystemExit as exc:
    status = exc.code or 0
status
`);
process.exit(Number(code));

// Run `benchmarks/puzzles.py --only step` inside Pyodide (Python 3.14 on WebAssembly, as in
// the browser) under Node, offline; the engine comes from the wheel the site serves.
//
//   node benchmarks/puzzles_pyodide.mjs --wheel W.whl --puzzles /abs/path/to/puzzles
//
// `python benchmarks/puzzles.py --pyodide` builds the wheel and calls this; it prints one
// JSON line (the step timing).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const arg = (name) => { const i = argv.indexOf(name); return i < 0 ? null : argv[i + 1]; };
const wheel = arg("--wheel");
const folder = arg("--puzzles");
if (!wheel || !folder) {
  console.error("usage: puzzles_pyodide.mjs --wheel W.whl --puzzles DIR");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
await pyodide.loadPackage(path.resolve(wheel), { messageCallback: () => {} });
pyodide.FS.mkdirTree("/bench");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: here }, "/bench");
pyodide.FS.mkdirTree("/puzzles");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/puzzles");
const code = pyodide.runPython(`
import runpy, sys
sys.argv = ["puzzles.py", "--only", "step", "--puzzles", "/puzzles", "--json"]
sys.path[:] = [p for p in sys.path if p not in ("", ".")]
try:
    runpy.run_path("/bench/puzzles.py", run_name="__main__")
    status = 0
except SystemExit as exc:
    status = exc.code or 0
status
`);
process.exit(Number(code));

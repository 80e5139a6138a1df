// Run one of the benchmark scripts inside Pyodide (Python 3.14 on WebAssembly, as in the
// browser) under Node, offline; the engine comes from the wheel the site serves.
//
//   node benchmarks/pyodide_run.mjs --wheel W.whl [--mount HOST_DIR:/path …] SCRIPT.py [script arguments…]
//
// SCRIPT.py is a file of benchmarks/ (solver.py, deals.py, paigow.py, puzzles.py, match.py);
// benchmarks/ is mounted at /bench, and each --mount makes a host folder visible inside Pyodide.
// The scripts' own `--pyodide` switch (benchmarks/pyodide_runner.py) builds the wheel and calls this.
// Output: whatever the script prints; the exit status is the script's.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
let wheel = null;
const mounts = [];
while (argv.length && argv[0].startsWith("--")) {
  const flag = argv.shift();
  const value = argv.shift();
  if (flag === "--wheel") wheel = value;
  else if (flag === "--mount" && value && value.includes(":")) mounts.push(value);
  else { argv.length = 0; break; }
}
const script = argv.shift();
if (!wheel || !script || !/^[a-z_]+\.py$/.test(script)) {
  console.error("usage: pyodide_run.mjs --wheel W.whl [--mount DIR:/path …] SCRIPT.py [args…]");
  process.exit(2);
}

const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
await pyodide.loadPackage(path.resolve(wheel), { messageCallback: () => {} });
const mount = (host, inside) => {
  pyodide.FS.mkdirTree(inside);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(host) }, inside);
};
mount(here, "/bench");
for (const m of mounts) {
  const i = m.lastIndexOf(":");
  mount(m.slice(0, i), m.slice(i + 1));
}
pyodide.globals.set("script_name", script);
pyodide.globals.set("script_args", pyodide.toPy(argv));
const code = pyodide.runPython(`
import runpy, sys
sys.argv = [script_name, *script_args]
sys.path[:] = [p for p in sys.path if p not in ("", ".")]
try:
    runpy.run_path("/bench/" + script_name, run_name="__main__")
    status = 0
except SystemExit as exc:
    status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
status
`);
process.exit(Number(code));

// Run the engine's unit tests and doctests inside Pyodide (Python 3.14, as in
// the browser), under Node, offline.
//
//   node tests/pyodide/run_engine_tests.mjs --wheel W.whl --repo . --site-packages SP [pytest args…]
//
// The engine comes from the wheel (loadPackage, exactly what the site serves);
// the tests come from the repository, mounted read-only-in-spirit with NODEFS;
// pytest and its pure-Python dependencies come from the host venv's
// site-packages (Pyodide ships no packages here).  pyodide_runner.py (loaded
// into Pyodide) explains what cannot run there.  Exit code = pytest's.
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  if (i < 0) return null;
  const [value] = args.splice(i, 2).slice(1);
  return value;
};
const wheel = opt("--wheel");
const repo = path.resolve(opt("--repo") || path.join(path.dirname(fileURLToPath(import.meta.url)), "../.."));
const sitePackages = opt("--site-packages");
if (!wheel || !sitePackages) {
  console.error("usage: run_engine_tests.mjs --wheel W.whl --repo DIR --site-packages DIR [pytest args]");
  process.exit(2);
}

const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
await pyodide.loadPackage(path.resolve(wheel), { messageCallback: () => {} });
for (const [dir, root] of [["/repo", repo], ["/host-site-packages", path.resolve(sitePackages)]]) {
  pyodide.FS.mkdirTree(dir);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, dir);
}
pyodide.runPython(`
import sys
sys.path[:] = [p for p in sys.path if p not in ("", ".", "/repo")]
sys.path.insert(0, "/repo/tests/pyodide")
sys.path.append("/host-site-packages")
`);
const runner = pyodide.pyimport("pyodide_runner");
const code = runner.main(pyodide.toPy(args));
process.exit(Number(code));

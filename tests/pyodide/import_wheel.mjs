// Import the engine from a wheel the way the site's worker does (the wheel's bytes written to a
// file, that file on sys.path: zipimport), inside Pyodide under Node, and report what happened.
//
//   node tests/pyodide/import_wheel.mjs W.whl
//
// Prints one line of JSON: {answer: the class of 66 66 36 45 by the bridge, from_pyc: {module:
// loaded from its .pyc?}, compiled: modules compiled from source while importing, stale: the
// value of tianjiu_core.notation.STALE_MARK if that name exists (a test puts it in the source)}.
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";

const [wheel] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
pyodide.FS.mkdirTree("/tianjiu");
pyodide.FS.writeFile("/tianjiu/engine.whl", new Uint8Array(fs.readFileSync(wheel)));
console.log(pyodide.runPython(`
import json, sys, zipimport
compiled = []
_compile = zipimport._compile_source
def _counting(pathname, source):
    compiled.append(pathname)
    return _compile(pathname, source)
zipimport._compile_source = _counting
sys.path.insert(0, "/tianjiu/engine.whl")
from tianjiu_core import bridge
import tianjiu_core.notation as notation
answer = json.loads(bridge.handle_json('{"op": "classify", "tiles": "66 66 36 45"}'))["result"]["class"]
mods = {n: m for n, m in sys.modules.items() if n.startswith("tianjiu_core")}
json.dumps({"answer": answer,
            "from_pyc": {n: m.__file__.endswith(".pyc") for n, m in sorted(mods.items())},
            "compiled": [p.split("engine.whl/")[-1] for p in compiled],
            "stale": getattr(notation, "STALE_MARK", None)})
`));

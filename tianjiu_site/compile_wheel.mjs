// Compile the tianjiu_core wheel's modules to .pyc with Pyodide's own Python (3.14), under Node,
// at build time — the browser then imports them without compiling (tianjiu_site/pyc.py).
//
//   node tianjiu_site/compile_wheel.mjs IN.whl OUT.whl [PYODIDE_DIR]
//
// OUT.whl = IN.whl with <module>.pyc beside every <module>.py (the layout zipimport reads: the
// worker imports the engine from the wheel on sys.path), in "checked-hash" form (PEP 552):
// Python compares the hash in the .pyc with the .py beside it and compiles the source when
// they differ — a stale .pyc can never win.  The sources stay (tracebacks show their lines).
// RECORD lists the new files.
// Prints one line of JSON: {magic, cache_tag, python, modules}.  Exit 1 with a message on failure.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "node:fs";
import path from "node:path";

const [input, output, indexDir] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: compile_wheel.mjs IN.whl OUT.whl [PYODIDE_DIR]");
  process.exit(2);
}
const options = { stdout: () => {}, stderr: (s) => console.error(s) };
if (indexDir) options.indexURL = path.resolve(indexDir) + "/";
const pyodide = await loadPyodide(options);
pyodide.FS.writeFile("/tmp/in.whl", fs.readFileSync(input));
const info = pyodide.runPython(`
import base64, hashlib, importlib.util, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STAMP = (1980, 1, 1, 0, 0, 0)   # reproducible archive entries

def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"

with zipfile.ZipFile("/tmp/in.whl") as src:
    infos = src.infolist()
    files = {i.filename: src.read(i) for i in infos}
record = next(n for n in files if n.endswith(".dist-info/RECORD"))
pycs = {}
for name, data in files.items():
    if not name.endswith(".py"):
        continue
    code = compile(data, name, "exec", dont_inherit=True)   # (co_filename is fixed on import)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=True)
    pycs[name + "c"] = bytes(pyc)
lines = [l for l in files[record].decode().splitlines() if l.strip()]
lines[-1:-1] = [record_line(n, d) for n, d in sorted(pycs.items())]   # RECORD's own line stays last
with zipfile.ZipFile("/tmp/out.whl", "w", zipfile.ZIP_DEFLATED) as out:
    for i in infos:
        if i.filename != record:
            out.writestr(i, files[i.filename])
    for name, data in sorted(pycs.items()):
        out.writestr(zipfile.ZipInfo(name, STAMP), data, zipfile.ZIP_DEFLATED)
    out.writestr(zipfile.ZipInfo(record, STAMP), "\\n".join(lines) + "\\n", zipfile.ZIP_DEFLATED)
json.dumps({"magic": importlib.util.MAGIC_NUMBER.hex(), "cache_tag": sys.implementation.cache_tag,
            "python": sys.version.split()[0], "modules": len(pycs)})
`);
fs.writeFileSync(output, pyodide.FS.readFile("/tmp/out.whl"));
console.log(info);

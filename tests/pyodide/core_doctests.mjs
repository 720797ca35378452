import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const py = await loadPyodide();
for (const wheel of process.argv.slice(2)) py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const out = py.runPython(`
import doctest, importlib, json, pkgutil, sys
import bluffmath
results = {}
for info in pkgutil.walk_packages(bluffmath.__path__, "bluffmath."):
    if info.name.endswith("__main__"):
        continue
    module = importlib.import_module(info.name)
    r = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    results[info.name] = [r.attempted, r.failed]
json.dumps({"python": sys.version.split()[0], "modules": results})
`);
console.log(out);

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
    try:
        module = importlib.import_module(info.name)
    except ModuleNotFoundError as error:  # numpy's fast path: not in the offline Pyodide
        if error.name != "numpy":
            raise
        results[info.name] = "needs numpy"
        continue
    r = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    results[info.name] = [r.attempted, r.failed]
json.dumps({"python": sys.version.split()[0], "modules": results})
`);
console.log(out);

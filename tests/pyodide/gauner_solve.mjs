// Solve Gauner raus! positions under Pyodide (offline, no numpy): prints one JSON line.
// Usage: node gauner_solve.mjs positions.json wheel...
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
const py = await loadPyodide();
for (const wheel of process.argv.slice(3)) py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
py.globals.set("positions_text", readFileSync(process.argv[2], "utf8"));
const out = py.runPython(`
import importlib.util, json, sys
from bluffmath.gauner import solve
answers = [solve(p).to_json() for p in json.loads(positions_text)]
json.dumps({"python": sys.version.split()[0], "numpy": importlib.util.find_spec("numpy") is not None,
            "answers": answers})
`);
console.log(out);

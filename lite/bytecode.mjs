// Run lite/bytecode.py inside Pyodide under Node: compile wheels with Pyodide's own Python.
// node lite/bytecode.mjs PYODIDE_DIR OUT WHEEL... (absolute paths; the host's / is
// mounted at /host in Pyodide's file system).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...paths] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.mountNodeFS("/host", "/");
pyodide.globals.set("argv", ["bytecode.py", ...paths.map((path) => `/host${path}`)]);
pyodide.runPython("import sys; sys.argv = list(argv)");
pyodide.runPython(readFileSync(new URL("bytecode.py", import.meta.url), "utf-8"));

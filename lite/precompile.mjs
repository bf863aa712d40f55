// Run lite/precompile.py inside Pyodide (Python 3.14, the site's bytecode version) under Node.
//
//   node lite/precompile.mjs PYODIDE_DIR IN_DIR OUT_DIR [--keep-source NAME ...]
//
// The folders are mounted with NODEFS; the script's arguments follow PYODIDE_DIR.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [pyodideDir, src, out, ...rest] = process.argv.slice(2);
const here = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(resolve(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
for (const [path, at] of [[here, "/lite"], [resolve(src), "/in"], [resolve(out), "/out"]]) {
  pyodide.FS.mkdirTree(at);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path }, at);
}
pyodide.globals.set("ARGS", pyodide.toPy(["/in", "/out", ...rest]));
pyodide.runPython(`
import sys
sys.path.insert(0, "/lite")
import precompile
precompile.main(list(ARGS))
`);

// node bytecode.mjs PYODIDE_DIR JOBS.json DIR...: run bytecode.py (beside this file) on JOBS.json
// inside the Pyodide of PYODIDE_DIR, the very interpreter the site's browsers will run, so the
// bytecode has its magic number and cache tag. Each DIR is mounted at its own path (NODEFS).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const [runtime, jobs, ...dirs] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(runtime, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(runtime) + "/", packages: [] });
for (const dir of dirs) {
  const where = path.resolve(dir);
  py.FS.mkdirTree(where);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: where }, where);
}
const script = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "bytecode.py"), "utf8");
py.runPython(`import sys; sys.argv = ${JSON.stringify(["bytecode.py", path.resolve(jobs)])}`);
await py.runPythonAsync(script, { globals: py.toPy({ __name__: "__main__" }) });

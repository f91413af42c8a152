// The kernel's start, phase by phase, outside the browser: node binder/lite/boot_phases.mjs [SITE]
// (SITE: build/lite by default, after make lite). It loads the site's own Pyodide, lock and boot
// packages as the kernel does, then times the imports the kernel and the start notebook make;
// wall and CPU time per phase (Node's V8 runs the same WebAssembly as Chromium). CPU time moves
// much less than wall time with the load of a shared machine: compare that.
import fs from "node:fs";
import path from "node:path";
const site = path.resolve(process.argv[2] || "build/lite");
const { loadPyodide } = await import(site + "/static/pyodide/pyodide.mjs");
const cfg = JSON.parse(fs.readFileSync(site + "/jupyter-lite.json"))["jupyter-config-data"];
const opts = cfg.litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"].loadPyodideOptions;
const t0 = performance.now(); const c0 = process.cpuUsage();
let tl = t0, cl = process.cpuUsage();
function mark(label) {
  const c = process.cpuUsage(cl); const now = performance.now();
  console.log(`${label.padEnd(44)} +wall ${((now-tl)/1000).toFixed(2)} s  +cpu ${((c.user+c.system)/1e6).toFixed(2)} s`);
  tl = now; cl = process.cpuUsage();
}
const py = await loadPyodide({ indexURL: site + "/static/pyodide/", lockFileURL: site + "/static/pyodide-lock/pyodide-lock.json",
  stdout: () => {}, stderr: (s) => console.error(s) });
mark("loadPyodide (runtime + stdlib)");
await py.loadPackage(opts.packages, { messageCallback: () => {} });
mark("loadPackage " + opts.packages.length + " boot packages");
await py.loadPackage(["micropip", "jedi", "piplite"], { messageCallback: () => {} });
mark("loadPackage micropip jedi piplite");
const steps = (process.argv[3] || "import micropip;import piplite.piplite;import IPython;import pyodide_kernel;import domino_widgets;import domino_widgets.widgets;import domino_widgets.render").split(";");
for (const s of steps) { await py.runPythonAsync(s); mark(s); }
const total = process.cpuUsage(c0);
console.log(`TOTAL wall ${((performance.now()-t0)/1000).toFixed(2)} s cpu ${((total.user+total.system)/1e6).toFixed(2)} s`);

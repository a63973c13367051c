// Makes the warm-start snapshot (see snapshot.js): a Pyodide of its own, in a Worker,
// so it never touches the page's DOM and holds no JavaScript object of the page.
// It imports every module of the engine and the UI (not the page layer, main.py and
// its page_*.py, which need the DOM), then stores a copy of the whole heap. Messages:
// in {key, lock, stdlib, packages}; out {size} (0: no usable snapshot could be made,
// with the reason) or {error}.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { writeSnapshot } from "./snapshot.js";
import { fetchWheels, gzipWasmUnlessHeld, inflateGzFetches, mountWheels } from "./wheels.js";

// Runs inside the worker's Pyodide, with the wheels on sys.path as zips, where the
// page puts them too (wheels.js; never loadPackage before a snapshot: it leaves
// JavaScript references behind that no snapshot can hold). Importing everything now
// is what makes the warm start fast. Stdlib modules the page imports right after
// start come along too.
const PRELOAD = `
def _preload(tops):
    import importlib, pkgutil

    failed = []
    for top in tops:
        package = importlib.import_module(top)
        for info in pkgutil.walk_packages(package.__path__, f"{top}."):
            if info.name.endswith(".__main__"):
                continue  # a command-line entry point: importing it would run it
            try:
                importlib.import_module(info.name)
            except Exception as exc:  # e.g. a module that needs the page's DOM
                failed.append(f"{info.name}: {exc!r}")
    import asyncio, json, random, traceback
    import pyodide.ffi, pyodide.webloop
    return "\\n".join(failed)
`;

self.onmessage = async ({ data }) => {
  try {
    const { key, lock, stdlib, packages } = data;
    const root = new URL("./", self.location.href);
    const indexURL = new URL("pyodide/", root).href;
    inflateGzFetches(root);
    await gzipWasmUnlessHeld(indexURL);
    const py = await loadPyodide({
      indexURL,
      stdLibURL: new URL(stdlib, root).href,
      lockFileContents: lock,
      _makeSnapshot: true,
      stdout: () => {},
      stderr: (line) => console.warn("snapshot worker:", line),
    });
    const heapAtStart = py._module.HEAP8.length;
    mountWheels(py, await fetchWheels(lock, packages, indexURL), root);
    const tops = packages.map((name) => lock.packages[name].imports.filter((m) => m !== "main")).flat();
    const failed = py.runPython(`${PRELOAD}\n_preload(${JSON.stringify(tops)})`);
    py.runPython("del _preload; import gc; gc.collect()");
    // A warm start imports nothing of ours but the page layer (main.py and its page_*.py):
    // every other module must be in the heap.
    if (failed) {
      self.postMessage({ size: 0, reason: `modules that need the page:\n${failed}` });
      return;
    }
    // The page's Pyodide restores into its default heap: a heap that had to grow cannot fit.
    if (py._module.HEAP8.length !== heapAtStart) {
      self.postMessage({ size: 0, reason: `the heap grew to ${py._module.HEAP8.length} bytes` });
      return;
    }
    const bytes = py.makeMemorySnapshot();
    await writeSnapshot(key, bytes);
    self.postMessage({ size: bytes.length });
  } catch (err) {
    self.postMessage({ error: String(err && err.stack ? err.stack : err) });
  }
};

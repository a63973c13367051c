// The bots' own Python: a module Worker with a Pyodide of its own that loads the engine
// and the UI's thinking module (never the DOM), so that a bot's search (up to ~1.2 s)
// runs beside the page instead of freezing it. web/page_table.py starts it once the table
// is up and talks to it in JSON text only (no shared memory: no COOP/COEP headers needed).
//
// Out, first: {"ready": true, "from": "snapshot" | "fresh"} or {"ready": false, "error": "..."}.
// In: {"id": n, "request": {...}}  (pygames_ui.thinking.request)
// Out: {"id": n, "answer": {...}}  (pygames_ui.thinking.think) or {"id": n, "error": "..."}.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { findSnapshot } from "./snapshot.js";
import { fetchWheels, gzipWasmUnlessHeld, inflateGzFetches, mountWheels } from "./wheels.js";

const root = new URL("./", self.location.href);
const indexURL = new URL("pyodide/", root).href;
// The page names the worker after its build's start-up snapshot (web/page_table.py): where this
// device keeps one, the worker starts from it as the page does (the engine and the UI are
// already imported in it: a fraction of a second instead of a whole start of Python).
const SNAPSHOT_KEY = self.name;

async function start() {
  inflateGzFetches(root);
  await gzipWasmUnlessHeld(indexURL);
  const res = await fetch(new URL("pyodide-lock.json", indexURL));
  if (!res.ok) throw new Error(`pyodide-lock.json: HTTP ${res.status}`);
  const lock = await res.json();
  // The wheels the snapshot was made with (tools/build_site.py BOOT_PACKAGES); of the UI's,
  // only pygames_ui.thinking is used here.
  const wheelsP = fetchWheels(lock, ["pygames-core", "pygames-ui"], indexURL);
  wheelsP.catch(() => {}); // reported below, where it is awaited
  const options = {
    indexURL,
    packageBaseUrl: indexURL,
    lockFileContents: lock,
    stdLibURL: new URL("pyodide/stdlib.zip.gz", root).href, // (tools/build_site.py STDLIB_GZ)
    stdout: () => {},
    stderr: (line) => console.warn("bot worker:", line),
  };
  const warm = await fromSnapshot(options);
  const py = warm ?? await loadPyodide(options);
  mountWheels(py, await wheelsP, root);
  py.runPython("import random; random.seed()"); // (a snapshot's heap would give every start the same numbers)
  return { think: py.pyimport("pygames_ui.thinking").think_json, from: warm ? "snapshot" : "fresh" };
}

// A warm start, as boot.js makes it; any problem with the snapshot (none kept, damaged, stale)
// means a normal start (the page drops a bad snapshot: not the worker's business).
async function fromSnapshot(options) {
  try {
    const found = SNAPSHOT_KEY ? await findSnapshot(SNAPSHOT_KEY) : null;
    return found ? await loadPyodide({ ...options, _loadSnapshot: found.bytes }) : null;
  } catch (err) {
    console.warn("bot worker: starting without the start-up snapshot:", String(err?.message ?? err));
    return null;
  }
}

const thinker = start();
thinker.then(
  ({ from }) => self.postMessage(JSON.stringify({ ready: true, from })),
  (err) => self.postMessage(JSON.stringify({ ready: false, error: String(err?.message ?? err) })),
);

self.onmessage = async ({ data }) => {
  let id = null;
  try {
    const message = JSON.parse(data);
    id = message.id;
    const { think } = await thinker;
    const answer = think(JSON.stringify(message.request));
    self.postMessage(`{"id":${JSON.stringify(id)},"answer":${answer}}`);
  } catch (err) {
    self.postMessage(JSON.stringify({ id, error: String(err?.message ?? err) }));
  }
};

// The bots' own Python: a module Worker with a Pyodide of its own that loads the engine
// and the UI's thinking module (never the DOM), so that a bot's search (up to ~1.2 s)
// runs beside the page instead of freezing it. web/main.py starts it once the table is
// up and talks to it in JSON text only (no shared memory: no COOP/COEP headers needed).
//
// Out, first: {"ready": true} or {"ready": false, "error": "..."}.
// In: {"id": n, "request": {...}}  (pygames_ui.thinking.request)
// Out: {"id": n, "answer": {...}}  (pygames_ui.thinking.think) or {"id": n, "error": "..."}.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { fetchWheels, installMoreStdlib, mountWheels } from "./wheels.js";

const root = new URL("./", self.location.href);
const indexURL = new URL("pyodide/", root).href;

async function start() {
  const res = await fetch(new URL("pyodide-lock.json", indexURL));
  if (!res.ok) throw new Error(`pyodide-lock.json: HTTP ${res.status}`);
  const lock = await res.json();
  // The UI wheel is small and pure Python; only pygames_ui.thinking is imported from it.
  const wheelsP = fetchWheels(lock, ["pygames-core", "pygames-ui"], indexURL);
  wheelsP.catch(() => {}); // reported below, where it is awaited
  const py = await loadPyodide({
    indexURL,
    packageBaseUrl: indexURL,
    lockFileContents: lock,
    stdLibURL: new URL("pyodide/stdlib.zip", root).href,
    stdout: () => {},
    stderr: (line) => console.warn("bot worker:", line),
  });
  mountWheels(py, await wheelsP);
  installMoreStdlib(py, root);
  return py.pyimport("pygames_ui.thinking").think_json;
}

const thinker = start();
thinker.then(
  () => self.postMessage(JSON.stringify({ ready: true })),
  (err) => self.postMessage(JSON.stringify({ ready: false, error: String(err?.message ?? err) })),
);

self.onmessage = async ({ data }) => {
  let id = null;
  try {
    const message = JSON.parse(data);
    id = message.id;
    const think = await thinker;
    const answer = think(JSON.stringify(message.request));
    self.postMessage(`{"id":${JSON.stringify(id)},"answer":${answer}}`);
  } catch (err) {
    self.postMessage(JSON.stringify({ id, error: String(err?.message ?? err) }));
  }
};

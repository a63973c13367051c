// Our Python (the engine and UI wheels) goes straight onto sys.path, as zip files:
// zipimport reads the bytecode beside each source (tools/build_site.py ships `x.pyc`
// beside `x.py`), so nothing is unpacked or compiled at start-up, and tracebacks still
// get their source lines from the zip. Used by the page (boot.js) and by both workers,
// always at the same paths: a start-up snapshot's heap expects its zips where the
// snapshot worker put them.

export const WHEEL_DIR = "/lib/pygames";

/** A wheel that could not be had: `status` is the HTTP status, or null (no connection, damaged). */
export class WheelError extends Error {
  constructor(file, status, cause) {
    super(`${file}: ${status ? `HTTP ${status}` : String(cause?.message ?? cause)}`);
    this.file = file;
    this.status = status;
  }
}

function sri(hex) {
  return `sha256-${btoa(String.fromCharCode(...hex.match(/../g).map((h) => parseInt(h, 16))))}`;
}

/**
 * Download the wheels `names` (entries of `lock`) from `baseURL`, each checked by the
 * browser against the lock's sha256; resolves to `[{file, bytes}]`, or rejects with a
 * WheelError.
 */
export function fetchWheels(lock, names, baseURL) {
  return Promise.all(names.map(async (name) => {
    const { file_name: file, sha256 } = lock.packages[name];
    const url = new URL(file, baseURL);
    try {
      const res = await fetch(url, { integrity: sri(sha256) });
      if (!res.ok) throw new WheelError(file, res.status);
      return { file, bytes: new Uint8Array(await res.arrayBuffer()) };
    } catch (err) {
      if (err instanceof WheelError) throw err;
      // A failed integrity check hides the HTTP status (a 404 page fails it too): ask again.
      const head = await fetch(url, { method: "HEAD", cache: "no-store" }).catch(() => null);
      throw new WheelError(file, head && !head.ok ? head.status : null, head ? "damaged download" : err);
    }
  }));
}

// The standard library's second zip: the modules only a function imports, now and then
// (pygames_ui/lazy_stdlib.py). Its finder goes last on sys.meta_path in every interpreter.
export const STDLIB_MORE = "pyodide/stdlib-more.zip";
const STDLIB_MORE_PATH = "/lib/stdlib-more.zip"; // lazy_stdlib.PATH

/**
 * What every interpreter of ours (the page's, the bot worker's, the snapshot worker's) has
 * besides Pyodide's own: `wheels` (from fetchWheels) written into its file system and put on
 * sys.path, then the finder of the standard library's second zip (site root `root`).
 */
export function mountWheels(py, wheels, root) {
  py.FS.mkdirTree(WHEEL_DIR);
  const paths = wheels.map(({ file, bytes }) => {
    py.FS.writeFile(`${WHEEL_DIR}/${file}`, bytes);
    return `${WHEEL_DIR}/${file}`;
  });
  py.runPython(`import sys\nfor _p in ${JSON.stringify(paths)}:\n    if _p not in sys.path: sys.path.append(_p)\ndel _p`);
  const url = JSON.stringify(new URL(STDLIB_MORE, root).href);
  py.runPython(`from pygames_ui import lazy_stdlib\nlazy_stdlib.install(${url})\ndel lazy_stdlib`);
}

/** Once the page is ready: fetch the second zip in the background, so no import ever waits for it. */
export async function prefetchMoreStdlib(py, root) {
  const res = await fetch(new URL(STDLIB_MORE, root));
  if (!res.ok) throw new Error(`${STDLIB_MORE}: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (!py.FS.analyzePath(STDLIB_MORE_PATH).exists) py.FS.writeFile(STDLIB_MORE_PATH, bytes);
}

// Our Python (the engine and UI wheels) goes straight onto sys.path, as zip files:
// zipimport reads the bytecode (tools/build_site.py ships `x.pyc`, compiled by Pyodide),
// so nothing is unpacked or compiled at start-up. Used by the page (boot.js) and by both workers,
// always at the same paths: a start-up snapshot's heap expects its zips where the
// snapshot worker put them.

export const WHEEL_DIR = "/lib/pygames";
// The browser's own fetch, as it was before inflateGzFetches: what comes back is as it came.
const plainFetch = globalThis.fetch.bind(globalThis);

// The standard library's zip and our wheels travel gzipped whole (`x.gz`, made by the build
// with Zopfli: a tenth smaller than a zip compressed entry by entry); each is inflated as it
// arrives, by the browser's own DecompressionStream.

/** `res` with its body inflated as it arrives, if the body is gzip (a server that inflated it
 * on the way already, or an error page, is passed on as it is); `type`: its Content-Type. */
export async function inflated(res, type) {
  if (!res.ok || !res.body) return res;
  const reader = res.body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array(0);
  const body = new ReadableStream({
    start(ctl) {
      if (head.length) ctl.enqueue(head);
      if (first.done) ctl.close();
    },
    async pull(ctl) {
      const { done, value } = await reader.read();
      if (done) ctl.close();
      else ctl.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const out = (gzip ? body.pipeThrough(new DecompressionStream("gzip")) : body).getReader();
  let cancelled = false; // (by whoever reads it: no longer wanted, not damaged)
  const watched = new ReadableStream({ // (a download that breaks off or was damaged on its way is told)
    async pull(ctl) {
      let chunk;
      try {
        chunk = await out.read();
      } catch (err) {
        if (!cancelled) onDamaged?.(res.url, err);
        ctl.error(err);
        return;
      }
      if (cancelled) return;
      if (chunk.done) ctl.close();
      else ctl.enqueue(chunk.value);
    },
    cancel(reason) {
      cancelled = true;
      return out.cancel(reason);
    },
  });
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  if (type) headers.set("Content-Type", type);
  return new Response(watched, { status: res.status, statusText: res.statusText, headers });
}

let onDamaged = null;

/** `callback(url, error)` is told of a gzipped download that broke off or was damaged on its
 * way (Pyodide only logs a standard library it could not read, and stops later on another error). */
export function whenDamaged(callback) {
  onDamaged = callback;
}

// The interpreter's own wasm (9.6 MB) has a gzipped twin too, 130 kB smaller than a server's
// own gzip: a first visit fetches `pyodide.asm.wasm.gz`. Once the service worker keeps the
// site (it stores the wasm inflated, web/sw.js), a page it serves asks for `pyodide.asm.wasm`
// itself: a cached response of its own name, whose compiled code the browser can keep too.
const WASM = "pyodide.asm.wasm";
let wasmGz = null; // null: Pyodide's own file; else the twin's response (a promise), or true: fetch it then

/** Whether this interpreter's wasm comes as its gzipped twin; `early`: the twin's request, made
 * already (boot.js asks for it first thing on a first visit; null: none, or dropped). */
export function gzipWasm(yes, early = null) {
  if (!yes && early) early.then((res) => res.body?.cancel(), () => {}); // (a warm start: not needed after all)
  wasmGz = yes ? early ?? true : null;
}

/** A first visit's request for the wasm's gzipped twin, made as the page starts (boot.js); its
 * response is inflated once, when Pyodide asks for the wasm (`gzipWasm`). */
export function fetchWasmTwin(root) {
  return plainFetch(new URL(`pyodide/${WASM}.gz`, root), { priority: "low" });
}

/** In a worker: the wasm as this device holds it already (the service worker's copy, or the
 * browser's cache after the page's own start), else its gzipped twin, as a first visit's page. */
export async function gzipWasmUnlessHeld(indexURL) {
  try {
    const res = await fetch(new URL(WASM, indexURL), { cache: "only-if-cached", mode: "same-origin" });
    res.body?.cancel();
    gzipWasm(!res.ok);
  } catch {
    gzipWasm(true); // (not in any cache: a network error, by design)
  }
}

/** From now on, in this page or worker, a fetch of one of our `.gz` files gives it inflated
 * (Pyodide fetches the standard library itself: its `stdLibURL` is `stdlib.zip.gz`), and
 * Pyodide's fetch of its wasm takes the twin when gzipWasm says so. */
export function inflateGzFetches(root) {
  if (globalThis.fetch.inflatesGz) return;
  const base = new URL(".", root).href;
  const hooked = async function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), base);
    const ours = url.href.startsWith(base);
    if (ours && wasmGz && url.pathname.endsWith(`/${WASM}`)) {
      const twin = wasmGz === true ? plainFetch(`${url.href}.gz`, init) : wasmGz;
      wasmGz = true; // (a response is read once)
      return inflated(await twin, "application/wasm"); // typed, for compiling as it arrives
    }
    const res = await plainFetch(input, init);
    return ours && url.pathname.endsWith(".gz") ? inflated(res) : res;
  };
  hooked.inflatesGz = true;
  globalThis.fetch = hooked;
}

/** The name a wheel has on `sys.path`: its file's, without the `.gz` it travelled in. */
function wheelPath(file) {
  return `${WHEEL_DIR}/${file.replace(/\.gz$/, "")}`;
}

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
 * Download the wheels `names` (entries of `lock`) from `baseURL`, each checked against the
 * lock's sha256 (of the `.gz` file; of the wheel in it, `unpacked_sha256`, when a server
 * inflated it on the way: Content-Encoding on a `.gz` file, as some servers do) and inflated;
 * resolves to `[{file, bytes}]`, or rejects with a WheelError.
 */
export function fetchWheels(lock, names, baseURL) {
  return Promise.all(names.map(async (name) => {
    const { file_name: file, sha256, unpacked_sha256: unpacked } = lock.packages[name];
    const url = new URL(file, baseURL);
    // (no digest without https: the browser checks the file's own hash then, as it arrives)
    const checked = Boolean(globalThis.crypto?.subtle);
    const once = async (init) => {
      const res = await plainFetch(url, checked ? init : { ...init, integrity: sri(sha256) });
      if (!res.ok) throw new WheelError(file, res.status);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const gz = bytes[0] === 0x1f && bytes[1] === 0x8b;
      const right = !checked || await sha256Hex(bytes) === (gz ? sha256 : unpacked ?? sha256);
      return right ? { file, bytes: gz ? await inflatedBytes(bytes) : bytes } : null;
    };
    try {
      // A wheel of another build (the HTTP cache's copy from before the site was updated, the
      // page itself fresh: the file names stay the same) is asked for once more, past the cache.
      const got = await once({}).catch(() => null) ?? await once({ cache: "reload" });
      if (!got) throw new WheelError(file, null, "damaged download");
      return got;
    } catch (err) {
      if (err instanceof WheelError) throw err;
      // A failed integrity check hides the HTTP status (a 404 page fails it too): ask again.
      const head = await plainFetch(url, { method: "HEAD", cache: "no-store" }).catch(() => null);
      throw new WheelError(file, head && !head.ok ? head.status : null, head ? "damaged download" : err);
    }
  }));
}

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function inflatedBytes(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
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
    py.FS.writeFile(wheelPath(file), bytes);
    return wheelPath(file);
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

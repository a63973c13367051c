// Warm starts: a memory snapshot of the interpreter with the engine already imported,
// kept on this device only (Cache Storage), never shipped.
//
// It is made after a normal boot, by snapshot-worker.js (a Worker: a separate Pyodide
// that never sees the DOM), and used by boot.js on the next visit instead of
// starting Python from scratch. Its key (filled in by tools/build_site.py) hashes the
// Pyodide build, the standard library zip, the wheels and the worker, so a new
// build of any of them never restores an old heap. The stored bytes carry their
// SHA-256: a damaged entry is noticed before Pyodide sees it.
//
// makeMemorySnapshot / _makeSnapshot / _loadSnapshot are Pyodide's private API (the
// version is pinned; tests/e2e/test_boot.py fails if they change).

export const SNAPSHOT_CACHE = "pygames-snapshot";
const DIGEST_HEADER = "x-pygames-sha256";

function entryURL(key) {
  // The site's root: boot.js runs from it, and so does the worker (both sit beside index.html).
  return new URL(`snapshot/${key}`, new URL("./", self.location.href)).href;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether this browser can keep a snapshot (Cache Storage and WebCrypto: secure contexts only). */
export function snapshotsSupported() {
  return Boolean(self.caches && self.crypto?.subtle && self.isSecureContext);
}

/**
 * The snapshot stored for `key`: `null` if there is none, else `{ bytes }`, a promise of
 * its bytes checked against their digest (rejected if they are damaged), so the caller
 * can start Pyodide while they are read.
 */
export async function findSnapshot(key) {
  if (!snapshotsSupported()) return null;
  const cache = await caches.open(SNAPSHOT_CACHE);
  const res = await cache.match(entryURL(key));
  if (!res) return null;
  const bytes = (async () => {
    const want = res.headers.get(DIGEST_HEADER);
    const data = new Uint8Array(await res.arrayBuffer());
    performance.mark("boot:snapshot-read");
    const got = hex(await crypto.subtle.digest("SHA-256", data));
    performance.mark("boot:snapshot-checked");
    if (!want || got !== want) throw new Error(`the stored snapshot is damaged (sha256 ${got.slice(0, 12)}…)`);
    return data;
  })();
  bytes.catch(() => {}); // the caller sees the error where it awaits; never an unhandled rejection
  return { bytes };
}

/** Store `bytes` as the snapshot for `key`, replacing every older one. */
export async function writeSnapshot(key, bytes) {
  const digest = hex(await crypto.subtle.digest("SHA-256", bytes));
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const req of await cache.keys()) await cache.delete(req);
  await cache.put(entryURL(key), new Response(bytes, {
    headers: { "content-type": "application/octet-stream", [DIGEST_HEADER]: digest },
  }));
}

/** Forget every stored snapshot (after one failed to restore). */
export async function dropSnapshots() {
  if (snapshotsSupported()) await caches.delete(SNAPSHOT_CACHE);
}

/**
 * Have a Worker make and store the snapshot for `key`; resolves to `{ size }` (bytes),
 * or to `{ size: 0, reason }` when the worker could not make a usable one.
 */
export function makeSnapshotInWorker(key, site) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("snapshot-worker.js", new URL("./", self.location.href)), { type: "module" });
    const done = (fn, value) => { worker.terminate(); fn(value); };
    worker.onmessage = ({ data }) => (data.error ? done(reject, new Error(data.error)) : done(resolve, data));
    worker.onerror = (e) => done(reject, new Error(e.message || "snapshot worker failed"));
    worker.postMessage({ key, lock: site.lock, stdlib: site.stdlib, packages: site.packages });
  });
}

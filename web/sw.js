// pygames service worker: the whole built site is precached at install and served
// cache-first, responses untouched (so pyodide.asm.wasm keeps its application/wasm
// type and is compiled by streaming). tools/build_site.py fills in VERSION (a hash
// of every shipped file), FILES and INFLATE.
//
// A new build installs beside the running one and waits: the page offers the player
// a reload, which sends "activate-update"; the old caches go when the new one activates.
const VERSION = "__VERSION__";
const FILES = __FILES__;
// Files shipped beside a gzipped twin (Pyodide's wasm, which a first visit downloads gzipped):
// kept inflated under their own name from the twin, so nothing is downloaded twice, and a page
// gets `pyodide.asm.wasm` as a cached response of its own, compiled as it is read.
const INFLATE = __INFLATE__;
const TYPES = { wasm: "application/wasm" };
const CACHE = `pygames-site-${VERSION}`;
const KEEP = new Set([CACHE, "pygames-snapshot"]); // the start-up snapshot outlives builds (its key checks it)

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": revalidated against the server, so what the first visit already
    // downloaded costs a 304, never a second copy, and nothing stale is kept.
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })));
    for (const [file, twin] of Object.entries(INFLATE)) {
      const gz = await cache.match(twin);
      const headers = { "Content-Type": TYPES[file.split(".").pop()] ?? "application/octet-stream" };
      await cache.put(file, new Response(gz.body.pipeThrough(new DecompressionStream("gzip")), { headers }));
    }
    // The very first install takes over at once; an update waits for the player.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "activate-update") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("pygames-") && !KEEP.has(key)) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

const ROOT = new URL("./", self.location.href).href;

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(ROOT)) return;
  event.respondWith((async () => {
    const url = new URL(req.url);
    // The page is one file whatever its address: ./, ./index.html, with any query.
    const page = req.mode === "navigate" && (url.href.split(/[?#]/)[0] === ROOT || url.pathname === new URL("index.html", ROOT).pathname);
    // Looked up by name, never opened: a worker on its way out (a new build has just deleted
    // its cache) must not create its cache again, empty, beside the new one.
    const hit = await caches.match(page ? ROOT : req, { ignoreSearch: page, cacheName: CACHE });
    return hit ?? fetch(req);
  })());
});

// pygames bootstrap: paint the shell, start Python (from this device's snapshot when
// there is a good one), hand over to web/main.py, then get the site ready for offline
// play and the next visit. Everything is relative to this page, so any sub-path works.
import { dropSnapshots, findSnapshot, makeSnapshotInWorker, snapshotsSupported } from "./snapshot.js";
import {
  WheelError, fetchWasmTwin, fetchWheels, gzipWasm, inflateGzFetches, mountWheels, prefetchMoreStdlib, whenDamaged,
} from "./wheels.js";

// Filled in by tools/build_site.py: the lock file (inline: one request less), the
// standard library zip, the wheels to put on sys.path, and the key of a valid snapshot.
const SITE = __SITE__;
const html = document.documentElement;
// A link may go to the browser's share sheet (Share beside Copy: devices/widgets.copy_field).
if (typeof navigator.share === "function") html.dataset.canShare = "";
const t0 = performance.now();

// The boot's stages on the page's performance timeline (`boot:<stage>` marks, in the
// order they happen; web/main.py adds its own), read by tools/bench.py and DevTools.
function mark(stage) {
  performance.mark(`boot:${stage}`);
}
mark("script");
const STAGES = { download: [2, 70], start: [70, 90], engine: [90, 100] };
let catalogues = {}; // lang -> words (the loading line follows the language chosen on the first screen)
let stage = "download";
let shown = 0;

function say(key, fallback) {
  const lang = globalThis.pygamesEarly?.lang?.() ?? html.lang;
  return (catalogues[lang] ?? catalogues.en ?? {})[key] ?? fallback ?? key;
}

// The player's last choice, else the browser's (prepage.js, the one place that decides).
function pickLang() {
  return globalThis.pygamesEarly.pickLang();
}

// (A click kept on the first screen is said on the loading line until Python takes it: prepage.js.)
function keptSaid() {
  return Boolean(globalThis.pygamesEarly?.waiting?.());
}

function applyShell() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = say(el.dataset.i18n, "");
  if (!keptSaid()) document.getElementById("boot-stage").textContent = say(`boot.${stage}`, "");
}

function setStage(name) {
  stage = name;
  html.dataset.bootStage = name;
  for (const li of document.querySelectorAll(".boot-stages li")) {
    const order = Object.keys(STAGES);
    li.classList.toggle("done", order.indexOf(li.dataset.stage) < order.indexOf(name));
    li.classList.toggle("active", li.dataset.stage === name);
  }
  if (!keptSaid()) document.getElementById("boot-stage").textContent = say(`boot.${name}`, "");
}

// The bar eases towards the end of the current stage; stage changes are real events.
const bar = document.getElementById("boot-progress");
const timer = setInterval(() => {
  const [lo, hi] = STAGES[stage];
  shown = Math.max(shown, lo);
  shown += (hi - 1 - shown) * 0.06;
  bar.value = shown;
}, 100);

function missingFileMessage(entry) {
  const file = entry.name.split("/").pop().split("?")[0];
  return `${say("boot.missing_file", "Could not download")} ${file} (HTTP ${entry.responseStatus})`;
}

// A file of this site that could not be downloaded.
function isMissing(entry) {
  return entry.responseStatus >= 400 && entry.name.startsWith(location.origin);
}

// A file that could not be downloaded is the cause worth naming, whatever failed after it.
function missingFiles() {
  return performance.getEntriesByType("resource").filter(isMissing);
}

function fail(err) {
  if (html.dataset.appState === "error") return;
  clearInterval(timer);
  html.dataset.appState = "error";
  const box = document.getElementById("boot-error");
  box.hidden = false;
  document.getElementById("shell").hidden = false;
  const missing = missingFiles();
  if (missing.length) console.warn("pygames: boot failed:", err);
  document.getElementById("boot-error-text").textContent = missing.length
    ? missing.map(missingFileMessage).join("\n")
    : String(err && err.message ? err.message : err);
}

// A catalogue as its text (handed to Python in one piece, which json.loads reads far
// faster than a converted JS object) and as an object for the shell.
async function fetchCatalogue(path) {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  const text = await res.text();
  return { text, words: JSON.parse(text) };
}

function watchDownloads() {
  // "Downloading Python" ends when the interpreter and the standard library have arrived.
  // (each may come as its gzipped twin, "x.gz")
  const named = (url) => url.split("/").pop().split("?")[0].replace(/\.gz$/, "");
  const want = new Set(["pyodide.asm.wasm", named(SITE.stdlib)]);
  const seen = (entries) => {
    for (const e of entries) {
      // Pyodide only logs a failed download and then waits forever (or stops with its own
      // error, which may come before this entry): name the file, in the error box too.
      if (isMissing(e)) {
        if (html.dataset.appState === "error") {
          document.getElementById("boot-error-text").textContent = missingFiles().map(missingFileMessage).join("\n");
        } else {
          fail(new Error(missingFileMessage(e)));
        }
      }
      want.delete(named(e.name));
    }
    if (!want.size) wheels(); // the interpreter's own files are in: ours next
    if (!want.size && stage === "download") setStage("start");
  };
  const obs = new PerformanceObserver((list) => seen(list.getEntries()));
  obs.observe({ type: "resource", buffered: true });
}

function pyodideOptions(extra) {
  const indexURL = new URL("pyodide/", location.href).href;
  return {
    indexURL,
    packageBaseUrl: indexURL,
    stdLibURL: new URL(SITE.stdlib, location.href).href,
    lockFileContents: SITE.lock,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
    ...extra,
  };
}

// Our wheels are asked for once the interpreter's code is in (the moment its compiled module
// is handed to Pyodide, before Python's start-up holds the page's thread for a few seconds):
// on a slow first visit they then download while Python starts, instead of slowing the
// interpreter's own downloads. A start from a snapshot asks at once.
let wheelsP = null;
function wheels() {
  if (!wheelsP) {
    wheelsP = fetchWheels(SITE.lock, SITE.packages, new URL("pyodide/", location.href));
    wheelsP.catch(() => {}); // reported where it is awaited
  }
  return wheelsP;
}

// Our wheels, as zips on sys.path (wheels.js); a wheel that cannot be had is named
// with its HTTP status (or the lost connection) in the error box.
async function wheelsOrFail(wheelsP) {
  try {
    return await wheelsP;
  } catch (err) {
    if (!(err instanceof WheelError)) throw err;
    const why = err.status ? `HTTP ${err.status}` : navigator.onLine === false
      ? say("boot.no_network", "no connection") : String(err.message);
    throw new Error(`${say("boot.missing_file", "Could not download")} ${err.file} (${why})`);
  }
}

// A warm start: the interpreter's heap as it was after importing the engine and the UI
// (snapshot-worker.js). Their zips go back where the heap expects them; only the page
// layer (main.py, which imports its page_*.py) is left to import. Any problem with the
// snapshot (damaged, stale, refused by Pyodide) drops it: a normal boot follows.
async function startFromSnapshot(loadPyodide, snapshotP) {
  const found = await snapshotP;
  if (!found) return null;
  gzipWasm(false, earlyWasm); // a device that keeps a snapshot has Pyodide's own wasm at hand
  earlyWasm = null;
  mark("snapshot-found");
  const ours = await wheelsOrFail(wheels()); // not the snapshot's fault: no fallback helps
  try {
    // Pyodide fetches its files while the snapshot is read and checked.
    const pyodide = await loadPyodide(pyodideOptions({ _loadSnapshot: found.bytes }));
    mark("interpreter");
    mountWheels(pyodide, ours, location.href);
    // Every visitor would otherwise get the same "random" numbers as the heap that was saved.
    pyodide.runPython("import random; random.seed()");
    pyodide.pyimport("main");
    html.dataset.bootFrom = "snapshot";
    return pyodide;
  } catch (err) {
    console.warn("pygames: the saved start-up snapshot could not be used, starting normally:", err);
    html.dataset.snapshot = "dropped";
    await dropSnapshots().catch(() => {});
    return null;
  }
}

function askWheelsWhenWasmArrives() {
  const instantiate = WebAssembly.instantiateStreaming;
  if (typeof instantiate !== "function") return; // Pyodide then reads the whole file first: the end of downloads asks
  WebAssembly.instantiateStreaming = function (...args) {
    WebAssembly.instantiateStreaming = instantiate; // once: only Pyodide's own module
    const made = instantiate.apply(this, args);
    made.then(wheels, async (err) => { // (runs before Pyodide's own continuation: the request goes out first)
      wheels();
      // Pyodide only logs a module it could not compile (a damaged download) and waits for ever;
      // a file that could not be had at all is named with its HTTP status (watchDownloads).
      const res = await Promise.resolve(args[0]).catch(() => null);
      if (res && !res.ok) return;
      fail(new Error(`${say("boot.missing_file", "Could not download")} pyodide.asm.wasm (${err?.message ?? err})`));
    });
    return made;
  };
}

async function startFresh(loadPyodide) {
  gzipWasm(!CONTROLLED, earlyWasm);
  earlyWasm = null;
  askWheelsWhenWasmArrives();
  const pyodide = await loadPyodide(pyodideOptions({}));
  mark("python"); // the interpreter is up; then our wheels, which may still be on their way
  mountWheels(pyodide, await wheelsOrFail(wheels()), location.href);
  mark("interpreter");
  html.dataset.bootFrom = "fresh";
  return pyodide;
}

// A test that is about neither offline play nor warm starts asks for a bare page
// (?bare=1): no service worker and no start-up snapshot, each of which costs every boot
// a full precache or a second Pyodide; ?bare=warm keeps the snapshot (the browser tests:
// the first page of a profile makes it, the next ones start from it) but no service
// worker. The shipped site never asks for either.
const QUERY = new URLSearchParams(location.search);
// A page the service worker serves has every file at hand, the wasm inflated (wheels.js).
const CONTROLLED = Boolean(navigator.serviceWorker?.controller);
let earlyWasm = null; // a first visit's request for the wasm's gzipped twin (boot)
const BARE = QUERY.get("bare") === "1";
const NO_OFFLINE = QUERY.has("bare");

async function boot() {
  const lang = pickLang();
  html.lang = lang;
  // Python starts at once; the catalogues and the snapshot arrive while it does, our wheels after its files.
  inflateGzFetches(location.href); // (Pyodide fetches the standard library's stdlib.zip.gz itself)
  whenDamaged((url, err) => fail(new Error(`${say("boot.missing_file", "Could not download")} ${url.split("/").pop()} (${err?.message ?? err})`)));
  // A first visit asks for the interpreter's gzipped twin at once, after the first screen's own files.
  if (!CONTROLLED) earlyWasm = fetchWasmTwin(location.href);
  earlyWasm?.catch(() => {}); // (a failed download is named by watchDownloads)
  const pyodideModuleP = import("./pyodide/pyodide.mjs");
  const snapshotP = BARE ? Promise.resolve(null) : findSnapshot(SITE.snapshotKey).catch(() => null);
  const cataloguesP = Promise.all([fetchCatalogue("i18n/ru.json"), fetchCatalogue("i18n/en.json")]);
  cataloguesP.then(([ru, en]) => {
    mark("catalogues");
    catalogues = { ru: ru.words, en: en.words };
    applyShell();
    document.addEventListener("pygames-shell", applyShell); // (prepage.js: another language, taps let go)
  }, fail);
  setStage("download");
  if (typeof DecompressionStream !== "function") { // (every browser Pyodide runs in has it: an old one)
    await cataloguesP.catch(() => {});
    throw new Error(say("boot.too_old", "This browser is too old for the games: update it."));
  }
  watchDownloads();
  const { loadPyodide } = await pyodideModuleP;
  mark("pyodide-module");
  const pyodide = await startFromSnapshot(loadPyodide, snapshotP) ?? await startFresh(loadPyodide);
  const tPython = performance.now();
  setStage("engine");
  const [ru, en] = await cataloguesP;
  globalThis.pygamesBoot = {
    catalogues: { ru: ru.words, en: en.words }, cataloguesJSON: `{"ru":${ru.text},"en":${en.text}}`, lang, pyodide,
    build: SITE.snapshotKey,  // which build this is: a guest of another build is told to reload (devices/protocol.py)
  };
  const main = pyodide.pyimport("main");
  mark("main-imported");
  try {
    main.start();
  } catch (err) {
    if (html.dataset.bootFrom === "snapshot") await dropSnapshots().catch(() => {});
    throw err;
  }
  const tReady = performance.now();
  mark("ready");
  clearInterval(timer);
  bar.value = 100;
  html.dataset.bootMs = String(Math.round(tReady - t0));
  html.dataset.pythonMs = String(Math.round(tPython - t0));
  if (NO_OFFLINE) html.dataset.offline = "off";
  // The rarely imported rest of the standard library, when nothing else wants the network.
  setTimeout(() => prefetchMoreStdlib(pyodide, location.href).then(
    () => { html.dataset.stdlibMore = "ready"; },
    (err) => console.warn("pygames: the rest of the standard library will be fetched when needed:", err)), 800);
  if (BARE) {
    html.dataset.snapshot = "off";
    return;
  }
  // The offline copy installs once the first screen is up: it competes for the CPU.
  if (!NO_OFFLINE) setTimeout(registerServiceWorker, 1000);
  if (html.dataset.bootFrom === "fresh") {
    setTimeout(saveSnapshot, 1500); // after the first paint of the table and the first bot moves
  } else {
    html.dataset.snapshot = "used";
  }
}

// After a normal boot, a Worker makes the snapshot for the next visit; the page goes on.
async function saveSnapshot() {
  if (!snapshotsSupported()) {
    html.dataset.snapshot = "unsupported";
    return;
  }
  html.dataset.snapshot = "making";
  try {
    const { size, reason } = await makeSnapshotInWorker(SITE.snapshotKey, SITE);
    if (!size) console.warn(`pygames: no start-up snapshot: ${reason}`);
    html.dataset.snapshot = size ? "saved" : "unsupported";
  } catch (err) {
    console.warn("pygames: no start-up snapshot this time:", err);
    html.dataset.snapshot = "failed";
  }
}

// Offline play: the service worker keeps the whole site. A new build installs beside
// the running one; the player is offered a reload, which hands the page over to it.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const sw = navigator.serviceWorker;
  let reloading = false;
  const controlled = Boolean(sw.controller);
  sw.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
    // Another tab took the update: this one runs the old build over the new files.
    else if (controlled) offer(null);
  });
  // `worker`: the new build's, waiting for the player; null when it is already in charge.
  const offer = (worker) => {
    const banner = document.getElementById("update-banner");
    // In the language the player has chosen since the boot, if any.
    const words = globalThis.pygamesBoot?.catalogues?.[html.lang] ?? catalogues[html.lang] ?? {};
    for (const el of banner.querySelectorAll("[data-i18n]")) el.textContent = words[el.dataset.i18n] ?? el.textContent;
    banner.hidden = false;
    banner.querySelector('[data-update="reload"]').onclick = () => {
      reloading = true;
      if (worker) worker.postMessage({ type: "activate-update" });
      else location.reload();
    };
    banner.querySelector('[data-update="later"]').onclick = () => { banner.hidden = true; };
    html.dataset.update = "ready";
  };
  performance.mark("boot:offline-copy"); // (after boot:ready: its downloads never compete with the first screen)
  sw.register("sw.js").then(async (reg) => {
    const watch = (worker) => worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && sw.controller) offer(worker);
    });
    if (reg.waiting && sw.controller) offer(reg.waiting);
    if (reg.installing) watch(reg.installing);
    reg.addEventListener("updatefound", () => watch(reg.installing));
    // A tab left open for days still learns about new builds.
    setInterval(() => reg.update().catch(() => {}), 30 * 60_000);
    await sw.ready;
    html.dataset.offline = "ready";
    if (!sw.controller) sayOfflineReady(); // the first install on this device: said once, quietly
  }).catch((err) => {
    // Offline, the update check fails, yet the installed worker goes on serving the site.
    if (sw.controller) html.dataset.offline = "ready";
    else console.warn("pygames: offline mode unavailable:", err);
  });
}

// "Ready to play offline": a quiet line in the corner for a few seconds, the first time only.
function sayOfflineReady() {
  const words = globalThis.pygamesBoot?.catalogues?.[html.lang] ?? catalogues[html.lang] ?? {};
  const note = document.createElement("p");
  note.id = "offline-note";
  note.className = "offline-note";
  note.setAttribute("role", "status");
  note.textContent = words["offline.ready"] ?? "";
  document.body.appendChild(note);
  setTimeout(() => note.remove(), 6000);
}

// A boot that has not finished after two minutes is reported, not left spinning.
setTimeout(() => {
  if (html.dataset.appState === "loading") fail(new Error(say("boot.too_slow", "Starting took too long.")));
}, 120_000);
window.addEventListener("error", (e) => { if (html.dataset.appState !== "ready") fail(e.error || e.message); });
window.addEventListener("unhandledrejection", (e) => { if (html.dataset.appState !== "ready") fail(e.reason); });
boot().catch(fail);

// pygames bootstrap: paint the shell, load Pyodide and the two wheels, hand over to web/main.py.
// Everything is relative to this page, so the site works at any sub-path.
const html = document.documentElement;
const t0 = performance.now();
const STAGES = { download: [2, 70], start: [70, 90], engine: [90, 100] };
let catalogue = {};
let stage = "download";
let shown = 0;

function say(key, fallback) {
  return catalogue[key] ?? fallback ?? key;
}

function pickLang() {
  const saved = localStorage.getItem("pygames.lang");
  if (saved === "ru" || saved === "en") return saved;
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  return langs.some((l) => String(l).toLowerCase().startsWith("ru")) ? "ru" : "en";
}

function applyShell() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = say(el.dataset.i18n, "");
  document.getElementById("boot-stage").textContent = say(`boot.${stage}`, "");
}

function setStage(name) {
  stage = name;
  html.dataset.bootStage = name;
  for (const li of document.querySelectorAll(".boot-stages li")) {
    const order = Object.keys(STAGES);
    li.classList.toggle("done", order.indexOf(li.dataset.stage) < order.indexOf(name));
    li.classList.toggle("active", li.dataset.stage === name);
  }
  document.getElementById("boot-stage").textContent = say(`boot.${name}`, "");
}

// The bar eases towards the end of the current stage; stage changes are real events.
const bar = document.getElementById("boot-progress");
const timer = setInterval(() => {
  const [lo, hi] = STAGES[stage];
  shown = Math.max(shown, lo);
  shown += (hi - 1 - shown) * 0.06;
  bar.value = shown;
}, 100);

function fail(err) {
  if (html.dataset.appState === "error") return;
  clearInterval(timer);
  html.dataset.appState = "error";
  const box = document.getElementById("boot-error");
  box.hidden = false;
  document.getElementById("shell").hidden = false;
  document.getElementById("boot-error-text").textContent = String(err && err.message ? err.message : err);
}
globalThis.pygamesFail = fail;

async function fetchJSON(path) {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json();
}

function watchDownloads() {
  // "Downloading Python" ends when the interpreter and the standard library have arrived.
  const want = new Set(["pyodide.asm.wasm", "python_stdlib.zip"]);
  const seen = (entries) => {
    for (const e of entries) {
      const file = e.name.split("/").pop().split("?")[0];
      // Pyodide only logs a failed download and then waits forever: fail loudly instead.
      if (e.responseStatus >= 400 && e.name.startsWith(location.origin)) {
        fail(new Error(`${say("boot.missing_file", "Could not download")} ${file} (HTTP ${e.responseStatus})`));
      }
      want.delete(file);
    }
    if (!want.size && stage === "download") setStage("start");
  };
  const obs = new PerformanceObserver((list) => seen(list.getEntries()));
  obs.observe({ type: "resource", buffered: true });
}

async function boot() {
  const lang = pickLang();
  html.lang = lang;
  const cataloguesP = Promise.all([fetchJSON("i18n/ru.json"), fetchJSON("i18n/en.json")]);
  const pyodideModuleP = import("./pyodide/pyodide.mjs");
  const [ru, en] = await cataloguesP;
  catalogue = lang === "ru" ? ru : en;
  applyShell();
  setStage("download");
  watchDownloads();
  const { loadPyodide } = await pyodideModuleP;
  const indexURL = new URL("pyodide/", location.href).href;
  const pyodide = await loadPyodide({
    indexURL,
    packageBaseUrl: indexURL,
    packages: ["pygames-core", "pygames-ui"],
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  const tPython = performance.now();
  setStage("engine");
  globalThis.pygamesBoot = { catalogues: { ru, en }, lang, fail };
  const main = pyodide.pyimport("main");
  await main.start();
  const tReady = performance.now();
  clearInterval(timer);
  bar.value = 100;
  html.dataset.bootMs = String(Math.round(tReady - t0));
  html.dataset.pythonMs = String(Math.round(tPython - t0));
  registerServiceWorker();
}

// Offline play: after the first visit the service worker serves the whole site from its cache.
// Registered only once the table is up, so its downloads never slow the first boot.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("sw.js").then(async () => {
    await navigator.serviceWorker.ready;
    html.dataset.offline = "ready";
  }).catch((err) => console.warn("pygames: offline mode unavailable:", err));
}

// A boot that has not finished after two minutes is reported, not left spinning.
setTimeout(() => {
  if (html.dataset.appState === "loading") fail(new Error(say("boot.too_slow", "Starting took too long.")));
}, 120_000);
window.addEventListener("error", (e) => { if (html.dataset.appState !== "ready") fail(e.error || e.message); });
window.addEventListener("unhandledrejection", (e) => { if (html.dataset.appState !== "ready") fail(e.reason); });
boot().catch(fail);

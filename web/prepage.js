// The first screens before Python is ready.
//
// The build renders the home screen, every rules page and every new-game form in both
// languages with the app's own Python renderer (tools/prerender.py) and ships them in
// index.html as inert <template>s. This module shows the one the address asks for at
// once and answers the clicks that need no game (language, rules, new game, home,
// back, the menu) the way the app would, with the same addresses (pygames_ui/routes.py),
// so Back and a reload work as they will later. A click that needs Python ("Start",
// adding a seat) is kept, and the status line says the game starts as soon as it can;
// web/main.py takes the page over with takeOver(), draws the same screen (the same
// HTML, so nothing flashes) and replays the kept click.
//
// A classic script at the end of <body>, after the templates: it runs before the first
// paint, and boot.js (a module, run later) finds it as globalThis.pygamesEarly.
(() => {

const html = document.documentElement;
const LANGS = ["ru", "en"];
// Screens with a game in their address: the action that opens them, and the address word.
const GAME_SCREENS = { rules: "rules", setup: "new" };

let lang = pickLang();
let fragment = null; // the address of the screen shown, while this module has the page
let pending = []; // the clicks kept for Python, in order: { data, values }
let pendingAt = null; // the screen they were made on (leaving it lets them go)
let root = null;

/** The language the app starts in: the player's last choice, else the browser's. */
function pickLang() {
  let saved = null;
  try {
    saved = localStorage.getItem("pygames.lang");
  } catch {
    // storage refused (a private window): the browser's language decides
  }
  if (LANGS.includes(saved)) return saved;
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  return langs.some((l) => String(l).toLowerCase().startsWith("ru")) ? "ru" : "en";
}

function template(forLang, address) {
  for (const t of document.querySelectorAll("template[data-pre-lang]")) {
    if (t.dataset.preLang === forLang && t.dataset.preRoute === address) return t;
  }
  return null;
}

/** The address ``hash`` names if a template draws it ("#/" is home), else null. */
function screenOf(hash) {
  const address = hash === "" || hash === "#" ? "#/" : hash;
  return template(lang, address) ? address : null;
}

function words() {
  return JSON.parse(template(lang, "#/")?.dataset.preWords ?? "{}");
}

function show(address) {
  const t = template(lang, address);
  if (!t || !root) return false;
  root.replaceChildren(t.content.cloneNode(true));
  root.hidden = false;
  fragment = address;
  html.lang = lang;
  html.dataset.early = "shown";
  html.dataset.screen = address.startsWith("#/rules/") ? "rules" : address.startsWith("#/new/") ? "setup" : "home";
  document.getElementById("shell")?.classList.add("early");
  if (pending.length && address !== pendingAt) {
    pending = []; // (another screen: what was asked there is let go, and the loading line says the stage again)
    document.dispatchEvent(new Event("pygames-shell"));
  }
  if (pending.length) {
    html.dataset.early = "waiting";
    sayKept();
  }
  return true;
}

/** The status line says what the kept clicks will do: start the game, or take effect. */
function sayKept() {
  const status = document.getElementById("boot-stage");
  const starts = pending.some((p) => p.data.action === "start" || p.data.action === "tutorial");
  if (status) status.textContent = words()[starts ? "early.starting" : "early.kept"] ?? "";
}

function go(address) {
  if (address === fragment) return;
  history.pushState({ pygames: 1 }, "", `${location.pathname}${location.search}${address}`);
  if (show(address)) window.scrollTo(0, 0);
}

/**
 * The form's fields the player changed here (not what the build wrote in them): the form
 * the app draws may differ from this one (the choices it remembers for the game), and only
 * what was typed or picked here must be carried over to it.
 */
function formValues() {
  const out = {};
  for (const el of root.querySelectorAll("input[name], select[name]")) {
    const shown = el.tagName === "SELECT" ? ([...el.options].find((o) => o.defaultSelected) ?? el.options[0])?.value : el.defaultValue;
    if (el.value !== shown) out[el.name] = el.value;
  }
  return out;
}

function onClick(event) {
  const el = event.target.closest("[data-action]");
  if (!el || !root.contains(el) || el.disabled) return;
  const data = { ...el.dataset };
  const action = data.action;
  if (action === "lang" && LANGS.includes(data.lang)) {
    lang = data.lang;
    try {
      localStorage.setItem("pygames.lang", lang);
    } catch {
      // not kept: this visit still shows the language chosen
    }
    show(fragment);
    document.dispatchEvent(new Event("pygames-shell")); // (boot.js words its loading line anew)
  } else if (action in GAME_SCREENS && data.game) {
    go(`#/${GAME_SCREENS[action]}/${data.game}`);
  } else if (action === "home") {
    go("#/");
  } else if (action === "back") {
    // Back to the screen before, if this visit opened it; a shared rules link goes home.
    if (history.state?.pygames) history.back();
    else go("#/");
  } else if (action === "jump") {
    // A part of a long page (the rules'): its heading at the top, focused, as main.py does.
    const to = document.getElementById(data.to ?? "");
    to?.scrollIntoView({ block: "start" });
    to?.focus({ preventScroll: true });
  } else if (action === "menu") {
    const menu = root.querySelector("#topmenu");
    const open = menu?.dataset.open !== "true";
    if (menu) menu.dataset.open = String(open);
    el.setAttribute("aria-expanded", String(open));
  } else {
    // Needs the engine: kept for Python, which replays it once the page is its own.
    pending.push({ data, values: formValues() });
    pendingAt = fragment;
    html.dataset.early = "waiting";
    sayKept();
  }
}

/** A name typed shows at once where the form lists the seats ("Who starts"), as main.py does
 * (session.clean_name: no mark that turns the text round; nothing that shows is no name). */
function onInput(event) {
  const name = event.target.getAttribute?.("name") ?? "";
  if (!name.startsWith("seat_name_")) return;
  const text = event.target.value.replace(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g, "")
    .split(/\s+/).filter(Boolean).join(" ");
  const shows = /[\p{L}\p{N}\p{P}\p{S}]/u.test(text);
  for (const el of root.querySelectorAll(`[data-mirror="${name}"]`)) el.textContent = shows ? text : el.dataset.fallback;
}

/** Enter in a text box marked data-enter presses its form's control of that action (Start). */
function onKey(event) {
  const action = event.key === "Enter" && event.target.tagName === "INPUT" ? event.target.dataset.enter : null;
  for (let el = action ? event.target.parentElement : null; el; el = el.parentElement) {
    const target = el.querySelector(`[data-action="${action}"]`);
    if (target) {
      event.preventDefault();
      target.click();
      return;
    }
  }
}

function onPopState() {
  const address = screenOf(location.hash);
  if (fragment !== null && address !== null) show(address);
}

// ---------------------------------------------------------------- a replay link
// "#r=…" holds a whole game (pygames_core/record_codec.py: raw deflate of a binary record,
// base64url). Its head says which game and how many moves: the loading screen says so
// at once ("Replay of Клац!, 14 moves — loading…") while Python, which checks every
// move, is still on its way. A link that cannot be read here leaves the loading screen
// as it is: Python says what is wrong with it.

/** ``{game, moves}`` from the bytes of a record, or null; ``games`` gives each game's option kinds. */
function recordHead(bytes, games) {
  let pos = 0;
  const uint = () => {
    let n = 0;
    for (let shift = 0; shift < 63; shift += 7) {
      if (pos >= bytes.length) throw new RangeError("cut short");
      const b = bytes[pos++];
      n += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) return n;
    }
    throw new RangeError("a number too long");
  };
  const str = () => {
    const length = uint();
    if (pos + length > bytes.length) throw new RangeError("cut short");
    const text = new TextDecoder().decode(bytes.subarray(pos, pos + length));
    pos += length;
    return text;
  };
  if (uint() !== 1) return null; // the record format's version
  const game = str();
  const facts = games[game];
  if (!facts) return null;
  uint(); // players
  uint(); // seed
  const options = uint();
  for (let i = 0; i < options - 1; i++) {
    const kind = facts.options[uint()];
    if (kind === undefined) return null;
    if (kind === "str") str(); else uint();
  }
  const deck = uint();
  for (let i = 0; i < deck - 1; i++) uint();
  const seats = uint();
  for (let i = 0; i < seats; i++) { str(); str(); }
  return { game, moves: uint() };
}

/** The plural form of ``n`` for the catalogue's ``.one``/``.few``/``.many`` keys (as pygames_ui.i18n). */
function pluralForm(n) {
  if (lang !== "ru") return n === 1 ? "one" : "many";
  const n10 = n % 10, n100 = n % 100;
  if (n10 === 1 && n100 !== 11) return "one";
  return n10 >= 2 && n10 <= 4 && !(n100 >= 12 && n100 <= 14) ? "few" : "many";
}

async function showReplayTitle(link) {
  if (!/^[A-Za-z0-9_-]{1,12000}$/.test(link) || typeof DecompressionStream !== "function") return;
  const padded = link.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (link.length % 4)) % 4);
  const packed = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  const home = template(lang, "#/");
  const head = recordHead(bytes, JSON.parse(home?.dataset.preGames ?? "{}"));
  const games = document.querySelector("#boot .boot-games");
  if (!head || !games || html.dataset.appState === "ready") return;
  const title = JSON.parse(home.dataset.preGames)[head.game].title;
  const text = (words()[`early.replay.${pluralForm(head.moves)}`] ?? "")
    .replace("{game}", title).replace("{n}", String(head.moves));
  const heading = document.createElement("h1");
  heading.className = "boot-replay";
  heading.textContent = text;
  games.replaceWith(heading);
  html.lang = lang;
  html.dataset.early = "replay";
  performance.mark("boot:early");
}

// ---------------------------------------------------------------- an invite
// "#j=…" (web/pygames_ui/devices/invite.py): game number, seat, players, the inviting
// player's name, then the seat's token and the offer. The loading screen says who invites
// to which game at once ("Anna invites you to Клац!, seat 2 — loading…").

function showInviteTitle(text) {
  if (!/^[A-Za-z0-9_-]{8,600}$/.test(text)) return;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  const home = template(lang, "#/");
  const facts = JSON.parse(home?.dataset.preGames ?? "{}");
  const game = Object.keys(facts)[bytes[0]];
  const name = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(4, 4 + bytes[3]));
  const games = document.querySelector("#boot .boot-games");
  if (!game || bytes[1] < 1 || bytes[1] >= bytes[2] || !games || html.dataset.appState === "ready") return;
  const heading = document.createElement("h1");
  heading.className = "boot-replay";
  heading.textContent = (words()["early.invite"] ?? "")
    .replace("{name}", name).replace("{game}", facts[game].title).replace("{n}", String(bytes[1] + 1));
  games.replaceWith(heading);
  html.lang = lang;
  html.dataset.early = "invite";
  performance.mark("boot:early");
}

/** Show the first screen, if the address is one the build drew (at once, as the page is parsed). */
function showEarly() {
  root = document.getElementById("app");
  // No address and a game saved on this device: Python resumes it, so the loading screen shows
  // (the game at the table last, as saves.last_slot says: a guided game's slot, else the save's).
  let saved = null;
  try {
    const guide = localStorage.getItem("pygames.save.last") === "pygames.save.guide";
    saved = (guide ? localStorage.getItem("pygames.save.guide") : null) ?? localStorage.getItem("pygames.save.v1");
  } catch {
    // no storage, no save
  }
  if (location.hash === "" && saved !== null) return false;
  if (location.hash.startsWith("#r=")) {
    showReplayTitle(location.hash.slice(3)).catch(() => {}); // unreadable here: Python will say why
    return false;
  }
  if (location.hash.startsWith("#j=")) {
    try {
      showInviteTitle(location.hash.slice(3));
    } catch {
      // unreadable here: Python will say why
    }
    return false;
  }
  const address = screenOf(location.hash);
  if (address === null || !root) return false; // a game, a record link: the loading screen
  if (!show(address)) return false;
  performance.mark("boot:early"); // the first screen is up and answers clicks (tools/bench_first_visit.py)
  root.addEventListener("click", onClick);
  root.addEventListener("input", onInput);
  root.addEventListener("keydown", onKey);
  window.addEventListener("popstate", onPopState);
  history.scrollRestoration = "manual"; // each screen opens at its top, Back too (main.py does the same)
  return true;
}

/**
 * Python takes the page: the screen's address, the values typed into its form and the
 * clicks kept for Python, in order. Nothing of this module acts on the page afterwards.
 */
function takeOver() {
  if (fragment === null) {
    delete html.dataset.early; // (a replay's or an invite's loading screen: Python's own screen now)
    return { lang, shown: false, values: {}, pending: [] };
  }
  root.removeEventListener("click", onClick);
  root.removeEventListener("input", onInput);
  root.removeEventListener("keydown", onKey);
  window.removeEventListener("popstate", onPopState);
  const out = { lang, shown: true, values: formValues(), pending, address: fragment };
  fragment = null;
  document.getElementById("shell")?.classList.remove("early");
  delete html.dataset.early;
  return out;
}

globalThis.pygamesEarly = { pickLang, takeOver, lang: () => lang, waiting: () => pending.length > 0 };
showEarly();
})();

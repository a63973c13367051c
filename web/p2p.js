// pygames: the WebRTC glue for play on several devices. Everything else (invites, answers,
// the referee, the messages) is Python in web/pygames_ui/devices/; page_devices.py calls
// these and hears back through listen(). One RTCPeerConnection and one data channel per
// guest seat on the host, one on a guest. By default no STUN or TURN server: host
// candidates only, as on one Wi-Fi. A player who chose a STUN server (the lobby's "Play
// across the internet") has it in localStorage.
function iceConfig() {
  let server = null;
  try {
    server = localStorage.getItem("pygames.stun");
  } catch {
    // no storage: the default
  }
  return /^stuns?:[A-Za-z0-9.-]{1,200}(:\d{1,5})?$/.test(server ?? "") ? { iceServers: [{ urls: server }] } : { iceServers: [] };
}
const peers = new Map(); // id (a friend's seat on the host; -1, GUEST_PEER, on a guest) -> { pc, dc }
let report = () => {};
const MAX_BUFFERED = 4 * 1024 * 1024;

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") resolve();
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") resolve();
    });
  });
}

function wire(id, dc) {
  const peer = peers.get(id);
  if (peer) peer.dc = dc;
  dc.onopen = () => report("open", id, "");
  dc.onclose = () => report("closed", id, "");
  dc.onmessage = (event) => {
    if (typeof event.data === "string") report("message", id, event.data);
  };
}

/** Close the connection ``id`` (replaced, or its game left): it reports nothing more (its close is ours, not news). */
function drop(id) {
  const old = peers.get(id);
  if (old) {
    if (old.dc) old.dc.onclose = old.dc.onmessage = old.dc.onopen = null;
    old.pc.onconnectionstatechange = null;
    old.pc.close();
    peers.delete(id);
  }
}

/** Close the connection ``id`` for good (its game left, a spare no longer wanted): what was sent on it
 * last (the host's "bye") goes first, then the connection closes; it reports nothing more. */
function hangUp(id) {
  const old = peers.get(id);
  if (!old) return;
  peers.delete(id);
  old.pc.onconnectionstatechange = null;
  if (old.dc) {
    old.dc.onclose = old.dc.onmessage = old.dc.onopen = null;
    old.dc.close(); // (its buffered messages are sent before it closes)
  }
  setTimeout(() => old.pc.close(), 1000);
}

/** A new connection ``id`` in place of any old one (``null``, reported, if the browser refuses);
 * ``certificates``: this device's kept one (see certificates()). */
function fresh(id, certificates = []) {
  drop(id);
  let pc;
  try {
    pc = new RTCPeerConnection(certificates.length ? { ...iceConfig(), certificates } : iceConfig());
  } catch (err) {
    report("failed", id, String(err?.message ?? err));
    return null;
  }
  peers.set(id, { pc, dc: null });
  watch(id, pc);
  return pc;
}

function watch(id, pc) {
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === "failed") report("closed", id, "");
  };
}

/** An answer to ``sdp`` on a new connection ``id`` (with this device's kept certificate); ``ice``:
 * the ICE credentials the other side expects it to carry (a spare connection), or null. */
function answerOn(id, sdp, ice) {
  return certificates().then((certs) => {
    const pc = fresh(id, certs);
    if (!pc) return undefined;
    return guarded(id, pc, async () => {
      pc.ondatachannel = (event) => wire(id, event.channel);
      await pc.setRemoteDescription({ type: "offer", sdp });
      const made = await pc.createAnswer();
      if (ice) {
        // The other side set this answer's credentials as it made the spare offer: it is never sent.
        const [ufrag, pwd] = ice;
        const set = made.sdp.replace(/^a=ice-ufrag:.*$/m, `a=ice-ufrag:${ufrag}`).replace(/^a=ice-pwd:.*$/m, `a=ice-pwd:${pwd}`);
        await pc.setLocalDescription({ type: "answer", sdp: set });
        return;
      }
      await pc.setLocalDescription(made);
      await gathered(pc);
      if (current(id, pc)) report("answer", id, pc.localDescription.sdp);
    });
  });
}

// ---------------------------------------------------------------- this device's certificate
// Every connection of this device has one certificate, kept in IndexedDB for 30 days: the other
// side knows the fingerprint this device's next offer or answer will carry, and keeps a connection
// ready for it, answered in advance, by which a reloaded page (a guest's, or the host's) comes back
// by itself (pygames_ui/devices/spare.py). Without IndexedDB the certificate lasts as long as the
// page (a reload then asks for a new invite).
const DAY_MS = 864e5;
let kept = null; // the promise of [certificate], or [] if the browser makes none

function certificates() {
  kept ??= keptCertificate().then((c) => [c]).catch(() => []);
  return kept;
}

function store(mode, work) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("pygames-p2p", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("certificate");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const request = work(db.transaction("certificate", mode).objectStore("certificate"));
        request.onsuccess = () => { db.close(); resolve(request.result); };
        request.onerror = () => { db.close(); reject(request.error); };
      } catch (err) { // (a store being deleted meanwhile, storage refused): no kept certificate
        db.close();
        reject(err);
      }
    };
  });
}

async function keptCertificate() {
  const old = await store("readonly", (s) => s.get("device")).catch(() => null);
  if (old instanceof RTCCertificate && old.expires - Date.now() > DAY_MS) return old; // (a day left at least)
  const made = await RTCPeerConnection.generateCertificate({ name: "ECDSA", namedCurve: "P-256", expires: 30 * DAY_MS });
  await store("readwrite", (s) => s.put(made, "device")).catch(() => {});
  return made;
}

// A failure is reported to Python (it says so on the page), never left as an uncaught error.
// ``pc``: the connection the work is for; once it has been replaced or closed, nothing more
// of it is reported (a late offer or answer must not stand for the new one).
function guarded(id, pc, work) {
  return work().catch((err) => {
    if (!pc || peers.get(id)?.pc === pc) report("failed", id, String(err?.message ?? err));
  });
}

function current(id, pc) {
  return peers.get(id)?.pc === pc;
}

globalThis.pygamesP2P = {
  listen(fn) {
    report = (kind, id, payload) => fn(kind, id, payload);
  },
  offer(id) {
    return certificates().then((certs) => {
      const pc = fresh(id, certs);
      if (!pc) return undefined;
      return guarded(id, pc, async () => {
        wire(id, pc.createDataChannel("game", { ordered: true }));
        await pc.setLocalDescription(await pc.createOffer());
        await gathered(pc);
        if (current(id, pc)) report("offer", id, pc.localDescription.sdp);
      });
    });
  },
  accept(id, sdp) {
    const peer = peers.get(id);
    const pc = peer?.pc;
    // Only an offer still waiting for its answer takes one (Python checked it answers this offer),
    // and one at a time: the state changes only once the answer is set, which takes a while.
    if (!pc || peer.accepting || pc.signalingState !== "have-local-offer") return Promise.resolve();
    peer.accepting = true;
    return guarded(id, pc, async () => {
      try {
        await pc.setRemoteDescription({ type: "answer", sdp });
      } finally {
        peer.accepting = false;
      }
    });
  },
  answer(id, sdp) {
    return answerOn(id, sdp, null);
  },
  /** Back by the spare connection the other side keeps for this device: its offer answered with
   * the credentials it chose (the answer is already set on its side). */
  rejoin(id, sdp, ufrag, pwd) {
    return answerOn(id, sdp, [ufrag, pwd]);
  },
  /** The spare connection ``from`` is now the seat's connection ``to`` (its old one goes, unsaid). */
  promote(from, to) {
    const peer = peers.get(from);
    if (!peer) return;
    peers.delete(from);
    drop(to);
    peers.set(to, peer);
    watch(to, peer.pc);
    if (peer.dc) wire(to, peer.dc);
  },
  close: hangUp,
  send(id, text) {
    const dc = peers.get(id)?.dc;
    if (dc?.readyState !== "open") return;
    try {
      // A device that does not take what it is sent (more than MAX_BUFFERED bytes still waiting)
      // is let go like a lost one: it comes back with its spare connection or a new invite.
      if (dc.bufferedAmount > MAX_BUFFERED) throw new RangeError("not taken");
      dc.send(text);
    } catch {
      drop(id);
      setTimeout(() => report("closed", id, ""), 0); // (after the page's turn: not inside its draw)
    }
  },
  scan(id) {
    return guarded(id, null, async () => {
      stopScan();
      const detector = "BarcodeDetector" in globalThis ? new globalThis.BarcodeDetector({ formats: ["qr_code"] }) : null;
      if (!detector) await loadJsQR();
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      scanning = { stream, timer: 0 };
      const canvas = document.createElement("canvas");
      const look = async () => {
        if (!scanning || scanning.stream !== stream) return;
        // The page is drawn anew now and then: the video element may be a new one.
        const video = document.getElementById("scan-video");
        if (!video) return stopScan(); // the lobby closed
        if (video.srcObject !== stream) {
          video.srcObject = stream;
          await video.play().catch(() => {});
        }
        const text = await readFrame(video, canvas, detector).catch(() => null);
        if (text) {
          stopScan();
          report("scanned", id, text);
        } else {
          scanning.timer = setTimeout(look, 150);
        }
      };
      look();
    });
  },
  stopScan,
  hold,
  release,
  awake,
};

// ---------------------------------------------------------------- the screen kept on
// While a game with friends on other devices is on here, or a QR code of one waits on screen to
// be scanned, the screen is kept on (the Screen Wake Lock API; Python says when: devices/around.py
// awake): a phone that locks itself between two turns drops its connection. The browser
// lets a lock go when the page is hidden; it is asked for again when the page shows. Refused (a
// battery saver) or unknown (an old browser): the phone may lock, and its spare connection brings
// it back when it wakes. html[data-awake] says whether a lock is held.
let wantAwake = false;
let screenLock = null;

async function keepAwake() {
  if (!wantAwake || screenLock || document.visibilityState !== "visible" || !navigator.wakeLock) return;
  try {
    const lock = await navigator.wakeLock.request("screen");
    if (!wantAwake || screenLock) return void lock.release(); // (no longer wanted, or asked twice)
    screenLock = lock;
    document.documentElement.dataset.awake = "on";
    lock.addEventListener("release", () => {
      if (screenLock === lock) screenLock = null;
      delete document.documentElement.dataset.awake;
    });
  } catch {
    // refused: the screen may turn off
  }
}

function awake(on) {
  wantAwake = on;
  if (on) keepAwake();
  else if (screenLock) screenLock.release();
}

document.addEventListener("visibilitychange", keepAwake);

// ---------------------------------------------------------------- one host per browser
// A tab that hosts friends on other devices holds a Web Lock until it stops (or goes): the saved
// game and the answer links are the browser's, not the tab's, so another tab of this browser
// that would host too (the same saved game taken up, or a new one) is refused ("refused"), and
// Python gives its game up there; granted, it is said ("hosting"): until then that tab touches no
// connection (a friend's connection kept waiting for his host's reload, answered by a second tab,
// took him from the first). Without Web Locks (an old browser) nothing is checked.
let hosting = null; // what releases the lock this tab holds
let asking = false;
let letGo = false; // released while the lock was still being asked for: not kept once granted

function hold() {
  letGo = false;
  if (hosting || asking) return;
  // (said once this task is done: Python, which asked, has noted that it asked)
  if (!navigator.locks) return void queueMicrotask(() => report("hosting", 0, ""));
  asking = true;
  navigator.locks.request("pygames-host", { ifAvailable: true }, (lock) => {
    asking = false;
    if (!lock) {
      if (!letGo) report("refused", 0, "");
      return undefined;
    }
    if (letGo) return undefined; // (this tab hosts no more: the lock goes at once)
    report("hosting", 0, "");
    return new Promise((resolve) => { hosting = resolve; });
  }).catch(() => {
    asking = false;
    report("hosting", 0, ""); // (the lock could not be asked for: as without Web Locks)
  });
}

function release() {
  if (asking) letGo = true;
  if (hosting) hosting();
  hosting = null;
}

// ---------------------------------------------------------------- scanning an answer
// The host's camera reads a guest's answer QR: BarcodeDetector where the browser has it,
// else jsQR (shipped as jsqr.js, loaded the first time). The video shows in #scan-video.
let scanning = null; // { stream, timer } while the camera is on

function loadJsQR() {
  if (globalThis.jsQR) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "jsqr.js";
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("jsqr.js could not be loaded"));
    document.head.append(script);
  });
}

function stopScan() {
  if (!scanning) return;
  clearTimeout(scanning.timer);
  for (const track of scanning.stream.getTracks()) track.stop();
  scanning = null;
}

async function readFrame(video, canvas, detector) {
  if (detector) {
    const codes = await detector.detect(video);
    return codes[0]?.rawValue ?? null;
  }
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  if (!canvas.width) return null;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(video, 0, 0);
  const found = globalThis.jsQR(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
  return found?.data ?? null;
}

// A closed tab sends no goodbye: close the connections ourselves.
addEventListener("pagehide", () => {
  for (const { pc } of peers.values()) pc.close();
});

// pygames: the WebRTC glue for play on several devices. Everything else (invites, answers,
// the referee, the messages) is Python in web/pygames_ui/devices/; main.py calls these and
// hears back through listen(). One RTCPeerConnection and one data channel per guest seat on
// the host, one on a guest. No STUN or TURN server: host candidates only, as on one Wi-Fi.
const ICE = { iceServers: [] };
const peers = new Map(); // id (a seat; 0 on a guest) -> { pc, dc }
let report = () => {};

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

function fresh(id) {
  const old = peers.get(id);
  if (old) { // replaced: it reports nothing more (its close is ours, not news)
    if (old.dc) old.dc.onclose = old.dc.onmessage = old.dc.onopen = null;
    old.pc.onconnectionstatechange = null;
    old.pc.close();
  }
  const pc = new RTCPeerConnection(ICE);
  peers.set(id, { pc, dc: null });
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === "failed") report("closed", id, "");
  };
  return pc;
}

// A failure is reported to Python (it says so on the page), never left as an uncaught error.
function guarded(id, work) {
  return work().catch((err) => report("failed", id, String(err?.message ?? err)));
}

globalThis.pygamesP2P = {
  listen(fn) {
    report = (kind, id, payload) => fn(kind, id, payload);
  },
  offer(id) {
    return guarded(id, async () => {
      const pc = fresh(id);
      wire(id, pc.createDataChannel("game", { ordered: true }));
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      report("offer", id, pc.localDescription.sdp);
    });
  },
  accept(id, sdp) {
    return guarded(id, async () => {
      await peers.get(id)?.pc.setRemoteDescription({ type: "answer", sdp });
    });
  },
  answer(id, sdp) {
    return guarded(id, async () => {
      const pc = fresh(id);
      pc.ondatachannel = (event) => wire(id, event.channel);
      await pc.setRemoteDescription({ type: "offer", sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      report("answer", id, pc.localDescription.sdp);
    });
  },
  send(id, text) {
    const dc = peers.get(id)?.dc;
    if (dc?.readyState === "open") dc.send(text);
  },
};

// A closed tab sends no goodbye: close the connections ourselves.
addEventListener("pagehide", () => {
  for (const { pc } of peers.values()) pc.close();
});

"""Two browser profiles connect over WebRTC with nothing between them but the compact texts.

The host's offer and the guest's answer travel only as :func:`invite.to_text` makes them
(what an invite link and its QR code carry); the SDP each side hands to
``setRemoteDescription`` is :func:`invite.from_text`'s. No STUN or TURN server
(``iceServers: []``): host candidates, as on one Wi-Fi; no Chromium flag is needed.
"""

from __future__ import annotations

from collections.abc import Callable

from conftest import READY, bare
from playwright.sync_api import Page

from pygames_ui.devices import invite

GATHERED = """async (remote) => {
  const pc = new RTCPeerConnection({iceServers: []});
  window.link = {pc, got: []};
  const ready = new Promise((resolve) => {
    const use = (dc) => { window.link.dc = dc; dc.onmessage = (e) => window.link.got.push(e.data);
                          dc.onopen = () => resolve(); if (dc.readyState === "open") resolve(); };
    if (remote === null) use(pc.createDataChannel("game"));
    else pc.ondatachannel = (e) => use(e.channel);
  });
  window.link.ready = ready;
  if (remote !== null) await pc.setRemoteDescription({type: "offer", sdp: remote});
  await pc.setLocalDescription(remote === null ? await pc.createOffer() : await pc.createAnswer());
  await new Promise((r) => { if (pc.iceGatheringState === "complete") r();
                             pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && r(); });
  return pc.localDescription.sdp;
}"""
ANSWERED = "async (sdp) => { await window.link.pc.setRemoteDescription({type: 'answer', sdp}); }"
OPEN = "async () => { await window.link.ready; return window.link.dc.readyState; }"
SEND = "(text) => window.link.dc.send(text)"
GOT = "() => window.link.got"


def test_a_guest_connects_with_only_the_compact_offer_and_answer(page: Page, friend: Callable[..., Page], site_url: str) -> None:
    host, guest = page, friend()  # two browser profiles (conftest.page, conftest.friend)
    for tab in (host, guest):
        tab.goto(site_url + bare("?delay=0"))
        tab.wait_for_selector(READY)
    offer = invite.to_text(host.evaluate(GATHERED, None))
    answer = invite.to_text(guest.evaluate(GATHERED, invite.from_text(offer)))
    host.evaluate(ANSWERED, invite.from_text(answer))
    assert host.evaluate(OPEN) == "open" and guest.evaluate(OPEN) == "open"
    host.evaluate(SEND, "hello from the host")
    guest.evaluate(SEND, "hello from the guest")
    guest.wait_for_timeout(200)
    assert guest.evaluate(GOT) == ["hello from the host"] and host.evaluate(GOT) == ["hello from the guest"]
    print(f"\ninvite texts: offer {len(offer)} characters, answer {len(answer)}")
    assert len(offer) <= 120 and len(answer) <= 120

"""The page's part for play on several devices: WebRTC's effects carried out, its news taken in.

A mixin of :class:`main.Page` (``web/main.py``). The devices' side of the app
(``pygames_ui/devices``) says what WebRTC must do (``p2p-offer``, ``p2p-send``…) and this
hands it to ``p2p.js`` (``window.pygamesP2P``); what ``p2p.js`` reports (an offer made, a
channel open, a message) comes back through :meth:`DevicesPart.on_p2p`. A heartbeat keeps
guests and host aware of each other; an answer link opened in another tab of this browser
arrives on a ``BroadcastChannel``.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import Any

from js import console, window  # type: ignore[import-not-found]

from pygames_ui import focus
from pygames_ui.devices import around, invite
from pygames_ui.devices import play as devices

#: How long a tab that was handed a friend's answer link waits for the game's tab to say it took it.
ANSWER_WAIT_S = 2.0
#: What the game's tab says on the channel when it has taken an answer (then the answer's text).
TAKEN = "taken:"
REFUSED = "refused:"  # (the game's tab read it and did not take it: it says why, there)


class DevicesPart:
    """WebRTC glue (``self.app``, ``self.render`` and ``self.guarded`` are :class:`main.Page`'s)."""

    app: Any
    answer_sent: str | None = None  # the answer link this tab handed on, until the game's tab takes it
    holds_host = False  # this tab holds (or has asked for) the browser's one host lock
    host_granted = False  # … and p2p.js has said it holds it ("hosting"): its room's connections may be touched
    held: tuple[tuple[object, ...], ...] = ()  # what the room asked of WebRTC before that: done once it is granted
    awake = False  # this tab keeps the screen on (a game with friends is on here: devices/around.py)


    def _p2p(self) -> None:
        """Carry out what the devices' side asked of WebRTC: offers, answers, messages; hold
        this browser's one host lock while this tab hosts friends (p2p.js ``hold``: a room's
        connections are touched only once it is granted), and keep the screen on while a game
        with friends is played here (``awake``)."""
        effects = devices.effects(self.app)
        glue = getattr(window, "pygamesP2P", None)
        hosts, awake = self.app.room is not None, around.awake(self.app)
        if hosts != self.holds_host and focus.present(glue):
            glue.hold() if hosts else glue.release()
            self.holds_host, self.host_granted = hosts, False
            if not hosts:  # (a room given up before its lock came: what it asked for goes with it)
                self.held = ()
        if awake != self.awake and focus.present(glue):
            glue.awake(awake)
            self.awake = awake
        if hosts and focus.present(glue) and not self.host_granted:  # (until this tab holds the host lock)
            self.held = (*self.held, *effects)
            return
        effects, self.held = [*self.held, *effects], ()
        if not effects:
            return
        if not focus.present(glue):
            console.warn("pygames: play on several devices needs WebRTC (p2p.js)")
            return
        for kind, peer, *rest in effects:
            if kind == "p2p-close":
                glue.close(peer)
            elif kind == "p2p-offer":
                glue.offer(peer)
            elif kind == "p2p-accept":
                glue.accept(peer, rest[0])
            elif kind == "p2p-answer":
                glue.answer(peer, rest[0])
            elif kind == "p2p-rejoin":
                glue.rejoin(peer, *rest)
            elif kind == "p2p-promote":
                glue.promote(peer, rest[0])
            elif kind == "p2p-send":
                glue.send(peer, rest[0])
            elif kind == "p2p-scan":
                glue.scan(peer)
            elif kind == "p2p-scan-stop":
                glue.stopScan()

    async def heartbeat(self) -> None:
        """A guest pings its host; a host draws again when a friend comes or goes quiet."""
        while True:
            await asyncio.sleep(devices.PING_S)
            try:
                if devices.tick(self.app):
                    self.render()
                else:
                    self._p2p()
            except Exception:  # noqa: BLE001 - the heartbeat must go on
                console.error(traceback.format_exc())

    def hand_answer(self, fragment: str) -> None:
        """A friend's answer link (``#a=…``) opened in a tab that hosts no game: handed to the tab
        of this browser that does, which says it took it; if none does within
        :data:`ANSWER_WAIT_S`, the player is told where the answer must go instead."""
        app = self.app
        app.flash = None  # (an older link's complaint is not this one's)
        if not invite.answer_readable(fragment):
            app.notice, app.notice_details = app.t("devices.bad_answer_link"), None
            return
        self.answer_sent = fragment
        answers().postMessage(fragment)
        app.notice, app.notice_details = app.t("devices.answer_sending"), None  # (news, not a failure)
        asyncio.ensure_future(self._answer_unheard(fragment))

    async def _answer_unheard(self, fragment: str) -> None:
        await asyncio.sleep(ANSWER_WAIT_S)
        if self.answer_sent == fragment:  # (no tab hosting a game said it took it)
            self.answer_sent = None
            self.app.notice = self.app.t("devices.answer_no_game")
            self.render()

    def on_answer(self, event: Any) -> None:
        """On the channel between this browser's tabs: an answer link opened in another tab
        (``#a=…``), for the lobby of the game this tab hosts, which says it took it; or that
        word, for the tab that sent the answer (:meth:`hand_answer`)."""
        data = event.data
        if isinstance(data, str):
            self.guarded(lambda: self._answer_heard(data))

    def _answer_heard(self, data: str) -> None:
        if data.startswith((TAKEN, REFUSED)):
            if self.answer_sent is not None and data in (TAKEN + self.answer_sent, REFUSED + self.answer_sent):
                self.answer_sent = None
                self.app.notice = self.app.t("devices.answer_handed" if data.startswith(TAKEN) else "devices.answer_refused")
                self.render()
            return
        if self.app.room is not None:
            self.app.room.answer_text(data)
            answers().postMessage((TAKEN if self.app.room.problem is None else REFUSED) + data)
            self.render()

    def on_p2p(self, kind: Any, peer: Any, payload: Any) -> None:
        """What p2p.js reports: an offer or answer made, a channel open or closed, a message, a failure."""
        try:
            if str(kind) == "refused":  # another tab of this browser hosts friends already
                self.holds_host, self.held = False, ()  # (nothing the room asked for is done)
                devices.hosted_elsewhere(self.app)
            elif str(kind) == "hosting":  # the host lock is this tab's: what the room asked for is done now
                self.host_granted = self.holds_host
                self._p2p()
                return
            elif str(kind) == "failed":
                console.warn(f"pygames: WebRTC or the camera: {payload}")
                devices.failed(self.app, int(peer))
            elif not devices.on_event(self.app, str(kind), int(peer), str(payload)):
                self._p2p()  # (a ping answered: nothing to draw)
                return
        except Exception:  # noqa: BLE001 - a bad message from another device must not stop this one
            console.error(traceback.format_exc())
        self.render()
        self.kick_bots()


_ANSWERS: list[Any] = []


def answers() -> Any:
    """The channel between this browser's tabs on which an answer link reaches the game's tab."""
    if not _ANSWERS:
        _ANSWERS.append(window.BroadcastChannel.new("pygames-answers"))
    return _ANSWERS[0]

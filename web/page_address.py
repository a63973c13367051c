"""The page's part for addresses (``pygames_ui/routes.py``): Back, Forward, a reload, a link.

A mixin of :class:`main.Page` (``web/main.py``): each screen has an address in the fragment,
kept in the browser's history (a new screen its own entry), and an address opened (Back, a
shared link, an invite, a friend's answer) shows its screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from js import Object, window  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]

from pygames_core import games
from pygames_ui import nav, routes
from pygames_ui.devices import play as devices
from pygames_ui.history import LINK_PREFIX


class AddressPart:
    """Addresses (``self.app``, ``self.trail``, ``self.link``, ``self.render``, ``self.kick_bots``,
    ``self.hand_answer`` and ``self.guarded`` are :class:`main.Page`'s)."""

    app: Any
    trail: routes.Trail
    link: str | None
    returning: bool
    # (annotations only: a method here would stand before the Page's own in its MRO)
    render: Callable[..., None]
    kick_bots: Callable[[], None]
    hand_answer: Callable[[str], None]
    guarded: Callable[[Callable[[], None]], None]

    def go_to(self, fragment: str) -> None:
        """Show the screen an address names: a ``#r=…`` record link opens in the replay viewer,
        a screen's address (``#/rules/klats``…) shows that screen; ``""`` leaves the app where it is."""
        if fragment.startswith(LINK_PREFIX):
            self.app.open_link(fragment)
            self.link = fragment if self.app.screen == "replay" else None
        elif fragment.startswith(devices.JOIN_PREFIX):  # an invite from a friend's device
            devices.open_invite(self.app, fragment)
            self.link = fragment if self.app.screen == "join" else None
        elif fragment.startswith(devices.ANSWER_PREFIX):  # a friend's answer, opened on the host's device
            if self.app.room is not None:
                self.app.room.answer_text(fragment)  # (in the game's own tab)
            else:  # … in another tab: to the game's tab (which says it took it), and this one can be closed
                self.hand_answer(fragment)
        elif fragment:
            nav.show(self.app, routes.parse(fragment, frozenset(games.names())) or routes.HOME)

    def on_pop(self, event: Any = None) -> None:
        """The browser's Back or Forward (or an address typed into this tab)."""
        self.guarded(self._popped)

    def _popped(self) -> None:
        fragment = current()
        if self.trail.popped(fragment):
            self.returning = True
            if self.trail.restarted:  # a new address (typed, a link), not Back: what was said of the last goes
                self.app.notice = self.app.notice_details = None
            self.go_to(fragment or routes.HOME.fragment())
            self.render()
            self.kick_bots()

    def _address(self) -> str:
        if self.app.screen not in ("replay", "join", "guest"):
            self.link = None
        return self.link or nav.address(self.app).fragment()

    def _keep_address(self) -> None:
        """After a render: a new screen gets its own history entry (or steps back to the one before)."""
        step = self.trail.moved_to(self._address())
        if step is None:
            return
        kind, fragment = step
        if kind == "push":
            window.history.pushState(HISTORY_STATE, "", url(fragment))
        else:
            window.history.back()



#: Marks the history entries of this app (``prepage.js`` reads it too).
HISTORY_STATE = to_js({"pygames": 1}, dict_converter=Object.fromEntries)


def current() -> str:
    """The address shown (the fragment, ``#…``; ``""`` for none)."""
    return str(window.location.hash or "")


def url(fragment: str) -> str:
    return f"{window.location.pathname}{window.location.search}{fragment}"

"""The app's side of play on several devices: what it shows and does as a host and as a guest.

:class:`~pygames_ui.app.App` keeps a :class:`.room.Room` when its game has friends on
other devices (the host) and a :class:`.guest_ui.Joining` when this device opened an invite
(a guest). ``page_devices.py`` carries out their effects with the page's WebRTC glue (``p2p.js``)
and hands back what the browser reports (:func:`on_event`): an offer or answer made, a
channel open or closed, a message.
"""

from __future__ import annotations

import contextlib
from typing import Any, Protocol

from .. import saves
from ..i18n import I18n
from ..session import Session, Storage, StorageFullError
from ..tables import TableSet
from ..tables.base import Ctx
from . import guest_keep, guest_screens, guest_ui, host_keep, invite, lobby_ui
from .guest_ui import GUEST_PEER, Joining
from .host import PING_S
from .room import Room
from .spare import GUEST_WAITING, spare_seat, waiting_seat


class App(Protocol):
    t: I18n
    storage: Storage
    tables: TableSet
    session: Session | None
    screen: str
    flash: str | None
    news: str | None
    notice: str | None
    notice_details: str | None
    viewer: int | None
    room: Room | None
    joining: Joining | None
    build: str
    site: str

    hang_ups: list[tuple[object, ...]]

    def moved(self, tell_friends: bool = True) -> None: ...

    def leave_room(self) -> None: ...

    def ctx(self) -> Ctx | None: ...


def host_name(app: App) -> str:
    """The name the host typed for himself, for his invites; "" when he kept the one the app made
    up ("You"): each friend's device says "the host" in its own language (it said the host's
    language's "A friend", and "Player 1" at the table)."""
    s = app.session
    assert s is not None
    name = s.seats[s.humans[0]].name if s.humans else ""
    return name if name and name != app.t("setup.default_you") else ""


def start_room(app: App) -> None:
    """A game with friends on other devices: its room, and an invite asked for each of them."""
    s = app.session
    if app.room is not None and s is not None and app.room.same_friends(s):
        app.room.rematch(s)  # play again: the friends here stay connected, and play the new game
        return
    app.leave_room()
    if s is not None and s.remote and not s.game.is_over(s.state):
        app.room = Room(s, app.build, host_name(app), replaced=app.storage.getItem(saves.slot_of(s)))
        app.room.call_back(host_keep.waiting(app.storage, app.room.referee.tokens))  # (this page reloaded)
        app.room.ask_offers()


def open_invite(app: App, fragment: str) -> None:
    """This device opened an invite (``#j=…``): the join screen, or a notice for a broken one."""
    try:
        joining = guest_ui.open_invite(fragment, app.build)
    except ValueError:
        app.flash = app.t("devices.bad_invite")
        app.screen = "home"
        return
    j = app.joining
    if j is not None and j.invite == joining.invite:
        app.screen = j.screen
        return  # the same invite again (Back to its address): the same connection, as it is
    if j is not None:  # another invite before: its connection closes (nothing of it reaches this one)
        app.hang_ups += j.leave()
    joining.spent = guest_keep.was_joined(app.storage, joining)
    kept = guest_keep.kept_spare(app.storage, joining.invite) if joining.spent else None
    if kept is not None:  # (a reload at the host's table: back by the spare connection he keeps for us)
        joining.rejoin(kept)
    app.joining, app.screen = joining, "join"


def screen(app: App) -> str:
    """The guest's screens: the invite and answer, then the seat's table."""
    j = app.joining
    assert j is not None
    if app.screen == "guest" and j.guest.table is not None:
        return guest_screens.table_screen(app.t, j, app.tables)
    return guest_screens.join_screen(app.t, j, app.site, app.storage)


def guest_click(app: App, data: dict[str, str]) -> None:
    if app.joining is not None:
        app.flash = guest_screens.table_click(app.joining, app.tables, app.t, data)


def effects(app: App) -> list[tuple[object, ...]]:
    """What the page must do over WebRTC now (``p2p-close``, ``p2p-offer``, ``p2p-accept``,
    ``p2p-answer``, ``p2p-send``): the connections of a game left behind are closed first."""
    out: list[tuple[object, ...]] = list(app.hang_ups)
    app.hang_ups.clear()
    if app.room is not None:
        out += app.room.take_effects()
    if app.joining is not None:
        out += app.joining.take_effects()
    return out


def on_event(app: App, kind: str, peer: int, payload: str) -> bool:
    """What the browser reports: ``offer``/``answer`` made (an SDP), ``open``, ``closed``, ``message``.
    ``False`` when nothing on screen changed (a ping, a pong): the page need not be drawn again."""
    room, j = app.room, app.joining
    if room is not None and peer >= 0:
        if kind == "offer":
            room.offer_made(peer, payload)
        elif kind == "scanned":  # the camera read a QR code: an answer, we hope
            room.scanning = None
            room.answer_text(payload, peer)
        elif kind == "message":
            before = len(room.session.record["actions"])
            changed = room.received(peer, payload)
            if room.referee.last_kind == "spare":  # (a friend's connection waiting for this page's reload)
                host_keep.keep(app.storage, room)
            if len(room.session.record["actions"]) != before:
                # A guest's move: saved, and the device handed on as after any move (the referee
                # has sent every friend his new frame already).
                app.moved(tell_friends=False)
            return changed
        elif kind == "closed":
            room.closed(peer)
        elif kind == "open":
            room.opened(peer)
        return True
    if j is not None and peer == GUEST_WAITING:
        if j.on_waiting(kind, payload):
            guest_keep.remember_joined(app.storage, j)
        return True
    if j is not None and peer == GUEST_PEER:
        if kind == "answer":
            j.answer_made(payload)
        elif kind == "open":
            j.opened()
            guest_keep.remember_joined(app.storage, j)
        elif kind == "closed":
            j.closed()
            app.news = None  # (news of the host, "a new game", is stale beside "the connection is lost")
        elif kind == "message":
            if not j.received(payload):
                return False
            guest_keep.keep_table(app.storage, j)  # (a tab closed, the home screen says how to come back)
            guest_keep.keep_spare(app.storage, j)  # (a reload: back by it)
            # (said until the next move: by then the new game is plain to see, or who plays the seat)
            if j.new_game:  # (a friend here plays the new game himself: that goes without saying)
                j.new_game, j.seat_back, app.news, j.news_at = False, False, app.t("devices.new_game"), j.moves
            elif j.seat_back:
                j.seat_back, app.news, j.news_at = False, app.t("devices.seat_back"), j.moves
            elif app.news in (app.t("devices.new_game"), app.t("devices.seat_back")) and j.moves != j.news_at:
                app.news = None
            if j.guest.table is not None and app.screen in ("join", "guest"):
                # Until the host starts (or while his lobby is open again, after "Play again"), the join
                # screen says he is awaited. (A guest reading the rules is left there: Back to the
                # invite's address shows the table.)
                app.screen = j.screen
    return True


def failed(app: App, peer: int) -> None:
    """WebRTC (or the camera) failed for ``peer``: said on the page, and what waited on it may be
    asked for again (an invite that was never made: "Try again" where it would be; Join)."""
    room, j = app.room, app.joining
    if room is not None and (spare_seat(peer) is not None or waiting_seat(peer) is not None):  # (he comes back by an invite)
        room.closed(peer)
        return
    if j is not None and (peer == GUEST_WAITING or (peer == GUEST_PEER and j.rejoining)):  # (the same)
        j.on_waiting("failed", "") if peer == GUEST_WAITING else j.failed()
        return
    if room is not None and peer >= 0:
        scanning, room.scanning = room.scanning == peer, None
        if peer in room.session.remote and peer not in room.invites:
            room.offer_failed(peer)
            return
        if not scanning:  # (the camera failed: the answer it was to read was never given)
            room.accept_failed(peer)
    if j is not None and peer == GUEST_PEER:
        j.failed()
    app.flash = app.t("devices.failed")


def tick(app: App) -> bool:
    """Every :data:`PING_S`: a guest says it is still here (hello again while its seat's table has
    not come), or, its answer waiting long, says what may be wrong, or that its host has gone
    quiet; a host notes who went quiet. ``True`` when the screen must be drawn again."""
    j = app.joining
    if j is not None and j.connected:
        # A hello the host never answered with a table (lost on a connection just opened): said
        # again in place of the ping, until the seat's table comes (or why not, e.g. a wrong seat).
        unheard = j.guest.table is None and j.guest.refused is None
        j.effects.append(("p2p-send", GUEST_PEER, j.guest.hello() if unheard else j.guest.ping()))
        if j.quiet_news():  # (the host gone quiet: said beside the table)
            return True
    if j is not None and j.rejoin_overdue():
        return True
    if j is not None and j.waited_long and not j.hinted:  # (its join screen says what may be wrong)
        j.hinted = True
        return True
    room = app.room
    if room is None:
        return False
    states = tuple(room.seat_state(seat) for seat in room.session.remote)
    changed, room.shown_states = states != room.shown_states, states
    if changed:
        room.moved()  # every friend still here is told who is away now
    return changed


def _join(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.joining is not None and app.joining.answer is None:
        app.joining.join()


def hosted_elsewhere(app: App) -> None:
    """Another tab of this browser hosts friends on other devices (it holds the host lock): this
    one must not too (the same saved game taken up would ask for new invites, and the answers
    would reach both). Its game is given up here (not in storage: that tab keeps it), said so."""
    room = app.room
    if room is None:
        return
    # A new game with friends was saved over the game the other tab hosts: that save comes back
    # (the hosting tab, which has its room, does not take up the storage events of others).
    slot = saves.slot_of(room.session)
    stored, _ = saves.load(app.storage, slot)
    if room.replaced is not None and stored is not None and stored.record == room.session.record:
        with contextlib.suppress(StorageFullError):  # (a full device: that tab saves it at its next move)
            app.storage.setItem(slot, room.replaced)
    app.leave_room()
    app.session, app.screen = None, "home"
    app.notice, app.notice_details = app.t("notice.hosted_elsewhere"), None


def _forget_table(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    guest_keep.keep_table(app.storage, None)


def _to_host(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    j = app.joining
    if j is not None and j.guest.table is not None:
        app.screen = j.screen


HANDLERS: dict[str, Any] = {"p2p-join": _join, "to-host": _to_host, "forget-table": _forget_table, **lobby_ui.HANDLERS}
JOIN_PREFIX, ANSWER_PREFIX = invite.JOIN_PREFIX, invite.ANSWER_PREFIX
__all__ = ["ANSWER_PREFIX", "HANDLERS", "hosted_elsewhere", "JOIN_PREFIX", "PING_S", "Joining", "Room", "effects", "failed",
           "on_event", "open_invite", "screen", "start_room", "tick"]

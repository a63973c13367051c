"""A game with friends on other devices seen from outside its table: the home screen's way back
to a host's table (or to the game kept here), the new-game form's word on whom a new game lets go,
the tab's title when friends await a move, and the screen kept on while the game is played here.

The functions take the app as :mod:`.play` does (:class:`.play.App`).
"""

from __future__ import annotations

from pygames_core import games

from .. import saves
from . import guest_keep
from .guest_ui import host_called
from .play import App


def waiting_game(app: App) -> str | None:
    """The other kept game the home screen offers to continue (:func:`.saves.waiting_game`), but
    not while it is said to be played with friends in another tab of this browser: "Continue"
    would only say so again."""
    if app.notice is not None and app.notice == app.t("notice.hosted_elsewhere"):
        return None
    return saves.waiting_game(app.storage, app.session)


def back_to_host(app: App) -> str | None:
    """On the home screen of a friend's device still linked to its host (the game-over summary's
    "Games" leads there, and the host may play again): the words of the way back to his table,
    which say when his move is awaited there."""
    j = app.joining
    if j is None or j.lost or j.guest.table is None:
        return None
    key = "devices.back_to_host_turn" if your_turn(app) else "devices.back_to_host"
    return app.t(key, game=games.get(j.invite.game).title[app.t.lang], name=j.host_called(app.t))


def leave_host(app: App) -> None:
    """A game of this device's own started on a friend's guest device: it leaves the host's table
    (his host sees him away, and may let a bot play for him), rather than keep the host waiting."""
    if app.joining is not None:
        app.hang_ups += app.joining.leave()
        app.joining = None
        guest_keep.keep_table(app.storage, None)


def lets_go(app: App, game: str) -> str:
    """On the new-game form of ``game``: the friends connected to this device's game with friends
    whom starting lets go (each would need a new invite), in a sentence ("" if none): a game of
    another title does, and so does one of the same title while theirs is unfinished (once it is
    over, a new one with the same seats keeps them, as "Play again" does: :meth:`.Room.same_friends`);
    on a friend's device at a host's table, that starting leaves it (:func:`leave_host`)."""
    j = app.joining
    if j is not None and j.connected:
        return app.t("devices.leaves_host", name=j.host_called(app.t), game=games.get(j.invite.game).title[app.t.lang])
    room = app.room
    if room is None or (room.session.game.name == game and room.session.game.is_over(room.session.state)):
        return ""
    here = [room.session.seats[seat].name for seat in room.session.remote if room.referee.connected(seat)]
    if not here:
        return ""
    return app.t("devices.lets_go", who=app.t.names_and(here), game=games.get(room.session.game.name).title[app.t.lang])


def your_turn(app: App) -> bool:
    """True when friends on other devices wait for this device's player to move (a guest's, or a
    host's in a started game with friends): he may be on another screen or in another tab."""
    if app.joining is not None:
        frame = app.joining.frame()
        return frame is not None and frame.my_turn and not frame.over
    room = app.room
    if room is None or room.session is not app.session or not room.started:
        return False
    ctx = app.ctx()
    return ctx is not None and ctx.frame.my_turn and not ctx.frame.over


def awake(app: App) -> bool:
    """True while a game with friends on other devices is on at this device, whatever screen it
    shows (a guest's seat at a host's table, the host's game, its lobby and its invites' QR codes
    too), or while a guest's answer waits on its screen for the host to scan it: the screen is kept
    on (p2p.js ``awake``), as a phone that locks itself between two turns drops its connection,
    and one that locks while its QR code is being scanned hides it."""
    j = app.joining
    if j is not None:
        if j.host_left:
            return False
        table = j.guest.table  # (the host's latest frame as it came: no Frame is built for this)
        if table is None:  # (not at the table yet: its answer, made and not spent, is on screen)
            return j.answer is not None and not (j.lost or j.unreached or j.spent)
        return not table["over"]
    room = app.room
    return room is not None and not room.session.game.is_over(room.session.state)


def title(app: App, words: str) -> str:
    """The page's title (``words``: what :func:`..nav.title` says of the screen): a friend's table
    is named by its game, and a move awaited by friends is said first (the tab shows it)."""
    j = app.joining
    if app.screen in ("join", "guest") and j is not None:
        words = f"{games.get(j.invite.game).title[app.t.lang]} — pygames"
    return app.t("devices.your_turn_title", value=words) if your_turn(app) else words


def table_left(app: App) -> tuple[str, str | None] | None:
    """On the home screen of a device that played as a friend's guest and is not linked to that
    table now (its tab closed, its connection lost) while the game goes on: how to come back, and
    the address that leads back by itself (the invite whose spare connection it keeps), if any."""
    j = app.joining
    left = guest_keep.table_left(app.storage) if j is None or j.lost else None
    if left is None:
        return None
    host, game = left
    back = guest_keep.way_back(app.storage, host, game) if j is None else None
    words = app.t("devices.table_left_back" if back else "devices.table_left", name=host_called(app.t, host),
                  game=games.get(game).title[app.t.lang])
    return words, back
